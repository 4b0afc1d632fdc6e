//! The inverse hyperbolic functions, fdlibm's formulas at any width: `f64` in the software
//! routines (`soft.rs`, one naga function each), `f32` inline (Vulkan's own `asinh`, `acosh`
//! and `atanh` are `log(x + √(x² ± 1))`-style formulas, which lose every digit of `asinh` and
//! `atanh` near 0 and of `acosh` near 1), `f16` in `f32`. Each calls the accelerator's or the
//! software `log` ([`Ir::f`]) and `precise_math::log1p`'s routine.

use super::compose;
use super::ir::{Ir, H};
use super::soft::{self, Routine};
use crate::builder::KernelBuilder;
use naga::{Expression, MathFunction as M};

/// A routine's body, written with [`Ir`].
type Body = fn(&mut Ir, &[H]) -> H;

/// `fun` (`Asinh`, `Acosh` or `Atanh`) of `x`, a float of scalar `s`.
pub(crate) fn inverse(b: &mut KernelBuilder, fun: M, x: H, s: naga::Scalar) -> H {
    let (routine, body): (Routine, Body) = match fun {
        M::Asinh => (Routine::Asinh, asinh),
        M::Acosh => (Routine::Acosh, acosh),
        _ => (Routine::Atanh, atanh),
    };
    match s.width {
        8 => soft::call(b, routine, &[x]),
        2 => {
            let (wide, _) = super::widen_half(b, x, s);
            let r = body(&mut Ir::new(b, naga::Scalar::F32), &[wide]);
            b.append(Expression::As {
                expr: r,
                kind: naga::ScalarKind::Float,
                convert: Some(2),
            })
        }
        _ => body(&mut Ir::new(b, s), &[x]),
    }
}

/// `asinh`: `log1p(|x| + x² / (√(x² + 1) + 1))`, `log(2|x| + 1 / (√(x² + 1) + |x|))` above
/// 2, `log|x| + ln 2` above 2^28; `x`'s sign.
pub(crate) fn asinh(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let ax = o.abs(x);
    let one = o.c(1.0);
    let xx = o.mul(ax, ax);
    let xx1 = o.add(xx, one);
    let root = o.sqrt(xx1);
    // |x| > 2^28: log(|x|) + ln 2.
    let l = o.f(M::Log, &[ax]);
    let huge = o.addc(l, std::f64::consts::LN_2);
    // |x| > 2: log(2|x| + 1 / (√(x² + 1) + |x|)).
    let two_x = o.mulc(ax, 2.0);
    let d = o.add(root, ax);
    let inv = o.div(one, d);
    let arg = o.add(two_x, inv);
    let big = o.f(M::Log, &[arg]);
    // Else: log1p(|x| + x² / (√(x² + 1) + 1)).
    let d = o.add(root, one);
    let q = o.div(xx, d);
    let arg = o.add(ax, q);
    let small = compose::log1p(o, &[arg]);
    let is_huge = o.gtc(ax, 2f64.powi(28));
    let is_big = o.gtc(ax, 2.0);
    let y = o.sel(is_big, big, small);
    let y = o.sel(is_huge, huge, y);
    o.copysign(y, x)
}

/// `acosh`: `log1p(t + √(2t + t²))` (`t = x - 1`), `log(2x - 1 / (x + √(x² - 1)))` above 2,
/// `log x + ln 2` above 2^28; NaN below 1.
pub(crate) fn acosh(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let one = o.c(1.0);
    let l = o.f(M::Log, &[x]);
    let huge = o.addc(l, std::f64::consts::LN_2);
    // x > 2: log(2x - 1 / (x + √(x² - 1))).
    let xx = o.mul(x, x);
    let xx1 = o.sub(xx, one);
    let root = o.sqrt(xx1);
    let d = o.add(x, root);
    let inv = o.div(one, d);
    let two_x = o.mulc(x, 2.0);
    let arg = o.sub(two_x, inv);
    let big = o.f(M::Log, &[arg]);
    // Else: log1p(t + √(2t + t²)), t = x - 1.
    let t = o.sub(x, one);
    let tt = o.mul(t, t);
    let t2 = o.mulc(t, 2.0);
    let s = o.add(t2, tt);
    let root = o.sqrt(s);
    let arg = o.add(t, root);
    let small = compose::log1p(o, &[arg]);
    let is_huge = o.gtc(x, 2f64.powi(28));
    let is_big = o.gtc(x, 2.0);
    let y = o.sel(is_big, big, small);
    let y = o.sel(is_huge, huge, y);
    let below = o.ltc(x, 1.0);
    let nan = o.nan();
    o.sel(below, nan, y)
}

/// `atanh`: `log1p(2|x| + 2x² / (1 - |x|)) / 2` below one half, `log1p(2|x| / (1 - |x|)) / 2`
/// above; `±inf` at `±1`, NaN beyond; `x`'s sign.
pub(crate) fn atanh(o: &mut Ir, a: &[H]) -> H {
    let x = a[0];
    let ax = o.abs(x);
    let one = o.c(1.0);
    let d = o.sub(one, ax);
    let two_x = o.mulc(ax, 2.0);
    // |x| < 0.5: log1p(2|x| + 2x² / (1 - |x|)) / 2; else log1p(2|x| / (1 - |x|)) / 2.
    let t = o.mul(two_x, ax);
    let q = o.div(t, d);
    let arg_small = o.add(two_x, q);
    let arg_big = o.div(two_x, d);
    let is_small = o.ltc(ax, 0.5);
    let arg = o.sel(is_small, arg_small, arg_big);
    let l = compose::log1p(o, &[arg]);
    let y = o.mulc(l, 0.5);
    let at_one = o.eq(ax, one);
    let inf = o.c(f64::INFINITY);
    let y = o.sel(at_one, inf, y);
    let above = o.gt(ax, one);
    let nan = o.nan();
    let y = o.sel(above, nan, y);
    o.copysign(y, x)
}
