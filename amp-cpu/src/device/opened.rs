//! An opened device: it makes buffers, shader modules, layouts, bind groups, pipelines and
//! encoders, keeps the error scopes and fires the callbacks from `poll`.

use super::adapter::{features, info, limits, max_buffer_size};
use super::buffer::{BufferData, CpuBuffer};
use super::commands::CpuEncoder;
use super::errors::Kind;
use super::pipeline::{
    CpuBindGroup, CpuBindGroupLayout, CpuComputePipeline, CpuPipelineLayout, CpuShaderModule,
};
use super::shared::Shared;
use super::texture::{CpuSampler, CpuTexture};
use super::unsupported::{self, Inert};
use std::sync::Arc;
use wgpu::custom::*;

/// The CPU accelerator's device.
#[derive(Debug)]
pub(super) struct CpuDevice {
    /// The state it shares with its queue and objects.
    pub shared: Arc<Shared>,
}

impl CpuDevice {
    /// A device over `shared`.
    pub fn new(shared: Arc<Shared>) -> CpuDevice {
        CpuDevice { shared }
    }

    fn refuse(&self, what: &str) {
        unsupported::refuse(&self.shared, what);
    }
}

impl DeviceInterface for CpuDevice {
    fn features(&self) -> wgpu::Features {
        features()
    }

    fn limits(&self) -> wgpu::Limits {
        limits()
    }

    fn adapter_info(&self) -> wgpu::AdapterInfo {
        info()
    }

    fn create_shader_module(
        &self,
        desc: wgpu::ShaderModuleDescriptor<'_>,
        _: wgpu::ShaderRuntimeChecks,
    ) -> DispatchShaderModule {
        // The executor checks every access itself: the runtime checks change nothing here.
        DispatchShaderModule::custom(CpuShaderModule::new(&self.shared, desc.source))
    }

    unsafe fn create_shader_module_passthrough(
        &self,
        _: &wgpu::ShaderModuleDescriptorPassthrough<'_>,
    ) -> DispatchShaderModule {
        self.refuse("passthrough shaders");
        DispatchShaderModule::custom(CpuShaderModule { module: None })
    }

    fn create_bind_group_layout(
        &self,
        desc: &wgpu::BindGroupLayoutDescriptor<'_>,
    ) -> DispatchBindGroupLayout {
        DispatchBindGroupLayout::custom(CpuBindGroupLayout::new(&self.shared, desc))
    }

    fn create_bind_group(&self, desc: &wgpu::BindGroupDescriptor<'_>) -> DispatchBindGroup {
        DispatchBindGroup::custom(CpuBindGroup::new(&self.shared, desc))
    }

    fn create_pipeline_layout(
        &self,
        desc: &wgpu::PipelineLayoutDescriptor<'_>,
    ) -> DispatchPipelineLayout {
        let groups = desc
            .bind_group_layouts
            .iter()
            .map(|layout| {
                layout
                    .and_then(CpuBindGroupLayout::of)
                    .cloned()
                    .unwrap_or_else(|| Arc::from([]))
            })
            .collect();
        if desc.immediate_size > super::adapter::MAX_IMMEDIATES {
            self.shared.errors.raise(
                Kind::Validation,
                "create_pipeline_layout",
                format!(
                    "{} bytes of immediates: at most {}",
                    desc.immediate_size,
                    super::adapter::MAX_IMMEDIATES
                ),
            );
        }
        DispatchPipelineLayout::custom(CpuPipelineLayout {
            groups,
            immediate_size: desc.immediate_size.min(super::adapter::MAX_IMMEDIATES),
        })
    }

    fn create_render_pipeline(
        &self,
        _: &wgpu::RenderPipelineDescriptor<'_>,
    ) -> DispatchRenderPipeline {
        self.refuse("render pipelines");
        DispatchRenderPipeline::custom(Inert)
    }

    fn create_mesh_pipeline(&self, _: &wgpu::MeshPipelineDescriptor<'_>) -> DispatchRenderPipeline {
        self.refuse("mesh pipelines");
        DispatchRenderPipeline::custom(Inert)
    }

    fn create_compute_pipeline(
        &self,
        desc: &wgpu::ComputePipelineDescriptor<'_>,
    ) -> DispatchComputePipeline {
        DispatchComputePipeline::custom(CpuComputePipeline::new(&self.shared, desc))
    }

    unsafe fn create_pipeline_cache(
        &self,
        _: &wgpu::PipelineCacheDescriptor<'_>,
    ) -> DispatchPipelineCache {
        self.refuse("pipeline caches");
        DispatchPipelineCache::custom(Inert)
    }

    fn create_buffer(&self, desc: &wgpu::BufferDescriptor<'_>) -> DispatchBuffer {
        let data = BufferData::new(&self.shared, desc, max_buffer_size());
        DispatchBuffer::custom(CpuBuffer::new(data, Arc::clone(&self.shared)))
    }

    fn create_texture(&self, desc: &wgpu::TextureDescriptor<'_>) -> DispatchTexture {
        DispatchTexture::custom(CpuTexture::new(&self.shared, desc))
    }

    fn create_external_texture(
        &self,
        _: &wgpu::ExternalTextureDescriptor<'_>,
        _: &[&wgpu::TextureView],
    ) -> DispatchExternalTexture {
        self.refuse("external textures");
        DispatchExternalTexture::custom(Inert)
    }

    fn create_blas(
        &self,
        _: &wgpu::CreateBlasDescriptor<'_>,
        _: wgpu::BlasGeometrySizeDescriptors,
    ) -> (Option<u64>, DispatchBlas) {
        self.refuse("acceleration structures");
        (None, DispatchBlas::custom(Inert))
    }

    fn create_tlas(&self, _: &wgpu::CreateTlasDescriptor<'_>) -> DispatchTlas {
        self.refuse("acceleration structures");
        DispatchTlas::custom(Inert)
    }

    fn create_sampler(&self, desc: &wgpu::SamplerDescriptor<'_>) -> DispatchSampler {
        DispatchSampler::custom(CpuSampler::new(&self.shared, desc))
    }

    fn create_query_set(&self, _: &wgpu::QuerySetDescriptor<'_>) -> DispatchQuerySet {
        self.refuse("query sets");
        DispatchQuerySet::custom(Inert)
    }

    fn create_command_encoder(
        &self,
        _: &wgpu::CommandEncoderDescriptor<'_>,
    ) -> DispatchCommandEncoder {
        DispatchCommandEncoder::custom(CpuEncoder::new(Arc::clone(&self.shared)))
    }

    fn create_render_bundle_encoder(
        &self,
        _: &wgpu::RenderBundleEncoderDescriptor<'_>,
    ) -> DispatchRenderBundleEncoder {
        self.refuse("render bundles");
        DispatchRenderBundleEncoder::custom(Inert)
    }

    fn set_device_lost_callback(&self, device_lost_callback: BoxDeviceLostCallback) {
        self.shared.on_lost(device_lost_callback);
    }

    fn on_uncaptured_error(&self, handler: Arc<dyn wgpu::UncapturedErrorHandler>) {
        self.shared.errors.set_handler(handler);
    }

    fn push_error_scope(&self, filter: wgpu::ErrorFilter) -> u32 {
        self.shared.errors.push(filter)
    }

    fn pop_error_scope(&self, index: u32) -> std::pin::Pin<Box<dyn PopErrorScopeFuture>> {
        Box::pin(std::future::ready(self.shared.errors.pop(index)))
    }

    unsafe fn start_graphics_debugger_capture(&self) {}

    unsafe fn stop_graphics_debugger_capture(&self) {}

    fn poll(
        &self,
        poll_type: wgpu::wgt::PollType<u64>,
    ) -> Result<wgpu::PollStatus, wgpu::PollError> {
        // Every submission finished inside `submit`: polling only fires the callbacks.
        let last = self.shared.last_submission();
        if let wgpu::wgt::PollType::Wait {
            submission_index: Some(index),
            ..
        } = poll_type
        {
            if index > last {
                return Err(wgpu::PollError::WrongSubmissionIndex(index, last));
            }
        }
        self.shared.fire();
        Ok(match poll_type {
            wgpu::wgt::PollType::Poll => wgpu::PollStatus::QueueEmpty,
            wgpu::wgt::PollType::Wait { .. } => wgpu::PollStatus::WaitSucceeded,
        })
    }

    fn get_internal_counters(&self) -> wgpu::InternalCounters {
        wgpu::InternalCounters::default()
    }

    fn generate_allocator_report(&self) -> Option<wgpu::AllocatorReport> {
        None
    }

    fn destroy(&self) {
        self.shared.destroy();
    }
}
