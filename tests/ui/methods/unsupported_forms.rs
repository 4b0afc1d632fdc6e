use amp::prelude::*;

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct P {
    x: f32,
}

#[derive(Clone, Copy)]
struct W<T: Copy> {
    v: T,
}

// A generic block.
#[kernel]
impl<T: Copy> W<T> {
    fn get_v(&self) -> T {
        self.v
    }
}

#[kernel]
impl P {
    // A generic method.
    fn times<const N: u32>(&self) -> f32 {
        self.x * N as f32
    }

    // A typed receiver.
    fn boxed(self: Box<Self>) -> f32 {
        self.x
    }

    // #[kernel] again on a function of the block.
    #[kernel]
    fn twice(&self) -> f32 {
        self.x * 2.0
    }

    // Items other than functions and constants.
    type Unit = f32;
}

fn main() {}
