//! The classes of fuzz failure that are open defects of issue 10 ("every mistake is a compile
//! error on the user's tokens in amp's words"): `tests/fuzz_kernels.rs` reports them but fails
//! only on a class not listed here. Each line is a class key as `report.txt` prints it (the
//! check, then the first line of the diagnostic with quoted text and numbers elided); the
//! report shows the smallest mutant of each. Fixing a defect means deleting its line.
//!
//! Measured on 2026-11-23: the default run (seed 1) gave "fuzz_kernels: 224 seeds, 400 mutants: 256 rejected with clean errors, 26 rejected at launch with located errors, 91 accepted and validated, 1 not reached, 0 skipped, 26 failed (43 failed checks in 17 classes); 18 s"; a run of 2000
//! mutants gave 139 failed mutants of 2000 (223 failed checks in 25 classes), down from 610 of
//! 3000 in 57 classes before this session's fixes.

/// The known classes.
pub const KNOWN: &[&str] = &[
    "an error on the #[kernel] attribute: error: the constant `` is not of type ``",
    "an error on the #[kernel] attribute: error[EN]: `` cannot be used inside a kernel",
    "an error on the #[kernel] attribute: error[EN]: `` has a rank kernels do not support",
    "an error on the #[kernel] attribute: error[EN]: `` is not a kernel value type",
    "an error on the #[kernel] attribute: error[EN]: mismatched types",
    "an error on the #[kernel] attribute: error[EN]: the trait bound `` is not satisfied",
    "an error on the whole parallel_for_each! invocation: error[EN]: `` cannot be captured by a kernel",
    "an error on the whole parallel_for_each! invocation: error[EN]: `` has a rank kernels do not support",
    "an error on the whole parallel_for_each! invocation: error[EN]: `` is not a kernel value type",
    "an error on the whole parallel_for_each! invocation: error[EN]: arithmetic between `` and `` is not supported in kernels",
    "an error on the whole parallel_for_each! invocation: error[EN]: mismatched types",
    "an error on the whole parallel_for_each! invocation: error[EN]: type mismatch resolving ``",
    "an error outside the user's code: error[EN]: evaluation panicked: a tile holds at most N threads",
    "an error outside the user's code: error[EN]: evaluation panicked: every tile dimension must be greater than N",
    "an internal name (KernelBuilder) in the message: error[EN]: this method takes N arguments but N argument was supplied",
    "an internal name (KernelBuilder, __private) in the message: error[EN]: this method takes N argument but N arguments were supplied",
    "an internal name (KernelBuilder, __private) in the message: error[EN]: this method takes N arguments but N argument was supplied",
    "an internal name (KernelBuilder, __private) in the message: error[EN]: this method takes N arguments but N arguments were supplied",
    "an internal name (KernelBuilder, __private, amp_core::) in the message: error[EN]: `` has a rank kernels do not support",
    "an internal name (KernelBuilder, __private, amp_core::) in the message: error[EN]: `` is not a kernel value type",
    "an internal name (KernelBuilder, __private, amp_core::) in the message: error[EN]: the trait bound `` is not satisfied",
    "an internal name (KernelToken, __amp) in the message: error[EN]: `` cannot be captured by a kernel",
    "an internal name (KernelToken, __amp) in the message: error[EN]: `` cannot be used as a value in a kernel",
    "an internal name (KernelToken, __amp, __private) in the message: error[EN]: `` cannot be captured by a kernel",
    "an internal name (KernelToken, __amp, __private) in the message: error[EN]: `` cannot be used as a value in a kernel",
    "an internal name (KernelToken, __private) in the message: error[EN]: `` cannot be used as a value in a kernel",
    "an internal name (KernelToken, __private) in the message: error[EN]: `` is not a #[kernel] function, or is called with arguments of the wrong types",
    "an internal name (__amp) in the message: error[EN]: `` is not a #[kernel] function, or is called with arguments of the wrong types",
    "an internal name (amp_core::) in the message: error[EN]: evaluation panicked: a tile holds at most N threads",
    "an internal name (amp_core::) in the message: error[EN]: evaluation panicked: every tile dimension must be greater than N",
    "the kernel failed validation: validation: kernel `` failed validation at src/sN.rs:N:N: Entry point main at Compute is invalid: Expression not visited by the appropriate statement",
    "the launch did not finish: hang: signal: N (SIGKILL)",
];
