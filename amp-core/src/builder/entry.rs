//! The kernel entry point, its launch parameters and resource bindings, and the finished,
//! validated module.
//!
//! Launch parameters live in one uniform block of 32-bit words (binding 0); each captured scalar,
//! view extent and the domain itself take words in declaration order. Views take storage
//! bindings 1, 2, … in declaration order. The runtime fills both in the same order
//! ([`LaunchLayout`] describes them).

use super::{KernelBuilder, KernelValue};
use crate::error::KernelError;
use crate::shape::Index;
use crate::types::{type_of, Element, Rank, Scalar, Value};
use naga::{
    valid, ArraySize, BinaryOperator, Binding, BuiltIn, EntryPoint, Expression, FunctionArgument,
    Handle, ScalarKind, ShaderStage, TypeInner, VectorSize,
};
use std::num::NonZeroU32;

/// Threads per workgroup of an untiled launch of rank 1 or 3.
pub const UNTILED_WORKGROUP: u32 = 256;

/// Where a component of a thread's index in the domain lies.
const DOMAIN_COMPONENT: super::Interval = super::Interval::new(0, i32::MAX as i128 - 1);

/// The side of the square blocks of an untiled rank-2 launch.
pub const UNTILED_BLOCK_2D: u32 = 16;

/// What a resource binding holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindingKind {
    /// A storage buffer of elements (an array view's data).
    Storage {
        /// Whether the kernel only reads it.
        read_only: bool,
    },
    /// The fault buffer of a checked kernel ([`FAULT_WORDS`](super::FAULT_WORDS) `u32` words,
    /// zero when no access has failed).
    Faults,
}

/// How a launch feeds the kernel: parameter words and bindings, both in declaration order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchLayout {
    /// Number of 32-bit parameter words.
    pub words: u32,
    /// Bindings 1.. (binding 0 is the parameter block).
    pub bindings: Vec<BindingKind>,
    /// The workgroup size of the entry point.
    pub workgroup_size: [u32; 3],
    /// Bytes of tile_static memory the kernel declares.
    pub tile_static_bytes: u32,
    /// The parameter word that holds the launch's number, when the kernel has checked
    /// accesses (it is the last word).
    pub launch_word: Option<u32>,
    /// Bytes of immediate data (push constants) the parameter block takes, when it is passed
    /// that way rather than as a uniform buffer at binding 0 (see
    /// [`KernelBuilder::set_immediate_limit`]); 0 otherwise.
    pub immediate_bytes: u32,
}

/// A built, validated kernel.
#[derive(Debug)]
pub struct KernelIr {
    /// The module.
    pub module: naga::Module,
    /// naga's analysis of it.
    pub info: valid::ModuleInfo,
    /// The compute entry point's name.
    pub entry_point: String,
    /// How to feed it.
    pub layout: LaunchLayout,
    /// Whether every loop of the kernel is known to terminate (it has only `for` loops over
    /// ranges), so the runtime need not make the driver bound loops.
    pub loops_terminate: bool,
    /// The checked accesses; a fault record names one by its position plus one.
    pub sites: Vec<super::AccessSite>,
    /// Set when the global-memory part of the kernel's barriers was dropped because no view is
    /// both read and written: a launch that binds one buffer to a written and a read binding
    /// must use the kernel built with [`KernelBuilder::keep_global_fences`] instead.
    pub dropped_fences: Option<super::ViewUse>,
}

impl KernelIr {
    /// The kernel as WGSL text (for snapshots and debugging).
    pub fn wgsl(&self) -> String {
        naga::back::wgsl::write_string(
            &self.module,
            &self.info,
            naga::back::wgsl::WriterFlags::empty(),
        )
        .unwrap_or_else(|e| format!("// WGSL output failed: {e}"))
    }
}

impl KernelBuilder {
    /// 64-bit types the kernel uses that the accelerator cannot run.
    fn missing_capability(&self, capabilities: valid::Capabilities) -> Option<KernelError> {
        for (_, ty) in self.module.types.iter() {
            let scalar = match ty.inner {
                TypeInner::Atomic(naga::Scalar::F32) => {
                    if capabilities.contains(valid::Capabilities::SHADER_FLOAT32_ATOMIC) {
                        continue;
                    }
                    return Some(KernelError::Unsupported {
                        kernel: self.name.clone(),
                        feature: "atomics on `f32` (the accelerator has no float atomics)".into(),
                    });
                }
                TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => s,
                _ => continue,
            };
            let (needed, name) = match (scalar.kind, scalar.width) {
                (ScalarKind::Float, 8) => (valid::Capabilities::FLOAT64, "f64"),
                (ScalarKind::Sint, 8) => (valid::Capabilities::SHADER_INT64, "i64"),
                (ScalarKind::Uint, 8) => (valid::Capabilities::SHADER_INT64, "u64"),
                _ => continue,
            };
            if !capabilities.contains(needed) {
                return Some(KernelError::Unsupported {
                    kernel: self.name.clone(),
                    feature: format!("`{name}` (the accelerator has no {name} support)"),
                });
            }
        }
        None
    }
}

/// How a scalar is stored in a view's buffer.
pub(crate) fn storage_scalar(scalar: naga::Scalar) -> naga::Scalar {
    match scalar.kind {
        ScalarKind::Bool => naga::Scalar::U32,
        _ => scalar,
    }
}

impl KernelBuilder {
    /// Reserves `count` parameter words; returns the first.
    pub fn alloc_words(&mut self, count: u32) -> u32 {
        let first = self.layout.words;
        self.layout.words += count;
        first
    }

    /// Reserves a storage binding for a view of `T`: an array of `T`'s storage entries
    /// ([`Element::entry_type`]); returns its global variable.
    pub fn alloc_storage<T: Element>(&mut self, read_only: bool) -> Handle<naga::GlobalVariable> {
        let binding = self.layout.bindings.len() + 1;
        let entry = T::entry_type(self);
        // Tightly packed, as on the host: an element's words over its entries.
        let stride = (T::WORDS as u32 * 4) / T::ENTRIES;
        self.alloc_binding(
            BindingKind::Storage { read_only },
            &format!("amp_view{binding}"),
            (entry, stride),
            read_only,
        )
    }

    /// Reserves the next binding, a runtime-sized array of `entry` (a type and its stride) in
    /// storage memory. A view used atomically is retyped to hold atomics at its first atomic
    /// use (`make_atomic`).
    pub(crate) fn alloc_binding(
        &mut self,
        kind: BindingKind,
        name: &str,
        (base, stride): (Handle<naga::Type>, u32),
        read_only: bool,
    ) -> Handle<naga::GlobalVariable> {
        self.layout.bindings.push(kind);
        let binding = self.layout.bindings.len() as u32;
        let ty = self.intern_type(TypeInner::Array {
            base,
            size: ArraySize::Dynamic,
            stride,
        });
        let access = if read_only {
            naga::StorageAccess::LOAD
        } else {
            naga::StorageAccess::LOAD | naga::StorageAccess::STORE
        };
        self.module.global_variables.append(
            naga::GlobalVariable {
                name: Some(name.to_owned()),
                space: naga::AddressSpace::Storage { access },
                binding: Some(naga::ResourceBinding { group: 0, binding }),
                ty,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            naga::Span::UNDEFINED,
        )
    }

    /// Reads parameter word `word` (as `u32`) in the function being built.
    pub fn param_word(&mut self, word: u32) -> KernelValue<u32> {
        let global = self.append(Expression::GlobalVariable(self.params));
        let vec = self.append(Expression::AccessIndex {
            base: global,
            index: word / 4,
        });
        let pointer = self.append(Expression::AccessIndex {
            base: vec,
            index: word % 4,
        });
        KernelValue::from_handle(self.append(Expression::Load { pointer }))
    }

    /// Reads parameter word `word` as a `T`.
    pub fn param_as<T: Scalar>(&mut self, word: u32) -> KernelValue<T> {
        let bits = self.param_word(word);
        KernelValue::from_handle(self.reinterpret(bits.handle(), T::SCALAR))
    }

    /// Reinterprets the bits of a `u32` as `scalar` (booleans: non-zero).
    pub(crate) fn reinterpret(
        &mut self,
        bits: Handle<Expression>,
        scalar: naga::Scalar,
    ) -> Handle<Expression> {
        match scalar.kind {
            ScalarKind::Uint => bits,
            ScalarKind::Bool => {
                let zero = self.append(Expression::Literal(naga::Literal::U32(0)));
                self.binary(BinaryOperator::NotEqual, bits, zero)
            }
            kind => self.append(Expression::As {
                expr: bits,
                kind,
                convert: None,
            }),
        }
    }

    /// Declares a captured value: its `T::WORDS` parameter words.
    pub fn param<T: Element>(&mut self) -> KernelValue<T> {
        let word = self.alloc_words(T::WORDS as u32);
        KernelValue::from_handle(T::param_value(self, word))
    }

    /// The scalar in parameter words `word..word + T::WORDS` (64-bit types: low word first).
    pub fn param_at<T: Scalar>(&mut self, word: u32) -> KernelValue<T> {
        if T::WORDS == 1 {
            return self.param_as(word);
        }
        // (hi << 32 | lo) as u64, then reinterpreted.
        let widen = |b: &mut Self, w: u32| {
            let bits = b.param_word(w).handle();
            b.append(Expression::As {
                expr: bits,
                kind: ScalarKind::Uint,
                convert: Some(8),
            })
        };
        let lo = widen(self, word);
        let hi = widen(self, word + 1);
        let shift = self.append(Expression::Literal(naga::Literal::U32(32)));
        let hi = self.binary(BinaryOperator::ShiftLeft, hi, shift);
        let bits = self.binary(BinaryOperator::InclusiveOr, hi, lo);
        KernelValue::from_handle(match T::SCALAR.kind {
            ScalarKind::Uint => bits,
            kind => self.append(Expression::As {
                expr: bits,
                kind,
                convert: None,
            }),
        })
    }

    /// Declares a captured `N`-component shape (`Index`/`Extent`): `N` parameter words.
    pub fn param_shape<S: Value + Rank>(&mut self) -> KernelValue<S> {
        let n = S::COMPONENTS as u32;
        let first = self.alloc_words(n);
        self.shape_from_words(first, n)
    }

    /// Composes an `n`-component `i32` shape from parameter words `first..first + n`.
    pub(crate) fn shape_from_words<S: Value + Rank>(
        &mut self,
        first: u32,
        n: u32,
    ) -> KernelValue<S> {
        let components: Vec<_> = (first..first + n)
            .map(|w| self.param_as::<i32>(w).handle())
            .collect();
        KernelValue::from_handle(self.compose::<S>(components))
    }

    /// Composes a value of `S` from its `i32` components (a single component is the value).
    pub(crate) fn compose<S: Value>(
        &mut self,
        components: Vec<Handle<Expression>>,
    ) -> Handle<Expression> {
        match components.as_slice() {
            [single] => *single,
            _ => {
                let ty = type_of::<S>(self);
                self.append(Expression::Compose { ty, components })
            }
        }
    }

    /// A binary operation on raw handles.
    pub(crate) fn binary(
        &mut self,
        op: BinaryOperator,
        left: Handle<Expression>,
        right: Handle<Expression>,
    ) -> Handle<Expression> {
        self.append(Expression::Binary { op, left, right })
    }

    fn builtin_argument(&mut self, builtin: BuiltIn, inner: TypeInner) -> Handle<Expression> {
        let ty = self.intern_type(inner);
        let arguments = &mut self.cur.function.arguments;
        let index = arguments.len() as u32;
        arguments.push(FunctionArgument {
            name: None,
            ty,
            binding: Some(Binding::BuiltIn(builtin)),
        });
        self.append(Expression::FunctionArgument(index))
    }

    /// Starts the entry point of an untiled launch over an `N`-dimensional extent and returns
    /// the thread's index.
    ///
    /// Rank 2 runs 16×16 blocks of threads (like a hand-written 2-D kernel: a block reuses 16
    /// rows and 16 columns of its inputs in cache). Parameter words: `[0]` the number of blocks,
    /// `[1]` blocks per row, `[2..=3]` the extent; threads outside the extent return at once.
    ///
    /// Other ranks run 256-thread workgroups over the row-major order. Parameter words: `[0]` the
    /// number of workgroups the domain needs (`⌈threads / 256⌉`), `[1]` the thread count,
    /// `[2..2 + N]` the extent. Workgroups past the count return at once (the dispatched grid
    /// may be larger: it is rounded up to whole rows of the grid); each other thread forms its
    /// linear number `group * 256 + local`, returns if it is past the thread count, and turns the
    /// number into an index. Comparing the workgroup first keeps the linear number from
    /// wrapping: at most 2³²−1 threads need at most 2²⁴ workgroups, so for a workgroup below the
    /// count `group * 256 + local < 2³²`, while a surplus workgroup ≥ 2²⁴ would wrap to a small
    /// number and run an index twice.
    ///
    /// Either way the workgroups are numbered linearly over a grid of up to three dimensions,
    /// so the per-dimension dispatch limit does not bound the domain.
    pub fn untiled_entry<const N: usize>(&mut self) -> KernelValue<Index<N>>
    where
        Index<N>: Value + Rank,
    {
        if N == 2 {
            let [row, col] = self.untiled_blocks();
            return KernelValue::from_handle(self.compose::<Index<N>>(vec![row, col]));
        }
        self.layout.workgroup_size = [UNTILED_WORKGROUP, 1, 1];
        let groups_word = self.alloc_words(1);
        let total_word = self.alloc_words(1);
        let extent_word = self.alloc_words(N as u32);
        let local = self.builtin_argument(
            BuiltIn::LocalInvocationIndex,
            TypeInner::Scalar(naga::Scalar::U32),
        );
        // Surplus workgroups leave before `group * WORKGROUP` can wrap; the test is uniform
        // over the workgroup, so it costs one comparison and no divergence.
        let group = self.linear_workgroup();
        self.return_unless_below(group, groups_word);
        // linear workgroup * WORKGROUP + local: below 2³² for every workgroup still here.
        let size = self.append(Expression::Literal(naga::Literal::U32(UNTILED_WORKGROUP)));
        let t = self.binary(BinaryOperator::Multiply, group, size);
        let linear = self.binary(BinaryOperator::Add, t, local);
        self.return_unless_below(linear, total_word);
        let components = self
            .delinearize(linear, extent_word, N)
            .into_iter()
            .map(|c| self.domain_component(c))
            .collect();
        KernelValue::from_handle(self.compose::<Index<N>>(components))
    }

    /// The rank-2 untiled prologue (see [`untiled_entry`](Self::untiled_entry)).
    fn untiled_blocks(&mut self) -> [Handle<Expression>; 2] {
        let side = UNTILED_BLOCK_2D;
        self.layout.workgroup_size = [side, side, 1];
        let total_word = self.alloc_words(1);
        let per_row_word = self.alloc_words(1);
        let extent_word = self.alloc_words(2);
        let uvec3 = TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: naga::Scalar::U32,
        };
        let local_id = self.builtin_argument(BuiltIn::LocalInvocationId, uvec3);
        let block = self.linear_workgroup();
        self.return_unless_below(block, total_word);
        let per_row = self.param_word(per_row_word).handle();
        let block_row = self.binary(BinaryOperator::Divide, block, per_row);
        let block_col = self.binary(BinaryOperator::Modulo, block, per_row);
        let side = self.append(Expression::Literal(naga::Literal::U32(side)));
        let mut index = [block_row; 2];
        for (k, (b, lane)) in [(block_row, 1), (block_col, 0)].into_iter().enumerate() {
            let origin = self.binary(BinaryOperator::Multiply, b, side);
            let local = self.append(Expression::AccessIndex {
                base: local_id,
                index: lane,
            });
            let c = self.binary(BinaryOperator::Add, origin, local);
            // Threads of edge blocks outside the extent leave (no barriers in untiled kernels).
            self.return_unless_below(c, extent_word + k as u32);
            index[k] = self.domain_component(c);
        }
        index
    }

    /// The workgroup grid's linear number: `(z * ny + y) * nx + x`.
    fn linear_workgroup(&mut self) -> Handle<Expression> {
        let uvec3 = TypeInner::Vector {
            size: VectorSize::Tri,
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

    /// Returns from the entry point unless `linear < word[count_word]`. `linear` must not have
    /// wrapped in `u32`: a wrapped number is small and passes (see
    /// [`untiled_entry`](Self::untiled_entry)).
    fn return_unless_below(&mut self, linear: Handle<Expression>, count_word: u32) {
        let count = self.param_word(count_word).handle();
        let inside = self.binary(BinaryOperator::Less, linear, count);
        self.begin_if(KernelValue::from_handle(inside));
        self.begin_else();
        self.ret_unit();
        self.end_if();
    }

    /// Splits a linear number into `N` row-major components (as `u32`) of the extent held in
    /// parameter words `first..first + N`.
    fn delinearize(
        &mut self,
        linear: Handle<Expression>,
        first: u32,
        n: usize,
    ) -> Vec<Handle<Expression>> {
        let mut rest = linear;
        let mut components = vec![rest; n];
        for k in (1..n).rev() {
            let e = self.param_word(first + k as u32).handle();
            components[k] = self.binary(BinaryOperator::Modulo, rest, e);
            rest = self.binary(BinaryOperator::Divide, rest, e);
        }
        components[0] = rest;
        components
    }

    /// A component of the thread's index in the domain, as `i32`; the range analysis knows it
    /// lies in `[0, i32::MAX)` (a domain's extent is a positive `i32`).
    fn domain_component(&mut self, expr: Handle<Expression>) -> Handle<Expression> {
        let component = self.as_i32(expr);
        self.know(component, DOMAIN_COMPONENT);
        component
    }

    fn as_i32(&mut self, expr: Handle<Expression>) -> Handle<Expression> {
        self.append(Expression::As {
            expr,
            kind: ScalarKind::Sint,
            convert: None,
        })
    }

    /// Starts the entry point of a tiled launch with tiles of `tile` (most significant first)
    /// and returns the thread's tiled index. Parameter words: `[0]` the number of tiles,
    /// `[1..=N]` the tiles per dimension. Each workgroup is one tile; the workgroup grid is
    /// numbered linearly (so any number of tiles up to the per-dimension limit squared
    /// launches) and turned into a row-major tile index.
    pub fn tiled_entry<const N: usize>(&mut self, tile: [u32; 3]) -> crate::tile::TiledIndex<N>
    where
        Index<N>: Value + Rank,
        crate::shape::Extent<N>: Value + Rank,
    {
        let mut size = [1u32; 3];
        for k in 0..N {
            size[N - 1 - k] = tile[k];
        }
        self.layout.workgroup_size = size;
        self.tiled = true;
        let total_word = self.alloc_words(1);
        let counts_word = self.alloc_words(N as u32);
        let uvec3 = TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: naga::Scalar::U32,
        };
        let local_id = self.builtin_argument(BuiltIn::LocalInvocationId, uvec3);
        let linear = self.linear_workgroup();
        self.return_unless_below(linear, total_word);
        let tiles = self.delinearize(linear, counts_word, N);
        let (mut t, mut l, mut o, mut g, mut d) = (vec![], vec![], vec![], vec![], vec![]);
        for k in 0..N {
            let tile_k = self.as_i32(tiles[k]);
            let local_k = self.append(Expression::AccessIndex {
                base: local_id,
                index: (N - 1 - k) as u32,
            });
            let local_k = self.as_i32(local_k);
            // The range analysis knows the local index: `0 <= local < D`.
            self.know(local_k, super::Interval::new(0, i128::from(tile[k]) - 1));
            let dim = self.append(Expression::Literal(naga::Literal::I32(tile[k] as i32)));
            let origin_k = self.binary(BinaryOperator::Multiply, tile_k, dim);
            let global_k = self.binary(BinaryOperator::Add, origin_k, local_k);
            // Inside the domain, whose extent is a positive i32.
            for known in [tile_k, origin_k, global_k] {
                self.know(known, DOMAIN_COMPONENT);
            }
            t.push(tile_k);
            l.push(local_k);
            o.push(origin_k);
            g.push(global_k);
            d.push(dim);
        }
        crate::tile::TiledIndex {
            global: KernelValue::from_handle(self.compose::<Index<N>>(g)),
            local: KernelValue::from_handle(self.compose::<Index<N>>(l)),
            tile: KernelValue::from_handle(self.compose::<Index<N>>(t)),
            tile_origin: KernelValue::from_handle(self.compose::<Index<N>>(o)),
            tile_extent: KernelValue::from_handle(self.compose::<crate::shape::Extent<N>>(d)),
            barrier: crate::tile::TileBarrier::new(),
        }
    }

    /// Passes the parameter block as immediate data (push constants) when it takes at most
    /// `bytes` (the device's limit; 0, the default, never).
    pub fn set_immediate_limit(&mut self, bytes: u32) {
        self.immediate_limit = bytes;
    }

    /// Finishes the kernel: closes the entry point, sizes the parameter block and validates
    /// the module with naga under `capabilities`.
    pub fn finish(mut self, capabilities: valid::Capabilities) -> Result<KernelIr, KernelError> {
        if !self.terminated() {
            self.ret_unit();
        }
        let mut function = self.finish_function();
        self.report_faults(&mut function);
        if let Some(err) = self.errors.first() {
            return Err(err.clone());
        }
        let dropped_fences = if self.keep_global_fences {
            None
        } else {
            self.drop_global_fences(&mut function)
        };
        if let Some(fault) = self.fault {
            if fault.launch_word() + 1 != self.layout.words {
                return Err(KernelError::Build {
                    kernel: self.name.clone(),
                    loc: self.loc(),
                    message: "internal error: the launch number is not the last parameter word"
                        .into(),
                });
            }
        }
        let rows = self.layout.words.div_ceil(4).max(1);
        let row = self.intern_type(TypeInner::Vector {
            size: VectorSize::Quad,
            scalar: naga::Scalar::U32,
        });
        let block = self.intern_type(TypeInner::Array {
            base: row,
            size: ArraySize::Constant(NonZeroU32::MIN.saturating_add(rows - 1)),
            stride: 16,
        });
        self.module.global_variables[self.params].ty = block;
        // A block that fits the device's immediate data is passed that way: no buffer and no
        // binding per launch.
        let bytes = rows * 16;
        if bytes <= self.immediate_limit {
            let params = &mut self.module.global_variables[self.params];
            params.space = naga::AddressSpace::Immediate;
            params.binding = None;
            self.layout.immediate_bytes = bytes;
        }
        if let Some(err) = self.missing_capability(capabilities) {
            return Err(err);
        }
        if self.tiled {
            let errors = crate::uniformity::check(&self.module, &function, &self.locs, &self.name);
            if let Some(err) = errors.into_iter().next() {
                return Err(err);
            }
        }
        let entry_point = "main".to_owned();
        self.module.entry_points.push(EntryPoint {
            name: entry_point.clone(),
            stage: ShaderStage::Compute,
            early_depth_test: None,
            workgroup_size: self.layout.workgroup_size,
            workgroup_size_overrides: None,
            function,
            mesh_info: None,
            task_payload: None,
            incoming_ray_payload: None,
        });
        let info = valid::Validator::new(valid::ValidationFlags::all(), capabilities)
            .validate(&self.module)
            .map_err(|err| {
                let loc = err
                    .spans()
                    .find_map(|(span, _)| Self::loc_of(&self.locs, *span));
                let mut message = err.as_inner().to_string();
                let mut source = std::error::Error::source(err.as_inner());
                while let Some(s) = source {
                    message.push_str(": ");
                    message.push_str(&s.to_string());
                    source = s.source();
                }
                KernelError::Validation {
                    kernel: self.name.clone(),
                    loc,
                    message,
                }
            })?;
        Ok(KernelIr {
            module: self.module,
            info,
            entry_point,
            layout: LaunchLayout {
                launch_word: self.fault.map(|f| f.launch_word()),
                ..self.layout
            },
            loops_terminate: !self.open_ended_loops,
            sites: self.sites,
            dropped_fences,
        })
    }
}
