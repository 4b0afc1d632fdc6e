use amp::prelude::*;

// A value of another type stored in a place is one error, at the value, naming both types.
fn main() -> Result<(), amp::Error> {
    let mut data = vec![0i32; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        view[i] = 2u32;
        let mut x = 0i32;
        x = 1.5f32;
        view[i] = x;
        for k in 0..10u32 {
            view[i] += 1;
        }
        for k in 0i32..10u32 {
            view[i] += 1;
        }
    })?;
    Ok(())
}
