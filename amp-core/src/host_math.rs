//! amp's math functions on the host: what `fast_math::*`, `precise_math::*` and `intrinsics::*`
//! compute when a kernel function runs on the host, and the float methods generic kernel
//! functions call on a `T: Float` there ([`HostFloat`], a supertrait of
//! [`Float`](crate::math::Float)).
//!
//! The host computes with Rust's `std` (correctly rounded or within an ulp or two: libm
//! quality); `f16` computes in `f32` and rounds. `fmod` is Rust's `%`, exact on both sides;
//! the bounds by which the accelerator's results may differ are in docs/LANGUAGE.md.

macro_rules! host_float {
    ($($name:ident($($arg:ident),*) -> $ret:ident;)*) => {
        /// The float methods a `#[kernel] fn` generic over `T: Float` calls on its host side
        /// (Rust's names and meanings; concrete `f32`/`f64` use their own inherent methods).
        /// `f16` computes in `f32` and rounds.
        pub trait HostFloat: Copy {
            /// The value of `v` in this type (rounded).
            #[doc(hidden)]
            fn host_constant(v: f64) -> Self;
            $(
                #[doc = concat!("Rust's `", stringify!($name), "`.")]
                fn $name(self $(, $arg: Self)*) -> $ret;
            )*
            /// Rust's `sin_cos`.
            fn sin_cos(self) -> (Self, Self);
            /// Rust's `is_normal` (of this type: `f16::MIN_POSITIVE` for an `f16`).
            fn is_normal(self) -> bool;
            /// Rust's `is_subnormal` (of this type).
            fn is_subnormal(self) -> bool;
            /// Rust's `next_up` (of this type: the next `f16` for an `f16`).
            fn next_up(self) -> Self;
            /// Rust's `next_down` (of this type).
            fn next_down(self) -> Self;
        }
        host_float!(@std f32 [$($name($($arg),*) -> $ret;)*]);
        host_float!(@std f64 [$($name($($arg),*) -> $ret;)*]);
        impl HostFloat for half::f16 {
            fn host_constant(v: f64) -> Self {
                half::f16::from_f64(v)
            }
            $(fn $name(self $(, $arg: Self)*) -> $ret {
                let r = f32::$name(self.to_f32() $(, $arg.to_f32())*);
                host_float!(@f16 r: $ret)
            })*
            fn sin_cos(self) -> (Self, Self) {
                (self.sin(), self.cos())
            }
            fn is_normal(self) -> bool {
                self.is_normal()
            }
            fn is_subnormal(self) -> bool {
                self.classify() == ::core::num::FpCategory::Subnormal
            }
            fn next_up(self) -> Self {
                f16_step(self, true)
            }
            fn next_down(self) -> Self {
                f16_step(self, false)
            }
        }
    };
    (@std $t:ident [$($name:ident($($arg:ident),*) -> $ret:ident;)*]) => {
        impl HostFloat for $t {
            fn host_constant(v: f64) -> Self {
                v as $t
            }
            $(fn $name(self $(, $arg: Self)*) -> $ret {
                <$t>::$name(self $(, $arg)*)
            })*
            fn sin_cos(self) -> (Self, Self) {
                <$t>::sin_cos(self)
            }
            fn is_normal(self) -> bool {
                <$t>::is_normal(self)
            }
            fn is_subnormal(self) -> bool {
                <$t>::is_subnormal(self)
            }
            fn next_up(self) -> Self {
                <$t>::next_up(self)
            }
            fn next_down(self) -> Self {
                <$t>::next_down(self)
            }
        }
    };
    (@f16 $r:ident: Self) => { half::f16::from_f32($r) };
    (@f16 $r:ident: bool) => { $r };
}
host_float! {
    sqrt() -> Self; floor() -> Self; ceil() -> Self; trunc() -> Self; round() -> Self;
    round_ties_even() -> Self; fract() -> Self; signum() -> Self; powf(n) -> Self; exp() -> Self; exp2() -> Self;
    ln() -> Self; log2() -> Self; log10() -> Self; sin() -> Self; cos() -> Self;
    tan() -> Self; asin() -> Self; acos() -> Self; atan() -> Self; atan2(other) -> Self;
    sinh() -> Self; cosh() -> Self; tanh() -> Self; asinh() -> Self; acosh() -> Self;
    atanh() -> Self; mul_add(a, b) -> Self; hypot(other) -> Self; recip() -> Self;
    copysign(sign) -> Self; is_nan() -> bool; is_infinite() -> bool; is_finite() -> bool;
    is_sign_negative() -> bool; is_sign_positive() -> bool; cbrt() -> Self; exp_m1() -> Self;
    ln_1p() -> Self; log(base) -> Self; midpoint(other) -> Self; div_euclid(rhs) -> Self;
    rem_euclid(rhs) -> Self;
}

/// The `f16` after `x` upward (`up`) or downward, as Rust's `next_up`/`next_down`: one step of
/// the bits, from zero to the smallest subnormal of the direction's sign.
fn f16_step(x: half::f16, up: bool) -> half::f16 {
    let bits = x.to_bits();
    if x.is_nan()
        || x == if up {
            half::f16::INFINITY
        } else {
            half::f16::NEG_INFINITY
        }
    {
        return x;
    }
    let magnitude = bits & 0x7fff;
    let next = if magnitude == 0 {
        if up {
            1
        } else {
            0x8001
        }
    } else if (bits == magnitude) == up {
        bits + 1
    } else {
        bits - 1
    };
    half::f16::from_bits(next)
}

/// Declares a built-in function callable on the host and in kernels: its marker `$marker<T>`
/// and the function item `$name`, generic over `T: $bound` and its argument type `A`
/// ([`HostArg`](crate::host::HostArg)): on the host it returns
/// `crate::host_math::fns::$name(args…)`, in kernels the marker. The caller implements
/// [`DeviceFn`](crate::builder::DeviceFn) for the marker.
macro_rules! host_builtin {
    ($(#[$doc:meta])* $name:ident / $marker:ident <T: $bound:path> ($($arg:ident),+) -> $ret:ty) => {
        $(#[$doc])*
        ///
        /// Callable on the host too (C++ AMP's `restrict(cpu, amp)`).
        pub fn $name<T: $bound, A: $crate::host::HostArg<T, $marker<T>, $ret>>($($arg: A),+) -> A::Ret {
            $(let $arg = $crate::host::HostArg::host($arg);)+
            let ret = [$($arg.1),+][0];
            ret($crate::host_math::fns::$name::<T>($($arg.0),+))
        }

        #[doc = concat!("The marker of [`", stringify!($name), "`].")]
        pub struct $marker<T>(::core::marker::PhantomData<fn() -> T>);

        impl<T> Clone for $marker<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $marker<T> {}
        impl<T> ::core::fmt::Debug for $marker<T> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(stringify!($name))
            }
        }
        impl<T: 'static> $crate::builder::Marker for $marker<T> {
            const MARKER: Self = $marker(::core::marker::PhantomData);
        }
    };
}
pub(crate) use host_builtin;

/// The host side of each built-in function, by the function's name.
pub mod fns {
    use crate::bits::Bits32;
    pub use crate::math::host_fns::*;
    use crate::math::Float;
    use crate::types::{Integer, Numeric};

    macro_rules! floats {
        ($($name:ident($($a:ident),+) => $e:expr;)*) => {$(
            #[doc = concat!("`", stringify!($name), "` on the host.")]
            pub fn $name<T: Float>($($a: T),+) -> T {
                $e
            }
        )*};
    }
    floats! {
        acos(x) => x.acos(); asin(x) => x.asin(); atan(x) => x.atan();
        atan2(y, x) => y.atan2(x); ceil(x) => x.ceil(); cos(x) => x.cos(); cosh(x) => x.cosh();
        exp(x) => x.exp(); exp2(x) => x.exp2(); fabs(x) => HostNumeric::abs(x); floor(x) => x.floor();
        fmax(x, y) => HostNumeric::max(x, y); fmin(x, y) => HostNumeric::min(x, y); log(x) => x.ln(); log2(x) => x.log2();
        pow(x, y) => x.powf(y); rsqrt(x) => x.sqrt().recip(); sin(x) => x.sin();
        sinh(x) => x.sinh(); sqrt(x) => x.sqrt(); tan(x) => x.tan(); tanh(x) => x.tanh();
        trunc(x) => x.trunc(); round(x) => x.round(); nearbyint(x) => x.round_ties_even();
        fmod(x, y) => HostArith::amp_rem(x, y); log10(x) => x.log10();
        acosh(x) => x.acosh(); asinh(x) => x.asinh(); atanh(x) => x.atanh();
        fma(x, y, z) => x.mul_add(y, z); exp10(x) => T::host_constant(10.0).powf(x);
        fdim(x, y) => HostNumeric::max(x.host_sub(y), T::host_constant(0.0)); hypot(x, y) => x.hypot(y);
    }

    macro_rules! predicates {
        ($($name:ident => $method:ident;)*) => {$(
            #[doc = concat!("`", stringify!($name), "` on the host.")]
            pub fn $name<T: Float>(x: T) -> bool {
                x.$method()
            }
        )*};
    }
    predicates! {
        isnan => is_nan; isinf => is_infinite; isfinite => is_finite;
        signbit => is_sign_negative;
    }

    /// `abs` on the host (`i32::MIN` wraps).
    pub fn abs<T: Numeric>(x: T) -> T {
        HostNumeric::abs(x)
    }
    /// `min` on the host.
    pub fn min<T: Numeric>(x: T, y: T) -> T {
        HostNumeric::min(x, y)
    }
    /// `max` on the host.
    pub fn max<T: Numeric>(x: T, y: T) -> T {
        HostNumeric::max(x, y)
    }
    /// `clamp` on the host: `min(max(x, lo), hi)`, as kernels compute it.
    pub fn clamp<T: Numeric>(x: T, lo: T, hi: T) -> T {
        HostNumeric::clamp(x, lo, hi)
    }
    /// `countbits` on the host.
    pub fn countbits<T: Integer>(x: T) -> T {
        HostBits::count_bits(x)
    }
    /// `reversebits` on the host.
    pub fn reversebits<T: Integer>(x: T) -> T {
        HostBits::reverse_bits_of(x)
    }
    /// `firstbithigh` on the host.
    pub fn firstbithigh<T: Integer>(x: T) -> T {
        HostBits::first_bit_high(x)
    }
    /// `firstbitlow` on the host.
    pub fn firstbitlow<T: Integer>(x: T) -> T {
        HostBits::first_bit_low(x)
    }
    /// `asuint` on the host.
    pub fn asuint<T: Bits32>(x: T) -> u32 {
        x.host_bits()
    }
    /// `asint` on the host.
    pub fn asint<T: Bits32>(x: T) -> i32 {
        x.host_bits() as i32
    }
    /// `asfloat` on the host.
    pub fn asfloat<T: Bits32>(x: T) -> f32 {
        f32::from_bits(x.host_bits())
    }
    use crate::host_ops::{HostArith, HostBits, HostNumeric};

    /// `HostArith` by method.
    trait Ops: HostArith<Output = Self> + Sized {
        fn host_sub(self, r: Self) -> Self {
            HostArith::amp_sub(self, r)
        }
    }
    impl<T: HostArith<Output = T>> Ops for T {}
}
