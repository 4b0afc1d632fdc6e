//! Geometric and component-wise functions of short vectors, as methods with the same names on
//! the host and in kernels: `a.dot(b)`, `v.length()`, `v.normalize()`, `a.cross(b)` (3
//! components), `a.distance(b)`, and component-wise `a.min(b)`, `a.max(b)`, `v.clamp(lo, hi)`,
//! `v.abs()`. In kernels each is one naga math function.

use super::{Component, Vector};
use crate::builder::{KernelBuilder, KernelValue};
use crate::methods::math;
use crate::types::Value;
use naga::MathFunction;

impl<T: Component, const N: usize> KernelValue<Vector<T, N>>
where
    Vector<T, N>: Value,
{
    /// The dot product.
    pub fn dot(self, b: &mut KernelBuilder, other: Self) -> KernelValue<T> {
        math(b, MathFunction::Dot, self, &[other.handle()])
    }

    /// The component-wise minimum.
    pub fn min(self, b: &mut KernelBuilder, other: Self) -> Self {
        math(b, MathFunction::Min, self, &[other.handle()])
    }

    /// The component-wise maximum.
    pub fn max(self, b: &mut KernelBuilder, other: Self) -> Self {
        math(b, MathFunction::Max, self, &[other.handle()])
    }

    /// Each component clamped to `lo..=hi` (component-wise).
    pub fn clamp(self, b: &mut KernelBuilder, lo: Self, hi: Self) -> Self {
        let rest = [lo.handle(), hi.handle()];
        math(b, MathFunction::Clamp, self, &rest)
    }

    /// The component-wise absolute value (the identity on unsigned vectors).
    pub fn abs(self, b: &mut KernelBuilder) -> Self {
        math(b, MathFunction::Abs, self, &[])
    }
}

impl<T: Component + crate::math::Float, const N: usize> KernelValue<Vector<T, N>>
where
    Vector<T, N>: Value,
{
    /// The Euclidean length.
    pub fn length(self, b: &mut KernelBuilder) -> KernelValue<T> {
        math(b, MathFunction::Length, self, &[])
    }

    /// The vector scaled to length 1.
    pub fn normalize(self, b: &mut KernelBuilder) -> Self {
        math(b, MathFunction::Normalize, self, &[])
    }

    /// The distance to `other`.
    pub fn distance(self, b: &mut KernelBuilder, other: Self) -> KernelValue<T> {
        math(b, MathFunction::Distance, self, &[other.handle()])
    }
}

impl<T: Component + crate::math::Float> KernelValue<Vector<T, 3>>
where
    Vector<T, 3>: Value,
{
    /// The cross product.
    pub fn cross(self, b: &mut KernelBuilder, other: Self) -> Self {
        math(b, MathFunction::Cross, self, &[other.handle()])
    }
}

/// Host arithmetic the functions need from a component type.
pub trait HostComponent: Component + PartialOrd + std::ops::Add<Output = Self> {
    /// The product.
    fn times(self, other: Self) -> Self;
    /// The absolute value.
    fn magnitude(self) -> Self;
    /// Zero.
    const ZERO: Self;
}

macro_rules! host_component {
    ($($t:ty: |$v:ident| $abs:expr),*) => {$(
        impl HostComponent for $t {
            fn times(self, other: Self) -> Self {
                self * other
            }
            fn magnitude(self) -> Self {
                let $v = self;
                $abs
            }
            const ZERO: Self = 0 as $t;
        }
    )*};
}
host_component!(f32: |v| v.abs(), f64: |v| v.abs(), i32: |v| v.wrapping_abs(), u32: |v| v);

impl<T: HostComponent, const N: usize> Vector<T, N> {
    /// The dot product.
    pub fn dot(self, other: Self) -> T {
        (0..N).fold(T::ZERO, |acc, k| acc + self.0[k].times(other.0[k]))
    }

    /// The component-wise minimum.
    pub fn min(self, other: Self) -> Self {
        Vector(std::array::from_fn(|k| {
            if other.0[k] < self.0[k] {
                other.0[k]
            } else {
                self.0[k]
            }
        }))
    }

    /// The component-wise maximum.
    pub fn max(self, other: Self) -> Self {
        Vector(std::array::from_fn(|k| {
            if other.0[k] > self.0[k] {
                other.0[k]
            } else {
                self.0[k]
            }
        }))
    }

    /// Each component clamped to `lo..=hi` (component-wise).
    pub fn clamp(self, lo: Self, hi: Self) -> Self {
        self.max(lo).min(hi)
    }

    /// The component-wise absolute value (the identity on unsigned vectors).
    pub fn abs(self) -> Self {
        Vector(self.0.map(T::magnitude))
    }
}

macro_rules! host_float_vector {
    ($($t:ty),*) => {$(
        impl<const N: usize> Vector<$t, N> {
            /// The Euclidean length.
            pub fn length(self) -> $t {
                self.dot(self).sqrt()
            }

            /// The vector scaled to length 1.
            pub fn normalize(self) -> Self {
                let length = self.length();
                Vector(self.0.map(|c| c / length))
            }

            /// The distance to `other`.
            pub fn distance(self, other: Self) -> $t {
                Vector(std::array::from_fn::<$t, N, _>(|k| self.0[k] - other.0[k])).length()
            }
        }

        impl Vector<$t, 3> {
            /// The cross product.
            pub fn cross(self, other: Self) -> Self {
                let [a, b] = [self.0, other.0];
                Vector([
                    a[1] * b[2] - a[2] * b[1],
                    a[2] * b[0] - a[0] * b[2],
                    a[0] * b[1] - a[1] * b[0],
                ])
            }
        }
    )*};
}
host_float_vector!(f32, f64);
