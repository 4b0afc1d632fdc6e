//! Device functions: `#[kernel] fn`s called from kernels.
//!
//! Each device function becomes one naga function per (function, argument types, views passed,
//! roots and paths of the references passed), built on its first call and reused afterwards.
//! Values (scalars, indices) are passed as naga arguments. Views are not: a view names a
//! resource binding, so a function is specialised for the views it is called with and refers to
//! their bindings directly (WGSL cannot pass storage pointers to functions); a section passed as
//! a view passes its shape as values (`view.rs`). References are
//! passed as their root and path (`reference.rs`): a pointer to a whole local variable, or, for
//! tile_static memory and view elements, a specialisation for the global, plus their run-time
//! indices.
//!
//! Recursion, direct or mutual, is found here: a call to a function that is still being built
//! is an error naming the whole cycle.

use super::{FnCtx, KernelBuilder};
use naga::{Expression, Function, FunctionResult, Handle, Statement, Type, TypeInner};
use std::any::TypeId;

/// A function callable from kernels: implemented by `#[kernel] fn` items, for their argument
/// tuple.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a #[kernel] function, or is called with arguments of the wrong types",
    label = "called from a kernel here",
    note = "only functions marked #[kernel] can be called inside kernels, with kernel values (i32, u32, f32, bool, Index, Extent, array views) as arguments"
)]
pub trait DeviceFn<Args> {
    /// The kernel-side result.
    type Output;
    /// Emits a call (building the callee on first use).
    fn call(&self, b: &mut KernelBuilder, args: Args) -> Self::Output;
}

/// The argument type kernels instantiate a kernel function's host-side item with: it has no
/// values, so the function is never called with it; naming the item with `KernelArg` for
/// every parameter selects its [`KernelFunction`] implementation, whose result type is the
/// function's [`Marker`]. On the host the same item takes host values ([`HostArg`]).
///
/// [`HostArg`]: crate::host::HostArg
#[derive(Clone, Copy, Debug)]
pub enum KernelArg {}

/// The type that builds a kernel function's IR ([`DeviceFn`]): a `#[kernel] fn`'s hidden type
/// of the same name, or a built-in function's marker. Zero-sized, so it has one value.
pub trait Marker: Copy + 'static {
    /// The value.
    const MARKER: Self;
}

/// A function callable from kernels: a `#[kernel] fn` or one of amp's built-in functions. Each
/// is a function item generic over its argument types (`fn f<A0: HostArg<..>>(a: A0) -> ..`)
/// that, named with [`KernelArg`] for every argument, returns its [`Marker`]. `Kind` is the
/// tuple of those `KernelArg`s: one implementation per arity, inferred from the item (a
/// function item has one arity).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a #[kernel] function",
    label = "called from a kernel here",
    note = "only functions marked #[kernel] (and amp's built-in functions) can be called inside kernels"
)]
pub trait KernelFunction<Kind> {
    /// The marker that builds the function's IR.
    type Marker: Marker;
}

/// [`KernelFunction`] for the arities 0 to 12.
macro_rules! kernel_function_arity {
    ($($a:ident)*) => {
        impl<F, M: Marker> KernelFunction<($($a,)*)> for F
        where
            F: Fn($($a),*) -> M,
        {
            type Marker = M;
        }
    };
}
kernel_function_arity!();
kernel_function_arity!(KernelArg);
kernel_function_arity!(KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg);
kernel_function_arity!(KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg KernelArg);

/// Declares a built-in function that runs only in kernels: a host item `$name(args…)` whose
/// arguments are bounded by [`KernelOnly`](crate::host::KernelOnly) (so a host call is an
/// error saying so), its marker type `$marker`, and for a function of no arguments a type
/// alias `$name` of the marker (kernels name a zero-argument function's marker by its name in
/// the type namespace). The caller implements [`DeviceFn`] for the marker.
macro_rules! builtin_fn {
    ($(#[$doc:meta])* $name:ident / $marker:ident ()) => {
        $(#[$doc])*
        pub fn $name() -> $marker {
            $marker
        }

        #[doc(hidden)]
        #[allow(non_camel_case_types)]
        pub type $name = $marker;

        $crate::builder::builtin_fn!(@marker $name / $marker);
    };
    ($(#[$doc:meta])* $name:ident / $marker:ident ($($arg:ident),+)) => {
        $(#[$doc])*
        #[allow(clippy::too_many_arguments)]
        pub fn $name<A: $crate::host::KernelOnly<$marker>>($($arg: A),+) -> $marker {
            $(let _ = $arg;)+
            $marker
        }

        $crate::builder::builtin_fn!(@marker $name / $marker);
    };
    (@marker $name:ident / $marker:ident) => {
        #[doc = concat!("The marker of [`", stringify!($name), "`].")]
        #[derive(Clone, Copy, Debug)]
        pub struct $marker;

        impl $crate::builder::Marker for $marker {
            const MARKER: Self = $marker;
        }
    };
}
pub(crate) use builtin_fn;

/// The marker of a function called in a kernel.
pub fn kernel_function<Kind, F: KernelFunction<Kind>>(_: &F) -> F::Marker {
    <F::Marker as Marker>::MARKER
}

/// The marker `M` of a function a kernel names in the type namespace (a call of no arguments,
/// or with generic arguments: `pi()`, `times::<3>(x)`).
pub fn marker<M: Marker>() -> M {
    M::MARKER
}

/// One argument of a device function.
pub trait FnArg: Copy + 'static {
    /// Appends what distinguishes specialisations (views: their binding; references: their
    /// root and path), looked up in the caller.
    fn key(&self, b: &KernelBuilder, key: &mut Vec<u32>);
    /// Declares the matching parameter in the function being built; returns the parameter.
    fn param(&self, b: &mut KernelBuilder) -> Self;
    /// Appends the values passed at the call, if any (built in the caller).
    fn argument(&self, b: &mut KernelBuilder, out: &mut Vec<Handle<Expression>>);
}

/// A device function's argument tuple.
pub trait FnArgs: Sized + 'static {
    /// See [`FnArg::key`].
    fn key(&self, b: &KernelBuilder, key: &mut Vec<u32>);
    /// See [`FnArg::param`].
    fn params(&self, b: &mut KernelBuilder) -> Self;
    /// See [`FnArg::argument`].
    fn arguments(&self, b: &mut KernelBuilder, out: &mut Vec<Handle<Expression>>);
}

/// [`FnArgs`] for the tuples of 0 to 12 arguments: one invocation lists the names and indices;
/// each step implements the tuple of the names taken so far and takes the next one.
macro_rules! fn_args {
    (@impl $($a:ident $i:tt),*) => {
        impl<$($a: FnArg),*> FnArgs for ($($a,)*) {
            #[allow(unused_variables)]
            fn key(&self, b: &KernelBuilder, key: &mut Vec<u32>) {
                $(self.$i.key(b, key);)*
            }
            #[allow(unused_variables, clippy::unused_unit)]
            fn params(&self, b: &mut KernelBuilder) -> Self {
                ($(self.$i.param(b),)*)
            }
            #[allow(unused_variables)]
            fn arguments(&self, b: &mut KernelBuilder, out: &mut Vec<Handle<Expression>>) {
                $(self.$i.argument(b, out);)*
            }
        }
    };
    ([$($a:ident $i:tt),*] $next:ident $n:tt $(, $rest:ident $r:tt)*) => {
        fn_args!(@impl $($a $i),*);
        fn_args!([$($a $i,)* $next $n] $($rest $r),*);
    };
    ([$($a:ident $i:tt),*]) => {
        fn_args!(@impl $($a $i),*);
    };
}
fn_args!([] A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);

/// What a device function returns: nothing, a kernel value, or an array (by value).
pub trait FnResult: Sized {
    /// The naga result type.
    fn result_type(b: &mut KernelBuilder) -> Option<Handle<Type>>;
    /// The value to return (built in the function returning it).
    fn handle(&self, b: &mut KernelBuilder) -> Option<Handle<Expression>>;
    /// Wraps a call's result.
    fn from_result(result: Option<Handle<Expression>>, b: &mut KernelBuilder) -> Self;
}

impl FnResult for () {
    fn result_type(_: &mut KernelBuilder) -> Option<Handle<Type>> {
        None
    }
    fn handle(&self, _: &mut KernelBuilder) -> Option<Handle<Expression>> {
        None
    }
    fn from_result(_: Option<Handle<Expression>>, _: &mut KernelBuilder) -> Self {}
}

/// Calls the device function `name` (identified by `marker`) with `args`, building it with
/// `body` on its first call: what a `#[kernel] fn`'s expansion does. A free function, so that a
/// parameter or result type kernels cannot pass is reported with this public path.
pub fn device_fn<A: FnArgs, R: FnResult>(
    b: &mut KernelBuilder,
    name: &'static str,
    marker: TypeId,
    args: A,
    body: impl FnOnce(&mut KernelBuilder, A) -> R,
) -> R {
    b.call_device_fn(name, marker, args, body)
}

impl KernelBuilder {
    /// Calls the device function `name` (identified by `marker`) with `args`; `body` expands
    /// its body when it is not built yet.
    pub fn call_device_fn<A: FnArgs, R: FnResult>(
        &mut self,
        name: &'static str,
        marker: TypeId,
        args: A,
        body: impl FnOnce(&mut Self, A) -> R,
    ) -> R {
        if let Some(pos) = self.active.iter().position(|&(id, _)| id == marker) {
            let mut chain: Vec<String> = self.active[pos..]
                .iter()
                .map(|(_, n)| format!("`{n}`"))
                .collect();
            chain.push(format!("`{name}`"));
            self.error(format!(
                "recursion is not supported in kernels: {} (found on the call graph); rewrite \
                 the recursion as a loop",
                chain.join(" calls ")
            ));
            return R::from_result(None, self);
        }
        let mut views = Vec::new();
        args.key(self, &mut views);
        let key = (marker, TypeId::of::<A>(), views);
        let function = match self.device_fns.get(&key) {
            Some(&f) => f,
            None => {
                let f = self.build_device_fn(name, marker, &args, body);
                self.device_fns.insert(key, f);
                f
            }
        };
        let mut arguments = Vec::new();
        args.arguments(self, &mut arguments);
        self.before_call(function);
        self.flush();
        let result = R::result_type(self).map(|_| self.append(Expression::CallResult(function)));
        self.push(Statement::Call {
            function,
            arguments,
            result,
        });
        R::from_result(result, self)
    }

    fn build_device_fn<A: FnArgs, R: FnResult>(
        &mut self,
        name: &'static str,
        marker: TypeId,
        args: &A,
        body: impl FnOnce(&mut Self, A) -> R,
    ) -> Handle<Function> {
        let function = Function {
            name: Some(name.to_owned()),
            ..Function::default()
        };
        let caller = std::mem::replace(&mut self.cur, FnCtx::new(function));
        self.outer.push(caller);
        self.active.push((marker, name));

        let params = args.params(self);
        let result = body(self, params);
        if !self.terminated() {
            let value = result.handle(self);
            self.push(Statement::Return { value });
        }
        let result_ty = R::result_type(self);
        let prints = self.cur.prints;
        let mut function = self.finish_function();
        function.result = result_ty.map(|ty| FunctionResult { ty, binding: None });

        self.active.pop();
        if let Some(caller) = self.outer.pop() {
            self.cur = caller;
        }
        let span = self.span();
        let function = self.module.functions.append(function, span);
        if prints {
            self.printing_fns.insert(function);
        }
        function
    }

    /// Closes the function being built and returns it (its context is left empty).
    pub(super) fn finish_function(&mut self) -> Function {
        self.flush();
        if self.cur.frames.len() != 1 {
            self.error("internal error: unclosed block at the end of a kernel function");
        }
        let mut ctx = std::mem::replace(&mut self.cur, FnCtx::new(Function::default()));
        ctx.function.body = ctx
            .frames
            .drain(..)
            .next()
            .map(|f| f.block)
            .unwrap_or_default();
        self.zero_orphan_results(&mut ctx.function);
        ctx.function
    }

    /// Dead code (after `return`, `break` or `continue`) is left out of the function, and with
    /// it any call, atomic, uniform load or subgroup operation whose result the dead code used:
    /// each such result expression becomes a zero of its type (naga rejects a result without
    /// its statement).
    fn zero_orphan_results(&mut self, function: &mut Function) {
        let mut produced = std::collections::HashSet::new();
        collect_results(&function.body, &mut produced);
        let orphans: Vec<_> = function
            .expressions
            .iter()
            .filter(|(h, e)| {
                !produced.contains(h)
                    && matches!(
                        e,
                        Expression::CallResult(_)
                            | Expression::AtomicResult { .. }
                            | Expression::WorkGroupUniformLoadResult { .. }
                            | Expression::SubgroupBallotResult
                            | Expression::SubgroupOperationResult { .. }
                    )
            })
            .map(|(h, e)| (h, e.clone()))
            .collect();
        for (handle, expression) in orphans {
            let ty = match expression {
                Expression::CallResult(f) => self.module.functions[f].result.as_ref().map(|r| r.ty),
                Expression::AtomicResult {
                    ty,
                    comparison: false,
                }
                | Expression::WorkGroupUniformLoadResult { ty }
                | Expression::SubgroupOperationResult { ty } => Some(ty),
                Expression::SubgroupBallotResult => Some(self.intern_type(TypeInner::Vector {
                    size: naga::VectorSize::Quad,
                    scalar: naga::Scalar::U32,
                })),
                Expression::AtomicResult {
                    ty,
                    comparison: true,
                } => self.module.types[ty].inner.scalar().map(|scalar| {
                    self.module.generate_predeclared_type(
                        naga::PredeclaredType::AtomicCompareExchangeWeakResult(scalar),
                    )
                }),
                _ => None,
            };
            if let Some(ty) = ty {
                function.expressions[handle] = Expression::ZeroValue(ty);
            }
        }
    }
}

/// The result expressions that statements of `block` (and of blocks inside it) produce.
fn collect_results(block: &naga::Block, out: &mut std::collections::HashSet<Handle<Expression>>) {
    for statement in block.iter() {
        match statement {
            Statement::Call {
                result: Some(r), ..
            }
            | Statement::Atomic {
                result: Some(r), ..
            }
            | Statement::WorkGroupUniformLoad { result: r, .. }
            | Statement::SubgroupBallot { result: r, .. }
            | Statement::SubgroupGather { result: r, .. }
            | Statement::SubgroupCollectiveOperation { result: r, .. } => {
                out.insert(*r);
            }
            Statement::Block(b) => collect_results(b, out),
            Statement::If { accept, reject, .. } => {
                collect_results(accept, out);
                collect_results(reject, out);
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                collect_results(body, out);
                collect_results(continuing, out);
            }
            Statement::Switch { cases, .. } => {
                cases.iter().for_each(|c| collect_results(&c.body, out));
            }
            _ => {}
        }
    }
}
