//! Seed 002's second program: the same sum through a `#[kernel]` device function called from the
//! kernel closure. Prints 7, 9, 11, 13, 15.

use amp::prelude::*;

/// One thread's work: C++ AMP's `AddElements(idx, sum, a, b) restrict(amp)`.
#[kernel]
fn add_elements(
    idx: Index<1>,
    sum: ArrayView<i32, 1>,
    a: ConstArrayView<i32, 1>,
    b: ConstArrayView<i32, 1>,
) {
    sum[idx] = a[idx] + b[idx];
}

/// Adds `a` and `b` through [`add_elements`].
pub fn add_with_function(a: &[i32], b: &[i32]) -> Result<Vec<i32>, amp::Error> {
    let mut sum = vec![0; a.len()];
    let n = a.len() as i32;

    let av = ConstArrayView::new(n, a)?;
    let bv = ConstArrayView::new(n, b)?;
    let sv = ArrayView::new(n, &mut sum)?;

    parallel_for_each!(sv.extent(), |idx: Index<1>| {
        add_elements(idx, sv, av, bv);
    })?;

    sv.synchronize()?;
    drop(sv);
    Ok(sum)
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    for v in add_with_function(&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10])? {
        println!("{v}");
    }
    Ok(())
}
