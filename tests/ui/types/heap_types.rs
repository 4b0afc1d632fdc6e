use amp::prelude::*;

#[kernel]
fn f(v: Vec<i32>, s: String) -> Box<i32> {
    0
}

fn main() {}
