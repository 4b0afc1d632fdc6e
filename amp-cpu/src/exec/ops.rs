//! The lane function of each pure operation, chosen once at compile time for its scalar type.

use super::lanes::{map1, map2, map3, Bits, Float, LaneFn, Num, Operands, Word};
use super::shape::Sc;
use half::f16;
use naga::{BinaryOperator as B, MathFunction as M, RelationalFunction, UnaryOperator};

/// A lane function from a non-capturing closure.
macro_rules! lf {
    (|$r:ident, $l:ident, $o:ident| $body:expr) => {{
        let f: LaneFn = |$r, $l, $o| $body;
        f
    }};
}

/// Expands `$m!(T)` for the Rust type of a numeric scalar.
macro_rules! by_num {
    ($sc:expr, $m:ident) => {
        match $sc {
            Sc::F16 => $m!(f16),
            Sc::F32 => $m!(f32),
            Sc::F64 => $m!(f64),
            Sc::I32 => $m!(i32),
            Sc::U32 => $m!(u32),
            Sc::I64 => $m!(i64),
            Sc::U64 => $m!(u64),
            Sc::Bool => None,
        }
    };
}

macro_rules! by_int {
    ($sc:expr, $m:ident) => {
        match $sc {
            Sc::I32 => $m!(i32),
            Sc::U32 => $m!(u32),
            Sc::I64 => $m!(i64),
            Sc::U64 => $m!(u64),
            _ => None,
        }
    };
}

macro_rules! by_float {
    ($sc:expr, $m:ident) => {
        match $sc {
            Sc::F16 => $m!(f16),
            Sc::F32 => $m!(f32),
            Sc::F64 => $m!(f64),
            _ => None,
        }
    };
}

/// `dst = src + k`, an [`super::program::INVALID`] offset staying invalid.
pub(super) fn add_offset() -> LaneFn {
    lf!(|r, l, o| map1::<u32, u32>(r, l, o, |x| x.saturating_add(o.k)))
}

/// Per component: `dst = cond ? a : b`, `o.k` rows each.
pub(super) fn select() -> LaneFn {
    lf!(|r, l, o| {
        for c in 0..o.n as usize {
            let cond = (o.c as usize + c * o.sc as usize) * l;
            for j in 0..o.k as usize {
                let a = (o.a as usize + c * o.sa as usize + j) * l;
                let b = (o.b as usize + c * o.sb as usize + j) * l;
                let d = (o.dst as usize + c * o.sd as usize + j) * l;
                for lane in 0..l {
                    r[d + lane] = if r[cond + lane] != 0 {
                        r[a + lane]
                    } else {
                        r[b + lane]
                    };
                }
            }
        }
    })
}

/// `all` or `any` of `o.n` bool rows.
pub(super) fn all_any(all: bool) -> LaneFn {
    if all {
        lf!(|r, l, o| {
            for lane in 0..l {
                let v = (0..o.n as usize).all(|c| r[(o.a as usize + c) * l + lane] != 0);
                r[o.dst as usize * l + lane] = u32::from(v);
            }
        })
    } else {
        lf!(|r, l, o| {
            for lane in 0..l {
                let v = (0..o.n as usize).any(|c| r[(o.a as usize + c) * l + lane] != 0);
                r[o.dst as usize * l + lane] = u32::from(v);
            }
        })
    }
}

/// `isNan`/`isInf`.
pub(super) fn relational(fun: RelationalFunction, sc: Sc) -> Option<LaneFn> {
    macro_rules! m {
        ($t:ty) => {
            match fun {
                RelationalFunction::IsNan => {
                    Some(lf!(|r, l, o| map1::<$t, bool>(r, l, o, |x| x.is_nan())))
                }
                RelationalFunction::IsInf => {
                    Some(lf!(|r, l, o| map1::<$t, bool>(r, l, o, |x| x.is_inf())))
                }
                _ => None,
            }
        };
    }
    by_float!(sc, m)
}

pub(super) fn unary(op: UnaryOperator, sc: Sc) -> Option<LaneFn> {
    match (op, sc) {
        (UnaryOperator::LogicalNot | UnaryOperator::BitwiseNot, Sc::Bool) => {
            Some(lf!(|r, l, o| map1::<bool, bool>(r, l, o, |x| !x)))
        }
        (UnaryOperator::Negate, _) => {
            macro_rules! m {
                ($t:ty) => {
                    Some(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.neg())))
                };
            }
            by_num!(sc, m)
        }
        (UnaryOperator::BitwiseNot, _) => {
            macro_rules! m {
                ($t:ty) => {
                    Some(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.not())))
                };
            }
            by_int!(sc, m)
        }
        _ => None,
    }
}

/// The lane function of a binary operator on `a`'s scalar (and `b`'s, a shift's count), and the
/// result's scalar.
pub(super) fn binary(op: B, a: Sc, b: Sc) -> Option<(LaneFn, Sc)> {
    if a == Sc::Bool {
        let f = match op {
            B::Equal => lf!(|r, l, o| map2::<bool, bool, bool>(r, l, o, |x, y| x == y)),
            B::NotEqual | B::ExclusiveOr => {
                lf!(|r, l, o| map2::<bool, bool, bool>(r, l, o, |x, y| x != y))
            }
            B::LogicalAnd | B::And => {
                lf!(|r, l, o| map2::<bool, bool, bool>(r, l, o, |x, y| x & y))
            }
            B::LogicalOr | B::InclusiveOr => {
                lf!(|r, l, o| map2::<bool, bool, bool>(r, l, o, |x, y| x | y))
            }
            _ => return None,
        };
        return Some((f, Sc::Bool));
    }
    macro_rules! cmp {
        ($t:ty) => {
            match op {
                B::Equal => Some(lf!(|r, l, o| map2::<$t, $t, bool>(r, l, o, |x, y| x == y))),
                B::NotEqual => Some(lf!(|r, l, o| map2::<$t, $t, bool>(r, l, o, |x, y| x != y))),
                B::Less => Some(lf!(|r, l, o| map2::<$t, $t, bool>(r, l, o, |x, y| x < y))),
                B::LessEqual => Some(lf!(|r, l, o| map2::<$t, $t, bool>(r, l, o, |x, y| x <= y))),
                B::Greater => Some(lf!(|r, l, o| map2::<$t, $t, bool>(r, l, o, |x, y| x > y))),
                B::GreaterEqual => {
                    Some(lf!(|r, l, o| map2::<$t, $t, bool>(r, l, o, |x, y| x >= y)))
                }
                _ => None,
            }
        };
    }
    if let Some(f) = by_num!(a, cmp) {
        return Some((f, Sc::Bool));
    }
    macro_rules! arith {
        ($t:ty) => {
            match op {
                B::Add => Some(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |x, y| x.add(y)))),
                B::Subtract => Some(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |x, y| x.sub(y)))),
                B::Multiply => Some(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |x, y| x.mul(y)))),
                B::Divide => Some(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |x, y| x.div(y)))),
                B::Modulo => Some(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |x, y| x.rem(y)))),
                _ => None,
            }
        };
    }
    if let Some(f) = by_num!(a, arith) {
        return Some((f, a));
    }
    macro_rules! bits {
        ($t:ty) => {
            match op {
                B::And => Some(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |x, y| x.and(y)))),
                B::InclusiveOr => Some(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |x, y| x.or(y)))),
                B::ExclusiveOr => Some(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |x, y| x.xor(y)))),
                B::ShiftLeft => Some(lf!(|r, l, o| map2::<$t, u32, $t>(r, l, o, |x, y| x.shl(y)))),
                B::ShiftRight => Some(lf!(|r, l, o| map2::<$t, u32, $t>(r, l, o, |x, y| x.shr(y)))),
                _ => None,
            }
        };
    }
    let _ = b;
    by_int!(a, bits).map(|f| (f, a))
}

/// A conversion between scalars (`As` with a width): floats to integers saturate (NaN to 0)
/// as Rust's `as` does, integers wrap to the target width.
pub(super) fn cast(from: Sc, to: Sc) -> LaneFn {
    fn conv<S: Num, D: Num>(x: S) -> D {
        if S::FLOAT {
            D::from_f64(x.to_f64())
        } else {
            D::from_i128(x.to_i128())
        }
    }
    macro_rules! to {
        ($s:ty) => {
            match to {
                Sc::F16 => lf!(|r, l, o| map1::<$s, f16>(r, l, o, conv)),
                Sc::F32 => lf!(|r, l, o| map1::<$s, f32>(r, l, o, conv)),
                Sc::F64 => lf!(|r, l, o| map1::<$s, f64>(r, l, o, conv)),
                Sc::I32 => lf!(|r, l, o| map1::<$s, i32>(r, l, o, conv)),
                Sc::U32 => lf!(|r, l, o| map1::<$s, u32>(r, l, o, conv)),
                Sc::I64 => lf!(|r, l, o| map1::<$s, i64>(r, l, o, conv)),
                Sc::U64 => lf!(|r, l, o| map1::<$s, u64>(r, l, o, conv)),
                Sc::Bool => lf!(|r, l, o| map1::<$s, bool>(r, l, o, |x| x != <$s>::zero())),
            }
        };
    }
    fn b<D: Num>(x: bool) -> D {
        if x {
            D::one()
        } else {
            D::zero()
        }
    }
    match from {
        Sc::F16 => to!(f16),
        Sc::F32 => to!(f32),
        Sc::F64 => to!(f64),
        Sc::I32 => to!(i32),
        Sc::U32 => to!(u32),
        Sc::I64 => to!(i64),
        Sc::U64 => to!(u64),
        Sc::Bool => match to {
            Sc::F16 => lf!(|r, l, o| map1::<bool, f16>(r, l, o, b)),
            Sc::F32 => lf!(|r, l, o| map1::<bool, f32>(r, l, o, b)),
            Sc::F64 => lf!(|r, l, o| map1::<bool, f64>(r, l, o, b)),
            Sc::I32 => lf!(|r, l, o| map1::<bool, i32>(r, l, o, b)),
            Sc::U32 => lf!(|r, l, o| map1::<bool, u32>(r, l, o, b)),
            Sc::I64 => lf!(|r, l, o| map1::<bool, i64>(r, l, o, b)),
            Sc::U64 => lf!(|r, l, o| map1::<bool, u64>(r, l, o, b)),
            Sc::Bool => lf!(|r, l, o| map1::<bool, bool>(r, l, o, |x| x)),
        },
    }
}

/// A math function's lane function, the scalar of its result and whether it reduces a vector
/// (of `o.k` components) to a scalar.
pub(super) struct Math {
    pub f: LaneFn,
    pub result: Sc,
    pub reduces: bool,
}

/// Reads component `c` of a vector operand at row `r` with stride `s` for `lane`.
#[inline(always)]
fn comp<T: Word>(regs: &[u32], r: u32, s: u32, c: usize, l: usize, lane: usize) -> T {
    T::get(regs, r as usize + c * s as usize, l, lane)
}

fn dot<T: Num>(r: &mut [u32], l: usize, o: &Operands) {
    for lane in 0..l {
        let mut acc = T::zero();
        for c in 0..o.k as usize {
            let x: T = comp(r, o.a, o.sa, c, l, lane);
            let y: T = comp(r, o.b, o.sb, c, l, lane);
            acc = acc.add(x.mul(y));
        }
        acc.put(r, o.dst as usize, l, lane);
    }
}

fn length<T: Float>(r: &mut [u32], l: usize, o: &Operands) {
    for lane in 0..l {
        let mut acc = 0.0f64;
        for c in 0..o.k as usize {
            let x: T = comp(r, o.a, o.sa, c, l, lane);
            acc += x.to_f64() * x.to_f64();
        }
        T::from_f64(acc.sqrt()).put(r, o.dst as usize, l, lane);
    }
}

fn distance<T: Float>(r: &mut [u32], l: usize, o: &Operands) {
    for lane in 0..l {
        let mut acc = 0.0f64;
        for c in 0..o.k as usize {
            let x: T = comp(r, o.a, o.sa, c, l, lane);
            let y: T = comp(r, o.b, o.sb, c, l, lane);
            let d = x.to_f64() - y.to_f64();
            acc += d * d;
        }
        T::from_f64(acc.sqrt()).put(r, o.dst as usize, l, lane);
    }
}

fn normalize<T: Float>(r: &mut [u32], l: usize, o: &Operands) {
    for lane in 0..l {
        let mut acc = 0.0f64;
        for c in 0..o.k as usize {
            let x: T = comp(r, o.a, o.sa, c, l, lane);
            acc += x.to_f64() * x.to_f64();
        }
        let len = acc.sqrt();
        for c in 0..o.k as usize {
            let x: T = comp(r, o.a, o.sa, c, l, lane);
            T::from_f64(x.to_f64() / len).put(r, o.dst as usize + c * T::W, l, lane);
        }
    }
}

fn cross<T: Num>(r: &mut [u32], l: usize, o: &Operands) {
    for lane in 0..l {
        let a = |c| -> T { comp(r, o.a, o.sa, c, l, lane) };
        let b = |c| -> T { comp(r, o.b, o.sb, c, l, lane) };
        let v = [
            a(1).mul(b(2)).sub(a(2).mul(b(1))),
            a(2).mul(b(0)).sub(a(0).mul(b(2))),
            a(0).mul(b(1)).sub(a(1).mul(b(0))),
        ];
        for (c, x) in v.into_iter().enumerate() {
            x.put(r, o.dst as usize + c * T::W, l, lane);
        }
    }
}

fn insert_bits<T: Bits>(r: &mut [u32], l: usize, o: &Operands) {
    for c in 0..o.n as usize {
        for lane in 0..l {
            let e: T = comp(r, o.a, o.sa, c, l, lane);
            let nb: T = comp(r, o.b, o.sb, c, l, lane);
            let off = u32::get(r, o.c as usize, l, lane);
            let cnt = u32::get(r, o.x4 as usize, l, lane);
            e.insert(nb, off, cnt)
                .put(r, o.dst as usize + c * o.sd as usize, l, lane);
        }
    }
}

/// The math function `fun` on vectors of `n` components of `sc`.
pub(super) fn math(fun: M, sc: Sc, n: u32) -> Option<Math> {
    let _ = n;
    let plain = |f: LaneFn| Math {
        f,
        result: sc,
        reduces: false,
    };
    macro_rules! float {
        ($t:ty) => {
            Some(match fun {
                M::Abs => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.wabs()))),
                M::Min => plain(lf!(|r, l, o| map2::<$t, $t, $t>(
                    r,
                    l,
                    o,
                    |x, y| Num::wmin(x, y)
                ))),
                M::Max => plain(lf!(|r, l, o| map2::<$t, $t, $t>(
                    r,
                    l,
                    o,
                    |x, y| Num::wmax(x, y)
                ))),
                M::Clamp => plain(lf!(|r, l, o| map3::<$t, $t, $t, $t>(
                    r,
                    l,
                    o,
                    |x, lo, hi| Num::wmin(Num::wmax(x, lo), hi)
                ))),
                M::Saturate => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| Num::wmin(
                    Num::wmax(x, <$t>::zero()),
                    <$t>::one()
                )))),
                M::Cos => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::cos)))),
                M::Cosh => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::cosh)))),
                M::Sin => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::sin)))),
                M::Sinh => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::sinh)))),
                M::Tan => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::tan)))),
                M::Tanh => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::tanh)))),
                M::Acos => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::acos)))),
                M::Asin => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::asin)))),
                M::Atan => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::atan)))),
                M::Asinh => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::asinh)))),
                M::Acosh => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::acosh)))),
                M::Atanh => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::atanh)))),
                M::Radians => plain(lf!(
                    |r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::to_radians))
                )),
                M::Degrees => plain(lf!(
                    |r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::to_degrees))
                )),
                M::Ceil => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::ceil)))),
                M::Floor => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::floor)))),
                M::Round => plain(lf!(
                    |r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::round_ties_even))
                )),
                M::Fract => plain(lf!(
                    |r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(|v| v - v.floor()))
                )),
                M::Trunc => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::trunc)))),
                M::Exp => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::exp)))),
                M::Exp2 => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::exp2)))),
                M::Log => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::ln)))),
                M::Log2 => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(f64::log2)))),
                M::Sign => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.wsign()))),
                M::Sqrt => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| Float::sqrt(x)))),
                M::InverseSqrt => plain(lf!(
                    |r, l, o| map1::<$t, $t>(r, l, o, |x| x.f(|v| 1.0 / v.sqrt()))
                )),
                M::Atan2 => plain(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |y, x| {
                    <$t>::from_f64(y.to_f64().atan2(x.to_f64()))
                }))),
                M::Pow => plain(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |x, y| {
                    <$t>::from_f64(x.to_f64().powf(y.to_f64()))
                }))),
                M::Step => plain(lf!(|r, l, o| map2::<$t, $t, $t>(r, l, o, |edge, x| {
                    if x >= edge {
                        <$t>::one()
                    } else {
                        <$t>::zero()
                    }
                }))),
                M::Ldexp => plain(lf!(|r, l, o| map2::<$t, i32, $t>(r, l, o, |x, e| {
                    <$t>::from_f64(x.to_f64() * 2f64.powi(e))
                }))),
                M::Fma => plain(lf!(
                    |r, l, o| map3::<$t, $t, $t, $t>(r, l, o, |a, b, c| a.fma(b, c))
                )),
                M::Mix => plain(lf!(|r, l, o| map3::<$t, $t, $t, $t>(r, l, o, |x, y, t| x
                    .mul(<$t>::one().sub(t))
                    .add(y.mul(t))))),
                M::SmoothStep => plain(lf!(|r, l, o| map3::<$t, $t, $t, $t>(
                    r,
                    l,
                    o,
                    |e0, e1, x| {
                        let (e0, e1, x) = (e0.to_f64(), e1.to_f64(), x.to_f64());
                        let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
                        <$t>::from_f64(t * t * (3.0 - 2.0 * t))
                    }
                ))),
                M::QuantizeToF16 => {
                    plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| <$t>::from_f64(
                        super::lanes::f16_nearest(x.to_f64()).to_f64()
                    ))))
                }
                M::Dot => Math {
                    f: lf!(|r, l, o| dot::<$t>(r, l, o)),
                    result: sc,
                    reduces: true,
                },
                M::Length => Math {
                    f: lf!(|r, l, o| length::<$t>(r, l, o)),
                    result: sc,
                    reduces: true,
                },
                M::Distance => Math {
                    f: lf!(|r, l, o| distance::<$t>(r, l, o)),
                    result: sc,
                    reduces: true,
                },
                M::Normalize => Math {
                    f: lf!(|r, l, o| normalize::<$t>(r, l, o)),
                    result: sc,
                    reduces: true,
                },
                M::Cross => Math {
                    f: lf!(|r, l, o| cross::<$t>(r, l, o)),
                    result: sc,
                    reduces: true,
                },
                _ => return packing(fun),
            })
        };
    }
    macro_rules! int {
        ($t:ty) => {
            Some(match fun {
                M::Abs => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.wabs()))),
                M::Sign => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.wsign()))),
                M::Min => plain(lf!(|r, l, o| map2::<$t, $t, $t>(
                    r,
                    l,
                    o,
                    |x, y| Num::wmin(x, y)
                ))),
                M::Max => plain(lf!(|r, l, o| map2::<$t, $t, $t>(
                    r,
                    l,
                    o,
                    |x, y| Num::wmax(x, y)
                ))),
                M::Clamp => plain(lf!(|r, l, o| map3::<$t, $t, $t, $t>(
                    r,
                    l,
                    o,
                    |x, lo, hi| Num::wmin(Num::wmax(x, lo), hi)
                ))),
                M::CountOneBits => {
                    plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| <$t>::from_u32(
                        Bits::count_ones(x)
                    ))))
                }
                M::CountTrailingZeros => {
                    plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| <$t>::from_u32(
                        Bits::trailing_zeros(x)
                    ))))
                }
                M::CountLeadingZeros => {
                    plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| <$t>::from_u32(
                        Bits::leading_zeros(x)
                    ))))
                }
                M::ReverseBits => plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| {
                    Bits::reverse_bits(x)
                }))),
                M::FirstTrailingBit => {
                    plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| if x == 0 {
                        <$t>::from_u32(u32::MAX)
                    } else {
                        <$t>::from_u32(Bits::trailing_zeros(x))
                    })))
                }
                M::FirstLeadingBit => {
                    plain(lf!(|r, l, o| map1::<$t, $t>(r, l, o, |x| x.first_leading())))
                }
                M::ExtractBits => plain(lf!(|r, l, o| map3::<$t, u32, u32, $t>(
                    r,
                    l,
                    o,
                    |x, off, cnt| x.extract(off, cnt)
                ))),
                M::InsertBits => plain(lf!(|r, l, o| insert_bits::<$t>(r, l, o))),
                M::Dot => Math {
                    f: lf!(|r, l, o| dot::<$t>(r, l, o)),
                    result: sc,
                    reduces: true,
                },
                _ => return packing(fun),
            })
        };
    }
    if let Some(m) = by_float!(sc, float) {
        return Some(m);
    }
    if let Some(m) = by_int!(sc, int) {
        return Some(m);
    }
    packing(fun)
}

/// WGSL's packing and unpacking functions (on u32 and vectors of f32, i32 or u32).
fn packing(fun: M) -> Option<Math> {
    fn snorm8(x: f32) -> u32 {
        ((x.clamp(-1.0, 1.0) * 127.0).round_ties_even() as i32 as u32) & 0xff
    }
    fn unorm8(x: f32) -> u32 {
        (x.clamp(0.0, 1.0) * 255.0).round_ties_even() as u32
    }
    fn snorm16(x: f32) -> u32 {
        ((x.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i32 as u32) & 0xffff
    }
    fn unorm16(x: f32) -> u32 {
        (x.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32
    }
    fn pack<T: Word>(r: &mut [u32], l: usize, o: &Operands, bits: u32, f: impl Fn(T) -> u32) {
        for lane in 0..l {
            let mut w = 0u32;
            for c in 0..o.k as usize {
                let x: T = comp(r, o.a, o.sa, c, l, lane);
                w |= (f(x) & ((1u64 << bits) - 1) as u32) << (c as u32 * bits);
            }
            r[o.dst as usize * l + lane] = w;
        }
    }
    fn unpack<T: Word>(r: &mut [u32], l: usize, o: &Operands, n: usize, f: impl Fn(u32) -> T) {
        let bits = 32 / n as u32;
        for lane in 0..l {
            let w = r[o.a as usize * l + lane];
            for c in 0..n {
                let part = (w >> (c as u32 * bits)) & ((1u64 << bits) - 1) as u32;
                f(part).put(r, o.dst as usize + c, l, lane);
            }
        }
    }
    let red = |f: LaneFn, result: Sc| Math {
        f,
        result,
        reduces: true,
    };
    Some(match fun {
        M::Pack4x8snorm => red(lf!(|r, l, o| pack::<f32>(r, l, o, 8, snorm8)), Sc::U32),
        M::Pack4x8unorm => red(lf!(|r, l, o| pack::<f32>(r, l, o, 8, unorm8)), Sc::U32),
        M::Pack2x16snorm => red(lf!(|r, l, o| pack::<f32>(r, l, o, 16, snorm16)), Sc::U32),
        M::Pack2x16unorm => red(lf!(|r, l, o| pack::<f32>(r, l, o, 16, unorm16)), Sc::U32),
        M::Pack2x16float => red(
            lf!(|r, l, o| pack::<f32>(r, l, o, 16, |x| u32::from(f16::from_f32(x).to_bits()))),
            Sc::U32,
        ),
        M::Pack4xI8 => red(lf!(|r, l, o| pack::<u32>(r, l, o, 8, |x| x)), Sc::U32),
        M::Pack4xU8 => red(lf!(|r, l, o| pack::<u32>(r, l, o, 8, |x| x)), Sc::U32),
        M::Pack4xI8Clamp => red(
            lf!(|r, l, o| pack::<i32>(r, l, o, 8, |x| x.clamp(-128, 127) as u32)),
            Sc::U32,
        ),
        M::Pack4xU8Clamp => red(
            lf!(|r, l, o| pack::<u32>(r, l, o, 8, |x| Ord::min(x, 255))),
            Sc::U32,
        ),
        M::Unpack4x8snorm => red(
            lf!(
                |r, l, o| unpack::<f32>(r, l, o, 4, |p| ((p as u8 as i8) as f32 / 127.0).max(-1.0))
            ),
            Sc::F32,
        ),
        M::Unpack4x8unorm => red(
            lf!(|r, l, o| unpack::<f32>(r, l, o, 4, |p| p as f32 / 255.0)),
            Sc::F32,
        ),
        M::Unpack2x16snorm => red(
            lf!(
                |r, l, o| unpack::<f32>(r, l, o, 2, |p| ((p as u16 as i16) as f32 / 32767.0)
                    .max(-1.0))
            ),
            Sc::F32,
        ),
        M::Unpack2x16unorm => red(
            lf!(|r, l, o| unpack::<f32>(r, l, o, 2, |p| p as f32 / 65535.0)),
            Sc::F32,
        ),
        M::Unpack2x16float => red(
            lf!(|r, l, o| unpack::<f32>(r, l, o, 2, |p| f16::from_bits(p as u16).to_f32())),
            Sc::F32,
        ),
        M::Unpack4xI8 => red(
            lf!(|r, l, o| unpack::<i32>(r, l, o, 4, |p| p as u8 as i8 as i32)),
            Sc::I32,
        ),
        M::Unpack4xU8 => red(lf!(|r, l, o| unpack::<u32>(r, l, o, 4, |p| p)), Sc::U32),
        M::Dot4I8Packed => red(
            lf!(|r, l, o| map2::<u32, u32, i32>(r, l, o, |a, b| (0..4)
                .map(|i| ((a >> (8 * i)) as u8 as i8 as i32) * ((b >> (8 * i)) as u8 as i8 as i32))
                .sum())),
            Sc::I32,
        ),
        M::Dot4U8Packed => red(
            lf!(|r, l, o| map2::<u32, u32, u32>(r, l, o, |a, b| (0..4)
                .map(|i| ((a >> (8 * i)) & 0xff) * ((b >> (8 * i)) & 0xff))
                .sum())),
            Sc::U32,
        ),
        _ => return None,
    })
}
