//! Geometric and component-wise functions of short vectors on the host: `a.dot(b)`,
//! `v.length()`, `v.normalize()`, `a.cross(b)` (3 components), `a.distance(b)`, and
//! component-wise `a.min(b)`, `a.max(b)`, `v.clamp(lo, hi)`, `v.abs()`. Kernels have the same
//! methods ([`VectorMethods`](super::VectorMethods)), each one naga math function.

use super::{Component, Vector};

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

impl HostComponent for half::f16 {
    fn times(self, other: Self) -> Self {
        self * other
    }
    fn magnitude(self) -> Self {
        half::f16::from_bits(self.to_bits() & 0x7fff)
    }
    const ZERO: Self = half::f16::ZERO;
}

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
