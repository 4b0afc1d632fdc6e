//! Rust's float methods on `f32` and `f64` kernel values: the functions that build
//! [`ScalarMethods`](super::ScalarMethods)'s float methods.
//!
//! The transcendental functions are `precise_math`'s (so on `f64` they are the located error
//! that explains Vulkan's single-precision limit), with Rust's results for the inputs where
//! the accelerator's built-in differs or Vulkan leaves it undefined: `atan2` of zeros,
//! infinities and NaN, `atan` of NaN and zeros, `asin` of NaN (`powf` is `precise_math::pow`,
//! which has C's special cases itself). The
//! rest are written here to give Rust's results exactly: classification and sign operations
//! work on the bits (naga's float `!=` is ordered, so `x != x` is false for NaN, and Vulkan
//! leaves NaN handling in float operations to the device), `powi` multiplies as Rust's
//! (compiler-rt's `__powisf2`) does, `hypot` scales to avoid overflow.

use super::{int_literal, math_expr, select};
use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
use crate::math::ir::{Ir, H};
use crate::math::special::{by_width, magnitude_within, sign_of, with_sign_of};
pub(super) use crate::math::special::{classify, Class};
use crate::math::{constant, precise_math as pm, widen_half, Float};
use naga::{BinaryOperator as Op, Expression, Handle, MathFunction};

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
    asinh() => Asinh;
    acosh() => Acosh;
    atanh() => Atanh;
    round_ties_even() => NearbyInt;
}

/// [`ScalarMethods::atan`](super::ScalarMethods::atan).
pub(super) fn atan<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    let a = DeviceFn::call(&crate::builder::marker::<pm::Atan<_>>(), b, (value,)).handle();
    // NaN and ±0 are their own arc tangent (Vulkan leaves NaN open; the sign of zero too).
    let nan = classify(b, value.handle(), T::SCALAR, Class::Nan);
    let zero = constant(b, T::SCALAR, 0.0);
    let is_zero = b.binary(Op::Equal, value.handle(), zero);
    let itself = b.binary(Op::LogicalOr, nan, is_zero);
    KernelValue::from_handle(select(b, itself, value.handle(), a))
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

/// [`ScalarMethods::powf`](super::ScalarMethods::powf): `precise_math::pow`, which has Rust's
/// special cases.
pub(super) fn powf<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    y: KernelValue<T>,
) -> KernelValue<T> {
    DeviceFn::call(&crate::builder::marker::<pm::Pow<_>>(), b, (value, y))
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
    // `n / m` with both scaled by 1/4 where `m` is above 2^125: an accelerator may divide by
    // multiplying with the reciprocal, which is subnormal (flushed to 0) past 2^126.
    let big = constant(b, s, 2f64.powi(125));
    let m_big = b.binary(Op::Greater, m, big);
    let quarter = constant(b, s, 0.25);
    let one = constant(b, s, 1.0);
    let scale = select(b, m_big, quarter, one);
    let ns = b.binary(Op::Multiply, n, scale);
    let ms = b.binary(Op::Multiply, m, scale);
    let r = b.binary(Op::Divide, ns, ms);
    let rr = b.binary(Op::Multiply, r, r);
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

/// `body` of `args` at their own width, or, for an `f16`, in `f32` and rounded back (as the
/// host computes `f16` methods): for the routines written for `f32` and `f64` only.
fn single_for_half<T: Float>(
    b: &mut KernelBuilder,
    args: &[KernelValue<T>],
    body: fn(&mut Ir, &[H]) -> H,
) -> KernelValue<T> {
    let s = T::SCALAR;
    let args: Vec<H> = args
        .iter()
        .map(|a| widen_half(b, a.handle(), s).0)
        .collect();
    let wide = if s.width == 2 { naga::Scalar::F32 } else { s };
    let r = body(&mut Ir::new(b, wide), &args);
    if s.width != 2 {
        return KernelValue::from_handle(r);
    }
    KernelValue::from_handle(b.append(Expression::As {
        expr: r,
        kind: naga::ScalarKind::Float,
        convert: Some(2),
    }))
}

/// [`ScalarMethods::cbrt`](super::ScalarMethods::cbrt): `precise_math::cbrt`'s routine.
pub(super) fn cbrt<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    single_for_half(b, &[value], crate::math::compose::cbrt)
}

/// [`ScalarMethods::exp_m1`](super::ScalarMethods::exp_m1): `precise_math::expm1`'s routine.
pub(super) fn exp_m1<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    single_for_half(b, &[value], crate::math::compose::expm1)
}

/// [`ScalarMethods::ln_1p`](super::ScalarMethods::ln_1p): `precise_math::log1p`'s routine.
pub(super) fn ln_1p<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    single_for_half(b, &[value], crate::math::compose::log1p)
}

/// [`ScalarMethods::sin_cos`](super::ScalarMethods::sin_cos): [`sin`] and [`cos`].
pub(super) fn sin_cos<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> (KernelValue<T>, KernelValue<T>) {
    (sin(b, value), cos(b, value))
}

/// [`ScalarMethods::log`](super::ScalarMethods::log): `ln(value) / ln(base)`, as Rust's.
pub(super) fn log<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    base: KernelValue<T>,
) -> KernelValue<T> {
    let l = ln(b, value).handle();
    let lb = ln(b, base).handle();
    KernelValue::from_handle(b.binary(Op::Divide, l, lb))
}

/// [`ScalarMethods::is_sign_negative`](super::ScalarMethods::is_sign_negative).
pub(super) fn is_sign_negative<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<bool> {
    KernelValue::from_handle(sign_of(b, value.handle(), T::SCALAR))
}

/// [`ScalarMethods::is_sign_positive`](super::ScalarMethods::is_sign_positive).
pub(super) fn is_sign_positive<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<bool> {
    let negative = sign_of(b, value.handle(), T::SCALAR);
    KernelValue::from_handle(b.append(Expression::Unary {
        op: naga::UnaryOperator::LogicalNot,
        expr: negative,
    }))
}

/// The smallest positive normal and the smallest positive subnormal of the float type `s`.
fn smallest(s: naga::Scalar) -> (f64, f64) {
    match s.width {
        8 => (f64::MIN_POSITIVE, f64::from_bits(1)),
        2 => (f64::from(half::f16::MIN_POSITIVE), 2f64.powi(-24)),
        _ => (f64::from(f32::MIN_POSITIVE), f64::from(f32::from_bits(1))),
    }
}

/// [`ScalarMethods::is_normal`](super::ScalarMethods::is_normal).
pub(super) fn is_normal<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<bool> {
    let (normal, _) = smallest(T::SCALAR);
    let within = magnitude_within(b, value.handle(), T::SCALAR, normal, f64::INFINITY);
    KernelValue::from_handle(within)
}

/// [`ScalarMethods::is_subnormal`](super::ScalarMethods::is_subnormal).
pub(super) fn is_subnormal<T: Float>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<bool> {
    let (normal, subnormal) = smallest(T::SCALAR);
    let within = magnitude_within(b, value.handle(), T::SCALAR, subnormal, normal);
    KernelValue::from_handle(within)
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

/// Rust's `x as T` from a float of scalar `from` to the integer scalar `to`: the value rounded
/// toward zero, saturating at `T::MIN` and `T::MAX`, and 0 for NaN.
///
/// naga's conversion clamps its operand to the range of floats that `to` holds, then converts:
/// the lower end is `T::MIN` itself (a power of two, or 0) and comes out right, but the upper
/// end is the largest float below `T::MAX + 1` (`2147483520` for `f32` to `i32`), and a NaN
/// operand is Vulkan's undefined clamp (`i32::MIN` on lavapipe). So operands at or above
/// `T::MAX + 1`, a power of two each float type holds, give `T::MAX`, and NaN gives 0 (read from
/// the bits, which no float optimisation may assume away). An `f16` converts through `f32`
/// (exact), so that infinity saturates as well.
pub(crate) fn saturating_cast(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    from: naga::Scalar,
    to: naga::Scalar,
) -> Handle<Expression> {
    let (x, from) = widen_half(b, x, from);
    let converted = b.append(Expression::As {
        expr: x,
        kind: to.kind,
        convert: Some(to.width),
    });
    let value_bits = u32::from(to.width) * 8 - u32::from(to.kind == naga::ScalarKind::Sint);
    let float_bits = if from.width == 8 { 53 } else { 24 };
    let mut r = converted;
    if value_bits > float_bits {
        // `T::MAX` is not a float of this width: naga's clamp stops below it.
        let limit = 2f64.powi(value_bits as i32);
        let limit = by_width(b, from, limit as f32, limit);
        let over = b.binary(Op::GreaterEqual, x, limit);
        let max = super::integer::max_of(b, to);
        r = select(b, over, max, r);
    }
    let nan = classify(b, x, from, Class::Nan);
    let zero = int_literal(b, to, 0);
    select(b, nan, zero, r)
}
