//! Atomic operations on elements of read-write views (C++ AMP's `atomic_fetch_add` & co.), as
//! methods: `hist.atomic_fetch_add(bin, 1u32)` returns the element's previous value. tile_static
//! memory has the same methods, defined once by the `atomic_methods!` macro below.
//!
//! naga needs an array of atomics for these, but a view is declared before the kernel body
//! shows whether it is used atomically: its first atomic use retypes the view's array to hold
//! atomics. Plain reads and writes of it, before or after, are then atomic loads and stores.

use crate::builder::{Check, KernelBuilder, KernelValue};
use crate::shape::{Extent, Index};
use crate::tile::TiledIndex;
use crate::types::{Element, Integer, Rank, Scalar, Value};
use crate::view::{IndexInt, ReadWrite, View};
use naga::{AtomicFunction, Expression};

/// What indexes a view element in an atomic operation (or a point `contains` tests): an
/// `Index<N>`, a `TiledIndex<N>`, or an `i32`/`u32` for rank 1.
#[diagnostic::on_unimplemented(
    message = "this is not an index of rank {N}",
    label = "expected an `Index<{N}>`",
    note = "an index of rank {N} is an `Index<{N}>` or a `TiledIndex<{N}>` (for rank 1, also an i32 or u32)"
)]
pub trait ElementIndex<const N: usize> {
    /// The index.
    fn index(self, b: &mut KernelBuilder) -> KernelValue<Index<N>>;
}

impl<const N: usize> ElementIndex<N> for KernelValue<Index<N>> {
    fn index(self, _: &mut KernelBuilder) -> KernelValue<Index<N>> {
        self
    }
}

impl<const N: usize> ElementIndex<N> for TiledIndex<N> {
    fn index(self, _: &mut KernelBuilder) -> KernelValue<Index<N>> {
        self.global
    }
}

impl<I: IndexInt> ElementIndex<1> for KernelValue<I> {
    fn index(self, b: &mut KernelBuilder) -> KernelValue<Index<1>> {
        if I::SCALAR.kind == naga::ScalarKind::Sint {
            return KernelValue::from_handle(self.handle());
        }
        KernelValue::from_handle(b.append(Expression::As {
            expr: self.handle(),
            kind: naga::ScalarKind::Sint,
            convert: None,
        }))
    }
}

/// The outcome of [`ViewAtomics::atomic_compare_exchange`]: whether the exchange happened, and the
/// value the element held.
#[derive(Clone, Copy, Debug)]
pub struct Exchange<T> {
    /// The element held `expected` and now holds the new value.
    pub exchanged: KernelValue<bool>,
    /// The element's value before the operation.
    pub old: KernelValue<T>,
}

#[diagnostic::do_not_recommend]
impl<T: 'static> crate::value::Read for Exchange<T> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// 32-bit integers: the element types atomics work on everywhere.
#[diagnostic::on_unimplemented(
    message = "atomic operations work on i32 and u32, not on `{Self}`",
    note = "declare the view or tile_static variable as i32 or u32 (views of f32 have atomic_fetch_add and atomic_exchange where the accelerator supports float atomics)"
)]
pub trait AtomicInt: Integer {}
impl AtomicInt for i32 {}
impl AtomicInt for u32 {}

/// C++ AMP's atomic operations as methods of a place holding atomics: a view (`v.atomic_x(idx,
/// ...)`), a tile_static array (`t.atomic_x(i, ...)`) or a scalar tile_static variable
/// (`count.atomic_x(...)`). One definition for all of them: each receiver says how it reaches
/// the element, as `|this, b, indices| -> (pointer, check)`, and the operations are the same
/// naga atomic statements through [`atomic_at`] and [`compare_exchange_at`].
macro_rules! atomic_methods {
    (
        $t:ty, |$this:ident, $b:ident $(, $idx:ident: $idx_ty:ty)*| $element:expr,
        where { $($bounds:tt)* }
    ) => {
        // The receiver is one token tree from here on, so that it can repeat with the list.
        $crate::atomic::atomic_methods! {
            @ops [$t, |$this, $b $(, $idx: $idx_ty)*| $element, where { $($bounds)* }]
            #[doc = "Adds `value` to the element; returns its previous value."]
            atomic_fetch_add => ::naga::AtomicFunction::Add;
            #[doc = "Subtracts `value` from the element; returns its previous value."]
            atomic_fetch_sub => ::naga::AtomicFunction::Subtract;
            #[doc = "Stores the larger of the element and `value`; returns the previous value."]
            atomic_fetch_max => ::naga::AtomicFunction::Max;
            #[doc = "Stores the smaller of the element and `value`; returns the previous value."]
            atomic_fetch_min => ::naga::AtomicFunction::Min;
            #[doc = "Bitwise-ands `value` into the element; returns its previous value."]
            atomic_fetch_and => ::naga::AtomicFunction::And;
            #[doc = "Bitwise-ors `value` into the element; returns its previous value."]
            atomic_fetch_or => ::naga::AtomicFunction::InclusiveOr;
            #[doc = "Bitwise-xors `value` into the element; returns its previous value."]
            atomic_fetch_xor => ::naga::AtomicFunction::ExclusiveOr;
            #[doc = "Stores `value`; returns the previous value."]
            atomic_exchange => ::naga::AtomicFunction::Exchange { compare: None };
        }

        /// Adds one; returns the previous value (C++ AMP `atomic_fetch_inc`).
        pub fn atomic_fetch_inc(
            self,
            $b: &mut $crate::builder::KernelBuilder
            $(, $idx: $idx_ty)*
        ) -> $crate::builder::KernelValue<$t>
        where
            $($bounds)*
        {
            let $this = self;
            let element = $element;
            let one = $crate::atomic::one::<$t>($b);
            $crate::atomic::atomic_at($b, element, ::naga::AtomicFunction::Add, one)
        }

        /// Subtracts one; returns the previous value (C++ AMP `atomic_fetch_dec`).
        pub fn atomic_fetch_dec(
            self,
            $b: &mut $crate::builder::KernelBuilder
            $(, $idx: $idx_ty)*
        ) -> $crate::builder::KernelValue<$t>
        where
            $($bounds)*
        {
            let $this = self;
            let element = $element;
            let one = $crate::atomic::one::<$t>($b);
            $crate::atomic::atomic_at($b, element, ::naga::AtomicFunction::Subtract, one)
        }

        /// Stores `desired` if the element holds `expected` (C++ AMP `atomic_compare_exchange`);
        /// returns whether it did and the value the element held.
        pub fn atomic_compare_exchange(
            self,
            $b: &mut $crate::builder::KernelBuilder
            $(, $idx: $idx_ty)*,
            expected: $crate::builder::KernelValue<$t>,
            desired: $crate::builder::KernelValue<$t>,
        ) -> $crate::atomic::Exchange<$t>
        where
            $($bounds)*
        {
            let $this = self;
            let element = $element;
            $crate::atomic::compare_exchange_at($b, element, expected, desired)
        }
    };
    (@ops $receiver:tt $( #[doc = $doc:literal] $name:ident => $fun:expr; )*) => {$(
        $crate::atomic::atomic_methods! { @op $receiver #[doc = $doc] $name => $fun }
    )*};
    (
        @op [$t:ty, |$this:ident, $b:ident $(, $idx:ident: $idx_ty:ty)*| $element:expr,
        where { $($bounds:tt)* }]
        #[doc = $doc:literal]
        $name:ident => $fun:expr
    ) => {
        #[doc = $doc]
        pub fn $name(
            self,
            $b: &mut $crate::builder::KernelBuilder
            $(, $idx: $idx_ty)*,
            value: $crate::builder::KernelValue<$t>,
        ) -> $crate::builder::KernelValue<$t>
        where
            $($bounds)*
        {
            let $this = self;
            let element = $element;
            $crate::atomic::atomic_at($b, element, $fun, value)
        }
    };
}
pub(crate) use atomic_methods;

/// The element types of atomic add and exchange on views: `i32`, `u32`, and `f32` where the
/// accelerator has float atomics (`Error::UnsupportedFeature` at launch otherwise).
#[diagnostic::on_unimplemented(
    message = "atomic add and exchange work on i32, u32 and f32, not on `{Self}`",
    note = "declare the view as i32, u32 or f32"
)]
pub trait AtomicAdd: Scalar {}
impl AtomicAdd for i32 {}
impl AtomicAdd for u32 {}
impl AtomicAdd for f32 {}

/// Declares [`ViewAtomics`] with its read-modify-write operations.
macro_rules! view_atomics {
    (
        with_value { $($(#[$doc:meta])* $name:ident where $bound:ident => $fun:expr;)* }
        by_one { $($(#[$one_doc:meta])* $one:ident where $one_bound:ident => $one_fun:expr;)* }
    ) => {
        /// C++ AMP's atomic operations on the elements of a read-write view:
        /// `hist.atomic_fetch_add(bin, 1u32)` returns the element's previous value. The index is
        /// an `Index<N>`, a `TiledIndex<N>`, or an `i32`/`u32` for rank 1. A trait, which every
        /// kernel's expansion brings into scope, rather than inherent methods, so that rustc's
        /// notes about them name a public path.
        pub trait ViewAtomics<T, const N: usize>: Sized {
            $(
                $(#[$doc])*
                fn $name(
                    self,
                    b: &mut KernelBuilder,
                    idx: impl ElementIndex<N>,
                    value: KernelValue<T>,
                ) -> KernelValue<T>
                where
                    T: $bound;
            )*

            $(
                $(#[$one_doc])*
                fn $one(
                    self,
                    b: &mut KernelBuilder,
                    idx: impl ElementIndex<N>,
                ) -> KernelValue<T>
                where
                    T: $one_bound;
            )*

            /// Stores `desired` if the element holds `expected` (C++ AMP
            /// `atomic_compare_exchange`); returns whether it did and the value the element held.
            fn atomic_compare_exchange(
                self,
                b: &mut KernelBuilder,
                idx: impl ElementIndex<N>,
                expected: KernelValue<T>,
                desired: KernelValue<T>,
            ) -> Exchange<T>
            where
                T: AtomicInt;
        }

        impl<T: Element, const N: usize> ViewAtomics<T, N> for View<T, N, ReadWrite>
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            $(
                fn $name(
                    self,
                    b: &mut KernelBuilder,
                    idx: impl ElementIndex<N>,
                    value: KernelValue<T>,
                ) -> KernelValue<T>
                where
                    T: $bound,
                {
                    let idx = idx.index(b);
                    let element = self.atomic_element(b, idx);
                    atomic_at(b, element, $fun, value)
                }
            )*

            $(
                fn $one(
                    self,
                    b: &mut KernelBuilder,
                    idx: impl ElementIndex<N>,
                ) -> KernelValue<T>
                where
                    T: $one_bound,
                {
                    let idx = idx.index(b);
                    let element = self.atomic_element(b, idx);
                    let one = one::<T>(b);
                    atomic_at(b, element, $one_fun, one)
                }
            )*

            fn atomic_compare_exchange(
                self,
                b: &mut KernelBuilder,
                idx: impl ElementIndex<N>,
                expected: KernelValue<T>,
                desired: KernelValue<T>,
            ) -> Exchange<T>
            where
                T: AtomicInt,
            {
                let idx = idx.index(b);
                let element = self.atomic_element(b, idx);
                compare_exchange_at(b, element, expected, desired)
            }
        }
    };
}
view_atomics! {
    with_value {
        /// Adds `value` to the element; returns its previous value.
        atomic_fetch_add where AtomicAdd => AtomicFunction::Add;
        /// Subtracts `value` from the element; returns its previous value.
        atomic_fetch_sub where AtomicInt => AtomicFunction::Subtract;
        /// Stores the larger of the element and `value`; returns the previous value.
        atomic_fetch_max where AtomicInt => AtomicFunction::Max;
        /// Stores the smaller of the element and `value`; returns the previous value.
        atomic_fetch_min where AtomicInt => AtomicFunction::Min;
        /// Bitwise-ands `value` into the element; returns its previous value.
        atomic_fetch_and where AtomicInt => AtomicFunction::And;
        /// Bitwise-ors `value` into the element; returns its previous value.
        atomic_fetch_or where AtomicInt => AtomicFunction::InclusiveOr;
        /// Bitwise-xors `value` into the element; returns its previous value.
        atomic_fetch_xor where AtomicInt => AtomicFunction::ExclusiveOr;
        /// Stores `value`; returns the previous value.
        atomic_exchange where AtomicAdd => AtomicFunction::Exchange { compare: None };
    }
    by_one {
        /// Adds one; returns the previous value (C++ AMP `atomic_fetch_inc`).
        atomic_fetch_inc where AtomicInt => AtomicFunction::Add;
        /// Subtracts one; returns the previous value (C++ AMP `atomic_fetch_dec`).
        atomic_fetch_dec where AtomicInt => AtomicFunction::Subtract;
    }
}

/// A place atomics work on: views and tile_static memory. Kernel values and locals are not
/// places shared between threads; their `atomic_*` methods exist only so that calling one is a
/// compile error that says what to do instead.
#[diagnostic::on_unimplemented(
    message = "atomic operations work on views and tile_static memory, not on a kernel value or local",
    label = "this is a value of one thread",
    note = "call the operation on the view or tile_static variable itself, with the element's index: `v.atomic_fetch_add(idx, x)`, `local.atomic_fetch_add(i, x)`, `count.atomic_fetch_add(x)`"
)]
pub trait AtomicPlace {
    /// Never called: no kernel value is an atomic place.
    #[doc(hidden)]
    fn never(self) -> std::convert::Infallible;
}

/// Declares [`ValueAtomics`] with the given methods.
macro_rules! value_atomics {
    ($($name:ident ($($arg:ident),*);)*) => {
        /// The `atomic_*` methods of kernel values and locals, which are not places shared
        /// between threads: each requires the receiver to be an [`AtomicPlace`], which none is,
        /// so calling one is that trait's error. A trait (which kernels' expansions bring into
        /// scope) rather than inherent methods, so that rustc's note names a public path.
        pub trait ValueAtomics<T>: Sized {
            $(
                #[doc(hidden)]
                #[allow(unreachable_code)]
                fn $name(self, _: &mut KernelBuilder $(, $arg: KernelValue<T>)*) -> KernelValue<T>
                where
                    Self: AtomicPlace,
                {
                    $(let _ = $arg;)*
                    match AtomicPlace::never(self) {}
                }
            )*
        }
    };
}
value_atomics! {
    atomic_fetch_add(value);
    atomic_fetch_sub(value);
    atomic_fetch_max(value);
    atomic_fetch_min(value);
    atomic_fetch_and(value);
    atomic_fetch_or(value);
    atomic_fetch_xor(value);
    atomic_exchange(value);
    atomic_fetch_inc();
    atomic_fetch_dec();
    atomic_compare_exchange(expected, desired);
}
impl<T: Scalar> ValueAtomics<T> for KernelValue<T> {}
impl<T: Scalar> ValueAtomics<T> for crate::builder::Var<T> {}

/// Emits an atomic read-modify-write of the element at `pointer`; returns its previous value.
pub(crate) fn atomic_at<T: Scalar>(
    b: &mut KernelBuilder,
    (element, check): (impl Into<crate::builder::Entries>, Option<Check>),
    fun: AtomicFunction,
    value: KernelValue<T>,
) -> KernelValue<T> {
    let element = (element.into(), check);
    KernelValue::from_handle(b.atomic(element, fun, value.handle(), T::SCALAR))
}

/// Emits an atomic compare-exchange of the element at `pointer`.
pub(crate) fn compare_exchange_at<T: Scalar>(
    b: &mut KernelBuilder,
    (element, check): (impl Into<crate::builder::Entries>, Option<Check>),
    expected: KernelValue<T>,
    desired: KernelValue<T>,
) -> Exchange<T> {
    let element = (element.into(), check);
    let (old, exchanged) =
        b.compare_exchange(element, expected.handle(), desired.handle(), T::SCALAR);
    Exchange {
        exchanged: KernelValue::from_handle(exchanged),
        old: KernelValue::from_handle(old),
    }
}

/// The literal one of an atomic integer type.
pub(crate) fn one<T: Scalar>(b: &mut KernelBuilder) -> KernelValue<T> {
    let literal = match T::SCALAR.kind {
        naga::ScalarKind::Uint => naga::Literal::U32(1),
        _ => naga::Literal::I32(1),
    };
    KernelValue::from_handle(b.append(Expression::Literal(literal)))
}
