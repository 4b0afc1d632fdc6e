//! The associated functions of the kernel scalar types that kernels call by path: the macros
//! turn `f32::sqrt(x)` or `i32::pow(n, 3)` in a kernel into a call of
//! `primitive::f32::sqrt` & co., each the method of the same name (`x.sqrt()`), so the two
//! forms give the same results. Each takes exactly its type, as Rust's do: `f32::sqrt` of an
//! `f64` is a type mismatch.

/// Declares `$name(x, args…)`: the method `x.$name(args…)` of a `T`.
macro_rules! path_fns {
    ($ty:ident; $( $name:ident / $marker:ident ($($arg:ident: $aty:ty),*) -> $out:ty; )*) => {$(
        crate::builder::builtin_fn!(
            #[doc = concat!(
                "`", stringify!($ty), "::", stringify!($name), "` in kernels: the method `x.",
                stringify!($name), "(…)`."
            )]
            $name / $marker (x $(, $arg)*)
        );

        impl DeviceFn<(KernelValue<T>, $(KernelValue<$aty>,)*)> for $marker {
            type Output = KernelValue<$out>;
            fn call(
                &self,
                b: &mut KernelBuilder,
                (x, $($arg,)*): (KernelValue<T>, $(KernelValue<$aty>,)*),
            ) -> Self::Output {
                crate::methods::ScalarMethods::$name(x, b $(, $arg)*)
            }
        }
    )*};
}

/// Functions of every number type.
macro_rules! number_paths {
    ($ty:ident) => {
        path_fns! { $ty;
            min / Min(y: T) -> T;
            max / Max(y: T) -> T;
            clamp / Clamp(lo: T, hi: T) -> T;
        }
    };
}

/// Functions of the signed types.
macro_rules! sign_paths {
    ($ty:ident) => {
        path_fns! { $ty;
            abs / Abs() -> T;
            signum / Signum() -> T;
        }
    };
}

/// The float functions of `f32` and `f64`, and `from_bits`.
macro_rules! float_paths {
    ($ty:ident, $bits:ident) => {
        use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
        type T = ::core::primitive::$ty;
        type Bits = ::core::primitive::$bits;
        number_paths!($ty);
        sign_paths!($ty);
        path_fns! { $ty;
            sqrt / Sqrt() -> T;
            rsqrt / Rsqrt() -> T;
            exp / Exp() -> T;
            exp2 / Exp2() -> T;
            ln / Ln() -> T;
            log2 / Log2() -> T;
            log10 / Log10() -> T;
            powf / Powf(y: T) -> T;
            powi / Powi(n: i32) -> T;
            sin / Sin() -> T;
            cos / Cos() -> T;
            tan / Tan() -> T;
            asin / Asin() -> T;
            acos / Acos() -> T;
            atan / Atan() -> T;
            atan2 / Atan2(other: T) -> T;
            sinh / Sinh() -> T;
            cosh / Cosh() -> T;
            tanh / Tanh() -> T;
            floor / Floor() -> T;
            ceil / Ceil() -> T;
            round / Round() -> T;
            trunc / Trunc() -> T;
            fract / Fract() -> T;
            mul_add / MulAdd(a: T, c: T) -> T;
            hypot / Hypot(other: T) -> T;
            copysign / Copysign(sign: T) -> T;
            recip / Recip() -> T;
            to_degrees / ToDegrees() -> T;
            to_radians / ToRadians() -> T;
            is_nan / IsNan() -> bool;
            is_infinite / IsInfinite() -> bool;
            is_finite / IsFinite() -> bool;
            to_bits / ToBits() -> Bits;
            cbrt / Cbrt() -> T;
            exp_m1 / ExpM1() -> T;
            ln_1p / Ln1p() -> T;
            asinh / Asinh() -> T;
            acosh / Acosh() -> T;
            atanh / Atanh() -> T;
            log / Log(base: T) -> T;
            round_ties_even / RoundTiesEven() -> T;
            is_sign_positive / IsSignPositive() -> bool;
            is_sign_negative / IsSignNegative() -> bool;
            is_normal / IsNormal() -> bool;
            is_subnormal / IsSubnormal() -> bool;
            next_up / NextUp() -> T;
            next_down / NextDown() -> T;
            midpoint / Midpoint(other: T) -> T;
            div_euclid / DivEuclid(rhs: T) -> T;
            rem_euclid / RemEuclid(rhs: T) -> T;
        }

        crate::builder::builtin_fn!(
            #[doc = concat!(
                        "`", stringify!($ty), "::sin_cos(x)` in kernels: the method `x.sin_cos()`."
                    )]
            sin_cos
                / SinCos(x)
        );

        impl DeviceFn<(KernelValue<T>,)> for SinCos {
            type Output = (KernelValue<T>, KernelValue<T>);
            fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<T>,)) -> Self::Output {
                crate::methods::ScalarMethods::sin_cos(x, b)
            }
        }

        crate::builder::builtin_fn!(
            #[doc = concat!("`", stringify!($ty), "::from_bits(u)`: the float with bits `u`.")]
            from_bits
                / FromBits(u)
        );

        impl DeviceFn<(KernelValue<Bits>,)> for FromBits {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, (u,): (KernelValue<Bits>,)) -> Self::Output {
                b.bitcast(u)
            }
        }
    };
}

/// The integer functions of `i32`, `u32`, `i64` and `u64` (`$unsigned`: the unsigned type of the
/// same width, of `abs_diff`).
macro_rules! integer_paths {
    ($ty:ident, $unsigned:ident) => {
        use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
        type T = ::core::primitive::$ty;
        type Unsigned = ::core::primitive::$unsigned;
        number_paths!($ty);
        path_fns! { $ty;
            pow / Pow(exp: u32) -> T;
            count_ones / CountOnes() -> u32;
            leading_zeros / LeadingZeros() -> u32;
            trailing_zeros / TrailingZeros() -> u32;
            reverse_bits / ReverseBits() -> T;
            rotate_left / RotateLeft(n: u32) -> T;
            rotate_right / RotateRight(n: u32) -> T;
            wrapping_add / WrappingAdd(y: T) -> T;
            wrapping_sub / WrappingSub(y: T) -> T;
            wrapping_mul / WrappingMul(y: T) -> T;
            wrapping_neg / WrappingNeg() -> T;
            saturating_add / SaturatingAdd(y: T) -> T;
            saturating_sub / SaturatingSub(y: T) -> T;
            saturating_mul / SaturatingMul(y: T) -> T;
            abs_diff / AbsDiff(y: T) -> Unsigned;
            div_euclid / DivEuclid(rhs: T) -> T;
            rem_euclid / RemEuclid(rhs: T) -> T;
            midpoint / Midpoint(rhs: T) -> T;
            ilog2 / Ilog2() -> u32;
        }
    };
}

/// The functions of the unsigned types, `u32` and `u64`.
macro_rules! unsigned_paths {
    ($ty:ident) => {
        path_fns! { $ty;
            div_ceil / DivCeil(rhs: T) -> T;
            next_power_of_two / NextPowerOfTwo() -> T;
            isqrt / Isqrt() -> T;
            is_power_of_two / IsPowerOfTwo() -> bool;
        }
    };
}

/// `f32`'s associated functions in kernels.
pub mod f32 {
    float_paths!(f32, u32);
    pub use crate::norm::f32_from::{from, FromNorm};
}

/// `f64`'s associated functions in kernels (`to_bits`/`from_bits` need an accelerator with
/// 64-bit integers).
pub mod f64 {
    float_paths!(f64, u64);
}

/// `i32`'s associated functions in kernels.
pub mod i32 {
    integer_paths!(i32, u32);
    sign_paths!(i32);
}

/// `u32`'s associated functions in kernels.
pub mod u32 {
    integer_paths!(u32, u32);
    unsigned_paths!(u32);
}

/// `i64`'s associated functions in kernels.
pub mod i64 {
    integer_paths!(i64, u64);
    sign_paths!(i64);
}

/// `u64`'s associated functions in kernels.
pub mod u64 {
    integer_paths!(u64, u64);
    unsigned_paths!(u64);
}

/// `f16`'s associated functions in kernels: its conversions, with `half`'s names (the float
/// methods are called as methods, `h.sqrt()`; see [`crate::half`]).
pub mod f16 {
    pub use crate::half::{from_f32, from_f64, to_f32, to_f64, FromF32, FromF64, ToF32, ToF64};
}
