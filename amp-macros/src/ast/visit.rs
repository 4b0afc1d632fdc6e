//! A walk over the tree in source order, for the passes that look at every node of a kind:
//! each method's default visits the node's parts; an override does its work and calls the
//! `walk_` function to go on.

use super::{
    ArrayInit, ArrayKind, Block, Callee, Expr, ExprKind, ForIter, Pattern, Place, PlaceKind, Stmt,
    StmtKind, Subscript,
};

/// A pass over the tree.
pub trait Visit {
    /// A block.
    fn visit_block(&mut self, block: &Block) {
        walk_block(self, block);
    }

    /// A statement.
    fn visit_stmt(&mut self, stmt: &Stmt) {
        walk_stmt(self, stmt);
    }

    /// An expression.
    fn visit_expr(&mut self, expr: &Expr) {
        walk_expr(self, expr);
    }

    /// A name or constant read as a value (an expression, the root of a place, a pattern's
    /// bound).
    fn visit_path(&mut self, _path: &syn::ExprPath) {}

    /// The function of a call.
    fn visit_callee(&mut self, _callee: &Callee) {}
}

/// Visits the statements of `block`.
pub fn walk_block<V: Visit + ?Sized>(v: &mut V, block: &Block) {
    block.stmts.iter().for_each(|s| v.visit_stmt(s));
}

/// Visits the expressions of `stmt`.
pub fn walk_stmt<V: Visit + ?Sized>(v: &mut V, stmt: &Stmt) {
    match &stmt.kind {
        StmtKind::TileStatic(_) => {}
        StmtKind::Let(l) => v.visit_expr(&l.value),
        StmtKind::LocalArray(a) => walk_array(v, &a.init),
        StmtKind::Tuple(pairs) => pairs.iter().for_each(|(_, value)| walk_array(v, value)),
        StmtKind::Split { value, .. } => v.visit_expr(value),
        StmtKind::Expr { expr, .. } => v.visit_expr(expr),
    }
}

/// Visits the values of an array literal (or the value standing for one).
pub fn walk_array<V: Visit + ?Sized>(v: &mut V, array: &ArrayInit) {
    match &array.kind {
        ArrayKind::List(elems) => elems.iter().for_each(|e| walk_array(v, e)),
        ArrayKind::Repeat { value, .. } => walk_array(v, value),
        ArrayKind::Value(e) => v.visit_expr(e),
    }
}

/// Visits the parts of `expr`.
pub fn walk_expr<V: Visit + ?Sized>(v: &mut V, expr: &Expr) {
    match &expr.kind {
        ExprKind::Lit(_) | ExprKind::Unit | ExprKind::Break(_) | ExprKind::Continue(_) => {}
        ExprKind::Path(p) => v.visit_path(p),
        ExprKind::Paren(e) | ExprKind::Clone(e) => v.visit_expr(e),
        ExprKind::Print(p) => {
            if let Some(c) = &p.condition {
                v.visit_expr(c);
            }
            p.args.iter().for_each(|a| v.visit_expr(a));
        }
        ExprKind::Block(b) => v.visit_block(b),
        ExprKind::Binary { left, right, .. } => {
            v.visit_expr(left);
            v.visit_expr(right);
        }
        ExprKind::Unary { operand, .. } | ExprKind::Reference { operand, .. } => {
            v.visit_expr(operand)
        }
        ExprKind::Cast { value, .. } => v.visit_expr(value),
        ExprKind::Index { base, index, .. } => {
            v.visit_expr(base);
            walk_subscript(v, index);
        }
        ExprKind::Field { base, .. } => v.visit_expr(base),
        ExprKind::Struct { fields, rest, .. } => {
            fields.iter().for_each(|(_, e)| v.visit_expr(e));
            if let Some(rest) = rest {
                v.visit_expr(rest);
            }
        }
        ExprKind::MethodCall { receiver, args, .. } => {
            v.visit_expr(receiver);
            args.iter().for_each(|a| v.visit_expr(a));
        }
        ExprKind::Call { callee, args, .. } => {
            v.visit_callee(callee);
            args.iter().for_each(|a| v.visit_expr(a));
        }
        ExprKind::Shape { components, .. } => components.iter().for_each(|c| v.visit_expr(c)),
        ExprKind::ShapeFrom { value, .. } => v.visit_expr(value),
        ExprKind::Default { .. } => {}
        ExprKind::If(i) => {
            v.visit_expr(&i.cond);
            v.visit_block(&i.then);
            if let Some(other) = &i.otherwise {
                v.visit_expr(other);
            }
        }
        ExprKind::Match(m) => {
            v.visit_expr(&m.scrutinee);
            for arm in &m.arms {
                walk_pattern(v, &arm.pattern);
                if let Some(guard) = &arm.guard {
                    v.visit_expr(guard);
                }
                v.visit_expr(&arm.body);
            }
        }
        ExprKind::While { cond, body } => {
            v.visit_expr(cond);
            v.visit_block(body);
        }
        ExprKind::Loop { body } => v.visit_block(body),
        ExprKind::For(f) => {
            walk_for_iter(v, &f.iter);
            v.visit_block(&f.body);
        }
        ExprKind::Return { value, .. } => {
            if let Some(value) = value {
                v.visit_expr(value);
            }
        }
        ExprKind::Assign { place, value, .. } => {
            walk_place(v, place);
            v.visit_expr(value);
        }
    }
}

/// Visits what a `for` loop iterates.
pub fn walk_for_iter<V: Visit + ?Sized>(v: &mut V, iter: &ForIter) {
    match iter {
        ForIter::Range(r) => {
            v.visit_expr(&r.start);
            v.visit_expr(&r.end);
            if let Some(step) = &r.step {
                v.visit_expr(step);
            }
        }
        ForIter::Array(a) => walk_array(v, a),
    }
}

/// Visits the parts of a place: its root name and its indices.
pub fn walk_place<V: Visit + ?Sized>(v: &mut V, place: &Place) {
    match &place.kind {
        PlaceKind::Name(p) => v.visit_path(p),
        PlaceKind::Paren(inner) => walk_place(v, inner),
        PlaceKind::Index { base, index, .. } => {
            walk_place(v, base);
            walk_subscript(v, index);
        }
        PlaceKind::Field { base, .. } => walk_place(v, base),
        PlaceKind::Deref { operand, .. } => v.visit_expr(operand),
    }
}

fn walk_subscript<V: Visit + ?Sized>(v: &mut V, index: &Subscript) {
    match index {
        Subscript::Components { items, .. } => items.iter().for_each(|e| v.visit_expr(e)),
        Subscript::Value(e) => v.visit_expr(e),
    }
}

/// Visits a pattern's bounds.
fn walk_pattern<V: Visit + ?Sized>(v: &mut V, pattern: &Pattern) {
    match pattern {
        Pattern::Wild | Pattern::Lit(_) => {}
        Pattern::Range { lo, hi, .. } => {
            v.visit_expr(lo);
            v.visit_expr(hi);
        }
        Pattern::Or { cases, .. } => cases.iter().for_each(|c| walk_pattern(v, c)),
    }
}
