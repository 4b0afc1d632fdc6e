//! Range analysis: which indices are provably inside their bounds, so a checked kernel needs no
//! run-time check for them.
//!
//! The analysis runs while the kernel is built, on the expressions of the function being built.
//! What it knows at a point of the kernel:
//! - the value of a literal, and intervals the builder registered for an expression (a tile's
//!   local index lies in `[0, D)`, with `D` known when the kernel is built);
//! - the counter of each enclosing `for` loop: `start <= counter < end` (`<= end` for `..=`),
//!   since amp builds those loops so that the counter never passes the end;
//! - the conditions of enclosing `if`s (the negation in `else`), and the negation of an `if`
//!   whose block always leaves (`if i >= n { return; }` guards the rest of the block);
//! - interval arithmetic over `+ - * / % & | ^ << >>`, `min`, `max`, `clamp`, `select` and casts,
//!   widened to the type's whole range whenever the operation might wrap.
//!
//! A bound is proved either by intervals (`[lo, hi]` inside `[0, bound)`: tile_static and local
//! arrays, whose sizes are constants) or symbolically, by a fact `index < bound` about the same
//! values (a view's extent is a launch parameter: `if i < v.extent()[0] { v[i] }`,
//! `for k in 0..v.extent()[1] { v[(r, k)] }`). Two expressions are the same value when they are
//! the same handle, or the same operation on the same values where every leaf is immutable
//! (literals, launch parameters, function arguments); two loads of a mutable local are never
//! assumed equal, except loads of a `for` counter inside its loop, which nothing else writes.
//!
//! Soundness matters more than reach: whatever the analysis cannot see keeps its check.

use super::KernelBuilder;
use naga::{BinaryOperator, Expression, Handle, Literal, MathFunction, ScalarKind, UnaryOperator};
use std::collections::HashMap;

/// A closed interval of integer values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    /// The least value.
    pub lo: i128,
    /// The greatest value.
    pub hi: i128,
}

impl Interval {
    /// `[lo, hi]`.
    pub const fn new(lo: i128, hi: i128) -> Self {
        Interval { lo, hi }
    }

    /// The single value `v`.
    pub const fn exactly(v: i128) -> Self {
        Interval { lo: v, hi: v }
    }

    fn union(self, other: Interval) -> Interval {
        Interval::new(self.lo.min(other.lo), self.hi.max(other.hi))
    }

    fn intersect(self, other: Interval) -> Interval {
        Interval::new(self.lo.max(other.lo), self.hi.min(other.hi))
    }

    fn within(self, range: Interval) -> bool {
        range.lo <= self.lo && self.hi <= range.hi
    }

    fn nonnegative(self) -> bool {
        self.lo >= 0
    }
}

/// The values an integer scalar of this kind and width can hold.
fn type_range(scalar: naga::Scalar) -> Option<Interval> {
    let bits = u32::from(scalar.width) * 8;
    match scalar.kind {
        ScalarKind::Sint => Some(Interval::new(
            -(1i128 << (bits - 1)),
            (1i128 << (bits - 1)) - 1,
        )),
        ScalarKind::Uint => Some(Interval::new(0, (1i128 << bits) - 1)),
        _ => None,
    }
}

/// One side of a fact: an expression's value, or the current value of a `for` counter.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Term {
    Value(Handle<Expression>),
    Counter(Handle<naga::LocalVariable>),
}

/// `left < right` (or `<=`), compared as the operands' type compares them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fact {
    left: Term,
    right: Term,
    strict: bool,
    /// The comparison was unsigned (both operands `u32`/`u64`).
    unsigned: bool,
}

impl Fact {
    /// The counter of a `for` loop lies in `start..end` (`start..=end` when `inclusive`).
    pub(crate) fn counter(
        counter: Handle<naga::LocalVariable>,
        start: Handle<Expression>,
        end: Handle<Expression>,
        inclusive: bool,
        unsigned: bool,
    ) -> [Fact; 2] {
        [
            Fact {
                left: Term::Value(start),
                right: Term::Counter(counter),
                strict: false,
                unsigned,
            },
            Fact {
                left: Term::Counter(counter),
                right: Term::Value(end),
                strict: !inclusive,
                unsigned,
            },
        ]
    }
}

/// Recursion limit of one query: deeper expressions are treated as unknown.
const MAX_DEPTH: u32 = 48;

impl KernelBuilder {
    /// The facts a condition establishes when it holds (`holds`) or fails.
    pub(crate) fn facts_of(&mut self, condition: Handle<Expression>, holds: bool) -> Vec<Fact> {
        let mut facts = Vec::new();
        self.collect_facts(condition, holds, &mut facts, 0);
        facts
    }

    fn collect_facts(
        &mut self,
        condition: Handle<Expression>,
        holds: bool,
        out: &mut Vec<Fact>,
        depth: u32,
    ) {
        if depth > 8 {
            return;
        }
        let expr = self.cur.function.expressions[condition].clone();
        match expr {
            Expression::Unary {
                op: UnaryOperator::LogicalNot,
                expr,
            } => self.collect_facts(expr, !holds, out, depth + 1),
            // Both hold when `a && b` holds; both fail when `a || b` fails.
            Expression::Binary {
                op: BinaryOperator::LogicalAnd,
                left,
                right,
            } if holds => {
                self.collect_facts(left, true, out, depth + 1);
                self.collect_facts(right, true, out, depth + 1);
            }
            Expression::Binary {
                op: BinaryOperator::LogicalOr,
                left,
                right,
            } if !holds => {
                self.collect_facts(left, false, out, depth + 1);
                self.collect_facts(right, false, out, depth + 1);
            }
            Expression::Binary { op, left, right } => {
                let Some(scalar) = self.scalar_of(left) else {
                    return;
                };
                if !matches!(scalar.kind, ScalarKind::Sint | ScalarKind::Uint) {
                    return;
                }
                use BinaryOperator as B;
                // Normalise to `a < b` or `a <= b`.
                let (a, b, strict) = match (op, holds) {
                    (B::Less, true) | (B::GreaterEqual, false) => (left, right, true),
                    (B::LessEqual, true) | (B::Greater, false) => (left, right, false),
                    (B::Greater, true) | (B::LessEqual, false) => (right, left, true),
                    (B::GreaterEqual, true) | (B::Less, false) => (right, left, false),
                    _ => return,
                };
                out.push(Fact {
                    left: Term::Value(a),
                    right: Term::Value(b),
                    strict,
                    unsigned: scalar.kind == ScalarKind::Uint,
                });
            }
            _ => {}
        }
    }

    /// Registers a known interval for `expr` (e.g. a tile's local index).
    pub(crate) fn know(&mut self, expr: Handle<Expression>, interval: Interval) {
        self.cur.known.insert(expr, interval);
    }

    /// The scalar type of `expr`, if it has one.
    pub(crate) fn scalar_of(&mut self, expr: Handle<Expression>) -> Option<naga::Scalar> {
        let ctx = naga::proc::ResolveContext::with_locals(
            &self.module,
            &self.cur.function.local_variables,
            &self.cur.function.arguments,
        );
        self.cur
            .typifier
            .grow(expr, &self.cur.function.expressions, &ctx)
            .ok()?;
        self.cur.typifier.get(expr, &self.module.types).scalar()
    }

    /// The values `expr` (an integer scalar) can take here; `None` when it is not an integer.
    pub fn interval(&mut self, expr: Handle<Expression>) -> Option<Interval> {
        let mut memo = HashMap::new();
        self.interval_in(expr, &mut memo, 0)
    }

    fn interval_in(
        &mut self,
        expr: Handle<Expression>,
        memo: &mut HashMap<Handle<Expression>, Option<Interval>>,
        depth: u32,
    ) -> Option<Interval> {
        if let Some(&known) = memo.get(&expr) {
            return known;
        }
        let full = type_range(self.scalar_of(expr)?)?;
        // Provisional answer for cycles through facts.
        memo.insert(expr, Some(full));
        let mut result = if depth > MAX_DEPTH {
            full
        } else {
            self.interval_of_op(expr, full, memo, depth + 1)
                .map_or(full, |i| i.intersect(full))
        };
        if let Some(known) = self.cur.known.get(&expr) {
            result = result.intersect(*known);
        }
        // Facts about this very value tighten it: `x < b` gives `x <= hi(b) - 1`. Only facts
        // compared in this value's own signedness: `x < 5` on an `i32` says nothing of
        // `x as u32`, which looks through the cast to the same value.
        let unsigned = full.lo == 0;
        for fact in self.active_facts() {
            if fact.unsigned != unsigned {
                continue;
            }
            let strict = i128::from(fact.strict);
            if self.term_is(fact.left, expr) {
                if let Term::Value(b) = fact.right {
                    if let Some(b) = self.interval_in(b, memo, depth + 1) {
                        result.hi = result.hi.min(b.hi - strict);
                    }
                }
            }
            if self.term_is(fact.right, expr) {
                if let Term::Value(a) = fact.left {
                    if let Some(a) = self.interval_in(a, memo, depth + 1) {
                        result.lo = result.lo.max(a.lo + strict);
                    }
                }
            }
        }
        memo.insert(expr, Some(result));
        Some(result)
    }

    /// The interval of the operation `expr` computes, before clipping to its type.
    fn interval_of_op(
        &mut self,
        expr: Handle<Expression>,
        full: Interval,
        memo: &mut HashMap<Handle<Expression>, Option<Interval>>,
        depth: u32,
    ) -> Option<Interval> {
        let mut of = |b: &mut Self, e| b.interval_in(e, memo, depth);
        let e = self.cur.function.expressions[expr].clone();
        let wrap = |i: Interval| if i.within(full) { i } else { full };
        match e {
            Expression::Literal(l) => Some(Interval::exactly(match l {
                Literal::I32(v) => v.into(),
                Literal::U32(v) => v.into(),
                Literal::I64(v) => v.into(),
                Literal::U64(v) => v.into(),
                _ => return None,
            })),
            Expression::As { expr: src, .. } => {
                // A conversion or bit cast keeps the value when it fits the target type.
                let source = of(self, src)?;
                Some(wrap(source))
            }
            Expression::AccessIndex { base, index } => {
                match self.cur.function.expressions[base].clone() {
                    Expression::Compose { components, .. } => {
                        of(self, *components.get(index as usize)?)
                    }
                    _ => None,
                }
            }
            Expression::Select { accept, reject, .. } => {
                Some(of(self, accept)?.union(of(self, reject)?))
            }
            Expression::Binary { op, left, right } => {
                let (a, b) = (of(self, left)?, of(self, right)?);
                binary(op, a, b, full)
            }
            // `-x` (wrapping: `-MIN` is `MIN`, outside the type's range, so the full range).
            Expression::Unary {
                op: UnaryOperator::Negate,
                expr,
            } => {
                let a = of(self, expr)?;
                Some(wrap(Interval::new(-a.hi, -a.lo)))
            }
            Expression::Math {
                fun,
                arg,
                arg1,
                arg2,
                ..
            } => {
                let a = of(self, arg)?;
                let b = arg1.and_then(|h| of(self, h));
                let c = arg2.and_then(|h| of(self, h));
                match (fun, b, c) {
                    (MathFunction::Min, Some(b), _) => {
                        Some(Interval::new(a.lo.min(b.lo), a.hi.min(b.hi)))
                    }
                    (MathFunction::Max, Some(b), _) => {
                        Some(Interval::new(a.lo.max(b.lo), a.hi.max(b.hi)))
                    }
                    (MathFunction::Clamp, Some(lo), Some(hi)) => {
                        // min(max(x, lo), hi)
                        let m = Interval::new(a.lo.max(lo.lo), a.hi.max(lo.hi));
                        Some(Interval::new(m.lo.min(hi.lo), m.hi.min(hi.hi)))
                    }
                    (MathFunction::Abs, _, _) => {
                        let m = a.lo.abs().max(a.hi.abs());
                        let lo = if a.lo <= 0 && a.hi >= 0 {
                            0
                        } else {
                            a.lo.abs().min(a.hi.abs())
                        };
                        Some(wrap(Interval::new(lo, m)))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The facts of every enclosing block of the function being built.
    fn active_facts(&self) -> Vec<Fact> {
        self.cur
            .frames
            .iter()
            .flat_map(|f| f.facts.iter().copied())
            .collect()
    }

    /// Whether `term` stands for the value of `expr`.
    fn term_is(&self, term: Term, expr: Handle<Expression>) -> bool {
        match term {
            Term::Value(v) => self.same_value(v, expr, 0),
            Term::Counter(var) => {
                let exprs = &self.cur.function.expressions;
                let expr = strip_bitcast(exprs, expr);
                matches!(exprs[expr], Expression::Load { pointer }
                    if matches!(exprs[pointer], Expression::LocalVariable(v) if v == var))
            }
        }
    }

    /// Whether `a` and `b` always hold the same bits: the same handle, or the same operation
    /// on the same values whose leaves are immutable. Same-width integer bit casts are looked
    /// through.
    pub(crate) fn same_value(
        &self,
        a: Handle<Expression>,
        b: Handle<Expression>,
        depth: u32,
    ) -> bool {
        let exprs = &self.cur.function.expressions;
        let (a, b) = (strip_bitcast(exprs, a), strip_bitcast(exprs, b));
        if a == b {
            return true;
        }
        if depth > MAX_DEPTH {
            return false;
        }
        let same = |x, y| self.same_value(x, y, depth + 1);
        match (&exprs[a], &exprs[b]) {
            (Expression::Literal(x), Expression::Literal(y)) => x == y,
            (Expression::FunctionArgument(x), Expression::FunctionArgument(y)) => x == y,
            (Expression::GlobalVariable(x), Expression::GlobalVariable(y)) => {
                // Only the launch parameters are immutable.
                x == y && *x == self.params
            }
            (
                Expression::AccessIndex { base: x, index: i },
                Expression::AccessIndex { base: y, index: j },
            ) => {
                i == j && {
                    // A component of a composed value is that value.
                    let resolve = |h| match &exprs[h] {
                        Expression::Compose { components, .. } => {
                            components.get(*i as usize).copied()
                        }
                        _ => None,
                    };
                    match (resolve(*x), resolve(*y)) {
                        (Some(p), Some(q)) => same(p, q),
                        _ => same(*x, *y),
                    }
                }
            }
            (Expression::Load { pointer: x }, Expression::Load { pointer: y }) => {
                // Loads of the launch parameters (a uniform block nothing writes).
                self.is_param_pointer(*x) && same(*x, *y)
            }
            (
                Expression::Binary {
                    op: o1,
                    left: l1,
                    right: r1,
                },
                Expression::Binary {
                    op: o2,
                    left: l2,
                    right: r2,
                },
            ) => o1 == o2 && same(*l1, *l2) && same(*r1, *r2),
            (
                Expression::As {
                    expr: x,
                    kind: k1,
                    convert: c1,
                },
                Expression::As {
                    expr: y,
                    kind: k2,
                    convert: c2,
                },
            ) => k1 == k2 && c1 == c2 && same(*x, *y),
            _ => {
                // `v.extent()[k]` composes components; reading one is that component.
                let component = |h: Handle<Expression>| match &exprs[h] {
                    Expression::AccessIndex { base, index } => match &exprs[*base] {
                        Expression::Compose { components, .. } => {
                            components.get(*index as usize).copied()
                        }
                        _ => None,
                    },
                    _ => None,
                };
                match (component(a), component(b)) {
                    (Some(p), _) => same(p, b),
                    (_, Some(q)) => same(a, q),
                    _ => false,
                }
            }
        }
    }

    pub(crate) fn is_param_pointer(&self, pointer: Handle<Expression>) -> bool {
        let exprs = &self.cur.function.expressions;
        let mut p = pointer;
        loop {
            match &exprs[p] {
                Expression::AccessIndex { base, .. } => p = *base,
                Expression::GlobalVariable(g) => return *g == self.params,
                _ => return false,
            }
        }
    }

    /// `left / right` or `left % right` on signed integers: done unsigned when the analysis
    /// proves `left >= 0` and `right >= 1` (the results agree, and unsigned division by a
    /// constant is a shift or a multiply, signed division needs sign fix-ups).
    pub(crate) fn signed_division(
        &mut self,
        op: BinaryOperator,
        left: Handle<Expression>,
        right: Handle<Expression>,
    ) -> Handle<Expression> {
        let nonnegative = self.interval(left).is_some_and(|i| i.lo >= 0)
            && self.interval(right).is_some_and(|i| i.lo >= 1);
        let Some(scalar) = self.scalar_of(left).filter(|_| nonnegative) else {
            return self.binary(op, left, right);
        };
        let cast = |b: &mut Self, expr, kind| {
            b.append(Expression::As {
                expr,
                kind,
                convert: None,
            })
        };
        let (l, r) = (
            cast(self, left, ScalarKind::Uint),
            cast(self, right, ScalarKind::Uint),
        );
        let result = self.binary(op, l, r);
        cast(self, result, scalar.kind)
    }

    /// Whether `index` (an integer scalar), read as unsigned, is provably below `bound`: a
    /// constant, or an expression (a view's extent component, a non-negative `i32` or `u32`).
    pub fn proves_below(&mut self, index: Handle<Expression>, bound: Bound) -> bool {
        let Some(interval) = self.interval(index) else {
            return false;
        };
        match bound {
            Bound::Const(n) => interval.within(Interval::new(0, i128::from(n) - 1)),
            Bound::Value(b) => {
                if let Some(bi) = self.interval(b) {
                    if interval.lo >= 0 && interval.hi < bi.lo {
                        return true;
                    }
                }
                // `u32(index) < bound` follows from an unsigned `index < bound`, or from a
                // signed one when `index` is a non-negative signed value.
                let signed_index = self
                    .scalar_of(index)
                    .is_some_and(|s| s.kind == ScalarKind::Sint);
                self.active_facts().into_iter().any(|fact| {
                    fact.strict
                        && (fact.unsigned || (signed_index && interval.nonnegative()))
                        && self.term_is(fact.left, index)
                        && matches!(fact.right, Term::Value(r) if self.same_value(r, b, 0))
                })
            }
        }
    }
}

/// An exclusive upper bound of an index.
#[derive(Clone, Copy, Debug)]
pub enum Bound {
    /// A size known when the kernel is built.
    Const(u32),
    /// A value known at launch (a view's extent component); never negative.
    Value(Handle<Expression>),
}

/// Looks through components of composed values (`Index::new([i, j])[1]` is `j`); keeps the type.
pub(crate) fn component_of(
    exprs: &naga::Arena<Expression>,
    mut e: Handle<Expression>,
) -> Handle<Expression> {
    while let Expression::AccessIndex { base, index } = exprs[e] {
        match &exprs[base] {
            Expression::Compose { components, .. } => match components.get(index as usize) {
                Some(&c) => e = c,
                None => return e,
            },
            _ => return e,
        }
    }
    e
}

/// Looks through same-width integer bit casts (`i32` ↔ `u32`) and components of composed
/// values (`Index::new([i, j])[1]` is `j`).
pub(crate) fn strip_bitcast(
    exprs: &naga::Arena<Expression>,
    mut e: Handle<Expression>,
) -> Handle<Expression> {
    loop {
        match exprs[e] {
            Expression::As {
                expr,
                convert: None,
                kind: ScalarKind::Sint | ScalarKind::Uint,
            } => e = expr,
            Expression::AccessIndex { base, index } => match &exprs[base] {
                Expression::Compose { components, .. } => match components.get(index as usize) {
                    Some(&c) => e = c,
                    None => return e,
                },
                _ => return e,
            },
            _ => return e,
        }
    }
}

/// Interval arithmetic for one binary operator; `full` is the result type's range, returned
/// whenever the exact result might leave it (the operation wraps).
fn binary(op: BinaryOperator, a: Interval, b: Interval, full: Interval) -> Option<Interval> {
    use BinaryOperator as B;
    let wrap = |i: Interval| if i.within(full) { i } else { full };
    let corners = |f: fn(i128, i128) -> i128| {
        let c = [f(a.lo, b.lo), f(a.lo, b.hi), f(a.hi, b.lo), f(a.hi, b.hi)];
        Interval::new(
            c.iter().copied().min().unwrap_or(0),
            c.iter().copied().max().unwrap_or(0),
        )
    };
    Some(match op {
        B::Add => wrap(Interval::new(a.lo + b.lo, a.hi + b.hi)),
        B::Subtract => wrap(Interval::new(a.lo - b.hi, a.hi - b.lo)),
        B::Multiply => wrap(corners(|x, y| x * y)),
        // Truncating division by a positive divisor is monotonic in both operands' corners.
        B::Divide if b.lo >= 1 => corners(|x, y| x / y),
        B::Modulo if b.lo >= 1 => {
            let m = b.hi - 1;
            if a.nonnegative() {
                Interval::new(0, a.hi.min(m))
            } else {
                // The remainder takes the dividend's sign.
                Interval::new((-m).max(a.lo), m.min(a.hi.max(0)))
            }
        }
        B::And if a.nonnegative() || b.nonnegative() => {
            let hi = match (a.nonnegative(), b.nonnegative()) {
                (true, true) => a.hi.min(b.hi),
                (true, false) => a.hi,
                _ => b.hi,
            };
            Interval::new(0, hi)
        }
        B::InclusiveOr | B::ExclusiveOr if a.nonnegative() && b.nonnegative() => {
            let top = a.hi.max(b.hi);
            let mask = if top == 0 {
                0
            } else {
                (1i128 << (128 - top.leading_zeros())) - 1
            };
            wrap(Interval::new(0, mask))
        }
        B::ShiftRight if a.nonnegative() && b.lo >= 0 && b.hi < 32 => {
            Interval::new(a.lo >> b.hi, a.hi >> b.lo)
        }
        B::ShiftLeft if a.nonnegative() && b.lo >= 0 && b.hi < 32 => {
            wrap(Interval::new(a.lo << b.lo, a.hi << b.hi))
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
