//! Memory as the lanes touch it: loads, stores and atomics on storage, uniform, immediate,
//! workgroup and per-lane memory, each access bounds-checked (outside its memory a read gives
//! zero and a write is dropped) and reported to the observer when there is one.

// Lane loops index several per-lane arrays (mask, registers) by the lane number.
#![allow(clippy::needless_range_loop)]

use super::program::*;
use super::run::Lanes;
use super::shape::Leaf;
use crate::check::{AccessKind, Space};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Mutex;

/// 64-bit atomics on storage memory take one of these locks (chosen by address), read the two
/// words, write them back and release it: the memory's words are 32-bit atomics, and every
/// 64-bit atomic operation on the same address takes the same lock.
static WIDE_ATOMICS: [Mutex<()>; 16] = [const { Mutex::new(()) }; 16];

impl Lanes<'_, '_> {
    pub(super) fn space(&self, mem: Mem) -> Option<Space> {
        match mem {
            Mem::Storage { slot } => {
                let b = self.prog.bindings[slot as usize];
                Some(Space::Binding {
                    group: b.group,
                    binding: b.binding,
                })
            }
            Mem::Workgroup { var, .. } => Some(Space::Workgroup { var }),
            _ => None,
        }
    }

    /// Reads `bytes` bytes at `at` of `mem` for `lane`, or `None` outside the memory.
    pub(super) fn read(&self, mem: Mem, lane: usize, at: u32, bytes: u32) -> Option<u64> {
        if at == INVALID {
            return None;
        }
        let end = u64::from(at) + u64::from(bytes);
        match mem {
            Mem::Storage { slot } | Mem::Uniform { slot } => {
                let s = self.slots[slot as usize];
                if end > s.size {
                    return None;
                }
                let abs = s.base + u64::from(at);
                Some(gather(|w| s.words[w].load(Relaxed), abs, bytes))
            }
            Mem::Immediate => {
                let b = self.immediates.get(at as usize..end as usize)?;
                let mut v = [0u8; 8];
                v[..b.len()].copy_from_slice(b);
                Some(u64::from_le_bytes(v))
            }
            Mem::Workgroup { base, size, .. } => {
                if end > u64::from(size) {
                    return None;
                }
                Some(gather(|w| self.wg[w], u64::from(base + at), bytes))
            }
            Mem::Private => {
                if end > u64::from(self.private_bytes) {
                    return None;
                }
                let n = self.n;
                Some(gather(|w| self.private[w * n + lane], u64::from(at), bytes))
            }
        }
    }

    /// Writes the low `bytes` bytes of `v` at `at` of `mem` for `lane`; false outside it.
    pub(super) fn write(&mut self, mem: Mem, lane: usize, at: u32, bytes: u32, v: u64) -> bool {
        if at == INVALID {
            return false;
        }
        let end = u64::from(at) + u64::from(bytes);
        match mem {
            Mem::Storage { slot } => {
                let s = self.slots[slot as usize];
                if end > s.size {
                    return false;
                }
                scatter(
                    |w, mask, bits| {
                        let a = &s.words[w];
                        if mask == u32::MAX {
                            a.store(bits, Relaxed);
                        } else {
                            // Other bytes of the word may belong to another thread's element.
                            let _ = a.fetch_update(Relaxed, Relaxed, |x| Some((x & !mask) | bits));
                        }
                    },
                    s.base + u64::from(at),
                    bytes,
                    v,
                );
                true
            }
            Mem::Uniform { .. } | Mem::Immediate => false,
            Mem::Workgroup { base, size, .. } => {
                if end > u64::from(size) {
                    return false;
                }
                let wg = &mut self.wg;
                scatter(
                    |w, mask, bits| wg[w] = (wg[w] & !mask) | bits,
                    u64::from(base + at),
                    bytes,
                    v,
                );
                true
            }
            Mem::Private => {
                if end > u64::from(self.private_bytes) {
                    return false;
                }
                let n = self.n;
                let p = &mut self.private;
                scatter(
                    |w, mask, bits| {
                        let x = &mut p[w * n + lane];
                        *x = (*x & !mask) | bits;
                    },
                    u64::from(at),
                    bytes,
                    v,
                );
                true
            }
        }
    }

    pub(super) fn report(
        &mut self,
        lane: usize,
        mem: Mem,
        at: u32,
        bytes: u32,
        kind: AccessKind,
        span: naga::Span,
    ) {
        if self.obs.is_none() {
            return;
        }
        if let Some(space) = self.space(mem) {
            if let Some(o) = self.obs.as_deref_mut() {
                o.access(lane as u32, space, u64::from(at), bytes, kind, span);
            }
        }
    }

    /// Reads the leaves of a value through a pointer, for the active lanes.
    pub(super) fn load(
        &mut self,
        dst: Reg,
        ptr: Ptr,
        leaves: &[Leaf],
        atomic: bool,
        span: naga::Span,
        mask: &[bool],
    ) {
        let n = self.n;
        if let (Mem::Private, Off::Const(at)) = (ptr.mem, ptr.off) {
            if leaves.iter().all(|l| l.bytes == 4 && (at + l.at) % 4 == 0)
                && at as u64 + leaves.last().map_or(0, |l| u64::from(l.at) + 4)
                    <= u64::from(self.private_bytes)
            {
                // Whole rows of per-lane memory: inactive lanes' registers are unused.
                for l in leaves.iter() {
                    let s = ((at + l.at) / 4) as usize * n;
                    let d = (dst + l.row) as usize * n;
                    self.regs[d..d + n].copy_from_slice(&self.private[s..s + n]);
                }
                return;
            }
        }
        if self.obs.is_none() && leaves.len() == 1 && leaves[0].bytes == 4 && leaves[0].at == 0 {
            self.load_word(dst, ptr, mask);
            return;
        }
        if let (None, Off::Const(b), false) = (self.obs.as_ref(), ptr.off, ptr.mem == Mem::Private)
        {
            // One address for every lane in memory the lanes share (a uniform's parameters):
            // read once, the value copied to every lane (a load's registers are its own).
            for l in leaves.iter() {
                let v = self
                    .read(ptr.mem, 0, b.saturating_add(l.at), l.bytes)
                    .unwrap_or(0);
                let r = (dst + l.row) as usize;
                self.regs[r * n..(r + 1) * n].fill(v as u32);
                if l.bytes == 8 {
                    self.regs[(r + 1) * n..(r + 2) * n].fill((v >> 32) as u32);
                }
            }
            return;
        }
        let kind = if atomic {
            AccessKind::Atomic
        } else {
            AccessKind::Read
        };
        for lane in 0..n {
            if !mask[lane] {
                continue;
            }
            let b = self.off(ptr.off, lane);
            for l in leaves.iter() {
                let at = b.saturating_add(l.at);
                let v = match self.read(ptr.mem, lane, at, l.bytes) {
                    Some(v) => {
                        self.report(lane, ptr.mem, at, l.bytes, kind, span);
                        v
                    }
                    None => 0,
                };
                let r = (dst + l.row) as usize;
                self.regs[r * n + lane] = v as u32;
                if l.bytes == 8 {
                    self.regs[(r + 1) * n + lane] = (v >> 32) as u32;
                }
            }
        }
    }

    /// Writes registers through a pointer, for the active lanes.
    pub(super) fn store(
        &mut self,
        ptr: Ptr,
        src: Reg,
        leaves: &[Leaf],
        atomic: bool,
        span: naga::Span,
        mask: &[bool],
    ) {
        let n = self.n;
        if self.obs.is_none() && leaves.len() == 1 && leaves[0].bytes == 4 && leaves[0].at == 0 {
            self.store_word(src, ptr, mask);
            return;
        }
        let kind = if atomic {
            AccessKind::Atomic
        } else {
            AccessKind::Write
        };
        for lane in 0..n {
            if !mask[lane] {
                continue;
            }
            let b = self.off(ptr.off, lane);
            for l in leaves.iter() {
                let at = b.saturating_add(l.at);
                let r = (src + l.row) as usize;
                let mut v = u64::from(self.regs[r * n + lane]);
                if l.bytes == 8 {
                    v |= u64::from(self.regs[(r + 1) * n + lane]) << 32;
                }
                if self.write(ptr.mem, lane, at, l.bytes, v) {
                    self.report(lane, ptr.mem, at, l.bytes, kind, span);
                }
            }
        }
    }

    /// Zeroes `bytes` bytes of per-lane memory at `at`, for the active lanes.
    pub(super) fn zero_private(&mut self, at: u32, bytes: u32, mask: &[bool]) {
        let n = self.n;
        let end = u64::from(at) + u64::from(bytes);
        if at.is_multiple_of(4) && bytes.is_multiple_of(4) && end <= u64::from(self.private_bytes) {
            for w in (at / 4) as usize..(end / 4) as usize {
                let row = &mut self.private[w * n..(w + 1) * n];
                for (x, &m) in row.iter_mut().zip(mask.iter()) {
                    if m {
                        *x = 0;
                    }
                }
            }
            return;
        }
        for lane in 0..n {
            if !mask[lane] {
                continue;
            }
            let mut i = 0;
            while i < bytes {
                let k = (bytes - i).min(4 - (at + i) % 4);
                self.write(Mem::Private, lane, at + i, k, 0);
                i += k;
            }
        }
    }

    /// A load of one aligned 32-bit word per active lane, with no observer: the memory is
    /// chosen once, then a tight loop over the lanes; anything unaligned or out of range takes
    /// the general path.
    pub(super) fn load_word(&mut self, dst: Reg, ptr: Ptr, mask: &[bool]) {
        let n = self.n;
        let d = dst as usize * n;
        if let (Mem::Workgroup { base, size, .. }, Off::Reg(r)) = (ptr.mem, ptr.off) {
            if base.is_multiple_of(4) && r != dst {
                // An offset per lane into workgroup memory, over plain row slices.
                let (offs, out) = rows2(&mut self.regs, r as usize * n, d, n);
                let first = (base / 4) as usize;
                let mut slow = false;
                for ((x, &at), &m) in out.iter_mut().zip(offs).zip(mask) {
                    if m {
                        match self.wg.get(first + (at / 4) as usize) {
                            Some(&w)
                                if u64::from(at) + 4 <= u64::from(size) && at.is_multiple_of(4) =>
                            {
                                *x = w;
                            }
                            _ => slow = true,
                        }
                    }
                }
                if slow {
                    self.load_lanes(dst, ptr, mask);
                }
                return;
            }
        }
        if let (Mem::Storage { slot } | Mem::Uniform { slot }, Off::Reg(r)) = (ptr.mem, ptr.off) {
            let s = self.slots[slot as usize];
            if s.base.is_multiple_of(4) && r != dst {
                // The common case: an offset per lane into a buffer, over plain row slices.
                let (offs, out) = rows2(&mut self.regs, r as usize * n, d, n);
                let first = (s.base / 4) as usize;
                let mut slow = false;
                for ((x, &at), &m) in out.iter_mut().zip(offs).zip(mask) {
                    if m {
                        let w = first + (at / 4) as usize;
                        match s.words.get(w) {
                            Some(word) if u64::from(at) + 4 <= s.size && at.is_multiple_of(4) => {
                                *x = word.load(Relaxed);
                            }
                            _ => slow = true,
                        }
                    }
                }
                if slow {
                    self.load_lanes(dst, ptr, mask);
                }
                return;
            }
        }
        let off_row = match ptr.off {
            Off::Reg(r) => Some(r as usize * n),
            Off::Const(_) => None,
        };
        let konst = match ptr.off {
            Off::Const(c) => c,
            Off::Reg(_) => 0,
        };
        let regs = &mut self.regs;
        let at_of = |regs: &[u32], lane: usize| off_row.map_or(konst, |r| regs[r + lane]);
        let mut slow = false;
        match ptr.mem {
            Mem::Storage { slot } | Mem::Uniform { slot } => {
                let s = self.slots[slot as usize];
                for lane in 0..n {
                    if mask[lane] {
                        let at = at_of(regs, lane);
                        let abs = s.base + u64::from(at);
                        if at != INVALID && u64::from(at) + 4 <= s.size && abs.is_multiple_of(4) {
                            regs[d + lane] = s.words[(abs / 4) as usize].load(Relaxed);
                        } else {
                            slow = true;
                        }
                    }
                }
            }
            Mem::Workgroup { base, size, .. } => {
                for lane in 0..n {
                    if mask[lane] {
                        let at = at_of(regs, lane);
                        if at < INVALID - 4 && at + 4 <= size && at.is_multiple_of(4) {
                            regs[d + lane] = self.wg[((base + at) / 4) as usize];
                        } else {
                            slow = true;
                        }
                    }
                }
            }
            Mem::Private => {
                for lane in 0..n {
                    if mask[lane] {
                        let at = at_of(regs, lane);
                        if at < INVALID - 4 && at + 4 <= self.private_bytes && at.is_multiple_of(4)
                        {
                            regs[d + lane] = self.private[(at / 4) as usize * n + lane];
                        } else {
                            slow = true;
                        }
                    }
                }
            }
            Mem::Immediate => slow = true,
        }
        if slow {
            self.load_lanes(dst, ptr, mask);
        }
    }

    /// A word load lane by lane, for the lanes a fast path could not serve (loading the others
    /// again reads the same words).
    fn load_lanes(&mut self, dst: Reg, ptr: Ptr, mask: &[bool]) {
        let n = self.n;
        let d = dst as usize * n;
        for lane in 0..n {
            if mask[lane] {
                let at = self.off(ptr.off, lane);
                self.regs[d + lane] = self.read(ptr.mem, lane, at, 4).unwrap_or(0) as u32;
            }
        }
    }

    /// A store of one aligned 32-bit word per active lane, with no observer: the memory is
    /// chosen once, then a tight loop over the lanes; anything unaligned or out of range takes
    /// the general path.
    pub(super) fn store_word(&mut self, src: Reg, ptr: Ptr, mask: &[bool]) {
        let n = self.n;
        let sr = src as usize * n;
        if let (Mem::Private, Off::Const(at)) = (ptr.mem, ptr.off) {
            if at.is_multiple_of(4) && u64::from(at) + 4 <= u64::from(self.private_bytes) {
                // A whole row of per-lane memory, written where the lane is active.
                let w = (at / 4) as usize * n;
                let (row, value) = (&mut self.private[w..w + n], &self.regs[sr..sr + n]);
                if super::run::all(mask) {
                    row.copy_from_slice(value);
                } else {
                    for ((x, &v), &m) in row.iter_mut().zip(value).zip(mask) {
                        *x = if m { v } else { *x };
                    }
                }
                return;
            }
        }
        if let (Mem::Workgroup { base, size, .. }, Off::Reg(r)) = (ptr.mem, ptr.off) {
            if base.is_multiple_of(4) {
                // An offset per lane into workgroup memory, over plain row slices.
                let r = r as usize * n;
                let (offs, values) = (&self.regs[r..r + n], &self.regs[sr..sr + n]);
                let first = (base / 4) as usize;
                let mut slow = false;
                for ((&at, &v), &m) in offs.iter().zip(values).zip(mask) {
                    if m {
                        match self.wg.get_mut(first + (at / 4) as usize) {
                            Some(w)
                                if u64::from(at) + 4 <= u64::from(size) && at.is_multiple_of(4) =>
                            {
                                *w = v;
                            }
                            _ => slow = true,
                        }
                    }
                }
                if slow {
                    self.store_lanes(src, ptr, mask);
                }
                return;
            }
        }
        if let (Mem::Storage { slot }, Off::Reg(r)) = (ptr.mem, ptr.off) {
            let s = self.slots[slot as usize];
            if s.base.is_multiple_of(4) {
                // The common case: an offset per lane into a buffer, over plain row slices.
                let r = r as usize * n;
                let (offs, values) = (&self.regs[r..r + n], &self.regs[sr..sr + n]);
                let first = (s.base / 4) as usize;
                let mut slow = false;
                for ((&at, &v), &m) in offs.iter().zip(values).zip(mask) {
                    if m {
                        let w = first + (at / 4) as usize;
                        match s.words.get(w) {
                            Some(word) if u64::from(at) + 4 <= s.size && at.is_multiple_of(4) => {
                                word.store(v, Relaxed);
                            }
                            _ => slow = true,
                        }
                    }
                }
                if slow {
                    self.store_lanes(src, ptr, mask);
                }
                return;
            }
        }
        let off_row = match ptr.off {
            Off::Reg(r) => Some(r as usize * n),
            Off::Const(_) => None,
        };
        let konst = match ptr.off {
            Off::Const(c) => c,
            Off::Reg(_) => 0,
        };
        let regs = &self.regs;
        let at_of = |lane: usize| off_row.map_or(konst, |r| regs[r + lane]);
        let mut slow = false;
        match ptr.mem {
            Mem::Storage { slot } => {
                let s = self.slots[slot as usize];
                for lane in 0..n {
                    if mask[lane] {
                        let at = at_of(lane);
                        let abs = s.base + u64::from(at);
                        if at != INVALID && u64::from(at) + 4 <= s.size && abs.is_multiple_of(4) {
                            s.words[(abs / 4) as usize].store(regs[sr + lane], Relaxed);
                        } else {
                            slow = true;
                        }
                    }
                }
            }
            Mem::Workgroup { base, size, .. } => {
                for lane in 0..n {
                    if mask[lane] {
                        let at = at_of(lane);
                        if at < INVALID - 4 && at + 4 <= size && at.is_multiple_of(4) {
                            self.wg[((base + at) / 4) as usize] = regs[sr + lane];
                        } else {
                            slow = true;
                        }
                    }
                }
            }
            Mem::Private => {
                for lane in 0..n {
                    if mask[lane] {
                        let at = at_of(lane);
                        if at < INVALID - 4 && at + 4 <= self.private_bytes && at.is_multiple_of(4)
                        {
                            self.private[(at / 4) as usize * n + lane] = regs[sr + lane];
                        } else {
                            slow = true;
                        }
                    }
                }
            }
            Mem::Uniform { .. } | Mem::Immediate => {}
        }
        if slow {
            self.store_lanes(src, ptr, mask);
        }
    }

    /// A word store lane by lane, for the lanes a fast path could not serve (writing the
    /// others again stores the same values).
    fn store_lanes(&mut self, src: Reg, ptr: Ptr, mask: &[bool]) {
        let n = self.n;
        let sr = src as usize * n;
        for lane in 0..n {
            if mask[lane] {
                let at = self.off(ptr.off, lane);
                let v = u64::from(self.regs[sr + lane]);
                self.write(ptr.mem, lane, at, 4, v);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn atomic(
        &mut self,
        ptr: Ptr,
        op: AtomicOp,
        ty: AtomicTy,
        value: Reg,
        compare: Option<Reg>,
        result: Option<Reg>,
        span: naga::Span,
        mask: &[bool],
    ) {
        let n = self.n;
        let wide = matches!(ty, AtomicTy::U64 | AtomicTy::I64);
        let bytes = if wide { 8 } else { 4 };
        for lane in 0..n {
            if !mask[lane] {
                continue;
            }
            let get = |r: Reg| -> u64 {
                let lo = u64::from(self.regs[r as usize * n + lane]);
                if wide {
                    lo | (u64::from(self.regs[(r as usize + 1) * n + lane]) << 32)
                } else {
                    lo
                }
            };
            let v = get(value);
            let cmp = compare.map(get).unwrap_or(0);
            let f = |old: u64| -> u64 {
                match op {
                    AtomicOp::Add => match ty {
                        AtomicTy::F32 => u64::from(
                            (f32::from_bits(old as u32) + f32::from_bits(v as u32)).to_bits(),
                        ),
                        _ => old.wrapping_add(v),
                    },
                    AtomicOp::Sub => old.wrapping_sub(v),
                    AtomicOp::And => old & v,
                    AtomicOp::Or => old | v,
                    AtomicOp::Xor => old ^ v,
                    AtomicOp::Min | AtomicOp::Max => {
                        let less = match ty {
                            AtomicTy::I32 => (v as u32 as i32) < (old as u32 as i32),
                            AtomicTy::I64 => (v as i64) < (old as i64),
                            AtomicTy::F32 => f32::from_bits(v as u32) < f32::from_bits(old as u32),
                            _ => v < old,
                        };
                        if less == (op == AtomicOp::Min) {
                            v
                        } else {
                            old
                        }
                    }
                    AtomicOp::Exchange => v,
                    AtomicOp::CompareExchange => {
                        if old == cmp {
                            v
                        } else {
                            old
                        }
                    }
                }
            };
            let at = self.off(ptr.off, lane);
            let old = match self.rmw(ptr.mem, at, bytes, f) {
                Some(old) => {
                    self.report(lane, ptr.mem, at, bytes, AccessKind::Atomic, span);
                    old
                }
                None => 0,
            };
            if let Some(r) = result {
                let r = r as usize;
                self.regs[r * n + lane] = old as u32;
                let mut next = r + 1;
                if wide {
                    self.regs[next * n + lane] = (old >> 32) as u32;
                    next += 1;
                }
                if op == AtomicOp::CompareExchange {
                    self.regs[next * n + lane] = u32::from(old == cmp);
                }
            }
        }
    }

    /// An atomic read-modify-write of 4 or 8 bytes; the old value, or `None` outside memory.
    pub(super) fn rmw(
        &mut self,
        mem: Mem,
        at: u32,
        bytes: u32,
        f: impl Fn(u64) -> u64,
    ) -> Option<u64> {
        if at == INVALID || !at.is_multiple_of(bytes) {
            return None;
        }
        let end = u64::from(at) + u64::from(bytes);
        match mem {
            Mem::Storage { slot } => {
                let s = self.slots[slot as usize];
                if end > s.size {
                    return None;
                }
                let w = ((s.base + u64::from(at)) / 4) as usize;
                if bytes == 4 {
                    let r =
                        s.words[w].fetch_update(Relaxed, Relaxed, |x| Some(f(u64::from(x)) as u32));
                    Some(u64::from(r.unwrap_or_else(|x| x)))
                } else {
                    let lock = &WIDE_ATOMICS[(w / 2) % WIDE_ATOMICS.len()];
                    let _held = lock.lock().unwrap_or_else(|p| p.into_inner());
                    let old = u64::from(s.words[w].load(Relaxed))
                        | (u64::from(s.words[w + 1].load(Relaxed)) << 32);
                    let new = f(old);
                    s.words[w].store(new as u32, Relaxed);
                    s.words[w + 1].store((new >> 32) as u32, Relaxed);
                    Some(old)
                }
            }
            Mem::Workgroup { base, size, .. } => {
                if end > u64::from(size) {
                    return None;
                }
                let w = ((base + at) / 4) as usize;
                let old = if bytes == 4 {
                    u64::from(self.wg[w])
                } else {
                    u64::from(self.wg[w]) | (u64::from(self.wg[w + 1]) << 32)
                };
                let new = f(old);
                self.wg[w] = new as u32;
                if bytes == 8 {
                    self.wg[w + 1] = (new >> 32) as u32;
                }
                Some(old)
            }
            _ => None,
        }
    }
}

/// Reads `bytes` little-endian bytes at byte `abs` from words given by `word`.
#[inline(always)]
fn gather(word: impl Fn(usize) -> u32, abs: u64, bytes: u32) -> u64 {
    let w = (abs / 4) as usize;
    let shift = (abs % 4) as u32 * 8;
    match (bytes, shift) {
        (4, 0) => u64::from(word(w)),
        (8, 0) => u64::from(word(w)) | (u64::from(word(w + 1)) << 32),
        _ => {
            let mut v = 0u64;
            for i in 0..u64::from(bytes) {
                let a = abs + i;
                let b = (word((a / 4) as usize) >> ((a % 4) * 8)) & 0xff;
                v |= u64::from(b) << (i * 8);
            }
            v
        }
    }
}

/// Writes the low `bytes` bytes of `v` at byte `abs`, word by word: `put(word, mask, bits)`
/// sets the bits of `mask` in the word to `bits`.
#[inline(always)]
fn scatter(mut put: impl FnMut(usize, u32, u32), abs: u64, bytes: u32, v: u64) {
    let mut i = 0u32;
    while i < bytes {
        let a = abs + u64::from(i);
        let first = (a % 4) as u32;
        let k = (bytes - i).min(4 - first);
        let mask = if k == 4 {
            u32::MAX
        } else {
            ((1u32 << (k * 8)) - 1) << (first * 8)
        };
        let bits = (((v >> (i * 8)) as u32) << (first * 8)) & mask;
        put((a / 4) as usize, mask, bits);
        i += k;
    }
}

/// Row `read` to read and row `write` to write (different rows), `n` words each.
#[inline(always)]
pub(super) fn rows2(regs: &mut [u32], read: usize, write: usize, n: usize) -> (&[u32], &mut [u32]) {
    if read < write {
        let (lo, hi) = regs.split_at_mut(write);
        (&lo[read..read + n], &mut hi[..n])
    } else {
        let (lo, hi) = regs.split_at_mut(read);
        (&hi[..n], &mut lo[write..write + n])
    }
}
