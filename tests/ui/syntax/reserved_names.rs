use amp::prelude::*;

// amp's expansion binds names starting with `__amp_`.
#[kernel]
fn reserved(x: i32) -> i32 {
    let __amp_l = x;
    __amp_l
}

fn main() {}
