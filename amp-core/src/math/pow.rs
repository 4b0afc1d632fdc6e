//! `pow` with Rust's (C's) results: `powf` in kernels, and C++ AMP's `fast_math::pow` and
//! `precise_math::pow`.
//!
//! Vulkan's `Pow` is defined for `x > 0` only (and computed as `exp2(y * log2(x))`: lavapipe gives
//! 0 for `pow(NaN, 0.5)` and NaN for every negative `x`), so the accelerator computes `|x|^y` and
//! the rest is Rust's rules: `pow(x, 0)` and `pow(1, y)` are 1 (even for NaN), a negative `x`
//! with an odd integer `y` negates, with a non-integer `y` is NaN; zeros and infinities of
//! either operand give 0, 1 or infinity as C's `pow` does.

use super::special::{by_width, classify, sign_of, Class};
use super::{constant, math};
use crate::builder::KernelBuilder;
use naga::{BinaryOperator as Op, Expression, Handle, MathFunction as M, UnaryOperator};

/// `x^y` of two floats of scalar `s`, with Rust's special cases.
pub(crate) fn pow(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    y_h: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    let ax = math(b, M::Abs, &[x], s);
    let core = magnitude_pow(b, ax, y_h, s);
    let (zero, one, half) = (
        constant(b, s, 0.0),
        constant(b, s, 1.0),
        constant(b, s, 0.5),
    );
    let infinity = by_width(b, s, f32::INFINITY, f64::INFINITY);
    // Whether y is an integer (infinities are, and even), and an odd one.
    let t = math(b, M::Trunc, &[y_h], s);
    let y_integer = b.binary(Op::Equal, t, y_h);
    let halved = b.binary(Op::Multiply, y_h, half);
    let t = math(b, M::Trunc, &[halved], s);
    let fraction = b.binary(Op::NotEqual, t, halved);
    let y_odd = b.binary(Op::LogicalAnd, y_integer, fraction);
    let y_negative = b.binary(Op::Less, y_h, zero);
    let grows = b.select(y_negative, zero, infinity);
    let shrinks = b.select(y_negative, infinity, zero);
    // |x| is 0 or infinite: 0 or infinity by y's sign.
    let ax_zero = b.binary(Op::Equal, ax, zero);
    let m = b.select(ax_zero, shrinks, core);
    let ax_infinite = classify(b, ax, s, Class::Infinite);
    let m = b.select(ax_infinite, grows, m);
    // y is infinite: 0, 1 or infinity by |x| against 1.
    let big = b.binary(Op::Greater, ax, one);
    let small = b.binary(Op::Less, ax, one);
    let at_one = b.select(small, shrinks, one);
    let limit = b.select(big, grows, at_one);
    let y_infinite = classify(b, y_h, s, Class::Infinite);
    let m = b.select(y_infinite, limit, m);
    // The sign: negative for a negative x (or -0) and an odd y.
    let x_negative = sign_of(b, x, s);
    let negative = b.binary(Op::LogicalAnd, x_negative, y_odd);
    let minus = b.append(Expression::Unary {
        op: UnaryOperator::Negate,
        expr: m,
    });
    let r = b.select(negative, minus, m);
    // NaN: a NaN operand, or a finite negative x with a non-integer y.
    let below_zero = b.binary(Op::Less, x, zero);
    let finite = classify(b, x, s, Class::Finite);
    let negative_finite = b.binary(Op::LogicalAnd, below_zero, finite);
    let fractional = b.append(Expression::Unary {
        op: UnaryOperator::LogicalNot,
        expr: y_integer,
    });
    let domain = b.binary(Op::LogicalAnd, negative_finite, fractional);
    let x_nan = classify(b, x, s, Class::Nan);
    let y_nan = classify(b, y_h, s, Class::Nan);
    let nan = b.binary(Op::LogicalOr, x_nan, y_nan);
    let nan = b.binary(Op::LogicalOr, nan, domain);
    let not_a_number = by_width(b, s, f32::NAN, f64::NAN);
    let r = b.select(nan, not_a_number, r);
    // y = 1: x itself (the built-in's exp2(log2(x)) is not exact, and overflows near MAX).
    let y_one = b.binary(Op::Equal, y_h, one);
    let r = b.select(y_one, x, r);
    let y_zero = b.binary(Op::Equal, y_h, zero);
    let x_one = b.binary(Op::Equal, x, one);
    let unit = b.binary(Op::LogicalOr, y_zero, x_one);
    b.select(unit, one, r)
}

/// `ax^y` for a positive `ax`: the accelerator's `Pow`, except for a subnormal `ax`, whose
/// logarithm Vulkan leaves undefined (lavapipe reads the exponent field as if normal): there
/// `exp2(y * (log2(ax * 2^k) - k))`, with `ax * 2^k` normal.
fn magnitude_pow(
    b: &mut KernelBuilder,
    ax: Handle<Expression>,
    y: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    let core = math(b, M::Pow, &[ax, y], s);
    let (k, smallest_normal) = match s.width {
        8 => return core,
        2 => (10.0, f64::from(half::f16::MIN_POSITIVE)),
        _ => (24.0, f64::from(f32::MIN_POSITIVE)),
    };
    let smallest_normal = constant(b, s, smallest_normal);
    let subnormal = b.binary(Op::Less, ax, smallest_normal);
    let lift = constant(b, s, 2f64.powf(k));
    let lifted = b.binary(Op::Multiply, ax, lift);
    let log = math(b, M::Log2, &[lifted], s);
    let k = constant(b, s, k);
    let log = b.binary(Op::Subtract, log, k);
    let product = b.binary(Op::Multiply, y, log);
    let small = math(b, M::Exp2, &[product], s);
    b.select(subnormal, small, core)
}
