//! Command encoders, compute passes and command buffers: they record commands, checked as they
//! are recorded; the queue runs them when they are submitted.

use super::buffer::{BufferData, CpuBuffer};
use super::errors::Kind;
use super::pipeline::{CpuBindGroup, CpuComputePipeline, GroupEntry, Pipeline, Resource};
use super::shared::{lock, Shared};
use super::texture::{self, Linear, Region, TextureData, ViewData};
use super::unsupported;
use super::CHECK_MARKER;
use std::sync::{Arc, Mutex};

/// One recorded command.
pub(super) enum Command {
    /// Copies `size` bytes between buffers.
    Copy {
        src: Arc<BufferData>,
        src_offset: u64,
        dst: Arc<BufferData>,
        dst_offset: u64,
        size: u64,
    },
    /// Zeroes `size` bytes of a buffer.
    Clear {
        buffer: Arc<BufferData>,
        offset: u64,
        size: u64,
    },
    /// Zeroes mip levels of a texture.
    ClearTexture {
        texture: Arc<TextureData>,
        levels: std::ops::Range<u32>,
    },
    /// Copies texel rows from a buffer to a texture.
    BufferToTexture {
        src: Arc<BufferData>,
        layout: Linear,
        dst: Region,
        extent: wgpu::Extent3d,
    },
    /// Copies texel rows from a texture to a buffer.
    TextureToBuffer {
        src: Region,
        dst: Arc<BufferData>,
        layout: Linear,
        extent: wgpu::Extent3d,
    },
    /// Copies a box of texels between textures.
    TextureToTexture {
        src: Region,
        dst: Region,
        extent: wgpu::Extent3d,
    },
    /// Runs a kernel.
    Dispatch(Box<DispatchCommand>),
}

/// A buffer binding of a dispatch, its dynamic offset applied.
pub(super) struct Bound {
    pub group: u32,
    pub binding: u32,
    pub buffer: Arc<BufferData>,
    pub offset: u64,
    pub size: u64,
}

/// A texture view or sampler binding of a dispatch.
pub(super) struct BoundHandle<T> {
    pub group: u32,
    pub binding: u32,
    pub handle: T,
}

/// How many workgroups a dispatch runs.
pub(super) enum Groups {
    /// Given when recorded.
    Direct([u32; 3]),
    /// Three `u32`s read from a buffer when the dispatch runs.
    Indirect {
        buffer: Arc<BufferData>,
        offset: u64,
    },
}

/// A recorded dispatch.
pub(super) struct DispatchCommand {
    pub pipeline: Arc<Pipeline>,
    pub groups: Groups,
    pub bindings: Vec<Bound>,
    pub textures: Vec<BoundHandle<Arc<ViewData>>>,
    pub samplers: Vec<BoundHandle<crate::texel::Sampler>>,
    pub immediates: Vec<u8>,
    /// The tag of the [`CHECK_MARKER`] that precedes it, for the checking mode.
    pub tag: Option<String>,
}

impl Command {
    /// Every buffer the command touches.
    pub fn buffers(&self) -> Vec<&Arc<BufferData>> {
        match self {
            Command::Copy { src, dst, .. } => vec![src, dst],
            Command::Clear { buffer, .. } => vec![buffer],
            Command::BufferToTexture { src: buffer, .. }
            | Command::TextureToBuffer { dst: buffer, .. } => vec![buffer],
            Command::TextureToTexture { .. } | Command::ClearTexture { .. } => Vec::new(),
            Command::Dispatch(d) => {
                let mut all: Vec<_> = d.bindings.iter().map(|b| &b.buffer).collect();
                if let Groups::Indirect { buffer, .. } = &d.groups {
                    all.push(buffer);
                }
                all
            }
        }
    }
}

impl Command {
    /// Every texture the command touches.
    pub fn textures(&self) -> Vec<&Arc<TextureData>> {
        match self {
            Command::Copy { .. } | Command::Clear { .. } => Vec::new(),
            Command::BufferToTexture { dst: t, .. } | Command::TextureToBuffer { src: t, .. } => {
                vec![&t.texture]
            }
            Command::TextureToTexture { src, dst, .. } => vec![&src.texture, &dst.texture],
            Command::ClearTexture { texture, .. } => vec![texture],
            Command::Dispatch(d) => d.textures.iter().map(|t| &t.handle.texture).collect(),
        }
    }
}

/// What an encoder has recorded; `valid` is false once a command was refused.
struct Recording {
    commands: Vec<Command>,
    valid: bool,
}

/// A command encoder.
pub(super) struct CpuEncoder {
    shared: Arc<Shared>,
    recording: Arc<Mutex<Recording>>,
}

impl std::fmt::Debug for CpuEncoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CpuEncoder").finish_non_exhaustive()
    }
}

/// Records `command`, or raises `refused` and marks the recording invalid.
fn record(
    shared: &Shared,
    recording: &Mutex<Recording>,
    call: &'static str,
    command: Result<Command, String>,
) {
    let mut recording = lock(recording);
    match command {
        Ok(command) => recording.commands.push(command),
        Err(why) => {
            recording.valid = false;
            drop(recording);
            shared.errors.raise(Kind::Validation, call, why);
        }
    }
}

/// The data of `buffer` when it is this accelerator's and has `usage`, else why not.
fn buffer_with(
    buffer: &wgpu::custom::DispatchBuffer,
    usage: wgpu::BufferUsages,
    role: &str,
) -> Result<Arc<BufferData>, String> {
    let data = CpuBuffer::of(buffer).ok_or_else(|| format!("the {role} is not a CPU buffer"))?;
    buffer_with_data(data, usage, role)
}

/// `data` when it has `usage`, else why not.
fn buffer_with_data(
    data: &Arc<BufferData>,
    usage: wgpu::BufferUsages,
    role: &str,
) -> Result<Arc<BufferData>, String> {
    if !data.usage.contains(usage) {
        return Err(format!("the {role} lacks the usage {usage:?}"));
    }
    Ok(Arc::clone(data))
}

/// Checks that `offset` and `size` are multiples of 4 and lie inside `data`.
fn check_range(data: &BufferData, offset: u64, size: u64, role: &str) -> Result<(), String> {
    if !offset.is_multiple_of(4) || !size.is_multiple_of(4) {
        return Err(format!(
            "the {role}'s offset {offset} and size {size} must be multiples of 4"
        ));
    }
    if !data.holds(offset, size) {
        return Err(format!(
            "{size} bytes from {offset} are not inside the {role}'s {} bytes",
            data.size
        ));
    }
    Ok(())
}

impl CpuEncoder {
    /// An empty encoder.
    pub fn new(shared: Arc<Shared>) -> CpuEncoder {
        CpuEncoder {
            shared,
            recording: Arc::new(Mutex::new(Recording {
                commands: Vec::new(),
                valid: true,
            })),
        }
    }

    fn unsupported(&self, what: &str) {
        lock(&self.recording).valid = false;
        unsupported::refuse(&self.shared, what);
    }
}

impl wgpu::custom::CommandEncoderInterface for CpuEncoder {
    fn copy_buffer_to_buffer(
        &self,
        source: &wgpu::custom::DispatchBuffer,
        source_offset: wgpu::BufferAddress,
        destination: &wgpu::custom::DispatchBuffer,
        destination_offset: wgpu::BufferAddress,
        copy_size: Option<wgpu::BufferAddress>,
    ) {
        let command = (|| {
            let src = buffer_with(source, wgpu::BufferUsages::COPY_SRC, "copy source")?;
            let dst = buffer_with(
                destination,
                wgpu::BufferUsages::COPY_DST,
                "copy destination",
            )?;
            let size = copy_size.unwrap_or(src.size.saturating_sub(source_offset));
            check_range(&src, source_offset, size, "copy source")?;
            check_range(&dst, destination_offset, size, "copy destination")?;
            if Arc::ptr_eq(&src, &dst) {
                return Err("a copy's source and destination are the same buffer".to_owned());
            }
            Ok(Command::Copy {
                src,
                src_offset: source_offset,
                dst,
                dst_offset: destination_offset,
                size,
            })
        })();
        record(
            &self.shared,
            &self.recording,
            "copy_buffer_to_buffer",
            command,
        );
    }

    fn copy_buffer_to_texture(
        &self,
        source: wgpu::TexelCopyBufferInfo<'_>,
        destination: wgpu::TexelCopyTextureInfo<'_>,
        copy_size: wgpu::Extent3d,
    ) {
        let command = (|| {
            let src = source
                .buffer
                .as_custom::<CpuBuffer>()
                .map(|b| &b.data)
                .ok_or("the copy source is not a CPU buffer")?;
            let src = buffer_with_data(src, wgpu::BufferUsages::COPY_SRC, "copy source")?;
            let dst = texture::region(
                &destination,
                wgpu::TextureUsages::COPY_DST,
                copy_size,
                "copy destination",
            )?;
            let layout = texture::linear(
                source.layout,
                dst.texture.format,
                copy_size,
                src.size,
                true,
                "copy source",
            )?;
            Ok(Command::BufferToTexture {
                src,
                layout,
                dst,
                extent: copy_size,
            })
        })();
        record(
            &self.shared,
            &self.recording,
            "copy_buffer_to_texture",
            command,
        );
    }

    fn copy_texture_to_buffer(
        &self,
        source: wgpu::TexelCopyTextureInfo<'_>,
        destination: wgpu::TexelCopyBufferInfo<'_>,
        copy_size: wgpu::Extent3d,
    ) {
        let command = (|| {
            let src = texture::region(
                &source,
                wgpu::TextureUsages::COPY_SRC,
                copy_size,
                "copy source",
            )?;
            let dst = destination
                .buffer
                .as_custom::<CpuBuffer>()
                .map(|b| &b.data)
                .ok_or("the copy destination is not a CPU buffer")?;
            let dst = buffer_with_data(dst, wgpu::BufferUsages::COPY_DST, "copy destination")?;
            let layout = texture::linear(
                destination.layout,
                src.texture.format,
                copy_size,
                dst.size,
                true,
                "copy destination",
            )?;
            Ok(Command::TextureToBuffer {
                src,
                dst,
                layout,
                extent: copy_size,
            })
        })();
        record(
            &self.shared,
            &self.recording,
            "copy_texture_to_buffer",
            command,
        );
    }

    fn copy_texture_to_texture(
        &self,
        source: wgpu::TexelCopyTextureInfo<'_>,
        destination: wgpu::TexelCopyTextureInfo<'_>,
        copy_size: wgpu::Extent3d,
    ) {
        let command = (|| {
            let src = texture::region(
                &source,
                wgpu::TextureUsages::COPY_SRC,
                copy_size,
                "copy source",
            )?;
            let dst = texture::region(
                &destination,
                wgpu::TextureUsages::COPY_DST,
                copy_size,
                "copy destination",
            )?;
            if src.texture.wgpu_format != dst.texture.wgpu_format {
                return Err(format!(
                    "a copy from a texture of format {:?} to one of format {:?}",
                    src.texture.wgpu_format, dst.texture.wgpu_format
                ));
            }
            if Arc::ptr_eq(&src.texture, &dst.texture) && src.level == dst.level {
                return Err(
                    "a copy's source and destination are the same mip level of the same texture"
                        .to_owned(),
                );
            }
            Ok(Command::TextureToTexture {
                src,
                dst,
                extent: copy_size,
            })
        })();
        record(
            &self.shared,
            &self.recording,
            "copy_texture_to_texture",
            command,
        );
    }

    fn begin_compute_pass(
        &self,
        _: &wgpu::ComputePassDescriptor<'_>,
    ) -> wgpu::custom::DispatchComputePass {
        wgpu::custom::DispatchComputePass::custom(CpuComputePass {
            shared: Arc::clone(&self.shared),
            recording: Arc::clone(&self.recording),
            pipeline: None,
            groups: Vec::new(),
            immediates: Vec::new(),
            marker: None,
        })
    }

    fn begin_render_pass(
        &self,
        _: &wgpu::RenderPassDescriptor<'_>,
    ) -> wgpu::custom::DispatchRenderPass {
        self.unsupported("render passes");
        wgpu::custom::DispatchRenderPass::custom(unsupported::Inert)
    }

    fn finish(&mut self) -> wgpu::custom::DispatchCommandBuffer {
        let mut recording = lock(&self.recording);
        let commands = std::mem::take(&mut recording.commands);
        let valid = std::mem::replace(&mut recording.valid, false);
        wgpu::custom::DispatchCommandBuffer::custom(CpuCommandBuffer {
            commands: Mutex::new(valid.then_some(commands)),
        })
    }

    fn clear_texture(
        &self,
        texture: &wgpu::custom::DispatchTexture,
        range: &wgpu::ImageSubresourceRange,
    ) {
        let command = (|| {
            let data = texture
                .as_custom::<texture::CpuTexture>()
                .and_then(|t| t.data.as_ref())
                .ok_or("the cleared texture is not a valid CPU texture")?;
            if !data.usage.contains(wgpu::TextureUsages::COPY_DST) {
                return Err("the cleared texture lacks the usage COPY_DST".to_owned());
            }
            let levels = data.levels.len() as u32;
            let count = range
                .mip_level_count
                .unwrap_or(levels.saturating_sub(range.base_mip_level));
            let end = range.base_mip_level.checked_add(count);
            if range.aspect != wgpu::TextureAspect::All
                || range.base_array_layer != 0
                || range.array_layer_count.is_some_and(|n| n != 1)
                || end.is_none_or(|end| end > levels)
            {
                return Err(format!(
                    "{range:?} is not a range of the texture's {levels} mip levels"
                ));
            }
            Ok(Command::ClearTexture {
                texture: Arc::clone(data),
                levels: range.base_mip_level..range.base_mip_level + count,
            })
        })();
        record(&self.shared, &self.recording, "clear_texture", command);
    }

    fn clear_buffer(
        &self,
        buffer: &wgpu::custom::DispatchBuffer,
        offset: wgpu::BufferAddress,
        size: Option<wgpu::BufferAddress>,
    ) {
        let command = (|| {
            let data = buffer_with(buffer, wgpu::BufferUsages::COPY_DST, "cleared buffer")?;
            let size = size.unwrap_or(data.size.saturating_sub(offset));
            check_range(&data, offset, size, "cleared buffer")?;
            Ok(Command::Clear {
                buffer: data,
                offset,
                size,
            })
        })();
        record(&self.shared, &self.recording, "clear_buffer", command);
    }

    fn insert_debug_marker(&self, _: &str) {}
    fn push_debug_group(&self, _: &str) {}
    fn pop_debug_group(&self) {}

    fn write_timestamp(&self, _: &wgpu::custom::DispatchQuerySet, _: u32) {
        self.unsupported("timestamp queries");
    }

    fn resolve_query_set(
        &self,
        _: &wgpu::custom::DispatchQuerySet,
        _: u32,
        _: u32,
        _: &wgpu::custom::DispatchBuffer,
        _: wgpu::BufferAddress,
    ) {
        self.unsupported("query sets");
    }

    fn mark_acceleration_structures_built<'a>(
        &self,
        _: &mut dyn Iterator<Item = &'a wgpu::Blas>,
        _: &mut dyn Iterator<Item = &'a wgpu::Tlas>,
    ) {
        self.unsupported("acceleration structures");
    }

    fn build_acceleration_structures<'a>(
        &self,
        _: &mut dyn Iterator<Item = &'a wgpu::BlasBuildEntry<'a>>,
        _: &mut dyn Iterator<Item = &'a wgpu::Tlas>,
    ) {
        self.unsupported("acceleration structures");
    }

    fn transition_resources<'a>(
        &mut self,
        _: &mut dyn Iterator<Item = wgpu::BufferTransition<&'a wgpu::custom::DispatchBuffer>>,
        _: &mut dyn Iterator<Item = wgpu::TextureTransition<&'a wgpu::custom::DispatchTexture>>,
    ) {
        // Commands run in order on the host: there is nothing to transition.
    }
}

/// A binding resolved for a dispatch.
enum Bind {
    Buffer(Bound),
    Texture(Arc<ViewData>),
    Sampler(crate::texel::Sampler),
}

/// A bind group set in a pass, with its dynamic offsets.
struct Set {
    entries: Arc<[GroupEntry]>,
    offsets: Vec<u32>,
}

/// A compute pass: its state (pipeline, bind groups, immediates, the latest debug marker)
/// and the encoder's recording it appends dispatches to.
pub(super) struct CpuComputePass {
    shared: Arc<Shared>,
    recording: Arc<Mutex<Recording>>,
    pipeline: Option<Arc<Pipeline>>,
    groups: Vec<Option<Set>>,
    immediates: Vec<u8>,
    marker: Option<String>,
}

impl std::fmt::Debug for CpuComputePass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CpuComputePass").finish_non_exhaustive()
    }
}

impl Drop for CpuComputePass {
    fn drop(&mut self) {}
}

impl CpuComputePass {
    fn refuse(&self, call: &'static str, why: String) {
        record(&self.shared, &self.recording, call, Err(why));
    }

    fn unsupported(&self, what: &str) {
        lock(&self.recording).valid = false;
        unsupported::refuse(&self.shared, what);
    }

    fn notice(&mut self, label: &str) {
        self.marker = Some(label.to_owned());
    }

    /// The pipeline's bindings, resolved in the bind groups set, dynamic offsets applied:
    /// every binding the entry point uses must be bound; the others are passed where they are.
    #[allow(clippy::type_complexity)]
    fn bindings(
        &self,
        pipeline: &Pipeline,
    ) -> Result<
        (
            Vec<Bound>,
            Vec<BoundHandle<Arc<ViewData>>>,
            Vec<BoundHandle<crate::texel::Sampler>>,
        ),
        String,
    > {
        let (mut buffers, mut textures, mut samplers) = (Vec::new(), Vec::new(), Vec::new());
        for declared in &pipeline.declared {
            let (group, binding) = (declared.group, declared.binding);
            match self.bind(group, binding) {
                Ok(Bind::Buffer(b)) => buffers.push(b),
                Ok(Bind::Texture(handle)) => textures.push(BoundHandle {
                    group,
                    binding,
                    handle,
                }),
                Ok(Bind::Sampler(handle)) => samplers.push(BoundHandle {
                    group,
                    binding,
                    handle,
                }),
                Err(why) if declared.used => return Err(why),
                Err(_) => {}
            }
        }
        Ok((buffers, textures, samplers))
    }

    /// Binding `binding` of the bind group set at `group`, its dynamic offset applied.
    fn bind(&self, group: u32, binding: u32) -> Result<Bind, String> {
        let set = self
            .groups
            .get(group as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| format!("no bind group is set at index {group}"))?;
        let (index, entry) = set
            .entries
            .iter()
            .enumerate()
            .find(|(_, e)| e.binding == binding)
            .ok_or_else(|| format!("the bind group at index {group} has no binding {binding}"))?;
        let (buffer, offset, size, dynamic) = match &entry.resource {
            Resource::Buffer {
                buffer,
                offset,
                size,
                dynamic,
            } => (buffer, *offset, *size, *dynamic),
            Resource::Texture(view) => return Ok(Bind::Texture(Arc::clone(view))),
            Resource::Sampler(sampler) => return Ok(Bind::Sampler(*sampler)),
        };
        let mut offset = offset;
        if dynamic {
            let nth = set.entries[..index]
                .iter()
                .filter(|e| matches!(e.resource, Resource::Buffer { dynamic: true, .. }))
                .count();
            let dynamic = set
                .offsets
                .get(nth)
                .ok_or_else(|| format!("bind group {group} has too few dynamic offsets"))?;
            if !dynamic.is_multiple_of(4) {
                return Err(format!(
                    "the dynamic offset {dynamic} of group {group} is not a multiple of 4"
                ));
            }
            offset += u64::from(*dynamic);
        }
        if !buffer.holds(offset, size) {
            return Err(format!(
                "binding {binding} of group {group} ({size} bytes from {offset}) is not inside its buffer's {} bytes",
                buffer.size
            ));
        }
        Ok(Bind::Buffer(Bound {
            group,
            binding,
            buffer: Arc::clone(buffer),
            offset,
            size,
        }))
    }

    /// Records a dispatch of the current pipeline.
    fn dispatch(&mut self, call: &'static str, groups: Groups) {
        let marker = self.marker.take();
        let command = (|| {
            let pipeline = self
                .pipeline
                .clone()
                .ok_or_else(|| "no valid compute pipeline is set".to_owned())?;
            let (bindings, textures, samplers) = self.bindings(&pipeline)?;
            let mut immediates = self.immediates.clone();
            immediates.resize(immediates.len().max(pipeline.immediate_size as usize), 0);
            let tag = marker.and_then(|m| m.strip_prefix(CHECK_MARKER).map(str::to_owned));
            Ok(Command::Dispatch(Box::new(DispatchCommand {
                pipeline,
                groups,
                bindings,
                textures,
                samplers,
                immediates,
                tag,
            })))
        })();
        record(&self.shared, &self.recording, call, command);
    }
}

impl wgpu::custom::ComputePassInterface for CpuComputePass {
    fn set_pipeline(&mut self, pipeline: &wgpu::custom::DispatchComputePipeline) {
        self.pipeline = pipeline
            .as_custom::<CpuComputePipeline>()
            .and_then(|p| p.pipeline.clone());
        if self.pipeline.is_none() {
            self.refuse("set_pipeline", "the compute pipeline is invalid".to_owned());
        }
    }

    fn set_bind_group(
        &mut self,
        index: u32,
        bind_group: Option<&wgpu::custom::DispatchBindGroup>,
        offsets: &[wgpu::DynamicOffset],
    ) {
        let Ok(at) = usize::try_from(index) else {
            return;
        };
        if at >= super::adapter::MAX_BIND_GROUPS as usize {
            self.refuse(
                "set_bind_group",
                format!(
                    "bind group index {index} is past the last, {}",
                    super::adapter::MAX_BIND_GROUPS - 1
                ),
            );
            return;
        }
        if self.groups.len() <= at {
            self.groups.resize_with(at + 1, || None);
        }
        self.groups[at] = match bind_group.map(|g| g.as_custom::<CpuBindGroup>()) {
            Some(Some(group)) => Some(Set {
                entries: Arc::clone(&group.entries),
                offsets: offsets.to_vec(),
            }),
            Some(None) => {
                self.refuse(
                    "set_bind_group",
                    "the bind group is not a CPU bind group".to_owned(),
                );
                None
            }
            None => None,
        };
    }

    fn set_immediates(&mut self, offset: u32, data: &[u8]) {
        let end = u64::from(offset) + data.len() as u64;
        if !offset.is_multiple_of(4)
            || !data.len().is_multiple_of(4)
            || end > u64::from(super::adapter::MAX_IMMEDIATES)
        {
            self.refuse(
                "set_immediates",
                format!(
                    "{} bytes of immediates at {offset} are not 4-byte aligned inside {} bytes",
                    data.len(),
                    super::adapter::MAX_IMMEDIATES
                ),
            );
            return;
        }
        let (start, end) = (offset as usize, end as usize);
        if self.immediates.len() < end {
            self.immediates.resize(end, 0);
        }
        self.immediates[start..end].copy_from_slice(data);
    }

    fn insert_debug_marker(&mut self, label: &str) {
        self.notice(label);
    }

    fn push_debug_group(&mut self, group_label: &str) {
        self.notice(group_label);
    }

    fn pop_debug_group(&mut self) {}

    fn write_timestamp(&mut self, _: &wgpu::custom::DispatchQuerySet, _: u32) {
        self.unsupported("timestamp queries");
    }

    fn begin_pipeline_statistics_query(&mut self, _: &wgpu::custom::DispatchQuerySet, _: u32) {
        self.unsupported("pipeline statistics queries");
    }

    fn end_pipeline_statistics_query(&mut self) {
        self.unsupported("pipeline statistics queries");
    }

    fn dispatch_workgroups(&mut self, x: u32, y: u32, z: u32) {
        let max = super::adapter::MAX_GROUPS;
        if x > max || y > max || z > max {
            self.marker = None;
            self.refuse(
                "dispatch_workgroups",
                format!("{x}x{y}x{z} workgroups: at most {max} in each dimension"),
            );
            return;
        }
        self.dispatch("dispatch_workgroups", Groups::Direct([x, y, z]));
    }

    fn dispatch_workgroups_indirect(
        &mut self,
        indirect_buffer: &wgpu::custom::DispatchBuffer,
        indirect_offset: wgpu::BufferAddress,
    ) {
        let groups = buffer_with(
            indirect_buffer,
            wgpu::BufferUsages::INDIRECT,
            "indirect buffer",
        )
        .and_then(|buffer| {
            check_range(&buffer, indirect_offset, 12, "indirect buffer")?;
            Ok(Groups::Indirect {
                buffer,
                offset: indirect_offset,
            })
        });
        match groups {
            Ok(groups) => self.dispatch("dispatch_workgroups_indirect", groups),
            Err(why) => {
                self.marker = None;
                self.refuse("dispatch_workgroups_indirect", why);
            }
        }
    }

    fn transition_resources<'a>(
        &mut self,
        _: &mut dyn Iterator<Item = wgpu::BufferTransition<&'a wgpu::custom::DispatchBuffer>>,
        _: &mut dyn Iterator<Item = wgpu::TextureTransition<&'a wgpu::custom::DispatchTextureView>>,
    ) {
        // Commands run in order on the host: there is nothing to transition.
    }
}

/// A finished command buffer; `None` once submitted, or when a command was refused.
#[derive(Default)]
pub(super) struct CpuCommandBuffer {
    pub commands: Mutex<Option<Vec<Command>>>,
}

impl std::fmt::Debug for CpuCommandBuffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CpuCommandBuffer").finish_non_exhaustive()
    }
}

impl wgpu::custom::CommandBufferInterface for CpuCommandBuffer {}
