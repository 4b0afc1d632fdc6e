//! Counting values into bins, tile by tile: what [`histogram`](super::histogram) and the radix
//! sort's digit counts share.
//!
//! Each tile counts one contiguous chunk of the input into counters of its own, then either adds
//! them to the global counts ([`Counts::Merged`], a histogram) or stores them as its column of a
//! digit-major table ([`Counts::PerTile`], the sort). What a value's bin is comes from a
//! `#[kernel] fn` (the binner), so one kernel serves floats, integers and digits.
//!
//! A tile counts with tile_static atomics on up to 16 copies of each counter (threads counting at
//! once meet at most two to a word or a bank); bins beyond what tile_static memory holds are
//! counted with global atomics directly. An atomic whose result is unused is sent and not waited
//! for, while a count made of a load, an add and a store waits on the count before it: counting
//! with plain loads and stores into a column of 8-bit counters per thread, with no atomics and
//! no bank conflicts, was slower (docs/PERFORMANCE.md, "Designs measured and dropped").

use super::plan::{Chunks, TILE};
use super::{Item, Source, Target};
use crate::kernel_types::{DeviceFn, KernelValue};
use crate::{parallel_for_each, Accelerator, Result, TiledIndex};
use amp_core::builder::{KernelArg, Marker};

/// Elements a thread loads before counting them (the loop bodies name eight loads).
pub(crate) const LOADS: usize = 8;

/// Values a tile loads in one loop pass; chunks are made of whole ones.
pub(crate) const LOAD_BLOCK: usize = LOADS * TILE;

/// Counters a tile keeps in tile_static memory (16 KiB, what every device has); more bins are
/// counted globally.
const SHARED_COUNTERS: usize = 4096;

/// The most copies of the counters a tile keeps (see [`copies`]).
const MAX_COPIES: u32 = 16;

/// The copies of each counter a tile keeps for `bins` bins: as many as fit, at most
/// [`MAX_COPIES`], a power of two. Thread `l` counts into copy `l % copies`, and copy `c` of bin
/// `b` is word `b * copies + c`: with 16 copies, the 32 threads of a warp that count at once meet
/// at most two to a word or a bank (bank `16 * (b % 2) + l % 16`), whatever their bins.
fn copies(bins: u32) -> u32 {
    let fit = (SHARED_COUNTERS as u32 / bins.max(1)).clamp(1, MAX_COPIES);
    1 << (31 - fit.leading_zeros())
}

/// The four parameter words a binner gets (their meaning is the binner's).
pub(crate) type BinParams = [u32; 4];

/// The arguments of a binner, a `#[kernel] fn(x: T, p0: u32, p1: u32, p2: u32, p3: u32, bins:
/// u32) -> u32` giving the bin of `x`, or `bins` or more to leave it out.
pub(crate) type BinArgs<T> = (
    KernelValue<T>,
    KernelValue<u32>,
    KernelValue<u32>,
    KernelValue<u32>,
    KernelValue<u32>,
    KernelValue<u32>,
);

/// Where [`count_chunks`] puts a tile's counts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Counts {
    /// Added to `counts[bin]` (a histogram).
    Merged,
    /// Stored at `counts[bin * tiles + tile]` (a digit-major table, one column per tile).
    PerTile,
}

/// What to count: `bins` bins, the binner's parameters, and where the counts go.
#[derive(Clone, Copy)]
pub(crate) struct Binning {
    /// Bins; a binner result of `bins` or more is not counted.
    pub bins: u32,
    /// The binner's parameters.
    pub params: BinParams,
    /// Where the counts go.
    pub mode: Counts,
}

/// Counts the values of `input` into `bins` bins, one tile per chunk of `chunks` (see the module
/// documentation). For [`Counts::Merged`], `counts` must be zero beforehand.
pub(crate) fn count_chunks<T, I, C, B, M>(
    acc: &Accelerator,
    input: &I,
    counts: &C,
    chunks: Chunks,
    binning: Binning,
    binner: B,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    C: Target<u32>,
    B: Fn(KernelArg, KernelArg, KernelArg, KernelArg, KernelArg, KernelArg) -> M + Copy + 'static,
    M: Marker + DeviceFn<BinArgs<T>, Output = KernelValue<u32>>,
{
    let (src, out) = (input.captured(), counts.captured());
    let [p0, p1, p2, p3] = binning.params;
    let bins = binning.bins;
    let (chunk, tiles) = (chunks.chunk, chunks.tiles);
    let private = bins as usize <= SHARED_COUNTERS;
    let copies = copies(bins);
    let per_tile = binning.mode == Counts::PerTile;
    parallel_for_each!(acc, chunks.domain(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut local: [u32; SHARED_COUNTERS];
        let l = t.local[0] as u32;
        let tile = t.tile[0] as u32;
        let n = src.extent()[0] as u32;
        let start = tile * chunk;
        let end = (start + chunk).min(n);
        let tile_threads = TILE as u32;
        let copy = l & (copies - 1);
        // Every counter index masked into the array, so that the accesses are proven in range
        // and need no run-time check (the indices are in range already: `bin < bins`, and
        // `bins * copies` counters fit).
        let mask = SHARED_COUNTERS as u32 - 1;
        if private {
            for b in (l..bins * copies).step_by(TILE) {
                local[b & mask] = 0;
            }
        }
        t.barrier.wait_with_tile_static_memory_fence();
        // Thread l counts elements start + l + 256·j: eight loads issued at once per loop
        // pass (a `for` loop, so its bounds are checked once), then their bins counted.
        for base in (start + l..end).step_by(LOADS * TILE) {
            if base + 7 * tile_threads < end {
                let v = [
                    src[base],
                    src[base + tile_threads],
                    src[base + 2 * tile_threads],
                    src[base + 3 * tile_threads],
                    src[base + 4 * tile_threads],
                    src[base + 5 * tile_threads],
                    src[base + 6 * tile_threads],
                    src[base + 7 * tile_threads],
                ];
                for k in 0..LOADS {
                    let bin = binner(v[k], p0, p1, p2, p3, bins);
                    if bin < bins {
                        if private {
                            local.atomic_fetch_add((bin * copies + copy) & mask, 1u32);
                        } else {
                            out.atomic_fetch_add(bin, 1u32);
                        }
                    }
                }
            } else {
                for i in (base..end).step_by(TILE) {
                    let bin = binner(src[i], p0, p1, p2, p3, bins);
                    if bin < bins {
                        if private {
                            local.atomic_fetch_add((bin * copies + copy) & mask, 1u32);
                        } else {
                            out.atomic_fetch_add(bin, 1u32);
                        }
                    }
                }
            }
        }
        t.barrier.wait_with_tile_static_memory_fence();
        if private {
            for b in (l..bins).step_by(TILE) {
                // The copies in an order that starts at a different bank for each bin.
                let mut c = 0u32;
                for j in 0..copies {
                    c += local[(b * copies + ((j + b) & (copies - 1))) & mask];
                }
                if per_tile {
                    out[b * tiles + tile] = c;
                } else if c > 0 {
                    out.atomic_fetch_add(b, c);
                }
            }
        }
    })
}
