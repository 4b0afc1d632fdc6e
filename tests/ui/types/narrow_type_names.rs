use amp::prelude::*;

#[kernel]
fn f(a: u8, b: i16) -> u16 {
    let c: usize = 0;
    0
}

fn main() {}
