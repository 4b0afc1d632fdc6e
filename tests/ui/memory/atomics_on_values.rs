// Atomics work on places shared by threads (views, tile_static memory), not on a thread's own
// values and locals, nor on an element read out of tile_static memory.
use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0u32; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent().tile::<64>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut bins: [u32; 64];
        let mut mine = 0u32;
        let fixed = 1u32;
        mine.atomic_fetch_add(1u32);
        fixed.atomic_fetch_inc();
        bins[t.local[0]].atomic_fetch_or(1u32);
        view[t] = mine;
    })?;
    Ok(())
}
