//! Loops on accelerators that cut them short.
//!
//! Mesa's llvmpipe (lavapipe, amp's CPU device) ends the loops of a SIMD vector of threads
//! after 65,535 loop passes in total, counted over every loop of the kernel, silently:
//! `for _ in 0..100000 { a += 1 }` leaves `a` at 65535. The limit is a compile-time constant of
//! Mesa (`LP_MAX_TGSI_LOOP_ITERATIONS`); no option lifts it and only loops that Mesa fully
//! unrolls (at most 32 iterations) escape it.
//!
//! On such an accelerator amp counts loop passes per thread in a private variable: every pass of
//! every loop, the one that finds the loop finished included, as Mesa counts them. A thread whose
//! count reaches the limit records a fault, which the launch reports as an error instead of
//! wrong results. Threads of one vector that run different loops (divergent branches) share
//! Mesa's counter but count only their own passes, so a kernel whose threads diverge inside
//! long loops can still be cut short undetected; see docs/LANGUAGE.md.

use super::fault::{AccessKind, Check};
use super::KernelBuilder;
use naga::{BinaryOperator, Expression, Literal, Statement};

impl KernelBuilder {
    /// Builds the kernel for an accelerator that ends loops after `limit` passes per thread.
    pub fn set_loop_limit(&mut self, limit: Option<u32>) {
        self.loop_limit = limit;
    }

    /// Builds the kernel for an accelerator whose threads hold at most `bytes` of local arrays
    /// (Mesa's llvmpipe keeps them on its threads' stacks, and larger ones crash the process).
    pub fn set_local_array_limit(&mut self, bytes: Option<u32>) {
        self.local_array_limit = bytes;
    }

    /// At the top of every loop pass: counts it, and records a fault when the count reaches
    /// the accelerator's limit.
    pub(crate) fn count_loop_pass(&mut self) {
        let Some(limit) = self.loop_limit else {
            return;
        };
        let global = match self.loop_passes {
            Some(global) => global,
            None => {
                let zero = self
                    .module
                    .global_expressions
                    .append(Expression::Literal(Literal::U32(0)), naga::Span::UNDEFINED);
                let ty = self.intern_type(naga::TypeInner::Scalar(naga::Scalar::U32));
                let global = self.module.global_variables.append(
                    naga::GlobalVariable {
                        name: Some("amp_loop_passes".into()),
                        space: naga::AddressSpace::Private,
                        binding: None,
                        ty,
                        init: Some(zero),
                        memory_decorations: naga::MemoryDecorations::empty(),
                    },
                    naga::Span::UNDEFINED,
                );
                self.loop_passes = Some(global);
                global
            }
        };
        let pointer = self.append(Expression::GlobalVariable(global));
        let passes = self.append(Expression::Load { pointer });
        let one = self.append(Expression::Literal(Literal::U32(1)));
        let passes = self.binary(BinaryOperator::Add, passes, one);
        self.push(Statement::Store {
            pointer,
            value: passes,
        });
        let limit_expr = self.append(Expression::Literal(Literal::U32(limit)));
        let below = self.binary(BinaryOperator::Less, passes, limit_expr);
        let check = Check::failing(below, passes, limit, AccessKind::LoopLimit);
        self.note_fault(&check);
    }
}
