//! Rust's float methods on `f32` and `f64` kernel values: the functions that build
//! [`ScalarMethods`](super::ScalarMethods)'s float methods.
//!
//! The transcendental functions are `precise_math`'s (so on `f64` they are the located error
//! that explains Vulkan's single-precision limit), with Rust's results for the inputs where
//! the accelerator's built-in differs or Vulkan leaves it undefined: `powf` of negative numbers,
//! zeros and infinities, `atan2` of zeros, infinities and NaN, `atan` and `asin` of NaN. The
//! rest are written here to give Rust's results exactly: classification and sign operations
//! work on the bits (naga's float `!=` is ordered, so `x != x` is false for NaN, and Vulkan
//! leaves NaN handling in float operations to the device), `powi` multiplies as Rust's
//! (compiler-rt's `__powisf2`) does, `hypot` scales to avoid overflow.

use super::{int_literal, math_expr, select};
use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
use crate::math::{constant, precise_math as pm, widen_half, Float};
use naga::{BinaryOperator as Op, Expression, Handle, MathFunction, UnaryOperator};

/// Declares the float methods that are one `precise_math` function.
macro_rules! precise_fns {
    ($( $name:ident ($($arg:ident),*) => $marker:ident; )*) => {$(
        #[doc = concat!(
            "[`ScalarMethods::", stringify!($name), "`](super::ScalarMethods::",
            stringify!($name), ")."
        )]
        pub(super) fn $name<T: Float>(
            b: &mut KernelBuilder,
            value: KernelValue<T>
            $(, $arg: KernelValue<T>)*
        ) -> KernelValue<T> {
            DeviceFn::call(&crate::builder::marker::<pm::$marker<T>>(), b, (value, $($arg,)*))
        }
    )*};
}

precise_fns! {
    sqrt() => Sqrt;
    rsqrt() => Rsqrt;
    exp() => Exp;
    exp2() => Exp2;
    ln() => Log;
    log2() => Log2;
    log10() => Log10;
    sin() => Sin;
    cos() => Cos;
    tan() => Tan;
    acos() => Acos;
    sinh() => Sinh;
    cosh() => Cosh;
    tanh() => Tanh;
    floor() => Floor;
    ceil() => Ceil;
    round() => Round;
    trunc() => Trunc;
    mul_add(a, c) => Fma;
}

/// [`ScalarMethods::atan`](super::ScalarMethods::atan).
pub(super) fn atan<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    let a = DeviceFn::call(&crate::builder::marker::<pm::Atan<_>>(), b, (value,)).handle();
    let nan = classify(b, value.handle(), T::SCALAR, Class::Nan);
    KernelValue::from_handle(select(b, nan, value.handle(), a))
}

/// [`ScalarMethods::atan2`](super::ScalarMethods::atan2).
pub(super) fn atan2<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T> {
    let base =
        DeviceFn::call(&crate::builder::marker::<pm::Atan2<_>>(), b, (value, other)).handle();
    KernelValue::from_handle(atan2_special(
        b,
        value.handle(),
        other.handle(),
        base,
        T::SCALAR,
    ))
}

/// [`ScalarMethods::asin`](super::ScalarMethods::asin).
pub(super) fn asin<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    let s = T::SCALAR;
    let x = value.handle();
    let one = constant(b, s, 1.0);
    let below = b.binary(Op::Subtract, one, x);
    let above = b.binary(Op::Add, one, x);
    let cos2 = b.binary(Op::Multiply, below, above);
    let cos = DeviceFn::call(
        &crate::builder::marker::<pm::Sqrt<_>>(),
        b,
        (KernelValue::<T>::from_handle(cos2),),
    );
    let base = DeviceFn::call(&crate::builder::marker::<pm::Atan2<_>>(), b, (value, cos)).handle();
    let angle = atan2_special(b, x, cos.handle(), base, s);
    let a = math_expr(b, MathFunction::Abs, &[x]);
    let outside = b.binary(Op::Greater, a, one);
    let nan = classify(b, x, s, Class::Nan);
    let undefined = b.binary(Op::LogicalOr, outside, nan);
    let not_a_number = by_width(b, s, f32::NAN, f64::NAN);
    KernelValue::from_handle(select(b, undefined, not_a_number, angle))
}

/// [`ScalarMethods::powf`](super::ScalarMethods::powf).
pub(super) fn powf<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    y: KernelValue<T>,
) -> KernelValue<T> {
    let s = T::SCALAR;
    let (x, y_h) = (value.handle(), y.handle());
    let ax = math_expr(b, MathFunction::Abs, &[x]);
    let core = DeviceFn::call(
        &crate::builder::marker::<pm::Pow<_>>(),
        b,
        (KernelValue::<T>::from_handle(ax), y),
    )
    .handle();
    let (zero, one, half) = (
        constant(b, s, 0.0),
        constant(b, s, 1.0),
        constant(b, s, 0.5),
    );
    let infinity = by_width(b, s, f32::INFINITY, f64::INFINITY);
    // Whether y is an integer (infinities are, and even), and an odd one.
    let t = math_expr(b, MathFunction::Trunc, &[y_h]);
    let y_integer = b.binary(Op::Equal, t, y_h);
    let halved = b.binary(Op::Multiply, y_h, half);
    let t = math_expr(b, MathFunction::Trunc, &[halved]);
    let fraction = b.binary(Op::NotEqual, t, halved);
    let y_odd = b.binary(Op::LogicalAnd, y_integer, fraction);
    let y_negative = b.binary(Op::Less, y_h, zero);
    let grows = select(b, y_negative, zero, infinity);
    let shrinks = select(b, y_negative, infinity, zero);
    // |x| is 0 or infinite: 0 or infinity by y's sign.
    let ax_zero = b.binary(Op::Equal, ax, zero);
    let m = select(b, ax_zero, shrinks, core);
    let ax_infinite = classify(b, ax, s, Class::Infinite);
    let m = select(b, ax_infinite, grows, m);
    // y is infinite: 0, 1 or infinity by |x| against 1.
    let big = b.binary(Op::Greater, ax, one);
    let small = b.binary(Op::Less, ax, one);
    let at_one = select(b, small, shrinks, one);
    let limit = select(b, big, grows, at_one);
    let y_infinite = classify(b, y_h, s, Class::Infinite);
    let m = select(b, y_infinite, limit, m);
    // The sign: negative for a negative x (or -0) and an odd y.
    let x_negative = sign_of(b, x, s);
    let negative = b.binary(Op::LogicalAnd, x_negative, y_odd);
    let minus = b.append(Expression::Unary {
        op: UnaryOperator::Negate,
        expr: m,
    });
    let r = select(b, negative, minus, m);
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
    let r = select(b, nan, not_a_number, r);
    let y_zero = b.binary(Op::Equal, y_h, zero);
    let x_one = b.binary(Op::Equal, x, one);
    let unit = b.binary(Op::LogicalOr, y_zero, x_one);
    KernelValue::from_handle(select(b, unit, one, r))
}

/// [`ScalarMethods::fract`](super::ScalarMethods::fract).
pub(super) fn fract<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    let t = trunc(b, value).handle();
    KernelValue::from_handle(b.binary(Op::Subtract, value.handle(), t))
}

/// [`ScalarMethods::recip`](super::ScalarMethods::recip).
pub(super) fn recip<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    let one = constant(b, T::SCALAR, 1.0);
    KernelValue::from_handle(b.binary(Op::Divide, one, value.handle()))
}

/// [`ScalarMethods::to_degrees`](super::ScalarMethods::to_degrees).
pub(super) fn to_degrees<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    let k = by_width(b, T::SCALAR, 1f32.to_degrees(), 1f64.to_degrees());
    KernelValue::from_handle(b.binary(Op::Multiply, value.handle(), k))
}

/// [`ScalarMethods::to_radians`](super::ScalarMethods::to_radians).
pub(super) fn to_radians<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    let k = by_width(b, T::SCALAR, 1f32.to_radians(), 1f64.to_radians());
    KernelValue::from_handle(b.binary(Op::Multiply, value.handle(), k))
}

/// [`ScalarMethods::hypot`](super::ScalarMethods::hypot).
pub(super) fn hypot<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T> {
    let s = T::SCALAR;
    let (x, y) = (value.handle(), other.handle());
    let ax = math_expr(b, MathFunction::Abs, &[x]);
    let ay = math_expr(b, MathFunction::Abs, &[y]);
    let ge = b.binary(Op::GreaterEqual, ax, ay);
    let m = select(b, ge, ax, ay);
    let n = select(b, ge, ay, ax);
    let r = b.binary(Op::Divide, n, m);
    let rr = b.binary(Op::Multiply, r, r);
    let one = constant(b, s, 1.0);
    let sum = b.binary(Op::Add, one, rr);
    let root = math_expr(b, MathFunction::Sqrt, &[sum]);
    let h = b.binary(Op::Multiply, m, root);
    // Both zero: `n / m` is NaN; the result is 0.
    let zero = constant(b, s, 0.0);
    let m_zero = b.binary(Op::Equal, m, zero);
    let h = select(b, m_zero, zero, h);
    let x_nan = classify(b, x, s, Class::Nan);
    let y_nan = classify(b, y, s, Class::Nan);
    let nan = b.binary(Op::LogicalOr, x_nan, y_nan);
    let not_a_number = by_width(b, s, f32::NAN, f64::NAN);
    let h = select(b, nan, not_a_number, h);
    let x_inf = classify(b, x, s, Class::Infinite);
    let y_inf = classify(b, y, s, Class::Infinite);
    let inf = b.binary(Op::LogicalOr, x_inf, y_inf);
    let infinity = by_width(b, s, f32::INFINITY, f64::INFINITY);
    KernelValue::from_handle(select(b, inf, infinity, h))
}

/// [`ScalarMethods::powi`](super::ScalarMethods::powi).
pub(super) fn powi<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    n: KernelValue<i32>,
) -> KernelValue<T> {
    let n = n.handle();
    let magnitude = super::integer::abs(b, n, naga::Scalar::I32);
    let e = super::reinterpret(b, magnitude, naga::Scalar::I32, naga::ScalarKind::Uint);
    let one = constant(b, T::SCALAR, 1.0);
    let p = super::integer::power(b, value.handle(), e, one);
    let recip = b.binary(Op::Divide, one, p);
    let zero = b.append(Expression::Literal(naga::Literal::I32(0)));
    let negative = b.binary(Op::Less, n, zero);
    KernelValue::from_handle(select(b, negative, recip, p))
}

/// [`ScalarMethods::copysign`](super::ScalarMethods::copysign).
pub(super) fn copysign<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    sign: KernelValue<T>,
) -> KernelValue<T> {
    KernelValue::from_handle(with_sign_of(b, value.handle(), sign.handle(), T::SCALAR))
}

/// [`ScalarMethods::is_nan`](super::ScalarMethods::is_nan).
pub(super) fn is_nan<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<bool> {
    KernelValue::from_handle(classify(b, value.handle(), T::SCALAR, Class::Nan))
}

/// [`ScalarMethods::is_infinite`](super::ScalarMethods::is_infinite).
pub(super) fn is_infinite<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<bool> {
    KernelValue::from_handle(classify(b, value.handle(), T::SCALAR, Class::Infinite))
}

/// [`ScalarMethods::is_finite`](super::ScalarMethods::is_finite).
pub(super) fn is_finite<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<bool> {
    KernelValue::from_handle(classify(b, value.handle(), T::SCALAR, Class::Finite))
}

/// `|x|` of a float (the accelerator's `abs`, which clears the sign).
pub(super) fn abs(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    _: naga::Scalar,
) -> Handle<Expression> {
    math_expr(b, MathFunction::Abs, &[x])
}

/// Rust's `signum`: NaN for NaN, else `1.0` with `x`'s sign bit (so `±0.0` and subnormals give
/// `±1.0` however the accelerator treats them in arithmetic).
pub(super) fn signum(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    let one = constant(b, s, 1.0);
    let one = with_sign_of(b, one, x, s);
    let nan = classify(b, x, s, Class::Nan);
    select(b, nan, x, one)
}

/// What [`classify`] asks.
#[derive(Clone, Copy)]
pub(super) enum Class {
    Nan,
    Infinite,
    Finite,
}

/// Whether `x` is NaN, infinite or finite, from its bits: the magnitude's bits against those of
/// infinity.
pub(super) fn classify(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    s: naga::Scalar,
    class: Class,
) -> Handle<Expression> {
    let (x, s) = widen_half(b, x, s);
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

/// Rust's `atan2(y, x)` from the accelerator's `base`, for the inputs where Vulkan leaves it
/// undefined: zeros, infinities and NaN.
fn atan2_special(
    b: &mut KernelBuilder,
    y: Handle<Expression>,
    x: Handle<Expression>,
    base: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    use std::f32::consts as f;
    use std::f64::consts as d;
    let zero = constant(b, s, 0.0);
    let pi = by_width(b, s, f::PI, d::PI);
    let x_positive = b.binary(Op::Greater, x, zero);
    // x infinite, y finite: ±0 or ±π.
    let toward = select(b, x_positive, zero, pi);
    let toward = with_sign_of(b, toward, y, s);
    let x_infinite = classify(b, x, s, Class::Infinite);
    let r = select(b, x_infinite, toward, base);
    // Both infinite: ±π/4 or ±3π/4.
    let quarter = by_width(b, s, f::FRAC_PI_4, d::FRAC_PI_4);
    let three = by_width(b, s, 3.0 * f::FRAC_PI_4, 3.0 * d::FRAC_PI_4);
    let diagonal = select(b, x_positive, quarter, three);
    let diagonal = with_sign_of(b, diagonal, y, s);
    let y_infinite = classify(b, y, s, Class::Infinite);
    let both = b.binary(Op::LogicalAnd, x_infinite, y_infinite);
    let r = select(b, both, diagonal, r);
    // y zero: ±0 for x positive or +0, ±π for x negative or -0.
    let x_negative = sign_of(b, x, s);
    let flat = select(b, x_negative, pi, zero);
    let flat = with_sign_of(b, flat, y, s);
    let y_zero = b.binary(Op::Equal, y, zero);
    let r = select(b, y_zero, flat, r);
    let x_nan = classify(b, x, s, Class::Nan);
    let y_nan = classify(b, y, s, Class::Nan);
    let nan = b.binary(Op::LogicalOr, x_nan, y_nan);
    let not_a_number = by_width(b, s, f32::NAN, f64::NAN);
    select(b, nan, not_a_number, r)
}

/// `magnitude` with the sign bit of `sign`.
fn with_sign_of(
    b: &mut KernelBuilder,
    magnitude: Handle<Expression>,
    sign: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    if s.width == 2 {
        let (magnitude, wide) = widen_half(b, magnitude, s);
        let (sign, _) = widen_half(b, sign, s);
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
fn sign_of(b: &mut KernelBuilder, x: Handle<Expression>, s: naga::Scalar) -> Handle<Expression> {
    let (x, s) = widen_half(b, x, s);
    let raw = to_bits(b, x);
    let sign = and_mask(b, raw, sign_bit(s), s);
    let zero = int_literal(b, bits_scalar(s), 0);
    b.binary(Op::NotEqual, sign, zero)
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
fn by_width(
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
