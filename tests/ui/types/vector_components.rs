use amp::prelude::*;

#[kernel]
fn fourth(p: Float3) -> f32 {
    p.w()
}

#[kernel]
fn third(p: Int2) -> i32 {
    p.z()
}

#[kernel]
fn swizzle_past_the_last(p: Float3) -> Float3 {
    p.xyw()
}

#[kernel]
fn colour_past_the_last(p: UInt2) -> UInt4 {
    p.rgba()
}

#[kernel]
fn write_past_the_last(mut p: Float3) -> Float3 {
    p.set_xw(float2(1.0, 2.0));
    p
}

fn main() {}
