//! Downloads through a mappable staging buffer: copy part of a device buffer there, submit, and
//! map it once the copy is done. Callers hand in the queue after flushing the accelerator's
//! batch, so the copy follows every launch recorded before it.

use crate::completion::Flight;
use crate::device::Device;
use crate::error::Result;
use std::sync::Arc;

/// Starts copying `size` bytes of `buffer` from `offset` into a new mappable staging buffer:
/// submits the copy (and what `then` records after it, in the same submission) and asks for
/// the mapping. The bytes are there when the returned flight is done.
pub(crate) fn stage(
    device: &Arc<Device>,
    queue: &wgpu::Queue,
    buffer: &wgpu::Buffer,
    offset: u64,
    size: u64,
    then: impl FnOnce(&mut wgpu::CommandEncoder),
) -> Result<Flight> {
    let staging = device.scoped(|wgpu_device| {
        wgpu_device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("amp download"),
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    })?;
    device.scoped(|wgpu_device| {
        let mut encoder = wgpu_device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("amp download"),
        });
        encoder.copy_buffer_to_buffer(buffer, offset, &staging, 0, size);
        then(&mut encoder);
        let submission = queue.submit([encoder.finish()]);
        // Mapping waits for the copy; its callback runs inside a poll of the device.
        Flight::mapping(device, submission, staging)
    })
}

/// [`stage`], waited for: hands the bytes to `read`.
pub(crate) fn read_back<R>(
    device: &Arc<Device>,
    queue: &wgpu::Queue,
    buffer: &wgpu::Buffer,
    offset: u64,
    size: u64,
    then: impl FnOnce(&mut wgpu::CommandEncoder),
    read: impl FnOnce(&[u8]) -> R,
) -> Result<R> {
    stage(device, queue, buffer, offset, size, then)?.read_blocking(read)
}
