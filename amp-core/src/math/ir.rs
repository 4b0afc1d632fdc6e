//! A small expression writer over naga handles for the math routines composed in IR: float
//! arithmetic of one width, comparisons, selects, polynomials (Horner with fused multiply-add)
//! and the bits of a float. Every software routine (`soft.rs`) and composed intrinsic is
//! written with it, so the routines read as formulas.

use crate::builder::KernelBuilder;
use naga::{BinaryOperator as B, Expression, Handle, MathFunction as M, ScalarKind, UnaryOperator};

/// An expression handle.
pub(crate) type H = Handle<Expression>;

/// Writes expressions of float width `s` into the function being built.
pub(crate) struct Ir<'b> {
    pub(crate) b: &'b mut KernelBuilder,
    /// The float scalar the routine computes in.
    pub(crate) s: naga::Scalar,
}

impl<'b> Ir<'b> {
    pub(crate) fn new(b: &'b mut KernelBuilder, s: naga::Scalar) -> Self {
        Ir { b, s }
    }

    /// A float constant.
    pub(crate) fn c(&mut self, v: f64) -> H {
        super::constant(self.b, self.s, v)
    }
    pub(crate) fn bin(&mut self, op: B, l: H, r: H) -> H {
        self.b.binary(op, l, r)
    }
    pub(crate) fn add(&mut self, l: H, r: H) -> H {
        self.bin(B::Add, l, r)
    }
    pub(crate) fn sub(&mut self, l: H, r: H) -> H {
        self.bin(B::Subtract, l, r)
    }
    pub(crate) fn mul(&mut self, l: H, r: H) -> H {
        self.bin(B::Multiply, l, r)
    }
    pub(crate) fn div(&mut self, l: H, r: H) -> H {
        self.bin(B::Divide, l, r)
    }
    pub(crate) fn neg(&mut self, x: H) -> H {
        self.b.append(Expression::Unary {
            op: UnaryOperator::Negate,
            expr: x,
        })
    }
    /// `x * k` for a constant `k`.
    pub(crate) fn mulc(&mut self, x: H, k: f64) -> H {
        let k = self.c(k);
        self.mul(x, k)
    }
    /// `x + k` for a constant `k`.
    pub(crate) fn addc(&mut self, x: H, k: f64) -> H {
        let k = self.c(k);
        self.add(x, k)
    }
    /// A math function of one to three arguments.
    pub(crate) fn m(&mut self, fun: M, args: &[H]) -> H {
        self.b.append(Expression::Math {
            fun,
            arg: args[0],
            arg1: args.get(1).copied(),
            arg2: args.get(2).copied(),
            arg3: None,
        })
    }
    /// `a * b + c`, rounded once.
    pub(crate) fn fma(&mut self, a: H, b: H, c: H) -> H {
        self.m(M::Fma, &[a, b, c])
    }
    pub(crate) fn abs(&mut self, x: H) -> H {
        self.m(M::Abs, &[x])
    }
    pub(crate) fn floor(&mut self, x: H) -> H {
        self.m(M::Floor, &[x])
    }
    pub(crate) fn trunc(&mut self, x: H) -> H {
        self.m(M::Trunc, &[x])
    }
    /// Rounds to the nearest integer, halves to even.
    pub(crate) fn rint(&mut self, x: H) -> H {
        self.m(M::Round, &[x])
    }
    pub(crate) fn sqrt(&mut self, x: H) -> H {
        self.m(M::Sqrt, &[x])
    }
    /// `p(x) = k[0] + k[1] x + k[2] x² + …` by Horner's rule with fused multiply-adds.
    pub(crate) fn poly(&mut self, x: H, k: &[f64]) -> H {
        let (last, rest) = match k.split_last() {
            Some(split) => split,
            None => return self.c(0.0),
        };
        let mut acc = self.c(*last);
        for &k in rest.iter().rev() {
            let k = self.c(k);
            acc = self.fma(acc, x, k);
        }
        acc
    }

    pub(crate) fn lt(&mut self, l: H, r: H) -> H {
        self.bin(B::Less, l, r)
    }
    pub(crate) fn gt(&mut self, l: H, r: H) -> H {
        self.bin(B::Greater, l, r)
    }
    pub(crate) fn eq(&mut self, l: H, r: H) -> H {
        self.bin(B::Equal, l, r)
    }
    /// `x < k` for a constant `k`.
    pub(crate) fn ltc(&mut self, x: H, k: f64) -> H {
        let k = self.c(k);
        self.lt(x, k)
    }
    /// `x > k` for a constant `k`.
    pub(crate) fn gtc(&mut self, x: H, k: f64) -> H {
        let k = self.c(k);
        self.gt(x, k)
    }
    /// `x == k` for a constant `k`.
    pub(crate) fn eqc(&mut self, x: H, k: f64) -> H {
        let k = self.c(k);
        self.eq(x, k)
    }
    pub(crate) fn or(&mut self, l: H, r: H) -> H {
        self.bin(B::LogicalOr, l, r)
    }
    pub(crate) fn and(&mut self, l: H, r: H) -> H {
        self.bin(B::LogicalAnd, l, r)
    }
    pub(crate) fn not(&mut self, x: H) -> H {
        self.b.append(Expression::Unary {
            op: UnaryOperator::LogicalNot,
            expr: x,
        })
    }
    pub(crate) fn is_nan(&mut self, x: H) -> H {
        self.b.append(Expression::Relational {
            fun: naga::RelationalFunction::IsNan,
            argument: x,
        })
    }
    pub(crate) fn is_inf(&mut self, x: H) -> H {
        self.b.append(Expression::Relational {
            fun: naga::RelationalFunction::IsInf,
            argument: x,
        })
    }
    pub(crate) fn nan(&mut self) -> H {
        self.c(f64::NAN)
    }
    /// Whether `x` is finite (neither infinite nor NaN).
    pub(crate) fn finite(&mut self, x: H) -> H {
        let ax = self.abs(x);
        let max = match self.s.width {
            8 => f64::MAX,
            2 => 65504.0,
            _ => f64::from(f32::MAX),
        };
        let max = self.c(max);
        self.bin(B::LessEqual, ax, max)
    }
    /// `if cond { yes } else { no }` (both evaluated).
    pub(crate) fn sel(&mut self, cond: H, yes: H, no: H) -> H {
        self.b.append(Expression::Select {
            condition: cond,
            accept: yes,
            reject: no,
        })
    }

    /// The unsigned integer scalar of the float's width.
    pub(crate) fn uint(&self) -> naga::Scalar {
        naga::Scalar {
            kind: ScalarKind::Uint,
            width: self.s.width,
        }
    }
    /// An unsigned literal of the float's width.
    pub(crate) fn u(&mut self, v: u64) -> H {
        let literal = match self.s.width {
            8 => naga::Literal::U64(v),
            _ => naga::Literal::U32(v as u32),
        };
        self.b.append(Expression::Literal(literal))
    }
    /// The float's bits, as the unsigned integer of its width.
    pub(crate) fn bits(&mut self, x: H) -> H {
        // Registers the integer type for the 64-bit capability check, which reads the
        // module's types.
        let uint = self.uint();
        self.b.intern_type(naga::TypeInner::Scalar(uint));
        self.b.append(Expression::As {
            expr: x,
            kind: ScalarKind::Uint,
            convert: None,
        })
    }
    /// The float whose bits are `u`.
    pub(crate) fn float_of_bits(&mut self, u: H) -> H {
        self.b.append(Expression::As {
            expr: u,
            kind: ScalarKind::Float,
            convert: None,
        })
    }
    /// A conversion of `x` to the scalar kind `kind` of width `width` (integers from floats
    /// truncate).
    pub(crate) fn convert(&mut self, x: H, kind: ScalarKind, width: u8) -> H {
        self.b.append(Expression::As {
            expr: x,
            kind,
            convert: Some(width),
        })
    }
    /// The float of this width nearest the integer `i`.
    pub(crate) fn int_to_float(&mut self, i: H) -> H {
        let width = self.s.width;
        self.convert(i, ScalarKind::Float, width)
    }
    /// An integral float value as an `i32` (it must be in range).
    pub(crate) fn as_i32(&mut self, x: H) -> H {
        self.convert(x, ScalarKind::Sint, 4)
    }
    /// `x · 2^k` for an `i32` `k` in `-2200..=2200`, in two steps so that no intermediate
    /// power of two overflows or underflows.
    pub(crate) fn scale(&mut self, x: H, k: H) -> H {
        let two = self.b.literal_expr(naga::Literal::I32(2));
        let half = self.bin(B::Divide, k, two);
        let rest = self.bin(B::Subtract, k, half);
        let y = self.m(M::Ldexp, &[x, half]);
        self.m(M::Ldexp, &[y, rest])
    }
    /// The float `+x` with the sign of `s`.
    pub(crate) fn copysign(&mut self, x: H, s: H) -> H {
        let top = 1u64 << (u32::from(self.s.width) * 8 - 1);
        let xb = self.bits(x);
        let sb = self.bits(s);
        let mask = self.u(top);
        let not_mask = self.u(!top & self.full_mask());
        let magnitude = self.bin(B::And, xb, not_mask);
        let sign = self.bin(B::And, sb, mask);
        let bits = self.bin(B::InclusiveOr, magnitude, sign);
        self.float_of_bits(bits)
    }
    fn full_mask(&self) -> u64 {
        match self.s.width {
            8 => u64::MAX,
            _ => u64::from(u32::MAX),
        }
    }
}
