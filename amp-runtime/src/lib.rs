//! amp-runtime: runs amp kernels through wgpu, as C++ AMP's runtime did through DirectX.
//!
//! - [`Accelerator`]: the devices (C++ AMP `accelerator`), one per wgpu adapter (Vulkan, Metal,
//!   DX12; lavapipe plays WARP's part on machines without a GPU), the host-only
//!   [`Accelerator::cpu_accelerator`], and the default choice ([`Accelerator::set_default`]).
//! - [`ArrayView`] / [`ConstArrayView`]: host data that kernels use (C++ AMP `array_view`),
//!   copied to an accelerator lazily and back only when the host needs it.
//! - [`copy()`]: copies between host slices, arrays and views (C++ AMP `concurrency::copy`), on
//!   the accelerator when both ends are there; [`copy_async`] and
//!   [`ArrayView::synchronize_async`] start a transfer and return a [`Completion`] (C++ AMP
//!   `completion_future`) to wait for or `.await`.
//! - [`AcceleratorView`]: a queue of work on an accelerator (C++ AMP `accelerator_view`);
//!   launches are recorded and submitted in batches.
//! - [`Accelerator::profile`]: the time of each launch on the accelerator's own clock, as a
//!   [`Profile`].
//! - [`interop`]: amp on the program's own wgpu device ([`Accelerator::from_wgpu`]), arrays
//!   over its buffers ([`Array::from_wgpu_buffer`]) and the buffers behind amp's arrays
//!   ([`Array::wgpu_buffer`]).
//! - [`Accelerator::limits`]: what kernels and data may use on an accelerator, as [`Limits`].
//! - [`Error`]: the one error type, its variants mirroring C++ AMP's exceptions, with the
//!   details of each failure as values ([`error`]).

pub mod accelerator;
pub mod array;
mod batch;
pub mod capture;
mod check;
pub mod completion;
pub mod copy;
mod device;
mod disk_cache;
mod dump;
pub mod error;
mod fault;
pub mod interop;
pub mod launch;
mod limits;
pub mod print;
pub mod profile;
mod properties;
pub mod queue;
pub mod sampler;
mod spares;
mod staging;
pub mod staging_array;
pub mod texture;
mod timestamps;
mod tuning;
pub mod view;

/// The `image` crate, whose images textures are made from and turned into
/// ([`Texture::from_image`], [`Texture::to_image`]).
#[cfg(feature = "image")]
pub use ::image;
pub use accelerator::{Accelerator, DeviceType};
pub use array::Array;
pub use check::CHECK_ENV;
pub use completion::{Completion, FutureStatus};
pub use copy::{copy, copy_async, CopySource, CopyTarget};
pub use error::{Error, KernelFault, Result};
pub use limits::Limits;
pub use profile::{KernelTime, LaunchTime, Profile};
pub use queue::{AcceleratorView, QueuingMode};
pub use sampler::{Address, BorderColor, Filter, Sampler};
pub use staging_array::{StagingArray, StagingRead, StagingWrite};
#[cfg(feature = "image")]
pub use texture::ImageDepth;
pub use texture::{ConstTextureView, Texture, TextureOptions, TextureView, WriteonlyTextureView};
pub use view::{transfer_bytes, transfer_counts, ArrayView, ConstArrayView};
