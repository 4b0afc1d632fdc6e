use amp::prelude::*;

struct P {
    x: i32,
}

#[kernel]
fn f(n: i32) -> i32 {
    let p = P { x: n };
    let t = (n, n);
    let a = [n, n];
    let r = 0..n;
    n
}

fn main() {}
