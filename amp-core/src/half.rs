//! `f16` in kernels: the `half` crate's type, with that crate's names for its conversions,
//! so a kernel converts as the host does: `f16::from_f32(x)`, `f16::from_f64(x)`,
//! `h.to_f32()`, `h.to_f64()`. `x as f16` is not Rust (`f16` is not a primitive type), and
//! `h as f32` neither, so kernels reject both (see [`CastTo`](crate::ops::CastTo)).
//!
//! `from_f32` and `from_f64` round to the nearest `f16`, ties to even (IEEE, as `half`'s); a
//! constant argument (`f16::from_f32(1.5)`) is converted while the kernel is built, by `half`
//! itself, and becomes an `f16` literal. `to_f32` and `to_f64` are exact.

use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
use crate::types::Scalar;
use half::f16;
use naga::{Expression, Literal, ScalarKind};

/// `f16`, the one kernel scalar with `to_f32`/`to_f64` methods.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not `f16`",
    label = "an f16 method",
    note = "to_f32 and to_f64 convert an f16; other scalars convert with `as f32` / `as f64`"
)]
pub trait Half: Scalar {}
impl Half for f16 {}

/// `value` of float scalar type `S` converted to `T`, folded to a literal when `value` is one.
fn convert<S: Scalar, T: Scalar>(
    b: &mut KernelBuilder,
    value: KernelValue<S>,
    fold: fn(Literal) -> Option<T>,
) -> KernelValue<T> {
    if let Expression::Literal(literal) = b.cur.function.expressions[value.handle()] {
        if let Some(folded) = fold(literal) {
            return b.literal(folded);
        }
    }
    crate::types::type_of::<T>(b);
    KernelValue::from_handle(b.append(Expression::As {
        expr: value.handle(),
        kind: ScalarKind::Float,
        convert: Some(T::SCALAR.width),
    }))
}

/// [`ScalarMethods::to_f32`](crate::methods::ScalarMethods::to_f32).
pub(crate) fn widen_to_f32<T: Scalar>(
    b: &mut KernelBuilder,
    h: KernelValue<T>,
) -> KernelValue<f32> {
    convert(b, h, |l| match l {
        Literal::F16(v) => Some(v.to_f32()),
        _ => None,
    })
}

/// [`ScalarMethods::to_f64`](crate::methods::ScalarMethods::to_f64).
pub(crate) fn widen_to_f64<T: Scalar>(
    b: &mut KernelBuilder,
    h: KernelValue<T>,
) -> KernelValue<f64> {
    convert(b, h, |l| match l {
        Literal::F16(v) => Some(v.to_f64()),
        _ => None,
    })
}

crate::builder::builtin_fn!(
    /// `f16::from_f32(x)`: the nearest `f16` (ties to even), as `half::f16::from_f32`.
    from_f32 / FromF32 (x)
);
crate::builder::builtin_fn!(
    /// `f16::from_f64(x)`: the nearest `f16` (ties to even), as `half::f16::from_f64`.
    from_f64 / FromF64 (x)
);
crate::builder::builtin_fn!(
    /// `f16::to_f32(h)`: the method `h.to_f32()`.
    to_f32 / ToF32 (x)
);
crate::builder::builtin_fn!(
    /// `f16::to_f64(h)`: the method `h.to_f64()`.
    to_f64 / ToF64 (x)
);

impl DeviceFn<(KernelValue<f32>,)> for FromF32 {
    type Output = KernelValue<f16>;
    fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<f32>,)) -> Self::Output {
        convert(b, x, |l| match l {
            Literal::F32(v) => Some(f16::from_f32(v)),
            _ => None,
        })
    }
}

impl DeviceFn<(KernelValue<f64>,)> for FromF64 {
    type Output = KernelValue<f16>;
    fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<f64>,)) -> Self::Output {
        convert(b, x, |l| match l {
            Literal::F64(v) => Some(f16::from_f64(v)),
            _ => None,
        })
    }
}

impl DeviceFn<(KernelValue<f16>,)> for ToF32 {
    type Output = KernelValue<f32>;
    fn call(&self, b: &mut KernelBuilder, (h,): (KernelValue<f16>,)) -> Self::Output {
        widen_to_f32(b, h)
    }
}

impl DeviceFn<(KernelValue<f16>,)> for ToF64 {
    type Output = KernelValue<f64>;
    fn call(&self, b: &mut KernelBuilder, (h,): (KernelValue<f16>,)) -> Self::Output {
        widen_to_f64(b, h)
    }
}
