//! Which names a `parallel_for_each!` closure captures: every single-segment path it reads that
//! no enclosing kernel binding declares (C++ AMP's `[=]` capture, made explicit). Constants
//! (`SCREAMING_CASE` names) are not captures: they become literals.

use std::collections::HashSet;
use syn::visit::{self, Visit};
use syn::{Expr, Ident, Pat};

/// The captured names, in order of first use.
pub fn captures(params: &[&Pat], body: &Expr) -> Vec<Ident> {
    let mut finder = Finder {
        scopes: vec![HashSet::new()],
        found: Vec::new(),
        seen: HashSet::new(),
    };
    for p in params {
        finder.bind(p);
    }
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
    scopes: Vec<HashSet<String>>,
    found: Vec<Ident>,
    seen: HashSet<String>,
}

impl Finder {
    fn bind(&mut self, pat: &Pat) {
        match pat {
            Pat::Ident(p) => {
                if let Some(scope) = self.scopes.last_mut() {
                    scope.insert(p.ident.to_string());
                }
            }
            Pat::Type(t) => self.bind(&t.pat),
            Pat::Tuple(t) => t.elems.iter().for_each(|p| self.bind(p)),
            Pat::Paren(p) => self.bind(&p.pat),
            _ => {}
        }
    }

    fn bound(&self, name: &str) -> bool {
        self.scopes.iter().any(|s| s.contains(name))
    }
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_block(&mut self, block: &'ast syn::Block) {
        self.scopes.push(HashSet::new());
        visit::visit_block(self, block);
        self.scopes.pop();
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if let Some(init) = &local.init {
            self.visit_expr(&init.expr);
        }
        self.bind(&local.pat);
    }

    fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
        self.visit_expr(&f.expr);
        self.scopes.push(HashSet::new());
        self.bind(&f.pat);
        self.visit_block(&f.body);
        self.scopes.pop();
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        // The callee names a #[kernel] function, not a captured value.
        if !matches!(&*call.func, Expr::Path(_)) {
            self.visit_expr(&call.func);
        }
        call.args.iter().for_each(|a| self.visit_expr(a));
    }

    fn visit_expr_path(&mut self, path: &'ast syn::ExprPath) {
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

    fn visit_expr_macro(&mut self, _: &'ast syn::ExprMacro) {}
}
