use amp::prelude::*;

fn host_helper(x: i32) -> i32 {
    x + 1
}

#[kernel]
fn f(n: i32) -> i32 {
    host_helper(n)
}

fn main() {}
