use amp::prelude::*;

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct P {
    x: f32,
}

#[kernel]
impl P {
    fn bump(&mut self) {
        self.x += 1.0;
    }

    fn value(&self) -> f32 {
        self.x
    }
}

// A `&mut self` method changes its receiver: an immutable local, an element of a read-only view
// and a temporary are no mutable places.
fn main() -> Result<(), amp::Error> {
    let data = vec![P { x: 1.0 }; 16];
    let mut out = vec![0.0f32; 16];
    let view = ConstArrayView::new(16, &data)?;
    let ov = ArrayView::new(16, &mut out)?;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let p = view[i];
        p.bump();
        view[i].bump();
        ov[i] = p.value();
    })?;
    Ok(())
}
