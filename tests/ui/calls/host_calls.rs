use amp::prelude::*;

#[kernel]
fn twice(x: f32) -> f32 {
    x * 2.0
}

// Kernel functions belong in kernels; a type's associated functions and the methods Rust's prelude
// gives every type belong on the host.
fn main() -> Result<(), amp::Error> {
    let _ = twice(1.0);
    let mut data = vec![0.0f32; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        let b = Box::new(1);
        view[i] = view[i].clone();
    })?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        let wide: f64 = view[i].into();
        if view[i].eq(&1.0) {
            view[i] = 2.0;
        }
    })?;
    Ok(())
}
