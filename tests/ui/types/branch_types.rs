use amp::prelude::*;

// The branches of an `if` used as a value have one type.
#[kernel]
fn branches(x: i32) -> f32 {
    let y = if x > 0 { 1.0f32 } else { 2 };
    y
}

// So do the arms of a `match`.
#[kernel]
fn arms(x: i32) -> u32 {
    match x {
        0 => 1u32,
        _ => 2i32,
    }
}

// The value of a `#[kernel] fn` has its declared type.
#[kernel]
fn result(x: i32) -> f32 {
    x
}

fn main() {}
