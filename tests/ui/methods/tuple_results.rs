use amp::prelude::*;

// `let (s, c) = x.sin_cos();` binds the pair `sin_cos` returns; another value bound to a tuple
// pattern, or three names for the pair, are errors in amp's words.
#[kernel]
fn not_a_pair(x: f32) -> f32 {
    let (s, c) = x.sqrt();
    s + c
}

#[kernel]
fn three_names(x: f32) -> f32 {
    let (s, c, t) = x.sin_cos();
    s + c + t
}

fn main() {}
