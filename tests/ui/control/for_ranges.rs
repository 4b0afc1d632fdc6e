use amp::prelude::*;

#[kernel]
fn float_range(n: i32) -> i32 {
    let mut s = 0;
    for _k in 1.0..3.5 {
        s += n;
    }
    s
}

#[kernel]
fn index_range(i: Index<2>) -> i32 {
    let mut s = 0;
    for k in i..i {
        s += k[0];
    }
    s
}

#[kernel]
fn float_step(n: i32) -> i32 {
    let mut s = 0;
    for k in (0..n).step_by(1.5) {
        s += k;
    }
    s
}

fn main() {}
