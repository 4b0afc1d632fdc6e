//! The host side of the intrinsics and `precise_math` functions declared in this directory
//! (re-exported by `host_math::fns`, where `host_builtin!` finds each by its name). Each
//! computes what the kernel computes: the same operations in the same order, in the value's
//! own type (`HostArith`, `HostFloat`), so that host and kernel agree.

use super::intrinsics::{MadScalar, SignScalar, SignedWord, SingleFloat, UnsignedWord};
use super::Float;
use crate::host_ops::{HostCast, HostNumeric};

/// `x` as an `f64` (exact), for comparisons.
fn wide<T: HostCast<f64>>(x: T) -> f64 {
    x.amp_cast()
}

/// `mad` on the host.
pub fn mad<T: MadScalar>(a: T, b: T, c: T) -> T {
    a.host_mad(b, c)
}
/// `sign` on the host.
pub fn sign<T: SignScalar>(x: T) -> T {
    x.host_sign()
}
/// `imax` on the host.
pub fn imax<T: SignedWord>(x: T, y: T) -> T {
    HostNumeric::max(x, y)
}
/// `imin` on the host.
pub fn imin<T: SignedWord>(x: T, y: T) -> T {
    HostNumeric::min(x, y)
}
/// `umax` on the host.
pub fn umax<T: UnsignedWord>(x: T, y: T) -> T {
    HostNumeric::max(x, y)
}
/// `umin` on the host.
pub fn umin<T: UnsignedWord>(x: T, y: T) -> T {
    HostNumeric::min(x, y)
}
/// `saturate` on the host.
pub fn saturate<T: Float>(x: T) -> T {
    if wide(x) > 0.0 {
        HostNumeric::min(x, T::host_constant(1.0))
    } else {
        T::host_constant(0.0)
    }
}
/// `rcp` on the host.
pub fn rcp<T: Float>(x: T) -> T {
    T::host_constant(1.0).amp_div(x)
}
/// `step` on the host.
pub fn step<T: Float>(y: T, x: T) -> T {
    T::host_constant(if wide(x) >= wide(y) { 1.0 } else { 0.0 })
}
/// `smoothstep` on the host.
pub fn smoothstep<T: Float>(lo: T, hi: T, x: T) -> T {
    let t = saturate(x.amp_sub(lo).amp_div(hi.amp_sub(lo)));
    let k = t
        .amp_mul(T::host_constant(-2.0))
        .amp_add(T::host_constant(3.0));
    t.amp_mul(t).amp_mul(k)
}
/// `radians` on the host.
pub fn radians<T: Float>(x: T) -> T {
    x.amp_mul(T::host_constant(std::f64::consts::PI / 180.0))
}
/// `noise` on the host.
pub fn noise<T: SingleFloat>(x: T) -> T {
    let x: f32 = x.amp_cast();
    T::host_constant(f64::from(super::noise::host_noise(x)))
}

/// The `precise_math` functions on the host for `f32` and `f64`: Rust's `libm` (a port of
/// musl's, within an ulp or two), or the kernel's own reduction where `libm` has no such
/// function (`sinpi`, `cospi`, `tanpi`).
pub trait HostPrecise: Copy {
    /// C's `cbrt`.
    fn host_cbrt(self) -> Self;
    /// C's `expm1`.
    fn host_expm1(self) -> Self;
    /// C's `log1p`.
    fn host_log1p(self) -> Self;
    /// C's `copysign`.
    fn host_copysign(self, y: Self) -> Self;
    /// `sin(π·x)`, `cos(π·x)` or `tan(π·x)` (by `which`: 0, 1, 2).
    fn host_trig_pi(self, which: u8) -> Self;
    /// C's `logb`.
    fn host_logb(self) -> Self;
    /// C's `ilogb`.
    fn host_ilogb(self) -> i32;
    /// C's `nextafter`.
    fn host_nextafter(self, y: Self) -> Self;
    /// C's `remquo`.
    fn host_remquo(self, y: Self) -> (Self, i32);
    /// C's `scalbn`.
    fn host_scalbn(self, n: i32) -> Self;
    /// C's `frexp`.
    fn host_frexp(self) -> (Self, i32);
    /// C's `modf`: (fraction, integral part).
    fn host_modf(self) -> (Self, Self);
    /// `(sin, cos)`.
    fn host_sincos(self) -> (Self, Self);
    /// C's `erf`.
    fn host_erf(self) -> Self;
    /// C's `erfc`.
    fn host_erfc(self) -> Self;
    /// The inverse of `erf`.
    fn host_erfinv(self) -> Self;
    /// The inverse of `erfc`.
    fn host_erfcinv(self) -> Self;
    /// C's `lgamma`.
    fn host_lgamma(self) -> Self;
    /// C's `tgamma`.
    fn host_tgamma(self) -> Self;
}

/// `sin(π·x)` (`which` 0), `cos(π·x)` (1) or `tan(π·x)` (2), by the kernels' reduction: `x =
/// n/2 + f`, `|f| <= 1/4`, then the quadrant `n mod 4`.
fn trig_pi(x: f64, which: u8, sin: fn(f64) -> f64, cos: fn(f64) -> f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let x0 = x;
    let x = x - 2.0 * (x * 0.5).round_ties_even();
    let n = (2.0 * x).round_ties_even();
    let f = x - n * 0.5;
    let t = f * std::f64::consts::PI;
    let (s, c) = (sin(t), cos(t));
    let q = n - 4.0 * (n * 0.25).floor();
    let r = match which {
        2 => {
            if s == 0.0 && (q == 1.0 || q == 3.0) {
                if q == 1.0 {
                    f64::INFINITY
                } else {
                    f64::NEG_INFINITY
                }
            } else if q == 1.0 || q == 3.0 {
                -(c / s)
            } else {
                s / c
            }
        }
        _ => {
            let q = if which == 1 { q + 1.0 } else { q };
            match q as i32 {
                1 => c,
                2 => -s,
                3 => -c,
                _ => s,
            }
        }
    };
    if which != 1 && x0 == 0.0 {
        x0
    } else {
        r
    }
}

/// `erfinv` in `f64`: for `|y| <= 1/2`, Newton's steps on `libm`'s `erf` from the first
/// terms of its series; beyond, `±erfcinv(1 - |y|)` (exact argument).
fn erfinv_f64(y: f64) -> f64 {
    let ay = y.abs();
    if y.is_nan() || ay > 1.0 {
        return f64::NAN;
    }
    if ay == 1.0 {
        return f64::INFINITY.copysign(y);
    }
    if ay > 0.5 {
        return erfc_tail_inverse(1.0 - ay).copysign(y);
    }
    let half_sqrt_pi = std::f64::consts::PI.sqrt() / 2.0;
    // erf(x) = 2/√π (x - x³/3 + …): the series' first two terms inverted.
    let t = half_sqrt_pi * y;
    let mut x = t + t * t * t / 3.0;
    for _ in 0..6 {
        x -= (libm::erf(x) - y) * half_sqrt_pi * (x * x).exp();
    }
    x
}

/// `erfcinv` in `f64`: `erfinv(1 - q)` for `q` in `[1/2, 3/2]`, else `±` the tail inverse of
/// `min(q, 2 - q)`.
fn erfcinv_f64(q: f64) -> f64 {
    if q.is_nan() || !(0.0..=2.0).contains(&q) {
        return f64::NAN;
    }
    if q == 0.0 {
        return f64::INFINITY;
    }
    if q == 2.0 {
        return f64::NEG_INFINITY;
    }
    if (q - 1.0).abs() <= 0.5 {
        return erfinv_f64(1.0 - q);
    }
    let x = erfc_tail_inverse(q.min(2.0 - q));
    if q > 1.0 {
        -x
    } else {
        x
    }
}

/// The `x > 0` with `erfc(x) = q`, `0 < q <= 1/2`: bisection on `libm`'s `erfc` to a bracket
/// of a few ulps, then Newton's steps (the derivative's `e^(x²)` in two halves).
fn erfc_tail_inverse(q: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 27.3f64);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if libm::erfc(mid) > q {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let mut x = 0.5 * (lo + hi);
    let half_sqrt_pi = std::f64::consts::PI.sqrt() / 2.0;
    for _ in 0..3 {
        let h = (0.5 * x * x).exp();
        x += (libm::erfc(x) - q) * half_sqrt_pi * h * h;
    }
    x
}

macro_rules! host_precise {
    ($t:ty, $suffix:ident, $wide:expr) => {
        impl HostPrecise for $t {
            fn host_cbrt(self) -> Self {
                host_precise!(@f $suffix cbrt)(self)
            }
            fn host_expm1(self) -> Self {
                host_precise!(@f $suffix expm1)(self)
            }
            fn host_log1p(self) -> Self {
                host_precise!(@f $suffix log1p)(self)
            }
            fn host_copysign(self, y: Self) -> Self {
                self.copysign(y)
            }
            fn host_trig_pi(self, which: u8) -> Self {
                // f32 reduces and evaluates in f64 and rounds once: a reference better than
                // the kernel's.
                let (sin, cos): (fn(f64) -> f64, fn(f64) -> f64) = (libm::sin, libm::cos);
                trig_pi(f64::from(self), which, sin, cos) as $t
            }
            fn host_logb(self) -> Self {
                if self == 0.0 {
                    return <$t>::NEG_INFINITY;
                }
                if self.is_infinite() {
                    return <$t>::INFINITY;
                }
                if self.is_nan() {
                    return self;
                }
                host_precise!(@f $suffix ilogb)(self) as $t
            }
            fn host_ilogb(self) -> i32 {
                host_precise!(@f $suffix ilogb)(self)
            }
            fn host_nextafter(self, y: Self) -> Self {
                host_precise!(@f $suffix nextafter)(self, y)
            }
            fn host_remquo(self, y: Self) -> (Self, i32) {
                host_precise!(@f $suffix remquo)(self, y)
            }
            fn host_scalbn(self, n: i32) -> Self {
                host_precise!(@f $suffix scalbn)(self, n)
            }
            fn host_frexp(self) -> (Self, i32) {
                host_precise!(@f $suffix frexp)(self)
            }
            fn host_modf(self) -> (Self, Self) {
                host_precise!(@f $suffix modf)(self)
            }
            fn host_sincos(self) -> (Self, Self) {
                (self.sin(), self.cos())
            }
            fn host_erf(self) -> Self {
                host_precise!(@f $suffix erf)(self)
            }
            fn host_erfc(self) -> Self {
                host_precise!(@f $suffix erfc)(self)
            }
            fn host_erfinv(self) -> Self {
                // f32 computes in f64 and rounds once: a reference better than the kernel's.
                erfinv_f64(f64::from(self)) as $t
            }
            fn host_erfcinv(self) -> Self {
                erfcinv_f64(f64::from(self)) as $t
            }
            fn host_lgamma(self) -> Self {
                host_precise!(@f $suffix lgamma)(self)
            }
            fn host_tgamma(self) -> Self {
                host_precise!(@f $suffix tgamma)(self)
            }
        }
    };
    (@f f $name:ident) => { paste_f32!($name) };
    (@f d $name:ident) => { libm::$name };
}

/// The `f32` function of `libm` named after the `f64` one (`cbrt` → `cbrtf`).
macro_rules! paste_f32 {
    (cbrt) => {
        libm::cbrtf
    };
    (expm1) => {
        libm::expm1f
    };
    (log1p) => {
        libm::log1pf
    };
    (ilogb) => {
        libm::ilogbf
    };
    (nextafter) => {
        libm::nextafterf
    };
    (remquo) => {
        libm::remquof
    };
    (scalbn) => {
        libm::scalbnf
    };
    (frexp) => {
        libm::frexpf
    };
    (modf) => {
        libm::modff
    };
    (erf) => {
        libm::erff
    };
    (erfc) => {
        libm::erfcf
    };
    (lgamma) => {
        libm::lgammaf
    };
    (tgamma) => {
        libm::tgammaf
    };
}
host_precise!(f32, f, false);
host_precise!(f64, d, true);

use super::precise_math::PreciseFloat;

/// `cbrt` on the host.
pub fn cbrt<T: PreciseFloat>(x: T) -> T {
    x.host_cbrt()
}
/// `expm1` on the host.
pub fn expm1<T: PreciseFloat>(x: T) -> T {
    x.host_expm1()
}
/// `log1p` on the host.
pub fn log1p<T: PreciseFloat>(x: T) -> T {
    x.host_log1p()
}
/// `copysign` on the host.
pub fn copysign<T: PreciseFloat>(x: T, y: T) -> T {
    x.host_copysign(y)
}
/// `sinpi` on the host.
pub fn sinpi<T: PreciseFloat>(x: T) -> T {
    x.host_trig_pi(0)
}
/// `cospi` on the host.
pub fn cospi<T: PreciseFloat>(x: T) -> T {
    x.host_trig_pi(1)
}
/// `tanpi` on the host.
pub fn tanpi<T: PreciseFloat>(x: T) -> T {
    x.host_trig_pi(2)
}
/// `logb` on the host.
pub fn logb<T: PreciseFloat>(x: T) -> T {
    x.host_logb()
}
/// `ilogb` on the host.
pub fn ilogb<T: PreciseFloat>(x: T) -> i32 {
    x.host_ilogb()
}
/// `nextafter` on the host.
pub fn nextafter<T: PreciseFloat>(x: T, y: T) -> T {
    x.host_nextafter(y)
}
/// `remainder` on the host.
pub fn remainder<T: PreciseFloat>(x: T, y: T) -> T {
    x.host_remquo(y).0
}
/// `remquo` on the host.
pub fn remquo<T: PreciseFloat>(x: T, y: T, q: &mut i32) -> T {
    let (r, n) = x.host_remquo(y);
    *q = n;
    r
}
/// `ldexp` on the host.
pub fn ldexp<T: PreciseFloat>(x: T, n: i32) -> T {
    x.host_scalbn(n)
}
/// `scalbn` on the host.
pub fn scalbn<T: PreciseFloat>(x: T, n: i32) -> T {
    x.host_scalbn(n)
}
/// `frexp` on the host.
pub fn frexp<T: PreciseFloat>(x: T, e: &mut i32) -> T {
    let (m, exp) = x.host_frexp();
    *e = exp;
    m
}
/// `modf` on the host.
pub fn modf<T: PreciseFloat>(x: T, ip: &mut T) -> T {
    let (f, i) = x.host_modf();
    *ip = i;
    f
}
/// `sincos` on the host.
pub fn sincos<T: PreciseFloat>(x: T, s: &mut T, c: &mut T) {
    let (sin, cos) = x.host_sincos();
    *s = sin;
    *c = cos;
}
/// `erf` on the host.
pub fn erf<T: PreciseFloat>(x: T) -> T {
    x.host_erf()
}
/// `erfc` on the host.
pub fn erfc<T: PreciseFloat>(x: T) -> T {
    x.host_erfc()
}
/// `erfinv` on the host.
pub fn erfinv<T: PreciseFloat>(x: T) -> T {
    x.host_erfinv()
}
/// `erfcinv` on the host.
pub fn erfcinv<T: PreciseFloat>(x: T) -> T {
    x.host_erfcinv()
}
/// `lgamma` on the host.
pub fn lgamma<T: PreciseFloat>(x: T) -> T {
    x.host_lgamma()
}
/// `tgamma` on the host.
pub fn tgamma<T: PreciseFloat>(x: T) -> T {
    x.host_tgamma()
}
/// `isnormal` on the host.
pub fn isnormal<T: Float>(x: T) -> bool {
    let w = wide(x).abs();
    let min = if T::SCALAR.width == 8 {
        f64::MIN_POSITIVE
    } else if T::SCALAR.width == 2 {
        6.103_515_625e-5
    } else {
        f64::from(f32::MIN_POSITIVE)
    };
    w.is_finite() && w >= min
}
