//! Seed 002's math example: the base-10 logarithm of each value, computed on the accelerator with
//! `fast_math::log10`. Prints 0, 1, 1.77815, 2, 2.77815, 3.

use amp::prelude::*;

/// `log10` of every value, in place.
pub fn logs(numbers: &mut [f32]) -> Result<(), amp::Error> {
    let logs = ArrayView::new(numbers.len() as i32, numbers)?;
    parallel_for_each!(logs.extent(), |idx: Index<1>| {
        logs[idx] = fast_math::log10(logs[idx]);
    })
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let mut numbers = [1.0f32, 10.0, 60.0, 100.0, 600.0, 1000.0];
    logs(&mut numbers)?;
    for v in numbers {
        println!("{v:.6}");
    }
    Ok(())
}
