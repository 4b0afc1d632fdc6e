//! `inclusive_scan` and `exclusive_scan`: by reduce-then-scan, with no inter-tile waiting,
//! described here; or, when asked ([`set_scan_method`]), in a single pass ([`single_pass`]) for
//! one-word elements whose output is not the input. The single pass is not the default: it
//! measured 0.4× reduce-then-scan on an H100, most of it in scanning one block per tile
//! (docs/PERFORMANCE.md).
//!
//! Each tile owns one contiguous chunk of whole blocks of [`WORD_BLOCK`] elements of one word
//! ([`BLOCK`] of larger ones). One kernel, [`scan_chunks`], does both passes over a chunk:
//!
//! 1. *aggregate*: the chunk's combination, in index order, into `partials[tile]` (for the
//!    built-in operations, which are commutative, `reduce`'s kernel instead: any order, eight
//!    loads in flight per thread, no barrier until the chunk's end);
//! 2. the partials are scanned (exclusively, with the initial value) by the same code on one
//!    tile, recursively if they need more than one;
//! 3. *scan*: each chunk again, starting from its carry (the scanned partial), writing the
//!    output.
//!
//! Memory traffic: about `3n` elements (`n` read twice, written once), plus the partials. A
//! single tile covering the data does only step 3.
//!
//! Inside a chunk, block by block: the tile loads the block striped (thread `l` reads elements
//! `k * TILE + l`, neighbouring threads neighbouring words) into tile_static memory, each thread
//! takes [`WORD_ITEMS`] ([`ITEMS`]) consecutive elements from there and scans them in
//! registers, the tile scans its threads' totals (raking: 16 threads scan 16 totals each in
//! place, then each thread combines the groups before its own and its own scanned entry; 2
//! barriers, where a Hillis–Steele scan waits at 9), and the results go back through
//! tile_static memory so that the output is written striped too. The block's total (all 16
//! groups) carries into the next block. Every combination keeps index order, so the operation
//! need only be associative; it is never applied to elements past the end except in results
//! that are not written (the last block repeats its last element to fill up, and its total is
//! the one carry nothing reads). Seven barriers per block.

use super::ops::Binary;
use super::plan::{accelerator, check_len, max_tiles, same_len, Chunks, TILE};
use super::reduce::reduce_chunks;
use super::scratch::Scratch;
use super::{BinaryOp, Item, Source, Target};
use crate::{parallel_for_each, Accelerator, Result, TiledIndex};
use std::sync::atomic::{AtomicBool, Ordering};

mod single_pass;

/// Consecutive elements a thread scans in registers, for elements of more than one word: odd,
/// so that the threads' reads of tile_static memory (a stride of `ITEMS` elements) fall in
/// distinct banks; small, so that a block of 8-byte elements fits the 16 KiB of tile_static
/// memory every device has.
const ITEMS: usize = 7;

/// Elements per block (what a tile loads at once) of elements of more than one word.
const BLOCK: usize = TILE * ITEMS;

/// [`ITEMS`] for one-word elements (`u32`, `i32`, `f32`): odd, and a block (15 KiB) still fits
/// 16 KiB. Twice the elements per block share the block's fixed work (7 barriers, the raking
/// scan).
const WORD_ITEMS: usize = 15;

/// See [`WORD_ITEMS`].
const WORD_BLOCK: usize = TILE * WORD_ITEMS;

/// Elements per block for elements of `T`.
fn block_of<T: Item>() -> usize {
    if T::WORDS == 1 {
        WORD_BLOCK
    } else {
        BLOCK
    }
}

/// The most tiles of a pass; their partials are scanned by one tile (in 5 blocks at most).
const MAX_TILES: usize = 8192;

/// Threads whose totals one thread combines in the tile's raking scan.
const GROUP: usize = 16;

/// Groups of [`GROUP`] threads in a tile.
const GROUPS: usize = TILE / GROUP;

/// Writes the running combination of `input` to `output`, in index order:
/// `output[i] = input[0] op input[1] op … op input[i]` (C++'s `std::inclusive_scan`, Thrust's
/// `inclusive_scan`). `op` must be associative ([`Sum`](super::Sum), [`Min`](super::Min),
/// [`Max`](super::Max) or a `#[kernel] fn(T, T) -> T`); it need not be commutative. `output`
/// must have as many elements as `input`, and may be `input` itself (an in-place scan). The
/// result stays on the accelerator.
///
/// ```
/// use amp::prelude::*;
/// use amp::algorithms::{inclusive_scan, Sum};
///
/// let data = [1, 2, 3, 4];
/// let input = ConstArrayView::new(4, &data)?;
/// let output = ArrayView::<i32, 1>::from_extent(4)?;
/// inclusive_scan(&input, &output, Sum)?;
/// assert_eq!(output.to_vec()?, [1, 3, 6, 10]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn inclusive_scan<T, I, O, Op>(input: &I, output: &O, op: Op) -> Result<()>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    Op: BinaryOp<T>,
{
    scan("inclusive_scan", input, output, false, None, op)
}

/// Writes the running combination of `input` before each element to `output`, starting from
/// `init`: `output[0] = init`, `output[i] = init op input[0] op … op input[i - 1]` (C++'s
/// `std::exclusive_scan(first, last, out, init, op)`). `op` must be associative; the lengths
/// must match; `output` may be `input` itself. The result stays on the accelerator.
///
/// ```
/// use amp::prelude::*;
/// use amp::algorithms::{exclusive_scan, Sum};
///
/// let data = [3u32, 1, 4, 1];
/// let input = ConstArrayView::new(4, &data)?;
/// let offsets = ArrayView::<u32, 1>::from_extent(4)?;
/// exclusive_scan(&input, &offsets, 0, Sum)?;
/// assert_eq!(offsets.to_vec()?, [0, 3, 4, 8]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn exclusive_scan<T, I, O, Op>(input: &I, output: &O, init: T, op: Op) -> Result<()>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    Op: BinaryOp<T>,
{
    scan("exclusive_scan", input, output, true, Some(init), op)
}

/// The scan; `init` goes before the first element (for exclusive scans, and for the scan of
/// partials, which is exclusive also without one: its first result is then never read).
fn scan<T, I, O, Op>(
    function: &'static str,
    input: &I,
    output: &O,
    exclusive: bool,
    init: Option<T>,
    op: Op,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    Op: BinaryOp<T>,
{
    let n = input.elements();
    check_len(function, n)?;
    same_len(function, n, output.elements())?;
    if n == 0 {
        return Ok(());
    }
    let acc = accelerator(&[input.home(), output.home()])?;
    let tiles = max_tiles(&acc, MAX_TILES);
    scan_on(&acc, input, output, exclusive, init, op, tiles)
}

/// How the scans run: by reduce-then-scan (the default), or in a single pass where it applies.
/// A switch for comparing the two (`benches/algorithms.rs` times both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ScanMethod {
    /// One pass with decoupled look-back and fallback (docs/ALGORITHMS.md), for elements of
    /// one 32-bit word (`i32`, `u32`, `f32`) when the output is not the input; reduce-then-scan
    /// otherwise. Moves `2n` elements where reduce-then-scan moves `3n`, but each tile scans
    /// one block only, and measured slower (docs/PERFORMANCE.md).
    SinglePass,
    /// Reduce-then-scan always: each tile's chunk combined, the combinations scanned, each
    /// chunk scanned from its carry (about `3n` memory traffic).
    #[default]
    ReduceThenScan,
}

/// The method the scans use, process-wide: `true` for [`ScanMethod::SinglePass`].
static SINGLE_PASS: AtomicBool = AtomicBool::new(false);

/// Sets how [`inclusive_scan`] and [`exclusive_scan`] (and the scans inside `radix_sort` and
/// `copy_if`) run from now on, in every thread, and returns the previous method. Results are
/// the same either way, up to the rounding of `f32` sums (combined in another order).
///
/// ```
/// use amp::algorithms::{set_scan_method, ScanMethod};
///
/// let old = set_scan_method(ScanMethod::SinglePass);
/// assert_eq!(old, ScanMethod::ReduceThenScan);
/// set_scan_method(old);
/// ```
pub fn set_scan_method(method: ScanMethod) -> ScanMethod {
    let old = SINGLE_PASS.swap(method == ScanMethod::SinglePass, Ordering::Relaxed);
    if old {
        ScanMethod::SinglePass
    } else {
        ScanMethod::ReduceThenScan
    }
}

/// [`scan`] on `acc` (`n > 0`, lengths checked): in one pass where it applies and is switched
/// on, else by reduce-then-scan with at most `max_tiles` tiles a pass.
pub(crate) fn scan_on<T, I, O, Op>(
    acc: &Accelerator,
    input: &I,
    output: &O,
    exclusive: bool,
    init: Option<T>,
    op: Op,
    max_tiles: usize,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    Op: BinaryOp<T>,
{
    if SINGLE_PASS.load(Ordering::Relaxed) && single_pass::applies(input, output) {
        let step = Scan {
            aggregate: false,
            exclusive,
            init,
        };
        return single_pass::scan(
            acc,
            input,
            output,
            step,
            op,
            single_pass::Lookback::normal(acc),
        );
    }
    reduce_then_scan(acc, input, output, exclusive, init, op, max_tiles)
}

/// [`scan`] by reduce-then-scan (the module documentation), with at most `max_tiles` tiles a
/// pass (more where the chunks would be too long).
fn reduce_then_scan<T, I, O, Op>(
    acc: &Accelerator,
    input: &I,
    output: &O,
    exclusive: bool,
    init: Option<T>,
    op: Op,
    max_tiles: usize,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    Op: BinaryOp<T>,
{
    let chunks = Chunks::new(input.elements(), block_of::<T>(), max_tiles);
    let step = Scan {
        aggregate: false,
        exclusive,
        init,
    };
    // Pooled, so stale: each pass writes every partial (one a tile) and the scan of the
    // partials every carry before they are read; `unused` is bound and never touched.
    let unused = Scratch::<T>::new(acc, 1)?;
    let unused = &*unused;
    if chunks.tiles == 1 {
        let no_carries = Scratch::<T>::new(acc, 1)?;
        return scan_pass(acc, input, output, unused, &*no_carries, chunks, step, op);
    }
    let partials = Scratch::<T>::new(acc, chunks.tiles as usize)?;
    let carries = Scratch::<T>::new(acc, chunks.tiles as usize)?;
    let (partials, carries) = (&*partials, &*carries);
    let aggregate = Scan {
        aggregate: true,
        ..step
    };
    if Op::COMMUTATIVE {
        // Any order will do for a chunk's combination: reduce's loop, eight loads in flight.
        reduce_chunks(acc, input, partials, chunks, op)?;
    } else {
        scan_pass(acc, input, output, partials, unused, chunks, aggregate, op)?;
    }
    reduce_then_scan(acc, partials, carries, true, init, op, max_tiles)?;
    scan_pass(acc, input, output, unused, carries, chunks, step, op)
}

/// [`scan_chunks`] with the block that [`block_of`] gives `T`.
#[allow(clippy::too_many_arguments)]
fn scan_pass<T, I, O, P, C, Op>(
    acc: &Accelerator,
    input: &I,
    output: &O,
    partials: &P,
    carries: &C,
    chunks: Chunks,
    step: Scan<T>,
    op: Op,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    P: Target<T>,
    C: Source<T>,
    Op: BinaryOp<T>,
{
    if T::WORDS == 1 {
        scan_chunks::<WORD_ITEMS, WORD_BLOCK, T, I, O, P, C, Op>(
            acc, input, output, partials, carries, chunks, step, op,
        )
    } else {
        scan_chunks::<ITEMS, BLOCK, T, I, O, P, C, Op>(
            acc, input, output, partials, carries, chunks, step, op,
        )
    }
}

/// What [`scan_chunks`] does.
#[derive(Clone, Copy)]
struct Scan<T> {
    /// Write each chunk's combination to `partials` instead of scanning it into `output`.
    aggregate: bool,
    /// An exclusive scan.
    exclusive: bool,
    /// The value before the first element.
    init: Option<T>,
}

/// One pass over the chunks of `input` (see the module documentation), in blocks of `BLOCK =
/// TILE * ITEMS` elements. Tile `t > 0` starts scanning from `carries[t]`, tile 0 from `init`.
#[allow(clippy::too_many_arguments)]
fn scan_chunks<const ITEMS: usize, const BLOCK: usize, T, I, O, P, C, Op>(
    acc: &Accelerator,
    input: &I,
    output: &O,
    partials: &P,
    carries: &C,
    chunks: Chunks,
    step: Scan<T>,
    op: Op,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    P: Target<T>,
    C: Source<T>,
    Op: BinaryOp<T>,
{
    let (src, out, part, carry_in) = (
        input.captured(),
        output.captured(),
        partials.captured(),
        carries.captured(),
    );
    let (chunk, blocks) = (chunks.chunk, chunks.blocks);
    let (aggregate, exclusive) = (step.aggregate, step.exclusive);
    let has_init = step.init.is_some();
    // Any value of T stands in for a missing init: it is never combined.
    let init = step
        .init
        .unwrap_or_else(|| T::read_words(&vec![0; T::WORDS]));
    let combine = Binary::<Op, T>::new(op);
    parallel_for_each!(acc, chunks.domain(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut stage: [T; BLOCK];
        #[tile_static]
        let mut group_totals: [T; GROUPS];
        let l = t.local[0] as u32;
        let tile = t.tile[0] as u32;
        let n = src.extent()[0] as u32;
        let start = tile * chunk;
        let end = (start + chunk).min(n);
        let tile_threads = TILE as u32;
        let items = ITEMS as u32;
        let group = GROUP as u32;
        // The thread's group, where the group's totals start in `stage` (one padding element
        // after each group: the threads combining groups read distinct banks), and the
        // thread's place in its group.
        let g = l / group;
        let group_start = g * (group + 1);
        let mine = l - g * group;
        // The carry into the chunk: none for the aggregate.
        let mut has_carry = has_init && !aggregate;
        let mut carry = init;
        if tile > 0 && !aggregate {
            has_carry = true;
            carry = carry_in[tile];
        }
        for block in 0..blocks {
            let base = start + block * BLOCK as u32;
            if base < end {
                // Striped loads; past the end, the last element again.
                for k in 0..ITEMS {
                    let i = (base + k * tile_threads + l).min(end - 1);
                    stage[k * tile_threads + l] = src[i];
                }
                t.barrier.wait_with_tile_static_memory_fence();
                // The thread's consecutive elements, scanned.
                let mut v = [stage[l * items]; ITEMS];
                for k in 1..ITEMS {
                    v[k] = combine(v[k - 1], stage[l * items + k]);
                }
                t.barrier.wait_with_tile_static_memory_fence();
                // The threads' totals, scanned by raking: 16 threads scan a group of 16
                // totals each, in order; then each thread combines the groups before its own
                // and its group's totals before its own (one element).
                stage[l + g] = v[ITEMS - 1];
                t.barrier.wait_with_tile_static_memory_fence();
                if l < GROUPS as u32 {
                    // The group's totals, scanned in place (exclusively: entry j becomes the
                    // combination of entries 0..j; entry 0 is left as it is).
                    let first = l * (group + 1);
                    let mut s = stage[first];
                    for j in 1..GROUP as u32 {
                        let x = stage[first + j];
                        stage[first + j] = s;
                        s = combine(s, x);
                    }
                    group_totals[l] = s;
                }
                t.barrier.wait_with_tile_static_memory_fence();
                // Everything before this thread's elements, with the carry (none for thread 0
                // of a tile's first block without an init).
                let mut has_prefix = has_carry;
                let mut prefix = carry;
                for i in 0..GROUPS as u32 {
                    if i < g {
                        let s = group_totals[i];
                        if has_prefix {
                            prefix = combine(prefix, s);
                        } else {
                            prefix = s;
                        }
                        has_prefix = true;
                    }
                }
                if mine > 0 {
                    let s = stage[group_start + mine];
                    if has_prefix {
                        prefix = combine(prefix, s);
                    } else {
                        prefix = s;
                    }
                    has_prefix = true;
                }
                // The carry into the next block: the combination of the whole block. (The
                // last block of the data also combines its padding, but nothing reads that
                // carry: no block follows it, and the last tile's partial is not used.)
                let mut block_total = group_totals[0];
                for i in 1..GROUPS as u32 {
                    block_total = combine(block_total, group_totals[i]);
                }
                t.barrier.wait_with_tile_static_memory_fence();
                if !aggregate {
                    for k in 0..ITEMS {
                        let mut value = v[k];
                        if exclusive {
                            value = prefix;
                            if k > 0 {
                                value = v[k - 1];
                                if has_prefix {
                                    value = combine(prefix, value);
                                }
                            }
                        } else if has_prefix {
                            value = combine(prefix, v[k]);
                        }
                        stage[l * items + k] = value;
                    }
                    t.barrier.wait_with_tile_static_memory_fence();
                    for k in 0..ITEMS {
                        let i = base + k * tile_threads + l;
                        if i < end {
                            out[i] = stage[k * tile_threads + l];
                        }
                    }
                    // Before the next block's loads.
                    t.barrier.wait_with_tile_static_memory_fence();
                }
                if has_carry {
                    carry = combine(carry, block_total);
                } else {
                    carry = block_total;
                }
                has_carry = true;
            }
        }
        if aggregate && l == 0 {
            part[tile] = carry;
        }
    })
}

#[cfg(test)]
mod tests {
    use super::single_pass::{self, Lookback};
    use super::*;
    use crate::algorithms::{Max, Sum};
    use crate::{ArrayView, ConstArrayView};

    /// Composition of affine maps `x -> m x + c` modulo 2^16, `m` in the high half of the word
    /// and `c` in the low: `compose(f, g)` applies `f`, then `g`. Associative, not commutative.
    #[crate::kernel]
    fn compose(f: u32, g: u32) -> u32 {
        let (mf, cf) = (f >> 16, f & 0xFFFF);
        let (mg, cg) = (g >> 16, g & 0xFFFF);
        (((mf * mg) & 0xFFFF) << 16) | ((cf * mg + cg) & 0xFFFF)
    }

    fn compose_host(f: u32, g: u32) -> u32 {
        let (mf, cf) = (f >> 16, f & 0xFFFF);
        let (mg, cg) = (g >> 16, g & 0xFFFF);
        ((mf.wrapping_mul(mg) & 0xFFFF) << 16) | (cf.wrapping_mul(mg).wrapping_add(cg) & 0xFFFF)
    }

    /// Pseudo-random words (xorshift).
    fn words(n: usize, seed: u32) -> Vec<u32> {
        let mut x = seed | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x
            })
            .collect()
    }

    /// The scan on the host: inclusive, or exclusive from `init`.
    fn host_scan(data: &[u32], init: Option<u32>, op: fn(u32, u32) -> u32) -> Vec<u32> {
        let mut run = init;
        data.iter()
            .map(|&x| {
                let before = run;
                let after = match run {
                    Some(r) => op(r, x),
                    None => x,
                };
                run = Some(after);
                match init {
                    Some(_) => before.unwrap_or(x),
                    None => after,
                }
            })
            .collect()
    }

    /// How a test runs the scan: the single pass with a given look-back, or reduce-then-scan.
    #[derive(Clone, Copy, Debug)]
    enum Path {
        Single(Lookback),
        ReduceThenScan,
    }

    /// Scans `data` (exclusively from `init`, or inclusively) with `op` by `path`, and checks
    /// the result against the host's.
    fn check<Op: BinaryOp<u32>>(
        data: &[u32],
        init: Option<u32>,
        op: Op,
        host_op: fn(u32, u32) -> u32,
        path: Path,
    ) -> Result<()> {
        let n = data.len();
        let input = ConstArrayView::new(n as i32, data)?;
        let output = ArrayView::<u32, 1>::from_extent(n as i32)?;
        let acc = accelerator(&[])?;
        match path {
            Path::Single(lookback) => {
                assert!(single_pass::applies(&input, &output));
                let step = Scan {
                    aggregate: false,
                    exclusive: init.is_some(),
                    init,
                };
                single_pass::scan(&acc, &input, &output, step, op, lookback)?;
            }
            Path::ReduceThenScan => reduce_then_scan(
                &acc,
                &input,
                &output,
                init.is_some(),
                init,
                op,
                max_tiles(&acc, MAX_TILES),
            )?,
        }
        let got = output.to_vec()?;
        let want = host_scan(data, init, host_op);
        if let Some(i) = (0..n).find(|&i| got[i] != want[i]) {
            panic!(
                "{path:?}, n = {n}, init {init:?}: element {i} is {:#x}, not {:#x}",
                got[i], want[i]
            );
        }
        Ok(())
    }

    /// Both paths, on lengths around block and chunk boundaries, inclusive and exclusive,
    /// with a non-commutative operation and with a built-in one.
    #[test]
    fn both_paths_scan_odd_lengths_in_order() -> Result<()> {
        let acc = accelerator(&[])?;
        let normal = Path::Single(Lookback::normal(&acc));
        for n in [
            1,
            2,
            WORD_BLOCK - 1,
            WORD_BLOCK,
            WORD_BLOCK + 1,
            5 * WORD_BLOCK + 777,
        ] {
            let data = words(n, n as u32);
            for path in [normal, Path::ReduceThenScan] {
                check(&data, None, compose, compose_host, path)?;
                check(&data, Some(0x0003_0001), compose, compose_host, path)?;
                check(&data, Some(7), Sum, u32::wrapping_add, path)?;
                check(&data, None, Max, u32::max, path)?;
            }
        }
        Ok(())
    }

    /// More than a thousand chunks: long look-back chains, tiles running in whatever order
    /// the device runs them.
    #[test]
    fn single_pass_over_a_thousand_chunks() -> Result<()> {
        let acc = accelerator(&[])?;
        let n = 1100 * WORD_BLOCK + 123;
        let data = words(n, 99);
        let normal = Lookback::normal(&acc);
        check(&data, Some(5), compose, compose_host, Path::Single(normal))?;
        // No waiting: a predecessor that has published nothing is always fallen back on.
        let impatient = Lookback {
            spins: 0,
            forced: 0,
            publish_inclusive: true,
        };
        check(&data, None, Sum, u32::wrapping_add, Path::Single(impatient))?;
        // The first three look-back steps of every tile fall back, whatever was published:
        // fallbacks followed by aggregates and inclusive prefixes.
        let three = Lookback {
            forced: 3,
            ..normal
        };
        check(&data, Some(1), compose, compose_host, Path::Single(three))
    }

    /// Many chunks and no inclusive prefix but chunk 0's: every look-back combines
    /// aggregates over several windows of TILE predecessors (down to chunk 0, 3000 windows'
    /// worth of descriptors in all), waiting on and falling back on the predecessors that have
    /// not published yet; the windows' combination keeps index order.
    #[test]
    fn single_pass_look_back_over_many_windows() -> Result<()> {
        let acc = accelerator(&[])?;
        let n = 3 * TILE * WORD_BLOCK + 5 * WORD_BLOCK + 17;
        let data = words(n, 7);
        let chains = Lookback {
            publish_inclusive: false,
            ..Lookback::normal(&acc)
        };
        check(
            &data,
            Some(0x0002_0003),
            compose,
            compose_host,
            Path::Single(chains),
        )?;
        check(&data, None, Sum, u32::wrapping_add, Path::Single(chains))
    }

    /// Every look-back step of every tile falls back, down to chunk 0 (whose fallback must
    /// bring in the initial value).
    #[test]
    fn single_pass_with_every_step_falling_back() -> Result<()> {
        let n = 40 * WORD_BLOCK - 5;
        let data = words(n, 3);
        let all = Path::Single(Lookback {
            spins: 0,
            forced: u32::MAX,
            publish_inclusive: true,
        });
        check(&data, Some(0x0001_0002), compose, compose_host, all)?;
        check(&data, None, compose, compose_host, all)
    }

    /// An in-place scan takes reduce-then-scan (the fallback reads other chunks' input) and
    /// gives the same results.
    #[test]
    fn in_place_scans_are_correct() -> Result<()> {
        let n = 30 * WORD_BLOCK + 11;
        let data = words(n, 17);
        let mut buffer = data.clone();
        let view = ArrayView::new(n as i32, &mut buffer)?;
        assert!(!single_pass::applies(&view, &view));
        inclusive_scan(&view, &view, compose)?;
        assert!(view.to_vec()? == host_scan(&data, None, compose_host));
        let floats: Vec<f32> = data.iter().map(|&x| (x % 100) as f32).collect();
        let mut buffer = floats.clone();
        let view = ArrayView::new(n as i32, &mut buffer)?;
        exclusive_scan(&view, &view, 1.0, Sum)?;
        let mut run = 1.0f32;
        for (i, (&got, &x)) in view.to_vec()?.iter().zip(&floats).enumerate() {
            assert_eq!(got, run, "element {i}");
            run += x;
        }
        Ok(())
    }

    /// Addition of pairs: an operation not known to be commutative, on 8-byte elements.
    #[crate::kernel]
    fn add_pairs(a: crate::UInt2, b: crate::UInt2) -> crate::UInt2 {
        a + b
    }

    /// With a GPU's number of tiles, more partials than one tile scans: the partials' scan has
    /// passes of its own (8-byte elements, whose blocks are smallest, so that this takes the
    /// fewest elements).
    #[test]
    fn partials_of_more_than_one_tile_are_scanned_in_passes() -> Result<()> {
        let n = BLOCK * 1800 + 5;
        let data: Vec<crate::UInt2> = (0..n as u32)
            .map(|i| crate::uint2(i.wrapping_mul(2_654_435_761) >> 28, i & 7))
            .collect();
        let input = crate::ConstArrayView::new(n as i32, &data)?;
        let output = crate::ArrayView::<crate::UInt2, 1>::from_extent(n as i32)?;
        let acc = accelerator(&[])?;
        assert!(Chunks::new(n, block_of::<crate::UInt2>(), MAX_TILES).tiles as usize > BLOCK);
        let init = crate::uint2(3, 1);
        scan_on(
            &acc,
            &input,
            &output,
            true,
            Some(init),
            add_pairs,
            MAX_TILES,
        )?;
        let got = output.to_vec()?;
        let mut run = init;
        for (i, &x) in data.iter().enumerate() {
            assert!(got[i] == run, "element {i}");
            run = crate::uint2(run.x().wrapping_add(x.x()), run.y().wrapping_add(x.y()));
        }
        Ok(())
    }
}
