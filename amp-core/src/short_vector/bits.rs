//! The bit operators of integer short vectors in kernels (`& | ^ !`, `<< >>`), component-wise,
//! with a vector or a scalar of the component type on the right, as for scalars: a shift takes
//! each amount modulo the component's width.

use super::{size, Component, Vector};
use crate::builder::{KernelBuilder, KernelValue};
use crate::ops::{BitOp, BitOps, Not, ShiftOp, ShiftOps};
use crate::types::{Integer, Value};
use naga::{BinaryOperator, Expression, Handle};

fn bit_operator(op: BitOp) -> BinaryOperator {
    match op {
        BitOp::And => BinaryOperator::And,
        BitOp::Or => BinaryOperator::InclusiveOr,
        BitOp::Xor => BinaryOperator::ExclusiveOr,
    }
}

/// Component-wise.
#[diagnostic::do_not_recommend]
impl<T: Component + Integer, const N: usize> BitOps<Vector<T, N>> for Vector<T, N>
where
    Vector<T, N>: Value,
{
    fn apply(
        b: &mut KernelBuilder,
        op: BitOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression> {
        b.binary(bit_operator(op), l, r)
    }
}

/// With a scalar: applied to every component.
#[diagnostic::do_not_recommend]
impl<T: Component + Integer, const N: usize> BitOps<T> for Vector<T, N>
where
    Vector<T, N>: Value,
{
    fn apply(
        b: &mut KernelBuilder,
        op: BitOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression> {
        let r = b.append(Expression::Splat {
            size: size(N),
            value: r,
        });
        b.binary(bit_operator(op), l, r)
    }
}

/// `l << amount` or `l >> amount`, with `amount` a vector of `N` unsigned amounts, each taken
/// modulo the components' width.
fn shift_by<T: Component + Integer, const N: usize>(
    b: &mut KernelBuilder,
    op: ShiftOp,
    l: Handle<Expression>,
    amount: Handle<Expression>,
) -> Handle<Expression> {
    let bits = u32::from(T::SCALAR.width) * 8;
    let mask = b.append(Expression::Literal(naga::Literal::U32(bits - 1)));
    let mask = b.append(Expression::Splat {
        size: size(N),
        value: mask,
    });
    let amount = b.binary(BinaryOperator::And, amount, mask);
    let op = match op {
        ShiftOp::Shl => BinaryOperator::ShiftLeft,
        ShiftOp::Shr => BinaryOperator::ShiftRight,
    };
    b.binary(op, l, amount)
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
        let amount = b.append(Expression::As {
            expr: r,
            kind: naga::ScalarKind::Uint,
            convert: None,
        });
        shift_by::<T, N>(b, op, l, amount)
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
        let amount = b.append(Expression::As {
            expr: r,
            kind: naga::ScalarKind::Uint,
            convert: Some(4),
        });
        let amount = b.append(Expression::Splat {
            size: size(N),
            value: amount,
        });
        shift_by::<T, N>(b, op, l, amount)
    }
}

/// `!v`: each component's bits inverted.
impl<T: Component + Integer, const N: usize> Not for KernelValue<Vector<T, N>>
where
    Vector<T, N>: Value,
{
    fn not(self, b: &mut KernelBuilder) -> Self {
        KernelValue::from_handle(b.append(Expression::Unary {
            op: naga::UnaryOperator::BitwiseNot,
            expr: self.handle(),
        }))
    }
}
