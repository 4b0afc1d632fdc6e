//! Data that does not fit: a reinterpretation whose element type does not divide the bytes,
//! and memory an accelerator or the host cannot provide.

use super::coords::Tuple;
use super::device::WgpuError;
use amp_core::Loc;
use std::fmt;

/// An element type, as errors name it: `name (N bytes)`, its size on the accelerator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElementType {
    /// Its name (`f32`, `Float4`).
    pub name: &'static str,
    /// Its bytes on the accelerator.
    pub bytes: u64,
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} bytes)", self.name, self.bytes)
    }
}

/// Why a view's bytes cannot be seen as another element type
/// ([`Error::Reinterpret`](super::Error::Reinterpret)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReinterpretError {
    /// The view's bytes are not a whole number of the new type's.
    Size {
        /// The view's elements.
        elements: u64,
        /// Their type.
        from: ElementType,
        /// The view's bytes.
        bytes: u64,
        /// The type asked for.
        to: ElementType,
    },
    /// The section does not start on an element of the new type.
    Start {
        /// The byte of its data where the section starts.
        byte: u64,
        /// The type asked for.
        to: ElementType,
    },
}

impl fmt::Display for ReinterpretError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReinterpretError::Size {
                elements,
                from,
                bytes,
                to,
            } => write!(
                f,
                "a view of {elements} elements of {from} holds {bytes} bytes, not a whole number \
                 of {to}"
            ),
            ReinterpretError::Start { byte, to } => write!(
                f,
                "the section starts at byte {byte} of its data, not on an element of {to}"
            ),
        }
    }
}

/// What could not be allocated ([`Error::OutOfMemory`](super::Error::OutOfMemory)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MemoryError {
    /// The accelerator ran out of memory (wgpu's error is the source).
    Exhausted {
        /// The accelerator's name.
        accelerator: String,
        /// wgpu's error.
        source: WgpuError,
    },
    /// A view's buffer larger than the accelerator allows.
    Buffer {
        /// The view's extent.
        extent: Vec<i64>,
        /// Its elements.
        elements: u64,
        /// Bytes per element on the accelerator.
        element_bytes: u64,
        /// The accelerator's name.
        accelerator: String,
        /// The largest buffer it allows, in bytes.
        max: u64,
    },
    /// A view a launch would bind that is larger than the accelerator binds at once.
    Binding {
        /// The launch's `parallel_for_each!`.
        site: Loc,
        /// The view's slot among the kernel's launch values, counted from 0 in declaration
        /// order (the domain is slot 0, then each capture of the kernel closure).
        slot: usize,
        /// The view's extent.
        extent: Vec<i64>,
        /// The bytes its data takes on the accelerator (the zero sentinel included).
        bytes: u64,
        /// The accelerator's name.
        accelerator: String,
        /// The most bytes one storage binding may have there.
        max: u64,
    },
    /// An array larger than any accelerator here allows.
    Array {
        /// Its extent.
        extent: Vec<i64>,
        /// Its bytes on an accelerator.
        bytes: u64,
        /// The bytes of the largest array kernels can address.
        largest: u64,
    },
    /// An array with more elements than the host can count.
    HostCount {
        /// Its extent.
        extent: Vec<i64>,
    },
    /// The host could not allocate an array.
    Host {
        /// Its extent.
        extent: Vec<i64>,
        /// Its bytes.
        bytes: u64,
    },
    /// A library function's scratch array larger than the accelerator allows.
    Scratch {
        /// Its 32-bit words.
        words: u64,
        /// The accelerator's name.
        accelerator: String,
        /// The largest buffer it allows, in bytes.
        max: u64,
    },
    /// The host could not allocate a library function's scratch array.
    ScratchHost {
        /// Its 32-bit words.
        words: u64,
    },
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoryError::Exhausted { accelerator, .. } => {
                write!(f, "the accelerator `{accelerator}` is out of memory")
            }
            MemoryError::Buffer {
                extent,
                elements,
                element_bytes,
                accelerator,
                max,
            } => write!(
                f,
                "array view of extent {} needs {elements} {element_bytes}-byte elements but \
                 `{accelerator}` allows buffers of at most {max} bytes",
                Tuple(extent)
            ),
            MemoryError::Binding {
                site,
                slot,
                extent,
                bytes,
                accelerator,
                max,
            } => write!(
                f,
                "the array view of extent {} captured at slot {slot} of the kernel at {site} \
                 takes {bytes} bytes but `{accelerator}` binds at most {max} bytes per view",
                Tuple(extent)
            ),
            MemoryError::Array {
                extent,
                bytes,
                largest,
            } => write!(
                f,
                "an array of extent {} takes {bytes} bytes; the largest array kernels can \
                 address (2^32 - 1 elements) takes {largest} bytes",
                Tuple(extent)
            ),
            MemoryError::HostCount { extent } => write!(
                f,
                "an array of extent {} does not fit host memory",
                Tuple(extent)
            ),
            MemoryError::Host { extent, bytes } => write!(
                f,
                "the host could not allocate {bytes} bytes for an array of extent {}",
                Tuple(extent)
            ),
            MemoryError::Scratch {
                words,
                accelerator,
                max,
            } => write!(
                f,
                "amp::algorithms need a scratch array of {words} words on `{accelerator}`; one \
                 scratch array holds at most {max} bytes"
            ),
            MemoryError::ScratchHost { words } => write!(
                f,
                "amp::algorithms need a scratch array of {words} words and the host could not \
                 allocate its {} bytes",
                4 * words
            ),
        }
    }
}
