//! `copy_if`: stable compaction, in the passes of the scans (`scan.rs`) with a count of kept
//! elements instead of a combination.
//!
//! Each tile owns a contiguous chunk of whole blocks. [`count_kept`] counts a chunk's kept
//! elements (in any order, four loads in flight per thread, as `reduce` does); the counts are
//! scanned (an exclusive [`Sum`](super::Sum) scan); then [`compact_chunks`] goes over each chunk
//! again from its offset, block by block: the block is
//! loaded striped into tile_static memory, each thread tests [`ITEMS`] consecutive elements, the
//! tile adds up its threads' counts, the kept elements are packed in order into tile_static
//! memory and written out striped (consecutive threads, consecutive words). Traffic: the input
//! read twice, the kept elements written once.

use super::ops::Unary;
use super::plan::{accelerator, check_len, max_tiles, Chunks, TILE};
use super::scan::scan_on;
use super::scratch::Scratch;
use super::tile::tile_exclusive_sum;
use super::{Item, Source, Sum, Target, UnaryOp};
use crate::error::{ArgumentError, ArgumentProblem};
use crate::{parallel_for_each, Accelerator, Error, Result, TiledIndex};

/// Consecutive elements a thread tests (odd: conflict-free tile_static reads).
const ITEMS: usize = 7;

/// Elements per block.
const BLOCK: usize = TILE * ITEMS;

/// The most tiles of a pass.
const MAX_TILES: usize = 8192;

/// Copies the elements of `input` for which `predicate` is true to the front of `output`, in
/// their order (C++'s `std::copy_if`, Thrust's `copy_if`, Rust's `filter`), and returns how many
/// it copied; `predicate` is a `#[kernel] fn(T) -> bool`. The rest of `output` is left as it
/// was. The count is read back to the host; the elements stay on the accelerator.
///
/// `output` may be shorter than `input`: when more elements pass than it holds, those that fit
/// are written and the result is [`Error::InvalidArgument`] naming the count.
///
/// ```
/// use amp::prelude::*;
///
/// #[kernel]
/// fn is_odd(x: i32) -> bool {
///     x % 2 != 0
/// }
///
/// let data = [1, 2, 3, 4, 5];
/// let input = ConstArrayView::new(5, &data)?;
/// let output = ArrayView::<i32, 1>::from_extent(5)?;
/// let count = amp::algorithms::copy_if(&input, &output, is_odd)?;
/// assert_eq!(count, 3);
/// assert_eq!(output.to_vec()?[..count], [1, 3, 5]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn copy_if<T, I, O, P>(input: &I, output: &O, predicate: P) -> Result<usize>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    P: UnaryOp<T, bool>,
{
    let n = input.elements();
    check_len("copy_if", n)?;
    if n == 0 {
        return Ok(0);
    }
    let acc = accelerator(&[input.home(), output.home()])?;
    let tiles_max = max_tiles(&acc, MAX_TILES);
    let chunks = Chunks::new(n, BLOCK, tiles_max);
    let tiles = chunks.tiles as usize;
    // One more than the tiles: after the scan, the last offset is the total.
    // Pooled, so stale: the count pass writes counts[..tiles] (counts[tiles] only feeds the
    // exclusive scan's unread carry), the scan writes every offset, and with one tile neither
    // is read before the writing pass sets counts[0].
    let counts = Scratch::<u32>::new(&acc, tiles + 1)?;
    let offsets = Scratch::<u32>::new(&acc, tiles + 1)?;
    let (counts, offsets) = (&*counts, &*offsets);
    if tiles > 1 {
        count_kept(&acc, input, counts, chunks, predicate)?;
        scan_on(&acc, counts, offsets, true, Some(0), Sum, tiles_max)?;
    }
    compact_chunks(&acc, input, output, counts, offsets, chunks, predicate)?;
    // In the writing pass, each tile leaves the offset past its last kept element.
    let total = counts.get(tiles as i32 - 1)? as usize;
    if total > output.elements() {
        return Err(Error::InvalidArgument(ArgumentError::new(
            "copy_if",
            ArgumentProblem::OutputTooShort {
                passing: total as u64,
                output: output.elements() as u64,
            },
        )));
    }
    Ok(total)
}

/// The first pass: `counts[tile]` = the number of kept elements of chunk `tile`. Order does
/// not matter here, so each thread tests elements `start + l + 256·j` (striped) four loads at a
/// time, as `reduce` does, and the tile adds up its threads' counts once, at the end.
fn count_kept<T, I, C, P>(
    acc: &Accelerator,
    input: &I,
    counts: &C,
    chunks: Chunks,
    predicate: P,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    C: Target<u32>,
    P: UnaryOp<T, bool>,
{
    let (src, count_out) = (input.captured(), counts.captured());
    let chunk = chunks.chunk;
    let keep = Unary::<P, T, bool>::new(predicate);
    parallel_for_each!(acc, chunks.domain(), |t: TiledIndex<1>| {
        let l = t.local[0] as u32;
        let tile = t.tile[0] as u32;
        let start = tile * chunk;
        let end = (start + chunk).min(src.extent()[0] as u32);
        let tile_threads = TILE as u32;
        let mut count = 0u32;
        for base in (start + l..end).step_by(4 * TILE) {
            if base + 3 * tile_threads < end {
                let a = src[base];
                let b = src[base + tile_threads];
                let c = src[base + 2 * tile_threads];
                let d = src[base + 3 * tile_threads];
                count += keep(a) as u32 + keep(b) as u32 + keep(c) as u32 + keep(d) as u32;
            } else {
                for i in (base..end).step_by(TILE) {
                    if keep(src[i]) {
                        count += 1;
                    }
                }
            }
        }
        let sums = tile_exclusive_sum(count, t);
        if l == 0 {
            count_out[tile] = sums.y();
        }
    })
}

/// The second pass: copies the kept elements of each chunk to `output` from `offsets[tile]`
/// (tile 0 from 0) and leaves the offset past the chunk in `counts[tile]`.
fn compact_chunks<T, I, O, C, F, P>(
    acc: &Accelerator,
    input: &I,
    output: &O,
    counts: &C,
    offsets: &F,
    chunks: Chunks,
    predicate: P,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    C: Target<u32>,
    F: Source<u32>,
    P: UnaryOp<T, bool>,
{
    let (src, out, count_out, offset_in) = (
        input.captured(),
        output.captured(),
        counts.captured(),
        offsets.captured(),
    );
    let (chunk, blocks) = (chunks.chunk, chunks.blocks);
    let keep = Unary::<P, T, bool>::new(predicate);
    parallel_for_each!(acc, chunks.domain(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut stage: [T; BLOCK];
        let l = t.local[0] as u32;
        let tile = t.tile[0] as u32;
        let n = src.extent()[0] as u32;
        let out_len = out.extent()[0] as u32;
        let start = tile * chunk;
        let end = (start + chunk).min(n);
        let tile_threads = TILE as u32;
        let items = ITEMS as u32;
        let mut offset = 0u32;
        if tile > 0 {
            offset = offset_in[tile];
        }
        for block in 0..blocks {
            let base = start + block * BLOCK as u32;
            if base < end {
                for k in 0..ITEMS {
                    let i = (base + k * tile_threads + l).min(end - 1);
                    stage[k * tile_threads + l] = src[i];
                }
                t.barrier.wait_with_tile_static_memory_fence();
                let mut v = [stage[l * items]; ITEMS];
                let mut kept = 0u32;
                let mut count = 0u32;
                for k in 0..ITEMS {
                    v[k] = stage[l * items + k];
                    if base + l * items + k < end && keep(v[k]) {
                        kept |= 1u32 << k;
                        count += 1;
                    }
                }
                // Every thread has read its elements before the sum's first barrier.
                let sums = tile_exclusive_sum(count, t);
                let total = sums.y();
                let mut r = sums.x();
                for k in 0..ITEMS {
                    if (kept >> k) & 1 == 1 {
                        stage[r] = v[k];
                        r += 1;
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
                for k in 0..ITEMS {
                    let p = k * tile_threads + l;
                    let dest = offset + p;
                    if p < total && dest < out_len {
                        out[dest] = stage[p];
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
                offset += total;
            }
        }
        if l == 0 {
            count_out[tile] = offset;
        }
    })
}
