//! Rust's own numeric methods in kernels: `x.sqrt()`, `x.abs()`, `a.max(b)`, `x.mul_add(a, b)`,
//! `n.count_ones()` … and the same functions by path (`f32::exp(x)`), so that a Rust
//! programmer's first attempt compiles. Each is the C++ AMP math function of the same meaning
//! (`precise_math`), so results are those documented there: `round` rounds halves away from
//! zero as Rust's does; `min`/`max` with a NaN operand give what the accelerator's `min`/`max`
//! give.

use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
use crate::math::{precise_math as pm, Float};
use crate::types::{Integer, Numeric};
use naga::{Expression, MathFunction};

/// Float methods, each a call of a `precise_math` function.
macro_rules! float_methods {
    ($( $(#[$doc:meta])* $name:ident ($($arg:ident),*) => $marker:ident; )*) => {
        impl<T: Float> KernelValue<T> {
            $(
                $(#[$doc])*
                pub fn $name(self, b: &mut KernelBuilder $(, $arg: KernelValue<T>)*) -> KernelValue<T> {
                    DeviceFn::call(&pm::$marker, b, (self, $($arg,)*))
                }
            )*
        }
    };
}

float_methods! {
    /// The square root (`f32::sqrt`).
    sqrt() => Sqrt;
    /// `1 / sqrt(x)`.
    rsqrt() => Rsqrt;
    /// The absolute value.
    abs() => Fabs;
    /// `e^x`.
    exp() => Exp;
    /// `2^x`.
    exp2() => Exp2;
    /// The natural logarithm.
    ln() => Log;
    /// The base-2 logarithm.
    log2() => Log2;
    /// The base-10 logarithm.
    log10() => Log10;
    /// `x^y` (`f32::powf`).
    powf(y) => Pow;
    /// The sine.
    sin() => Sin;
    /// The cosine.
    cos() => Cos;
    /// The tangent.
    tan() => Tan;
    /// The arc sine.
    asin() => Asin;
    /// The arc cosine.
    acos() => Acos;
    /// The arc tangent.
    atan() => Atan;
    /// The arc tangent of `self / other` (`y.atan2(x)`), in the right quadrant.
    atan2(other) => Atan2;
    /// The hyperbolic sine.
    sinh() => Sinh;
    /// The hyperbolic cosine.
    cosh() => Cosh;
    /// The hyperbolic tangent.
    tanh() => Tanh;
    /// The largest integer not greater.
    floor() => Floor;
    /// The smallest integer not less.
    ceil() => Ceil;
    /// The nearest integer, halves away from zero (as Rust's `round`).
    round() => Round;
    /// The integer part.
    trunc() => Trunc;
    /// `self * a + b`, fused (`f32::mul_add`).
    mul_add(a, c) => Fma;
}

impl<T: Float> KernelValue<T> {
    /// `1 / self`.
    pub fn recip(self, b: &mut KernelBuilder) -> KernelValue<T> {
        let one = crate::math::constant(b, T::SCALAR, 1.0);
        KernelValue::from_handle(b.binary(naga::BinaryOperator::Divide, one, self.handle()))
    }
}

/// `fun(x, rest…)`: one naga math function.
pub(crate) fn math<T, R>(
    b: &mut KernelBuilder,
    fun: MathFunction,
    x: KernelValue<T>,
    rest: &[naga::Handle<Expression>],
) -> KernelValue<R> {
    KernelValue::from_handle(b.append(Expression::Math {
        fun,
        arg: x.handle(),
        arg1: rest.first().copied(),
        arg2: rest.get(1).copied(),
        arg3: None,
    }))
}

/// Comparisons, for every number type.
impl<T: Numeric> KernelValue<T> {
    /// The larger of the two.
    pub fn max(self, b: &mut KernelBuilder, other: KernelValue<T>) -> KernelValue<T> {
        math(b, MathFunction::Max, self, &[other.handle()])
    }

    /// The smaller of the two.
    pub fn min(self, b: &mut KernelBuilder, other: KernelValue<T>) -> KernelValue<T> {
        math(b, MathFunction::Min, self, &[other.handle()])
    }

    /// `self` clamped to `min..=max`.
    pub fn clamp(
        self,
        b: &mut KernelBuilder,
        min: KernelValue<T>,
        max: KernelValue<T>,
    ) -> KernelValue<T> {
        math(b, MathFunction::Clamp, self, &[min.handle(), max.handle()])
    }
}

/// Bit counts of integers.
impl<T: Integer> KernelValue<T> {
    /// The number of one bits, as `u32` (Rust's `count_ones`).
    pub fn count_ones(self, b: &mut KernelBuilder) -> KernelValue<u32> {
        let n = math::<T, T>(b, MathFunction::CountOneBits, self, &[]);
        as_u32(b, n)
    }

    /// The number of leading zero bits, as `u32`.
    pub fn leading_zeros(self, b: &mut KernelBuilder) -> KernelValue<u32> {
        let n = math::<T, T>(b, MathFunction::CountLeadingZeros, self, &[]);
        as_u32(b, n)
    }

    /// The number of trailing zero bits, as `u32` (the width for zero, as in Rust).
    pub fn trailing_zeros(self, b: &mut KernelBuilder) -> KernelValue<u32> {
        let n = math::<T, T>(b, MathFunction::CountTrailingZeros, self, &[]);
        as_u32(b, n)
    }
}

/// The absolute value of an `i32` (wrapping: `i32::MIN.abs()` is `i32::MIN`, as Rust's
/// `wrapping_abs`).
impl KernelValue<i32> {
    /// The absolute value.
    pub fn abs(self, b: &mut KernelBuilder) -> KernelValue<i32> {
        math(b, MathFunction::Abs, self, &[])
    }
}

fn as_u32<T>(b: &mut KernelBuilder, n: KernelValue<T>) -> KernelValue<u32> {
    KernelValue::from_handle(b.as_u32(n.handle()))
}
