//! Short vectors (C++ AMP's `float_2`, `int_3`, `uint_4`, …): 2, 3 or 4 components of `i32`,
//! `u32`, `f32`, `f64` or `f16`, one naga vector each.
//!
//! They read the same on the host and in kernels: build them with [`float3`] & co. (or
//! `Float3::new`), read components with `v.x()`, `v.y()`, `v.z()`, `v.w()` or `v[i]`, and do
//! arithmetic component-wise (`a + b`, `a * 2.0`, `-a`). Kernels capture host vectors by value.
//!
//! Short vectors are also [`Element`]s: views and arrays of them (`ArrayView<Float4, 1>`) are
//! read and written whole (`let p = pos[i]; vel[i] = p * 2.0;`). Vectors of 2 and 4 are stored
//! as `array<vec2<…>>`/`array<vec4<…>>` (vector loads and stores); vectors of 3 as 3 scalars
//! per element, since a `vec3` in storage takes 16 bytes and the host type 12.
//!
//! The constructors are functions of both sides, generic over their component argument
//! ([`HostArg`](crate::host::HostArg)): the host passes `f32`/`i32`/`u32`, and a kernel's call `float3(x, y, z)`
//! names the function with [`KernelArg`](crate::builder::KernelArg) components, which makes
//! its result the marker [`MakeVector`] (that emits a naga `Compose`), as for every kernel
//! function.

use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
use crate::math::Float;
use crate::methods::math;
use crate::norm::{Norm, Unorm};
use crate::ops::ArithOp;
use crate::types::{Element, KernelType, Numeric, Value};
use crate::value::Read;
use crate::view::IndexConst;
use naga::{Expression, Handle, MathFunction, TypeInner, VectorSize};

mod host;
mod math;
mod operators;

pub use math::HostComponent;

/// A short vector of `N` components of `T` (row-major like everything in amp: component 0 is
/// `x`).
#[derive(Clone, Copy, PartialEq, Debug)]
#[repr(transparent)]
pub struct Vector<T, const N: usize>(pub [T; N]);

// SAFETY: `Vector` is `repr(transparent)` over `[T; N]`, which is `Zeroable`/`Pod` when `T` is.
unsafe impl<T: bytemuck::Zeroable, const N: usize> bytemuck::Zeroable for Vector<T, N> {}
// SAFETY: as above; `[T; N]` of a `Pod` `T` has no padding and any bit pattern is valid.
unsafe impl<T: bytemuck::Pod, const N: usize> bytemuck::Pod for Vector<T, N> {}

impl<T: Copy + Default, const N: usize> Default for Vector<T, N> {
    fn default() -> Self {
        Vector([T::default(); N])
    }
}

/// C++ AMP `float_2`.
pub type Float2 = Vector<f32, 2>;
/// C++ AMP `float_3`.
pub type Float3 = Vector<f32, 3>;
/// C++ AMP `float_4`.
pub type Float4 = Vector<f32, 4>;
/// C++ AMP `int_2`.
pub type Int2 = Vector<i32, 2>;
/// C++ AMP `int_3`.
pub type Int3 = Vector<i32, 3>;
/// C++ AMP `int_4`.
pub type Int4 = Vector<i32, 4>;
/// C++ AMP `uint_2`.
pub type UInt2 = Vector<u32, 2>;
/// C++ AMP `uint_3`.
pub type UInt3 = Vector<u32, 3>;
/// C++ AMP `uint_4`.
pub type UInt4 = Vector<u32, 4>;

/// C++ AMP `double_2` (kernels using it need an accelerator with 64-bit floats).
pub type Double2 = Vector<f64, 2>;
/// C++ AMP `double_3`.
pub type Double3 = Vector<f64, 3>;
/// C++ AMP `double_4`.
pub type Double4 = Vector<f64, 4>;

/// A vector of 2 `f16`s (4 bytes in a buffer; kernels using it need an accelerator with
/// 16-bit floats).
pub type Half2 = Vector<half::f16, 2>;
/// A vector of 3 `f16`s (stored as 3 packed scalars, 6 bytes).
pub type Half3 = Vector<half::f16, 3>;
/// A vector of 4 `f16`s (8 bytes).
pub type Half4 = Vector<half::f16, 4>;

/// C++ AMP `norm_2` (see [`Norm`]): component-wise arithmetic clamps each component.
pub type Norm2 = Vector<Norm, 2>;
/// C++ AMP `norm_3`.
pub type Norm3 = Vector<Norm, 3>;
/// C++ AMP `norm_4`.
pub type Norm4 = Vector<Norm, 4>;
/// C++ AMP `unorm_2` (see [`Unorm`]): component-wise arithmetic clamps each component.
pub type Unorm2 = Vector<Unorm, 2>;
/// C++ AMP `unorm_3`.
pub type Unorm3 = Vector<Unorm, 3>;
/// C++ AMP `unorm_4`.
pub type Unorm4 = Vector<Unorm, 4>;

/// The component types of vectors of `N` components that have a `z` (component 2): vectors of 3
/// and 4. A bound on the component type `T` of `Vector<T, N>`, so that its message can say `N`.
#[diagnostic::on_unimplemented(
    message = "a vector of {N} components has no `z` or `b` (component 2)",
    label = "not a component of a vector of {N}",
    note = "a vector of {N} components has the first {N} of x, y, z, w (or of r, g, b, a)"
)]
pub trait HasZ<const N: usize> {}
/// The component types of vectors of `N` components that have a `w` (component 3): vectors of 4.
#[diagnostic::on_unimplemented(
    message = "a vector of {N} components has no `w` or `a` (component 3)",
    label = "not a component of a vector of {N}",
    note = "a vector of {N} components has the first {N} of x, y, z, w (or of r, g, b, a)"
)]
pub trait HasW<const N: usize> {}
/// Vectors with a cross product (3 components).
#[diagnostic::on_unimplemented(
    message = "the cross product takes vectors of 3 components, not `{Self}`",
    label = "`cross` of vectors of 3 components",
    note = "`a.cross(b)` works on Float3 and Double3"
)]
pub trait HasCross {}
impl<T> HasZ<3> for T {}
impl<T> HasZ<4> for T {}
impl<T> HasW<4> for T {}
impl<T> HasCross for Vector<T, 3> {}

/// Component types of short vectors: the numbers, and [`Norm`] and [`Unorm`] (whose
/// component-wise arithmetic clamps each component).
pub trait Component: Numeric + bytemuck::Pod {}
impl Component for i32 {}
impl Component for u32 {}
impl Component for f32 {}
impl Component for f64 {}
impl Component for half::f16 {}

fn size(n: usize) -> VectorSize {
    match n {
        2 => VectorSize::Bi,
        3 => VectorSize::Tri,
        _ => VectorSize::Quad,
    }
}

macro_rules! vector_value {
    ($($n:literal),*) => {$(
        impl<T: Component> Value for Vector<T, $n> {
            fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                b.intern_type(TypeInner::Vector { size: size($n), scalar: T::SCALAR })
            }
            fn name() -> &'static str {
                concat!("Vector<_, ", $n, ">")
            }
        }
        impl<T: Component> KernelType for Vector<T, $n> {
            type KernelValue = KernelValue<Vector<T, $n>>;
        }
        impl<T: Component> Read for Vector<T, $n> {
            type Output = KernelValue<Vector<T, $n>>;
            fn read(self, b: &mut KernelBuilder) -> Self::Output {
                let components = self.0.iter().map(|c| b.literal(*c).handle()).collect();
                let ty = crate::types::type_of::<Self>(b);
                KernelValue::from_handle(b.append(Expression::Compose { ty, components }))
            }
        }
    )*};
}
vector_value!(2, 3, 4);

macro_rules! vector_element {
    ($($n:literal),*) => {$(
        impl<T: Component> Element for Vector<T, $n> {
            const WORDS: usize = $n * T::WORDS;
            const BYTES: usize = $n * T::BYTES;
            fn write_words(self, out: &mut Vec<u32>) {
                self.0.iter().for_each(|c| c.write_words(out));
            }
            fn read_words(words: &[u32]) -> Self {
                Vector(std::array::from_fn(|k| {
                    T::read_words(words.get(k * T::WORDS..).unwrap_or(&[]))
                }))
            }
            // A vec3 in storage has a 16-byte stride: store its 3 components as scalars.
            const ENTRIES: u32 = if $n == 3 { 3 } else { 1 };
            // Where a struct field may start: naga's vector alignment (a vec3's is 16).
            const ALIGN: u32 = if $n == 2 { 2 } else { 4 } * T::ALIGN;
            fn entry_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                if Self::ENTRIES == 1 {
                    Self::naga_type(b)
                } else {
                    T::naga_type(b)
                }
            }
            fn param_value(b: &mut KernelBuilder, word: u32) -> Handle<Expression> {
                let components = (0..$n)
                    .map(|k| T::param_value(b, word + k * T::WORDS as u32))
                    .collect();
                let ty = Self::naga_type(b);
                b.append(Expression::Compose { ty, components })
            }
            fn from_entries(b: &mut KernelBuilder, entries: &[Handle<Expression>]) -> Handle<Expression> {
                if Self::ENTRIES == 1 {
                    return entries[0];
                }
                let ty = crate::types::type_of::<Self>(b);
                b.append(Expression::Compose { ty, components: entries.to_vec() })
            }
            const PLAIN: bool = true;
            fn as_device_bytes(data: &[Self]) -> Option<&[u8]> {
                Some(bytemuck::cast_slice(data))
            }
            fn as_device_bytes_mut(data: &mut [Self]) -> Option<&mut [u8]> {
                Some(bytemuck::cast_slice_mut(data))
            }
            fn zeroed_vec(len: usize) -> Option<Result<Vec<Self>, ()>> {
                Some(bytemuck::allocation::try_zeroed_vec(len))
            }
            fn to_entries(b: &mut KernelBuilder, value: Handle<Expression>) -> Vec<Handle<Expression>> {
                if Self::ENTRIES == 1 {
                    return vec![value];
                }
                (0..Self::ENTRIES)
                    .map(|index| b.append(Expression::AccessIndex { base: value, index }))
                    .collect()
            }
        }
    )*};
}
vector_element!(2, 3, 4);

impl<T: Component, const N: usize> KernelValue<Vector<T, N>>
where
    Vector<T, N>: Value,
{
    fn component(self, b: &mut KernelBuilder, index: u32) -> KernelValue<T> {
        if index as usize >= N {
            b.error(format!(
                "a vector of {N} components has no component {index}"
            ));
        }
        KernelValue::from_handle(b.append(Expression::AccessIndex {
            base: self.handle(),
            index: index.min(N as u32 - 1),
        }))
    }

    /// The swizzle reading `components` (each below `N`, by the method's bound), as one naga
    /// `Swizzle` of 2 to 4 components.
    fn swizzle<const M: usize>(
        self,
        b: &mut KernelBuilder,
        components: &[u32],
    ) -> KernelValue<Vector<T, M>> {
        let mut pattern = [naga::SwizzleComponent::X; 4];
        for (slot, &c) in pattern.iter_mut().zip(components) {
            *slot = match c {
                0 => naga::SwizzleComponent::X,
                1 => naga::SwizzleComponent::Y,
                2 => naga::SwizzleComponent::Z,
                _ => naga::SwizzleComponent::W,
            };
        }
        KernelValue::from_handle(b.append(Expression::Swizzle {
            size: size(M),
            vector: self.handle(),
            pattern,
        }))
    }

    /// The vector with `components` replaced by those of `value` (a scalar for one component,
    /// else a vector of as many): one naga `Compose` of the old and new components.
    fn swizzle_write(
        self,
        b: &mut KernelBuilder,
        components: &[u32],
        value: Handle<Expression>,
    ) -> Self {
        let parts = (0..N as u32)
            .map(|k| match components.iter().position(|&c| c == k) {
                Some(_) if components.len() == 1 => value,
                Some(from) => b.append(Expression::AccessIndex {
                    base: value,
                    index: from as u32,
                }),
                None => b.append(Expression::AccessIndex {
                    base: self.handle(),
                    index: k,
                }),
            })
            .collect();
        let ty = crate::types::type_of::<Vector<T, N>>(b);
        KernelValue::from_handle(b.append(Expression::Compose {
            ty,
            components: parts,
        }))
    }
}

/// A swizzle of `M` components of a vector of `T`s in a kernel (`v.zyx()`, `v.set_xy(w)`'s
/// argument): the names the generated swizzles' signatures read with.
pub type Swizzled<T, const M: usize> = KernelValue<Vector<T, M>>;
/// One component of a vector of `T`s in a kernel (`v.set_x(s)`'s argument).
pub type SwizzledComponent<T> = KernelValue<T>;

include!(concat!(env!("OUT_DIR"), "/swizzle_kernel.rs"));

/// Declares [`VectorMethods`] and its implementation, one line per method, as
/// `scalar_methods!` does for numbers: a bound's note then quotes the method's line here
/// (`fn w() -> KernelValue<T> where Vector<T, N>: HasW`), not a signature with the builder.
macro_rules! vector_methods {
    ($(
        $(#[$doc:meta])*
        fn $name:ident($($arg:ident: $aty:ty),*) -> $out:ty $(where $($bt:ty: $bb:path),+)?
            => |$b:ident, $v:ident| $build:expr;
    )*) => {
        /// The methods of short vectors in kernels, those of the host's [`Vector`] (the same names and
        /// results): the components `v.x()`, `v.y()`, `v.z()`, `v.w()`, and the geometric and
        /// component-wise functions `a.dot(b)`, `v.length()`, `v.normalize()`, `a.distance(b)`,
        /// `a.cross(b)`, `a.min(b)`, `a.max(b)`, `v.clamp(lo, hi)`, `v.abs()`, each one naga
        /// expression.
        ///
        /// A method that needs more of its vector says so by a trait with a message: `z` needs 3 or 4
        /// components ([`HasZ`]), `w` 4 ([`HasW`]), `cross` 3 ([`HasCross`]); `length`, `normalize`,
        /// `distance` and `cross` float components ([`Float`]). A trait, which every kernel's
        /// expansion brings into scope, rather than inherent methods of [`KernelValue`], so that such
        /// an error's note ("required by a bound in …") names a public path.
        pub trait VectorMethods<T, const N: usize>: Sized {
            $(
                $(#[$doc])*
                fn $name(self, b: &mut KernelBuilder $(, $arg: $aty)*) -> $out
                where
                    $($($bt: $bb,)+)?;
            )*
        }

        /// The methods of [`VectorMethods`] and their parameter counts, as declared here.
        #[cfg(test)]
        pub(crate) const VECTOR_METHODS: &[(&str, usize)] =
            &[$((stringify!($name), <[&str]>::len(&[$(stringify!($arg)),*]))),*];

        impl<T: Component, const N: usize> VectorMethods<T, N> for KernelValue<Vector<T, N>>
        where
            Vector<T, N>: Value,
        {
            $(
                fn $name(self, $b: &mut KernelBuilder $(, $arg: $aty)*) -> $out
                where
                    $($($bt: $bb,)+)?
                {
                    let $v = self;
                    $build
                }
            )*
        }
    };
}

vector_methods! {
    // The geometric and component-wise functions, then the components.

    /// The dot product.
    ///
    /// Of norms: clamped, as every arithmetic result of norms is.
    fn dot(other: Self) -> KernelValue<T>
        => |b, v| {
            let dot = math::<_, T>(b, MathFunction::Dot, v, &[other.handle()]);
            let value = crate::norm::arithmetic_result::<T>(b, ArithOp::Add, dot.handle(), None);
            KernelValue::from_handle(value)
        };
    /// The component-wise minimum.
    fn min(other: Self) -> Self
        => |b, v| math(b, MathFunction::Min, v, &[other.handle()]);
    /// The component-wise maximum.
    fn max(other: Self) -> Self
        => |b, v| math(b, MathFunction::Max, v, &[other.handle()]);
    /// Each component clamped to `lo..=hi` (component-wise).
    fn clamp(lo: Self, hi: Self) -> Self
        => |b, v| math(b, MathFunction::Clamp, v, &[lo.handle(), hi.handle()]);
    /// The component-wise absolute value (the identity on unsigned vectors).
    fn abs() -> Self
        => |b, v| math(b, MathFunction::Abs, v, &[]);
    /// The Euclidean length.
    fn length() -> KernelValue<T> where T: Float
        => |b, v| math(b, MathFunction::Length, v, &[]);
    /// The vector scaled to length 1.
    fn normalize() -> Self where T: Float
        => |b, v| math(b, MathFunction::Normalize, v, &[]);
    /// The distance to `other`.
    fn distance(other: Self) -> KernelValue<T> where T: Float
        => |b, v| math(b, MathFunction::Distance, v, &[other.handle()]);
    /// The cross product (vectors of 3).
    fn cross(other: Self) -> Self where T: Float, Vector<T, N>: HasCross
        => |b, v| math(b, MathFunction::Cross, v, &[other.handle()]);
    /// Component 0.
    fn x() -> KernelValue<T>
        => |b, v| v.component(b, 0);
    /// Component 1.
    fn y() -> KernelValue<T>
        => |b, v| v.component(b, 1);
    /// Component 2 (vectors of 3 and 4).
    fn z() -> KernelValue<T> where T: HasZ<N>
        => |b, v| v.component(b, 2);
    /// Component 3 (vectors of 4).
    fn w() -> KernelValue<T> where T: HasW<N>
        => |b, v| v.component(b, 3);
    /// Component 0, by its colour name.
    fn r() -> KernelValue<T>
        => |b, v| v.component(b, 0);
    /// Component 1, by its colour name.
    fn g() -> KernelValue<T>
        => |b, v| v.component(b, 1);
    /// Component 2, by its colour name (vectors of 3 and 4).
    fn b() -> KernelValue<T> where T: HasZ<N>
        => |b, v| v.component(b, 2);
    /// Component 3, by its colour name (vectors of 4).
    fn a() -> KernelValue<T> where T: HasW<N>
        => |b, v| v.component(b, 3);
}

impl<T: Component, const N: usize> IndexConst for KernelValue<Vector<T, N>>
where
    Vector<T, N>: Value,
{
    type Output = KernelValue<T>;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> KernelValue<T> {
        self.component(b, i)
    }
}

/// A component by a run-time index, checked against the vector's size (out of range: zero,
/// and the fault is recorded).
impl<T: Component, const N: usize, I: crate::view::IndexInt> crate::view::IndexRead<KernelValue<I>>
    for KernelValue<Vector<T, N>>
where
    Vector<T, N>: Value,
{
    type Output = KernelValue<T>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<T> {
        let mut check = crate::builder::CheckBuilder::new(crate::builder::AccessKind::Component);
        let index = check.level(b, i.handle(), N as u32);
        let value = b.append(Expression::Access {
            base: self.handle(),
            index,
        });
        let check = check.finish();
        let ty = T::naga_type(b);
        KernelValue::from_handle(b.checked_value(check, value, ty))
    }
}

/// The kernel-side constructor of `Vector<T, N>`: the marker of [`float3`] & co. and of
/// `Float3::new` & co.
#[derive(Clone, Copy, Debug)]
pub struct MakeVector<T, const N: usize>(std::marker::PhantomData<T>);

impl<T: Copy + 'static, const N: usize> crate::builder::Marker for MakeVector<T, N> {
    const MARKER: Self = MakeVector(std::marker::PhantomData);
}

macro_rules! constructors {
    ($($name:ident / $alias:ident: $t:ty, $n:literal ($($c:ident),+);)*) => {$(
        #[doc = concat!(
            "A [`", stringify!($alias), "`] from its components, on the host and in kernels: `",
            stringify!($name), "(", stringify!($($c),+), ")`.\n\n",
            "The components are `", stringify!($t), "`s (`C` is `", stringify!($t),
            "` on the host; see [`HostArg`](crate::host::HostArg))."
        )]
        pub fn $name<C: crate::host::HostArg<$t, MakeVector<$t, $n>, $alias>>($($c: C),+) -> C::Ret {
            $(let $c = crate::host::HostArg::host($c);)+
            let ret = [$($c.1),+][0];
            ret(Vector([$($c.0),+]))
        }
    )*};
}
constructors! {
    float2 / Float2: f32, 2 (x, y);
    float3 / Float3: f32, 3 (x, y, z);
    float4 / Float4: f32, 4 (x, y, z, w);
    int2 / Int2: i32, 2 (x, y);
    int3 / Int3: i32, 3 (x, y, z);
    int4 / Int4: i32, 4 (x, y, z, w);
    uint2 / UInt2: u32, 2 (x, y);
    uint3 / UInt3: u32, 3 (x, y, z);
    uint4 / UInt4: u32, 4 (x, y, z, w);
    double2 / Double2: f64, 2 (x, y);
    double3 / Double3: f64, 3 (x, y, z);
    double4 / Double4: f64, 4 (x, y, z, w);
    half2 / Half2: half::f16, 2 (x, y);
    half3 / Half3: half::f16, 3 (x, y, z);
    half4 / Half4: half::f16, 4 (x, y, z, w);
}
constructors! {
    norm2 / Norm2: Norm, 2 (x, y);
    norm3 / Norm3: Norm, 3 (x, y, z);
    norm4 / Norm4: Norm, 4 (x, y, z, w);
    unorm2 / Unorm2: Unorm, 2 (x, y);
    unorm3 / Unorm3: Unorm, 3 (x, y, z);
    unorm4 / Unorm4: Unorm, 4 (x, y, z, w);
}

macro_rules! make_vector {
    ($n:literal: $($c:ident),+) => {
        impl<T: Component> DeviceFn<($(make_vector!(@t $c),)+)> for MakeVector<T, $n> {
            type Output = KernelValue<Vector<T, $n>>;
            fn call(&self, b: &mut KernelBuilder, ($($c,)+): ($(make_vector!(@t $c),)+)) -> Self::Output {
                let ty = crate::types::type_of::<Vector<T, $n>>(b);
                let components = vec![$($c.handle()),+];
                KernelValue::from_handle(b.append(Expression::Compose { ty, components }))
            }
        }
    };
    (@t $c:ident) => { KernelValue<T> };
}
make_vector!(2: x, y);
make_vector!(3: x, y, z);
make_vector!(4: x, y, z, w);
