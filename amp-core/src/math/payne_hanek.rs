//! The reduction of a large `f64` by π/2 (Payne and Hanek's): `x = k·π/2 + r`, `|r| <= π/4`,
//! exact to well below an ulp of `r` for every finite `x`, where the Cody–Waite reduction of
//! `soft.rs` holds only while `k·(π/2)`'s parts are exact products (`|x| < 2^20·π/2`).
//!
//! With `x = m·2^(e - 52)` (`m` the 53-bit significand), `x·2/π mod 4` needs only the bits of
//! 2/π from weight `2^(52 - e - 2)` on: the earlier ones make multiples of 4. A window of 192
//! of those bits, as an integer `W`, gives `x·2/π mod 4 = (m·W mod 2^192) / 2^190` up to
//! `2^-137`, more than the 62 bits that cancel at the double nearest a multiple of π/2. The
//! product is six 32-bit limbs of 64-bit integer arithmetic; its top two bits are the quadrant
//! and the next 128 the fraction, taken as a signed (rounded to the nearest quadrant) fixed-point
//! number, turned into a double-double and multiplied by π/2.

use super::ir::{Ir, H};
use crate::builder::KernelValue;
use naga::{BinaryOperator as B, Expression, ScalarKind, Statement};

/// 2/π after the point, 24 bits an entry (fdlibm's `ipio2`): 1,200 bits, more than the
/// 1,184 the largest exponent's window reaches.
const TWO_OVER_PI: [u32; 50] = [
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163,
    0xABDEBB, 0xC561B7, 0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
    0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C,
    0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
    0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7, 0x8A5292,
    0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B,
];

/// 32-bit words of the table, after two zero words (so that every window starts inside it).
const WORDS: usize = 39;
const LEN: std::num::NonZeroU32 = match std::num::NonZeroU32::new(WORDS as u32) {
    Some(n) => n,
    None => std::num::NonZeroU32::MIN,
};
/// Where the window of an exponent starts, in bits of the padded table: the biased exponent
/// less this.
const WINDOW_BIAS: u64 = 1013;

/// The padded table as 32-bit words, most significant bit first.
fn words() -> [u32; WORDS] {
    let mut out = [0u32; WORDS];
    for (k, &chunk) in TWO_OVER_PI.iter().enumerate() {
        for bit in 0..24 {
            if chunk >> (23 - bit) & 1 == 1 {
                let at = 64 + k * 24 + bit;
                if at / 32 < WORDS {
                    out[at / 32] |= 1 << (31 - at % 32);
                }
            }
        }
    }
    out
}

/// `(r, k mod 4)` for a finite `x` with `|x| >= 2^-10` (`k` as a float), as `soft::reduce_pio2`.
pub(crate) fn reduce(o: &mut Ir, x: H) -> (H, H) {
    let ax = o.abs(x);
    let bits = o.bits(ax);
    let low32 = o.u(0xffff_ffff);
    let shift = |o: &mut Ir, v: H, op: B, by: u32| {
        let by = o.b.literal_expr(naga::Literal::U32(by));
        o.bin(op, v, by)
    };
    let biased = shift(o, bits, B::ShiftRight, 52);
    let fraction = o.u((1 << 52) - 1);
    let m = o.bin(B::And, bits, fraction);
    let hidden = o.u(1 << 52);
    let m = o.bin(B::InclusiveOr, m, hidden);
    let m_limbs = [o.bin(B::And, m, low32), shift(o, m, B::ShiftRight, 32)];

    // The window's first bit: word `at`, bit `sh` within it.
    let bias = o.u(WINDOW_BIAS);
    let start = o.bin(B::Subtract, biased, bias);
    let start = o.convert(start, ScalarKind::Uint, 4);
    let five = o.b.literal_expr(naga::Literal::U32(5));
    let at = o.bin(B::ShiftRight, start, five);
    let mask31 = o.b.literal_expr(naga::Literal::U32(31));
    let sh = o.bin(B::And, start, mask31);
    let thirty_two = o.b.literal_expr(naga::Literal::U32(32));
    let back = o.bin(B::Subtract, thirty_two, sh);

    let table = table(o);
    let word = |o: &mut Ir, k: u32| {
        let k = o.b.literal_expr(naga::Literal::U32(k));
        let index = o.bin(B::Add, at, k);
        let pointer = o.b.append(Expression::Access { base: table, index });
        let w = o.b.append(Expression::Load { pointer });
        o.convert(w, ScalarKind::Uint, 8)
    };
    let loaded: Vec<H> = (0..7).map(|k| word(o, k)).collect();
    // The window's limbs, least significant first: word k and k + 1 joined, shifted by `sh`.
    let mut w = Vec::with_capacity(6);
    for k in (0..6).rev() {
        let high = shift(o, loaded[k], B::ShiftLeft, 32);
        let joined = o.bin(B::InclusiveOr, high, loaded[k + 1]);
        let aligned = o.bin(B::ShiftRight, joined, back);
        w.push(o.bin(B::And, aligned, low32));
    }

    // m·W mod 2^192, a column of 32-bit limbs at a time.
    let products: Vec<[H; 2]> = w
        .iter()
        .map(|&wi| [o.mul(wi, m_limbs[0]), o.mul(wi, m_limbs[1])])
        .collect();
    let mut limbs = Vec::with_capacity(6);
    let mut carry = o.u(0);
    for column in 0..6 {
        let mut acc = carry;
        for (i, pair) in products.iter().enumerate() {
            for (j, &p) in pair.iter().enumerate() {
                if i + j == column {
                    let lo = o.bin(B::And, p, low32);
                    acc = o.bin(B::Add, acc, lo);
                } else if i + j + 1 == column {
                    let hi = shift(o, p, B::ShiftRight, 32);
                    acc = o.bin(B::Add, acc, hi);
                }
            }
        }
        limbs.push(o.bin(B::And, acc, low32));
        carry = shift(o, acc, B::ShiftRight, 32);
    }

    // Bits 190 and 191: the quadrant; below them, the fraction's top 128 bits in two halves.
    let top = shift(o, limbs[5], B::ShiftRight, 30);
    let three = o.u(3);
    let quadrant = o.bin(B::And, top, three);
    let low30 = o.u((1 << 30) - 1);
    let half = |o: &mut Ir, l: [H; 3]| {
        let a = o.bin(B::And, l[0], low30);
        let a = shift(o, a, B::ShiftLeft, 34);
        let b = shift(o, l[1], B::ShiftLeft, 2);
        let c = shift(o, l[2], B::ShiftRight, 30);
        let ab = o.bin(B::InclusiveOr, a, b);
        o.bin(B::InclusiveOr, ab, c)
    };
    let f_hi = half(o, [limbs[5], limbs[4], limbs[3]]);
    let f_lo = half(o, [limbs[3], limbs[2], limbs[1]]);
    // A fraction of a half or more rounds to the next quadrant: read as signed, the fraction
    // is then already `f - 1`.
    let round_up = shift(o, f_hi, B::ShiftRight, 63);
    let quadrant = o.bin(B::Add, quadrant, round_up);
    let quadrant = o.bin(B::And, quadrant, three);

    // The fraction as four exact doubles, summed into a double-double.
    let signed = o.b.append(Expression::As {
        expr: f_hi,
        kind: ScalarKind::Sint,
        convert: None,
    });
    let a = shift(o, signed, B::ShiftRight, 32);
    let piece = |o: &mut Ir, v: H, scale: i32| {
        let f = o.int_to_float(v);
        o.mulc(f, 2f64.powi(scale))
    };
    let d1 = piece(o, a, -32);
    let d2 = o.bin(B::And, f_hi, low32);
    let d2 = piece(o, d2, -64);
    let d3 = shift(o, f_lo, B::ShiftRight, 32);
    let d3 = piece(o, d3, -96);
    let d4 = o.bin(B::And, f_lo, low32);
    let d4 = piece(o, d4, -128);
    let (s, e) = super::soft::two_sum(o, d1, d2);
    let rest = o.add(d3, d4);
    let e = o.add(e, rest);
    let (hi, lo) = super::soft::two_sum(o, s, e);

    // r = (hi + lo)·π/2, with π/2 as a double-double.
    let pio2 = o.c(std::f64::consts::FRAC_PI_2);
    let (p, pe) = o.two_product(hi, pio2);
    let hl = o.mulc(hi, PIO2_LO);
    let lh = o.mulc(lo, std::f64::consts::FRAC_PI_2);
    let tail = o.add(pe, hl);
    let tail = o.add(tail, lh);
    let r = o.add(p, tail);

    // Negative x: -r in quadrant -k.
    let q = o.int_to_float(quadrant);
    let zero = o.c(0.0);
    let negative = o.lt(x, zero);
    let minus_r = o.neg(r);
    let r = o.sel(negative, minus_r, r);
    let four = o.c(4.0);
    let minus_q = o.sub(four, q);
    let is_four = o.eqc(minus_q, 4.0);
    let minus_q = o.sel(is_four, zero, minus_q);
    let q = o.sel(negative, minus_q, q);
    (r, q)
}

/// π/2 - `FRAC_PI_2`.
const PIO2_LO: f64 = 6.123_233_995_736_766e-17;

/// A local array holding the padded table (a pointer to it).
fn table(o: &mut Ir) -> H {
    let word = o.b.intern_type(naga::TypeInner::Scalar(naga::Scalar::U32));
    let size = naga::ArraySize::Constant(LEN);
    let ty = o.b.intern_type(naga::TypeInner::Array {
        base: word,
        size,
        stride: 4,
    });
    let components: Vec<H> = words()
        .iter()
        .map(|&w| o.b.literal_expr(naga::Literal::U32(w)))
        .collect();
    let value = o.b.append(Expression::Compose { ty, components });
    let span = naga::Span::default();
    let local = o.b.cur.function.local_variables.append(
        naga::LocalVariable {
            name: Some("two_over_pi".to_owned()),
            ty,
            init: None,
        },
        span,
    );
    let pointer = o.b.append(Expression::LocalVariable(local));
    o.b.push(Statement::Store { pointer, value });
    pointer
}

/// Runs `reduce` only where `|x| >= 2^20` (the Cody–Waite `(r, q)` elsewhere), in a branch so
/// that smaller arguments do not pay for it.
pub(crate) fn reduce_where_large(o: &mut Ir, x: H, small: (H, H)) -> (H, H) {
    let r_var = o.b.var_uninit::<f64>(None).handle();
    let q_var = o.b.var_uninit::<f64>(None).handle();
    o.b.push(Statement::Store {
        pointer: r_var,
        value: small.0,
    });
    o.b.push(Statement::Store {
        pointer: q_var,
        value: small.1,
    });
    let ax = o.abs(x);
    let bound = o.c(2f64.powi(20));
    let large = o.bin(B::GreaterEqual, ax, bound);
    let finite = o.finite(x);
    let large = o.and(large, finite);
    o.b.begin_if(KernelValue::from_handle(large));
    let (r, q) = reduce(o, x);
    o.b.push(Statement::Store {
        pointer: r_var,
        value: r,
    });
    o.b.push(Statement::Store {
        pointer: q_var,
        value: q,
    });
    o.b.end_if();
    let r = o.b.append(Expression::Load { pointer: r_var });
    let q = o.b.append(Expression::Load { pointer: q_var });
    (r, q)
}
