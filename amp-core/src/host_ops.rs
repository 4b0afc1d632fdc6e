//! Kernel arithmetic on the host: the operators of a `#[kernel] fn`'s body, as its host side
//! computes them, with the results kernels define (docs/LANGUAGE.md, "Semantics that differ
//! from host Rust") rather than Rust's panics.
//!
//! - Integer `+ - *` and unary `-` wrap.
//! - Integer `/` by zero, and `MIN / -1`, yield the dividend; `%` in those cases gives 0.
//! - Shift amounts are taken modulo the width (`wrapping_shl`/`wrapping_shr`).
//! - Floats (and `Norm`/`Unorm`) use their own operators.
//! - Short vectors apply these component-wise, with a vector or a scalar on either side.
//!
//! The expansion of a `#[kernel] fn` rewrites `a + b` in the host body to
//! `HostArith::amp_add(a, b)` (and `a += b` to an assignment of it); the kernel traits that allow
//! the operators ([`Numeric`](crate::Numeric), [`Integer`](crate::Integer),
//! [`Signed`](crate::Signed)) have these as supertraits, so generic functions compute the same.

use crate::norm::{Norm, Unorm};
use crate::short_vector::{Component, Vector};

/// `+ - * / %` as kernels compute them.
#[diagnostic::on_unimplemented(
    message = "arithmetic between `{Self}` and `{Rhs}` is not supported in kernel functions",
    label = "`{Self}` with `{Rhs}`",
    note = "operands of a kernel function's arithmetic have the same type (or a short vector and its component type): convert with `as`"
)]
pub trait HostArith<Rhs = Self> {
    /// The result type.
    type Output;
    /// `self + rhs`.
    fn amp_add(self, rhs: Rhs) -> Self::Output;
    /// `self - rhs`.
    fn amp_sub(self, rhs: Rhs) -> Self::Output;
    /// `self * rhs`.
    fn amp_mul(self, rhs: Rhs) -> Self::Output;
    /// `self / rhs`.
    fn amp_div(self, rhs: Rhs) -> Self::Output;
    /// `self % rhs`.
    fn amp_rem(self, rhs: Rhs) -> Self::Output;
}

/// `<< >>` as kernels compute them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be shifted by `{Rhs}` in kernel functions",
    label = "`{Self}` shifted by `{Rhs}`",
    note = "shifts work on i32, u32, i64, u64 (and their short vectors), by an integer"
)]
pub trait HostShift<Rhs>: Sized {
    /// `self << rhs`.
    fn amp_shl(self, rhs: Rhs) -> Self;
    /// `self >> rhs`.
    fn amp_shr(self, rhs: Rhs) -> Self;
}

/// Unary `-` as kernels compute it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be negated",
    label = "negated here",
    note = "unary minus works on signed integers, floats, Norm and their short vectors"
)]
pub trait HostNeg {
    /// The result type.
    type Output;
    /// `-self`.
    fn amp_neg(self) -> Self::Output;
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl HostArith for $t {
            type Output = $t;
            fn amp_add(self, rhs: $t) -> $t {
                self.wrapping_add(rhs)
            }
            fn amp_sub(self, rhs: $t) -> $t {
                self.wrapping_sub(rhs)
            }
            fn amp_mul(self, rhs: $t) -> $t {
                self.wrapping_mul(rhs)
            }
            fn amp_div(self, rhs: $t) -> $t {
                if rhs == 0 {
                    self
                } else {
                    self.wrapping_div(rhs)
                }
            }
            fn amp_rem(self, rhs: $t) -> $t {
                if rhs == 0 {
                    0
                } else {
                    self.wrapping_rem(rhs)
                }
            }
        }
        impl HostNeg for $t {
            type Output = $t;
            fn amp_neg(self) -> $t {
                self.wrapping_neg()
            }
        }
        integers!(@shift $t: i32, u32, i64, u64, usize);
    )*};
    (@shift $t:ty: $($r:ty),*) => {$(
        impl HostShift<$r> for $t {
            fn amp_shl(self, rhs: $r) -> $t {
                self.wrapping_shl(rhs as u32)
            }
            fn amp_shr(self, rhs: $r) -> $t {
                self.wrapping_shr(rhs as u32)
            }
        }
    )*};
}
integers!(i32, u32, i64, u64, usize);

macro_rules! floats {
    ($($t:ty),*) => {$(
        impl HostArith for $t {
            type Output = $t;
            fn amp_add(self, rhs: $t) -> $t {
                self + rhs
            }
            fn amp_sub(self, rhs: $t) -> $t {
                self - rhs
            }
            fn amp_mul(self, rhs: $t) -> $t {
                self * rhs
            }
            fn amp_div(self, rhs: $t) -> $t {
                self / rhs
            }
            fn amp_rem(self, rhs: $t) -> $t {
                self % rhs
            }
        }
        impl HostNeg for $t {
            type Output = $t;
            fn amp_neg(self) -> $t {
                -self
            }
        }
    )*};
}
floats!(f32, f64, half::f16);

/// `Norm`/`Unorm` compute in `f32` and clamp, as their operators do (`%` likewise).
macro_rules! norms {
    ($($t:ident),*) => {$(
        impl HostArith for $t {
            type Output = $t;
            fn amp_add(self, rhs: $t) -> $t {
                self + rhs
            }
            fn amp_sub(self, rhs: $t) -> $t {
                self - rhs
            }
            fn amp_mul(self, rhs: $t) -> $t {
                self * rhs
            }
            fn amp_div(self, rhs: $t) -> $t {
                self / rhs
            }
            fn amp_rem(self, rhs: $t) -> $t {
                $t::from(f32::from(self) % f32::from(rhs))
            }
        }
    )*};
}
norms!(Norm, Unorm);

impl HostNeg for Norm {
    type Output = Norm;
    fn amp_neg(self) -> Norm {
        -self
    }
}

/// Component-wise: vector with vector, vector with scalar, scalar with vector.
macro_rules! vector_arith {
    ($($method:ident),*) => {
        impl<T: Component + HostArith<Output = T>, const N: usize> HostArith for Vector<T, N> {
            type Output = Vector<T, N>;
            $(fn $method(self, rhs: Self) -> Self {
                Vector(std::array::from_fn(|i| self.0[i].$method(rhs.0[i])))
            })*
        }
        impl<T: Component + HostArith<Output = T>, const N: usize> HostArith<T> for Vector<T, N> {
            type Output = Vector<T, N>;
            $(fn $method(self, rhs: T) -> Self {
                Vector(self.0.map(|c| c.$method(rhs)))
            })*
        }
        vector_arith!(@left i32 u32 i64 u64 f32 f64 Norm Unorm);
        vector_arith!(@left_one half::f16);
    };
    (@left $($t:ident)*) => {$(vector_arith!(@left_one $t);)*};
    (@left_one $t:ty) => {
        impl<const N: usize> HostArith<Vector<$t, N>> for $t {
            type Output = Vector<$t, N>;
            fn amp_add(self, rhs: Vector<$t, N>) -> Vector<$t, N> {
                Vector(rhs.0.map(|c| self.amp_add(c)))
            }
            fn amp_sub(self, rhs: Vector<$t, N>) -> Vector<$t, N> {
                Vector(rhs.0.map(|c| self.amp_sub(c)))
            }
            fn amp_mul(self, rhs: Vector<$t, N>) -> Vector<$t, N> {
                Vector(rhs.0.map(|c| self.amp_mul(c)))
            }
            fn amp_div(self, rhs: Vector<$t, N>) -> Vector<$t, N> {
                Vector(rhs.0.map(|c| self.amp_div(c)))
            }
            fn amp_rem(self, rhs: Vector<$t, N>) -> Vector<$t, N> {
                Vector(rhs.0.map(|c| self.amp_rem(c)))
            }
        }
    };
}
vector_arith!(amp_add, amp_sub, amp_mul, amp_div, amp_rem);

impl<T: Component + HostShift<U>, U: Component, const N: usize> HostShift<Vector<U, N>>
    for Vector<T, N>
{
    fn amp_shl(self, rhs: Vector<U, N>) -> Self {
        Vector(std::array::from_fn(|i| self.0[i].amp_shl(rhs.0[i])))
    }
    fn amp_shr(self, rhs: Vector<U, N>) -> Self {
        Vector(std::array::from_fn(|i| self.0[i].amp_shr(rhs.0[i])))
    }
}

macro_rules! vector_shift_scalar {
    ($($r:ty),*) => {$(
        impl<T: Component + HostShift<$r>, const N: usize> HostShift<$r> for Vector<T, N> {
            fn amp_shl(self, rhs: $r) -> Self {
                Vector(self.0.map(|c| c.amp_shl(rhs)))
            }
            fn amp_shr(self, rhs: $r) -> Self {
                Vector(self.0.map(|c| c.amp_shr(rhs)))
            }
        }
    )*};
}
vector_shift_scalar!(i32, u32, i64, u64);

impl<T: Component + HostNeg<Output = T>, const N: usize> HostNeg for Vector<T, N> {
    type Output = Vector<T, N>;
    fn amp_neg(self) -> Self {
        Vector(self.0.map(HostNeg::amp_neg))
    }
}

/// `as` as kernels compute it: Rust's casts (a float to an integer saturates, NaN gives 0, as
/// kernels convert too), and the conversions kernels add to Rust's: from `bool` to the float
/// types, and to and from `f16`, `Norm` and `Unorm` (through `f32`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be cast to `{To}` in kernel functions",
    label = "cast to `{To}`",
    note = "kernel casts convert between the numeric scalars (i32, u32, f32, and f64, i64, u64, f16 where the accelerator has them)"
)]
pub trait HostCast<To> {
    /// `self as To`.
    fn amp_cast(self) -> To;
}

macro_rules! casts {
    ($($from:ty),*) => {$(
        casts!(@to $from: i32, u32, i64, u64, f64, usize);
        impl HostCast<f32> for $from {
            fn amp_cast(self) -> f32 {
                self as f32
            }
        }
        impl HostCast<half::f16> for $from {
            fn amp_cast(self) -> half::f16 {
                half::f16::from_f64(self as f64)
            }
        }
    )*};
    (@to $from:ty: $($to:ty),*) => {$(
        impl HostCast<$to> for $from {
            fn amp_cast(self) -> $to {
                self as $to
            }
        }
    )*};
}
casts!(i32, u32, i64, u64, f64, usize);
casts!(@to f32: i32, u32, i64, u64, f64, usize);
impl HostCast<f32> for f32 {
    fn amp_cast(self) -> f32 {
        self
    }
}
impl HostCast<half::f16> for f32 {
    fn amp_cast(self) -> half::f16 {
        half::f16::from_f32(self)
    }
}
casts!(@to bool: i32, u32, i64, u64);
impl HostCast<f32> for bool {
    fn amp_cast(self) -> f32 {
        u8::from(self) as f32
    }
}
impl HostCast<f64> for bool {
    fn amp_cast(self) -> f64 {
        u8::from(self) as f64
    }
}
impl HostCast<half::f16> for bool {
    fn amp_cast(self) -> half::f16 {
        half::f16::from(u8::from(self))
    }
}

/// `f16`, `Norm` and `Unorm` cast through `f32`.
macro_rules! casts_through_f32 {
    ($($from:ty),*) => {$(
        casts_through_f32!(@to $from: i32, u32, i64, u64, f32, f64, half::f16, usize);
    )*};
    (@to $from:ty: $($to:ty),*) => {$(
        impl HostCast<$to> for $from {
            fn amp_cast(self) -> $to {
                HostCast::<$to>::amp_cast(f32::from(self))
            }
        }
    )*};
}
casts_through_f32!(half::f16, Norm, Unorm);

/// The numeric methods generic kernel functions call on a `T: Numeric` on the host, as
/// kernels compute them: `abs` wraps (`i32::MIN.abs()` is `i32::MIN`), `min`/`max` with one
/// NaN operand give the other, `clamp(lo, hi)` is `min(max(x, lo), hi)` (no panic).
pub trait HostNumeric: Copy {
    /// The absolute value.
    fn abs(self) -> Self;
    /// The smaller value.
    fn min(self, other: Self) -> Self;
    /// The larger value.
    fn max(self, other: Self) -> Self;
    /// `min(max(self, lo), hi)`.
    fn clamp(self, lo: Self, hi: Self) -> Self {
        self.max(lo).min(hi)
    }
}

macro_rules! host_numeric {
    ($($t:ty: |$x:ident| $abs:expr, $min:path, $max:path);*) => {$(
        impl HostNumeric for $t {
            fn abs(self) -> Self {
                let $x = self;
                $abs
            }
            fn min(self, other: Self) -> Self {
                $min(self, other)
            }
            fn max(self, other: Self) -> Self {
                $max(self, other)
            }
        }
    )*};
}
host_numeric!(usize: |x| x, Ord::min, Ord::max; i32: |x| x.wrapping_abs(), Ord::min, Ord::max; i64: |x| x.wrapping_abs(), Ord::min, Ord::max;
    u32: |x| x, Ord::min, Ord::max; u64: |x| x, Ord::min, Ord::max);
host_numeric!(f32: |x| x.abs(), f32::min, f32::max; f64: |x| x.abs(), f64::min, f64::max);

impl HostNumeric for half::f16 {
    fn abs(self) -> Self {
        half::f16::from_bits(self.to_bits() & 0x7fff)
    }
    fn min(self, other: Self) -> Self {
        half::f16::from_f32(self.to_f32().min(other.to_f32()))
    }
    fn max(self, other: Self) -> Self {
        half::f16::from_f32(self.to_f32().max(other.to_f32()))
    }
}

macro_rules! host_numeric_norm {
    ($($t:ident),*) => {$(
        impl HostNumeric for $t {
            fn abs(self) -> Self {
                $t::from(f32::from(self).abs())
            }
            fn min(self, other: Self) -> Self {
                $t::from(f32::from(self).min(f32::from(other)))
            }
            fn max(self, other: Self) -> Self {
                $t::from(f32::from(self).max(f32::from(other)))
            }
        }
    )*};
}
host_numeric_norm!(Norm, Unorm);

/// Component-wise.
impl<T: Component, const N: usize> HostNumeric for Vector<T, N> {
    fn abs(self) -> Self {
        Vector(self.0.map(HostNumeric::abs))
    }
    fn min(self, other: Self) -> Self {
        Vector(std::array::from_fn(|i| self.0[i].min(other.0[i])))
    }
    fn max(self, other: Self) -> Self {
        Vector(std::array::from_fn(|i| self.0[i].max(other.0[i])))
    }
}

/// The bit functions of `intrinsics` on the host, for `T: Integer`.
pub trait HostBits: Copy {
    /// The number of set bits.
    fn count_bits(self) -> Self;
    /// The bits in reverse order.
    fn reverse_bits_of(self) -> Self;
    /// The index of the highest set bit (of the highest bit differing from the sign, for signed
    /// types); all ones when there is none.
    fn first_bit_high(self) -> Self;
    /// The index of the lowest set bit; all ones when there is none.
    fn first_bit_low(self) -> Self;
    /// `self` to the power `exp`, wrapping (Rust's `wrapping_pow`; `pow` panics on overflow in
    /// debug builds).
    fn amp_pow(self, exp: u32) -> Self;
}

macro_rules! host_bits {
    ($($t:ty: $signed:literal),*) => {$(
        impl HostBits for $t {
            fn count_bits(self) -> Self {
                self.count_ones() as $t
            }
            fn reverse_bits_of(self) -> Self {
                self.reverse_bits()
            }
            fn first_bit_high(self) -> Self {
                // For a negative signed value, the highest zero bit.
                let x = if $signed && self < (0 as $t) { !self } else { self };
                if x == 0 {
                    !(0 as $t)
                } else {
                    (<$t>::BITS - 1 - x.leading_zeros()) as $t
                }
            }
            fn amp_pow(self, exp: u32) -> Self {
                self.wrapping_pow(exp)
            }
            fn first_bit_low(self) -> Self {
                if self == 0 {
                    !(0 as $t)
                } else {
                    self.trailing_zeros() as $t
                }
            }
        }
    )*};
}
host_bits!(i32: true, u32: false, i64: true, u64: false);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_follow_the_kernel_rules() {
        assert_eq!(HostArith::amp_div(7i32, 0), 7);
        assert_eq!(HostArith::amp_rem(7i32, 0), 0);
        assert_eq!(HostArith::amp_div(i32::MIN, -1), i32::MIN);
        assert_eq!(HostArith::amp_rem(i32::MIN, -1), 0);
        assert_eq!(HostArith::amp_add(u32::MAX, 1), 0);
        assert_eq!(HostArith::amp_mul(i32::MAX, 2), -2);
        assert_eq!(HostShift::amp_shl(1u32, 33u32), 2);
        assert_eq!(HostShift::amp_shr(-8i32, 35i32), -1);
        assert_eq!(HostNeg::amp_neg(i32::MIN), i32::MIN);
        let v = Vector([1i32, i32::MIN, 6]);
        assert_eq!(
            HostArith::amp_div(v, Vector([0, -1, 4])).0,
            [1, i32::MIN, 1]
        );
        assert_eq!(HostArith::amp_rem(13u32, Vector([0u32, 5])).0, [0, 3]);
    }
}

/// An index into a local array on the host: kernels index arrays with any of their integer
/// types (`a[k]` with `k: i32`), Rust's arrays with `usize`. A negative index is out of range
/// (`usize::MAX`), as it is in a kernel.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an array index in kernel functions",
    label = "an integer index",
    note = "kernel functions index arrays with i32, u32, i64, u64 or usize"
)]
pub trait HostIndex: Copy {
    /// The index as Rust's arrays take it.
    fn amp_index(self) -> usize;
}

macro_rules! host_index {
    ($($t:ty),*) => {$(
        impl HostIndex for $t {
            fn amp_index(self) -> usize {
                usize::try_from(self).unwrap_or(usize::MAX)
            }
        }
    )*};
}
host_index!(i32, u32, i64, u64, usize);
