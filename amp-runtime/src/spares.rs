//! Mappable download buffers kept for reuse: an asynchronous download copies into a buffer of
//! its own (a [`Flight`](crate::completion::Flight) holds it until the caller takes the bytes),
//! and making a fresh one each time costs more than the copy (the memory is allocated, pinned
//! and zeroed anew). A finished flight hands its buffer back here; the next download of a
//! similar size takes it.

use crate::device::Device;
use crate::error::Result;
use std::sync::{Mutex, PoisonError};

/// The most bytes the spare buffers of one accelerator hold together.
const MAX_KEPT: u64 = 256 << 20;

/// The smallest buffer made: small downloads share one size.
const MIN_SIZE: u64 = 64 << 10;

/// Idle `MAP_READ | COPY_DST` buffers of one accelerator.
#[derive(Default)]
pub(crate) struct Spares {
    buffers: Mutex<Vec<wgpu::Buffer>>,
}

impl Spares {
    /// An idle, unmapped buffer of at least `size` bytes (at most twice that): a spare one, or
    /// a new one of the next power of two.
    pub(crate) fn take(&self, device: &Device, size: u64) -> Result<wgpu::Buffer> {
        {
            let mut buffers = self.buffers.lock().unwrap_or_else(PoisonError::into_inner);
            let fits = |b: &wgpu::Buffer| b.size() >= size && b.size() <= size.max(MIN_SIZE) * 2;
            if let Some(k) = buffers.iter().position(fits) {
                return Ok(buffers.swap_remove(k));
            }
        }
        device.scoped(|wgpu_device| {
            wgpu_device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("amp download"),
                size: size.max(MIN_SIZE).next_power_of_two(),
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        })
    }

    /// Keeps `buffer` (idle and unmapped) for a later download, unless the spares hold enough.
    pub(crate) fn put(&self, buffer: wgpu::Buffer) {
        let mut buffers = self.buffers.lock().unwrap_or_else(PoisonError::into_inner);
        let kept: u64 = buffers.iter().map(wgpu::Buffer::size).sum();
        if kept + buffer.size() <= MAX_KEPT {
            buffers.push(buffer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accelerator::Accelerator;

    /// A buffer handed back is the next one taken for a download of a similar size; a much
    /// larger download gets a buffer of its own, and a much smaller one does not hold a large
    /// buffer.
    #[test]
    fn downloads_reuse_buffers_of_their_size() -> Result<()> {
        let acc = Accelerator::default()?;
        let spares = Spares::default();
        let first = spares.take(acc.device(), 1000)?;
        assert_eq!(first.size(), MIN_SIZE);
        spares.put(first.clone());
        let again = spares.take(acc.device(), 4000)?;
        assert!(again == first, "the spare buffer is reused");
        let large = spares.take(acc.device(), 3 * MIN_SIZE)?;
        assert_eq!(large.size(), 4 * MIN_SIZE);
        spares.put(large);
        assert!(spares.take(acc.device(), 100)? != first);
        assert_eq!(spares.buffers.lock().map(|b| b.len()).unwrap_or(0), 1);
        Ok(())
    }
}
