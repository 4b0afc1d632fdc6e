use amp::prelude::*;

// `return` matches the signature.
#[kernel]
fn value_from_unit(v: ArrayView<i32, 1>, x: i32) {
    v[x] = 1;
    return 5;
}

#[kernel]
fn nothing_from_value(x: i32) -> i32 {
    if x > 0 {
        return;
    }
    x + 1
}

#[kernel]
fn wrong_type(x: i32) -> i32 {
    if x > 0 {
        return true;
    }
    x
}

// A function without a result ends without a value.
#[kernel]
fn valued_tail(x: i32) {
    match x {
        0 => 100,
        _ => 4,
    }
}

// A match's patterns compare with the scrutinee's type, at the pattern.
#[kernel]
fn bool_scrutinee(x: i32) -> i32 {
    match x != 4 {
        1 => 10,
        _ => x,
    }
}

fn main() {}
