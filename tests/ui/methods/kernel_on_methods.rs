use amp::prelude::*;

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct P {
    x: f32,
}

// #[kernel] marks the impl block, not a method inside a plain one.
impl P {
    #[kernel]
    fn value(&self) -> f32 {
        self.x
    }

    #[kernel]
    fn new(x: f32) -> Self {
        P { x }
    }

    // Without `self` or `Self`, the attribute cannot tell that it is inside an impl block: rustc
    // reports the struct it expands to.
    #[kernel]
    fn zero() -> f32 {
        0.0
    }
}

fn main() {}
