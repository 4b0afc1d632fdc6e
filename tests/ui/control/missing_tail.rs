use amp::prelude::*;

#[kernel]
fn half(x: f32) -> f32 {
    let y = x * 0.5;
}

fn main() {}
