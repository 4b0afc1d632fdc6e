//! The kernel entry point, its launch parameters and resource bindings, and the finished,
//! validated module.
//!
//! Launch parameters live in one block of 32-bit words (binding 0, or immediate data); the domain
//! and each capture take words in declaration order, views storage bindings 1, 2, … The
//! [`LaunchLayout`] records both, slot by slot, for the launch to fill.

use super::{KernelBuilder, KernelValue};
use crate::error::{span_loc, KernelError};
use crate::layout::{BindingKind, LaunchLayout};
use naga::{
    valid, ArraySize, BinaryOperator, Binding, BuiltIn, EntryPoint, Expression, FunctionArgument,
    Handle, ScalarKind, ShaderStage, TypeInner, VectorSize,
};
use std::num::NonZeroU32;

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
    /// The kernel's source locations: a span of the module indexes this table
    /// ([`KernelIr::location`]).
    pub locations: Vec<crate::error::Loc>,
    /// Set when the global-memory part of the kernel's barriers was dropped because no view is
    /// both read and written: a launch that binds one buffer to a written and a read binding
    /// must use the kernel built with [`KernelBuilder::keep_global_fences`] instead.
    pub dropped_fences: Option<super::ViewUse>,
    /// The kernel's prints and assertions; a print record names one by its position.
    pub prints: Vec<super::PrintFormat>,
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

    /// Where in the user's source a span of the module was written.
    pub fn location(&self, span: naga::Span) -> Option<crate::error::Loc> {
        span_loc(&self.locations, span)
    }
}

impl KernelBuilder {
    /// 64-bit and 16-bit types the kernel uses that the accelerator cannot run.
    fn missing_capability(&self, capabilities: valid::Capabilities) -> Option<KernelError> {
        for (_, ty) in self.module.types.iter() {
            let scalar = match ty.inner {
                TypeInner::Atomic(naga::Scalar::F32) => {
                    if capabilities.contains(valid::Capabilities::SHADER_FLOAT32_ATOMIC) {
                        continue;
                    }
                    return Some(KernelError::Unsupported {
                        kernel: self.name.clone(),
                        feature: "atomics on `f32` (the accelerator has no float atomics: wgpu's \
                                  `Features::SHADER_FLOAT32_ATOMIC`, which a program that opens \
                                  the device itself requests)"
                            .into(),
                    });
                }
                TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => s,
                _ => continue,
            };
            // The wgpu feature behind each, for a program that opens the device itself.
            let (needed, name, wgpu_feature) = match (scalar.kind, scalar.width) {
                (ScalarKind::Float, 8) => (valid::Capabilities::FLOAT64, "f64", "SHADER_F64"),
                (ScalarKind::Float, 2) => {
                    (valid::Capabilities::SHADER_FLOAT16, "f16", "SHADER_F16")
                }
                (ScalarKind::Sint, 8) => (valid::Capabilities::SHADER_INT64, "i64", "SHADER_INT64"),
                (ScalarKind::Uint, 8) => (valid::Capabilities::SHADER_INT64, "u64", "SHADER_INT64"),
                _ => continue,
            };
            if !capabilities.contains(needed) {
                return Some(KernelError::Unsupported {
                    kernel: self.name.clone(),
                    feature: format!(
                        "`{name}` (the accelerator has no {name} support: wgpu's \
                         `Features::{wgpu_feature}`, which a program that opens the device \
                         itself requests)"
                    ),
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
        if let Some(words) = &self.constant_words {
            let value = words.get(word as usize).copied().unwrap_or(0);
            return self.literal(value);
        }
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

    /// A host value as a constant of the kernel: `build` reads it as a captured value is read
    /// from its parameter words (`T::param_value(b, 0)`), each word then being the literal
    /// `words[k]` rather than a load of the launch parameters.
    pub(crate) fn constant_from_words<R>(
        &mut self,
        words: Vec<u32>,
        build: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let outer = self.constant_words.replace(words);
        let value = build(self);
        self.constant_words = outer;
        value
    }

    /// The `scalar` held in parameter words from `word`: one word, or two for a 64-bit scalar
    /// (low word first); an `f16` is the low half of its word.
    pub(crate) fn param_scalar(&mut self, word: u32, scalar: naga::Scalar) -> Handle<Expression> {
        if scalar == naga::Scalar::F16 {
            let bits = self.param_word(word).handle();
            return self.f16_from_low_bits(bits);
        }
        if scalar.width != 8 {
            let bits = self.param_word(word).handle();
            return self.reinterpret(bits, scalar);
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
        match scalar.kind {
            ScalarKind::Uint => bits,
            kind => self.append(Expression::As {
                expr: bits,
                kind,
                convert: None,
            }),
        }
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

    /// A binary operation on raw handles.
    pub(crate) fn binary(
        &mut self,
        op: BinaryOperator,
        left: Handle<Expression>,
        right: Handle<Expression>,
    ) -> Handle<Expression> {
        self.append(Expression::Binary { op, left, right })
    }

    /// Declares an argument of the entry point that receives `builtin`.
    pub(crate) fn builtin_argument(
        &mut self,
        builtin: BuiltIn,
        inner: TypeInner,
    ) -> Handle<Expression> {
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

    /// Passes the parameter block as immediate data (push constants) when it takes at most
    /// `bytes` (the device's limit; 0, the default, never).
    pub fn set_immediate_limit(&mut self, bytes: u32) {
        self.immediate_limit = bytes;
    }

    /// Finishes the kernel: closes the entry point, sizes the parameter block and validates
    /// the module with naga under `capabilities`.
    pub fn finish(mut self, capabilities: valid::Capabilities) -> Result<KernelIr, KernelError> {
        self.finish_untiled_body();
        if !self.terminated() {
            self.ret_unit();
        }
        let mut function = self.finish_function();
        self.report_faults(&mut function);
        self.check_subgroups_tiled();
        if let Some(err) = self.errors.first() {
            return Err(err.clone());
        }
        let dropped_fences = if self.keep_global_fences {
            None
        } else {
            self.drop_global_fences(&mut function)
        };
        if let Some(fault) = self.layout.faults {
            if fault.launch_word + 1 != self.layout.words {
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
        let fragments = self
            .module
            .types
            .iter()
            .any(|(_, ty)| matches!(ty.inner, TypeInner::CooperativeMatrix { .. }));
        if fragments && !self.tiled {
            return Err(KernelError::Build {
                kernel: self.name.clone(),
                loc: self.loc(),
                message: "matrix fragments are shared by the threads of a subgroup: they need \
                          a tiled kernel (parallel_for_each! over a tiled extent)"
                    .into(),
            });
        }
        if fragments && !capabilities.contains(valid::Capabilities::COOPERATIVE_MATRIX) {
            return Err(KernelError::UnsupportedMatrix {
                kernel: self.name.clone(),
                need: crate::matrix::MatrixNeed::Fragments,
                device: self.matrix_shapes.clone().unwrap_or_default(),
            });
        }
        if let Some(err) = self.missing_subgroups(capabilities) {
            return Err(err);
        }
        self.store_subgroup_builtins(&mut function);
        if self.tiled {
            let uniform = self.uniform_subgroup_globals();
            let errors =
                crate::uniformity::check(&self.module, &function, &self.locs, &self.name, &uniform);
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
                    .find_map(|(span, _)| span_loc(&self.locs, *span));
                KernelError::Validation {
                    kernel: self.name.clone(),
                    loc,
                    error: Box::new(err),
                }
            })?;
        if let Some(shapes) = &self.matrix_shapes {
            let missing = crate::matrix::needs(&self.module, &info)
                .into_iter()
                .find(|need| !need.met_by(shapes));
            if let Some(need) = missing {
                return Err(KernelError::UnsupportedMatrix {
                    kernel: self.name.clone(),
                    need,
                    device: shapes.clone(),
                });
            }
        }
        Ok(KernelIr {
            module: self.module,
            info,
            entry_point,
            layout: self.layout,
            loops_terminate: !self.open_ended_loops,
            locations: self.locs,
            sites: self.sites,
            dropped_fences,
            prints: self.prints,
        })
    }
}
