//! Generic kernels: one `#[kernel]` function over any numeric type, instantiated for `f32` and
//! `i32`, plus a chain of three device functions and a generic host function launching a kernel.

use amp::prelude::*;

/// `a * x + y`, for any kernel number type.
#[kernel]
fn axpy<T: Numeric>(a: T, x: T, y: T) -> T {
    a * x + y
}

#[kernel]
fn square(x: i32) -> i32 {
    x * x
}

#[kernel]
fn square_plus_one(x: i32) -> i32 {
    square(x) + 1
}

/// Three device functions deep: `(x² + 1) * 2`.
#[kernel]
fn twice_square_plus_one(x: i32) -> i32 {
    square_plus_one(x) * 2
}

/// `y = a * x + y` over whole views, for any scalar type the kernel language has.
pub fn axpy_views<T>(a: T, x: &[T], y: &mut [T]) -> Result<(), amp::Error>
where
    T: Numeric + KernelScalar,
{
    let n = x.len() as i32;
    let xv = ConstArrayView::new(n, x)?;
    let yv = ArrayView::new(n, y)?;
    parallel_for_each!(yv.extent(), |i: Index<1>| {
        yv[i] = axpy(a, xv[i], yv[i]);
    })
}

/// Applies the three-deep chain to `0..n`.
pub fn chain(n: i32) -> Result<Vec<i32>, amp::Error> {
    let mut out = vec![0; n as usize];
    let v = ArrayView::new(n, &mut out)?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        v[i] = twice_square_plus_one(i[0]);
    })?;
    drop(v);
    Ok(out)
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let x = [1.0f32, 2.0, 3.0];
    let mut y = [10.0f32, 20.0, 30.0];
    axpy_views(2.0, &x, &mut y)?;
    println!("f32: 2 * {x:?} + [10, 20, 30] = {y:?}");
    let xi = [1, 2, 3];
    let mut yi = [10, 20, 30];
    axpy_views(3, &xi, &mut yi)?;
    println!("i32: 3 * {xi:?} + [10, 20, 30] = {yi:?}");
    println!("(x*x + 1) * 2 for x in 0..5: {:?}", chain(5)?);
    Ok(())
}
