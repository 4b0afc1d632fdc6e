//! `radix_sort` and `radix_sort_by_key`: least-significant-digit radix sort, four passes of 8-bit
//! digits, each a reduce-then-scan with no inter-tile waiting.
//!
//! Keys are sorted as `u32` words in unsigned order (`sort_key.rs`). Each pass, over tiles that
//! each own a contiguous chunk of whole blocks:
//!
//! 1. *count*: each tile counts its chunk's digits in tile_static memory (the histogram's kernel,
//!    `count.rs`) into column `tile` of a digit-major table `counts[digit * tiles + tile]`;
//! 2. an exclusive sum scan of the table (`scan.rs`): entry `(digit, tile)` becomes where the
//!    tile's first key of that digit goes;
//! 3. *scatter*: each tile goes over its chunk again, block by block. It sorts the block by the
//!    digit in tile_static memory, stably, with two 4-bit counting passes (each thread counts
//!    its consecutive keys' nibbles in registers, 4 bits a counter; the tile scans the counters,
//!    two to a word, with a raking sum), finds where each digit's run starts and ends in the
//!    sorted block, and writes the block out striped: consecutive keys of one digit to
//!    consecutive places. About 17 barriers per block of 2816 keys. Where the accelerator has
//!    subgroups of one size, the block is ranked with subgroup ballots instead
//!    (`subgroup_scatter.rs`, 5 barriers per block); this counting ranking is the fallback.
//!
//! Traffic per pass: the keys read twice and written once (the values, read and written once);
//! the count table is 256 words per tile. Four passes leave the result where it started (the
//! passes alternate between the data and one scratch array).

use super::count::{count_chunks, Binning, Counts};
use super::plan::{accelerator, check_len, max_tiles, same_len, tile_static_bytes, Chunks, TILE};
use super::scan::scan_on;
use super::scratch::Scratch;
use super::sort_key::{ordered, unordered};
use super::subgroup_scatter;
use super::tile::{tile_exclusive_sum, TILE_SUM_WORDS};
use super::{SortKey, Source, Sum, Target};
use crate::error::{ArgumentError, ArgumentProblem};
use crate::{
    kernel, parallel_for_each, Accelerator, ArrayView, Element, Error, Result, TiledIndex,
};
use std::sync::atomic::{AtomicBool, Ordering};

/// Bits per digit.
const DIGIT_BITS: u32 = 8;

/// The most tiles of a pass: about two waves of an H100 (132 SMs, 8 such tiles each), and few
/// enough that the count table (256 words a tile, written and read a word per digit apart)
/// stays a small part of the traffic.
const MAX_TILES: usize = 2048;

/// Words of the ranking counters: 16 counters per thread, two to a word (8 words a thread,
/// word `w` of thread `l` at `w * TILE + l`), with a padding word after every 32 so that both
/// the threads' own columns and the scan's runs of 8 consecutive words are read conflict-free.
const COUNTER_WORDS: usize = 8 * TILE + 8 * TILE / 32;

/// Keys a thread ranks in the large shape (odd: a thread's consecutive keys in tile_static
/// memory are read conflict-free; below 16: its counters are 4 bits), and the block that makes.
const LARGE_ITEMS: usize = 11;
/// See [`LARGE_ITEMS`].
const LARGE_KEYS: usize = TILE * LARGE_ITEMS;
/// Keys a thread ranks in the large shape of a sort with values, and the block that makes: the
/// values' array takes tile_static memory too, and 11 keys a thread would make 26.1 KiB.
const PAIRED_ITEMS: usize = 9;
/// See [`PAIRED_ITEMS`].
const PAIRED_KEYS: usize = TILE * PAIRED_ITEMS;
/// Keys a thread ranks where tile_static memory is only 16 KiB, and the block that makes.
const SMALL_ITEMS: usize = 3;
/// See [`SMALL_ITEMS`].
const SMALL_KEYS: usize = TILE * SMALL_ITEMS;

/// Words of the tile_static array that holds a block's keys and, while they are ranked (every
/// thread holds its keys in registers then), the ranking counters.
const fn block_words(keys: usize) -> usize {
    if keys > COUNTER_WORDS {
        keys
    } else {
        COUNTER_WORDS
    }
}

/// Words of the tile_static array that holds a block's values: none (one word) for a sort of
/// keys alone.
const fn value_words(keys: usize, with_values: bool) -> usize {
    if with_values {
        keys
    } else {
        1
    }
}

/// tile_static bytes of the scatter kernel with blocks of `keys` keys: the keys (and counters),
/// the values, three arrays of a word per digit, and the tile sum's. A sort of keys alone in
/// the large shape takes 15.1 KiB: the more tile_static memory a tile declares, the fewer tiles
/// a GPU runs at once, and a GPU streams at full speed only up to about 16 KiB per tile of 256
/// threads (docs/PERFORMANCE.md, "tile_static size and occupancy").
const fn scatter_bytes(keys: usize, with_values: bool) -> u32 {
    (4 * (block_words(keys) + value_words(keys, with_values) + 3 * TILE + TILE_SUM_WORDS)) as u32
}

/// Sorts `keys` in place on the accelerator, in ascending order, stably (equal keys keep their
/// order, which matters for [`radix_sort_by_key`]). Keys are `u32`, `i32` or `f32`; floats
/// are ordered as [`f32::total_cmp`] orders them: `-NaN < -∞ < … < -0.0 < +0.0 < … < +∞ < +NaN`
/// (a NaN's sign and payload place it; NaNs are kept bit for bit).
///
/// ```
/// use amp::prelude::*;
///
/// let mut data = [3.5f32, -0.0, 0.0, -7.25, f32::INFINITY];
/// let keys = ArrayView::new(5, &mut data)?;
/// amp::algorithms::radix_sort(&keys)?;
/// drop(keys);
/// assert_eq!(data.map(f32::to_bits), [-7.25f32, -0.0, 0.0, 3.5, f32::INFINITY].map(f32::to_bits));
/// # Ok::<(), amp::Error>(())
/// ```
pub fn radix_sort<K: SortKey, V: Target<K>>(keys: &V) -> Result<()> {
    let n = keys.elements();
    check_len("radix_sort", n)?;
    if n < 2 {
        return Ok(());
    }
    let acc = accelerator(&[keys.home()])?;
    let words = keys.target_words()?;
    let unused = Scratch::<u32>::new(&acc, 1)?;
    sort::<K, _, _>(&acc, &words, &*unused, false)
}

/// Sorts `keys` in place as [`radix_sort`] does, and `values` with them: the value at `i` moves
/// where key `i` moves, and equal keys keep the order of their values (a stable sort by key).
/// Values are 32-bit elements (`u32`, `i32`, `f32`, or a one-word `#[derive(Element)]` struct);
/// for larger ones, sort an index (see [`iota`](super::iota)) and gather. The lengths must match
/// ([`Error::InvalidArgument`] otherwise).
///
/// ```
/// use amp::prelude::*;
///
/// let mut keys = [2u32, 1, 2, 0];
/// let mut values = [10.0f32, 11.0, 12.0, 13.0];
/// let k = ArrayView::new(4, &mut keys)?;
/// let v = ArrayView::new(4, &mut values)?;
/// amp::algorithms::radix_sort_by_key(&k, &v)?;
/// assert_eq!(k.to_vec()?, [0, 1, 2, 2]);
/// assert_eq!(v.to_vec()?, [13.0, 11.0, 10.0, 12.0]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn radix_sort_by_key<K, T, KV, VV>(keys: &KV, values: &VV) -> Result<()>
where
    K: SortKey,
    T: Element,
    KV: Target<K>,
    VV: Target<T>,
{
    let n = keys.elements();
    check_len("radix_sort_by_key", n)?;
    same_len("radix_sort_by_key", n, values.elements())?;
    if T::WORDS != 1 {
        return Err(Error::InvalidArgument(ArgumentError::new(
            "radix_sort_by_key",
            ArgumentProblem::WideValues {
                element: T::name(),
                words: T::WORDS,
            },
        )));
    }
    if n < 2 {
        return Ok(());
    }
    let acc = accelerator(&[keys.home(), values.home()])?;
    let (key_words, value_words) = (keys.target_words()?, values.target_words()?);
    sort::<K, _, _>(&acc, &key_words, &value_words, true)
}

/// How [`radix_sort`] and [`radix_sort_by_key`] rank a block's keys by its digit in each pass.
/// A switch for comparing the two (`benches/algorithms.rs` times both). The results are the
/// same either way. Counting is the default: on the H100 the subgroup ranking measured slower
/// (docs/PERFORMANCE.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SortRanking {
    /// With subgroup ballots (docs/ALGORITHMS.md) where the accelerator has subgroups of one
    /// size and the tile fits its limits; by counting otherwise.
    Subgroups,
    /// By counting always: two 4-bit counting passes over the tile.
    #[default]
    Counting,
}

/// The ranking the sorts use, process-wide: `true` for [`SortRanking::Subgroups`].
static SUBGROUPS: AtomicBool = AtomicBool::new(false);

/// Sets how [`radix_sort`] and [`radix_sort_by_key`] rank keys from now on, in every thread,
/// and returns the previous ranking.
///
/// ```
/// use amp::algorithms::{set_sort_ranking, SortRanking};
///
/// let old = set_sort_ranking(SortRanking::Subgroups);
/// assert_eq!(old, SortRanking::Counting);
/// set_sort_ranking(old);
/// ```
pub fn set_sort_ranking(ranking: SortRanking) -> SortRanking {
    if SUBGROUPS.swap(ranking == SortRanking::Subgroups, Ordering::Relaxed) {
        SortRanking::Subgroups
    } else {
        SortRanking::Counting
    }
}

/// How a scatter ranks a block's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ranking {
    /// With subgroup ballots, in subgroups of this many lanes (`subgroup_scatter.rs`).
    Subgroups(u32),
    /// With two 4-bit counting passes, in the large shape or the small one.
    Counting { large: bool },
}

impl Ranking {
    /// The ranking to run on `acc`: subgroups where [`set_sort_ranking`] asked for them, `acc`
    /// has them in one size and the tile fits, else counting in the largest shape its
    /// tile_static memory allows.
    fn best(acc: &Accelerator, with_values: bool) -> Ranking {
        if !SUBGROUPS.load(Ordering::Relaxed) {
            return Ranking::counting(acc, with_values);
        }
        match subgroup_scatter::lanes(acc, with_values) {
            Some(lanes) => Ranking::Subgroups(lanes),
            None => Ranking::counting(acc, with_values),
        }
    }

    /// Counting in the largest shape `acc`'s tile_static memory allows.
    fn counting(acc: &Accelerator, with_values: bool) -> Ranking {
        let large = tile_static_bytes(acc) >= scatter_bytes(large_keys(with_values), with_values);
        Ranking::Counting { large }
    }

    /// Keys of a block.
    fn block(self, with_values: bool) -> usize {
        match self {
            Ranking::Subgroups(lanes) => subgroup_scatter::block_keys(lanes, with_values),
            Ranking::Counting { large: true } => large_keys(with_values),
            Ranking::Counting { large: false } => SMALL_KEYS,
        }
    }
}

/// The four passes, over the keys' and values' words, with the best ranking `acc` runs.
fn sort<K, KW, VW>(acc: &Accelerator, keys: &KW, values: &VW, with_values: bool) -> Result<()>
where
    K: SortKey,
    KW: Target<u32>,
    VW: Target<u32>,
{
    let ranking = Ranking::best(acc, with_values);
    sort_in::<K, KW, VW>(acc, keys, values, with_values, ranking)
}

/// Keys of a block in the large shape.
const fn large_keys(with_values: bool) -> usize {
    if with_values {
        PAIRED_KEYS
    } else {
        LARGE_KEYS
    }
}

/// [`sort`] with the given ranking.
fn sort_in<K, KW, VW>(
    acc: &Accelerator,
    keys: &KW,
    values: &VW,
    with_values: bool,
    ranking: Ranking,
) -> Result<()>
where
    K: SortKey,
    KW: Target<u32>,
    VW: Target<u32>,
{
    let n = keys.elements();
    let block = ranking.block(with_values);
    let tiles_max = max_tiles(acc, MAX_TILES);
    let chunks = Chunks::new(n, block, tiles_max);
    let table = 256 * chunks.tiles as usize;
    // Pooled: every pass writes all of each before reading it.
    let scratch_keys = Scratch::<u32>::new(acc, n)?;
    let scratch_values = Scratch::<u32>::new(acc, if with_values { n } else { 1 })?;
    let counts = Scratch::<u32>::new(acc, table)?;
    let offsets = Scratch::<u32>::new(acc, table)?;
    let flips = [K::FLIP, K::FLIP_NEGATIVE];
    for pass in 0..32 / DIGIT_BITS {
        let shift = pass * DIGIT_BITS;
        let params = [shift, K::FLIP, K::FLIP_NEGATIVE, 0];
        let pass = Pass {
            chunks,
            shift,
            flips,
            with_values,
        };
        let tables = (&*counts, &*offsets);
        if shift.is_multiple_of(2 * DIGIT_BITS) {
            let to = (&*scratch_keys, &*scratch_values);
            one_pass(
                acc,
                (keys, values),
                to,
                tables,
                params,
                pass,
                ranking,
                tiles_max,
            )?;
        } else {
            let from = (&*scratch_keys, &*scratch_values);
            one_pass(
                acc,
                from,
                (keys, values),
                tables,
                params,
                pass,
                ranking,
                tiles_max,
            )?;
        }
    }
    Ok(())
}

/// One pass from `from` to `to` (keys, values): count, scan the count table, scatter.
#[allow(clippy::too_many_arguments)]
fn one_pass<A, B, C, D>(
    acc: &Accelerator,
    from: (&A, &B),
    to: (&C, &D),
    (counts, offsets): (&ArrayView<'_, u32, 1>, &ArrayView<'_, u32, 1>),
    params: [u32; 4],
    pass: Pass,
    ranking: Ranking,
    max_tiles: usize,
) -> Result<()>
where
    A: Target<u32>,
    B: Target<u32>,
    C: Target<u32>,
    D: Target<u32>,
{
    let chunks = pass.chunks;
    let binning = Binning {
        bins: 256,
        params,
        mode: Counts::PerTile,
    };
    count_chunks(acc, from.0, counts, chunks, binning, digit)?;
    scan_on(acc, counts, offsets, true, Some(0), Sum, max_tiles)?;
    match ranking {
        Ranking::Subgroups(lanes) => {
            let scatter = subgroup_scatter::Scatter {
                chunks,
                shift: pass.shift,
                flips: pass.flips,
                with_values: pass.with_values,
                lanes,
            };
            subgroup_scatter::scatter(acc, from, to, offsets, scatter)
        }
        Ranking::Counting { large } => scatter(acc, from, to, offsets, pass, large),
    }
}

/// The digit of a key word: `p0` is the digit's shift, `p1`, `p2` the key type's flips.
#[kernel]
fn digit(x: u32, p0: u32, p1: u32, p2: u32, p3: u32, bins: u32) -> u32 {
    (ordered(x, p1, p2) >> p0) & (bins - 1)
}

/// One pass of the sort.
#[derive(Clone, Copy)]
struct Pass {
    chunks: Chunks,
    shift: u32,
    flips: [u32; 2],
    with_values: bool,
}

/// The scatter of one pass in the shape the accelerator's tile_static memory allows.
fn scatter<A, B, C, D, O>(
    acc: &Accelerator,
    from: (&A, &B),
    to: (&C, &D),
    offsets: &O,
    pass: Pass,
    large: bool,
) -> Result<()>
where
    A: Source<u32>,
    B: Source<u32>,
    C: Target<u32>,
    D: Target<u32>,
    O: Source<u32>,
{
    // Each shape with room for values only where there are values.
    const LARGE_BLOCK: usize = block_words(LARGE_KEYS);
    const SMALL_BLOCK: usize = block_words(SMALL_KEYS);
    const PAIRED_BLOCK: usize = block_words(PAIRED_KEYS);
    const PAIRED_VALUES: usize = value_words(PAIRED_KEYS, true);
    const SMALL_VALUES: usize = value_words(SMALL_KEYS, true);
    const NO_VALUES: usize = value_words(0, false);
    match (large, pass.with_values) {
        (true, true) => {
            scatter_blocks::<PAIRED_ITEMS, PAIRED_KEYS, PAIRED_BLOCK, PAIRED_VALUES, _, _, _, _, _>(
                acc, from, to, offsets, pass,
            )
        }
        (true, false) => {
            scatter_blocks::<LARGE_ITEMS, LARGE_KEYS, LARGE_BLOCK, NO_VALUES, _, _, _, _, _>(
                acc, from, to, offsets, pass,
            )
        }
        (false, true) => {
            scatter_blocks::<SMALL_ITEMS, SMALL_KEYS, SMALL_BLOCK, SMALL_VALUES, _, _, _, _, _>(
                acc, from, to, offsets, pass,
            )
        }
        (false, false) => {
            scatter_blocks::<SMALL_ITEMS, SMALL_KEYS, SMALL_BLOCK, NO_VALUES, _, _, _, _, _>(
                acc, from, to, offsets, pass,
            )
        }
    }
}

/// Step 3 of a pass (see the module documentation), with blocks of `KEYS = TILE * ITEMS` keys,
/// `BLOCK` words for the keys or the counters and `VALUES` for the values.
fn scatter_blocks<
    const ITEMS: usize,
    const KEYS: usize,
    const BLOCK: usize,
    const VALUES: usize,
    A,
    B,
    C,
    D,
    O,
>(
    acc: &Accelerator,
    (key_in, value_in): (&A, &B),
    (key_out, value_out): (&C, &D),
    offsets: &O,
    pass: Pass,
) -> Result<()>
where
    A: Source<u32>,
    B: Source<u32>,
    C: Target<u32>,
    D: Target<u32>,
    O: Source<u32>,
{
    let (src_keys, src_values) = (key_in.captured(), value_in.captured());
    let (dst_keys, dst_values) = (key_out.captured(), value_out.captured());
    let starts = offsets.captured();
    let (chunk, blocks, tiles) = (pass.chunks.chunk, pass.chunks.blocks, pass.chunks.tiles);
    let (shift, with_values) = (pass.shift, pass.with_values);
    let [flip, flip_negative] = pass.flips;
    parallel_for_each!(acc, pass.chunks.domain(), |t: TiledIndex<1>| {
        // The block's keys, or the ranking counters.
        #[tile_static]
        let mut keys: [u32; BLOCK];
        // The block's values.
        #[tile_static]
        let mut aux: [u32; VALUES];
        // For each digit: where the key at `p` of the sorted block goes, less `p` (wrapping);
        // and where its run ends in the block (0 for a digit the block lacks).
        #[tile_static]
        let mut shifts: [u32; TILE];
        #[tile_static]
        let mut ends: [u32; TILE];
        // Where the tile's next key of each digit goes.
        #[tile_static]
        let mut next: [u32; TILE];
        let l = t.local[0] as u32;
        let tile = t.tile[0] as u32;
        let n = src_keys.extent()[0] as u32;
        let start = tile * chunk;
        let end = (start + chunk).min(n);
        let tile_threads = TILE as u32;
        let items = ITEMS as u32;
        next[l] = starts[l * tiles + tile];
        for block in 0..blocks {
            let base = start + block * KEYS as u32;
            if base < end {
                let valid = (end - base).min(KEYS as u32);
                // Thread l alone uses entry l until the barrier after the ranking. (A digit the
                // block lacks keeps these: its `next` advances by 0.)
                shifts[l] = next[l];
                ends[l] = 0;
                // Striped loads of ordered words; past the end, the largest word (digit 255,
                // after every key).
                for k in 0..ITEMS {
                    let p = k * tile_threads + l;
                    let mut key = 0xFFFF_FFFFu32;
                    let mut value = 0u32;
                    if p < valid {
                        key = ordered(src_keys[base + p], flip, flip_negative);
                        if with_values {
                            value = src_values[base + p];
                        }
                    }
                    keys[p] = key;
                    if with_values {
                        aux[p] = value;
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
                // The thread's consecutive keys (and values).
                let mut kr = [0u32; ITEMS];
                let mut vr = [0u32; ITEMS];
                for k in 0..ITEMS {
                    kr[k] = keys[l * items + k];
                }
                if with_values {
                    for k in 0..ITEMS {
                        vr[k] = aux[l * items + k];
                    }
                }
                // Sort the block by the digit's low nibble, then (stably) by its high nibble.
                for half in 0..2u32 {
                    let nibble_shift = shift + 4 * half;
                    // The thread's counts of each nibble, 4 bits each (ITEMS < 16): nibbles
                    // 0..8 in `low`, 8..16 in `high`; and each key's count of equal nibbles
                    // before it in the thread.
                    let mut low = 0u32;
                    let mut high = 0u32;
                    let mut before = [0u32; ITEMS];
                    for k in 0..ITEMS {
                        let nibble = (kr[k] >> nibble_shift) & 15;
                        let s = (nibble & 7) * 4;
                        if nibble < 8 {
                            before[k] = (low >> s) & 15;
                            low += 1u32 << s;
                        } else {
                            before[k] = (high >> s) & 15;
                            high += 1u32 << s;
                        }
                    }
                    // Every thread has read its keys and values before `keys` holds counters.
                    t.barrier.wait_with_tile_static_memory_fence();
                    // Counter word w of the thread: nibble w (low half), nibble w + 8 (high).
                    for w in 0..8u32 {
                        let i = w * tile_threads + l;
                        let c = ((low >> (4 * w)) & 15) | (((high >> (4 * w)) & 15) << 16);
                        keys[i + i / 32] = c;
                    }
                    t.barrier.wait_with_tile_static_memory_fence();
                    // Exclusive sums of the counter words in (word, thread) order: thread l
                    // takes words 8l..8l+8 of that order. Read before the sum's first barrier.
                    let mut cw = [0u32; 8];
                    let mut sum = 0u32;
                    for j in 0..8u32 {
                        let i = 8 * l + j;
                        cw[j] = keys[i + i / 32];
                        sum += cw[j];
                    }
                    let sums = tile_exclusive_sum(sum, t);
                    let mut run = sums.x();
                    for j in 0..8u32 {
                        let i = 8 * l + j;
                        keys[i + i / 32] = run;
                        run += cw[j];
                    }
                    // Keys of nibbles 0..8 (the low halves) come first.
                    let low_total = sums.y() & 0xFFFF;
                    t.barrier.wait_with_tile_static_memory_fence();
                    let mut rank = [0u32; ITEMS];
                    for k in 0..ITEMS {
                        let nibble = (kr[k] >> nibble_shift) & 15;
                        let i = (nibble & 7) * tile_threads + l;
                        let bit = (nibble >> 3) * 16;
                        rank[k] = ((keys[i + i / 32] >> bit) & 0xFFFF) + before[k];
                        if nibble >= 8 {
                            rank[k] += low_total;
                        }
                    }
                    t.barrier.wait_with_tile_static_memory_fence();
                    // A rank is below KEYS; the `min` (one instruction) proves it, where a
                    // run-time check costs a compare and three selects.
                    for k in 0..ITEMS {
                        keys[rank[k].min(KEYS as u32 - 1)] = kr[k];
                    }
                    if with_values {
                        for k in 0..ITEMS {
                            aux[rank[k].min(KEYS as u32 - 1)] = vr[k];
                        }
                    }
                    t.barrier.wait_with_tile_static_memory_fence();
                    if half == 0 {
                        for k in 0..ITEMS {
                            kr[k] = keys[l * items + k];
                        }
                        if with_values {
                            for k in 0..ITEMS {
                                vr[k] = aux[l * items + k];
                            }
                        }
                    }
                }
                // Where each digit's run starts and ends in the sorted block: a run of digit d
                // starting at p goes to next[d], next[d] + 1, ….
                for k in 0..ITEMS {
                    let p = k * tile_threads + l;
                    if p < valid {
                        let d = (keys[p] >> shift) & 255;
                        // (The `max` and `min` only prove the neighbours' indices in range.)
                        if p == 0 || ((keys[p.max(1) - 1] >> shift) & 255) != d {
                            shifts[d] = next[d] - p;
                        }
                        let after = (p + 1).min(KEYS as u32 - 1);
                        if p + 1 == valid || ((keys[after] >> shift) & 255) != d {
                            ends[d] = p + 1;
                        }
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
                // The sorted block, striped: a digit's keys go to consecutive places.
                for k in 0..ITEMS {
                    let p = k * tile_threads + l;
                    if p < valid {
                        let key = keys[p];
                        let d = (key >> shift) & 255;
                        let dest = shifts[d] + p;
                        dst_keys[dest] = unordered(key, flip, flip_negative);
                        if with_values {
                            dst_values[dest] = aux[p];
                        }
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
                // next + (end - first) for a digit the block has; next for one it lacks.
                next[l] = shifts[l] + ends[l];
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every ranking `acc` runs: counting in both shapes, and subgroups where it has them.
    fn rankings(acc: &Accelerator, with_values: bool) -> Vec<Ranking> {
        let mut all = vec![
            Ranking::Counting { large: false },
            Ranking::Counting { large: true },
        ];
        if let Some(lanes) = subgroup_scatter::lanes(acc, with_values) {
            all.push(Ranking::Subgroups(lanes));
        }
        all
    }

    /// `keys` sorted with `ranking`, with their indices as values and alone: the values as
    /// sorted, and the keys alone as sorted.
    fn sorted_with(
        acc: &Accelerator,
        keys: &[f32],
        ranking: Ranking,
        paired: Ranking,
    ) -> Result<(Vec<u32>, Vec<u32>)> {
        let n = keys.len();
        let mut sorted = keys.to_vec();
        let mut values: Vec<u32> = (0..n as u32).collect();
        if n > 0 {
            let k = crate::ArrayView::new(n as i32, &mut sorted)?;
            let v = crate::ArrayView::new(n as i32, &mut values)?;
            let (kw, vw) = (k.target_words()?, v.target_words()?);
            sort_in::<f32, _, _>(acc, &kw, &vw, true, paired)?;
        }
        let mut alone = keys.to_vec();
        if n > 0 {
            let k = crate::ArrayView::new(n as i32, &mut alone)?;
            let unused = crate::ArrayView::<u32, 1>::from_extent(1)?;
            sort_in::<f32, _, _>(acc, &k.target_words()?, &unused, false, ranking)?;
        }
        Ok((values, alone.iter().map(|x| x.to_bits()).collect()))
    }

    /// The shape for accelerators with 16 KiB of tile_static memory fits it, and every ranking
    /// (the counting one in both shapes, the subgroup one where the test device has subgroups)
    /// sorts stably, keys alone and with values, at lengths from 1 key to many blocks a tile;
    /// keys alone, in either counting shape, take 16 KiB at most.
    #[test]
    fn every_ranking_sorts_stably() -> Result<()> {
        assert!(scatter_bytes(SMALL_KEYS, true) <= 16 * 1024);
        assert!(scatter_bytes(LARGE_KEYS, false) <= 16 * 1024);
        assert!(scatter_bytes(PAIRED_KEYS, true) <= 23 * 1024);
        let acc = accelerator(&[])?;
        let with_subgroups = acc.subgroup_size().is_some();
        // The test device (lavapipe) has subgroups of one size, so the subgroup path runs here.
        assert!(!with_subgroups || rankings(&acc, false).len() == 3);
        // Counting unless `set_sort_ranking` asks for subgroups (not done in this process).
        assert_eq!(Ranking::best(&acc, false), Ranking::counting(&acc, false));
        // Floats with many equal keys, -0.0, +0.0 and NaNs of both signs; several blocks per
        // tile in the small shape (768 keys a block, 32 tiles on a CPU device) at the longest.
        let all: Vec<f32> = (0..60_011u32)
            .map(|i| match i % 97 {
                0 => f32::from_bits(0x7FC0_0000 | (i & 0xFF)),
                1 => f32::from_bits(0xFFC0_0000 | (i & 0xFF)),
                2 => -0.0,
                3 => 0.0,
                _ => ((i.wrapping_mul(2_654_435_761) >> 20) as f32 - 2048.0) / 8.0,
            })
            .collect();
        for n in [1usize, 2, 7, 255, 961, 4097, 60_011] {
            let keys = &all[..n];
            let mut order: Vec<u32> = (0..n as u32).collect();
            order.sort_by(|&a, &b| keys[a as usize].total_cmp(&keys[b as usize]));
            let want: Vec<u32> = order.iter().map(|&i| keys[i as usize].to_bits()).collect();
            let paired = rankings(&acc, true);
            for (i, ranking) in rankings(&acc, false).into_iter().enumerate() {
                let (values, alone) = sorted_with(&acc, keys, ranking, paired[i])?;
                assert!(values == order, "{n} keys with values, {:?}", paired[i]);
                assert!(alone == want, "{n} keys alone, {ranking:?}");
            }
        }
        Ok(())
    }
}
