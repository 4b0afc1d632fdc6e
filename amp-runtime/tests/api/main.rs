//! amp-runtime's public API on whatever accelerator is present (lavapipe where there is no
//! GPU), in one test binary.

/// The facade's GPU tests' helper for tests that need a process of their own.
#[path = "../../../tests/gpu/own_process.rs"]
mod own_process;

mod default_accelerator;
mod views;
