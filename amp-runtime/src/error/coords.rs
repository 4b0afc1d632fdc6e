//! Indices and extents as they appear in errors: components as numbers, written `(2,3)` as
//! amp's `Index` and `Extent` write themselves.

use amp_core::{Extent, Index};
use std::fmt;

/// The components of an extent, as an error's field holds them.
pub(crate) fn extent<const N: usize>(extent: Extent<N>) -> Vec<i64> {
    extent.0.iter().map(|&c| i64::from(c)).collect()
}

/// The components of an index, as an error's field holds them.
pub(crate) fn index<const N: usize>(index: Index<N>) -> Vec<i64> {
    index.0.iter().map(|&c| i64::from(c)).collect()
}

/// Components written `(a,b,c)`.
pub(crate) struct Tuple<'a>(pub(crate) &'a [i64]);

impl fmt::Display for Tuple<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str(")")
    }
}
