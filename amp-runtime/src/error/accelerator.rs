//! Errors about which accelerator: none to choose, one lost, two that do not go together.

use amp_core::Loc;
use std::fmt;

/// Why no accelerator could be chosen ([`Error::NoAccelerator`](super::Error::NoAccelerator)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelectError {
    /// No accelerator that runs kernels was found (amp's own CPU accelerator is always there,
    /// so this is only returned where the list was asked for one it does not hold).
    NoAdapter,
    /// `AMP_DEFAULT_ACCELERATOR` names no accelerator there is.
    NoMatch {
        /// The environment variable (`AMP_DEFAULT_ACCELERATOR`).
        variable: &'static str,
        /// The variable's value.
        wanted: String,
        /// The accelerators there are, each as it displays itself (`name (type, backend)`).
        available: Vec<String>,
    },
    /// `Accelerator::find` was given a name that no accelerator has.
    NotFound {
        /// The name.
        wanted: String,
        /// The accelerators there are, each as it displays itself (`name (type, backend)`).
        available: Vec<String>,
    },
}

impl fmt::Display for SelectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelectError::NoAdapter => f.write_str("no accelerator that runs kernels was found"),
            SelectError::NoMatch {
                variable,
                wanted,
                available,
            } => {
                write!(
                    f,
                    "{variable} is `{wanted}` but no accelerator matches it (use `cpu`, `gpu`, \
                     `emulator` or part of a device name); available: "
                )?;
                write_names(f, available)
            }
            SelectError::NotFound { wanted, available } => {
                write!(
                    f,
                    "no accelerator is named `{wanted}` (use `cpu`, `gpu`, `emulator` or part \
                     of a device name); available: "
                )?;
                write_names(f, available)
            }
        }
    }
}

/// `` `a`, `b` ``, or `none`.
fn write_names(f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
    if names.is_empty() {
        return f.write_str("none");
    }
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "`{name}`")?;
    }
    Ok(())
}

/// An accelerator that was lost ([`Error::AcceleratorRemoved`](super::Error::AcceleratorRemoved)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RemovedError {
    /// The accelerator's name.
    pub accelerator: String,
    /// Why, as the driver reported it (or amp, for `simulate_loss`).
    pub reason: String,
}

impl fmt::Display for RemovedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` was lost ({})", self.accelerator, self.reason)
    }
}

/// An array used on an accelerator other than the one it was created on
/// ([`Error::AcceleratorMismatch`](super::Error::AcceleratorMismatch)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MismatchError {
    /// A launch that captures an array of another accelerator.
    Launch {
        /// The launch's `parallel_for_each!`.
        site: Loc,
        /// The accelerator it runs on.
        runs_on: String,
        /// The accelerator the array was created on.
        array_on: String,
    },
    /// Data of an array on the host-only CPU accelerator (a section or reinterpretation of it,
    /// say) used on an accelerator with a device: it stays in host memory.
    HostArray {
        /// The accelerator it was used on.
        used_on: String,
    },
    /// Data whose buffer is shared with the program's wgpu code (`Array::from_wgpu_buffer`,
    /// `Array::wgpu_buffer`) used on another accelerator: it stays in that buffer.
    Shared {
        /// The accelerator it was used on.
        used_on: String,
        /// The accelerator of its buffer.
        shared_on: String,
    },
    /// A library function given an array of another accelerator as an operand.
    Operand {
        /// The function (`gemm`).
        function: &'static str,
        /// The accelerator it runs on.
        runs_on: String,
        /// The accelerator the array was created on.
        array_on: String,
    },
}

impl fmt::Display for MismatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MismatchError::Launch {
                site,
                runs_on,
                array_on,
            } => write!(
                f,
                "parallel_for_each at {site} runs on `{runs_on}` but captures an array or texture \
                 created on `{array_on}`: arrays and textures stay on the accelerator they were \
                 created on; launch there, or copy the data (amp::copy) to one on `{runs_on}`"
            ),
            MismatchError::HostArray { used_on } => write!(
                f,
                "the data of an array on the CPU accelerator stays in host memory and cannot be \
                 used on `{used_on}`; copy it (amp::copy) to an array on `{used_on}`"
            ),
            MismatchError::Shared { used_on, shared_on } => write!(
                f,
                "the data of an array whose buffer is shared with wgpu code on `{shared_on}` \
                 stays in that buffer and cannot be used on `{used_on}`; copy it (amp::copy) to \
                 an array on `{used_on}`"
            ),
            MismatchError::Operand {
                function,
                runs_on,
                array_on,
            } => write!(
                f,
                "{function} runs on `{runs_on}` but an operand is an array created on \
                 `{array_on}`: an array stays on the accelerator it was created on; run \
                 {function} there, or copy it (amp::copy) to an array on `{runs_on}`"
            ),
        }
    }
}
