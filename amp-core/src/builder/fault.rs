//! Checked accesses and the fault record.
//!
//! In a checked kernel every view, tile_static and local-array access the range analysis
//! ([`bounds`](super::bounds)) cannot prove in range gets a run-time check. An access that fails
//! its check touches no memory: a read yields zero (a view read reads the zero element every view
//! buffer holds past its data; an array read reads element 0 and discards the value), a write or
//! an atomic is skipped.
//!
//! A failed check only notes the fault in private (per-thread) variables: the access site and
//! its index (the thread's last failing access). Writing to memory there would cost the hot loops
//! dearly: a store to a storage buffer may alias the views, so the driver could no longer
//! reorder or batch the loop's loads around it. Before each return of the entry point, a thread that noted a
//! fault writes it to the fault buffer, a small storage buffer the runtime binds to every
//! checked launch and reads back when the launch's results are observed; an atomic exchange of
//! word 0 lets exactly one thread of the launch write:
//!
//! | word | holds |
//! |---|---|
//! | 0 | 0 until the first fault |
//! | 1 | the launch's number (a launch parameter) |
//! | 2 | the access site: an index into [`KernelIr::sites`](super::KernelIr::sites), plus one |
//! | 3.. | the index, one word per component ([`MAX_FAULT_RANK`] words) |
//!
//! The bounds need no words: a site knows them ([`SiteBound`]: a constant, or the launch
//! parameter word of a view's extent, which the runtime keeps with the launch).

use super::{KernelBuilder, KernelValue};
use crate::error::Loc;
use crate::layout::{BindingKind, Checks, FaultSlot};
use naga::{BinaryOperator, Expression, Handle, Literal, ScalarKind, Statement, TypeInner};

/// Index components a fault record holds (deeper accesses record their first components).
pub const MAX_FAULT_RANK: usize = 8;

/// Words of a fault record.
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
    /// A read of a texture's texel.
    TextureRead,
    /// A write of a texture's texel.
    TextureWrite,
    /// An element of a tile_static array.
    TileStatic,
    /// An element of a local array.
    LocalArray,
    /// A section or projection of a view taken in a kernel; the index is its origin (or the
    /// projected index).
    Section,
    /// A view taken in a kernel with `view_as`; the index is the new extent's size, the
    /// bound the view's length.
    ViewAs,
    /// A view taken in a kernel with `reinterpret_as` whose words do not divide into whole
    /// elements of the new type; the index is the view's words, the bound the new type's.
    ReinterpretAs,
    /// A component of a short vector, by a run-time index.
    Component,
    /// Not an access: a loop pass past the most the accelerator runs per thread (see
    /// `loop_limit.rs`); the index is the pass, the extent the limit.
    LoopLimit,
    /// Not an access: a tiled extent's `pad()` in a kernel whose dimension `dim`, rounded up to
    /// a multiple of the tile, does not fit in an `i32`; the index is the extent there, the
    /// bound the tile's.
    Pad {
        /// The dimension.
        dim: u32,
    },
}

impl AccessKind {
    /// How the access reads in an error message.
    pub fn describe(self) -> &'static str {
        match self {
            AccessKind::ViewRead => "array view read",
            AccessKind::ViewWrite => "array view write",
            AccessKind::ViewAtomic => "array view atomic operation",
            AccessKind::TextureRead => "texture read",
            AccessKind::TextureWrite => "texture write",
            AccessKind::TileStatic => "tile_static array access",
            AccessKind::LocalArray => "local array access",
            AccessKind::Section => "array view section",
            AccessKind::ViewAs => "array view view_as",
            AccessKind::ReinterpretAs => "array view reinterpret_as",
            AccessKind::Component => "vector component access",
            AccessKind::LoopLimit => "loop pass",
            AccessKind::Pad { .. } => "tiled extent pad",
        }
    }
}

/// A checked access in the kernel's source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessSite {
    /// Where the access is.
    pub loc: Loc,
    /// What it accesses.
    pub kind: AccessKind,
    /// The bound of each index component (array level of a nested array) it checks.
    pub bounds: Vec<SiteBound>,
}

/// The exclusive bound of one checked index component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SiteBound {
    /// A size known when the kernel is built (a tile_static or local array's).
    Const(u32),
    /// The launch parameter word that holds it (a view's extent component).
    Word(u32),
    /// A value computed in the kernel (the extent of a section taken there), recorded with
    /// the fault.
    Recorded,
}

/// The run-time check of one access in a kernel being built: whether it is in range, and what
/// to record if not (opaque outside amp-core).
#[derive(Clone, Debug)]
pub struct Check {
    /// `bool`: every component is in range.
    ok: Handle<Expression>,
    /// The index components, as `u32`.
    index: Vec<Handle<Expression>>,
    /// The bounds they were checked against.
    bounds: Vec<SiteBound>,
    /// The values of `Recorded` bounds, by component.
    recorded: Vec<Option<Handle<Expression>>>,
    kind: AccessKind,
    /// For an access through a reference passed to a device function: the condition the
    /// reference was passed with. Its failure was noted where the reference was passed, so a
    /// fault is noted here only when the reference was in range.
    formed: Option<Handle<Expression>>,
}

impl Check {
    /// The condition: every component is in range.
    pub(crate) fn ok(&self) -> Handle<Expression> {
        self.ok
    }

    /// A check whose condition `ok` is the caller's, recording `index` against bounds
    /// computed in the kernel (`bounds`).
    pub(crate) fn recorded(
        ok: Handle<Expression>,
        index: Vec<Handle<Expression>>,
        bounds: Vec<Handle<Expression>>,
        kind: AccessKind,
    ) -> Self {
        Check {
            ok,
            bounds: vec![SiteBound::Recorded; index.len()],
            recorded: bounds.into_iter().map(Some).collect(),
            index,
            kind,
            formed: None,
        }
    }

    /// A check whose condition `ok` is the caller's, recording `value` against `limit`.
    pub(crate) fn failing(
        ok: Handle<Expression>,
        value: Handle<Expression>,
        limit: u32,
        kind: AccessKind,
    ) -> Self {
        Check {
            ok,
            index: vec![value],
            bounds: vec![SiteBound::Const(limit)],
            recorded: vec![None],
            kind,
            formed: None,
        }
    }

    /// The check of the accesses through a reference a device function was passed with the
    /// condition `ok` (its failure was noted by the caller).
    pub(crate) fn formed(ok: Handle<Expression>, kind: AccessKind) -> Self {
        Check {
            ok,
            index: Vec::new(),
            bounds: Vec::new(),
            recorded: Vec::new(),
            kind,
            formed: Some(ok),
        }
    }
}

/// A check the builder keeps for a place reached through checked indices (a row of a
/// tile_static array), so that places stay `Copy`.
#[derive(Clone, Copy, Debug)]
pub struct CheckId(usize);

/// The fault buffer of a checked kernel and the private variables where a thread notes its
/// fault (its binding and the launch-number parameter word are the layout's
/// [`FaultSlot`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FaultBuffer {
    global: Handle<naga::GlobalVariable>,
    /// The site of the thread's fault, plus one (0: none).
    site: Handle<naga::GlobalVariable>,
    /// Its index components.
    index: Handle<naga::GlobalVariable>,
    /// The bounds computed in the kernel it was checked against (`SiteBound::Recorded`),
    /// declared with the first such check.
    bound: Option<Handle<naga::GlobalVariable>>,
}

/// Accumulates the checks of one access, component by component.
pub(crate) struct CheckBuilder {
    ok: Option<Handle<Expression>>,
    index: Vec<Handle<Expression>>,
    bounds: Vec<SiteBound>,
    recorded: Vec<Option<Handle<Expression>>>,
    kind: AccessKind,
    formed: Option<Handle<Expression>>,
}

impl CheckBuilder {
    pub(crate) fn new(kind: AccessKind) -> Self {
        CheckBuilder {
            ok: None,
            index: Vec::new(),
            bounds: Vec::new(),
            recorded: Vec::new(),
            kind,
            formed: None,
        }
    }

    /// Adds component `index` (an `i32` or `u32`) with exclusive bound `bound`; returns it as
    /// `u32`. Unless checks are off or the range analysis proves it in range, the check's
    /// condition gains `index < bound`.
    pub(crate) fn component(
        &mut self,
        b: &mut KernelBuilder,
        index: Handle<Expression>,
        bound: SiteBound,
    ) -> Handle<Expression> {
        self.checked_component(b, index, bound).0
    }

    /// Adds component `index` with the exclusive bound `bound`, a `u32` computed in the
    /// kernel (recorded with a fault); returns the component as `u32`.
    pub(crate) fn component_below(
        &mut self,
        b: &mut KernelBuilder,
        index: Handle<Expression>,
        bound: Handle<Expression>,
    ) -> Handle<Expression> {
        self.checked(b, index, SiteBound::Recorded, bound).0
    }

    /// Like [`component`](Self::component), for an array level: the index to address the
    /// level with is 0 when out of range, so the address stays inside the array.
    pub(crate) fn level(
        &mut self,
        b: &mut KernelBuilder,
        index: Handle<Expression>,
        size: u32,
    ) -> Handle<Expression> {
        let (unsigned, inside) = self.checked_component(b, index, SiteBound::Const(size));
        let Some(inside) = inside else {
            return unsigned;
        };
        let zero = b.append(Expression::Literal(Literal::U32(0)));
        b.append(Expression::Select {
            condition: inside,
            accept: unsigned,
            reject: zero,
        })
    }

    /// The component as `u32`, and its condition when it needs a run-time check.
    fn checked_component(
        &mut self,
        b: &mut KernelBuilder,
        index: Handle<Expression>,
        bound: SiteBound,
    ) -> (Handle<Expression>, Option<Handle<Expression>>) {
        if !b.checks_enabled() {
            return (b.as_u32(index), None);
        }
        let bound_expr = match bound {
            SiteBound::Const(n) => b.append(Expression::Literal(Literal::U32(n))),
            SiteBound::Word(w) => b.param_word(w).handle(),
            // Only through `component_below`, which passes the value.
            SiteBound::Recorded => b.append(Expression::Literal(Literal::U32(0))),
        };
        self.checked(b, index, bound, bound_expr)
    }

    /// The component as `u32`, and its condition when it needs a run-time check, against
    /// `bound` whose value is `bound_expr`.
    fn checked(
        &mut self,
        b: &mut KernelBuilder,
        index: Handle<Expression>,
        bound: SiteBound,
        bound_expr: Handle<Expression>,
    ) -> (Handle<Expression>, Option<Handle<Expression>>) {
        let unsigned = b.as_u32(index);
        if !b.checks_enabled() {
            return (unsigned, None);
        }
        self.index.push(unsigned);
        self.bounds.push(bound);
        self.recorded
            .push((bound == SiteBound::Recorded).then_some(bound_expr));
        let proof = match bound {
            SiteBound::Const(n) => super::Bound::Const(n),
            SiteBound::Word(_) | SiteBound::Recorded => super::Bound::Value(bound_expr),
        };
        if b.proves_below(index, proof) || b.defer_check(index, bound) {
            return (unsigned, None);
        }
        let inside = b.binary(BinaryOperator::Less, unsigned, bound_expr);
        self.ok = Some(match self.ok {
            None => inside,
            Some(acc) => b.binary(BinaryOperator::LogicalAnd, acc, inside),
        });
        (unsigned, Some(inside))
    }

    /// The finished check: `None` when every component was proven (or checks are off).
    pub(crate) fn finish(self) -> Option<Check> {
        Some(Check {
            ok: self.ok?,
            index: self.index,
            bounds: self.bounds,
            recorded: self.recorded,
            kind: self.kind,
            formed: self.formed,
        })
    }

    /// Extends a check of the enclosing array levels (a `Place` of a nested array).
    pub(crate) fn extend(outer: Option<&Check>, kind: AccessKind) -> Self {
        match outer {
            Some(c) => CheckBuilder {
                ok: Some(c.ok),
                index: c.index.clone(),
                bounds: c.bounds.clone(),
                recorded: c.recorded.clone(),
                kind,
                formed: c.formed,
            },
            None => CheckBuilder::new(kind),
        }
    }
}

impl KernelBuilder {
    /// Whether this kernel is built with amp's access checks.
    pub fn checks_enabled(&self) -> bool {
        self.layout.checks == Checks::Checked
    }

    /// Builds the kernel with ([`Checks::Checked`], the default) or without amp's access checks;
    /// called before the kernel body is built. The choice is recorded in the kernel's layout: a
    /// kernel built [`Checks::Unchecked`] may access memory out of range, so only a launch whose
    /// caller promised in-range accesses runs it.
    pub fn set_checks(&mut self, checks: Checks) {
        self.layout.checks = checks;
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

    /// The fault buffer and the private fault variables, declared on first use.
    fn fault_buffer(&mut self) -> FaultBuffer {
        if let Some(fault) = self.fault {
            return fault;
        }
        let word = self.intern_type(TypeInner::Scalar(naga::Scalar::U32));
        let global = self.alloc_binding(BindingKind::Faults, "amp_faults", (word, 4), false);
        self.make_atomic(global);
        self.layout.faults = Some(FaultSlot {
            binding: self.layout.bindings.len() as u32,
            launch_word: self.alloc_words(1),
        });
        let u32_ty = self.intern_type(TypeInner::Scalar(naga::Scalar::U32));
        let words = self.intern_type(TypeInner::Array {
            base: u32_ty,
            size: naga::ArraySize::Constant(
                std::num::NonZeroU32::MIN.saturating_add(MAX_FAULT_RANK as u32 - 1),
            ),
            stride: 4,
        });
        let zero = self
            .module
            .global_expressions
            .append(Expression::Literal(Literal::U32(0)), naga::Span::UNDEFINED);
        let zero_words = self
            .module
            .global_expressions
            .append(Expression::ZeroValue(words), naga::Span::UNDEFINED);
        let fault = FaultBuffer {
            global,
            site: self.private_var("amp_fault_site", u32_ty, Some(zero)),
            index: self.private_var("amp_fault_index", words, Some(zero_words)),
            bound: None,
        };
        self.fault = Some(fault);
        fault
    }

    /// A private (per-thread) global variable.
    fn private_var(
        &mut self,
        name: &str,
        ty: Handle<naga::Type>,
        init: Option<Handle<Expression>>,
    ) -> Handle<naga::GlobalVariable> {
        self.module.global_variables.append(
            naga::GlobalVariable {
                name: Some(name.into()),
                space: naga::AddressSpace::Private,
                binding: None,
                ty,
                init,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            naga::Span::UNDEFINED,
        )
    }

    /// The private variable of recorded bounds, declared on first use.
    fn fault_bounds(&mut self) -> Handle<naga::GlobalVariable> {
        let mut fault = self.fault_buffer();
        if let Some(bound) = fault.bound {
            return bound;
        }
        let index_var = &self.module.global_variables[fault.index];
        let (ty, init) = (index_var.ty, index_var.init);
        let bound = self.private_var("amp_fault_bound", ty, init);
        fault.bound = Some(bound);
        self.fault = Some(fault);
        bound
    }

    /// Notes a failed `check` in the thread's private fault variables: its site and index
    /// (the bounds are known to the runtime). Selected, not branched: a branch in a hot loop
    /// costs more than the select (docs/PERFORMANCE.md has the figures), so a later fault of
    /// the thread replaces an earlier one.
    pub(crate) fn note_fault(&mut self, check: &Check) {
        // Only a reference's own condition: its failure was noted where it was passed.
        if check.formed == Some(check.ok) {
            return;
        }
        self.sites.push(AccessSite {
            loc: self.loc(),
            kind: check.kind,
            bounds: check.bounds.iter().copied().take(MAX_FAULT_RANK).collect(),
        });
        let site = self.sites.len() as u32;
        let fault = self.fault_buffer();
        let site_ptr = self.append(Expression::GlobalVariable(fault.site));
        let site = self.append(Expression::Literal(Literal::U32(site)));
        let mut stores = vec![(site_ptr, site)];
        for (k, &i) in check.index.iter().take(MAX_FAULT_RANK).enumerate() {
            let base = self.append(Expression::GlobalVariable(fault.index));
            let pointer = self.append(Expression::AccessIndex {
                base,
                index: k as u32,
            });
            stores.push((pointer, i));
        }
        for (k, recorded) in check.recorded.iter().take(MAX_FAULT_RANK).enumerate() {
            let Some(value) = *recorded else { continue };
            let bound = self.fault_bounds();
            let base = self.append(Expression::GlobalVariable(bound));
            let pointer = self.append(Expression::AccessIndex {
                base,
                index: k as u32,
            });
            stores.push((pointer, value));
        }
        // Through a reference passed out of range, the fault was noted by the caller.
        let keep = match check.formed {
            Some(formed) => {
                let passed_bad = self.append(Expression::Unary {
                    op: naga::UnaryOperator::LogicalNot,
                    expr: formed,
                });
                self.binary(BinaryOperator::LogicalOr, check.ok, passed_bad)
            }
            None => check.ok,
        };
        for (pointer, new) in stores {
            let old = self.append(Expression::Load { pointer });
            let value = self.append(Expression::Select {
                condition: keep,
                accept: old,
                reject: new,
            });
            self.push(Statement::Store { pointer, value });
        }
    }

    /// Makes every return of the finished entry point `entry` first write the thread's noted
    /// fault, if any, to the fault buffer (a device function called before each `return`).
    pub(crate) fn report_faults(&mut self, entry: &mut naga::Function) {
        let (Some(fault), Some(slot)) = (self.fault, self.layout.faults) else {
            return;
        };
        let rank = self.sites.iter().map(|s| s.bounds.len()).max().unwrap_or(0) as u32;
        self.cur.function.name = Some("amp_report_fault".into());
        let site_ptr = self.append(Expression::GlobalVariable(fault.site));
        let site = self.append(Expression::Load { pointer: site_ptr });
        let zero = self.append(Expression::Literal(Literal::U32(0)));
        let noted = self.binary(BinaryOperator::NotEqual, site, zero);
        self.begin_if(KernelValue::from_handle(noted));
        let word = |b: &mut Self, w: u32| {
            let base = b.append(Expression::GlobalVariable(fault.global));
            b.append(Expression::AccessIndex { base, index: w })
        };
        let flag = word(self, 0);
        let one = self.append(Expression::Literal(Literal::U32(1)));
        let previous = self.atomic(
            (flag.into(), None),
            naga::AtomicFunction::Exchange { compare: None },
            one,
            naga::Scalar::U32,
        );
        let first = self.binary(BinaryOperator::Equal, previous, zero);
        self.begin_if(KernelValue::from_handle(first));
        let launch = self.param_word(slot.launch_word).handle();
        let mut values = vec![(1, launch), (2, site)];
        for k in 0..rank {
            let base = self.append(Expression::GlobalVariable(fault.index));
            let pointer = self.append(Expression::AccessIndex { base, index: k });
            let value = self.append(Expression::Load { pointer });
            values.push((3 + k, value));
            if let Some(bound) = fault.bound {
                let base = self.append(Expression::GlobalVariable(bound));
                let pointer = self.append(Expression::AccessIndex { base, index: k });
                let value = self.append(Expression::Load { pointer });
                values.push((3 + MAX_FAULT_RANK as u32 + k, value));
            }
        }
        for (w, value) in values {
            let pointer = word(self, w);
            self.push(Statement::Store { pointer, value });
        }
        self.end_if();
        self.end_if();
        self.ret_unit();
        let function = self.finish_function();
        let report = self
            .module
            .functions
            .append(function, naga::Span::UNDEFINED);
        call_before_returns(&mut entry.body, report);
    }

    /// `value` (of type `ty`) when `check` passes, zero when it fails (then the fault is
    /// recorded). naga selects only scalars and vectors: a struct or array read out of range
    /// keeps what the clamped address held (element 0, or a view's zero sentinel); the launch
    /// reports the fault either way.
    pub(crate) fn checked_value(
        &mut self,
        check: Option<Check>,
        value: Handle<Expression>,
        ty: Handle<naga::Type>,
    ) -> Handle<Expression> {
        let Some(check) = check else { return value };
        let selectable = matches!(
            self.module.types[ty].inner,
            TypeInner::Scalar(_) | TypeInner::Vector { .. }
        );
        if !selectable {
            self.note_fault(&check);
            return value;
        }
        let zero = self.append(Expression::ZeroValue(ty));
        let value = self.append(Expression::Select {
            condition: check.ok,
            accept: value,
            reject: zero,
        });
        self.note_fault(&check);
        value
    }

    /// Pushes `stmt` only when `check` passes; records the fault otherwise.
    pub(crate) fn checked_statement(&mut self, check: Option<Check>, stmt: Statement) {
        let Some(check) = check else {
            return self.push(stmt);
        };
        self.begin_if(KernelValue::from_handle(check.ok));
        self.push(stmt);
        self.end_if();
        self.note_fault(&check);
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
        self.begin_if(KernelValue::from_handle(check.ok));
        let value = emit(self);
        self.push(Statement::Store { pointer, value });
        self.end_if();
        self.note_fault(&check);
        self.append(Expression::Load { pointer })
    }
}

/// Inserts a call of `function` before every `return` in `block`.
fn call_before_returns(block: &mut naga::Block, function: Handle<naga::Function>) {
    let old = std::mem::take(block);
    for (mut stmt, span) in old.span_into_iter() {
        match &mut stmt {
            Statement::Return { .. } => block.push(
                Statement::Call {
                    function,
                    arguments: Vec::new(),
                    result: None,
                },
                span,
            ),
            Statement::Block(b) => call_before_returns(b, function),
            Statement::If { accept, reject, .. } => {
                call_before_returns(accept, function);
                call_before_returns(reject, function);
            }
            Statement::Switch { cases, .. } => {
                for case in cases.iter_mut() {
                    call_before_returns(&mut case.body, function);
                }
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                call_before_returns(body, function);
                call_before_returns(continuing, function);
            }
            _ => {}
        }
        block.push(stmt, span);
    }
}
