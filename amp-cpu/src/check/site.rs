//! Access sites: a span of the module and a kind of access, numbered, so that the shadow keeps
//! each access's origin in one [`Site`].

use super::AccessKind;
use std::collections::HashMap;

/// A span's number and an access kind in 16 bits: the shadow keeps one per access it holds.
pub(super) type Site = u16;

/// Bits of a site that hold its kind; the span's number is above them.
const KIND_BITS: u32 = 2;

/// The number every span past the first `UNKNOWN` ones shares; its span is
/// `naga::Span::UNDEFINED` (so a finding there names no source location rather than a wrong
/// one). Kernels have far fewer distinct access sites.
const UNKNOWN: u16 = (1 << (16 - KIND_BITS)) - 1;

/// The spans met in a dispatch, numbered in the order met.
#[derive(Debug, Default)]
pub(super) struct Sites {
    /// Each number's span.
    spans: Vec<naga::Span>,
    /// Each span's number, by its byte range (`naga::Span` is not `Hash`).
    numbers: HashMap<(u32, u32), u16>,
    /// The span met last and its number: the executor reports one statement's accesses lane
    /// after lane, so most look-ups end here.
    last: Option<(naga::Span, u16)>,
}

impl Sites {
    /// The number of `span`.
    pub(super) fn number(&mut self, span: naga::Span) -> u16 {
        if let Some((last, n)) = self.last {
            if last == span {
                return n;
            }
        }
        let range = span
            .to_range()
            .map_or((0, 0), |r| (clamp(r.start), clamp(r.end)));
        let next = u16::try_from(self.spans.len()).unwrap_or(UNKNOWN);
        let n = match self.numbers.get(&range) {
            Some(&n) => n,
            None if next >= UNKNOWN => UNKNOWN,
            None => {
                self.numbers.insert(range, next);
                self.spans.push(span);
                next
            }
        };
        self.last = Some((span, n));
        n
    }

    /// The site of an access of `kind` at `span`.
    pub(super) fn site(&mut self, span: naga::Span, kind: AccessKind) -> Site {
        let kind = match kind {
            AccessKind::Read => 0,
            AccessKind::Write => 1,
            AccessKind::Atomic => 2,
        };
        self.number(span) << KIND_BITS | kind
    }

    /// The number of a site's span.
    pub(super) fn span_number(site: Site) -> u16 {
        site >> KIND_BITS
    }

    /// A site's span.
    pub(super) fn span(&self, site: Site) -> naga::Span {
        let n = usize::from(Self::span_number(site));
        self.spans.get(n).copied().unwrap_or_default()
    }

    /// A site's kind.
    pub(super) fn kind(site: Site) -> AccessKind {
        match site & ((1 << KIND_BITS) - 1) {
            0 => AccessKind::Read,
            1 => AccessKind::Write,
            _ => AccessKind::Atomic,
        }
    }
}

/// A span's byte index as naga stores it.
fn clamp(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}
