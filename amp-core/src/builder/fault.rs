//! Checked accesses and the fault record.
//!
//! In a checked kernel every view, tile_static and local-array access the range analysis
//! ([`bounds`](super::bounds)) cannot prove in range gets a run-time check. An access that fails
//! its check touches no memory: a read yields zero (it reads element 0 instead, whose value it
//! discards), a write or an atomic is skipped. The first failing access of a launch is recorded
//! in the fault buffer, a small storage buffer the runtime binds to every checked launch and
//! reads back when the launch's results are observed:
//!
//! | word | holds |
//! |---|---|
//! | 0 | 0 until the first fault (set with an atomic exchange: exactly one thread records) |
//! | 1 | the launch's number (a launch parameter) |
//! | 2 | the access site: an index into [`KernelIr::sites`](super::KernelIr::sites), plus one |
//! | 3.. | the index, one word per component ([`MAX_FAULT_RANK`] words) |
//! | 3 + [`MAX_FAULT_RANK`].. | the extent it was checked against |

use super::{Expr, KernelBuilder};
use crate::error::Loc;
use naga::{BinaryOperator, Expression, Handle, Literal, ScalarKind, Statement, TypeInner};

/// Index components a fault record holds (deeper accesses record their first components).
pub const MAX_FAULT_RANK: usize = 8;

/// Words of the fault buffer.
pub const FAULT_WORDS: u32 = 3 + 2 * MAX_FAULT_RANK as u32;

/// What an access site accesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    /// A read of an array view's element.
    ViewRead,
    /// A write of an array view's element.
    ViewWrite,
    /// An atomic operation on an array view's element.
    ViewAtomic,
    /// An element of a tile_static array.
    TileStatic,
    /// An element of a local array.
    LocalArray,
    /// Not an access: a loop pass past the most the accelerator runs per thread (see
    /// `loop_limit.rs`); the index is the pass, the extent the limit.
    LoopLimit,
}

impl AccessKind {
    /// How the access reads in an error message.
    pub fn describe(self) -> &'static str {
        match self {
            AccessKind::ViewRead => "array view read",
            AccessKind::ViewWrite => "array view write",
            AccessKind::ViewAtomic => "array view atomic operation",
            AccessKind::TileStatic => "tile_static array access",
            AccessKind::LocalArray => "local array access",
            AccessKind::LoopLimit => "loop pass",
        }
    }
}

/// A checked access in the kernel's source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccessSite {
    /// Where the access is.
    pub loc: Loc,
    /// What it accesses.
    pub kind: AccessKind,
    /// The number of index components (array levels of a nested array) it checks.
    pub rank: u32,
}

/// The run-time check of one access in a kernel being built: whether it is in range, and what
/// to record if not (opaque outside amp-core).
#[derive(Clone, Debug)]
pub struct Check {
    /// `bool`: every component is in range.
    ok: Handle<Expression>,
    /// The index components, as `u32`.
    index: Vec<Handle<Expression>>,
    /// The bounds they were checked against, as `u32`.
    extent: Vec<Handle<Expression>>,
    kind: AccessKind,
}

impl Check {
    /// A check whose condition `ok` is the caller's, recording `value` against `limit`.
    pub(crate) fn failing(
        ok: Handle<Expression>,
        value: Handle<Expression>,
        limit: Handle<Expression>,
        kind: AccessKind,
    ) -> Self {
        Check {
            ok,
            index: vec![value],
            extent: vec![limit],
            kind,
        }
    }
}

/// A check the builder keeps for a place reached through checked indices (a row of a
/// tile_static array), so that places stay `Copy`.
#[derive(Clone, Copy, Debug)]
pub struct CheckId(usize);

/// The fault buffer of a checked kernel: its global and the launch-number parameter word.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FaultBuffer {
    global: Handle<naga::GlobalVariable>,
    launch_word: u32,
}

impl FaultBuffer {
    /// The parameter word holding the launch's number.
    pub(crate) fn launch_word(self) -> u32 {
        self.launch_word
    }
}

/// Accumulates the checks of one access, component by component.
pub(crate) struct CheckBuilder {
    ok: Option<Handle<Expression>>,
    index: Vec<Handle<Expression>>,
    extent: Vec<Handle<Expression>>,
    kind: AccessKind,
}

impl CheckBuilder {
    pub(crate) fn new(kind: AccessKind) -> Self {
        CheckBuilder {
            ok: None,
            index: Vec::new(),
            extent: Vec::new(),
            kind,
        }
    }

    /// Adds component `index` (an `i32` or `u32`) with exclusive bound `bound` (made only in
    /// checked kernels); returns the index to address memory with, as `u32`: itself when proven
    /// or unchecked, else 0 when out of range (so the address stays inside the memory).
    pub(crate) fn component(
        &mut self,
        b: &mut KernelBuilder,
        index: Handle<Expression>,
        bound: impl FnOnce(&mut KernelBuilder) -> super::Bound,
    ) -> Handle<Expression> {
        let unsigned = b.as_u32(index);
        if !b.checked {
            return unsigned;
        }
        let bound = bound(b);
        let bound_expr = match bound {
            super::Bound::Const(n) => b.append(Expression::Literal(Literal::U32(n))),
            super::Bound::Value(v) => b.as_u32(v),
        };
        self.index.push(unsigned);
        self.extent.push(bound_expr);
        if b.proves_below(index, bound) {
            return unsigned;
        }
        let inside = b.binary(BinaryOperator::Less, unsigned, bound_expr);
        self.ok = Some(match self.ok {
            None => inside,
            Some(acc) => b.binary(BinaryOperator::LogicalAnd, acc, inside),
        });
        let zero = b.append(Expression::Literal(Literal::U32(0)));
        b.append(Expression::Select {
            condition: inside,
            accept: unsigned,
            reject: zero,
        })
    }

    /// The finished check: `None` when every component was proven (or checks are off).
    pub(crate) fn finish(self) -> Option<Check> {
        Some(Check {
            ok: self.ok?,
            index: self.index,
            extent: self.extent,
            kind: self.kind,
        })
    }

    /// Extends a check of the enclosing array levels (a `Place` of a nested array).
    pub(crate) fn extend(outer: Option<&Check>, kind: AccessKind) -> Self {
        match outer {
            Some(c) => CheckBuilder {
                ok: Some(c.ok),
                index: c.index.clone(),
                extent: c.extent.clone(),
                kind,
            },
            None => CheckBuilder::new(kind),
        }
    }
}

impl KernelBuilder {
    /// Whether this kernel is built with amp's access checks.
    pub fn checks_enabled(&self) -> bool {
        self.checked
    }

    /// Builds the kernel with (`true`, the default) or without amp's access checks.
    pub fn set_checked(&mut self, checked: bool) {
        self.checked = checked;
    }

    /// Keeps `check` for a place; see [`CheckId`].
    pub(crate) fn keep_check(&mut self, check: Check) -> CheckId {
        self.kept_checks.push(check);
        CheckId(self.kept_checks.len() - 1)
    }

    /// A check kept with [`keep_check`](Self::keep_check).
    pub(crate) fn check(&self, id: CheckId) -> Option<Check> {
        self.kept_checks.get(id.0).cloned()
    }

    pub(crate) fn as_u32(&mut self, value: Handle<Expression>) -> Handle<Expression> {
        match self.scalar_of(value).map(|s| s.kind) {
            Some(ScalarKind::Uint) => value,
            _ => self.append(Expression::As {
                expr: value,
                kind: ScalarKind::Uint,
                convert: None,
            }),
        }
    }

    /// The fault buffer, declared on first use.
    fn fault_buffer(&mut self) -> FaultBuffer {
        if let Some(fault) = self.fault {
            return fault;
        }
        let global = self.alloc_binding(
            super::BindingKind::Faults,
            "amp_faults",
            naga::Scalar::U32,
            false,
        );
        self.make_atomic(global);
        let launch_word = self.alloc_words(1);
        let fault = FaultBuffer {
            global,
            launch_word,
        };
        self.fault = Some(fault);
        fault
    }

    /// Pushes the statements that record a failed `check` (only the first fault of a launch
    /// is kept).
    pub(crate) fn record_fault(&mut self, check: &Check) {
        let site = {
            self.sites.push(AccessSite {
                loc: self.loc(),
                kind: check.kind,
                rank: check.index.len().min(MAX_FAULT_RANK) as u32,
            });
            self.sites.len() as u32
        };
        let fault = self.fault_buffer();
        let word = |b: &mut Self, w: u32| {
            let base = b.append(Expression::GlobalVariable(fault.global));
            b.append(Expression::AccessIndex { base, index: w })
        };
        let flag = word(self, 0);
        let one = self.append(Expression::Literal(Literal::U32(1)));
        let previous = crate::atomic::atomic_at::<u32>(
            self,
            (flag, None),
            naga::AtomicFunction::Exchange { compare: None },
            Expr::from_handle(one),
        );
        let zero = self.append(Expression::Literal(Literal::U32(0)));
        let first = self.binary(BinaryOperator::Equal, previous.handle(), zero);
        self.begin_if(Expr::from_handle(first));
        let launch = self.param_word(fault.launch_word).handle();
        let site = self.append(Expression::Literal(Literal::U32(site)));
        let mut values = vec![(1, launch), (2, site)];
        for (k, (&i, &e)) in check.index.iter().zip(&check.extent).enumerate() {
            if k < MAX_FAULT_RANK {
                values.push((3 + k as u32, i));
                values.push((3 + (MAX_FAULT_RANK + k) as u32, e));
            }
        }
        for (w, value) in values {
            let pointer = word(self, w);
            self.push(Statement::Store { pointer, value });
        }
        self.end_if();
    }

    /// `value` when `check` passes, zero when it fails (then the fault is recorded).
    pub(crate) fn checked_value(
        &mut self,
        check: Option<Check>,
        value: Handle<Expression>,
    ) -> Handle<Expression> {
        let Some(check) = check else { return value };
        let Some(scalar) = self.scalar_of(value) else {
            return value;
        };
        let ty = self.intern_type(TypeInner::Scalar(scalar));
        let zero = self.append(Expression::ZeroValue(ty));
        let value = self.append(Expression::Select {
            condition: check.ok,
            accept: value,
            reject: zero,
        });
        self.begin_if(Expr::from_handle(check.ok));
        self.begin_else();
        self.record_fault(&check);
        self.end_if();
        value
    }

    /// Pushes `stmt` only when `check` passes; records the fault otherwise.
    pub(crate) fn checked_statement(&mut self, check: Option<Check>, stmt: Statement) {
        let Some(check) = check else {
            return self.push(stmt);
        };
        self.begin_if(Expr::from_handle(check.ok));
        self.push(stmt);
        self.begin_else();
        self.record_fault(&check);
        self.end_if();
    }

    /// Runs `emit` (which pushes a statement and returns its result, of type `ty`) only when
    /// `check` passes; the result is zero when it fails (then the fault is recorded).
    pub(crate) fn checked_result(
        &mut self,
        check: Option<Check>,
        ty: Handle<naga::Type>,
        emit: impl FnOnce(&mut Self) -> Handle<Expression>,
    ) -> Handle<Expression> {
        let Some(check) = check else {
            return emit(self);
        };
        let span = self.span();
        let local = self.cur.function.local_variables.append(
            naga::LocalVariable {
                name: None,
                ty,
                init: None,
            },
            span,
        );
        let pointer = self.append(Expression::LocalVariable(local));
        self.begin_if(Expr::from_handle(check.ok));
        let value = emit(self);
        self.push(Statement::Store { pointer, value });
        self.begin_else();
        self.record_fault(&check);
        self.end_if();
        self.append(Expression::Load { pointer })
    }
}
