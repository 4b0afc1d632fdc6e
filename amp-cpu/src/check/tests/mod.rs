//! The checker driven through `Observer` as the executor drives it.

use super::*;
use naga::{Barrier, Span};

/// Workgroup variable 0.
const TILE: Space = Space::Workgroup { var: 0 };
/// Binding 0 of group 0.
const VIEW: Space = Space::Binding {
    group: 0,
    binding: 0,
};

/// The span numbered `n`.
fn sp(n: u32) -> Span {
    Span::new(10 * n, 10 * n + 5)
}

/// A dispatch of one-dimensional workgroups of `lanes` lanes, with a 4 KiB workgroup variable
/// and a 64 KiB binding.
struct Run {
    checker: Checker,
    lanes: u32,
}

impl Run {
    fn new(lanes: u32) -> Run {
        let mut checker = Checker::new();
        checker.begin_dispatch(&[(0, 4096)], &[(VIEW, 65536)]);
        Run { checker, lanes }
    }

    fn group(&mut self, id: u32) {
        self.checker.begin_group([id, 0, 0], [self.lanes, 1, 1]);
    }

    fn touch(&mut self, lane: u32, space: Space, word: u64, kind: AccessKind, span: u32) {
        self.checker
            .access(lane, space, 4 * word, 4, kind, sp(span));
    }

    fn write(&mut self, lane: u32, space: Space, word: u64, span: u32) {
        self.touch(lane, space, word, AccessKind::Write, span);
    }

    fn read(&mut self, lane: u32, space: Space, word: u64, span: u32) {
        self.touch(lane, space, word, AccessKind::Read, span);
    }

    fn atomic(&mut self, lane: u32, space: Space, word: u64, span: u32) {
        self.touch(lane, space, word, AccessKind::Atomic, span);
    }

    /// A barrier every lane reaches.
    fn barrier(&mut self, flags: Barrier) {
        let all = vec![true; self.lanes as usize];
        let none = vec![false; self.lanes as usize];
        self.checker.barrier(&all, &none, flags, sp(99));
    }

    fn finish(mut self) -> Vec<Finding> {
        self.checker.end_group();
        self.checker.finish()
    }
}

fn thread(group: u32, lane: u32) -> Thread {
    Thread {
        group: [group, 0, 0],
        local: [lane, 0, 0],
    }
}

fn access(group: u32, lane: u32, kind: AccessKind, span: u32) -> Access {
    Access {
        thread: thread(group, lane),
        kind,
        span: sp(span),
    }
}

const TILE_FENCE: Barrier = Barrier::WORK_GROUP;
const ALL_FENCE: Barrier = Barrier::WORK_GROUP.union(Barrier::STORAGE);

mod findings;
mod kernel_shapes;
mod races;
