use amp::prelude::*;

// References work in kernels (`&n`, `*r`); `unsafe` blocks and references to references do not.
#[kernel]
fn f(n: i32) -> i32 {
    let r = &n;
    let v = unsafe { n };
    let rr = &&n;
    *r
}

fn main() {}
