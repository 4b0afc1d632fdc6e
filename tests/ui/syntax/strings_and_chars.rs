use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    let s = "text";
    let c = 'c';
    let b = b'x';
    n
}

fn main() {}
