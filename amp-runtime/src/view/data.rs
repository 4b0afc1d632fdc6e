//! The core shared by both array view types: host data, its device copy, and the coherence
//! state between them.
//!
//! Invariants: at least one of `host_valid` and `device_valid` holds, unless the data was
//! discarded; `device_valid` implies `device` is `Some`; a read-only view's host data is always
//! valid (kernels cannot write it), so only read-write views ever download.

use crate::accelerator::Accelerator;
use crate::error::{Error, Result};
use amp_core::{Extent, Index, Scalar};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard, PoisonError};

static UPLOADS: AtomicU64 = AtomicU64::new(0);
static DOWNLOADS: AtomicU64 = AtomicU64::new(0);
static NEXT_CORE: AtomicU64 = AtomicU64::new(1);

/// Elements converted and written per `write_buffer` call: bounds the temporary memory an upload
/// of a large view needs (4 MiB).
const UPLOAD_CHUNK: usize = 1 << 20;

/// Host-to-accelerator and accelerator-to-host copies made by all views of the process so far,
/// as `(uploads, downloads)`.
pub fn transfer_counts() -> (u64, u64) {
    (
        UPLOADS.load(Ordering::Relaxed),
        DOWNLOADS.load(Ordering::Relaxed),
    )
}

/// The host data a view wraps.
enum Host<'a, T> {
    ReadWrite(&'a mut [T]),
    ReadOnly(&'a [T]),
    /// An `Array`'s own host copy.
    Owned(Vec<T>),
}

impl<T> Host<'_, T> {
    fn as_slice(&self) -> &[T] {
        match self {
            Host::ReadWrite(data) => data,
            Host::ReadOnly(data) => data,
            Host::Owned(data) => data,
        }
    }

    /// The data, when kernels and the host may write it.
    fn as_mut_slice(&mut self) -> Option<&mut [T]> {
        match self {
            Host::ReadWrite(data) => Some(data),
            Host::Owned(data) => Some(data),
            Host::ReadOnly(_) => None,
        }
    }
}

/// The view's data on one accelerator.
struct DeviceCopy {
    acc: Accelerator,
    buffer: wgpu::Buffer,
}

/// Where the current data is. Behind a mutex: launches and host accesses take `&view`.
struct State<'a, T> {
    host: Host<'a, T>,
    /// The host slice holds the current data.
    host_valid: bool,
    /// The device copy holds the current data.
    device_valid: bool,
    /// The current data need not be preserved: the next device use skips the upload.
    discarded: bool,
    device: Option<DeviceCopy>,
}

/// The data behind a view and all its sections.
struct Shared<'a, T> {
    /// Unique in the process: names the data in the fault log of checked launches.
    id: u64,
    state: Mutex<State<'a, T>>,
    uploads: AtomicU64,
    downloads: AtomicU64,
}

/// The shared core of [`ArrayView`](super::ArrayView) and
/// [`ConstArrayView`](super::ConstArrayView): which part of the shared data this view sees.
/// Element `idx` of the view is element `offset + Σ idx[k] * strides[k]` of the data.
pub(crate) struct ViewData<'a, T: Scalar, const N: usize> {
    extent: Extent<N>,
    offset: usize,
    strides: [usize; N],
    shared: Arc<Shared<'a, T>>,
}

impl<'a, T: Scalar, const N: usize> ViewData<'a, T, N> {
    pub(crate) fn read_write(extent: Extent<N>, data: &'a mut [T]) -> Result<Self> {
        check_extent(extent, data.len())?;
        Ok(Self::with_host(extent, Host::ReadWrite(data)))
    }

    pub(crate) fn owned(extent: Extent<N>, data: Vec<T>) -> Result<Self> {
        check_extent(extent, data.len())?;
        Ok(Self::with_host(extent, Host::Owned(data)))
    }

    pub(crate) fn read_only(extent: Extent<N>, data: &'a [T]) -> Result<Self> {
        check_extent(extent, data.len())?;
        Ok(Self::with_host(extent, Host::ReadOnly(data)))
    }

    fn with_host(extent: Extent<N>, host: Host<'a, T>) -> Self {
        let mut strides = [1usize; N];
        for k in (0..N.saturating_sub(1)).rev() {
            strides[k] = strides[k + 1] * extent.0[k + 1].max(0) as usize;
        }
        ViewData {
            extent,
            offset: 0,
            strides,
            shared: Arc::new(Shared {
                id: NEXT_CORE.fetch_add(1, Ordering::Relaxed),
                state: Mutex::new(State {
                    host,
                    host_valid: true,
                    device_valid: false,
                    discarded: false,
                    device: None,
                }),
                uploads: AtomicU64::new(0),
                downloads: AtomicU64::new(0),
            }),
        }
    }

    /// The part of this view at `origin` with `extent` (C++ AMP `array_view::section`): a view
    /// of the same data, coherent with this one.
    pub(crate) fn section(&self, origin: Index<N>, extent: Extent<N>) -> Result<Self> {
        let fits = (0..N).all(|k| {
            let (o, e, whole) = (origin.0[k], extent.0[k], self.extent.0[k]);
            o >= 0 && e >= 0 && i64::from(o) + i64::from(e) <= i64::from(whole)
        });
        if !fits {
            return Err(Error::OutOfBounds {
                index: format!("section at {origin} of extent {extent}"),
                extent: self.extent.to_string(),
                fault: None,
            });
        }
        let offset = self.offset
            + (0..N)
                .map(|k| origin.0[k] as usize * self.strides[k])
                .sum::<usize>();
        Ok(ViewData {
            extent,
            offset,
            strides: self.strides,
            shared: self.shared.clone(),
        })
    }

    /// Whether the view covers its whole data in order (not a strided section).
    fn is_whole(&self, len: usize) -> bool {
        self.offset == 0 && self.extent.size() == len as u64
    }

    pub(crate) fn extent(&self) -> Extent<N> {
        self.extent
    }

    pub(crate) fn uploads(&self) -> u64 {
        self.shared.uploads.load(Ordering::Relaxed)
    }

    pub(crate) fn downloads(&self) -> u64 {
        self.shared.downloads.load(Ordering::Relaxed)
    }

    /// A panic elsewhere while the lock was held leaves flags that are still consistent (each
    /// is set only after the transfer it records), so a poisoned lock is safe to reuse.
    fn lock(&self) -> MutexGuard<'_, State<'a, T>> {
        self.shared
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn offset_of(&self, idx: Index<N>) -> Result<usize> {
        if !self.extent.contains(idx) {
            return Err(Error::OutOfBounds {
                index: idx.to_string(),
                extent: self.extent.to_string(),
                fault: None,
            });
        }
        Ok(self.offset
            + (0..N)
                .map(|k| idx.0[k] as usize * self.strides[k])
                .sum::<usize>())
    }

    pub(crate) fn get(&self, idx: Index<N>) -> Result<T> {
        let offset = self.offset_of(idx)?;
        let mut state = self.lock();
        self.make_host_valid(&mut state)?;
        self.take_fault(&state)?;
        state
            .host
            .as_slice()
            .get(offset)
            .copied()
            .ok_or_else(|| Error::OutOfBounds {
                index: idx.to_string(),
                extent: self.extent.to_string(),
                fault: None,
            })
    }

    pub(crate) fn set(&self, idx: Index<N>, value: T) -> Result<()> {
        let offset = self.offset_of(idx)?;
        let mut state = self.lock();
        self.make_host_valid(&mut state)?;
        self.take_fault(&state)?;
        let Some(data) = state.host.as_mut_slice() else {
            return Err(Error::UnsupportedFeature(
                "a read-only array view cannot be written".into(),
            ));
        };
        if let Some(element) = data.get_mut(offset) {
            *element = value;
        }
        state.device_valid = false;
        state.discarded = false;
        Ok(())
    }

    pub(crate) fn synchronize(&self) -> Result<()> {
        let mut state = self.lock();
        self.make_host_valid(&mut state)?;
        self.take_fault(&state)
    }

    pub(crate) fn to_vec(&self) -> Result<Vec<T>> {
        let mut state = self.lock();
        self.make_host_valid(&mut state)?;
        self.take_fault(&state)?;
        let data = state.host.as_slice();
        if self.is_whole(data.len()) {
            return Ok(data.to_vec());
        }
        let mut out = Vec::with_capacity(self.extent.size() as usize);
        for idx in self.extent.indices() {
            let offset = self.offset_of(idx)?;
            out.extend(data.get(offset).copied());
        }
        Ok(out)
    }

    /// Discards the data when this view covers all of it; otherwise does nothing. The coherence
    /// state is kept for the whole data, not per element, so discarding a section would drop
    /// (or skip uploading) the elements outside it too; keeping the section's contents is
    /// always correct, since discarding only permits the runtime not to preserve them.
    pub(crate) fn discard_data(&self) {
        let mut state = self.lock();
        if !self.is_whole(state.host.as_slice().len()) {
            return;
        }
        // Neither copy need be preserved; the host slice stands in as "the data" for host reads.
        state.discarded = true;
        state.device_valid = false;
        state.host_valid = true;
    }

    pub(crate) fn refresh(&self) {
        let mut state = self.lock();
        state.host_valid = true;
        state.device_valid = false;
        state.discarded = false;
    }

    /// Makes the data current on `acc` and returns its buffer there.
    pub(crate) fn device_buffer(&self, acc: &Accelerator) -> Result<wgpu::Buffer> {
        let mut state = self.lock();
        if state.device.as_ref().is_some_and(|copy| copy.acc != *acc) {
            // One device copy at a time: bring the data home, then move it to `acc`.
            self.make_host_valid(&mut state)?;
            state.device = None;
            state.device_valid = false;
        }
        let buffer = match &state.device {
            Some(copy) => copy.buffer.clone(),
            None => {
                let buffer = self.create_buffer(acc, state.host.as_slice().len())?;
                state.device = Some(DeviceCopy {
                    acc: acc.clone(),
                    buffer: buffer.clone(),
                });
                state.device_valid = false;
                buffer
            }
        };
        if !state.device_valid {
            if !state.discarded {
                self.upload(acc, &buffer, state.host.as_slice())?;
            }
            state.device_valid = true;
            state.discarded = false;
        }
        Ok(buffer)
    }

    pub(crate) fn kernel_wrote(&self) {
        let mut state = self.lock();
        // A read-only view's data cannot have changed; a view never bound has no device copy.
        if !matches!(state.host, Host::ReadOnly(_)) && state.device.is_some() {
            state.host_valid = false;
            state.device_valid = true;
            state.discarded = false;
        }
    }

    pub(crate) fn layout_words(&self) -> Vec<u32> {
        let mut words = Vec::with_capacity(2 * N);
        // Bits of the i32 components: the kernel reads them back as i32.
        words.extend(self.extent.0.iter().map(|&c| c as u32));
        words.push(self.offset as u32);
        words.extend(
            self.strides[..N.saturating_sub(1)]
                .iter()
                .map(|&s| s as u32),
        );
        // The zero element past the data (`create_buffer`), read by checked reads out of range.
        words.push(self.lock().host.as_slice().len() as u32);
        words
    }

    /// The data's id in the fault log of checked launches.
    pub(crate) fn core_id(&self) -> u64 {
        self.shared.id
    }

    /// [`Error::OutOfBounds`] if a checked launch that used this data recorded a fault not yet
    /// reported (the host data is current either way: call after `make_host_valid`).
    fn take_fault(&self, state: &State<'a, T>) -> Result<()> {
        match &state.device {
            Some(copy) => copy.acc.take_fault(Some(self.shared.id)),
            None => Ok(()),
        }
    }

    /// Downloads the device copy into the host slice if the host slice is stale.
    fn make_host_valid(&self, state: &mut State<'a, T>) -> Result<()> {
        if state.host_valid {
            return Ok(());
        }
        let (Some(host), Some(copy)) = (state.host.as_mut_slice(), &state.device) else {
            // Not reachable by the invariants; the host data is all there is.
            state.host_valid = true;
            return Ok(());
        };
        download(copy, host)?;
        if !host.is_empty() {
            self.shared.downloads.fetch_add(1, Ordering::Relaxed);
            DOWNLOADS.fetch_add(1, Ordering::Relaxed);
        }
        state.host_valid = true;
        Ok(())
    }

    fn create_buffer(&self, acc: &Accelerator, len: usize) -> Result<wgpu::Buffer> {
        let max = acc.limits().max_buffer_size;
        let element = (T::WORDS * 4) as u64;
        // One element more than the data: a zero sentinel that checked kernels read instead of
        // an element out of range. Nothing writes it (uploads and downloads cover the data
        // only; kernels skip writes out of range), and wgpu zero-initialises buffers.
        let size = (len as u64 + 1)
            .checked_mul(element)
            .filter(|&size| size <= max)
            .ok_or_else(|| {
                Error::OutOfMemory(format!(
                    "array view of extent {} needs {len} {element}-byte elements but `{}` \
                     allows buffers of at most {max} bytes",
                    self.extent,
                    acc.description()
                ))
            })?;
        acc.scoped(|device| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("amp array view"),
                size,
                usage: wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        })
    }

    fn upload(&self, acc: &Accelerator, buffer: &wgpu::Buffer, data: &[T]) -> Result<()> {
        if data.is_empty() {
            return Ok(());
        }
        let (_, queue) = acc.device()?;
        acc.scoped(|_| {
            // Elements are one or two 32-bit words on the device (bool included), so convert.
            let mut words = Vec::with_capacity(data.len().min(UPLOAD_CHUNK) * T::WORDS);
            for (i, chunk) in data.chunks(UPLOAD_CHUNK).enumerate() {
                words.clear();
                chunk.iter().for_each(|v| v.write_words(&mut words));
                let offset = (i * UPLOAD_CHUNK * 4 * T::WORDS) as u64;
                queue.write_buffer(buffer, offset, bytemuck::cast_slice(&words));
            }
        })?;
        self.shared.uploads.fetch_add(1, Ordering::Relaxed);
        UPLOADS.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
}

/// Rejects extents that do not describe `len` elements.
fn check_extent<const N: usize>(extent: Extent<N>, len: usize) -> Result<()> {
    if extent.0.iter().any(|&c| c < 0) {
        return Err(Error::InvalidComputeDomain(format!(
            "array view extent {extent} has a negative component"
        )));
    }
    // Not Extent::size: a rank-3 extent of large components overflows u64.
    let expected = extent
        .0
        .iter()
        .try_fold(1u64, |acc, &c| acc.checked_mul(c as u64))
        .ok_or_else(|| {
            Error::InvalidComputeDomain(format!(
                "array view extent {extent} has more elements than any memory holds"
            ))
        })?;
    if expected != len as u64 {
        return Err(Error::ExtentMismatch {
            extent: extent.to_string(),
            expected,
            actual: len,
        });
    }
    Ok(())
}

/// Copies `copy`'s buffer into `host` through a mappable staging buffer.
fn download<T: Scalar>(copy: &DeviceCopy, host: &mut [T]) -> Result<()> {
    if host.is_empty() {
        return Ok(());
    }
    let acc = &copy.acc;
    let (device, queue) = acc.device()?;
    let size = (host.len() * T::WORDS * 4) as u64;
    let staging = acc.scoped(|device| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("amp download"),
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    })?;
    let (sender, receiver) = mpsc::channel();
    let submission = acc.scoped(|device| {
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("amp download"),
        });
        encoder.copy_buffer_to_buffer(&copy.buffer, 0, &staging, 0, size);
        let submission = queue.submit([encoder.finish()]);
        // Mapping waits for the copy; the callback runs inside the poll of `wait`.
        staging.map_async(wgpu::MapMode::Read, .., move |result| {
            // The receiver outlives the wait below; a failed send has nobody to tell.
            let _ = sender.send(result);
        });
        submission
    })?;
    acc.wait_for(Some(submission))?;
    let mapped = match receiver.try_recv() {
        Ok(mapped) => mapped,
        Err(_) => {
            // The copy is done but the mapping callback has not run yet: poll until it has.
            device
                .poll(wgpu::PollType::wait_indefinitely())
                .map_err(|e| Error::Device(format!("mapping a download failed: {e}")))?;
            acc.check_lost()?;
            receiver
                .recv()
                .map_err(|_| Error::Device("the download's mapping was never completed".into()))?
        }
    };
    mapped.map_err(|e| Error::Device(format!("mapping a download failed: {e}")))?;
    {
        let bytes = staging
            .get_mapped_range(..)
            .map_err(|e| Error::Device(format!("reading a download failed: {e}")))?;
        let mut words = Vec::with_capacity(T::WORDS);
        for (element, raw) in host.iter_mut().zip(bytes.chunks_exact(4 * T::WORDS)) {
            words.clear();
            words.extend(
                raw.chunks_exact(4)
                    .map(|w| u32::from_ne_bytes([w[0], w[1], w[2], w[3]])),
            );
            *element = T::read_words(&words);
        }
    }
    staging.unmap();
    Ok(())
}
