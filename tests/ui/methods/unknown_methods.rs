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

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Q {
    x: f32,
}

// A method no #[kernel] impl block has: on a struct with one, on one without, on a number.
fn main() -> Result<(), amp::Error> {
    let mut data = vec![P { x: 1.0 }; 16];
    let mut qs = vec![Q { x: 1.0 }; 16];
    let view = ArrayView::new(16, &mut data)?;
    let qv = ArrayView::new(16, &mut qs)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        let p = view[i];
        let a = p.sqr();
        let b = qv[i].norm();
        let c = p.x.sqr();
    })?;
    Ok(())
}
