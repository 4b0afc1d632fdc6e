//! wgpu objects of the program's own that amp cannot use as asked
//! ([`Error::Interop`](super::Error::Interop); C++ AMP's `runtime_exception` from `make_array`
//! and `get_buffer`).

use super::coords::Tuple;
use super::WgpuError;
use std::fmt;

/// What is wrong with a wgpu object given to amp, or asked of it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InteropError {
    /// A buffer without the usages amp's arrays need (`STORAGE` for kernels, `COPY_SRC` and
    /// `COPY_DST` for transfers and copies).
    BufferUsage {
        /// The usages it lacks.
        missing: wgpu::BufferUsages,
        /// The usages it was created with.
        usage: wgpu::BufferUsages,
    },
    /// A buffer smaller than the array's data (in whole 4-byte words, at least one element).
    BufferTooSmall {
        /// The array's extent.
        extent: Vec<i64>,
        /// The element type.
        element: &'static str,
        /// The bytes the array needs.
        needed: u64,
        /// The buffer's bytes.
        size: u64,
    },
    /// A buffer larger than one storage binding of the accelerator: kernels bind the buffer
    /// whole.
    BufferBinding {
        /// The buffer's bytes.
        size: u64,
        /// The accelerator's name.
        accelerator: String,
        /// The largest storage binding there.
        max: u64,
    },
    /// A buffer the accelerator's device refused (one of another device, or destroyed); wgpu's
    /// error is the source.
    BufferDevice {
        /// The accelerator's name.
        accelerator: String,
        /// What wgpu said.
        source: WgpuError,
    },
    /// A texture without the usages amp's textures need
    /// ([`TEXTURE_USAGES`](crate::texture::TEXTURE_USAGES)).
    TextureUsage {
        /// The usages it lacks.
        missing: wgpu::TextureUsages,
        /// The usages it was created with.
        usage: wgpu::TextureUsages,
    },
    /// A texture whose format no bits per component of the element type give.
    TextureFormat {
        /// The amp texture asked for (`Texture<Unorm4, 2>`).
        texture: String,
        /// The wgpu texture's format.
        format: wgpu::TextureFormat,
    },
    /// A texture of another dimension than the rank asked for, or multisampled.
    TextureShape {
        /// The amp texture asked for.
        texture: String,
        /// The wgpu texture's dimension.
        dimension: wgpu::TextureDimension,
        /// Its samples per texel.
        samples: u32,
    },
    /// A texture the accelerator's device refused (one of another device, or destroyed).
    TextureDevice {
        /// The accelerator's name.
        accelerator: String,
        /// What wgpu said.
        source: String,
    },
    /// `Array::wgpu_buffer` of data split over several buffers (larger than one storage
    /// binding), which has no one buffer.
    SplitData {
        /// The array's extent.
        extent: Vec<i64>,
        /// Its buffers.
        buffers: u64,
    },
}

/// Names of the flags in `usages`, as wgpu spells them, separated by ` | `.
fn names(usages: wgpu::BufferUsages) -> String {
    usages
        .iter_names()
        .map(|(name, _)| name)
        .collect::<Vec<_>>()
        .join(" | ")
}

impl fmt::Display for InteropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InteropError::TextureUsage { missing, usage } => write!(
                f,
                "the texture lacks the usages {missing:?} (it has {usage:?}); a texture needs \
                 TEXTURE_BINDING | COPY_SRC | COPY_DST (and STORAGE_BINDING for kernels that \
                 write it): create the texture with them"
            ),
            InteropError::TextureFormat { texture, format } => write!(
                f,
                "a wgpu texture of format {format:?} is not a {texture} at any bits per \
                 component: choose the element type that format holds"
            ),
            InteropError::TextureShape {
                texture,
                dimension,
                samples,
            } => write!(
                f,
                "a wgpu texture of dimension {dimension:?} and {samples} sample(s) per texel is \
                 not a {texture}: it needs the rank's dimension and one sample"
            ),
            InteropError::TextureDevice {
                accelerator,
                source,
            } => write!(
                f,
                "{accelerator} cannot use the texture (it is another device's, or destroyed): \
                 {source}"
            ),
            InteropError::BufferUsage { missing, usage } => write!(
                f,
                "the buffer lacks the usages {} (it has {}); an array needs STORAGE | COPY_SRC | \
                 COPY_DST: create the buffer with them",
                names(*missing),
                match names(*usage) {
                    n if n.is_empty() => "none".to_owned(),
                    n => n,
                }
            ),
            InteropError::BufferTooSmall {
                extent,
                element,
                needed,
                size,
            } => write!(
                f,
                "an array of extent {} of `{element}` needs a buffer of at least {needed} bytes \
                 (whole 4-byte words, at least one element); the buffer has {size}",
                Tuple(extent)
            ),
            InteropError::BufferBinding {
                size,
                accelerator,
                max,
            } => write!(
                f,
                "the buffer has {size} bytes, more than one storage binding of `{accelerator}` \
                 ({max} bytes), and kernels bind it whole; use a buffer of at most {max} bytes"
            ),
            InteropError::BufferDevice {
                accelerator,
                source,
            } => write!(
                f,
                "the device of `{accelerator}` cannot use the buffer (is it another device's, \
                 or destroyed?): {source}"
            ),
            InteropError::SplitData { extent, buffers } => write!(
                f,
                "the array of extent {} is larger than one storage binding and lives in \
                 {buffers} buffers, so it has no one wgpu buffer; use smaller arrays",
                Tuple(extent)
            ),
        }
    }
}
