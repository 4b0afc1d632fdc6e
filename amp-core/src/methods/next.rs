//! Rust's `next_up` and `next_down` in kernels: the neighbouring float, one step of the bits.
//!
//! `f32` and `f64` step their own bits (`precise_math::nextafter` toward `±inf`). Kernels have
//! no 16-bit integers, so an `f16` steps in the bits of the `f32` of the same value, where the
//! `f16` values are every `2^13`th `f32` from `f16::MIN_POSITIVE` up, and every multiple of
//! `2^-24` below it.

use super::float::{classify, Class};
use crate::builder::{KernelBuilder, KernelValue};
use crate::math::ir::{Ir, H};
use crate::math::{compose, widen_half, Float};
use naga::{BinaryOperator as Op, Expression, ScalarKind};

/// [`ScalarMethods::next_up`](super::ScalarMethods::next_up).
pub(super) fn next_up<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    KernelValue::from_handle(step(b, value.handle(), T::SCALAR, true))
}

/// [`ScalarMethods::next_down`](super::ScalarMethods::next_down).
pub(super) fn next_down<T: Float>(b: &mut KernelBuilder, value: KernelValue<T>) -> KernelValue<T> {
    KernelValue::from_handle(step(b, value.handle(), T::SCALAR, false))
}

/// The float after `x` upward (`up`) or downward.
fn step(b: &mut KernelBuilder, x: H, s: naga::Scalar, up: bool) -> H {
    let toward = if up { f64::INFINITY } else { f64::NEG_INFINITY };
    if s.width != 2 {
        let mut o = Ir::new(b, s);
        let toward = o.c(toward);
        return compose::nextafter(&mut o, &[x, toward]);
    }
    let (w, _) = widen_half(b, x, s);
    let mut o = Ir::new(b, naga::Scalar::F32);
    // Below f16::MIN_POSITIVE (and from it toward zero) the f16 values are 2^-24 apart: a step
    // of the value, exact in f32.
    let tiny = o.c(if up {
        2f64.powi(-24)
    } else {
        -(2f64.powi(-24))
    });
    let fine = o.add(w, tiny);
    // A step onto zero keeps the sign (`next_up` of the least negative value is `-0.0`).
    let onto_zero = o.eqc(fine, 0.0);
    let signed_zero = o.copysign(fine, w);
    let fine = o.sel(onto_zero, signed_zero, fine);
    let aw = o.abs(w);
    let min_normal = f64::from(half::f16::MIN_POSITIVE);
    let below = o.ltc(aw, min_normal);
    let at = o.eqc(aw, min_normal);
    let zero = o.c(0.0);
    let positive = o.gt(w, zero);
    let toward_zero = if up { o.not(positive) } else { positive };
    let at_inward = o.and(at, toward_zero);
    let small = o.or(below, at_inward);
    // Elsewhere a step of 2^13 in the f32's bits, away from zero or toward it.
    let bits = o.bits(w);
    let grid = o.u(1 << 13);
    let away = if up { positive } else { o.not(positive) };
    let outward = o.bin(Op::Add, bits, grid);
    let inward = o.bin(Op::Subtract, bits, grid);
    let stepped = o.sel(away, outward, inward);
    let coarse = o.float_of_bits(stepped);
    let r = o.sel(small, fine, coarse);
    // Past f16::MAX: infinity. From an infinity: itself outward, ±f16::MAX inward.
    let max = f64::from(half::f16::MAX);
    let ar = o.abs(r);
    let over = o.gtc(ar, max);
    let inf = o.c(f64::INFINITY);
    let inf = o.copysign(inf, w);
    let r = o.sel(over, inf, r);
    let infinite = classify(o.b, w, naga::Scalar::F32, Class::Infinite);
    let largest = o.c(max);
    let largest = o.copysign(largest, w);
    let from_inf = o.sel(away, w, largest);
    let r = o.sel(infinite, from_inf, r);
    let nan = classify(o.b, w, naga::Scalar::F32, Class::Nan);
    let r = o.sel(nan, w, r);
    b.append(Expression::As {
        expr: r,
        kind: ScalarKind::Float,
        convert: Some(2),
    })
}
