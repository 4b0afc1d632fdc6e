use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0; 16];
    let view = ArrayView::new(16, &mut data)?;
    parallel_for_each_unchecked!(view.extent(), |idx: Index<1>| {
        view[idx] = 1;
    })?;
    Ok(())
}
