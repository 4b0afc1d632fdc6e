//! Subgroup reductions and scans: subgroups are consecutive runs of [`SUBGROUP_SIZE`] lanes by
//! local invocation index, and a collective combines the active lanes of each, in lane order.

#![allow(clippy::needless_range_loop)]

use super::lanes::{Num, Word};
use super::program::CollTy;
use super::SUBGROUP_SIZE;
use half::f16;
use naga::{CollectiveOperation, SubgroupOperation as Op};

/// Runs a collective over `comps` components of register `src` into `dst`.
#[allow(clippy::too_many_arguments)]
pub(super) fn collective(
    regs: &mut [u32],
    n: usize,
    mask: &[bool],
    op: Op,
    kind: CollectiveOperation,
    ty: CollTy,
    dst: u32,
    src: u32,
    comps: u32,
) {
    match ty {
        CollTy::Bool | CollTy::U32 => typed::<u32>(regs, n, mask, op, kind, ty, dst, src, comps),
        CollTy::I32 => typed::<i32>(regs, n, mask, op, kind, ty, dst, src, comps),
        CollTy::F32 => typed::<f32>(regs, n, mask, op, kind, ty, dst, src, comps),
        CollTy::F16 => typed::<f16>(regs, n, mask, op, kind, ty, dst, src, comps),
        CollTy::U64 => typed::<u64>(regs, n, mask, op, kind, ty, dst, src, comps),
        CollTy::I64 => typed::<i64>(regs, n, mask, op, kind, ty, dst, src, comps),
        CollTy::F64 => typed::<f64>(regs, n, mask, op, kind, ty, dst, src, comps),
    }
}

/// The identity of `op` on `T`, as raw bits for the bitwise operations.
fn identity<T: Num>(op: Op) -> Option<T> {
    match op {
        Op::Add | Op::Or | Op::Xor | Op::Any => Some(T::zero()),
        Op::Mul => Some(T::one()),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn typed<T: Num>(
    regs: &mut [u32],
    n: usize,
    mask: &[bool],
    op: Op,
    kind: CollectiveOperation,
    ty: CollTy,
    dst: u32,
    src: u32,
    comps: u32,
) {
    let w = T::W;
    let bitwise = |a: u64, b: u64| -> u64 {
        match op {
            Op::And | Op::All => a & b,
            Op::Or | Op::Any => a | b,
            _ => a ^ b,
        }
    };
    let raw = |regs: &[u32], row: usize, lane: usize| -> u64 {
        let lo = u64::from(regs[row * n + lane]);
        if w == 2 {
            lo | (u64::from(regs[(row + 1) * n + lane]) << 32)
        } else {
            lo
        }
    };
    let put_raw = |regs: &mut [u32], row: usize, lane: usize, v: u64| {
        regs[row * n + lane] = v as u32;
        if w == 2 {
            regs[(row + 1) * n + lane] = (v >> 32) as u32;
        }
    };
    let combine = |a: u64, b: u64| -> u64 {
        match op {
            Op::And | Op::Or | Op::Xor | Op::All | Op::Any => bitwise(a, b),
            _ => {
                let x = from_raw::<T>(a, w);
                let y = from_raw::<T>(b, w);
                let r = match op {
                    Op::Add => x.add(y),
                    Op::Mul => x.mul(y),
                    Op::Min => x.wmin(y),
                    _ => x.wmax(y),
                };
                to_raw(r, w)
            }
        }
    };
    let ident: u64 = match op {
        Op::And | Op::All => {
            if ty == CollTy::Bool {
                1
            } else {
                u64::MAX >> (64 - 32 * w)
            }
        }
        Op::Min | Op::Max => extreme(ty, op == Op::Min),
        _ => identity::<T>(op).map_or(0, |v| to_raw(v, w)),
    };
    let sg = SUBGROUP_SIZE as usize;
    for c in 0..comps as usize {
        let s = src as usize + c * w;
        let d = dst as usize + c * w;
        for base in (0..n).step_by(sg) {
            let end = (base + sg).min(n);
            match kind {
                CollectiveOperation::Reduce => {
                    let mut acc: Option<u64> = None;
                    for lane in base..end {
                        if mask[lane] {
                            let v = raw(regs, s, lane);
                            acc = Some(acc.map_or(v, |a| combine(a, v)));
                        }
                    }
                    let v = acc.unwrap_or(ident);
                    for lane in base..end {
                        put_raw(regs, d, lane, v);
                    }
                }
                CollectiveOperation::InclusiveScan | CollectiveOperation::ExclusiveScan => {
                    let mut acc = ident;
                    let mut first = true;
                    for lane in base..end {
                        let v = raw(regs, s, lane);
                        if kind == CollectiveOperation::ExclusiveScan {
                            put_raw(regs, d, lane, acc);
                        }
                        if mask[lane] {
                            acc = if first { v } else { combine(acc, v) };
                            first = false;
                        }
                        if kind == CollectiveOperation::InclusiveScan {
                            put_raw(regs, d, lane, acc);
                        }
                    }
                }
            }
        }
    }
}

/// The identity of `min` (the type's largest value) or `max` (its smallest), as raw bits.
fn extreme(ty: CollTy, min: bool) -> u64 {
    match (ty, min) {
        (CollTy::Bool, _) => u64::from(min),
        (CollTy::U32, true) => u64::from(u32::MAX),
        (CollTy::U32, false) => 0,
        (CollTy::I32, true) => u64::from(i32::MAX as u32),
        (CollTy::I32, false) => u64::from(i32::MIN as u32),
        (CollTy::F32, true) => u64::from(f32::INFINITY.to_bits()),
        (CollTy::F32, false) => u64::from(f32::NEG_INFINITY.to_bits()),
        (CollTy::F16, true) => u64::from(f16::INFINITY.to_bits()),
        (CollTy::F16, false) => u64::from(f16::NEG_INFINITY.to_bits()),
        (CollTy::U64, true) => u64::MAX,
        (CollTy::U64, false) => 0,
        (CollTy::I64, true) => i64::MAX as u64,
        (CollTy::I64, false) => i64::MIN as u64,
        (CollTy::F64, true) => f64::INFINITY.to_bits(),
        (CollTy::F64, false) => f64::NEG_INFINITY.to_bits(),
    }
}

fn from_raw<T: Word>(v: u64, w: usize) -> T {
    let regs = [v as u32, (v >> 32) as u32];
    if w == 2 {
        T::get(&regs, 0, 1, 0)
    } else {
        T::get(&regs[..1], 0, 1, 0)
    }
}

fn to_raw<T: Word>(x: T, w: usize) -> u64 {
    let mut regs = [0u32; 2];
    x.put(&mut regs, 0, 1, 0);
    if w == 2 {
        u64::from(regs[0]) | (u64::from(regs[1]) << 32)
    } else {
        u64::from(regs[0])
    }
}
