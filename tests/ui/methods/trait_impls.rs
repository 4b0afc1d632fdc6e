use amp::prelude::*;

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct P {
    x: f32,
}

// Kernels call no trait methods: a trait impl is not a #[kernel] block.
#[kernel]
impl Default for P {
    fn default() -> Self {
        P { x: 0.0 }
    }
}

trait Scaled {
    fn scaled(&self, k: f32) -> Self;
}

#[kernel]
impl Scaled for P {
    fn scaled(&self, k: f32) -> Self {
        P { x: self.x * k }
    }
}

fn main() {}
