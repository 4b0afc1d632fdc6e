//! The single-pass scan: each tile scans one block and learns the combination of everything
//! before it from the tiles before it, by decoupled look-back with a fallback ("Decoupled
//! Fallback", Smith, Levien and Owens, SPAA 2025). Memory traffic: `2n` elements (read once,
//! written once) plus two words a block.
//!
//! 1. Thread 0 of each tile takes the next *chunk* (one block of [`WORD_BLOCK`] elements) from
//!    an atomic counter, so that every chunk before it belongs to a tile that has already
//!    started; the tile reads it with `read_uniform`, so that it is tile-uniform.
//! 2. The tile loads and scans its block as the reduce-then-scan path does (striped loads,
//!    [`WORD_ITEMS`] elements a thread in registers, a raking scan of the threads' totals).
//! 3. Thread 0 publishes the block's combination (its *aggregate*; for chunk 0 the *inclusive
//!    prefix*, with the initial value) in the chunk's *descriptor*. Then the whole tile looks
//!    back over the descriptors of the chunks before it, a *window* of [`TILE`] at a time:
//!    thread `l` reads the descriptor of chunk `c - 1 - base - l` (window slot `l`). A
//!    tile_static atomic minimum finds the nearest slot that is an inclusive prefix or empty;
//!    the tile reads it with `t.barrier.read_uniform`, so that every thread takes the same
//!    decision, and combines the slots before it (and the inclusive prefix itself) in index
//!    order (raking: 16 threads combine 16 slots each, thread 0 their results; the operation
//!    need only be associative) into the running combination. An inclusive prefix ends the
//!    look-back; a window of aggregates only moves on to the next; an empty slot becomes the
//!    next window's slot 0. Thread 0 publishes the chunk's inclusive prefix and hands the
//!    exclusive one to the tile through tile_static memory.
//! 4. The tile writes its block's results, combined with that prefix.
//!
//! In the common case the look-back is one window: one round of parallel descriptor reads (one
//! global-memory latency) and three barriers, however many predecessors have only an
//! aggregate.
//!
//! A descriptor is two `u32` words, each holding 16 bits of the value's word and, above them,
//! a flag: 0 (nothing yet), [`AGGREGATE`] or [`INCLUSIVE`]. Each word is written and read
//! atomically, and a value is taken only when both words carry the same flag: a chunk's
//! descriptor has one writer, which moves from aggregate to inclusive prefix, so two words
//! with one flag hold the two halves of one value. (A 32-bit value and a flag do not fit one
//! 32-bit atomic, and WGSL has no 64-bit atomics.)
//!
//! **No forward progress is assumed.** When the nearest unresolved predecessor has published
//! nothing, the tile reads the window again, up to `spins` times; that predecessor may be a
//! tile the accelerator has not scheduled (or that starves behind the spinning ones), so then,
//! instead of waiting on it, the tile combines that predecessor's block from the input itself
//! (the *fallback*, by the whole tile: striped loads, each thread's 15 elements, the same
//! raking as a window's) and goes on looking further back. Every wait is bounded, so the scan
//! finishes whatever order and concurrency the tiles run in. The fallback's result is not
//! published for others (the paper inserts it with an atomic max): a descriptor with two
//! writers could hold halves of two values that differ in their bits (float contraction may
//! differ between the two code paths), and the fallback is rare.
//!
//! The fallback reads other chunks' input, so the input must not be the output: an in-place
//! scan takes the reduce-then-scan path.
//!
//! The look-back loop waits at barriers and exits on values one thread's atomics decided:
//! `read_uniform` (WGSL `workgroupUniformLoad`) is what makes that loop tile-uniform, and so
//! accepted by amp's checks. SUBGROUP: with subgroup operations a window could be one subgroup
//! wide, found with a ballot instead of the tile_static minimum, without barriers.

use super::{Scan, GROUP, GROUPS, WORD_BLOCK, WORD_ITEMS};
use crate::algorithms::ops::{Binary, FromWord, ToWord};
use crate::algorithms::plan::TILE;
use crate::algorithms::scratch::Scratch;
use crate::algorithms::{fill, BinaryOp, Item, Source, Target};
use crate::{parallel_for_each, Accelerator, Result, TiledIndex};

/// The flag of a descriptor holding the chunk's aggregate.
const AGGREGATE: u32 = 1;

/// The flag of a descriptor holding the chunk's inclusive prefix (everything up to and
/// including it, with the initial value).
const INCLUSIVE: u32 = 2;

/// The look-back's `nearest` when a window holds only aggregates (above any slot's key).
const NOTHING_FOUND: u32 = 2 * TILE as u32;

/// Looks at a predecessor's descriptor before falling back, on a GPU: a predecessor that has
/// taken its chunk is normally running and publishes its aggregate within a few memory
/// latencies of loading its block, so a fallback (thread 0 reading a whole block, slowly)
/// should happen only where the accelerator has not scheduled it.
const GPU_SPINS: u32 = 1024;

/// [`GPU_SPINS`] on a CPU device: its threads run tiles whole, a look costs almost nothing, and
/// loop passes are limited there (docs/LANGUAGE.md), so a short wait is followed by the
/// fallback.
const CPU_SPINS: u32 = 64;

/// How the look-back behaves: normally [`Lookback::normal`]; tests force fallbacks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lookback {
    /// Looks at a descriptor that holds nothing before falling back.
    pub spins: u32,
    /// The first `forced` look-back steps of every tile ignore the descriptor and fall back
    /// (a test hook: `u32::MAX` makes every step fall back).
    pub forced: u32,
    /// Whether tiles publish their inclusive prefixes (a test hook: without them every
    /// look-back combines aggregates, window after window, down to chunk 0).
    pub publish_inclusive: bool,
}

impl Lookback {
    /// The look-back of real runs on `acc`.
    pub(crate) fn normal(acc: &Accelerator) -> Lookback {
        Lookback {
            spins: if acc.is_emulated() {
                CPU_SPINS
            } else {
                GPU_SPINS
            },
            forced: 0,
            publish_inclusive: true,
        }
    }
}

/// Whether the single pass applies: elements of one word that kernels can bit-cast
/// ([`Element::WORD_CAST`](crate::Element::WORD_CAST)), and an output that is not the input.
pub(crate) fn applies<T: Item, I: Source<T>, O: Target<T>>(input: &I, output: &O) -> bool {
    T::WORD_CAST && input.data_id() != output.data_id()
}

/// The scan in one pass (see the module documentation); `n > 0`, lengths checked, and
/// [`applies`] holds.
pub(crate) fn scan<T, I, O, Op>(
    acc: &Accelerator,
    input: &I,
    output: &O,
    step: Scan<T>,
    op: Op,
    lookback: Lookback,
) -> Result<()>
where
    T: Item,
    I: Source<T>,
    O: Target<T>,
    Op: BinaryOp<T>,
{
    let chunks = input.elements().div_ceil(WORD_BLOCK);
    // Word 0: the chunk counter; then each chunk's descriptor. Pooled, so stale: zeroed first.
    let state = Scratch::<u32>::new(acc, 1 + 2 * chunks)?;
    fill(&*state, 0u32)?;
    let (src, out, state) = (input.captured(), output.captured(), &*state);
    let exclusive = step.exclusive;
    let has_init = step.init.is_some();
    // Any value of T stands in for a missing init: it is never combined.
    let init = step
        .init
        .unwrap_or_else(|| T::read_words(&vec![0; T::WORDS]));
    let (spins, forced) = (lookback.spins, lookback.forced);
    let publish_inclusive = lookback.publish_inclusive;
    let combine = Binary::<Op, T>::new(op);
    let (to_word, from_word) = (ToWord::<T>::new(), FromWord::<T>::new());
    let domain = crate::Extent::new([(chunks * TILE) as i32]).tile::<TILE>();
    parallel_for_each!(acc, domain, |t: TiledIndex<1>| {
        #[tile_static]
        let mut stage: [T; WORD_BLOCK];
        #[tile_static]
        let mut group_totals: [T; GROUPS];
        #[tile_static]
        let mut chunk_taken: u32;
        #[tile_static]
        let mut carry_in: T;
        #[tile_static]
        let mut nearest: u32;
        let l = t.local[0] as u32;
        let n = src.extent()[0] as u32;
        let tile_threads = TILE as u32;
        let items = WORD_ITEMS as u32;
        let group = GROUP as u32;
        let block = WORD_BLOCK as u32;
        if l == 0 {
            chunk_taken = state.atomic_fetch_add(0u32, 1u32);
        }
        // Tile-uniform: the look-back below loops with barriers on values derived from it.
        let chunk = t.barrier.read_uniform(chunk_taken);
        let start = chunk * block;
        let end = (start + block).min(n);
        let g = l / group;
        let group_start = g * (group + 1);
        let mine = l - g * group;
        // Striped loads; past the end, the last element again.
        for k in 0..WORD_ITEMS {
            let i = (start + k * tile_threads + l).min(end - 1);
            stage[k * tile_threads + l] = src[i];
        }
        t.barrier.wait_with_tile_static_memory_fence();
        // The thread's consecutive elements, scanned.
        let mut v = [stage[l * items]; WORD_ITEMS];
        for k in 1..WORD_ITEMS {
            v[k] = combine(v[k - 1], stage[l * items + k]);
        }
        t.barrier.wait_with_tile_static_memory_fence();
        // The threads' totals, scanned by raking (as in the reduce-then-scan kernel).
        stage[l + g] = v[WORD_ITEMS - 1];
        t.barrier.wait_with_tile_static_memory_fence();
        if l < GROUPS as u32 {
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
        // Everything in the block before this thread's elements.
        let mut has_prefix = false;
        let mut prefix = v[0];
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
        let mut block_total = v[0];
        if l == 0 {
            // The block's combination (the last block's includes its padding, but that
            // block's descriptor is never read).
            let mut total = group_totals[0];
            for i in 1..GROUPS as u32 {
                total = combine(total, group_totals[i]);
            }
            let lo = 1 + 2 * chunk;
            let mut flag = AGGREGATE;
            let mut published = total;
            if chunk == 0 {
                flag = INCLUSIVE;
                if has_init {
                    published = combine(init, total);
                }
                carry_in = init;
            }
            let w = to_word(published);
            state[lo] = (flag << 16) | (w & 0xFFFFu32);
            state[lo + 1] = (flag << 16) | (w >> 16);
            block_total = total;
            nearest = NOTHING_FOUND;
        }
        if chunk > 0 {
            // The look-back, by the whole tile, a window of TILE predecessors at a time:
            // `base` of them are combined (into thread 0's `before`), and thread `l` reads
            // the descriptor of chunk `chunk - 1 - base - l` (window slot `l`; the nearest
            // predecessor is slot 0). All of `base`, `waited`, `to_force` are tile-uniform:
            // they change only on what `read_uniform` returns.
            let mut base = 0u32;
            let mut waited = 0u32;
            let mut to_force = forced;
            let mut before = v[0];
            let mut has_before = false;
            loop {
                // Orders thread 0's reset of `nearest` and the previous window's reads of
                // stage memory before this window's writes.
                t.barrier.wait_with_tile_static_memory_fence();
                let first = chunk - 1 - base;
                if l <= first {
                    let p = first - l;
                    let a = state[1 + 2 * p];
                    let b = state[2 + 2 * p];
                    let mut flag = 0u32;
                    if a >> 16 == b >> 16 {
                        flag = a >> 16;
                    }
                    if to_force > 0 && l == 0 {
                        flag = 0u32;
                    }
                    if flag != 0u32 {
                        stage[l] = from_word((a & 0xFFFFu32) | (b << 16));
                    }
                    // The nearest slot that is either empty (2l) or an inclusive prefix
                    // (2l + 1).
                    if flag == 0u32 {
                        nearest.atomic_fetch_min(2 * l);
                    } else if flag == INCLUSIVE {
                        nearest.atomic_fetch_min(2 * l + 1);
                    }
                }
                let found = t.barrier.read_uniform(nearest);
                // Slots 0..count hold values to combine; `done` when the last is an
                // inclusive prefix.
                let mut count = tile_threads;
                let mut done = false;
                if found != NOTHING_FOUND {
                    count = found / 2;
                    if found % 2 == 1 {
                        count += 1;
                        done = true;
                    }
                }
                let mut fallback = false;
                if count == 0 {
                    // The nearest predecessor has published nothing: look again, or fall back.
                    if waited < spins && to_force == 0 {
                        waited += 1;
                    } else {
                        fallback = true;
                    }
                } else {
                    waited = 0u32;
                }
                if fallback {
                    // The fallback: the tile combines that predecessor's block (whole: only the
                    // last chunk is short) from the input, into slots TILE - 1 - l (its
                    // threads' totals, latest first, as a window's slots are).
                    let from = first * block;
                    for k in 0..WORD_ITEMS {
                        stage[k * tile_threads + l] = src[from + k * tile_threads + l];
                    }
                    t.barrier.wait_with_tile_static_memory_fence();
                    let mut s = stage[l * items];
                    for k in 1..WORD_ITEMS {
                        s = combine(s, stage[l * items + k]);
                    }
                    t.barrier.wait_with_tile_static_memory_fence();
                    stage[tile_threads - 1 - l] = s;
                    t.barrier.wait_with_tile_static_memory_fence();
                    count = tile_threads;
                    done = first == 0;
                    waited = 0u32;
                    if to_force > 0 {
                        to_force -= 1;
                    }
                }
                // Slots 0..count combined in chunk order (highest slot first): GROUPS
                // threads combine GROUP slots each, then thread 0 their results.
                if l < GROUPS as u32 {
                    let lo = l * group;
                    if lo < count {
                        let hi = (lo + group).min(count);
                        let mut s = stage[hi - 1];
                        for j in 1..GROUP as u32 {
                            if j < hi - lo {
                                s = combine(s, stage[hi - 1 - j]);
                            }
                        }
                        group_totals[l] = s;
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
                if l == 0 {
                    nearest = NOTHING_FOUND;
                    if count > 0 {
                        let top = (count - 1) / group;
                        let mut s = group_totals[top];
                        for j in 1..GROUPS as u32 {
                            if j <= top {
                                s = combine(s, group_totals[top - j]);
                            }
                        }
                        if fallback && first == 0 && has_init {
                            // Chunk 0's aggregate with the initial value is its inclusive
                            // prefix.
                            s = combine(init, s);
                        }
                        if has_before {
                            before = combine(s, before);
                        } else {
                            before = s;
                        }
                        has_before = true;
                    }
                }
                if fallback {
                    base += 1;
                } else {
                    base += count;
                }
                if done {
                    break;
                }
            }
            if l == 0 && publish_inclusive {
                let w = to_word(combine(before, block_total));
                state[1 + 2 * chunk] = (INCLUSIVE << 16) | (w & 0xFFFFu32);
                state[2 + 2 * chunk] = (INCLUSIVE << 16) | (w >> 16);
            }
            if l == 0 {
                carry_in = before;
            }
        }
        t.barrier.wait_with_tile_static_memory_fence();
        // The carry into the block: none for chunk 0 without an init.
        let has_carry = chunk > 0 || has_init;
        let carry = carry_in;
        if has_carry {
            if has_prefix {
                prefix = combine(carry, prefix);
            } else {
                prefix = carry;
            }
            has_prefix = true;
        }
        for k in 0..WORD_ITEMS {
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
        for k in 0..WORD_ITEMS {
            let i = start + k * tile_threads + l;
            if i < end {
                out[i] = stage[k * tile_threads + l];
            }
        }
    })
}
