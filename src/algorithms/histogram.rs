//! `histogram`: the binners that say which bin a value falls in, and the public function; the
//! counting is `count.rs`'s.

use super::count::{count_chunks, BinArgs, BinParams, Binning, Counts, LOAD_BLOCK};
use super::fill::fill_on;
use super::plan::{accelerator, check_len, max_tiles, Chunks};
use super::{Item, Source, Target};
use crate::error::{ArgumentError, ArgumentProblem};
use crate::kernel_types::{DeviceFn, KernelValue};
use crate::{kernel, Accelerator, Error, Result};
use amp_core::builder::{KernelArg, Marker};

/// The most tiles of a histogram: about twice what an H100 runs at once (each tile zeroes and
/// adds up its 4096 counters once, so tiles should count many values).
const MAX_TILES: usize = 2048;

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

/// Counts `input` into `counts` (zeroed) with `binner`: chunks of whole loads, at most
/// [`MAX_TILES`] of them on a GPU.
fn count_merged<T, I, C, B, M>(
    acc: &Accelerator,
    input: &I,
    counts: &C,
    params: BinParams,
    binner: B,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    C: Target<u32>,
    B: Fn(KernelArg, KernelArg, KernelArg, KernelArg, KernelArg, KernelArg) -> M + Copy + 'static,
    M: Marker + DeviceFn<BinArgs<T>, Output = KernelValue<u32>>,
{
    let chunks = Chunks::new(input.elements(), LOAD_BLOCK, max_tiles(acc, MAX_TILES));
    let binning = Binning {
        bins: counts.elements() as u32,
        params,
        mode: Counts::Merged,
    };
    count_chunks(acc, input, counts, chunks, binning, binner)
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
        let params = word_params(lo, hi, 0, counts.elements() as u32);
        count_merged(acc, input, counts, params, word_bin)
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
        let params = word_params(lo as u32 ^ SIGN, hi as u32 ^ SIGN, SIGN, bins);
        count_merged(acc, &input.words()?, counts, params, word_bin)
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
        let scale = (f64::from(bins) / (f64::from(hi) - f64::from(lo))) as f32;
        let params = [lo.to_bits(), hi.to_bits(), scale.to_bits(), 0];
        count_merged(acc, input, counts, params, float_bin)
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
        return Err(Error::InvalidArgument(ArgumentError::new(
            "histogram",
            ArgumentProblem::NoBins,
        )));
    }
    if bins > u32::MAX as usize / 2 {
        return Err(Error::InvalidArgument(ArgumentError::new(
            "histogram",
            ArgumentProblem::TooMany {
                count: bins as u64,
                what: "bins",
                max: u64::from(u32::MAX / 2),
            },
        )));
    }
    if lo.partial_cmp(&hi) != Some(std::cmp::Ordering::Less) {
        return Err(Error::InvalidArgument(ArgumentError::new(
            "histogram",
            ArgumentProblem::EmptyRange,
        )));
    }
    let acc = accelerator(&[input.home(), counts.home()])?;
    fill_on(&acc, counts, 0)?;
    if n == 0 {
        return Ok(());
    }
    T::count(&acc, input, lo, hi, counts)
}
