//! Rust's `midpoint` in kernels, on integers and floats: the mean of two values without
//! overflow.
//!
//! Integers: `(a & b) + ((a ^ b) >> 1)` is the mean rounded toward negative infinity (the shift
//! is arithmetic for signed types); Rust rounds signed means toward zero, so a negative mean of
//! an odd sum moves up by one. Floats: Rust's own definition (`f64::midpoint`), correctly
//! rounded: `(a + b) / 2` where the sum cannot overflow, else halves first, the halving kept
//! off an operand small enough to lose a bit by it. An `f16` computes in `f32` and rounds, as
//! on the host.

use super::{int_literal, select, NumberMethods};
use crate::builder::{KernelBuilder, KernelValue};
use crate::math::ir::{Ir, H};
use crate::math::widen_half;
use naga::{BinaryOperator as Op, Expression, ScalarKind};

/// [`ScalarMethods::midpoint`](super::ScalarMethods::midpoint).
pub(super) fn midpoint<T: NumberMethods>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
    other: KernelValue<T>,
) -> KernelValue<T> {
    let (s, x, y) = (T::SCALAR, value.handle(), other.handle());
    KernelValue::from_handle(match s.kind {
        ScalarKind::Float => float(b, x, y, s),
        _ => integer(b, x, y, s),
    })
}

/// The integer mean, rounded as Rust's: down for unsigned types, toward zero for signed ones.
fn integer(b: &mut KernelBuilder, x: H, y: H, s: naga::Scalar) -> H {
    let both = b.binary(Op::And, x, y);
    let differ = b.binary(Op::ExclusiveOr, x, y);
    let one = b.literal(1u32).handle();
    let half = b.binary(Op::ShiftRight, differ, one);
    let floor = b.binary(Op::Add, both, half);
    if s.kind == ScalarKind::Uint {
        return floor;
    }
    let zero = int_literal(b, s, 0);
    let unit = int_literal(b, s, 1);
    let odd = b.binary(Op::And, differ, unit);
    let odd = b.binary(Op::NotEqual, odd, zero);
    let negative = b.binary(Op::Less, floor, zero);
    let up = b.binary(Op::LogicalAnd, odd, negative);
    let raised = b.binary(Op::Add, floor, unit);
    select(b, up, raised, floor)
}

/// The float mean, correctly rounded (Rust's `f64::midpoint`).
fn float(b: &mut KernelBuilder, x: H, y: H, s: naga::Scalar) -> H {
    let (x, wide) = widen_half(b, x, s);
    let (y, _) = widen_half(b, y, s);
    let (lo, hi) = match wide.width {
        8 => (f64::MIN_POSITIVE * 2.0, f64::MAX / 2.0),
        _ => (
            f64::from(f32::MIN_POSITIVE * 2.0),
            f64::from(f32::MAX / 2.0),
        ),
    };
    let mut o = Ir::new(b, wide);
    let (ax, ay) = (o.abs(x), o.abs(y));
    let sum = o.add(x, y);
    let mean = o.mulc(sum, 0.5);
    // Opaque: Mesa's shader compiler would factor `x·0.5 + y·0.5` back into `(x + y)·0.5`,
    // the sum this branch exists to avoid.
    let x_half = o.mulc(x, 0.5);
    let x_half = o.opaque(x_half);
    let y_half = o.mulc(y, 0.5);
    let x_small = o.ltc(ax, lo);
    let y_small = o.ltc(ay, lo);
    let keep_x = o.add(x, y_half);
    let keep_y = o.add(x_half, y);
    let halves = o.add(x_half, y_half);
    let r = o.sel(y_small, keep_y, halves);
    let r = o.sel(x_small, keep_x, r);
    let hi = o.c(hi);
    let x_in = o.bin(Op::LessEqual, ax, hi);
    let y_in = o.bin(Op::LessEqual, ay, hi);
    let safe = o.and(x_in, y_in);
    let r = o.sel(safe, mean, r);
    if s.width != 2 {
        return r;
    }
    b.append(Expression::As {
        expr: r,
        kind: ScalarKind::Float,
        convert: Some(2),
    })
}
