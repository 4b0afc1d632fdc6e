use amp::prelude::*;

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct P {
    x: f32,
    y: f32,
}

// A method named like one of amp's (of numbers, vectors, views, textures): a call `p.length()`
// is amp's by its name.
#[kernel]
impl P {
    fn length(&self) -> f32 {
        (self.x * self.x + self.y * self.y).sqrt()
    }

    fn extent(&self) -> f32 {
        self.x
    }

    fn min(self, o: P) -> P {
        o
    }

    // An associated function may take any name.
    fn sqrt(x: f32) -> f32 {
        x
    }
}

fn main() {}
