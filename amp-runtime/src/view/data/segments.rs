//! A data's device copy as one or more buffers ("segments"): data larger than one storage
//! binding or one buffer is split into segments of the same power-of-two number of the data's
//! own elements, each within the accelerator's largest binding and buffer; the last segment
//! holds the rest and the zero sentinel. Data that fits one binding is one buffer, as large as
//! the data and its sentinel.
//!
//! Transfers and copies address the data by byte offset; [`Segments::pieces`] splits a byte
//! range at segment boundaries, and each piece goes through the per-buffer functions of
//! `transfer.rs`.

use crate::accelerator::Accelerator;
use crate::error::Result;
use crate::limits::Limits;
use crate::view::transfer::{self, bytes_of, decode_into};
use amp_core::{Element, ViewSegments};

/// How a data of `total` bytes (its elements and the sentinel's room), whose own elements take
/// `element` bytes, is split on an accelerator of `limits`: the bytes of each segment and how
/// many there are. One segment of `total` bytes when it fits one binding and one buffer.
pub(crate) fn plan(total: u64, element: u64, limits: &Limits) -> (u64, u64) {
    let max = limits
        .max_buffer_size
        .min(limits.max_storage_buffer_binding_size);
    if total <= max || element == 0 {
        return (total, 1);
    }
    // The largest power-of-two count of elements that fits: a kernel then finds an element's
    // segment with a shift and its place in it with a mask.
    let elements = (max / element).max(1);
    let size = (1u64 << (63 - elements.leading_zeros())) * element;
    (size, total.div_ceil(size))
}

/// What a kernel's view slot of element type `T` is specialised on: the number of segments and
/// the elements of `T` in each. `None` when the segments do not hold whole elements of `T` (a
/// reinterpretation to a type whose size does not divide them).
pub(crate) fn view_segments<T: Element>(size: u64, count: u64) -> Option<ViewSegments> {
    let element = bytes_of::<T>(1);
    if count <= 1 {
        return Some(ViewSegments::WHOLE);
    }
    if element == 0 || !size.is_multiple_of(element) {
        return None;
    }
    Some(ViewSegments {
        count: u32::try_from(count).ok()?,
        elements: u32::try_from(size / element).ok()?,
    })
}

/// A data's device buffers: segment `k` holds the data's bytes from `k * size` on.
#[derive(Clone, Debug)]
pub(crate) struct Segments {
    buffers: Vec<wgpu::Buffer>,
    size: u64,
}

/// A part of a byte range that lies in one segment.
pub(crate) struct Piece<'s> {
    /// The segment's buffer.
    pub(crate) buffer: &'s wgpu::Buffer,
    /// Where the part starts in the buffer.
    pub(crate) offset: u64,
    /// Where it starts in the range.
    pub(crate) at: u64,
    /// Its bytes.
    pub(crate) len: u64,
}

impl Segments {
    /// Creates the buffers of a data of `total` bytes on `acc`, split as [`plan`] says.
    pub(crate) fn create(acc: &Accelerator, total: u64, (size, count): (u64, u64)) -> Result<Self> {
        let buffers = (0..count)
            .map(|k| {
                let bytes = size.min(total - k * size);
                acc.scoped(|device| {
                    device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("amp array view"),
                        size: bytes,
                        usage: wgpu::BufferUsages::STORAGE
                            | wgpu::BufferUsages::COPY_SRC
                            | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    })
                })
            })
            .collect::<Result<_>>()?;
        Ok(Segments { buffers, size })
    }

    /// The program's `buffer` as one segment (it fits one binding).
    pub(crate) fn program(buffer: wgpu::Buffer) -> Self {
        let size = buffer.size();
        Segments {
            buffers: vec![buffer],
            size,
        }
    }

    /// The buffers, in order.
    pub(crate) fn buffers(&self) -> &[wgpu::Buffer] {
        &self.buffers
    }

    /// The buffer, when the data is one.
    pub(crate) fn single(&self) -> Option<&wgpu::Buffer> {
        match self.buffers.as_slice() {
            [buffer] => Some(buffer),
            _ => None,
        }
    }

    /// Bytes of each segment but the last, and the number of segments.
    pub(crate) fn shape(&self) -> (u64, u64) {
        (self.size, self.buffers.len() as u64)
    }

    /// The bytes all the buffers hold.
    pub(crate) fn total(&self) -> u64 {
        self.buffers.iter().map(wgpu::Buffer::size).sum()
    }

    /// The parts of bytes `offset..offset + len`, one per segment it touches.
    pub(crate) fn pieces(&self, offset: u64, len: u64) -> Vec<Piece<'_>> {
        let mut pieces = Vec::new();
        let mut at = 0;
        while at < len {
            let byte = offset + at;
            let k = (byte / self.size.max(1)) as usize;
            let Some(buffer) = self.buffers.get(k) else {
                break;
            };
            let inside = byte - k as u64 * self.size;
            let n = (buffer.size() - inside).min(len - at);
            if n == 0 {
                break;
            }
            pieces.push(Piece {
                buffer,
                offset: inside,
                at,
                len: n,
            });
            at += n;
        }
        pieces
    }

    /// Writes `data` from element `first` of `T` on.
    pub(crate) fn upload<T: Element>(
        &self,
        acc: &Accelerator,
        first: usize,
        data: &[T],
    ) -> Result<()> {
        if let Some(buffer) = self.single() {
            return transfer::upload(acc, buffer, first, data);
        }
        let element = bytes_of::<T>(1);
        let whole = element > 0 && self.size.is_multiple_of(element);
        let mut words = Vec::new();
        if !whole {
            // Elements that straddle segments: written as words.
            words.reserve(data.len() * T::WORDS);
            data.iter().for_each(|v| v.write_words(&mut words));
        }
        for piece in self.pieces(bytes_of::<T>(first), bytes_of::<T>(data.len())) {
            if whole {
                let (a, n) = (
                    (piece.at / element) as usize,
                    (piece.len / element) as usize,
                );
                let at = (piece.offset / element) as usize;
                transfer::upload(acc, piece.buffer, at, &data[a..a + n])?;
            } else {
                let (a, n) = ((piece.at / 4) as usize, (piece.len / 4) as usize);
                let at = (piece.offset / 4) as usize;
                transfer::upload(acc, piece.buffer, at, &words[a..a + n])?;
            }
        }
        Ok(())
    }

    /// Reads elements `first..first + host.len()` of `T` into `host`.
    pub(crate) fn download<T: Element>(
        &self,
        acc: &Accelerator,
        first: usize,
        host: &mut [T],
    ) -> Result<()> {
        if let Some(buffer) = self.single() {
            return transfer::download(acc, buffer, first, host);
        }
        let element = bytes_of::<T>(1);
        if element == 0 || !self.size.is_multiple_of(element) {
            // Elements that straddle segments: read back as bytes first.
            let bytes = self.read(acc, bytes_of::<T>(first), bytes_of::<T>(host.len()))?;
            decode_into(&bytes, host);
            return Ok(());
        }
        for piece in self.pieces(bytes_of::<T>(first), bytes_of::<T>(host.len())) {
            let (a, n) = (
                (piece.at / element) as usize,
                (piece.len / element) as usize,
            );
            let at = (piece.offset / element) as usize;
            transfer::download(acc, piece.buffer, at, &mut host[a..a + n])?;
        }
        Ok(())
    }

    /// Bytes `offset..offset + len`, read back segment by segment.
    pub(crate) fn read(&self, acc: &Accelerator, offset: u64, len: u64) -> Result<Vec<u8>> {
        let mut out = vec![0u8; len as usize];
        for piece in self.pieces(offset, len) {
            let (a, n) = (piece.at as usize, piece.len as usize);
            transfer::read_back(acc, piece.buffer, piece.offset, piece.len, |bytes| {
                out[a..a + n].copy_from_slice(&bytes[..n.min(bytes.len())]);
            })?;
        }
        Ok(out)
    }

    /// Copies runs of elements of `T` from `src` to `dst` (each `(source element, destination
    /// element, elements)`), in one submission.
    pub(crate) fn copy_runs<T: Element>(
        acc: &Accelerator,
        src: &Segments,
        dst: &Segments,
        runs: &[(usize, usize, usize)],
    ) -> Result<wgpu::SubmissionIndex> {
        if let (Some(s), Some(d)) = (src.single(), dst.single()) {
            return transfer::copy_runs::<T>(acc, s, d, runs);
        }
        let queue = acc.queue()?;
        acc.scoped(|device| {
            let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("amp copy"),
            });
            for &(from, to, len) in runs {
                let (from, to) = (bytes_of::<T>(from), bytes_of::<T>(to));
                for s in src.pieces(from, bytes_of::<T>(len)) {
                    for d in dst.pieces(to + s.at, s.len) {
                        encoder.copy_buffer_to_buffer(
                            s.buffer,
                            s.offset + d.at,
                            d.buffer,
                            d.offset,
                            d.len,
                        );
                    }
                }
            }
            queue.submit([encoder.finish()])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(binding: u64) -> Limits {
        let mut limits = wgpu::Limits::downlevel_defaults();
        limits.max_storage_buffer_binding_size = binding;
        limits.max_buffer_size = 1 << 40;
        Limits::new(&limits)
    }

    #[test]
    fn data_that_fits_one_binding_is_one_segment_of_its_size() {
        assert_eq!(plan(80_004, 4, &limits(1 << 20)), (80_004, 1));
        assert_eq!(plan(65_536, 4, &limits(65_536)), (65_536, 1));
    }

    #[test]
    fn larger_data_is_split_into_power_of_two_element_segments() {
        // 20000 f32 and a sentinel in 64 KiB bindings: two full segments and the rest.
        assert_eq!(plan(80_004, 4, &limits(65_536)), (65_536, 2));
        // 12-byte elements: 4096 of them (49152 bytes) per 64 KiB binding.
        assert_eq!(plan(12 * 10_001, 12, &limits(65_536)), (49_152, 3));
        assert_eq!(
            view_segments::<f32>(65_536, 2).map(|s| s.elements),
            Some(16_384)
        );
        assert_eq!(
            view_segments::<amp_core::short_vector::Float3>(65_536, 2),
            None
        );
        assert_eq!(view_segments::<f32>(65_536, 1), Some(ViewSegments::WHOLE));
    }
}
