//! Seed 003's tile_static example: each tile of a matrix sums its elements in tile_static memory
//! and its first thread stores the sum at the tile's origin; the host adds the tiles' sums. With
//! the barrier the seed adds to fix its race, it is correct for any number of tiles.

use amp::prelude::*;

/// Sums a `rows × cols` matrix in 2×2 tiles (`rows` and `cols` even).
pub fn tile_sum(data: &[i32], rows: i32, cols: i32) -> Result<i32, amp::Error> {
    let mut scratch = data.to_vec();
    let av = ArrayView::new([rows, cols], &mut scratch)?;
    parallel_for_each!(av.extent().tile::<2, 2>(), |t_idx: TiledIndex<2>| {
        #[tile_static]
        let mut t: [[i32; 2]; 2];
        t[t_idx.local[0]][t_idx.local[1]] = av[t_idx.global];
        t_idx.barrier.wait();
        if t_idx.local == Index::new([0, 0]) {
            t[0][0] = t[0][0] + t[0][1] + t[1][0] + t[1][1];
            av[t_idx.tile_origin] = t[0][0];
        }
    })?;
    // The tiles' origins hold their sums.
    let mut sum = 0;
    for r in (0..rows).step_by(2) {
        for c in (0..cols).step_by(2) {
            sum += av.get([r, c])?;
        }
    }
    Ok(sum)
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let data: Vec<i32> = (1..=12).collect();
    println!(
        "sum of 1..=12 in 2x2 tiles of a 2x6 matrix: {}",
        tile_sum(&data, 2, 6)?
    );
    Ok(())
}
