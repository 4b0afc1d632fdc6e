use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut counter: i32 = 0;
        #[tile_static]
        let mut untyped;
        view[t] = 1;
    })?;
    Ok(())
}
