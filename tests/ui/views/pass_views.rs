use amp::prelude::*;

#[kernel]
fn total(v: ConstArrayView<f32, 1>) -> f32 {
    v[0] + v[1]
}

#[kernel]
fn scale(v: ArrayView<f32, 2>, k: f32) {
    v[[0, 0]] *= k;
}

// A reinterpret_as result is not passed to a #[kernel] fn; a read-write view is not a
// ConstArrayView without `.as_const()`/`.into()`; a section passes only where its rank is
// taken; `.into()` converts views, not numbers.
#[kernel]
fn caller(bits: ArrayView<u32, 1>, data: ArrayView<f32, 1>, x: i32) -> f32 {
    let a = total(bits.reinterpret_as::<f32>());
    let b = total(data);
    scale(data.section(Index::new([1]), Extent::new([2])), 2.0);
    let wide: f64 = x.into();
    a + b
}

fn main() {}
