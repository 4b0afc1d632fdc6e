//! C++ AMP's shapes: [`Index`] (a point in an N-dimensional domain) and [`Extent`] (the size of
//! that domain). Both are row-major: component 0 is the most significant, component `N - 1`
//! varies fastest in memory. Components are `i32`, as C++ AMP's `int`.

use crate::host_ops::HostArith;
use std::fmt;
use std::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};

/// A point in an `N`-dimensional compute domain or array (C++ AMP `index<N>`).
///
/// ```
/// use amp_core::Index;
/// let idx = Index::new([1, 2]);
/// assert_eq!(idx[0], 1);
/// assert_eq!(idx + Index::new([1, 1]), Index::new([2, 3]));
/// assert_eq!(2 * idx + 1, Index::new([3, 5])); // a scalar on either side: every component
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Index<const N: usize>(pub [i32; N]);

/// The size of an `N`-dimensional compute domain or array (C++ AMP `extent<N>`).
///
/// ```
/// use amp_core::{Extent, Index};
/// let e = Extent::new([2, 3, 4]);
/// assert_eq!(e.size(), 24);
/// assert!(e.contains(Index::new([1, 2, 3])));
/// assert!(!e.contains(Index::new([0, 3, 0])));
/// assert_eq!(e - Index::new([1, 1, 1]), Extent::new([1, 2, 3])); // extent ± index: an extent
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Extent<const N: usize>(pub [i32; N]);

macro_rules! shape_common {
    ($ty:ident, $what:literal) => {
        impl<const N: usize> $ty<N> {
            /// The rank (number of dimensions).
            pub const RANK: usize = N;

            #[doc = concat!("Builds ", $what, " from its components, most significant first.")]
            pub const fn new(components: [i32; N]) -> Self {
                Self(components)
            }

            /// The components, most significant first.
            pub const fn components(&self) -> [i32; N] {
                self.0
            }
        }

        impl<const N: usize> std::ops::Index<usize> for $ty<N> {
            type Output = i32;
            fn index(&self, i: usize) -> &i32 {
                &self.0[i]
            }
        }

        impl<const N: usize> std::ops::IndexMut<usize> for $ty<N> {
            fn index_mut(&mut self, i: usize) -> &mut i32 {
                &mut self.0[i]
            }
        }

        impl<const N: usize> From<[i32; N]> for $ty<N> {
            fn from(c: [i32; N]) -> Self {
                Self(c)
            }
        }

        impl From<i32> for $ty<1> {
            fn from(c: i32) -> Self {
                Self([c])
            }
        }

        impl<const N: usize> Default for $ty<N> {
            fn default() -> Self {
                Self([0; N])
            }
        }

        impl<const N: usize> fmt::Debug for $ty<N> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }

        /// Formats as C++ AMP's diagnostics do: `(2,3)`.
        impl<const N: usize> fmt::Display for $ty<N> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "(")?;
                for (i, c) in self.0.iter().enumerate() {
                    if i > 0 {
                        write!(f, ",")?;
                    }
                    write!(f, "{c}")?;
                }
                write!(f, ")")
            }
        }

        shape_common!(@binop $ty, Add, add, wrapping_add);
        shape_common!(@binop $ty, Sub, sub, wrapping_sub);
        shape_common!(@binop $ty, Mul, mul, wrapping_mul);
        shape_common!(@binop $ty, Div, div, wrapping_div);
        shape_common!(@binop $ty, Rem, rem, wrapping_rem);

        impl<const N: usize> AddAssign for $ty<N> {
            fn add_assign(&mut self, rhs: Self) {
                *self = *self + rhs;
            }
        }

        impl<const N: usize> SubAssign for $ty<N> {
            fn sub_assign(&mut self, rhs: Self) {
                *self = *self - rhs;
            }
        }

        impl<const N: usize> AddAssign<i32> for $ty<N> {
            fn add_assign(&mut self, rhs: i32) {
                *self = *self + rhs;
            }
        }

        impl<const N: usize> SubAssign<i32> for $ty<N> {
            fn sub_assign(&mut self, rhs: i32) {
                *self = *self - rhs;
            }
        }

        shape_common!(@assign $ty, MulAssign, mul_assign, mul);
        shape_common!(@assign $ty, DivAssign, div_assign, div);
        shape_common!(@assign $ty, RemAssign, rem_assign, rem);

        impl<const N: usize> Neg for $ty<N> {
            type Output = Self;
            fn neg(self) -> Self {
                Self(self.0.map(i32::wrapping_neg))
            }
        }
    };
    (@assign $ty:ident, $trait:ident, $method:ident, $op:ident) => {
        /// Component-wise, with a shape of the same rank (C++ AMP `index *= index`).
        impl<const N: usize> $trait for $ty<N> {
            fn $method(&mut self, rhs: Self) {
                *self = (*self).$op(rhs);
            }
        }

        /// With a scalar: applied to every component (C++ AMP `index *= n`).
        impl<const N: usize> $trait<i32> for $ty<N> {
            fn $method(&mut self, rhs: i32) {
                *self = (*self).$op(rhs);
            }
        }
    };
    (@binop $ty:ident, $trait:ident, $method:ident, $op:ident) => {
        /// Component-wise, wrapping as the accelerator does.
        impl<const N: usize> $trait for $ty<N> {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                let mut out = self.0;
                for (o, r) in out.iter_mut().zip(rhs.0) {
                    *o = o.$op(r);
                }
                Self(out)
            }
        }

        /// With a scalar: applied to every component.
        impl<const N: usize> $trait<i32> for $ty<N> {
            type Output = Self;
            fn $method(self, rhs: i32) -> Self {
                Self(self.0.map(|c| c.$op(rhs)))
            }
        }

        /// A scalar on the left (C++ AMP `operator+(int, index)`): `2 * idx` is `(2 * idx[0],
        /// …)`, `12 / idx` is `(12 / idx[0], …)`.
        impl<const N: usize> $trait<$ty<N>> for i32 {
            type Output = $ty<N>;
            fn $method(self, rhs: $ty<N>) -> $ty<N> {
                $ty(rhs.0.map(|c| self.$op(c)))
            }
        }
    };
    (@extent_index $trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:ident) => {
        /// An extent moved by an index (C++ AMP `extent + index`, `extent - index`): an extent,
        /// component-wise, wrapping as the accelerator does.
        impl<const N: usize> $trait<Index<N>> for Extent<N> {
            type Output = Self;
            fn $method(self, rhs: Index<N>) -> Self {
                let mut out = self.0;
                for (o, r) in out.iter_mut().zip(rhs.0) {
                    *o = o.$op(r);
                }
                Self(out)
            }
        }

        impl<const N: usize> $assign_trait<Index<N>> for Extent<N> {
            fn $assign(&mut self, rhs: Index<N>) {
                *self = $trait::$method(*self, rhs);
            }
        }
    };
}

/// `[f(l[0], r[0]), …]`.
fn zip_components<const N: usize>(l: [i32; N], r: [i32; N], f: fn(i32, i32) -> i32) -> [i32; N] {
    std::array::from_fn(|k| f(l[k], r[k]))
}

/// The five methods of `HostArith<$r>` with output `$out<N>`: `$pairs` gives the two operands'
/// components.
macro_rules! host_methods {
    ($r:ty, $out:ident, $pairs:expr) => {
        type Output = $out<N>;
        fn amp_add(self, rhs: $r) -> $out<N> {
            let (l, r) = ($pairs)(self, rhs);
            $out(zip_components(l, r, HostArith::amp_add))
        }
        fn amp_sub(self, rhs: $r) -> $out<N> {
            let (l, r) = ($pairs)(self, rhs);
            $out(zip_components(l, r, HostArith::amp_sub))
        }
        fn amp_mul(self, rhs: $r) -> $out<N> {
            let (l, r) = ($pairs)(self, rhs);
            $out(zip_components(l, r, HostArith::amp_mul))
        }
        fn amp_div(self, rhs: $r) -> $out<N> {
            let (l, r) = ($pairs)(self, rhs);
            $out(zip_components(l, r, HostArith::amp_div))
        }
        fn amp_rem(self, rhs: $r) -> $out<N> {
            let (l, r) = ($pairs)(self, rhs);
            $out(zip_components(l, r, HostArith::amp_rem))
        }
    };
}

// A `#[kernel] fn`'s operators on the host (the expansion's `HostArith`): each component as
// kernels compute `i32`s (wrapping; `x / 0` is `x`, `x % 0` is 0), with a shape of the same rank
// or an `i32` on either side, and an extent moved by an index.

/// Component-wise, as kernels compute it.
impl<const N: usize> HostArith for Index<N> {
    host_methods!(Index<N>, Index, |a: Self, b: Self| (a.0, b.0));
}
/// With a scalar: every component, as kernels compute it.
impl<const N: usize> HostArith<i32> for Index<N> {
    host_methods!(i32, Index, |a: Self, b: i32| (a.0, [b; N]));
}
/// A scalar on the left: every component, as kernels compute it.
impl<const N: usize> HostArith<Index<N>> for i32 {
    host_methods!(Index<N>, Index, |a: i32, b: Index<N>| ([a; N], b.0));
}
/// Component-wise, as kernels compute it.
impl<const N: usize> HostArith for Extent<N> {
    host_methods!(Extent<N>, Extent, |a: Self, b: Self| (a.0, b.0));
}
/// With a scalar: every component, as kernels compute it.
impl<const N: usize> HostArith<i32> for Extent<N> {
    host_methods!(i32, Extent, |a: Self, b: i32| (a.0, [b; N]));
}
/// A scalar on the left: every component, as kernels compute it.
impl<const N: usize> HostArith<Extent<N>> for i32 {
    host_methods!(Extent<N>, Extent, |a: i32, b: Extent<N>| ([a; N], b.0));
}
/// An extent moved by an index (kernels allow `+` and `-`).
impl<const N: usize> HostArith<Index<N>> for Extent<N> {
    host_methods!(Index<N>, Extent, |a: Self, b: Index<N>| (a.0, b.0));
}

shape_common!(Index, "an index");
shape_common!(Extent, "an extent");
shape_common!(@extent_index Add, add, AddAssign, add_assign, wrapping_add);
shape_common!(@extent_index Sub, sub, SubAssign, sub_assign, wrapping_sub);

impl<const N: usize> Extent<N> {
    /// The number of points in the domain (C++ AMP `extent::size()`): the product of the
    /// components, zero when any component is zero or negative. The product is exact up to rank
    /// 2 (below 2⁶²); from rank 3 on it may not fit and saturates at `u64::MAX`.
    ///
    /// A kernel's `extent.size()` is a `u32` (C++ AMP's `unsigned int`): it returns this value
    /// where it fits and `u32::MAX` where it does not (it saturates, never wraps), so host and
    /// kernel agree on every extent that can be launched (at most 2³²−1 threads).
    ///
    /// ```
    /// use amp_core::Extent;
    /// assert_eq!(Extent::new([2, 3, 4]).size(), 24);
    /// assert_eq!(Extent::new([-1, 2, 3]).size(), 0); // a kernel: 0
    /// assert_eq!(Extent::new([65536, 65536, 1]).size(), 1 << 32); // a kernel: u32::MAX
    /// ```
    pub fn size(&self) -> u64 {
        self.0.iter().fold(1u64, |acc, &c| {
            acc.saturating_mul(u64::try_from(c).unwrap_or(0))
        })
    }

    /// Whether `idx` lies inside the domain: `0 <= idx[i] < self[i]` for every `i`.
    pub fn contains(&self, idx: Index<N>) -> bool {
        self.0.iter().zip(idx.0).all(|(&e, i)| (0..e).contains(&i))
    }

    /// The row-major offset of `idx` in a dense array of this extent, if `idx` is inside it.
    pub fn linearize(&self, idx: Index<N>) -> Option<usize> {
        if !self.contains(idx) {
            return None;
        }
        let mut offset = 0usize;
        for (&e, i) in self.0.iter().zip(idx.0) {
            offset = offset * e as usize + i as usize;
        }
        Some(offset)
    }

    /// The index of the `offset`-th point in row-major order (the inverse of
    /// [`linearize`](Self::linearize)).
    pub fn delinearize(&self, mut offset: usize) -> Index<N> {
        let mut out = [0; N];
        for (o, &e) in out.iter_mut().zip(self.0.iter()).rev() {
            let e = e.max(1) as usize;
            *o = (offset % e) as i32;
            offset /= e;
        }
        Index(out)
    }

    /// Every index of the domain in row-major order.
    pub fn indices(&self) -> impl Iterator<Item = Index<N>> + '_ {
        (0..self.size() as usize).map(|i| self.delinearize(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_and_display() {
        let a = Index::new([1, 2, 3]);
        assert_eq!(a + 1, Index::new([2, 3, 4]));
        assert_eq!(a * Index::new([2, 2, 2]), Index::new([2, 4, 6]));
        assert_eq!(-a, Index::new([-1, -2, -3]));
        assert_eq!(a.to_string(), "(1,2,3)");
        let mut b = a;
        b += 2;
        b[0] = 9;
        assert_eq!(b, Index::new([9, 4, 5]));
        assert_eq!(2 * a, Index::new([2, 4, 6]));
        assert_eq!(1 - a, Index::new([0, -1, -2]));
        assert_eq!(7 / a + 7 % a, Index::new([7, 4, 3]));
        assert_eq!(
            i32::MAX + a,
            Index::new([i32::MIN, i32::MIN + 1, i32::MIN + 2])
        );
        let e = Extent::new([4, 5, 6]);
        assert_eq!(e + a, Extent::new([5, 7, 9]));
        assert_eq!(e - a, Extent::new([3, 3, 3]));
        assert_eq!(10 - e, Extent::new([6, 5, 4]));
        let mut f = e;
        f -= a;
        f += Index::new([0, 0, 1]);
        assert_eq!(f, Extent::new([3, 3, 4]));
    }

    #[test]
    fn extent_size_contains_linearize() {
        let e = Extent::new([2, 3, 4]);
        assert_eq!(e.size(), 24);
        assert_eq!(Extent::new([3, 0]).size(), 0);
        assert_eq!(Extent::new([-3, 2]).size(), 0);
        assert_eq!(Extent::new([-1, 2, 3]).size(), 0);
        assert_eq!(Extent::new([65536, 65536, 1]).size(), 1 << 32);
        assert_eq!(
            Extent::new([i32::MAX, i32::MAX]).size(),
            (i32::MAX as u64).pow(2)
        );
        // Past u64 it saturates, yet a later zero still makes the size zero.
        assert_eq!(Extent::new([i32::MAX; 3]).size(), u64::MAX);
        assert_eq!(Extent::new([i32::MAX, i32::MAX, i32::MAX, 0]).size(), 0);
        assert!(e.contains(Index::new([1, 2, 3])));
        assert!(!e.contains(Index::new([1, -1, 3])));
        assert_eq!(e.linearize(Index::new([1, 2, 3])), Some(23));
        assert_eq!(e.linearize(Index::new([2, 0, 0])), None);
        for (i, idx) in e.indices().enumerate() {
            assert_eq!(e.linearize(idx), Some(i));
        }
    }
}
