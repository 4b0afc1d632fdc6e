use amp::prelude::*;

// `f32`/`f64` associated functions amp does not provide.
#[kernel]
fn unknown_scalar_function(x: f32) -> f32 {
    f32::abs_sub(x, 1.0)
}

// Bit casts are between types of the same width: `to_bits` on floats only.
#[kernel]
fn integer_to_bits(x: i32) -> u32 {
    x.to_bits()
}

// C++ AMP's `asuint`/`asint`/`asfloat` reinterpret 32-bit scalars.
#[kernel]
fn wide_asuint(x: f64) -> u32 {
    intrinsics::asuint(x)
}

// `from_bits` takes the float's unsigned integer.
#[kernel]
fn signed_from_bits(x: i32) -> f32 {
    f32::from_bits(x)
}

fn main() {}
