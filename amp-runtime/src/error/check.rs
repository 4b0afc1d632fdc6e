//! What [`Error::Check`](super::Error::Check) says: the checking mode's findings in one launch,
//! each access named by its thread and its place in the user's source.

use super::coords::Tuple;
use amp_core::Loc;
use std::fmt;

/// What the checking mode found in one launch of a kernel (amp's CPU accelerator watching every
/// access, index and barrier; [`AcceleratorView::with_checking`](crate::AcceleratorView::with_checking)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// The kernel.
    pub kernel: String,
    /// What was found, first found first.
    pub findings: Vec<Finding>,
}

/// One mistake the checking mode found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finding {
    /// Two threads touched the same memory, at least one writing, not both atomically, with
    /// nothing ordering them: for tile_static memory, no barrier of their tile between; for a
    /// view's data, different tiles (never ordered within a launch) or no barrier with a
    /// global fence between.
    Race {
        /// tile_static memory or a view's data.
        memory: Memory,
        /// The earlier access.
        first: Access,
        /// The later access.
        second: Access,
    },
    /// An index past the end of a local, tile_static or view array, in an unchecked launch (a
    /// checked launch reports these itself, as [`Error::OutOfBounds`](super::Error::OutOfBounds)).
    OutOfRange {
        /// The access: its thread and place (its kind is not known: the index is seen before
        /// the load or store).
        access: Access,
        /// The index.
        index: i64,
        /// The array's length.
        len: u64,
    },
    /// A read of tile_static memory that no thread of the tile wrote in this launch.
    Uninitialized {
        /// The read.
        access: Access,
    },
    /// A barrier that some threads of a tile reached and others did not.
    DivergentBarrier {
        /// The barrier.
        barrier: Option<Loc>,
        /// A thread that reached it.
        arrived: Thread,
        /// A thread of its tile that did not.
        missing: Thread,
        /// Whether `missing` had left the kernel already (C++ AMP: every thread of a tile must
        /// reach each barrier, none may return before).
        exited: bool,
    },
    /// The host could not provide the memory the threads' local arrays need.
    OutOfMemory {
        /// Bytes asked for.
        bytes: u64,
    },
}

/// Which memory a race was on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// A tile_static variable.
    TileStatic,
    /// A view's (or array's) data.
    View,
}

/// How an access touched memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    /// A read.
    Read,
    /// A write.
    Write,
    /// An atomic operation.
    Atomic,
}

/// A thread of a launch: its tile (workgroup) and its place in the tile, least significant
/// dimension first, as the accelerator numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thread {
    /// The workgroup.
    pub tile: [u32; 3],
    /// The thread in it.
    pub local: [u32; 3],
}

/// One access named in a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    /// The thread.
    pub thread: Thread,
    /// Read, write or atomic.
    pub kind: AccessKind,
    /// Where in the kernel's source (`None` where amp added the access itself).
    pub loc: Option<Loc>,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the checking mode found ")?;
        match self.findings.len() {
            1 => write!(f, "a mistake")?,
            n => write!(f, "{n} mistakes")?,
        }
        write!(f, " in kernel `{}`", self.kernel)?;
        for finding in &self.findings {
            write!(f, "\n  - {finding}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Race {
                memory,
                first,
                second,
            } => {
                let what = match memory {
                    Memory::TileStatic => "tile_static memory",
                    Memory::View => "view data",
                };
                write!(f, "data race on {what}: {first}, then {second}")?;
                match memory {
                    Memory::TileStatic => write!(f, ", with no tile barrier between"),
                    Memory::View if first.thread.tile != second.thread.tile => {
                        write!(
                            f,
                            "; threads of different tiles are not ordered in a launch"
                        )
                    }
                    Memory::View => write!(f, ", with no barrier with a global fence between"),
                }
            }
            Finding::OutOfRange { access, index, len } => write!(
                f,
                "index {index} is out of range of an array of {len} elements: {} at {} (the \
                 access was skipped; a read gave zero)",
                access.thread,
                At(access.loc)
            ),
            Finding::Uninitialized { access } => write!(
                f,
                "{access} reads tile_static memory that no thread of its tile wrote in this launch"
            ),
            Finding::DivergentBarrier {
                barrier,
                arrived,
                missing,
                exited,
            } => {
                write!(
                    f,
                    "barrier at {} reached by {arrived} but not by {missing}",
                    At(*barrier)
                )?;
                if *exited {
                    write!(
                        f,
                        ", which had returned; every thread of a tile must reach it"
                    )
                } else {
                    write!(f, ", which took another path; barriers must be reached by every thread of the tile")
                }
            }
            Finding::OutOfMemory { bytes } => write!(
                f,
                "the threads' local variables need {bytes} bytes of host memory, which the host \
                 could not provide"
            ),
        }
    }
}

impl fmt::Display for Access {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = match self.kind {
            AccessKind::Read => "reads",
            AccessKind::Write => "writes",
            AccessKind::Atomic => "updates atomically",
        };
        write!(f, "{} {verb} at {}", self.thread, At(self.loc))
    }
}

impl fmt::Display for Thread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let local: Vec<i64> = self.local.iter().map(|&c| i64::from(c)).collect();
        let tile: Vec<i64> = self.tile.iter().map(|&c| i64::from(c)).collect();
        write!(f, "thread {} of workgroup {}", Tuple(&local), Tuple(&tile))
    }
}

/// A location, or words for an access amp added itself.
struct At(Option<Loc>);

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(loc) => loc.fmt(f),
            None => f.write_str("a place amp added to the kernel"),
        }
    }
}
