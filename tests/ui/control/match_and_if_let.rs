use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    // A binding pattern, and no final `_` arm.
    let x = match n {
        0 => 1,
        other => other,
    };
    let y = match n {
        0 => 1,
        1 => 2,
    };
    if let 3 = n {
        return 0;
    }
    x + y
}

fn main() {}
