//! Algorithms built from amp kernels, ready to call on views and arrays: dense linear algebra
//! ([`gemm()`]). Each picks its launch shapes from the accelerator's limits; `docs/ALGORITHMS.md`
//! describes their kernels and expected speed.

mod gemm;
pub use gemm::{gemm, gemm_on, gemm_tiles, gemm_with, GemmInput, GemmOutput, GemmTiles};
