//! Shapes that cannot be used: a compute domain or tile a launch cannot run over, an extent
//! that describes no data, a view that cannot be reshaped
//! ([`Error::InvalidComputeDomain`](super::Error::InvalidComputeDomain)).

use super::coords::Tuple;
use std::fmt;

/// Why a shape cannot be used (C++ AMP's `invalid_compute_domain`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DomainError {
    /// A compute domain a launch cannot run over: an extent component that is not positive,
    /// too many threads, a tile that breaks a tile rule or does not divide the extent (amp-core
    /// checks the domain on both sides of the launch contract).
    Launch(amp_core::DomainError),
    /// More workgroups than the accelerator can dispatch.
    TooManyWorkgroups {
        /// The launch's threads.
        threads: u64,
    },
    /// A view's extent with a negative component.
    NegativeExtent {
        /// The extent.
        extent: Vec<i64>,
    },
    /// A view's extent with more elements than any memory holds.
    Overflow {
        /// The extent.
        extent: Vec<i64>,
    },
    /// `view_as` of a view whose elements are not consecutive in its data.
    ReshapeGaps {
        /// The view's extent.
        from: Vec<i64>,
        /// The extent asked for.
        to: Vec<i64>,
    },
    /// `reinterpret_as` of a view whose elements are not consecutive in its data.
    ReinterpretGaps {
        /// The view's extent.
        extent: Vec<i64>,
    },
    /// `reinterpret_as` to more elements than an extent holds.
    ReinterpretCount {
        /// The element type asked for.
        to: &'static str,
        /// How many of them the view's bytes hold.
        elements: u64,
    },
    /// A projection asked for with a rank other than one less than its view's.
    ProjectionRank {
        /// The view's rank.
        rank: usize,
        /// The projection's rank asked for.
        asked: usize,
    },
    /// A matrix product whose operands' shapes do not agree (rows × columns).
    Product {
        /// The function (`gemm`).
        function: &'static str,
        /// A's shape.
        a: [i64; 2],
        /// B's shape.
        b: [i64; 2],
        /// C's shape.
        c: [i64; 2],
    },
}

impl fmt::Display for DomainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DomainError::Launch(why) => why.fmt(f),
            DomainError::TooManyWorkgroups { threads } => write!(
                f,
                "parallel_for_each: {threads} threads need more workgroups than the accelerator \
                 can dispatch"
            ),
            DomainError::NegativeExtent { extent } => write!(
                f,
                "array view extent {} has a negative component",
                Tuple(extent)
            ),
            DomainError::Overflow { extent } => write!(
                f,
                "array view extent {} has more elements than any memory holds",
                Tuple(extent)
            ),
            DomainError::ReshapeGaps { from, to } => write!(
                f,
                "view_as of a view of extent {} to extent {}: the view's elements are not \
                 consecutive in its data (a section narrower than its parent's rows); reshape \
                 a whole view or a section of whole rows",
                Tuple(from),
                Tuple(to)
            ),
            DomainError::ReinterpretGaps { extent } => write!(
                f,
                "reinterpret_as of a view of extent {}: its elements are not consecutive",
                Tuple(extent)
            ),
            DomainError::ReinterpretCount { to, elements } => write!(
                f,
                "reinterpret_as to {to}: {elements} elements do not fit an extent"
            ),
            DomainError::ProjectionRank { rank, asked } => write!(
                f,
                "a projection of a rank-{rank} view has rank {}, not {asked}",
                rank.saturating_sub(1)
            ),
            DomainError::Product { function, a, b, c } => {
                write!(
                    f,
                    "{function} of A {}x{} by B {}x{} into C {}x{}: ",
                    a[0], a[1], b[0], b[1], c[0], c[1]
                )?;
                if b[0] != a[1] {
                    write!(f, "A's columns ({}) must equal B's rows ({})", a[1], b[0])
                } else {
                    write!(f, "C must be {}x{}", a[0], b[1])
                }
            }
        }
    }
}
