//! C++ AMP's staging arrays (`array(extent, cpu_accelerator_view, accelerator_view)`): host
//! memory that an accelerator copies from and to directly, the counterpart of torch's pinned
//! tensors.
//!
//! wgpu hands out two kinds of memory the host can map, each usable by copies in one direction
//! only, so a staging array holds up to two buffers:
//!
//! - **up** (`MAP_WRITE | COPY_SRC`), which the host writes and copies to arrays read. On a
//!   discrete GPU with a resizable BAR this is the GPU's own memory: the host's writes cross the
//!   link as they are made, and a copy to an array stays on the GPU.
//! - **down** (`MAP_READ | COPY_DST`), made on the first copy from an array: cached host memory
//!   the accelerator writes over the link, which the host reads in place.
//!
//! Which of them holds the latest data is one state ([`Latest`]); a write after a copy from an
//! array first brings the down buffer's bytes up (a host copy), a read after a write first
//! copies the up buffer down (an accelerator copy).

use crate::accelerator::Accelerator;
use crate::array::Array;
use crate::device::Device;
use crate::error::{coords, DeviceError, Error, FeatureError, MemoryError, Result};
use crate::queue::AcceleratorView;
use crate::staging::{map_blocking, mapped_range_error};
use crate::view::{bytes_of, parallel, DataEnd, Placed};
use amp_core::{structs, Element, Extent};
use std::marker::PhantomData;
use std::sync::Arc;

/// Which buffer holds the latest data the host sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Latest {
    /// The up buffer: written by the host (or never written: zeros).
    Up,
    /// The down buffer: a copy from an array landed there.
    Down,
    /// Both hold the same bytes.
    Both,
}

/// A mappable buffer and whether the host has it mapped.
struct Mapped {
    buffer: wgpu::Buffer,
    mapped: bool,
}

impl Mapped {
    /// Maps the buffer for the host in `mode`, once the copies using it are done.
    fn map(&mut self, device: &Device, mode: wgpu::MapMode) -> Result<()> {
        if !self.mapped {
            map_blocking(device, &self.buffer, mode)?;
            self.mapped = true;
        }
        Ok(())
    }

    /// Unmaps the buffer if the host has it, so that a copy may use it.
    fn release(&mut self) {
        if self.mapped {
            self.buffer.unmap();
            self.mapped = false;
        }
    }
}

/// An array in host memory that the accelerator copies from and to directly (C++ AMP's staging
/// array, `array(extent, cpu_accelerator_view, accelerator_view)`): fill it with
/// [`write`](Self::write), copy it to an [`Array`] on its accelerator with
/// [`copy_to`](Self::copy_to), copy results back with [`copy_from`](Self::copy_from) and read
/// them in place with [`read`](Self::read). Copies between it and arrays on its accelerator run
/// at the host link's rate; they are queued (ordered with launches) and return at once.
///
/// ```
/// use amp_runtime::{Accelerator, Array, StagingArray};
/// let view = Accelerator::default()?.default_view();
/// let mut staging = StagingArray::<f32, 1>::new(4, &view)?;
/// staging.write()?.copy_from_slice(&[1.0, 2.0, 3.0, 4.0])?;
/// let array = Array::<f32, 1>::from_extent_on(&view, 4)?;
/// staging.copy_to(&array)?;
/// // ... kernels on `array` ...
/// staging.copy_from(&array)?;
/// assert_eq!(&*staging.read()?, &[1.0, 2.0, 3.0, 4.0]);
/// # Ok::<(), amp_runtime::Error>(())
/// ```
pub struct StagingArray<T: Element, const N: usize> {
    extent: Extent<N>,
    len: usize,
    acc: Accelerator,
    up: Mapped,
    down: Option<Mapped>,
    latest: Latest,
    _t: PhantomData<T>,
}

impl<T: Element, const N: usize> StagingArray<T, N> {
    /// A staging array of `extent` for `view`'s accelerator, holding zeros.
    ///
    /// Fails with [`Error::UnsupportedFeature`] on the host-only CPU accelerator (it has no
    /// device to copy to), [`Error::OutOfMemory`] when it is larger than one buffer there,
    /// [`Error::InvalidComputeDomain`] for a negative extent.
    pub fn new(extent: impl Into<Extent<N>>, view: &AcceleratorView) -> Result<Self> {
        let extent = extent.into();
        let acc = view.accelerator().clone();
        if acc.is_host_only() {
            return Err(Error::UnsupportedFeature(FeatureError::HostOnly {
                site: None,
                accelerator: acc.description().to_owned(),
            }));
        }
        let len = crate::view::element_count(extent)?;
        let bytes = len.saturating_mul(bytes_of::<T>(1));
        let max = acc.limits().max_buffer_size;
        if bytes > max {
            return Err(Error::OutOfMemory(MemoryError::Buffer {
                extent: coords::extent(extent),
                elements: len,
                element_bytes: bytes_of::<T>(1),
                accelerator: acc.description().to_owned(),
                max,
            }));
        }
        let len = usize::try_from(len).map_err(|_| {
            Error::OutOfMemory(MemoryError::HostCount {
                extent: coords::extent(extent),
            })
        })?;
        // wgpu zero-fills new buffers, mapped ones included.
        let up = buffer(&acc, bytes, wgpu::MapMode::Write)?;
        Ok(StagingArray {
            extent,
            len,
            acc,
            up: Mapped {
                buffer: up,
                mapped: true,
            },
            down: None,
            latest: Latest::Up,
            _t: PhantomData,
        })
    }

    /// The extent.
    pub fn extent(&self) -> Extent<N> {
        self.extent
    }

    /// The accelerator it copies to and from.
    pub fn accelerator(&self) -> &Accelerator {
        &self.acc
    }

    fn bytes(&self) -> u64 {
        bytes_of::<T>(self.len)
    }

    /// The elements, to write (C++ AMP's `array::data()` of a staging array). The host writes
    /// the staging memory itself; nothing more is copied until [`copy_to`](Self::copy_to).
    pub fn write(&mut self) -> Result<StagingWrite<'_, T>> {
        if self.latest == Latest::Down {
            self.bring_up()?;
        }
        self.map_up()?;
        self.latest = Latest::Up;
        let view = self
            .up
            .buffer
            .get_mapped_range_mut(..self.bytes().max(4))
            .map_err(|e| mapped_range_error(&e))?;
        Ok(StagingWrite {
            view,
            len: self.len,
            _t: PhantomData,
        })
    }

    /// The elements, read in place: after [`copy_from`](Self::copy_from), the bytes the
    /// accelerator wrote, with no copy on the host. Fails with [`Error::UnsupportedFeature`]
    /// for an element type whose host bytes are not its device bytes (`bool`, a struct with
    /// padding): read those with [`to_vec`](Self::to_vec).
    pub fn read(&mut self) -> Result<StagingRead<'_, T>> {
        if !T::PLAIN {
            return Err(Error::UnsupportedFeature(FeatureError::StagingSlice {
                element: T::name(),
            }));
        }
        let view = self.read_view()?;
        Ok(StagingRead {
            view,
            len: self.len,
            _t: PhantomData,
        })
    }

    /// The elements, copied out.
    pub fn to_vec(&mut self) -> Result<Vec<T>> {
        let len = self.len;
        let view = self.read_view()?;
        let mut out =
            crate::view::filled_vec(Extent::new([len as i32]), T::read_words(&vec![0; T::WORDS]))?;
        parallel::decode(&view, &mut out);
        Ok(out)
    }

    /// The down buffer's mapping, holding the latest data.
    fn read_view(&mut self) -> Result<wgpu::BufferView> {
        if self.latest == Latest::Up {
            // The host wrote the up buffer, which it cannot read: the accelerator copies it down.
            self.up.release();
            let bytes = self.bytes();
            let down = self.down_buffer()?;
            down.release();
            let target = down.buffer.clone();
            let up = self.up.buffer.clone();
            submit(&self.acc, |encoder| {
                encoder.copy_buffer_to_buffer(&up, 0, &target, 0, bytes.next_multiple_of(4));
            })?;
            self.latest = Latest::Both;
        }
        self.map_down()?;
        let bytes = self.bytes().max(4);
        let down = self.down_buffer()?;
        down.buffer
            .get_mapped_range(..bytes)
            .map_err(|e| mapped_range_error(&e))
    }

    /// Copies the elements into `array`, which must have the same extent and live on this
    /// staging array's accelerator (or on none yet). Queued: the copy runs after the launches
    /// recorded before it and before those recorded after; the call returns at once.
    pub fn copy_to(&mut self, array: &Array<T, N>) -> Result<()> {
        self.check_extent(array.extent())?;
        if self.latest == Latest::Down {
            self.bring_up()?;
        }
        let placed = self.placed(array.data.device_target(&self.acc)?)?;
        self.up.release();
        let up = self.up.buffer.clone();
        let bytes = self.bytes();
        submit(&self.acc, |encoder| {
            let start = bytes_of::<T>(placed.runs.first().copied().unwrap_or(0));
            for piece in placed.segments.pieces(start, bytes) {
                // Whole words: packed `f16` data may end inside its last one, whose rest is the
                // zero sentinel's room (and zeros in the staging buffer).
                let len = piece.len.next_multiple_of(4);
                encoder.copy_buffer_to_buffer(&up, piece.at, piece.buffer, piece.offset, len);
            }
        })?;
        array.data.device_written();
        crate::view::count_upload(bytes);
        Ok(())
    }

    /// Copies the elements of `array` (same extent) into the staging array, from its device
    /// copy on this staging array's accelerator (uploading its host data there first if it has
    /// none). Queued; [`read`](Self::read) and [`to_vec`](Self::to_vec) wait for it.
    pub fn copy_from(&mut self, array: &Array<T, N>) -> Result<()> {
        self.check_extent(array.extent())?;
        let placed = self.placed(array.data.resident_source(&self.acc)?)?;
        let bytes = self.bytes();
        let down = self.down_buffer()?;
        down.release();
        let target = down.buffer.clone();
        submit(&self.acc, |encoder| {
            let start = bytes_of::<T>(placed.runs.first().copied().unwrap_or(0));
            for piece in placed.segments.pieces(start, bytes) {
                encoder.copy_buffer_to_buffer(
                    piece.buffer,
                    piece.offset,
                    &target,
                    piece.at,
                    piece.len.next_multiple_of(4),
                );
            }
        })?;
        array.data.count_download(bytes);
        self.latest = Latest::Down;
        self.acc.take_fault(Some(array.data.core_id()))
    }

    fn check_extent(&self, extent: Extent<N>) -> Result<()> {
        if extent != self.extent {
            return Err(Error::ExtentMismatch {
                extent: coords::extent(extent),
                expected: extent.size(),
                actual: self.len,
            });
        }
        Ok(())
    }

    /// The array's device copy on this accelerator, or [`Error::AcceleratorMismatch`].
    fn placed(&self, placed: Option<Placed>) -> Result<Placed> {
        placed.filter(|p| p.runs.len() == 1).ok_or_else(|| {
            Error::AcceleratorMismatch(crate::error::MismatchError::HostArray {
                used_on: self.acc.description().to_owned(),
            })
        })
    }

    /// Copies the down buffer's bytes into the up buffer on the host (wgpu cannot copy a
    /// `MAP_READ` buffer on the accelerator).
    fn bring_up(&mut self) -> Result<()> {
        self.map_down()?;
        self.map_up()?;
        let bytes = self.bytes().max(4);
        let down = self.down_buffer()?.buffer.clone();
        {
            let from = down
                .get_mapped_range(..bytes)
                .map_err(|e| mapped_range_error(&e))?;
            let mut to = self
                .up
                .buffer
                .get_mapped_range_mut(..bytes)
                .map_err(|e| mapped_range_error(&e))?;
            match bytemuck::try_cast_slice::<u8, u32>(&from) {
                Ok(words) => parallel::encode(words, to.slice(..)),
                Err(_) => to.slice(..).copy_from_slice(&from),
            }
        }
        self.latest = Latest::Both;
        Ok(())
    }

    fn map_up(&mut self) -> Result<()> {
        self.up.map(self.acc.device(), wgpu::MapMode::Write)
    }

    fn map_down(&mut self) -> Result<()> {
        let device = Arc::clone(self.acc.device());
        self.down_buffer()?.map(&device, wgpu::MapMode::Read)
    }

    fn down_buffer(&mut self) -> Result<&mut Mapped> {
        if self.down.is_none() {
            let buffer = buffer(&self.acc, self.bytes(), wgpu::MapMode::Read)?;
            self.down = Some(Mapped {
                buffer,
                mapped: false,
            });
        }
        self.down
            .as_mut()
            .ok_or(Error::Device(DeviceError::NoBytes))
    }
}

/// The elements of a [`StagingArray`], to write: the staging memory itself, which may be
/// write-combined or the accelerator's memory, so it is written, never read.
pub struct StagingWrite<'s, T: Element> {
    view: wgpu::BufferViewMut,
    len: usize,
    _t: PhantomData<&'s mut T>,
}

impl<T: Element> StagingWrite<'_, T> {
    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Writes `values` over all the elements (on several threads when there are many).
    /// [`Error::ExtentMismatch`] unless there are as many values as elements.
    pub fn copy_from_slice(&mut self, values: &[T]) -> Result<()> {
        if values.len() != self.len {
            return Err(Error::ExtentMismatch {
                extent: vec![self.len as i64],
                expected: self.len as u64,
                actual: values.len(),
            });
        }
        let bytes = bytes_of::<T>(self.len) as usize;
        parallel::encode(values, self.view.slice(..bytes));
        Ok(())
    }

    /// Writes `values` into the elements from `first` on; [`Error::OutOfBounds`] past the end.
    pub fn write_at(&mut self, first: usize, values: &[T]) -> Result<()> {
        let end = first
            .checked_add(values.len())
            .filter(|&end| end <= self.len);
        let Some(end) = end else {
            return Err(Error::OutOfBounds {
                index: crate::error::Position::Index(vec![first as i64 + values.len() as i64 - 1]),
                extent: vec![self.len as i64],
                fault: None,
            });
        };
        let (from, to) = (bytes_of::<T>(first) as usize, bytes_of::<T>(end) as usize);
        parallel::encode(values, self.view.slice(from..to));
        Ok(())
    }
}

/// The elements of a [`StagingArray`], read in place (a slice over the staging memory).
pub struct StagingRead<'s, T: Element> {
    view: wgpu::BufferView,
    len: usize,
    _t: PhantomData<&'s T>,
}

impl<T: Element> std::ops::Deref for StagingRead<'_, T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // `read` checked that `T` is plain; mapped memory is aligned for every element type.
        let bytes = &self.view[..bytes_of::<T>(self.len) as usize];
        structs::plain_from_bytes(bytes).unwrap_or(&[])
    }
}

/// A mappable buffer of `bytes` (at least 4) for `mode`: an up buffer starts mapped.
fn buffer(acc: &Accelerator, bytes: u64, mode: wgpu::MapMode) -> Result<wgpu::Buffer> {
    let (usage, label) = match mode {
        wgpu::MapMode::Write => (
            wgpu::BufferUsages::MAP_WRITE | wgpu::BufferUsages::COPY_SRC,
            "amp staging array, up",
        ),
        wgpu::MapMode::Read => (
            wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            "amp staging array, down",
        ),
    };
    acc.scoped(|device| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: bytes.max(4).next_multiple_of(4),
            usage,
            mapped_at_creation: mode == wgpu::MapMode::Write,
        })
    })
}

/// Records copies with `record` and submits them after the accelerator's recorded launches.
fn submit(acc: &Accelerator, record: impl FnOnce(&mut wgpu::CommandEncoder)) -> Result<()> {
    let queue = acc.queue()?;
    acc.scoped(|device| {
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("amp staging array"),
        });
        record(&mut encoder);
        queue.submit([encoder.finish()]);
    })
}
