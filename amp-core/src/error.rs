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

/// naga's validation error, with the spans it names.
pub type ValidationError = naga::WithSpan<naga::valid::ValidationError>;

/// A kernel that could not be turned into a valid accelerator program.
#[derive(Clone, Debug)]
#[non_exhaustive]
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
    /// The kernel uses matrix fragments (`amp::matrix`) the accelerator does not run.
    UnsupportedMatrix {
        /// The kernel being built.
        kernel: String,
        /// What it needs: the first fragment or multiply-add the accelerator lacks.
        need: crate::matrix::MatrixNeed,
        /// The multiply-adds the accelerator runs (none without matrix units).
        device: Vec<crate::matrix::MatrixShape>,
    },
    /// naga's validator rejected the generated IR.
    Validation {
        /// The kernel being built.
        kernel: String,
        /// The kernel statement the failure points at, when known.
        loc: Option<Loc>,
        /// naga's error (also the error's [`source`](std::error::Error::source)).
        error: Box<ValidationError>,
    },
}

/// naga's explanation of a validation error: the error and each of its sources, joined by `: `.
fn validation_chain(error: &ValidationError) -> String {
    let mut message = error.as_inner().to_string();
    let mut source = std::error::Error::source(error.as_inner());
    while let Some(s) = source {
        message.push_str(": ");
        message.push_str(&s.to_string());
        source = s.source();
    }
    message
}

/// Errors are equal when they say the same (naga's errors have no equality of their own).
impl PartialEq for KernelError {
    fn eq(&self, other: &Self) -> bool {
        use KernelError::*;
        match (self, other) {
            (
                Build {
                    kernel,
                    loc,
                    message,
                },
                Build {
                    kernel: k,
                    loc: l,
                    message: m,
                },
            ) => (kernel, loc, message) == (k, l, m),
            (
                Unsupported { kernel, feature },
                Unsupported {
                    kernel: k,
                    feature: f,
                },
            ) => (kernel, feature) == (k, f),
            (
                UnsupportedMatrix {
                    kernel,
                    need,
                    device,
                },
                UnsupportedMatrix {
                    kernel: k,
                    need: n,
                    device: d,
                },
            ) => (kernel, need, device) == (k, n, d),
            (
                Validation { kernel, loc, error },
                Validation {
                    kernel: k,
                    loc: l,
                    error: e,
                },
            ) => (kernel, loc) == (k, l) && validation_chain(error) == validation_chain(e),
            _ => false,
        }
    }
}

impl Eq for KernelError {}

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
            KernelError::UnsupportedMatrix {
                kernel,
                need,
                device,
            } => {
                write!(
                    f,
                    "kernel `{kernel}` uses {need}, which the accelerator does not run; "
                )?;
                if device.is_empty() {
                    return write!(f, "it has no matrix units (cooperative matrices)");
                }
                write!(f, "it runs ")?;
                for (i, shape) in device.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{shape}")?;
                }
                Ok(())
            }
            KernelError::Validation { kernel, loc, error } => {
                write!(f, "kernel `{kernel}` failed validation")?;
                if let Some(loc) = loc {
                    write!(f, " at {loc}")?;
                }
                write!(f, ": {}", validation_chain(error))
            }
        }
    }
}

impl std::error::Error for KernelError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            KernelError::Validation { error, .. } => Some(error.as_inner()),
            _ => None,
        }
    }
}
