//! Double-precision transcendental functions in software, built from the `f64` operations every
//! accelerator with `f64` has (add, multiply, divide, sqrt, floor, `ldexp`, bit casts through
//! `u64`): Vulkan's extended instructions define `exp`, `log`, `sin`, `pow`, … for 32-bit floats
//! only.
//!
//! Each routine is one naga function of the module, built at its first call and called from
//! then on ([`call`]); routines call each other the same way (`sinh` calls `expm1`). The methods
//! are fdlibm's (Sun's freely distributable libm, which musl and Rust's `libm` also follow):
//! Cody–Waite argument reduction with constants whose products with the reduction multiple are
//! exact, then polynomials evaluated by Horner's rule. Nothing relies on a fused multiply-add
//! being fused (Vulkan lets an accelerator round `fma` twice): exactness comes from the split
//! constants. Measured bounds are in docs/LANGUAGE.md ("Precision").
//!
//! Limits, stated where they apply: `sin`, `cos` and `tan` reduce by π/2 in three parts of 33
//! bits, exact for `|x| < 2^20·π/2` (about 1.6e6); beyond that the reduction error grows with
//! `|x|` (no Payne–Hanek reduction).

// The coefficients are written as fdlibm publishes them (their decimal expansions round to the
// intended doubles).
#![allow(clippy::excessive_precision)]

use super::ir::{Ir, H};
use crate::builder::{KernelBuilder, KernelValue};
use naga::{BinaryOperator as B, MathFunction as M};
use std::any::TypeId;

const LN2_HI: f64 = 6.931_471_803_691_238_164_90e-1;
const LN2_LO: f64 = 1.908_214_929_270_587_700_02e-10;
const INV_LN2: f64 = std::f64::consts::LOG2_E;
const LOG10_2_HI: f64 = 0.301_029_995_549_470_2;
const LOG10_2_LO: f64 = 1.145_110_089_802_183_8e-10;

/// `exp(r)` for `|r| <= ln2/2`: fdlibm's `P1..P5` of `R(r²) ≈ r·(e^r + 1)/(e^r - 1) - 2`.
const EXP_P: [f64; 5] = [
    1.666_666_666_666_660_190_37e-1,
    -2.777_777_777_701_559_338_42e-3,
    6.613_756_321_437_934_361_17e-5,
    -1.653_390_220_546_525_153_90e-6,
    4.138_136_797_057_238_460_39e-8,
];
/// `log(1 + f)`: fdlibm's `Lg1..Lg7` of `R(s²)`, `s = f / (2 + f)`.
const LOG_LG: [f64; 7] = [
    6.666_666_666_666_735_130e-1,
    3.999_999_999_940_941_908e-1,
    2.857_142_874_366_239_149e-1,
    2.222_219_843_214_978_396e-1,
    1.818_357_216_161_805_012e-1,
    1.531_383_769_920_937_332e-1,
    1.479_819_860_511_658_591e-1,
];
/// `sin(r)` on `|r| <= π/4`: fdlibm's `S1..S6`.
const SIN_S: [f64; 6] = [
    -1.666_666_666_666_663_243_48e-1,
    8.333_333_333_322_489_461_24e-3,
    -1.984_126_982_985_794_931_34e-4,
    2.755_731_370_707_006_767_89e-6,
    -2.505_076_025_340_686_341_95e-8,
    1.589_690_995_211_550_102_21e-10,
];
/// `cos(r)` on `|r| <= π/4`: fdlibm's `C1..C6`.
const COS_C: [f64; 6] = [
    4.166_666_666_666_660_190_37e-2,
    -1.388_888_888_887_410_957_49e-3,
    2.480_158_728_947_672_941_78e-5,
    -2.755_731_435_139_066_330_35e-7,
    2.087_572_321_298_174_827_90e-9,
    -1.135_964_755_778_819_482_65e-11,
];
/// π/2 in three parts of 33 bits (products with a multiple below 2^20 are exact), and the tail.
const PIO2: [f64; 3] = [
    1.570_796_326_734_125_614_17,
    6.077_100_506_303_965_976_60e-11,
    2.022_266_248_711_166_455_80e-21,
];
const PIO2_TAIL: f64 = 8.478_427_660_368_899_569_97e-32;
/// `atan`: fdlibm's breakpoints' arc tangents (high and low parts) and `aT[0..10]`.
const ATAN_HI: [f64; 4] = [
    4.636_476_090_008_060_935_15e-1,
    std::f64::consts::FRAC_PI_4,
    9.827_937_232_473_290_540_82e-1,
    std::f64::consts::FRAC_PI_2,
];
const ATAN_LO: [f64; 4] = [
    2.269_877_745_296_168_709_24e-17,
    3.061_616_997_868_383_017_93e-17,
    1.390_331_103_123_099_845_16e-17,
    6.123_233_995_736_766_035_87e-17,
];
const ATAN_T: [f64; 11] = [
    3.333_333_333_333_293_180_27e-1,
    -1.999_999_999_987_648_324_76e-1,
    1.428_571_427_250_346_637_11e-1,
    -1.111_111_040_546_235_578_80e-1,
    9.090_887_133_436_506_561_96e-2,
    -7.691_876_205_044_829_994_95e-2,
    6.661_073_137_387_531_206_69e-2,
    -5.833_570_133_790_573_486_45e-2,
    4.976_877_994_615_932_360_17e-2,
    -3.653_157_274_421_691_552_70e-2,
    1.628_582_011_536_578_236_23e-2,
];
const PI_LO: f64 = 1.224_646_799_147_353_207_2e-16;

/// Declares the routines: each one's name, arity and body.
macro_rules! routines {
    ($($name:ident / $label:literal ($arity:literal) => $body:path;)*) => {
        /// A software routine, one naga function per module.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Routine {
            $($name),*
        }
        /// One type per routine: its function's identity in the builder's function cache.
        mod markers {
            $(pub(super) struct $name;)*
        }
        impl Routine {
            fn marker(self) -> TypeId {
                match self {
                    $(Routine::$name => TypeId::of::<markers::$name>()),*
                }
            }
            fn label(self) -> &'static str {
                match self {
                    $(Routine::$name => $label),*
                }
            }
            fn arity(self) -> usize {
                match self {
                    $(Routine::$name => $arity),*
                }
            }
            fn body(self) -> fn(&mut Ir, &[H]) -> H {
                match self {
                    $(Routine::$name => $body),*
                }
            }
        }
    };
}

routines! {
    Exp / "amp_exp_f64" (1) => exp;
    Exp2 / "amp_exp2_f64" (1) => exp2;
    Exp10 / "amp_exp10_f64" (1) => exp10;
    Expm1 / "amp_expm1_f64" (1) => expm1;
    Log / "amp_log_f64" (1) => log;
    Log2 / "amp_log2_f64" (1) => log2;
    Log1p / "amp_log1p_f64" (1) => log1p;
    Sin / "amp_sin_f64" (1) => sin;
    Cos / "amp_cos_f64" (1) => cos;
    Tan / "amp_tan_f64" (1) => tan;
    Atan / "amp_atan_f64" (1) => atan;
    Atan2 / "amp_atan2_f64" (2) => atan2;
    Asin / "amp_asin_f64" (1) => asin;
    Acos / "amp_acos_f64" (1) => acos;
    Sinh / "amp_sinh_f64" (1) => sinh;
    Cosh / "amp_cosh_f64" (1) => cosh;
    Tanh / "amp_tanh_f64" (1) => tanh;
    Asinh / "amp_asinh_f64" (1) => super::hyperbolic::asinh;
    Acosh / "amp_acosh_f64" (1) => super::hyperbolic::acosh;
    Atanh / "amp_atanh_f64" (1) => super::hyperbolic::atanh;
    Pow / "amp_pow_f64" (2) => pow;
    Cbrt / "amp_cbrt_f64" (1) => cbrt;
    Erf / "amp_erf_f64" (1) => super::erf::erf_body;
    Erfc / "amp_erfc_f64" (1) => super::erf::erfc_body;
    Erfinv / "amp_erfinv_f64" (1) => super::erf::erfinv_body;
    Erfcinv / "amp_erfcinv_f64" (1) => super::erf::erfcinv_body;
    Lgamma / "amp_lgamma_f64" (1) => super::gamma::lgamma_body;
    Tgamma / "amp_tgamma_f64" (1) => super::gamma::tgamma_body;
}

impl Routine {
    /// The routine computing the naga math function `fun`, for those Vulkan defines for 32-bit
    /// floats only.
    pub(crate) fn of(fun: M) -> Option<Routine> {
        Some(match fun {
            M::Exp => Routine::Exp,
            M::Exp2 => Routine::Exp2,
            M::Log => Routine::Log,
            M::Log2 => Routine::Log2,
            M::Sin => Routine::Sin,
            M::Cos => Routine::Cos,
            M::Tan => Routine::Tan,
            M::Atan => Routine::Atan,
            M::Atan2 => Routine::Atan2,
            M::Asin => Routine::Asin,
            M::Acos => Routine::Acos,
            M::Sinh => Routine::Sinh,
            M::Cosh => Routine::Cosh,
            M::Tanh => Routine::Tanh,
            M::Asinh => Routine::Asinh,
            M::Acosh => Routine::Acosh,
            M::Atanh => Routine::Atanh,
            M::Pow => Routine::Pow,
            _ => return None,
        })
    }
}

/// Calls routine `r` on the `f64` arguments `args`, building its function on first use.
pub(crate) fn call(b: &mut KernelBuilder, r: Routine, args: &[H]) -> H {
    type V = KernelValue<f64>;
    let body = r.body();
    let run = move |b: &mut KernelBuilder, args: &[H]| -> V {
        let mut o = Ir::new(b, naga::Scalar::F64);
        V::from_handle(body(&mut o, args))
    };
    if r.arity() == 2 {
        let args = (V::from_handle(args[0]), V::from_handle(args[1]));
        b.call_device_fn(r.label(), r.marker(), args, |b, (x, y)| {
            run(b, &[x.handle(), y.handle()])
        })
        .handle()
    } else {
        let args = (V::from_handle(args[0]),);
        b.call_device_fn(r.label(), r.marker(), args, |b, (x,)| run(b, &[x.handle()]))
            .handle()
    }
}

impl Ir<'_> {
    /// Calls another routine.
    fn call(&mut self, r: Routine, args: &[H]) -> H {
        call(self.b, r, args)
    }
    fn inf(&mut self) -> H {
        self.c(f64::INFINITY)
    }
}

/// `e^(x + tail)` for a reduction multiple `k` (a float) and the reduced `hi - lo`: fdlibm's
/// `exp` core, `2^k · (1 - ((lo - r·c / (2 - c)) - hi))`.
fn exp_core(o: &mut Ir, k: H, hi: H, lo: H) -> H {
    let r = o.sub(hi, lo);
    let t = o.mul(r, r);
    let p = o.poly(t, &EXP_P);
    let tp = o.mul(t, p);
    let c = o.sub(r, tp);
    let rc = o.mul(r, c);
    let two = o.c(2.0);
    let den = o.sub(two, c);
    let q = o.div(rc, den);
    let inner = o.sub(lo, q);
    let inner = o.sub(inner, hi);
    let one = o.c(1.0);
    let y = o.sub(one, inner);
    let ki = o.as_i32(k);
    o.scale(y, ki)
}

/// `x` limited to `±limit` (NaN stays NaN through the later arithmetic, and is selected back).
fn limit(o: &mut Ir, x: H, limit: f64) -> H {
    let lo = o.c(-limit);
    let hi = o.c(limit);
    let up = o.m(M::Max, &[x, lo]);
    o.m(M::Min, &[up, hi])
}

/// `e^(x + tail)`, `tail` a small correction (zero for a plain `exp`).
fn exp_tail(o: &mut Ir, x: H, tail: H) -> H {
    let xc = limit(o, x, 1500.0);
    let scaled = o.mulc(xc, INV_LN2);
    let k = o.rint(scaled);
    let kh = o.mulc(k, LN2_HI);
    let hi = o.sub(xc, kh);
    // Opaque: `hi - lo` below must not become `xc - k·(LN2_HI + LN2_LO)` (see `Ir::opaque`).
    let hi = o.opaque(hi);
    let kl = o.mulc(k, LN2_LO);
    let lo = o.sub(kl, tail);
    let y = exp_core(o, k, hi, lo);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

fn exp(o: &mut Ir, a: &[H]) -> H {
    let zero = o.c(0.0);
    exp_tail(o, a[0], zero)
}

fn exp2(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let xc = limit(o, x, 2200.0);
    let k = o.rint(xc);
    let f = o.sub(xc, k);
    let hi = o.mulc(f, std::f64::consts::LN_2);
    let lo = o.c(0.0);
    let y = exp_core(o, k, hi, lo);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

fn exp10(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let xc = limit(o, x, 700.0);
    let scaled = o.mulc(xc, std::f64::consts::LOG2_10);
    let k = o.rint(scaled);
    let kh = o.mulc(k, LOG10_2_HI);
    let t = o.sub(xc, kh);
    let t = o.opaque(t);
    let kl = o.mulc(k, LOG10_2_LO);
    let t = o.sub(t, kl);
    let hi = o.mulc(t, std::f64::consts::LN_10);
    let lo = o.c(0.0);
    let y = exp_core(o, k, hi, lo);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

/// `e^r - 1` for `|r| <= 0.35` by its Taylor series (to `r^17`, below half an ulp).
fn expm1_small(o: &mut Ir, r: H) -> H {
    let mut k = [0.0; 17];
    let mut f = 1.0;
    for (n, slot) in k.iter_mut().enumerate() {
        f *= (n + 1) as f64;
        *slot = 1.0 / f;
    }
    let p = o.poly(r, &k);
    o.mul(r, p)
}

/// `e^x - 1`: `x = k·ln2 + r`, then `2^k·expm1(r) + (2^k - 1)`.
fn expm1(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let xc = limit(o, x, 1500.0);
    let scaled = o.mulc(xc, INV_LN2);
    let k = o.rint(scaled);
    let kh = o.mulc(k, LN2_HI);
    let hi = o.sub(xc, kh);
    let hi = o.opaque(hi);
    let kl = o.mulc(k, LN2_LO);
    let r = o.sub(hi, kl);
    let e = expm1_small(o, r);
    let ki = o.as_i32(k);
    let scaled = o.scale(e, ki);
    let one = o.c(1.0);
    let p = o.scale(one, ki);
    let pm1 = o.sub(p, one);
    let y = o.add(scaled, pm1);
    // Where 2^k - 1 is 2^k (and 2^k alone may overflow): 2^k · (e + 1).
    let e1 = o.add(e, one);
    let big = o.scale(e1, ki);
    let is_big = o.gtc(k, 56.0);
    let y = o.sel(is_big, big, y);
    let nan = o.is_nan(x);
    o.sel(nan, x, y)
}

/// `x = 2^k · (1 + f)` with `1 + f` in `[√2/2, √2)`, for a positive finite `x`: `(k, f)`, `k` a
/// float.
fn log_reduce(o: &mut Ir, x: H) -> (H, H) {
    // Subnormals are scaled into the normal range first.
    let tiny = o.ltc(x, f64::MIN_POSITIVE);
    let big = o.mulc(x, 2f64.powi(54));
    let xs = o.sel(tiny, big, x);
    let zero = o.c(0.0);
    let minus54 = o.c(-54.0);
    let k0 = o.sel(tiny, minus54, zero);
    let bits = o.bits(xs);
    let shift = o.u(0x3ff0_0000_0000_0000 - 0x3fe6_a09e_0000_0000);
    let u = o.bin(B::Add, bits, shift);
    let fifty_two = o.u(52);
    let e = o.bin(B::ShiftRight, u, fifty_two);
    let e = o.convert(e, naga::ScalarKind::Sint, 4);
    let e = o.int_to_float(e);
    let e = o.addc(e, -1023.0);
    let k = o.add(k0, e);
    let mask = o.u(0x000f_ffff_ffff_ffff);
    let m = o.bin(B::And, u, mask);
    let base = o.u(0x3fe6_a09e_0000_0000);
    let m = o.bin(B::Add, m, base);
    let m = o.float_of_bits(m);
    let f = o.addc(m, -1.0);
    (k, f)
}

/// `log(1 + f) - f + f²/2` for the reduced `f`: fdlibm's `s·(hfsq + R)`, with `hfsq`.
fn log_tail(o: &mut Ir, f: H) -> (H, H) {
    let ff = o.mul(f, f);
    let hfsq = o.mulc(ff, 0.5);
    let two = o.c(2.0);
    let den = o.add(two, f);
    let s = o.div(f, den);
    let z = o.mul(s, s);
    let w = o.mul(z, z);
    let odd = o.poly(w, &[LOG_LG[1], LOG_LG[3], LOG_LG[5]]);
    let t1 = o.mul(w, odd);
    let even = o.poly(w, &[LOG_LG[0], LOG_LG[2], LOG_LG[4], LOG_LG[6]]);
    let t2 = o.mul(z, even);
    let r = o.add(t1, t2);
    let sum = o.add(hfsq, r);
    let tail = o.mul(s, sum);
    (tail, hfsq)
}

/// The special values of the logarithms: NaN below zero (and for NaN), `-inf` at zero, `+inf` at
/// `+inf`; `y` elsewhere.
fn log_special(o: &mut Ir, x: H, y: H) -> H {
    let zero = o.c(0.0);
    let positive = o.gt(x, zero);
    let nan = o.nan();
    let r = o.sel(positive, y, nan);
    let is_zero = o.eq(x, zero);
    let minus_inf = o.c(f64::NEG_INFINITY);
    let r = o.sel(is_zero, minus_inf, r);
    let inf = o.inf();
    let is_inf = o.eq(x, inf);
    o.sel(is_inf, inf, r)
}

fn log(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let (k, f) = log_reduce(o, x);
    let (tail, hfsq) = log_tail(o, f);
    // k·ln2_hi - ((hfsq - (tail + k·ln2_lo)) - f)
    let klo = o.mulc(k, LN2_LO);
    let inner = o.add(tail, klo);
    let inner = o.sub(hfsq, inner);
    let inner = o.sub(inner, f);
    let khi = o.mulc(k, LN2_HI);
    let y = o.sub(khi, inner);
    log_special(o, x, y)
}

/// `log(1 + f)` of the reduced `f` (`|log(1 + f)| < 0.35`).
fn log_mantissa(o: &mut Ir, f: H) -> H {
    let (tail, hfsq) = log_tail(o, f);
    let d = o.sub(tail, hfsq);
    o.add(f, d)
}

fn log2(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let (k, f) = log_reduce(o, x);
    let lm = log_mantissa(o, f);
    let t = o.mulc(lm, INV_LN2);
    let y = o.add(k, t);
    log_special(o, x, y)
}

/// `log(1 + x)`: fdlibm's `log(1 + f)` of `f = x` itself where `1 + x` is in `[√2/2, √2)`
/// (no rounding of `1 + x` to correct), else `log(1 + x)`, whose rounding is then below half an
/// ulp of the result.
fn log1p(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let direct = log_mantissa(o, x);
    let u = o.addc(x, 1.0);
    let l = o.call(Routine::Log, &[u]);
    let low = o.c(std::f64::consts::FRAC_1_SQRT_2 - 1.0);
    let high = o.c(std::f64::consts::SQRT_2 - 1.0);
    let above = o.bin(B::GreaterEqual, x, low);
    let below = o.lt(x, high);
    let near = o.and(above, below);
    let y = o.sel(near, direct, l);
    let zero = o.c(0.0);
    let is_zero = o.eq(x, zero);
    o.sel(is_zero, x, y)
}

/// `(sin r, cos r)` for `|r| <= π/4` (fdlibm's polynomials; at `f32` the same, with more terms
/// than it needs).
pub(crate) fn sin_cos_kernel(o: &mut Ir, r: H) -> (H, H) {
    let z = o.mul(r, r);
    let v = o.mul(z, r);
    let p = o.poly(z, &SIN_S[1..]);
    let zp = o.mul(z, p);
    let s1 = o.addc(zp, SIN_S[0]);
    let vs = o.mul(v, s1);
    let sin = o.add(r, vs);
    let q = o.poly(z, &COS_C);
    let cr = o.mul(z, q);
    let hz = o.mulc(z, 0.5);
    let one = o.c(1.0);
    let w = o.sub(one, hz);
    let back = o.sub(one, w);
    let back = o.sub(back, hz);
    let zz = o.mul(z, cr);
    let back = o.add(back, zz);
    let cos = o.add(w, back);
    (sin, cos)
}

/// `x = k·π/2 + r`: `(r, quadrant)`, the quadrant `k mod 4` as a float. Cody–Waite's three
/// parts of π/2 while `|x| < 2^20`, Payne–Hanek's reduction (`payne_hanek.rs`) from there.
fn reduce_pio2(o: &mut Ir, x: H) -> (H, H) {
    let scaled = o.mulc(x, std::f64::consts::FRAC_2_PI);
    let k = o.rint(scaled);
    // Each step opaque: a compiler that reassociates would fold the parts back into one
    // rounded π/2 (NVIDIA's gave sin(π) = 0).
    let mut r = x;
    for part in PIO2 {
        let kp = o.mulc(k, part);
        r = o.sub(r, kp);
        r = o.opaque(r);
    }
    let kt = o.mulc(k, PIO2_TAIL);
    let r = o.sub(r, kt);
    let quarter = o.mulc(k, 0.25);
    let fl = o.floor(quarter);
    let four = o.mulc(fl, 4.0);
    let q = o.sub(k, four);
    super::payne_hanek::reduce_where_large(o, x, (r, q))
}

/// `sin(x)` (`cos == false`) or `cos(x)`, by quadrant.
fn sin_or_cos(o: &mut Ir, x: H, cos: bool) -> H {
    let (r, q) = reduce_pio2(o, x);
    let (s, c) = sin_cos_kernel(o, r);
    let q = if cos { o.addc(q, 1.0) } else { q };
    // sin(x) by quadrant: s, c, -s, -c (cos(x) is sin(x + π/2)).
    let ns = o.neg(s);
    let nc = o.neg(c);
    let q1 = o.eqc(q, 1.0);
    let q2 = o.eqc(q, 2.0);
    let q3 = o.eqc(q, 3.0);
    let q4 = o.eqc(q, 4.0);
    let y = o.sel(q1, c, s);
    let y = o.sel(q2, ns, y);
    let y = o.sel(q3, nc, y);
    let y = o.sel(q4, s, y);
    let finite = o.finite(x);
    let nan = o.nan();
    o.sel(finite, y, nan)
}

fn sin(o: &mut Ir, a: &[H]) -> H {
    sin_or_cos(o, a[0], false)
}

fn cos(o: &mut Ir, a: &[H]) -> H {
    sin_or_cos(o, a[0], true)
}

fn tan(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let (r, q) = reduce_pio2(o, x);
    let (s, c) = sin_cos_kernel(o, r);
    let even = o.div(s, c);
    let odd = o.div(c, s);
    let odd = o.neg(odd);
    let q1 = o.eqc(q, 1.0);
    let q3 = o.eqc(q, 3.0);
    let is_odd = o.or(q1, q3);
    let y = o.sel(is_odd, odd, even);
    let finite = o.finite(x);
    let nan = o.nan();
    o.sel(finite, y, nan)
}

/// `atan(x)` for `x >= 0` (or NaN): fdlibm's table of four breakpoints.
fn atan_positive(o: &mut Ir, ax: H) -> H {
    // Each range's t = (ax·a - b) / (c + ax·d) and its breakpoint's arc tangent.
    let ranges: [(f64, [f64; 4], f64, f64); 4] = [
        (0.6875, [2.0, 1.0, 2.0, 1.0], ATAN_HI[0], ATAN_LO[0]),
        (1.1875, [1.0, 1.0, 1.0, 1.0], ATAN_HI[1], ATAN_LO[1]),
        (2.4375, [1.0, 1.5, 1.0, 1.5], ATAN_HI[2], ATAN_LO[2]),
        (f64::INFINITY, [0.0; 4], ATAN_HI[3], ATAN_LO[3]),
    ];
    // From the last range down, so that the lowest matching range wins.
    let mut params = [o.c(1.0), o.c(0.0), o.c(1.0), o.c(0.0)];
    let mut hi = o.c(0.0);
    let mut lo = o.c(0.0);
    let minus_one = o.c(-1.0);
    let last_t = o.div(minus_one, ax);
    let below_last = o.ltc(ax, 2.4375);
    let in_last = o.not(below_last);
    for &(bound, k, h, l) in ranges.iter().rev() {
        let below = if bound.is_finite() {
            o.ltc(ax, bound)
        } else {
            in_last
        };
        for (slot, &v) in params.iter_mut().zip(&k) {
            let c = o.c(v);
            *slot = o.sel(below, c, *slot);
        }
        let h = o.c(h);
        let l = o.c(l);
        hi = o.sel(below, h, hi);
        lo = o.sel(below, l, lo);
    }
    let small = o.ltc(ax, 0.4375);
    let zero = o.c(0.0);
    hi = o.sel(small, zero, hi);
    lo = o.sel(small, zero, lo);
    let one = o.c(1.0);
    let pa = o.sel(small, one, params[0]);
    let pb = o.sel(small, zero, params[1]);
    let pc = o.sel(small, one, params[2]);
    let pd = o.sel(small, zero, params[3]);
    let num = o.mul(ax, pa);
    let num = o.sub(num, pb);
    let den = o.mul(ax, pd);
    let den = o.add(pc, den);
    let t = o.div(num, den);
    let t = o.sel(in_last, last_t, t);
    let z = o.mul(t, t);
    let w = o.mul(z, z);
    let even: Vec<f64> = ATAN_T.iter().step_by(2).copied().collect();
    let odd: Vec<f64> = ATAN_T.iter().skip(1).step_by(2).copied().collect();
    let s1 = o.poly(w, &even);
    let s1 = o.mul(z, s1);
    let s2 = o.poly(w, &odd);
    let s2 = o.mul(w, s2);
    let s = o.add(s1, s2);
    // hi - ((t·s - lo) - t)
    let ts = o.mul(t, s);
    let inner = o.sub(ts, lo);
    let inner = o.sub(inner, t);
    o.sub(hi, inner)
}

fn atan(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let ax = o.abs(x);
    let y = atan_positive(o, ax);
    o.copysign(y, x)
}

fn atan2(o: &mut Ir, a: &[H]) -> H {
    let (y, x) = (a[0], a[1]);
    let ay = o.abs(y);
    let ax = o.abs(x);
    let q = o.div(ay, ax);
    let t = atan_positive(o, q);
    let zero = o.c(0.0);
    // Both infinite: π/4; x zero (y not): π/2; y zero: 0.
    let y_inf = o.is_inf(y);
    let x_inf = o.is_inf(x);
    let both = o.and(y_inf, x_inf);
    let quarter = o.c(std::f64::consts::FRAC_PI_4);
    let t = o.sel(both, quarter, t);
    let x_zero = o.eq(x, zero);
    let half = o.c(std::f64::consts::FRAC_PI_2);
    let t = o.sel(x_zero, half, t);
    let y_zero = o.eq(y, zero);
    let t = o.sel(y_zero, zero, t);
    // x negative (or -0): π - t.
    let one = o.c(1.0);
    let sx = o.copysign(one, x);
    let negative = o.ltc(sx, 0.0);
    let pi_lo = o.c(PI_LO);
    let d = o.sub(t, pi_lo);
    let pi = o.c(std::f64::consts::PI);
    let flipped = o.sub(pi, d);
    let r = o.sel(negative, flipped, t);
    let r = o.copysign(r, y);
    let nx = o.is_nan(x);
    let ny = o.is_nan(y);
    let any = o.or(nx, ny);
    let nan = o.nan();
    o.sel(any, nan, r)
}

/// `sqrt((1 - x)(1 + x))`.
fn cosine_of_asin(o: &mut Ir, x: H) -> H {
    let one = o.c(1.0);
    let a = o.sub(one, x);
    let b = o.add(one, x);
    let p = o.mul(a, b);
    o.sqrt(p)
}

fn asin(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let c = cosine_of_asin(o, x);
    o.call(Routine::Atan2, &[x, c])
}

fn acos(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let c = cosine_of_asin(o, x);
    o.call(Routine::Atan2, &[c, x])
}

fn sinh(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let ax = o.abs(x);
    let t = o.call(Routine::Expm1, &[ax]);
    let one = o.c(1.0);
    let t1 = o.add(t, one);
    let q = o.div(t, t1);
    // |x| < 1: (2t - t²/(t + 1)) / 2; below 22: (t + t/(t + 1)) / 2.
    let tt = o.mul(t, t);
    let q2 = o.div(tt, t1);
    let two_t = o.mulc(t, 2.0);
    let small = o.sub(two_t, q2);
    let small = o.mulc(small, 0.5);
    let mid = o.add(t, q);
    let mid = o.mulc(mid, 0.5);
    let half_x = o.mulc(ax, 0.5);
    let e = o.call(Routine::Exp, &[half_x]);
    let he = o.mulc(e, 0.5);
    let large = o.mul(he, e);
    let is_small = o.ltc(ax, 1.0);
    let is_mid = o.ltc(ax, 22.0);
    let y = o.sel(is_mid, mid, large);
    let y = o.sel(is_small, small, y);
    o.copysign(y, x)
}

fn cosh(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let ax = o.abs(x);
    let t = o.call(Routine::Expm1, &[ax]);
    let one = o.c(1.0);
    let t1 = o.add(t, one);
    let tt = o.mul(t, t);
    let d = o.mulc(t1, 2.0);
    let q = o.div(tt, d);
    let small = o.add(one, q);
    let e = o.call(Routine::Exp, &[ax]);
    let he = o.mulc(e, 0.5);
    let half = o.c(0.5);
    let inv = o.div(half, e);
    let mid = o.add(he, inv);
    let half_x = o.mulc(ax, 0.5);
    let e2 = o.call(Routine::Exp, &[half_x]);
    let he2 = o.mulc(e2, 0.5);
    let large = o.mul(he2, e2);
    let is_small = o.ltc(ax, std::f64::consts::LN_2 / 2.0);
    let is_mid = o.ltc(ax, 22.0);
    let y = o.sel(is_mid, mid, large);
    o.sel(is_small, small, y)
}

fn tanh(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let ax = o.abs(x);
    let two_x = o.mulc(ax, 2.0);
    let t = o.call(Routine::Expm1, &[two_x]);
    let two = o.c(2.0);
    let t2 = o.add(t, two);
    let q = o.div(two, t2);
    let one = o.c(1.0);
    let big = o.sub(one, q);
    let small = o.div(t, t2);
    let is_small = o.ltc(ax, 0.55);
    let y = o.sel(is_small, small, big);
    // Beyond 22, tanh is 1 to double precision (and expm1 may be infinite).
    let huge = o.gtc(ax, 22.0);
    let y = o.sel(huge, one, y);
    let nan = o.is_nan(x);
    let y = o.sel(nan, x, y);
    o.copysign(y, x)
}

/// `a + b` exactly, as `(s, e)` (Knuth's two-sum).
pub(crate) fn two_sum(o: &mut Ir, a: H, b: H) -> (H, H) {
    // Opaque operands: either may be a product a device would fuse into `a + b` here and not
    // into `a - ab` below.
    let a = o.opaque(a);
    let b = o.opaque(b);
    let s = o.add(a, b);
    let s = o.opaque(s);
    let bb = o.sub(s, a);
    let bb = o.opaque(bb);
    let ab = o.sub(s, bb);
    let da = o.sub(a, ab);
    let db = o.sub(b, bb);
    let e = o.add(da, db);
    (s, e)
}

/// `log(x)` for a positive finite `x` as a double-double `(hi, lo)`.
fn log_double(o: &mut Ir, x: H) -> (H, H) {
    let (k, f) = log_reduce(o, x);
    let (tail, _) = log_tail(o, f);
    let (ff, ffe) = o.two_product(f, f);
    let hfsq = o.mulc(ff, 0.5);
    let hfsq_lo = o.mulc(ffe, 0.5);
    let khi = o.mulc(k, LN2_HI);
    let (s1, e1) = two_sum(o, khi, f);
    let nh = o.neg(hfsq);
    let (s2, e2) = two_sum(o, s1, nh);
    let klo = o.mulc(k, LN2_LO);
    let lo = o.add(e1, e2);
    let lo = o.sub(lo, hfsq_lo);
    let lo = o.add(lo, tail);
    let lo = o.add(lo, klo);
    two_sum(o, s2, lo)
}

/// C's `pow`: `e^(y·log|x|)` with `log|x|` and the product in double-double, and C99's special
/// cases.
fn pow(o: &mut Ir, a: &[H]) -> H {
    let (x, y) = (a[0], a[1]);
    let ax = o.abs(x);
    let (lh, ll) = log_double(o, ax);
    let (p, pe) = o.two_product(y, lh);
    let yl = o.mul(y, ll);
    let tail = o.add(pe, yl);
    let (zh, zl) = two_sum(o, p, tail);
    let r = exp_tail(o, zh, zl);
    // log|x| infinite (x zero or infinite): the product alone decides.
    let finite_log = o.finite(lh);
    let direct = o.call(Routine::Exp, &[p]);
    let direct = o.sel(finite_log, r, direct);
    let zero_x = o.c(0.0);
    let is_zero = o.eq(ax, zero_x);
    let inf = o.inf();
    let y_neg = o.ltc(y, 0.0);
    let at_zero = o.sel(y_neg, inf, zero_x);
    let is_inf_x = o.is_inf(x);
    let at_inf = o.sel(y_neg, zero_x, inf);
    let r = o.sel(is_zero, at_zero, direct);
    let r = o.sel(is_inf_x, at_inf, r);
    // Infinite y: 0 or inf by |x| against 1 (1 at |x| == 1).
    let one = o.c(1.0);
    let y_inf = o.is_inf(y);
    let x_big = o.gt(ax, one);
    let y_pos = o.gtc(y, 0.0);
    let grows = o.bin(B::Equal, x_big, y_pos);
    let by_inf = o.sel(grows, inf, zero_x);
    let r = o.sel(y_inf, by_inf, r);
    // The sign: negative x to an odd integer power.
    let fy = o.floor(y);
    let y_int = o.eq(fy, y);
    let half = o.mulc(y, 0.5);
    let fh = o.floor(half);
    let twice = o.mulc(fh, 2.0);
    let even = o.eq(twice, y);
    let odd = o.not(even);
    let odd = o.and(y_int, odd);
    let sx = o.copysign(one, x);
    let x_neg = o.ltc(sx, 0.0);
    let flip = o.and(odd, x_neg);
    let nr = o.neg(r);
    let r = o.sel(flip, nr, r);
    // Negative finite x to a finite non-integer power: NaN.
    let x_below = o.ltc(x, 0.0);
    let x_fin = o.finite(x);
    let y_fin = o.finite(y);
    let not_int = o.not(y_int);
    let bad = o.and(x_below, x_fin);
    let bad = o.and(bad, y_fin);
    let bad = o.and(bad, not_int);
    let nan = o.nan();
    let r = o.sel(bad, nan, r);
    // NaN operands, then the cases that are 1 even with NaN: y == 0, x == 1, x == -1 with y
    // infinite.
    let nx = o.is_nan(x);
    let ny = o.is_nan(y);
    let any = o.or(nx, ny);
    let r = o.sel(any, nan, r);
    let y0 = o.eqc(y, 0.0);
    let x1 = o.eqc(x, 1.0);
    let xm1 = o.eqc(x, -1.0);
    let xm1 = o.and(xm1, y_inf);
    let unit = o.or(y0, x1);
    let unit = o.or(unit, xm1);
    o.sel(unit, one, r)
}

/// The cube root: `2^(log2|x| / 3)` refined by one Newton step `(2y + x/y²) / 3`.
fn cbrt(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let ax = o.abs(x);
    let l = o.call(Routine::Log2, &[ax]);
    let third = o.mulc(l, 1.0 / 3.0);
    let y = o.call(Routine::Exp2, &[third]);
    let yy = o.mul(y, y);
    let q = o.div(ax, yy);
    let d = o.sub(y, q);
    let d = o.mulc(d, 1.0 / 3.0);
    let y = o.sub(y, d);
    let y = o.copysign(y, x);
    let zero = o.c(0.0);
    let is_zero = o.eq(x, zero);
    let finite = o.finite(x);
    let normal = o.not(is_zero);
    let normal = o.and(normal, finite);
    o.sel(normal, y, x)
}
