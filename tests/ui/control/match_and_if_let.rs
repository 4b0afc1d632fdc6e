use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    let x = match n {
        0 => 1,
        _ => 2,
    };
    if let 3 = n {
        return 0;
    }
    x
}

fn main() {}
