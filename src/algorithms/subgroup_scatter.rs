//! The radix sort's scatter with subgroup ranking (CUB's Onesweep ranking): used where the
//! accelerator has subgroups of one fixed size and the tile fits its limits; the counting
//! scatter of `radix_sort.rs` is the fallback.
//!
//! A tile is [`SUBGROUPS`] subgroups of `LANES` lanes. Per block of `KEYS` keys:
//!
//! 1. subgroup `s` loads its own contiguous sub-block of `ITEMS * LANES` keys, key `k` of lane
//!    `l` at `k * LANES + l` (coalesced), into registers;
//! 2. for each of a lane's keys in turn, 8 ballots (one per digit bit, and-ed or and-not-ed)
//!    give the mask of the lanes whose key has the same digit; the key's rank in the subgroup is
//!    the mask's lanes below it plus the subgroup's count of that digit so far, kept in the
//!    subgroup's row of 256 counters in tile_static memory: the mask's lowest lane adds the
//!    mask's size to the counter with one atomic and shuffles the old value to the others (the
//!    atomic orders the lanes' updates; the shuffle hands over a value the atomic returned);
//! 3. one tile-wide exclusive sum over the counters in (digit, subgroup) order gives each
//!    (digit, subgroup) where its keys start in the sorted block;
//! 4. each key goes to its place in the sorted block (tile_static), and the block is written out
//!    striped, a digit's keys to consecutive places, as the counting scatter does.
//!
//! Stable: within a subgroup keys are ranked in their order (key by key, lane by lane), the
//! subgroups of a digit follow each other in their order, blocks and tiles keep theirs through
//! the running offsets. Five barriers per block.

use super::plan::{Chunks, TILE};
use super::sort_key::{ordered, unordered};
use super::{Source, Target};
use crate::{parallel_for_each, subgroup, Accelerator, Result, TiledIndex};

/// Subgroups per tile: the tile_static counters are 256 words a subgroup.
pub(crate) const SUBGROUPS: usize = 8;

/// Keys a lane ranks, keys alone (odd: a thread's keys fall in distinct banks when the block is
/// read).
pub(crate) const ITEMS: usize = 15;

/// Keys a lane ranks in a sort with values (the values' array takes tile_static memory too).
pub(crate) const PAIRED_ITEMS: usize = 11;

/// Words of the per-subgroup digit counters.
const COUNTERS: usize = SUBGROUPS * 256;

/// The lane counts with a kernel variant.
const LANE_COUNTS: [u32; 6] = [4, 8, 16, 32, 64, 128];

/// Keys a lane ranks.
pub(crate) const fn items(with_values: bool) -> usize {
    if with_values {
        PAIRED_ITEMS
    } else {
        ITEMS
    }
}

/// Keys of a block with `lanes` lanes a subgroup.
pub(crate) const fn block_keys(lanes: u32, with_values: bool) -> usize {
    SUBGROUPS * lanes as usize * items(with_values)
}

/// tile_static bytes of the kernel: the block's keys (and values), the counters, three words
/// per digit, the subgroups' sums.
const fn scatter_bytes(lanes: u32, with_values: bool) -> u64 {
    let keys = block_keys(lanes, with_values);
    let values = if with_values { keys } else { 1 };
    (4 * (keys + values + COUNTERS + 3 * 256 + SUBGROUPS)) as u64
}

/// The lanes per subgroup of the subgroup path on `acc`, or `None` for the fallback: the
/// accelerator has subgroups of one size (`subgroup_size()` is a single value: every tile then
/// runs in subgroups of that size, so the kernel's plan of [`SUBGROUPS`] subgroups of that many
/// lanes holds), the size has a kernel variant, and the tile fits the accelerator's limits.
pub(crate) fn lanes(acc: &Accelerator, with_values: bool) -> Option<u32> {
    let sizes = acc.subgroup_size()?;
    let lanes = *sizes.start();
    if lanes != *sizes.end() || !LANE_COUNTS.contains(&lanes) {
        return None;
    }
    let limits = acc.limits();
    let threads = SUBGROUPS as u32 * lanes;
    let fits = threads <= limits.max_compute_invocations_per_workgroup
        && threads <= limits.max_compute_workgroup_size_x
        && scatter_bytes(lanes, with_values) <= limits.max_compute_workgroup_storage_size as u64;
    fits.then_some(lanes)
}

/// One pass's scatter: what the kernel needs besides its views.
#[derive(Clone, Copy)]
pub(crate) struct Scatter {
    /// The chunks, of blocks of [`block_keys`] keys.
    pub chunks: Chunks,
    /// The digit's shift.
    pub shift: u32,
    /// The key type's flips.
    pub flips: [u32; 2],
    /// Whether values travel with the keys.
    pub with_values: bool,
    /// Lanes per subgroup: one of [`LANE_COUNTS`].
    pub lanes: u32,
}

/// The scatter of one pass in the kernel variant of `pass.lanes`.
pub(crate) fn scatter<A, B, C, D, O>(
    acc: &Accelerator,
    from: (&A, &B),
    to: (&C, &D),
    offsets: &O,
    pass: Scatter,
) -> Result<()>
where
    A: Source<u32>,
    B: Source<u32>,
    C: Target<u32>,
    D: Target<u32>,
    O: Source<u32>,
{
    macro_rules! variant {
        ($lanes:literal) => {{
            const THREADS: usize = SUBGROUPS * $lanes;
            if pass.with_values {
                const KEYS: usize = block_keys($lanes, true);
                scatter_blocks::<$lanes, THREADS, PAIRED_ITEMS, KEYS, KEYS, _, _, _, _, _>(
                    acc, from, to, offsets, pass,
                )
            } else {
                const KEYS: usize = block_keys($lanes, false);
                scatter_blocks::<$lanes, THREADS, ITEMS, KEYS, 1, _, _, _, _, _>(
                    acc, from, to, offsets, pass,
                )
            }
        }};
    }
    match pass.lanes {
        4 => variant!(4),
        8 => variant!(8),
        16 => variant!(16),
        32 => variant!(32),
        64 => variant!(64),
        _ => variant!(128),
    }
}

/// The kernel: tiles of `THREADS = SUBGROUPS * LANES` threads, blocks of
/// `KEYS = THREADS * ITEMS` keys, `VALUES` words for the values (1 without).
fn scatter_blocks<
    const LANES: usize,
    const THREADS: usize,
    const ITEMS: usize,
    const KEYS: usize,
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
    pass: Scatter,
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
    let domain = crate::Extent::new([(tiles as usize * THREADS) as i32]).tile::<THREADS>();
    parallel_for_each!(acc, domain, |t: TiledIndex<1>| {
        // The sorted block's keys and values.
        #[tile_static]
        let mut keys: [u32; KEYS];
        #[tile_static]
        let mut aux: [u32; VALUES];
        // Counter `d` of subgroup `s` at `s * 256 + d`: the subgroup's keys of digit `d` so far;
        // after the block's sum, where they start in the sorted block.
        #[tile_static]
        let mut counters: [u32; COUNTERS];
        // For each digit: where the block's first key of it starts in the sorted block; where
        // the key at `p` of the sorted block goes, less `p` (wrapping); where the tile's next
        // key of the digit goes.
        #[tile_static]
        let mut begin: [u32; 256];
        #[tile_static]
        let mut shifts: [u32; 256];
        #[tile_static]
        let mut next: [u32; 256];
        // Each subgroup's sum of counters in the block's sum.
        #[tile_static]
        let mut sums: [u32; SUBGROUPS];
        let lanes = LANES as u32;
        let threads = THREADS as u32;
        let items = ITEMS as u32;
        let lane = subgroup::lane().min(lanes - 1);
        let sg = subgroup::id().min(SUBGROUPS as u32 - 1);
        // The thread's place in the tile, in subgroup order.
        let me = sg * lanes + lane;
        let tile = t.tile[0] as u32;
        let n = src_keys.extent()[0] as u32;
        let start = tile * chunk;
        let end = (start + chunk).min(n);
        // Digits a thread looks after: `j * THREADS + me` for `j` below this.
        let digit_steps = (256 + threads - 1) / threads;
        // Counters a thread sums: `me * per + j`, in (digit, subgroup) order.
        let per = (COUNTERS / THREADS) as u32;
        for j in 0..digit_steps {
            let d = j * threads + me;
            if d < 256 {
                next[d] = starts[d * tiles + tile];
            }
        }
        for j in 0..per {
            counters[me * per + j] = 0;
        }
        t.barrier.wait_with_tile_static_memory_fence();
        for block in 0..blocks {
            let base = start + block * KEYS as u32;
            if base < end {
                let valid = (end - base).min(KEYS as u32);
                // The subgroup's keys, in registers; past the end, the largest word (digit 255,
                // after every key).
                let mut kr = [0u32; ITEMS];
                let mut vr = [0u32; ITEMS];
                let mut rank = [0u32; ITEMS];
                for k in 0..ITEMS {
                    let p = sg * (items * lanes) + k * lanes + lane;
                    let mut key = 0xFFFF_FFFFu32;
                    if p < valid {
                        key = ordered(src_keys[base + p], flip, flip_negative);
                        if with_values {
                            vr[k] = src_values[base + p];
                        }
                    }
                    kr[k] = key;
                }
                // Lanes below this one, as a mask per 32 lanes.
                let below0 = if lane >= 32 {
                    0xFFFF_FFFFu32
                } else {
                    (1u32 << (lane & 31)) - 1
                };
                let mut below1 = 0u32;
                let mut below2 = 0u32;
                let mut below3 = 0u32;
                if LANES > 32 {
                    below1 = if lane >= 64 {
                        0xFFFF_FFFFu32
                    } else if lane > 32 {
                        (1u32 << (lane & 31)) - 1
                    } else {
                        0
                    };
                    below2 = if lane >= 96 {
                        0xFFFF_FFFFu32
                    } else if lane > 64 {
                        (1u32 << (lane & 31)) - 1
                    } else {
                        0
                    };
                    below3 = if lane > 96 {
                        (1u32 << (lane & 31)) - 1
                    } else {
                        0
                    };
                }
                let all = subgroup::ballot(true);
                for k in 0..ITEMS {
                    let d = (kr[k] >> shift) & 255;
                    // The lanes whose key has digit `d`.
                    let mut m0 = all.x();
                    let mut m1 = all.y();
                    let mut m2 = all.z();
                    let mut m3 = all.w();
                    for b in 0..8u32 {
                        let bit = (d >> b) & 1;
                        let same = subgroup::ballot(bit == 1);
                        // All ones where the bit is clear: the lanes without it match.
                        let invert = bit.wrapping_sub(1);
                        m0 &= same.x() ^ invert;
                        if LANES > 32 {
                            m1 &= same.y() ^ invert;
                            m2 &= same.z() ^ invert;
                            m3 &= same.w() ^ invert;
                        }
                    }
                    let mut ahead = (m0 & below0).count_ones();
                    let mut size = m0.count_ones();
                    let mut first = m0.trailing_zeros();
                    if LANES > 32 {
                        ahead += (m1 & below1).count_ones()
                            + (m2 & below2).count_ones()
                            + (m3 & below3).count_ones();
                        size += m1.count_ones() + m2.count_ones() + m3.count_ones();
                        if m0 == 0 {
                            first = if m1 != 0 {
                                32 + m1.trailing_zeros()
                            } else if m2 != 0 {
                                64 + m2.trailing_zeros()
                            } else {
                                96 + m3.trailing_zeros()
                            };
                        }
                    }
                    let mut so_far = 0u32;
                    if lane == first {
                        so_far = counters.atomic_fetch_add(sg * 256 + d, size);
                    }
                    rank[k] = subgroup::shuffle(so_far, first) + ahead;
                }
                t.barrier.wait_with_tile_static_memory_fence();
                // The block's exclusive sum in (digit, subgroup) order: counter `(d, s)` is
                // entry `8 d + s`; the thread sums entries `me * per ..`, the subgroup scans the
                // threads' sums, the tile the subgroups'.
                let mut own = 0u32;
                for j in 0..per {
                    let e = me * per + j;
                    own += counters[(e % 8) * 256 + e / 8];
                }
                let before = subgroup::exclusive_add(own);
                let total = subgroup::reduce_add(own);
                if lane == 0 {
                    sums[sg] = total;
                }
                t.barrier.wait_with_tile_static_memory_fence();
                let mut run = before;
                for i in 0..SUBGROUPS as u32 {
                    if i < sg {
                        run += sums[i];
                    }
                }
                for j in 0..per {
                    let e = me * per + j;
                    let i = (e % 8) * 256 + e / 8;
                    let c = counters[i];
                    counters[i] = run;
                    if e % 8 == 0 {
                        begin[e / 8] = run;
                    }
                    run += c;
                }
                t.barrier.wait_with_tile_static_memory_fence();
                // Each key to its place in the sorted block.
                for k in 0..ITEMS {
                    let d = (kr[k] >> shift) & 255;
                    let p = (counters[sg * 256 + d] + rank[k]).min(KEYS as u32 - 1);
                    keys[p] = kr[k];
                    if with_values {
                        aux[p] = vr[k];
                    }
                }
                // A digit's run is `begin[d]..begin[d + 1]` (the last to the block's end);
                // the key at `p` goes to `next[d] + p - begin[d]`.
                for j in 0..digit_steps {
                    let d = j * threads + me;
                    if d < 256 {
                        let first = begin[d];
                        let last = if d < 255 {
                            begin[(d + 1).min(255)]
                        } else {
                            KEYS as u32
                        };
                        shifts[d] = next[d] - first;
                        next[d] = next[d] - first + last;
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
                // The next block's counters start at zero (every thread has read its own).
                for j in 0..per {
                    counters[me * per + j] = 0;
                }
                // The sorted block, striped: a digit's keys go to consecutive places.
                for k in 0..ITEMS {
                    let p = k * threads + me;
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
            }
        }
    })
}

/// [`TILE`] is the counting scatter's tile; the subgroup path's tile of 8 subgroups of 32 lanes
/// is the same size.
const _: () = assert!(SUBGROUPS * 32 == TILE);
