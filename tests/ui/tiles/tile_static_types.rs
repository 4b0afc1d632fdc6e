use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut shapes: [Index<1>; 16];
        view[t] = 1;
    })?;
    parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        view.barrier.wait();
        view[t] = 1;
    })?;
    Ok(())
}
