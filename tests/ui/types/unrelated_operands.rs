use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0; 64];
    let v = ArrayView::new(64, &mut data)?;
    let c = ConstArrayView::new(64, &[0; 64])?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        v[i] = (c[i] < 3) + 1;
    })?;
    Ok(())
}
