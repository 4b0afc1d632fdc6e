//! Rust's integer logarithm, root and power-of-two methods in kernels: `ilog2` (`i32`, `u32`,
//! `i64`, `u64`), `next_power_of_two` and `isqrt` (`u32`, `u64`).
//!
//! Each is straight-line code over the bits (no loop, no float), exact for every input. Where
//! Rust panics, a kernel gives a value: `ilog2` of zero or a negative number is `u32::MAX`;
//! `next_power_of_two` wraps to 0 above the largest power of two, as in Rust's release builds.

use super::integer::{leading_zeros, max_of};
use super::{int_literal, select, IntegerMethods, UnsignedMethods};
use crate::builder::{KernelBuilder, KernelValue};
use naga::{BinaryOperator as Op, Expression, Literal, ScalarKind};

/// [`ScalarMethods::ilog2`](super::ScalarMethods::ilog2): `width - 1 - leading_zeros`, which
/// wraps to `u32::MAX` for zero; a signed value below 1 gives `u32::MAX` too.
pub(super) fn ilog2<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<u32> {
    let (s, x) = (T::SCALAR, value.handle());
    let zeros = leading_zeros(b, value).handle();
    let top = b.append(Expression::Literal(Literal::U32(
        u32::from(s.width) * 8 - 1,
    )));
    let log = b.binary(Op::Subtract, top, zeros);
    if s.kind == ScalarKind::Uint {
        return KernelValue::from_handle(log);
    }
    let zero = int_literal(b, s, 0);
    let positive = b.binary(Op::Greater, x, zero);
    let none = b.append(Expression::Literal(Literal::U32(u32::MAX)));
    KernelValue::from_handle(select(b, positive, log, none))
}

/// [`ScalarMethods::next_power_of_two`](super::ScalarMethods::next_power_of_two): as Rust's,
/// one more than `MAX >> (self - 1).leading_zeros()` (0 for `self <= 1`), wrapping.
pub(super) fn next_power_of_two<T: UnsignedMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<T> {
    let (s, x) = (T::SCALAR, value.handle());
    let one = int_literal(b, s, 1);
    let below = b.binary(Op::Subtract, x, one);
    let zeros = leading_zeros(b, KernelValue::<T>::from_handle(below)).handle();
    // `below` is 0 only for `self == 1` (its count is the width), whose result is chosen
    // below: the mask keeps that discarded shift within the width.
    let mask = b.append(Expression::Literal(Literal::U32(
        u32::from(s.width) * 8 - 1,
    )));
    let amount = b.binary(Op::And, zeros, mask);
    let max = max_of(b, s);
    let filled = b.binary(Op::ShiftRight, max, amount);
    let small = b.binary(Op::LessEqual, x, one);
    let zero = int_literal(b, s, 0);
    let filled = select(b, small, zero, filled);
    KernelValue::from_handle(b.binary(Op::Add, filled, one))
}

/// [`ScalarMethods::isqrt`](super::ScalarMethods::isqrt): the digit-by-digit square root, one
/// result bit per step from the highest (`width / 2` steps): where `rest >= root + bit`, that
/// is subtracted and the bit joins the root.
pub(super) fn isqrt<T: UnsignedMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<T> {
    let s = T::SCALAR;
    let width = u32::from(s.width) * 8;
    let shift = b.append(Expression::Literal(Literal::U32(1)));
    let mut rest = value.handle();
    let mut root = int_literal(b, s, 0);
    for k in (0..width / 2).rev() {
        let bit = int_literal(b, s, 1i128 << (2 * k));
        let trial = b.binary(Op::Add, root, bit);
        let fits = b.binary(Op::GreaterEqual, rest, trial);
        let reduced = b.binary(Op::Subtract, rest, trial);
        rest = select(b, fits, reduced, rest);
        let half = b.binary(Op::ShiftRight, root, shift);
        let grown = b.binary(Op::Add, half, bit);
        root = select(b, fits, grown, half);
    }
    KernelValue::from_handle(root)
}
