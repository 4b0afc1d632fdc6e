//! The error functions `erf` and `erfc` and their inverses. `erf` and `erfc` are fdlibm's
//! `s_erf.c` (as musl and Rust's `libm`): rational approximations on `|x| < 0.84375`, `0.84375 <= |x| < 1.25`, `1.25 <= |x| < 1/0.35`
//! and `1/0.35 <= |x| < 28`, the last two as `exp(-x² - 0.5625 + R/S) / |x|` with `x²` split
//! so that its leading part is exact. The same formulas at both widths (`f32` with fdlibm's
//! coefficients rounded to `f32`, of the same degrees as fdlibm's `s_erff.c`); every branch is
//! computed and the one for `|x|` selected. `erfinv` and `erfcinv` start from Giles'
//! single-precision approximation (an asymptotic form in `erfcinv`'s far tail) and take Newton's
//! steps on `erf` (near zero) or `erfc` (in the tails). `f64` runs as one software routine each
//! (`soft.rs`).

// The coefficients are written as fdlibm publishes them.
#![allow(clippy::excessive_precision)]

use super::ir::{Ir, H};
use super::soft::{self, Routine};
use naga::MathFunction as M;

/// `erx`: `erf(1)` to 24 bits, the constant part on `[0.84375, 1.25)`.
const ERX: f64 = 8.450_629_115_104_675_292_97e-1;
/// `2/sqrt(π) - 1`, for `|x| < 2^-28`.
const EFX: f64 = 1.283_791_670_955_125_738_96e-1;
/// `erf(x) = x + x·P(x²)/Q(x²)` on `|x| < 0.84375`.
const PP: [f64; 5] = [
    1.283_791_670_955_125_585_61e-1,
    -3.250_421_072_470_014_993_70e-1,
    -2.848_174_957_559_851_047_66e-2,
    -5.770_270_296_489_441_591_57e-3,
    -2.376_301_665_665_016_260_84e-5,
];
const QQ: [f64; 6] = [
    1.0,
    3.979_172_239_591_553_528_19e-1,
    6.502_224_998_876_729_444_85e-2,
    5.081_306_281_875_765_627_76e-3,
    1.324_947_380_043_216_445_26e-4,
    -3.960_228_278_775_368_123_20e-6,
];
/// `erf(x) = erx + P(s)/Q(s)`, `s = |x| - 1`, on `[0.84375, 1.25)`.
const PA: [f64; 7] = [
    -2.362_118_560_752_659_440_77e-3,
    4.148_561_186_837_483_316_66e-1,
    -3.722_078_760_357_013_238_47e-1,
    3.183_466_199_011_617_536_74e-1,
    -1.108_946_942_823_966_774_76e-1,
    3.547_830_432_561_823_593_71e-2,
    -2.166_375_594_868_790_843_00e-3,
];
const QA: [f64; 7] = [
    1.0,
    1.064_208_804_008_442_282_86e-1,
    5.403_979_177_021_710_489_37e-1,
    7.182_865_441_419_626_628_68e-2,
    1.261_712_198_087_616_421_12e-1,
    1.363_708_391_202_905_073_62e-2,
    1.198_449_984_679_910_741_70e-2,
];
/// `erfc(x) = exp(-x² - 0.5625 + R(s)/S(s)) / x`, `s = 1/x²`, on `[1.25, 1/0.35)`.
const RA: [f64; 8] = [
    -9.864_944_034_847_148_227_05e-3,
    -6.938_585_727_071_817_643_72e-1,
    -1.055_862_622_532_329_098_14e1,
    -6.237_533_245_032_600_603_96e1,
    -1.623_966_694_625_734_703_55e2,
    -1.846_050_929_067_110_359_94e2,
    -8.128_743_550_630_659_342_46e1,
    -9.814_329_344_169_145_485_92,
];
const SA: [f64; 9] = [
    1.0,
    1.965_127_166_743_925_712_92e1,
    1.376_577_541_435_190_426_00e2,
    4.345_658_774_752_292_288_21e2,
    6.453_872_717_332_678_803_36e2,
    4.290_081_400_275_678_333_86e2,
    1.086_350_055_417_794_351_34e2,
    6.570_249_770_319_281_701_35,
    -6.042_441_521_485_809_874_38e-2,
];
/// The same on `[1/0.35, 28)`.
const RB: [f64; 7] = [
    -9.864_942_924_700_099_285_97e-3,
    -7.992_832_376_805_230_065_74e-1,
    -1.775_795_491_775_475_198_89e1,
    -1.606_363_848_558_219_160_62e2,
    -6.375_664_433_683_896_277_22e2,
    -1.025_095_131_611_077_249_54e3,
    -4.835_191_916_086_513_970_19e2,
];
const SB: [f64; 8] = [
    1.0,
    3.033_806_074_348_245_829_24e1,
    3.257_925_129_965_739_188_26e2,
    1.536_729_586_084_436_959_94e3,
    3.199_858_219_508_595_539_08e3,
    2.553_050_406_433_164_425_83e3,
    4.745_285_412_069_553_672_15e2,
    -2.244_095_244_658_581_833_62e1,
];

/// `P(z)/Q(z)` of the innermost interval, `z = x²`.
fn inner(o: &mut Ir, x: H) -> H {
    let z = o.mul(x, x);
    let p = o.poly(z, &PP);
    let q = o.poly(z, &QQ);
    o.div(p, q)
}

/// `P(s)/Q(s)`, `s = |x| - 1`, on `[0.84375, 1.25)`.
fn middle(o: &mut Ir, ax: H) -> H {
    let s = o.addc(ax, -1.0);
    let p = o.poly(s, &PA);
    let q = o.poly(s, &QA);
    o.div(p, q)
}

/// `erfc(ax)` for `ax >= 1.25` (garbage elsewhere, not selected): `exp(-z² - 0.5625) ·
/// exp((z - ax)(z + ax) + R/S) / ax`, `z` being `ax` with its low mantissa bits cleared so
/// that `z²` is exact; the first `exp` reduced in the float's precision (its argument is
/// large), the second small.
fn tail(o: &mut Ir, ax: H) -> H {
    let xx = o.mul(ax, ax);
    let one = o.c(1.0);
    let s = o.div(one, xx);
    let ra = o.poly(s, &RA);
    let sa = o.poly(s, &SA);
    let rsa = o.div(ra, sa);
    let rb = o.poly(s, &RB);
    let sb = o.poly(s, &SB);
    let rsb = o.div(rb, sb);
    let near = o.ltc(ax, 1.0 / 0.35);
    let rs = o.sel(near, rsa, rsb);
    let mask = if o.s.width == 8 {
        0xffff_ffff_0000_0000
    } else {
        0xffff_e000
    };
    let bits = o.bits(ax);
    let mask = o.u(mask);
    let zb = o.bin(naga::BinaryOperator::And, bits, mask);
    let z = o.float_of_bits(zb);
    let zz = o.mul(z, z);
    let a = o.neg(zz);
    let a = o.addc(a, -0.5625);
    let ea = super::compose::exp_reduced(o, a);
    let d = o.sub(z, ax);
    let e = o.add(z, ax);
    let b = o.mul(d, e);
    let b = o.add(b, rs);
    let eb = o.f(M::Exp, &[b]);
    let r = o.mul(ea, eb);
    o.div(r, ax)
}

/// `erf(x)`.
pub(crate) fn erf(o: &mut Ir, a: &[H]) -> H {
    if o.s.width == 8 {
        return soft::call(o.b, Routine::Erf, a);
    }
    erf_body(o, a)
}

/// `erfc(x)`.
pub(crate) fn erfc(o: &mut Ir, a: &[H]) -> H {
    if o.s.width == 8 {
        return soft::call(o.b, Routine::Erfc, a);
    }
    erfc_body(o, a)
}

/// `erf(x)` at the width of `o`.
pub(crate) fn erf_body(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let ax = o.abs(x);
    // |x| < 2^-28: x + efx·x, scaled by 8 so that a subnormal x keeps its bits.
    let x8 = o.mulc(x, 8.0);
    let ex = o.mulc(x, EFX * 8.0);
    let tiny = o.add(x8, ex);
    let tiny = o.mulc(tiny, 0.125);
    // |x| < 0.84375: x + x·P/Q.
    let y = inner(o, x);
    let xy = o.mul(x, y);
    let small = o.add(x, xy);
    // |x| < 1.25: erx + P/Q.
    let pq = middle(o, ax);
    let mid = o.addc(pq, ERX);
    // |x| < 6: 1 - erfc(|x|).
    let t = tail(o, ax);
    let one = o.c(1.0);
    let far = o.sub(one, t);
    let below_6 = o.ltc(ax, 6.0);
    let big = o.sel(below_6, far, one);
    let below_1_25 = o.ltc(ax, 1.25);
    let big = o.sel(below_1_25, mid, big);
    let big = o.copysign(big, x);
    let below_0_84 = o.ltc(ax, 0.84375);
    let y = o.sel(below_0_84, small, big);
    let below_2_28 = o.ltc(ax, 2f64.powi(-28));
    let y = o.sel(below_2_28, tiny, y);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

/// `erfc(x)` at the width of `o`.
pub(crate) fn erfc_body(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let ax = o.abs(x);
    let one = o.c(1.0);
    let two = o.c(2.0);
    // |x| < 0.84375: 1 - (x + x·P/Q), or 0.5 - (x - 0.5 + x·P/Q) for x in [1/4, 0.84375).
    let y = inner(o, x);
    let xy = o.mul(x, y);
    let s = o.add(x, xy);
    let near = o.sub(one, s);
    let h = o.addc(x, -0.5);
    let h = o.add(h, xy);
    let half = o.c(0.5);
    let quarter = o.sub(half, h);
    let below_quarter = o.ltc(x, 0.25);
    let small = o.sel(below_quarter, near, quarter);
    // |x| < 1.25: 1 - erx - P/Q, or 1 + erx + P/Q for negative x.
    let pq = middle(o, ax);
    let pos = o.c(1.0 - ERX);
    let pos = o.sub(pos, pq);
    let neg = o.addc(pq, 1.0 + ERX);
    let neg_x = o.ltc(x, 0.0);
    let mid = o.sel(neg_x, neg, pos);
    // |x| < 28: the tail, or 2 minus it for negative x (2 from -6 on).
    let t = tail(o, ax);
    let zero = o.c(0.0);
    let below_28 = o.ltc(ax, 28.0);
    let t = o.sel(below_28, t, zero);
    let two_minus = o.sub(two, t);
    let far = o.sel(neg_x, two_minus, t);
    let below_1_25 = o.ltc(ax, 1.25);
    let y = o.sel(below_1_25, mid, far);
    let below_0_84 = o.ltc(ax, 0.84375);
    let y = o.sel(below_0_84, small, y);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

/// Giles' single-precision `erfinv` ("Approximating the erfinv function", GPU Computing Gems):
/// `p(w - 2.5)` for `w < 5`, `p(sqrt(w) - 3)` beyond, `w = -log((1 - y)(1 + y))`.
const GILES_NEAR: [f64; 9] = [
    1.501_409_41,
    0.246_640_727,
    -0.004_177_681_64,
    -0.001_253_725_03,
    0.000_218_580_87,
    -4.391_506_54e-6,
    -3.523_387_7e-6,
    3.432_739_39e-7,
    2.810_226_36e-8,
];
const GILES_FAR: [f64; 9] = [
    2.832_976_82,
    1.001_674_06,
    0.009_438_870_47,
    -0.007_622_461_3,
    0.005_739_507_73,
    -0.003_673_428_44,
    0.001_349_343_22,
    0.000_100_950_558,
    -0.000_200_214_257,
];
/// `√π / 2`, the reciprocal of `erf`'s derivative at 0.
const HALF_SQRT_PI: f64 = 0.886_226_925_452_758;

/// Newton steps after the estimate: the estimates are good to about `f32` precision (`2^-22`
/// relative) except the asymptotic one in the far tail (`2^-9`); each step squares the error.
fn newton_steps(o: &Ir) -> usize {
    if o.s.width == 8 {
        3
    } else {
        2
    }
}

/// Giles' estimate of `erfinv(y)` from `w = -log((1 - y)(1 + y))` (valid while `w < 16`).
fn giles(o: &mut Ir, w: H, y: H) -> H {
    let w1 = o.addc(w, -2.5);
    let near = o.poly(w1, &GILES_NEAR);
    let sw = o.sqrt(w);
    let w2 = o.addc(sw, -3.0);
    let far = o.poly(w2, &GILES_FAR);
    let below_5 = o.ltc(w, 5.0);
    let p = o.sel(below_5, near, far);
    o.mul(p, y)
}

/// `(√π/2)·e^(x²)·r`, as two factors `e^(x²/2)` so that it does not overflow where `r` is tiny.
fn newton_scale(o: &mut Ir, x: H, r: H) -> H {
    let xx = o.mul(x, x);
    let half = o.mulc(xx, 0.5);
    let h = super::compose::exp_reduced(o, half);
    let r = o.mulc(r, HALF_SQRT_PI);
    let r = o.mul(r, h);
    o.mul(r, h)
}

/// `erfinv(y)` for `|y| <= 1/2`: Giles' estimate, then Newton's steps on `erf`.
fn inverse_near(o: &mut Ir, y: H) -> H {
    let one = o.c(1.0);
    let a = o.sub(one, y);
    let b = o.add(one, y);
    let ab = o.mul(a, b);
    let l = o.f(M::Log, &[ab]);
    let w = o.neg(l);
    let mut x = giles(o, w, y);
    for _ in 0..newton_steps(o) {
        let e = erf(o, &[x]);
        let r = o.sub(e, y);
        let step = newton_scale(o, x, r);
        x = o.sub(x, step);
    }
    x
}

/// `erfcinv(q)` for `0 < q <= 1/2` (`x >= 0.47`): Giles' estimate from `w = -log(q(2 - q))`
/// while `w < 16`, else the asymptotic `erfc(x) ≈ e^(-x²)/(x√π)·(1 - 1/(2x²))` solved by two
/// fixed-point steps; then Newton's steps on `erfc`, accurate in the tail where `1 - q` is not.
fn inverse_tail(o: &mut Ir, q: H) -> H {
    let one = o.c(1.0);
    let two = o.c(2.0);
    let y = o.sub(one, q);
    let tq = o.sub(two, q);
    let p = o.mul(q, tq);
    let l = o.f(M::Log, &[p]);
    let w = o.neg(l);
    let near = giles(o, w, y);
    let lq = o.f(M::Log, &[q]);
    let big_l = o.neg(lq);
    let mut a = o.sqrt(big_l);
    for _ in 0..2 {
        let xs = o.mulc(a, std::f64::consts::PI.sqrt());
        let lx = o.f(M::Log, &[xs]);
        let aa = o.mul(a, a);
        let inv = o.div(one, aa);
        let corr = o.mulc(inv, -0.5);
        let corr = o.add(one, corr);
        let lc = o.f(M::Log, &[corr]);
        let t = o.sub(big_l, lx);
        let t = o.add(t, lc);
        a = o.sqrt(t);
    }
    let below_16 = o.ltc(w, 16.0);
    let mut x = o.sel(below_16, near, a);
    for _ in 0..newton_steps(o) {
        let e = erfc(o, &[x]);
        let r = o.sub(e, q);
        let step = newton_scale(o, x, r);
        x = o.add(x, step);
    }
    x
}

/// `erfinv(y)`.
pub(crate) fn erfinv(o: &mut Ir, a: &[H]) -> H {
    if o.s.width == 8 {
        return soft::call(o.b, Routine::Erfinv, a);
    }
    erfinv_body(o, a)
}

/// `erfcinv(q)`.
pub(crate) fn erfcinv(o: &mut Ir, a: &[H]) -> H {
    if o.s.width == 8 {
        return soft::call(o.b, Routine::Erfcinv, a);
    }
    erfcinv_body(o, a)
}

/// `erfinv(y)` at the width of `o`: the near form for `|y| <= 1/2`, else `±erfcinv(1 - |y|)`
/// (`1 - |y|` exact there); `±inf` at `±1`, NaN beyond.
pub(crate) fn erfinv_body(o: &mut Ir, a: &[H]) -> H {
    let y = a[0];
    let ay = o.abs(y);
    let near = inverse_near(o, y);
    let one = o.c(1.0);
    let q = o.sub(one, ay);
    let far = inverse_tail(o, q);
    let far = o.copysign(far, y);
    let half = o.c(0.5);
    let is_near = o.bin(naga::BinaryOperator::LessEqual, ay, half);
    let r = o.sel(is_near, near, far);
    let inf = o.c(f64::INFINITY);
    let inf = o.copysign(inf, y);
    let at_one = o.eqc(ay, 1.0);
    let r = o.sel(at_one, inf, r);
    let outside = o.gtc(ay, 1.0);
    let nan = o.nan();
    let r = o.sel(outside, nan, r);
    let is_nan = o.is_nan(y);
    o.sel(is_nan, y, r)
}

/// `erfcinv(q)` at the width of `o`: `erfinv(1 - q)` for `q` in `[1/2, 3/2]` (`1 - q` exact
/// there), else `±` the tail form of `min(q, 2 - q)`; `+inf` at 0, `-inf` at 2, NaN outside.
pub(crate) fn erfcinv_body(o: &mut Ir, a: &[H]) -> H {
    let q = a[0];
    let one = o.c(1.0);
    let two = o.c(2.0);
    let d = o.sub(one, q);
    let near = inverse_near(o, d);
    let mirrored = o.sub(two, q);
    let qq = o.m(M::Min, &[q, mirrored]);
    let far = inverse_tail(o, qq);
    let neg_far = o.neg(far);
    let upper = o.gtc(q, 1.0);
    let far = o.sel(upper, neg_far, far);
    let ad = o.abs(d);
    let half = o.c(0.5);
    let is_near = o.bin(naga::BinaryOperator::LessEqual, ad, half);
    let r = o.sel(is_near, near, far);
    let inf = o.c(f64::INFINITY);
    let zero = o.c(0.0);
    let at_zero = o.eq(q, zero);
    let r = o.sel(at_zero, inf, r);
    let minus_inf = o.neg(inf);
    let at_two = o.eq(q, two);
    let r = o.sel(at_two, minus_inf, r);
    let below = o.lt(q, zero);
    let above = o.gt(q, two);
    let outside = o.or(below, above);
    let nan = o.nan();
    let r = o.sel(outside, nan, r);
    let is_nan = o.is_nan(q);
    o.sel(is_nan, q, r)
}
