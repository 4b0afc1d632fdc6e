use amp::prelude::*;

// An `if` without `else` has no value (Rust's E0317); a parameter holds one kernel value.
#[kernel]
fn mad<T: Numeric>(a: T, b: T, c: T) -> T {
    if true {
        a * b + c
    }
}

#[kernel]
fn nothing(a: i32, y: ()) -> i32 {
    a
}

#[kernel]
fn never(a: i32, y: !) -> i32 {
    a
}

#[kernel]
fn empty(a: i32, y: [i32; 0]) -> i32 {
    a
}

fn main() {}
