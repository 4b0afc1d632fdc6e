//! Loop versioning: an innermost `for` loop whose checks can be decided once, before the loop,
//! runs without them.
//!
//! In a hot loop a check costs what the loop itself costs: two checked view reads per iteration
//! can halve a simple matmul's inner loop. Yet
//! most of those checks are decided by values known before the loop: `a[(row, k)]` for
//! `k in 0..n` is in range in every iteration exactly when `row < a.extent()[0]`,
//! `0 <= start` and `n <= a.extent()[1]`. So the expansion of an innermost `for` loop (one
//! without nested loops or tile_static declarations) builds the loop twice:
//!
//! ```text
//! if requirements { loop, its deferrable checks left out } else { loop, fully checked }
//! ```
//!
//! While the first copy is built, a check of an index component that is the loop's counter,
//! or a value that does not change in the loop, against a bound that does not change either, is
//! deferred: it becomes a requirement on values before the loop (`start >= 0`, `end <= bound`;
//! `value < bound`) instead of a check in the loop. The second copy is built as usual; it runs
//! when a requirement fails, so faults are reported exactly as without versioning. When nothing
//! was deferred the first copy is the loop and no second copy is built. A loop that waits at a
//! barrier is not versioned (the requirements may differ between threads of a tile).

use super::{FrameKind, KernelBuilder};
use crate::builder::SiteBound;
use naga::{BinaryOperator, Block, Expression, Handle, Literal, ScalarKind, Statement};

/// The loop being versioned.
#[derive(Debug)]
pub(crate) struct Versioning {
    /// Expressions before this one were evaluated before the loop.
    first: usize,
    /// The loop's counter: its local, start and end, whether the end is included.
    counter: Option<Counter>,
    /// Deferred checks: an index (the counter when `None`) below a bound.
    deferred: Vec<(Option<Handle<Expression>>, SiteBound)>,
}

/// A `for` loop's counter: its local, start and end, and whether the end is included.
type Counter = (
    Handle<naga::LocalVariable>,
    Handle<Expression>,
    Handle<Expression>,
    bool,
);

/// A versioned loop's first copy and the condition under which it runs.
#[derive(Debug)]
pub(crate) struct Version {
    fast: Option<(Handle<Expression>, Block)>,
}

impl KernelBuilder {
    /// Starts building the first copy of a versioned loop (see the module docs).
    pub fn begin_version(&mut self) {
        self.open(FrameKind::Version);
        if self.checks_enabled() && self.cur.version.is_none() {
            self.cur.version = Some(Versioning {
                first: self.cur.function.expressions.len(),
                counter: None,
                deferred: Vec::new(),
            });
        }
    }

    /// Records the counter of the loop being versioned (called by `begin_for`).
    pub(crate) fn version_counter(
        &mut self,
        counter: Handle<Expression>,
        start: Handle<Expression>,
        end: Handle<Expression>,
        inclusive: bool,
    ) {
        let Some(v) = &mut self.cur.version else {
            return;
        };
        if v.counter.is_some() {
            return;
        }
        if let Expression::LocalVariable(var) = self.cur.function.expressions[counter] {
            v.counter = Some((var, start, end, inclusive));
        }
    }

    /// Whether the check of `index` against `bound` can be deferred to the loop's requirements;
    /// if so, records it.
    pub(crate) fn defer_check(&mut self, index: Handle<Expression>, bound: SiteBound) -> bool {
        let Some(v) = &self.cur.version else {
            return false;
        };
        // A bound computed in the kernel may change in the loop.
        if bound == SiteBound::Recorded {
            return false;
        }
        let (first, Some((var, start, ..))) = (v.first, v.counter) else {
            return false;
        };
        let exprs = &self.cur.function.expressions;
        let stripped = super::bounds::strip_bitcast(exprs, index);
        let is_counter = matches!(exprs[stripped], Expression::Load { pointer }
            if matches!(exprs[pointer], Expression::LocalVariable(l) if l == var));
        let narrow = |b: &mut Self, e| b.scalar_of(e).is_some_and(|s| s.width == 4);
        let deferred = if is_counter {
            if !narrow(self, start) {
                return false;
            }
            None
        } else if self.invariant(index, first, 0) && narrow(self, index) {
            Some(index)
        } else {
            return false;
        };
        if let Some(v) = &mut self.cur.version {
            v.deferred.push((deferred, bound));
        }
        true
    }

    /// Whether `expr` has one value throughout the loop: computed before it, or from such
    /// values, launch parameters and literals by pure operations.
    fn invariant(&self, expr: Handle<Expression>, first: usize, depth: u32) -> bool {
        if expr.index() < first {
            return true;
        }
        if depth > 32 {
            return false;
        }
        let inv = |e| self.invariant(e, first, depth + 1);
        let resolved = super::bounds::strip_bitcast(&self.cur.function.expressions, expr);
        if resolved != expr {
            return inv(resolved);
        }
        match &self.cur.function.expressions[expr] {
            Expression::Literal(_)
            | Expression::Constant(_)
            | Expression::ZeroValue(_)
            | Expression::FunctionArgument(_) => true,
            Expression::GlobalVariable(g) => *g == self.params,
            Expression::Load { pointer } => self.is_param_pointer(*pointer),
            Expression::AccessIndex { base, .. } => inv(*base),
            Expression::Access { base, index } => inv(*base) && inv(*index),
            Expression::As { expr, .. } | Expression::Unary { expr, .. } => inv(*expr),
            Expression::Binary { left, right, .. } => inv(*left) && inv(*right),
            Expression::Select {
                condition,
                accept,
                reject,
            } => inv(*condition) && inv(*accept) && inv(*reject),
            Expression::Compose { components, .. } => components.iter().all(|&c| inv(c)),
            _ => false,
        }
    }

    /// A copy of the invariant `expr` whose every operand is available before the loop.
    fn hoist(&mut self, expr: Handle<Expression>, first: usize) -> Handle<Expression> {
        // A component of a value composed in the loop is the (invariant) component itself.
        let expr = super::bounds::component_of(&self.cur.function.expressions, expr);
        if expr.index() < first {
            return expr;
        }
        let mut e = self.cur.function.expressions[expr].clone();
        if e.needs_pre_emit() {
            return expr;
        }
        let h = |b: &mut Self, x: &mut Handle<Expression>| *x = b.hoist(*x, first);
        match &mut e {
            Expression::Load { pointer } => h(self, pointer),
            Expression::AccessIndex { base, .. } => h(self, base),
            Expression::Access { base, index } => {
                h(self, base);
                h(self, index);
            }
            Expression::As { expr, .. } | Expression::Unary { expr, .. } => h(self, expr),
            Expression::Binary { left, right, .. } => {
                h(self, left);
                h(self, right);
            }
            Expression::Select {
                condition,
                accept,
                reject,
            } => {
                h(self, condition);
                h(self, accept);
                h(self, reject);
            }
            Expression::Compose { components, .. } => {
                for c in components.iter_mut() {
                    h(self, c);
                }
            }
            _ => {}
        }
        self.append(e)
    }

    /// Ends the first copy of a versioned loop. Returns whether the expansion must build the
    /// second, fully checked copy (then [`end_version`](Self::end_version) follows it).
    pub fn version_else(&mut self) -> bool {
        let Some(frame) = self.close() else {
            return false;
        };
        if !matches!(frame.kind, FrameKind::Version) {
            self.misnested(frame);
            return false;
        }
        let state = self.cur.version.take();
        let deferred = state.as_ref().is_some_and(|s| !s.deferred.is_empty());
        if !deferred {
            // Nothing deferred: the first copy is the loop.
            self.push(Statement::Block(frame.block));
            return false;
        }
        let fast = match state {
            Some(state) if !self.waits(&frame.block, 0) => {
                let requirements = self.requirements(&state);
                Some((requirements, frame.block))
            }
            _ => None,
        };
        self.cur.versions.push(Version { fast });
        self.open(FrameKind::Version);
        true
    }

    /// Ends the second copy of a versioned loop.
    pub fn end_version(&mut self) {
        let Some(frame) = self.close() else { return };
        if !matches!(frame.kind, FrameKind::Version) {
            return self.misnested(frame);
        }
        let checked = frame.block;
        match self.cur.versions.pop() {
            Some(Version {
                fast: Some((condition, fast)),
            }) => self.push(Statement::If {
                condition,
                accept: fast,
                reject: checked,
            }),
            _ => self.push(Statement::Block(checked)),
        }
    }

    /// The condition, on values before the loop, under which every deferred check holds.
    fn requirements(&mut self, state: &Versioning) -> Handle<Expression> {
        let mut all: Option<Handle<Expression>> = None;
        let mut and = |b: &mut Self, c: Handle<Expression>| {
            all = Some(match all {
                None => c,
                Some(acc) => b.binary(BinaryOperator::LogicalAnd, acc, c),
            });
        };
        if let Some((_, start, _, _)) = state.counter {
            if self
                .scalar_of(start)
                .is_some_and(|s| s.kind == ScalarKind::Sint)
            {
                // The counter starts at `start` and only grows.
                let zero = self.append(Expression::Literal(Literal::I32(0)));
                let c = self.binary(BinaryOperator::GreaterEqual, start, zero);
                and(self, c);
            }
        }
        for &(index, bound) in &state.deferred {
            let bound = match bound {
                SiteBound::Const(n) => self.append(Expression::Literal(Literal::U32(n))),
                SiteBound::Word(w) => self.param_word(w).handle(),
                // Never deferred (see `defer_check`).
                SiteBound::Recorded => {
                    let never = self.append(Expression::Literal(Literal::Bool(false)));
                    and(self, never);
                    continue;
                }
            };
            let c = match (index, state.counter) {
                // start <= counter < end <= bound (`<= end < bound` for `..=`).
                (None, Some((_, _, end, inclusive))) => {
                    let end = self.as_u32(end);
                    let op = if inclusive {
                        BinaryOperator::Less
                    } else {
                        BinaryOperator::LessEqual
                    };
                    self.binary(op, end, bound)
                }
                (Some(index), _) => {
                    let index = self.hoist(index, state.first);
                    let index = self.as_u32(index);
                    self.binary(BinaryOperator::Less, index, bound)
                }
                (None, None) => self.append(Expression::Literal(Literal::Bool(false))),
            };
            and(self, c);
        }
        all.unwrap_or_else(|| self.append(Expression::Literal(Literal::Bool(false))))
    }

    /// Whether `block` waits at a barrier, itself or in a function it calls.
    fn waits(&self, block: &Block, depth: u32) -> bool {
        if depth > 16 {
            return true;
        }
        block.iter().any(|stmt| match stmt {
            Statement::ControlBarrier(_)
            | Statement::MemoryBarrier(_)
            | Statement::WorkGroupUniformLoad { .. } => true,
            Statement::Call { function, .. } => {
                self.waits(&self.module.functions[*function].body, depth + 1)
            }
            Statement::Block(b) => self.waits(b, depth),
            Statement::If { accept, reject, .. } => {
                self.waits(accept, depth) || self.waits(reject, depth)
            }
            Statement::Switch { cases, .. } => cases.iter().any(|c| self.waits(&c.body, depth)),
            Statement::Loop {
                body, continuing, ..
            } => self.waits(body, depth) || self.waits(continuing, depth),
            _ => false,
        })
    }
}
