//! Tiled kernels: tile_static arrays of 1–3 dimensions, barriers in uniform control flow, fences.
use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![1.0f32; 64];
    let view = ArrayView::new([8, 8], &mut data)?;
    let rounds = 3;
    parallel_for_each!(view.extent().tile::<4, 4>(), |t: TiledIndex<2>| {
        #[tile_static]
        let mut grid: [[f32; 4]; 4];
        #[tile_static]
        let mut cube: [[[f32; 2]; 2]; 2];
        #[tile_static]
        let mut total: f32;
        for _ in 0..rounds {
            grid[t.local[0]][t.local[1]] = view[t];
            t.barrier.wait_with_tile_static_memory_fence();
        }
        if t.tile[0] == 0 {
            t.barrier.wait_with_global_memory_fence();
        }
        if t.local == Index::new([0, 0]) {
            total = grid[0][0] + grid[3][3];
            cube[1][1][1] = total;
        }
        amp::all_memory_fence(t.barrier);
        t.barrier.wait_with_all_memory_fence();
        view[t.global] = total + cube[1][1][1];
    })?;
    // Barriers under conditions on the tile's own coordinates, on captures and on a local that
    // shadows a thread-dependent one are tile-uniform.
    parallel_for_each!(view.extent().tile::<4, 4>(), |t: TiledIndex<2>| {
        let l = t.local[0];
        view[t.global] += l as f32;
        let l = t.tile_origin[0] + rounds;
        if l > 2 && t.tile_extent[1] == 4 {
            t.barrier.wait();
        }
        for _ in 0..t.tile[1] {
            t.barrier.wait();
        }
    })?;
    Ok(())
}
