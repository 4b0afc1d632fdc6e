//! Buffers: [`Memory`] in the host, their map state, and the mapped ranges that hand the host
//! slices of their bytes.

use super::errors::Kind;
use super::shared::{lock, Shared};
use crate::memory::Memory;
use std::ops::Range;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex};

/// Whether the host or kernels may touch a buffer's memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MapState {
    /// Commands and queue writes may use it; the host has no slice of it.
    Unmapped,
    /// The host may hold slices of it (mapped at creation or by `map_async`); no command or
    /// queue write may touch it until it is unmapped.
    Mapped,
    /// Destroyed, or never made (its creation failed): nothing may use it.
    Dead,
}

/// A buffer's memory and state, shared by the buffer, the commands that use it and its
/// mapped ranges.
pub(super) struct BufferData {
    /// The bytes (empty for a buffer whose creation failed).
    pub memory: Option<Memory>,
    /// Its size in bytes, as created.
    pub size: u64,
    /// What it may be used for.
    pub usage: wgpu::BufferUsages,
    /// Whether it is mapped.
    pub state: Mutex<MapState>,
}

impl BufferData {
    /// A buffer of `size` zero bytes, or the error in the device's scope and a dead buffer.
    pub fn new(shared: &Shared, desc: &wgpu::BufferDescriptor<'_>, max: u64) -> BufferData {
        let dead = |size| BufferData {
            memory: None,
            size,
            usage: desc.usage,
            state: Mutex::new(MapState::Dead),
        };
        if desc.size > max {
            shared.errors.raise(
                Kind::Validation,
                "create_buffer",
                format!(
                    "a buffer of {} bytes is larger than the largest, {max}",
                    desc.size
                ),
            );
            return dead(desc.size);
        }
        if desc.mapped_at_creation && !desc.size.is_multiple_of(4) {
            shared.errors.raise(
                Kind::Validation,
                "create_buffer",
                format!(
                    "a buffer mapped at creation must have a size that is a multiple of 4, not {}",
                    desc.size
                ),
            );
            return dead(desc.size);
        }
        // Smaller buffers skip the question: reading it costs more than they do.
        let available = (desc.size >= ASK_HOST_FROM).then(host_memory).flatten();
        if available.is_some_and(|bytes| desc.size > bytes) {
            shared.errors.raise(
                Kind::OutOfMemory,
                "create_buffer",
                format!(
                    "the host has not {} bytes for a buffer ({} available)",
                    desc.size,
                    available.unwrap_or(0)
                ),
            );
            return dead(desc.size);
        }
        match Memory::zeroed(desc.size) {
            Ok(memory) => BufferData {
                memory: Some(memory),
                size: desc.size,
                usage: desc.usage,
                state: Mutex::new(if desc.mapped_at_creation {
                    MapState::Mapped
                } else {
                    MapState::Unmapped
                }),
            },
            Err(e) => {
                shared.errors.raise(
                    Kind::OutOfMemory,
                    "create_buffer",
                    format!("the host has not {} bytes for a buffer", e.bytes),
                );
                dead(desc.size)
            }
        }
    }

    /// Whether commands may use it now, else why not.
    pub fn usable(&self) -> Result<&Memory, &'static str> {
        match *lock(&self.state) {
            MapState::Unmapped => self.memory.as_ref().ok_or("a buffer that does not exist"),
            MapState::Mapped => Err("a buffer that is mapped"),
            MapState::Dead => Err("a destroyed or invalid buffer"),
        }
    }

    /// Whether `offset..offset + len` lies inside the buffer.
    pub fn holds(&self, offset: u64, len: u64) -> bool {
        offset.checked_add(len).is_some_and(|end| end <= self.size)
    }
}

/// Buffers of at least this many bytes are checked against [`host_memory`].
pub(super) const ASK_HOST_FROM: u64 = 64 << 20;

/// The bytes of memory the host has available now (Linux's `MemAvailable`, swap included),
/// where the host says. A buffer larger than that is refused up front: the allocator may
/// promise more than the host has (overcommit), and zeroing it would then end the process.
pub(super) fn host_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib = |key: &str| {
        meminfo
            .lines()
            .find_map(|line| line.strip_prefix(key))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
    };
    let total = kib("MemAvailable:")?.checked_add(kib("SwapFree:").unwrap_or(0))?;
    total.checked_mul(1024)
}

/// A buffer of the CPU accelerator.
pub(super) struct CpuBuffer {
    /// Its memory and state.
    pub data: Arc<BufferData>,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for CpuBuffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CpuBuffer")
            .field("size", &self.data.size)
            .field("usage", &self.data.usage)
            .finish_non_exhaustive()
    }
}

impl CpuBuffer {
    /// Wraps a buffer's data.
    pub fn new(data: BufferData, shared: Arc<Shared>) -> CpuBuffer {
        CpuBuffer {
            data: Arc::new(data),
            shared,
        }
    }

    /// The data of a buffer that wgpu hands back, if it is one of this accelerator's.
    pub fn of(buffer: &wgpu::custom::DispatchBuffer) -> Option<&Arc<BufferData>> {
        buffer.as_custom::<CpuBuffer>().map(|b| &b.data)
    }
}

impl wgpu::custom::BufferInterface for CpuBuffer {
    fn map_async(
        &self,
        mode: wgpu::MapMode,
        range: Range<wgpu::BufferAddress>,
        callback: wgpu::custom::BufferMapCallback,
    ) {
        let needs = match mode {
            wgpu::MapMode::Read => wgpu::BufferUsages::MAP_READ,
            wgpu::MapMode::Write => wgpu::BufferUsages::MAP_WRITE,
        };
        let refused = {
            // No submission runs while the state changes, so a kernel that runs has finished
            // with this memory before the host gets a slice of it.
            let _running = self.shared.running();
            let mut state = lock(&self.data.state);
            let refused = if !self.data.usage.contains(needs) {
                Some(format!("mapping for {mode:?} needs the usage {needs:?}"))
            } else if range.start > range.end || range.end > self.data.size {
                Some(format!(
                    "the range {range:?} is not inside the buffer's {} bytes",
                    self.data.size
                ))
            } else {
                match *state {
                    MapState::Unmapped => None,
                    MapState::Mapped => Some("the buffer is already mapped".to_owned()),
                    MapState::Dead => Some("the buffer is destroyed or invalid".to_owned()),
                }
            };
            if refused.is_none() {
                *state = MapState::Mapped;
            }
            refused
        };
        match refused {
            None => self.shared.defer(Box::new(move || callback(Ok(())))),
            Some(why) => {
                self.shared.errors.raise(Kind::Validation, "map_async", why);
                self.shared
                    .defer(Box::new(move || callback(Err(wgpu::BufferAsyncError))));
            }
        }
    }

    fn get_mapped_range(
        &self,
        sub_range: Range<wgpu::BufferAddress>,
    ) -> Result<wgpu::custom::DispatchBufferMappedRange, wgpu::MapRangeError> {
        // wgpu checks the range against what was mapped right after this returns, and drops
        // the range if it is not; an unmapped buffer or a bad range gives an empty range.
        let mapped = *lock(&self.data.state) == MapState::Mapped
            && sub_range.start <= sub_range.end
            && sub_range.end <= self.data.size;
        let range = if mapped { sub_range } else { 0..0 };
        Ok(wgpu::custom::DispatchBufferMappedRange::custom(
            MappedRange {
                data: Arc::clone(&self.data),
                range,
            },
        ))
    }

    fn unmap(&self) {
        let mut state = lock(&self.data.state);
        if *state == MapState::Mapped {
            *state = MapState::Unmapped;
        }
    }

    fn destroy(&self) {
        *lock(&self.data.state) = MapState::Dead;
    }
}

/// Bytes `range` of a mapped buffer.
#[derive(Debug)]
struct MappedRange {
    data: Arc<BufferData>,
    range: Range<u64>,
}

impl std::fmt::Debug for BufferData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BufferData")
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl MappedRange {
    /// The range's first byte and length; a dangling pointer for an empty range.
    fn raw(&self) -> (NonNull<u8>, usize) {
        let len = (self.range.end - self.range.start) as usize;
        match &self.data.memory {
            Some(memory) if len > 0 => {
                let base = memory.words().as_ptr().cast::<u8>().cast_mut();
                // SAFETY: `range` lies inside the memory's `size` bytes (checked when the range
                // was made), so the offset stays inside the words' allocation.
                let first = unsafe { base.add(self.range.start as usize) };
                (NonNull::new(first).unwrap_or(NonNull::dangling()), len)
            }
            _ => (NonNull::dangling(), 0),
        }
    }
}

impl wgpu::custom::BufferMappedRangeInterface for MappedRange {
    fn len(&self) -> usize {
        (self.range.end - self.range.start) as usize
    }

    unsafe fn read_slice(&self) -> &[u8] {
        let (first, len) = self.raw();
        // SAFETY: a non-empty range exists only while the buffer is mapped: no kernel and no
        // queue write touches the memory until `unmap`, which wgpu refuses while a view lives
        // (the `Shared::running` lock orders this against a submission in progress). wgpu
        // gives out overlapping views only when all are read-only. `AtomicU32` has `u32`'s
        // layout, so the words' bytes are plain bytes; the slice covers only this range (not
        // the whole memory, which `Memory::bytes` would), so views of other ranges do not
        // alias it. `self.data` keeps the memory alive as long as the slice.
        unsafe { std::slice::from_raw_parts(first.as_ptr(), len) }
    }

    unsafe fn write_slice(&mut self) -> wgpu::WriteOnly<'_, [u8]> {
        let (first, len) = self.raw();
        // SAFETY: as in `read_slice`; wgpu gives out a writable view only of a range no other
        // view overlaps, and the atomics' `UnsafeCell`s allow writes through the shared
        // reference the pointer came from.
        unsafe { wgpu::WriteOnly::new(NonNull::slice_from_raw_parts(first, len)) }
    }
}
