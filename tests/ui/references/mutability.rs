use amp::prelude::*;

#[kernel]
fn bump(a: &mut f32) {
    *a += 1.0;
}

// Nothing is written through a `&` reference, and a `&` is no `&mut`.
#[kernel]
fn read_only(a: &f32) {
    *a = 1.0;
    bump(a);
}

// `&mut` of an immutable local is rustc's E0596, as in Rust.
#[kernel]
fn immutable_local(x: f32) -> f32 {
    let y = x * 2.0;
    bump(&mut y);
    y
}

// An element of a read-only view is not borrowed as mutable.
fn read_only_view() -> Result<(), amp::Error> {
    let data = vec![0.0f32; 64];
    let view = ConstArrayView::new(64, &data)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        bump(&mut view[i]);
    })?;
    Ok(())
}

// A captured value is a copy (C++ AMP's `[=]`): it is not borrowed as mutable.
fn captured(scale: f32) -> Result<(), amp::Error> {
    let mut data = vec![0.0f32; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        bump(&mut scale);
        bump(&mut view[i]);
    })?;
    Ok(())
}

fn main() {}
