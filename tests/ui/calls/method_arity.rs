use amp::prelude::*;

// amp's methods take the arguments Rust's take; a call with another number is one error at
// the method, in the user's terms.
fn main() -> Result<(), amp::Error> {
    let mut out = vec![0.0f32; 4];
    let view = ArrayView::new(4, &mut out)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        let x = i[0] as f32;
        view[i] = x.clamp(1.0) + x.max() + x.sqrt(2.0);
    })?;
    Ok(())
}
