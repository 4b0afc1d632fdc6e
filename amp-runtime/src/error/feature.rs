//! What an accelerator (or amp) does not support
//! ([`Error::UnsupportedFeature`](super::Error::UnsupportedFeature), C++ AMP's
//! `unsupported_feature`).

use amp_core::{KernelError, Loc};
use std::fmt;

/// What is not supported.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FeatureError {
    /// A kernel uses something the accelerator lacks (a 64-bit type, say); the kernel's error
    /// is the source.
    Kernel(KernelError),
    /// A kernel's tiles have more threads than the accelerator allows.
    TileSize {
        /// The kernel's `parallel_for_each!`.
        site: Loc,
        /// The tile, least significant dimension first.
        tile: [u32; 3],
        /// The accelerator's name.
        accelerator: String,
        /// The most threads a tile may have there.
        max_threads: u32,
        /// The largest tile there, least significant dimension first.
        max_tile: [u32; 3],
    },
    /// A kernel declares more tile_static memory than the accelerator allows.
    TileStaticMemory {
        /// The kernel's `parallel_for_each!`.
        site: Loc,
        /// The bytes it declares.
        bytes: u32,
        /// The accelerator's name.
        accelerator: String,
        /// The most bytes there.
        max: u32,
    },
    /// A kernel would bind more storage buffers than the accelerator allows: its views, one
    /// binding per segment of data larger than one binding, and a checked kernel's fault
    /// buffer.
    StorageBindings {
        /// The kernel's `parallel_for_each!`.
        site: Loc,
        /// The storage bindings it needs.
        bindings: u32,
        /// The accelerator's name.
        accelerator: String,
        /// The most storage bindings a kernel may have there.
        max: u32,
    },
    /// A thread of a kernel reached the most loop passes the accelerator runs (Mesa's
    /// llvmpipe ends every loop after that, silently); its results are wrong.
    LoopLimit {
        /// The kernel.
        kernel: String,
        /// The passes it reached.
        passes: u32,
        /// The loop.
        loc: Loc,
    },
    /// The accelerator cannot write timestamps inside compute passes, so
    /// `Accelerator::profile` cannot measure its kernels.
    Profiling {
        /// The accelerator's name.
        accelerator: String,
    },
    /// A write to a read-only array view.
    ReadOnlyWrite,
    /// `ArrayView::data` of a view with no host source (made from an extent alone, or an
    /// `Array`'s view): there is no host data behind it.
    NoHostSource {
        /// The view's extent.
        extent: Vec<i64>,
    },
    /// `reinterpret_as` from or to `bool`, which is a byte on the host and a word on the
    /// accelerator.
    ReinterpretBool {
        /// The view's element type.
        from: &'static str,
        /// The type asked for.
        to: &'static str,
    },
    /// `reinterpret_as` from or to `f16` or a vector of them, which a buffer holds packed,
    /// two bytes a component.
    ReinterpretPacked {
        /// The view's element type.
        from: &'static str,
        /// The type asked for.
        to: &'static str,
    },
    /// `reinterpret_as` from or to an element type of no size.
    ReinterpretEmpty {
        /// The view's element type.
        from: &'static str,
        /// The type asked for.
        to: &'static str,
    },
    /// `amp::algorithms` need larger tiles than the accelerator allows.
    AlgorithmTiles {
        /// The threads of their tiles.
        threads: u32,
        /// The accelerator's name.
        accelerator: String,
        /// The most threads a tile may have there.
        max: u32,
    },
    /// A launch in the checking mode on an accelerator other than amp's own CPU accelerator:
    /// only that one watches what kernels do.
    Checking {
        /// The `parallel_for_each!`.
        site: Loc,
        /// The accelerator's name.
        accelerator: String,
    },
    /// Work that needs a device (a launch, a device buffer, a profile) on the host-only CPU
    /// accelerator, which has none: C++ AMP's `runtime_exception` "concurrency::parallel_for_each
    /// is not supported on the selected accelerator "CPU accelerator"".
    HostOnly {
        /// The `parallel_for_each!` launched there, for a launch.
        site: Option<Loc>,
        /// The accelerator's name (`CPU accelerator`).
        accelerator: String,
    },
    /// A staging array's elements read in place as a slice, for an element type whose host
    /// bytes are not its device bytes (`bool`, a struct with padding): read them with `to_vec`.
    StagingSlice {
        /// The element type.
        element: &'static str,
    },
    /// No tile configuration of a library function fits the accelerator's limits.
    NoTileConfiguration {
        /// The function (`gemm`).
        function: &'static str,
        /// The accelerator's name.
        accelerator: String,
    },
}

impl fmt::Display for FeatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeatureError::Kernel(error) => error.fmt(f),
            FeatureError::TileSize {
                site,
                tile: [x, y, z],
                accelerator,
                max_threads,
                max_tile: [mx, my, mz],
            } => write!(
                f,
                "the kernel at {site} uses tiles of {} threads ({x}x{y}x{z}, least significant \
                 first); `{accelerator}` allows at most {max_threads} threads per tile and \
                 {mx}x{my}x{mz}",
                u64::from(*x) * u64::from(*y) * u64::from(*z)
            ),
            FeatureError::TileStaticMemory {
                site,
                bytes,
                accelerator,
                max,
            } => write!(
                f,
                "the kernel at {site} declares {bytes} bytes of tile_static memory; \
                 `{accelerator}` allows at most {max}"
            ),
            FeatureError::StorageBindings {
                site,
                bindings,
                accelerator,
                max,
            } => write!(
                f,
                "the kernel at {site} binds {bindings} storage buffers (a view larger than one \
                 binding takes one per segment); `{accelerator}` allows at most {max}"
            ),
            FeatureError::LoopLimit {
                kernel,
                passes,
                loc,
            } => write!(
                f,
                "a thread of kernel `{kernel}` reached {passes} loop passes at {loc}, the most \
                 this accelerator runs per thread (Mesa's llvmpipe ends every loop after that, \
                 silently); its results are wrong. Give each thread fewer iterations (more \
                 threads, or several launches), or run on a GPU"
            ),
            FeatureError::Profiling { accelerator } => write!(
                f,
                "`{accelerator}` cannot write timestamps inside compute passes (wgpu's \
                 TIMESTAMP_QUERY_INSIDE_PASSES), so Accelerator::profile cannot measure its \
                 kernels; time them with the wall clock around a wait instead"
            ),
            FeatureError::ReadOnlyWrite => f.write_str("a read-only array view cannot be written"),
            FeatureError::NoHostSource { extent } => write!(
                f,
                "data(): the array view of extent {} has no host data source (it was made from \
                 an extent alone, or from an Array); read it with to_vec()",
                super::coords::Tuple(extent)
            ),
            FeatureError::ReinterpretBool { from, to } => write!(
                f,
                "reinterpret_as from {from} to {to}: bool elements are one byte on the host and \
                 a 32-bit word on the accelerator, so their bytes cannot be seen as another \
                 type; use u32 data"
            ),
            FeatureError::ReinterpretPacked { from, to } => write!(
                f,
                "reinterpret_as from {from} to {to}: f16 elements are packed two bytes a \
                 component on the accelerator, and views of them are not reinterpreted"
            ),
            FeatureError::ReinterpretEmpty { from, to } => write!(
                f,
                "reinterpret_as from {from} to {to}: an element type of no size"
            ),
            FeatureError::AlgorithmTiles {
                threads,
                accelerator,
                max,
            } => write!(
                f,
                "amp::algorithms use tiles of {threads} threads; `{accelerator}` allows at most \
                 {max}"
            ),
            FeatureError::Checking { site, accelerator } => write!(
                f,
                "parallel_for_each at {site} asks for the checking mode on \"{accelerator}\", \
                 but only amp's CPU accelerator checks launches: launch on a view of \
                 `Accelerator::emulator()`"
            ),
            FeatureError::HostOnly { site, accelerator } => {
                match site {
                    Some(site) => write!(
                        f,
                        "parallel_for_each at {site} is not supported on the selected accelerator \
                         \"{accelerator}\": "
                    )?,
                    None => write!(f, "the accelerator \"{accelerator}\" has no device: ")?,
                }
                f.write_str(
                    "it keeps arrays in host memory and runs no kernels; launch on another \
                     accelerator (Accelerator::default()), and copy the arrays to arrays there \
                     (amp::copy)",
                )
            }
            FeatureError::NoTileConfiguration {
                function,
                accelerator,
            } => write!(
                f,
                "{function}: no tile configuration fits the limits of `{accelerator}`"
            ),
            FeatureError::StagingSlice { element } => write!(
                f,
                "a staging array of `{element}` cannot be read in place as a slice: its host \
                 bytes are not its bytes on the accelerator (a `bool` is a word there, a struct \
                 with padding has none); read it with `to_vec`"
            ),
        }
    }
}
