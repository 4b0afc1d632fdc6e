use amp::prelude::*;

#[kernel]
fn f(c: char, w: i128) -> usize {
    let n: isize = 0;
    0
}

fn main() {}
