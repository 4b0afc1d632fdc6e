//! Samplers (C++ AMP's `concurrency::graphics::sampler`): how a kernel's `sample` and gathers
//! read a texture between and beyond its texels.
//!
//! A sampler is a value: kernels capture it as they capture a scalar, and the accelerator's
//! own sampler object is made the first time a launch there uses it.

use crate::accelerator::Accelerator;
use crate::error::{Error, Result, TextureError, TextureProblem};
use std::sync::{Arc, Mutex, PoisonError};

/// How a sampler reads between texels (C++ AMP `filter_mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Filter {
    /// The nearest texel (`filter_point`).
    Point,
    /// The weighted mean of the 2 (rank 1), 4 (rank 2) or 8 (rank 3) nearest texels, and of
    /// two mip levels (`filter_linear`, C++ AMP's default).
    #[default]
    Linear,
}

/// How a sampler reads coordinates outside [0, 1] (C++ AMP `address_mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Address {
    /// Repeats the texture (`address_wrap`).
    Wrap,
    /// Repeats it mirrored every other time (`address_mirror`).
    Mirror,
    /// The edge texels extend outwards (`address_clamp`, C++ AMP's default).
    #[default]
    Clamp,
    /// Outside is the border colour (`address_border`).
    Border,
}

/// The colour outside the texture with [`Address::Border`]. C++ AMP took any `float_4`;
/// devices offer these three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BorderColor {
    /// (0, 0, 0, 0), C++ AMP's default.
    #[default]
    TransparentBlack,
    /// (0, 0, 0, 1).
    OpaqueBlack,
    /// (1, 1, 1, 1).
    OpaqueWhite,
}

/// A sampler: a filter, an address mode and a border colour (C++ AMP `sampler`). The default
/// is C++ AMP's: linear filtering, clamped addresses.
///
/// ```
/// use amp_runtime::{Address, Filter, Sampler};
/// let s = Sampler::new(Filter::Point, Address::Wrap);
/// assert_eq!(s.filter(), Filter::Point);
/// assert_eq!(Sampler::default().address(), Address::Clamp);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Sampler {
    filter: Filter,
    address: Address,
    border: BorderColor,
    /// The accelerators' sampler objects made for it so far, by accelerator id.
    made: Arc<Mutex<Vec<(u64, wgpu::Sampler)>>>,
}

impl PartialEq for Sampler {
    fn eq(&self, other: &Self) -> bool {
        (self.filter, self.address, self.border) == (other.filter, other.address, other.border)
    }
}

impl Sampler {
    /// A sampler of `filter` and `address` (C++ AMP `sampler(filter, address)`).
    pub fn new(filter: Filter, address: Address) -> Self {
        Sampler {
            filter,
            address,
            ..Sampler::default()
        }
    }

    /// This sampler with `color` outside the texture (with [`Address::Border`]).
    pub fn with_border(mut self, color: BorderColor) -> Self {
        self.border = color;
        self.made = Arc::default();
        self
    }

    /// Its filter (C++ AMP `get_filter_mode`).
    pub fn filter(&self) -> Filter {
        self.filter
    }

    /// Its address mode (C++ AMP `get_address_mode`).
    pub fn address(&self) -> Address {
        self.address
    }

    /// Its border colour (C++ AMP `get_border_color`).
    pub fn border(&self) -> BorderColor {
        self.border
    }

    /// The accelerator's sampler object for it, made on first use there.
    pub(crate) fn on(&self, acc: &Accelerator) -> Result<wgpu::Sampler> {
        let mut made = self.made.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, s)) = made.iter().find(|(id, _)| *id == acc.id()) {
            return Ok(s.clone());
        }
        let address = match self.address {
            Address::Wrap => wgpu::AddressMode::Repeat,
            Address::Mirror => wgpu::AddressMode::MirrorRepeat,
            Address::Clamp => wgpu::AddressMode::ClampToEdge,
            Address::Border => {
                if !acc
                    .device()
                    .features()
                    .contains(wgpu::Features::ADDRESS_MODE_CLAMP_TO_BORDER)
                {
                    return Err(Error::Texture(TextureError {
                        texture: "Sampler".to_owned(),
                        problem: TextureProblem::Border {
                            accelerator: acc.description().to_owned(),
                        },
                    }));
                }
                wgpu::AddressMode::ClampToBorder
            }
        };
        let filter = match self.filter {
            Filter::Point => wgpu::FilterMode::Nearest,
            Filter::Linear => wgpu::FilterMode::Linear,
        };
        let mipmap_filter = match self.filter {
            Filter::Point => wgpu::MipmapFilterMode::Nearest,
            Filter::Linear => wgpu::MipmapFilterMode::Linear,
        };
        let border_color = (self.address == Address::Border).then_some(match self.border {
            BorderColor::TransparentBlack => wgpu::SamplerBorderColor::TransparentBlack,
            BorderColor::OpaqueBlack => wgpu::SamplerBorderColor::OpaqueBlack,
            BorderColor::OpaqueWhite => wgpu::SamplerBorderColor::OpaqueWhite,
        });
        let sampler = acc.scoped(|device| {
            device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some("amp sampler"),
                address_mode_u: address,
                address_mode_v: address,
                address_mode_w: address,
                mag_filter: filter,
                min_filter: filter,
                mipmap_filter,
                border_color,
                ..Default::default()
            })
        })?;
        made.push((acc.id(), sampler.clone()));
        Ok(sampler)
    }
}
