use amp::prelude::*;

#[kernel]
fn length_of_ints(v: Int3) -> i32 {
    v.length()
}

#[kernel]
fn cross_of_two(a: Float2, b: Float2) -> Float2 {
    a.cross(b)
}

#[kernel]
fn normalize_uints(v: UInt4) -> UInt4 {
    v.normalize()
}

fn main() {}
