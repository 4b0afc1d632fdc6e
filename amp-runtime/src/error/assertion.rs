//! Failed assertions in kernels.

use super::coords::Tuple;
use amp_core::Loc;
use std::fmt;

/// An `assert!` (or `assert_eq!`, `assert_ne!`, `debug_assert*!`) that failed in a kernel
/// (C++ AMP's `direct3d_errorf`): the first one of the launch, by thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssertionError {
    /// The kernel.
    pub kernel: String,
    /// Where the assertion is.
    pub loc: Loc,
    /// Its message, as Rust's assertions write it.
    pub message: String,
    /// The index of the thread where it failed, in the launch's domain.
    pub index: Vec<i64>,
}

impl fmt::Display for AssertionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at {} in kernel `{}`, thread {}",
            self.message,
            self.loc,
            self.kernel,
            Tuple(&self.index)
        )
    }
}
