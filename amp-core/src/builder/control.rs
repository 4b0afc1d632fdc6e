//! Structured control flow: `if`/`else`, loops, `break`/`continue`, `return`.
//!
//! The expansion of a kernel opens and closes blocks in source order, e.g. for `if c { A } else
//! { B }`: `begin_if(c)`, A, `begin_else()`, B, `end_if()`. Misnested calls are bugs in the
//! macro, not user errors; they are reported as build errors rather than panics.

use super::{Frame, FrameKind, KernelBuilder, KernelValue};
use naga::{Block, Statement};

impl KernelBuilder {
    pub(super) fn open(&mut self, kind: FrameKind) {
        self.flush();
        self.cur.frames.push(Frame::new(kind));
    }

    /// Closes the innermost block, which must not be the function body.
    pub(super) fn close(&mut self) -> Option<Frame> {
        self.flush();
        if self.cur.frames.len() <= 1 {
            self.error("internal error: unbalanced block in kernel expansion");
            return None;
        }
        self.cur.frames.pop()
    }

    pub(super) fn misnested(&mut self, frame: Frame) {
        self.error("internal error: misnested block in kernel expansion");
        // Keep the statements so later diagnostics stay meaningful.
        self.frame().block.append(&mut { frame.block });
    }

    /// Opens the accept branch of `if condition`.
    pub fn begin_if(&mut self, condition: KernelValue<bool>) {
        let facts = self.facts_of(condition.handle(), true);
        self.open(FrameKind::Accept {
            condition: condition.handle(),
        });
        self.frame().facts = facts;
    }

    /// Closes the accept branch and opens the reject (`else`) branch.
    pub fn begin_else(&mut self) {
        let Some(frame) = self.close() else { return };
        match frame.kind {
            FrameKind::Accept { condition } => {
                let facts = self.facts_of(condition, false);
                self.cur.frames.push(Frame::new(FrameKind::Reject {
                    condition,
                    accept: frame.block,
                    accept_leaves: frame.terminated,
                }));
                self.frame().facts = facts;
            }
            _ => self.misnested(frame),
        }
    }

    /// Closes an `if` (with or without `else`).
    pub fn end_if(&mut self) {
        let Some(frame) = self.close() else { return };
        // Which way control continues after the `if`, when one branch always leaves.
        let (condition, accept, reject, continues) = match frame.kind {
            FrameKind::Accept { condition } => (
                condition,
                frame.block,
                Block::new(),
                frame.terminated.then_some(false),
            ),
            FrameKind::Reject {
                condition,
                accept,
                accept_leaves,
            } => {
                let continues = match (accept_leaves, frame.terminated) {
                    (true, false) => Some(false),
                    (false, true) => Some(true),
                    _ => None,
                };
                (condition, accept, frame.block, continues)
            }
            _ => return self.misnested(frame),
        };
        self.push(Statement::If {
            condition,
            accept,
            reject,
        });
        // `if i >= n { return; }` guards the rest of the block with `i < n`.
        if let Some(holds) = continues {
            let facts = self.facts_of(condition, holds);
            self.frame().facts.extend(facts);
        }
    }

    /// Opens the body of a loop that may not terminate (`while`, `loop`).
    pub fn begin_loop(&mut self) {
        self.open_ended_loops = true;
        self.cur.loops.push(false);
        self.open(FrameKind::LoopBody);
        self.count_loop_pass();
    }

    /// Opens the body of a loop known to terminate (a `for` over a range) whose counter, the
    /// local `counter`, runs over `start..end` (`..=end` when `inclusive`) and is written only
    /// where the loop steps it.
    pub(crate) fn begin_finite_loop(
        &mut self,
        counter: naga::Handle<naga::Expression>,
        start: naga::Handle<naga::Expression>,
        end: naga::Handle<naga::Expression>,
        inclusive: bool,
    ) {
        self.cur.loops.push(true);
        self.open(FrameKind::LoopBody);
        self.count_loop_pass();
        let unsigned = self
            .scalar_of(start)
            .is_some_and(|s| s.kind == naga::ScalarKind::Uint);
        if let naga::Expression::LocalVariable(var) = self.cur.function.expressions[counter] {
            self.cur.counters.push(var);
            let facts = super::bounds::Fact::counter(var, start, end, inclusive, unsigned);
            self.frame().facts.extend(facts);
        }
    }

    /// Closes the loop body and opens its continuing block (run after the body and on
    /// `continue`: where a `for` loop steps its counter).
    pub fn begin_continuing(&mut self) {
        let Some(frame) = self.close() else { return };
        match frame.kind {
            FrameKind::LoopBody => self
                .cur
                .frames
                .push(Frame::new(FrameKind::LoopContinuing { body: frame.block })),
            _ => self.misnested(frame),
        }
    }

    /// Closes a loop.
    pub fn end_loop(&mut self) {
        self.end_loop_if(None);
    }

    /// Closes a loop that also ends when `break_if` (computed in the continuing block) holds.
    pub(crate) fn end_loop_if(&mut self, break_if: Option<naga::Handle<naga::Expression>>) {
        // A `for` loop closed other than by `end_for` may not step its counter.
        if self.cur.loops.pop() == Some(true) && !self.stepping {
            self.open_ended_loops = true;
        }
        self.stepping = false;
        let Some(frame) = self.close() else { return };
        let (body, continuing) = match frame.kind {
            FrameKind::LoopBody => (frame.block, Block::new()),
            FrameKind::LoopContinuing { body } => (body, frame.block),
            _ => return self.misnested(frame),
        };
        self.push(Statement::Loop {
            body,
            continuing,
            break_if,
        });
    }

    /// Leaves the innermost loop when `condition` is false (the head of `while` and `for`).
    pub fn break_unless(&mut self, condition: KernelValue<bool>) {
        self.flush();
        let mut reject = Block::new();
        reject.push(Statement::Break, self.span());
        self.push(Statement::If {
            condition: condition.handle(),
            accept: Block::new(),
            reject,
        });
        let facts = self.facts_of(condition.handle(), true);
        self.frame().facts.extend(facts);
    }

    /// `break` out of the innermost loop.
    pub fn break_(&mut self) {
        self.push(Statement::Break);
    }

    /// `continue` with the innermost loop's next iteration.
    pub fn continue_(&mut self) {
        self.push(Statement::Continue);
    }

    /// `return;` from a function without a result.
    pub fn ret_unit(&mut self) {
        self.push(Statement::Return { value: None });
    }
}
