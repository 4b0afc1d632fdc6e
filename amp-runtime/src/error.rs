//! The runtime's one error type. Its variants mirror C++ AMP's exception classes
//! (`runtime_exception` and its subclasses), and each carries what its message needs.

use amp_core::builder::AccessKind;
use amp_core::{KernelError, LaunchError, Loc};
use std::fmt;

/// Anything that can go wrong in the runtime (C++ AMP `runtime_exception` and subclasses).
///
/// No runtime API panics on bad input: every failure is one of these values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No accelerator could be found or the one asked for is not there.
    NoAccelerator {
        /// What was looked for and what was found.
        message: String,
    },
    /// A compute domain (or a tile) that cannot be launched, as C++ AMP's
    /// `invalid_compute_domain`; the message names the dimension, the extent and the tile.
    InvalidComputeDomain(String),
    /// A view whose extent does not describe its data.
    ExtentMismatch {
        /// The view's extent, formatted like `(2,3)`.
        extent: String,
        /// The number of elements the extent holds.
        expected: u64,
        /// The number of elements of the data.
        actual: usize,
    },
    /// An index outside a view's extent, from a host access or a checked kernel (then `fault`
    /// says which access of which kernel; for a tile_static or local array the index and
    /// extent have one component per array level).
    OutOfBounds {
        /// The offending index, formatted like `(2,3)`.
        index: String,
        /// The extent it was checked against.
        extent: String,
        /// The kernel access that failed, for a fault of a checked launch.
        fault: Option<KernelFault>,
    },
    /// A `reinterpret_as` whose element type does not divide the view's bytes, or whose
    /// section does not start on an element of the new type (C++ AMP's `runtime_exception`
    /// "Element type of reinterpret_as does not evenly divide into extent"); the message gives
    /// the sizes.
    Reinterpret(String),
    /// The accelerator lacks something the program needs (C++ AMP `unsupported_feature`).
    UnsupportedFeature(String),
    /// The accelerator ran out of memory, or an allocation exceeds its limits (C++ AMP
    /// `out_of_memory`).
    OutOfMemory(String),
    /// The accelerator was lost: reset, removed or its driver crashed (C++ AMP
    /// `accelerator_view_removed`).
    AcceleratorRemoved(String),
    /// A launch that captures an `Array` created on another accelerator than the one it runs
    /// on, or arrays of two accelerators (C++ AMP's `runtime_exception` for an array not
    /// accessible on the `accelerator_view`); the message names both.
    AcceleratorMismatch(String),
    /// An argument that a library function cannot work with (C++'s `std::invalid_argument`): an
    /// output of the wrong length, an empty range, zero bins; the message names the function
    /// and the values.
    InvalidArgument(String),
    /// A kernel could not be built or did not validate; the message names the source line.
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
    Device(String),
}

/// The access of a checked kernel that went out of range (the first one of its launch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelFault {
    /// The kernel, as amp names it in messages (`parallel_for_each at src/main.rs:12:5`, or a
    /// `#[kernel]` function's name).
    pub kernel: String,
    /// The access in the kernel's source.
    pub loc: Loc,
    /// What it accessed.
    pub access: AccessKind,
}

/// The runtime's result type.
pub type Result<T> = std::result::Result<T, Error>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoAccelerator { message } => write!(
                f,
                "no accelerator: {message}; amp needs a Vulkan, Metal or DX12 device. Install a \
                 GPU driver, or on Linux a software Vulkan device (Debian/Ubuntu: `apt-get \
                 install mesa-vulkan-drivers libvulkan1` provides lavapipe, a CPU device)"
            ),
            Error::InvalidComputeDomain(message) => write!(f, "invalid compute domain: {message}"),
            Error::ExtentMismatch {
                extent,
                expected,
                actual,
            } => write!(
                f,
                "array view extent {extent} holds {expected} elements but the data has {actual}"
            ),
            Error::OutOfBounds {
                index,
                extent,
                fault: None,
            } => write!(f, "index {index} is out of bounds of extent {extent}"),
            Error::OutOfBounds {
                index,
                extent,
                fault: Some(fault),
            } => write!(
                f,
                "index {index} is out of bounds of extent {extent}: {} at {} in kernel `{}` \
                 (the access was skipped; a read gave zero)",
                fault.access.describe(),
                fault.loc,
                fault.kernel
            ),
            Error::Reinterpret(message) => write!(
                f,
                "element type of reinterpret_as does not evenly divide into extent: {message}"
            ),
            Error::UnsupportedFeature(message) => write!(f, "unsupported feature: {message}"),
            Error::OutOfMemory(message) => write!(f, "out of memory: {message}"),
            Error::AcceleratorRemoved(message) => write!(f, "accelerator removed: {message}"),
            Error::AcceleratorMismatch(message) => f.write_str(message),
            Error::InvalidArgument(message) => write!(f, "invalid argument: {message}"),
            Error::Kernel(error) => write!(f, "{error}"),
            Error::Launch { site, error } => {
                write!(
                    f,
                    "the launch of the kernel at {site} does not fit the kernel: {error}"
                )
            }
            Error::Device(message) => write!(f, "accelerator error: {message}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Kernel(error) => Some(error),
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
    /// Maps an error that wgpu reported for work on `device_name`.
    pub(crate) fn from_wgpu(device_name: &str, error: &wgpu::Error) -> Self {
        match error {
            wgpu::Error::OutOfMemory { .. } => {
                Error::OutOfMemory(format!("the accelerator `{device_name}` is out of memory"))
            }
            // wgpu's description is multi-line with its own context; keep it whole.
            other => Error::Device(format!("on `{device_name}`: {other}")),
        }
    }
}
