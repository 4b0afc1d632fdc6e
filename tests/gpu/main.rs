//! The facade's tests on the accelerator (whatever adapter is present: lavapipe where there is
//! no GPU), one module per area, in one test binary: each test binary links wgpu, so one binary
//! instead of one per file is what keeps the suite's build short.
//!
//! Tests that change or observe what every test of a process shares run in a child process of
//! their own (`own_process`); their module's doc, or a comment at the call, says why.

mod common;
mod own_process;

mod accelerator_views;
mod algorithms;
mod async_copy;
mod atomics;
mod bad_input;
mod bounds;
mod bounds_wait;
mod check_sweep;
mod checking;
mod conformance;
mod const_generics;
mod containers;
mod cpu_accelerator;
mod device_floats;
mod device_loss;
mod differential;
mod disk_cache;
mod dispatch_split;
mod edge_cases;
mod examples;
mod f16;
mod fences;
mod float_constants;
mod gemm;
mod high_ranks;
mod host_calls;
mod indices_per_thread;
mod interop;
mod kernel_sections;
mod kernel_views;
mod language;
mod large_data;
mod math;
mod matrix;
mod methods;
mod norm;
mod overlap;
mod pipeline_cache;
mod print;
mod profile;
mod property;
mod references;
mod rust_forms;
mod set_default;
mod shape_ops;
mod shapes;
mod short_vectors;
mod staging_arrays;
mod structs;
mod subgroup;
mod textures;
mod tiling;
mod unchecked;
mod vector_data;
mod vector_views;
mod views;
