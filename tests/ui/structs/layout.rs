use amp::prelude::*;

// `vel` starts at byte 12: a Float3 must start at a multiple of 16.
#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Unpadded {
    pos: Float3,
    vel: Float3,
}

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct WithBool {
    alive: bool,
    x: f32,
}

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Corners {
    corners: [Float3; 4],
}

// 20 bytes, but a Float4 makes the struct 16-byte aligned on the accelerator.
#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Tail {
    color: Float4,
    weight: f32,
}

fn main() {}
