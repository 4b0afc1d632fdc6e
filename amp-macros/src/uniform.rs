//! Tile barriers under thread-dependent control, found in the source (C++ AMP C3561).
//!
//! A tile barrier must be reached by every thread of the tile or by none. Where the source shows
//! that it is not, the kernel is rejected here, at compile time: a barrier inside an `if`, loop
//! or `match` whose condition depends on the thread's index, or after a `return`, `break` or
//! `continue` taken under such a condition.
//!
//! "Depends on the thread's index" is a taint of the index parameter through locals: a local
//! bound or assigned from a tainted value, or assigned under tainted control, is tainted. The
//! tile's own coordinates (`t.tile`, `t.tile_origin`, `t.tile_extent`) are the same for every
//! thread of a tile and are not. Locals are solved to a fixed point, so assignments in later
//! loop iterations count. Values read from memory, and barriers inside called functions, are
//! left to the check amp runs on the built kernel at its first launch, which sees the whole
//! call graph.

use crate::errors::Errors;
use proc_macro2::Span;
use std::collections::{HashMap, HashSet};
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Block, Expr, Ident, Pat, Stmt};

/// The members of a tiled index that every thread of a tile shares.
const TILE_UNIFORM: [&str; 4] = ["tile", "tile_origin", "tile_extent", "barrier"];

/// Waits at a tile barrier (`t.barrier.wait()` and the fenced forms).
const WAITS: [&str; 4] = [
    "wait",
    "wait_with_all_memory_fence",
    "wait_with_global_memory_fence",
    "wait_with_tile_static_memory_fence",
];

/// Checks the barriers of a kernel body whose thread-index parameters are `index`.
pub fn check_barriers(index: &[Ident], body: &Block, errors: &mut Errors) {
    if index.is_empty() {
        return;
    }
    let mut walk = Walk {
        index: index.iter().map(ToString::to_string).collect(),
        ..Walk::default()
    };
    // Taints only grow, and each pass sees the same bindings in the same order: iterate until
    // a pass changes nothing, then report from one more pass.
    loop {
        walk.start_pass();
        walk.block(body);
        if !walk.changed {
            break;
        }
    }
    walk.report = true;
    walk.start_pass();
    walk.block(body);
    for (barrier, reason) in walk.found {
        errors.push_at(
            barrier,
            "this tile barrier may be reached by only some threads of a tile: it is under a \
             condition that depends on the thread's index (C++ AMP C3561). Every thread of a \
             tile must reach a barrier, or none; move it out of the condition",
        );
        errors.push_at(
            reason,
            "the condition that depends on the thread's index (`local` or `global`); only \
             `tile`, `tile_origin` and `tile_extent` are the same for every thread of a tile",
        );
    }
}

#[derive(Default)]
struct Walk {
    /// The names of the thread-index parameters.
    index: HashSet<String>,
    /// Visible bindings, innermost scope last: name → binding number.
    scopes: Vec<HashMap<String, usize>>,
    /// Bindings numbered in walk order (the same in every pass).
    next_binding: usize,
    /// Tainted bindings, with the condition that made them so where it was control.
    tainted: HashSet<usize>,
    /// Loops numbered in walk order, and those left under tainted control.
    next_loop: usize,
    loops: Vec<usize>,
    exits: HashMap<usize, Span>,
    /// Tainted conditions governing the current point, innermost last.
    control: Vec<Span>,
    /// A `return` taken under tainted control earlier in the body.
    returned: Option<Span>,
    changed: bool,
    report: bool,
    /// Barriers under tainted control, with the condition responsible.
    found: Vec<(Span, Span)>,
}

impl Walk {
    fn start_pass(&mut self) {
        self.scopes = vec![HashMap::new()];
        self.next_binding = 0;
        self.next_loop = 0;
        self.loops.clear();
        self.control.clear();
        self.returned = None;
        self.changed = false;
        self.found.clear();
    }

    /// The tainted condition governing the current point, if any.
    fn tainted_control(&self) -> Option<Span> {
        let exit = self.loops.iter().find_map(|l| self.exits.get(l).copied());
        self.control.last().copied().or(self.returned).or(exit)
    }

    fn depends(&self, e: &Expr) -> bool {
        let mut finder = Depends {
            walk: self,
            found: false,
        };
        finder.visit_expr(e);
        finder.found
    }

    fn lookup(&self, name: &str) -> Option<usize> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn bind(&mut self, pat: &Pat, tainted: bool) {
        let mut names = Vec::new();
        pattern_names(pat, &mut names);
        for name in names {
            let id = self.next_binding;
            self.next_binding += 1;
            if tainted && self.tainted.insert(id) {
                self.changed = true;
            }
            if let Some(scope) = self.scopes.last_mut() {
                scope.insert(name, id);
            }
        }
    }

    /// `place = value` (or `op=`): a local assigned a tainted value, or under tainted control,
    /// becomes tainted.
    fn assign(&mut self, place: &Expr, value: &Expr) {
        let Expr::Path(path) = place else {
            return;
        };
        let Some(name) = path.path.get_ident() else {
            return;
        };
        let tainted = self.depends(value) || self.tainted_control().is_some();
        if let Some(id) = self.lookup(&name.to_string()) {
            if tainted && self.tainted.insert(id) {
                self.changed = true;
            }
        }
    }

    fn block(&mut self, block: &Block) {
        self.scopes.push(HashMap::new());
        for stmt in &block.stmts {
            match stmt {
                Stmt::Local(local) => {
                    if let Some(init) = &local.init {
                        self.expr(&init.expr);
                    }
                    let tainted = local.init.as_ref().is_some_and(|i| self.depends(&i.expr))
                        || self.tainted_control().is_some();
                    self.bind(&local.pat, tainted);
                }
                Stmt::Expr(e, _) => self.expr(e),
                Stmt::Item(_) | Stmt::Macro(_) => {}
            }
        }
        self.scopes.pop();
    }

    /// Walks `body` under `condition` (`Some` when it is tainted).
    fn governed(&mut self, condition: Option<Span>, body: impl FnOnce(&mut Self)) {
        if let Some(c) = condition {
            self.control.push(c);
        }
        body(self);
        if condition.is_some() {
            self.control.pop();
        }
    }

    fn condition(&self, e: &Expr) -> Option<Span> {
        self.depends(e).then(|| e.span())
    }

    fn a_loop(&mut self, condition: Option<Span>, body: impl FnOnce(&mut Self)) {
        let id = self.next_loop;
        self.next_loop += 1;
        self.loops.push(id);
        self.governed(condition, body);
        self.loops.pop();
    }

    fn exit(&mut self, returns: bool) {
        let Some(reason) = self.tainted_control() else {
            return;
        };
        if returns {
            self.returned.get_or_insert(reason);
        }
        // Threads leaving a loop early make every later iteration's body non-uniform.
        for l in &self.loops {
            if !self.exits.contains_key(l) {
                self.exits.insert(*l, reason);
                self.changed = true;
            }
        }
    }

    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::If(i) => {
                self.expr(&i.cond);
                let c = self.condition(&i.cond);
                self.governed(c, |w| {
                    w.block(&i.then_branch);
                    if let Some((_, other)) = &i.else_branch {
                        w.expr(other);
                    }
                });
            }
            Expr::Match(m) => {
                self.expr(&m.expr);
                let mut c = self.condition(&m.expr);
                for arm in &m.arms {
                    if let Some((_, guard)) = &arm.guard {
                        c = c.or_else(|| self.condition(guard));
                    }
                }
                self.governed(c, |w| {
                    for arm in &m.arms {
                        w.expr(&arm.body);
                    }
                });
            }
            Expr::While(l) => {
                self.expr(&l.cond);
                let c = self.condition(&l.cond);
                self.a_loop(c, |w| w.block(&l.body));
            }
            Expr::Loop(l) => self.a_loop(None, |w| w.block(&l.body)),
            Expr::ForLoop(f) => {
                self.expr(&f.expr);
                let c = self.condition(&f.expr);
                let counter_tainted = c.is_some() || self.tainted_control().is_some();
                self.a_loop(c, |w| {
                    w.scopes.push(HashMap::new());
                    w.bind(&f.pat, counter_tainted);
                    w.block(&f.body);
                    w.scopes.pop();
                });
            }
            Expr::Block(b) => self.block(&b.block),
            Expr::Return(r) => {
                if let Some(v) = &r.expr {
                    self.expr(v);
                }
                self.exit(true);
            }
            Expr::Break(_) | Expr::Continue(_) => self.exit(false),
            Expr::Assign(a) => {
                self.expr(&a.right);
                self.assign(&a.left, &a.right);
            }
            Expr::Binary(b) if is_compound(&b.op) => {
                self.expr(&b.right);
                self.assign(&b.left, &b.right);
            }
            Expr::MethodCall(m) => {
                self.expr(&m.receiver);
                for a in &m.args {
                    self.expr(a);
                }
                if self.report && is_barrier_wait(m) {
                    if let Some(reason) = self.tainted_control() {
                        self.found.push((m.span(), reason));
                    }
                }
            }
            other => {
                // Blocks nested in other expressions (`f({ … })`, `a + if c { … } else { … }`).
                let mut nested = Nested(Vec::new());
                nested.visit_expr(other);
                for inner in nested.0 {
                    self.expr(inner);
                }
            }
        }
    }
}

/// Whether an expression mentions a tainted local or the thread's index (other than its
/// tile-uniform members).
struct Depends<'w> {
    walk: &'w Walk,
    found: bool,
}

impl<'ast> Visit<'ast> for Depends<'_> {
    fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
        if let Some(name) = p.path.get_ident() {
            let name = name.to_string();
            self.found |= match self.walk.lookup(&name) {
                Some(id) => self.walk.tainted.contains(&id),
                None => self.walk.index.contains(&name),
            };
        }
    }

    fn visit_expr_field(&mut self, f: &'ast syn::ExprField) {
        let uniform_member = matches!(&f.member, syn::Member::Named(m)
            if TILE_UNIFORM.iter().any(|u| m == u));
        let of_index = matches!(&*f.base, Expr::Path(p)
        if p.path.get_ident().is_some_and(|n| {
            let n = n.to_string();
            self.walk.lookup(&n).is_none() && self.walk.index.contains(&n)
        }));
        if !(uniform_member && of_index) {
            syn::visit::visit_expr_field(self, f);
        }
    }
}

/// The outermost expressions with their own control flow nested in another expression.
struct Nested<'ast>(Vec<&'ast Expr>);

impl<'ast> Visit<'ast> for Nested<'ast> {
    fn visit_expr(&mut self, e: &'ast Expr) {
        match e {
            Expr::If(_)
            | Expr::Match(_)
            | Expr::While(_)
            | Expr::Loop(_)
            | Expr::ForLoop(_)
            | Expr::Block(_)
            | Expr::Return(_)
            | Expr::Break(_)
            | Expr::Continue(_)
            | Expr::Assign(_)
            | Expr::MethodCall(_) => self.0.push(e),
            Expr::Binary(b) if is_compound(&b.op) => self.0.push(e),
            _ => syn::visit::visit_expr(self, e),
        }
    }
}

fn is_compound(op: &syn::BinOp) -> bool {
    use syn::BinOp::*;
    matches!(
        op,
        AddAssign(_)
            | SubAssign(_)
            | MulAssign(_)
            | DivAssign(_)
            | RemAssign(_)
            | BitAndAssign(_)
            | BitOrAssign(_)
            | BitXorAssign(_)
            | ShlAssign(_)
            | ShrAssign(_)
    )
}

/// `x.barrier.wait()` and its fenced forms.
fn is_barrier_wait(m: &syn::ExprMethodCall) -> bool {
    WAITS.iter().any(|w| m.method == w)
        && matches!(&*m.receiver, Expr::Field(f)
            if matches!(&f.member, syn::Member::Named(n) if n == "barrier"))
}

fn pattern_names(pat: &Pat, out: &mut Vec<String>) {
    match pat {
        Pat::Ident(id) => out.push(id.ident.to_string()),
        Pat::Type(t) => pattern_names(&t.pat, out),
        Pat::Tuple(t) => t.elems.iter().for_each(|p| pattern_names(p, out)),
        Pat::Paren(p) => pattern_names(&p.pat, out),
        _ => {}
    }
}
