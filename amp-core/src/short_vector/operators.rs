//! The operators of short vectors in kernels, component-wise: arithmetic (`+ - * / %`, unary
//! `-`) and, on integer vectors, the bit operators (`& | ^ !`, `<< >>`). Each binary operator
//! takes a vector or a scalar of the component type on the right, as for scalars; a scalar is
//! splatted to every component ([`vector_operator!`] writes both forms of each). A shift takes
//! each amount modulo the component's width.

use super::{size, Component, Vector};
use crate::builder::{KernelBuilder, KernelValue};
use crate::ops::{ArithOp, Arithmetic, BitOp, BitOps, Negate, Not, ShiftOp, ShiftOps};
use crate::types::{Integer, Signed, Value};
use naga::{Expression, Handle};

/// `value` (a scalar) in every component of an `N`-component vector.
fn splat<const N: usize>(b: &mut KernelBuilder, value: Handle<Expression>) -> Handle<Expression> {
    b.append(Expression::Splat {
        size: size(N),
        value,
    })
}

/// Implements operator trait `$trait` (whose `apply` takes an operator of type `$op`) for
/// `Vector<T, N>` with `T` bounded by `$bound`, twice: with a vector on the right
/// (component-wise) and with a scalar `T` (splatted to every component first). Both build
/// through `$build::<T, N>(b, op, l, r)` on two vectors.
macro_rules! vector_operator {
    (
        $(#[$attr:meta])*
        $trait:ident<$op:ty> for Vector<T: $($bound:path)|+>
        $(, type Output = $output:ty)? => $build:ident
    ) => {
        /// Component-wise.
        $(#[$attr])*
        impl<T: $($bound +)+, const N: usize> $trait<Vector<T, N>> for Vector<T, N>
        where
            Vector<T, N>: Value,
        {
            $(type Output = $output;)?
            fn apply(
                b: &mut KernelBuilder,
                op: $op,
                l: Handle<Expression>,
                r: Handle<Expression>,
            ) -> Handle<Expression> {
                $build::<T, N>(b, op, l, r)
            }
        }

        /// With a scalar: applied to every component.
        $(#[$attr])*
        impl<T: $($bound +)+, const N: usize> $trait<T> for Vector<T, N>
        where
            Vector<T, N>: Value,
        {
            $(type Output = $output;)?
            fn apply(
                b: &mut KernelBuilder,
                op: $op,
                l: Handle<Expression>,
                r: Handle<Expression>,
            ) -> Handle<Expression> {
                let r = splat::<N>(b, r);
                $build::<T, N>(b, op, l, r)
            }
        }
    };
}

/// `l op r` on two vectors of `N` components `T`: the operator itself, except a float `%`,
/// which is Rust's exact remainder of each pair of components; then [`Norm`](crate::norm::Norm)
/// and [`Unorm`](crate::norm::Unorm) components are clamped to their range.
fn arithmetic<T: Component, const N: usize>(
    b: &mut KernelBuilder,
    op: ArithOp,
    l: Handle<Expression>,
    r: Handle<Expression>,
) -> Handle<Expression>
where
    Vector<T, N>: Value,
{
    let value =
        if op != ArithOp::Rem || T::SCALAR.kind != naga::ScalarKind::Float || T::RANGE.is_some() {
            b.binary(op.naga_op(), l, r)
        } else {
            let components = (0..N as u32)
                .map(|index| {
                    let x = b.append(Expression::AccessIndex { base: l, index });
                    let y = b.append(Expression::AccessIndex { base: r, index });
                    crate::math::remainder::fmod(b, x, y, T::SCALAR)
                })
                .collect();
            let ty = <Vector<T, N> as Value>::naga_type(b);
            b.append(Expression::Compose { ty, components })
        };
    crate::norm::arithmetic_result::<T>(b, op, value, Some(size(N)))
}

vector_operator!(Arithmetic<ArithOp> for Vector<T: Component>, type Output = Self => arithmetic);

/// `l op r` on two integer vectors of `N` components `T`.
fn bitwise<T: Component, const N: usize>(
    b: &mut KernelBuilder,
    op: BitOp,
    l: Handle<Expression>,
    r: Handle<Expression>,
) -> Handle<Expression> {
    b.binary(op.naga_op(T::SCALAR.kind), l, r)
}

vector_operator!(
    #[diagnostic::do_not_recommend]
    BitOps<BitOp> for Vector<T: Component | Integer> => bitwise
);

/// `l << r` or `l >> r` on an integer vector: `r` a vector of `N` amounts (of the components'
/// width, reinterpreted as unsigned) or, `splat`, one amount of any integer type (converted to
/// a `u32`), each taken modulo the components' width.
fn shift<T: Component + Integer, const N: usize>(
    b: &mut KernelBuilder,
    op: ShiftOp,
    l: Handle<Expression>,
    r: Handle<Expression>,
    one_amount: bool,
) -> Handle<Expression> {
    let amount = b.append(Expression::As {
        expr: r,
        kind: naga::ScalarKind::Uint,
        convert: one_amount.then_some(4),
    });
    let amount = if one_amount {
        splat::<N>(b, amount)
    } else {
        amount
    };
    op.masked(b, l, amount, T::SCALAR.width, Some(size(N)))
}

/// Each component by the matching component of an integer vector.
impl<T: Component + Integer, R: Component + Integer, const N: usize> ShiftOps<Vector<R, N>>
    for Vector<T, N>
where
    Vector<T, N>: Value,
{
    fn apply(
        b: &mut KernelBuilder,
        op: ShiftOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression> {
        shift::<T, N>(b, op, l, r, false)
    }
}

/// Every component by one integer amount.
impl<T: Component + Integer, R: Integer, const N: usize> ShiftOps<R> for Vector<T, N>
where
    Vector<T, N>: Value,
{
    fn apply(
        b: &mut KernelBuilder,
        op: ShiftOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression> {
        shift::<T, N>(b, op, l, r, true)
    }
}

/// `-v` and `!v`: the unary operator on every component.
macro_rules! vector_unary {
    ($trait:ident($method:ident) for Vector<T: $($bound:path)|+> => $op:ident) => {
        impl<T: $($bound +)+, const N: usize> $trait for KernelValue<Vector<T, N>>
        where
            Vector<T, N>: Value,
        {
            fn $method(self, b: &mut KernelBuilder) -> Self {
                KernelValue::from_handle(b.append(Expression::Unary {
                    op: naga::UnaryOperator::$op,
                    expr: self.handle(),
                }))
            }
        }
    };
}

vector_unary!(Negate(negate) for Vector<T: Component | Signed> => Negate);
vector_unary!(Not(not) for Vector<T: Component | Integer> => BitwiseNot);
