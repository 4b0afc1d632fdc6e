//! Which names a `parallel_for_each!` closure captures: every single-segment path it reads that
//! no enclosing kernel binding declares (C++ AMP's `[=]` capture, made explicit). Constants
//! (`SCREAMING_CASE` names) are not captures: they become literals. A callee is not a capture:
//! it names a `#[kernel]` function.

use crate::ast::visit::{self, Visit};
use crate::ast::{Binding, Block, Expr, ExprKind, Stmt, StmtKind};
use std::collections::HashSet;
use syn::Ident;

/// The names captured by a kernel whose parameters bind `params` and whose body is `body`, in
/// order of first use.
pub fn captures(params: &[Binding], body: &Expr) -> Vec<Ident> {
    let mut finder = Finder {
        scopes: vec![HashSet::new()],
        found: Vec::new(),
        seen: HashSet::new(),
    };
    params.iter().for_each(|p| finder.bind(p));
    finder.visit_expr(body);
    finder.found
}

/// `SCREAMING_CASE` names are constants by Rust's convention: they are read as literals where
/// the kernel is built, not captured (a constant cannot be bound by a closure pattern).
fn is_constant_name(name: &str) -> bool {
    name.chars().any(|c| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

struct Finder {
    /// The names bound in each enclosing scope, innermost last.
    scopes: Vec<HashSet<String>>,
    /// The captures, in order of first use.
    found: Vec<Ident>,
    /// The names of `found`.
    seen: HashSet<String>,
}

impl Finder {
    fn bind(&mut self, binding: &Binding) {
        if let (Binding::Name { name, .. }, Some(scope)) = (binding, self.scopes.last_mut()) {
            scope.insert(name.to_string());
        }
    }

    fn bound(&self, name: &str) -> bool {
        self.scopes.iter().any(|s| s.contains(name))
    }
}

impl Visit for Finder {
    fn visit_block(&mut self, block: &Block) {
        self.scopes.push(HashSet::new());
        visit::walk_block(self, block);
        self.scopes.pop();
    }

    /// A binding's value is read before its name is bound.
    fn visit_stmt(&mut self, stmt: &Stmt) {
        visit::walk_stmt(self, stmt);
        match &stmt.kind {
            StmtKind::TileStatic(t) => self.bind(&t.binding),
            StmtKind::Let(l) => self.bind(&l.binding),
            StmtKind::LocalArray(a) => self.bind(&a.binding),
            StmtKind::Tuple(pairs) => pairs.iter().for_each(|(b, _)| self.bind(b)),
            StmtKind::Split { bindings, .. } => bindings.iter().for_each(|b| self.bind(b)),
            StmtKind::Expr { .. } => {}
        }
    }

    fn visit_expr(&mut self, expr: &Expr) {
        let ExprKind::For(f) = &expr.kind else {
            return visit::walk_expr(self, expr);
        };
        visit::walk_for_iter(self, &f.iter);
        self.scopes.push(HashSet::new());
        self.bind(&f.binding);
        self.visit_block(&f.body);
        self.scopes.pop();
    }

    fn visit_path(&mut self, path: &syn::ExprPath) {
        if path.qself.is_some() {
            return;
        }
        if let Some(ident) = path.path.get_ident() {
            let name = ident.to_string();
            if is_constant_name(&name) {
                return;
            }
            if !self.bound(&name) && self.seen.insert(name) {
                self.found.push(ident.clone());
            }
        }
    }
}
