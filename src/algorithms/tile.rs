//! Device functions several algorithms share: sums over a tile of [`TILE`] threads.

use super::plan::TILE;
use crate::{kernel, uint2, TiledIndex, UInt2};

/// Twice [`TILE`]: the two halves of a ping-pong scan.
const TILE2: usize = 2 * TILE;

/// The distances of a Hillis–Steele scan over a tile.
pub(crate) const DISTANCES: [u32; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// For thread `l` of the tile: the sum of `x` over threads `0..l` and over the whole tile, as
/// `(exclusive prefix, total)`. Every thread of the tile must call it (it waits at barriers).
#[kernel]
pub(crate) fn tile_exclusive_sum(x: u32, t: TiledIndex<1>) -> UInt2 {
    #[tile_static]
    let mut sums: [u32; TILE2];
    let l = t.local[0] as u32;
    let tile_threads = TILE as u32;
    sums[l] = x;
    t.barrier.wait_with_tile_static_memory_fence();
    let mut from = 0u32;
    for d in DISTANCES {
        let mut s = sums[from + l];
        if l >= d {
            s += sums[from + l - d];
        }
        sums[tile_threads - from + l] = s;
        from = tile_threads - from;
        t.barrier.wait_with_tile_static_memory_fence();
    }
    let inclusive = sums[from + l];
    let total = sums[from + tile_threads - 1];
    // Before a later call writes `sums` again.
    t.barrier.wait_with_tile_static_memory_fence();
    uint2(inclusive - x, total)
}
