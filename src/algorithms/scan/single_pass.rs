//! The single-pass scan: each tile scans one block and learns the combination of everything
//! before it from the tiles before it, by decoupled look-back with a fallback ("Decoupled
//! Fallback", Smith, Levien and Owens, SPAA 2025). Memory traffic: `2n` elements (read once,
//! written once) plus two words a block.
//!
//! 1. Thread 0 of each tile takes the next *chunk* (one block of [`WORD_BLOCK`] elements) from
//!    an atomic counter, so that every chunk before it belongs to a tile that has already
//!    started.
//! 2. The tile loads and scans its block as the reduce-then-scan path does (striped loads,
//!    [`WORD_ITEMS`] elements a thread in registers, a raking scan of the threads' totals).
//! 3. Thread 0 publishes the block's combination (its *aggregate*; for chunk 0 the *inclusive
//!    prefix*, with the initial value) in the chunk's *descriptor*, then looks back over the
//!    descriptors of the chunks before it, combining aggregates (in index order: the operation
//!    need only be associative) until it meets an inclusive prefix. It publishes its own
//!    inclusive prefix and hands the exclusive one to the tile through tile_static memory.
//! 4. The tile writes its block's results, combined with that prefix.
//!
//! A descriptor is two `u32` words, each holding 16 bits of the value's word and, above them,
//! a flag: 0 (nothing yet), [`AGGREGATE`] or [`INCLUSIVE`]. Each word is written and read
//! atomically, and a value is taken only when both words carry the same flag: a chunk's
//! descriptor has one writer, which moves from aggregate to inclusive prefix, so two words
//! with one flag hold the two halves of one value. (A 32-bit value and a flag do not fit one
//! 32-bit atomic, and WGSL has no 64-bit atomics.)
//!
//! **No forward progress is assumed.** A predecessor that has published nothing after
//! `spins` looks may be a tile the accelerator has not scheduled (or starves behind the
//! spinning ones): instead of waiting on it, thread 0 combines that predecessor's block from
//! the input itself (the *fallback*) and goes on looking further back. Every wait is bounded,
//! so the scan finishes whatever order and concurrency the tiles run in. The fallback's
//! result is not published for others (the paper inserts it with an atomic max): a descriptor
//! with two writers could hold halves of two values that differ in their bits (float
//! contraction may differ between the two code paths), and the fallback is rare.
//!
//! The fallback reads other chunks' input, so the input must not be the output: an in-place
//! scan takes the reduce-then-scan path.
//!
//! The look-back and the fallback run on thread 0 alone. The paper's fallback uses the whole
//! tile, inside the look-back loop; in amp that loop would wait at barriers, and its exit
//! condition reaches the other threads only through tile_static memory, which amp's
//! tile-uniformity check (rightly, in general) treats as non-uniform: the kernel would be
//! rejected. SUBGROUP: with subgroup operations, the first subgroup would run the look-back
//! together (each lane one predecessor, a ballot for the nearest inclusive prefix) and the
//! fallback as a subgroup reduction, with no barrier in the loop.

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
        let l = t.local[0] as u32;
        let n = src.extent()[0] as u32;
        let tile_threads = TILE as u32;
        let items = WORD_ITEMS as u32;
        let group = GROUP as u32;
        let block = WORD_BLOCK as u32;
        if l == 0 {
            chunk_taken = state.atomic_fetch_add(0u32, 1u32);
        }
        t.barrier.wait_with_tile_static_memory_fence();
        let chunk = chunk_taken;
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
        if l == 0 {
            // The block's combination (the last block's includes its padding, but that
            // block's descriptor is never read).
            let mut total = group_totals[0];
            for i in 1..GROUPS as u32 {
                total = combine(total, group_totals[i]);
            }
            let lo = 1 + 2 * chunk;
            if chunk == 0 {
                let mut inclusive = total;
                if has_init {
                    inclusive = combine(init, total);
                }
                let w = to_word(inclusive);
                state[lo] = (INCLUSIVE << 16) | (w & 0xFFFFu32);
                state[lo + 1] = (INCLUSIVE << 16) | (w >> 16);
                carry_in = init;
            } else {
                let w = to_word(total);
                state[lo] = (AGGREGATE << 16) | (w & 0xFFFFu32);
                state[lo + 1] = (AGGREGATE << 16) | (w >> 16);
                // SUBGROUP: the look-back below, by one subgroup (see the module docs).
                let mut p = chunk - 1;
                let mut before = total;
                let mut has_before = false;
                let mut waited = 0u32;
                let mut to_force = forced;
                loop {
                    let a = state[1 + 2 * p];
                    let b = state[2 + 2 * p];
                    let mut flag = 0u32;
                    if a >> 16 == b >> 16 {
                        flag = a >> 16;
                    }
                    if to_force > 0 {
                        flag = 0u32;
                        waited = spins;
                    }
                    let mut found = false;
                    let mut value = before;
                    if flag != 0u32 {
                        value = from_word((a & 0xFFFFu32) | (b << 16));
                        found = true;
                    } else if waited < spins {
                        waited += 1;
                    } else {
                        // The fallback: chunk p (whole: only the last chunk is short) from
                        // the input, eight runs at a time, combined in order.
                        let base = p * block;
                        let part = (WORD_BLOCK / 8) as u32;
                        let mut a0 = src[base];
                        let mut a1 = src[base + part];
                        let mut a2 = src[base + 2 * part];
                        let mut a3 = src[base + 3 * part];
                        let mut a4 = src[base + 4 * part];
                        let mut a5 = src[base + 5 * part];
                        let mut a6 = src[base + 6 * part];
                        let mut a7 = src[base + 7 * part];
                        for i in 1..part {
                            a0 = combine(a0, src[base + i]);
                            a1 = combine(a1, src[base + part + i]);
                            a2 = combine(a2, src[base + 2 * part + i]);
                            a3 = combine(a3, src[base + 3 * part + i]);
                            a4 = combine(a4, src[base + 4 * part + i]);
                            a5 = combine(a5, src[base + 5 * part + i]);
                            a6 = combine(a6, src[base + 6 * part + i]);
                            a7 = combine(a7, src[base + 7 * part + i]);
                        }
                        value = combine(
                            combine(combine(a0, a1), combine(a2, a3)),
                            combine(combine(a4, a5), combine(a6, a7)),
                        );
                        if p == 0 {
                            // Chunk 0's aggregate with the initial value is its inclusive
                            // prefix.
                            flag = INCLUSIVE;
                            if has_init {
                                value = combine(init, value);
                            }
                        } else {
                            flag = AGGREGATE;
                        }
                        if to_force > 0 {
                            to_force -= 1;
                        }
                        found = true;
                    }
                    if found {
                        if has_before {
                            before = combine(value, before);
                        } else {
                            before = value;
                        }
                        has_before = true;
                        waited = 0u32;
                        if flag == INCLUSIVE || p == 0 {
                            break;
                        }
                        p -= 1;
                    }
                }
                let w = to_word(combine(before, total));
                state[lo] = (INCLUSIVE << 16) | (w & 0xFFFFu32);
                state[lo + 1] = (INCLUSIVE << 16) | (w >> 16);
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
