//! Glue between the expansion of a kernel body and the builder: reading and assigning names,
//! `if` as an expression, short-circuit logic, `return`. (`for` loops are in
//! [`for_loop`](crate::for_loop).)
//!
//! These are traits so that rustc checks each use against the kernel's types and reports a
//! misuse at the user's tokens.

use crate::builder::{FnResult, KernelBuilder, KernelValue, Var};
use crate::shape::Index;
use crate::tile_static::DeclareMemory;
use crate::types::{Rank, Value};
use crate::value::Read;
use crate::view::View;
use naga::{BinaryOperator, Expression, Statement};

/// Host constants used inside a kernel (`SIZE`, `std::f32::consts::PI`) become literals.
macro_rules! read_scalar {
    ($($t:ty),*) => {$(
        impl Read for $t {
            type Output = KernelValue<$t>;
            fn read(self, b: &mut KernelBuilder) -> KernelValue<$t> {
                b.literal(self)
            }
        }
    )*};
}
read_scalar!(i32, u32, f32, bool, i64, u64, f64, half::f16);

/// A `usize` constant (`const TILE: usize = 256;`, a tile size or array length) reads as a `u32`
/// (kernels have no `usize`): `TILE as i32`, `i < TILE` with `i: u32`.
impl Read for usize {
    type Output = KernelValue<u32>;
    fn read(self, b: &mut KernelBuilder) -> KernelValue<u32> {
        let Ok(value) = u32::try_from(self) else {
            b.error(format!(
                "the usize constant {self} does not fit the kernel's u32 (at most {})",
                u32::MAX
            ));
            return b.literal(u32::MAX);
        };
        b.literal(value)
    }
}

/// A host `const` array read in a kernel (`const W: [f32; 3] = [..];` then `W[i]`) is a local
/// array holding its values.
impl<T: Read<Output = E> + Copy, E: crate::tile_static::ArrayInit, const N: usize> Read for [T; N] {
    type Output = crate::place::Place<[E::Type; N]>;
    fn read(self, b: &mut KernelBuilder) -> Self::Output {
        let init: [E; N] = self.map(|value| value.read(b));
        b.local_array(None, init)
    }
}

#[diagnostic::do_not_recommend]
impl<T, const N: usize, A> Read for View<T, N, A> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// `name = value` inside a kernel.
#[diagnostic::on_unimplemented(
    message = "cannot assign to this kernel value",
    label = "not a mutable local",
    note = "only locals declared with `let mut` (and `mut` parameters) can be assigned; captured values and views are not reassignable"
)]
pub trait Assign<V> {
    /// Stores `value`.
    fn assign(self, b: &mut KernelBuilder, value: V);
}

#[diagnostic::do_not_recommend]
impl<T: Value> Assign<KernelValue<T>> for Var<T> {
    fn assign(self, b: &mut KernelBuilder, value: KernelValue<T>) {
        b.store(self, value)
    }
}

/// The value of an `if`/`else` used as an expression: `()` or a kernel value, carried out of
/// the branches through a local.
pub trait BranchValue: Copy {
    /// The value's type in the kernel language (`()` for none).
    type Value;
    /// Where the branches leave their value.
    type Slot: Copy;
    /// Called with the accept branch's value, inside that branch.
    fn slot(self, b: &mut KernelBuilder) -> Self::Slot;
    /// Called with the reject branch's value (`like` is the accept branch's, for typing).
    fn fill(self, like: Self, slot: Self::Slot, b: &mut KernelBuilder);
    /// The value after the `if`.
    fn finish(like: Self, slot: Self::Slot, b: &mut KernelBuilder) -> Self;
    /// The value's expression, if it has one.
    fn expression(self) -> Option<naga::Handle<Expression>>;
    /// A value of this type with the expression of one of the same kernel type.
    fn with_expression(expression: Option<naga::Handle<Expression>>, b: &mut KernelBuilder)
        -> Self;
}

/// The two branches of an `if` (or the arms of a `match`) used as a value have one type.
#[diagnostic::on_unimplemented(
    message = "`if` and `else` have different types: `{T}` and `{Self}`",
    label = "expected `{T}`, found `{Self}`",
    note = "every branch of an `if` or arm of a `match` used as a value has the same type: kernels do not convert implicitly, convert with `as {T}`"
)]
pub trait SameBranch<T> {}
impl<T> SameBranch<T> for T {}

/// The reject branch's value `value`, checked to have the accept branch's type (that of
/// `like`); a mismatch is an error at `value` naming both types.
pub fn else_value<A: BranchValue, B: BranchValue>(like: A, value: B) -> crate::ops::Checked<A, B>
where
    B::Value: SameBranch<A::Value>,
{
    let _ = like;
    crate::ops::Checked::new(value, |b, value| A::with_expression(value.expression(), b))
}

impl BranchValue for () {
    type Value = ();
    type Slot = ();
    fn slot(self, _: &mut KernelBuilder) {}
    fn fill(self, _: (), _: (), _: &mut KernelBuilder) {}
    fn finish(_: (), _: (), _: &mut KernelBuilder) {}
    fn expression(self) -> Option<naga::Handle<Expression>> {
        None
    }
    fn with_expression(_: Option<naga::Handle<Expression>>, _: &mut KernelBuilder) {}
}

impl<T: Value> BranchValue for KernelValue<T> {
    type Value = T;
    type Slot = Var<T>;
    fn slot(self, b: &mut KernelBuilder) -> Var<T> {
        let slot = b.var_uninit::<T>(None);
        b.store(slot, self);
        slot
    }
    fn fill(self, _: Self, slot: Var<T>, b: &mut KernelBuilder) {
        b.store(slot, self)
    }
    fn finish(_: Self, slot: Var<T>, b: &mut KernelBuilder) -> Self {
        b.load(slot)
    }
    fn expression(self) -> Option<naga::Handle<Expression>> {
        Some(self.handle())
    }
    fn with_expression(
        expression: Option<naga::Handle<Expression>>,
        b: &mut KernelBuilder,
    ) -> Self {
        // `else_value` pairs values of one kernel type, so the expression is always there.
        expression.map_or_else(|| b.zero(), KernelValue::from_handle)
    }
}

/// The value of a block that ends in `return`, `break` or `continue`: never used, so any
/// placeholder of the expected type does.
pub trait Diverge {
    /// A placeholder.
    fn diverge(b: &mut KernelBuilder) -> Self;
}

impl Diverge for () {
    fn diverge(_: &mut KernelBuilder) {}
}

impl<T: Value> Diverge for KernelValue<T> {
    fn diverge(b: &mut KernelBuilder) -> Self {
        b.zero()
    }
}

impl KernelBuilder {
    /// Starts `lhs && rhs` (`and`) or `lhs || rhs`: `rhs` is evaluated only when needed.
    /// Lower `rhs` after this call, then call [`end_logic`](Self::end_logic).
    pub fn begin_logic(&mut self, lhs: KernelValue<bool>, and: bool) -> Var<bool> {
        let result = self.var(None, lhs);
        self.begin_if(lhs);
        if !and {
            self.begin_else();
        }
        result
    }

    /// Finishes a short-circuit operation started by [`begin_logic`](Self::begin_logic).
    pub fn end_logic(&mut self, result: Var<bool>, rhs: KernelValue<bool>) -> KernelValue<bool> {
        self.store(result, rhs);
        self.end_if();
        self.load(result)
    }

    /// `return value` from the function being built.
    pub fn ret_with<R: FnResult>(&mut self, value: R) {
        let value = value.handle(self);
        self.push(Statement::Return { value });
    }
}

/// The methods of extents and tiled extents in kernels: `e.contains(idx)`, `e.size()`. A trait,
/// which every kernel's expansion brings into scope, rather than inherent methods, so that
/// rustc's notes about them name a public path.
pub trait ExtentMethods<const N: usize>: Sized {
    /// Whether `idx` (an `Index<N>`, a `TiledIndex<N>`'s global index, or an integer for rank
    /// 1) lies inside the extent (C++ AMP `extent::contains`).
    fn contains(
        self,
        b: &mut KernelBuilder,
        idx: impl crate::atomic::ElementIndex<N>,
    ) -> KernelValue<bool>;

    /// The number of points (C++ AMP `extent::size`, an `unsigned int`), as `u32`: the product
    /// of the components, zero when any component is zero or negative, and `u32::MAX` when the
    /// product does not fit in a `u32` (it saturates, never wraps). This is the host's
    /// [`Extent::size`](crate::shape::Extent::size) clamped to `u32::MAX`: a kernel and the host
    /// agree on every extent whose size fits.
    fn size(self, b: &mut KernelBuilder) -> KernelValue<u32>;
}

impl<const N: usize> ExtentMethods<N> for KernelValue<crate::shape::Extent<N>>
where
    crate::shape::Extent<N>: Value + Rank,
    Index<N>: Value + Rank,
{
    fn contains(
        self,
        b: &mut KernelBuilder,
        idx: impl crate::atomic::ElementIndex<N>,
    ) -> KernelValue<bool> {
        let idx = idx.index(b);
        let mut inside: Option<naga::Handle<Expression>> = None;
        for k in 0..N {
            let (e, i) = if N == 1 {
                (self.handle(), idx.handle())
            } else {
                let e = b.append(Expression::AccessIndex {
                    base: self.handle(),
                    index: k as u32,
                });
                let i = b.append(Expression::AccessIndex {
                    base: idx.handle(),
                    index: k as u32,
                });
                (e, i)
            };
            let zero = b.append(Expression::Literal(naga::Literal::I32(0)));
            let low = b.binary(BinaryOperator::GreaterEqual, i, zero);
            let high = b.binary(BinaryOperator::Less, i, e);
            let both = b.binary(BinaryOperator::LogicalAnd, low, high);
            inside = Some(match inside {
                None => both,
                Some(acc) => b.binary(BinaryOperator::LogicalAnd, acc, both),
            });
        }
        KernelValue::from_handle(
            inside.unwrap_or_else(|| b.append(Expression::Literal(naga::Literal::Bool(true)))),
        )
    }

    fn size(self, b: &mut KernelBuilder) -> KernelValue<u32> {
        let lit_u32 =
            |b: &mut KernelBuilder, v| b.append(Expression::Literal(naga::Literal::U32(v)));
        let max = |b: &mut KernelBuilder, arg, arg1| {
            b.append(Expression::Math {
                fun: naga::MathFunction::Max,
                arg,
                arg1: Some(arg1),
                arg2: None,
                arg3: None,
            })
        };
        let mut size: Option<naga::Handle<Expression>> = None;
        for k in 0..N {
            let e = if N == 1 {
                self.handle()
            } else {
                b.append(Expression::AccessIndex {
                    base: self.handle(),
                    index: k as u32,
                })
            };
            // A non-positive component makes the size zero (its bits as u32 would be huge).
            let zero = b.append(Expression::Literal(naga::Literal::I32(0)));
            let e = max(b, e, zero);
            let e = b.append(Expression::As {
                expr: e,
                kind: naga::ScalarKind::Uint,
                convert: None,
            });
            size = Some(match size {
                None => e,
                Some(acc) => {
                    // Saturating `acc * e`: it overflows exactly when `acc > u32::MAX / e`
                    // (`e` ≥ 1; for `e` = 0 the test is false and the product 0, so a zero
                    // component wins over an earlier saturation, as on the host).
                    let one = lit_u32(b, 1);
                    let divisor = max(b, e, one);
                    let all = lit_u32(b, u32::MAX);
                    let limit = b.binary(BinaryOperator::Divide, all, divisor);
                    let overflows = b.binary(BinaryOperator::Greater, acc, limit);
                    let product = b.binary(BinaryOperator::Multiply, acc, e);
                    b.append(Expression::Select {
                        condition: overflows,
                        accept: all,
                        reject: product,
                    })
                }
            });
        }
        KernelValue::from_handle(size.unwrap_or_else(|| lit_u32(b, 1)))
    }
}

/// The final value of a `#[kernel] fn` without a result: nothing.
#[diagnostic::on_unimplemented(
    message = "this #[kernel] fn returns nothing, but its final expression has a value",
    label = "a value of type `{Self}`",
    note = "end the expression with `;`, or declare the function's result type (`-> i32`)"
)]
pub trait NoValue {}
impl NoValue for () {}
// A second implementation, so that rustc takes the checked value's type from the value rather
// than from the only implementation.
impl NoValue for std::convert::Infallible {}

/// Checks that `value` is no value (the final expression of a function without a result).
pub fn no_value<V: NoValue>(value: V) {
    let _ = value;
}
