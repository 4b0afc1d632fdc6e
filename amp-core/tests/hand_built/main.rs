//! amp-core's builder driven by hand, without the macro, in one test binary: hand-built kernels
//! validate and their errors carry locations (`builder`), `for` loops keep their promise to
//! terminate (`loop_soundness`), and Rust's numeric methods validate on every type (`methods`).

mod builder;
mod loop_soundness;
mod matrix;
mod methods;
mod references;
mod untiled;
