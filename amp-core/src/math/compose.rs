//! The `precise_math` functions composed from others, for `f32` (from the accelerator's own
//! single-precision functions) and `f64` (from the software routines of `soft.rs`): the same
//! formulas at both widths unless a comment says otherwise. Bit manipulations read the float's
//! bits as the unsigned integer of its width.

use super::ir::{Ir, H};
use super::soft::{self, Routine};
use naga::{BinaryOperator as B, MathFunction as M, ScalarKind};

impl Ir<'_> {
    /// A math function at this width: the accelerator's, or the software routine for `f64`.
    pub(crate) fn f(&mut self, fun: M, args: &[H]) -> H {
        super::math(self.b, fun, args, self.s)
    }
    fn wide(&self) -> bool {
        self.s.width == 8
    }
    /// Mantissa bits (without the implicit one), exponent bias.
    fn format(&self) -> (u32, i32) {
        if self.wide() {
            (52, 1023)
        } else {
            (23, 127)
        }
    }
    /// The smallest positive normal value.
    fn min_normal(&self) -> f64 {
        if self.wide() {
            f64::MIN_POSITIVE
        } else {
            f64::from(f32::MIN_POSITIVE)
        }
    }
    /// An `i32` literal.
    pub(crate) fn int(&mut self, v: i32) -> H {
        self.b.literal_expr(naga::Literal::I32(v))
    }
    /// `a · b` exactly, as `(p, e)` with `p + e = a · b` (Dekker's product: no fused
    /// multiply-add needed). Each factor is split by masking its low mantissa bits, not by
    /// Veltkamp's `c - (c - v)`, which a compiler that rewrites float algebra would fold to `v`.
    pub(crate) fn two_product(&mut self, a: H, b: H) -> (H, H) {
        let low_bits: u64 = if self.wide() {
            (1 << 27) - 1
        } else {
            (1 << 12) - 1
        };
        let full = if self.wide() {
            u64::MAX
        } else {
            u64::from(u32::MAX)
        };
        let split = |o: &mut Self, v: H| {
            let bits = o.bits(v);
            let mask = o.u(full & !low_bits);
            let hi = o.bin(B::And, bits, mask);
            let hi = o.float_of_bits(hi);
            let lo = o.sub(v, hi);
            (hi, lo)
        };
        // `p` is opaque so that no use of it can be fused with its multiply: a device that
        // contracts `a·b + c` would otherwise add the unrounded product where the error term
        // below assumes the rounded one.
        let p = self.mul(a, b);
        let p = self.opaque(p);
        let (ah, al) = split(self, a);
        let (bh, bl) = split(self, b);
        let hh = self.mul(ah, bh);
        let e = self.sub(hh, p);
        let hl = self.mul(ah, bl);
        let e = self.add(e, hl);
        let lh = self.mul(al, bh);
        let e = self.add(e, lh);
        let ll = self.mul(al, bl);
        let e = self.add(e, ll);
        (p, e)
    }
    /// `v` itself, in a form a compiler cannot relate algebraically to the operations that
    /// made it (a NaN's lowest payload bit is set). SPIR-V without `NoContraction` (naga writes
    /// none) lets a driver rewrite float algebra: Mesa's NIR folds `(a + b) - a` to `b`, and
    /// NVIDIA's compiler contracts `a·b + c` and reassociates `(x - k·c₁) - k·c₂` into
    /// `x - k·(c₁ + c₂)`, folding a constant split in two back into one. Compensated sums and
    /// Cody–Waite reductions pass each step through this so that it is computed as written.
    pub(crate) fn opaque(&mut self, v: H) -> H {
        let bits = self.bits(v);
        let nan = self.is_nan(v);
        let one = self.u(1);
        let zero = self.u(0);
        let flag = self.sel(nan, one, zero);
        let bits = self.bin(B::InclusiveOr, bits, flag);
        self.float_of_bits(bits)
    }
    /// The unbiased exponent of a finite nonzero `x` (subnormals included) as an `i32`, and
    /// `x`'s bits scaled into the normal range.
    fn exponent(&mut self, x: H) -> (H, H) {
        let (mant, bias) = self.format();
        let tiny_bound = self.min_normal();
        let ax = self.abs(x);
        let tiny = self.ltc(ax, tiny_bound);
        let up = self.mulc(x, 2f64.powi(mant as i32 + 2));
        let xs = self.sel(tiny, up, x);
        let bits = self.bits(xs);
        let shift = self.u(u64::from(mant));
        let e = self.bin(B::ShiftRight, bits, shift);
        let mask = self.u(if self.wide() { 0x7ff } else { 0xff });
        let e = self.bin(B::And, e, mask);
        let e = self.convert(e, ScalarKind::Sint, 4);
        let adjust = self.int(-bias - mant as i32 - 2);
        let plain = self.int(-bias);
        let adjust = self.sel(tiny, adjust, plain);
        let e = self.bin(B::Add, e, adjust);
        (e, bits)
    }
}

/// `x` where `x` is zero, infinite or NaN, else `y`.
fn pass_specials(o: &mut Ir, x: H, y: H) -> H {
    let zero = o.c(0.0);
    let is_zero = o.eq(x, zero);
    let finite = o.finite(x);
    let normal = o.not(is_zero);
    let normal = o.and(normal, finite);
    o.sel(normal, y, x)
}

/// `cbrt`: `2^(log2|x| / 3)` refined by one Newton step `y - (y - x/y²) / 3`; a subnormal `x`
/// is scaled by 2^24 first and its root by 2^-8 after (the accelerator's `log2` is defined for
/// normal operands only).
pub(crate) fn cbrt(o: &mut Ir, a: &[H]) -> H {
    if o.wide() {
        return soft::call(o.b, Routine::Cbrt, a);
    }
    let x = a[0];
    let ax = o.abs(x);
    let min_normal = o.min_normal();
    let tiny = o.ltc(ax, min_normal);
    let lifted = o.mulc(ax, 2f64.powi(24));
    let ax = o.sel(tiny, lifted, ax);
    let l = o.f(M::Log2, &[ax]);
    let third = o.mulc(l, 1.0 / 3.0);
    let y = o.f(M::Exp2, &[third]);
    let yy = o.mul(y, y);
    let q = o.div(ax, yy);
    let d = o.sub(y, q);
    let d = o.mulc(d, 1.0 / 3.0);
    let y = o.sub(y, d);
    let lowered = o.mulc(y, 2f64.powi(-8));
    let y = o.sel(tiny, lowered, y);
    let y = o.copysign(y, x);
    pass_specials(o, x, y)
}

/// `x = k·c + r` by Cody–Waite for `f32` (`c = hi + lo`, `hi` of 12 bits so that `k·hi` is
/// exact): `(k, r)`, `k` a float.
fn reduce_f32(o: &mut Ir, x: H, inv: f64, hi: f64, lo: f64) -> (H, H) {
    let scaled = o.mulc(x, inv);
    let k = o.rint(scaled);
    let kh = o.mulc(k, hi);
    let r = o.sub(x, kh);
    let kl = o.mulc(k, lo);
    let r = o.sub(r, kl);
    (k, r)
}

/// `ln 2` and `log10 2` in a 12-bit high part and the rest, for [`reduce_f32`].
const LN2_F32: (f64, f64) = (0.693_115_234_375, 3.194_618_494_530_941_5e-5);
const LOG10_2_F32: (f64, f64) = (0.301_025_390_625, 4.605_038_981_195_214e-6);

/// `x` limited to `±limit` (a NaN is selected back by the caller).
fn limit(o: &mut Ir, x: H, limit: f64) -> H {
    let lo = o.c(-limit);
    let hi = o.c(limit);
    let up = o.m(M::Max, &[x, lo]);
    o.m(M::Min, &[up, hi])
}

/// `expm1`: for `f32`, `x = k·ln2 + r`, the Taylor series of `e^r - 1` (`|r| <= 0.35`), then
/// `2^k·expm1(r) + (2^k - 1)` (or `2^k·(expm1(r) + 1)` where `2^k - 1` rounds to `2^k`).
pub(crate) fn expm1(o: &mut Ir, a: &[H]) -> H {
    if o.wide() {
        return soft::call(o.b, Routine::Expm1, a);
    }
    let x = a[0];
    let xc = limit(o, x, 200.0);
    let (k, r) = reduce_f32(o, xc, std::f64::consts::LOG2_E, LN2_F32.0, LN2_F32.1);
    let mut coef = [0.0; 9];
    let mut f = 1.0;
    for (n, slot) in coef.iter_mut().enumerate() {
        f *= (n + 1) as f64;
        *slot = 1.0 / f;
    }
    let p = o.poly(r, &coef);
    let e = o.mul(r, p);
    let ki = o.as_i32(k);
    let scaled = o.scale(e, ki);
    let one = o.c(1.0);
    let pk = o.scale(one, ki);
    let pm1 = o.sub(pk, one);
    let y = o.add(scaled, pm1);
    let e1 = o.add(e, one);
    let big = o.scale(e1, ki);
    let is_big = o.gtc(k, 26.0);
    let y = o.sel(is_big, big, y);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

/// `e^x` within a few ulps at any `x`: the software routine for `f64`; for `f32`, `x = k·ln2 +
/// r` by Cody–Waite, then `2^k · e^r` (Vulkan bounds `exp` by `3 + 2·|x|` ulp, which grows with
/// `|x|`; `|r| <= ln2/2` keeps it at a few).
pub(crate) fn exp_reduced(o: &mut Ir, x: H) -> H {
    if o.wide() {
        return soft::call(o.b, Routine::Exp, &[x]);
    }
    let xc = limit(o, x, 200.0);
    let (k, r) = reduce_f32(o, xc, std::f64::consts::LOG2_E, LN2_F32.0, LN2_F32.1);
    let e = o.f(M::Exp, &[r]);
    let ki = o.as_i32(k);
    let y = o.scale(e, ki);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

/// `log1p`: for `f32`, `2·atanh(s)` of `s = x / (2 + x)` by its series where `|x| < 0.29`
/// (`1 + x` is not rounded there), else `log(1 + x)`.
pub(crate) fn log1p(o: &mut Ir, a: &[H]) -> H {
    if o.wide() {
        return soft::call(o.b, Routine::Log1p, a);
    }
    let x = a[0];
    let two = o.c(2.0);
    let d = o.add(two, x);
    let s = o.div(x, d);
    let z = o.mul(s, s);
    let p = o.poly(
        z,
        &[1.0, 1.0 / 3.0, 1.0 / 5.0, 1.0 / 7.0, 1.0 / 9.0, 1.0 / 11.0],
    );
    let s2 = o.mulc(s, 2.0);
    let small = o.mul(s2, p);
    let u = o.addc(x, 1.0);
    let large = o.f(M::Log, &[u]);
    let ax = o.abs(x);
    let is_small = o.ltc(ax, 0.29);
    let y = o.sel(is_small, small, large);
    let zero = o.c(0.0);
    let is_zero = o.eq(x, zero);
    let y = o.sel(is_zero, x, y);
    let minus_one = o.eqc(x, -1.0);
    let minus_inf = o.c(f64::NEG_INFINITY);
    let y = o.sel(minus_one, minus_inf, y);
    let below = o.ltc(x, -1.0);
    let nan = o.nan();
    let y = o.sel(below, nan, y);
    let inf = o.c(f64::INFINITY);
    let is_inf = o.eq(x, inf);
    o.sel(is_inf, inf, y)
}

/// `10^x`: the software routine for `f64`; for `f32`, `x = k·log10(2) + r` by
/// Cody–Waite, then `2^k · e^(r·ln10)` (`exp2(x · log2(10))` would carry the rounding of the
/// product into the result, 17 ulp on lavapipe).
pub(crate) fn exp10(o: &mut Ir, a: &[H]) -> H {
    if o.wide() {
        return soft::call(o.b, Routine::Exp10, a);
    }
    if o.s.width == 2 {
        // f16 has too few digits for the split constants: exp2(x · log2(10)).
        let y = o.mulc(a[0], std::f64::consts::LOG2_10);
        return o.f(M::Exp2, &[y]);
    }
    let x = a[0];
    let xc = limit(o, x, 60.0);
    let (k, r) = reduce_f32(
        o,
        xc,
        std::f64::consts::LOG2_10,
        LOG10_2_F32.0,
        LOG10_2_F32.1,
    );
    let t = o.mulc(r, std::f64::consts::LN_10);
    let e = o.f(M::Exp, &[t]);
    let ki = o.as_i32(k);
    let y = o.scale(e, ki);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

/// `sinpi`, `cospi` or `tanpi`: `x = n/2 + f` with `|f| <= 1/4` (exact), then the sine and
/// cosine of `π·f` by the quadrant `n mod 4`.
pub(crate) fn trig_pi(o: &mut Ir, x0: H, which: M) -> H {
    // The period 2 first (exact: `x - 2·rint(x/2)` is in `[-1, 1]`), so that `2x` below
    // cannot overflow.
    let half_x = o.mulc(x0, 0.5);
    let n2 = o.rint(half_x);
    let n2 = o.mulc(n2, 2.0);
    let x = o.sub(x0, n2);
    let twice = o.mulc(x, 2.0);
    let n = o.rint(twice);
    let half = o.mulc(n, 0.5);
    let f = o.sub(x, half);
    let t = o.mulc(f, std::f64::consts::PI);
    // |t| <= π/4: the polynomials, not the device's `sin`/`cos`, whose error Vulkan bounds
    // only absolutely (NVIDIA's f32 `sin` of 1.5e-6 is off by parts per thousand, which
    // `lgamma`'s reflection near 0 showed).
    let (s, c) = soft::sin_cos_kernel(o, t);
    let quarter = o.mulc(n, 0.25);
    let fl = o.floor(quarter);
    let four = o.mulc(fl, 4.0);
    let q = o.sub(n, four);
    let q = if which == M::Cos { o.addc(q, 1.0) } else { q };
    let ns = o.neg(s);
    let nc = o.neg(c);
    let q1 = o.eqc(q, 1.0);
    let q2 = o.eqc(q, 2.0);
    let q3 = o.eqc(q, 3.0);
    let q4 = o.eqc(q, 4.0);
    let sin = o.sel(q1, c, s);
    let sin = o.sel(q2, ns, sin);
    let sin = o.sel(q3, nc, sin);
    let y = if which == M::Tan {
        // tan(π·f) by quadrant parity: s/c, or -c/s.
        let odd_q = o.or(q1, q3);
        let even = o.div(s, c);
        let odd = o.div(c, s);
        let odd = o.neg(odd);
        // At the poles (s = 0): +inf at 1/2 (mod 2), -inf at 3/2, as C's tanpi.
        let zero = o.c(0.0);
        let pole = o.eq(s, zero);
        let inf = o.c(f64::INFINITY);
        let minus_inf = o.c(f64::NEG_INFINITY);
        let pole_value = o.sel(q1, inf, minus_inf);
        let odd = o.sel(pole, pole_value, odd);
        o.sel(odd_q, odd, even)
    } else {
        o.sel(q4, s, sin)
    };
    let finite = o.finite(x0);
    let nan = o.nan();
    let y = o.sel(finite, y, nan);
    if which == M::Cos {
        y
    } else {
        // ±0 keeps its sign.
        let zero = o.c(0.0);
        let is_zero = o.eq(x0, zero);
        o.sel(is_zero, x0, y)
    }
}

/// `logb`: the unbiased exponent as a float; `-inf` at zero, `+inf` at infinities, NaN stays.
pub(crate) fn logb(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let (e, _) = o.exponent(x);
    let y = o.int_to_float(e);
    let zero = o.c(0.0);
    let is_zero = o.eq(x, zero);
    let minus_inf = o.c(f64::NEG_INFINITY);
    let y = o.sel(is_zero, minus_inf, y);
    let inf = o.c(f64::INFINITY);
    let is_inf = o.is_inf(x);
    let y = o.sel(is_inf, inf, y);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

/// `ilogb`: the unbiased exponent as an `i32`; `i32::MIN` for zero and NaN, `i32::MAX` for
/// infinities (the values of `FP_ILOGB0`, `FP_ILOGBNAN` and `INT_MAX` of glibc and Rust's
/// `libm`).
pub(crate) fn ilogb(o: &mut Ir, x: H) -> H {
    let (e, _) = o.exponent(x);
    let zero = o.c(0.0);
    let is_zero = o.eq(x, zero);
    let nan = o.is_nan(x);
    let low = o.or(is_zero, nan);
    let min = o.int(i32::MIN);
    let e = o.sel(low, min, e);
    let is_inf = o.is_inf(x);
    let max = o.int(i32::MAX);
    o.sel(is_inf, max, e)
}

/// `frexp`: `(m, e)` with `x = m · 2^e`, `|m|` in `[0.5, 1)`; `(x, 0)` for zero, infinities and
/// NaN.
pub(crate) fn frexp(o: &mut Ir, x: H) -> (H, H) {
    let (e, bits) = o.exponent(x);
    // The mantissa: the scaled bits with the exponent field of 0.5.
    let field = o.u(if o.wide() {
        0x800f_ffff_ffff_ffff
    } else {
        0x807f_ffff
    });
    let keep = o.bin(B::And, bits, field);
    let half = o.u(if o.wide() {
        0x3fe0_0000_0000_0000
    } else {
        0x3f00_0000
    });
    let m = o.bin(B::InclusiveOr, keep, half);
    let m = o.float_of_bits(m);
    let one = o.int(1);
    let e = o.bin(B::Add, e, one);
    let m = pass_specials(o, x, m);
    let zero = o.c(0.0);
    let is_zero = o.eq(x, zero);
    let finite = o.finite(x);
    let normal = o.not(is_zero);
    let normal = o.and(normal, finite);
    let zero_i = o.int(0);
    let e = o.sel(normal, e, zero_i);
    (m, e)
}

/// `x · 2^n` for an `i32` `n`, rounded once (`ldexp`, `scalbn`).
pub(crate) fn ldexp(o: &mut Ir, x: H, n: H) -> H {
    let lo = o.int(-2200);
    let hi = o.int(2200);
    let n = o.m(M::Clamp, &[n, lo, hi]);
    o.scale(x, n)
}

/// `modf`: `(x - trunc(x), trunc(x))`, the fraction with `x`'s sign (`±0` for integers and
/// infinities).
pub(crate) fn modf(o: &mut Ir, x: H) -> (H, H) {
    let t = o.trunc(x);
    let f = o.sub(x, t);
    let is_inf = o.is_inf(x);
    let zero = o.c(0.0);
    let f = o.sel(is_inf, zero, f);
    let f = o.copysign(f, x);
    let nan = o.is_nan(x);
    let f = o.sel(nan, x, f);
    (f, t)
}

/// `nextafter(x, y)`: the float after `x` in the direction of `y`.
pub(crate) fn nextafter(o: &mut Ir, a: &[H]) -> H {
    let (x, y) = (a[0], a[1]);
    let bits = o.bits(x);
    let one = o.u(1);
    let up = o.bin(B::Add, bits, one);
    let down = o.bin(B::Subtract, bits, one);
    // Away from zero when moving toward y increases |x|.
    let toward_up = o.lt(x, y);
    let zero = o.c(0.0);
    let positive = o.gt(x, zero);
    let away = o.bin(B::Equal, toward_up, positive);
    let stepped = o.sel(away, up, down);
    let r = o.float_of_bits(stepped);
    // From zero: the smallest subnormal with y's sign.
    let tiny = o.float_of_bits(one);
    let tiny = o.copysign(tiny, y);
    let is_zero = o.eq(x, zero);
    let r = o.sel(is_zero, tiny, r);
    let same = o.eq(x, y);
    let r = o.sel(same, y, r);
    let nx = o.is_nan(x);
    let ny = o.is_nan(y);
    let any = o.or(nx, ny);
    let nan = o.nan();
    o.sel(any, nan, r)
}

/// IEEE `remainder(x, y)`, exact for every input, and the low three bits of the quotient it
/// rounded to (an `i32`, 0 to 7; 0 where the result is NaN). `r = |x| mod 8|y|` by the exact
/// float `%` (`remainder.rs`; `|x|` itself where `8|y|` overflows), then `4|y|`, `2|y|` and
/// `|y|` taken off where they fit (each subtraction exact, by Sterbenz's lemma): `r = |x| mod
/// |y|` and the three bits of the truncated quotient. Then to the nearest: `r - |y|` where `r`
/// is past half of `|y|`, or at half with an odd quotient (ties to even); the result has `x`'s
/// sign (a zero too).
pub(crate) fn remainder(o: &mut Ir, x: H, y: H) -> (H, H) {
    let ax = o.abs(x);
    let ay = o.abs(y);
    let ay8 = o.mulc(ay, 8.0);
    let mut r = super::remainder::fmod(o.b, ax, ay8, o.s);
    let mut q = o.int(0);
    for bit in [4, 2, 1] {
        let m = o.mulc(ay, f64::from(bit));
        let fits = o.bin(B::GreaterEqual, r, m);
        let less = o.sub(r, m);
        r = o.sel(fits, less, r);
        let k = o.int(bit);
        let more = o.bin(B::Add, q, k);
        q = o.sel(fits, more, q);
    }
    let rest = o.sub(ay, r);
    let over = o.gt(r, rest);
    let tie = o.eq(r, rest);
    let one = o.int(1);
    let low = o.bin(B::And, q, one);
    let odd = o.bin(B::Equal, low, one);
    let tie_odd = o.and(tie, odd);
    let up = o.or(over, tie_odd);
    let back = o.sub(r, ay);
    let r = o.sel(up, back, r);
    let next = o.bin(B::Add, q, one);
    let seven = o.int(7);
    let next = o.bin(B::And, next, seven);
    let q = o.sel(up, next, q);
    let negative = super::special::sign_of(o.b, x, o.s);
    let flipped = o.neg(r);
    let r = o.sel(negative, flipped, r);
    (r, q)
}

/// `remquo`'s quotient from [`remainder`]'s three bits `q`: with the sign of `x / y` (`x`'s
/// sign times `y`'s), 0 where the remainder `r` is NaN.
pub(crate) fn quotient_bits(o: &mut Ir, x: H, y: H, q: H, r: H) -> H {
    let sx = super::special::sign_of(o.b, x, o.s);
    let sy = super::special::sign_of(o.b, y, o.s);
    let negative = o.bin(B::NotEqual, sx, sy);
    let neg = o.b.append(naga::Expression::Unary {
        op: naga::UnaryOperator::Negate,
        expr: q,
    });
    let q = o.sel(negative, neg, q);
    let nan = super::special::classify(o.b, r, o.s, super::special::Class::Nan);
    let zero = o.int(0);
    o.sel(nan, zero, q)
}

/// Whether `x` is normal: finite, nonzero and not subnormal.
pub(crate) fn isnormal(o: &mut Ir, x: H) -> H {
    let ax = o.abs(x);
    let bound = o.min_normal();
    let bound = o.c(bound);
    let big = o.bin(B::GreaterEqual, ax, bound);
    let finite = o.finite(x);
    o.and(big, finite)
}
