use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    let g = |x: i32| x + 1;
    println!("{}", n);
    assert!(n > 0);
    let v = vec![1, 2, 3];
    n
}

fn main() {}
