//! Rust's integer methods on `i32`, `u32`, `i64` and `u64` kernel values: the functions that
//! build [`ScalarMethods`](super::ScalarMethods)'s integer methods.
//!
//! Each is straight-line code (no loop, so none counts against an accelerator's loop limit).
//! Vulkan allows bit counting and bit reversal on 32-bit integers only, so on the 64-bit types
//! they work on the two 32-bit halves.

use super::{
    convert, int_literal, math_expr, reinterpret, select, IntegerMethods, UnsignedMethods,
};
use crate::builder::{KernelBuilder, KernelValue};
use naga::{BinaryOperator as Op, Expression, Handle, MathFunction, ScalarKind};

/// [`ScalarMethods::pow`](super::ScalarMethods::pow).
pub(super) fn pow<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    exp: KernelValue<u32>,
) -> KernelValue<T> {
    let one = int_literal(b, T::SCALAR, 1);
    KernelValue::from_handle(power(b, value.handle(), exp.handle(), one))
}

/// [`ScalarMethods::count_ones`](super::ScalarMethods::count_ones).
pub(super) fn count_ones<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<u32> {
    let s = T::SCALAR;
    let x = value.handle();
    KernelValue::from_handle(if s.width == 8 {
        let (lo, hi) = halves(b, x, s);
        let lo = math_expr(b, MathFunction::CountOneBits, &[lo]);
        let hi = math_expr(b, MathFunction::CountOneBits, &[hi]);
        b.binary(Op::Add, lo, hi)
    } else {
        let n = math_expr(b, MathFunction::CountOneBits, &[x]);
        reinterpret(b, n, s, ScalarKind::Uint)
    })
}

/// [`ScalarMethods::leading_zeros`](super::ScalarMethods::leading_zeros).
pub(super) fn leading_zeros<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<u32> {
    let s = T::SCALAR;
    let x = value.handle();
    KernelValue::from_handle(if s.width == 8 {
        let (lo, hi) = halves(b, x, s);
        across_halves(b, MathFunction::CountLeadingZeros, hi, lo)
    } else {
        let n = math_expr(b, MathFunction::CountLeadingZeros, &[x]);
        reinterpret(b, n, s, ScalarKind::Uint)
    })
}

/// [`ScalarMethods::trailing_zeros`](super::ScalarMethods::trailing_zeros).
pub(super) fn trailing_zeros<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<u32> {
    let s = T::SCALAR;
    let x = value.handle();
    KernelValue::from_handle(if s.width == 8 {
        let (lo, hi) = halves(b, x, s);
        across_halves(b, MathFunction::CountTrailingZeros, lo, hi)
    } else {
        let n = math_expr(b, MathFunction::CountTrailingZeros, &[x]);
        reinterpret(b, n, s, ScalarKind::Uint)
    })
}

/// [`ScalarMethods::reverse_bits`](super::ScalarMethods::reverse_bits).
pub(super) fn reverse_bits<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<T> {
    let s = T::SCALAR;
    let x = value.handle();
    if s.width != 8 {
        return KernelValue::from_handle(math_expr(b, MathFunction::ReverseBits, &[x]));
    }
    let (lo, hi) = halves(b, x, s);
    let lo = math_expr(b, MathFunction::ReverseBits, &[lo]);
    let hi = math_expr(b, MathFunction::ReverseBits, &[hi]);
    let lo = convert(b, lo, naga::Scalar::U32, naga::Scalar::U64);
    let hi = convert(b, hi, naga::Scalar::U32, naga::Scalar::U64);
    let k = b.append(Expression::Literal(naga::Literal::U32(32)));
    let top = b.binary(Op::ShiftLeft, lo, k);
    let joined = b.binary(Op::InclusiveOr, top, hi);
    KernelValue::from_handle(reinterpret(b, joined, naga::Scalar::U64, s.kind))
}

/// [`ScalarMethods::rotate_left`](super::ScalarMethods::rotate_left).
pub(super) fn rotate_left<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    n: KernelValue<u32>,
) -> KernelValue<T> {
    KernelValue::from_handle(rotate(b, value.handle(), n.handle(), T::SCALAR, true))
}

/// [`ScalarMethods::rotate_right`](super::ScalarMethods::rotate_right).
pub(super) fn rotate_right<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    n: KernelValue<u32>,
) -> KernelValue<T> {
    KernelValue::from_handle(rotate(b, value.handle(), n.handle(), T::SCALAR, false))
}

/// [`ScalarMethods::wrapping_add`](super::ScalarMethods::wrapping_add).
pub(super) fn wrapping_add<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T> {
    KernelValue::from_handle(b.binary(Op::Add, value.handle(), other.handle()))
}

/// [`ScalarMethods::wrapping_sub`](super::ScalarMethods::wrapping_sub).
pub(super) fn wrapping_sub<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T> {
    KernelValue::from_handle(b.binary(Op::Subtract, value.handle(), other.handle()))
}

/// [`ScalarMethods::wrapping_mul`](super::ScalarMethods::wrapping_mul).
pub(super) fn wrapping_mul<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T> {
    KernelValue::from_handle(b.binary(Op::Multiply, value.handle(), other.handle()))
}

/// [`ScalarMethods::wrapping_neg`](super::ScalarMethods::wrapping_neg).
pub(super) fn wrapping_neg<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<T> {
    let zero = int_literal(b, T::SCALAR, 0);
    KernelValue::from_handle(b.binary(Op::Subtract, zero, value.handle()))
}

/// [`ScalarMethods::saturating_add`](super::ScalarMethods::saturating_add).
pub(super) fn saturating_add<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T> {
    let (s, x, y) = (T::SCALAR, value.handle(), other.handle());
    KernelValue::from_handle(if s.kind == ScalarKind::Uint {
        // `x + min(y, !x)` (`!x` is `MAX - x`), not `x + y < x ? MAX : x + y`: NVIDIA's
        // compiler gave the latter's u64 form 0 for `0 + 2^32` (as `saturating_sub` below).
        let room = b.append(Expression::Unary {
            op: naga::UnaryOperator::BitwiseNot,
            expr: x,
        });
        let least = math_expr(b, MathFunction::Min, &[y, room]);
        b.binary(Op::Add, x, least)
    } else {
        let sum = b.binary(Op::Add, x, y);
        // Overflow iff both operands' signs differ from the sum's.
        let xs = b.binary(Op::ExclusiveOr, x, sum);
        let ys = b.binary(Op::ExclusiveOr, y, sum);
        let both = b.binary(Op::And, xs, ys);
        signed_limit_if_negative(b, both, x, sum, s)
    })
}

/// [`ScalarMethods::saturating_sub`](super::ScalarMethods::saturating_sub).
pub(super) fn saturating_sub<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T> {
    let (s, x, y) = (T::SCALAR, value.handle(), other.handle());
    KernelValue::from_handle(if s.kind == ScalarKind::Uint {
        // `x - min(x, y)`, not `x < y ? 0 : x - y`: NVIDIA's compiler gave the latter's u64
        // form the high word of `x - y` where `x < y` only in the high word.
        let least = math_expr(b, MathFunction::Min, &[x, y]);
        b.binary(Op::Subtract, x, least)
    } else {
        let difference = b.binary(Op::Subtract, x, y);
        // Overflow iff the operands' signs differ and the difference's differs from `x`'s.
        let xy = b.binary(Op::ExclusiveOr, x, y);
        let xd = b.binary(Op::ExclusiveOr, x, difference);
        let both = b.binary(Op::And, xy, xd);
        signed_limit_if_negative(b, both, x, difference, s)
    })
}

/// [`ScalarMethods::saturating_mul`](super::ScalarMethods::saturating_mul).
pub(super) fn saturating_mul<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T> {
    let (s, x, y) = (T::SCALAR, value.handle(), other.handle());
    let product = b.binary(Op::Multiply, x, y);
    if s.kind == ScalarKind::Uint {
        let over = multiply_overflows(b, x, y, product, s);
        let max = max_of(b, s);
        return KernelValue::from_handle(select(b, over, max, product));
    }
    // The product of the magnitudes, unsigned, against the limit of the result's sign:
    // `MAX` for a positive result, `|MIN|` for a negative one.
    let us = naga::Scalar {
        kind: ScalarKind::Uint,
        width: s.width,
    };
    let ax = abs(b, x, s);
    let ax = reinterpret(b, ax, s, ScalarKind::Uint);
    let ay = abs(b, y, s);
    let ay = reinterpret(b, ay, s, ScalarKind::Uint);
    let magnitude = b.binary(Op::Multiply, ax, ay);
    let wrapped = multiply_overflows(b, ax, ay, magnitude, us);
    let zero = int_literal(b, s, 0);
    let x_negative = b.binary(Op::Less, x, zero);
    let y_negative = b.binary(Op::Less, y, zero);
    let negative = b.binary(Op::NotEqual, x_negative, y_negative);
    let half = 1i128 << (u32::from(s.width) * 8 - 1);
    let below_min = int_literal(b, us, half);
    let below_max = int_literal(b, us, half - 1);
    let limit = select(b, negative, below_min, below_max);
    let beyond = b.binary(Op::Greater, magnitude, limit);
    let over = b.binary(Op::LogicalOr, wrapped, beyond);
    let min = min_of(b, s);
    let max = max_of(b, s);
    let bound = select(b, negative, min, max);
    KernelValue::from_handle(select(b, over, bound, product))
}

/// [`ScalarMethods::abs_diff`](super::ScalarMethods::abs_diff): the larger minus the smaller,
/// on the unsigned bits (the difference of two values of any sign fits the unsigned type).
pub(super) fn abs_diff<T: IntegerMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T::Unsigned> {
    let (s, x, y) = (T::SCALAR, value.handle(), other.handle());
    let less = b.binary(Op::Less, x, y);
    let ux = reinterpret(b, x, s, ScalarKind::Uint);
    let uy = reinterpret(b, y, s, ScalarKind::Uint);
    let up = b.binary(Op::Subtract, uy, ux);
    let down = b.binary(Op::Subtract, ux, uy);
    KernelValue::from_handle(select(b, less, up, down))
}

/// [`ScalarMethods::is_power_of_two`](super::ScalarMethods::is_power_of_two).
pub(super) fn is_power_of_two<T: UnsignedMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> KernelValue<bool> {
    let (s, x) = (T::SCALAR, value.handle());
    let zero = int_literal(b, s, 0);
    let one = int_literal(b, s, 1);
    let nonzero = b.binary(Op::NotEqual, x, zero);
    let below = b.binary(Op::Subtract, x, one);
    let common = b.binary(Op::And, x, below);
    let single = b.binary(Op::Equal, common, zero);
    KernelValue::from_handle(b.binary(Op::LogicalAnd, nonzero, single))
}

/// `|x|` of a signed integer, wrapping at `MIN`.
pub(super) fn abs(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    let zero = int_literal(b, s, 0);
    let negative = b.binary(Op::Less, x, zero);
    let negated = b.binary(Op::Subtract, zero, x);
    select(b, negative, negated, x)
}

/// `-1`, `0` or `1`.
pub(super) fn signum(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    let zero = int_literal(b, s, 0);
    let one = int_literal(b, s, 1);
    let minus_one = int_literal(b, s, -1);
    let negative = b.binary(Op::Less, x, zero);
    let below = select(b, negative, minus_one, zero);
    let positive = b.binary(Op::Greater, x, zero);
    select(b, positive, one, below)
}

/// `x^e` for a `u32` exponent `e`, by repeated squaring over e's 32 bits, unrolled: `acc` is
/// multiplied by `x^(2^i)` where bit `i` is set, in increasing `i` (compiler-rt's `__powisf2`
/// order). `one` is 1 in `x`'s type; `x` is an integer (wrapping) or a float.
pub(super) fn power(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    e: Handle<Expression>,
    one: Handle<Expression>,
) -> Handle<Expression> {
    let zero = b.append(Expression::Literal(naga::Literal::U32(0)));
    let (mut acc, mut base) = (one, x);
    for i in 0..32 {
        let mask = b.append(Expression::Literal(naga::Literal::U32(1 << i)));
        let bit = b.binary(Op::And, e, mask);
        let set = b.binary(Op::NotEqual, bit, zero);
        let product = b.binary(Op::Multiply, acc, base);
        acc = select(b, set, product, acc);
        if i < 31 {
            base = b.binary(Op::Multiply, base, base);
        }
    }
    acc
}

/// The low and high 32-bit halves of a 64-bit integer, as `u32`s.
fn halves(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    s: naga::Scalar,
) -> (Handle<Expression>, Handle<Expression>) {
    let u = reinterpret(b, x, s, ScalarKind::Uint);
    let lo = convert(b, u, naga::Scalar::U64, naga::Scalar::U32);
    let k = b.append(Expression::Literal(naga::Literal::U32(32)));
    let shifted = b.binary(Op::ShiftRight, u, k);
    let hi = convert(b, shifted, naga::Scalar::U64, naga::Scalar::U32);
    (lo, hi)
}

/// A zero count across two halves: `fun(first)`, or 32 + `fun(second)` when `first` is zero
/// (`first` is the half counted from: the high one for leading zeros).
fn across_halves(
    b: &mut KernelBuilder,
    fun: MathFunction,
    first: Handle<Expression>,
    second: Handle<Expression>,
) -> Handle<Expression> {
    let zero = b.append(Expression::Literal(naga::Literal::U32(0)));
    let k = b.append(Expression::Literal(naga::Literal::U32(32)));
    let empty = b.binary(Op::Equal, first, zero);
    let in_first = math_expr(b, fun, &[first]);
    let in_second = math_expr(b, fun, &[second]);
    let in_second = b.binary(Op::Add, k, in_second);
    select(b, empty, in_second, in_first)
}

/// `x` rotated by `n` bits (modulo the width), left or right, on the unsigned bits.
fn rotate(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    n: Handle<Expression>,
    s: naga::Scalar,
    left: bool,
) -> Handle<Expression> {
    let width = u32::from(s.width) * 8;
    let u = reinterpret(b, x, s, ScalarKind::Uint);
    let mask = b.append(Expression::Literal(naga::Literal::U32(width - 1)));
    let w = b.append(Expression::Literal(naga::Literal::U32(width)));
    let r = b.binary(Op::And, n, mask);
    // `(width - r) % width`, so that a rotation by 0 shifts by 0 both ways.
    let back = b.binary(Op::Subtract, w, r);
    let back = b.binary(Op::And, back, mask);
    let (toward, away) = if left {
        (Op::ShiftLeft, Op::ShiftRight)
    } else {
        (Op::ShiftRight, Op::ShiftLeft)
    };
    let moved = b.binary(toward, u, r);
    let wrapped = b.binary(away, u, back);
    let joined = b.binary(Op::InclusiveOr, moved, wrapped);
    let us = naga::Scalar {
        kind: ScalarKind::Uint,
        width: s.width,
    };
    reinterpret(b, joined, us, s.kind)
}

/// Whether the unsigned product `p = x * y` (wrapped) overflowed: `x != 0 && p / x != y`.
fn multiply_overflows(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    y: Handle<Expression>,
    p: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    let zero = int_literal(b, s, 0);
    let one = int_literal(b, s, 1);
    let x_zero = b.binary(Op::Equal, x, zero);
    let divisor = select(b, x_zero, one, x);
    let quotient = b.binary(Op::Divide, p, divisor);
    let differs = b.binary(Op::NotEqual, quotient, y);
    let nonzero = b.binary(Op::NotEqual, x, zero);
    b.binary(Op::LogicalAnd, nonzero, differs)
}

/// `value`, or `MIN`/`MAX` (by `x`'s sign) when `flags` is negative: the saturated result of
/// a signed addition or subtraction whose overflow test left the sign bit in `flags`.
fn signed_limit_if_negative(
    b: &mut KernelBuilder,
    flags: Handle<Expression>,
    x: Handle<Expression>,
    value: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    let zero = int_literal(b, s, 0);
    let over = b.binary(Op::Less, flags, zero);
    let x_negative = b.binary(Op::Less, x, zero);
    let min = min_of(b, s);
    let max = max_of(b, s);
    let bound = select(b, x_negative, min, max);
    select(b, over, bound, value)
}

/// The smallest value of integer type `s`.
pub(super) fn min_of(b: &mut KernelBuilder, s: naga::Scalar) -> Handle<Expression> {
    let value = match s.kind {
        ScalarKind::Sint => -(1i128 << (u32::from(s.width) * 8 - 1)),
        _ => 0,
    };
    int_literal(b, s, value)
}

/// The largest value of integer type `s`.
pub(super) fn max_of(b: &mut KernelBuilder, s: naga::Scalar) -> Handle<Expression> {
    let bits = u32::from(s.width) * 8;
    let value = match s.kind {
        ScalarKind::Sint => (1i128 << (bits - 1)) - 1,
        _ => (1i128 << bits) - 1,
    };
    int_literal(b, s, value)
}
