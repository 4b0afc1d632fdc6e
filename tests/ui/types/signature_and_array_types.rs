use amp::prelude::*;

// A parameter or result type kernels cannot take is reported at the signature; an array literal
// element of another type than the first, at the element; a cast to `()` at the cast.
#[kernel]
fn square_plus_one(x: i32) -> [i32; 0] {
    x + 1
}
#[kernel]
fn pair(x: (i32, i32)) -> i32 {
    1
}
#[kernel]
fn polynomial(x: f32) -> f32 {
    let coefficients = [1.0f32, -7, 0.5, 3.0];
    let mut acc = 0.0f32;
    for k in 0..4 {
        acc = acc * x + coefficients[k];
    }
    acc
}
#[kernel]
fn advance(p: f32) -> f32 {
    let mut q = (p as ());
    p
}
fn main() {}
