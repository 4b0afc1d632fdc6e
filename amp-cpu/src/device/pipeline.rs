//! Shader modules, bind group layouts, bind groups, pipeline layouts and compute pipelines.

use super::buffer::{BufferData, CpuBuffer};
use super::errors::Kind;
use super::shared::Shared;
use crate::exec::Kernel;
use std::sync::Arc;

/// A module naga's validator accepted, with what the validator found out about it.
pub(super) struct Module {
    /// The IR.
    pub module: naga::Module,
    /// Which globals each entry point uses.
    pub info: naga::valid::ModuleInfo,
}

/// A shader module; `None` when its source did not parse or validate (the error went to the
/// device's scope).
#[derive(Debug)]
pub(super) struct CpuShaderModule {
    pub module: Option<Arc<Module>>,
}

impl std::fmt::Debug for Module {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Module").finish_non_exhaustive()
    }
}

impl CpuShaderModule {
    /// Parses (WGSL) and validates `source`.
    pub fn new(shared: &Shared, source: wgpu::ShaderSource<'_>) -> CpuShaderModule {
        let fail = |message: String| {
            shared
                .errors
                .raise(Kind::Validation, "create_shader_module", message);
            CpuShaderModule { module: None }
        };
        let module = match source {
            wgpu::ShaderSource::Naga(module) => module.into_owned(),
            wgpu::ShaderSource::Wgsl(text) => match naga::front::wgsl::parse_str(&text) {
                Ok(module) => module,
                Err(e) => {
                    return fail(format!(
                        "the WGSL does not parse: {}",
                        e.emit_to_string(&text)
                    ))
                }
            },
            _ => return fail("the CPU accelerator takes naga IR or WGSL only".to_owned()),
        };
        let mut validator = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        );
        match validator.validate(&module) {
            Ok(info) => CpuShaderModule {
                module: Some(Arc::new(Module { module, info })),
            },
            Err(e) => fail(format!("the module is not valid: {}", e.into_inner())),
        }
    }
}

impl wgpu::custom::ShaderModuleInterface for CpuShaderModule {
    fn get_compilation_info(
        &self,
    ) -> std::pin::Pin<Box<dyn wgpu::custom::ShaderCompilationInfoFuture>> {
        Box::pin(std::future::ready(wgpu::CompilationInfo {
            messages: Vec::new(),
        }))
    }
}

/// One binding of a bind group layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LayoutEntry {
    /// `@binding`.
    pub binding: u32,
    /// Whether a dynamic offset moves it.
    pub dynamic: bool,
    /// The usage its buffer needs (`STORAGE` or `UNIFORM`).
    pub usage: wgpu::BufferUsages,
}

/// A bind group layout: its buffer bindings, by binding number.
#[derive(Debug)]
pub(super) struct CpuBindGroupLayout {
    pub entries: Arc<[LayoutEntry]>,
}

impl CpuBindGroupLayout {
    /// The layout `desc` describes; bindings other than buffers are refused.
    pub fn new(shared: &Shared, desc: &wgpu::BindGroupLayoutDescriptor<'_>) -> CpuBindGroupLayout {
        let mut entries = Vec::with_capacity(desc.entries.len());
        for entry in desc.entries {
            match entry.ty {
                wgpu::BindingType::Buffer {
                    ty,
                    has_dynamic_offset,
                    ..
                } => entries.push(LayoutEntry {
                    binding: entry.binding,
                    dynamic: has_dynamic_offset,
                    usage: match ty {
                        wgpu::BufferBindingType::Uniform => wgpu::BufferUsages::UNIFORM,
                        wgpu::BufferBindingType::Storage { .. } => wgpu::BufferUsages::STORAGE,
                    },
                }),
                other => shared.errors.raise(
                    Kind::Validation,
                    "create_bind_group_layout",
                    format!("the CPU accelerator has buffer bindings only, not {other:?}"),
                ),
            }
        }
        entries.sort_by_key(|e| e.binding);
        CpuBindGroupLayout {
            entries: entries.into(),
        }
    }

    /// The layout of a wgpu bind group layout, if it is one of this accelerator's.
    pub fn of(layout: &wgpu::BindGroupLayout) -> Option<&Arc<[LayoutEntry]>> {
        layout.as_custom::<CpuBindGroupLayout>().map(|l| &l.entries)
    }
}

impl wgpu::custom::BindGroupLayoutInterface for CpuBindGroupLayout {}

/// One buffer binding of a bind group.
#[derive(Debug)]
pub(super) struct GroupEntry {
    /// `@binding`.
    pub binding: u32,
    /// The buffer.
    pub buffer: Arc<BufferData>,
    /// Where the binding starts (before a dynamic offset).
    pub offset: u64,
    /// Its size in bytes.
    pub size: u64,
    /// Whether a dynamic offset moves it.
    pub dynamic: bool,
}

/// A bind group: its buffer bindings, by binding number.
#[derive(Debug)]
pub(super) struct CpuBindGroup {
    pub entries: Arc<[GroupEntry]>,
}

impl CpuBindGroup {
    /// The group `desc` describes; a binding its layout lacks, a resource that is not a buffer
    /// or a range outside the buffer is refused.
    pub fn new(shared: &Shared, desc: &wgpu::BindGroupDescriptor<'_>) -> CpuBindGroup {
        let refuse = |message: String| {
            shared
                .errors
                .raise(Kind::Validation, "create_bind_group", message)
        };
        let layout: &[LayoutEntry] = CpuBindGroupLayout::of(desc.layout).map_or(&[], |l| l);
        let mut entries = Vec::with_capacity(desc.entries.len());
        for entry in desc.entries {
            let Some(laid) = layout.iter().find(|l| l.binding == entry.binding) else {
                refuse(format!("the layout has no binding {}", entry.binding));
                continue;
            };
            let wgpu::BindingResource::Buffer(binding) = &entry.resource else {
                refuse(format!(
                    "binding {} is not a buffer: the CPU accelerator has buffer bindings only",
                    entry.binding
                ));
                continue;
            };
            let Some(buffer) = binding.buffer.as_custom::<CpuBuffer>() else {
                refuse(format!(
                    "binding {} is a buffer of another device",
                    entry.binding
                ));
                continue;
            };
            let data = &buffer.data;
            if !data.usage.contains(laid.usage) {
                refuse(format!(
                    "binding {}'s buffer lacks the usage {:?}",
                    entry.binding, laid.usage
                ));
                continue;
            }
            let size = match binding.size {
                Some(size) => size.get(),
                None => data.size.saturating_sub(binding.offset),
            };
            if !binding.offset.is_multiple_of(4) || !size.is_multiple_of(4) {
                refuse(format!(
                    "binding {}'s offset {} and size {size} must be multiples of 4",
                    entry.binding, binding.offset
                ));
                continue;
            }
            if !data.holds(binding.offset, size) {
                refuse(format!(
                    "binding {} ({size} bytes from {}) is not inside its buffer's {} bytes",
                    entry.binding, binding.offset, data.size
                ));
                continue;
            }
            entries.push(GroupEntry {
                binding: entry.binding,
                buffer: Arc::clone(data),
                offset: binding.offset,
                size,
                dynamic: laid.dynamic,
            });
        }
        entries.sort_by_key(|e| e.binding);
        CpuBindGroup {
            entries: entries.into(),
        }
    }
}

impl wgpu::custom::BindGroupInterface for CpuBindGroup {}

/// A pipeline layout: the bind group layouts by group index, and the immediates' size.
#[derive(Debug)]
pub(super) struct CpuPipelineLayout {
    pub groups: Vec<Arc<[LayoutEntry]>>,
    pub immediate_size: u32,
}

impl wgpu::custom::PipelineLayoutInterface for CpuPipelineLayout {}

/// A buffer a module declares: where it is bound, and whether the entry point uses it (a
/// dispatch must bind those it uses; it passes the others to the executor where bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Declared {
    /// `@group`.
    pub group: u32,
    /// `@binding`.
    pub binding: u32,
    /// Whether the entry point touches it.
    pub used: bool,
    /// The usage its buffer needs (`STORAGE` or `UNIFORM`).
    pub usage: wgpu::BufferUsages,
}

/// A compute pipeline that compiled: its kernel, and the bindings its entry point uses.
pub(super) struct Pipeline {
    /// The compiled entry point.
    pub kernel: Kernel,
    /// Every buffer the module declares, by group and binding.
    pub declared: Vec<Declared>,
    /// The bind group layouts, by group index.
    pub groups: Vec<Arc<[LayoutEntry]>>,
    /// Bytes of immediates it reads.
    pub immediate_size: u32,
}

impl std::fmt::Debug for Pipeline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline")
            .field("declared", &self.declared)
            .finish_non_exhaustive()
    }
}

/// A compute pipeline; `None` when its module was invalid or the executor refused it (the
/// error went to the device's scope).
#[derive(Debug)]
pub(super) struct CpuComputePipeline {
    pub pipeline: Option<Arc<Pipeline>>,
}

impl CpuComputePipeline {
    /// Compiles `desc`'s entry point with [`Kernel::compile`].
    pub fn new(shared: &Shared, desc: &wgpu::ComputePipelineDescriptor<'_>) -> CpuComputePipeline {
        let refuse = |message: String| {
            shared
                .errors
                .raise(Kind::Validation, "create_compute_pipeline", message);
            CpuComputePipeline { pipeline: None }
        };
        let Some(module) = desc
            .module
            .as_custom::<CpuShaderModule>()
            .and_then(|m| m.module.clone())
        else {
            return refuse("its shader module is invalid".to_owned());
        };
        let computes = || {
            module
                .module
                .entry_points
                .iter()
                .enumerate()
                .filter(|(_, e)| e.stage == naga::ShaderStage::Compute)
        };
        let found = match desc.entry_point {
            Some(name) => computes().find(|(_, e)| e.name == name),
            None if computes().count() == 1 => computes().next(),
            None => None,
        };
        let Some((index, entry)) = found else {
            return refuse(format!(
                "the module has no compute entry point {}",
                desc.entry_point
                    .map_or("(or more than one)".to_owned(), |n| format!("`{n}`"))
            ));
        };
        let kernel = match Kernel::compile(&module.module, &entry.name) {
            Ok(kernel) => kernel,
            Err(e) => return refuse(e.to_string()),
        };
        let used = module.info.get_entry_point(index);
        let mut declared: Vec<Declared> = module
            .module
            .global_variables
            .iter()
            .filter_map(|(handle, var)| {
                var.binding.as_ref().map(|b| Declared {
                    group: b.group,
                    binding: b.binding,
                    used: !used[handle].is_empty(),
                    usage: match var.space {
                        naga::AddressSpace::Uniform => wgpu::BufferUsages::UNIFORM,
                        _ => wgpu::BufferUsages::STORAGE,
                    },
                })
            })
            .collect();
        declared.sort_unstable_by_key(|d| (d.group, d.binding));
        let (groups, immediate_size) =
            match desc.layout.and_then(|l| l.as_custom::<CpuPipelineLayout>()) {
                Some(layout) => (layout.groups.clone(), layout.immediate_size),
                None => derived_layout(&declared),
            };
        CpuComputePipeline {
            pipeline: Some(Arc::new(Pipeline {
                kernel,
                declared,
                groups,
                immediate_size,
            })),
        }
    }
}

/// The layout of a pipeline made without one: each binding the entry point uses, none dynamic,
/// and the largest immediates the device allows.
fn derived_layout(declared: &[Declared]) -> (Vec<Arc<[LayoutEntry]>>, u32) {
    let used = || declared.iter().filter(|d| d.used);
    let count = used().map(|d| d.group as usize + 1).max().unwrap_or(0);
    let groups = (0..count)
        .map(|g| {
            used()
                .filter(|d| d.group as usize == g)
                .map(|d| LayoutEntry {
                    binding: d.binding,
                    dynamic: false,
                    usage: d.usage,
                })
                .collect()
        })
        .collect();
    (groups, super::adapter::MAX_IMMEDIATES)
}

impl wgpu::custom::ComputePipelineInterface for CpuComputePipeline {
    fn get_bind_group_layout(&self, index: u32) -> wgpu::custom::DispatchBindGroupLayout {
        let entries = self
            .pipeline
            .as_ref()
            .and_then(|p| p.groups.get(index as usize).cloned())
            .unwrap_or_else(|| Arc::from([]));
        wgpu::custom::DispatchBindGroupLayout::custom(CpuBindGroupLayout { entries })
    }
}
