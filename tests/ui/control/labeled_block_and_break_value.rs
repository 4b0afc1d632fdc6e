use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    let a = 'block: {
        1
    };
    let b = loop {
        break n;
    };
    a + b
}

fn main() {}
