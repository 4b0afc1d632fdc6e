//! Atomic operations on elements of read-write views (C++ AMP's `atomic_fetch_add` & co.), as
//! methods: `hist.atomic_fetch_add(bin, 1u32)` returns the element's previous value.
//!
//! naga needs an array of atomics for these, but a view is declared before the kernel body
//! shows whether it is used atomically: its first atomic use retypes the view's array to hold
//! atomics. Plain reads and writes of it, before or after, are then atomic loads and stores.

use crate::builder::{Check, Expr, KernelBuilder};
use crate::shape::{Extent, Index};
use crate::tile::TiledIndex;
use crate::types::{Integer, Rank, Scalar, Value};
use crate::view::{IndexInt, ReadWrite, View};
use naga::{AtomicFunction, Expression, Statement};

/// What indexes a view element in an atomic operation: an `Index<N>`, a `TiledIndex<N>`, or an
/// `i32`/`u32` for rank 1.
pub trait ElementIndex<const N: usize> {
    /// The index.
    fn index(self, b: &mut KernelBuilder) -> Expr<Index<N>>;
}

impl<const N: usize> ElementIndex<N> for Expr<Index<N>> {
    fn index(self, _: &mut KernelBuilder) -> Expr<Index<N>> {
        self
    }
}

impl<const N: usize> ElementIndex<N> for TiledIndex<N> {
    fn index(self, _: &mut KernelBuilder) -> Expr<Index<N>> {
        self.global
    }
}

impl<I: IndexInt> ElementIndex<1> for Expr<I> {
    fn index(self, b: &mut KernelBuilder) -> Expr<Index<1>> {
        if I::SCALAR.kind == naga::ScalarKind::Sint {
            return Expr::from_handle(self.handle());
        }
        Expr::from_handle(b.append(Expression::As {
            expr: self.handle(),
            kind: naga::ScalarKind::Sint,
            convert: None,
        }))
    }
}

/// The outcome of [`View::atomic_compare_exchange`]: whether the exchange happened, and the
/// value the element held.
#[derive(Clone, Copy, Debug)]
pub struct Exchange<T> {
    /// The element held `expected` and now holds the new value.
    pub exchanged: Expr<bool>,
    /// The element's value before the operation.
    pub old: Expr<T>,
}

impl<T: 'static> crate::builder::Read for Exchange<T> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// 32-bit integers: the element types atomics work on everywhere.
pub trait AtomicInt: Integer {}
impl AtomicInt for i32 {}
impl AtomicInt for u32 {}

/// `view.atomic_x(idx, value)` methods, one per naga atomic function.
macro_rules! atomic_methods {
    ($( $(#[$doc:meta])* $name:ident => $fun:expr; )*) => {$(
        $(#[$doc])*
        pub fn $name(
            self,
            b: &mut KernelBuilder,
            idx: impl ElementIndex<N>,
            value: Expr<T>,
        ) -> Expr<T> {
            self.atomic(b, idx, $fun, value)
        }
    )*};
}

impl<T: AtomicInt, const N: usize> View<T, N, ReadWrite>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    fn atomic(
        self,
        b: &mut KernelBuilder,
        idx: impl ElementIndex<N>,
        fun: AtomicFunction,
        value: Expr<T>,
    ) -> Expr<T> {
        let idx = idx.index(b);
        let pointer = self.atomic_element(b, idx);
        atomic_at(b, pointer, fun, value)
    }

    atomic_methods! {
        /// Adds `value` to the element; returns its previous value.
        atomic_fetch_add => AtomicFunction::Add;
        /// Subtracts `value` from the element; returns its previous value.
        atomic_fetch_sub => AtomicFunction::Subtract;
        /// Stores the larger of the element and `value`; returns the previous value.
        atomic_fetch_max => AtomicFunction::Max;
        /// Stores the smaller of the element and `value`; returns the previous value.
        atomic_fetch_min => AtomicFunction::Min;
        /// Bitwise-ands `value` into the element; returns the previous value.
        atomic_fetch_and => AtomicFunction::And;
        /// Bitwise-ors `value` into the element; returns the previous value.
        atomic_fetch_or => AtomicFunction::InclusiveOr;
        /// Bitwise-xors `value` into the element; returns the previous value.
        atomic_fetch_xor => AtomicFunction::ExclusiveOr;
        /// Stores `value`; returns the previous value.
        atomic_exchange => AtomicFunction::Exchange { compare: None };
    }

    /// Adds one; returns the previous value (C++ AMP `atomic_fetch_inc`).
    pub fn atomic_fetch_inc(self, b: &mut KernelBuilder, idx: impl ElementIndex<N>) -> Expr<T> {
        let one = one::<T>(b);
        self.atomic(b, idx, AtomicFunction::Add, one)
    }

    /// Subtracts one; returns the previous value (C++ AMP `atomic_fetch_dec`).
    pub fn atomic_fetch_dec(self, b: &mut KernelBuilder, idx: impl ElementIndex<N>) -> Expr<T> {
        let one = one::<T>(b);
        self.atomic(b, idx, AtomicFunction::Subtract, one)
    }

    /// Stores `desired` if the element holds `expected` (C++ AMP `atomic_compare_exchange`);
    /// returns whether it did and the value the element held.
    pub fn atomic_compare_exchange(
        self,
        b: &mut KernelBuilder,
        idx: impl ElementIndex<N>,
        expected: Expr<T>,
        desired: Expr<T>,
    ) -> Exchange<T> {
        let idx = idx.index(b);
        let (pointer, check) = self.atomic_element(b, idx);
        let ty = b.module.generate_predeclared_type(
            naga::PredeclaredType::AtomicCompareExchangeWeakResult(T::SCALAR),
        );
        let result = b.checked_result(check, ty, |b| {
            let result = b.append(Expression::AtomicResult {
                ty,
                comparison: true,
            });
            b.push(Statement::Atomic {
                pointer,
                fun: AtomicFunction::Exchange {
                    compare: Some(expected.handle()),
                },
                value: desired.handle(),
                result: Some(result),
            });
            result
        });
        let old = b.append(Expression::AccessIndex {
            base: result,
            index: 0,
        });
        let exchanged = b.append(Expression::AccessIndex {
            base: result,
            index: 1,
        });
        Exchange {
            exchanged: Expr::from_handle(exchanged),
            old: Expr::from_handle(old),
        }
    }
}

/// Atomic add and exchange on `f32` elements, where the accelerator has float atomics
/// (`Error::UnsupportedFeature` at launch otherwise).
impl<const N: usize> View<f32, N, ReadWrite>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    /// Adds `value` to the element; returns its previous value.
    pub fn atomic_fetch_add(
        self,
        b: &mut KernelBuilder,
        idx: impl ElementIndex<N>,
        value: Expr<f32>,
    ) -> Expr<f32> {
        let idx = idx.index(b);
        let pointer = self.atomic_element(b, idx);
        atomic_at(b, pointer, AtomicFunction::Add, value)
    }

    /// Stores `value`; returns the previous value.
    pub fn atomic_exchange(
        self,
        b: &mut KernelBuilder,
        idx: impl ElementIndex<N>,
        value: Expr<f32>,
    ) -> Expr<f32> {
        let idx = idx.index(b);
        let pointer = self.atomic_element(b, idx);
        atomic_at(
            b,
            pointer,
            AtomicFunction::Exchange { compare: None },
            value,
        )
    }
}

/// Emits an atomic read-modify-write of the element at `pointer`; returns its previous value.
pub(crate) fn atomic_at<T: Scalar>(
    b: &mut KernelBuilder,
    (pointer, check): (naga::Handle<Expression>, Option<Check>),
    fun: AtomicFunction,
    value: Expr<T>,
) -> Expr<T> {
    let ty = b.intern_type(naga::TypeInner::Scalar(T::SCALAR));
    Expr::from_handle(b.checked_result(check, ty, |b| {
        let result = b.append(Expression::AtomicResult {
            ty,
            comparison: false,
        });
        b.push(Statement::Atomic {
            pointer,
            fun,
            value: value.handle(),
            result: Some(result),
        });
        result
    }))
}

fn one<T: Scalar>(b: &mut KernelBuilder) -> Expr<T> {
    let literal = match T::SCALAR.kind {
        naga::ScalarKind::Uint => naga::Literal::U32(1),
        _ => naga::Literal::I32(1),
    };
    Expr::from_handle(b.append(Expression::Literal(literal)))
}
