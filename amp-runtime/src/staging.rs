//! Staging memory: the mappable buffers through which data crosses between host memory and an
//! accelerator's buffers.
//!
//! Large transfers go through each accelerator's [`Staging`]: two rings (one per direction) of
//! up to [`SLOTS`] buffers of [`CHUNK`] bytes, made on first use and kept, so a transfer neither
//! allocates, zero-fills nor pins fresh memory. A transfer is cut into chunks; each chunk takes
//! the next buffer of the ring once the copy that last used it is done:
//!
//! - **up**: the host writes the chunk into the buffer's write mapping (on several threads,
//!   `view/parallel.rs`), unmaps it, and submits its copy into the destination; the buffer is
//!   mapped again as soon as that copy is done, while the host fills the next buffers;
//! - **down**: copies of the first chunks are submitted at once; as each one lands, the host
//!   reads it out of the mapping while the copies of the next ones run.
//!
//! wgpu places a `MAP_WRITE` buffer in memory the host writes and the accelerator reads
//! directly (on a discrete GPU with a resizable BAR, the GPU's own memory, so the host's writes
//! are the transfer and the copy after them stays on the GPU), and a `MAP_READ` buffer in cached
//! host memory the accelerator writes over the link.
//!
//! Small transfers and asynchronous downloads copy into a mappable buffer of their own ([`stage`]),
//! which a [`Flight`] owns until the bytes are read and then hands back to the spares it came
//! from (`spares.rs`) for the next one.

use crate::completion::Flight;
use crate::device::Device;
use crate::error::{DeviceError, Error, Result, WgpuError};
use crate::spares::Spares;
use std::ops::Range;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use wgpu::WriteOnly;

/// The most bytes one staging buffer holds: the most one step of a large transfer moves. A ring's
/// buffers are as large as the largest transfer it has served, up to this.
pub(crate) const CHUNK: u64 = 64 << 20;

/// Staging buffers per direction: enough that the host's copy of one chunk overlaps the
/// accelerator's copies of the others.
pub(crate) const SLOTS: usize = 3;

/// Transfers of at least this many bytes go through the rings; smaller ones cost less through a
/// buffer of their own size than a ring buffer held for them.
pub(crate) const RING_MIN: u64 = 1 << 20;

/// How long a wait for a mapping whose copy is done may take before it is reported instead of
/// hanging (wgpu runs the callback in the poll that sees the copy done; this is a safety net).
const CALLBACK_GRACE: Duration = Duration::from_secs(10);

/// An accelerator's staging rings, one per direction.
#[derive(Default)]
pub(crate) struct Staging {
    up: Mutex<Ring>,
    down: Mutex<Ring>,
    /// Buffers of asynchronous downloads, for reuse.
    spares: Arc<Spares>,
}

/// Where a ring buffer's mapping stands.
enum Mapping {
    /// Not mapped, and no mapping asked for: the accelerator may copy into or out of it.
    Idle,
    /// Asked for; wgpu maps it once the copy that used the buffer is done.
    Pending,
    /// The host may write (up) or read (down) it.
    Mapped,
    /// wgpu could not map it.
    Failed(WgpuError),
}

/// One staging buffer of a ring and the submission that last used it.
struct Slot {
    buffer: wgpu::Buffer,
    /// Set by the mapping's callback.
    mapping: Arc<Mutex<Mapping>>,
    used_by: Option<wgpu::SubmissionIndex>,
}

#[derive(Default)]
struct Ring {
    slots: Vec<Slot>,
    /// The bytes each buffer holds.
    size: u64,
    /// The slot the next chunk takes.
    next: usize,
}

/// The chunks of `total` bytes: at most `size` bytes each, in whole `unit`s.
fn chunks(total: u64, size: u64, unit: u64) -> impl Iterator<Item = Range<u64>> {
    let unit = unit.max(1);
    let step = (size / unit).max(1) * unit;
    (0..total)
        .step_by(step as usize)
        .map(move |start| start..(start + step).min(total))
}

/// The part of a device buffer a transfer covers: `total` bytes from byte `offset`, in whole
/// elements of `unit` bytes (chunks never split an element).
pub(crate) struct Span<'b> {
    pub(crate) buffer: &'b wgpu::Buffer,
    pub(crate) offset: u64,
    pub(crate) total: u64,
    pub(crate) unit: u64,
}

/// Writes the bytes of a range of an upload into the write mapping it is given.
pub(crate) type Fill<'f> = dyn FnMut(Range<u64>, WriteOnly<'_, [u8]>) + 'f;

/// Takes the bytes of a range of a download.
pub(crate) type Drain<'f> = dyn FnMut(Range<u64>, &[u8]) + 'f;

impl Staging {
    /// Copies the bytes `fill` writes into `to`: `fill` is called for each range of the transfer
    /// (byte ranges of `0..to.total`) in order. Returns once the host is done; the copies are
    /// queued on the accelerator, ordered before later submissions.
    pub(crate) fn upload(
        &self,
        device: &Device,
        queue: &wgpu::Queue,
        to: Span<'_>,
        fill: &mut Fill<'_>,
    ) -> Result<()> {
        let Span {
            buffer: dst,
            offset,
            total,
            unit,
        } = to;
        let mut ring = self.up.lock().unwrap_or_else(PoisonError::into_inner);
        ring.fit(device, total, unit)?;
        for range in chunks(total, ring.size, unit) {
            let len = range.end - range.start;
            let k = ring.take(device, wgpu::MapMode::Write)?;
            let slot = &mut ring.slots[k];
            {
                let mut view = slot
                    .buffer
                    .get_mapped_range_mut(..len)
                    .map_err(|e| mapped_range_error(&e))?;
                fill(range.clone(), view.slice(..));
            }
            slot.release();
            let submission = device.scoped(|wgpu_device| {
                let mut encoder = wgpu_device.create_command_encoder(&Default::default());
                encoder.copy_buffer_to_buffer(&slot.buffer, 0, dst, offset + range.start, len);
                queue.submit([encoder.finish()])
            })?;
            slot.remap(wgpu::MapMode::Write, Some(submission));
        }
        Ok(())
    }

    /// Copies the bytes of `from` to the host: `drain` gets each range of the transfer (byte
    /// ranges of `0..from.total`) and its bytes, in order. The copies follow every submission
    /// made before.
    pub(crate) fn download(
        &self,
        device: &Device,
        queue: &wgpu::Queue,
        from: Span<'_>,
        drain: &mut Drain<'_>,
    ) -> Result<()> {
        let Span {
            buffer: src,
            offset,
            total,
            unit,
        } = from;
        let mut ring = self.down.lock().unwrap_or_else(PoisonError::into_inner);
        ring.fit(device, total, unit)?;
        let ranges: Vec<Range<u64>> = chunks(total, ring.size, unit).collect();
        let mut slots = Vec::with_capacity(ranges.len());
        let start = |ring: &mut Ring, range: &Range<u64>| -> Result<usize> {
            let k = ring.take(device, wgpu::MapMode::Read)?;
            let slot = &mut ring.slots[k];
            let len = range.end - range.start;
            let submission = device.scoped(|wgpu_device| {
                let mut encoder = wgpu_device.create_command_encoder(&Default::default());
                encoder.copy_buffer_to_buffer(src, offset + range.start, &slot.buffer, 0, len);
                queue.submit([encoder.finish()])
            })?;
            slot.remap(wgpu::MapMode::Read, Some(submission));
            Ok(k)
        };
        // The first copies at once; each later one as soon as a buffer is read out.
        for range in ranges.iter().take(SLOTS) {
            slots.push(start(&mut ring, range)?);
        }
        for (i, range) in ranges.iter().enumerate() {
            let k = slots[i];
            ring.slots[k].wait(device)?;
            let slot = &ring.slots[k];
            {
                let view = slot
                    .buffer
                    .get_mapped_range(..range.end - range.start)
                    .map_err(|e| mapped_range_error(&e))?;
                drain(range.clone(), &view);
            }
            slot.release();
            if let Some(later) = ranges.get(i + SLOTS) {
                slots.push(start(&mut ring, later)?);
            }
        }
        Ok(())
    }
}

impl Ring {
    /// Makes the buffers large enough for chunks of a transfer of `total` bytes in whole
    /// `unit`s: as large as the transfer (a power of two, from [`RING_MIN`]), at most [`CHUNK`],
    /// and at least one unit. Smaller buffers are dropped once idle.
    fn fit(&mut self, device: &Device, total: u64, unit: u64) -> Result<()> {
        let wanted = total.next_power_of_two().clamp(RING_MIN, CHUNK).max(unit);
        if self.size >= wanted {
            return Ok(());
        }
        for slot in &self.slots {
            // An upload buffer is in use until its copy is done and it is mapped again; a
            // download buffer is idle between downloads.
            slot.wait_if_pending(device)?;
        }
        self.slots.clear();
        self.next = 0;
        self.size = wanted;
        Ok(())
    }

    /// The next slot, mapped in `mode` for the host (up), or idle for a copy into it (down);
    /// makes it if the ring has fewer than [`SLOTS`].
    fn take(&mut self, device: &Device, mode: wgpu::MapMode) -> Result<usize> {
        let k = self.next;
        self.next = (self.next + 1) % SLOTS;
        if k == self.slots.len() {
            self.slots.push(Slot::new(device, mode, self.size)?);
        }
        let slot = &mut self.slots[k];
        match mode {
            wgpu::MapMode::Write => {
                if matches!(*slot.state(), Mapping::Idle | Mapping::Failed(_)) {
                    // Left unmapped by a transfer that failed half-way: map it again.
                    slot.remap(mode, None);
                }
                slot.wait(device)?;
            }
            wgpu::MapMode::Read => {
                // Normally idle: the last download read it out and released it.
                if matches!(*slot.state(), Mapping::Pending) {
                    slot.wait(device)?;
                }
                if matches!(*slot.state(), Mapping::Mapped) {
                    slot.release();
                }
                *slot.state() = Mapping::Idle;
            }
        }
        Ok(k)
    }
}

impl Slot {
    fn new(device: &Device, mode: wgpu::MapMode, size: u64) -> Result<Self> {
        let (usage, label) = match mode {
            wgpu::MapMode::Write => (
                wgpu::BufferUsages::MAP_WRITE | wgpu::BufferUsages::COPY_SRC,
                "amp upload staging",
            ),
            wgpu::MapMode::Read => (
                wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                "amp download staging",
            ),
        };
        // An upload buffer starts mapped, ready for the host to write.
        let mapped = mode == wgpu::MapMode::Write;
        let buffer = device.scoped(|wgpu_device| {
            wgpu_device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage,
                mapped_at_creation: mapped,
            })
        })?;
        let state = if mapped {
            Mapping::Mapped
        } else {
            Mapping::Idle
        };
        Ok(Slot {
            buffer,
            mapping: Arc::new(Mutex::new(state)),
            used_by: None,
        })
    }

    fn state(&self) -> MutexGuard<'_, Mapping> {
        self.mapping.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Unmaps the buffer, so that the accelerator may copy into or out of it.
    fn release(&self) {
        self.buffer.unmap();
        *self.state() = Mapping::Idle;
    }

    /// Asks for the buffer to be mapped in `mode` once `submission`, which uses it, is done
    /// (once all work submitted so far is, without one).
    fn remap(&mut self, mode: wgpu::MapMode, submission: Option<wgpu::SubmissionIndex>) {
        *self.state() = Mapping::Pending;
        let mapping = Arc::clone(&self.mapping);
        self.buffer.map_async(mode, .., move |result| {
            let state = match result {
                Ok(()) => Mapping::Mapped,
                Err(error) => Mapping::Failed(WgpuError::new(error)),
            };
            *mapping.lock().unwrap_or_else(PoisonError::into_inner) = state;
        });
        self.used_by = submission;
    }

    /// Blocks until a mapping asked for is done (or failed), so that nothing uses the buffer.
    fn wait_if_pending(&self, device: &Device) -> Result<()> {
        if matches!(*self.state(), Mapping::Pending) {
            self.wait(device)?;
        }
        Ok(())
    }

    /// Blocks until the buffer is mapped.
    fn wait(&self, device: &Device) -> Result<()> {
        let since = Instant::now();
        loop {
            match &*self.state() {
                Mapping::Mapped => return Ok(()),
                Mapping::Failed(source) => {
                    return Err(Error::Device(DeviceError::Map {
                        source: source.clone(),
                    }))
                }
                Mapping::Pending => {}
                Mapping::Idle => {
                    return Err(Error::Device(DeviceError::Unreported {
                        accelerator: device.name().to_owned(),
                    }))
                }
            }
            // The mapping's callback runs in the poll that sees the copy done, this one or
            // another thread's.
            device.wait(self.used_by.clone())?;
            if matches!(*self.state(), Mapping::Pending) {
                if since.elapsed() > CALLBACK_GRACE {
                    return Err(Error::Device(DeviceError::Unreported {
                        accelerator: device.name().to_owned(),
                    }));
                }
                std::thread::yield_now();
            }
        }
    }
}

pub(crate) fn mapped_range_error(error: &wgpu::MapRangeError) -> Error {
    Error::Device(DeviceError::MappedRange {
        source: WgpuError::new(error.clone()),
    })
}

/// Maps `buffer` in `mode` once the work using it is done, and waits for it.
pub(crate) fn map_blocking(
    device: &Device,
    buffer: &wgpu::Buffer,
    mode: wgpu::MapMode,
) -> Result<()> {
    let outcome: Arc<Mutex<Option<Result<()>>>> = Arc::default();
    let report = Arc::clone(&outcome);
    buffer.map_async(mode, .., move |result| {
        let result = result.map_err(|e| {
            Error::Device(DeviceError::Map {
                source: WgpuError::new(e),
            })
        });
        *report.lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
    });
    let since = Instant::now();
    loop {
        device.wait(None)?;
        if let Some(result) = outcome
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            return result;
        }
        if since.elapsed() > CALLBACK_GRACE {
            return Err(Error::Device(DeviceError::Unreported {
                accelerator: device.name().to_owned(),
            }));
        }
        std::thread::yield_now();
    }
}

impl Staging {
    /// Starts copying `size` bytes of `buffer` from `offset` into a mappable buffer of its own
    /// (a spare one when one fits): submits the copy and asks for the mapping. The bytes are
    /// there when the returned flight is done; the buffer comes back for reuse once they are
    /// read.
    pub(crate) fn stage(
        &self,
        device: &Arc<Device>,
        queue: &wgpu::Queue,
        buffer: &wgpu::Buffer,
        offset: u64,
        size: u64,
    ) -> Result<Flight> {
        stage(device, queue, buffer, offset, size, |_| {}, &self.spares)
    }
}

/// Starts copying `size` bytes of `buffer` from `offset` into a mappable buffer taken from
/// `spares` (a new one when none fits): submits the copy (and what `then` records after it, in
/// the same submission) and asks for the mapping. The bytes are there when the returned flight
/// is done; the buffer goes back to `spares` once they are read.
pub(crate) fn stage(
    device: &Arc<Device>,
    queue: &wgpu::Queue,
    buffer: &wgpu::Buffer,
    offset: u64,
    size: u64,
    then: impl FnOnce(&mut wgpu::CommandEncoder),
    spares: &Arc<Spares>,
) -> Result<Flight> {
    let staging = spares.take(device, size)?;
    submit_staged(
        device,
        queue,
        (buffer, offset, size),
        staging,
        then,
        Some(spares),
    )
}

/// Submits the copy of `size` bytes of `buffer` from `offset` into `staging` (and what `then`
/// records after it) and asks for `staging`'s mapping; it goes to `spares` once read.
fn submit_staged(
    device: &Arc<Device>,
    queue: &wgpu::Queue,
    (buffer, offset, size): (&wgpu::Buffer, u64, u64),
    staging: wgpu::Buffer,
    then: impl FnOnce(&mut wgpu::CommandEncoder),
    spares: Option<&Arc<Spares>>,
) -> Result<Flight> {
    device.scoped(|wgpu_device| {
        let mut encoder = wgpu_device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("amp download"),
        });
        encoder.copy_buffer_to_buffer(buffer, offset, &staging, 0, size);
        then(&mut encoder);
        let submission = queue.submit([encoder.finish()]);
        // Mapping waits for the copy; its callback runs inside a poll of the device.
        Flight::mapping(device, submission, (staging, size), spares.cloned())
    })
}

/// [`stage`], waited for: hands the bytes to `read`.
pub(crate) fn read_back<R>(
    device: &Arc<Device>,
    queue: &wgpu::Queue,
    (buffer, offset, size): (&wgpu::Buffer, u64, u64),
    then: impl FnOnce(&mut wgpu::CommandEncoder),
    spares: &Arc<Spares>,
    read: impl FnOnce(&[u8]) -> R,
) -> Result<R> {
    stage(device, queue, buffer, offset, size, then, spares)?.read_blocking(read)
}
