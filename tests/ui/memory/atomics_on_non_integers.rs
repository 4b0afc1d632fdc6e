// Atomics work on i32/u32 views and tile_static memory; not on f32 tile_static memory (arrays
// or scalars), and not on a tile_static array of arrays (index down to a row first).
use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0.0f32; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent().tile::<64>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut sums: [f32; 64];
        #[tile_static]
        let mut total: f32;
        #[tile_static]
        let mut grid: [[u32; 8]; 8];
        sums.atomic_fetch_or(t.local[0], 1.0f32);
        total.atomic_fetch_add(1.0f32);
        let r = total.atomic_compare_exchange(0.0f32, 1.0f32);
        grid.atomic_fetch_inc(t.local[0]);
        grid.atomic_fetch_inc(0);
        view[t] = sums[0] + total;
    })?;
    Ok(())
}
