use amp::prelude::*;

// References are kernel types as parameters (`a: &i32`); raw pointers and slices are not.
#[kernel]
fn f(a: &i32, b: *const f32, c: &mut [i32]) {}

fn main() {}
