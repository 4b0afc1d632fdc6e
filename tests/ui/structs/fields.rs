use amp::prelude::*;

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Bytes {
    b: u8,
    n: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Particle {
    pos: Float4,
    mass: f32,
    _pad: [f32; 3],
}

#[kernel]
fn misspelt(p: Particle) -> f32 {
    p.masss
}

#[kernel]
fn no_fields(x: f32) -> f32 {
    x.value
}

#[kernel]
fn immutable(p: Particle) {
    p.mass = 1.0;
}

fn main() {}
