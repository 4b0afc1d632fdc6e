use amp::graphics::{Norm, Unorm};
use amp::prelude::*;

#[kernel]
fn norm_and_float(a: Norm, x: f32) -> Norm {
    a + x
}

#[kernel]
fn float_and_norm(a: Norm, x: f32) -> Norm {
    x * a
}

#[kernel]
fn norm_and_unorm(a: Norm, u: Unorm) -> Norm {
    a - u
}

#[kernel]
fn compared(u: Unorm, x: f32) -> bool {
    u < x
}

#[kernel]
fn unorm_negated(u: Unorm) -> Unorm {
    -u
}

// On the host: rustc's own mismatch, whose `.into()` is `Norm::from`.
fn host(a: Norm, x: f32) -> Norm {
    a * x
}

fn main() {
    let _ = host(Norm::ONE, 0.5);
}
