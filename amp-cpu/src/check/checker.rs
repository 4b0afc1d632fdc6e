//! The checker: an [`Observer`] that turns what the executor reports into [`Finding`]s.
//!
//! Each access is checked against the shadow of the bytes it touches (`shadow`): a race when an
//! earlier access of another thread is not ordered before it; an uninitialised read when none of
//! the workgroup variable's bytes it reads holds anything the workgroup wrote. Work per access is
//! constant per four bytes touched, with no allocation once a page of shadow exists.
//!
//! Where the executor's report says too little, the checker leans towards reporting nothing:
//! - a subgroup barrier (`Barrier::SUB_GROUP`) is taken to order the whole workgroup's
//!   tile_static accesses, and is not checked for divergence (the checker does not know the
//!   subgroups);
//! - an atomic operation is never an uninitialised read: atomic loads and stores are reported as
//!   atomic operations too, and an atomic store initialises;
//! - a read of which some bytes were written is not an uninitialised read: a struct read whole,
//!   padding included, after its members were written.

use super::findings::{Findings, Key};
use super::shadow::{Now, Region, Stamp};
use super::site::Sites;
use super::{Access, AccessKind, Finding, Observer, Space, Thread};
use naga::Barrier;

/// An epoch counter of one kind of memory (see `shadow`).
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    /// The current epoch (0 before the first workgroup).
    epoch: u32,
    /// The current workgroup's first epoch.
    group_start: u32,
}

impl Clock {
    /// Moves to the next epoch; false when the counter is spent.
    fn tick(&mut self) -> bool {
        match self.epoch.checked_add(1) {
            Some(epoch) => {
                self.epoch = epoch;
                true
            }
            None => false,
        }
    }

    /// Moves to the first epoch of a new workgroup; false when the counter is spent.
    fn begin_group(&mut self) -> bool {
        let ticked = self.tick();
        self.group_start = self.epoch;
        ticked
    }
}

/// A workgroup of the dispatch.
#[derive(Clone, Copy, Debug)]
struct Group {
    /// Its first epoch on the bindings' clock.
    start: u32,
    /// Its id.
    id: [u32; 3],
    /// Its size.
    size: [u32; 3],
}

impl Group {
    /// The thread of lane `lane` (the local invocation index, x fastest).
    fn thread(&self, lane: u32) -> Thread {
        let [x, y, _] = self.size.map(|s| s.max(1));
        Thread {
            group: self.id,
            local: [lane % x, lane / x % y, lane / x.saturating_mul(y)],
        }
    }
}

/// Finds data races on tile_static memory and on bindings, out-of-range indices, reads of
/// unwritten tile_static memory and divergent barriers in one dispatch, from what the executor
/// reports through [`Observer`]; each distinct finding once, at most
/// [`MAX_FINDINGS`](super::MAX_FINDINGS).
///
/// Memory: 32 bytes of shadow per four bytes of memory accessed, allocated a page (of 1,024
/// cells) at a time on first access.
#[derive(Debug, Default)]
pub struct Checker {
    /// The dispatch's workgroup variables and bindings, each with its shadow.
    regions: Vec<(Space, Region)>,
    /// The index in `regions` of the memory accessed last.
    last_region: usize,
    /// The spans met.
    sites: Sites,
    /// The workgroups begun, in order; the last is the current one.
    groups: Vec<Group>,
    /// The bindings' epochs: a barrier with `Barrier::STORAGE` moves them on.
    storage: Clock,
    /// The workgroup variables' epochs: a barrier with `Barrier::WORK_GROUP` (or
    /// `SUB_GROUP`) moves them on.
    workgroup: Clock,
    /// What was found.
    findings: Findings,
    /// Whether the checker has stopped watching: it holds `MAX_FINDINGS` findings, or an
    /// epoch counter is spent.
    stopped: bool,
}

impl Checker {
    /// A checker with nothing seen.
    pub fn new() -> Checker {
        Checker::default()
    }

    /// The index in `regions` of `space`.
    fn region(&mut self, space: Space) -> Option<usize> {
        if self
            .regions
            .get(self.last_region)
            .is_some_and(|(s, _)| *s == space)
        {
            return Some(self.last_region);
        }
        let i = self.regions.iter().position(|(s, _)| *s == space)?;
        self.last_region = i;
        Some(i)
    }

    /// Stops watching once no more findings are taken.
    fn stop_when_full(&mut self) {
        self.stopped |= self.findings.is_full();
    }
}

/// The thread that made `m`, an access to `space` seen in workgroup `groups.last()`.
fn thread_of(groups: &[Group], storage: Clock, space: Space, m: Stamp) -> Option<Thread> {
    let current = groups.last()?;
    let group = match space {
        Space::Binding { .. } if m.epoch < storage.group_start => {
            let i = groups.partition_point(|g| g.start <= m.epoch);
            groups.get(i.checked_sub(1)?)?
        }
        _ => current,
    };
    Some(group.thread(u32::from(m.lane)))
}

impl Observer for Checker {
    fn begin_dispatch(&mut self, workgroup_vars: &[(u32, u64)], bindings: &[(Space, u64)]) {
        *self = Checker::new();
        let vars = workgroup_vars
            .iter()
            .map(|&(var, size)| (Space::Workgroup { var }, size));
        self.regions = vars
            .chain(bindings.iter().copied())
            .map(|(space, size)| (space, Region::new(size)))
            .collect();
    }

    fn begin_group(&mut self, group: [u32; 3], size: [u32; 3]) {
        if self.stopped {
            return;
        }
        let storage = self.storage.begin_group();
        let workgroup = self.workgroup.begin_group();
        if !(storage && workgroup) {
            self.stopped = true;
            return;
        }
        self.groups.push(Group {
            start: self.storage.group_start,
            id: group,
            size,
        });
    }

    fn access(
        &mut self,
        lane: u32,
        space: Space,
        offset: u64,
        bytes: u32,
        kind: AccessKind,
        span: naga::Span,
    ) {
        if self.stopped || bytes == 0 {
            return;
        }
        let (Some(group), Some(r)) = (self.groups.last().copied(), self.region(space)) else {
            return;
        };
        let site = self.sites.site(span, kind);
        let workgroup = matches!(space, Space::Workgroup { .. });
        let clock = if workgroup {
            self.workgroup
        } else {
            self.storage
        };
        let now = Now {
            // A workgroup's variables are its own: what earlier workgroups did to theirs is
            // not there. A binding's accesses stay.
            floor: if workgroup { clock.group_start } else { 1 },
            group_start: clock.group_start,
            epoch: clock.epoch,
            lane: u16::try_from(lane).unwrap_or(u16::MAX),
            site,
        };
        // Named only when found (its thread takes divisions).
        let second = || Access {
            thread: group.thread(lane),
            kind,
            span,
        };
        let (groups, storage, sites) = (&self.groups, self.storage, &self.sites);
        let region = &mut self.regions[r].1;
        // The first byte read that holds nothing written, and whether any read does.
        let (mut unwritten, mut written) = (None, false);
        for i in region.cells(offset, u64::from(bytes)) {
            let Some(cell) = region.cell(i) else { break };
            let touch = cell.access(&now, kind, |m| Sites::kind(m.site) == AccessKind::Atomic);
            let at = region.offset(i).max(offset);
            if let Some(m) = touch.race {
                let key = Key::Race {
                    space,
                    first: Sites::span_number(m.site),
                    second: Sites::span_number(site),
                };
                if let Some(thread) = thread_of(groups, storage, space, m) {
                    self.findings.add(key, || Finding::Race {
                        space,
                        offset: at,
                        first: Access {
                            thread,
                            kind: Sites::kind(m.site),
                            span: sites.span(m.site),
                        },
                        second: second(),
                    });
                }
            }
            if touch.uninitialized {
                unwritten.get_or_insert(at);
            } else {
                written = true;
            }
        }
        // A read of which some bytes were written is taken as initialised: a whole struct
        // read with its padding, after its members were written, is fine.
        if let (true, false, Some(at)) = (workgroup, written, unwritten) {
            let key = Key::Uninitialized(Sites::span_number(site));
            self.findings.add(key, || Finding::Uninitialized {
                space,
                offset: at,
                access: second(),
            });
        }
        self.stop_when_full();
    }

    fn out_of_range(&mut self, lane: u32, index: i64, len: u64, span: naga::Span) {
        if self.stopped {
            return;
        }
        let Some(group) = self.groups.last() else {
            return;
        };
        let thread = group.thread(lane);
        let key = Key::OutOfRange(self.sites.number(span));
        self.findings.add(key, || Finding::OutOfRange {
            // The executor does not say whether the index was read or written through.
            access: Access {
                thread,
                kind: AccessKind::Read,
                span,
            },
            index,
            len,
        });
        self.stop_when_full();
    }

    fn barrier(&mut self, arrived: &[bool], exited: &[bool], flags: Barrier, span: naga::Span) {
        if self.stopped {
            return;
        }
        let Some(&group) = self.groups.last() else {
            return;
        };
        if !flags.contains(Barrier::SUB_GROUP) {
            let lanes = || arrived.iter().zip(exited).zip(0u32..);
            let reached = lanes().find(|((&a, _), _)| a);
            // A lane on another path first; else one that has left the kernel.
            let missing = lanes()
                .find(|((&a, &e), _)| !a && !e)
                .map(|(_, l)| (l, false))
                .or_else(|| lanes().find(|((_, &e), _)| e).map(|(_, l)| (l, true)));
            if let (Some((_, reached)), Some((missing, missing_exited))) = (reached, missing) {
                let key = Key::DivergentBarrier(self.sites.number(span));
                self.findings.add(key, || Finding::DivergentBarrier {
                    span,
                    arrived: group.thread(reached),
                    missing: group.thread(missing),
                    missing_exited,
                });
            }
        }
        let mut ticked = true;
        if flags.intersects(Barrier::WORK_GROUP | Barrier::SUB_GROUP) {
            ticked &= self.workgroup.tick();
        }
        if flags.contains(Barrier::STORAGE) {
            ticked &= self.storage.tick();
        }
        self.stopped |= !ticked;
        self.stop_when_full();
    }

    fn end_group(&mut self) {}

    fn finish(&mut self) -> Vec<Finding> {
        std::mem::take(self).findings.into_vec()
    }
}
