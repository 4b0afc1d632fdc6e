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
//!
//! A tile-uniform read (`t.barrier.read_uniform(v)`) is a barrier, and its result is the same
//! for every thread of the tile: it does not taint.
//!
//! Subgroup operations (`subgroup::reduce_add(x)`) follow the barrier's rule: every thread of a
//! tile reaches each one, so that all lanes of its subgroup take part. Their results differ
//! between the threads of a tile (except `subgroup::size()` and `subgroup::count()`), so they
//! taint like the index.

use crate::ast::visit::{self, Visit};
use crate::ast::{
    ArrayInit, ArrayKind, Binding, Block, Callee, Expr, ExprKind, ForIter, Place, PlaceKind,
    StmtKind,
};
use crate::errors::Errors;
use proc_macro2::Span;
use std::collections::{HashMap, HashSet};
use syn::Ident;

/// The members of a tiled index that every thread of a tile shares.
const TILE_UNIFORM: [&str; 4] = ["tile", "tile_origin", "tile_extent", "barrier"];

/// Waits at a tile barrier (`t.barrier.wait()`, the fenced forms, and the tile-uniform read
/// `t.barrier.read_uniform(v)`).
const WAITS: [&str; 5] = [
    "wait",
    "wait_with_all_memory_fence",
    "wait_with_global_memory_fence",
    "wait_with_tile_static_memory_fence",
    "read_uniform",
];

/// The `amp::subgroup` functions whose result every thread of a tile shares.
const SUBGROUP_UNIFORM: [&str; 2] = ["size", "count"];

/// The `amp::subgroup` functions that read a thread's place rather than take part in an
/// operation of the whole subgroup: any thread may call them anywhere.
const SUBGROUP_BUILTINS: [&str; 4] = ["lane", "size", "id", "count"];

/// Rule: every thread of a tile reaches each tile barrier, or none (C3561), and each subgroup
/// operation. Checks the barriers and subgroup operations of a kernel body whose thread-index
/// parameters are `index`.
pub fn barriers(index: &[Ident], body: &Block, errors: &mut Errors) {
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
    for (at, reason, op) in walk.found {
        match op {
            Reached::Barrier => errors.push_at(
                at,
                "this tile barrier may be reached by only some threads of a tile: it is under a \
                 condition that depends on the thread's index (C++ AMP C3561). Every thread of a \
                 tile must reach a barrier, or none; move it out of the condition",
            ),
            Reached::Subgroup(name) => errors.push_at(
                at,
                format!(
                    "`subgroup::{name}` may be reached by only some threads of a tile: it is under \
                     a condition that depends on the thread's index. Every thread of a tile must \
                     reach each subgroup operation, so that all lanes of its subgroup take part; \
                     move it out of the condition (compute the value there and select it after)"
                ),
            ),
        }
        errors.push_at(
            reason,
            "the condition that depends on the thread's index (`local` or `global`); only \
             `tile`, `tile_origin` and `tile_extent` are the same for every thread of a tile",
        );
    }
}

/// What must be reached by every thread of a tile.
enum Reached {
    Barrier,
    /// A subgroup operation, by name.
    Subgroup(String),
}

#[derive(Default)]
struct Walk {
    /// The names of the thread-index parameters.
    index: HashSet<String>,
    /// Visible bindings, innermost scope last: name → binding number.
    scopes: Vec<HashMap<String, usize>>,
    /// Bindings numbered in walk order (the same in every pass).
    next_binding: usize,
    /// Tainted bindings.
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
    /// Barriers and subgroup operations under tainted control, with the condition responsible.
    found: Vec<(Span, Span, Reached)>,
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

    /// Whether any of `exprs` mentions a tainted local or the thread's index.
    fn depends<'a>(&self, exprs: impl IntoIterator<Item = &'a Expr>) -> bool {
        let mut finder = Depends {
            walk: self,
            found: false,
        };
        exprs.into_iter().for_each(|e| finder.visit_expr(e));
        finder.found
    }

    fn lookup(&self, name: &str) -> Option<usize> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn bind(&mut self, binding: &Binding, tainted: bool) {
        let Binding::Name { name, .. } = binding else {
            return;
        };
        let id = self.next_binding;
        self.next_binding += 1;
        if tainted && self.tainted.insert(id) {
            self.changed = true;
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), id);
        }
    }

    /// `place = value` (or `op=`): a local assigned a tainted value, or under tainted control,
    /// becomes tainted.
    fn assign(&mut self, place: &Place, value: &Expr) {
        let PlaceKind::Name(path) = &place.kind else {
            return;
        };
        let Some(name) = path.path.get_ident() else {
            return;
        };
        let tainted = self.depends([value]) || self.tainted_control().is_some();
        if let Some(id) = self.lookup(&name.to_string()) {
            if tainted && self.tainted.insert(id) {
                self.changed = true;
            }
        }
    }

    fn block(&mut self, block: &Block) {
        self.scopes.push(HashMap::new());
        for stmt in &block.stmts {
            match &stmt.kind {
                StmtKind::Let(l) => {
                    self.expr(&l.value);
                    let tainted = self.depends([&l.value]) || self.tainted_control().is_some();
                    self.bind(&l.binding, tainted);
                }
                StmtKind::LocalArray(a) => {
                    let values = values(&a.init);
                    values.iter().for_each(|v| self.expr(v));
                    let tainted = self.depends(values) || self.tainted_control().is_some();
                    self.bind(&a.binding, tainted);
                }
                StmtKind::Tuple(pairs) => {
                    let values: Vec<&Expr> = pairs.iter().flat_map(|(_, v)| values(v)).collect();
                    values.iter().for_each(|v| self.expr(v));
                    let tainted = self.depends(values) || self.tainted_control().is_some();
                    pairs.iter().for_each(|(b, _)| self.bind(b, tainted));
                }
                StmtKind::Split { bindings, value } => {
                    self.expr(value);
                    let tainted = self.depends([value]) || self.tainted_control().is_some();
                    bindings.iter().for_each(|b| self.bind(b, tainted));
                }
                StmtKind::TileStatic(t) => {
                    let tainted = self.tainted_control().is_some();
                    self.bind(&t.binding, tainted);
                }
                StmtKind::Expr { expr, .. } => self.expr(expr),
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
        self.depends([e]).then_some(e.span)
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
        match &e.kind {
            ExprKind::If(i) => {
                self.expr(&i.cond);
                let c = self.condition(&i.cond);
                self.governed(c, |w| {
                    w.block(&i.then);
                    if let Some(other) = &i.otherwise {
                        w.expr(other);
                    }
                });
            }
            ExprKind::Match(m) => {
                self.expr(&m.scrutinee);
                let mut c = self.condition(&m.scrutinee);
                for arm in &m.arms {
                    if let Some(guard) = &arm.guard {
                        c = c.or_else(|| self.condition(guard));
                    }
                }
                self.governed(c, |w| {
                    for arm in &m.arms {
                        w.expr(&arm.body);
                    }
                });
            }
            ExprKind::While { cond, body } => {
                self.expr(cond);
                let c = self.condition(cond);
                self.a_loop(c, |w| w.block(body));
            }
            ExprKind::Loop { body } => self.a_loop(None, |w| w.block(body)),
            ExprKind::For(f) => {
                let iterated = iterated(&f.iter);
                iterated.iter().for_each(|e| self.expr(e));
                let c = self
                    .depends(iterated.iter().copied())
                    .then_some(f.iter_span);
                let counter_tainted = c.is_some() || self.tainted_control().is_some();
                self.a_loop(c, |w| {
                    w.scopes.push(HashMap::new());
                    w.bind(&f.binding, counter_tainted);
                    w.block(&f.body);
                    w.scopes.pop();
                });
            }
            ExprKind::Block(b) => self.block(b),
            ExprKind::Return { value, .. } => {
                if let Some(v) = value {
                    self.expr(v);
                }
                self.exit(true);
            }
            ExprKind::Break(_) | ExprKind::Continue(_) => self.exit(false),
            ExprKind::Assign { place, value, .. } => {
                self.expr(value);
                self.assign(place, value);
            }
            ExprKind::MethodCall {
                receiver,
                method,
                args,
                ..
            } => {
                self.expr(receiver);
                args.iter().for_each(|a| self.expr(a));
                if self.report && is_barrier_wait(method, receiver) {
                    if let Some(reason) = self.tainted_control() {
                        self.found.push((e.span, reason, Reached::Barrier));
                    }
                }
            }
            ExprKind::Call {
                callee: Callee::Function(path),
                args,
                ..
            } => {
                args.iter().for_each(|a| self.expr(a));
                let op =
                    subgroup_op(path).filter(|name| !SUBGROUP_BUILTINS.iter().any(|b| name == b));
                if let (true, Some(name)) = (self.report, op) {
                    if let Some(reason) = self.tainted_control() {
                        self.found
                            .push((e.span, reason, Reached::Subgroup(name.to_string())));
                    }
                }
            }
            // Control flow nested in other expressions (`f({ … })`, `a + if c { … } else { … }`).
            _ => {
                let mut nested = Nested(self);
                visit::walk_expr(&mut nested, e);
            }
        }
    }
}

/// The expressions a `for` loop iterates over: a range's bounds and step, an array's values.
fn iterated(iter: &ForIter) -> Vec<&Expr> {
    match iter {
        ForIter::Range(r) => [&*r.start, &*r.end]
            .into_iter()
            .chain(r.step.as_deref())
            .collect(),
        ForIter::Array(a) => values(a),
    }
}

/// The values of an array literal (or the value standing for one).
fn values(array: &ArrayInit) -> Vec<&Expr> {
    match &array.kind {
        ArrayKind::List(elems) => elems.iter().flat_map(values).collect(),
        ArrayKind::Repeat { value, .. } => values(value),
        ArrayKind::Value(e) => vec![e],
    }
}

/// Walks the parts of an expression without control flow of its own, handing each part back
/// to the walk.
struct Nested<'w>(&'w mut Walk);

impl Visit for Nested<'_> {
    fn visit_expr(&mut self, e: &Expr) {
        self.0.expr(e);
    }

    fn visit_block(&mut self, block: &Block) {
        self.0.block(block);
    }
}

/// Whether an expression mentions a tainted local or the thread's index (other than its
/// tile-uniform members).
struct Depends<'w> {
    walk: &'w Walk,
    found: bool,
}

impl Depends<'_> {
    fn name(&mut self, path: &syn::ExprPath) {
        if let Some(name) = path.path.get_ident() {
            let name = name.to_string();
            self.found |= match self.walk.lookup(&name) {
                Some(id) => self.walk.tainted.contains(&id),
                None => self.walk.index.contains(&name),
            };
        }
    }
}

impl Visit for Depends<'_> {
    fn visit_path(&mut self, path: &syn::ExprPath) {
        self.name(path);
    }

    fn visit_callee(&mut self, callee: &Callee) {
        if let Callee::Function(path) = callee {
            self.name(path);
            self.found |=
                subgroup_op(path).is_some_and(|name| !SUBGROUP_UNIFORM.iter().any(|u| name == u));
        }
    }

    fn visit_expr(&mut self, e: &Expr) {
        // A tile-uniform read gives every thread of the tile the same value.
        if let ExprKind::MethodCall {
            receiver, method, ..
        } = &e.kind
        {
            if method == "read_uniform" && is_barrier_wait(method, receiver) {
                return;
            }
        }
        if let ExprKind::Field { base, member } = &e.kind {
            let uniform_member = matches!(member, syn::Member::Named(m)
                if TILE_UNIFORM.iter().any(|u| m == u));
            let of_index = matches!(&base.kind, ExprKind::Path(p)
            if p.path.get_ident().is_some_and(|n| {
                let n = n.to_string();
                self.walk.lookup(&n).is_none() && self.walk.index.contains(&n)
            }));
            if uniform_member && of_index {
                return;
            }
        }
        visit::walk_expr(self, e);
    }
}

/// `x.barrier.wait()` and its fenced forms.
fn is_barrier_wait(method: &Ident, receiver: &Expr) -> bool {
    WAITS.iter().any(|w| method == w)
        && matches!(&receiver.kind, ExprKind::Field { member: syn::Member::Named(n), .. }
            if n == "barrier")
}

/// The name of the `amp::subgroup` function `path` calls (`subgroup::reduce_add`), if it is one.
pub(super) fn subgroup_op(path: &syn::ExprPath) -> Option<&Ident> {
    let segments = &path.path.segments;
    let n = segments.len();
    (n >= 2 && segments[n - 2].ident == "subgroup").then(|| &segments[n - 1].ident)
}
