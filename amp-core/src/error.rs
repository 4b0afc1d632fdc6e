//! Source locations and the errors found while building or validating a kernel.

use std::fmt;

/// A place in the user's source: where a kernel statement was written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Loc {
    /// The file, as `file!()` gives it.
    pub file: &'static str,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

impl Loc {
    /// A location (the macros build these with `file!()`, `line!()`, `column!()`).
    pub const fn new(file: &'static str, line: u32, column: u32) -> Self {
        Loc { file, line, column }
    }
}

/// The source location a naga span refers to: spans are indices into `locs`, the kernel's table
/// of statement locations.
pub(crate) fn span_loc(locs: &[Loc], span: naga::Span) -> Option<Loc> {
    let range = span.to_range()?;
    locs.get(range.start).copied()
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// A kernel that could not be turned into a valid accelerator program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelError {
    /// A rule only the call graph or the build shows (recursion, an unsupported use).
    Build {
        /// The kernel being built.
        kernel: String,
        /// Where in the kernel's source.
        loc: Loc,
        /// What is wrong.
        message: String,
    },
    /// The kernel uses something the accelerator does not support (a 64-bit type, say).
    Unsupported {
        /// The kernel being built.
        kernel: String,
        /// What it uses.
        feature: String,
    },
    /// naga's validator rejected the generated IR.
    Validation {
        /// The kernel being built.
        kernel: String,
        /// The kernel statement the failure points at, when known.
        loc: Option<Loc>,
        /// naga's explanation.
        message: String,
    },
}

impl fmt::Display for KernelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KernelError::Build {
                kernel,
                loc,
                message,
            } => {
                write!(f, "kernel `{kernel}` at {loc}: {message}")
            }
            KernelError::Unsupported { kernel, feature } => {
                write!(f, "kernel `{kernel}` uses {feature}")
            }
            KernelError::Validation {
                kernel,
                loc,
                message,
            } => {
                write!(f, "kernel `{kernel}` failed validation")?;
                if let Some(loc) = loc {
                    write!(f, " at {loc}")?;
                }
                write!(f, ": {message}")
            }
        }
    }
}

impl std::error::Error for KernelError {}
