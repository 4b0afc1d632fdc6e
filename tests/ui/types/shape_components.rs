use amp::prelude::*;

#[kernel]
fn unsigned_components(a: u32, b: u32) -> Extent<2> {
    Extent::new([a, b])
}

#[kernel]
fn float_components(x: f32) -> i32 {
    let i = Index::new([x, x]);
    i[0]
}

fn main() {}
