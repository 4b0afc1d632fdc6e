//! The core shared by both array view types: host data, its device copy, and the coherence
//! state between them.
//!
//! Where the current data is (host, device, both, or discarded) is one state per data, whose
//! events and invariants are in `coherence.rs`; a read-only view's host data is always current
//! (kernels cannot write it), so only read-write views ever download.
//!
//! Host reads of part of the data (`get`, `to_vec` of a section) while only the device copy is
//! current download just that part and leave the host copy stale ([`WHOLE_READ_BYTES`],
//! [`PARTIAL_READS`](coherence::PARTIAL_READS) say when the whole data comes back instead); `synchronize` always
//! downloads the whole data, since currency is tracked for the whole data, not per element.
//!
//! Every view of the data (sections, reshapes, projections, reinterpretations) shares one
//! [`Core`]; a view reaches the host data in its own element type through
//! [`HostAccess`](host::HostAccess), so the logic here serves reinterpreted views too.

mod cast;
mod coherence;
mod copy;
mod core;
mod host;
mod pending;
mod segments;
mod shape;

use self::coherence::{Current, DeviceCopy};
use self::core::{Core, Locked, Shared};
use self::host::{Host, HostKind};
use super::transfer::{self, bytes_of};
use crate::accelerator::Accelerator;
use crate::error::{
    coords, DomainError, Error, FeatureError, InteropError, MemoryError, MismatchError, Position,
    Result,
};
use amp_core::{Element, Extent, Index, ViewArgs, ViewSegments};
use std::sync::atomic::Ordering;
use std::sync::Arc;

pub use copy::{DataEnd, Placed};
pub(crate) use core::new_data_id;
pub(crate) use segments::Segments;

/// Data of at most this many device bytes comes back whole on any host read: one round trip
/// costs the same for 4 bytes as for 64 KiB.
pub(crate) const WHOLE_READ_BYTES: u64 = 64 * 1024;

/// The shared core of [`ArrayView`](super::ArrayView) and
/// [`ConstArrayView`](super::ConstArrayView): which part of the shared data this view sees.
/// Element `idx` of the view is element `offset + Σ idx[k] * strides[k]` of the data, counted
/// in elements of `T`.
pub(crate) struct ViewData<'a, T: Element, const N: usize> {
    extent: Extent<N>,
    offset: usize,
    strides: [usize; N],
    core: Core<'a, T>,
}

/// Another view of the same data with the same layout (a view's `Clone`).
impl<T: Element, const N: usize> Clone for ViewData<'_, T, N> {
    fn clone(&self) -> Self {
        ViewData {
            extent: self.extent,
            offset: self.offset,
            strides: self.strides,
            core: self.core.clone(),
        }
    }
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
        let zero = T::read_words(&vec![0; T::WORDS]);
        // Zeroed memory where the type allows: the system hands out zeroed pages untouched,
        // where writing zeros costs a pass over the whole allocation; the zeros written one by
        // one otherwise.
        let len = checked_len::<T, N>(extent)?;
        let data = match T::zeroed_vec(len) {
            Some(Ok(data)) => data,
            Some(Err(())) => return Err(host_out_of_memory::<T, N>(extent)),
            None => filled_vec(extent, zero)?,
        };
        let view = Self::with_host(extent, Host::Owned(data));
        // wgpu zero-initialises buffers, so the zeros need not travel.
        view.core.with(|l| l.co.discard());
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
            core: Core::Typed(Arc::new(Shared::new(host))),
        }
    }

    /// Whether the view covers its whole data in order (not a strided section, nor a
    /// reinterpretation of part of it).
    fn is_whole(&self) -> bool {
        self.offset == 0 && self.extent.size() * T::BYTES as u64 == self.core.meta().data_bytes()
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
        self.core.with(|l| l.host.kind() == HostKind::Owned)
    }

    /// Whether the data is the caller's mutable data, which kernels' results are copied back
    /// into (a read-only view made by `as_const` may hold such data).
    pub(crate) fn borrows_mutable(&self) -> bool {
        self.core.with(|l| l.host.kind() == HostKind::ReadWrite)
    }

    /// Whether this is the last view of the data alive (C++ AMP synchronizes the host data
    /// when the last view of it is destroyed, not when a section of it is).
    pub(crate) fn is_last_view(&self) -> bool {
        self.core.is_last()
    }

    /// Device bytes copied to and from the host for this data, as `(uploaded, downloaded)`.
    pub(crate) fn transfer_bytes(&self) -> (u64, u64) {
        let meta = self.core.meta();
        (
            meta.uploaded_bytes.load(Ordering::Relaxed),
            meta.downloaded_bytes.load(Ordering::Relaxed),
        )
    }

    fn counted_upload(&self, bytes: u64) {
        let meta = self.core.meta();
        meta.uploads.fetch_add(1, Ordering::Relaxed);
        meta.uploaded_bytes.fetch_add(bytes, Ordering::Relaxed);
        transfer::count_upload(bytes);
    }

    fn counted_download(&self, bytes: u64) {
        let meta = self.core.meta();
        meta.downloads.fetch_add(1, Ordering::Relaxed);
        meta.downloaded_bytes.fetch_add(bytes, Ordering::Relaxed);
        transfer::count_download(bytes);
    }

    pub(crate) fn uploads(&self) -> u64 {
        self.core.meta().uploads.load(Ordering::Relaxed)
    }

    pub(crate) fn downloads(&self) -> u64 {
        self.core.meta().downloads.load(Ordering::Relaxed)
    }

    fn offset_of(&self, idx: Index<N>) -> Result<usize> {
        if !self.extent.contains(idx) {
            return Err(Error::OutOfBounds {
                index: Position::Index(coords::index(idx)),
                extent: coords::extent(self.extent),
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
        self.core.with(|l| {
            if let Some(part) = self.read_part(l, offset, 1)? {
                self.take_fault(l)?;
                if let Some(&value) = part.first() {
                    return Ok(value);
                }
            }
            self.make_host_current(l)?;
            self.take_fault(l)?;
            l.host
                .read(offset, 1)
                .first()
                .copied()
                .ok_or_else(|| Error::OutOfBounds {
                    index: Position::Index(coords::index(idx)),
                    extent: coords::extent(self.extent),
                    fault: None,
                })
        })
    }

    pub(crate) fn set(&self, idx: Index<N>, value: T) -> Result<()> {
        let offset = self.offset_of(idx)?;
        self.core.with(|l| {
            if l.host.kind() == HostKind::ReadOnly {
                return Err(read_only_error());
            }
            // (With discarded parts pending, the write goes through the host copy, which the
            // download that brings it current keeps them in.)
            let in_place = l.co.discarded().is_empty() && self.partial_allowed(l, 1);
            if l.co.is_shared() || in_place {
                if let Some(copy) = l.co.device() {
                    // Only the device copy is current (for good, when it is shared): write the
                    // element there, nothing comes back.
                    copy.segments.upload(&copy.acc, offset, &[value])?;
                    self.counted_upload(bytes_of::<T>(1));
                    l.co.device_written_in_place();
                    return self.take_fault(l);
                }
            }
            self.make_host_current(l)?;
            self.take_fault(l)?;
            l.host.write(offset, &[value]);
            l.co.host_wrote();
            Ok(())
        })
    }

    pub(crate) fn synchronize(&self) -> Result<()> {
        self.core.with(|l| {
            self.make_host_current(l)?;
            self.take_fault(l)
        })
    }

    pub(crate) fn to_vec(&self) -> Result<Vec<T>> {
        let span = self.span();
        self.core.with(|l| {
            if let Some((first, last)) = span {
                // A section reads back only the part of the data from its first to its last
                // element.
                if let Some(part) = self.read_part(l, first, last - first + 1)? {
                    self.take_fault(l)?;
                    return self.gather(&part, first);
                }
            }
            self.make_host_current(l)?;
            self.take_fault(l)?;
            let Some((first, last)) = span else {
                return Ok(Vec::new());
            };
            let part = l.host.read(first, last - first + 1);
            if self.is_contiguous() {
                return Ok(part.into_owned());
            }
            self.gather(&part, first)
        })
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
    fn partial_allowed(&self, l: &Locked<'_, T>, len: usize) -> bool {
        let total = l.host.len();
        l.co.partial_read_allowed() && len < total && bytes_of::<T>(total) > WHOLE_READ_BYTES
    }

    /// Elements `first..first + len` of the data, downloaded on their own when only the device
    /// copy is current and [`partial_allowed`](Self::partial_allowed); `None` when the host copy
    /// should be made current instead. The host copy stays stale either way.
    fn read_part(&self, l: &mut Locked<'_, T>, first: usize, len: usize) -> Result<Option<Vec<T>>> {
        if !self.partial_allowed(l, len) {
            return Ok(None);
        }
        let Some(copy) = l.co.device() else {
            return Ok(None);
        };
        let mut part = l.host.read(first, len).into_owned();
        if part.len() != len {
            return Ok(None);
        }
        copy.segments.download(&copy.acc, first, &mut part)?;
        self.counted_download(bytes_of::<T>(len));
        l.co.partial_read();
        Ok(Some(part))
    }

    /// Discards the view's elements (C++ AMP `array_view::discard_data`). A view of the whole
    /// data discards all of it: the next device use skips the upload. A section's elements are
    /// discarded where the device copy alone is current: the next download leaves the host
    /// copy of them as it is, unless a kernel or the host writes the data first. Elsewhere the
    /// host copy is current and nothing changes (uploading it is correct: discarding permits
    /// the runtime not to preserve data, it never requires it).
    pub(crate) fn discard_data(&self) {
        let whole = self.is_whole();
        let (runs, run) = self.runs();
        let element = T::BYTES as u64;
        self.core.with(|l| {
            if whole {
                l.co.discard();
                return;
            }
            let ranges = runs
                .iter()
                .map(|&start| (start as u64 * element, run as u64 * element));
            l.co.discard_part(ranges);
        });
    }

    /// Declares that the host source changed (C++ AMP `array_view::refresh`): the next device
    /// use uploads it. Data with no host source (an `Array`'s, a view made from an extent
    /// alone) has nothing to refresh from, so nothing changes (C++ AMP: a no-op), and the
    /// accelerator's data is kept.
    pub(crate) fn refresh(&self) {
        self.core.with(|l| {
            if l.host.kind() != HostKind::Owned {
                l.co.refresh();
            }
        });
    }

    /// Keeps the data, just made, in host memory: it belongs to the host-only CPU accelerator
    /// and never gets a device copy.
    pub(crate) fn keep_on_host(&self) {
        self.core.with(|l| l.co.kept_on_host());
    }

    /// Makes the data current on `acc` and returns its buffers there.
    pub(crate) fn device_buffer(&self, acc: &Accelerator) -> Result<Segments> {
        self.core.with(|l| self.device_buffer_locked(l, acc))
    }

    /// How a kernel's slot for this view binds the data on `acc`: `None` when the data's
    /// segments there do not hold whole elements of `T` (a reinterpretation to a type whose
    /// size does not divide them), which no kernel can address.
    pub(crate) fn segments_on(&self, acc: &Accelerator) -> Option<ViewSegments> {
        let (size, count) = self.plan(acc);
        segments::view_segments::<T>(size, count)
    }

    /// How the data is split into buffers on `acc`.
    fn plan(&self, acc: &Accelerator) -> (u64, u64) {
        let meta = self.core.meta();
        segments::plan(self.buffer_bytes(), meta.element_bytes, &acc.limits())
    }

    fn device_buffer_locked(&self, l: &mut Locked<'_, T>, acc: &Accelerator) -> Result<Segments> {
        if l.co.host_only() {
            return Err(Error::AcceleratorMismatch(MismatchError::HostArray {
                used_on: acc.description().to_owned(),
            }));
        }
        if let Some(copy) = l.co.device().filter(|c| c.acc != *acc && l.co.is_shared()) {
            // The program's wgpu code uses the buffer where it is.
            return Err(Error::AcceleratorMismatch(MismatchError::Shared {
                used_on: acc.description().to_owned(),
                shared_on: copy.acc.description().to_owned(),
            }));
        }
        if l.co.device().is_some_and(|copy| copy.acc != *acc) {
            // One device copy at a time: bring the data home, then move it to `acc`.
            self.make_host_current(l)?;
            l.co.device_dropped();
        }
        let buffer = match l.co.device_mut() {
            Some(copy) => {
                self.grow_for_sentinel(copy)?;
                copy.segments.clone()
            }
            None => {
                let segments = self.create_buffer(acc)?;
                l.co.device_placed(DeviceCopy {
                    acc: acc.clone(),
                    segments: segments.clone(),
                });
                segments
            }
        };
        if !l.co.device_current() {
            if l.co.current() != Current::Discarded {
                l.host.upload_all(acc, &buffer)?;
                let bytes = self.core.meta().data_bytes();
                if bytes > 0 {
                    self.counted_upload(bytes);
                }
            }
            l.co.device_made_current();
        }
        Ok(buffer)
    }

    /// Replaces `copy`'s buffers by larger ones when a reinterpretation made since they were
    /// created needs more room for its zero sentinel; the data moves on the accelerator.
    /// Shared data keeps its buffer: its sentinel is its first element.
    fn grow_for_sentinel(&self, copy: &mut DeviceCopy) -> Result<()> {
        let meta = self.core.meta();
        if meta.is_shared() {
            return Ok(());
        }
        let fits =
            copy.segments.shape() == self.plan(&copy.acc) || copy.segments.single().is_some();
        if fits
            && meta
                .buffer_size()
                .is_none_or(|size| copy.segments.total() >= size)
        {
            return Ok(());
        }
        let segments = self.create_buffer(&copy.acc)?;
        // Whole words: a buffer's size is a multiple of 4, past the data's last byte.
        let runs = [(0, 0, meta.data_bytes().div_ceil(4) as usize)];
        Segments::copy_runs::<u32>(&copy.acc, &copy.segments, &segments, &runs)?;
        copy.segments = segments;
        Ok(())
    }

    /// Makes `segments` (the program's buffer, checked to hold the data) the data's device copy
    /// on `acc`, shared with the program's wgpu code: its contents are the data's from now on.
    /// For data just made, with no device copy.
    pub(crate) fn share_buffer(&self, acc: &Accelerator, segments: Segments) {
        self.core.with(|l| {
            l.co.device_placed(DeviceCopy {
                acc: acc.clone(),
                segments,
            });
            self.core.meta().share(0, true);
            l.co.shared();
        });
    }

    /// Makes the data current on `acc` and shares its device buffer with the program's wgpu
    /// code: from now on only the buffer holds the data. Data split over several buffers has
    /// no one buffer to share ([`InteropError::SplitData`], nothing changes).
    pub(crate) fn shared_buffer(&self, acc: &Accelerator) -> Result<wgpu::Buffer> {
        self.core.with(|l| {
            let segments = self.device_buffer_locked(l, acc)?;
            let Some(buffer) = segments.single() else {
                return Err(Error::Interop(InteropError::SplitData {
                    extent: coords::extent(self.extent),
                    buffers: segments.buffers().len() as u64,
                }));
            };
            self.core.meta().share(buffer.size(), false);
            l.co.shared();
            Ok(buffer.clone())
        })
    }

    /// Whether the data's device buffer is shared with the program's wgpu code: launches that
    /// use it are submitted at once, so that the program's later submissions follow them.
    pub(crate) fn is_shared(&self) -> bool {
        self.core.meta().is_shared()
    }

    pub(crate) fn kernel_wrote(&self) {
        self.core.with(|l| {
            // A read-only view's data cannot have changed; a view never bound has no device
            // copy, which `device_wrote` leaves as it is.
            if l.host.kind() != HostKind::ReadOnly {
                l.co.device_wrote();
            }
        });
    }

    /// Where the view's elements lie in its buffer, for a kernel's view slot: its extent,
    /// offset and strides, and the zero element past the data (`create_buffer`) that checked
    /// reads out of range read.
    pub(crate) fn view_args(&self) -> ViewArgs<N> {
        ViewArgs {
            extent: self.extent,
            offset: self.offset,
            strides: self.strides,
            sentinel: self.core.meta().sentinel::<T>(),
        }
    }

    /// The bytes the device buffers of the data take (the data and room for the zero sentinel).
    pub(crate) fn buffer_bytes(&self) -> u64 {
        self.core.meta().buffer_size().unwrap_or(u64::MAX)
    }

    /// The data's id in the fault log of checked launches.
    pub(crate) fn core_id(&self) -> u64 {
        self.core.meta().id
    }

    /// [`Error::OutOfBounds`] if a checked launch that used this data recorded a fault not yet
    /// reported (the host data is current either way: call after `make_host_current`).
    fn take_fault(&self, l: &Locked<'_, T>) -> Result<()> {
        match l.co.device() {
            Some(copy) => copy.acc.take_fault(Some(self.core_id())),
            None => Ok(()),
        }
    }

    /// Downloads the device copy into the host data if the host data is stale.
    fn make_host_current(&self, l: &mut Locked<'_, T>) -> Result<()> {
        if l.co.host_current() {
            return Ok(());
        }
        let Some(copy) = l.co.device() else {
            // Not reachable by the invariants; the host data is all there is.
            l.co.host_made_current();
            return Ok(());
        };
        if l.host.kind() != HostKind::ReadOnly {
            let bytes = self.core.meta().data_bytes();
            if bytes > 0 {
                let kept = kept_discarded(l);
                l.host.download_all(&copy.acc, &copy.segments)?;
                restore(l, kept);
                self.counted_download(bytes);
            }
        }
        l.co.host_made_current();
        Ok(())
    }

    /// The view's elements in row-major order, read from wherever the current data is, leaving
    /// the host copy as it is (C++ AMP's `copy` out of a view: it writes the destination only).
    /// When only the device copy is current, the part of the data from the view's first to its
    /// last element is downloaded and the host copy stays stale.
    pub(crate) fn read_current(&self) -> Result<Vec<T>> {
        let Some((first, last)) = self.span() else {
            return Ok(Vec::new());
        };
        let read = self.core.with(|l| -> Result<Option<Vec<T>>> {
            let Some(copy) = l.co.device().filter(|_| l.co.current() == Current::Device) else {
                return Ok(None);
            };
            let len = last - first + 1;
            let mut part = l.host.read(first, len).into_owned();
            if part.len() != len {
                return Ok(None);
            }
            copy.segments.download(&copy.acc, first, &mut part)?;
            self.counted_download(bytes_of::<T>(len));
            self.take_fault(l)?;
            Ok(Some(part))
        })?;
        match read {
            Some(part) => self.gather(&part, first),
            // The host copy is current: reading it changes nothing.
            None => self.to_vec(),
        }
    }

    /// Device buffers for the data: its bytes and room for the zero sentinel that checked
    /// kernels read instead of an element out of range, split as [`segments::plan`] says.
    /// Nothing writes the sentinel (uploads and downloads cover the data only; kernels skip
    /// writes out of range), and wgpu zero-initialises buffers.
    fn create_buffer(&self, acc: &Accelerator) -> Result<Segments> {
        let max = acc.limits().max_buffer_size;
        let meta = self.core.meta();
        let element = T::BYTES as u64;
        let size = meta.buffer_size().ok_or_else(|| {
            Error::OutOfMemory(MemoryError::Buffer {
                extent: coords::extent(self.extent),
                elements: meta.data_bytes() / element.max(1),
                element_bytes: element,
                accelerator: acc.description().to_owned(),
                max,
            })
        })?;
        Segments::create(acc, size, self.plan(acc))
    }
}

/// The host copy of the discarded byte ranges, in whole elements of `T` (`(first element,
/// elements)`), to put back after a download (see `Coherence::discard_part`).
fn kept_discarded<T: Element>(l: &Locked<'_, T>) -> Vec<(usize, Vec<T>)> {
    let element = (T::BYTES as u64).max(1);
    l.co.discarded()
        .iter()
        .filter_map(|&(start, len)| {
            // Elements of `T` wholly inside the range; one that straddles its edge is the
            // device's (discarded data may hold anything).
            let first = start.div_ceil(element);
            let end = (start + len) / element;
            let first = usize::try_from(first).ok()?;
            let count = usize::try_from(end.checked_sub(first as u64)?).ok()?;
            Some((first, l.host.read(first, count).into_owned()))
        })
        .collect()
}

/// Puts back the host copy of discarded elements that [`kept_discarded`] saved.
fn restore<T: Element>(l: &mut Locked<'_, T>, kept: Vec<(usize, Vec<T>)>) {
    for (first, values) in kept {
        l.host.write(first, &values);
    }
}

/// The error of a write to read-only data.
fn read_only_error() -> Error {
    Error::UnsupportedFeature(FeatureError::ReadOnlyWrite)
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
            extent: coords::extent(extent),
            expected,
            actual: len,
        });
    }
    Ok(())
}

/// The number of elements of `extent`; rejects negative and overflowing extents.
pub(crate) fn element_count<const N: usize>(extent: Extent<N>) -> Result<u64> {
    if extent.0.iter().any(|&c| c < 0) {
        return Err(Error::InvalidComputeDomain(DomainError::NegativeExtent {
            extent: coords::extent(extent),
        }));
    }
    // Not Extent::size: a rank-3 extent of large components overflows u64.
    let expected = extent
        .0
        .iter()
        .try_fold(1u64, |acc, &c| acc.checked_mul(c as u64))
        .ok_or_else(|| {
            Error::InvalidComputeDomain(DomainError::Overflow {
                extent: coords::extent(extent),
            })
        })?;
    Ok(expected)
}

/// `extent`'s elements, all `value`, as host data: [`Error::OutOfMemory`] (never a panic or an
/// abort) when no accelerator could hold them or the host cannot allocate them.
pub(crate) fn filled_vec<T: Element, const N: usize>(
    extent: Extent<N>,
    value: T,
) -> Result<Vec<T>> {
    let len = checked_len::<T, N>(extent)?;
    let mut data = Vec::new();
    data.try_reserve_exact(len)
        .map_err(|_| host_out_of_memory::<T, N>(extent))?;
    data.resize(len, value);
    Ok(data)
}

/// The number of elements of `extent`, when kernels can address them and the host can count
/// them ([`Error::OutOfMemory`] otherwise). Data larger than one buffer is split over several
/// (`segments.rs`), so the accelerator's memory bounds it, which wgpu reports when the buffers
/// are made; kernels number elements, and the zero sentinel past them, with 32 bits.
fn checked_len<T: Element, const N: usize>(extent: Extent<N>) -> Result<usize> {
    let len = element_count(extent)?;
    let element = T::BYTES as u64;
    let bytes = len.saturating_mul(element);
    let largest = u64::from(u32::MAX) * element;
    if bytes > largest {
        return Err(Error::OutOfMemory(MemoryError::Array {
            extent: coords::extent(extent),
            bytes,
            largest,
        }));
    }
    usize::try_from(len).map_err(|_| {
        Error::OutOfMemory(MemoryError::HostCount {
            extent: coords::extent(extent),
        })
    })
}

/// The host could not allocate an array of `extent`.
fn host_out_of_memory<T: Element, const N: usize>(extent: Extent<N>) -> Error {
    let bytes = extent.size().saturating_mul(T::BYTES as u64);
    Error::OutOfMemory(MemoryError::Host {
        extent: coords::extent(extent),
        bytes,
    })
}
