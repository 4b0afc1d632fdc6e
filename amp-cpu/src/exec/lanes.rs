//! The register file and the per-lane loops every arithmetic instruction runs.
//!
//! Registers are rows of 32-bit words, one word per lane: word `k` of register `r` for lane `l`
//! is `regs[(r + k) * lanes + l]`. A 64-bit scalar takes two rows (low word first); an f16 sits
//! in the low half of its word; a bool is 0 or 1. Pure instructions compute every lane, active
//! or not: their results in inactive lanes are never read (a value is used only where its
//! expression was evaluated), and skipping the mask keeps the loops tight.

use half::f16;

/// The operands of one pure lane instruction: register rows and per-operand strides.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Operands {
    /// The result's first row.
    pub dst: u32,
    /// The operands' first rows.
    pub a: u32,
    pub b: u32,
    pub c: u32,
    /// Components to compute.
    pub n: u32,
    /// Rows to step per component for each operand (0 for a scalar broadcast to a vector).
    pub sa: u32,
    pub sb: u32,
    pub sc: u32,
    /// Rows per result component.
    pub sd: u32,
    /// An instruction-specific constant (rows per component, a vector's length, an offset).
    pub k: u32,
    /// A fourth operand's row (a scalar).
    pub x4: u32,
}

/// A compiled pure instruction: runs over all lanes of the register file.
pub(super) type LaneFn = fn(&mut [u32], usize, &Operands);

/// A scalar type as it lies in registers.
pub(super) trait Word: Copy {
    /// Rows it takes.
    const W: usize;
    fn get(regs: &[u32], row: usize, lanes: usize, lane: usize) -> Self;
    fn put(self, regs: &mut [u32], row: usize, lanes: usize, lane: usize);
}

macro_rules! word32 {
    ($t:ty, $from:expr, $to:expr) => {
        #[allow(clippy::redundant_closure_call)]
        impl Word for $t {
            const W: usize = 1;
            #[inline(always)]
            fn get(regs: &[u32], row: usize, lanes: usize, lane: usize) -> Self {
                let f: fn(u32) -> $t = $from;
                f(regs[row * lanes + lane])
            }
            #[inline(always)]
            fn put(self, regs: &mut [u32], row: usize, lanes: usize, lane: usize) {
                let f: fn($t) -> u32 = $to;
                regs[row * lanes + lane] = f(self);
            }
        }
    };
}
word32!(u32, |w| w, |v| v);
word32!(i32, |w| w as i32, |v| v as u32);
word32!(f32, f32::from_bits, f32::to_bits);
word32!(bool, |w| w != 0, u32::from);
word32!(f16, |w| f16::from_bits(w as u16), |v| u32::from(
    v.to_bits()
));

macro_rules! word64 {
    ($t:ty, $from:expr, $to:expr) => {
        #[allow(clippy::redundant_closure_call)]
        impl Word for $t {
            const W: usize = 2;
            #[inline(always)]
            fn get(regs: &[u32], row: usize, lanes: usize, lane: usize) -> Self {
                let lo = regs[row * lanes + lane] as u64;
                let hi = regs[(row + 1) * lanes + lane] as u64;
                let f: fn(u64) -> $t = $from;
                f(lo | (hi << 32))
            }
            #[inline(always)]
            fn put(self, regs: &mut [u32], row: usize, lanes: usize, lane: usize) {
                let f: fn($t) -> u64 = $to;
                let v = f(self);
                regs[row * lanes + lane] = v as u32;
                regs[(row + 1) * lanes + lane] = (v >> 32) as u32;
            }
        }
    };
}
word64!(u64, |w| w, |v| v);
word64!(i64, |w| w as i64, |v| v as u64);
word64!(f64, f64::from_bits, f64::to_bits);

/// One result per lane from one operand, for each component.
#[inline(always)]
pub(super) fn map1<A: Word, R: Word>(
    regs: &mut [u32],
    lanes: usize,
    o: &Operands,
    f: impl Fn(A) -> R,
) {
    for c in 0..o.n as usize {
        let ra = o.a as usize + c * o.sa as usize;
        let rd = o.dst as usize + c * o.sd as usize;
        for l in 0..lanes {
            f(A::get(regs, ra, lanes, l)).put(regs, rd, lanes, l);
        }
    }
}

/// One result per lane from two operands, for each component.
#[inline(always)]
pub(super) fn map2<A: Word, B: Word, R: Word>(
    regs: &mut [u32],
    lanes: usize,
    o: &Operands,
    f: impl Fn(A, B) -> R,
) {
    for c in 0..o.n as usize {
        let ra = o.a as usize + c * o.sa as usize;
        let rb = o.b as usize + c * o.sb as usize;
        let rd = o.dst as usize + c * o.sd as usize;
        if A::W == 1 && B::W == 1 && R::W == 1 {
            // Split the rows so the loop runs over three plain slices.
            let (x, y, d) = rows3(regs, lanes, ra, rb, rd);
            for l in 0..lanes {
                let v = f(A::get(x, 0, 0, l), B::get(y, 0, 0, l));
                v.put(d, 0, 0, l);
            }
        } else {
            for l in 0..lanes {
                let v = f(A::get(regs, ra, lanes, l), B::get(regs, rb, lanes, l));
                v.put(regs, rd, lanes, l);
            }
        }
    }
}

/// One result per lane from three operands, for each component.
#[inline(always)]
pub(super) fn map3<A: Word, B: Word, C: Word, R: Word>(
    regs: &mut [u32],
    lanes: usize,
    o: &Operands,
    f: impl Fn(A, B, C) -> R,
) {
    for c in 0..o.n as usize {
        let ra = o.a as usize + c * o.sa as usize;
        let rb = o.b as usize + c * o.sb as usize;
        let rc = o.c as usize + c * o.sc as usize;
        let rd = o.dst as usize + c * o.sd as usize;
        for l in 0..lanes {
            let v = f(
                A::get(regs, ra, lanes, l),
                B::get(regs, rb, lanes, l),
                C::get(regs, rc, lanes, l),
            );
            v.put(regs, rd, lanes, l);
        }
    }
}

/// Rows `a` and `b` to read and row `d` to write, as separate slices (copies of the inputs when
/// one of them is the output row, which SSA registers never are).
#[inline(always)]
pub(super) fn rows3(
    regs: &mut [u32],
    lanes: usize,
    a: usize,
    b: usize,
    d: usize,
) -> (&[u32], &[u32], &mut [u32]) {
    let (lo, hi) = regs.split_at_mut(d * lanes);
    let (dst, rest) = hi.split_at_mut(lanes);
    let (lo, rest): (&[u32], &[u32]) = (lo, rest);
    let row = |r: usize| -> &[u32] {
        if r < d {
            &lo[r * lanes..(r + 1) * lanes]
        } else {
            &rest[(r - d - 1) * lanes..(r - d) * lanes]
        }
    };
    (row(a), row(b), dst)
}

/// Numbers with WGSL's arithmetic.
pub(super) trait Num: Word + PartialOrd {
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn rem(self, o: Self) -> Self;
    fn neg(self) -> Self;
    fn wmin(self, o: Self) -> Self;
    fn wmax(self, o: Self) -> Self;
    fn wabs(self) -> Self;
    fn wsign(self) -> Self;
    fn zero() -> Self;
    fn one() -> Self;
    /// The value as a wide integer (floats truncate toward zero, saturating like `as`).
    fn to_i128(self) -> i128;
    /// The value as an f64.
    fn to_f64(self) -> f64;
    /// An integer converted (wrapping to the width for integers, rounding for floats).
    fn from_i128(v: i128) -> Self;
    /// A float converted (saturating for integers, NaN to zero, as Rust's `as`).
    fn from_f64(v: f64) -> Self;
    const FLOAT: bool;
}

macro_rules! int {
    ($t:ty) => {
        impl Num for $t {
            #[inline(always)]
            fn add(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            #[inline(always)]
            fn sub(self, o: Self) -> Self {
                self.wrapping_sub(o)
            }
            #[inline(always)]
            fn mul(self, o: Self) -> Self {
                self.wrapping_mul(o)
            }
            /// WGSL: `x / 0` is `x`, and `MIN / -1` is `MIN`.
            #[inline(always)]
            fn div(self, o: Self) -> Self {
                if o == 0 {
                    self
                } else {
                    self.wrapping_div(o)
                }
            }
            /// WGSL: `x % 0` is 0, and `MIN % -1` is 0.
            #[inline(always)]
            fn rem(self, o: Self) -> Self {
                if o == 0 {
                    0
                } else {
                    self.wrapping_rem(o)
                }
            }
            #[inline(always)]
            fn neg(self) -> Self {
                (0 as $t).wrapping_sub(self)
            }
            #[inline(always)]
            fn wmin(self, o: Self) -> Self {
                Ord::min(self, o)
            }
            #[inline(always)]
            fn wmax(self, o: Self) -> Self {
                Ord::max(self, o)
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn wabs(self) -> Self {
                if self < 0 {
                    Num::neg(self)
                } else {
                    self
                }
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn wsign(self) -> Self {
                if self > 0 {
                    1
                } else if self < 0 {
                    (0 as $t).wrapping_sub(1)
                } else {
                    0
                }
            }
            fn zero() -> Self {
                0
            }
            fn one() -> Self {
                1
            }
            #[inline(always)]
            fn to_i128(self) -> i128 {
                self as i128
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn from_i128(v: i128) -> Self {
                v as $t
            }
            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                v as $t
            }
            const FLOAT: bool = false;
        }
    };
}
int!(u32);
int!(i32);
int!(u64);
int!(i64);

macro_rules! float {
    ($t:ty) => {
        impl Num for $t {
            #[inline(always)]
            fn add(self, o: Self) -> Self {
                self + o
            }
            #[inline(always)]
            fn sub(self, o: Self) -> Self {
                self - o
            }
            #[inline(always)]
            fn mul(self, o: Self) -> Self {
                self * o
            }
            #[inline(always)]
            fn div(self, o: Self) -> Self {
                self / o
            }
            /// WGSL's float `%` truncates, as Rust's does.
            #[inline(always)]
            fn rem(self, o: Self) -> Self {
                self % o
            }
            #[inline(always)]
            fn neg(self) -> Self {
                -self
            }
            #[inline(always)]
            fn wmin(self, o: Self) -> Self {
                <$t>::min(self, o)
            }
            #[inline(always)]
            fn wmax(self, o: Self) -> Self {
                <$t>::max(self, o)
            }
            #[inline(always)]
            fn wabs(self) -> Self {
                <$t>::abs(self)
            }
            #[inline(always)]
            fn wsign(self) -> Self {
                if self > 0.0 {
                    1.0
                } else if self < 0.0 {
                    -1.0
                } else {
                    0.0
                }
            }
            fn zero() -> Self {
                0.0
            }
            fn one() -> Self {
                1.0
            }
            #[inline(always)]
            fn to_i128(self) -> i128 {
                self as i128
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn from_i128(v: i128) -> Self {
                v as $t
            }
            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                v as $t
            }
            const FLOAT: bool = true;
        }
    };
}
float!(f32);
float!(f64);

impl Num for f16 {
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn sub(self, o: Self) -> Self {
        self - o
    }
    fn mul(self, o: Self) -> Self {
        self * o
    }
    fn div(self, o: Self) -> Self {
        self / o
    }
    fn rem(self, o: Self) -> Self {
        self % o
    }
    fn neg(self) -> Self {
        -self
    }
    fn wmin(self, o: Self) -> Self {
        f16::min(self, o)
    }
    fn wmax(self, o: Self) -> Self {
        f16::max(self, o)
    }
    fn wabs(self) -> Self {
        f16::from_f32(self.to_f32().abs())
    }
    fn wsign(self) -> Self {
        f16::from_f32(Num::wsign(self.to_f32()))
    }
    fn zero() -> Self {
        f16::ZERO
    }
    fn one() -> Self {
        f16::ONE
    }
    fn to_i128(self) -> i128 {
        self.to_f32() as i128
    }
    fn to_f64(self) -> f64 {
        self.to_f64()
    }
    fn from_i128(v: i128) -> Self {
        f16::from_f32(v as f32)
    }
    fn from_f64(v: f64) -> Self {
        f16_nearest(v)
    }
    const FLOAT: bool = true;
}

/// Integers' bit operations.
pub(super) trait Bits: Num {
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    fn not(self) -> Self;
    /// Shifts by `n` masked to the width, as WGSL does.
    fn shl(self, n: u32) -> Self;
    fn shr(self, n: u32) -> Self;
    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn reverse_bits(self) -> Self;
    /// `firstLeadingBit`: for signed values the first bit that differs from the sign.
    fn first_leading(self) -> Self;
    fn extract(self, offset: u32, count: u32) -> Self;
    fn insert(self, new: Self, offset: u32, count: u32) -> Self;
    fn from_u32(v: u32) -> Self;
}

macro_rules! bits {
    ($t:ty, $u:ty, $signed:expr) => {
        impl Bits for $t {
            #[inline(always)]
            fn and(self, o: Self) -> Self {
                self & o
            }
            #[inline(always)]
            fn or(self, o: Self) -> Self {
                self | o
            }
            #[inline(always)]
            fn xor(self, o: Self) -> Self {
                self ^ o
            }
            #[inline(always)]
            fn not(self) -> Self {
                !self
            }
            #[inline(always)]
            fn shl(self, n: u32) -> Self {
                self.wrapping_shl(n)
            }
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                self.wrapping_shr(n)
            }
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            fn first_leading(self) -> Self {
                let u = self as $u;
                let v = if $signed && (u >> (<$t>::BITS - 1)) == 1 {
                    !u
                } else {
                    u
                };
                if v == 0 {
                    (0 as $t).wrapping_sub(1)
                } else {
                    (<$t>::BITS - 1 - v.leading_zeros()) as $t
                }
            }
            fn extract(self, offset: u32, count: u32) -> Self {
                let w = <$t>::BITS;
                let o = Ord::min(offset, w);
                let c = Ord::min(count, w - o);
                if c == 0 {
                    return 0;
                }
                // Shift the field to the top, then back down (arithmetic for signed types).
                let up = self.wrapping_shl(w - o - c);
                up.wrapping_shr(w - c)
            }
            fn insert(self, new: Self, offset: u32, count: u32) -> Self {
                let w = <$t>::BITS;
                let o = Ord::min(offset, w);
                let c = Ord::min(count, w - o);
                if c == 0 {
                    return self;
                }
                let ones: $u = if c == w { !0 } else { ((1 as $u) << c) - 1 };
                let mask = (ones << o) as $t;
                (self & !mask) | ((new.wrapping_shl(o)) & mask)
            }
            fn from_u32(v: u32) -> Self {
                v as $t
            }
        }
    };
}
bits!(u32, u32, false);
bits!(i32, u32, true);
bits!(u64, u64, false);
bits!(i64, u64, true);

/// Floats' functions, computed in f64 where the type has no native one (f16).
pub(super) trait Float: Num {
    fn f(self, g: fn(f64) -> f64) -> Self {
        Self::from_f64(g(self.to_f64()))
    }
    fn sqrt(self) -> Self;
    fn fma(self, b: Self, c: Self) -> Self;
    fn is_inf(self) -> bool;
}

impl Float for f32 {
    fn sqrt(self) -> Self {
        f32::sqrt(self)
    }
    fn fma(self, b: Self, c: Self) -> Self {
        f32::mul_add(self, b, c)
    }
    fn is_inf(self) -> bool {
        f32::is_infinite(self)
    }
}
impl Float for f64 {
    fn sqrt(self) -> Self {
        f64::sqrt(self)
    }
    fn fma(self, b: Self, c: Self) -> Self {
        f64::mul_add(self, b, c)
    }
    fn is_inf(self) -> bool {
        f64::is_infinite(self)
    }
}
impl Float for f16 {
    fn sqrt(self) -> Self {
        f16::from_f32(self.to_f32().sqrt())
    }
    fn fma(self, b: Self, c: Self) -> Self {
        f16::from_f32(self.to_f32().mul_add(b.to_f32(), c.to_f32()))
    }
    fn is_inf(self) -> bool {
        f16::is_infinite(self)
    }
}

/// The `f16` nearest `v`, ties to even. `half`'s `f16::from_f64` decides the rounding from the
/// top 32 bits of the `f64` only, so a value just above a tie rounds as the tie; here `v` is
/// first rounded to `f32` toward zero with the lowest bit set where that was inexact ("round to
/// odd": `f32` keeps 13 bits more than `f16`, so the sticky bit decides), then to `f16`.
pub(crate) fn f16_nearest(v: f64) -> f16 {
    let mut t = v as f32;
    if !t.is_finite() || f64::from(t) == v {
        return f16::from_f32(t);
    }
    if f64::from(t).abs() > v.abs() {
        t = f32::from_bits(t.to_bits() - 1);
    }
    f16::from_f32(f32::from_bits(t.to_bits() | 1))
}
