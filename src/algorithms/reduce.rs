//! `reduce`: each tile combines one contiguous chunk into a partial result, then one tile
//! combines the partials (two launches; one when a single tile covers the data).
//!
//! A thread combines the elements `start + l + j * TILE` of its tile's chunk in a register,
//! eight loads at a time (loads in flight hide memory latency); then the tile combines its
//! threads' results as a tree in tile_static memory. The operation is called only on elements
//! that exist, so it needs no identity; it must be associative and commutative, as the order of
//! combination follows the launch shape.

use super::ops::Binary;
use super::plan::{accelerator, check_len, max_tiles, Chunks, TILE};
use super::scratch::Scratch;
use super::{BinaryOp, Item, Source, Target};
use crate::error::{ArgumentError, ArgumentProblem};
use crate::{parallel_for_each, Accelerator, Error, Result, TiledIndex};

/// Elements per thread in a block: chunks are whole blocks.
const ITEMS: usize = 8;

/// The most tiles of the first pass: enough to fill any GPU several times over (an H100 runs
/// about 1000 at once), few enough that the second pass, one tile, is short (16 partials a
/// thread: two loop passes).
const MAX_TILES: usize = 4096;

/// The strides of the tile's tree, largest first.
const HALVES: [u32; 8] = [128, 64, 32, 16, 8, 4, 2, 1];

/// Combines all elements of `input` with `op` on the accelerator and returns the result, or
/// `None` when `input` is empty (Rust's [`Iterator::reduce`]; C++ AMP's `reduce`). `op` must be
/// associative and commutative: [`Sum`](super::Sum), [`Min`](super::Min),
/// [`Max`](super::Max) or a `#[kernel] fn(T, T) -> T`. Reads the result back (one element);
/// [`reduce_into`] leaves it on the accelerator.
///
/// ```
/// use amp::prelude::*;
/// use amp::algorithms::{reduce, Max};
///
/// let data = [3.5f32, -1.0, 8.25, 2.0];
/// let v = ConstArrayView::new(4, &data)?;
/// assert_eq!(reduce(&v, Max)?, Some(8.25));
/// # Ok::<(), amp::Error>(())
/// ```
pub fn reduce<T: Item, I: Source<T>, O: BinaryOp<T>>(input: &I, op: O) -> Result<Option<T>> {
    if input.elements() == 0 {
        return Ok(None);
    }
    let acc = accelerator(&[input.home()])?;
    let result = Scratch::<T>::new(&acc, 1)?;
    reduce_into(input, &*result, op)?;
    result.get(0).map(Some)
}

/// [`reduce`], writing the result to `output[0]` and leaving it on the accelerator (for a
/// result that later kernels use, or to time the reduction alone). `output` must have exactly
/// one element; it is left as it was when `input` is empty.
///
/// ```
/// use amp::prelude::*;
/// use amp::algorithms::{reduce_into, Sum};
///
/// let data = [1u32, 2, 3];
/// let input = ConstArrayView::new(3, &data)?;
/// let total = ArrayView::<u32, 1>::from_extent(1)?;
/// reduce_into(&input, &total, Sum)?;
/// assert_eq!(total.get(0)?, 6);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn reduce_into<T, I, P, O>(input: &I, output: &P, op: O) -> Result<()>
where
    T: Item,
    I: Source<T>,
    P: Target<T>,
    O: BinaryOp<T>,
{
    let n = input.elements();
    check_len("reduce", n)?;
    if output.elements() != 1 {
        return Err(Error::InvalidArgument(ArgumentError::new(
            "reduce_into",
            ArgumentProblem::NotOneOutput {
                output: output.elements() as u64,
            },
        )));
    }
    if n == 0 {
        return Ok(());
    }
    let acc = accelerator(&[input.home(), output.home()])?;
    let chunks = Chunks::new(n, TILE * ITEMS, max_tiles(&acc, MAX_TILES));
    if chunks.tiles == 1 {
        return reduce_chunks(&acc, input, output, chunks, op);
    }
    // Pooled, so stale: the first pass writes every partial.
    let partials = Scratch::<T>::new(&acc, chunks.tiles as usize)?;
    reduce_chunks(&acc, input, &*partials, chunks, op)?;
    let last = Chunks::new(chunks.tiles as usize, TILE * ITEMS, 1);
    reduce_chunks(&acc, &*partials, output, last, op)
}

/// One pass: `partials[t]` = the combination of chunk `t` of `input` (any chunks: the scans
/// use it too).
pub(crate) fn reduce_chunks<T, I, P, O>(
    acc: &Accelerator,
    input: &I,
    partials: &P,
    chunks: Chunks,
    op: O,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    P: Target<T>,
    O: BinaryOp<T>,
{
    let (src, dst) = (input.captured(), partials.captured());
    let chunk = chunks.chunk;
    let combine = Binary::<O, T>::new(op);
    parallel_for_each!(acc, chunks.domain(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut shared: [T; TILE];
        let l = t.local[0] as u32;
        let tile = t.tile[0] as u32;
        let n = src.extent()[0] as u32;
        let start = tile * chunk;
        let end = (start + chunk).min(n);
        let tile_threads = TILE as u32;
        // The thread's elements are start + l + j * TILE, j = 0, 1, …, eight loads at a time: a
        // GPU keeps one load per thread in flight otherwise, and at full occupancy that covers
        // only part of the memory latency, so part of the bandwidth. Element j = 0 starts the
        // combination; a first pass of eight
        // replaces it (so that a chunk of a multiple of eight elements a thread leaves no tail
        // of single loads), a shorter first pass skips it. Threads past the end hold a copy of
        // the last element and are left out of the tree below.
        let first = start + l;
        let mut acc = src[first.min(end - 1)];
        for base in (first..end).step_by(8 * TILE) {
            if base + 7 * tile_threads < end {
                let a = src[base];
                let b = src[base + tile_threads];
                let c = src[base + 2 * tile_threads];
                let d = src[base + 3 * tile_threads];
                let e = src[base + 4 * tile_threads];
                let f = src[base + 5 * tile_threads];
                let g = src[base + 6 * tile_threads];
                let h = src[base + 7 * tile_threads];
                let eight = combine(
                    combine(combine(a, b), combine(c, d)),
                    combine(combine(e, f), combine(g, h)),
                );
                if base == first {
                    acc = eight;
                } else {
                    acc = combine(acc, eight);
                }
            } else {
                let mut i = base;
                if base == first {
                    i = base + tile_threads;
                }
                for j in (i..end).step_by(TILE) {
                    acc = combine(acc, src[j]);
                }
            }
        }
        shared[l] = acc;
        t.barrier.wait_with_tile_static_memory_fence();
        // The tree over the threads that hold elements: at stride s, thread l < s takes in
        // thread l + s.
        let count = (end - start).min(tile_threads);
        for s in HALVES {
            if l < s && l + s < count {
                shared[l] = combine(shared[l], shared[l + s]);
            }
            t.barrier.wait_with_tile_static_memory_fence();
        }
        if l == 0 {
            dst[tile] = shared[0];
        }
    })
}
