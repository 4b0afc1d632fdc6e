//! The runtime's one error type. Its variants mirror C++ AMP's exception classes
//! (`runtime_exception` and its subclasses); each carries what happened as values (indices and
//! extents as numbers, source locations as [`Loc`]s, byte counts as integers,
//! wgpu's and naga's errors as the [`source`](std::error::Error::source)), and its
//! [`Display`](fmt::Display) writes amp's message from them.

mod accelerator;
mod argument;
mod assertion;
mod bounds;
pub mod check;
pub(crate) mod coords;
mod data;
mod device;
mod domain;
mod feature;
mod interop;
#[cfg(test)]
mod tests;
mod texture;

pub use accelerator::{MismatchError, RemovedError, SelectError};
pub use argument::{ArgumentError, ArgumentProblem};
pub use assertion::AssertionError;
pub use bounds::{KernelFault, Position};
pub use data::{ElementType, MemoryError, ReinterpretError};
pub use device::{DeviceError, InternalError, WgpuError};
pub use domain::DomainError;
pub use feature::FeatureError;
pub use interop::InteropError;
pub use texture::{TextureError, TextureProblem};

use amp_core::{KernelError, LaunchError, Loc};
use coords::Tuple;
use std::fmt;

/// Anything that can go wrong in the runtime (C++ AMP `runtime_exception` and subclasses).
///
/// No runtime API panics on bad input: every failure is one of these values. New kinds of
/// failure may be added, so a `match` needs a `_` arm.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// No accelerator could be found or the one asked for is not there.
    NoAccelerator(SelectError),
    /// A compute domain (or a tile) that cannot be launched, as C++ AMP's
    /// `invalid_compute_domain`, or an extent that describes no data.
    InvalidComputeDomain(DomainError),
    /// A view whose extent does not describe its data.
    ExtentMismatch {
        /// The view's extent (for a host slice, its length).
        extent: Vec<i64>,
        /// The number of elements the extent holds.
        expected: u64,
        /// The number of elements of the data.
        actual: usize,
    },
    /// An index outside a view's extent, from a host access or a checked kernel (then `fault`
    /// says which access of which kernel; for a tile_static or local array the index and
    /// extent have one component per array level).
    OutOfBounds {
        /// The offending index (or section, or projection).
        index: Position,
        /// The extent it was checked against.
        extent: Vec<i64>,
        /// The kernel access that failed, for a fault of a checked launch (boxed: it is the
        /// rarer and larger part, and errors travel in every `Result`).
        fault: Option<Box<KernelFault>>,
    },
    /// A `reinterpret_as` whose element type does not divide the view's bytes, or whose
    /// section does not start on an element of the new type (C++ AMP's `runtime_exception`
    /// "Element type of reinterpret_as does not evenly divide into extent").
    Reinterpret(ReinterpretError),
    /// The accelerator lacks something the program needs (C++ AMP `unsupported_feature`).
    UnsupportedFeature(FeatureError),
    /// An assertion failed in a kernel (`assert!`; C++ AMP's `direct3d_errorf`): the first of
    /// the launch, by thread (boxed: errors travel in every `Result`).
    Assertion(Box<AssertionError>),
    /// The accelerator ran out of memory, or an allocation exceeds its limits (C++ AMP
    /// `out_of_memory`).
    OutOfMemory(MemoryError),
    /// The accelerator was lost: reset, removed or its driver crashed (C++ AMP
    /// `accelerator_view_removed`).
    AcceleratorRemoved(RemovedError),
    /// A launch that captures an `Array` created on another accelerator than the one it runs
    /// on, or arrays of two accelerators (C++ AMP's `runtime_exception` for an array not
    /// accessible on the `accelerator_view`).
    AcceleratorMismatch(MismatchError),
    /// An argument that a library function cannot work with (C++'s `std::invalid_argument`): an
    /// output of the wrong length, an empty range, zero bins.
    InvalidArgument(ArgumentError),
    /// A wgpu object of the program's own that amp cannot use as asked (a buffer without the
    /// usages an array needs, or too small for it), or an array with no one wgpu buffer (C++
    /// AMP's `runtime_exception` from `make_array` and `get_buffer`).
    Interop(InteropError),
    /// A kernel could not be built or did not validate; the error names the source line.
    Kernel(KernelError),
    /// A launch that did not fill the kernel's slots as the kernel declared them: a
    /// [`Capture`](crate::capture::Capture) whose `bind` disagrees with its `declare`.
    Launch {
        /// The launch's site.
        site: Loc,
        /// What did not fit.
        error: LaunchError,
    },
    /// Any other failure reported by the GPU stack (wgpu).
    Device(DeviceError),
    /// The checking mode found mistakes in a launch (amp's CPU accelerator:
    /// [`AcceleratorView::with_checking`](crate::AcceleratorView::with_checking)); reported as
    /// a checked launch's fault is, when the data it used is observed or the accelerator waits.
    Check(check::CheckError),
    /// A texture, texture view or sampler that cannot be made or used as asked.
    Texture(TextureError),
}

/// The runtime's result type.
pub type Result<T> = std::result::Result<T, Error>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoAccelerator(why) => write!(f, "no accelerator: {why}"),
            Error::InvalidComputeDomain(why) => write!(f, "invalid compute domain: {why}"),
            Error::ExtentMismatch {
                extent,
                expected,
                actual,
            } => write!(
                f,
                "array view extent {} holds {expected} elements but the data has {actual}",
                Tuple(extent)
            ),
            Error::OutOfBounds {
                index,
                extent,
                fault: None,
            } => write!(
                f,
                "index {index} is out of bounds of extent {}",
                Tuple(extent)
            ),
            Error::OutOfBounds {
                index,
                extent,
                fault: Some(fault),
            } => write!(
                f,
                "index {index} is out of bounds of extent {}: {} at {} in kernel `{}` \
                 (the access was skipped; a read gave zero)",
                Tuple(extent),
                fault.access.describe(),
                fault.loc,
                fault.kernel
            ),
            Error::Reinterpret(why) => write!(
                f,
                "element type of reinterpret_as does not evenly divide into extent: {why}"
            ),
            Error::UnsupportedFeature(what) => write!(f, "unsupported feature: {what}"),
            Error::Assertion(what) => write!(f, "kernel assertion failed: {what}"),
            Error::OutOfMemory(what) => write!(f, "out of memory: {what}"),
            Error::AcceleratorRemoved(what) => write!(f, "accelerator removed: {what}"),
            Error::AcceleratorMismatch(what) => what.fmt(f),
            Error::InvalidArgument(what) => write!(f, "invalid argument: {what}"),
            Error::Interop(what) => write!(f, "wgpu interop: {what}"),
            Error::Kernel(error) => error.fmt(f),
            Error::Launch { site, error } => {
                write!(
                    f,
                    "the launch of the kernel at {site} does not fit the kernel: {error}"
                )
            }
            Error::Device(what) => write!(f, "accelerator error: {what}"),
            Error::Check(what) => what.fmt(f),
            Error::Texture(what) => what.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Kernel(error) | Error::UnsupportedFeature(FeatureError::Kernel(error)) => {
                Some(error)
            }
            Error::OutOfMemory(MemoryError::Exhausted { source, .. }) => Some(source.get()),
            Error::Device(error) => error.wgpu_source().map(|source| source.get() as _),
            Error::Interop(InteropError::BufferDevice { source, .. }) => Some(source.get()),
            Error::Launch { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl From<KernelError> for Error {
    fn from(error: KernelError) -> Self {
        Error::Kernel(error)
    }
}

impl Error {
    /// Maps an error that wgpu reported for work on `accelerator`.
    pub(crate) fn from_wgpu(accelerator: &str, error: wgpu::Error) -> Self {
        let accelerator = accelerator.to_owned();
        match error {
            wgpu::Error::OutOfMemory { .. } => Error::OutOfMemory(MemoryError::Exhausted {
                accelerator,
                source: WgpuError::new(error),
            }),
            other => Error::Device(DeviceError::Wgpu {
                accelerator,
                source: WgpuError::new(other),
            }),
        }
    }

    /// An inconsistency inside amp.
    pub(crate) fn internal(error: InternalError) -> Self {
        Error::Device(DeviceError::Internal(error))
    }
}
