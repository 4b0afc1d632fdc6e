//! Device memory: a buffer's bytes, kept as 32-bit words that are read and written with relaxed
//! atomic operations. Tiles run on several host threads at once and a kernel may race (on a GPU
//! too); relaxed word accesses compile to plain loads and stores on the host, and keep a racing
//! kernel from being undefined behaviour in the host process.

use std::sync::atomic::{AtomicU32, Ordering};

/// A buffer's memory, zeroed when made (as wgpu zero-initialises buffers).
pub struct Memory {
    words: Box<[AtomicU32]>,
    len: u64,
}

/// The host could not provide the memory a buffer or a dispatch needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    /// Bytes asked for.
    pub bytes: u64,
}

impl Memory {
    /// `len` bytes of zeros, or [`OutOfMemory`] when the host has not that much.
    pub fn zeroed(len: u64) -> Result<Memory, OutOfMemory> {
        let oom = OutOfMemory { bytes: len };
        let words = usize::try_from(len.div_ceil(4)).map_err(|_| oom)?;
        if words == 0 {
            return Ok(Memory {
                words: Box::new([]),
                len,
            });
        }
        let layout = std::alloc::Layout::array::<AtomicU32>(words).map_err(|_| oom)?;
        // Zeroed pages from the allocator: the host maps them on first touch, so a large buffer
        // costs no pass over its bytes when made.
        // SAFETY: `layout` has a non-zero size.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<AtomicU32>();
        if ptr.is_null() {
            return Err(oom);
        }
        // SAFETY: `ptr` is a fresh allocation of `words` `AtomicU32`s with the global
        // allocator's layout for them, all zero bytes (a valid `AtomicU32`), owned by the box.
        let words = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, words)) };
        Ok(Memory { words, len })
    }

    /// Its size in bytes.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether it holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The words, for the executor (word `i` holds bytes `4i..4i+4`, little-endian).
    pub fn words(&self) -> &[AtomicU32] {
        &self.words
    }

    /// The bytes, for copies and mappings while no kernel runs on this memory.
    ///
    /// # Safety
    /// No other thread may write the memory while the slice lives.
    pub unsafe fn bytes(&self) -> &[u8] {
        // SAFETY: `AtomicU32` has `u32`'s size and layout, and the caller excludes writers.
        unsafe { std::slice::from_raw_parts(self.words.as_ptr().cast::<u8>(), self.len as usize) }
    }

    /// The bytes, writable, for copies and mappings while no kernel runs on this memory.
    ///
    /// # Safety
    /// No other thread may read or write the memory while the slice lives, and no other slice
    /// of it may live.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn bytes_mut(&self) -> &mut [u8] {
        // SAFETY: the atomics' `UnsafeCell`s allow writes through a shared reference; the caller
        // guarantees exclusive access.
        unsafe {
            std::slice::from_raw_parts_mut(
                self.words.as_ptr().cast::<u8>().cast_mut(),
                self.len as usize,
            )
        }
    }

    /// Reads `out.len()` bytes from `offset`. The range must lie inside the memory.
    pub fn read(&self, offset: u64, out: &mut [u8]) {
        for (i, b) in out.iter_mut().enumerate() {
            let at = offset + i as u64;
            let word = self.words[(at / 4) as usize].load(Ordering::Relaxed);
            *b = word.to_le_bytes()[(at % 4) as usize];
        }
    }

    /// Writes `data` at `offset`. The range must lie inside the memory.
    pub fn write(&self, offset: u64, data: &[u8]) {
        let mut at = offset;
        let mut rest = data;
        while !rest.is_empty() {
            let w = (at / 4) as usize;
            let first = (at % 4) as usize;
            let n = (4 - first).min(rest.len());
            if n == 4 {
                let word = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
                self.words[w].store(word, Ordering::Relaxed);
            } else {
                let mut bytes = self.words[w].load(Ordering::Relaxed).to_le_bytes();
                bytes[first..first + n].copy_from_slice(&rest[..n]);
                self.words[w].store(u32::from_le_bytes(bytes), Ordering::Relaxed);
            }
            at += n as u64;
            rest = &rest[n..];
        }
    }

    /// Sets `len` bytes from `offset` to zero.
    pub fn clear(&self, offset: u64, len: u64) {
        const ZEROS: [u8; 4096] = [0; 4096];
        let mut done = 0;
        while done < len {
            let n = (len - done).min(ZEROS.len() as u64);
            self.write(offset + done, &ZEROS[..n as usize]);
            done += n;
        }
    }

    /// Copies `len` bytes from `src` at `src_offset` to `self` at `offset`.
    pub fn copy_from(&self, offset: u64, src: &Memory, src_offset: u64, len: u64) {
        let mut buf = [0u8; 4096];
        let mut done = 0;
        while done < len {
            let n = (len - done).min(buf.len() as u64) as usize;
            src.read(src_offset + done, &mut buf[..n]);
            self.write(offset + done, &buf[..n]);
            done += n as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_at_any_alignment() {
        let m = Memory::zeroed(11).expect("11 bytes");
        m.write(1, &[1, 2, 3, 4, 5, 6, 7]);
        let mut out = [0u8; 11];
        m.read(0, &mut out);
        assert_eq!(out, [0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0]);
        let n = Memory::zeroed(8).expect("8 bytes");
        n.copy_from(2, &m, 3, 4);
        let mut out = [0u8; 8];
        n.read(0, &mut out);
        assert_eq!(out, [0, 0, 3, 4, 5, 6, 0, 0]);
        m.clear(2, 3);
        let mut out = [0u8; 11];
        m.read(0, &mut out);
        assert_eq!(out, [0, 1, 0, 0, 0, 5, 6, 7, 0, 0, 0]);
    }
}
