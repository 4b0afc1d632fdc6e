//! Device functions several algorithms share: sums over a tile of [`TILE`] threads.

use super::plan::TILE;
use crate::{kernel, uint2, TiledIndex, UInt2};

/// Threads whose values one thread adds up in [`tile_exclusive_sum`].
const GROUP: usize = 16;

/// Groups of [`GROUP`] threads in a tile.
const GROUPS: usize = TILE / GROUP;

/// Words of [`tile_exclusive_sum`]'s tile_static memory: the values, one padding word after
/// each group (so that the 16 threads adding up groups read 16 distinct banks), and the groups'
/// sums.
pub(crate) const TILE_SUM_WORDS: usize = TILE + 2 * GROUPS;

/// For thread `l` of the tile: the sum of `x` over threads `0..l` and over the whole tile, as
/// `(exclusive prefix, total)`. Every thread of the tile must call it (it waits at barriers),
/// and the tile must pass a barrier between two calls (every caller does anyway: it reuses
/// tile_static memory that the next call overwrites).
///
/// A raking scan, two barriers: 16 threads sum 16 values each, exclusively, in place; then each
/// thread adds the sums of the groups before its own (reads that every thread of a tile makes
/// alike: broadcasts) to its own entry. A Hillis–Steele scan over 256 threads waits at 9
/// barriers.
#[kernel]
pub(crate) fn tile_exclusive_sum(x: u32, t: TiledIndex<1>) -> UInt2 {
    #[tile_static]
    let mut values: [u32; TILE + GROUPS];
    #[tile_static]
    let mut group_sums: [u32; GROUPS];
    // (The `min` proves the tile_static indices below in range: a `#[kernel] fn` does not know
    // the tile's size.)
    let l = (t.local[0] as u32).min(TILE as u32 - 1);
    let stride = GROUP as u32 + 1;
    let g = l / GROUP as u32;
    values[l + g] = x;
    t.barrier.wait_with_tile_static_memory_fence();
    if l < GROUPS as u32 {
        // The group's values, summed exclusively in place.
        let mut s = 0u32;
        for j in 0..GROUP as u32 {
            let v = values[l * stride + j];
            values[l * stride + j] = s;
            s += v;
        }
        group_sums[l] = s;
    }
    t.barrier.wait_with_tile_static_memory_fence();
    let mut before = 0u32;
    let mut total = 0u32;
    for i in 0..GROUPS as u32 {
        let s = group_sums[i];
        total += s;
        if i < g {
            before += s;
        }
    }
    // The thread's own entry, now the sum of its group's values before it.
    before += values[l + g];
    uint2(before, total)
}
