use amp::prelude::*;

#[kernel]
fn mixed(a: f32, b: i32) -> f32 {
    a + b
}

#[kernel]
fn compare(a: u32, b: i32) -> bool {
    a < b
}

fn main() {}
