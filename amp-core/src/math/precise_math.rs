//! Functions in single and double precision (C++ AMP `concurrency::precise_math`); `f64` needs an
//! accelerator with double precision.

use super::*;
common_math!();
direct! {
    /// Inverse hyperbolic cosine.
    acosh / Acosh(x) => Acosh;
    /// Inverse hyperbolic sine.
    asinh / Asinh(x) => Asinh;
    /// Inverse hyperbolic tangent.
    atanh / Atanh(x) => Atanh;
    /// `x * y + z`, fused.
    fma / Fma(x, y, z) => Fma;
}
float_fns! {
    /// `10^x`, as `exp2(x * log2(10))`.
    exp10 / Exp10(x) => exp10_body;
    /// `max(x - y, 0)`.
    fdim / Fdim(x, y) => |b, a, s| {
        let d = b.binary(BinaryOperator::Subtract, a[0], a[1]);
        let zero = constant(b, s, 0.0);
        math(b, M::Max, &[d, zero], s)
    };
    /// `sqrt(x² + y²)` (computed directly: may overflow where C's `hypot` does not).
    hypot / Hypot(x, y) => |b, a, s| {
        let xx = b.binary(BinaryOperator::Multiply, a[0], a[0]);
        let yy = b.binary(BinaryOperator::Multiply, a[1], a[1]);
        let sum = b.binary(BinaryOperator::Add, xx, yy);
        math(b, M::Sqrt, &[sum], s)
    };
}
