//! Control flow (`if`, `match`, `for`), and the forms recognised by their shape: ranges a
//! `for` loop iterates, tuple bindings, shapes built from components.

use super::Parser;
use crate::ast::{
    Arm, ArrayInit, ArrayKind, Expr, ExprKind, For, ForIter, If, Match, Pattern, Range, Shape,
};
use syn::spanned::Spanned;
use syn::{Pat, RangeLimits};

impl Parser<'_> {
    /// Rule: a `for` loop iterates a range of integers (`a..b`, `a..=b`, maybe `.step_by(s)` or
    /// `.rev()`) or an array (a literal, or a named array).
    pub(super) fn for_loop(&mut self, f: &syn::ExprForLoop) -> ExprKind {
        let binding = self.binding(&f.pat);
        let range = for_range(&f.expr);
        let array = range.is_none() && for_array(&f.expr);
        if range.is_none() && !array {
            self.errors.push(
                &f.expr,
                "`for` loops in kernels iterate over a range `start..end` or `start..=end` (optionally `.step_by(n)` or `.rev()`) or over an array (`[16, 8, 4]`, a `const` array)",
            );
        }
        let iter = match range {
            Some(r) => {
                let start = r.range.start.as_ref().map(|e| self.expr(e));
                let end = r.range.end.as_ref().map(|e| self.expr(e));
                let step = r.step.map(|e| Box::new(self.expr(e)));
                match (start, end) {
                    (Some(start), Some(end)) => Some(ForIter::Range(Range {
                        start: Box::new(start),
                        end: Box::new(end),
                        inclusive: matches!(r.range.limits, RangeLimits::Closed(_)),
                        step,
                        rev: r.rev,
                    })),
                    _ => None,
                }
            }
            None if array => Some(ForIter::Array(Box::new(self.array_init(&f.expr)))),
            None => None,
        };
        let body = self.in_loop(|p| p.block(&f.body));
        let iter = iter.unwrap_or_else(|| {
            ForIter::Array(Box::new(ArrayInit {
                span: f.expr.span(),
                kind: ArrayKind::List(Vec::new()),
            }))
        });
        ExprKind::For(Box::new(For {
            for_span: f.for_token.span,
            binding,
            iter,
            iter_span: f.expr.span(),
            body,
        }))
    }

    pub(super) fn if_expr(&mut self, i: &syn::ExprIf) -> ExprKind {
        self.attrs(&i.attrs);
        let cond = Box::new(self.expr(&i.cond));
        let then = self.block(&i.then_branch);
        let otherwise = i.else_branch.as_ref().map(|(_, e)| Box::new(self.expr(e)));
        ExprKind::If(If {
            if_span: i.if_token.span,
            cond,
            then,
            otherwise,
        })
    }

    /// `match` (its rule is [`forms::message`](super::forms::message)'s): a pattern kernels
    /// lack stands as `_`.
    pub(super) fn match_expr(&mut self, m: &syn::ExprMatch) -> ExprKind {
        self.attrs(&m.attrs);
        let scrutinee = Box::new(self.expr(&m.expr));
        let arms = m
            .arms
            .iter()
            .map(|arm| {
                self.attrs(&arm.attrs);
                self.pattern_literals(&arm.pat);
                let pattern = pattern(&arm.pat);
                let guard = arm.guard.as_ref().map(|(_, g)| self.expr(g));
                Arm {
                    pattern,
                    guard,
                    body: self.expr(&arm.body),
                }
            })
            .collect();
        ExprKind::Match(Match { scrutinee, arms })
    }

    /// The literal rule ([`literal_rule`](super::syntax::literal_rule)) for the literals of a
    /// `match` pattern and of its range bounds (`b'a'` has no kernel type there either).
    fn pattern_literals(&mut self, pat: &Pat) {
        match pat {
            Pat::Lit(l) => super::syntax::literal_rule(self, &l.lit),
            Pat::Range(r) => {
                for bound in [&r.start, &r.end].into_iter().flatten() {
                    if let syn::Expr::Lit(l) = &**bound {
                        super::syntax::literal_rule(self, &l.lit);
                    }
                }
            }
            Pat::Or(o) => o.cases.iter().for_each(|case| self.pattern_literals(case)),
            Pat::Paren(p) => self.pattern_literals(&p.pat),
            _ => {}
        }
    }

    /// `Index::new(a)`: the array.
    pub(super) fn shape_from(&mut self, shape: Shape, c: &syn::ExprCall) -> ExprKind {
        let value = match c.args.first() {
            Some(a) => self.expr(a),
            None => Expr::new(c.span(), ExprKind::Unit),
        };
        ExprKind::ShapeFrom {
            shape,
            span: c.func.span(),
            value: Box::new(value),
        }
    }

    /// `Index::new([i, j])`: the components.
    pub(super) fn shape(&mut self, shape: Shape, c: &syn::ExprCall) -> ExprKind {
        let components = match c.args.first() {
            Some(syn::Expr::Array(a)) => a.elems.iter().map(|e| self.expr(e)).collect(),
            _ => Vec::new(),
        };
        ExprKind::Shape {
            shape,
            span: c.func.span(),
            components,
        }
    }
}

/// A `match` arm's pattern, as kernels compare with it (`_` for a pattern kernels lack, which
/// the `match` rule reports). Literals and bounds are kept as written: they become operands of
/// comparisons, whose rules are rustc's.
fn pattern(pat: &Pat) -> Pattern {
    match pat {
        Pat::Lit(l) => Pattern::Lit(l.lit.clone()),
        Pat::Range(r) => match (&r.start, &r.end, &r.limits) {
            (Some(lo), Some(hi), RangeLimits::Closed(_)) => Pattern::Range {
                span: r.span(),
                lo: Box::new(bound(lo)),
                hi: Box::new(bound(hi)),
            },
            _ => Pattern::Wild,
        },
        Pat::Or(o) => Pattern::Or {
            span: o.span(),
            cases: o.cases.iter().map(pattern).collect(),
        },
        Pat::Paren(p) => pattern(&p.pat),
        _ => Pattern::Wild,
    }
}

/// A range pattern's bound: a literal or a constant's path (any other is `()`, which the
/// comparison rejects).
fn bound(e: &syn::Expr) -> Expr {
    let kind = match e {
        syn::Expr::Lit(l) => return Expr::literal(&l.lit),
        syn::Expr::Path(p) => ExprKind::Path(p.clone()),
        _ => ExprKind::Unit,
    };
    Expr::new(e.span(), kind)
}

/// `Index::new(a)` / `Index::from(a)` (and `Extent`'s) of anything but an array written out:
/// which shape a call constructs from an array value.
pub(super) fn shape_from(call: &syn::ExprCall) -> Option<Shape> {
    let syn::Expr::Path(p) = &*call.func else {
        return None;
    };
    let segments: Vec<_> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let [.., shape, name] = segments.as_slice() else {
        return None;
    };
    if !matches!(name.as_str(), "new" | "from")
        || call.args.len() != 1
        || matches!(call.args[0], syn::Expr::Array(_))
        || p.qself.is_some()
    {
        return None;
    }
    match shape.as_str() {
        "Index" => Some(Shape::Index),
        "Extent" => Some(Shape::Extent),
        _ => None,
    }
}

/// `T::default()` or `Default::default()` with no arguments: the function's path.
pub(super) fn default_call(call: &syn::ExprCall) -> Option<&syn::ExprPath> {
    let syn::Expr::Path(p) = &*call.func else {
        return None;
    };
    let segments = &p.path.segments;
    let last = segments.last()?;
    let is_default = last.ident == "default"
        && last.arguments.is_none()
        && call.args.is_empty()
        && p.qself.is_none()
        && segments.len() >= 2;
    is_default.then_some(p)
}

/// `Index::new([..])` / `Extent::new([..])`: which shape a call constructs from components.
pub(super) fn shape_new(call: &syn::ExprCall) -> Option<Shape> {
    let syn::Expr::Path(p) = &*call.func else {
        return None;
    };
    let segments: Vec<_> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let [.., shape, new] = segments.as_slice() else {
        return None;
    };
    if new != "new" || call.args.len() != 1 || !matches!(call.args[0], syn::Expr::Array(_)) {
        return None;
    }
    match shape.as_str() {
        "Index" => Some(Shape::Index),
        "Extent" => Some(Shape::Extent),
        _ => None,
    }
}

/// `let (a, b) = (x, y);` (nested tuples too) as the names and the values they bind, in order:
/// `None` unless the pattern and the value are tuples of the same shape.
pub(super) fn tuple_binding<'a>(
    pat: &'a Pat,
    value: &'a syn::Expr,
) -> Option<Vec<(&'a Pat, &'a syn::Expr)>> {
    let (Pat::Tuple(p), syn::Expr::Tuple(v)) = (pat, value) else {
        return None;
    };
    if p.elems.len() != v.elems.len() || p.elems.is_empty() {
        return None;
    }
    let mut pairs = Vec::new();
    for (pat, value) in p.elems.iter().zip(&v.elems) {
        match tuple_binding(pat, value) {
            Some(inner) => pairs.extend(inner),
            None if matches!(pat, Pat::Tuple(_)) => return None,
            None => pairs.push((pat, value)),
        }
    }
    Some(pairs)
}

/// What a `for` loop iterates: a range (`a..b`, `a..=b`), maybe stepped
/// (`(a..b).step_by(s)`) or reversed (`(a..b).rev()`).
struct ForRange<'a> {
    /// The range.
    range: &'a syn::ExprRange,
    /// `.step_by(s)`.
    step: Option<&'a syn::Expr>,
    /// `.rev()`: from the end down.
    rev: bool,
}

/// The range a `for` loop iterates, its step and direction.
fn for_range(expr: &syn::Expr) -> Option<ForRange<'_>> {
    match expr {
        syn::Expr::Range(range) if range.start.is_some() && range.end.is_some() => Some(ForRange {
            range,
            step: None,
            rev: false,
        }),
        syn::Expr::Paren(p) => for_range(&p.expr),
        syn::Expr::MethodCall(m) if m.method == "step_by" && m.args.len() == 1 => {
            let inner = for_range(&m.receiver)?;
            (inner.step.is_none() && !inner.rev).then_some(ForRange {
                step: m.args.first(),
                ..inner
            })
        }
        syn::Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty() => {
            let inner = for_range(&m.receiver)?;
            (inner.step.is_none() && !inner.rev).then_some(ForRange { rev: true, ..inner })
        }
        _ => None,
    }
}

/// Whether a `for` loop iterates the elements of an array: a literal (`[16, 8, 4]`) or a
/// named array (a `const` array, a local array).
fn for_array(expr: &syn::Expr) -> bool {
    match expr {
        syn::Expr::Array(a) => !a.elems.is_empty(),
        syn::Expr::Repeat(_) => true,
        syn::Expr::Path(p) => p.qself.is_none(),
        syn::Expr::Paren(p) => for_array(&p.expr),
        _ => false,
    }
}
