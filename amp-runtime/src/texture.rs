//! Textures (C++ AMP's `concurrency::graphics::texture`): texels of a [`Texel`] type in a
//! rank-1, 2 or 3 image on an accelerator, with the views kernels use them through.
//!
//! Unlike an array, a texture lives on its accelerator only (as in C++ AMP): it is made there,
//! its data is copied in and out explicitly ([`Texture::write`], [`Texture::to_vec`],
//! [`copy`](crate::copy())), and kernels that capture it run there. Its texels are stored in
//! the texture's format ([`TexelFormat`]: the element type's kind and components at 8, 16 or 32
//! bits per component), converted from and to the element type on the way in and out.
//!
//! What a kernel may do with a texture follows from how it is captured:
//!
//! | captured | texels of one 32-bit component | other texels |
//! |---|---|---|
//! | `Texture` | read and write | read (by index) |
//! | [`TextureView`] (`tex.view()`) | read and write | write |
//! | [`ConstTextureView`] (`tex.const_view()`) | read, sample, gather | read, sample, gather |
//! | [`WriteonlyTextureView`] | write | write |
//!
//! which is C++ AMP's rule (a GPU reads and writes a texture in one kernel only when its texels
//! are one 32-bit component); the other uses are compile errors in the kernel.

use crate::accelerator::Accelerator;
use crate::error::{coords, Error, InteropError, Result, TextureError, TextureProblem};
use crate::queue::AcceleratorView;
use amp_core::naga;
use amp_core::texel::{Texel, TexelAccess, TexelFormat, TexelKind};
use amp_core::{BindingKind, Extent, LaunchLayout};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, PoisonError};

#[cfg(feature = "image")]
mod image;
#[cfg(feature = "image")]
pub use self::image::ImageDepth;

/// The usages a program's wgpu texture needs to be an amp [`Texture`]
/// ([`Texture::from_wgpu_texture`]): sampled or read by kernels, copied in and out.
pub const TEXTURE_USAGES: wgpu::TextureUsages = wgpu::TextureUsages::TEXTURE_BINDING
    .union(wgpu::TextureUsages::COPY_SRC)
    .union(wgpu::TextureUsages::COPY_DST);

/// A texture of `T` texels and rank `N` (1 to 3) on an accelerator (C++ AMP `texture<T, N>`).
///
/// ```no_run
/// use amp_runtime::texture::Texture;
/// use amp_core::short_vector::Float4;
/// let tex = Texture::<Float4, 2>::from_slice([2, 3], &[Float4::default(); 6])?;
/// assert_eq!(tex.to_vec()?.len(), 6);
/// # Ok::<(), amp_runtime::Error>(())
/// ```
pub struct Texture<T: Texel, const N: usize> {
    pub(crate) inner: Arc<TextureData>,
    _ty: PhantomData<fn() -> T>,
}

impl<T: Texel, const N: usize> Clone for Texture<T, N> {
    /// Another handle to the same texture (C++ AMP's texture copy constructor copies the
    /// texels; use [`Texture::try_clone`] for that).
    fn clone(&self) -> Self {
        Texture {
            inner: self.inner.clone(),
            _ty: PhantomData,
        }
    }
}

impl<T: Texel, const N: usize> std::fmt::Debug for Texture<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Texture")
            .field("extent", &self.inner.extent)
            .field("format", &self.inner.format)
            .field("mip_levels", &self.inner.levels)
            .field("accelerator", &self.inner.acc.description())
            .finish()
    }
}

/// A texture's device side, shared by its handles and views.
pub(crate) struct TextureData {
    pub(crate) acc: Accelerator,
    pub(crate) texture: wgpu::Texture,
    pub(crate) format: TexelFormat,
    /// The extent, row-major as amp's (`[rows, columns]`).
    pub(crate) extent: Vec<i32>,
    pub(crate) levels: u32,
    /// The views kernels have bound, by first level and count: made once, so that launches
    /// with the same captures reuse their bind group.
    views: Mutex<Vec<((u32, u32), wgpu::TextureView)>>,
    /// Its id among the data of views and textures.
    id: u64,
    /// Whether the program's own wgpu work may use it (made from its texture, or handed to it
    /// by [`Texture::wgpu_texture`]): launches that use it are then submitted at once.
    pub(crate) shared: std::sync::atomic::AtomicBool,
}

/// How to make a texture: its accelerator, bits per component and mip levels (C++ AMP's
/// texture constructors' arguments). From [`Texture::options`].
#[derive(Clone, Debug)]
pub struct TextureOptions<T: Texel, const N: usize> {
    extent: Extent<N>,
    bits: Option<u32>,
    levels: u32,
    view: Option<AcceleratorView>,
    _ty: PhantomData<fn() -> T>,
}

impl<T: Texel, const N: usize> TextureOptions<T, N> {
    /// Bits per component (C++ AMP's `bits_per_scalar_element`): 8, 16 or 32 for integers,
    /// 16 or 32 for floats, 8 or 16 for norms. The default is 32 (norms: 8).
    pub fn bits(mut self, bits: u32) -> Self {
        self.bits = Some(bits);
        self
    }

    /// Mip levels (C++ AMP's `mipmap_levels`): level 0 has the texture's extent, each next
    /// one half of it (at least 1) per component. The default is 1; 0 means every level down
    /// to 1×1.
    pub fn mip_levels(mut self, levels: u32) -> Self {
        self.levels = levels;
        self
    }

    /// On `view`'s accelerator (the default accelerator otherwise).
    pub fn on(mut self, view: &AcceleratorView) -> Self {
        self.view = Some(view.clone());
        self
    }

    /// Makes the texture, its texels zero.
    pub fn build(self) -> Result<Texture<T, N>> {
        let acc = match &self.view {
            Some(view) => view.accelerator().clone(),
            None => Accelerator::default()?,
        };
        let bits = self.bits.unwrap_or(T::KIND.bits()[0]);
        Texture::create(&acc, self.extent, bits, self.levels)
    }

    /// Makes the texture holding `data` (level 0, row-major).
    pub fn from_slice(self, data: &[T]) -> Result<Texture<T, N>> {
        let tex = self.build()?;
        tex.write(data)?;
        Ok(tex)
    }

    /// Makes the texture holding `bytes`: level 0's texels exactly as its format stores them,
    /// row-major and tightly packed (C++ AMP's `texture(extent, bits, source, size)`).
    pub fn from_bytes(self, bytes: &[u8]) -> Result<Texture<T, N>> {
        let tex = self.build()?;
        tex.write_bytes(0, bytes)?;
        Ok(tex)
    }
}

impl<T: Texel, const N: usize> Texture<T, N> {
    /// A texture of `extent` on the default accelerator, its texels zero (C++ AMP
    /// `texture(extent)`).
    pub fn new(extent: impl Into<Extent<N>>) -> Result<Self> {
        Self::options(extent).build()
    }

    /// A texture of `extent` holding `data` (row-major; C++ AMP `texture(extent, begin,
    /// end)`). [`Error::ExtentMismatch`] when `data` is not the extent's size.
    pub fn from_slice(extent: impl Into<Extent<N>>, data: &[T]) -> Result<Self> {
        Self::options(extent).from_slice(data)
    }

    /// The options to make a texture of `extent` with: bits, mip levels, accelerator.
    ///
    /// ```no_run
    /// use amp_runtime::texture::Texture;
    /// let tex = Texture::<u32, 2>::options([64, 64]).bits(8).mip_levels(3).build()?;
    /// assert_eq!(tex.bits_per_scalar_element(), 8);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn options(extent: impl Into<Extent<N>>) -> TextureOptions<T, N> {
        TextureOptions {
            extent: extent.into(),
            bits: None,
            levels: 1,
            view: None,
            _ty: PhantomData,
        }
    }

    fn error(problem: TextureProblem) -> Error {
        Error::Texture(TextureError {
            texture: type_name::<T, N>(),
            problem,
        })
    }

    fn create(acc: &Accelerator, extent: Extent<N>, bits: u32, levels: u32) -> Result<Self> {
        if acc.is_host_only() {
            return Err(Error::UnsupportedFeature(
                crate::error::FeatureError::HostOnly {
                    site: None,
                    accelerator: acc.description().to_owned(),
                },
            ));
        }
        let format = TexelFormat::of::<T>(bits)
            .map_err(|reason| Self::error(TextureProblem::NoFormat { bits, reason }))?;
        if !(1..=3).contains(&N) {
            return Err(Self::error(TextureProblem::Rank { rank: N }));
        }
        let limits = acc.limits();
        let max = match N {
            1 => limits.max_texture_dimension_1d,
            2 => limits.max_texture_dimension_2d,
            _ => limits.max_texture_dimension_3d,
        };
        if extent.0.iter().any(|&c| c < 1 || c as u32 > max) {
            return Err(Self::error(TextureProblem::Extent {
                extent: coords::extent(extent),
                max,
            }));
        }
        let size = wgpu_size(&extent.0);
        let most = size.max_mips(dimension(N));
        let levels = if levels == 0 { most } else { levels };
        if levels > most {
            return Err(Self::error(TextureProblem::MipLevels {
                first: 0,
                count: levels,
                levels: most,
            }));
        }
        let wgpu_format = wgpu_format(format);
        let features = acc.device().format_features(wgpu_format);
        let mut usage = wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::COPY_SRC
            | wgpu::TextureUsages::COPY_DST;
        if !features.allowed_usages.contains(usage) {
            return Err(Self::error(TextureProblem::Unsupported {
                format,
                what: "store",
                accelerator: acc.description().to_owned(),
                hint: "",
            }));
        }
        if features
            .allowed_usages
            .contains(wgpu::TextureUsages::STORAGE_BINDING)
        {
            usage |= wgpu::TextureUsages::STORAGE_BINDING;
        }
        let texture = acc.scoped(|device| {
            device.create_texture(&wgpu::TextureDescriptor {
                label: Some("amp texture"),
                size,
                mip_level_count: levels,
                sample_count: 1,
                dimension: dimension(N),
                format: wgpu_format,
                usage,
                view_formats: &[],
            })
        })?;
        Ok(Texture {
            inner: Arc::new(TextureData {
                acc: acc.clone(),
                texture,
                format,
                extent: extent.0.to_vec(),
                levels,
                views: Mutex::default(),
                id: crate::view::new_data_id(),
                shared: Default::default(),
            }),
            _ty: PhantomData,
        })
    }

    /// The extent (of mip level 0).
    pub fn extent(&self) -> Extent<N> {
        let mut e = [0; N];
        e.copy_from_slice(&self.inner.extent);
        Extent(e)
    }

    /// The extent of mip level `level`: half of the one before, at least 1, per component.
    pub fn level_extent(&self, level: u32) -> Result<Extent<N>> {
        self.check_levels(level, 1)?;
        Ok(self.extent_at(level))
    }

    /// The extent of mip level `level`, which the texture has.
    pub(crate) fn extent_at(&self, level: u32) -> Extent<N> {
        Extent(self.extent().0.map(|c| (c >> level).max(1)))
    }

    /// Bits per component of its format (C++ AMP `get_bits_per_scalar_element`).
    pub fn bits_per_scalar_element(&self) -> u32 {
        self.inner.format.bits()
    }

    /// Its format.
    pub fn format(&self) -> TexelFormat {
        self.inner.format
    }

    /// Its mip levels (C++ AMP `get_mipmap_levels`).
    pub fn mip_levels(&self) -> u32 {
        self.inner.levels
    }

    /// Bytes of level 0's texels (C++ AMP `get_data_length`).
    pub fn data_length(&self) -> usize {
        self.extent().size() as usize * self.inner.format.bytes() as usize
    }

    /// The accelerator it lives on (C++ AMP `get_accelerator_view`).
    pub fn accelerator(&self) -> &Accelerator {
        &self.inner.acc
    }

    /// The wgpu texture behind it (C++ AMP's `get_texture`), for the program's own wgpu work
    /// on the same device: amp's launches recorded so far are submitted first, and from now on
    /// launches that use the texture are submitted at once, so the program's later submissions
    /// see what they wrote (one queue orders both).
    pub fn wgpu_texture(&self) -> Result<&wgpu::Texture> {
        self.inner
            .shared
            .store(true, std::sync::atomic::Ordering::Relaxed);
        self.inner.acc.flush()?;
        Ok(&self.inner.texture)
    }

    /// A texture over the program's own wgpu `texture` on `view`'s accelerator, which must own
    /// its device (C++ AMP's `make_texture`). Nothing is copied: kernels and transfers use the
    /// texture, and launches that use it are submitted at once. Its dimension must be `N`'s,
    /// its format one that `T` has at some bits per component (`Rgba8Unorm` for `Unorm4`,
    /// `R32Float` for `f32`, …), and its usages must include [`TEXTURE_USAGES`]
    /// (`STORAGE_BINDING` too, for kernels that write it); its size and mip levels are the
    /// texture's.
    ///
    /// Errors: [`Error::Interop`] naming the usages, format, dimension or device that do not
    /// fit; [`FeatureError::HostOnly`](crate::error::FeatureError::HostOnly) on the host-only
    /// CPU accelerator.
    pub fn from_wgpu_texture(view: &AcceleratorView, texture: &wgpu::Texture) -> Result<Self> {
        let acc = view.accelerator();
        if acc.is_host_only() {
            return Err(Error::UnsupportedFeature(
                crate::error::FeatureError::HostOnly {
                    site: None,
                    accelerator: acc.description().to_owned(),
                },
            ));
        }
        let interop = |problem| Err(Error::Interop(problem));
        let missing = TEXTURE_USAGES - texture.usage();
        if !missing.is_empty() {
            return interop(InteropError::TextureUsage {
                missing,
                usage: texture.usage(),
            });
        }
        if texture.dimension() != dimension(N) || texture.sample_count() != 1 {
            return interop(InteropError::TextureShape {
                texture: type_name::<T, N>(),
                dimension: texture.dimension(),
                samples: texture.sample_count(),
            });
        }
        let format = T::KIND
            .bits()
            .iter()
            .filter_map(|&bits| TexelFormat::of::<T>(bits).ok())
            .find(|&f| wgpu_format(f) == texture.format());
        let Some(format) = format else {
            return interop(InteropError::TextureFormat {
                texture: type_name::<T, N>(),
                format: texture.format(),
            });
        };
        let size = texture.size();
        let full = [size.depth_or_array_layers, size.height, size.width];
        let extent: Vec<i32> = full[3 - N..].iter().map(|&c| c as i32).collect();
        // wgpu checks a command's textures against the encoder's device when it is finished.
        let on_device = acc.scoped(|device| {
            let probe = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("amp texture check"),
                size: 4,
                usage: wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("amp texture check"),
            });
            // An empty copy: validated, never run.
            encoder.copy_texture_to_buffer(
                whole(texture, 0),
                wgpu::TexelCopyBufferInfo {
                    buffer: &probe,
                    layout: wgpu::TexelCopyBufferLayout::default(),
                },
                wgpu::Extent3d {
                    width: 0,
                    height: 0,
                    depth_or_array_layers: 0,
                },
            );
            encoder.finish()
        });
        if let Err(Error::Device(e)) = on_device {
            return interop(InteropError::TextureDevice {
                accelerator: acc.description().to_owned(),
                source: e.to_string(),
            });
        }
        on_device?;
        Ok(Texture {
            inner: Arc::new(TextureData {
                acc: acc.clone(),
                texture: texture.clone(),
                format,
                extent,
                levels: texture.mip_level_count(),
                views: Mutex::default(),
                id: crate::view::new_data_id(),
                shared: true.into(),
            }),
            _ty: PhantomData,
        })
    }

    /// Itself as an end of a copy (the name the copy ends of views and arrays share).
    pub(crate) fn view_data(&self) -> &Self {
        self
    }

    pub(crate) fn check_levels(&self, first: u32, count: u32) -> Result<()> {
        let levels = self.inner.levels;
        if count == 0 || first >= levels || count > levels - first {
            return Err(Self::error(TextureProblem::MipLevels {
                first,
                count,
                levels,
            }));
        }
        Ok(())
    }

    /// Replaces level 0's texels with `data` (row-major).
    pub fn write(&self, data: &[T]) -> Result<()> {
        self.write_level(0, data)
    }

    /// Replaces mip level `level`'s texels with `data` (row-major, [`level_extent`]'s size).
    ///
    /// [`level_extent`]: Self::level_extent
    pub fn write_level(&self, level: u32, data: &[T]) -> Result<()> {
        let extent = self.level_extent(level)?;
        if extent.size() != data.len() as u64 {
            return Err(Error::ExtentMismatch {
                extent: coords::extent(extent),
                expected: extent.size(),
                actual: data.len(),
            });
        }
        let bytes = encode::<T>(self.inner.format, data).map_err(|(element, e)| {
            Self::error(TextureProblem::ValueOutOfRange {
                element,
                value: e.value,
                min: e.min,
                max: e.max,
            })
        })?;
        self.write_bytes(level, &bytes)
    }

    /// Replaces level `level`'s texels with `bytes`, as its format stores them (row-major,
    /// tightly packed).
    pub fn write_bytes(&self, level: u32, bytes: &[u8]) -> Result<()> {
        let extent = self.level_extent(level)?;
        let expected = extent.size() as usize * self.inner.format.bytes() as usize;
        if bytes.len() != expected {
            return Err(Self::error(TextureProblem::ByteLength {
                bytes: bytes.len(),
                expected,
            }));
        }
        let acc = &self.inner.acc;
        let queue = acc.queue()?;
        let size = wgpu_size(&extent.0);
        acc.scoped(|_| {
            queue.write_texture(
                wgpu::TexelCopyTextureInfo {
                    texture: &self.inner.texture,
                    mip_level: level,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: wgpu::TextureAspect::All,
                },
                bytes,
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(size.width * self.inner.format.bytes()),
                    rows_per_image: Some(size.height),
                },
                size,
            )
        })?;
        crate::view::transfer::count_upload(bytes.len() as u64);
        Ok(())
    }

    /// Level 0's texels, row-major.
    pub fn to_vec(&self) -> Result<Vec<T>> {
        self.level_to_vec(0)
    }

    /// Mip level `level`'s texels, row-major.
    pub fn level_to_vec(&self, level: u32) -> Result<Vec<T>> {
        let bytes = self.level_bytes(level)?;
        Ok(decode::<T>(self.inner.format, &bytes))
    }

    /// Level `level`'s texels as its format stores them (row-major, tightly packed).
    pub fn level_bytes(&self, level: u32) -> Result<Vec<u8>> {
        let extent = self.level_extent(level)?;
        download(&self.inner, level, &extent.0)
    }

    /// A new texture on the same accelerator holding a copy of this one's texels, every
    /// level (C++ AMP's texture copy constructor).
    pub fn try_clone(&self) -> Result<Self> {
        let copy = Self::create(
            &self.inner.acc,
            self.extent(),
            self.bits_per_scalar_element(),
            self.inner.levels,
        )?;
        self.copy_to(&copy)?;
        Ok(copy)
    }

    /// Copies every texel, every level, into `dst` on the accelerator (C++ AMP
    /// `texture::copy_to`): the two must have the same extent, format and levels, on one
    /// accelerator.
    pub fn copy_to(&self, dst: &Texture<T, N>) -> Result<()> {
        let (from, to) = (&self.inner, &dst.inner);
        if from.extent != to.extent || from.format != to.format || from.levels != to.levels {
            return Err(Self::error(TextureProblem::CopyMismatch {
                from: (to_i64(&from.extent), from.format),
                to: (to_i64(&to.extent), to.format),
            }));
        }
        if from.acc != to.acc {
            // Across accelerators: through the host.
            for level in 0..from.levels {
                dst.write_bytes(level, &self.level_bytes(level)?)?;
            }
            return Ok(());
        }
        let acc = &from.acc;
        let queue = acc.queue()?;
        acc.scoped(|device| {
            let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("amp texture copy"),
            });
            for level in 0..from.levels {
                encoder.copy_texture_to_texture(
                    whole(&from.texture, level),
                    whole(&to.texture, level),
                    wgpu_size(&self.extent_at(level).0),
                );
            }
            queue.submit([encoder.finish()]);
        })
    }

    /// A read-write view of mip level `level` (C++ AMP `texture_view<T, N>(tex, level)`):
    /// kernels read and write texels of one 32-bit component through it, and write the others.
    pub fn view_at(&self, level: u32) -> Result<TextureView<'_, T, N>> {
        self.check_levels(level, 1)?;
        Ok(TextureView {
            texture: self,
            level,
        })
    }

    /// [`view_at`](Self::view_at) level 0.
    pub fn view(&self) -> TextureView<'_, T, N> {
        TextureView {
            texture: self,
            level: 0,
        }
    }

    /// A read-only view of every mip level (C++ AMP `texture_view<const T, N>(tex)`): kernels
    /// read, sample and gather through it.
    pub fn const_view(&self) -> ConstTextureView<'_, T, N> {
        ConstTextureView {
            texture: self,
            first: 0,
            count: self.inner.levels,
        }
    }

    /// A read-only view of `count` mip levels from `first` (C++ AMP `texture_view<const T,
    /// N>(tex, most_detailed_mip, mip_levels)`): its level 0 is the texture's level `first`.
    pub fn const_view_levels(&self, first: u32, count: u32) -> Result<ConstTextureView<'_, T, N>> {
        self.check_levels(first, count)?;
        Ok(ConstTextureView {
            texture: self,
            first,
            count,
        })
    }

    /// A write-only view of level 0 (C++ AMP `writeonly_texture_view<T, N>(tex)`, kept for
    /// porting: a [`TextureView`] does the same and reads one-component textures too).
    pub fn writeonly_view(&self) -> WriteonlyTextureView<'_, T, N> {
        WriteonlyTextureView {
            texture: self,
            level: 0,
        }
    }

    /// The wgpu view of `count` levels from `first`, as a kernel binds it.
    pub(crate) fn wgpu_view(&self, first: u32, count: u32) -> wgpu::TextureView {
        let mut views = self
            .inner
            .views
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some((_, view)) = views.iter().find(|(levels, _)| *levels == (first, count)) {
            return view.clone();
        }
        let view = self
            .inner
            .texture
            .create_view(&wgpu::TextureViewDescriptor {
                label: Some("amp texture view"),
                base_mip_level: first,
                mip_level_count: Some(count),
                ..Default::default()
            });
        views.push(((first, count), view.clone()));
        view
    }
}

/// A read-write view of one mip level of a texture (C++ AMP `texture_view<T, N>`): kernels
/// read and write texels of one 32-bit component (`i32`, `u32`, `f32`) through it, and write
/// the others.
#[derive(Clone, Copy, Debug)]
pub struct TextureView<'a, T: Texel, const N: usize> {
    pub(crate) texture: &'a Texture<T, N>,
    pub(crate) level: u32,
}

/// A read-only view of a range of a texture's mip levels (C++ AMP `texture_view<const T,
/// N>`): kernels read texels by index (of its most detailed level), and sample and gather them
/// through a [`Sampler`](crate::sampler::Sampler).
#[derive(Clone, Copy, Debug)]
pub struct ConstTextureView<'a, T: Texel, const N: usize> {
    pub(crate) texture: &'a Texture<T, N>,
    pub(crate) first: u32,
    pub(crate) count: u32,
}

/// A write-only view of one mip level of a texture (C++ AMP `writeonly_texture_view<T, N>`,
/// deprecated there in favour of `texture_view<T, N>`, as [`TextureView`] here).
#[derive(Clone, Copy, Debug)]
pub struct WriteonlyTextureView<'a, T: Texel, const N: usize> {
    pub(crate) texture: &'a Texture<T, N>,
    pub(crate) level: u32,
}

impl<'a, T: Texel, const N: usize> WriteonlyTextureView<'a, T, N> {
    /// A write-only view of `texture`'s level 0.
    pub fn new(texture: &'a Texture<T, N>) -> Self {
        texture.writeonly_view()
    }
}

macro_rules! view_common {
    ($view:ident) => {
        impl<T: Texel, const N: usize> $view<'_, T, N> {
            /// The texture it views.
            pub fn texture(&self) -> &Texture<T, N> {
                self.texture
            }
            /// The extent of the level it shows first.
            pub fn extent(&self) -> Extent<N> {
                self.texture.extent_at(self.first_level())
            }
        }
    };
}
view_common!(TextureView);
view_common!(ConstTextureView);
view_common!(WriteonlyTextureView);

impl<T: Texel, const N: usize> TextureView<'_, T, N> {
    pub(crate) fn first_level(&self) -> u32 {
        self.level
    }
}
impl<T: Texel, const N: usize> WriteonlyTextureView<'_, T, N> {
    pub(crate) fn first_level(&self) -> u32 {
        self.level
    }
}
impl<T: Texel, const N: usize> ConstTextureView<'_, T, N> {
    pub(crate) fn first_level(&self) -> u32 {
        self.first
    }
    /// The mip levels it shows.
    pub fn mip_levels(&self) -> u32 {
        self.count
    }
}

/// `T`'s name as a texture's, for errors.
pub(crate) fn type_name<T: Texel, const N: usize>() -> String {
    format!("Texture<{}, {N}>", <T as amp_core::Value>::name())
}

fn to_i64(extent: &[i32]) -> Vec<i64> {
    extent.iter().map(|&c| i64::from(c)).collect()
}

/// The wgpu dimension of a rank.
fn dimension(rank: usize) -> wgpu::TextureDimension {
    match rank {
        1 => wgpu::TextureDimension::D1,
        2 => wgpu::TextureDimension::D2,
        _ => wgpu::TextureDimension::D3,
    }
}

/// The wgpu size of a row-major extent: the last component is the width.
pub(crate) fn wgpu_size(extent: &[i32]) -> wgpu::Extent3d {
    let at = |k: usize| {
        extent
            .len()
            .checked_sub(k + 1)
            .and_then(|i| extent.get(i))
            .map_or(1, |&c| c.max(1) as u32)
    };
    wgpu::Extent3d {
        width: at(0),
        height: at(1),
        depth_or_array_layers: at(2),
    }
}

fn whole(texture: &wgpu::Texture, level: u32) -> wgpu::TexelCopyTextureInfo<'_> {
    wgpu::TexelCopyTextureInfo {
        texture,
        mip_level: level,
        origin: wgpu::Origin3d::ZERO,
        aspect: wgpu::TextureAspect::All,
    }
}

/// The wgpu format of a texel format: the format amp-core names in naga's terms
/// ([`TexelFormat::storage_format`], where the texel-to-format fact is defined), in wgpu's.
pub(crate) fn wgpu_format(format: TexelFormat) -> wgpu::TextureFormat {
    use naga::StorageFormat as S;
    use wgpu::TextureFormat as F;
    match format.storage_format() {
        S::R8Sint => F::R8Sint,
        S::R16Sint => F::R16Sint,
        S::R32Sint => F::R32Sint,
        S::Rg8Sint => F::Rg8Sint,
        S::Rg16Sint => F::Rg16Sint,
        S::Rg32Sint => F::Rg32Sint,
        S::Rgba8Sint => F::Rgba8Sint,
        S::Rgba16Sint => F::Rgba16Sint,
        S::Rgba32Sint => F::Rgba32Sint,
        S::R8Uint => F::R8Uint,
        S::R16Uint => F::R16Uint,
        S::R32Uint => F::R32Uint,
        S::Rg8Uint => F::Rg8Uint,
        S::Rg16Uint => F::Rg16Uint,
        S::Rg32Uint => F::Rg32Uint,
        S::Rgba8Uint => F::Rgba8Uint,
        S::Rgba16Uint => F::Rgba16Uint,
        S::Rgba32Uint => F::Rgba32Uint,
        S::R16Float => F::R16Float,
        S::R32Float => F::R32Float,
        S::Rg16Float => F::Rg16Float,
        S::Rg32Float => F::Rg32Float,
        S::Rgba16Float => F::Rgba16Float,
        S::R8Snorm => F::R8Snorm,
        S::R16Snorm => F::R16Snorm,
        S::Rg8Snorm => F::Rg8Snorm,
        S::Rg16Snorm => F::Rg16Snorm,
        S::Rgba8Snorm => F::Rgba8Snorm,
        S::Rgba16Snorm => F::Rgba16Snorm,
        S::R8Unorm => F::R8Unorm,
        S::R16Unorm => F::R16Unorm,
        S::Rg8Unorm => F::Rg8Unorm,
        S::Rg16Unorm => F::Rg16Unorm,
        S::Rgba8Unorm => F::Rgba8Unorm,
        S::Rgba16Unorm => F::Rgba16Unorm,
        // `storage_format` gives no other format.
        _ => F::Rgba32Float,
    }
}

/// `data` in `format`'s bytes; the element and value the format cannot hold otherwise.
fn encode<T: Texel>(
    format: TexelFormat,
    data: &[T],
) -> std::result::Result<Vec<u8>, (usize, amp_core::texel::OutOfRange)> {
    let mut bytes = Vec::with_capacity(data.len() * format.bytes() as usize);
    let mut words = Vec::with_capacity(T::WORDS);
    for (i, &texel) in data.iter().enumerate() {
        words.clear();
        texel.write_words(&mut words);
        format.encode(&words, &mut bytes).map_err(|e| (i, e))?;
    }
    Ok(bytes)
}

/// The texels of `bytes` in `format`.
fn decode<T: Texel>(format: TexelFormat, bytes: &[u8]) -> Vec<T> {
    let mut words = Vec::with_capacity(T::WORDS);
    bytes
        .chunks_exact(format.bytes() as usize)
        .map(|texel| {
            words.clear();
            format.decode(texel, &mut words);
            words.resize(T::WORDS, 0);
            T::read_words(&words)
        })
        .collect()
}

/// Level `level` (of extent `extent`) of `data`'s texture, as its format stores it.
fn download(data: &TextureData, level: u32, extent: &[i32]) -> Result<Vec<u8>> {
    let acc = &data.acc;
    let size = wgpu_size(extent);
    let texel = data.format.bytes();
    let row = size.width * texel;
    let padded =
        row.div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT) * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
    let rows = size.height * size.depth_or_array_layers;
    let total = u64::from(padded) * u64::from(rows);
    let queue = acc.queue()?;
    let buffer = acc.scoped(|device| {
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("amp texture download"),
            size: total,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("amp texture download"),
        });
        encoder.copy_texture_to_buffer(
            whole(&data.texture, level),
            wgpu::TexelCopyBufferInfo {
                buffer: &buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(padded),
                    rows_per_image: Some(size.height),
                },
            },
            size,
        );
        queue.submit([encoder.finish()]);
        buffer
    })?;
    let spares = Arc::new(crate::spares::Spares::default());
    let bytes = crate::staging::read_back(
        acc.device(),
        queue,
        (&buffer, 0, total),
        |_| {},
        &spares,
        |bytes| {
            let mut out = Vec::with_capacity((row * rows) as usize);
            for r in 0..rows as usize {
                let start = r * padded as usize;
                out.extend_from_slice(&bytes[start..start + row as usize]);
            }
            out
        },
    )?;
    crate::view::transfer::count_download(bytes.len() as u64);
    Ok(bytes)
}

/// Whether textures of `format` filter on `acc` (linear sampling reads them).
fn filters(acc: &Accelerator, format: TexelFormat) -> bool {
    acc.device()
        .format_features(wgpu_format(format))
        .flags
        .contains(wgpu::TextureFormatFeatureFlags::FILTERABLE)
}

/// How a kernel's texture binding of `access`, `format` and `rank` is laid out on `acc`.
pub(crate) fn binding_type(
    acc: &Accelerator,
    access: TexelAccess,
    format: TexelFormat,
    rank: u32,
) -> wgpu::BindingType {
    let view_dimension = match rank {
        1 => wgpu::TextureViewDimension::D1,
        2 => wgpu::TextureViewDimension::D2,
        _ => wgpu::TextureViewDimension::D3,
    };
    let storage = |access| wgpu::BindingType::StorageTexture {
        access,
        format: wgpu_format(format),
        view_dimension,
    };
    match access {
        TexelAccess::Read => wgpu::BindingType::Texture {
            sample_type: match format.kind() {
                TexelKind::Sint => wgpu::TextureSampleType::Sint,
                TexelKind::Uint => wgpu::TextureSampleType::Uint,
                _ => wgpu::TextureSampleType::Float {
                    filterable: filters(acc, format),
                },
            },
            view_dimension,
            multisampled: false,
        },
        TexelAccess::ReadWrite => storage(wgpu::StorageTextureAccess::ReadWrite),
        TexelAccess::Write => storage(wgpu::StorageTextureAccess::WriteOnly),
    }
}

/// A kernel that samples a texture whose format does not filter with a sampler that does:
/// an error naming the texture's format, before wgpu refuses the pipeline.
pub(crate) fn check_filtering(
    acc: &Accelerator,
    layout: &LaunchLayout,
    site: amp_core::Loc,
) -> Result<()> {
    let kind = |binding: u32| layout.bindings.get(binding as usize - 1).copied();
    for &(sampler, texture) in &layout.sampled {
        let (
            Some(BindingKind::Sampler { filtering: true }),
            Some(BindingKind::Texture { format, .. }),
        ) = (kind(sampler), kind(texture))
        else {
            continue;
        };
        let filterable = matches!(
            format.kind(),
            TexelKind::Float | TexelKind::Snorm | TexelKind::Unorm
        ) && filters(acc, format);
        if !filterable {
            return Err(Error::Texture(TextureError {
                texture: format!("the texture sampled in the kernel at {site}"),
                problem: TextureProblem::Unsupported {
                    format,
                    what: "filter linearly",
                    accelerator: acc.description().to_owned(),
                    hint: ": sample it with a Sampler of Filter::Point, or make the texture with \
                           16 bits per component",
                },
            }));
        }
    }
    Ok(())
}

/// A texture as either end of [`copy`](crate::copy()): its level 0, through the host.
impl<T: Texel, const N: usize> crate::view::DataEnd<T> for Texture<T, N> {
    fn dims(&self) -> Vec<i64> {
        to_i64(&self.inner.extent)
    }
    fn elements(&self) -> u64 {
        self.extent().size()
    }
    fn data_id(&self) -> u64 {
        self.inner.id
    }
    fn contiguous(&self) -> bool {
        true
    }
    fn read(&self) -> Result<Vec<T>> {
        self.to_vec()
    }
    fn write(&self, values: &[T]) -> Result<()> {
        Texture::write(self, values)
    }
    fn device_source(&self) -> Option<crate::view::Placed> {
        None
    }
    fn resident_source(&self, _: &Accelerator) -> Result<Option<crate::view::Placed>> {
        Ok(None)
    }
    fn device_home(&self) -> Option<Accelerator> {
        None
    }
    fn device_only(&self) -> Option<crate::view::Placed> {
        None
    }
    fn device_target(&self, _: &Accelerator) -> Result<Option<crate::view::Placed>> {
        Ok(None)
    }
    fn device_written(&self) {}
    fn count_download(&self, _: u64) {}
}
