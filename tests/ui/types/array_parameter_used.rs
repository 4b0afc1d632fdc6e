// Arrays are passed and returned by value, as local arrays: what a function returns is checked
// to be its array, and what is stored in one to be its element type.
use amp::prelude::*;

#[kernel]
fn first_rows(v: [f32; 4], i: i32) -> [f32; 2] {
    v[i] = 1;
    v[0]
}

fn main() {}
