//! C++ AMP's `norm` and `unorm` (`Concurrency::graphics`): an `f32` kept in `-1..=1`
//! ([`Norm`]) or `0..=1` ([`Unorm`]), clamped when it is made and after every arithmetic
//! operation, and their short vectors ([`Norm2`](crate::short_vector::Norm2) …
//! [`Unorm4`](crate::short_vector::Unorm4), which are amp's [`Vector`](crate::short_vector::Vector) of them).
//!
//! They read the same on the host and in kernels: `Norm::new(x)` clamps an `f32`,
//! `Norm::from(i)` converts an `i32`, `u32`, `f64` or the other type (as C++ AMP's explicit
//! constructors), `f32::from(n)` and `n.get()` give the number back, and `+ - * /`, their
//! assignments and (on `Norm`) unary `-` compute in `f32` and clamp the result. Inside a kernel
//! a value is a naga `f32`; each operation emits the `f32` operation, then the clamp.
//!
//! The clamp is one rule on both sides ([`clamp`]): NaN becomes 0 (as Direct3D converts NaN to
//! a norm format), a number below the range its lower end, above the range its upper end, any
//! other number itself (`-0.0` stays `-0.0`). Kernels build it from comparisons and selects
//! rather than the accelerator's `clamp`, whose NaN and signed-zero results Vulkan leaves open,
//! so that host and kernel agree bit for bit wherever the `f32` operation does.
//!
//! A norm combines only with its own type: in a kernel `n + 0.5` or `n + u` (a `Unorm`) is a
//! compile error ([`NormOperand`]) saying to write `Norm::new(x)` or `f32::from(n)`; on the host,
//! rustc's type mismatch. C++ AMP's implicit
//! conversions to `float` and from `unorm` to `norm` are Rust's explicit `From`. `%` is not
//! defined (nor in C++ AMP); neither are `++` and `--`, which Rust has not.
//!
//! In kernels `n as f32` also converts, as `static_cast<float>(n)` does in C++ AMP (`as` there
//! works on every kernel scalar); host code writes `f32::from(n)`.

use crate::builder::{KernelBuilder, KernelValue};
use crate::ops::{ArithOp, Arithmetic, CmpOp, Comparison};
use crate::types::{sealed, Element, KernelType, Numeric, Scalar, Signed, Value};
use crate::value::Read;
use naga::{BinaryOperator, Expression, Handle, Literal, ScalarKind, TypeInner, VectorSize};

mod host;

/// The one clamping rule of [`Norm`] and [`Unorm`] on the host: NaN is 0, a number outside
/// `lo..=hi` the nearer end, any other number itself.
pub fn clamp(x: f32, (lo, hi): (f32, f32)) -> f32 {
    if x.is_nan() {
        0.0
    } else if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// [`Norm`] and [`Unorm`]: the scalars whose values are clamped to a range. Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not `Norm` or `Unorm`",
    note = "this function works on amp's Norm and Unorm"
)]
pub trait NormScalar: Scalar + Numeric + bytemuck::Pod {
    /// The type's range, `(lo, hi)`.
    const BOUNDS: (f32, f32);
    /// The C++ AMP name (`norm`, `unorm`).
    const CPP_NAME: &'static str;
}

macro_rules! norm_type {
    ($name:ident, $lo:literal, $cpp:literal, $range:literal) => {
        #[doc = concat!(
            "C++ AMP's `", $cpp, "`: an `f32` in ", $range, ", clamped when made and after every ",
            "arithmetic operation, on the host and in kernels (see the [module](self)).\n\n",
            "```\n",
            "use amp_core::norm::", stringify!($name), ";\n\n",
            "let a = ", stringify!($name), "::new(0.75);\n",
            "assert_eq!(f32::from(a + a), 1.0); // 1.5, clamped\n",
            "assert_eq!(", stringify!($name), "::new(2.0), ", stringify!($name), "::ONE);\n",
            "assert_eq!(", stringify!($name), "::new(f32::NAN), ", stringify!($name), "::ZERO);\n",
            "```"
        )]
        #[derive(Clone, Copy, PartialEq, PartialOrd, Default)]
        #[repr(transparent)]
        pub struct $name(f32);

        // SAFETY: `repr(transparent)` over an `f32`: no padding, every bit pattern is an `f32`.
        // (A value made from arbitrary bits may lie outside the range; arithmetic clamps its
        // result, and nothing relies on the range for safety.)
        unsafe impl bytemuck::Zeroable for $name {}
        // SAFETY: as above.
        unsafe impl bytemuck::Pod for $name {}

        impl $name {
            /// Zero.
            pub const ZERO: Self = $name(0.0);
            /// One, the upper end of the range.
            pub const ONE: Self = $name(1.0);

            #[doc = concat!(
                "`x` clamped to ", $range, " (NaN gives 0), on the host and in kernels: C++ AMP's `",
                $cpp, "(float)`. `", stringify!($name), "::from` converts the other numbers."
            )]
            pub fn new(x: f32) -> Self {
                $name(clamp(x, Self::BOUNDS))
            }

            /// The number, an `f32` in the range: the same as `f32::from(self)`, on the host and
            /// in kernels.
            pub const fn get(self) -> f32 {
                self.0
            }

            /// The smaller of the two, on the host and in kernels (`a.min(b)`).
            pub fn min(self, other: Self) -> Self {
                if other < self { other } else { self }
            }

            /// The larger of the two, on the host and in kernels (`a.max(b)`).
            pub fn max(self, other: Self) -> Self {
                if other > self { other } else { self }
            }
        }

        impl sealed::Sealed for $name {}

        impl NormScalar for $name {
            const BOUNDS: (f32, f32) = ($lo, 1.0);
            const CPP_NAME: &'static str = $cpp;
        }

        impl KernelType for $name {
            type KernelValue = KernelValue<$name>;
        }

        impl Value for $name {
            fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                b.intern_type(TypeInner::Scalar(naga::Scalar::F32))
            }
            fn name() -> &'static str {
                stringify!($name)
            }
        }

        impl Scalar for $name {
            const SCALAR: naga::Scalar = naga::Scalar::F32;
            fn literal(self) -> Literal {
                Literal::F32(self.0)
            }
            const RANGE: Option<(f32, f32)> = Some(Self::BOUNDS);
        }

        impl Numeric for $name {}

        impl Element for $name {
            const WORDS: usize = 1;
            const ENTRIES: u32 = 1;
            const ALIGN: u32 = 4;
            fn write_words(self, out: &mut Vec<u32>) {
                out.push(self.0.to_bits());
            }
            fn read_words(words: &[u32]) -> Self {
                $name(f32::from_bits(words.first().copied().unwrap_or(0)))
            }
            fn entry_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                Self::naga_type(b)
            }
            fn param_value(b: &mut KernelBuilder, word: u32) -> Handle<Expression> {
                b.param_scalar(word, naga::Scalar::F32)
            }
            fn from_entries(_: &mut KernelBuilder, entries: &[Handle<Expression>]) -> Handle<Expression> {
                entries[0]
            }
            fn to_entries(_: &mut KernelBuilder, value: Handle<Expression>) -> Vec<Handle<Expression>> {
                vec![value]
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
            const WORD_CAST: bool = true;
            fn to_word(b: &mut KernelBuilder, value: Handle<Expression>) -> Option<Handle<Expression>> {
                Some(b.append(Expression::As { expr: value, kind: ScalarKind::Uint, convert: None }))
            }
            fn from_word(b: &mut KernelBuilder, word: Handle<Expression>) -> Option<Handle<Expression>> {
                Some(b.append(Expression::As { expr: word, kind: ScalarKind::Float, convert: None }))
            }
        }

        /// A host constant (`Norm::ONE`) read in a kernel: a literal.
        impl Read for $name {
            type Output = KernelValue<$name>;
            fn read(self, b: &mut KernelBuilder) -> KernelValue<$name> {
                b.literal(self)
            }
        }

        impl crate::short_vector::Component for $name {}
    };
}
norm_type!(Norm, -1.0, "norm", "`-1..=1`");
norm_type!(Unorm, 0.0, "unorm", "`0..=1`");

impl Norm {
    /// Minus one, the lower end of the range.
    pub const MINUS_ONE: Self = Norm(-1.0);
}

/// Negation is exact on `-1..=1`; `Unorm` has no unary minus (nor in C++ AMP).
impl Signed for Norm {}

/// What `Norm::from(x)` converts in kernels, as on the host: `f32`, `f64`, `i32`, `u32` (C++
/// AMP's explicit constructors) and `Norm`/`Unorm`.
#[diagnostic::on_unimplemented(
    message = "`{T}::from` does not convert `{Self}`",
    label = "a norm is made from f32, f64, i32, u32, Norm or Unorm",
    note = "C++ AMP's norm and unorm are made from float, double, int and unsigned int"
)]
pub trait NormSource<T>: Scalar {}
macro_rules! norm_source {
    ($($s:ty),*) => {$(
        impl NormSource<Norm> for $s {}
        impl NormSource<Unorm> for $s {}
    )*};
}
norm_source!(f32, f64, i32, u32, Norm, Unorm);

/// `x`, of kernel type `S`, as a `T`: converted to `f32`, then clamped (not at all when every
/// `S` is a `T`: a `Unorm` as a `Norm`, or the same type).
fn convert<T: NormScalar, S: Scalar>(b: &mut KernelBuilder, x: KernelValue<S>) -> KernelValue<T> {
    let mut value = x.handle();
    if let Some((lo, hi)) = S::RANGE {
        if lo >= T::BOUNDS.0 && hi <= T::BOUNDS.1 {
            return KernelValue::from_handle(value);
        }
    }
    if S::SCALAR != naga::Scalar::F32 {
        T::naga_type(b);
        value = b.append(Expression::As {
            expr: value,
            kind: ScalarKind::Float,
            convert: Some(4),
        });
    }
    KernelValue::from_handle(clamped(b, value, T::BOUNDS, None))
}

/// `Norm::new(x)` and `Norm::from(x)` in kernels (and `Unorm`'s): inside a kernel,
/// `Norm::name` is `scalar_functions::Norm::name`, as `f32::name` is
/// `scalar_functions::f32::name`.
pub mod kernel {
    macro_rules! norm_fns {
        ($t:ident) => {
            #[doc = concat!("`", stringify!($t), "`'s associated functions in kernels.")]
            #[allow(non_snake_case)]
            pub mod $t {
                use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
                use crate::norm::NormSource;

                crate::builder::builtin_fn!(
                    #[doc = concat!("`", stringify!($t), "::new(x)` in kernels: `x` clamped.")]
                    new / New (x)
                );
                crate::builder::builtin_fn!(
                    #[doc = concat!(
                        "`", stringify!($t), "::from(x)` in kernels: `x` (f32, f64, i32, u32, ",
                        "Norm, Unorm) converted to `f32` and clamped."
                    )]
                    from / Convert (x)
                );

                impl DeviceFn<(KernelValue<f32>,)> for New {
                    type Output = KernelValue<crate::norm::$t>;
                    fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<f32>,)) -> Self::Output {
                        super::super::convert(b, x)
                    }
                }

                impl<S: NormSource<crate::norm::$t>> DeviceFn<(KernelValue<S>,)> for Convert {
                    type Output = KernelValue<crate::norm::$t>;
                    fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<S>,)) -> Self::Output {
                        super::super::convert(b, x)
                    }
                }
            }
        };
    }
    norm_fns!(Norm);
    norm_fns!(Unorm);
}

/// `f32::from(n)` in kernels: the number of a [`Norm`] or [`Unorm`] (or an `f32` itself), as
/// on the host. Kernels call it as `f32::from`; amp's `scalar_functions::f32` re-exports it.
pub mod f32_from {
    use super::{Norm, Unorm};
    use crate::builder::{DeviceFn, KernelBuilder, KernelValue};

    crate::builder::builtin_fn!(
        /// `f32::from(n)` in kernels: the `f32` of a `Norm` or `Unorm`.
        from / FromNorm (x)
    );

    macro_rules! from_norm {
        ($($t:ty),*) => {$(
            impl DeviceFn<(KernelValue<$t>,)> for FromNorm {
                type Output = KernelValue<f32>;
                fn call(&self, _: &mut KernelBuilder, (x,): (KernelValue<$t>,)) -> KernelValue<f32> {
                    KernelValue::from_handle(x.handle())
                }
            }
        )*};
    }
    from_norm!(Norm, Unorm, f32);
}

/// `n.get()` in kernels: the number of a [`Norm`] or [`Unorm`], as on the host. A trait, which
/// every kernel's expansion brings into scope.
pub trait NormMethods: Sized {
    /// The number, an `f32` in the range (`f32::from(n)`).
    fn get(self, b: &mut KernelBuilder) -> KernelValue<f32>;
}

impl<T: NormScalar> NormMethods for KernelValue<T> {
    fn get(self, _: &mut KernelBuilder) -> KernelValue<f32> {
        KernelValue::from_handle(self.handle())
    }
}

/// In a kernel, the result `value` of `op` on values of type `T` (a scalar, or a vector of
/// `size` components of `T`): itself for the plain numbers, clamped for [`Norm`] and [`Unorm`]
/// ([`Scalar::RANGE`]), which have no `%`.
pub(crate) fn arithmetic_result<T: Scalar>(
    b: &mut KernelBuilder,
    op: ArithOp,
    value: Handle<Expression>,
    size: Option<VectorSize>,
) -> Handle<Expression> {
    let Some(range) = T::RANGE else {
        return value;
    };
    if op == ArithOp::Rem {
        b.error(format!(
            "`%` is not defined on `{}` (C++ AMP's norm and unorm have + - * /): compute the \
             remainder in f32, `f32::from(n) % x`",
            T::name()
        ));
    }
    clamped(b, value, range, size)
}

/// In a kernel, [`clamp`] of `x`, an `f32` or a vector of `size` of them, to `lo..=hi`, from
/// ordered comparisons and selects: NaN is the one value not equal to itself.
fn clamped(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    (lo, hi): (f32, f32),
    size: Option<VectorSize>,
) -> Handle<Expression> {
    if let Expression::Literal(Literal::F32(v)) = b.cur.function.expressions[x] {
        return b.literal_expr(Literal::F32(clamp(v, (lo, hi))));
    }
    let constant = |b: &mut KernelBuilder, v: f32| {
        let value = b.literal_expr(Literal::F32(v));
        match size {
            Some(size) => b.append(Expression::Splat { size, value }),
            None => value,
        }
    };
    fn select(
        b: &mut KernelBuilder,
        condition: Handle<Expression>,
        accept: Handle<Expression>,
        reject: Handle<Expression>,
    ) -> Handle<Expression> {
        b.append(Expression::Select {
            condition,
            accept,
            reject,
        })
    }
    let zero = constant(b, 0.0);
    let number = b.binary(BinaryOperator::Equal, x, x);
    let x = select(b, number, x, zero);
    let lo = constant(b, lo);
    let below = b.binary(BinaryOperator::Less, x, lo);
    let x = select(b, below, lo, x);
    let hi = constant(b, hi);
    let above = b.binary(BinaryOperator::Greater, x, hi);
    select(b, above, hi, x)
}

/// Arithmetic or a comparison between a norm and another type (`n + 0.5`, `n - u`, `n < x`),
/// which amp does not define: a norm combines only with its own type. (With the norm on the
/// right, `0.5 * n`, the error is [`Arithmetic`]'s own: an implementation for every number
/// type with a norm on the right would take over the messages of their other mistakes.)
#[diagnostic::on_unimplemented(
    message = "`{Self}` and `{R}` do not combine: a Norm or Unorm combines only with its own type",
    label = "`{Self}` with `{R}`",
    note = "make a norm of a number with `Norm::new(x)` / `Unorm::new(x)` (clamped), take the number out with `f32::from(n)` (or `n.get()`) to compute in f32, and convert between the two with `Norm::from(u)` / `Unorm::from(n)`"
)]
pub trait NormOperand<R> {}

/// The kernel types other than the norm `N` that a norm could be mistaken to combine with:
/// the numbers and the other norm type. Their [`Arithmetic`] and [`Comparison`] with `N` is
/// [`NormOperand`]'s error.
pub trait OtherThan<N> {}
macro_rules! other_than {
    ($n:ty: $($t:ty),*) => {$(
        impl OtherThan<$n> for $t {}
    )*};
}
other_than!(Norm: f32, f64, i32, u32, Unorm);
other_than!(Unorm: f32, f64, i32, u32, Norm);

macro_rules! norm_with_other {
    ($($n:ty),*) => {$(
        /// `n op x` with `x` of another kernel type: [`NormOperand`]'s error.
        impl<B: OtherThan<$n>> Arithmetic<B> for $n
        where
            $n: NormOperand<B>,
        {
            type Output = $n;
            fn apply(
                _: &mut KernelBuilder,
                _: ArithOp,
                l: Handle<Expression>,
                _: Handle<Expression>,
            ) -> Handle<Expression> {
                l
            }
        }

        /// `n == x`, `n < x` with `x` of another kernel type: [`NormOperand`]'s error.
        impl<B: OtherThan<$n>> Comparison<B> for $n
        where
            $n: NormOperand<B>,
        {
            fn apply(
                _: &mut KernelBuilder,
                _: CmpOp,
                l: Handle<Expression>,
                _: Handle<Expression>,
            ) -> Handle<Expression> {
                l
            }
        }
    )*};
}
norm_with_other!(Norm, Unorm);

#[cfg(test)]
mod tests;
