//! The entry point of an untiled launch whose threads each run several indices.
//!
//! C++ AMP promises nothing about which thread runs which index of an untiled domain, so a thread
//! may run several: a memory-bound kernel then has several independent loads in flight per
//! thread, and the index prologue is paid once per thread, not per index. The kernel body is
//! built as a function of the index's linear number (`amp_body(linear: u32)`), and the entry
//! point calls it once per index of its thread ([`IndicesPerThread`], `K`): thread `local` of
//! workgroup `group` runs `base + 256 k` for `k` in `0..K`, with `base = group · 256K + local`.
//! A workgroup covers `256 K` consecutive indices and each of its `K` steps reads 256 consecutive
//! elements, as a one-index-per-thread kernel does. A workgroup whose indices all lie in the
//! domain (`group < count >> log2(256K)`: all but a last, partial one) makes its `K` calls one
//! after the other, with nothing between them, so the driver may schedule their loads together;
//! a partial workgroup guards each call by `linear < count`, so the domain need not be a
//! multiple of anything. A `return` in the body ends that index's call, not the thread; the
//! thread's noted fault (`fault.rs`) is written when the entry point returns, after its last
//! index.
//!
//! The thread numbers do not wrap in `u32`: workgroups with `group > (count − 1) >> log2(256K)`
//! (all of whose indices lie past the domain, the surplus of a grid rounded up to whole rows)
//! leave first; for any other, `group · 256K ≤ count − 1 < 2³²`, and since `256 K` is a power of
//! two that divides 2³², the workgroup's last index `group · 256K + 256K − 1` is below 2³² too.
//!
//! On an accelerator that ends loops after a number of passes per thread (`loop_limit.rs`),
//! the passes of every index a thread runs count together, so a kernel with loops runs one index
//! per thread there; likewise a kernel with local arrays on an accelerator that limits their size
//! (they live on the thread's stack).

use super::KernelBuilder;
use crate::layout::IndicesPerThread;
use naga::{BinaryOperator, BuiltIn, Expression, Function, FunctionArgument, Handle, TypeInner};

/// Threads per workgroup of an untiled launch of a rank other than 2.
pub const UNTILED_WORKGROUP: u32 = 256;

/// The body of an untiled kernel being built as its own function (see the module doc).
#[derive(Clone, Copy, Debug)]
pub(crate) struct UntiledBody {
    /// The parameter word holding the domain's number of indices.
    count_word: u32,
}

impl KernelBuilder {
    /// Runs each thread of an untiled kernel over `k` indices (when the kernel allows it; see
    /// the module doc). The runtime sets it before the domain is declared; the default is
    /// [`IndicesPerThread::UNTILED`].
    pub fn set_indices_per_thread(&mut self, k: IndicesPerThread) {
        self.indices_per_thread = k;
    }

    /// Starts the body of an untiled kernel of 256-thread workgroups over `count` indices (the
    /// `u32` in parameter word `count_word`) as a function of the index's linear number, which
    /// it returns; [`finish`](Self::finish) closes it and builds the entry point that calls it.
    pub(crate) fn begin_untiled_body(&mut self, count_word: u32) -> Handle<Expression> {
        self.layout.workgroup_size = [UNTILED_WORKGROUP, 1, 1];
        let body = Function {
            name: Some("amp_body".into()),
            ..Function::default()
        };
        let entry = std::mem::replace(&mut self.cur, super::FnCtx::new(body));
        self.outer.push(entry);
        let ty = self.intern_type(TypeInner::Scalar(naga::Scalar::U32));
        self.cur.function.arguments.push(FunctionArgument {
            name: Some("linear".into()),
            ty,
            binding: None,
        });
        self.untiled = Some(UntiledBody { count_word });
        self.append(Expression::FunctionArgument(0))
    }

    /// Closes the body function of an untiled kernel, if one is open, and builds the entry
    /// point's prologue and its calls of the body.
    pub(super) fn finish_untiled_body(&mut self) {
        let Some(UntiledBody { count_word }) = self.untiled.take() else {
            return;
        };
        if !self.terminated() {
            self.ret_unit();
        }
        let body = self.finish_function();
        let span = self.span();
        let body = self.module.functions.append(body, span);
        match self.outer.pop() {
            Some(entry) => self.cur = entry,
            None => return self.error("internal error: an untiled kernel body without its entry"),
        }
        // The prologue is the launch's, not a statement's: spanned at the kernel's site.
        let loc = std::mem::replace(&mut self.cur_loc, 0);
        let one_per_thread = self.loop_passes.is_some()
            || (self.local_array_limit.is_some() && self.local_array_bytes > 0);
        let k = if one_per_thread {
            IndicesPerThread::One
        } else {
            self.indices_per_thread
        };
        self.layout.indices_per_thread = k;
        let span_per_group = UNTILED_WORKGROUP * k.get();

        let local = self.builtin_argument(
            BuiltIn::LocalInvocationIndex,
            TypeInner::Scalar(naga::Scalar::U32),
        );
        let group = self.linear_workgroup();
        // Workgroups whose first index lies past the domain leave, before `group * 256K` can
        // wrap (a uniform test: no divergence).
        let count = self.param_word(count_word).handle();
        let one = self.append(Expression::Literal(naga::Literal::U32(1)));
        let last = self.binary(BinaryOperator::Subtract, count, one);
        let shift = self.append(Expression::Literal(naga::Literal::U32(
            span_per_group.trailing_zeros(),
        )));
        let last_group = self.binary(BinaryOperator::ShiftRight, last, shift);
        let inside = self.binary(BinaryOperator::LessEqual, group, last_group);
        self.return_unless(inside);
        let size = self.append(Expression::Literal(naga::Literal::U32(span_per_group)));
        let first = self.binary(BinaryOperator::Multiply, group, size);
        let base = self.binary(BinaryOperator::Add, first, local);
        let indices: Vec<_> = (0..k.get())
            .map(|step| match step {
                0 => base,
                _ => {
                    let offset = self.append(Expression::Literal(naga::Literal::U32(
                        step * UNTILED_WORKGROUP,
                    )));
                    self.binary(BinaryOperator::Add, base, offset)
                }
            })
            .collect();
        if k == IndicesPerThread::One {
            self.call_below(body, &indices, count);
        } else {
            // A workgroup whose indices all lie in the domain (all but a last, partial one) calls
            // the body for each without a guard, so the driver may schedule the calls' loads
            // together.
            let full_groups = self.binary(BinaryOperator::ShiftRight, count, shift);
            let full = self.binary(BinaryOperator::Less, group, full_groups);
            self.begin_if(super::KernelValue::from_handle(full));
            for &linear in &indices {
                self.call_body(body, linear);
            }
            self.begin_else();
            self.call_below(body, &indices, count);
            self.end_if();
        }
        self.cur_loc = loc;
    }

    /// Calls the body for each of `indices` that is below `count`.
    fn call_below(
        &mut self,
        body: Handle<Function>,
        indices: &[Handle<Expression>],
        count: Handle<Expression>,
    ) {
        for &linear in indices {
            let below = self.binary(BinaryOperator::Less, linear, count);
            self.begin_if(super::KernelValue::from_handle(below));
            self.call_body(body, linear);
            self.end_if();
        }
    }

    fn call_body(&mut self, body: Handle<Function>, linear: Handle<Expression>) {
        self.push(naga::Statement::Call {
            function: body,
            arguments: vec![linear],
            result: None,
        });
    }

    /// The workgroup grid's linear number: `(z * ny + y) * nx + x`.
    pub(crate) fn linear_workgroup(&mut self) -> Handle<Expression> {
        let uvec3 = TypeInner::Vector {
            size: naga::VectorSize::Tri,
            scalar: naga::Scalar::U32,
        };
        let group = self.builtin_argument(BuiltIn::WorkGroupId, uvec3.clone());
        let groups = self.builtin_argument(BuiltIn::NumWorkGroups, uvec3);
        let component =
            |b: &mut Self, base, index| b.append(Expression::AccessIndex { base, index });
        let (gx, gy, gz) = (
            component(self, group, 0),
            component(self, group, 1),
            component(self, group, 2),
        );
        let (nx, ny) = (component(self, groups, 0), component(self, groups, 1));
        let t = self.binary(BinaryOperator::Multiply, gz, ny);
        let t = self.binary(BinaryOperator::Add, t, gy);
        let t = self.binary(BinaryOperator::Multiply, t, nx);
        self.binary(BinaryOperator::Add, t, gx)
    }

    /// Returns from the function being built unless `condition` (a `bool`) holds.
    pub(crate) fn return_unless(&mut self, condition: Handle<Expression>) {
        self.begin_if(super::KernelValue::from_handle(condition));
        self.begin_else();
        self.ret_unit();
        self.end_if();
    }
}
