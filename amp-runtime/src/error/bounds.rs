//! What [`Error::OutOfBounds`](super::Error::OutOfBounds) says: the index or part that was out
//! of range and, for a checked kernel, the access that went there.

use super::coords::Tuple;
use amp_core::builder::AccessKind;
use amp_core::Loc;
use std::fmt;

/// What was asked for outside an extent.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Position {
    /// An element's index, one component per dimension (for a tile_static or local array of a
    /// kernel, one per array level); written `(2,3)`.
    Index(Vec<i64>),
    /// A section at `origin` of `extent` (`section`), which does not fit.
    Section {
        /// Where the section starts.
        origin: Vec<i64>,
        /// The section's extent.
        extent: Vec<i64>,
    },
    /// The projection at this index of the first component (`project`).
    Projection(i64),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Index(index) => Tuple(index).fmt(f),
            Position::Section { origin, extent } => write!(
                f,
                "section at {} of extent {}",
                Tuple(origin),
                Tuple(extent)
            ),
            Position::Projection(i) => write!(f, "projection at {i}"),
        }
    }
}

/// The access of a checked kernel that went out of range (the first one of its launch).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct KernelFault {
    /// The kernel, as amp names it in messages (`parallel_for_each at src/main.rs:12:5`, or a
    /// `#[kernel]` function's name).
    pub kernel: String,
    /// The access in the kernel's source.
    pub loc: Loc,
    /// What it accessed.
    pub access: AccessKind,
}
