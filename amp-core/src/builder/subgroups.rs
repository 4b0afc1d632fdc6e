//! Subgroup statements and the subgroup built-ins, for `amp::subgroup` (`subgroup.rs`).
//!
//! naga has the lane index, subgroup size, subgroup index and subgroup count only as
//! entry-point built-ins, but device functions must read them too. The first read of one
//! declares a private global for it; `finish` gives the entry point the built-in argument and
//! stores it into the global before anything else runs, so any function reads the global. A
//! kernel that uses no subgroup operation gets none of this.
//!
//! The builder also records the kernel's first subgroup operation: subgroups need a tiled
//! kernel and an accelerator with subgroups, and `finish` reports either missing with the
//! operation's name and source line.

use super::KernelBuilder;
use crate::error::{KernelError, Loc};
use naga::{
    Barrier, BuiltIn, CollectiveOperation, Expression, FunctionArgument, GatherMode, Handle,
    Statement, SubgroupOperation, TypeInner,
};

/// The subgroup built-ins a kernel can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SubgroupBuiltin {
    /// The thread's lane in its subgroup.
    Lane,
    /// Lanes per subgroup.
    Size,
    /// The subgroup's index in the tile.
    Id,
    /// Subgroups per tile.
    Count,
}

impl SubgroupBuiltin {
    /// Every built-in, each at its own discriminant.
    const ALL: [SubgroupBuiltin; 4] = [Self::Lane, Self::Size, Self::Id, Self::Count];

    fn builtin(self) -> BuiltIn {
        match self {
            Self::Lane => BuiltIn::SubgroupInvocationId,
            Self::Size => BuiltIn::SubgroupSize,
            Self::Id => BuiltIn::SubgroupId,
            Self::Count => BuiltIn::NumSubgroups,
        }
    }

    fn global_name(self) -> &'static str {
        match self {
            Self::Lane => "amp_subgroup_lane",
            Self::Size => "amp_subgroup_size",
            Self::Id => "amp_subgroup_id",
            Self::Count => "amp_subgroup_count",
        }
    }

    /// Whether every thread of a tile reads the same value.
    fn tile_uniform(self) -> bool {
        matches!(self, Self::Size | Self::Count)
    }
}

/// What a kernel uses of subgroups.
#[derive(Default)]
pub(crate) struct Subgroups {
    /// The private global of each built-in read so far (indexed as `SubgroupBuiltin::ALL`).
    globals: [Option<Handle<naga::GlobalVariable>>; 4],
    /// The first subgroup operation: its name (`subgroup::lane`) and line.
    first: Option<(&'static str, Loc)>,
    /// The first `subgroup::barrier()`, which needs subgroup barriers as well.
    first_barrier: Option<Loc>,
}

impl KernelBuilder {
    /// Records a use of the subgroup operation `name` (`"reduce_add"`) at the current line.
    pub(crate) fn note_subgroup_op(&mut self, name: &'static str) {
        let loc = self.loc();
        self.subgroups.first.get_or_insert((name, loc));
    }

    /// Reads subgroup built-in `which` (declaring its global on first use).
    pub(crate) fn subgroup_builtin(
        &mut self,
        which: SubgroupBuiltin,
        name: &'static str,
    ) -> Handle<Expression> {
        self.note_subgroup_op(name);
        let slot = which as usize;
        let global = match self.subgroups.globals[slot] {
            Some(g) => g,
            None => {
                let ty = self.intern_type(TypeInner::Scalar(naga::Scalar::U32));
                let g = self.module.global_variables.append(
                    naga::GlobalVariable {
                        name: Some(which.global_name().to_owned()),
                        space: naga::AddressSpace::Private,
                        binding: None,
                        ty,
                        init: None,
                        memory_decorations: naga::MemoryDecorations::empty(),
                    },
                    naga::Span::UNDEFINED,
                );
                self.subgroups.globals[slot] = Some(g);
                g
            }
        };
        let pointer = self.append(Expression::GlobalVariable(global));
        self.append(Expression::Load { pointer })
    }

    /// A collective operation (`op` reduced or scanned over the subgroup) on `argument` of
    /// type `ty`.
    pub(crate) fn subgroup_collective(
        &mut self,
        op: SubgroupOperation,
        collective_op: CollectiveOperation,
        argument: Handle<Expression>,
        ty: Handle<naga::Type>,
    ) -> Handle<Expression> {
        self.flush();
        let result = self.append(Expression::SubgroupOperationResult { ty });
        self.push(Statement::SubgroupCollectiveOperation {
            op,
            collective_op,
            argument,
            result,
        });
        result
    }

    /// `argument` (of type `ty`) read from another lane as `mode` says.
    pub(crate) fn subgroup_gather(
        &mut self,
        mode: GatherMode,
        argument: Handle<Expression>,
        ty: Handle<naga::Type>,
    ) -> Handle<Expression> {
        self.flush();
        let result = self.append(Expression::SubgroupOperationResult { ty });
        self.push(Statement::SubgroupGather {
            mode,
            argument,
            result,
        });
        result
    }

    /// The lanes whose `predicate` holds, as a `vec4<u32>` mask.
    pub(crate) fn subgroup_ballot(&mut self, predicate: Handle<Expression>) -> Handle<Expression> {
        self.flush();
        let result = self.append(Expression::SubgroupBallotResult);
        self.push(Statement::SubgroupBallot {
            result,
            predicate: Some(predicate),
        });
        result
    }

    /// A subgroup execution and memory barrier.
    pub(crate) fn subgroup_barrier(&mut self) {
        self.note_subgroup_op("barrier");
        let loc = self.loc();
        self.subgroups.first_barrier.get_or_insert(loc);
        self.push(Statement::ControlBarrier(Barrier::SUB_GROUP));
    }

    /// Whether `expr`, in the function being built, is a literal or a constant: naga requires a
    /// constant expression for the lane of a broadcast, and SPIR-V writers emit only these as
    /// constants.
    pub(crate) fn is_const_expr(&self, expr: Handle<Expression>) -> bool {
        matches!(
            self.cur.function.expressions[expr],
            Expression::Literal(_) | Expression::Constant(_)
        )
    }

    /// The private globals of the tile-uniform built-ins (subgroup size and count), which the
    /// uniformity analysis treats as uniform.
    pub(super) fn uniform_subgroup_globals(&self) -> Vec<Handle<naga::GlobalVariable>> {
        SubgroupBuiltin::ALL
            .iter()
            .zip(self.subgroups.globals)
            .filter(|(b, _)| b.tile_uniform())
            .filter_map(|(_, g)| g)
            .collect()
    }

    /// Rule: subgroup operations need a tiled kernel (the tile fixes which threads form
    /// subgroups). Records the error at the first operation.
    pub(super) fn check_subgroups_tiled(&mut self) {
        if self.tiled {
            return;
        }
        if let Some((name, loc)) = self.subgroups.first {
            self.errors.push(KernelError::Build {
                kernel: self.name.clone(),
                loc,
                message: format!(
                    "`subgroup::{name}` in an untiled kernel: subgroup operations need a tiled \
                     kernel (launch over `extent.tile::<…>()`), whose tile fixes which threads \
                     form subgroups; an untiled kernel's threads run several indices each"
                ),
            });
        }
    }

    /// The subgroup features the kernel uses that `capabilities` lack.
    pub(super) fn missing_subgroups(
        &self,
        capabilities: naga::valid::Capabilities,
    ) -> Option<KernelError> {
        use naga::valid::Capabilities as Caps;
        let (name, loc) = self.subgroups.first?;
        let (feature, wgpu_feature, name, loc) = if !capabilities.contains(Caps::SUBGROUP) {
            ("subgroup operations", "SUBGROUP", name, loc)
        } else if let Some(loc) = self.subgroups.first_barrier {
            if capabilities.contains(Caps::SUBGROUP_BARRIER) {
                return None;
            }
            ("subgroup barriers", "SUBGROUP_BARRIER", "barrier", loc)
        } else {
            return None;
        };
        Some(KernelError::Unsupported {
            kernel: self.name.clone(),
            feature: format!(
                "`subgroup::{name}` at {loc} (the accelerator has no {feature}: wgpu's \
                 `Features::{wgpu_feature}`, which a program that opens the device itself \
                 requests; `Accelerator::subgroup_size` is `None` where it has no subgroups)"
            ),
        })
    }

    /// Gives the entry point `function` the subgroup built-ins the kernel reads and stores each
    /// into its global first thing.
    pub(super) fn store_subgroup_builtins(&mut self, function: &mut naga::Function) {
        let mut stores = naga::Block::new();
        for (which, global) in SubgroupBuiltin::ALL.iter().zip(self.subgroups.globals) {
            let Some(global) = global else { continue };
            let ty = self.intern_type(TypeInner::Scalar(naga::Scalar::U32));
            let index = function.arguments.len() as u32;
            function.arguments.push(FunctionArgument {
                name: None,
                ty,
                binding: Some(naga::Binding::BuiltIn(which.builtin())),
            });
            let span = naga::Span::new(0, 1);
            let value = function
                .expressions
                .append(Expression::FunctionArgument(index), span);
            let pointer = function
                .expressions
                .append(Expression::GlobalVariable(global), span);
            stores.push(Statement::Store { pointer, value }, span);
        }
        if stores.is_empty() {
            return;
        }
        let body = std::mem::take(&mut function.body);
        stores.append(&mut { body });
        function.body = stores;
    }
}
