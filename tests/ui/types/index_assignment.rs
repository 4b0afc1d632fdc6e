use amp::prelude::*;

// A component of an Index or Extent is assigned only on a `let mut` local.
#[kernel]
fn immutable_local(i: Index<2>) -> Index<2> {
    let a = i;
    a[1] = 3;
    a
}

#[kernel]
fn immutable_parameter(e: Extent<2>) -> Extent<2> {
    e[0] += 1;
    e
}

// The `let mut` forms compile.
#[kernel]
fn mutable_local(i: Index<2>, k: i32) -> Index<2> {
    let mut a = i;
    a[1] = 3;
    a[k] *= 2;
    a
}

fn main() {}
