//! The adapter: what the CPU accelerator is, can do and allows, and opening a device on it.

use super::opened::CpuDevice;
use super::queue::CpuQueue;
use super::shared::Shared;
use super::NAME;
use std::sync::Arc;

/// Lanes per subgroup (the executor runs a workgroup's threads in lock step, in subgroups of
/// this many).
pub(super) const SUBGROUP_SIZE: u32 = 32;
/// Bytes of immediate data a pipeline may read.
pub(super) const MAX_IMMEDIATES: u32 = 256;
/// Workgroups a dispatch may run in each dimension.
pub(super) const MAX_GROUPS: u32 = 65535;
/// Bind groups a pipeline may use.
pub(super) const MAX_BIND_GROUPS: u32 = 8;

/// The CPU accelerator's adapter.
#[derive(Debug)]
pub(super) struct CpuAdapter;

/// The features the executor supports.
pub(super) fn features() -> wgpu::Features {
    wgpu::Features::SHADER_F64
        | wgpu::Features::SHADER_INT64
        | wgpu::Features::SHADER_INT64_ATOMIC_MIN_MAX
        | wgpu::Features::SHADER_INT64_ATOMIC_ALL_OPS
        | wgpu::Features::SHADER_FLOAT32_ATOMIC
        | wgpu::Features::SHADER_F16
        | wgpu::Features::SUBGROUP
        | wgpu::Features::SUBGROUP_BARRIER
        | wgpu::Features::IMMEDIATES
        // Textures: the 16-bit normalised formats, storage textures of every format the
        // device stores (more than WebGPU's), linear filtering of 32-bit floats, and the
        // border addressing modes.
        | wgpu::Features::TEXTURE_FORMAT_16BIT_NORM
        | wgpu::Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES
        | wgpu::Features::FLOAT32_FILTERABLE
        | wgpu::Features::ADDRESS_MODE_CLAMP_TO_BORDER
        | wgpu::Features::ADDRESS_MODE_CLAMP_TO_ZERO
}

/// What the device does with textures of `format`: every format it stores may be copied,
/// sampled (filtered, when its texels read as floats) and bound as a storage texture, read-only
/// or write-only; read-write too for the 32-bit single-channel formats, as WebGPU allows.
pub(super) fn texture_format_features(format: wgpu::TextureFormat) -> wgpu::TextureFormatFeatures {
    use wgpu::TextureFormatFeatureFlags as Flags;
    use wgpu::TextureUsages as U;
    let Some(texel) = crate::texel::Format::of(format) else {
        return wgpu::TextureFormatFeatures {
            allowed_usages: U::empty(),
            flags: Flags::empty(),
        };
    };
    let mut flags = Flags::STORAGE_READ_ONLY | Flags::STORAGE_WRITE_ONLY;
    if texel.kind() == crate::texel::Kind::Float {
        flags |= Flags::FILTERABLE;
    }
    if texel.components == 1 && texel.channel.bytes() == 4 {
        flags |= Flags::STORAGE_READ_WRITE;
    }
    wgpu::TextureFormatFeatures {
        allowed_usages: U::COPY_SRC | U::COPY_DST | U::TEXTURE_BINDING | U::STORAGE_BINDING,
        flags,
    }
}

/// The largest buffer: what `Memory` can index (its words in a `usize`), and no more than the
/// address space allows for bytes.
pub(super) fn max_buffer_size() -> u64 {
    u64::try_from(isize::MAX).unwrap_or(u64::MAX) & !3
}

/// The limits: as large as a CPU sensibly allows.
pub(super) fn limits() -> wgpu::Limits {
    let buffer = max_buffer_size();
    wgpu::Limits {
        max_bind_groups: MAX_BIND_GROUPS,
        max_bindings_per_bind_group: 1000,
        max_dynamic_uniform_buffers_per_pipeline_layout: 16,
        max_dynamic_storage_buffers_per_pipeline_layout: 16,
        max_storage_buffers_per_shader_stage: 64,
        max_uniform_buffers_per_shader_stage: 64,
        max_sampled_textures_per_shader_stage: 64,
        max_storage_textures_per_shader_stage: 64,
        max_samplers_per_shader_stage: 64,
        max_uniform_buffer_binding_size: buffer,
        max_storage_buffer_binding_size: buffer,
        max_buffer_size: buffer,
        min_uniform_buffer_offset_alignment: 4,
        min_storage_buffer_offset_alignment: 4,
        max_compute_workgroup_storage_size: 64 * 1024,
        max_compute_invocations_per_workgroup: 1024,
        max_compute_workgroup_size_x: 1024,
        max_compute_workgroup_size_y: 1024,
        max_compute_workgroup_size_z: 1024,
        max_compute_workgroups_per_dimension: MAX_GROUPS,
        max_immediate_size: MAX_IMMEDIATES,
        ..wgpu::Limits::default()
    }
}

/// What the adapter reports.
pub(super) fn info() -> wgpu::AdapterInfo {
    wgpu::AdapterInfo {
        name: NAME.to_owned(),
        vendor: 0,
        device: 0,
        device_type: wgpu::DeviceType::Cpu,
        device_pci_bus_id: String::new(),
        driver: "amp".to_owned(),
        driver_info: env!("CARGO_PKG_VERSION").to_owned(),
        backend: wgpu::Backend::Noop,
        subgroup_min_size: SUBGROUP_SIZE,
        subgroup_max_size: SUBGROUP_SIZE,
        transient_saves_memory: None,
        limit_bucket: None,
    }
}

impl wgpu::custom::AdapterInterface for CpuAdapter {
    fn request_device(
        &self,
        desc: &wgpu::DeviceDescriptor<'_>,
    ) -> std::pin::Pin<Box<dyn wgpu::custom::RequestDeviceFuture>> {
        let missing = desc.required_features - features();
        let result = if !missing.is_empty() {
            Err(wgpu::RequestDeviceError::from_message(format!(
                "amp's CPU accelerator has not the features {missing:?}"
            )))
        } else {
            let mut over = Vec::new();
            desc.required_limits.check_limits_with_fail_fn(
                &limits(),
                false,
                |name, asked, allowed| {
                    over.push(format!("{name} ({asked} asked, {allowed} allowed)"));
                },
            );
            if over.is_empty() {
                let shared = Arc::new(Shared::new());
                Ok((
                    wgpu::custom::DispatchDevice::custom(CpuDevice::new(Arc::clone(&shared))),
                    wgpu::custom::DispatchQueue::custom(CpuQueue { shared }),
                ))
            } else {
                Err(wgpu::RequestDeviceError::from_message(format!(
                    "amp's CPU accelerator allows less than the limits {}",
                    over.join(", ")
                )))
            }
        };
        Box::pin(std::future::ready(result))
    }

    fn is_surface_supported(&self, _: &wgpu::custom::DispatchSurface) -> bool {
        false
    }

    fn features(&self) -> wgpu::Features {
        features()
    }

    fn limits(&self) -> wgpu::Limits {
        limits()
    }

    fn downlevel_capabilities(&self) -> wgpu::DownlevelCapabilities {
        wgpu::DownlevelCapabilities {
            flags: wgpu::DownlevelFlags::COMPUTE_SHADERS,
            ..Default::default()
        }
    }

    fn get_info(&self) -> wgpu::AdapterInfo {
        info()
    }

    fn get_texture_format_features(
        &self,
        format: wgpu::TextureFormat,
    ) -> wgpu::TextureFormatFeatures {
        texture_format_features(format)
    }

    fn get_presentation_timestamp(&self) -> wgpu::PresentationTimestamp {
        wgpu::PresentationTimestamp::INVALID_TIMESTAMP
    }

    fn cooperative_matrix_properties(&self) -> Vec<wgpu::wgt::CooperativeMatrixProperties> {
        Vec::new()
    }
}
