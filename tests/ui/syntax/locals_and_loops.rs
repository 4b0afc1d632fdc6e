use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    let x: i32;
    let (a, b) = (n, n, n);
    n
}

#[kernel]
fn h(n: i32) -> i32 {
    let mut x = 0;
    for i in n {
        x = i;
    }
    x
}

#[kernel]
fn g(n: i32) -> i32 {
    let mut x = 0;
    for j in (0..n).step_by(2).rev() {
        x = j;
    }
    x
}

fn main() {}
