//! The float remainder of kernels, exact: Rust's `%` on `f32`, `f64` and `f16` and C++ AMP's
//! `fmod` (C's `fmod`, which Rust's `%` is).
//!
//! The remainder `x - n*y` (`n` the integer quotient rounded toward zero) is always a float, so
//! it can be computed exactly; `x - y * trunc(x / y)` in float is not (the quotient is rounded,
//! and Vulkan's division is within 2.5 ulp). Here the remainder is integer arithmetic on the
//! operands' significands: with `|x| = mx * 2^ex` and `|y| = my * 2^ey` (`ex >= ey`, each
//! significand below `2^24` for `f32`, `2^53` for `f64`), `|x| mod |y|` is
//! `(mx * 2^(ex - ey) mod my) * 2^ey`, and `mx * 2^d mod my` is reduced a few bits at a time,
//! `r = (r << k) % my`, each shift keeping `r << k` within the integer's width (8 bits a step for
//! `f32` in `u32`, 11 for `f64` in `u64`). Operands whose exponents differ by less than a step
//! (the common case) take one integer remainder; the loop runs once per further step (at most
//! 31 for `f32`, 186 for `f64`). The result takes `x`'s sign.
//!
//! The special cases are Rust's: a NaN operand, an infinite `x` or a zero `y` give NaN; an
//! infinite `y` (and any `|x| < |y|`) gives `x`. `f16` widens to `f32` (exact both ways: the
//! remainder of two `f16` values is an `f16` value).

use crate::builder::KernelBuilder;
use crate::for_loop::ForLoop;
use naga::{BinaryOperator as Op, Expression, Handle, Literal, ScalarKind};

/// The layout of one float width.
struct Format {
    /// The unsigned integer of the float's width.
    bits: naga::Scalar,
    /// The float.
    float: naga::Scalar,
    /// Significand bits stored (23, 52).
    fraction: u32,
    /// Exponent bias (127, 1023).
    bias: u32,
    /// Bits a reduction step shifts (the integer width less the significand's 24 or 53).
    step: u32,
}

const SINGLE: Format = Format {
    bits: naga::Scalar::U32,
    float: naga::Scalar::F32,
    fraction: 23,
    bias: 127,
    step: 8,
};

const DOUBLE: Format = Format {
    bits: naga::Scalar::U64,
    float: naga::Scalar::F64,
    fraction: 52,
    bias: 1023,
    step: 11,
};

/// `x % y` (Rust's) of two floats of scalar `s`: exact, with Rust's special cases.
pub(crate) fn fmod(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    y: Handle<Expression>,
    s: naga::Scalar,
) -> Handle<Expression> {
    if s.width == 2 {
        let (wx, _) = super::widen_half(b, x, s);
        let (wy, _) = super::widen_half(b, y, s);
        let r = fmod(b, wx, wy, naga::Scalar::F32);
        return b.append(Expression::As {
            expr: r,
            kind: ScalarKind::Float,
            convert: Some(2),
        });
    }
    let f = if s.width == 8 { &DOUBLE } else { &SINGLE };
    let u = |b: &mut KernelBuilder, v: u64| uint(b, f, v);
    let bits = |b: &mut KernelBuilder, v| {
        b.append(Expression::As {
            expr: v,
            kind: ScalarKind::Uint,
            convert: None,
        })
    };
    let width = u32::from(f.bits.width) * 8;
    let sign_mask = u(b, 1 << (width - 1));
    let magnitude_mask = u(b, (1 << (width - 1)) - 1);
    let fraction_mask = u(b, (1 << f.fraction) - 1);
    let hidden = u(b, 1 << f.fraction);
    let infinity = u(b, ((1 << (width - f.fraction - 1)) - 1) << f.fraction);
    let (zero, one) = (u(b, 0), u(b, 1));
    let fraction_bits = u(b, u64::from(f.fraction));

    let (xb, yb) = (bits(b, x), bits(b, y));
    let ax = b.binary(Op::And, xb, magnitude_mask);
    let ay = b.binary(Op::And, yb, magnitude_mask);
    let sign = b.binary(Op::And, xb, sign_mask);

    // The significand and exponent of each operand (a subnormal's exponent is 1, as the
    // smallest normal's, with no hidden bit).
    let parts = |b: &mut KernelBuilder, a| {
        let e = b.binary(Op::ShiftRight, a, fraction_bits);
        let subnormal = b.binary(Op::Equal, e, zero);
        let m = b.binary(Op::And, a, fraction_mask);
        let m = b.binary(Op::InclusiveOr, m, hidden);
        let m = b.select(subnormal, a, m);
        let e = b.select(subnormal, one, e);
        (m, e)
    };
    let (mx, ex) = parts(b, ax);
    let (my, ey) = parts(b, ay);
    // `my` is 0 only for a zero `y`, whose result is NaN: 1 keeps the integer `%` defined.
    let my_zero = b.binary(Op::Equal, my, zero);
    let my = b.select(my_zero, one, my);
    // `ex - min(ex, ey)`: the difference, or 0 where `ey` is larger. Not `ex > ey ? ex - ey : 0`,
    // which NVIDIA's compiler miscompiles for 64-bit integers (as `saturating_sub`'s lowering
    // says).
    let least = b.append(Expression::Math {
        fun: naga::MathFunction::Min,
        arg: ex,
        arg1: Some(ey),
        arg2: None,
        arg3: None,
    });
    let d = b.binary(Op::Subtract, ex, least);

    // r = mx * 2^d mod my: the first `d % step` bits, then `d / step` steps of `step` bits.
    let step = u(b, u64::from(f.step));
    let first = b.binary(Op::Modulo, d, step);
    let steps = b.binary(Op::Divide, d, step);
    // `mx << first` fits: mx < 2^(fraction + 1) and first < step.
    let first = shift_amount(b, first, f);
    let r = b.binary(Op::ShiftLeft, mx, first);
    let r0 = b.binary(Op::Modulo, r, my);
    let rest = match f.bits.width {
        8 => b.var_uninit::<u64>(None).handle(),
        _ => b.var_uninit::<u32>(None).handle(),
    };
    b.push(naga::Statement::Store {
        pointer: rest,
        value: r0,
    });
    let steps32 = if f.bits.width == 8 {
        b.append(Expression::As {
            expr: steps,
            kind: ScalarKind::Uint,
            convert: Some(4),
        })
    } else {
        steps
    };
    let start = b.literal(0u32);
    let end = crate::builder::KernelValue::<u32>::from_handle(steps32);
    let counter = b.begin_for(start, end, false);
    let current = b.append(Expression::Load { pointer: rest });
    let amount = shift_amount(b, step, f);
    let shifted = b.binary(Op::ShiftLeft, current, amount);
    let next = b.binary(Op::Modulo, shifted, my);
    b.push(naga::Statement::Store {
        pointer: rest,
        value: next,
    });
    b.end_for::<u32, u32>(counter, end, None, false);
    let r = b.append(Expression::Load { pointer: rest });

    // The magnitude r * 2^(ey - bias - fraction) as bits: a normal float from r's own float
    // (exact: r < 2^(fraction + 1)) with its exponent raised by ey - 1 - fraction, or, where
    // that is below the normal range, the subnormal r << (ey - 1).
    let as_float = b.append(Expression::As {
        expr: r,
        kind: ScalarKind::Float,
        convert: Some(f.float.width),
    });
    let rb = bits(b, as_float);
    let er = b.binary(Op::ShiftRight, rb, fraction_bits);
    // Normal when ey + (er - bias) > fraction, i.e. ey + er > bias + fraction.
    let sum = b.binary(Op::Add, ey, er);
    let floor = u(b, u64::from(f.bias + f.fraction));
    let normal = b.binary(Op::Greater, sum, floor);
    let raise = b.binary(Op::ShiftLeft, ey, fraction_bits);
    let lower = u(b, u64::from(f.bias + f.fraction) << f.fraction);
    let raised = b.binary(Op::Add, rb, raise);
    let normal_bits = b.binary(Op::Subtract, raised, lower);
    let ey_less = b.binary(Op::Subtract, ey, one);
    let ey_less = shift_amount(b, ey_less, f);
    let subnormal_bits = b.binary(Op::ShiftLeft, r, ey_less);
    let m = b.select(normal, normal_bits, subnormal_bits);
    let r_zero = b.binary(Op::Equal, r, zero);
    let m = b.select(r_zero, zero, m);
    let signed = b.binary(Op::InclusiveOr, m, sign);
    let result = b.append(Expression::As {
        expr: signed,
        kind: ScalarKind::Float,
        convert: None,
    });

    // |x| < |y| (a finite x, or y infinite): x itself. NaN: x NaN or infinite, y NaN or zero.
    let smaller = b.binary(Op::Less, ax, ay);
    let result = b.select(smaller, x, result);
    let x_special = b.binary(Op::GreaterEqual, ax, infinity);
    let y_nan = b.binary(Op::Greater, ay, infinity);
    let y_zero = b.binary(Op::Equal, ay, zero);
    let nan = b.binary(Op::LogicalOr, x_special, y_nan);
    let nan = b.binary(Op::LogicalOr, nan, y_zero);
    let not_a_number = match s.width {
        8 => Literal::F64(f64::NAN),
        _ => Literal::F32(f32::NAN),
    };
    let not_a_number = b.literal_expr(not_a_number);
    b.select(nan, not_a_number, result)
}

/// A shift amount for the integer of format `f`: naga shifts by a `u32` (of the same vector
/// size), so a `u64` amount converts.
fn shift_amount(b: &mut KernelBuilder, v: Handle<Expression>, f: &Format) -> Handle<Expression> {
    if f.bits.width == 8 {
        b.append(Expression::As {
            expr: v,
            kind: ScalarKind::Uint,
            convert: Some(4),
        })
    } else {
        v
    }
}

fn uint(b: &mut KernelBuilder, f: &Format, v: u64) -> Handle<Expression> {
    let literal = if f.bits.width == 8 {
        b.intern_type(naga::TypeInner::Scalar(naga::Scalar::U64));
        Literal::U64(v)
    } else {
        Literal::U32(v as u32)
    };
    b.append(Expression::Literal(literal))
}

#[cfg(test)]
mod tests {
    use crate::builder::KernelBuilder;
    use crate::Loc;

    /// Expressions each lowering appends (for `f32`), printed, and bounded so that a change of
    /// cost is seen: what the float-semantics section of docs/LANGUAGE.md states.
    #[test]
    fn lowerings_stay_small() {
        let mut b = KernelBuilder::new("costs", Loc::new("remainder.rs", 1, 1));
        let _ = b.untiled_entry::<1>();
        let x = b.literal(1.5f32).handle();
        let y = b.literal(0.5f32).handle();
        let s = naga::Scalar::F32;
        let mut count = |name: &str, bound: usize, f: &mut dyn FnMut(&mut KernelBuilder)| {
            let before = b.cur.function.expressions.len();
            f(&mut b);
            let n = b.cur.function.expressions.len() - before;
            eprintln!("{name}: {n} expressions");
            assert!(n <= bound, "{name}: {n} expressions, more than {bound}");
        };
        count("fmod", 80, &mut |b| {
            super::fmod(b, x, y, s);
        });
        count("pow", 90, &mut |b| {
            super::super::pow::pow(b, x, y, s);
        });
        count("ln", 12, &mut |b| {
            super::super::log_body(b, x, s, naga::MathFunction::Log);
        });
        count("f32 as i32", 12, &mut |b| {
            crate::methods::saturating_cast(b, x, s, naga::Scalar::I32);
        });
        count("f64 as i32", 12, &mut |b| {
            crate::methods::saturating_cast(b, x, naga::Scalar::F64, naga::Scalar::I32);
        });
    }
}
