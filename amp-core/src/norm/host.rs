//! [`Norm`] and [`Unorm`] on the host: arithmetic that clamps its result, conversions and
//! formatting, as in kernels.

use super::{clamp, Norm, NormScalar, Unorm};
use std::fmt;
use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

macro_rules! host_norm {
    ($name:ident, $other:ident) => {
        impl $name {
            /// `x` clamped (the host side of `from`).
            fn clamped(x: f32) -> Self {
                $name(clamp(x, <Self as NormScalar>::BOUNDS))
            }
        }

        /// The number (`n.get()`).
        impl From<$name> for f32 {
            fn from(n: $name) -> f32 {
                n.0
            }
        }

        #[doc = concat!("C++ AMP's explicit `", stringify!($name), "(float)`: clamped.")]
        impl From<f32> for $name {
            fn from(x: f32) -> Self {
                Self::clamped(x)
            }
        }

        #[doc = concat!(
            "C++ AMP's explicit `", stringify!($name), "(double)`: rounded to `f32`, then clamped."
        )]
        impl From<f64> for $name {
            fn from(x: f64) -> Self {
                Self::clamped(x as f32)
            }
        }

        #[doc = concat!(
            "C++ AMP's explicit `", stringify!($name), "(int)`: converted to `f32`, then clamped."
        )]
        impl From<i32> for $name {
            fn from(x: i32) -> Self {
                Self::clamped(x as f32)
            }
        }

        #[doc = concat!(
            "C++ AMP's explicit `", stringify!($name), "(unsigned int)`: converted to `f32`, ",
            "then clamped."
        )]
        impl From<u32> for $name {
            fn from(x: u32) -> Self {
                Self::clamped(x as f32)
            }
        }

        #[doc = concat!("The other type's number, clamped to this one's range.")]
        impl From<$other> for $name {
            fn from(x: $other) -> Self {
                Self::clamped(x.0)
            }
        }

        /// The `f32`'s own formatting (`0.5`).
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        /// `Norm(0.5)`.
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($name)).field(&self.0).finish()
            }
        }

        host_norm!(@ops $name: Add add AddAssign add_assign +, Sub sub SubAssign sub_assign -,
            Mul mul MulAssign mul_assign *, Div div DivAssign div_assign /);
    };
    (@ops $name:ident: $($op:ident $method:ident $assign:ident $assign_method:ident $sym:tt),*) => {$(
        /// Computed in `f32`, then clamped.
        impl $op for $name {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                Self::clamped(self.0 $sym rhs.0)
            }
        }

        impl $assign for $name {
            fn $assign_method(&mut self, rhs: Self) {
                *self = *self $sym rhs;
            }
        }
    )*};
}
host_norm!(Norm, Unorm);
host_norm!(Unorm, Norm);

/// Exact on `-1..=1` (`-0.0` of `0.0`).
impl Neg for Norm {
    type Output = Self;
    fn neg(self) -> Self {
        Norm(-self.0)
    }
}
