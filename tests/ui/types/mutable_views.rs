use amp::prelude::*;

#[kernel]
fn rebound(mut v: ArrayView<f32, 1>, i: Index<1>) {
    v[i] = 1.0;
}

fn main() {}
