//! Parallel algorithms on the accelerator, written as amp kernels: C++ AMP's algorithms library
//! and what CUDA programmers know from CUB and Thrust, named after Rust's iterator vocabulary.
//!
//! | function | does |
//! |---|---|
//! | [`reduce`], [`reduce_into`] | combines all elements with an associative, commutative operation ([`Sum`], [`Min`], [`Max`] or a `#[kernel] fn`) |
//! | [`inclusive_scan`], [`exclusive_scan`] | running combinations (prefix sums), in index order |
//! | [`radix_sort`], [`radix_sort_by_key`] | stable sort of `u32`, `i32`, `f32` keys (floats in [`f32::total_cmp`] order), with 32-bit values |
//! | [`histogram`] | counts of values in equal-width bins over a range |
//! | [`transform`] | `output[i] = f(input[i])` with a `#[kernel] fn` |
//! | [`fill`], [`iota`] | a value everywhere; `start, start + 1, …` |
//! | [`copy_if`] | stable compaction of the elements a `#[kernel] fn` predicate accepts; returns their count |
//! | [`gemm()`], [`gemm_on`] | `C = αAB + βC` in `f32` on rank-2 views, arrays and sections (register-blocked, autotuned per accelerator) |
//!
//! Operands (rank 2 for gemm, rank 1 otherwise) are views and arrays ([`ArrayView`], [`ConstArrayView`], [`Array`], and
//! sections of them); results stay on the accelerator until the host reads them. Every function
//! returns `Result<_, amp::Error>`: mismatched lengths, an empty range or zero bins are
//! [`Error::InvalidArgument`], never a panic; empty operands are fine.
//!
//! ```
//! use amp::prelude::*;
//! use amp::algorithms::{exclusive_scan, radix_sort, reduce, Sum};
//!
//! let mut keys = vec![5u32, 1, 4, 1, 3];
//! let v = ArrayView::new(5, &mut keys)?;
//! assert_eq!(reduce(&v, Sum)?, Some(14));
//! radix_sort(&v)?;
//! assert_eq!(v.to_vec()?, [1, 1, 3, 4, 5]);
//! let mut offsets = vec![0u32; 5];
//! let o = ArrayView::new(5, &mut offsets)?;
//! exclusive_scan(&v, &o, 0, Sum)?;
//! assert_eq!(o.to_vec()?, [0, 1, 2, 5, 9]);
//! # Ok::<(), amp::Error>(())
//! ```
//!
//! Every kernel uses tiles of 256 threads and at most 16 KiB of tile_static memory (the least
//! Vulkan guarantees), more where the accelerator has it; none relies on tiles running
//! concurrently: the multi-pass designs never wait on another tile, and the single-pass scan
//! waits on an earlier tile only a bounded number of times before computing what it waited for
//! itself ([`set_scan_method`] chooses between it and reduce-then-scan). The designs, their
//! memory traffic and their limits are in `docs/ALGORITHMS.md`.
//!
//! Intermediate arrays (a sort's second copy of the keys, count tables, partials) come from a
//! pool kept per accelerator, so repeated calls do not pay for making device buffers; it keeps
//! up to 1 GiB per accelerator between calls ([`set_scratch_limit`], [`release_scratch`],
//! [`scratch_bytes`]).
//!
//! [`ArrayView`]: crate::ArrayView
//! [`ConstArrayView`]: crate::ConstArrayView
//! [`Array`]: crate::Array
//! [`Error::InvalidArgument`]: crate::Error::InvalidArgument

mod compact;
mod count;
mod fill;
mod gemm;
mod histogram;
mod ops;
mod plan;
mod radix_sort;
mod reduce;
mod scan;
mod scratch;
mod sort_key;
mod source;
mod subgroup_scatter;
mod tile;
mod transform;

pub use compact::copy_if;
pub use fill::{fill, iota, Iota};
pub use gemm::{
    gemm, gemm_f16, gemm_f16_inputs, gemm_f16_inputs_on, gemm_f16_on, gemm_on, gemm_tiles,
    gemm_with, GemmHalfInput, GemmInput, GemmOutput, GemmTiles,
};
pub use histogram::{histogram, HistogramSample};
pub use ops::{builtin, BinaryOp, ByOperation, Max, Min, Sum, UnaryOp};
pub use radix_sort::{radix_sort, radix_sort_by_key, set_sort_ranking, SortRanking};
pub use reduce::{reduce, reduce_into};
pub use scan::{exclusive_scan, inclusive_scan, set_scan_method, ScanMethod};
pub use scratch::{release_scratch, scratch_bytes, set_scratch_limit};
pub use sort_key::SortKey;
pub use source::{Item, Source, Target};
pub use transform::transform;
