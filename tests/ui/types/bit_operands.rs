use amp::prelude::*;

#[kernel]
fn bits(a: i32, b: u32, f: f32) -> u32 {
    let x = a & b;
    let y = f << 2;
    b
}

fn main() {}
