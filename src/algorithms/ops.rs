//! The operations the algorithms take: `#[kernel] fn` items (`reduce(&v, add_mod)`) and the
//! built-in [`Sum`], [`Min`] and [`Max`].
//!
//! A `#[kernel] fn` item is a zero-sized function whose value yields the marker that builds its
//! IR. The algorithms capture the operation in their kernels (the builder closure of a
//! `parallel_for_each!` moves the `Copy + 'static` functions it calls) and call it through
//! [`Binary`]/[`Unary`], which make any operation callable by name inside a kernel: a built-in one
//! as well as a user's `#[kernel] fn`.

use crate::kernel_types::{DeviceFn, KernelBuilder, KernelFunction, KernelValue};
use amp_core::builder::{KernelArg, Marker};
use amp_core::{Element, Numeric};
use std::marker::PhantomData;

/// An associative binary operation on `T` that kernels can call: a `#[kernel] fn(T, T) -> T`
/// item, or one of [`Sum`], [`Min`], [`Max`].
///
/// [`reduce`](super::reduce) also needs it to be commutative (it combines elements in any
/// order); the scans only need associativity (they combine in index order).
///
/// ```
/// use amp::prelude::*;
/// use amp::algorithms::{reduce, Sum};
///
/// /// Addition modulo 1000.
/// #[kernel]
/// fn add_mod(a: u32, b: u32) -> u32 {
///     (a + b) % 1000
/// }
///
/// let data = [999u32, 2, 3];
/// let v = ConstArrayView::new(3, &data)?;
/// assert_eq!(reduce(&v, add_mod)?, Some(4));
/// assert_eq!(reduce(&v, Sum)?, Some(1004));
/// # Ok::<(), amp::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a binary operation on `{T}` that kernels can call",
    note = "pass a #[kernel] fn(T, T) -> T item (by name, without calling it), or amp::algorithms::Sum, Min or Max"
)]
pub trait BinaryOp<T: Element>: Copy + 'static {
    /// The marker that builds the operation's IR.
    #[doc(hidden)]
    type Marker: Marker + DeviceFn<(KernelValue<T>, KernelValue<T>), Output = KernelValue<T>>;
    /// The marker.
    #[doc(hidden)]
    fn marker(&self) -> Self::Marker;
    /// Whether the operation is known to be commutative (the built-ins): the scans then
    /// combine each chunk as `reduce` does, in any order, for their first pass.
    #[doc(hidden)]
    const COMMUTATIVE: bool = false;
}

impl<T: Element, F, M> BinaryOp<T> for F
where
    F: Fn(KernelArg, KernelArg) -> M + Copy + 'static,
    M: Marker + DeviceFn<(KernelValue<T>, KernelValue<T>), Output = KernelValue<T>>,
{
    type Marker = M;
    fn marker(&self) -> M {
        M::MARKER
    }
}

/// A function of one `T` to a `U` that kernels can call: a `#[kernel] fn(T) -> U` item. The
/// operation of [`transform`](super::transform), and (with `U = bool`) the predicate of
/// [`copy_if`](super::copy_if).
///
/// ```
/// use amp::prelude::*;
/// use amp::algorithms::transform;
///
/// #[kernel]
/// fn square(x: f32) -> f32 {
///     x * x
/// }
///
/// let data = [1.0f32, 2.0, 3.0];
/// let mut out = [0.0f32; 3];
/// let input = ConstArrayView::new(3, &data)?;
/// let output = ArrayView::new(3, &mut out)?;
/// transform(&input, &output, square)?;
/// assert_eq!(output.to_vec()?, [1.0, 4.0, 9.0]);
/// # Ok::<(), amp::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a function from `{T}` to `{U}` that kernels can call",
    note = "pass a #[kernel] fn(T) -> U item by name, without calling it"
)]
pub trait UnaryOp<T: Element, U: Element>: Copy + 'static {
    /// The marker that builds the function's IR.
    #[doc(hidden)]
    type Marker: Marker + DeviceFn<(KernelValue<T>,), Output = KernelValue<U>>;
    /// The marker.
    #[doc(hidden)]
    fn marker(&self) -> Self::Marker;
}

impl<T: Element, U: Element, F, M> UnaryOp<T, U> for F
where
    F: Fn(KernelArg) -> M + Copy + 'static,
    M: Marker + DeviceFn<(KernelValue<T>,), Output = KernelValue<U>>,
{
    type Marker = M;
    fn marker(&self) -> M {
        M::MARKER
    }
}

/// The built-in operations' device functions. Public only because their markers appear in
/// [`BinaryOp`] implementations; not an API.
#[doc(hidden)]
pub mod builtin {
    use crate::kernel;
    use amp_core::Numeric;

    /// `a + b` (wrapping for integers).
    #[kernel]
    pub fn sum<T: Numeric>(a: T, b: T) -> T {
        a + b
    }

    /// The smaller of `a` and `b`.
    #[kernel]
    pub fn min<T: Numeric>(a: T, b: T) -> T {
        a.min(b)
    }

    /// The larger of `a` and `b`.
    #[kernel]
    pub fn max<T: Numeric>(a: T, b: T) -> T {
        a.max(b)
    }
}

/// Declares a built-in operation: a unit struct whose operation is a function of `builtin`.
macro_rules! builtin_op {
    ($(#[$doc:meta])* $name:ident => $function:ident / $marker:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl<T: Numeric> BinaryOp<T> for $name {
            type Marker = builtin::$marker<T>;
            const COMMUTATIVE: bool = true;
            fn marker(&self) -> builtin::$marker<T> {
                <builtin::$marker<T> as Marker>::MARKER
            }
        }
    };
}

builtin_op!(
    /// Addition: `a + b`. Integer sums wrap, as integer arithmetic does in kernels; `f32` sums
    /// are rounded in an order that depends on the launch shape, so they may differ from a
    /// sequential sum in the last bits.
    Sum => sum / sum
);
builtin_op!(
    /// The minimum: `a.min(b)`. For `f32`, a NaN operand gives what the accelerator's `min`
    /// gives (unspecified).
    Min => min / min
);
builtin_op!(
    /// The maximum: `a.max(b)`. For `f32`, a NaN operand gives what the accelerator's `max`
    /// gives (unspecified).
    Max => max / max
);

/// The [`KernelFunction`] kind of [`Binary`] and [`Unary`] (apart from the kind of `#[kernel]`
/// items, so that the implementations do not overlap).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub enum ByOperation {}

/// A binary operation as kernels call it: `combine(a, b)` in a kernel body.
pub(crate) struct Binary<O, T>(O, PhantomData<fn() -> T>);

/// A unary operation as kernels call it: `map(x)` in a kernel body.
pub(crate) struct Unary<O, T, U>(O, PhantomData<fn() -> (T, U)>);

impl<O: Copy, T> Clone for Binary<O, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<O: Copy, T> Copy for Binary<O, T> {}
impl<O: Copy, T, U> Clone for Unary<O, T, U> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<O: Copy, T, U> Copy for Unary<O, T, U> {}

impl<O, T> Binary<O, T> {
    pub(crate) fn new(op: O) -> Self {
        Binary(op, PhantomData)
    }
}

impl<O, T, U> Unary<O, T, U> {
    pub(crate) fn new(op: O) -> Self {
        Unary(op, PhantomData)
    }
}

impl<T: Element, O: BinaryOp<T>> KernelFunction<ByOperation> for Binary<O, T> {
    type Marker = O::Marker;
}

impl<T: Element, U: Element, O: UnaryOp<T, U>> KernelFunction<ByOperation> for Unary<O, T, U> {
    type Marker = O::Marker;
}

/// `to_word(x)` in a kernel: the bits of a one-word element ([`Element::WORD_CAST`]) as a
/// `u32` (the scan's look-back publishes values as words).
pub(crate) struct ToWord<T>(PhantomData<fn() -> T>);

/// `from_word(w)` in a kernel: the one-word element whose bits are `w`.
pub(crate) struct FromWord<T>(PhantomData<fn() -> T>);

macro_rules! word_cast {
    ($name:ident, $from:ty => $to:ty, $cast:ident, $what:literal) => {
        impl<T> $name<T> {
            pub(crate) fn new() -> Self {
                $name(PhantomData)
            }
        }
        impl<T> Clone for $name<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $name<T> {}
        impl<T: Element> KernelFunction<ByOperation> for $name<T> {
            type Marker = Self;
        }
        impl<T: 'static> Marker for $name<T> {
            const MARKER: Self = $name(PhantomData);
        }
        impl<T: Element> DeviceFn<(KernelValue<$from>,)> for $name<T> {
            type Output = KernelValue<$to>;
            fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<$from>,)) -> Self::Output {
                match T::$cast(b, x.handle()) {
                    Some(h) => KernelValue::from_handle(h),
                    None => {
                        b.error(format!(
                            "`{}` cannot be {} in a kernel (amp's scan checks this before \
                             building)",
                            std::any::type_name::<T>(),
                            $what
                        ));
                        KernelValue::from_handle(x.handle())
                    }
                }
            }
        }
    };
}

word_cast!(ToWord, T => u32, to_word, "taken as one u32 word");
word_cast!(FromWord, u32 => T, from_word, "made from one u32 word");
