use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut bytes = vec![0u8; 16];
    let view = ArrayView::new(16, &mut bytes)?;
    parallel_for_each!(view.extent(), |idx: Index<1>| {
        view[idx] = 1;
    })?;
    Ok(())
}
