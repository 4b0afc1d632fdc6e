//! Rust's results for IEEE special values, read from the bits: NaN, infinities and the sign.
//!
//! Vulkan leaves NaN handling in float operations to the device and naga's float `!=` is
//! ordered (`x != x` is false for NaN), so what must see a NaN, an infinity or a sign (`-0.0`,
//! a negative NaN) reads the float's bits: integer operations no float optimisation may change.

use crate::builder::KernelBuilder;
use naga::{BinaryOperator as Op, Expression, Handle, Literal};

/// What [`classify`] asks.
#[derive(Clone, Copy)]
pub(crate) enum Class {
    Nan,
    Infinite,
    Finite,
}

/// Whether `x` is NaN, infinite or finite, from its bits: the magnitude's bits against those of
/// infinity.
pub(crate) fn classify(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    s: naga::Scalar,
    class: Class,
) -> Handle<Expression> {
    let (x, s) = super::widen_half(b, x, s);
    let raw = to_bits(b, x);
    let magnitude = and_mask(b, raw, !sign_bit(s), s);
    let infinity = match s.width {
        8 => i128::from(f64::INFINITY.to_bits()),
        _ => i128::from(f32::INFINITY.to_bits()),
    };
    let infinity = int_literal(b, bits_scalar(s), infinity);
    let op = match class {
        Class::Nan => Op::Greater,
        Class::Infinite => Op::Equal,
        Class::Finite => Op::Less,
    };
    b.binary(op, magnitude, infinity)
}

/// `magnitude` with the sign bit of `sign`.
pub(crate) fn with_sign_of(
    b: &mut KernelBuilder,
    magnitude: Handle<Expression>,
    sign: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    if s.width == 2 {
        let (magnitude, wide) = super::widen_half(b, magnitude, s);
        let (sign, _) = super::widen_half(b, sign, s);
        let joined = with_sign_of(b, magnitude, sign, wide);
        return b.append(Expression::As {
            expr: joined,
            kind: naga::ScalarKind::Float,
            convert: Some(2),
        });
    }
    let m = to_bits(b, magnitude);
    let m = and_mask(b, m, !sign_bit(s), s);
    let sign = to_bits(b, sign);
    let sign = and_mask(b, sign, sign_bit(s), s);
    let joined = b.binary(Op::InclusiveOr, m, sign);
    b.append(Expression::As {
        expr: joined,
        kind: naga::ScalarKind::Float,
        convert: None,
    })
}

/// Whether `x`'s sign bit is set (negative numbers, `-0.0`, `-inf`, negative NaNs).
pub(crate) fn sign_of(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    let (x, s) = super::widen_half(b, x, s);
    let raw = to_bits(b, x);
    let sign = and_mask(b, raw, sign_bit(s), s);
    let zero = int_literal(b, bits_scalar(s), 0);
    b.binary(Op::NotEqual, sign, zero)
}

/// Whether `x`'s magnitude is at least `lo` and below `hi` (non-negative values of `x`'s type,
/// `hi` may be infinity), compared as bits: exact for subnormals, whatever the device's float
/// comparisons do with them. An `f16` compares as the `f32` of the same value.
pub(crate) fn magnitude_within(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    s: naga::Scalar,
    lo: f64,
    hi: f64,
) -> Handle<Expression> {
    let (x, s) = super::widen_half(b, x, s);
    let raw = to_bits(b, x);
    let magnitude = and_mask(b, raw, !sign_bit(s), s);
    let bits = |v: f64| match s.width {
        8 => i128::from(v.to_bits()),
        _ => i128::from((v as f32).to_bits()),
    };
    let lo = int_literal(b, bits_scalar(s), bits(lo));
    let hi = int_literal(b, bits_scalar(s), bits(hi));
    let above = b.binary(Op::GreaterEqual, magnitude, lo);
    let below = b.binary(Op::Less, magnitude, hi);
    b.binary(Op::LogicalAnd, above, below)
}

/// The bits of a float as the unsigned integer of its width (the caller registers that type,
/// as [`int_literal`] does for its masks).
fn to_bits(b: &mut KernelBuilder, x: Handle<Expression>) -> Handle<Expression> {
    b.append(Expression::As {
        expr: x,
        kind: naga::ScalarKind::Uint,
        convert: None,
    })
}

/// The unsigned integer scalar of a float's width.
fn bits_scalar(s: naga::Scalar) -> naga::Scalar {
    match s.width {
        8 => naga::Scalar::U64,
        _ => naga::Scalar::U32,
    }
}

/// The sign bit of a float of scalar `s`, as a mask.
fn sign_bit(s: naga::Scalar) -> i128 {
    match s.width {
        8 => 1 << 63,
        _ => 1 << 31,
    }
}

/// `bits & mask` (mask taken modulo the width of `s`).
fn and_mask(
    b: &mut KernelBuilder,
    bits: Handle<Expression>,
    mask: i128,
    s: naga::Scalar,
) -> Handle<Expression> {
    let width_mask = match s.width {
        8 => i128::from(u64::MAX),
        _ => i128::from(u32::MAX),
    };
    let mask = int_literal(b, bits_scalar(s), mask & width_mask);
    b.binary(Op::And, bits, mask)
}

/// A float literal: `single` for `f32`, `double` for `f64` (each exactly as given, infinities
/// and NaN included), `single` rounded to the nearest `f16` for `f16`.
pub(crate) fn by_width(
    b: &mut KernelBuilder,
    s: naga::Scalar,
    single: f32,
    double: f64,
) -> Handle<Expression> {
    let literal = match s.width {
        8 => naga::Literal::F64(double),
        2 => naga::Literal::F16(half::f16::from_f32(single)),
        _ => naga::Literal::F32(single),
    };
    b.literal_expr(literal)
}

/// The integer `value` (taken modulo the width) as a literal of the unsigned scalar `s`.
fn int_literal(b: &mut KernelBuilder, s: naga::Scalar, value: i128) -> Handle<Expression> {
    let literal = match s.width {
        8 => {
            // The 64-bit capability check reads the module's types.
            b.intern_type(naga::TypeInner::Scalar(s));
            Literal::U64(value as u64)
        }
        _ => Literal::U32(value as u32),
    };
    b.append(Expression::Literal(literal))
}
