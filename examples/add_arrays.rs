//! Seed 002's first program: add two arrays element by element on the accelerator.
//! Prints 7, 9, 11, 13, 15.

use amp::prelude::*;

/// Adds `a` and `b` on the default accelerator.
pub fn add_arrays(a: &[i32], b: &[i32]) -> Result<Vec<i32>, amp::Error> {
    let mut sum = vec![0; a.len()];
    let n = a.len() as i32;

    let av = ConstArrayView::new(n, a)?;
    let bv = ConstArrayView::new(n, b)?;
    let sv = ArrayView::new(n, &mut sum)?;
    sv.discard_data();

    parallel_for_each!(sv.extent(), |idx: Index<1>| {
        sv[idx] = av[idx] + bv[idx];
    })?;

    sv.synchronize()?;
    drop(sv);
    Ok(sum)
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    for v in add_arrays(&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10])? {
        println!("{v}");
    }
    Ok(())
}
