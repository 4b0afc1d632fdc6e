use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    let x: i32;
    let (a, b) = (n, n);
    for i in some_iterator {
        x = i;
    }
    n
}

fn main() {}
