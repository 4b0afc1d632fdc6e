//! Intrinsics on integers and floats (C++ AMP's `direct3d` namespace): `abs`, `min`, `max`,
//! `clamp`, bit counting on `u32`/`i32`, and the bit casts `asuint`, `asint`, `asfloat`.

use super::*;

crate::bits::reinterpret! {
    /// The bits of an `f32`, `i32` or `u32` as a `u32` (C++ AMP's `asuint`; `x.to_bits()`
    /// for a float).
    asuint / AsUint -> u32;
    /// The bits of an `f32`, `i32` or `u32` as an `i32` (C++ AMP's `asint`).
    asint / AsInt -> i32;
    /// The `f32` whose bits are those of an `i32`, `u32` (or `f32`) (C++ AMP's `asfloat`;
    /// `f32::from_bits(u)`).
    asfloat / AsFloat -> f32;
}

macro_rules! numeric_fns {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident ($($arg:ident),+) => $fun:ident; )*) => {$(
        crate::host_math::host_builtin!($(#[$doc])* $name / $marker <T: Numeric> ($($arg),+) -> T);

        impl<T: Numeric> DeviceFn<($(numeric_fns!(@ty $arg),)+)> for $marker<T> {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, ($($arg,)+): ($(numeric_fns!(@ty $arg),)+)) -> KernelValue<T> {
                KernelValue::from_handle(math(b, M::$fun, &[$($arg.handle()),+], T::SCALAR))
            }
        }
    )*};
    (@ty $arg:ident) => { KernelValue<T> };
}

numeric_fns! {
    /// Absolute value (`i32` wraps at `i32::MIN`, as the accelerator does).
    abs / Abs(x) => Abs;
    /// The smaller of two values.
    min / Min(x, y) => Min;
    /// The larger of two values.
    max / Max(x, y) => Max;
    /// `x` limited to `lo..=hi`.
    clamp / Clamp(x, lo, hi) => Clamp;
}

macro_rules! bit_fns {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident => $fun:ident; )*) => {$(
        crate::host_math::host_builtin!($(#[$doc])* $name / $marker <T: crate::types::Integer> (x) -> T);

        impl<T: crate::types::Integer> DeviceFn<(KernelValue<T>,)> for $marker<T> {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<T>,)) -> KernelValue<T> {
                KernelValue::from_handle(math(b, M::$fun, &[x.handle()], T::SCALAR))
            }
        }
    )*};
}

bit_fns! {
    /// The number of set bits.
    countbits / CountBits => CountOneBits;
    /// The bits in reverse order.
    reversebits / ReverseBits => ReverseBits;
    /// The index of the highest set bit (of the highest bit differing from the sign, for
    /// `i32`); all ones when there is none.
    firstbithigh / FirstBitHigh => FirstLeadingBit;
    /// The index of the lowest set bit; all ones when there is none.
    firstbitlow / FirstBitLow => FirstTrailingBit;
}

/// The scalars `mad` takes: `i32`, `u32` (wrapping) and `f32`, `f64` (fused: one rounding).
#[diagnostic::on_unimplemented(
    message = "`mad` does not take `{Self}`",
    note = "mad takes i32, u32, f32 or f64"
)]
pub trait MadScalar: Numeric {
    /// `a * b + c` on the host, as kernels compute it.
    #[doc(hidden)]
    fn host_mad(self, b: Self, c: Self) -> Self;
}
macro_rules! mad_scalars {
    ($($t:ty: |$a:ident, $b:ident, $c:ident| $e:expr;)*) => {$(
        impl MadScalar for $t {
            fn host_mad(self, $b: Self, $c: Self) -> Self {
                let $a = self;
                $e
            }
        }
    )*};
}
mad_scalars! {
    i32: |a, b, c| a.wrapping_mul(b).wrapping_add(c);
    u32: |a, b, c| a.wrapping_mul(b).wrapping_add(c);
    f32: |a, b, c| a.mul_add(b, c);
    f64: |a, b, c| a.mul_add(b, c);
}

crate::host_math::host_builtin!(
    /// `a * b + c` (C++ AMP's `mad`): the accelerator's `fma` for floats (rounded once where it
    /// fuses; Vulkan allows either, as Direct3D's `mad` does), wrapping for integers.
    mad / Mad <T: MadScalar> (a, b, c) -> T
);
impl<T: MadScalar> DeviceFn<(KernelValue<T>, KernelValue<T>, KernelValue<T>)> for Mad<T> {
    type Output = KernelValue<T>;
    fn call(
        &self,
        b: &mut KernelBuilder,
        (x, y, z): (KernelValue<T>, KernelValue<T>, KernelValue<T>),
    ) -> KernelValue<T> {
        let (x, y, z) = (x.handle(), y.handle(), z.handle());
        let h = if T::SCALAR.kind == naga::ScalarKind::Float {
            math(b, M::Fma, &[x, y, z], T::SCALAR)
        } else {
            let p = b.binary(BinaryOperator::Multiply, x, y);
            b.binary(BinaryOperator::Add, p, z)
        };
        KernelValue::from_handle(h)
    }
}

/// The scalars `sign` takes: `i32`, `f32`, `f64`.
#[diagnostic::on_unimplemented(
    message = "`sign` does not take `{Self}`",
    note = "sign takes i32, f32 or f64"
)]
pub trait SignScalar: Numeric {
    /// `sign` on the host, as kernels compute it.
    #[doc(hidden)]
    fn host_sign(self) -> Self;
}
macro_rules! sign_scalars {
    ($($t:ty: $zero:literal $one:literal;)*) => {$(
        impl SignScalar for $t {
            fn host_sign(self) -> Self {
                if self > $zero {
                    $one
                } else if self < $zero {
                    -$one
                } else {
                    $zero
                }
            }
        }
    )*};
}
sign_scalars! { i32: 0 1; f32: 0.0 1.0; f64: 0.0 1.0; }

crate::host_math::host_builtin!(
    /// `1`, `-1` or `0` by the sign of `x` (C++ AMP's `sign`; `0` for `±0.0` and NaN, as
    /// Direct3D).
    sign / Sign <T: SignScalar> (x) -> T
);
impl<T: SignScalar> DeviceFn<(KernelValue<T>,)> for Sign<T> {
    type Output = KernelValue<T>;
    fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<T>,)) -> KernelValue<T> {
        let x = x.handle();
        let lit = |v: i32| match T::SCALAR.kind {
            naga::ScalarKind::Sint => naga::Literal::I32(v),
            _ if T::SCALAR.width == 8 => naga::Literal::F64(f64::from(v)),
            _ => naga::Literal::F32(v as f32),
        };
        let zero = b.literal_expr(lit(0));
        let one = b.literal_expr(lit(1));
        let minus = b.literal_expr(lit(-1));
        let below = b.binary(BinaryOperator::Less, x, zero);
        let above = b.binary(BinaryOperator::Greater, x, zero);
        let low = b.append(Expression::Select {
            condition: below,
            accept: minus,
            reject: zero,
        });
        KernelValue::from_handle(b.append(Expression::Select {
            condition: above,
            accept: one,
            reject: low,
        }))
    }
}

/// `i32` only: what `imax` and `imin` take.
#[diagnostic::on_unimplemented(
    message = "`imax`/`imin` take i32, not `{Self}`",
    note = "use `umax`/`umin` for u32, `fmax`/`fmin` or `max`/`min` for other types"
)]
pub trait SignedWord: crate::types::Integer {}
impl SignedWord for i32 {}

/// `u32` only: what `umax` and `umin` take.
#[diagnostic::on_unimplemented(
    message = "`umax`/`umin` take u32, not `{Self}`",
    note = "use `imax`/`imin` for i32, `fmax`/`fmin` or `max`/`min` for other types"
)]
pub trait UnsignedWord: crate::types::Integer {}
impl UnsignedWord for u32 {}

macro_rules! typed_min_max {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident <$bound:ident> => $fun:ident; )*) => {$(
        crate::host_math::host_builtin!($(#[$doc])* $name / $marker <T: $bound> (x, y) -> T);

        impl<T: $bound> DeviceFn<(KernelValue<T>, KernelValue<T>)> for $marker<T> {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, (x, y): (KernelValue<T>, KernelValue<T>)) -> KernelValue<T> {
                KernelValue::from_handle(math(b, M::$fun, &[x.handle(), y.handle()], T::SCALAR))
            }
        }
    )*};
}
typed_min_max! {
    /// The larger of two `i32` (C++ AMP's `imax`).
    imax / IMax <SignedWord> => Max;
    /// The smaller of two `i32` (C++ AMP's `imin`).
    imin / IMin <SignedWord> => Min;
    /// The larger of two `u32` (C++ AMP's `umax`).
    umax / UMax <UnsignedWord> => Max;
    /// The smaller of two `u32` (C++ AMP's `umin`).
    umin / UMin <UnsignedWord> => Min;
}

float_fns! {
    /// `x` limited to `0..=1`; NaN gives `0` (C++ AMP's `saturate`, as Direct3D).
    saturate / Saturate(x) => |b, a, s| {
        let mut o = super::ir::Ir::new(b, s);
        let one = o.c(1.0);
        let zero = o.c(0.0);
        let low = o.m(M::Min, &[a[0], one]);
        let positive = o.gt(a[0], zero);
        o.sel(positive, low, zero)
    };
    /// `1 / x` (C++ AMP's `rcp`).
    rcp / Rcp(x) => |b, a, s| {
        let one = constant(b, s, 1.0);
        b.binary(BinaryOperator::Divide, one, a[0])
    };
    /// `1` when `x >= y`, else `0` (C++ AMP's `step(y, x)`; `0` when either is NaN).
    // The marker is not named `Step`: a public `Step` would make rustc print `std::iter::Step`
    // in full in unrelated errors about ranges.
    step / StepOf(y, x) => |b, a, s| {
        let mut o = super::ir::Ir::new(b, s);
        let one = o.c(1.0);
        let zero = o.c(0.0);
        let ge = o.bin(BinaryOperator::GreaterEqual, a[1], a[0]);
        o.sel(ge, one, zero)
    };
    /// Hermite interpolation: `t * t * (3 - 2 * t)` of `t = saturate((x - lo) / (hi - lo))`
    /// (C++ AMP's `smoothstep(lo, hi, x)`).
    smoothstep / SmoothStep(lo, hi, x) => |b, a, s| {
        let mut o = super::ir::Ir::new(b, s);
        let num = o.sub(a[2], a[0]);
        let den = o.sub(a[1], a[0]);
        let q = o.div(num, den);
        let one = o.c(1.0);
        let zero = o.c(0.0);
        let low = o.m(M::Min, &[q, one]);
        let positive = o.gt(q, zero);
        let t = o.sel(positive, low, zero);
        let tt = o.mul(t, t);
        let twice = o.mulc(t, -2.0);
        let k = o.addc(twice, 3.0);
        o.mul(tt, k)
    };
    /// Degrees to radians: `x * (π / 180)` (C++ AMP's `radians`).
    radians / Radians(x) => |b, a, s| {
        let k = constant(b, s, std::f64::consts::PI / 180.0);
        b.binary(BinaryOperator::Multiply, a[0], k)
    };
}

/// `f32` only: what `noise` takes.
#[diagnostic::on_unimplemented(
    message = "`noise` takes f32, not `{Self}`",
    note = "convert with `as f32`"
)]
pub trait SingleFloat: Float {}
impl SingleFloat for f32 {}

crate::host_math::host_builtin!(
    /// One-dimensional Perlin gradient noise of `x` (C++ AMP's `noise`): `0` at every
    /// integer, smooth between, within `-0.5..=0.5`. Direct3D 11 hardware no longer has a
    /// `noise` instruction (its HLSL `noise` compiles only for legacy texture shaders); amp
    /// computes the documented function instead: the gradient at integer `i` is `+1` or `-1`
    /// by a hash of `i`, and the two gradients' ramps are blended by `6t⁵ - 15t⁴ + 10t³`.
    noise / Noise <T: SingleFloat> (x) -> T
);
impl<T: SingleFloat> DeviceFn<(KernelValue<T>,)> for Noise<T> {
    type Output = KernelValue<T>;
    fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<T>,)) -> KernelValue<T> {
        KernelValue::from_handle(super::noise::noise_body(b, x.handle()))
    }
}
