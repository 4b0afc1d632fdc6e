use amp::prelude::*;

// An atomic operation on a view takes an index of the view's rank; the notes name public paths.
fn main() -> Result<(), amp::Error> {
    let mut counts = vec![0u32; 16];
    let mut floats = vec![0.0f64; 16];
    let cv = ArrayView::new(16, &mut counts)?;
    let fv = ArrayView::new(16, &mut floats)?;
    parallel_for_each!(cv.extent(), |i: Index<1>| {
        cv.atomic_fetch_inc(1.5);
        cv.atomic_fetch_add(cv, 1u32);
        let inside = cv.extent().contains(true);
        fv.atomic_fetch_add(i, 1.0);
    })?;
    Ok(())
}
