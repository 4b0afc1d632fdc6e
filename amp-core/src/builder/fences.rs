//! Barriers that fence only what some thread can observe.
//!
//! C++ AMP's `t.barrier.wait()` fences all memory: tile_static and global. The global part
//! costs (a tiled matmul runs markedly slower with it), and it is unobservable unless one thread of a tile can read global memory that another wrote during
//! the launch. That needs a view both written and read by the kernel (or atomics on a view,
//! which read and write). So when every view is only read or only written, the global part of
//! every barrier is dropped.
//!
//! Two views of one kernel may share data (a view and its section, one read and the other
//! written); the kernel cannot see that, the launch can. The built kernel reports which
//! bindings are read and which written ([`ViewUse`]); a launch that binds one buffer to both
//! uses the kernel built with [`KernelBuilder::keep_global_fences`] instead.

use super::KernelBuilder;
use crate::layout::BindingKind;
use naga::{Barrier, Block, Expression, Function, Handle, Statement};

/// Which storage bindings a kernel reads and which it writes (binding numbers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ViewUse {
    /// Bindings some access reads.
    pub read: Vec<u32>,
    /// Bindings some access writes.
    pub written: Vec<u32>,
}

impl ViewUse {
    /// Whether two bindings of one launch, `buffers[k]` for binding `k + 1`, one read and one
    /// written, hold the same buffer: then the dropped fences were needed.
    pub fn aliased<B: PartialEq>(&self, buffers: &[B]) -> bool {
        let at = |binding: u32| buffers.get(binding as usize - 1);
        self.written.iter().any(|&w| {
            self.read
                .iter()
                .any(|&r| r != w && at(w).is_some() && at(w) == at(r))
        })
    }
}

impl KernelBuilder {
    /// Keeps the global-memory part of every barrier (for launches whose views share data).
    pub fn keep_global_fences(&mut self) {
        self.keep_global_fences = true;
    }

    /// Drops the global part of the barriers of `entry` and every device function when no
    /// view is both read and written; returns the views' use when it dropped some.
    pub(crate) fn drop_global_fences(&mut self, entry: &mut Function) -> Option<ViewUse> {
        let mut read = Vec::new();
        let mut written = Vec::new();
        let functions = self.module.functions.iter().map(|(_, f)| f);
        for function in functions.chain(std::iter::once(&*entry)) {
            self.view_use(function, &mut read, &mut written);
        }
        if read.iter().any(|r| written.contains(r)) {
            return None;
        }
        let mut dropped = strip(&mut entry.body);
        for (_, function) in self.module.functions.iter_mut() {
            dropped |= strip(&mut function.body);
        }
        read.sort_unstable();
        read.dedup();
        written.sort_unstable();
        written.dedup();
        dropped.then_some(ViewUse { read, written })
    }

    /// Adds the view bindings `function` reads and writes (atomics do both).
    fn view_use(&self, function: &Function, read: &mut Vec<u32>, written: &mut Vec<u32>) {
        for (_, expr) in function.expressions.iter() {
            if let Expression::Load { pointer } = expr {
                read.extend(self.view_binding(function, *pointer));
            }
        }
        walk(&function.body, &mut |stmt| match stmt {
            Statement::Store { pointer, .. } => {
                written.extend(self.view_binding(function, *pointer));
            }
            Statement::Atomic { pointer, .. } => {
                let binding = self.view_binding(function, *pointer);
                read.extend(binding);
                written.extend(binding);
            }
            _ => {}
        });
    }

    /// The binding of the view `pointer` points into, if it points into one.
    fn view_binding(&self, function: &Function, mut pointer: Handle<Expression>) -> Option<u32> {
        loop {
            match function.expressions[pointer] {
                Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => {
                    pointer = base
                }
                Expression::GlobalVariable(g) => {
                    let binding = self.module.global_variables[g].binding.as_ref()?.binding;
                    let kind = self
                        .layout
                        .bindings
                        .get((binding as usize).checked_sub(1)?)?;
                    return matches!(kind, BindingKind::Storage { .. }).then_some(binding);
                }
                _ => return None,
            }
        }
    }
}

/// Calls `f` on every statement of `block`, nested ones included.
fn walk(block: &Block, f: &mut impl FnMut(&Statement)) {
    for stmt in block.iter() {
        f(stmt);
        match stmt {
            Statement::Block(b) => walk(b, f),
            Statement::If { accept, reject, .. } => {
                walk(accept, f);
                walk(reject, f);
            }
            Statement::Switch { cases, .. } => cases.iter().for_each(|c| walk(&c.body, f)),
            Statement::Loop {
                body, continuing, ..
            } => {
                walk(body, f);
                walk(continuing, f);
            }
            _ => {}
        }
    }
}

/// Removes the global-memory part of every control barrier in `block`; whether there was one.
fn strip(block: &mut Block) -> bool {
    let mut dropped = false;
    for (stmt, _) in block.span_iter_mut() {
        match stmt {
            Statement::ControlBarrier(flags) if flags.contains(Barrier::STORAGE) => {
                flags.remove(Barrier::STORAGE);
                dropped = true;
            }
            Statement::Block(b) => dropped |= strip(b),
            Statement::If { accept, reject, .. } => {
                dropped |= strip(accept);
                dropped |= strip(reject);
            }
            Statement::Switch { cases, .. } => {
                for case in cases.iter_mut() {
                    dropped |= strip(&mut case.body);
                }
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                dropped |= strip(body);
                dropped |= strip(continuing);
            }
            _ => {}
        }
    }
    dropped
}
