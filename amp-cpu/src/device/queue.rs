//! The queue: writes buffers at once, and runs submitted command buffers in order, to their
//! end, inside `submit`.

use super::buffer::{BufferData, CpuBuffer};
use super::commands::{Command, CpuCommandBuffer, DispatchCommand, Groups};
use super::errors::Kind;
use super::shared::{lock, Shared};
use super::texture;
use super::{unsupported, Report};
use crate::check::new_checker;
use crate::exec::{Binding, Dispatch, ImageBinding, ImageLevel, SamplerBinding};
use crate::memory::Memory;
use std::sync::Arc;

/// The CPU accelerator's queue.
#[derive(Debug)]
pub(super) struct CpuQueue {
    pub shared: Arc<Shared>,
}

/// Bytes the host stages for `Queue::write_buffer_with`.
#[derive(Debug)]
struct Staging {
    bytes: Vec<u8>,
}

impl wgpu::custom::QueueWriteBufferInterface for Staging {
    fn len(&self) -> usize {
        self.bytes.len()
    }

    unsafe fn write_slice(&mut self) -> wgpu::WriteOnly<'_, [u8]> {
        wgpu::WriteOnly::from_mut(&mut self.bytes[..])
    }
}

impl CpuQueue {
    /// The buffer behind `buffer` if `size` bytes at `offset` may be written now, else why not.
    fn writable(
        buffer: &wgpu::custom::DispatchBuffer,
        offset: u64,
        size: u64,
    ) -> Result<&Arc<BufferData>, String> {
        let data = CpuBuffer::of(buffer).ok_or("the buffer is not a CPU buffer".to_owned())?;
        if !data.usage.contains(wgpu::BufferUsages::COPY_DST) {
            return Err("the buffer lacks the usage COPY_DST".to_owned());
        }
        if !offset.is_multiple_of(4) || !size.is_multiple_of(4) {
            return Err(format!(
                "the offset {offset} and size {size} must be multiples of 4"
            ));
        }
        if !data.holds(offset, size) {
            return Err(format!(
                "{size} bytes at {offset} are not inside the buffer's {} bytes",
                data.size
            ));
        }
        data.usable().map_err(|why| format!("cannot write {why}"))?;
        Ok(data)
    }

    /// Writes `data` into `buffer` at `offset`, after every earlier submission; a refusal is
    /// raised once the lock is released (the error handler may call back into the device).
    fn write(&self, buffer: &wgpu::custom::DispatchBuffer, offset: u64, data: &[u8]) {
        let written = {
            let _running = self.shared.running();
            Self::writable(buffer, offset, data.len() as u64).and_then(|target| {
                let memory = target
                    .usable()
                    .map_err(|why| format!("cannot write {why}"))?;
                memory.write(offset, data);
                Ok(())
            })
        };
        if let Err(why) = written {
            self.shared
                .errors
                .raise(Kind::Validation, "write_buffer", why);
        }
    }

    /// Runs one command buffer, if every buffer it touches may be used now, else says why not.
    fn run(&self, commands: &[Command]) -> Result<(), String> {
        for command in commands {
            for buffer in command.buffers() {
                buffer.usable().map_err(|why| {
                    format!("a command buffer uses {why}; none of its commands ran")
                })?;
            }
            for texture in command.textures() {
                texture.usable().map_err(|why| {
                    format!("a command buffer uses {why}; none of its commands ran")
                })?;
            }
        }
        for command in commands {
            match command {
                Command::Copy {
                    src,
                    src_offset,
                    dst,
                    dst_offset,
                    size,
                } => {
                    if let (Some(from), Some(to)) = (&src.memory, &dst.memory) {
                        to.copy_from(*dst_offset, from, *src_offset, *size);
                    }
                }
                Command::Clear {
                    buffer,
                    offset,
                    size,
                } => {
                    if let Some(memory) = &buffer.memory {
                        memory.clear(*offset, *size);
                    }
                }
                Command::ClearTexture { texture, levels } => {
                    for level in levels.clone() {
                        let memory = &texture.levels[level as usize];
                        memory.clear(0, memory.len());
                    }
                }
                Command::BufferToTexture {
                    src,
                    layout,
                    dst,
                    extent,
                } => {
                    if let Some(from) = &src.memory {
                        let to = dst.memory();
                        dst.rows(*extent, |at, row, len| {
                            to.copy_from(at, from, layout.at(row), len);
                        });
                    }
                }
                Command::TextureToBuffer {
                    src,
                    dst,
                    layout,
                    extent,
                } => {
                    if let Some(to) = &dst.memory {
                        let from = src.memory();
                        src.rows(*extent, |at, row, len| {
                            to.copy_from(layout.at(row), from, at, len);
                        });
                    }
                }
                Command::TextureToTexture { src, dst, extent } => {
                    let (from, to) = (src.memory(), dst.memory());
                    let mut starts = Vec::new();
                    src.rows(*extent, |at, _, len| starts.push((at, len)));
                    let mut i = 0;
                    dst.rows(*extent, |at, _, _| {
                        if let Some(&(from_at, len)) = starts.get(i) {
                            to.copy_from(at, from, from_at, len);
                        }
                        i += 1;
                    });
                }
                Command::Dispatch(dispatch) => self.dispatch(dispatch),
            }
        }
        Ok(())
    }

    /// Runs one dispatch; keeps a report when it ran checked or failed.
    fn dispatch(&self, command: &DispatchCommand) {
        let groups = match &command.groups {
            Groups::Direct(groups) => *groups,
            Groups::Indirect { buffer, offset } => {
                let mut bytes = [0u8; 12];
                if let Some(memory) = &buffer.memory {
                    memory.read(*offset, &mut bytes);
                }
                let word = |i: usize| {
                    u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]])
                };
                let groups = [word(0), word(4), word(8)];
                // An indirect dispatch past the limit does nothing, as on a GPU.
                if groups.iter().any(|&g| g > super::adapter::MAX_GROUPS) {
                    return;
                }
                groups
            }
        };
        let memories: Vec<&Memory> = command
            .bindings
            .iter()
            .filter_map(|b| b.buffer.memory.as_ref())
            .collect();
        if memories.len() != command.bindings.len() {
            return;
        }
        let bindings: Vec<Binding<'_>> = command
            .bindings
            .iter()
            .zip(memories)
            .map(|(b, memory)| Binding {
                group: b.group,
                binding: b.binding,
                memory,
                offset: b.offset,
                size: b.size,
            })
            .collect();
        let levels: Vec<Vec<ImageLevel<'_>>> = command
            .textures
            .iter()
            .map(|t| {
                let view = &t.handle;
                (view.base..view.base + view.count)
                    .map(|level| ImageLevel {
                        memory: &view.texture.levels[level as usize],
                        size: view.texture.level_size(level),
                    })
                    .collect()
            })
            .collect();
        let images: Vec<ImageBinding<'_>> = command
            .textures
            .iter()
            .zip(levels)
            .map(|(t, levels)| ImageBinding {
                group: t.group,
                binding: t.binding,
                format: t.handle.texture.format,
                levels,
            })
            .collect();
        let samplers: Vec<SamplerBinding> = command
            .samplers
            .iter()
            .map(|s| SamplerBinding {
                group: s.group,
                binding: s.binding,
                sampler: s.handle,
            })
            .collect();
        let dispatch = Dispatch {
            groups,
            immediates: &command.immediates,
            bindings: &bindings,
            images: &images,
            samplers: &samplers,
            threads: self.shared.threads,
        };
        let kernel = &command.pipeline.kernel;
        match &command.tag {
            Some(tag) => {
                let mut checker = new_checker();
                let error = kernel.dispatch(&dispatch, Some(checker.as_mut())).err();
                self.shared.report(Report {
                    tag: tag.clone(),
                    findings: checker.finish(),
                    error,
                });
            }
            None => {
                if let Err(error) = kernel.dispatch(&dispatch, None) {
                    self.shared.report(Report {
                        tag: String::new(),
                        findings: Vec::new(),
                        error: Some(error),
                    });
                }
            }
        }
    }
}

impl wgpu::custom::QueueInterface for CpuQueue {
    fn write_buffer(
        &self,
        buffer: &wgpu::custom::DispatchBuffer,
        offset: wgpu::BufferAddress,
        data: &[u8],
    ) {
        self.write(buffer, offset, data);
    }

    fn create_staging_buffer(
        &self,
        size: wgpu::BufferSize,
    ) -> Option<wgpu::custom::DispatchQueueWriteBuffer> {
        let mut bytes = Vec::new();
        let len = usize::try_from(size.get()).ok();
        if len.is_none_or(|len| bytes.try_reserve_exact(len).is_err()) {
            self.shared.errors.raise(
                Kind::OutOfMemory,
                "write_buffer_with",
                format!("the host has not {size} bytes to stage a write"),
            );
            return None;
        }
        bytes.resize(len.unwrap_or(0), 0);
        Some(wgpu::custom::DispatchQueueWriteBuffer::custom(Staging {
            bytes,
        }))
    }

    fn validate_write_buffer(
        &self,
        buffer: &wgpu::custom::DispatchBuffer,
        offset: wgpu::BufferAddress,
        size: wgpu::BufferSize,
    ) -> Option<()> {
        match Self::writable(buffer, offset, size.get()) {
            Ok(_) => Some(()),
            Err(why) => {
                self.shared
                    .errors
                    .raise(Kind::Validation, "write_buffer_with", why);
                None
            }
        }
    }

    fn write_staging_buffer(
        &self,
        buffer: &wgpu::custom::DispatchBuffer,
        offset: wgpu::BufferAddress,
        staging_buffer: &wgpu::custom::DispatchQueueWriteBuffer,
    ) {
        match staging_buffer.as_custom::<Staging>() {
            Some(staging) => self.write(buffer, offset, &staging.bytes),
            None => self.shared.errors.raise(
                Kind::Validation,
                "write_buffer_with",
                "the staging buffer is not the CPU accelerator's",
            ),
        }
    }

    fn write_texture(
        &self,
        texture: wgpu::TexelCopyTextureInfo<'_>,
        data: &[u8],
        data_layout: wgpu::TexelCopyBufferLayout,
        size: wgpu::Extent3d,
    ) {
        let written = (|| {
            let dst = texture::region(
                &texture,
                wgpu::TextureUsages::COPY_DST,
                size,
                "written texture",
            )?;
            let layout = texture::linear(
                data_layout,
                dst.texture.format,
                size,
                data.len() as u64,
                false,
                "data",
            )?;
            dst.texture
                .usable()
                .map_err(|why| format!("cannot write {why}"))?;
            let _running = self.shared.running();
            let to = dst.memory();
            dst.rows(size, |at, row, len| {
                let from = layout.at(row) as usize;
                to.write(at, &data[from..from + len as usize]);
            });
            Ok::<(), String>(())
        })();
        if let Err(why) = written {
            self.shared
                .errors
                .raise(Kind::Validation, "write_texture", why);
        }
    }

    fn submit(
        &self,
        command_buffers: &mut dyn Iterator<Item = wgpu::custom::DispatchCommandBuffer>,
    ) -> u64 {
        let mut refused = Vec::new();
        let index = {
            let _running = self.shared.running();
            for buffer in command_buffers {
                let taken = buffer
                    .as_custom::<CpuCommandBuffer>()
                    .and_then(|b| lock(&b.commands).take());
                let ran = match taken {
                    Some(commands) => self.run(&commands),
                    None => Err("the command buffer is invalid (a command was refused) or was submitted before".to_owned()),
                };
                refused.extend(ran.err());
            }
            self.shared.submit()
        };
        // Raised with no lock held: the error handler may call back into the device.
        for why in refused {
            self.shared.errors.raise(Kind::Validation, "submit", why);
        }
        self.shared.fire();
        index
    }

    fn get_timestamp_period(&self) -> f32 {
        1.0
    }

    fn on_submitted_work_done(&self, callback: wgpu::custom::BoxSubmittedWorkDoneCallback) {
        // Every submission has finished already; the callback runs from the next poll.
        self.shared.defer(callback);
    }

    fn compact_blas(
        &self,
        _: &wgpu::custom::DispatchBlas,
    ) -> (Option<u64>, wgpu::custom::DispatchBlas) {
        unsupported::refuse(&self.shared, "acceleration structures");
        (None, wgpu::custom::DispatchBlas::custom(unsupported::Inert))
    }

    fn present(&self, _: &wgpu::custom::DispatchSurfaceOutputDetail) {
        unsupported::refuse(&self.shared, "surfaces");
    }
}
