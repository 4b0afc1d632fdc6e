//! The random expressions of the property test and their meaning in plain Rust: the kernel
//! language's documented semantics (docs/LANGUAGE.md, "Semantics that differ from host Rust"),
//! with an error bound carried along every `f32` value.
//!
//! Each `f32` result carries the absolute error the accelerator may show: every arithmetic
//! operation may err by [`ARITH`] relative to its result, every transcendental function by
//! [`TRANS_REL`] relative plus [`TRANS_ABS`] absolute, and errors of operands propagate to first
//! order. A comparison, cast or rounding whose outcome the error could flip makes the case
//! *ambiguous*, as do NaN, infinities, huge or subnormal intermediates: those cases are not
//! checked (and counted).

use amp::__private::ops::{ArithOp, BitOp, CmpOp, ShiftOp};
use std::fmt;

/// Relative error allowed per arithmetic operation (`+ - * / %`, with contraction into fma and
/// Vulkan's 2.5 ulp division well inside it).
pub const ARITH: f64 = 1e-5;
/// Relative error allowed per transcendental function.
pub const TRANS_REL: f64 = 2e-6;
/// Absolute error allowed per transcendental function (Vulkan bounds `log` near 1 and `sin`/`cos`
/// absolutely).
pub const TRANS_ABS: f64 = 2e-6;

/// Leaf slots per type and thread.
pub const LEAVES: usize = 6;

/// A kernel value type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ty {
    I,
    U,
    F,
    B,
}

/// A value: what a kernel computes or Rust expects.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Val {
    I(i32),
    U(u32),
    F(f32),
    B(bool),
}

/// `fast_math` functions under test.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fun {
    Sin,
    Cos,
    Exp,
    Exp2,
    Log,
    Log2,
    Log10,
    Sqrt,
    Rsqrt,
    Tanh,
    Atan,
    Atan2,
    Floor,
    Ceil,
    Trunc,
    Round,
    Fabs,
    Fmin,
    Fmax,
    Pow,
    Fmod,
}

const FUNS: [Fun; 21] = [
    Fun::Sin,
    Fun::Cos,
    Fun::Exp,
    Fun::Exp2,
    Fun::Log,
    Fun::Log2,
    Fun::Log10,
    Fun::Sqrt,
    Fun::Rsqrt,
    Fun::Tanh,
    Fun::Atan,
    Fun::Atan2,
    Fun::Floor,
    Fun::Ceil,
    Fun::Trunc,
    Fun::Round,
    Fun::Fabs,
    Fun::Fmin,
    Fun::Fmax,
    Fun::Pow,
    Fun::Fmod,
];

impl Fun {
    pub fn arity(self) -> usize {
        match self {
            Fun::Atan2 | Fun::Fmin | Fun::Fmax | Fun::Pow | Fun::Fmod => 2,
            _ => 1,
        }
    }
}

/// An expression.
#[derive(Clone, Debug)]
pub enum Node {
    /// Leaf slot `j` of type `Ty` (I, U or F), read from an input view.
    Leaf(Ty, usize),
    /// A literal (kept a Rust literal in the kernel, as the macro does).
    Lit(Val),
    Arith(ArithOp, Box<Node>, Box<Node>),
    Bit(BitOp, Box<Node>, Box<Node>),
    Shift(ShiftOp, Box<Node>, Box<Node>),
    Cmp(CmpOp, Box<Node>, Box<Node>),
    Neg(Box<Node>),
    Not(Box<Node>),
    Cast(Ty, Box<Node>),
    /// `&&` (true) or `||` (false).
    Logic(bool, Box<Node>, Box<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
    Math(Fun, Vec<Node>),
}

/// A fixed xorshift sequence.
pub struct Rng(pub u32);

impl Rng {
    pub fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    pub fn below(&mut self, n: usize) -> usize {
        self.next() as usize % n
    }
    fn chance(&mut self, percent: u32) -> bool {
        self.next() % 100 < percent
    }
    pub fn int(&mut self) -> i32 {
        const SPECIAL: [i32; 8] = [0, 1, -1, 2, i32::MIN, i32::MAX, i32::MIN + 1, 31];
        match self.below(4) {
            0 => SPECIAL[self.below(SPECIAL.len())],
            1 => self.next() as i32,
            _ => self.below(41) as i32 - 20,
        }
    }
    pub fn uint(&mut self) -> u32 {
        const SPECIAL: [u32; 6] = [0, 1, 2, u32::MAX, 0x8000_0000, 32];
        match self.below(4) {
            0 => SPECIAL[self.below(SPECIAL.len())],
            1 => self.next(),
            _ => self.below(40) as u32,
        }
    }
    pub fn float(&mut self) -> f32 {
        const SPECIAL: [f32; 8] = [0.0, 1.0, -1.0, 0.5, -2.5, 3.5, 1e-3, 100.0];
        let sign = if self.chance(50) { -1.0 } else { 1.0 };
        match self.below(4) {
            0 => SPECIAL[self.below(SPECIAL.len())],
            1 => sign * (self.below(41) as f32 - 20.0) * 0.5,
            // 10^[-3, 3), log-uniform
            _ => sign * 10f32.powf((self.next() % 6000) as f32 / 1000.0 - 3.0),
        }
    }
}

fn boxed(n: Node) -> Box<Node> {
    Box::new(n)
}

/// `fabs(x) + 0.25`: keeps log, sqrt, rsqrt and pow in their domain.
fn positive(x: Node) -> Node {
    Node::Arith(
        ArithOp::Add,
        boxed(Node::Math(Fun::Fabs, vec![x])),
        boxed(Node::Lit(Val::F(0.25))),
    )
}

const ARITH_OPS: [ArithOp; 5] = [
    ArithOp::Add,
    ArithOp::Sub,
    ArithOp::Mul,
    ArithOp::Div,
    ArithOp::Rem,
];
const BIT_OPS: [BitOp; 3] = [BitOp::And, BitOp::Or, BitOp::Xor];
const CMP_OPS: [CmpOp; 6] = [
    CmpOp::Eq,
    CmpOp::Ne,
    CmpOp::Lt,
    CmpOp::Le,
    CmpOp::Gt,
    CmpOp::Ge,
];
const NUMERIC: [Ty; 3] = [Ty::I, Ty::U, Ty::F];

/// A random expression of type `ty`, at most `depth` operators deep.
pub fn gen(rng: &mut Rng, ty: Ty, depth: u32) -> Node {
    if depth == 0 || rng.chance(15) {
        return leaf(rng, ty);
    }
    let d = depth - 1;
    let sub = |rng: &mut Rng, t| boxed(gen(rng, t, d));
    match (ty, rng.below(10)) {
        (Ty::B, 0..=4) => {
            let t = NUMERIC[rng.below(3)];
            Node::Cmp(CMP_OPS[rng.below(6)], sub(rng, t), sub(rng, t))
        }
        (Ty::B, 5) => Node::Cmp(CMP_OPS[rng.below(2)], sub(rng, Ty::B), sub(rng, Ty::B)),
        (Ty::B, 6) => Node::Not(sub(rng, Ty::B)),
        (Ty::B, 7) => Node::Bit(BIT_OPS[rng.below(3)], sub(rng, Ty::B), sub(rng, Ty::B)),
        (Ty::B, _) => Node::Logic(rng.chance(50), sub(rng, Ty::B), sub(rng, Ty::B)),
        (_, 0..=2) => Node::Arith(ARITH_OPS[rng.below(5)], sub(rng, ty), sub(rng, ty)),
        (_, 3) => {
            let from = [Ty::I, Ty::U, Ty::F, Ty::B][rng.below(4)];
            Node::Cast(ty, sub(rng, from))
        }
        (_, 4) => Node::If(sub(rng, Ty::B), sub(rng, ty), sub(rng, ty)),
        (Ty::F, 5) => Node::Neg(sub(rng, ty)),
        (Ty::F, _) => {
            let fun = FUNS[rng.below(FUNS.len())];
            let mut args: Vec<Node> = (0..fun.arity()).map(|_| gen(rng, Ty::F, d)).collect();
            match fun {
                Fun::Log | Fun::Log2 | Fun::Log10 | Fun::Sqrt | Fun::Rsqrt | Fun::Pow => {
                    let x = args.remove(0);
                    args.insert(0, positive(x));
                }
                _ => {}
            }
            Node::Math(fun, args)
        }
        (_, 5) if ty == Ty::I => Node::Neg(sub(rng, ty)),
        (_, 5 | 6) => Node::Bit(BIT_OPS[rng.below(3)], sub(rng, ty), sub(rng, ty)),
        (_, 7 | 8) => {
            let op = [ShiftOp::Shl, ShiftOp::Shr][rng.below(2)];
            let amount = [Ty::I, Ty::U][rng.below(2)];
            Node::Shift(op, sub(rng, ty), sub(rng, amount))
        }
        _ => Node::Not(sub(rng, ty)),
    }
}

fn leaf(rng: &mut Rng, ty: Ty) -> Node {
    if ty == Ty::B {
        return Node::Lit(Val::B(rng.chance(50)));
    }
    if rng.chance(20) {
        return Node::Lit(match ty {
            Ty::I => Val::I(rng.int()),
            Ty::U => Val::U(rng.uint()),
            _ => Val::F(rng.float()),
        });
    }
    Node::Leaf(ty, rng.below(LEAVES))
}

/// One thread's leaf values.
pub struct Leaves<'a> {
    pub i: &'a [i32],
    pub u: &'a [u32],
    pub f: &'a [f32],
}

/// The case cannot be checked: its outcome depends on rounding, or leaves the sane range.
#[derive(Debug)]
pub struct Ambiguous;

type R = Result<(Val, f64), Ambiguous>;

/// `x` must stay a sane, normal float (subnormals may be flushed to zero on accelerators).
fn sane(x: f32) -> Result<f32, Ambiguous> {
    let a = x.abs();
    if x.is_finite() && a < 1e30 && (a == 0.0 || a > 1e-30) {
        Ok(x)
    } else {
        Err(Ambiguous)
    }
}

/// Fails when `f` differs between the ends of `x ± e` (a discontinuity lies within the error).
fn stable<T: PartialEq>(x: f32, e: f64, f: impl Fn(f64) -> T) -> Result<(), Ambiguous> {
    if e == 0.0 {
        return Ok(());
    }
    let x = f64::from(x);
    let margin = e + x.abs() * 1e-7;
    if f(x - margin) == f(x + margin) {
        Ok(())
    } else {
        Err(Ambiguous)
    }
}

/// Evaluates `node` as the kernel language defines it.
pub fn eval(node: &Node, l: &Leaves) -> R {
    Ok(match node {
        Node::Leaf(Ty::I, j) => (Val::I(l.i[*j]), 0.0),
        Node::Leaf(Ty::U, j) => (Val::U(l.u[*j]), 0.0),
        Node::Leaf(_, j) => (Val::F(l.f[*j]), 0.0),
        Node::Lit(v) => (*v, 0.0),
        Node::Arith(op, a, b) => arith(*op, eval(a, l)?, eval(b, l)?)?,
        Node::Bit(op, a, b) => {
            let v = match (eval(a, l)?.0, eval(b, l)?.0, op) {
                (Val::I(x), Val::I(y), BitOp::And) => Val::I(x & y),
                (Val::I(x), Val::I(y), BitOp::Or) => Val::I(x | y),
                (Val::I(x), Val::I(y), BitOp::Xor) => Val::I(x ^ y),
                (Val::U(x), Val::U(y), BitOp::And) => Val::U(x & y),
                (Val::U(x), Val::U(y), BitOp::Or) => Val::U(x | y),
                (Val::U(x), Val::U(y), BitOp::Xor) => Val::U(x ^ y),
                (Val::B(x), Val::B(y), BitOp::And) => Val::B(x & y),
                (Val::B(x), Val::B(y), BitOp::Or) => Val::B(x | y),
                (Val::B(x), Val::B(y), BitOp::Xor) => Val::B(x ^ y),
                other => unreachable!("bit operation on {other:?}"),
            };
            (v, 0.0)
        }
        Node::Shift(op, a, b) => {
            let amount = match eval(b, l)?.0 {
                Val::I(s) => s as u32,
                Val::U(s) => s,
                other => unreachable!("shift by {other:?}"),
            };
            // The amount is taken modulo 32: Rust's wrapping shifts.
            let v = match (eval(a, l)?.0, op) {
                (Val::I(x), ShiftOp::Shl) => Val::I(x.wrapping_shl(amount)),
                (Val::I(x), ShiftOp::Shr) => Val::I(x.wrapping_shr(amount)),
                (Val::U(x), ShiftOp::Shl) => Val::U(x.wrapping_shl(amount)),
                (Val::U(x), ShiftOp::Shr) => Val::U(x.wrapping_shr(amount)),
                other => unreachable!("shift of {other:?}"),
            };
            (v, 0.0)
        }
        Node::Cmp(op, a, b) => (Val::B(compare(*op, eval(a, l)?, eval(b, l)?)?), 0.0),
        Node::Neg(a) => match eval(a, l)? {
            (Val::I(x), _) => (Val::I(x.wrapping_neg()), 0.0),
            (Val::F(x), e) => (Val::F(-x), e),
            other => unreachable!("negating {other:?}"),
        },
        Node::Not(a) => match eval(a, l)?.0 {
            Val::I(x) => (Val::I(!x), 0.0),
            Val::U(x) => (Val::U(!x), 0.0),
            Val::B(x) => (Val::B(!x), 0.0),
            other => unreachable!("! on {other:?}"),
        },
        Node::Cast(to, a) => cast(*to, eval(a, l)?)?,
        Node::Logic(and, a, b) => {
            let Val::B(x) = eval(a, l)?.0 else {
                unreachable!()
            };
            // Short-circuit: the right side is evaluated only when needed.
            if x != *and {
                (Val::B(x), 0.0)
            } else {
                eval(b, l)?
            }
        }
        Node::If(c, a, b) => match eval(c, l)?.0 {
            Val::B(true) => eval(a, l)?,
            _ => eval(b, l)?,
        },
        Node::Math(fun, args) => {
            let args = args.iter().map(|a| eval(a, l)).collect::<Result<Vec<_>, _>>()?;
            let floats: Vec<(f32, f64)> = args
                .iter()
                .map(|&(v, e)| match v {
                    Val::F(x) => (x, e),
                    other => unreachable!("math on {other:?}"),
                })
                .collect();
            math(*fun, &floats)?
        }
    })
}

fn arith(op: ArithOp, (a, ea): (Val, f64), (b, eb): (Val, f64)) -> R {
    macro_rules! int {
        ($x:expr, $y:expr, $min:expr) => {
            match op {
                ArithOp::Add => $x.wrapping_add($y),
                ArithOp::Sub => $x.wrapping_sub($y),
                ArithOp::Mul => $x.wrapping_mul($y),
                // Division by zero and MIN / -1 divide by 1 instead (naga's guarded divisor):
                // the quotient is the dividend, the remainder 0.
                ArithOp::Div if $y == 0 || ($x == $min && $y.wrapping_add(1) == 0) => $x,
                ArithOp::Rem if $y == 0 || ($x == $min && $y.wrapping_add(1) == 0) => 0,
                ArithOp::Div => $x / $y,
                ArithOp::Rem => $x % $y,
            }
        };
    }
    let (x, y) = match (a, b) {
        (Val::I(x), Val::I(y)) => return Ok((Val::I(int!(x, y, i32::MIN)), 0.0)),
        // `MIN` is unreachable for u32 (`y + 1 == 0` needs y = MAX and x = 0 = MIN: 0 / MAX is
        // 0 either way).
        (Val::U(x), Val::U(y)) => return Ok((Val::U(int!(x, y, 0)), 0.0)),
        (Val::F(x), Val::F(y)) => (x, y),
        other => unreachable!("arithmetic on {other:?}"),
    };
    let (fx, fy) = (f64::from(x), f64::from(y));
    let (v, e) = match op {
        ArithOp::Add => (x + y, ea + eb),
        ArithOp::Sub => (x - y, ea + eb),
        ArithOp::Mul => (x * y, ea * fy.abs() + eb * fx.abs() + ea * eb),
        ArithOp::Div => {
            if fy.abs() <= 2.0 * eb || y == 0.0 {
                return Err(Ambiguous);
            }
            let v = x / y;
            (v, (ea + f64::from(v).abs() * eb) / (fy.abs() - eb))
        }
        ArithOp::Rem => {
            // x - y * trunc(x / y), with the quotient's own error.
            if y == 0.0 || fy.abs() <= 2.0 * eb {
                return Err(Ambiguous);
            }
            let q = x / y;
            let eq = (ea + f64::from(q).abs() * eb) / (fy.abs() - eb) + ARITH * f64::from(q).abs();
            stable(q, eq, f64::trunc)?;
            let t = f64::from(q).trunc();
            let v = x % y;
            (v, ea + eb * t.abs() + ARITH * (fx.abs() + (fy * t).abs()))
        }
    };
    let v = sane(v)?;
    Ok((Val::F(v), e + ARITH * f64::from(v).abs()))
}

fn compare(op: CmpOp, (a, ea): (Val, f64), (b, eb): (Val, f64)) -> Result<bool, Ambiguous> {
    let ord = match (a, b) {
        (Val::I(x), Val::I(y)) => x.cmp(&y),
        (Val::U(x), Val::U(y)) => x.cmp(&y),
        (Val::B(x), Val::B(y)) => x.cmp(&y),
        (Val::F(x), Val::F(y)) => {
            let e = ea + eb;
            if e > 0.0 && (f64::from(x) - f64::from(y)).abs() <= e * 1.5 {
                return Err(Ambiguous);
            }
            x.partial_cmp(&y).ok_or(Ambiguous)?
        }
        other => unreachable!("comparing {other:?}"),
    };
    use std::cmp::Ordering::*;
    Ok(match op {
        CmpOp::Eq => ord == Equal,
        CmpOp::Ne => ord != Equal,
        CmpOp::Lt => ord == Less,
        CmpOp::Le => ord != Greater,
        CmpOp::Gt => ord == Greater,
        CmpOp::Ge => ord != Less,
    })
}

/// The largest `f32` values that convert into `i32` and `u32`: casts saturate to them (naga
/// clamps in float before converting).
pub const I32_MAX_F: f32 = 2_147_483_520.0;
pub const U32_MAX_F: f32 = 4_294_967_040.0;

fn cast(to: Ty, (v, e): (Val, f64)) -> R {
    let f_to_i = |x: f32| x.clamp(i32::MIN as f32, I32_MAX_F) as i32;
    let f_to_u = |x: f32| x.clamp(0.0, U32_MAX_F) as u32;
    if let Val::F(x) = v {
        if e > 0.0 && to != Ty::F {
            stable(x, e, |y| (y as f32).clamp(i32::MIN as f32, I32_MAX_F).trunc())?;
            stable(x, e, |y| (y as f32).clamp(0.0, U32_MAX_F).trunc())?;
        }
    }
    let out = match (v, to) {
        (Val::I(x), Ty::I) => Val::I(x),
        (Val::I(x), Ty::U) => Val::U(x as u32),
        (Val::I(x), Ty::F) => Val::F(x as f32),
        (Val::U(x), Ty::I) => Val::I(x as i32),
        (Val::U(x), Ty::U) => Val::U(x),
        (Val::U(x), Ty::F) => Val::F(x as f32),
        (Val::F(x), Ty::I) => Val::I(f_to_i(x)),
        (Val::F(x), Ty::U) => Val::U(f_to_u(x)),
        (Val::F(x), Ty::F) => return Ok((Val::F(x), e)),
        (Val::B(x), Ty::I) => Val::I(i32::from(x)),
        (Val::B(x), Ty::U) => Val::U(u32::from(x)),
        (Val::B(x), Ty::F) => Val::F(if x { 1.0 } else { 0.0 }),
        other => unreachable!("cast {other:?}"),
    };
    Ok((out, 0.0))
}

fn math(fun: Fun, args: &[(f32, f64)]) -> R {
    let (x, ex) = args[0];
    let (y, ey) = args.get(1).copied().unwrap_or((0.0, 0.0));
    let (fx, fy) = (f64::from(x), f64::from(y));
    let ln10 = std::f64::consts::LN_10;
    let ln2 = std::f64::consts::LN_2;
    // (value, propagated error, whether the function's own tolerance applies)
    let (v, e, own): (f32, f64, bool) = match fun {
        Fun::Sin | Fun::Cos if x.abs() > 100.0 => return Err(Ambiguous),
        Fun::Sin => (x.sin(), ex, true),
        Fun::Cos => (x.cos(), ex, true),
        Fun::Exp | Fun::Exp2 if x.abs() > 60.0 => return Err(Ambiguous),
        Fun::Exp => (x.exp(), fx.exp() * ex, true),
        Fun::Exp2 => (x.exp2(), fx.exp2() * ln2 * ex, true),
        Fun::Log | Fun::Log2 | Fun::Log10 | Fun::Rsqrt if fx <= 2.0 * ex || x <= 0.0 => {
            return Err(Ambiguous)
        }
        Fun::Log => (x.ln(), ex / fx, true),
        Fun::Log2 => (x.log2(), ex / (fx * ln2), true),
        Fun::Log10 => (x.log10(), ex / (fx * ln10), true),
        Fun::Sqrt if x < 0.0 => return Err(Ambiguous),
        Fun::Sqrt if fx <= ex => (x.sqrt(), ex.sqrt(), true),
        Fun::Sqrt => (x.sqrt(), ex / (2.0 * fx.sqrt()), true),
        Fun::Rsqrt => (1.0 / x.sqrt(), ex * 0.5 * fx.powf(-1.5), true),
        Fun::Tanh => (x.tanh(), ex * (1.0 - fx.tanh().powi(2)), true),
        Fun::Atan => (x.atan(), ex / (1.0 + fx * fx), true),
        Fun::Atan2 => {
            // atan2(x, y): y is the second argument; ambiguous near the origin and the cut.
            let r2 = fx * fx + fy * fy;
            if r2.sqrt() <= 2.0 * (ex + ey) || (y <= 0.0 && fx.abs() <= 2.0 * ex) {
                return Err(Ambiguous);
            }
            (x.atan2(y), (fy.abs() * ex + fx.abs() * ey) / r2, true)
        }
        Fun::Floor => (x.floor(), stable(x, ex, f64::floor).map(|_| 0.0)?, false),
        Fun::Ceil => (x.ceil(), stable(x, ex, f64::ceil).map(|_| 0.0)?, false),
        Fun::Trunc => (x.trunc(), stable(x, ex, f64::trunc).map(|_| 0.0)?, false),
        // The accelerator's rule: halfway cases to even.
        Fun::Round => (
            x.round_ties_even(),
            stable(x, ex, f64::round_ties_even).map(|_| 0.0)?,
            false,
        ),
        Fun::Fabs => (x.abs(), ex, false),
        Fun::Fmin => (x.min(y), ex.max(ey), false),
        Fun::Fmax => (x.max(y), ex.max(ey), false),
        Fun::Pow => {
            // x > 0 (the generator keeps it there); Vulkan computes exp2(y * log2(x)).
            let l = fy * fx.log2();
            if l.abs() > 60.0 {
                return Err(Ambiguous);
            }
            let v = x.powf(y);
            let fv = f64::from(v).abs();
            let e = (fy * fx.powf(fy - 1.0)).abs() * ex + fv * fx.ln().abs() * ey;
            (v, e + fv * ln2 * l.abs() * TRANS_REL * 4.0, true)
        }
        Fun::Fmod => return arith(ArithOp::Rem, (Val::F(x), ex), (Val::F(y), ey)),
    };
    let v = sane(v)?;
    let own = if own {
        TRANS_REL * f64::from(v).abs() + TRANS_ABS
    } else {
        0.0
    };
    Ok((Val::F(v), e + own))
}

fn op_str<T: fmt::Debug>(op: T) -> &'static str {
    match format!("{op:?}").as_str() {
        "Add" => "+",
        "Sub" => "-",
        "Mul" => "*",
        "Div" => "/",
        "Rem" => "%",
        "And" => "&",
        "Or" => "|",
        "Xor" => "^",
        "Shl" => "<<",
        "Shr" => ">>",
        "Eq" => "==",
        "Ne" => "!=",
        "Lt" => "<",
        "Le" => "<=",
        "Gt" => ">",
        _ => ">=",
    }
}

/// Rust syntax, as a kernel would write it; leaves are `i3`, `u0`, `f5`.
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Leaf(ty, j) => write!(f, "{}{j}", format!("{ty:?}").to_lowercase()),
            Node::Lit(Val::I(v)) => write!(f, "{v}i32"),
            Node::Lit(Val::U(v)) => write!(f, "{v}u32"),
            Node::Lit(Val::F(v)) => write!(f, "{v:?}f32"),
            Node::Lit(Val::B(v)) => write!(f, "{v}"),
            Node::Arith(op, a, b) => write!(f, "({a} {} {b})", op_str(op)),
            Node::Bit(op, a, b) => write!(f, "({a} {} {b})", op_str(op)),
            Node::Shift(op, a, b) => write!(f, "({a} {} {b})", op_str(op)),
            Node::Cmp(op, a, b) => write!(f, "({a} {} {b})", op_str(op)),
            Node::Neg(a) => write!(f, "-{a}"),
            Node::Not(a) => write!(f, "!{a}"),
            Node::Cast(to, a) => {
                let to = ["i32", "u32", "f32", "bool"][*to as usize];
                write!(f, "({a} as {to})")
            }
            Node::Logic(and, a, b) => write!(f, "({a} {} {b})", if *and { "&&" } else { "||" }),
            Node::If(c, a, b) => write!(f, "(if {c} {{ {a} }} else {{ {b} }})"),
            Node::Math(fun, args) => {
                let name = format!("{fun:?}").to_lowercase();
                let args: Vec<String> = args.iter().map(ToString::to_string).collect();
                write!(f, "fast_math::{name}({})", args.join(", "))
            }
        }
    }
}

/// The type of `node`'s value.
pub fn type_of(node: &Node) -> Ty {
    match node {
        Node::Leaf(ty, _) | Node::Cast(ty, _) => *ty,
        Node::Lit(Val::I(_)) => Ty::I,
        Node::Lit(Val::U(_)) => Ty::U,
        Node::Lit(Val::F(_)) | Node::Math(..) => Ty::F,
        Node::Lit(Val::B(_)) | Node::Cmp(..) | Node::Logic(..) => Ty::B,
        Node::Arith(_, a, _) | Node::Bit(_, a, _) | Node::Shift(_, a, _) => type_of(a),
        Node::Neg(a) | Node::Not(a) => type_of(a),
        Node::If(_, a, _) => type_of(a),
    }
}
