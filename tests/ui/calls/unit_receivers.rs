use amp::prelude::*;

// A method is called on a value: an assignment or `return` has none.
#[kernel]
fn waits(t: TiledIndex<1>) {
    t.barrier.wait().min(t);
}

fn main() -> Result<(), amp::Error> {
    let mut out = vec![0.0f32; 4];
    let view = ArrayView::new(4, &mut out)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        (view[i] = 1.0).clamp(view, 1);
        (view[i] += 1.0).max(2.0);
        (return).min(3);
    })?;
    Ok(())
}
