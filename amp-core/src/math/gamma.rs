//! `lgamma` and `tgamma`. `lgamma` is fdlibm's `e_lgamma_r.c` (as musl and Rust's `libm`):
//! polynomials around 1, around the minimum 1.4616… and on `[2, 3]`, the recurrence
//! `lgamma(x + 1) = log(x) + lgamma(x)` down from `[2, 8)`, Stirling's series in `1/x` from 8
//! on, and the reflection `lgamma(-x) = log(π / |x·sin(πx)|) - lgamma(x)` for negative `x`.
//! The same formulas at both widths (`f32` with fdlibm's coefficients rounded to `f32`, of the
//! degrees of fdlibm's `e_lgammaf_r.c`); every interval's value is computed and the one for
//! `|x|` selected. `tgamma` is `±exp(lgamma(x))` with the sign of `Γ` (so its relative error is
//! that of `exp` plus the absolute error of `lgamma`, which grows with `|lgamma(x)|`).
//! `f64` runs as one software routine each (`soft.rs`).

// The coefficients are written as fdlibm publishes them.
#![allow(clippy::excessive_precision)]

use super::ir::{Ir, H};
use super::soft::{self, Routine};
use naga::MathFunction as M;

/// The abscissa of Γ's minimum, and `lgamma` there (with its low part).
const TC: f64 = 1.461_632_144_968_362_245_76;
const TF: f64 = -1.214_862_905_358_496_114_61e-1;
const TT: f64 = -3.638_676_997_039_505_365_41e-18;
/// `lgamma(1 + y)`-style polynomial near 1 and 2: even and odd coefficients `A0..A11`.
const A_EVEN: [f64; 6] = [
    7.721_566_490_153_286_554_94e-2,
    6.735_230_105_312_926_818_24e-2,
    7.385_550_860_814_028_839_57e-3,
    1.192_707_631_833_620_678_45e-3,
    2.208_627_907_139_083_855_57e-4,
    2.521_445_654_512_573_269_39e-5,
];
const A_ODD: [f64; 6] = [
    3.224_670_334_241_135_916_11e-1,
    2.058_080_843_251_673_328_06e-2,
    2.890_513_836_734_156_290_91e-3,
    5.100_697_921_535_113_366_08e-4,
    1.080_115_672_475_839_399_54e-4,
    4.486_409_496_189_151_601_50e-5,
];
/// Around the minimum: `T0..T14`, in three interleaved parts.
const T: [f64; 15] = [
    4.838_361_227_238_100_470_42e-1,
    -1.475_877_229_945_939_117_52e-1,
    6.462_494_023_913_338_547_78e-2,
    -3.278_854_107_598_596_495_65e-2,
    1.797_067_508_118_203_871_26e-2,
    -1.031_422_412_983_414_374_50e-2,
    6.100_538_702_462_913_326_35e-3,
    -3.684_520_167_811_382_567_60e-3,
    2.259_647_809_006_124_722_50e-3,
    -1.403_464_699_892_328_438_13e-3,
    8.810_818_824_376_540_113_82e-4,
    -5.385_953_053_567_405_467_15e-4,
    3.156_320_709_036_259_503_61e-4,
    -3.127_541_683_751_208_605_18e-4,
    3.355_291_926_355_190_735_43e-4,
];
/// Near 1: `U0..U5` over `1, V1..V5`.
const U: [f64; 6] = [
    -7.721_566_490_153_286_554_94e-2,
    6.328_270_640_250_933_665_17e-1,
    1.454_922_501_372_347_687_37,
    9.777_175_279_633_727_456_03e-1,
    2.289_637_280_646_924_510_92e-1,
    1.338_109_185_367_876_603_77e-2,
];
const V: [f64; 6] = [
    1.0,
    2.455_977_937_130_411_348_22,
    2.128_489_763_798_933_953_61,
    7.692_851_504_566_727_838_25e-1,
    1.042_226_455_933_691_342_54e-1,
    3.217_092_422_824_239_118_10e-3,
];
/// On `[2, 3)`: `S0..S6` over `1, R1..R6`.
const S: [f64; 7] = [
    -7.721_566_490_153_286_554_94e-2,
    2.149_824_159_606_088_525_01e-1,
    3.257_787_964_089_309_817_87e-1,
    1.463_504_726_524_644_528_05e-1,
    2.664_227_030_336_386_095_60e-2,
    1.840_284_514_073_377_156_52e-3,
    3.194_753_265_841_008_676_17e-5,
];
const R: [f64; 7] = [
    1.0,
    1.392_005_334_676_210_459_58,
    7.219_355_475_671_380_695_25e-1,
    1.719_338_656_328_030_789_93e-1,
    1.864_591_917_156_529_013_44e-2,
    7.779_424_963_818_935_964_34e-4,
    7.326_684_307_446_256_361_89e-6,
];
/// Stirling's series from 8 on: `W0`, then `W1..W6` in `1/x²`.
const W0: f64 = 4.189_385_332_046_727_250_52e-1;
const W: [f64; 6] = [
    8.333_333_333_333_296_788_49e-2,
    -2.777_777_777_287_755_364_70e-3,
    7.936_505_586_430_195_585_00e-4,
    -5.951_875_574_503_399_631_35e-4,
    8.363_399_189_962_821_391_26e-4,
    -1.630_929_340_965_752_739_89e-3,
];

/// `lgamma(x)`.
pub(crate) fn lgamma(o: &mut Ir, a: &[H]) -> H {
    if o.s.width == 8 {
        return soft::call(o.b, Routine::Lgamma, a);
    }
    lgamma_body(o, a)
}

/// `tgamma(x)`.
pub(crate) fn tgamma(o: &mut Ir, a: &[H]) -> H {
    if o.s.width == 8 {
        return soft::call(o.b, Routine::Tgamma, a);
    }
    tgamma_body(o, a)
}

/// `lgamma(x)` at the width of `o`.
pub(crate) fn lgamma_body(o: &mut Ir, a: &[H]) -> H {
    lgamma_signed(o, a[0]).0
}

/// `Γ(x)`: `±exp(lgamma(x))`; `±inf` at `±0`, NaN at the negative integers and `-inf`.
pub(crate) fn tgamma_body(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let (l, negative) = lgamma_signed(o, x);
    let e = super::compose::exp_reduced(o, l);
    let minus = o.neg(e);
    let y = o.sel(negative, minus, e);
    // Poles: ±inf at ±0 (by the sign of the zero), NaN at the negative integers and -inf.
    let zero = o.c(0.0);
    let is_zero = o.eq(x, zero);
    let inf = o.c(f64::INFINITY);
    let signed_inf = o.copysign(inf, x);
    let y = o.sel(is_zero, signed_inf, y);
    let whole = o.floor(x);
    let integral = o.eq(whole, x);
    let below = o.lt(x, zero);
    let pole = o.and(integral, below);
    let nan = o.nan();
    o.sel(pole, nan, y)
}

/// `(lgamma(x), Γ(x) < 0)`.
fn lgamma_signed(o: &mut Ir, x: H) -> (H, H) {
    let ax = o.abs(x);
    let one = o.c(1.0);
    let log_ax = o.f(M::Log, &[ax]);
    let minus_log = o.neg(log_ax);

    // |x| < 2: r0 + one of three forms in y.
    let low = o.ltc(ax, 0.900_000_095_367_431_6);
    let y0_low = o.sub(one, ax);
    let two = o.c(2.0);
    let y0_high = o.sub(two, ax);
    let y0 = o.sel(low, y0_low, y0_high);
    let y1_low = o.addc(ax, -(TC - 1.0));
    let y1_high = o.addc(ax, -TC);
    let y1 = o.sel(low, y1_low, y1_high);
    let y2_high = o.addc(ax, -1.0);
    let y2 = o.sel(low, ax, y2_high);
    let case0_low = o.gtc(ax, 0.731_599_807_739_257_8);
    let case0_high = o.gtc(ax, 1.731_631_278_991_699_2);
    let case0 = o.sel(low, case0_low, case0_high);
    let case1_low = o.gtc(ax, 0.231_639_981_269_836_43);
    let case1_high = o.gtc(ax, 1.231_632_232_666_015_6);
    let case1 = o.sel(low, case1_low, case1_high);
    let p0 = near_one_or_two(o, y0);
    let p1 = near_minimum(o, y1);
    let p2 = near_one(o, y2);
    let p = o.sel(case1, p1, p2);
    let p = o.sel(case0, p0, p);
    let zero = o.c(0.0);
    let r0 = o.sel(low, minus_log, zero);
    let r_small = o.add(r0, p);

    // 2 <= |x| < 8: the form on [2, 3) and the recurrence's logarithm.
    let i = o.floor(ax);
    let y = o.sub(ax, i);
    let ps = o.poly(y, &S);
    let ps = o.mul(y, ps);
    let qs = o.poly(y, &R);
    let pq = o.div(ps, qs);
    let half_y = o.mulc(y, 0.5);
    let r = o.add(half_y, pq);
    let mut z = one;
    for j in 2..=6 {
        let yj = o.addc(y, f64::from(j));
        let zy = o.mul(z, yj);
        let take = o.gtc(i, f64::from(j));
        z = o.sel(take, zy, z);
    }
    let lz = o.f(M::Log, &[z]);
    let r_mid = o.add(r, lz);

    // 8 <= |x| < 2^58: (x - 0.5)(log x - 1) + w(1/x); beyond, x (log x - 1).
    let zi = o.div(one, ax);
    let zz = o.mul(zi, zi);
    let w = o.poly(zz, &W);
    let w = o.mul(zi, w);
    let w = o.addc(w, W0);
    let lm1 = o.addc(log_ax, -1.0);
    let xh = o.addc(ax, -0.5);
    let big = o.mul(xh, lm1);
    let big = o.add(big, w);
    let huge = o.mul(ax, lm1);

    let below_2_58 = o.ltc(ax, 2f64.powi(58));
    let r = o.sel(below_2_58, big, huge);
    let below_8 = o.ltc(ax, 8.0);
    let r = o.sel(below_8, r_mid, r);
    let below_2 = o.ltc(ax, 2.0);
    let r = o.sel(below_2, r_small, r);
    // Tiny |x|: -log|x| (below 2^-70 for f64, 2^-21 for f32, as fdlibm: where γ·x is below
    // half an ulp of it, and before x·sin(πx) below can underflow).
    let tiny_bound = if o.s.width == 8 {
        2f64.powi(-70)
    } else {
        2f64.powi(-21)
    };
    let tiny = o.ltc(ax, tiny_bound);
    let r = o.sel(tiny, minus_log, r);
    let is_one = o.eqc(ax, 1.0);
    let is_two = o.eqc(ax, 2.0);
    let exact = o.or(is_one, is_two);
    let r = o.sel(exact, zero, r);

    // x < 0: log(π / |x·sin(πx)|) - lgamma(|x|); +inf at the poles.
    let t = super::compose::trig_pi(o, ax, M::Sin);
    let tx = o.mul(t, ax);
    let atx = o.abs(tx);
    let pi = o.c(std::f64::consts::PI);
    let q = o.div(pi, atx);
    let nadj = o.f(M::Log, &[q]);
    let reflected = o.sub(nadj, r);
    let inf = o.c(f64::INFINITY);
    let at_pole = o.eq(t, zero);
    let reflected = o.sel(at_pole, inf, reflected);
    let negative = o.lt(x, zero);
    let not_tiny = o.not(tiny);
    let reflect = o.and(negative, not_tiny);
    let r = o.sel(reflect, reflected, r);
    // Γ < 0 where x < 0 and sin(π|x|) > 0; at tiny negative x, Γ ≈ 1/x < 0.
    let t_pos = o.gt(t, zero);
    let neg_gamma = o.and(reflect, t_pos);
    let tiny_neg = o.and(negative, tiny);
    let neg_gamma = o.or(neg_gamma, tiny_neg);

    // lgamma(±inf) = +inf, lgamma(NaN) = NaN.
    let is_inf = o.is_inf(x);
    let r = o.sel(is_inf, inf, r);
    let nan = o.is_nan(x);
    (o.sel(nan, x, r), neg_gamma)
}

/// `y·P1(y²) + P2(y²) - y/2` (the fdlibm form near 1 and 2, in `y = 1 - x` or `2 - x`).
fn near_one_or_two(o: &mut Ir, y: H) -> H {
    let z = o.mul(y, y);
    let p1 = o.poly(z, &A_EVEN);
    let p2 = o.poly(z, &A_ODD);
    let p2 = o.mul(z, p2);
    let yp1 = o.mul(y, p1);
    let p = o.add(yp1, p2);
    let hy = o.mulc(y, 0.5);
    o.sub(p, hy)
}

/// `tf + z·P1(w) - (tt - w·(P2(w) + y·P3(w)))`, `z = y²`, `w = y³` (around the minimum).
fn near_minimum(o: &mut Ir, y: H) -> H {
    let z = o.mul(y, y);
    let w = o.mul(z, y);
    let part = |o: &mut Ir, k: usize| -> H {
        let c: Vec<f64> = T.iter().skip(k).step_by(3).copied().collect();
        o.poly(w, &c)
    };
    let p1 = part(o, 0);
    let p2 = part(o, 1);
    let p3 = part(o, 2);
    let yp3 = o.mul(y, p3);
    let s = o.add(p2, yp3);
    let ws = o.mul(w, s);
    let tt = o.c(TT);
    let inner = o.sub(tt, ws);
    let zp1 = o.mul(z, p1);
    let p = o.sub(zp1, inner);
    o.addc(p, TF)
}

/// `-y/2 + y·U(y) / V(y)` (near 1, in `y = x - 1` or `x`).
fn near_one(o: &mut Ir, y: H) -> H {
    let u = o.poly(y, &U);
    let u = o.mul(y, u);
    let v = o.poly(y, &V);
    let q = o.div(u, v);
    let hy = o.mulc(y, 0.5);
    o.sub(q, hy)
}
