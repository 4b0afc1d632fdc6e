//! Running a [`Program`]: a workgroup at a time, all its lanes in lock step under an active
//! mask, workgroups handed out to host threads.

// Lane loops index several per-lane arrays (mask, registers) by the lane number.
#![allow(clippy::needless_range_loop)]

use super::program::*;
use super::{Dispatch, DispatchError, SUBGROUP_SIZE};
use crate::check::{Observer, Space};
use crate::memory::OutOfMemory;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// A binding as the program sees it: the buffer's words, the binding's first byte, its size.
#[derive(Clone, Copy)]
pub(super) struct Slot<'a> {
    pub(super) words: &'a [AtomicU32],
    pub(super) base: u64,
    pub(super) size: u64,
}

/// The textures and samplers of a dispatch, by the program's slots (`None` where the
/// dispatch binds none: reads give zero, writes are dropped).
pub(super) struct Handles<'a> {
    pub(super) images: Vec<Option<&'a super::ImageBinding<'a>>>,
    pub(super) samplers: Vec<Option<crate::texel::Sampler>>,
}

/// Lanes that left a loop or switch through `break` (and a loop's body through `continue`).
pub(super) struct Target {
    broke: Vec<bool>,
    cont: Option<Vec<bool>>,
}

/// One host thread's lanes: registers, per-lane memory, the workgroup region.
pub(super) struct Lanes<'a, 'o> {
    pub(super) prog: &'a Program,
    pub(super) slots: &'a [Slot<'a>],
    pub(super) handles: &'a Handles<'a>,
    pub(super) immediates: &'a [u8],
    pub(super) groups: [u32; 3],
    pub(super) size: [u32; 3],
    pub(super) n: usize,
    pub(super) regs: Vec<u32>,
    pub(super) private: Vec<u32>,
    pub(super) private_bytes: u32,
    pub(super) wg: Vec<u32>,
    pub(super) exited: Vec<bool>,
    /// The lanes' local invocation ids: x of every lane, then y, then z.
    local: Vec<u32>,
    pub(super) pool: Vec<Vec<bool>>,
    pub(super) targets: Vec<Target>,
    pub(super) obs: Option<&'o mut dyn Observer>,
}

fn zeroed<T: Clone>(len: usize, value: T, unit: usize) -> Result<Vec<T>, DispatchError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        DispatchError::OutOfMemory(OutOfMemory {
            bytes: (len as u64).saturating_mul(unit as u64),
        })
    })?;
    v.resize(len, value);
    Ok(v)
}

fn words(count: u64, lanes: usize) -> Result<usize, DispatchError> {
    usize::try_from(count)
        .ok()
        .and_then(|c| c.checked_mul(lanes))
        .ok_or(DispatchError::OutOfMemory(OutOfMemory {
            bytes: count.saturating_mul(lanes as u64).saturating_mul(4),
        }))
}

/// Runs a whole dispatch.
pub(super) fn dispatch(
    prog: &Program,
    size: [u32; 3],
    d: &Dispatch<'_>,
    observer: Option<&mut dyn Observer>,
) -> Result<(), DispatchError> {
    let slots: Vec<Slot<'_>> = prog
        .bindings
        .iter()
        .map(|b| {
            // A binding the dispatch lacks holds nothing: reads give zero, writes are dropped.
            match d
                .bindings
                .iter()
                .find(|x| x.group == b.group && x.binding == b.binding)
            {
                Some(x) => Slot {
                    words: x.memory.words(),
                    base: x.offset,
                    size: x.size.min(x.memory.len().saturating_sub(x.offset)),
                },
                None => Slot {
                    words: &[],
                    base: 0,
                    size: 0,
                },
            }
        })
        .collect();
    let handles = Handles {
        images: prog
            .images
            .iter()
            .map(|b| {
                d.images
                    .iter()
                    .find(|x| x.group == b.group && x.binding == b.binding)
            })
            .collect(),
        samplers: prog
            .samplers
            .iter()
            .map(|b| {
                d.samplers
                    .iter()
                    .find(|x| x.group == b.group && x.binding == b.binding)
                    .map(|x| x.sampler)
            })
            .collect(),
    };
    let handles = &handles;
    let total = u64::from(d.groups[0]) * u64::from(d.groups[1]) * u64::from(d.groups[2]);
    let group_of = |i: u64| {
        let x = (i % u64::from(d.groups[0])) as u32;
        let y = ((i / u64::from(d.groups[0])) % u64::from(d.groups[1])) as u32;
        let z = (i / (u64::from(d.groups[0]) * u64::from(d.groups[1]))) as u32;
        [x, y, z]
    };
    if let Some(obs) = observer {
        let vars: Vec<(u32, u64)> = prog
            .workgroup_vars
            .iter()
            .map(|&(v, _, s)| (v, u64::from(s)))
            .collect();
        let binds: Vec<(Space, u64)> = prog
            .bindings
            .iter()
            .zip(&slots)
            .zip(&prog.storage)
            .filter(|(_, s)| **s)
            .map(|((b, s), _)| {
                (
                    Space::Binding {
                        group: b.group,
                        binding: b.binding,
                    },
                    s.size,
                )
            })
            .collect();
        obs.begin_dispatch(&vars, &binds);
        let mut lanes = Lanes::new(
            prog,
            (&slots, handles),
            (d.immediates, d.groups),
            size,
            Some(obs),
        )?;
        for i in 0..total {
            let g = group_of(i);
            if let Some(o) = lanes.obs.as_deref_mut() {
                o.begin_group(g, size);
            }
            lanes.run_group(g);
            if let Some(o) = lanes.obs.as_deref_mut() {
                o.end_group();
            }
        }
        return Ok(());
    }
    let threads = (d.threads.max(1) as u64).min(total).max(1) as usize;
    if threads == 1 {
        let mut lanes = Lanes::new(
            prog,
            (&slots, handles),
            (d.immediates, d.groups),
            size,
            None,
        )?;
        for i in 0..total {
            lanes.run_group(group_of(i));
        }
        return Ok(());
    }
    let next = AtomicU64::new(0);
    let failed = std::sync::Mutex::new(None);
    super::pool::run(threads, &|| {
        let mut lanes = match Lanes::new(
            prog,
            (&slots, handles),
            (d.immediates, d.groups),
            size,
            None,
        ) {
            Ok(l) => l,
            Err(e) => {
                failed
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .get_or_insert(e);
                return;
            }
        };
        loop {
            let i = next.fetch_add(1, Relaxed);
            if i >= total {
                return;
            }
            lanes.run_group(group_of(i));
        }
    });
    match failed
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

impl<'a, 'o> Lanes<'a, 'o> {
    fn new(
        prog: &'a Program,
        (slots, handles): (&'a [Slot<'a>], &'a Handles<'a>),
        (immediates, groups): (&'a [u8], [u32; 3]),
        size: [u32; 3],
        obs: Option<&'o mut dyn Observer>,
    ) -> Result<Self, DispatchError> {
        let n = (size[0] * size[1] * size[2]).max(1) as usize;
        let regs = zeroed(words(u64::from(prog.rows), n)?, 0u32, 4)?;
        let private = zeroed(
            words(u64::from(prog.private_bytes.div_ceil(4)), n)?,
            0u32,
            4,
        )?;
        let wg = zeroed(prog.workgroup_bytes.div_ceil(4) as usize, 0u32, 4)?;
        let mut lanes = Lanes {
            prog,
            slots,
            handles,
            immediates,
            groups,
            size,
            n,
            regs,
            private,
            private_bytes: prog.private_bytes,
            wg,
            exited: vec![false; n],
            local: (0..3 * n as u32)
                .map(|i| {
                    let (c, idx) = (i / n as u32, i % n as u32);
                    [
                        idx % size[0],
                        (idx / size[0]) % size[1],
                        idx / (size[0] * size[1]),
                    ][c as usize]
                })
                .collect(),
            pool: Vec::new(),
            targets: Vec::new(),
            obs,
        };
        let mut all = vec![true; n];
        lanes.block(&prog.constants, &mut all);
        lanes.fill_fixed_builtins();
        Ok(lanes)
    }

    /// Sets the built-ins that every workgroup of the dispatch shares.
    fn fill_fixed_builtins(&mut self) {
        let n = self.n;
        let [sx, sy, _] = self.size;
        for &(b, reg) in &self.prog.builtins {
            let r = reg as usize * n;
            for i in 0..n {
                let idx = i as u32;
                let v: [u32; 3] = match b {
                    Builtin::GlobalId | Builtin::GroupId => continue,
                    Builtin::LocalId => [idx % sx, (idx / sx) % sy, idx / (sx * sy)],
                    Builtin::LocalIndex => [idx, 0, 0],
                    Builtin::NumGroups => self.groups,
                    Builtin::WorkgroupSize => self.size,
                    Builtin::SubgroupSize => [SUBGROUP_SIZE, 0, 0],
                    Builtin::SubgroupLane => [idx % SUBGROUP_SIZE, 0, 0],
                    Builtin::NumSubgroups => [(n as u32).div_ceil(SUBGROUP_SIZE), 0, 0],
                    Builtin::SubgroupId => [idx / SUBGROUP_SIZE, 0, 0],
                };
                let comps = match b {
                    Builtin::LocalId | Builtin::NumGroups | Builtin::WorkgroupSize => 3,
                    _ => 1,
                };
                for (c, &x) in v.iter().enumerate().take(comps) {
                    self.regs[r + c * n + i] = x;
                }
            }
        }
    }

    #[inline]
    fn take(&mut self, value: bool) -> Vec<bool> {
        let mut m = self.pool.pop().unwrap_or_default();
        m.clear();
        m.resize(self.n, value);
        m
    }

    fn give(&mut self, m: Vec<bool>) {
        self.pool.push(m);
    }

    fn run_group(&mut self, g: [u32; 3]) {
        let n = self.n;
        self.wg.fill(0);
        self.exited.fill(false);
        let [sx, sy, sz] = self.size;
        for &(b, reg) in &self.prog.builtins {
            let r = reg as usize * n;
            let rows = &mut self.regs[r..];
            // Built-ins that are the same in every workgroup were set when the lanes were made.
            match b {
                Builtin::GlobalId => {
                    for c in 0..3 {
                        let first = g[c].wrapping_mul([sx, sy, sz][c]);
                        let local = &self.local[c * n..(c + 1) * n];
                        for (x, &l) in rows[c * n..(c + 1) * n].iter_mut().zip(local) {
                            *x = first.wrapping_add(l);
                        }
                    }
                }
                Builtin::GroupId => {
                    for c in 0..3 {
                        rows[c * n..(c + 1) * n].fill(g[c]);
                    }
                }
                _ => {}
            }
        }
        let prog = self.prog;
        let mut mask = self.take(true);
        self.block(&prog.group_init, &mut mask);
        self.block(&prog.funcs[0].body, &mut mask);
        self.give(mask);
    }

    /// The byte offset of a pointer for `lane`.
    #[inline(always)]
    pub(super) fn off(&self, off: Off, lane: usize) -> u32 {
        match off {
            Off::Const(c) => c,
            Off::Reg(r) => self.regs[r as usize * self.n + lane],
        }
    }

    pub(super) fn index(&self, i: Index, lane: usize) -> i64 {
        match i {
            Index::Const(c) => i64::from(c),
            Index::Reg { reg, signed } => {
                let w = self.regs[reg as usize * self.n + lane];
                if signed {
                    i64::from(w as i32)
                } else {
                    i64::from(w)
                }
            }
        }
    }

    pub(super) fn len(&self, len: Len) -> u64 {
        match len {
            Len::Const(n) => u64::from(n),
            Len::Runtime {
                slot,
                start,
                stride,
            } => {
                let s = self.slots[slot as usize].size;
                s.saturating_sub(u64::from(start)) / u64::from(stride.max(1))
            }
        }
    }

    fn block(&mut self, block: &'a [Inst], mask: &mut Vec<bool>) {
        for inst in block {
            self.inst(inst, mask);
            let leaves = matches!(
                inst,
                Inst::Break
                    | Inst::Continue
                    | Inst::Return { .. }
                    | Inst::If { .. }
                    | Inst::Switch { .. }
                    | Inst::Loop { .. }
            );
            if leaves && !any(mask) {
                return;
            }
        }
    }

    fn inst(&mut self, inst: &'a Inst, mask: &mut Vec<bool>) {
        let n = self.n;
        match *inst {
            Inst::Lanes { f, ref o } => f(&mut self.regs, n, o),
            Inst::Copy(m) => {
                let (d, s, k) = (m.dst as usize * n, m.src as usize * n, m.rows as usize * n);
                self.regs.copy_within(s..s + k, d);
            }
            Inst::Fill { dst, ref words } => {
                for (i, &w) in words.iter().enumerate() {
                    let r = (dst as usize + i) * n;
                    self.regs[r..r + n].fill(w);
                }
            }
            Inst::IndexPtr {
                dst,
                base,
                index,
                stride,
                len,
                span,
            } => {
                let len = self.len(len);
                if let (Off::Reg(br), Index::Reg { reg, signed: false }, None) =
                    (base, index, self.obs.as_ref())
                {
                    // A pointer per lane indexed again (an array of arrays), no observer.
                    if br != dst && reg != dst {
                        let (bs, is, out) = super::lanes::rows3(
                            &mut self.regs,
                            n,
                            br as usize,
                            reg as usize,
                            dst as usize,
                        );
                        for ((x, &b), &i) in out.iter_mut().zip(bs).zip(is) {
                            let i = u64::from(i);
                            let at = u64::from(b) + i * u64::from(stride);
                            *x = if i < len && b != INVALID && at < u64::from(INVALID) {
                                at as u32
                            } else {
                                INVALID
                            };
                        }
                        return;
                    }
                }
                if let (Off::Const(b), Index::Reg { reg, signed: false }, None) =
                    (base, index, self.obs.as_ref())
                {
                    // The common case: a constant base, an unsigned index, no observer.
                    if reg != dst {
                        let (ir, dr) = (reg as usize * n, dst as usize * n);
                        let (index, out) = super::access::rows2(&mut self.regs, ir, dr, n);
                        for (x, &i) in out.iter_mut().zip(index) {
                            let i = u64::from(i);
                            let at = u64::from(b) + i * u64::from(stride);
                            *x = if i < len && at < u64::from(INVALID) {
                                at as u32
                            } else {
                                INVALID
                            };
                        }
                        return;
                    }
                }
                for lane in 0..n {
                    let b = self.off(base, lane);
                    let i = self.index(index, lane);
                    let v = if i < 0 || i as u64 >= len {
                        if mask[lane] && b != INVALID {
                            if let Some(o) = self.obs.as_deref_mut() {
                                o.out_of_range(lane as u32, i, len, span);
                            }
                        }
                        INVALID
                    } else {
                        let at = u64::from(b) + i as u64 * u64::from(stride);
                        if b == INVALID || at >= u64::from(INVALID) {
                            INVALID
                        } else {
                            at as u32
                        }
                    };
                    self.regs[dst as usize * n + lane] = v;
                }
            }
            Inst::IndexVal {
                dst,
                base,
                index,
                elem_rows,
                len,
                span,
            } => {
                for lane in 0..n {
                    let i = self.index(index, lane);
                    let ok = i >= 0 && (i as u64) < u64::from(len);
                    if !ok && mask[lane] {
                        if let Some(o) = self.obs.as_deref_mut() {
                            o.out_of_range(lane as u32, i, u64::from(len), span);
                        }
                    }
                    for k in 0..elem_rows as usize {
                        let v = if ok {
                            self.regs
                                [(base as usize + i as usize * elem_rows as usize + k) * n + lane]
                        } else {
                            0
                        };
                        self.regs[(dst as usize + k) * n + lane] = v;
                    }
                }
            }
            Inst::Load {
                dst,
                ptr,
                ref leaves,
                atomic,
                span,
            } => self.load(dst, ptr, &leaves[..], atomic, span, mask),
            Inst::Store {
                ptr,
                src,
                ref leaves,
                atomic,
                span,
            } => self.store(ptr, src, &leaves[..], atomic, span, mask),
            Inst::ZeroPrivate { at, bytes } => self.zero_private(at, bytes, mask),
            Inst::Atomic {
                ptr,
                op,
                ty,
                value,
                compare,
                result,
                span,
            } => self.atomic(ptr, op, ty, value, compare, result, span, mask),
            Inst::ArrayLength { dst, len } => {
                let v = self.len(len).min(u64::from(u32::MAX)) as u32;
                let r = dst as usize * n;
                self.regs[r..r + n].fill(v);
            }
            Inst::If {
                cond,
                ref accept,
                ref reject,
            } => {
                let mut a = self.take(false);
                let mut b = self.take(false);
                let c = cond as usize * n;
                for (((x, y), &m), &t) in a
                    .iter_mut()
                    .zip(b.iter_mut())
                    .zip(mask.iter())
                    .zip(&self.regs[c..c + n])
                {
                    *x = m & (t != 0);
                    *y = m & (t == 0);
                }
                if any(&a) {
                    self.block(accept, &mut a);
                }
                if any(&b) {
                    self.block(reject, &mut b);
                }
                for ((m, &x), &y) in mask.iter_mut().zip(a.iter()).zip(b.iter()) {
                    *m = x | y;
                }
                self.give(a);
                self.give(b);
            }
            Inst::Switch {
                selector,
                ref cases,
            } => {
                let broke = self.take(false);
                self.targets.push(Target { broke, cont: None });
                let mut after = self.take(false);
                let mut fall = self.take(false);
                let s = selector as usize * n;
                for case in cases {
                    let mut m = self.take(false);
                    for lane in 0..n {
                        let sel = self.regs[s + lane];
                        let hit = match case.value {
                            Some(v) => sel == v,
                            None => !cases.iter().any(|c| c.value == Some(sel)),
                        };
                        m[lane] = fall[lane] || (mask[lane] && hit);
                    }
                    if any(&m) {
                        self.block(&case.body, &mut m);
                    }
                    if case.fall_through {
                        fall.copy_from_slice(&m);
                    } else {
                        fall.fill(false);
                        for lane in 0..n {
                            after[lane] |= m[lane];
                        }
                    }
                    self.give(m);
                }
                if let Some(t) = self.targets.pop() {
                    for lane in 0..n {
                        mask[lane] = after[lane] || t.broke[lane];
                    }
                    self.give(t.broke);
                }
                self.give(after);
                self.give(fall);
            }
            Inst::Loop {
                ref body,
                ref continuing,
                break_if,
            } => {
                let broke = self.take(false);
                let cont = self.take(false);
                self.targets.push(Target {
                    broke,
                    cont: Some(cont),
                });
                let depth = self.targets.len() - 1;
                loop {
                    self.block(body, mask);
                    if let Some(c) = self.targets[depth].cont.as_mut() {
                        for (m, c) in mask.iter_mut().zip(c.iter_mut()) {
                            *m |= *c;
                            *c = false;
                        }
                    }
                    if any(mask) {
                        self.block(continuing, mask);
                    }
                    if let Some(b) = break_if {
                        let r = b as usize * n;
                        let broke = &mut self.targets[depth].broke;
                        for ((m, k), &v) in mask
                            .iter_mut()
                            .zip(broke.iter_mut())
                            .zip(&self.regs[r..r + n])
                        {
                            let leave = *m & (v != 0);
                            *k |= leave;
                            *m &= !leave;
                        }
                    }
                    if !any(mask) {
                        break;
                    }
                }
                if let Some(t) = self.targets.pop() {
                    mask.copy_from_slice(&t.broke);
                    self.give(t.broke);
                    if let Some(c) = t.cont {
                        self.give(c);
                    }
                }
            }
            Inst::Break => {
                if let Some(t) = self.targets.last_mut() {
                    for (m, k) in mask.iter_mut().zip(t.broke.iter_mut()) {
                        *k |= *m;
                        *m = false;
                    }
                }
            }
            Inst::Continue => {
                if let Some(c) = self.targets.iter_mut().rev().find_map(|t| t.cont.as_mut()) {
                    for (m, k) in mask.iter_mut().zip(c.iter_mut()) {
                        *k |= *m;
                        *m = false;
                    }
                }
            }
            Inst::Return { value, entry } => {
                if let Some(m) = value {
                    for k in 0..m.rows as usize {
                        let (s, d) = ((m.src as usize + k) * n, (m.dst as usize + k) * n);
                        if s != d {
                            let (from, to) = super::access::rows2(&mut self.regs, s, d, n);
                            for ((x, &v), &on) in to.iter_mut().zip(from).zip(mask.iter()) {
                                *x = if on { v } else { *x };
                            }
                        }
                    }
                }
                if entry {
                    for (e, &on) in self.exited.iter_mut().zip(mask.iter()) {
                        *e |= on;
                    }
                }
                mask.fill(false);
            }
            Inst::Call {
                func,
                ref args,
                result,
            } => {
                for m in args.iter() {
                    self.inst_copy(*m);
                }
                let mut m = self.take(false);
                m.copy_from_slice(mask);
                // naga's validator keeps every `break` and `continue` inside a loop or switch of
                // its own function, so the callee's never reach the caller's targets.
                let prog = self.prog;
                self.block(&prog.funcs[func as usize].body, &mut m);
                self.give(m);
                if let Some(r) = result {
                    self.inst_copy(r);
                }
            }
            Inst::Barrier { flags, span } => {
                if let Some(o) = self.obs.as_deref_mut() {
                    o.barrier(mask, &self.exited, flags, span);
                }
            }
            Inst::Ballot { dst, pred } => {
                for base in (0..n).step_by(SUBGROUP_SIZE as usize) {
                    let end = (base + SUBGROUP_SIZE as usize).min(n);
                    let mut bits = 0u32;
                    for lane in base..end {
                        let p = pred.is_none_or(|p| self.regs[p as usize * n + lane] != 0);
                        if mask[lane] && p {
                            bits |= 1 << (lane - base);
                        }
                    }
                    for lane in base..end {
                        self.regs[dst as usize * n + lane] = bits;
                        for k in 1..4 {
                            self.regs[(dst as usize + k) * n + lane] = 0;
                        }
                    }
                }
            }
            Inst::Collective {
                op,
                kind,
                ty,
                dst,
                src,
                comps,
            } => {
                super::subgroup::collective(&mut self.regs, n, mask, op, kind, ty, dst, src, comps)
            }
            Inst::Image(ref image) => self.image_inst(image, mask),
            Inst::Gather {
                mode,
                dst,
                src,
                rows,
            } => {
                let sg = SUBGROUP_SIZE as usize;
                for base in (0..n).step_by(sg) {
                    let end = (base + sg).min(n);
                    let first = (base..end).find(|&l| mask[l]).unwrap_or(base);
                    for lane in base..end {
                        let me = (lane - base) as i64;
                        let from = match mode {
                            GatherMode::BroadcastFirst => (first - base) as i64,
                            GatherMode::Broadcast(i) | GatherMode::Shuffle(i) => {
                                self.index(i, lane)
                            }
                            GatherMode::ShuffleDown(i) => me + self.index(i, lane),
                            GatherMode::ShuffleUp(i) => me - self.index(i, lane),
                            GatherMode::ShuffleXor(i) => me ^ self.index(i, lane),
                        };
                        for k in 0..rows as usize {
                            let v = if from >= 0 && (base + from as usize) < end {
                                self.regs[(src as usize + k) * n + base + from as usize]
                            } else {
                                0
                            };
                            self.regs[(dst as usize + k) * n + lane] = v;
                        }
                    }
                }
            }
        }
    }

    fn inst_copy(&mut self, m: Move) {
        let n = self.n;
        let (d, s, k) = (m.dst as usize * n, m.src as usize * n, m.rows as usize * n);
        self.regs.copy_within(s..s + k, d);
    }
}

/// Whether any lane of `mask` is active: a pass over all of it without an early exit, which the
/// compiler turns into wide ORs.
#[inline]
pub(super) fn any(mask: &[bool]) -> bool {
    mask.iter().fold(false, |a, &m| a | m)
}

/// Whether every lane of `mask` is active (as [`any`], with AND).
#[inline]
pub(super) fn all(mask: &[bool]) -> bool {
    mask.iter().fold(true, |a, &m| a & m)
}
