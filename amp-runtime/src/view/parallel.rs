//! The host's side of a transfer: elements copied (or converted) into staging memory and out of
//! it, split over several threads when there is enough to copy.
//!
//! One thread cannot keep a host link busy: copying into mapped memory (write-combined, or the
//! accelerator's own memory behind a PCIe BAR) and out of it runs at a fraction of the link's
//! rate on one core, and converting elements (`bool` words, structs) slower still. So a large
//! copy is cut into parts of whole elements, one per thread, each copied by scoped threads.

use amp_core::Element;
use std::ptr::NonNull;
use wgpu::WriteOnly;

/// The most threads one copy uses.
const MAX_THREADS: usize = 16;

/// Bytes below which a part is not worth a thread of its own.
const MIN_PART: usize = 1 << 20;

/// Elements converted per step into a thread's scratch words.
const CONVERT_STEP: usize = 1 << 14;

/// How many threads to copy `bytes` with.
fn threads_for(bytes: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (bytes / MIN_PART).clamp(1, cores.min(MAX_THREADS))
}

/// The address of a write mapping, handed to the thread that writes one part of it:
/// `WriteOnly<[u8]>` is not `Send`.
#[derive(Clone, Copy)]
struct Address(usize);

/// Writes the device bytes of `src` into `dst`, which holds exactly that many bytes.
pub(crate) fn encode<T: Element>(src: &[T], mut dst: WriteOnly<'_, [u8]>) {
    let element = T::BYTES;
    if element == 0 || dst.len() != src.len() * element {
        return;
    }
    let threads = threads_for(dst.len());
    if threads == 1 {
        encode_part(src, dst);
        return;
    }
    let per = src.len().div_ceil(threads);
    let base = Address(dst.as_raw_element_ptr().as_ptr() as usize);
    std::thread::scope(|s| {
        for (k, part) in src.chunks(per).enumerate() {
            s.spawn(move || {
                let start = base.0 + k * per * element;
                let len = part.len() * element;
                let Some(ptr) = NonNull::new(start as *mut u8) else {
                    return;
                };
                // SAFETY: `dst` is a live write mapping of `src.len() * element` bytes that
                // nothing else touches until the scope ends; the parts are disjoint, in bounds
                // and byte-aligned.
                let part_dst = unsafe { WriteOnly::new(NonNull::slice_from_raw_parts(ptr, len)) };
                encode_part(part, part_dst);
            });
        }
    });
}

/// [`encode`] on the calling thread.
fn encode_part<T: Element>(src: &[T], mut dst: WriteOnly<'_, [u8]>) {
    if let Some(bytes) = T::as_device_bytes(src) {
        dst.copy_from_slice(bytes);
        return;
    }
    let element = T::BYTES;
    let mut words = Vec::with_capacity(CONVERT_STEP.min(src.len()) * T::WORDS);
    for (i, step) in src.chunks(CONVERT_STEP).enumerate() {
        words.clear();
        step.iter().for_each(|v| v.write_words(&mut words));
        let at = i * CONVERT_STEP * element;
        dst.slice(at..at + step.len() * element)
            .copy_from_slice(bytemuck::cast_slice(&words));
    }
}

/// Fills `out` with the elements that device bytes `bytes` hold (as many as both have).
pub(crate) fn decode<T: Element>(bytes: &[u8], out: &mut [T]) {
    let element = T::BYTES;
    if element == 0 {
        return;
    }
    let len = out.len().min(bytes.len() / element);
    let out = &mut out[..len];
    let threads = threads_for(len * element);
    if threads == 1 {
        decode_part(bytes, out);
        return;
    }
    let per = len.div_ceil(threads);
    std::thread::scope(|s| {
        for (part, raw) in out.chunks_mut(per).zip(bytes.chunks(per * element)) {
            s.spawn(move || decode_part(raw, part));
        }
    });
}

/// [`decode`] on the calling thread.
fn decode_part<T: Element>(bytes: &[u8], out: &mut [T]) {
    if let Some(raw) = T::as_device_bytes_mut(out) {
        // The host's bytes are the device's.
        let n = raw.len().min(bytes.len());
        raw[..n].copy_from_slice(&bytes[..n]);
        return;
    }
    let mut words = Vec::with_capacity(T::WORDS);
    for (element, raw) in out.iter_mut().zip(bytes.chunks_exact(T::WORDS * 4)) {
        words.clear();
        words.extend(
            raw.chunks_exact(4)
                .map(|w| u32::from_ne_bytes([w[0], w[1], w[2], w[3]])),
        );
        *element = T::read_words(&words);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amp_core::short_vector::{float3, Float3};

    /// Every element kind round-trips through device bytes, on one thread and on several.
    fn round_trip<T: Element + PartialEq + std::fmt::Debug>(values: Vec<T>) {
        let mut bytes = vec![0u8; values.len() * T::BYTES];
        encode(&values, WriteOnly::from_mut(&mut bytes[..]));
        let mut back = values.clone();
        back.iter_mut()
            .for_each(|v| *v = T::read_words(&vec![0; T::WORDS]));
        decode(&bytes, &mut back);
        assert_eq!(back, values);
    }

    #[test]
    fn elements_round_trip_through_device_bytes() {
        // Large enough for several threads (MIN_PART per thread), and small.
        let n = 3 * MIN_PART / 4 + 5;
        round_trip((0..n).map(|i| i as f32).collect::<Vec<_>>());
        round_trip((0..n).map(|i| i % 3 == 0).collect::<Vec<_>>());
        round_trip(
            (0..n / 3)
                .map(|i| float3(i as f32, 1.0, -(i as f32)))
                .collect::<Vec<Float3>>(),
        );
        round_trip(vec![true, false, true]);
        round_trip(Vec::<u32>::new());
    }

    /// `bool` is a word on the accelerator: converted, never copied as its byte.
    #[test]
    fn bools_become_words() {
        let mut bytes = vec![0xffu8; 8];
        encode(&[true, false], WriteOnly::from_mut(&mut bytes[..]));
        assert_eq!(bytes, [1, 0, 0, 0, 0, 0, 0, 0]);
    }
}
