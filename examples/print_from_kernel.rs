//! Printing and asserting from kernels (C++ AMP's `direct3d_printf` and `direct3d_errorf`):
//! each thread prints its index and value; the lines come back after the launch, sorted by
//! thread. An assertion that fails makes the launch return `Error::Assertion`.

use amp::prelude::*;

/// Halves each even value; asserts that it is even.
#[kernel]
fn half_of_even(x: i32) -> i32 {
    assert!(x % 2 == 0, "{} is odd", x);
    x / 2
}

/// Prints `idx -> value` for each element, then halves it.
pub fn print_and_halve(values: &mut [i32]) -> Result<(), amp::Error> {
    let v = ArrayView::new(values.len() as i32, values)?;
    parallel_for_each!(v.extent(), move |idx: Index<1>| {
        println!("{} -> {}", idx, v[idx]);
        v[idx] = half_of_even(v[idx]);
    })?;
    v.synchronize()
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let mut values = vec![0, 2, 4, 6];
    print_and_halve(&mut values)?;
    println!("halved: {values:?}");
    match print_and_halve(&mut [8, 3]) {
        Err(amp::Error::Assertion(failed)) => println!("the kernel's assertion: {failed}"),
        other => println!("expected an assertion: {other:?}"),
    }
    Ok(())
}
