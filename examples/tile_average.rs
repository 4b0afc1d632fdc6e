//! Seed 002's tiling example: every element of a 4×6 sample replaced by the average of its 2×2
//! tile, through tile_static memory and a tile barrier.
//!
//! Prints
//! 3 3 8 8 3 3
//! 3 3 8 8 3 3
//! 5 5 2 2 4 4
//! 5 5 2 2 4 4

use amp::prelude::*;

/// Replaces each element of the `rows × cols` matrix `sample` by the average of its 2×2 tile.
pub fn tile_average(sample: &[i32], rows: i32, cols: i32) -> Result<Vec<i32>, amp::Error> {
    let mut average = vec![0; sample.len()];
    let sv = ConstArrayView::new([rows, cols], sample)?;
    let av = ArrayView::new([rows, cols], &mut average)?;
    av.discard_data();

    parallel_for_each!(sv.extent().tile::<2, 2>(), |idx: TiledIndex<2>| {
        // A 2 × 2 array holding the values of this tile.
        #[tile_static]
        let mut nums: [[i32; 2]; 2];
        nums[idx.local[1]][idx.local[0]] = sv[idx.global];
        // Wait until every thread of the tile has written its value.
        idx.barrier.wait();
        let sum = nums[0][0] + nums[0][1] + nums[1][0] + nums[1][1];
        av[idx.global] = sum / 4;
    })?;

    av.synchronize()?;
    drop(av);
    Ok(average)
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let sample = [
        2, 2, 9, 7, 1, 4, //
        4, 4, 8, 8, 3, 4, //
        1, 5, 1, 2, 5, 2, //
        6, 8, 3, 2, 7, 2,
    ];
    let average = tile_average(&sample, 4, 6)?;
    for row in average.chunks(6) {
        let line: Vec<String> = row.iter().map(i32::to_string).collect();
        println!("{}", line.join(" "));
    }
    Ok(())
}
