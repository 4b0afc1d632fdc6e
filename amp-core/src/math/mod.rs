//! C++ AMP's math libraries for kernels: [`fast_math`] (single precision, the accelerator's fast
//! built-ins) and [`precise_math`] (single and double precision), plus the integer and float
//! [`intrinsics`] (C++ AMP's `direct3d`: `abs`, `min`, `max`, `clamp`, `mad`, `saturate`, bit
//! counting, …).
//!
//! Each function is called in a kernel like any function: `fast_math::log10(x)`, and on the host
//! too (C++ AMP's `restrict(cpu, amp)`, see `host_math` and `host_fns.rs`). Each one is a function
//! item `fn<T, A: HostArg<T, Marker<T>, R>>(x: A) -> A::Ret` whose marker, which kernels get by
//! naming it with `KernelArg`, emits a naga `Math` (or `Relational`) expression, or a composition
//! of them written with `ir.rs` (`compose.rs`, `noise.rs`). Vulkan has the transcendental
//! functions for 32-bit floats only: on `f64` they call amp's software routines (`soft.rs`), one
//! naga function each per module. Their precision is stated on each, and measured in
//! docs/LANGUAGE.md ("Precision").

use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
use crate::types::Numeric;
use naga::{BinaryOperator, Expression, MathFunction as M};

/// Floating-point kernel scalars: `f32`, `f64`, `f16`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a float type",
    label = "takes f32, f64 or f16",
    note = "float functions and methods (sqrt, floor, sin, powf, fract, is_nan, to_bits, ...) take f32, or f64/f16 where the accelerator has them, as on the host; convert an integer with `as f32`"
)]
pub trait Float: crate::methods::NumberMethods + crate::host_math::HostFloat {
    /// The unsigned integer of the same width, which `x.to_bits()` yields (`f16` has none in
    /// kernels, which have no 16-bit integers: its `to_bits` is an error that says so).
    type Bits: crate::types::Integer;
}
impl Float for f32 {
    type Bits = u32;
}
impl Float for f64 {
    type Bits = u64;
}
impl Float for half::f16 {
    type Bits = u32;
}

/// `x` of float scalar `s` widened to `f32` when it is an `f16`, with the scalar it then has.
/// Kernels have no 16-bit integers, so what reads a float's bits (classification, the sign)
/// reads those of the `f32` of the same value: widening is exact and keeps NaN, infinities
/// and the sign.
pub(crate) fn widen_half(
    b: &mut KernelBuilder,
    x: naga::Handle<Expression>,
    s: naga::Scalar,
) -> (naga::Handle<Expression>, naga::Scalar) {
    if s.width != 2 {
        return (x, s);
    }
    let wide = b.append(Expression::As {
        expr: x,
        kind: naga::ScalarKind::Float,
        convert: Some(4),
    });
    (wide, naga::Scalar::F32)
}

/// Functions Vulkan's extended instruction set defines for 16- and 32-bit floats only.
const SINGLE_PRECISION_ONLY: &[M] = &[
    M::Acos,
    M::Asin,
    M::Atan,
    M::Atan2,
    M::Cos,
    M::Cosh,
    M::Exp,
    M::Exp2,
    M::Log,
    M::Log2,
    M::Pow,
    M::Sin,
    M::Sinh,
    M::Tan,
    M::Tanh,
    M::Acosh,
    M::Asinh,
    M::Atanh,
];

fn math(
    b: &mut KernelBuilder,
    fun: M,
    args: &[naga::Handle<Expression>],
    scalar: naga::Scalar,
) -> naga::Handle<Expression> {
    if scalar.width == 8 && SINGLE_PRECISION_ONLY.contains(&fun) {
        // Vulkan has these for 32-bit floats only: amp's software routines compute them.
        if let Some(routine) = soft::Routine::of(fun) {
            return soft::call(b, routine, args);
        }
        b.error(format!(
            "{fun:?} on f64 is not supported: Vulkan defines it for 32-bit floats only; convert \
             with `as f32`"
        ));
    }
    b.append(Expression::Math {
        fun,
        arg: args[0],
        arg1: args.get(1).copied(),
        arg2: args.get(2).copied(),
        arg3: None,
    })
}

/// A float constant of the width of `scalar`.
pub(crate) fn constant(
    b: &mut KernelBuilder,
    scalar: naga::Scalar,
    value: f64,
) -> naga::Handle<Expression> {
    let literal = match scalar.width {
        8 => naga::Literal::F64(value),
        2 => naga::Literal::F16(half::f16::from_f64(value)),
        _ => naga::Literal::F32(value as f32),
    };
    b.literal_expr(literal)
}

type Body =
    fn(&mut KernelBuilder, &[naga::Handle<Expression>], naga::Scalar) -> naga::Handle<Expression>;

/// Declares kernel functions of one, two or three floats, each computed by `$body`
/// (`|b, args, scalar| -> Handle`).
macro_rules! float_fns {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident ($($arg:ident),+) => $body:expr; )*) => {$(
        crate::host_math::host_builtin!($(#[$doc])* $name / $marker <T: Float> ($($arg),+) -> T);

        impl<T: Float> DeviceFn<($(float_fns!(@ty $arg),)+)> for $marker<T> {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, ($($arg,)+): ($(float_fns!(@ty $arg),)+)) -> KernelValue<T> {
                let body: Body = $body;
                KernelValue::from_handle(body(b, &[$($arg.handle()),+], T::SCALAR))
            }
        }
    )*};
    (@ty $arg:ident) => { KernelValue<T> };
}

/// Declares functions that map straight to one naga math function.
macro_rules! direct {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident ($($arg:ident),+) => $fun:ident; )*) => {
        float_fns!($( $(#[$doc])* $name / $marker ($($arg),+) => |b, a, s| math(b, M::$fun, a, s); )*);
    };
}

/// Predicates on one float, returning `bool`.
macro_rules! predicates {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident => $body:expr; )*) => {$(
        crate::host_math::host_builtin!($(#[$doc])* $name / $marker <T: Float> (x) -> bool);

        impl<T: Float> DeviceFn<(KernelValue<T>,)> for $marker<T> {
            type Output = KernelValue<bool>;
            fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<T>,)) -> KernelValue<bool> {
                let body: fn(&mut KernelBuilder, naga::Handle<Expression>, naga::Scalar) -> naga::Handle<Expression> = $body;
                KernelValue::from_handle(body(b, x.handle(), T::SCALAR))
            }
        }
    )*};
}

/// C's `fmod` (Rust's `%`), exact: see [`remainder`].
fn fmod_body(
    b: &mut KernelBuilder,
    a: &[naga::Handle<Expression>],
    s: naga::Scalar,
) -> naga::Handle<Expression> {
    remainder::fmod(b, a[0], a[1], s)
}

/// `trunc(x) + sign(x)` when the fraction is at least one half, else `trunc(x)`.
fn round_body(
    b: &mut KernelBuilder,
    a: &[naga::Handle<Expression>],
    s: naga::Scalar,
) -> naga::Handle<Expression> {
    let t = math(b, M::Trunc, &[a[0]], s);
    let fraction = b.binary(BinaryOperator::Subtract, a[0], t);
    let fraction = math(b, M::Abs, &[fraction], s);
    let half = constant(b, s, 0.5);
    let up = b.binary(BinaryOperator::GreaterEqual, fraction, half);
    let sign = math(b, M::Sign, &[a[0]], s);
    let away = b.binary(BinaryOperator::Add, t, sign);
    b.append(Expression::Select {
        condition: up,
        accept: away,
        reject: t,
    })
}

/// The accelerator's logarithm `fun` (`Log` or `Log2`) of `x`, with subnormal operands scaled
/// into the normal range first: `log(x * 2^k) - k log(2)`. Vulkan defines the built-ins' precision
/// for normal operands only, and lavapipe's reads a subnormal's exponent field as if it were
/// normal (`ln` of the smallest subnormal is then -88.0 instead of -103.3). (A device that
/// flushes subnormals to zero reads them as 0, whose logarithm is -inf; see docs/LANGUAGE.md.)
fn log_body(
    b: &mut KernelBuilder,
    x: naga::Handle<Expression>,
    s: naga::Scalar,
    fun: M,
) -> naga::Handle<Expression> {
    if s.width == 8 {
        return math(b, fun, &[x], s);
    }
    // k: enough to lift the smallest subnormal into the normal range, and 2^k a finite value of
    // the width.
    let (k, smallest_normal) = match s.width {
        2 => (10.0, f64::from(half::f16::MIN_POSITIVE)),
        _ => (24.0, f64::from(f32::MIN_POSITIVE)),
    };
    let magnitude = math(b, M::Abs, &[x], s);
    let smallest_normal = constant(b, s, smallest_normal);
    let subnormal = b.binary(BinaryOperator::Less, magnitude, smallest_normal);
    let lift = constant(b, s, 2f64.powf(k));
    let lifted = b.binary(BinaryOperator::Multiply, x, lift);
    let operand = b.append(Expression::Select {
        condition: subnormal,
        accept: lifted,
        reject: x,
    });
    let l = math(b, fun, &[operand], s);
    let shift = match fun {
        M::Log2 => k,
        _ => k * std::f64::consts::LN_2,
    };
    let shift = constant(b, s, shift);
    let lowered = b.binary(BinaryOperator::Subtract, l, shift);
    b.append(Expression::Select {
        condition: subnormal,
        accept: lowered,
        reject: l,
    })
}

/// `log2(x) * log10(2)`: within a few ulp of a correctly rounded `log10`.
fn log10_body(
    b: &mut KernelBuilder,
    a: &[naga::Handle<Expression>],
    s: naga::Scalar,
) -> naga::Handle<Expression> {
    let l = log_body(b, a[0], s, M::Log2);
    let k = constant(b, s, std::f64::consts::LOG10_2);
    b.binary(BinaryOperator::Multiply, l, k)
}

/// `10^x`: `exp2(x * log2(10))` (`f32`, `f16`), the software routine for `f64`.
fn exp10_body(
    b: &mut KernelBuilder,
    a: &[naga::Handle<Expression>],
    s: naga::Scalar,
) -> naga::Handle<Expression> {
    compose::exp10(&mut ir::Ir::new(b, s), a)
}

/// The functions both libraries share.
macro_rules! common_math {
    () => {
        direct! {
            /// Arc cosine.
            acos / Acos(x) => Acos;
            /// Arc sine.
            asin / Asin(x) => Asin;
            /// Arc tangent.
            atan / Atan(x) => Atan;
            /// Arc tangent of `y / x`, in the right quadrant.
            atan2 / Atan2(y, x) => Atan2;
            /// Smallest integer not less than `x`.
            ceil / Ceil(x) => Ceil;
            /// Cosine.
            cos / Cos(x) => Cos;
            /// Hyperbolic cosine.
            cosh / Cosh(x) => Cosh;
            /// `e^x`.
            exp / Exp(x) => Exp;
            /// `2^x`.
            exp2 / Exp2(x) => Exp2;
            /// Absolute value.
            fabs / Fabs(x) => Abs;
            /// Largest integer not greater than `x`.
            floor / Floor(x) => Floor;
            /// The larger of two values.
            fmax / Fmax(x, y) => Max;
            /// The smaller of two values.
            fmin / Fmin(x, y) => Min;

            /// `1 / sqrt(x)`.
            rsqrt / Rsqrt(x) => InverseSqrt;
            /// Sine.
            sin / Sin(x) => Sin;
            /// Hyperbolic sine.
            sinh / Sinh(x) => Sinh;
            /// Square root.
            sqrt / Sqrt(x) => Sqrt;
            /// Tangent.
            tan / Tan(x) => Tan;
            /// Hyperbolic tangent.
            tanh / Tanh(x) => Tanh;
            /// `x` rounded toward zero.
            trunc / Trunc(x) => Trunc;
        }
        float_fns! {
            /// `x` rounded to the nearest integer, halfway cases away from zero (C's `round`).
            round / Round(x) => round_body;
            /// `x` rounded to the nearest integer, halfway cases to even (C's `nearbyint` in the
            /// default rounding mode).
            nearbyint / NearbyInt(x) => |b, a, s| math(b, M::Round, a, s);
            /// C's `fmod` (Rust's `%`): the remainder of `x / y` rounded toward zero, exact.
            fmod / Fmod(x, y) => fmod_body;
            /// `x^y`, with C's (and Rust's `powf`) results for NaN, zeros, infinities and
            /// negative `x`.
            pow / Pow(x, y) => |b, a, s| pow::pow(b, a[0], a[1], s);
            /// Natural logarithm (subnormal operands scaled into the normal range first).
            log / Log(x) => |b, a, s| log_body(b, a[0], s, M::Log);
            /// Base-2 logarithm (subnormal operands scaled into the normal range first).
            log2 / Log2(x) => |b, a, s| log_body(b, a[0], s, M::Log2);
            /// Base-10 logarithm, as `log2(x) * log10(2)`.
            log10 / Log10(x) => log10_body;
        }
        predicates! {
            /// Whether `x` is NaN.
            isnan / IsNan => |b, x, s| special::classify(b, x, s, special::Class::Nan);
            /// Whether `x` is infinite.
            isinf / IsInf => |b, x, s| special::classify(b, x, s, special::Class::Infinite);
            /// Whether `x` is neither NaN nor infinite.
            isfinite / IsFinite => |b, x, s| special::classify(b, x, s, special::Class::Finite);
            /// Whether `x` is negative (including `-0.0`).
            signbit / SignBit => special::sign_of;
        }
    };
}

pub(crate) mod compose;
mod erf;
pub mod fast_math;
mod gamma;
pub(crate) mod host_fns;
mod hyperbolic;
pub mod intrinsics;
pub(crate) mod ir;
mod noise;
mod payne_hanek;
mod pow;
pub mod precise_math;
pub(crate) mod remainder;
mod soft;
pub(crate) mod special;
