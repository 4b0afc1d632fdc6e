//! `fill` and `iota`: each tile stores one contiguous chunk, every thread [`IN_FLIGHT`] elements
//! (striped by the tile's width) per loop pass.

use super::plan::{accelerator, check_len, stream_chunks, IN_FLIGHT, TILE};
use super::{Item, Target};
use crate::kernel_types::CastTo;
use crate::{parallel_for_each, Accelerator, Numeric, Result, TiledIndex};

/// Sets every element of `output` to `value` (C++ AMP's `fill`, Rust's `slice::fill`), on the
/// accelerator.
///
/// ```
/// use amp::prelude::*;
/// let out = ArrayView::<i32, 1>::from_extent(4)?;
/// amp::algorithms::fill(&out, 7)?;
/// assert_eq!(out.to_vec()?, [7, 7, 7, 7]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn fill<T: Item, V: Target<T>>(output: &V, value: T) -> Result<()> {
    let n = output.elements();
    check_len("fill", n)?;
    if n == 0 {
        return Ok(());
    }
    let acc = accelerator(&[output.home()])?;
    fill_on(&acc, output, value)
}

/// [`fill`] on `acc`, of a non-empty `output`.
pub(crate) fn fill_on<T: Item, V: Target<T>>(
    acc: &Accelerator,
    output: &V,
    value: T,
) -> Result<()> {
    let out = output.captured();
    let chunks = stream_chunks(acc, output.elements());
    let chunk = chunks.chunk;
    parallel_for_each!(acc, chunks.domain(), |t: TiledIndex<1>| {
        let l = t.local[0] as u32;
        let start = t.tile[0] as u32 * chunk;
        let end = (start + chunk).min(out.extent()[0] as u32);
        let tile_threads = TILE as u32;
        for base in (start + l..end).step_by(IN_FLIGHT * TILE) {
            if base + 3 * tile_threads < end {
                out[base] = value;
                out[base + tile_threads] = value;
                out[base + 2 * tile_threads] = value;
                out[base + 3 * tile_threads] = value;
            } else {
                for i in (base..end).step_by(TILE) {
                    out[i] = value;
                }
            }
        }
    })
}

/// Element types [`iota`] counts in: `i32`, `u32`, `f32` (and the 64-bit ones where the
/// accelerator has them), whose kernels convert a `u32` index with `as`.
pub trait Iota: Item + Numeric {}

impl<T: Item + Numeric> Iota for T where u32: CastTo<T> {}

/// Sets `output[i]` to `start + i as T` (C++'s `std::iota`, Rust's `start..`), on the
/// accelerator. Integers wrap; `f32` values are rounded (exact up to 2²⁴).
///
/// ```
/// use amp::prelude::*;
/// let out = ArrayView::<u32, 1>::from_extent(4)?;
/// amp::algorithms::iota(&out, 10)?;
/// assert_eq!(out.to_vec()?, [10, 11, 12, 13]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn iota<T: Iota, V: Target<T>>(output: &V, start: T) -> Result<()>
where
    u32: CastTo<T>,
{
    let n = output.elements();
    check_len("iota", n)?;
    if n == 0 {
        return Ok(());
    }
    let acc = accelerator(&[output.home()])?;
    let out = output.captured();
    let chunks = stream_chunks(&acc, n);
    let chunk = chunks.chunk;
    parallel_for_each!(acc, chunks.domain(), |t: TiledIndex<1>| {
        let l = t.local[0] as u32;
        let first = t.tile[0] as u32 * chunk;
        let end = (first + chunk).min(out.extent()[0] as u32);
        let tile_threads = TILE as u32;
        for base in (first + l..end).step_by(IN_FLIGHT * TILE) {
            if base + 3 * tile_threads < end {
                out[base] = start + base as T;
                out[base + tile_threads] = start + (base + tile_threads) as T;
                out[base + 2 * tile_threads] = start + (base + 2 * tile_threads) as T;
                out[base + 3 * tile_threads] = start + (base + 3 * tile_threads) as T;
            } else {
                for i in (base..end).step_by(TILE) {
                    out[i] = start + i as T;
                }
            }
        }
    })
}
