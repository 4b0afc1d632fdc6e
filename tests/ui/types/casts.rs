use amp::prelude::*;

#[kernel]
fn to_bool(x: f32) -> bool {
    x as bool
}

#[kernel]
fn to_index(n: i32) -> i32 {
    let i = n as Index<1>;
    i[0]
}

#[kernel]
fn from_index(i: Index<1>) -> i32 {
    i as i32
}

fn main() {}
