//! Arguments a function cannot work with
//! ([`Error::InvalidArgument`](super::Error::InvalidArgument), C++'s `std::invalid_argument`).

use std::fmt;

/// An argument that a function cannot work with: the function, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ArgumentError {
    /// The function (`histogram`, `Accelerator::profile`).
    pub function: &'static str,
    /// What is wrong.
    pub problem: ArgumentProblem,
}

/// What is wrong with an argument.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArgumentProblem {
    /// A profile is open already on the accelerator (profiles do not nest).
    ProfileOpen {
        /// The accelerator's name.
        accelerator: String,
    },
    /// `Accelerator::set_default` after the default accelerator was used (C++ AMP's
    /// `set_default` returns false then).
    DefaultInUse {
        /// The default accelerator's name.
        current: String,
        /// The name of the accelerator asked for.
        wanted: String,
    },
    /// `Accelerator::set_default` given the host-only CPU accelerator, which runs no kernels.
    HostOnlyDefault {
        /// Its name.
        accelerator: String,
    },
    /// More of something than the function supports.
    TooMany {
        /// How many there are.
        count: u64,
        /// Of what (`elements`, `bins`).
        what: &'static str,
        /// The most it supports.
        max: u64,
    },
    /// An output whose length differs from the input's.
    OutputLength {
        /// The output's elements.
        output: u64,
        /// The input's elements.
        input: u64,
    },
    /// An output that must hold one element holds another number.
    NotOneOutput {
        /// The output's elements.
        output: u64,
    },
    /// More elements pass a filter than the output holds.
    OutputTooShort {
        /// The elements that pass.
        passing: u64,
        /// The output's elements.
        output: u64,
    },
    /// Values wider than the one word the function moves.
    WideValues {
        /// The values' type.
        element: &'static str,
        /// Its 32-bit words.
        words: usize,
    },
    /// A histogram's counts with no bins.
    NoBins,
    /// An empty range (`lo` not less than `hi`, or a NaN bound).
    EmptyRange,
}

impl ArgumentError {
    /// `function`'s argument has `problem`.
    pub fn new(function: &'static str, problem: ArgumentProblem) -> Self {
        ArgumentError { function, problem }
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.function, self.problem)
    }
}

impl fmt::Display for ArgumentProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgumentProblem::ProfileOpen { accelerator } => write!(
                f,
                "a profile is already open on `{accelerator}` (profiles do not nest, and an \
                 accelerator has one at a time, whichever thread opened it); profile the outer \
                 call only, or one call after the other"
            ),
            ArgumentProblem::DefaultInUse { current, wanted } => write!(
                f,
                "the default accelerator is `{current}` and has been used already \
                 (Accelerator::default() returned it), so it cannot become `{wanted}`; set the \
                 default before anything uses it, or launch on `{wanted}` explicitly"
            ),
            ArgumentProblem::HostOnlyDefault { accelerator } => write!(
                f,
                "`{accelerator}` keeps arrays in host memory and runs no kernels, so it cannot \
                 be the default accelerator"
            ),
            ArgumentProblem::TooMany { count, what, max } => {
                write!(f, "{count} {what}; at most {max} are supported")
            }
            ArgumentProblem::OutputLength { output, input } => write!(
                f,
                "the output holds {output} elements but the input has {input}"
            ),
            ArgumentProblem::NotOneOutput { output } => {
                write!(f, "the output must hold one element; it holds {output}")
            }
            ArgumentProblem::OutputTooShort { passing, output } => {
                write!(f, "{passing} elements pass but the output holds {output}")
            }
            ArgumentProblem::WideValues { element, words } => write!(
                f,
                "values of `{element}` take {words} words; the sort moves one-word values"
            ),
            ArgumentProblem::NoBins => f.write_str("the counts hold no bins"),
            ArgumentProblem::EmptyRange => {
                f.write_str("the range is empty (lo must be less than hi)")
            }
        }
    }
}
