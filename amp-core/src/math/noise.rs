//! `intrinsics::noise`: one-dimensional Perlin gradient noise, computed the same way in kernels
//! and on the host (the same integer hash and float operations in the same order; an
//! accelerator may contract a multiply and an add, so results agree within a few ulp of 1).
//!
//! At each integer `i` the gradient is `+1` or `-1`, by bit 0 of a hash of `i`'s `f32` bits
//! (bits, not a conversion to `i32`, so every float has one); between `i` and `i + 1`, with
//! `f = x - i`, the ramps `g(i) * f` and `g(i + 1) * (f - 1)` are blended by Perlin's quintic
//! fade `f³ (f (6f - 15) + 10)`.

use super::ir::{Ir, H};
use crate::builder::KernelBuilder;
use naga::BinaryOperator as B;

/// The hash's multipliers and shifts (a 32-bit integer finaliser).
const MUL: [u32; 2] = [0x7feb_352d, 0x846c_a68b];
const SHIFT: [u32; 3] = [16, 15, 16];

/// The gradient at the integral float `i`: `+1.0` or `-1.0`.
pub(crate) fn host_gradient(i: f32) -> f32 {
    let mut h = i.to_bits();
    h ^= h >> SHIFT[0];
    h = h.wrapping_mul(MUL[0]);
    h ^= h >> SHIFT[1];
    h = h.wrapping_mul(MUL[1]);
    h ^= h >> SHIFT[2];
    if h & 1 == 0 {
        1.0
    } else {
        -1.0
    }
}

/// `noise(x)` on the host.
pub(crate) fn host_noise(x: f32) -> f32 {
    let i = x.floor();
    let f = x - i;
    let n0 = host_gradient(i) * f;
    let n1 = host_gradient(i + 1.0) * (f - 1.0);
    let fade = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
    n0 + fade * (n1 - n0)
}

fn gradient(o: &mut Ir, i: H) -> H {
    let mut h = o.bits(i);
    for (k, &shift) in SHIFT.iter().enumerate() {
        let s = o.u(u64::from(shift));
        let shifted = o.bin(B::ShiftRight, h, s);
        h = o.bin(B::ExclusiveOr, h, shifted);
        if let Some(&m) = MUL.get(k) {
            let m = o.u(u64::from(m));
            h = o.bin(B::Multiply, h, m);
        }
    }
    let one_bit = o.u(1);
    let low = o.bin(B::And, h, one_bit);
    let zero = o.u(0);
    let even = o.bin(B::Equal, low, zero);
    let plus = o.c(1.0);
    let minus = o.c(-1.0);
    o.sel(even, plus, minus)
}

/// `noise(x)` in a kernel (`x` an `f32`).
pub(crate) fn noise_body(b: &mut KernelBuilder, x: H) -> H {
    let mut o = Ir::new(b, naga::Scalar::F32);
    let i = o.floor(x);
    let f = o.sub(x, i);
    let g0 = gradient(&mut o, i);
    let next = o.addc(i, 1.0);
    let g1 = gradient(&mut o, next);
    let n0 = o.mul(g0, f);
    let f1 = o.addc(f, -1.0);
    let n1 = o.mul(g1, f1);
    let ff = o.mul(f, f);
    let fff = o.mul(ff, f);
    let six = o.mulc(f, 6.0);
    let inner = o.addc(six, -15.0);
    let inner = o.mul(f, inner);
    let outer = o.addc(inner, 10.0);
    let fade = o.mul(fff, outer);
    let d = o.sub(n1, n0);
    let blend = o.mul(fade, d);
    o.add(n0, blend)
}
