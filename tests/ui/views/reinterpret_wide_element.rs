use amp::prelude::*;

// reinterpret_as in a kernel takes elements of 32-bit words: neither f64 as the new element
// type nor a view of f64.
#[kernel]
fn widen(input: ArrayView<f32, 1>, wide: ArrayView<f64, 1>) {
    let _w = input.reinterpret_as::<f64>();
    let _n = wide.reinterpret_as::<u32>();
}

fn main() {}
