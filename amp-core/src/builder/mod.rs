//! The typed kernel-IR builder: what a `#[kernel]` body's expansion calls to build naga IR.
//!
//! Invariants, after naga's own front ends:
//! - Every expression appended gets the span of the kernel statement being lowered
//!   ([`KernelBuilder::at`]); spans index a table of source locations, so any later error (naga
//!   validation, recursion) names the user's `file:line:column`.
//! - Emit discipline: expressions are appended freely; before any statement is pushed (and before
//!   a block is closed) every expression appended since the last flush that needs emitting is
//!   covered by `Statement::Emit` ranges. Pre-emitted expressions (literals, arguments, globals,
//!   locals) and statement results (`CallResult`) are never inside a range.
//! - Evaluation order is the order in which the expansion calls the builder, which is Rust's
//!   left-to-right order of the kernel source.
//! - After a `break`, `continue` or `return` the rest of the block is unreachable: statements
//!   pushed there are dropped, so naga never sees code after a terminator.
//! - The builder is the ground floor: it works on naga handles and types and imports nothing of
//!   the kernel language above it. Which Rust types kernels have (`types.rs`), typed values
//!   (`value.rs`), captures (`capture.rs`), the domain's prologue (`domain.rs`), views, tiles and
//!   atomics extend [`KernelBuilder`] from their own modules.
//! - Expression handles belong to the function being built; device functions are built in their
//!   own context (see `call.rs`) and values cross only as call arguments.

mod atomics;
mod bounds;
mod call;
mod control;
mod entry;
mod expr;
mod fault;
mod fences;
mod half;
mod loop_limit;
mod print;
mod reference;
mod segments;
mod subgroups;
mod untiled;
mod version;

pub use bounds::{Bound, Interval};
pub(crate) use call::builtin_fn;
pub use call::{
    device_fn, kernel_function, marker, DeviceFn, FnArg, FnArgs, FnResult, KernelArg,
    KernelFunction, Marker,
};
pub(crate) use entry::storage_scalar;
pub use entry::KernelIr;
pub use expr::{KernelValue, Var};
pub(crate) use fault::CheckBuilder;
pub use fault::{AccessKind, AccessSite, Check, CheckId, SiteBound, FAULT_WORDS, MAX_FAULT_RANK};
pub use fences::ViewUse;
pub(crate) use print::ThreadIndexKind;
pub use print::{
    ArgShape, ArgType, Piece, PrintFormat, PrintKind, PrintScalar, Spec, PRINT_HEADER_WORDS,
    RECORD_HEADER_WORDS,
};
pub use reference::RefPathId;
pub(crate) use segments::Entries;
pub(crate) use subgroups::SubgroupBuiltin;
pub use untiled::UNTILED_WORKGROUP;

use crate::error::{KernelError, Loc};
use crate::layout::LaunchLayout;
use naga::{Block, Expression, Function, Handle, Module, Span, Statement, Type, TypeInner};
use std::any::TypeId;
use std::collections::HashMap;

/// Builds one kernel: a naga module with one compute entry point and the device functions it
/// calls. Created by the runtime on a kernel's first launch; the expansion of the kernel body
/// drives it.
pub struct KernelBuilder {
    /// The module under construction.
    pub(crate) module: Module,
    /// Source locations; a naga span `start` is an index into this table.
    locs: Vec<Loc>,
    /// Index into `locs` of the statement being lowered.
    cur_loc: u32,
    /// The function being built.
    pub(crate) cur: FnCtx,
    /// Enclosing functions while a device function is being built.
    outer: Vec<FnCtx>,
    /// Device functions already built, by (kernel function marker, argument layout).
    device_fns: HashMap<(TypeId, TypeId, Vec<u32>), Handle<Function>>,
    /// Device functions being built (the current call chain), for recursion detection.
    active: Vec<(TypeId, &'static str)>,
    /// Errors found while building (recursion, unsupported use), reported by `finish`.
    errors: Vec<KernelError>,
    /// Launch-time layout: parameter words and resource bindings, in declaration order.
    pub(crate) layout: LaunchLayout,
    /// The uniform global that holds the launch parameters.
    params: Handle<naga::GlobalVariable>,
    /// While a host value is built into the kernel as a constant ([`Self::constant_from_words`]),
    /// its words: parameter word `k` reads as the literal `words[k]`.
    constant_words: Option<Vec<u32>>,
    /// The kernel's name, for diagnostics.
    name: String,
    /// Whether the entry point is tiled (tile_static and barriers are allowed).
    pub(crate) tiled: bool,
    /// Whether some loop may not terminate (`while`, `loop`); `for` loops over ranges always do.
    pub(crate) open_ended_loops: bool,
    /// The fault buffer of a checked kernel, declared at its first check.
    fault: Option<fault::FaultBuffer>,
    /// Checked access sites, in the order their checks were emitted.
    sites: Vec<AccessSite>,
    /// Checks of places reached through checked indices (see `fault::CheckId`).
    kept_checks: Vec<Check>,
    /// Paths of references formed in the kernel (see `reference.rs`).
    kept_paths: Vec<reference::RefPath>,
    /// Loop passes per thread the accelerator runs before it ends loops (see `loop_limit.rs`).
    loop_limit: Option<u32>,
    /// Bytes of local arrays a thread may have on the accelerator, when it allows less than
    /// [`MAX_LOCAL_ARRAY_BYTES`](crate::tile_static::MAX_LOCAL_ARRAY_BYTES).
    pub(crate) local_array_limit: Option<u32>,
    /// Bytes of the local arrays declared so far in the kernel (all its functions).
    pub(crate) local_array_bytes: u64,
    /// The private counter of loop passes, declared at the first loop when `loop_limit` is set.
    loop_passes: Option<Handle<naga::GlobalVariable>>,
    /// Keep the global-memory part of barriers even when no thread can observe another's
    /// global writes (see `fences.rs`).
    keep_global_fences: bool,
    /// The most bytes of immediate data the parameter block may take (see
    /// `set_immediate_limit`).
    immediate_limit: u32,
    /// `end_for` is stepping its counter and closing its loop.
    pub(crate) stepping: bool,
    /// How the views still to be declared are split over bindings (`segments.rs`).
    pub(crate) view_segments: std::collections::VecDeque<crate::layout::ViewSegments>,
    /// The shapes of the texture and sampler captures still to be declared.
    pub(crate) resource_shapes: std::collections::VecDeque<crate::texture::ResourceShape>,
    /// The split views, by their first binding's global.
    pub(crate) splits: HashMap<Handle<naga::GlobalVariable>, segments::Split>,
    /// Indices each thread of an untiled kernel runs, when the kernel allows it (`untiled.rs`).
    indices_per_thread: crate::layout::IndicesPerThread,
    /// The body of an untiled kernel, while it is being built as a function of its own.
    untiled: Option<untiled::UntiledBody>,
    /// The matrix multiply-adds the accelerator runs, when the caller said (`finish` checks the
    /// kernel's fragments against them).
    matrix_shapes: Option<Vec<crate::matrix::MatrixShape>>,
    /// What the kernel uses of subgroups (`subgroups.rs`).
    subgroups: subgroups::Subgroups,
    /// The print buffer of a kernel that prints or asserts, declared at its first print.
    print_buffer: Option<print::PrintBuffer>,
    /// The kernel's prints and assertions; a record names one by its position.
    prints: Vec<PrintFormat>,
    /// Where the kernel body finds the thread's index (`print.rs`).
    thread_index: Option<print::ThreadIndex>,
    /// Device functions that print (themselves or through their callees).
    printing_fns: std::collections::HashSet<Handle<Function>>,
}

/// One function under construction.
pub(crate) struct FnCtx {
    pub(crate) function: Function,
    /// Open blocks, innermost last; the first is the function body.
    frames: Vec<Frame>,
    /// First expression not yet covered by an Emit.
    pending: u32,
    /// Intervals known for expressions (a tile's local index), for the range analysis.
    known: std::collections::HashMap<Handle<Expression>, Interval>,
    /// Types of the function's expressions, for the range analysis.
    typifier: naga::front::Typifier,
    /// The innermost `for` loop whose first copy is being built (`version.rs`).
    version: Option<version::Versioning>,
    /// Versioned loops whose second copy is being built.
    versions: Vec<version::Version>,
    /// Open loops, innermost last: whether each is a `for` loop (`begin_finite_loop`), which
    /// must be closed by `end_for`.
    loops: Vec<bool>,
    /// The counters of the function's `for` loops: written only by `end_for`'s step.
    counters: Vec<Handle<naga::LocalVariable>>,
    /// The function prints (itself or through a callee): its callers must set `amp_thread`.
    prints: bool,
}

/// An open block and what closes it.
struct Frame {
    block: Block,
    kind: FrameKind,
    /// A terminator (`break`, `continue`, `return`) was pushed: the rest is unreachable.
    terminated: bool,
    /// What holds inside this block (its condition, a loop counter's range), for the range
    /// analysis.
    facts: Vec<bounds::Fact>,
}

enum FrameKind {
    Body,
    Accept {
        condition: Handle<Expression>,
    },
    Reject {
        condition: Handle<Expression>,
        accept: Block,
        /// The accept branch always leaves (ends in `break`, `continue` or `return`).
        accept_leaves: bool,
    },
    LoopBody,
    LoopContinuing {
        body: Block,
    },
    /// One copy of a versioned loop (`version.rs`).
    Version,
}

impl FnCtx {
    fn new(function: Function) -> Self {
        FnCtx {
            function,
            frames: vec![Frame::new(FrameKind::Body)],
            pending: 0,
            known: Default::default(),
            typifier: naga::front::Typifier::new(),
            version: None,
            versions: Vec::new(),
            loops: Vec::new(),
            counters: Vec::new(),
            prints: false,
        }
    }
}

impl Frame {
    fn new(kind: FrameKind) -> Self {
        Frame {
            block: Block::new(),
            kind,
            terminated: false,
            facts: Vec::new(),
        }
    }
}

impl KernelBuilder {
    /// Starts a kernel named `name` (used in diagnostics and as the entry point's name stem).
    pub fn new(name: impl Into<String>, site: Loc) -> Self {
        let mut module = Module::default();
        // The parameter block's size is fixed in `finish`, once it is known; meanwhile it is
        // an unsized array of the same rows, so that expressions reading it have types.
        let row = module.types.insert(
            Type {
                name: None,
                inner: TypeInner::Vector {
                    size: naga::VectorSize::Quad,
                    scalar: naga::Scalar::U32,
                },
            },
            Span::UNDEFINED,
        );
        let placeholder = module.types.insert(
            Type {
                name: None,
                inner: TypeInner::Array {
                    base: row,
                    size: naga::ArraySize::Dynamic,
                    stride: 16,
                },
            },
            Span::UNDEFINED,
        );
        let params = module.global_variables.append(
            naga::GlobalVariable {
                name: Some("amp_params".into()),
                space: naga::AddressSpace::Uniform,
                binding: Some(naga::ResourceBinding {
                    group: 0,
                    binding: 0,
                }),
                ty: placeholder,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            Span::UNDEFINED,
        );
        KernelBuilder {
            module,
            locs: vec![site],
            cur_loc: 0,
            cur: FnCtx::new(Function::default()),
            outer: Vec::new(),
            device_fns: HashMap::new(),
            active: Vec::new(),
            errors: Vec::new(),
            layout: LaunchLayout::default(),
            params,
            constant_words: None,
            name: name.into(),
            tiled: false,
            open_ended_loops: false,
            fault: None,
            sites: Vec::new(),
            kept_checks: Vec::new(),
            kept_paths: Vec::new(),
            loop_limit: None,
            local_array_limit: None,
            local_array_bytes: 0,
            loop_passes: None,
            keep_global_fences: false,
            immediate_limit: 0,
            stepping: false,
            view_segments: Default::default(),
            resource_shapes: Default::default(),
            splits: HashMap::new(),
            indices_per_thread: crate::layout::IndicesPerThread::UNTILED,
            untiled: None,
            matrix_shapes: None,
            subgroups: Default::default(),
            print_buffer: None,
            prints: Vec::new(),
            thread_index: None,
            printing_fns: Default::default(),
        }
    }

    /// The matrix multiply-adds the accelerator runs: `finish` reports a kernel whose fragments
    /// need others as [`KernelError::UnsupportedMatrix`].
    pub fn set_matrix_shapes(&mut self, shapes: Vec<crate::matrix::MatrixShape>) {
        self.matrix_shapes = Some(shapes);
    }

    /// The kernel's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sets the source location of the statement being lowered; every expression and statement
    /// appended until the next call carries it.
    pub fn at(&mut self, loc: Loc) {
        if self.locs[self.cur_loc as usize] != loc {
            self.cur_loc = self.locs.len() as u32;
            self.locs.push(loc);
        }
    }

    /// The location of the statement being lowered.
    pub fn loc(&self) -> Loc {
        self.locs[self.cur_loc as usize]
    }

    pub(crate) fn span(&self) -> Span {
        Span::new(self.cur_loc, self.cur_loc + 1)
    }

    /// Records an error found while building; `finish` reports it.
    pub fn error(&mut self, message: impl Into<String>) {
        let err = KernelError::Build {
            kernel: self.name.clone(),
            loc: self.loc(),
            message: message.into(),
        };
        self.errors.push(err);
    }

    /// Interns a type in the module.
    pub fn intern_type(&mut self, inner: TypeInner) -> Handle<Type> {
        self.module
            .types
            .insert(Type { name: None, inner }, Span::UNDEFINED)
    }

    /// Interns a named type (a user struct) in the module.
    pub fn intern_named_type(&mut self, name: &str, inner: TypeInner) -> Handle<Type> {
        let ty = Type {
            name: Some(name.to_owned()),
            inner,
        };
        self.module.types.insert(ty, Span::UNDEFINED)
    }

    /// `if condition { accept } else { reject }`, both evaluated (naga's `Select`).
    pub(crate) fn select(
        &mut self,
        condition: Handle<Expression>,
        accept: Handle<Expression>,
        reject: Handle<Expression>,
    ) -> Handle<Expression> {
        self.append(Expression::Select {
            condition,
            accept,
            reject,
        })
    }

    /// Appends an expression to the current function.
    pub(crate) fn append(&mut self, expr: Expression) -> Handle<Expression> {
        let span = self.span();
        self.cur.function.expressions.append(expr, span)
    }

    fn frame(&mut self) -> &mut Frame {
        // Invariant: the body frame is only popped by `finish_function`.
        let last = self.cur.frames.len() - 1;
        &mut self.cur.frames[last]
    }

    /// Covers every expression appended since the last flush with Emit statements.
    fn flush(&mut self) {
        let exprs = &self.cur.function.expressions;
        let mut run: Option<(Handle<Expression>, Handle<Expression>)> = None;
        let mut ranges = Vec::new();
        for (handle, expr) in exprs.iter().skip(self.cur.pending as usize) {
            let skip = expr.needs_pre_emit()
                || matches!(
                    expr,
                    Expression::CallResult(_)
                        | Expression::AtomicResult { .. }
                        | Expression::WorkGroupUniformLoadResult { .. }
                        | Expression::SubgroupBallotResult
                        | Expression::SubgroupOperationResult { .. }
                );
            match (skip, run) {
                (true, Some(r)) => {
                    ranges.push(r);
                    run = None;
                }
                (false, Some((first, _))) => run = Some((first, handle)),
                (false, None) => run = Some((handle, handle)),
                (true, None) => {}
            }
        }
        ranges.extend(run);
        self.cur.pending = exprs.len() as u32;
        let span = self.span();
        let frame = self.frame();
        if frame.terminated {
            return;
        }
        for (first, last) in ranges {
            let range = naga::Range::new_from_bounds(first, last);
            frame.block.push(Statement::Emit(range), span);
        }
    }

    /// Pushes a statement into the current block (after flushing pending expressions).
    pub(crate) fn push(&mut self, stmt: Statement) {
        if let Statement::Store { pointer, .. } = stmt {
            self.note_counter_store(pointer);
        }
        self.flush();
        let span = self.span();
        let terminator = matches!(
            stmt,
            Statement::Break | Statement::Continue | Statement::Return { .. }
        );
        if self.frame().terminated {
            // Dead code (after `return`, `break` or `continue`) is left out.
            return;
        }
        let frame = self.frame();
        frame.block.push(stmt, span);
        frame.terminated = terminator;
    }

    /// A store into a `for` loop's counter anywhere but its step would let the loop run
    /// forever: the kernel then keeps the driver's loop bounding (see `loops_terminate`).
    fn note_counter_store(&mut self, pointer: Handle<Expression>) {
        if self.stepping {
            return;
        }
        if let Expression::LocalVariable(var) = self.cur.function.expressions[pointer] {
            if self.cur.counters.contains(&var) {
                self.open_ended_loops = true;
            }
        }
    }

    /// Whether the current block already ended in a terminator.
    pub fn terminated(&self) -> bool {
        self.cur.frames.last().is_some_and(|f| f.terminated)
    }

    /// Whether `expr` is the literal integer zero.
    pub(crate) fn is_integer_zero(&self, expr: Handle<Expression>) -> bool {
        use naga::Literal as L;
        matches!(
            self.cur.function.expressions[expr],
            Expression::Literal(L::I32(0) | L::U32(0) | L::I64(0) | L::U64(0))
        )
    }
}
