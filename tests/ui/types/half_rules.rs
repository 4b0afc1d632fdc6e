use amp::prelude::*;

// `f16` is `half::f16`, not a primitive: `as f16` is not Rust, conversions are `from_f32`;
// f16 and f32 do not mix without a conversion, as in Rust.
fn conversions(v: &ArrayView<f16, 1>, w: &ArrayView<f32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent(), |i: Index<1>| {
        let narrowed = w[i] as f16;
        let mixed = v[i] + w[i];
        v[i] = f16::from_f32(w[i]);
    })
}

// A struct field of f16 is not supported yet, and says so at the field.
#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Pixel {
    luma: f16,
    alpha: f32,
}

fn main() {}
