use amp::prelude::*;

#[kernel]
fn f(a: &i32, b: *const f32, c: &mut [i32]) {}

fn main() {}
