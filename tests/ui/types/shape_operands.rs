use amp::prelude::*;

/// Extent ± Index needs the same rank.
#[kernel]
fn ranks_differ(e: Extent<2>, i: Index<3>) -> Extent<2> {
    e + i
}

/// C++ AMP has no index + extent: an index moves an extent, not the other way round.
#[kernel]
fn index_plus_extent(i: Index<2>, e: Extent<2>) -> Index<2> {
    i + e
}

/// A scalar on the left of a shape is an i32, as a component is.
#[kernel]
fn float_scalar(i: Index<2>) -> Index<2> {
    2.0f32 * i
}

#[kernel]
fn unsigned_scalar(i: Index<2>, k: u32) -> Index<2> {
    k * i
}

fn main() {}
