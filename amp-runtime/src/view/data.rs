//! The core shared by both array view types: host data, its device copy, and the coherence
//! state between them.
//!
//! Invariants: at least one of `host_valid` and `device_valid` holds, unless the data was
//! discarded; `device_valid` implies `device` is `Some`; a read-only view's host data is always
//! valid (kernels cannot write it), so only read-write views ever download.
//!
//! Host reads of part of the data (`get`, `to_vec` of a section) while only the device copy is
//! current download just that part and leave the host copy stale ([`WHOLE_READ_BYTES`],
//! [`PARTIAL_READS`] say when the whole data comes back instead); `synchronize` always
//! downloads the whole data, since currency is tracked for the whole data, not per element.

mod copy;
mod shape;

use super::transfer::{self, bytes_of};
use crate::accelerator::Accelerator;
use crate::error::{Error, Result};
use amp_core::{Element, Extent, Index};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

pub use copy::{DataEnd, Placed};

static NEXT_CORE: AtomicU64 = AtomicU64::new(1);

/// Data of at most this many device bytes comes back whole on any host read: one round trip
/// costs the same for 4 bytes as for 64 KiB.
pub(crate) const WHOLE_READ_BYTES: u64 = 64 * 1024;

/// Partial host reads allowed between two kernel writes; the next read downloads the whole
/// data, so a host loop over every element costs one download, not one round trip each.
pub(crate) const PARTIAL_READS: u32 = 16;

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
    /// Partial downloads since the host copy went stale (see [`PARTIAL_READS`]).
    partial_reads: u32,
}

/// The data behind a view and all its sections.
struct Shared<'a, T> {
    /// Unique in the process: names the data in the fault log of checked launches.
    id: u64,
    /// The number of elements of the data (fixed); the zero sentinel's index on the device.
    len: usize,
    state: Mutex<State<'a, T>>,
    uploads: AtomicU64,
    downloads: AtomicU64,
    uploaded_bytes: AtomicU64,
    downloaded_bytes: AtomicU64,
}

/// The shared core of [`ArrayView`](super::ArrayView) and
/// [`ConstArrayView`](super::ConstArrayView): which part of the shared data this view sees.
/// Element `idx` of the view is element `offset + Σ idx[k] * strides[k]` of the data.
pub(crate) struct ViewData<'a, T: Element, const N: usize> {
    extent: Extent<N>,
    offset: usize,
    strides: [usize; N],
    shared: Arc<Shared<'a, T>>,
}

impl<'a, T: Element, const N: usize> ViewData<'a, T, N> {
    pub(crate) fn read_write(extent: Extent<N>, data: &'a mut [T]) -> Result<Self> {
        check_extent(extent, data.len())?;
        Ok(Self::with_host(extent, Host::ReadWrite(data)))
    }

    pub(crate) fn owned(extent: Extent<N>, data: Vec<T>) -> Result<Self> {
        check_extent(extent, data.len())?;
        Ok(Self::with_host(extent, Host::Owned(data)))
    }

    /// Owned data of `extent` that starts as zeros and is not uploaded: the first kernel that
    /// uses it gets a zero-initialised buffer (C++ AMP `array_view(extent)`).
    pub(crate) fn zeroed(extent: Extent<N>) -> Result<Self> {
        let len = element_count(extent)?;
        let len = usize::try_from(len).map_err(|_| {
            Error::InvalidComputeDomain(format!("array view extent {extent} is too large"))
        })?;
        let zero = T::read_words(&vec![0; T::WORDS]);
        let view = Self::with_host(extent, Host::Owned(vec![zero; len]));
        // wgpu zero-initialises buffers, so the zeros need not travel.
        view.lock().discarded = true;
        Ok(view)
    }

    pub(crate) fn read_only(extent: Extent<N>, data: &'a [T]) -> Result<Self> {
        check_extent(extent, data.len())?;
        Ok(Self::with_host(extent, Host::ReadOnly(data)))
    }

    fn with_host(extent: Extent<N>, host: Host<'a, T>) -> Self {
        ViewData {
            extent,
            offset: 0,
            strides: row_major_strides(extent),
            shared: Arc::new(Shared {
                id: NEXT_CORE.fetch_add(1, Ordering::Relaxed),
                len: host.as_slice().len(),
                state: Mutex::new(State {
                    host,
                    host_valid: true,
                    device_valid: false,
                    discarded: false,
                    device: None,
                    partial_reads: 0,
                }),
                uploads: AtomicU64::new(0),
                downloads: AtomicU64::new(0),
                uploaded_bytes: AtomicU64::new(0),
                downloaded_bytes: AtomicU64::new(0),
            }),
        }
    }

    /// Whether the view covers its whole data in order (not a strided section).
    fn is_whole(&self, len: usize) -> bool {
        self.offset == 0 && self.extent.size() == len as u64
    }

    /// The first and last element of the data that this view sees, when it sees any.
    fn span(&self) -> Option<(usize, usize)> {
        if self.extent.0.iter().any(|&c| c <= 0) {
            return None;
        }
        let last = (0..N)
            .map(|k| (self.extent.0[k] as usize - 1) * self.strides[k])
            .sum::<usize>();
        Some((self.offset, self.offset + last))
    }

    /// Whether the view's elements are consecutive in the data.
    pub(crate) fn is_contiguous(&self) -> bool {
        self.span()
            .is_none_or(|(first, last)| (last - first + 1) as u64 == self.extent.size())
    }

    /// Where each innermost row of the view starts in the data, in row-major order; rows have
    /// `extent[N - 1]` consecutive elements.
    pub(crate) fn row_starts(&self) -> Vec<usize> {
        if self.span().is_none() {
            return Vec::new();
        }
        let outer = &self.extent.0[..N.saturating_sub(1)];
        let rows: usize = outer.iter().map(|&c| c as usize).product();
        (0..rows)
            .map(|mut r| {
                let mut start = self.offset;
                for k in (0..outer.len()).rev() {
                    let c = outer[k] as usize;
                    start += (r % c) * self.strides[k];
                    r /= c;
                }
                start
            })
            .collect()
    }

    pub(crate) fn extent(&self) -> Extent<N> {
        self.extent
    }

    /// Whether the data is owned (an `Array`'s, or a view made from an extent alone), not
    /// borrowed from the caller: nobody needs it copied back on drop.
    pub(crate) fn owns_host(&self) -> bool {
        matches!(self.lock().host, Host::Owned(_))
    }

    /// Device bytes copied to and from the host for this data, as `(uploaded, downloaded)`.
    pub(crate) fn transfer_bytes(&self) -> (u64, u64) {
        (
            self.shared.uploaded_bytes.load(Ordering::Relaxed),
            self.shared.downloaded_bytes.load(Ordering::Relaxed),
        )
    }

    fn counted_upload(&self, bytes: u64) {
        self.shared.uploads.fetch_add(1, Ordering::Relaxed);
        self.shared
            .uploaded_bytes
            .fetch_add(bytes, Ordering::Relaxed);
        transfer::count_upload(bytes);
    }

    fn counted_download(&self, bytes: u64) {
        self.shared.downloads.fetch_add(1, Ordering::Relaxed);
        self.shared
            .downloaded_bytes
            .fetch_add(bytes, Ordering::Relaxed);
        transfer::count_download(bytes);
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
        if let Some(part) = self.read_part(&mut state, offset, 1)? {
            self.take_fault(&state)?;
            if let Some(&value) = part.first() {
                return Ok(value);
            }
        }
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
        if matches!(state.host, Host::ReadOnly(_)) {
            return Err(Error::UnsupportedFeature(
                "a read-only array view cannot be written".into(),
            ));
        }
        if self.partial_allowed(&state, 1) {
            if let Some(copy) = &state.device {
                // Only the device copy is current: write the element there, nothing comes back.
                transfer::upload(&copy.acc, &copy.buffer, offset, &[value])?;
                self.counted_upload(bytes_of::<T>(1));
                return self.take_fault(&state);
            }
        }
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
        if let Some((first, last)) = self.span() {
            // A section reads back only the part of the data from its first to its last element.
            if let Some(part) = self.read_part(&mut state, first, last - first + 1)? {
                self.take_fault(&state)?;
                return self.gather(&part, first);
            }
        }
        self.make_host_valid(&mut state)?;
        self.take_fault(&state)?;
        let data = state.host.as_slice();
        if self.is_whole(data.len()) {
            return Ok(data.to_vec());
        }
        self.gather(data, 0)
    }

    /// The view's elements in row-major order, from `data` that starts at element `first`.
    fn gather(&self, data: &[T], first: usize) -> Result<Vec<T>> {
        let mut out = Vec::with_capacity(self.extent.size() as usize);
        for idx in self.extent.indices() {
            let offset = self.offset_of(idx)? - first;
            out.extend(data.get(offset).copied());
        }
        Ok(out)
    }

    /// Whether a host access to `len` elements may move only them: the device copy is the only
    /// current one, the data is large, and not too many partial reads were made already.
    fn partial_allowed(&self, state: &State<'a, T>, len: usize) -> bool {
        let total = state.host.as_slice().len();
        !state.host_valid
            && state.device.is_some()
            && len < total
            && bytes_of::<T>(total) > WHOLE_READ_BYTES
            && state.partial_reads < PARTIAL_READS
    }

    /// Elements `first..first + len` of the data, downloaded on their own when only the device
    /// copy is current and [`partial_allowed`](Self::partial_allowed); `None` when the host copy
    /// should be made current instead. The host copy stays stale either way.
    fn read_part(
        &self,
        state: &mut State<'a, T>,
        first: usize,
        len: usize,
    ) -> Result<Option<Vec<T>>> {
        if !self.partial_allowed(state, len) {
            return Ok(None);
        }
        let (Some(copy), Some(placeholder)) =
            (&state.device, state.host.as_slice().get(first..first + len))
        else {
            return Ok(None);
        };
        let mut part = placeholder.to_vec();
        transfer::download(&copy.acc, &copy.buffer, first, &mut part)?;
        self.counted_download(bytes_of::<T>(len));
        state.partial_reads += 1;
        Ok(Some(part))
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
        self.device_buffer_locked(&mut state, acc)
    }

    fn device_buffer_locked(
        &self,
        state: &mut State<'a, T>,
        acc: &Accelerator,
    ) -> Result<wgpu::Buffer> {
        if state.device.as_ref().is_some_and(|copy| copy.acc != *acc) {
            // One device copy at a time: bring the data home, then move it to `acc`.
            self.make_host_valid(state)?;
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
                let data = state.host.as_slice();
                transfer::upload(acc, &buffer, 0, data)?;
                if !data.is_empty() {
                    self.counted_upload(bytes_of::<T>(data.len()));
                }
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
            state.partial_reads = 0;
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
        words.push(self.shared.len as u32);
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
        transfer::download(&copy.acc, &copy.buffer, 0, host)?;
        if !host.is_empty() {
            self.counted_download(bytes_of::<T>(host.len()));
        }
        state.host_valid = true;
        state.partial_reads = 0;
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
}

/// The strides of a row-major layout of `extent`: the last component is consecutive.
fn row_major_strides<const N: usize>(extent: Extent<N>) -> [usize; N] {
    let mut strides = [1usize; N];
    for k in (0..N.saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * extent.0[k + 1].max(0) as usize;
    }
    strides
}

/// Rejects extents that do not describe `len` elements.
fn check_extent<const N: usize>(extent: Extent<N>, len: usize) -> Result<()> {
    let expected = element_count(extent)?;
    if expected != len as u64 {
        return Err(Error::ExtentMismatch {
            extent: extent.to_string(),
            expected,
            actual: len,
        });
    }
    Ok(())
}

/// The number of elements of `extent`; rejects negative and overflowing extents.
fn element_count<const N: usize>(extent: Extent<N>) -> Result<u64> {
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
    Ok(expected)
}
