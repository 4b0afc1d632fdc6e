use amp::prelude::*;

#[kernel]
fn fourth(p: Float3) -> f32 {
    p.w()
}

#[kernel]
fn third(p: Int2) -> i32 {
    p.z()
}

fn main() {}
