//! The findings of one dispatch: each distinct one once, the first [`MAX_FINDINGS`] found.

use super::{Finding, Space};
use std::collections::HashSet;

/// The most findings one dispatch reports; the first found are kept, and the checker stops
/// watching once it has this many.
pub const MAX_FINDINGS: usize = 32;

/// What makes two findings the same: the spans involved (by their numbers in the dispatch's
/// `Sites`) and, for a race, the memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Key {
    /// A race between accesses at two spans.
    Race {
        /// The memory.
        space: Space,
        /// The earlier access's span.
        first: u16,
        /// The later access's span.
        second: u16,
    },
    /// An out-of-range index at a span.
    OutOfRange(u16),
    /// A read of unwritten workgroup memory at a span.
    Uninitialized(u16),
    /// A barrier, at a span, that not all threads reached.
    DivergentBarrier(u16),
}

/// The findings so far.
#[derive(Debug, Default)]
pub(super) struct Findings {
    /// First found first.
    found: Vec<Finding>,
    /// The keys of `found`.
    seen: HashSet<Key>,
}

impl Findings {
    /// Records what `make` builds unless a finding with `key` is recorded or there are
    /// `MAX_FINDINGS` already.
    pub(super) fn add(&mut self, key: Key, make: impl FnOnce() -> Finding) {
        if !self.is_full() && self.seen.insert(key) {
            self.found.push(make());
        }
    }

    /// Whether no more findings are taken.
    pub(super) fn is_full(&self) -> bool {
        self.found.len() >= MAX_FINDINGS
    }

    /// The findings, first found first.
    pub(super) fn into_vec(self) -> Vec<Finding> {
        self.found
    }
}
