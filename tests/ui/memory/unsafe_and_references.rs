use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    let r = &n;
    let v = unsafe { n };
    *r
}

fn main() {}
