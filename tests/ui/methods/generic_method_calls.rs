use amp::prelude::*;

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct P {
    x: f32,
}

#[kernel]
impl P {
    fn norm(&self) -> f32 {
        self.x.abs()
    }
}

// The methods of #[kernel] impl blocks take no generic arguments.
#[kernel]
fn f(p: P) -> f32 {
    p.norm::<f32>()
}

fn main() {}
