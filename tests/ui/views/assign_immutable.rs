use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0; 16];
    let scale = 2;
    let view = ArrayView::new(16, &mut data)?;
    parallel_for_each!(view.extent(), |idx: Index<1>| {
        let x = 1;
        x = 2;
        scale = 3;
        view[idx] = x;
    })?;
    Ok(())
}
