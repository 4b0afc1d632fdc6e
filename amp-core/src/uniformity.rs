//! Tile-uniformity: a tile barrier must be reached by every thread of the tile or by none (C++
//! AMP error C3561). naga does not check this for compute shaders, so amp does, on the built IR.
//!
//! A value is *non-uniform* when it may differ between the threads of a tile: it derives from the
//! thread's local or global index, from memory (views, tile_static, atomics), or from a local
//! variable that is ever assigned a non-uniform value or assigned under non-uniform control.
//! Constants, launch parameters (captured scalars, extents) and the tile's index are uniform.
//! Control is non-uniform inside an `if` or loop governed by a non-uniform condition, and after a
//! `return`, `break` or `continue` taken under non-uniform control. A barrier, or a call to a
//! function that reaches one, under non-uniform control is an error naming the barrier's line
//! and the condition's.
//!
//! A tile-uniform read of tile_static memory (`t.barrier.read_uniform(v)`, naga's
//! `WorkGroupUniformLoad`) is a barrier, under the barrier's rule, and its result is uniform:
//! every thread of the tile receives the one value read after the barrier. It is how a loop
//! with barriers can exit on a value one thread computed.
//!
//! Subgroup operations (`amp::subgroup`) follow the same rule: under tile-uniform control every
//! lane of every subgroup is active, so no result depends on which lanes happen to be (Vulkan
//! promises no reconvergence after divergent control without maximal reconvergence). Their
//! results are non-uniform values; the subgroup size and count are uniform.
//!
//! Locals are solved by iterating to a fixed point; device functions are analysed per call with
//! the uniformity of the actual arguments.

use crate::error::{span_loc, KernelError, Loc};
use naga::{AddressSpace, Binding, BuiltIn, Expression, Function, Handle, Module, Statement};
use std::collections::{HashMap, HashSet};

/// Where control became non-uniform: the condition (or exit) responsible.
type Reason = Option<naga::Span>;

/// Checks the entry point `entry` of `module`.
pub(crate) fn check(
    module: &Module,
    entry: &Function,
    locs: &[Loc],
    kernel: &str,
    uniform_globals: &[Handle<naga::GlobalVariable>],
) -> Vec<KernelError> {
    let args = entry
        .arguments
        .iter()
        .map(|a| {
            !matches!(
                a.binding,
                Some(Binding::BuiltIn(
                    BuiltIn::WorkGroupId | BuiltIn::NumWorkGroups
                ))
            )
        })
        .collect();
    let mut analysis = Analysis {
        module,
        locs,
        kernel,
        uniform_globals,
        errors: Vec::new(),
    };
    analysis.function(entry, args);
    let mut seen = HashSet::new();
    analysis.errors.retain(|e| seen.insert(e.to_string()));
    analysis.errors
}

struct Analysis<'a> {
    module: &'a Module,
    locs: &'a [Loc],
    kernel: &'a str,
    /// Private globals every thread of a tile holds the same value in (the subgroup size and
    /// count).
    uniform_globals: &'a [Handle<naga::GlobalVariable>],
    errors: Vec<KernelError>,
}

/// The analysis of one function under given argument uniformity.
struct FnState<'f> {
    func: &'f Function,
    args: Vec<bool>,
    locals: HashSet<Handle<naga::LocalVariable>>,
    call_results: HashMap<Handle<Expression>, bool>,
    memo: HashMap<Handle<Expression>, bool>,
    changed: bool,
    result_nonuniform: bool,
    reaches_barrier: bool,
    reaches_subgroup: bool,
}

/// How a block was left.
#[derive(Default, Clone, Copy)]
struct Exits {
    /// A `return` under non-uniform control: everything after is non-uniform.
    returned: Reason,
    /// A `break`/`continue` under non-uniform control: the enclosing loop is non-uniform.
    left_loop: Reason,
}

fn first(a: Reason, b: Reason) -> Reason {
    a.or(b)
}

impl Analysis<'_> {
    /// Analyses `func`; returns (result is non-uniform, reaches a barrier, reaches a subgroup
    /// operation).
    fn function(&mut self, func: &Function, args: Vec<bool>) -> (bool, bool, bool) {
        let mut st = FnState {
            func,
            args,
            locals: HashSet::new(),
            call_results: HashMap::new(),
            memo: HashMap::new(),
            changed: true,
            result_nonuniform: false,
            reaches_barrier: false,
            reaches_subgroup: false,
        };
        let start = self.errors.len();
        while st.changed {
            st.changed = false;
            st.memo.clear();
            self.errors.truncate(start);
            self.block(&mut st, &func.body, None);
        }
        (
            st.result_nonuniform,
            st.reaches_barrier,
            st.reaches_subgroup,
        )
    }

    fn loc(&self, span: naga::Span) -> Option<Loc> {
        span_loc(self.locs, span)
    }

    fn report(&mut self, at: naga::Span, reason: Reason, what: &str) {
        self.report_rule(
            at,
            reason,
            &format!("{what} in control flow that is not tile-uniform (C++ AMP C3561)"),
            "every thread of a tile must reach the same barriers",
        );
    }

    /// A subgroup operation (or a call reaching one) under non-uniform control.
    fn report_subgroup(&mut self, at: naga::Span, reason: Reason, what: &str) {
        self.report_rule(
            at,
            reason,
            &format!("{what} in control flow that is not tile-uniform"),
            "every thread of a tile must reach each subgroup operation together, so that all \
             lanes of its subgroup take part (see LANGUAGE.md, Subgroups)",
        );
    }

    fn report_rule(&mut self, at: naga::Span, reason: Reason, what: &str, rule: &str) {
        let Some(loc) = self.loc(at) else { return };
        let cause = reason
            .and_then(|s| self.loc(s))
            .map_or_else(String::new, |l| format!(" under the condition at {l},"));
        self.errors.push(KernelError::Build {
            kernel: self.kernel.to_owned(),
            loc,
            message: format!(
                "{what}: it is reached{cause} which depends on the thread's local or global \
                 index or on memory; {rule}"
            ),
        });
    }

    fn block(&mut self, st: &mut FnState<'_>, block: &naga::Block, mut control: Reason) -> Exits {
        let mut exits = Exits::default();
        for (stmt, span) in block.span_iter() {
            let inner = self.statement(st, stmt, *span, control);
            exits.returned = first(exits.returned, inner.returned);
            exits.left_loop = first(exits.left_loop, inner.left_loop);
            // Some threads have left: the rest of the block runs in non-uniform control.
            control = first(control, first(inner.returned, inner.left_loop));
        }
        exits
    }

    fn statement(
        &mut self,
        st: &mut FnState<'_>,
        stmt: &Statement,
        span: naga::Span,
        control: Reason,
    ) -> Exits {
        match stmt {
            Statement::Block(b) => self.block(st, b, control),
            Statement::If {
                condition,
                accept,
                reject,
            } => {
                let inner = self.condition(st, *condition, control);
                let a = self.block(st, accept, inner);
                let r = self.block(st, reject, inner);
                Exits {
                    returned: first(a.returned, r.returned),
                    left_loop: first(a.left_loop, r.left_loop),
                }
            }
            Statement::Switch { selector, cases } => {
                let inner = self.condition(st, *selector, control);
                let mut exits = Exits::default();
                for case in cases {
                    let e = self.block(st, &case.body, inner);
                    exits.returned = first(exits.returned, e.returned);
                }
                exits
            }
            Statement::Loop {
                body,
                continuing,
                break_if,
            } => {
                let mut inner = control;
                if let Some(c) = break_if {
                    inner = self.condition(st, *c, inner);
                }
                let mut exits = self.loop_body(st, body, continuing, inner);
                if inner.is_none() && exits.left_loop.is_some() {
                    // Threads leave the loop at different iterations: the whole loop is
                    // non-uniform.
                    exits = self.loop_body(st, body, continuing, exits.left_loop);
                }
                Exits {
                    returned: exits.returned,
                    left_loop: None,
                }
            }
            Statement::Break | Statement::Continue => Exits {
                returned: None,
                left_loop: control,
            },
            Statement::Return { value } => {
                if let Some(v) = value {
                    st.result_nonuniform |= self.expr(st, *v) || control.is_some();
                }
                Exits {
                    returned: control,
                    left_loop: None,
                }
            }
            Statement::ControlBarrier(barrier) if barrier.contains(naga::Barrier::SUB_GROUP) => {
                self.subgroup_op(st, span, control, "`subgroup::barrier()`");
                Exits::default()
            }
            Statement::ControlBarrier(_) => {
                st.reaches_barrier = true;
                if control.is_some() {
                    self.report(span, control, "tile barrier");
                }
                Exits::default()
            }
            // A tile-uniform read (`t.barrier.read_uniform(v)`) is a barrier; its result is
            // uniform (below).
            Statement::WorkGroupUniformLoad { .. } => {
                st.reaches_barrier = true;
                if control.is_some() {
                    self.report(span, control, "tile-uniform read (a barrier)");
                }
                Exits::default()
            }
            // Matrix fragments are subgroup-cooperative: their operations follow the barrier's
            // rule (a tile's subgroups are parts of it, so tile-uniform control is enough).
            Statement::Emit(range) => {
                let cooperative = range.clone().any(|e| {
                    matches!(
                        st.func.expressions[e],
                        Expression::CooperativeLoad { .. }
                            | Expression::CooperativeMultiplyAdd { .. }
                    )
                });
                if cooperative {
                    st.reaches_barrier = true;
                    if control.is_some() {
                        self.report(span, control, "matrix fragment operation");
                    }
                }
                Exits::default()
            }
            Statement::CooperativeStore { .. } => {
                st.reaches_barrier = true;
                if control.is_some() {
                    self.report(span, control, "matrix fragment store");
                }
                Exits::default()
            }
            Statement::SubgroupBallot { .. } => {
                self.subgroup_op(st, span, control, "`subgroup::ballot`");
                Exits::default()
            }
            Statement::SubgroupCollectiveOperation {
                op, collective_op, ..
            } => {
                let name = collective_name(*op, *collective_op);
                self.subgroup_op(st, span, control, &format!("`subgroup::{name}`"));
                Exits::default()
            }
            Statement::SubgroupGather { mode, .. } => {
                let name = gather_name(mode);
                self.subgroup_op(st, span, control, &format!("`subgroup::{name}`"));
                Exits::default()
            }
            Statement::Store { pointer, value } => {
                let nonuniform = self.expr(st, *value) || control.is_some();
                if let Some(local) = root_local(st.func, *pointer) {
                    if nonuniform && st.locals.insert(local) {
                        st.changed = true;
                    }
                }
                Exits::default()
            }
            Statement::Call {
                function,
                arguments,
                result,
            } => {
                let args = arguments.iter().map(|a| self.expr(st, *a)).collect();
                // A local passed by reference may be written by the callee: counted as varying
                // between threads from here on (sound, if not exact).
                for &argument in arguments {
                    if let Some(local) = root_local(st.func, argument) {
                        if st.locals.insert(local) {
                            st.changed = true;
                        }
                    }
                }
                let callee = &self.module.functions[*function];
                let (result_nonuniform, barrier, subgroup) = self.function(callee, args);
                if let Some(r) = result {
                    st.call_results
                        .insert(*r, result_nonuniform || control.is_some());
                }
                if barrier {
                    st.reaches_barrier = true;
                    if control.is_some() {
                        let name = callee.name.as_deref().unwrap_or("a function");
                        self.report(
                            span,
                            control,
                            &format!("a call to `{name}`, which waits at a tile barrier,"),
                        );
                    }
                }
                if subgroup {
                    st.reaches_subgroup = true;
                    if control.is_some() && !barrier {
                        let name = callee.name.as_deref().unwrap_or("a function");
                        self.report_subgroup(
                            span,
                            control,
                            &format!("a call to `{name}`, which uses subgroup operations,"),
                        );
                    }
                }
                Exits::default()
            }
            _ => Exits::default(),
        }
    }

    /// A subgroup operation `what` at `span`.
    fn subgroup_op(&mut self, st: &mut FnState<'_>, span: naga::Span, control: Reason, what: &str) {
        st.reaches_subgroup = true;
        if control.is_some() {
            self.report_subgroup(span, control, what);
        }
    }

    fn loop_body(
        &mut self,
        st: &mut FnState<'_>,
        body: &naga::Block,
        continuing: &naga::Block,
        control: Reason,
    ) -> Exits {
        let b = self.block(st, body, control);
        let c = self.block(st, continuing, first(control, b.left_loop));
        Exits {
            returned: first(b.returned, c.returned),
            left_loop: first(b.left_loop, c.left_loop),
        }
    }

    /// The control inside a construct governed by `condition`.
    fn condition(
        &mut self,
        st: &mut FnState<'_>,
        condition: Handle<Expression>,
        control: Reason,
    ) -> Reason {
        if control.is_some() {
            return control;
        }
        if self.expr(st, condition) {
            return Some(st.func.expressions.get_span(condition));
        }
        None
    }

    /// Whether expression `h` may differ between the threads of a tile.
    fn expr(&mut self, st: &mut FnState<'_>, h: Handle<Expression>) -> bool {
        if let Some(&v) = st.memo.get(&h) {
            return v;
        }
        let v = match st.func.expressions[h] {
            Expression::Literal(_)
            | Expression::Constant(_)
            | Expression::Override(_)
            | Expression::ZeroValue(_)
            | Expression::GlobalVariable(_)
            | Expression::LocalVariable(_) => false,
            Expression::FunctionArgument(i) => st.args.get(i as usize).copied().unwrap_or(true),
            Expression::Load { pointer } => self.load(st, pointer),
            Expression::Access { base, index } => self.expr(st, base) || self.expr(st, index),
            Expression::AccessIndex { base, .. } => self.expr(st, base),
            Expression::Splat { value, .. } => self.expr(st, value),
            Expression::Swizzle { vector, .. } => self.expr(st, vector),
            Expression::Unary { expr, .. } | Expression::As { expr, .. } => self.expr(st, expr),
            Expression::Binary { left, right, .. } => self.expr(st, left) || self.expr(st, right),
            Expression::Select {
                condition,
                accept,
                reject,
            } => self.expr(st, condition) || self.expr(st, accept) || self.expr(st, reject),
            Expression::Relational { argument, .. } => self.expr(st, argument),
            Expression::Math {
                arg,
                arg1,
                arg2,
                arg3,
                ..
            } => {
                let mut any = self.expr(st, arg);
                for a in [arg1, arg2, arg3].into_iter().flatten() {
                    any |= self.expr(st, a);
                }
                any
            }
            Expression::Compose { ref components, .. } => {
                let components = components.clone();
                components.into_iter().any(|c| self.expr(st, c))
            }
            Expression::CallResult(_) => st.call_results.get(&h).copied().unwrap_or(true),
            Expression::ArrayLength(_) => false,
            // Read once for the whole tile, after its barrier.
            Expression::WorkGroupUniformLoadResult { .. } => false,
            _ => true,
        };
        st.memo.insert(h, v);
        v
    }

    /// A load is uniform from a uniform local or the parameter block at a uniform index.
    fn load(&mut self, st: &mut FnState<'_>, pointer: Handle<Expression>) -> bool {
        let mut p = pointer;
        loop {
            match st.func.expressions[p] {
                Expression::Access { base, index } => {
                    if self.expr(st, index) {
                        return true;
                    }
                    p = base;
                }
                Expression::AccessIndex { base, .. } => p = base,
                Expression::LocalVariable(l) => return st.locals.contains(&l),
                Expression::GlobalVariable(g) => {
                    // Launch parameters, a uniform buffer or immediate data, are the same for
                    // every thread; so are the subgroup size and count.
                    if self.uniform_globals.contains(&g) {
                        return false;
                    }
                    return !matches!(
                        self.module.global_variables[g].space,
                        AddressSpace::Uniform | AddressSpace::Immediate
                    );
                }
                _ => return true,
            }
        }
    }
}

/// The local variable a pointer expression points into, if any.
fn root_local(func: &Function, mut p: Handle<Expression>) -> Option<Handle<naga::LocalVariable>> {
    loop {
        match func.expressions[p] {
            Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => p = base,
            Expression::LocalVariable(l) => return Some(l),
            _ => return None,
        }
    }
}

/// The `amp::subgroup` function a collective operation comes from.
fn collective_name(op: naga::SubgroupOperation, collective: naga::CollectiveOperation) -> String {
    use naga::CollectiveOperation as C;
    use naga::SubgroupOperation as O;
    let op = match op {
        O::All => return "all".into(),
        O::Any => return "any".into(),
        O::Add => "add",
        O::Mul => "mul",
        O::Min => "min",
        O::Max => "max",
        O::And => "and",
        O::Or => "or",
        O::Xor => "xor",
    };
    let kind = match collective {
        C::Reduce => "reduce",
        C::InclusiveScan => "inclusive",
        C::ExclusiveScan => "exclusive",
    };
    format!("{kind}_{op}")
}

/// The `amp::subgroup` function a gather comes from.
fn gather_name(mode: &naga::GatherMode) -> &'static str {
    use naga::GatherMode as G;
    match mode {
        G::BroadcastFirst => "broadcast_first",
        G::Broadcast(_) => "broadcast",
        G::Shuffle(_) => "shuffle",
        G::ShuffleDown(_) => "shuffle_down",
        G::ShuffleUp(_) => "shuffle_up",
        G::ShuffleXor(_) => "shuffle_xor",
        G::QuadBroadcast(_) | G::QuadSwap(_) => "quad operation",
    }
}
