//! Seed 002's `array` example: data copied to the accelerator when the array is made, multiplied
//! by 10 there, and copied back into the vector. Prints 0, 10, 20, 30, 40.

use amp::prelude::*;

/// `data[i] * 10`, through an accelerator-resident array.
pub fn times_ten(data: &mut [i32]) -> Result<(), amp::Error> {
    let a = Array::new(data.len() as i32, data)?;
    parallel_for_each!(a.extent(), |idx: Index<1>| {
        a[idx] = a[idx] * 10;
    })?;
    // C++ AMP: `data = a;`
    a.copy_to(data)
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let mut data: Vec<i32> = (0..5).collect();
    times_ten(&mut data)?;
    for v in data {
        println!("{v}");
    }
    Ok(())
}
