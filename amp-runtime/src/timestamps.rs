//! The timestamps an open profile (`profile.rs`) takes: written around each launch's dispatch
//! inside the batch's compute pass, resolved into a buffer at each flush, read back when the
//! profile ends.
//!
//! A [`Recording`] lives in the accelerator's batch (`batch.rs`) while its profile is open, so
//! it is only touched under the batch lock that every launch takes anyway. Launch `i` of the
//! open pass writes queries `2i` (before its dispatch) and `2i + 1` (after it); the compute pass
//! resets each query before writing it, so one query set serves every pass in turn.

use crate::completion::Flight;
use crate::device::Device;
use crate::error::{Error, InternalError, Result};
use amp_core::Loc;
use std::sync::Arc;
use std::time::Duration;

/// Bytes one launch's two timestamps take in a resolve buffer.
const LAUNCH_BYTES: u64 = 2 * wgpu::QUERY_SIZE as u64;

/// A kernel as a profile names it; every launch hands its kernel's label to the batch.
#[derive(Clone, Debug)]
pub(crate) struct KernelLabel {
    /// `parallel_for_each at file:line:column`, as faults name the kernel.
    pub(crate) name: Arc<str>,
    /// Where the kernel is written.
    pub(crate) site: Loc,
}

impl KernelLabel {
    /// The label of the kernel written at `site`, named `name`.
    pub(crate) fn new(name: &str, site: Loc) -> Self {
        KernelLabel {
            name: name.into(),
            site,
        }
    }
}

/// The timestamps of one open profile.
pub(crate) struct Recording {
    /// Two queries per launch of a pass: `capacity` launches' worth.
    query_set: wgpu::QuerySet,
    /// The most launches one pass may time.
    capacity: usize,
    /// The launches timed in the open pass, in order.
    in_pass: Vec<KernelLabel>,
    /// Passes of the open command encoder already resolved: kept once the encoder is submitted.
    in_encoder: Vec<Resolved>,
    /// Passes submitted, in submission order.
    submitted: Vec<Resolved>,
}

/// One pass's timestamps, resolved into a buffer.
struct Resolved {
    /// Two `u64` ticks per launch, `QUERY_RESOLVE | COPY_SRC`.
    buffer: wgpu::Buffer,
    /// The launches, in the order of their timestamps.
    kernels: Vec<KernelLabel>,
}

impl Recording {
    /// A recording with its query set made on `device`, for passes of up to `capacity`
    /// launches (the batch's limit).
    pub(crate) fn new(device: &Device, capacity: usize) -> Result<Self> {
        let query_set = device.scoped(|device| {
            device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("amp profile"),
                ty: wgpu::QueryType::Timestamp,
                count: 2 * capacity as u32,
            })
        })?;
        Ok(Recording {
            query_set,
            capacity,
            in_pass: Vec::new(),
            in_encoder: Vec::new(),
            submitted: Vec::new(),
        })
    }

    /// Whether the open pass has no queries left. A batch is flushed when it holds
    /// `capacity` launches, but launches of other threads may slip in before that flush; the
    /// batch then resolves the pass and opens another (`Batch::record`).
    pub(crate) fn is_full(&self) -> bool {
        self.in_pass.len() >= self.capacity
    }

    /// Records one launch (`record` sets its pipeline and bindings and dispatches) between two
    /// timestamps.
    pub(crate) fn time(
        &mut self,
        pass: &mut wgpu::ComputePass<'static>,
        kernel: &KernelLabel,
        record: impl FnOnce(&mut wgpu::ComputePass<'static>),
    ) {
        if self.is_full() {
            // The batch resolves a full pass before recording into it; never reached.
            record(pass);
            return;
        }
        let first = 2 * self.in_pass.len() as u32;
        pass.write_timestamp(&self.query_set, first);
        record(pass);
        pass.write_timestamp(&self.query_set, first + 1);
        self.in_pass.push(kernel.clone());
    }

    /// Copies the timestamps of the pass that just ended into a new buffer, in `encoder` after
    /// the pass, so the query set can be written again.
    pub(crate) fn resolve(&mut self, device: &wgpu::Device, encoder: &mut wgpu::CommandEncoder) {
        if self.in_pass.is_empty() {
            return;
        }
        let queries = 2 * self.in_pass.len() as u32;
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("amp profile timestamps"),
            size: u64::from(queries) * u64::from(wgpu::QUERY_SIZE),
            usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        encoder.resolve_query_set(&self.query_set, 0..queries, &buffer, 0);
        self.in_encoder.push(Resolved {
            buffer,
            kernels: std::mem::take(&mut self.in_pass),
        });
    }

    /// The encoder whose passes were resolved was submitted (`true`), or failed to finish and
    /// was dropped (`false`: its timestamps were never written).
    pub(crate) fn encoder_done(&mut self, submitted: bool) {
        if submitted {
            self.submitted.append(&mut self.in_encoder);
        } else {
            self.in_encoder.clear();
        }
    }

    /// Reads the submitted timestamps back (one copy into one staging buffer, waited for) and
    /// converts them into each launch's time with the queue's timestamp period. `queue` is
    /// `device`'s, taken after a flush of the batch.
    pub(crate) fn read(
        self,
        device: &Arc<Device>,
        queue: &wgpu::Queue,
    ) -> Result<Vec<(KernelLabel, Duration)>> {
        let size: u64 = self.submitted.iter().map(|r| r.buffer.size()).sum();
        if size == 0 {
            return Ok(Vec::new());
        }
        let staging = device.scoped(|device| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("amp profile read-back"),
                size,
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        })?;
        let flight = device.scoped(|wgpu_device| {
            let mut encoder = wgpu_device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("amp profile read-back"),
            });
            let mut offset = 0;
            for resolved in &self.submitted {
                let bytes = resolved.buffer.size();
                encoder.copy_buffer_to_buffer(&resolved.buffer, 0, &staging, offset, bytes);
                offset += bytes;
            }
            let submission = queue.submit([encoder.finish()]);
            let len = staging.size();
            Flight::mapping(device, submission, (staging, len), None)
        })?;
        let nanos_per_tick = f64::from(queue.get_timestamp_period());
        let kernels = self.submitted.into_iter().flat_map(|r| r.kernels);
        flight
            .read_blocking(|bytes| {
                bytes
                    .chunks_exact(LAUNCH_BYTES as usize)
                    .zip(kernels)
                    .map(|(ticks, kernel)| (kernel, elapsed(ticks, nanos_per_tick)))
                    .collect::<Vec<_>>()
            })
            .and_then(|launches| {
                if launches.len() as u64 * LAUNCH_BYTES == size {
                    Ok(launches)
                } else {
                    Err(Error::internal(InternalError::Timestamps {
                        bytes: size,
                        launches: launches.len(),
                    }))
                }
            })
    }
}

/// The time between a launch's two timestamps (`u64` ticks in the device's byte order, which
/// is the host's). A clock that went backwards gives zero.
fn elapsed(ticks: &[u8], nanos_per_tick: f64) -> Duration {
    let tick = |i: usize| {
        ticks
            .get(8 * i..8 * i + 8)
            .and_then(|b| <[u8; 8]>::try_from(b).ok())
            .map_or(0, u64::from_ne_bytes)
    };
    let ticks = tick(1).saturating_sub(tick(0));
    // `as` saturates (and maps NaN to zero): no panic on a strange period.
    Duration::from_nanos((ticks as f64 * nanos_per_tick).round() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(begin: u64, end: u64) -> Vec<u8> {
        [begin.to_ne_bytes(), end.to_ne_bytes()].concat()
    }

    #[test]
    fn ticks_become_durations() {
        assert_eq!(elapsed(&pair(100, 350), 1.0), Duration::from_nanos(250));
        assert_eq!(elapsed(&pair(100, 350), 40.0), Duration::from_micros(10));
        // A clock that went backwards, a strange period: zero, no panic.
        assert_eq!(elapsed(&pair(350, 100), 1.0), Duration::ZERO);
        assert_eq!(elapsed(&pair(0, 10), f64::NAN), Duration::ZERO);
        assert_eq!(
            elapsed(&pair(0, u64::MAX), 1e12),
            Duration::from_nanos(u64::MAX)
        );
    }
}
