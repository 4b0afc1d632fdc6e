//! `histogram`, and the tile-privatized counting it shares with the radix sort's digit counts.
//!
//! [`count_chunks`]: each tile counts its contiguous chunk into tile_static counters with
//! tile_static atomics (no global contention; up to 16 copies of each counter, so that threads
//! counting at once meet at most two to a word or a bank), then either adds its counters to the global
//! counts with one atomic per non-empty bin (`histogram`), or stores them as the tile's own
//! column of a digit-major table (the radix sort's per-tile digit counts). Bins beyond what
//! tile_static memory holds are counted with global atomics directly. What a value's bin is
//! comes from a `#[kernel] fn` (the binner), so one kernel serves floats, integers and digits.

use super::fill::fill_on;
use super::plan::{accelerator, check_len, max_tiles, Chunks, TILE};
use super::{Item, Source, Target};
use crate::kernel_types::{DeviceFn, KernelValue};
use crate::{kernel, parallel_for_each, Accelerator, Error, Result, TiledIndex};
use amp_core::builder::KernelToken;

/// Counters a tile keeps in tile_static memory (16 KiB, what every device has); more bins are
/// counted globally.
const SHARED_COUNTERS: usize = 4096;

/// The most copies of the counters a tile keeps (see [`copies`]).
const MAX_COPIES: u32 = 16;

/// The copies of each counter a tile keeps for `bins` bins: as many as fit, at most
/// [`MAX_COPIES`], a power of two. Thread `l` counts into copy `l % copies`, and copy `c` of bin
/// `b` is word `b * copies + c`: with 16 copies, the 32 threads of a warp that count at once
/// meet at most two to a word or a bank (bank `16 * (b % 2) + l % 16`), whatever their bins
/// (with one copy, all threads of a bin wait on each other, and about 4 of 32 random bins share
/// a bank).
fn copies(bins: u32) -> u32 {
    let fit = (SHARED_COUNTERS as u32 / bins.max(1)).clamp(1, MAX_COPIES);
    1 << (31 - fit.leading_zeros())
}

/// Elements a thread loads before counting them (the loop body names eight loads).
const ITEMS: usize = 8;

/// The most tiles of a histogram: about twice what an H100 runs at once (each tile zeroes and
/// adds up its 4096 counters once, so tiles should count many values).
const MAX_TILES: usize = 2048;

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

/// Counts the values of `input` into `bins` bins, chunk by chunk (see the module
/// documentation). For [`Counts::Merged`], `counts` must be zero beforehand.
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_chunks<T, I, C, B, M>(
    acc: &Accelerator,
    input: &I,
    counts: &C,
    chunks: Chunks,
    bins: u32,
    params: BinParams,
    binner: B,
    mode: Counts,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    C: Target<u32>,
    B: Fn(KernelToken) -> M + Copy + 'static,
    M: DeviceFn<BinArgs<T>, Output = KernelValue<u32>>,
{
    let (src, out) = (input.captured(), counts.captured());
    let [p0, p1, p2, p3] = params;
    let (chunk, tiles) = (chunks.chunk, chunks.tiles);
    let private = bins as usize <= SHARED_COUNTERS;
    let copies = copies(bins);
    let per_tile = mode == Counts::PerTile;
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
        for base in (start + l..end).step_by(ITEMS * TILE) {
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
                for k in 0..ITEMS {
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

/// The bin of a float: `p0`, `p1` are the range's bits, `p2` the bits of `bins / (hi - lo)`.
#[kernel]
fn float_bin(x: f32, p0: u32, p1: u32, p2: u32, p3: u32, bins: u32) -> u32 {
    let (lo, hi, scale) = (f32::from_bits(p0), f32::from_bits(p1), f32::from_bits(p2));
    let mut bin = bins;
    if x >= lo && x < hi {
        bin = (((x - lo) * scale) as u32).min(bins - 1);
    }
    bin
}

/// The bin of an integer, as a `u32` word: `p3` flips it into unsigned order (`i32`: the sign
/// bit), `p0` is the low end so flipped, `p1` the width of the range, `p2` the width of a bin
/// when the range divides evenly (0 when it does not).
#[kernel]
fn word_bin(x: u32, p0: u32, p1: u32, p2: u32, p3: u32, bins: u32) -> u32 {
    let d = (x ^ p3) - p0;
    let mut bin = bins;
    if d < p1 {
        if p2 != 0 {
            bin = d / p2;
        } else {
            bin = mul_div(d, bins, p1);
        }
    }
    bin
}

/// `⌊d · b / r⌋` for `d < r`, exactly, in 32-bit words: the 64-bit product from 16-bit halves,
/// then binary long division (the quotient is below `b`, so it fits a word).
#[kernel]
fn mul_div(d: u32, b: u32, r: u32) -> u32 {
    let (d1, d0) = (d >> 16, d & 0xFFFF);
    let (b1, b0) = (b >> 16, b & 0xFFFF);
    let (p00, p01, p10, p11) = (d0 * b0, d0 * b1, d1 * b0, d1 * b1);
    let middle = (p00 >> 16) + (p01 & 0xFFFF) + (p10 & 0xFFFF);
    let low = (p00 & 0xFFFF) | (middle << 16);
    let high = p11 + (p01 >> 16) + (p10 >> 16) + (middle >> 16);
    let mut remainder = high;
    let mut quotient = 0u32;
    for i in 0..32u32 {
        let carry = remainder >> 31;
        remainder = (remainder << 1) | ((low >> (31 - i)) & 1);
        quotient <<= 1;
        if carry == 1 || remainder >= r {
            remainder -= r;
            quotient |= 1;
        }
    }
    quotient
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for u32 {}
    impl Sealed for i32 {}
    impl Sealed for f32 {}
}

/// The values [`histogram`] counts: `u32`, `i32` (exact integer bins) and `f32` (bins computed
/// in `f32`).
pub trait HistogramSample: Item + PartialOrd + sealed::Sealed {
    /// Counts `input` into `counts` (zeroed) over `lo..hi`.
    #[doc(hidden)]
    fn count<I: Source<Self>, C: Target<u32>>(
        acc: &Accelerator,
        input: &I,
        lo: Self,
        hi: Self,
        counts: &C,
    ) -> Result<()>;
}

/// Parameters of [`word_bin`] for the range `lo..hi` of flipped words, over `bins` bins.
fn word_params(lo: u32, hi: u32, flip: u32, bins: u32) -> BinParams {
    let range = hi.wrapping_sub(lo);
    let width = if range.is_multiple_of(bins) {
        range / bins
    } else {
        0
    };
    [lo, range, width, flip]
}

impl HistogramSample for u32 {
    fn count<I: Source<u32>, C: Target<u32>>(
        acc: &Accelerator,
        input: &I,
        lo: u32,
        hi: u32,
        counts: &C,
    ) -> Result<()> {
        let bins = counts.elements() as u32;
        let chunks = Chunks::new(input.elements(), TILE * ITEMS, max_tiles(acc, MAX_TILES));
        let params = word_params(lo, hi, 0, bins);
        count_chunks(
            acc,
            input,
            counts,
            chunks,
            bins,
            params,
            word_bin,
            Counts::Merged,
        )
    }
}

impl HistogramSample for i32 {
    fn count<I: Source<i32>, C: Target<u32>>(
        acc: &Accelerator,
        input: &I,
        lo: i32,
        hi: i32,
        counts: &C,
    ) -> Result<()> {
        const SIGN: u32 = 0x8000_0000;
        let bins = counts.elements() as u32;
        let chunks = Chunks::new(input.elements(), TILE * ITEMS, max_tiles(acc, MAX_TILES));
        let params = word_params(lo as u32 ^ SIGN, hi as u32 ^ SIGN, SIGN, bins);
        let words = input.words()?;
        count_chunks(
            acc,
            &words,
            counts,
            chunks,
            bins,
            params,
            word_bin,
            Counts::Merged,
        )
    }
}

impl HistogramSample for f32 {
    fn count<I: Source<f32>, C: Target<u32>>(
        acc: &Accelerator,
        input: &I,
        lo: f32,
        hi: f32,
        counts: &C,
    ) -> Result<()> {
        let bins = counts.elements() as u32;
        let chunks = Chunks::new(input.elements(), TILE * ITEMS, max_tiles(acc, MAX_TILES));
        let scale = (f64::from(bins) / (f64::from(hi) - f64::from(lo))) as f32;
        let params = [lo.to_bits(), hi.to_bits(), scale.to_bits(), 0];
        count_chunks(
            acc,
            input,
            counts,
            chunks,
            bins,
            params,
            float_bin,
            Counts::Merged,
        )
    }
}

/// Counts the values of `input` in `lo..hi` into `counts.len()` bins of equal width: bin `b`
/// holds the values `x` with `⌊(x − lo) · bins / (hi − lo)⌋ = b` (CUB's `HistogramEven`); values
/// outside the range, and NaN, are not counted. Integer bins are exact; float bins are computed
/// in `f32` as `((x − lo) · scale) as u32` with `scale = bins / (hi − lo)` rounded to `f32`
/// (and at most the last bin), as a CPU would in `f32`. `counts` is overwritten; it stays on the
/// accelerator.
///
/// Fails with [`Error::InvalidArgument`] when `counts` is empty or the range is empty or not a
/// range (`lo >= hi`, a NaN bound).
///
/// ```
/// use amp::prelude::*;
///
/// let data = [0.5f32, 1.5, 1.7, 3.9, -2.0];
/// let input = ConstArrayView::new(5, &data)?;
/// let counts = ArrayView::<u32, 1>::from_extent(4)?;
/// amp::algorithms::histogram(&input, 0.0, 4.0, &counts)?;
/// assert_eq!(counts.to_vec()?, [1, 2, 0, 1]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn histogram<T, I, C>(input: &I, lo: T, hi: T, counts: &C) -> Result<()>
where
    T: HistogramSample,
    I: Source<T>,
    C: Target<u32>,
{
    let n = input.elements();
    check_len("histogram", n)?;
    let bins = counts.elements();
    if bins == 0 {
        return Err(Error::InvalidArgument(
            "histogram: the counts hold no bins".to_string(),
        ));
    }
    if bins > u32::MAX as usize / 2 {
        return Err(Error::InvalidArgument(format!(
            "histogram: {bins} bins; at most {} are supported",
            u32::MAX / 2
        )));
    }
    if lo.partial_cmp(&hi) != Some(std::cmp::Ordering::Less) {
        return Err(Error::InvalidArgument(
            "histogram: the range is empty (lo must be less than hi)".to_string(),
        ));
    }
    let acc = accelerator(&[input.home(), counts.home()])?;
    fill_on(&acc, counts, 0)?;
    if n == 0 {
        return Ok(());
    }
    T::count(&acc, input, lo, hi, counts)
}
