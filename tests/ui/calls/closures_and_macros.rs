use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    let g = |x: i32| x + 1;
    panic!("{}", n);
    let s = format!("{}", n);
    let v = vec![1, 2, 3];
    n
}

fn main() {}
