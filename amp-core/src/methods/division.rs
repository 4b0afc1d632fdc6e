//! Rust's Euclidean and rounded-up division in kernels: `div_euclid` and `rem_euclid`
//! (`i32`, `u32`, `i64`, `u64`, and the floats) and `div_ceil` (`u32`, `u64`).
//!
//! The float forms are Rust's definitions on the exact float remainder (`%`, see
//! `math/remainder.rs`); an `f16` computes in `f32` and rounds, as on the host.
//!
//! Rust panics where its `/` does (a zero divisor, and `MIN / -1` for signed types); a kernel
//! cannot. Each method divides by [`divisor`], which is 1 in those cases, so that the quotient
//! is the dividend and the remainder 0: what the kernel's own `/` and `%` give (WGSL's rule),
//! here explicitly, so that an unchecked launch's division is defined too.

use super::integer::{abs, min_of};
use super::{int_literal, select, NumberMethods, UnsignedMethods};
use crate::builder::{KernelBuilder, KernelValue};
use crate::math::ir::Ir;
use crate::math::{remainder, widen_half};
use naga::{BinaryOperator as Op, Expression, Handle, ScalarKind};

/// [`ScalarMethods::div_euclid`](super::ScalarMethods::div_euclid): the truncated quotient,
/// moved one step away from the divisor's sign when the truncated remainder is negative.
pub(super) fn div_euclid<T: NumberMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    rhs: KernelValue<T>,
) -> KernelValue<T> {
    let (s, x) = (T::SCALAR, value.handle());
    if s.kind == ScalarKind::Float {
        return KernelValue::from_handle(float_euclid(b, x, rhs.handle(), s, Euclid::Quotient));
    }
    let d = divisor(b, x, rhs.handle(), s);
    let q = b.binary(Op::Divide, x, d);
    if s.kind == ScalarKind::Uint {
        return KernelValue::from_handle(q);
    }
    let r = b.binary(Op::Modulo, x, d);
    let zero = int_literal(b, s, 0);
    let one = int_literal(b, s, 1);
    let negative = b.binary(Op::Less, r, zero);
    let positive_divisor = b.binary(Op::Greater, d, zero);
    let down = b.binary(Op::Subtract, q, one);
    let up = b.binary(Op::Add, q, one);
    let adjusted = select(b, positive_divisor, down, up);
    KernelValue::from_handle(select(b, negative, adjusted, q))
}

/// [`ScalarMethods::rem_euclid`](super::ScalarMethods::rem_euclid): the truncated remainder,
/// plus `|rhs|` when it is negative (wrapping, as Rust's: `|MIN|` is `MIN`, and `r - MIN`
/// cannot overflow for a negative `r`).
pub(super) fn rem_euclid<T: NumberMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    rhs: KernelValue<T>,
) -> KernelValue<T> {
    let (s, x) = (T::SCALAR, value.handle());
    if s.kind == ScalarKind::Float {
        return KernelValue::from_handle(float_euclid(b, x, rhs.handle(), s, Euclid::Remainder));
    }
    let d = divisor(b, x, rhs.handle(), s);
    let r = b.binary(Op::Modulo, x, d);
    if s.kind == ScalarKind::Uint {
        return KernelValue::from_handle(r);
    }
    let zero = int_literal(b, s, 0);
    let negative = b.binary(Op::Less, r, zero);
    let magnitude = abs(b, d, s);
    let lifted = b.binary(Op::Add, r, magnitude);
    KernelValue::from_handle(select(b, negative, lifted, r))
}

/// Which result of the float Euclidean division.
#[derive(Clone, Copy, PartialEq)]
enum Euclid {
    Quotient,
    Remainder,
}

/// Rust's float `div_euclid` or `rem_euclid` of `x` and `y`: with `r = x % y` (exact),
/// the remainder is `r + |y|` where `r < 0`, else `r`; the quotient is `(x / y).trunc()`, one
/// step away from `y`'s sign where `r < 0`.
fn float_euclid(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    y: Handle<Expression>,
    s: naga::Scalar,
    which: Euclid,
) -> Handle<Expression> {
    let (x, wide) = widen_half(b, x, s);
    let (y, _) = widen_half(b, y, s);
    let r = remainder::fmod(b, x, y, wide);
    let mut o = Ir::new(b, wide);
    let zero = o.c(0.0);
    let negative = o.lt(r, zero);
    let result = match which {
        Euclid::Remainder => {
            let ay = o.abs(y);
            let lifted = o.add(r, ay);
            o.sel(negative, lifted, r)
        }
        Euclid::Quotient => {
            // Where the quotient is an integer exactly (`x - n·y` is 0, exact with a fused
            // multiply-add), that integer: Vulkan's division is within 2.5 ulp, and one ulp
            // below an integer truncates to the integer below (NVIDIA's 518 / -74 was
            // -6.9999995).
            // Both scaled by 1/4 where `|y|` is above 2^125: an accelerator may divide by
            // multiplying with the reciprocal, subnormal (flushed to 0) past 2^126.
            let ay = o.abs(y);
            let big = o.gtc(ay, 2f64.powi(125));
            let quarter = o.c(0.25);
            let one = o.c(1.0);
            let scale = o.sel(big, quarter, one);
            let xs = o.mul(x, scale);
            let ys = o.mul(y, scale);
            let q0 = o.div(xs, ys);
            let n = o.rint(q0);
            let nn = o.neg(n);
            let residual = o.fma(nn, y, x);
            let exact = o.eq(residual, zero);
            let q = o.sel(exact, n, q0);
            let q = o.trunc(q);
            let y_positive = o.gt(y, zero);
            let one = o.c(1.0);
            let down = o.sub(q, one);
            let up = o.add(q, one);
            let stepped = o.sel(y_positive, down, up);
            o.sel(negative, stepped, q)
        }
    };
    if s.width != 2 {
        return result;
    }
    b.append(Expression::As {
        expr: result,
        kind: ScalarKind::Float,
        convert: Some(2),
    })
}

/// [`ScalarMethods::div_ceil`](super::ScalarMethods::div_ceil): the quotient, plus one when
/// the remainder is not zero (which cannot overflow: a remainder needs a divisor above 1).
pub(super) fn div_ceil<T: UnsignedMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    rhs: KernelValue<T>,
) -> KernelValue<T> {
    let (s, x) = (T::SCALAR, value.handle());
    let d = divisor(b, x, rhs.handle(), s);
    let q = b.binary(Op::Divide, x, d);
    let r = b.binary(Op::Modulo, x, d);
    let zero = int_literal(b, s, 0);
    let one = int_literal(b, s, 1);
    let inexact = b.binary(Op::NotEqual, r, zero);
    let up = b.binary(Op::Add, q, one);
    KernelValue::from_handle(select(b, inexact, up, q))
}

/// `y`, or 1 where Rust's `x / y` panics: `y == 0`, and `x == MIN && y == -1` for a signed `s`.
fn divisor(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    y: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    let zero = int_literal(b, s, 0);
    let one = int_literal(b, s, 1);
    let mut panics = b.binary(Op::Equal, y, zero);
    if s.kind == ScalarKind::Sint {
        let min = min_of(b, s);
        let minus_one = int_literal(b, s, -1);
        let x_min = b.binary(Op::Equal, x, min);
        let y_minus_one = b.binary(Op::Equal, y, minus_one);
        let overflows = b.binary(Op::LogicalAnd, x_min, y_minus_one);
        panics = b.binary(Op::LogicalOr, panics, overflows);
    }
    select(b, panics, one, y)
}
