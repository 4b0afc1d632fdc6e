//! Textures from and to images (the `image` feature): PNG and JPEG files, and the `image`
//! crate's [`DynamicImage`], as C++ AMP made textures from files through WIC. The conversion
//! rules are on [`TextureOptions::from_image`] and [`Texture::to_image_at`].

use super::{Texture, TextureOptions};
use crate::error::{Result, TextureProblem};
use ::image::{DynamicImage, ImageBuffer, Luma, LumaA, Rgba};
use amp_core::texel::{Texel, TexelFormat, TexelKind};
use std::path::Path;

/// The bits per channel of an image made from a texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageDepth {
    /// 8 bits per channel (0 to 255).
    Eight,
    /// 16 bits per channel (0 to 65535).
    Sixteen,
}

impl ImageDepth {
    /// The most a channel holds.
    const fn max(self) -> u32 {
        match self {
            ImageDepth::Eight => u8::MAX as u32,
            ImageDepth::Sixteen => u16::MAX as u32,
        }
    }

    /// The depth a texture of `format` saves at: 16 bits for integers and unorms of more
    /// than 8 bits, 8 otherwise.
    pub fn of(format: TexelFormat) -> ImageDepth {
        match format.kind() {
            TexelKind::Float => ImageDepth::Eight,
            _ if format.bits() > 8 => ImageDepth::Sixteen,
            _ => ImageDepth::Eight,
        }
    }
}

/// An image's channels, laid out as a texture of `components` components reads them.
enum Channels {
    /// Integers of 8 bits.
    Eight(Vec<u8>),
    /// Integers of 16 bits.
    Sixteen(Vec<u16>),
    /// Floats.
    Float(Vec<f32>),
}

impl Channels {
    /// `image`'s channels for a texture of `components` components and `kind` texels.
    fn of(image: &DynamicImage, components: u32, kind: TexelKind) -> Option<Channels> {
        let color = image.color();
        let bits = u32::from(color.bits_per_pixel()) / u32::from(color.channel_count().max(1));
        // Integer and unorm textures hold integers: a float image's channels as 16-bit ones.
        let bits = match (bits, kind) {
            (32, TexelKind::Float) => 32,
            (32, _) => 16,
            (bits, _) => bits,
        };
        Some(match (bits, components) {
            (8, 1) => Channels::Eight(image.to_luma8().into_raw()),
            (8, 2) => Channels::Eight(image.to_luma_alpha8().into_raw()),
            (8, _) => Channels::Eight(image.to_rgba8().into_raw()),
            (16, 1) => Channels::Sixteen(image.to_luma16().into_raw()),
            (16, 2) => Channels::Sixteen(image.to_luma_alpha16().into_raw()),
            (16, _) => Channels::Sixteen(image.to_rgba16().into_raw()),
            (32, 1) => Channels::Float(image.to_luma32f().into_raw()),
            (32, 2) => Channels::Float(image.to_luma_alpha32f().into_raw()),
            (32, _) => Channels::Float(image.to_rgba32f().into_raw()),
            _ => return None,
        })
    }

    /// The bits a texture of `kind` takes these channels at, unless told.
    fn default_bits(&self, kind: TexelKind) -> u32 {
        let bits = match self {
            Channels::Eight(_) => 8,
            Channels::Sixteen(_) | Channels::Float(_) => 16,
        };
        match kind {
            TexelKind::Sint => bits * 2,
            TexelKind::Float => 32,
            _ => bits,
        }
    }

    /// The channels as texel components' 32-bit words (as [`TexelFormat::encode`] takes
    /// them): integers as themselves for integer textures, `c / max` for the rest.
    fn words(&self, kind: TexelKind) -> Vec<u32> {
        let integer = matches!(kind, TexelKind::Sint | TexelKind::Uint);
        let scaled = |c: u32, max: f32| {
            if integer {
                c
            } else {
                (c as f32 / max).to_bits()
            }
        };
        match self {
            Channels::Eight(c) => c.iter().map(|&c| scaled(c.into(), 255.0)).collect(),
            Channels::Sixteen(c) => c.iter().map(|&c| scaled(c.into(), 65535.0)).collect(),
            // Only float textures take float channels.
            Channels::Float(c) => c.iter().map(|c| c.to_bits()).collect(),
        }
    }
}

impl<T: Texel> TextureOptions<T, 2> {
    /// Makes the texture holding `image`: its extent is the image's (`[height, width]`), its
    /// texels the image's pixels, taken as a format reads them:
    ///
    /// - **components**: one-component textures hold greyscale (luma), two luma and alpha,
    ///   four red, green, blue and alpha; an image of other channels is converted to those
    ///   first (by the `image` crate: colour to luma by its weights, a missing alpha as opaque).
    /// - **values**: unorm and float textures hold a channel `c` of an image of `b`-bit
    ///   channels as `c / (2^b − 1)`, in [0, 1] (a unorm format's own reading, so an 8-bit
    ///   image in an 8-bit unorm texture is its bytes); integer textures hold `c` itself. A
    ///   float image's channels are floats already (integer and unorm textures take them as
    ///   16-bit channels).
    /// - **bits**: unless [`bits`](Self::bits) chose them, unorm and unsigned textures take the
    ///   image's bits per channel (8 or 16), signed ones the next that holds them (16 or 32),
    ///   float ones 32.
    ///
    /// Norm texels have no image meaning (no channel holds −1 to 1):
    /// [`TextureProblem::NoImageMeaning`]. An image larger than the accelerator's textures is
    /// [`TextureProblem::Extent`].
    pub fn from_image(mut self, image: &DynamicImage) -> Result<Texture<T, 2>> {
        if T::KIND == TexelKind::Snorm {
            return Err(Texture::<T, 2>::error(TextureProblem::NoImageMeaning {
                kind: T::KIND,
            }));
        }
        let Some(channels) = Channels::of(image, T::COMPONENTS, T::KIND) else {
            return Err(Texture::<T, 2>::error(TextureProblem::ImageLayout {
                layout: format!("{:?}", image.color()),
            }));
        };
        self.bits.get_or_insert(channels.default_bits(T::KIND));
        let side = |c: u32| i32::try_from(c).unwrap_or(i32::MAX);
        self.extent = [side(image.height()), side(image.width())].into();
        let texture = self.build()?;
        let format = texture.format();
        let words = channels.words(T::KIND);
        let components = format.components() as usize;
        let mut bytes = Vec::with_capacity(texture.data_length());
        for (element, texel) in words.chunks_exact(components).enumerate() {
            format.encode(texel, &mut bytes).map_err(|e| {
                Texture::<T, 2>::error(TextureProblem::ValueOutOfRange {
                    element,
                    value: e.value,
                    min: e.min,
                    max: e.max,
                })
            })?;
        }
        texture.write_bytes(0, &bytes)?;
        Ok(texture)
    }

    /// Makes the texture holding the image in the PNG or JPEG file at `path` (see
    /// [`from_image`](Self::from_image)).
    pub fn load(self, path: impl AsRef<Path>) -> Result<Texture<T, 2>> {
        let path = path.as_ref();
        let image = ::image::open(path).map_err(|e| {
            Texture::<T, 2>::error(TextureProblem::ImageFile {
                path: path.to_path_buf(),
                reading: true,
                reason: e.to_string(),
            })
        })?;
        self.from_image(&image)
    }
}

impl<T: Texel> Texture<T, 2> {
    /// A texture on the default accelerator holding `image` (C++ AMP's textures made from an
    /// image through WIC); see [`TextureOptions::from_image`] for the bits and accelerator.
    ///
    /// ```no_run
    /// use amp_runtime::texture::Texture;
    /// use amp_core::short_vector::Float4;
    /// let image = image::DynamicImage::new_rgba8(64, 32);
    /// let tex = Texture::<Float4, 2>::from_image(&image)?;
    /// assert_eq!(tex.extent().0, [32, 64]);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn from_image(image: &DynamicImage) -> Result<Self> {
        Self::options([1, 1]).from_image(image)
    }

    /// A texture on the default accelerator holding the image in the PNG or JPEG file at
    /// `path`.
    ///
    /// ```no_run
    /// use amp_runtime::texture::Texture;
    /// use amp_core::short_vector::Float4;
    /// let tex = Texture::<Float4, 2>::load("photo.jpg")?;
    /// tex.save("copy.png")?;
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Self> {
        Self::options([1, 1]).load(path)
    }

    /// Level 0 as an image of [`ImageDepth::of`] its format's depth.
    pub fn to_image(&self) -> Result<DynamicImage> {
        self.to_image_at(ImageDepth::of(self.format()))
    }

    /// Level 0 as an image of `depth` bits per channel: luma for one-component textures, luma
    /// and alpha for two, RGBA for four. Floats and unorms are clamped to [0, 1], scaled and
    /// rounded (NaN is 0); integers are the channels themselves, and one that a channel cannot
    /// hold (negative, or past its most) is [`TextureProblem::ImageValue`]. Norm texels are
    /// [`TextureProblem::NoImageMeaning`].
    pub fn to_image_at(&self, depth: ImageDepth) -> Result<DynamicImage> {
        let format = self.format();
        if format.kind() == TexelKind::Snorm {
            return Err(Self::error(TextureProblem::NoImageMeaning {
                kind: format.kind(),
            }));
        }
        let bytes = self.level_bytes(0)?;
        let channels = channels(format, depth, &bytes).map_err(Self::error)?;
        let [height, width] = self.extent().0.map(|c| c as u32);
        let image = match (channels, format.components()) {
            (Channels::Eight(c), 1) => {
                ImageBuffer::<Luma<u8>, _>::from_raw(width, height, c).map(DynamicImage::from)
            }
            (Channels::Eight(c), 2) => {
                ImageBuffer::<LumaA<u8>, _>::from_raw(width, height, c).map(DynamicImage::from)
            }
            (Channels::Eight(c), _) => {
                ImageBuffer::<Rgba<u8>, _>::from_raw(width, height, c).map(DynamicImage::from)
            }
            (Channels::Sixteen(c), 1) => {
                ImageBuffer::<Luma<u16>, _>::from_raw(width, height, c).map(DynamicImage::from)
            }
            (Channels::Sixteen(c), 2) => {
                ImageBuffer::<LumaA<u16>, _>::from_raw(width, height, c).map(DynamicImage::from)
            }
            (Channels::Sixteen(c), _) => {
                ImageBuffer::<Rgba<u16>, _>::from_raw(width, height, c).map(DynamicImage::from)
            }
            (Channels::Float(_), _) => None,
        };
        // The channels are the extent's size by construction.
        image.ok_or_else(|| {
            Self::error(TextureProblem::ImageLayout {
                layout: format!("{format}"),
            })
        })
    }

    /// Writes level 0 to the file at `path`, as [`to_image`](Self::to_image) makes it, in the
    /// format its extension names (`.png`; `.jpg` for 8-bit images without alpha).
    pub fn save(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        self.to_image()?.save(path).map_err(|e| {
            Self::error(TextureProblem::ImageFile {
                path: path.to_path_buf(),
                reading: false,
                reason: e.to_string(),
            })
        })
    }
}

/// The texels `bytes` of `format` as channels of `depth`: floats and unorms clamped to
/// [0, 1], scaled and rounded; integers as themselves, or an error where they do not fit.
fn channels(
    format: TexelFormat,
    depth: ImageDepth,
    bytes: &[u8],
) -> std::result::Result<Channels, TextureProblem> {
    let max = depth.max();
    let mut words = Vec::with_capacity(format.components() as usize);
    let mut out = Vec::with_capacity(bytes.len() / (format.bits() as usize / 8));
    for (element, texel) in bytes.chunks_exact(format.bytes() as usize).enumerate() {
        words.clear();
        format.decode(texel, &mut words);
        for &word in &words {
            let channel = match format.kind() {
                TexelKind::Uint if word > max => Err(i64::from(word)),
                TexelKind::Sint if word as i32 as i64 > i64::from(max) || (word as i32) < 0 => {
                    Err(i64::from(word as i32))
                }
                TexelKind::Uint | TexelKind::Sint => Ok(word),
                _ => {
                    let x = f32::from_bits(word);
                    // NaN becomes 0, as a unorm format stores it.
                    let x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
                    Ok((x * max as f32).round() as u32)
                }
            };
            out.push(channel.map_err(|value| TextureProblem::ImageValue {
                element,
                value,
                max: i64::from(max),
            })?);
        }
    }
    Ok(match depth {
        ImageDepth::Eight => Channels::Eight(out.into_iter().map(|c| c as u8).collect()),
        ImageDepth::Sixteen => Channels::Sixteen(out.into_iter().map(|c| c as u16).collect()),
    })
}
