use amp::prelude::*;

// What a GPU cannot do with references is said at the user's tokens: a device function
// returns values (not references), a reference refers to a value or an array (not to another
// reference, not to a whole view: views are passed by reference already), and only a
// parameter or a local holds one.
#[kernel]
fn first(a: &[f32; 4]) -> &f32 {
    &a[0]
}

#[kernel]
fn twice(a: &&f32, v: &ArrayView<f32, 1>) -> f32 {
    1.0
}

#[kernel]
fn pair(a: [&f32; 2]) -> f32 {
    1.0
}

#[kernel]
fn tile_of(t: &TiledIndex<1>) -> i32 {
    t.local[0]
}

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Holder {
    value: &'static f32,
}

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0.0f32; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        let whole = &view;
    })?;
    Ok(())
}
