//! Shadow memory: for each cell of a workgroup variable or a binding, a summary of the accesses
//! that a later access may race with, and the happens-before test between two accesses.
//!
//! Time is counted in *epochs*. The checker keeps one epoch counter per kind of memory; it moves
//! on when a workgroup begins and at each barrier that orders that memory. Workgroups run one
//! after another, so every workgroup owns a contiguous range of epochs, and two accesses are
//! ordered exactly when they were made by one workgroup in different epochs (a barrier lies
//! between), or by one thread (program order). Accesses of different workgroups are never
//! ordered within a dispatch.
//!
//! A [`Set`] stands for every access of one sort (reads, or writes and atomics) made so far to
//! a cell, by two of them: the latest, and one other chosen so that any later access that races
//! with some member of the set races with one of the two (see [`Set::add`]). Every race reported
//! is between two accesses that were really made; a summary only ever drops accesses whose races
//! one of the two kept would also show.

use super::site::Site;
use super::AccessKind;
use std::ops::Range;

/// Cells a page of shadow memory holds; pages are allocated when first touched, so a large
/// binding of which a kernel touches a part costs the part.
const PAGE: usize = 1024;

/// An access as the shadow records it, in 8 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Stamp {
    /// The epoch it was made in; 0: no access.
    pub epoch: u32,
    /// The lane (local invocation index) that made it, in its workgroup. Workgroups have far
    /// fewer than 65,535 lanes; lanes past that would share `u16::MAX`, which could only hide
    /// a race between two of them, never report one.
    pub lane: u16,
    /// Where and how.
    pub site: Site,
}

/// The moment of a new access, and how old stamps relate to it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Now {
    /// Stamps of earlier epochs are not there: a workgroup variable is new in each workgroup,
    /// so its floor is the workgroup's first epoch; a binding's is 1.
    pub floor: u32,
    /// The current workgroup's first epoch: stamps from `floor` up to it are other workgroups'.
    pub group_start: u32,
    /// The current epoch.
    pub epoch: u32,
    /// The accessing lane (as `Stamp::lane`).
    pub lane: u16,
    /// The access's site.
    pub site: Site,
}

impl Now {
    /// Whether `m` was made by a thread of another workgroup.
    fn other_group(&self, m: Stamp) -> bool {
        m.epoch >= self.floor && m.epoch < self.group_start
    }

    /// Whether `m` was made by another lane of this workgroup since its last barrier.
    fn same_interval_other_lane(&self, m: Stamp) -> bool {
        m.epoch == self.epoch && m.lane != self.lane
    }

    /// Whether `m` and the new access are unordered and made by different threads.
    fn concurrent(&self, m: Stamp) -> bool {
        self.other_group(m) || self.same_interval_other_lane(m)
    }

    /// The new access's stamp.
    fn stamp(&self) -> Stamp {
        Stamp {
            epoch: self.epoch,
            lane: self.lane,
            site: self.site,
        }
    }
}

/// The accesses of one sort made to a cell, summarised by two.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Set {
    /// The latest access (epoch 0: none).
    last: Stamp,
    /// Another thread's access that later ones may race with (epoch 0: none): one of another
    /// workgroup if there is one, else one of `last`'s epoch by another lane.
    other: Stamp,
}

impl Set {
    /// A recorded access concurrent with `now` by another thread, passing over those `skip`
    /// says may not race with it.
    fn concurrent(&self, now: &Now, skip: impl Fn(Stamp) -> bool) -> Option<Stamp> {
        // Plain branches rather than an iterator over the two: this is the checker's inner loop.
        if now.concurrent(self.last) && !skip(self.last) {
            Some(self.last)
        } else if now.concurrent(self.other) && !skip(self.other) {
            Some(self.other)
        } else {
            None
        }
    }

    /// Whether the set holds an access that is there at `now` (one of the current workgroup,
    /// for a workgroup variable).
    fn recorded(&self, now: &Now) -> bool {
        // `last` is the latest, so if any member is there, it is.
        self.last.epoch >= now.floor
    }

    /// Adds the access `now`.
    ///
    /// Members ordered before `now` (its own thread's, and its workgroup's before a barrier)
    /// may go: a later access concurrent with one of them is concurrent with `now` as well,
    /// unless it is `now`'s own thread's, which is ordered after both. What remains are
    /// accesses of other workgroups and accesses by other lanes in `now`'s epoch. A later access
    /// races with some of these exactly when: it is `now`'s thread's and one remains; it is of
    /// `now`'s workgroup after a barrier and one of another workgroup remains; or it races with
    /// `now` itself. So the new `other` is one of another workgroup if any remains, else one of
    /// another lane in `now`'s epoch; by this same rule one of the two old members is such a one
    /// whenever any is.
    pub(super) fn add(&mut self, now: &Now) {
        let (a, b) = (self.last, self.other);
        self.other = if now.other_group(a) {
            a
        } else if now.other_group(b) {
            b
        } else if now.same_interval_other_lane(a) {
            a
        } else if now.same_interval_other_lane(b) {
            b
        } else {
            Stamp::default()
        };
        self.last = now.stamp();
    }
}

/// What one access found in one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Touch {
    /// An earlier access of another thread it races with.
    pub race: Option<Stamp>,
    /// A read of a cell with nothing written in it (that is there at `now`).
    pub uninitialized: bool,
}

/// The shadow of a few bytes of memory.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cell {
    /// Loads.
    read: Set,
    /// Stores and atomic operations.
    write: Set,
}

impl Cell {
    /// Records an access of `kind` at `now`; says whom it races with, and whether it reads
    /// unwritten memory. Two reads never race, nor two atomic operations.
    pub(super) fn access(
        &mut self,
        now: &Now,
        kind: AccessKind,
        is_atomic: impl Fn(Stamp) -> bool,
    ) -> Touch {
        let none = |_| false;
        let race = match kind {
            AccessKind::Read => self.write.concurrent(now, none),
            AccessKind::Write => self
                .read
                .concurrent(now, none)
                .or_else(|| self.write.concurrent(now, none)),
            AccessKind::Atomic => self
                .read
                .concurrent(now, none)
                .or_else(|| self.write.concurrent(now, is_atomic)),
        };
        let uninitialized = kind == AccessKind::Read && !self.write.recorded(now);
        match kind {
            AccessKind::Read => self.read.add(now),
            AccessKind::Write | AccessKind::Atomic => self.write.add(now),
        }
        Touch {
            race,
            uninitialized,
        }
    }
}

/// The shadow of one workgroup variable or binding: cells of `unit` bytes, in pages allocated
/// on first touch.
#[derive(Debug)]
pub(super) struct Region {
    /// Its size in bytes.
    size: u64,
    /// Bytes per cell, as a power of two: 4, or fewer once an access narrower than that came
    /// (16-bit floats); two accesses of one cell are taken to overlap.
    unit_log2: u32,
    /// `PAGE` cells each; empty until the first access.
    pages: Vec<Option<Box<[Cell]>>>,
}

impl Region {
    /// The shadow of `size` bytes, nothing accessed yet.
    pub(super) fn new(size: u64) -> Region {
        Region {
            size,
            unit_log2: 2,
            pages: Vec::new(),
        }
    }

    /// The byte offset of cell `i`.
    pub(super) fn offset(&self, i: u64) -> u64 {
        i << self.unit_log2
    }

    /// The cells that `bytes` bytes at `offset` cover (those inside the region), after making
    /// cells small enough that the access covers whole cells.
    pub(super) fn cells(&mut self, offset: u64, bytes: u64) -> Range<u64> {
        let align_log2 = (offset | bytes).trailing_zeros();
        if align_log2 < self.unit_log2 {
            self.refine(align_log2);
        }
        let end = offset.saturating_add(bytes).min(self.size);
        offset >> self.unit_log2..self.cell_count(end)
    }

    /// The cells that the first `bytes` bytes touch.
    fn cell_count(&self, bytes: u64) -> u64 {
        bytes.div_ceil(1 << self.unit_log2)
    }

    /// Cell `i`, allocating its page (None past the region's end).
    pub(super) fn cell(&mut self, i: u64) -> Option<&mut Cell> {
        if self.pages.is_empty() {
            let cells = self.cell_count(self.size);
            let pages = usize::try_from(cells.div_ceil(PAGE as u64)).ok()?;
            // A region too large for even its page table goes unwatched.
            self.pages.try_reserve_exact(pages).ok()?;
            self.pages.resize_with(pages, || None);
        }
        let i = usize::try_from(i).ok()?;
        let page = self.pages.get_mut(i / PAGE)?;
        let page = page.get_or_insert_with(|| vec![Cell::default(); PAGE].into_boxed_slice());
        page.get_mut(i % PAGE)
    }

    /// Splits every cell into cells of `1 << unit_log2` bytes, each inheriting the old cell's
    /// accesses.
    fn refine(&mut self, unit_log2: u32) {
        let split = 1 << (self.unit_log2 - unit_log2);
        self.unit_log2 = unit_log2;
        let old = std::mem::take(&mut self.pages);
        if old.is_empty() {
            return;
        }
        let mut pages: Vec<Option<Box<[Cell]>>> = Vec::new();
        pages.resize_with(old.len() * split, || None);
        for (p, page) in old.into_iter().enumerate() {
            let Some(page) = page else { continue };
            let cells: Vec<Cell> = page
                .iter()
                .flat_map(|&c| std::iter::repeat_n(c, split))
                .collect();
            for (j, chunk) in cells.chunks(PAGE).enumerate() {
                if let Some(slot) = pages.get_mut(p * split + j) {
                    *slot = Some(chunk.into());
                }
            }
        }
        self.pages = pages;
    }
}
