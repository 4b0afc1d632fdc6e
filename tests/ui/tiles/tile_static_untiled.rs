use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent(), |idx: Index<1>| {
        #[tile_static]
        let mut shared: [i32; 64];
        shared[idx[0]] = 1;
        view[idx] = shared[0];
    })?;
    Ok(())
}
