use amp::prelude::*;

// Character and byte literals have no kernel type in `match` patterns either.
#[kernel]
fn bucket(x: i32) -> i32 {
    match x {
        0 => 0,
        1..=b'a' => 1,
        'z' => 2,
        _ => 3,
    }
}

fn main() {}
