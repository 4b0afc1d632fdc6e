//! Short vectors on the host: the same constructors, component access and component-wise
//! arithmetic as in kernels, so code reads the same on both sides.
//!
//! Arithmetic is Rust's on each component (integer overflow panics in debug builds, as it does
//! for host scalars; kernels wrap).

use super::{Component, HasW, HasZ, MakeVector, Vector};
use crate::host::HostArg;
use crate::host_ops::HostShift;
use crate::types::Integer;
use std::ops::{
    Add, AddAssign, Div, DivAssign, Index, IndexMut, Mul, MulAssign, Neg, Rem, RemAssign, Sub,
    SubAssign,
};

macro_rules! accessors {
    ($n:literal: $($c:ident $i:literal),+) => {
        impl<T: Component> Vector<T, $n> {
            #[doc = concat!(
                "A vector from its components, on the host and in kernels: `Float", $n, "::new(",
                stringify!($($c),+), ")` (like `float", $n, "(…)`). In `const` items, write `Vector([",
                stringify!($($c),+), "])`."
            )]
            pub fn new<C: HostArg<T, MakeVector<T, $n>, Self>>($($c: C),+) -> C::Ret {
                $(let $c = $c.host();)+
                let ret = [$($c.1),+][0];
                ret(Vector([$($c.0),+]))
            }
        }
    };
}
accessors!(2: x 0, y 1);
accessors!(3: x 0, y 1, z 2);
accessors!(4: x 0, y 1, z 2, w 3);

/// The components by name, of every vector that has them: a component a vector lacks (`w` of a
/// `Float3`) is an error in amp's words (the bound's message), as in kernels.
impl<T: Component, const N: usize> Vector<T, N> {
    /// Component 0.
    pub const fn x(&self) -> T {
        self.0[0]
    }
    /// Component 1.
    pub const fn y(&self) -> T {
        self.0[1]
    }
    /// Component 2 (vectors of 3 and 4).
    pub const fn z(&self) -> T
    where
        T: HasZ<N>,
    {
        self.0[2]
    }
    /// Component 3 (vectors of 4).
    pub const fn w(&self) -> T
    where
        T: HasW<N>,
    {
        self.0[3]
    }
    /// Component 0, by its colour name (C++ AMP's `r`).
    pub const fn r(&self) -> T {
        self.0[0]
    }
    /// Component 1, by its colour name.
    pub const fn g(&self) -> T {
        self.0[1]
    }
    /// Component 2, by its colour name (vectors of 3 and 4).
    pub const fn b(&self) -> T
    where
        T: HasZ<N>,
    {
        self.0[2]
    }
    /// Component 3, by its colour name (vectors of 4).
    pub const fn a(&self) -> T
    where
        T: HasW<N>,
    {
        self.0[3]
    }
}

// The swizzles, generated from amp-spec's naming sets (see the module documentation of
// `short_vector`): `v.zyx()`, `v.bgra()`, `v.set_xy(w)` …
include!(concat!(env!("OUT_DIR"), "/swizzle_host.rs"));

impl<T, const N: usize> From<[T; N]> for Vector<T, N> {
    fn from(components: [T; N]) -> Self {
        Vector(components)
    }
}

impl<T, const N: usize> From<Vector<T, N>> for [T; N] {
    fn from(v: Vector<T, N>) -> Self {
        v.0
    }
}

/// `v[i]`: component `i` (panics past the last, like an array).
impl<T, const N: usize> Index<usize> for Vector<T, N> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.0[i]
    }
}

impl<T, const N: usize> IndexMut<usize> for Vector<T, N> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.0[i]
    }
}

macro_rules! arith {
    ($($op:ident $method:ident $assign:ident $assign_method:ident;)*) => {$(
        /// Component-wise.
        impl<T: Component + $op<Output = T>, const N: usize> $op for Vector<T, N> {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                Vector(std::array::from_fn(|i| self.0[i].$method(rhs.0[i])))
            }
        }

        /// With a scalar: applied to every component.
        impl<T: Component + $op<Output = T>, const N: usize> $op<T> for Vector<T, N> {
            type Output = Self;
            fn $method(self, rhs: T) -> Self {
                Vector(self.0.map(|c| c.$method(rhs)))
            }
        }

        impl<T: Component + $op<Output = T>, const N: usize> $assign for Vector<T, N> {
            fn $assign_method(&mut self, rhs: Self) {
                *self = self.$method(rhs);
            }
        }

        impl<T: Component + $op<Output = T>, const N: usize> $assign<T> for Vector<T, N> {
            fn $assign_method(&mut self, rhs: T) {
                *self = self.$method(rhs);
            }
        }
    )*};
}
arith! {
    Add add AddAssign add_assign;
    Sub sub SubAssign sub_assign;
    Mul mul MulAssign mul_assign;
    Div div DivAssign div_assign;
    Rem rem RemAssign rem_assign;
}

macro_rules! bits {
    ($($op:ident $method:ident $assign:ident $assign_method:ident;)*) => {$(
        /// Component-wise (integer vectors).
        impl<T: Component + Integer + std::ops::$op<Output = T>, const N: usize> std::ops::$op for Vector<T, N> {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                Vector(std::array::from_fn(|i| std::ops::$op::$method(self.0[i], rhs.0[i])))
            }
        }

        /// With a scalar: applied to every component.
        impl<T: Component + Integer + std::ops::$op<Output = T>, const N: usize> std::ops::$op<T> for Vector<T, N> {
            type Output = Self;
            fn $method(self, rhs: T) -> Self {
                Vector(self.0.map(|c| std::ops::$op::$method(c, rhs)))
            }
        }

        impl<T: Component + Integer + std::ops::$op<Output = T>, const N: usize> std::ops::$assign for Vector<T, N> {
            fn $assign_method(&mut self, rhs: Self) {
                *self = std::ops::$op::$method(*self, rhs);
            }
        }

        impl<T: Component + Integer + std::ops::$op<Output = T>, const N: usize> std::ops::$assign<T> for Vector<T, N> {
            fn $assign_method(&mut self, rhs: T) {
                *self = std::ops::$op::$method(*self, rhs);
            }
        }
    )*};
}
bits! {
    BitAnd bitand BitAndAssign bitand_assign;
    BitOr bitor BitOrAssign bitor_assign;
    BitXor bitxor BitXorAssign bitxor_assign;
}

/// `!v`: each component's bits inverted (integer vectors).
impl<T: Component + Integer + std::ops::Not<Output = T>, const N: usize> std::ops::Not
    for Vector<T, N>
{
    type Output = Self;
    fn not(self) -> Self {
        Vector(self.0.map(|c| !c))
    }
}

macro_rules! shifts {
    ($($op:ident $method:ident $assign:ident $assign_method:ident $amp:ident;)*) => {$(
        /// As in kernels: each amount taken modulo the component's width (Rust's
        /// `wrapping_shl`/`wrapping_shr`), by a vector of amounts or one.
        impl<T: Component, R, const N: usize> std::ops::$op<R> for Vector<T, N>
        where
            Vector<T, N>: HostShift<R>,
        {
            type Output = Self;
            fn $method(self, rhs: R) -> Self {
                HostShift::$amp(self, rhs)
            }
        }

        impl<T: Component, R, const N: usize> std::ops::$assign<R> for Vector<T, N>
        where
            Vector<T, N>: HostShift<R>,
        {
            fn $assign_method(&mut self, rhs: R) {
                *self = HostShift::$amp(*self, rhs);
            }
        }
    )*};
}
shifts! {
    Shl shl ShlAssign shl_assign amp_shl;
    Shr shr ShrAssign shr_assign amp_shr;
}

impl<T: Component + Neg<Output = T>, const N: usize> Neg for Vector<T, N> {
    type Output = Self;
    fn neg(self) -> Self {
        Vector(self.0.map(|c| -c))
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;

    #[test]
    fn constructors_match_new_and_the_tuple_form() {
        assert_eq!(float3(1.0, 2.0, 3.0), Float3::new(1.0, 2.0, 3.0));
        assert_eq!(float3(1.0, 2.0, 3.0), Vector([1.0, 2.0, 3.0]));
        assert_eq!(float2(0.5, -1.0), Float2::from([0.5, -1.0]));
        assert_eq!(float4(1.0, 2.0, 3.0, 4.0).0, [1.0, 2.0, 3.0, 4.0]);
        assert_eq!(int2(-1, 2), Int2::new(-1, 2));
        assert_eq!(int3(1, 2, 3).0, [1, 2, 3]);
        assert_eq!(int4(1, 2, 3, 4), Vector([1, 2, 3, 4]));
        // Unsuffixed literals take the vector's component type.
        assert_eq!(uint2(1, 2), UInt2::new(1u32, 2u32));
        assert_eq!(uint3(1, 2, 3), Vector([1u32, 2, 3]));
        assert_eq!(<[u32; 4]>::from(uint4(1, 2, 3, 4)), [1, 2, 3, 4]);
        let x = 2.5f32;
        assert_eq!(float3(x, x * 2.0, 1.0), Vector([2.5, 5.0, 1.0]));
    }

    #[test]
    fn components_by_name_and_index() {
        let v = float4(1.0, 2.0, 3.0, 4.0);
        assert_eq!([v.x(), v.y(), v.z(), v.w()], [1.0, 2.0, 3.0, 4.0]);
        assert_eq!([v[0], v[1], v[2], v[3]], [1.0, 2.0, 3.0, 4.0]);
        let mut p = int3(7, 8, 9);
        assert_eq!((p.x(), p.y(), p.z()), (7, 8, 9));
        p[1] = -8;
        assert_eq!(p, int3(7, -8, 9));
        let q = uint2(3, 4);
        assert_eq!((q.x(), q.y()), (3, 4));
    }

    #[test]
    #[should_panic]
    fn index_past_the_last_component_panics() {
        let v = float3(1.0, 2.0, 3.0);
        let i = std::hint::black_box(3);
        let _ = v[i];
    }

    #[test]
    fn arithmetic_is_component_wise() {
        let a = float3(1.0, 2.0, 3.0);
        let b = float3(0.5, -1.0, 2.0);
        assert_eq!(a + b, float3(1.5, 1.0, 5.0));
        assert_eq!(a - b, float3(0.5, 3.0, 1.0));
        assert_eq!(a * b, float3(0.5, -2.0, 6.0));
        assert_eq!(a / b, float3(2.0, -2.0, 1.5));
        assert_eq!(a % b, float3(0.0, 0.0, 1.0));
        assert_eq!(a * 2.0, float3(2.0, 4.0, 6.0));
        assert_eq!(a + 1.0, float3(2.0, 3.0, 4.0));
        assert_eq!(-a, float3(-1.0, -2.0, -3.0));
        // The same expression as tests/gpu/short_vectors.rs computes in a kernel.
        assert_eq!(a * 3.0 + b - float3(1.0, 1.0, 1.0), float3(2.5, 4.0, 10.0));

        let mut i = int4(7, -7, 9, 10);
        assert_eq!(i / 2, int4(3, -3, 4, 5));
        assert_eq!(i % 4, int4(3, -3, 1, 2));
        i += int4(1, 1, 1, 1);
        i *= 2;
        i -= 1;
        assert_eq!(i, int4(15, -13, 19, 21));
        let mut u = uint2(10, 20);
        u /= uint2(2, 5);
        u %= 3;
        assert_eq!(u, uint2(2, 1));
    }

    #[test]
    fn debug_shows_the_components() {
        assert_eq!(format!("{:?}", float2(1.0, 2.5)), "Vector([1.0, 2.5])");
        assert_eq!(Int3::default(), int3(0, 0, 0));
    }
}
