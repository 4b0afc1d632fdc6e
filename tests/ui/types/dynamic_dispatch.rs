use amp::prelude::*;

#[kernel]
fn f(g: fn(i32) -> i32, h: Box<dyn Fn(i32) -> i32>) {}

#[kernel]
fn k(x: impl Copy) {}

fn main() {}
