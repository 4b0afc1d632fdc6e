use amp::prelude::*;

#[kernel]
fn f(x: i32, y: f32) -> u32 {
    let mut v: u32 = x;
    let w: f32 = 1u32;
    let ok: u32 = 5;
    let z: i32 = y;
    v + ok
}

fn main() {}
