//! Copies between host memory and a view's device buffer, the process-wide counters of them,
//! and the decoding of device bytes into elements. Every copy names a range of elements, so a
//! host read of one element moves one element.
//!
//! Byte counts are device bytes: every element takes `T::BYTES` bytes on the accelerator
//! (`bool` included, a word; `f16` two), which is what crosses the bus. The zero sentinel past
//! the data is never part of a range.
//!
//! wgpu writes and copies whole 4-byte words. A range of packed 2-byte elements (`f16`, and the
//! 6-byte `Half3`) may start or end inside a word: the element at such an edge moves on its
//! own, in the word range that holds it, and a write of one first reads that range back so
//! that its neighbour keeps its bytes (one more wait on the accelerator).

use super::parallel;
use crate::accelerator::Accelerator;
use crate::completion::Flight;
use crate::error::Result;
use crate::staging::{self, Span};
use amp_core::Element;
use std::sync::atomic::{AtomicU64, Ordering};
use wgpu::WriteOnly;

static UPLOADS: AtomicU64 = AtomicU64::new(0);
static DOWNLOADS: AtomicU64 = AtomicU64::new(0);
static UPLOADED_BYTES: AtomicU64 = AtomicU64::new(0);
static DOWNLOADED_BYTES: AtomicU64 = AtomicU64::new(0);

/// Host-to-accelerator and accelerator-to-host copies made by all views and arrays of the
/// process so far, as `(uploads, downloads)`. A host read of part of the data counts as one
/// download; [`transfer_bytes`] says how much it moved.
pub fn transfer_counts() -> (u64, u64) {
    (
        UPLOADS.load(Ordering::Relaxed),
        DOWNLOADS.load(Ordering::Relaxed),
    )
}

/// Bytes copied host-to-accelerator and accelerator-to-host by all views and arrays of the
/// process so far, as `(uploaded, downloaded)`. Bytes on the accelerator: 4 per 32-bit element
/// (`bool` included), 8 per 64-bit one.
///
/// ```
/// let (up, down) = amp_runtime::transfer_bytes();
/// let (up2, down2) = amp_runtime::transfer_bytes();
/// assert!(up2 >= up && down2 >= down);
/// ```
pub fn transfer_bytes() -> (u64, u64) {
    (
        UPLOADED_BYTES.load(Ordering::Relaxed),
        DOWNLOADED_BYTES.load(Ordering::Relaxed),
    )
}

/// Device bytes of `len` elements of `T`.
pub(crate) fn bytes_of<T: Element>(len: usize) -> u64 {
    (len * T::BYTES) as u64
}

/// How many elements of `first..first + len` of `T`, at the front and at the back, start or
/// end inside a 4-byte word (none unless `T` is a packed 16-bit type; at most one each, since
/// those take 2 or 6 bytes).
fn word_edges<T: Element>(first: usize, len: usize) -> (usize, usize) {
    let inside = |element: usize| !bytes_of::<T>(element).is_multiple_of(4);
    let front = usize::from(len > 0 && inside(first));
    let back = usize::from(len > front && inside(first + len));
    (front, back)
}

/// The 4-byte words that hold element `index` of `T`: their first byte and byte count, and
/// where the element starts in them.
fn words_around<T: Element>(index: usize) -> (u64, u64, usize) {
    let start = bytes_of::<T>(index);
    let lo = start - start % 4;
    let hi = (start + bytes_of::<T>(1)).next_multiple_of(4);
    (lo, hi - lo, (start - lo) as usize)
}

/// Writes `value` as element `index` of `buffer`, which starts or ends inside a word: the
/// words that hold it are read back, patched and written.
fn write_inside_words<T: Element>(
    acc: &Accelerator,
    buffer: &wgpu::Buffer,
    index: usize,
    value: T,
) -> Result<()> {
    let (lo, size, at) = words_around::<T>(index);
    let mut words = read_back(acc, buffer, lo, size, <[u8]>::to_vec)?;
    let element = bytes_of::<T>(1) as usize;
    if let Some(dst) = words.get_mut(at..at + element) {
        parallel::encode(&[value], WriteOnly::from_mut(dst));
    }
    let queue = acc.queue()?;
    acc.scoped(|_| queue.write_buffer(buffer, lo, &words))
}

/// Reads element `index` of `buffer`, which starts or ends inside a word, into `out`.
fn read_inside_words<T: Element>(
    acc: &Accelerator,
    buffer: &wgpu::Buffer,
    index: usize,
    out: &mut T,
) -> Result<()> {
    let (lo, size, at) = words_around::<T>(index);
    read_back(acc, buffer, lo, size, |bytes| {
        parallel::decode(bytes.get(at..).unwrap_or(&[]), std::slice::from_mut(out));
    })
}

/// Counts one upload of `bytes` in the process counters.
pub(crate) fn count_upload(bytes: u64) {
    UPLOADS.fetch_add(1, Ordering::Relaxed);
    UPLOADED_BYTES.fetch_add(bytes, Ordering::Relaxed);
}

/// Counts one download of `bytes` in the process counters.
pub(crate) fn count_download(bytes: u64) {
    DOWNLOADS.fetch_add(1, Ordering::Relaxed);
    DOWNLOADED_BYTES.fetch_add(bytes, Ordering::Relaxed);
}

/// The unit a large transfer of `element`-byte elements is split in: whole elements in whole
/// 4-byte words (two `f16`s, two `Half3`s).
fn staging_unit(element: u64) -> u64 {
    let mut unit = element.max(1);
    while !unit.is_multiple_of(4) {
        unit += element;
    }
    unit
}

/// Writes `data` into `buffer` from element `first` on. Returns once `data` is no longer
/// needed; the copy is queued, ordered before later submissions of the accelerator.
pub(crate) fn upload<T: Element>(
    acc: &Accelerator,
    buffer: &wgpu::Buffer,
    first: usize,
    data: &[T],
) -> Result<()> {
    let (front, back) = word_edges::<T>(first, data.len());
    if front + back > 0 {
        let end = data.len() - back;
        for k in (0..front).chain(end..data.len()) {
            write_inside_words(acc, buffer, first + k, data[k])?;
        }
        return upload(acc, buffer, first + front, &data[front..end]);
    }
    let total = bytes_of::<T>(data.len());
    if total == 0 {
        return Ok(());
    }
    let queue = acc.queue()?;
    let start = bytes_of::<T>(first);
    let element = bytes_of::<T>(1);
    if total < staging::RING_MIN {
        // Small: wgpu's own staging, in one write.
        return acc.scoped(|_| {
            if let Some(bytes) = T::as_device_bytes(data) {
                queue.write_buffer(buffer, start, bytes);
            } else {
                let mut words = Vec::with_capacity(data.len() * T::WORDS);
                data.iter().for_each(|v| v.write_words(&mut words));
                queue.write_buffer(buffer, start, bytemuck::cast_slice(&words));
            }
        });
    }
    let to = Span {
        buffer,
        offset: start,
        total,
        unit: staging_unit(element),
    };
    acc.staging()
        .upload(acc.device(), queue, to, &mut |range, dst| {
            let elements = (range.start / element) as usize..(range.end / element) as usize;
            parallel::encode(&data[elements], dst);
        })
}

/// Reads elements `first..first + host.len()` of `buffer` into `host`, after the launches
/// recorded so far.
pub(crate) fn download<T: Element>(
    acc: &Accelerator,
    buffer: &wgpu::Buffer,
    first: usize,
    host: &mut [T],
) -> Result<()> {
    let (front, back) = word_edges::<T>(first, host.len());
    if front + back > 0 {
        let (len, end) = (host.len(), host.len() - back);
        for k in (0..front).chain(end..len) {
            read_inside_words(acc, buffer, first + k, &mut host[k])?;
        }
        return download(acc, buffer, first + front, &mut host[front..end]);
    }
    let total = bytes_of::<T>(host.len());
    if total == 0 {
        return Ok(());
    }
    let offset = bytes_of::<T>(first);
    if total < staging::RING_MIN {
        return read_back(acc, buffer, offset, total, |bytes| {
            parallel::decode(bytes, host)
        });
    }
    let element = bytes_of::<T>(1);
    let queue = acc.queue()?;
    let from = Span {
        buffer,
        offset,
        total,
        unit: staging_unit(element),
    };
    acc.staging()
        .download(acc.device(), queue, from, &mut |range, bytes| {
            let elements = (range.start / element) as usize..(range.end / element) as usize;
            parallel::decode(bytes, &mut host[elements]);
        })
}

/// Copies `size` bytes of `buffer` from `offset` into a mappable staging buffer, after the
/// launches recorded so far, waits, and hands the bytes to `read`.
pub(crate) fn read_back<R>(
    acc: &Accelerator,
    buffer: &wgpu::Buffer,
    offset: u64,
    size: u64,
    read: impl FnOnce(&[u8]) -> R,
) -> Result<R> {
    stage(acc, buffer, offset, size)?.read_blocking(read)
}

/// Starts copying `size` bytes of `buffer` from `offset` into a mappable staging buffer of the
/// accelerator's (reused), after the launches recorded so far. The bytes are there when the
/// returned flight is done.
pub(crate) fn stage(
    acc: &Accelerator,
    buffer: &wgpu::Buffer,
    offset: u64,
    size: u64,
) -> Result<Flight> {
    let queue = acc.queue()?;
    acc.staging()
        .stage(acc.device(), queue, buffer, offset, size)
}

/// A flight that is done when all work submitted to `acc` so far is (writes queued with
/// `write_buffer` included).
pub(crate) fn marker(acc: &Accelerator) -> Result<Flight> {
    let queue = acc.queue()?;
    acc.scoped(|_| {
        let submission = queue.submit([]);
        Flight::submitted(acc.device(), queue, submission)
    })
}

/// Copies runs of elements between two buffers of one accelerator, in one submission: each run
/// is `(source element, destination element, elements)`. Returns the submission.
pub(crate) fn copy_runs<T: Element>(
    acc: &Accelerator,
    src: &wgpu::Buffer,
    dst: &wgpu::Buffer,
    runs: &[(usize, usize, usize)],
) -> Result<wgpu::SubmissionIndex> {
    let queue = acc.queue()?;
    acc.scoped(|device| {
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("amp copy"),
        });
        for &(from, to, len) in runs.iter().filter(|run| run.2 > 0) {
            encoder.copy_buffer_to_buffer(
                src,
                bytes_of::<T>(from),
                dst,
                bytes_of::<T>(to),
                bytes_of::<T>(len),
            );
        }
        queue.submit([encoder.finish()])
    })
}

/// Fills `out` with the elements that device bytes `bytes` hold (as many as both have).
pub(crate) fn decode_into<T: Element>(bytes: &[u8], out: &mut [T]) {
    parallel::decode(bytes, out);
}
