//! The machine-readable line each benchmark prints per figure, beside its table for people:
//!
//! ```text
//! figure<TAB>workload<TAB>implementation<TAB>value<TAB>unit
//! ```
//!
//! `scripts/gpu-bench.sh` collects these lines, and torch's and CUDA's reference figures
//! rewritten in the same format, into `benches/results/<machine>-<date>.tsv`;
//! `tools/perf-chart` draws that file. Implementations are named as in [`AMP`] and the
//! constants beside it, so that one workload's figures from different programs line up.
//! Included by each benchmark with `#[path]` (a file directly in `benches/` would be a benchmark
//! target of its own).

/// amp's default, checked launch, timed by the wall clock.
pub const AMP: &str = "amp";
/// `parallel_for_each_unchecked!`: amp without its checks.
pub const AMP_UNCHECKED: &str = "amp unchecked";
/// amp's checked launch, timed by the accelerator's timestamps (`Accelerator::profile`).
pub const AMP_GPU_TIME: &str = "amp GPU time";
/// The same algorithm hand-written in WGSL, run through wgpu without runtime checks.
pub const WGSL: &str = "WGSL";
/// That WGSL with wgpu's default runtime checks (bounds checks and loop bounding).
pub const WGSL_CHECKED: &str = "WGSL, wgpu checks";
/// That WGSL with wgpu's bounds checks but without its loop bounding.
pub const WGSL_BOUNDS_ONLY: &str = "WGSL, bounds checks only";
/// Plain Rust on one CPU core.
pub const PLAIN_RUST: &str = "plain Rust";

/// Prints one figure line. Workload and implementation names must not contain tabs or line
/// breaks; the value keeps four significant digits.
pub fn figure(workload: &str, implementation: &str, value: f64, unit: &str) {
    debug_assert!(!format!("{workload}{implementation}{unit}").contains(['\t', '\n']));
    let decimals = if value.is_finite() && value != 0.0 {
        (3 - value.abs().log10().floor() as i32).clamp(0, 12) as usize
    } else {
        0
    };
    println!("figure\t{workload}\t{implementation}\t{value:.decimals$}\t{unit}");
}
