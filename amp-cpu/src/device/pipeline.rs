//! Shader modules, bind group layouts, bind groups, pipeline layouts and compute pipelines.

use super::buffer::{BufferData, CpuBuffer};
use super::errors::Kind;
use super::shared::Shared;
use super::texture::{CpuSampler, CpuTextureView, ViewData};
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

/// What a binding holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    /// A buffer with `usage` (`STORAGE` or `UNIFORM`), moved by a dynamic offset or not.
    Buffer {
        usage: wgpu::BufferUsages,
        dynamic: bool,
    },
    /// A texture view whose texture has `usage` (`TEXTURE_BINDING` or `STORAGE_BINDING`);
    /// `format`, for a storage texture, is the format its view must have, and `kind`, for a
    /// sampled one, what its texels must read as.
    Texture {
        usage: wgpu::TextureUsages,
        format: Option<wgpu::TextureFormat>,
        kind: Option<crate::texel::Kind>,
    },
    /// A sampler.
    Sampler,
}

/// One binding of a bind group layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LayoutEntry {
    /// `@binding`.
    pub binding: u32,
    /// What it holds.
    pub slot: Slot,
}

/// A bind group layout: its bindings, by binding number.
#[derive(Debug)]
pub(super) struct CpuBindGroupLayout {
    pub entries: Arc<[LayoutEntry]>,
}

/// What a sampled texture binding of `ty` reads, if the CPU accelerator has it.
fn sample_kind(ty: wgpu::TextureSampleType) -> Option<crate::texel::Kind> {
    match ty {
        wgpu::TextureSampleType::Float { .. } => Some(crate::texel::Kind::Float),
        wgpu::TextureSampleType::Sint => Some(crate::texel::Kind::Sint),
        wgpu::TextureSampleType::Uint => Some(crate::texel::Kind::Uint),
        wgpu::TextureSampleType::Depth => None,
    }
}

impl CpuBindGroupLayout {
    /// The layout `desc` describes; bindings the accelerator has not are refused.
    pub fn new(shared: &Shared, desc: &wgpu::BindGroupLayoutDescriptor<'_>) -> CpuBindGroupLayout {
        let mut entries = Vec::with_capacity(desc.entries.len());
        for entry in desc.entries {
            let slot = match entry.ty {
                wgpu::BindingType::Buffer {
                    ty,
                    has_dynamic_offset,
                    ..
                } => Some(Slot::Buffer {
                    dynamic: has_dynamic_offset,
                    usage: match ty {
                        wgpu::BufferBindingType::Uniform => wgpu::BufferUsages::UNIFORM,
                        wgpu::BufferBindingType::Storage { .. } => wgpu::BufferUsages::STORAGE,
                    },
                }),
                wgpu::BindingType::Texture {
                    sample_type,
                    view_dimension,
                    multisampled: false,
                } if sample_kind(sample_type).is_some() && !is_layered(view_dimension) => {
                    Some(Slot::Texture {
                        usage: wgpu::TextureUsages::TEXTURE_BINDING,
                        format: None,
                        kind: sample_kind(sample_type),
                    })
                }
                wgpu::BindingType::StorageTexture {
                    format,
                    view_dimension,
                    ..
                } if !is_layered(view_dimension) => Some(Slot::Texture {
                    usage: wgpu::TextureUsages::STORAGE_BINDING,
                    format: Some(format),
                    kind: None,
                }),
                wgpu::BindingType::Sampler(
                    wgpu::SamplerBindingType::Filtering | wgpu::SamplerBindingType::NonFiltering,
                ) => Some(Slot::Sampler),
                _ => None,
            };
            match slot {
                Some(slot) => entries.push(LayoutEntry {
                    binding: entry.binding,
                    slot,
                }),
                None => shared.errors.raise(
                    Kind::Validation,
                    "create_bind_group_layout",
                    format!(
                        "the CPU accelerator has buffers, 1D, 2D and 3D textures and \
                         non-comparison samplers, not {:?}",
                        entry.ty
                    ),
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

/// Whether a view dimension is an array or cube (which the CPU accelerator has not).
fn is_layered(d: wgpu::TextureViewDimension) -> bool {
    !matches!(
        d,
        wgpu::TextureViewDimension::D1
            | wgpu::TextureViewDimension::D2
            | wgpu::TextureViewDimension::D3
    )
}

impl wgpu::custom::BindGroupLayoutInterface for CpuBindGroupLayout {}

/// What one binding of a bind group holds.
#[derive(Debug)]
pub(super) enum Resource {
    /// `size` bytes of a buffer from `offset` (before a dynamic offset).
    Buffer {
        buffer: Arc<BufferData>,
        offset: u64,
        size: u64,
        dynamic: bool,
    },
    /// A texture view.
    Texture(Arc<ViewData>),
    /// A sampler.
    Sampler(crate::texel::Sampler),
}

/// One binding of a bind group.
#[derive(Debug)]
pub(super) struct GroupEntry {
    /// `@binding`.
    pub binding: u32,
    /// What it holds.
    pub resource: Resource,
}

/// A bind group: its bindings, by binding number.
#[derive(Debug)]
pub(super) struct CpuBindGroup {
    pub entries: Arc<[GroupEntry]>,
}

impl CpuBindGroup {
    /// The group `desc` describes; a binding its layout lacks, a resource of the wrong kind or
    /// a range outside the buffer is refused.
    pub fn new(shared: &Shared, desc: &wgpu::BindGroupDescriptor<'_>) -> CpuBindGroup {
        let layout: &[LayoutEntry] = CpuBindGroupLayout::of(desc.layout).map_or(&[], |l| l);
        let mut entries = Vec::with_capacity(desc.entries.len());
        for entry in desc.entries {
            let resource = match layout.iter().find(|l| l.binding == entry.binding) {
                Some(laid) => Self::resource(laid.slot, &entry.resource),
                None => Err("the layout has no such binding".to_owned()),
            };
            match resource {
                Ok(resource) => entries.push(GroupEntry {
                    binding: entry.binding,
                    resource,
                }),
                Err(why) => shared.errors.raise(
                    Kind::Validation,
                    "create_bind_group",
                    format!("binding {}: {why}", entry.binding),
                ),
            }
        }
        entries.sort_by_key(|e| e.binding);
        CpuBindGroup {
            entries: entries.into(),
        }
    }

    /// The resource a binding laid out as `slot` holds, checked.
    fn resource(slot: Slot, resource: &wgpu::BindingResource<'_>) -> Result<Resource, String> {
        match (slot, resource) {
            (Slot::Buffer { usage, dynamic }, wgpu::BindingResource::Buffer(binding)) => {
                let buffer = binding
                    .buffer
                    .as_custom::<CpuBuffer>()
                    .ok_or("a buffer of another device")?;
                let data = &buffer.data;
                if !data.usage.contains(usage) {
                    return Err(format!("its buffer lacks the usage {usage:?}"));
                }
                let size = match binding.size {
                    Some(size) => size.get(),
                    None => data.size.saturating_sub(binding.offset),
                };
                if !binding.offset.is_multiple_of(4) || !size.is_multiple_of(4) {
                    return Err(format!(
                        "the offset {} and size {size} must be multiples of 4",
                        binding.offset
                    ));
                }
                if !data.holds(binding.offset, size) {
                    return Err(format!(
                        "{size} bytes from {} are not inside its buffer's {} bytes",
                        binding.offset, data.size
                    ));
                }
                Ok(Resource::Buffer {
                    buffer: Arc::clone(data),
                    offset: binding.offset,
                    size,
                    dynamic,
                })
            }
            (
                Slot::Texture {
                    usage,
                    format,
                    kind,
                },
                wgpu::BindingResource::TextureView(view),
            ) => {
                let view = CpuTextureView::of(view).ok_or("not a valid CPU texture view")?;
                let texture = &view.texture;
                if !texture.usage.contains(usage) {
                    return Err(format!("its texture lacks the usage {usage:?}"));
                }
                if format.is_some_and(|f| f != texture.wgpu_format) {
                    return Err(format!(
                        "a view of format {:?} where the layout says {format:?}",
                        texture.wgpu_format
                    ));
                }
                if kind.is_some_and(|k| k != texture.format.kind()) {
                    return Err(format!(
                        "a view of format {:?}, whose texels do not read as {kind:?}",
                        texture.wgpu_format
                    ));
                }
                if format.is_some() && view.count != 1 {
                    return Err("a storage texture's view must have one mip level".to_owned());
                }
                Ok(Resource::Texture(Arc::clone(view)))
            }
            (Slot::Sampler, wgpu::BindingResource::Sampler(sampler)) => CpuSampler::of(sampler)
                .map(Resource::Sampler)
                .ok_or_else(|| "not a valid CPU sampler".to_owned()),
            (slot, _) => Err(format!("the resource is not the layout's {slot:?}")),
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

/// A binding a module declares: where it is bound, and whether the entry point uses it (a
/// dispatch must bind those it uses; it passes the others to the executor where bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Declared {
    /// `@group`.
    pub group: u32,
    /// `@binding`.
    pub binding: u32,
    /// Whether the entry point touches it.
    pub used: bool,
    /// What it holds, as a pipeline made without a layout lays it out.
    pub slot: Slot,
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
                    slot: declared_slot(var.space, &module.module.types[var.ty].inner),
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

/// What a global in `space` of type `inner` holds.
fn declared_slot(space: naga::AddressSpace, inner: &naga::TypeInner) -> Slot {
    match (space, inner) {
        (naga::AddressSpace::Uniform, _) => Slot::Buffer {
            usage: wgpu::BufferUsages::UNIFORM,
            dynamic: false,
        },
        (_, naga::TypeInner::Sampler { .. }) => Slot::Sampler,
        (
            _,
            naga::TypeInner::Image {
                class: naga::ImageClass::Storage { format, .. },
                ..
            },
        ) => Slot::Texture {
            usage: wgpu::TextureUsages::STORAGE_BINDING,
            format: Some(storage_format(*format)),
            kind: None,
        },
        (_, naga::TypeInner::Image { class, .. }) => Slot::Texture {
            usage: wgpu::TextureUsages::TEXTURE_BINDING,
            format: None,
            kind: match class {
                naga::ImageClass::Sampled {
                    kind: naga::ScalarKind::Sint,
                    ..
                } => Some(crate::texel::Kind::Sint),
                naga::ImageClass::Sampled {
                    kind: naga::ScalarKind::Uint,
                    ..
                } => Some(crate::texel::Kind::Uint),
                _ => Some(crate::texel::Kind::Float),
            },
        },
        _ => Slot::Buffer {
            usage: wgpu::BufferUsages::STORAGE,
            dynamic: false,
        },
    }
}

/// The texture format of a naga storage format.
fn storage_format(format: naga::StorageFormat) -> wgpu::TextureFormat {
    use naga::StorageFormat as S;
    use wgpu::TextureFormat as F;
    match format {
        S::R8Unorm => F::R8Unorm,
        S::R8Snorm => F::R8Snorm,
        S::R8Uint => F::R8Uint,
        S::R8Sint => F::R8Sint,
        S::R16Uint => F::R16Uint,
        S::R16Sint => F::R16Sint,
        S::R16Float => F::R16Float,
        S::Rg8Unorm => F::Rg8Unorm,
        S::Rg8Snorm => F::Rg8Snorm,
        S::Rg8Uint => F::Rg8Uint,
        S::Rg8Sint => F::Rg8Sint,
        S::R32Uint => F::R32Uint,
        S::R32Sint => F::R32Sint,
        S::R32Float => F::R32Float,
        S::Rg16Uint => F::Rg16Uint,
        S::Rg16Sint => F::Rg16Sint,
        S::Rg16Float => F::Rg16Float,
        S::Rgba8Unorm => F::Rgba8Unorm,
        S::Rgba8Snorm => F::Rgba8Snorm,
        S::Rgba8Uint => F::Rgba8Uint,
        S::Rgba8Sint => F::Rgba8Sint,
        S::Bgra8Unorm => F::Bgra8Unorm,
        S::Rgb10a2Uint => F::Rgb10a2Uint,
        S::Rgb10a2Unorm => F::Rgb10a2Unorm,
        S::Rg11b10Ufloat => F::Rg11b10Ufloat,
        S::R64Uint => F::R64Uint,
        S::Rg32Uint => F::Rg32Uint,
        S::Rg32Sint => F::Rg32Sint,
        S::Rg32Float => F::Rg32Float,
        S::Rgba16Uint => F::Rgba16Uint,
        S::Rgba16Sint => F::Rgba16Sint,
        S::Rgba16Float => F::Rgba16Float,
        S::Rgba32Uint => F::Rgba32Uint,
        S::Rgba32Sint => F::Rgba32Sint,
        S::Rgba32Float => F::Rgba32Float,
        S::R16Unorm => F::R16Unorm,
        S::R16Snorm => F::R16Snorm,
        S::Rg16Unorm => F::Rg16Unorm,
        S::Rg16Snorm => F::Rg16Snorm,
        S::Rgba16Unorm => F::Rgba16Unorm,
        S::Rgba16Snorm => F::Rgba16Snorm,
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
                    slot: d.slot,
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
