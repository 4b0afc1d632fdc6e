//! Rust's own numeric methods in kernels: `x.sqrt()`, `x.signum()`, `a.max(b)`,
//! `n.count_ones()`, `n.saturating_add(m)` … and the same functions by path (`f32::exp(x)`,
//! `i32::pow(n, 3)`, see [`primitive`]), so that a Rust programmer's first attempt compiles and
//! computes what it computes on the host.
//!
//! Argument and result types are Rust's (`count_ones` gives a `u32`, `is_nan` a `bool`,
//! `rotate_left` and `pow` take a `u32`, `powi` an `i32`). Results are Rust's too where the
//! accelerator's built-in means something else: `fract` is `x - trunc(x)` (WGSL's is
//! `x - floor(x)`), `signum` of `±0.0` is `±1.0` (WGSL's `sign` gives 0), `min`/`max` with one
//! NaN operand give the other operand (the accelerator's leave it unspecified), `round` rounds
//! halves away from zero (naga's `round` to even). Where Rust panics, a kernel cannot: integer
//! methods that overflow in Rust's debug builds wrap (`pow`, `abs` of `MIN`,
//! `next_power_of_two`), as in release builds; `clamp` with `min > max` gives `max` (see
//! [`ScalarMethods::clamp`]); `div_euclid`, `rem_euclid` and `div_ceil` by zero give the dividend
//! and 0, as the kernel's `/` and `%` do (and `MIN.div_euclid(-1)` gives `MIN`); `ilog2` of zero
//! or a negative number gives `u32::MAX`.
//!
//! The methods are those of [`ScalarMethods`], which every kernel's expansion brings into scope.
//! A method called on a type that lacks it is an error naming the type, through the traits the
//! methods require: [`Float`] (`f32`, `f64`), [`IntegerMethods`] (`i32`, `u32`, `i64`, `u64`),
//! [`SignMethods`] (`abs`, `signum`: the signed types) and [`UnsignedMethods`]
//! (`is_power_of_two`, `next_power_of_two`, `div_ceil`, `isqrt`).

mod division;
mod float;
mod integer;
mod midpoint;
mod next;
mod powers;
pub mod primitive;

pub(crate) use float::saturating_cast;

use crate::builder::{KernelBuilder, KernelValue};
use crate::half::Half;
use crate::math::Float;
use crate::types::{Integer, Numeric, Scalar};
use naga::{BinaryOperator, Expression, Handle, Literal, MathFunction, ScalarKind};

/// The integer scalars, which have Rust's integer methods: `i32`, `u32`, `i64`, `u64`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer type",
    label = "an integer method",
    note = "Rust's integer methods (pow, count_ones, leading_zeros, ilog2, reverse_bits, rotate_left, wrapping_add, saturating_mul, abs_diff, div_euclid, rem_euclid, ...) work on i32, u32, i64 and u64 in kernels, as on the host; floats have powi and powf"
)]
pub trait IntegerMethods: Integer {
    /// The unsigned integer of the same width, which `x.abs_diff(y)` yields.
    type Unsigned: UnsignedMethods;
}
impl IntegerMethods for i32 {
    type Unsigned = u32;
}
impl IntegerMethods for u32 {
    type Unsigned = u32;
}
impl IntegerMethods for i64 {
    type Unsigned = u64;
}
impl IntegerMethods for u64 {
    type Unsigned = u64;
}

/// The integer and float scalars, which have Rust's `div_euclid`, `rem_euclid` and
/// `midpoint`: `i32`, `u32`, `i64`, `u64`, `f32`, `f64`, `f16`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer or float type",
    label = "a method of integers and floats",
    note = "div_euclid, rem_euclid and midpoint work on i32, u32, i64, u64, f32, f64 and f16 in kernels, as on the host"
)]
pub trait NumberMethods: Numeric {}
impl NumberMethods for i32 {}
impl NumberMethods for u32 {}
impl NumberMethods for i64 {}
impl NumberMethods for u64 {}
impl NumberMethods for f32 {}
impl NumberMethods for f64 {}
impl NumberMethods for half::f16 {}

/// The scalars with a sign, which have Rust's `abs` and `signum`: `i32`, `i64`, `f32`, `f64`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `abs` or `signum` in kernels",
    label = "a method of signed numbers",
    note = "abs and signum work on i32, i64, f32 and f64, as on the host; an unsigned integer is its own absolute value"
)]
pub trait SignMethods: Numeric {
    /// `|x|`.
    #[doc(hidden)]
    fn abs(b: &mut KernelBuilder, x: Handle<Expression>) -> Handle<Expression>;
    /// The sign of `x`, as Rust's `signum`.
    #[doc(hidden)]
    fn signum(b: &mut KernelBuilder, x: Handle<Expression>) -> Handle<Expression>;
}

macro_rules! sign_methods {
    ($($t:ty: $abs:path, $signum:path;)*) => {$(
        impl SignMethods for $t {
            fn abs(b: &mut KernelBuilder, x: Handle<Expression>) -> Handle<Expression> {
                $abs(b, x, <$t as Scalar>::SCALAR)
            }
            fn signum(b: &mut KernelBuilder, x: Handle<Expression>) -> Handle<Expression> {
                $signum(b, x, <$t as Scalar>::SCALAR)
            }
        }
    )*};
}
sign_methods! {
    i32: integer::abs, integer::signum;
    i64: integer::abs, integer::signum;
    f32: float::abs, float::signum;
    f64: float::abs, float::signum;
    half::f16: float::abs, float::signum;
}

/// The unsigned integer scalars, which have Rust's `is_power_of_two`, `next_power_of_two`,
/// `div_ceil` and `isqrt`: `u32`, `u64`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an unsigned integer type",
    label = "a method of unsigned integers",
    note = "is_power_of_two, next_power_of_two, div_ceil and isqrt work on u32 and u64 in kernels, as on the host (Rust's signed div_ceil is unstable); convert a value known to be non-negative with `as u32` or `as u64`"
)]
pub trait UnsignedMethods: IntegerMethods {}
impl UnsignedMethods for u32 {}
impl UnsignedMethods for u64 {}

/// Declares [`ScalarMethods`] from its list: each method with the trait its type needs and the
/// function that builds it.
macro_rules! scalar_methods {
    ($(
        $(#[$doc:meta])*
        fn $name:ident($($arg:ident: $aty:ty),*) -> $out:ty
            where $t:ident: $bound:ident => $build:path;
    )*) => {
        /// Rust's numeric methods on kernel values (see the [module](self)): `x.sqrt()`,
        /// `y.atan2(x)`, `a.max(b)`, `n.count_ones()`, `n.wrapping_add(m)`, `x.to_bits()` …
        ///
        /// Each method requires the trait of the types that have it ([`Float`], [`Numeric`],
        /// [`IntegerMethods`], [`SignMethods`], [`UnsignedMethods`]), so that a call on another
        /// type is that trait's error naming the type (`` `i32` is not a float type ``). A trait,
        /// which every kernel's expansion brings into scope, rather than inherent methods of
        /// [`KernelValue`], so that the error's note ("required by a bound in …") names a
        /// public path.
        // `is_nan(self)` as Rust's `f32::is_nan`: the receiver is a copied handle.
        #[allow(clippy::wrong_self_convention)]
        pub trait ScalarMethods<T>: Sized {
            $(
                $(#[$doc])*
                fn $name(self, b: &mut KernelBuilder $(, $arg: $aty)*) -> $out
                where
                    $t: $bound;
            )*
        }

        /// The methods of [`ScalarMethods`] and their parameter counts, as declared here.
        #[cfg(test)]
        pub(crate) const SCALAR_METHODS: &[(&str, usize)] =
            &[$((stringify!($name), <[&str]>::len(&[$(stringify!($arg)),*]))),*];

        impl<T: Scalar> ScalarMethods<T> for KernelValue<T> {
            $(
                fn $name(self, b: &mut KernelBuilder $(, $arg: $aty)*) -> $out
                where
                    $t: $bound,
                {
                    $build(b, self $(, $arg)*)
                }
            )*
        }
    };
}

scalar_methods! {
    // Every number type, and the signed ones.

    /// The larger of the two. For floats, as Rust's `f32::max`: when one operand is NaN, the
    /// other (the accelerator's `max` leaves that case unspecified); `max(-0.0, 0.0)` is either.
    fn max(other: KernelValue<T>) -> KernelValue<T> where T: Numeric => max;
    /// The smaller of the two. For floats, as Rust's `f32::min`: when one operand is NaN, the
    /// other; `min(-0.0, 0.0)` is either.
    fn min(other: KernelValue<T>) -> KernelValue<T> where T: Numeric => min;
    /// `self` limited to `min..=max`, as Rust's `clamp`: `min` if `self < min`, else `max` if
    /// `self > max`, else `self` (a NaN `self` stays NaN).
    ///
    /// Rust panics when `min > max` or a float bound is NaN; a kernel cannot, so it keeps
    /// those two comparisons: `min > max` gives `max`, and a NaN bound limits nothing on its
    /// side.
    fn clamp(min: KernelValue<T>, max: KernelValue<T>) -> KernelValue<T> where T: Numeric => clamp;
    /// The absolute value. Integers wrap: `i32::MIN.abs()` is `i32::MIN` (Rust's release
    /// builds; debug builds panic). Floats clear the sign.
    fn abs() -> KernelValue<T> where T: SignMethods => abs;
    /// The sign, as Rust's `signum`: for integers `-1`, `0` or `1`; for floats `1.0` for
    /// positive numbers, `+0.0` and `+inf`, `-1.0` for negative ones, `-0.0` and `-inf`, and
    /// NaN for NaN (WGSL's `sign` gives 0 for zeros).
    fn signum() -> KernelValue<T> where T: SignMethods => signum;

    // Floats: `f32` and `f64`.

    /// The square root (`f32::sqrt`).
    fn sqrt() -> KernelValue<T> where T: Float => float::sqrt;
    /// `1 / sqrt(x)` (not a Rust method: C++ AMP's `rsqrt`).
    fn rsqrt() -> KernelValue<T> where T: Float => float::rsqrt;
    /// `e^x`.
    fn exp() -> KernelValue<T> where T: Float => float::exp;
    /// `2^x`.
    fn exp2() -> KernelValue<T> where T: Float => float::exp2;
    /// The natural logarithm.
    fn ln() -> KernelValue<T> where T: Float => float::ln;
    /// The base-2 logarithm.
    fn log2() -> KernelValue<T> where T: Float => float::log2;
    /// The base-10 logarithm (`log2(x) · log10(2)`).
    fn log10() -> KernelValue<T> where T: Float => float::log10;
    /// The sine.
    fn sin() -> KernelValue<T> where T: Float => float::sin;
    /// The cosine.
    fn cos() -> KernelValue<T> where T: Float => float::cos;
    /// The tangent.
    fn tan() -> KernelValue<T> where T: Float => float::tan;
    /// The arc sine, as `atan2(x, sqrt((1 - x)(1 + x)))` (Vulkan's own definition of its
    /// precision: lavapipe's `asin` is off by 2·10⁻⁴); NaN outside `-1..=1` and for NaN.
    fn asin() -> KernelValue<T> where T: Float => float::asin;
    /// The arc cosine.
    fn acos() -> KernelValue<T> where T: Float => float::acos;
    /// The arc tangent; NaN for NaN.
    fn atan() -> KernelValue<T> where T: Float => float::atan;
    /// The arc tangent of `self / other` (`y.atan2(x)`), in the right quadrant, with Rust's
    /// results where Vulkan leaves `atan2` undefined: `atan2(±0, x)` is `±0` for `x` positive
    /// or `+0` and `±π` for `x` negative or `-0`; infinities give multiples of `π/4`; NaN gives
    /// NaN.
    fn atan2(other: KernelValue<T>) -> KernelValue<T> where T: Float => float::atan2;
    /// The hyperbolic sine.
    fn sinh() -> KernelValue<T> where T: Float => float::sinh;
    /// The hyperbolic cosine.
    fn cosh() -> KernelValue<T> where T: Float => float::cosh;
    /// The hyperbolic tangent.
    fn tanh() -> KernelValue<T> where T: Float => float::tanh;
    /// The largest integer not greater.
    fn floor() -> KernelValue<T> where T: Float => float::floor;
    /// The smallest integer not less.
    fn ceil() -> KernelValue<T> where T: Float => float::ceil;
    /// The nearest integer, halves away from zero (as Rust's `round`; naga's `round` rounds
    /// halves to even).
    fn round() -> KernelValue<T> where T: Float => float::round;
    /// The integer part (rounded toward zero).
    fn trunc() -> KernelValue<T> where T: Float => float::trunc;
    /// The fractional part, `self - self.trunc()`, as Rust's `fract` (negative for negative
    /// numbers; WGSL's `fract` is `x - floor(x)`).
    fn fract() -> KernelValue<T> where T: Float => float::fract;
    /// `(self * a) + c` (`f32::mul_add`): the accelerator's `fma`, which Vulkan lets round once
    /// or twice.
    fn mul_add(a: KernelValue<T>, c: KernelValue<T>) -> KernelValue<T>
        where T: Float => float::mul_add;
    /// `self^y` (`f32::powf`) with Rust's (C's `pow`) results: a negative `self` with an
    /// integer `y` gives `±|self|^y` (Vulkan's `pow` is undefined for negative numbers), with a
    /// non-integer `y` NaN; `x.powf(0.0)` and `1.0.powf(y)` are 1, NaN included; zeros and
    /// infinities give C's zeros and infinities. Elsewhere the accelerator's `pow`.
    fn powf(y: KernelValue<T>) -> KernelValue<T> where T: Float => float::powf;
    /// `self` raised to an integer power, by repeated squaring as Rust's `powi` (compiler-rt's
    /// `__powisf2`: the same multiplications in the same order; a negative power is `1 / x^|n|`).
    /// `x.powi(0)` is 1, NaN included. Straight-line code (no loop).
    fn powi(n: KernelValue<i32>) -> KernelValue<T> where T: Float => float::powi;
    /// `sqrt(self² + other²)` without overflow or underflow in between (as Rust's `hypot`):
    /// `m · sqrt(1 + (n/m)²)` with `m` the larger magnitude; infinite if either is infinite
    /// (even with a NaN), else NaN if either is NaN. Within a few ulp of Rust's.
    fn hypot(other: KernelValue<T>) -> KernelValue<T> where T: Float => float::hypot;
    /// `self` with the sign of `sign`, as Rust's `copysign` (on the bits: `sign` may be `-0.0`
    /// or a NaN, whose sign bit counts).
    fn copysign(sign: KernelValue<T>) -> KernelValue<T> where T: Float => float::copysign;
    /// `1 / self`.
    fn recip() -> KernelValue<T> where T: Float => float::recip;
    /// Radians to degrees: one multiplication by Rust's own factor, so the results are the
    /// host's.
    fn to_degrees() -> KernelValue<T> where T: Float => float::to_degrees;
    /// Degrees to radians: one multiplication by Rust's own factor.
    fn to_radians() -> KernelValue<T> where T: Float => float::to_radians;
    /// Whether `self` is NaN (read from the bits).
    fn is_nan() -> KernelValue<bool> where T: Float => float::is_nan;
    /// Whether `self` is `+inf` or `-inf`.
    fn is_infinite() -> KernelValue<bool> where T: Float => float::is_infinite;
    /// Whether `self` is neither infinite nor NaN.
    fn is_finite() -> KernelValue<bool> where T: Float => float::is_finite;
    /// The cube root (`f32::cbrt`): `precise_math::cbrt`.
    fn cbrt() -> KernelValue<T> where T: Float => float::cbrt;
    /// `e^self - 1`, accurate near zero (`f32::exp_m1`): `precise_math::expm1`.
    fn exp_m1() -> KernelValue<T> where T: Float => float::exp_m1;
    /// `ln(1 + self)`, accurate near zero (`f32::ln_1p`): `precise_math::log1p`.
    fn ln_1p() -> KernelValue<T> where T: Float => float::ln_1p;
    /// The sine and the cosine, as a pair (`let (s, c) = x.sin_cos();`): `sin()` and `cos()`.
    fn sin_cos() -> (KernelValue<T>, KernelValue<T>) where T: Float => float::sin_cos;
    /// The inverse hyperbolic sine: `precise_math::asinh`.
    fn asinh() -> KernelValue<T> where T: Float => float::asinh;
    /// The inverse hyperbolic cosine (NaN below 1): `precise_math::acosh`.
    fn acosh() -> KernelValue<T> where T: Float => float::acosh;
    /// The inverse hyperbolic tangent (NaN outside `-1..=1`): `precise_math::atanh`.
    fn atanh() -> KernelValue<T> where T: Float => float::atanh;
    /// The logarithm to base `base`, as Rust's: `self.ln() / base.ln()`.
    fn log(base: KernelValue<T>) -> KernelValue<T> where T: Float => float::log;
    /// The nearest integer, halves to even (`f32::round_ties_even`; `precise_math::nearbyint`).
    fn round_ties_even() -> KernelValue<T> where T: Float => float::round_ties_even;
    /// Whether the sign bit is clear (`+0.0`, `+inf` and positive NaNs included), read from the
    /// bits.
    fn is_sign_positive() -> KernelValue<bool> where T: Float => float::is_sign_positive;
    /// Whether the sign bit is set (`-0.0`, `-inf` and negative NaNs included), read from the
    /// bits.
    fn is_sign_negative() -> KernelValue<bool> where T: Float => float::is_sign_negative;
    /// Whether `self` is normal: neither zero, subnormal, infinite nor NaN (the type's own
    /// smallest normal: `f16::MIN_POSITIVE` for an `f16`).
    fn is_normal() -> KernelValue<bool> where T: Float => float::is_normal;
    /// Whether `self` is subnormal: nonzero and below the smallest normal in magnitude.
    fn is_subnormal() -> KernelValue<bool> where T: Float => float::is_subnormal;
    /// The least float greater than `self`, as Rust's `next_up`: NaN and `+inf` are their own,
    /// `-0.0` and `+0.0` step to the smallest positive subnormal, `f32::MAX` to `+inf`.
    fn next_up() -> KernelValue<T> where T: Float => next::next_up;
    /// The greatest float less than `self`, as Rust's `next_down`.
    fn next_down() -> KernelValue<T> where T: Float => next::next_down;
    /// The point halfway between `self` and `other`, as Rust's `midpoint`: for floats the
    /// correctly rounded mean, without overflow; for integers rounded toward negative
    /// infinity (unsigned) or toward zero (signed), without overflow.
    fn midpoint(other: KernelValue<T>) -> KernelValue<T>
        where T: NumberMethods => midpoint::midpoint;
    /// `x.to_bits()`: the float's bits (`u32` for `f32`, `u64` for `f64`), as Rust's.
    fn to_bits() -> KernelValue<<T as Float>::Bits> where T: Float => crate::bits::to_bits;
    /// `h.to_f32()`: the `f32` of the same value (exact), as `half::f16::to_f32`.
    fn to_f32() -> KernelValue<f32> where T: Half => crate::half::widen_to_f32;
    /// `h.to_f64()`: the `f64` of the same value (exact), as `half::f16::to_f64`.
    fn to_f64() -> KernelValue<f64> where T: Half => crate::half::widen_to_f64;

    // Integers: `i32`, `u32`, `i64` and `u64`.

    /// `self` raised to the power `exp`, wrapping on overflow (Rust's release builds; debug
    /// builds panic). `x.pow(0)` is 1.
    fn pow(exp: KernelValue<u32>) -> KernelValue<T> where T: IntegerMethods => integer::pow;
    /// The number of one bits.
    fn count_ones() -> KernelValue<u32> where T: IntegerMethods => integer::count_ones;
    /// The number of leading zero bits (the width for zero).
    fn leading_zeros() -> KernelValue<u32> where T: IntegerMethods => integer::leading_zeros;
    /// The number of trailing zero bits (the width for zero).
    fn trailing_zeros() -> KernelValue<u32> where T: IntegerMethods => integer::trailing_zeros;
    /// The bits in reverse order.
    fn reverse_bits() -> KernelValue<T> where T: IntegerMethods => integer::reverse_bits;
    /// The bits rotated left by `n` (modulo the width), as Rust's `rotate_left`.
    fn rotate_left(n: KernelValue<u32>) -> KernelValue<T>
        where T: IntegerMethods => integer::rotate_left;
    /// The bits rotated right by `n` (modulo the width), as Rust's `rotate_right`.
    fn rotate_right(n: KernelValue<u32>) -> KernelValue<T>
        where T: IntegerMethods => integer::rotate_right;
    /// `self + other`, wrapping (as every kernel `+`).
    fn wrapping_add(other: KernelValue<T>) -> KernelValue<T>
        where T: IntegerMethods => integer::wrapping_add;
    /// `self - other`, wrapping.
    fn wrapping_sub(other: KernelValue<T>) -> KernelValue<T>
        where T: IntegerMethods => integer::wrapping_sub;
    /// `self * other`, wrapping.
    fn wrapping_mul(other: KernelValue<T>) -> KernelValue<T>
        where T: IntegerMethods => integer::wrapping_mul;
    /// `0 - self`, wrapping (unsigned types too, as Rust's `wrapping_neg`).
    fn wrapping_neg() -> KernelValue<T> where T: IntegerMethods => integer::wrapping_neg;
    /// `self + other`, limited to the type's range.
    fn saturating_add(other: KernelValue<T>) -> KernelValue<T>
        where T: IntegerMethods => integer::saturating_add;
    /// `self - other`, limited to the type's range.
    fn saturating_sub(other: KernelValue<T>) -> KernelValue<T>
        where T: IntegerMethods => integer::saturating_sub;
    /// `self * other`, limited to the type's range.
    fn saturating_mul(other: KernelValue<T>) -> KernelValue<T>
        where T: IntegerMethods => integer::saturating_mul;
    /// `|self - other|` as the unsigned type of the same width (`u32` for `i32`), as Rust's
    /// `abs_diff`: exact for every pair, `i32::MIN.abs_diff(i32::MAX)` included.
    fn abs_diff(other: KernelValue<T>) -> KernelValue<<T as IntegerMethods>::Unsigned>
        where T: IntegerMethods => integer::abs_diff;
    /// The Euclidean quotient, as Rust's `div_euclid`: `self / rhs` rounded so that
    /// `self.rem_euclid(rhs)` is never negative (the same as `/` for unsigned types). For
    /// floats Rust's definition: `(self / rhs).trunc()`, one step away from `rhs`'s sign where
    /// the exact `self % rhs` is negative.
    ///
    /// Rust panics where integer `/` does; a kernel cannot, so it gives what its `/` gives:
    /// `self` for a zero `rhs`, and `MIN` for `MIN.div_euclid(-1)` (as `wrapping_div_euclid`).
    fn div_euclid(rhs: KernelValue<T>) -> KernelValue<T>
        where T: NumberMethods => division::div_euclid;
    /// The Euclidean remainder, as Rust's `rem_euclid`: `0 <= r < |rhs|`, so that
    /// `self == rhs * self.div_euclid(rhs) + r` (the same as `%` for unsigned types). For
    /// floats Rust's definition: the exact `self % rhs`, plus `|rhs|` where it is negative.
    ///
    /// Rust panics where integer `%` does; a kernel gives what its `%` gives: 0 for a zero
    /// `rhs` and for `MIN.rem_euclid(-1)` (as `wrapping_rem_euclid`).
    fn rem_euclid(rhs: KernelValue<T>) -> KernelValue<T>
        where T: NumberMethods => division::rem_euclid;
    /// The base-2 logarithm rounded down, as Rust's `ilog2` (a `u32`: the index of the highest
    /// one bit).
    ///
    /// Rust panics for zero and negative numbers; a kernel gives `u32::MAX` there (what
    /// `checked_ilog2` would make `None`, and WGSL's `firstLeadingBit(0u)`).
    fn ilog2() -> KernelValue<u32> where T: IntegerMethods => powers::ilog2;

    // Unsigned integers: `u32` and `u64`.

    /// `self / rhs` rounded up, as Rust's `div_ceil` (Rust's signed `div_ceil` is unstable).
    ///
    /// Rust panics for a zero `rhs`; a kernel gives `self`, as its `/` does.
    fn div_ceil(rhs: KernelValue<T>) -> KernelValue<T>
        where T: UnsignedMethods => division::div_ceil;
    /// The smallest power of two not less than `self` (1 for 0), as Rust's `next_power_of_two`.
    ///
    /// Above the largest power of two (2³¹ for a `u32`, 2⁶³ for a `u64`) the result wraps to 0,
    /// as in Rust's release builds (debug builds panic).
    fn next_power_of_two() -> KernelValue<T>
        where T: UnsignedMethods => powers::next_power_of_two;
    /// The square root rounded down, as Rust's `isqrt`: exact for every value, bit by bit
    /// (no float).
    fn isqrt() -> KernelValue<T> where T: UnsignedMethods => powers::isqrt;
    /// Whether `self` is a power of two (one bit set), as Rust's `is_power_of_two`.
    fn is_power_of_two() -> KernelValue<bool> where T: UnsignedMethods => integer::is_power_of_two;
}

/// The larger of `x` and `y` (see [`ScalarMethods::max`]).
fn max<T: Numeric>(b: &mut KernelBuilder, x: KernelValue<T>, y: KernelValue<T>) -> KernelValue<T> {
    min_max(b, MathFunction::Max, x, y)
}

/// The smaller of `x` and `y` (see [`ScalarMethods::min`]).
fn min<T: Numeric>(b: &mut KernelBuilder, x: KernelValue<T>, y: KernelValue<T>) -> KernelValue<T> {
    min_max(b, MathFunction::Min, x, y)
}

/// `value` limited to `min..=max` (see [`ScalarMethods::clamp`]).
fn clamp<T: Numeric>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    min: KernelValue<T>,
    max: KernelValue<T>,
) -> KernelValue<T> {
    let (x, lo, hi) = (value.handle(), min.handle(), max.handle());
    let below = b.binary(BinaryOperator::Less, x, lo);
    let x = select(b, below, lo, x);
    let above = b.binary(BinaryOperator::Greater, x, hi);
    let clamped = select(b, above, hi, x);
    if T::SCALAR.kind != ScalarKind::Float {
        return KernelValue::from_handle(clamped);
    }
    // A NaN stays NaN, whatever the driver assumes of comparisons with NaN.
    let nan = float::classify(b, value.handle(), T::SCALAR, float::Class::Nan);
    KernelValue::from_handle(select(b, nan, value.handle(), clamped))
}

/// `|value|` (see [`ScalarMethods::abs`]).
fn abs<T: SignMethods>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    KernelValue::from_handle(<T as SignMethods>::abs(b, value.handle()))
}

/// The sign of `value` (see [`ScalarMethods::signum`]).
fn signum<T: SignMethods>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    KernelValue::from_handle(T::signum(b, value.handle()))
}

/// `min`/`max`: the accelerator's, with Rust's NaN rule for floats (a NaN operand yields the
/// other operand).
fn min_max<T: Numeric>(
    b: &mut KernelBuilder,
    fun: MathFunction,
    x: KernelValue<T>,
    y: KernelValue<T>,
) -> KernelValue<T> {
    let (x, y) = (x.handle(), y.handle());
    let m = math_expr(b, fun, &[x, y]);
    if T::SCALAR.kind != ScalarKind::Float {
        return KernelValue::from_handle(m);
    }
    let y_nan = float::classify(b, y, T::SCALAR, float::Class::Nan);
    let m = select(b, y_nan, x, m);
    let x_nan = float::classify(b, x, T::SCALAR, float::Class::Nan);
    KernelValue::from_handle(select(b, x_nan, y, m))
}

/// `fun(x, rest…)`: one naga math function.
pub(crate) fn math<T, R>(
    b: &mut KernelBuilder,
    fun: MathFunction,
    x: KernelValue<T>,
    rest: &[Handle<Expression>],
) -> KernelValue<R> {
    let mut args = vec![x.handle()];
    args.extend_from_slice(rest);
    KernelValue::from_handle(math_expr(b, fun, &args))
}

/// `fun(args…)` on raw handles.
fn math_expr(
    b: &mut KernelBuilder,
    fun: MathFunction,
    args: &[Handle<Expression>],
) -> Handle<Expression> {
    b.append(Expression::Math {
        fun,
        arg: args[0],
        arg1: args.get(1).copied(),
        arg2: args.get(2).copied(),
        arg3: None,
    })
}

/// `if condition { accept } else { reject }` as an expression.
fn select(
    b: &mut KernelBuilder,
    condition: Handle<Expression>,
    accept: Handle<Expression>,
    reject: Handle<Expression>,
) -> Handle<Expression> {
    b.select(condition, accept, reject)
}

/// The integer `value` as a literal of type `scalar` (an integer type it fits, or wraps into).
fn int_literal(b: &mut KernelBuilder, scalar: naga::Scalar, value: i128) -> Handle<Expression> {
    if scalar.width == 8 {
        // The 64-bit capability check reads the module's types.
        b.intern_type(naga::TypeInner::Scalar(scalar));
    }
    let literal = match (scalar.kind, scalar.width) {
        (ScalarKind::Sint, 8) => Literal::I64(value as i64),
        (ScalarKind::Uint, 8) => Literal::U64(value as u64),
        (ScalarKind::Sint, _) => Literal::I32(value as i32),
        _ => Literal::U32(value as u32),
    };
    b.append(Expression::Literal(literal))
}

/// `x` converted to the integer type `to` (value conversion; truncating when narrower).
fn convert(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    from: naga::Scalar,
    to: naga::Scalar,
) -> Handle<Expression> {
    if from == to {
        return x;
    }
    b.append(Expression::As {
        expr: x,
        kind: to.kind,
        convert: Some(to.width),
    })
}

/// `x`'s bits as the integer of the same width of kind `kind`.
fn reinterpret(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    from: naga::Scalar,
    kind: ScalarKind,
) -> Handle<Expression> {
    if from.kind == kind {
        return x;
    }
    b.append(Expression::As {
        expr: x,
        kind,
        convert: None,
    })
}

#[cfg(test)]
mod spec {
    use super::SCALAR_METHODS;
    use crate::short_vector::VECTOR_METHODS;

    /// amp-spec's method table, which the macros check calls against (names and argument
    /// counts), lists exactly the methods of `ScalarMethods` and `VectorMethods`, with the same
    /// number of parameters; `clone`, which the macros turn into the value itself, is in no
    /// trait.
    #[test]
    fn amp_spec_lists_the_method_traits() {
        let declared = || SCALAR_METHODS.iter().chain(VECTOR_METHODS);
        for &(name, arity) in declared() {
            let listed = amp_spec::Method::named(name)
                .unwrap_or_else(|| panic!("amp-spec's METHODS lacks `{name}`"));
            assert_eq!(listed.params.len(), arity, "`{name}`'s parameters");
        }
        for method in amp_spec::METHODS {
            let declared = declared().any(|&(name, _)| name == method.name);
            assert_eq!(
                declared,
                method.name != "clone",
                "`{}` is in amp-spec's METHODS but no method trait declares it",
                method.name
            );
        }
    }
}
