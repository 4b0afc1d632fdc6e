//! Failures of the GPU stack ([`Error::Device`](super::Error::Device)), each with wgpu's own
//! error as its source where wgpu reported one, and amp's internal errors.

use amp_core::Loc;
use std::error::Error as StdError;
use std::fmt;
use std::sync::Arc;

/// An error wgpu reported, kept as the source of an amp error. Clones share it; two are equal
/// when they say the same.
#[derive(Clone)]
pub struct WgpuError(Arc<dyn StdError + Send + Sync + 'static>);

impl WgpuError {
    /// Keeps `error`.
    pub(crate) fn new(error: impl StdError + Send + Sync + 'static) -> Self {
        WgpuError(Arc::new(error))
    }

    /// wgpu's error.
    pub fn get(&self) -> &(dyn StdError + Send + Sync + 'static) {
        &*self.0
    }
}

impl fmt::Display for WgpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Debug for WgpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl PartialEq for WgpuError {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.to_string() == other.to_string()
    }
}

impl Eq for WgpuError {}

/// A failure reported by the GPU stack, or an inconsistency amp found in itself.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeviceError {
    /// The device could not be opened.
    Open {
        /// The accelerator's name.
        accelerator: String,
        /// wgpu's error.
        source: WgpuError,
    },
    /// wgpu reported an error for work on the device (its description is multi-line, with its
    /// own context).
    Wgpu {
        /// The accelerator's name.
        accelerator: String,
        /// wgpu's error.
        source: WgpuError,
    },
    /// Waiting for the device to finish its work failed.
    Wait {
        /// The accelerator's name.
        accelerator: String,
        /// wgpu's error.
        source: WgpuError,
    },
    /// Polling the device while a transfer finished failed.
    Poll {
        /// The accelerator, as it displays itself (`name (type, backend)`).
        accelerator: String,
        /// wgpu's error.
        source: WgpuError,
    },
    /// The thread that waits on the device for an awaited transfer failed to wait.
    Watch {
        /// The accelerator, as it displays itself (`name (type, backend)`).
        accelerator: String,
        /// wgpu's error.
        source: WgpuError,
    },
    /// Mapping a download's staging buffer failed.
    Map {
        /// wgpu's error.
        source: WgpuError,
    },
    /// Reading a mapped download failed.
    MappedRange {
        /// wgpu's error.
        source: WgpuError,
    },
    /// The device finished a transfer but never ran its callback.
    Unreported {
        /// The accelerator's name.
        accelerator: String,
    },
    /// A `Completion` polled again after it completed.
    PolledAfterCompletion,
    /// A download finished without its bytes.
    NoBytes,
    /// A transfer's outcome was read before it was known.
    OutcomeUnknown,
    /// An inconsistency inside amp: a bug to report.
    Internal(InternalError),
}

/// An inconsistency inside amp, which its tests and invariants rule out: a bug to report.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InternalError {
    /// A launch's fault slot holds another launch's record.
    FaultSlot {
        /// The launch the slot belongs to.
        launch: u32,
        /// The launch its record names.
        found: u32,
    },
    /// A fault record names an access the kernel does not have.
    FaultSite {
        /// The kernel.
        kernel: String,
        /// The access it names (from 1).
        site: u32,
        /// The checked accesses the kernel has.
        sites: usize,
    },
    /// A fault record names a bound that neither it nor the launch's words hold.
    FaultBound {
        /// The kernel.
        kernel: String,
        /// The access.
        loc: Loc,
    },
    /// A kernel's declared parameter words or views differ from what its launch supplied.
    LaunchWords {
        /// The kernel's `parallel_for_each!`.
        site: Loc,
        /// The parameter words it declared.
        declared_words: u32,
        /// The views it declared.
        declared_views: usize,
        /// The parameter words the launch supplied.
        words: usize,
        /// The views the launch supplied.
        views: usize,
    },
    /// An open profile lost its recording.
    ProfileLost,
    /// The timestamps read back do not match the launches timed.
    Timestamps {
        /// Bytes read back.
        bytes: u64,
        /// Launches they were read for.
        launches: usize,
    },
}

impl DeviceError {
    /// wgpu's error, where wgpu reported one.
    pub(super) fn wgpu_source(&self) -> Option<&WgpuError> {
        match self {
            DeviceError::Open { source, .. }
            | DeviceError::Wgpu { source, .. }
            | DeviceError::Wait { source, .. }
            | DeviceError::Poll { source, .. }
            | DeviceError::Watch { source, .. }
            | DeviceError::Map { source }
            | DeviceError::MappedRange { source } => Some(source),
            DeviceError::Unreported { .. }
            | DeviceError::PolledAfterCompletion
            | DeviceError::NoBytes
            | DeviceError::OutcomeUnknown
            | DeviceError::Internal(_) => None,
        }
    }
}

impl fmt::Display for DeviceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeviceError::Open {
                accelerator,
                source,
            } => write!(f, "could not open `{accelerator}`: {source}"),
            DeviceError::Wgpu {
                accelerator,
                source,
            } => write!(f, "on `{accelerator}`: {source}"),
            DeviceError::Wait {
                accelerator,
                source,
            } => write!(f, "waiting for `{accelerator}` to finish failed: {source}"),
            DeviceError::Poll {
                accelerator,
                source,
            } => write!(f, "polling `{accelerator}` failed: {source}"),
            DeviceError::Watch {
                accelerator,
                source,
            } => write!(f, "waiting for `{accelerator}` failed: {source}"),
            DeviceError::Map { source } => write!(f, "mapping a download failed: {source}"),
            DeviceError::MappedRange { source } => {
                write!(f, "reading a download failed: {source}")
            }
            DeviceError::Unreported { accelerator } => write!(
                f,
                "`{accelerator}` finished a transfer but never reported it"
            ),
            DeviceError::PolledAfterCompletion => {
                f.write_str("a Completion was polled after it completed")
            }
            DeviceError::NoBytes => f.write_str("a download finished without its bytes"),
            DeviceError::OutcomeUnknown => {
                f.write_str("a transfer's outcome was read before it was known")
            }
            DeviceError::Internal(error) => write!(f, "internal error: {error}"),
        }
    }
}

impl fmt::Display for InternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InternalError::FaultSlot { launch, found } => {
                write!(f, "the fault slot of launch {launch} holds launch {found}")
            }
            InternalError::FaultSite {
                kernel,
                site,
                sites,
            } => write!(
                f,
                "a fault at access {site} of `{kernel}`, which has {sites} checked accesses"
            ),
            InternalError::FaultBound { kernel, loc } => write!(
                f,
                "a fault of `{kernel}` at {loc} names a bound the launch did not supply"
            ),
            InternalError::LaunchWords {
                site,
                declared_words,
                declared_views,
                words,
                views,
            } => write!(
                f,
                "kernel at {site} declared {declared_words} parameter words and \
                 {declared_views} views but the launch supplied {words} and {views}"
            ),
            InternalError::ProfileLost => f.write_str("an open profile lost its recording"),
            InternalError::Timestamps { bytes, launches } => write!(
                f,
                "{bytes} bytes of timestamps read back for {launches} launches"
            ),
        }
    }
}
