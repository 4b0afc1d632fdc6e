//! `f16` launch parameters: the host puts an `f16`'s bits in the low half of a parameter word
//! (its word encoding, the same two bytes a view's buffer holds). naga has no 16-bit integers
//! and no bit cast between a `u32` and a pair of `f16`s, so the kernel rebuilds the value from
//! the bits: the `f32` with the same value (every `f16` is one), converted exactly to `f16`.

use super::KernelBuilder;
use naga::{BinaryOperator as Op, Expression, Handle, Literal, ScalarKind};

impl KernelBuilder {
    /// The `f16` whose bits are the low half of the `u32` `word`.
    pub(crate) fn f16_from_low_bits(&mut self, word: Handle<Expression>) -> Handle<Expression> {
        let u = |b: &mut Self, v: u32| b.append(Expression::Literal(Literal::U32(v)));
        let (c13, c16, c10) = (u(self, 13), u(self, 16), u(self, 10));
        let magnitude_mask = u(self, 0x7fff);
        let magnitude = self.binary(Op::And, word, magnitude_mask);
        // Exponent and mantissa moved into an `f32`'s fields.
        let moved = self.binary(Op::ShiftLeft, magnitude, c13);
        // Normal numbers: rebias the exponent (127 - 15 = 112).
        let rebias = u(self, 112 << 23);
        let normal = self.binary(Op::Add, moved, rebias);
        // Infinities and NaN: the largest exponent, the mantissa kept.
        let all_ones = u(self, 0x7f80_0000);
        let special = self.binary(Op::InclusiveOr, moved, all_ones);
        // Zeros and subnormals: mantissa · 2⁻²⁴, an exact normal `f32` (or zero).
        let mantissa_mask = u(self, 0x3ff);
        let mantissa = self.binary(Op::And, word, mantissa_mask);
        let mantissa = self.append(Expression::As {
            expr: mantissa,
            kind: ScalarKind::Float,
            convert: Some(4),
        });
        let scale = self.append(Expression::Literal(Literal::F32(2f32.powi(-24))));
        let small = self.binary(Op::Multiply, mantissa, scale);
        let small = self.append(Expression::As {
            expr: small,
            kind: ScalarKind::Uint,
            convert: None,
        });
        let exponent = self.binary(Op::ShiftRight, magnitude, c10);
        let zero = u(self, 0);
        let largest = u(self, 0x1f);
        let is_small = self.binary(Op::Equal, exponent, zero);
        let is_special = self.binary(Op::Equal, exponent, largest);
        let bits = self.append(Expression::Select {
            condition: is_special,
            accept: special,
            reject: normal,
        });
        let bits = self.append(Expression::Select {
            condition: is_small,
            accept: small,
            reject: bits,
        });
        let sign_mask = u(self, 0x8000);
        let sign = self.binary(Op::And, word, sign_mask);
        let sign = self.binary(Op::ShiftLeft, sign, c16);
        let bits = self.binary(Op::InclusiveOr, bits, sign);
        let single = self.append(Expression::As {
            expr: bits,
            kind: ScalarKind::Float,
            convert: None,
        });
        self.append(Expression::As {
            expr: single,
            kind: ScalarKind::Float,
            convert: Some(2),
        })
    }
}
