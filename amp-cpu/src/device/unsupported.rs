//! What amp never reaches (render passes, external textures, queries, acceleration
//! structures, surfaces): a call for one is a validation error saying the CPU accelerator has
//! no such thing, and gives back [`Inert`], which does nothing.

use super::errors::Kind;
use super::pipeline::CpuBindGroupLayout;
use super::shared::Shared;
use std::ops::Range;
use wgpu::custom::*;

/// Raises the validation error for `what` (plural: `"textures"`).
pub(super) fn refuse(shared: &Shared, what: &str) {
    shared.errors.raise(
        Kind::Validation,
        "unsupported call",
        format!("the CPU accelerator has no {what}"),
    );
}

/// An object of a kind the CPU accelerator does not have.
#[derive(Debug)]
pub(super) struct Inert;

impl Drop for Inert {
    fn drop(&mut self) {}
}

fn no_layout() -> DispatchBindGroupLayout {
    DispatchBindGroupLayout::custom(CpuBindGroupLayout {
        entries: std::sync::Arc::from([]),
    })
}

impl ExternalTextureInterface for Inert {
    fn destroy(&self) {}
}
impl QuerySetInterface for Inert {
    fn destroy(&self) {}
}
impl BlasInterface for Inert {
    fn prepare_compact_async(&self, callback: BlasCompactCallback) {
        callback(Err(wgpu::BlasAsyncError));
    }
    fn ready_for_compaction(&self) -> bool {
        false
    }
}
impl TlasInterface for Inert {}
impl RenderPipelineInterface for Inert {
    fn get_bind_group_layout(&self, _: u32) -> DispatchBindGroupLayout {
        no_layout()
    }
}
impl PipelineCacheInterface for Inert {
    fn get_data(&self) -> Option<Vec<u8>> {
        None
    }
}
impl RenderBundleInterface for Inert {}

impl RenderPassInterface for Inert {
    fn set_pipeline(&mut self, _: &DispatchRenderPipeline) {}
    fn set_bind_group(&mut self, _: u32, _: Option<&DispatchBindGroup>, _: &[wgpu::DynamicOffset]) {
    }
    fn set_index_buffer(
        &mut self,
        _: &DispatchBuffer,
        _: wgpu::IndexFormat,
        _: wgpu::BufferAddress,
        _: Option<wgpu::BufferSize>,
    ) {
    }
    fn set_vertex_buffer(
        &mut self,
        _: u32,
        _: Option<&DispatchBuffer>,
        _: wgpu::BufferAddress,
        _: Option<wgpu::BufferSize>,
    ) {
    }
    fn set_immediates(&mut self, _: u32, _: &[u8]) {}
    fn set_blend_constant(&mut self, _: wgpu::Color) {}
    fn set_scissor_rect(&mut self, _: u32, _: u32, _: u32, _: u32) {}
    fn set_viewport(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {}
    fn set_stencil_reference(&mut self, _: u32) {}
    fn draw(&mut self, _: Range<u32>, _: Range<u32>) {}
    fn draw_indexed(&mut self, _: Range<u32>, _: i32, _: Range<u32>) {}
    fn draw_mesh_tasks(&mut self, _: u32, _: u32, _: u32) {}
    fn draw_indirect(&mut self, _: &DispatchBuffer, _: wgpu::BufferAddress) {}
    fn draw_indexed_indirect(&mut self, _: &DispatchBuffer, _: wgpu::BufferAddress) {}
    fn draw_mesh_tasks_indirect(&mut self, _: &DispatchBuffer, _: wgpu::BufferAddress) {}
    fn multi_draw_indirect(&mut self, _: &DispatchBuffer, _: wgpu::BufferAddress, _: u32) {}
    fn multi_draw_indexed_indirect(&mut self, _: &DispatchBuffer, _: wgpu::BufferAddress, _: u32) {}
    fn multi_draw_indirect_count(
        &mut self,
        _: &DispatchBuffer,
        _: wgpu::BufferAddress,
        _: &DispatchBuffer,
        _: wgpu::BufferAddress,
        _: u32,
    ) {
    }
    fn multi_draw_mesh_tasks_indirect(
        &mut self,
        _: &DispatchBuffer,
        _: wgpu::BufferAddress,
        _: u32,
    ) {
    }
    fn multi_draw_indexed_indirect_count(
        &mut self,
        _: &DispatchBuffer,
        _: wgpu::BufferAddress,
        _: &DispatchBuffer,
        _: wgpu::BufferAddress,
        _: u32,
    ) {
    }
    fn multi_draw_mesh_tasks_indirect_count(
        &mut self,
        _: &DispatchBuffer,
        _: wgpu::BufferAddress,
        _: &DispatchBuffer,
        _: wgpu::BufferAddress,
        _: u32,
    ) {
    }
    fn insert_debug_marker(&mut self, _: &str) {}
    fn push_debug_group(&mut self, _: &str) {}
    fn pop_debug_group(&mut self) {}
    fn write_timestamp(&mut self, _: &DispatchQuerySet, _: u32) {}
    fn begin_occlusion_query(&mut self, _: u32) {}
    fn end_occlusion_query(&mut self) {}
    fn begin_pipeline_statistics_query(&mut self, _: &DispatchQuerySet, _: u32) {}
    fn end_pipeline_statistics_query(&mut self) {}
    fn execute_bundles(&mut self, _: &mut dyn Iterator<Item = &DispatchRenderBundle>) {}
}

impl RenderBundleEncoderInterface for Inert {
    fn set_pipeline(&mut self, _: &DispatchRenderPipeline) {}
    fn set_bind_group(&mut self, _: u32, _: Option<&DispatchBindGroup>, _: &[wgpu::DynamicOffset]) {
    }
    fn set_index_buffer(
        &mut self,
        _: &DispatchBuffer,
        _: wgpu::IndexFormat,
        _: wgpu::BufferAddress,
        _: Option<wgpu::BufferSize>,
    ) {
    }
    fn set_vertex_buffer(
        &mut self,
        _: u32,
        _: Option<&DispatchBuffer>,
        _: wgpu::BufferAddress,
        _: Option<wgpu::BufferSize>,
    ) {
    }
    fn set_immediates(&mut self, _: u32, _: &[u8]) {}
    fn draw(&mut self, _: Range<u32>, _: Range<u32>) {}
    fn draw_indexed(&mut self, _: Range<u32>, _: i32, _: Range<u32>) {}
    fn draw_indirect(&mut self, _: &DispatchBuffer, _: wgpu::BufferAddress) {}
    fn draw_indexed_indirect(&mut self, _: &DispatchBuffer, _: wgpu::BufferAddress) {}
    fn finish(self, _: &wgpu::RenderBundleDescriptor<'_>) -> DispatchRenderBundle {
        DispatchRenderBundle::custom(Inert)
    }
    fn finish_boxed(
        self: Box<Self>,
        desc: &wgpu::RenderBundleDescriptor<'_>,
    ) -> DispatchRenderBundle {
        (*self).finish(desc)
    }
}
