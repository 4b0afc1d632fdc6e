//! Interop with wgpu (C++ AMP's Direct3D interop: `create_accelerator_view(device)`,
//! `make_array`, `get_buffer`): amp on a wgpu device the program opened itself, arrays over the
//! program's buffers, and the wgpu objects behind amp's accelerators and arrays.
//!
//! One device is one accelerator: [`Accelerator::from_wgpu`] returns the accelerator already
//! made for a device (its clones included, and the devices amp opened itself), so arrays, the
//! batch of launches, the fault log and the staging memory of one device are never split.
//!
//! A buffer shared with the program (made with [`Array::from_wgpu_buffer`] or handed out by
//! [`Array::wgpu_buffer`]) is the array's data from then on: the program may write it at any
//! time, so amp never takes its host copy as current again (every host read downloads, every
//! host write goes to the buffer), launches that use it are submitted at once (the program's
//! later submissions follow them on the device's one queue), and it never moves to another
//! accelerator. Its checked reads out of range address the data's first element, as the buffer
//! may have no room past the data for amp's zero element (numbers and vectors read zero all the
//! same; the launch reports the fault either way).

use crate::accelerator::{Accelerator, WeakAccelerator};
use crate::array::Array;
use crate::device::Device;
use crate::error::{coords, DeviceError, Error, FeatureError, InteropError, Result};
use crate::queue::AcceleratorView;
use crate::view::{element_count, DataEnd, Segments};
use amp_core::{Element, Extent};
use std::sync::{Mutex, PoisonError};

/// The usages a buffer needs to hold an array's data: `STORAGE` for kernels, `COPY_SRC` and
/// `COPY_DST` for transfers and copies.
pub const ARRAY_BUFFER_USAGES: wgpu::BufferUsages = wgpu::BufferUsages::STORAGE
    .union(wgpu::BufferUsages::COPY_SRC)
    .union(wgpu::BufferUsages::COPY_DST);

/// The accelerators made from the program's devices, held without keeping them alive.
static PROGRAM: Mutex<Vec<WeakAccelerator>> = Mutex::new(Vec::new());

/// The optional features amp uses that `adapter` has, for the program to request when it opens
/// the device it hands to [`Accelerator::from_wgpu`] (amp opens its own devices with them):
/// 64-bit and 16-bit types, float and 64-bit atomics, subgroups, immediates, timestamps inside
/// passes and the pipeline cache. A device without one of them works; what needs it reports
/// [`Error::UnsupportedFeature`] (a kernel using `f16`, `Accelerator::profile`) or takes a
/// slower path (launch parameters in a uniform buffer without immediates).
///
/// ```no_run
/// let instance = wgpu::Instance::default();
/// let adapter = pollster::block_on(instance.request_adapter(&Default::default())).unwrap();
/// let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
///     required_features: amp_runtime::interop::features_for(&adapter),
///     required_limits: adapter.limits(),
///     ..Default::default()
/// }))
/// .unwrap();
/// let acc = amp_runtime::Accelerator::from_wgpu(&device, &queue);
/// ```
pub fn features_for(adapter: &wgpu::Adapter) -> wgpu::Features {
    adapter.features() & crate::device::program_features()
}

impl Accelerator {
    /// The accelerator of a wgpu `device` the program opened itself, and its `queue` (C++ AMP's
    /// `create_accelerator_view(ID3D11Device*)`), so that amp's kernels and the program's own
    /// passes share the device and its buffers. Its description, type and backend come from
    /// `device.adapter_info()`; kernels get the features and limits the device was opened with
    /// (see [`features_for`]); matrix units are not used there
    /// (only the adapter reports their shapes). `queue` must be `device`'s.
    ///
    /// Clones of one device give one accelerator (equal, one id), as does the device of an
    /// accelerator amp opened ([`wgpu_device`](Self::wgpu_device)). It is not in
    /// [`all`](Self::all); it can be the default ([`set_default`](Self::set_default)).
    ///
    /// amp installs no uncaptured-error handler and no device-lost callback on it: the
    /// program's stay. amp's own errors come back as values from error scopes around its work;
    /// an error wgpu raises outside them (a submission that uses a buffer the program has
    /// mapped) reaches the program's handler. amp submits its own work to `queue` and polls
    /// `device` when it waits (`wait`, host reads, completions), which also runs the program's
    /// callbacks of finished work.
    pub fn from_wgpu(device: &wgpu::Device, queue: &wgpu::Queue) -> Accelerator {
        let of_device = |acc: &Accelerator| {
            acc.device()
                .if_opened()
                .is_some_and(|(opened, _)| same_device(opened, device))
        };
        if let Some(acc) = Accelerator::enumerated().iter().find(|acc| of_device(acc)) {
            return acc.clone();
        }
        let mut program = PROGRAM.lock().unwrap_or_else(PoisonError::into_inner);
        program.retain(|weak| weak.upgrade().is_some());
        if let Some(acc) = program
            .iter()
            .filter_map(WeakAccelerator::upgrade)
            .find(of_device)
        {
            return acc;
        }
        let acc = Accelerator::new(Device::from_wgpu(device, queue));
        program.push(acc.downgrade());
        acc
    }

    /// The wgpu device behind the accelerator, opened now if it was not (C++ AMP's
    /// `get_device`). [`Error::UnsupportedFeature`] ([`FeatureError::HostOnly`]) for the
    /// host-only CPU accelerator, which has none.
    pub fn wgpu_device(&self) -> Result<&wgpu::Device> {
        Ok(&self.device().opened()?.0)
    }

    /// The wgpu queue behind the accelerator, after submitting the launches recorded so far:
    /// work the program submits to it next runs after them. Launches recorded later are
    /// submitted at amp's next flush ([`flush`](Self::flush)); call it before submitting work
    /// that must follow them. [`FeatureError::HostOnly`] for the host-only CPU accelerator.
    pub fn wgpu_queue(&self) -> Result<&wgpu::Queue> {
        self.flush()?;
        Ok(&self.device().opened()?.1)
    }

    /// Whether the accelerator's device is the program's own ([`from_wgpu`](Self::from_wgpu)).
    pub fn is_from_wgpu(&self) -> bool {
        self.device().is_program()
    }
}

impl<T: Element, const N: usize> Array<T, N> {
    /// An array of `extent` whose data is the program's wgpu `buffer`, from its first byte, on
    /// `view`'s accelerator, which must own `buffer`'s device (C++ AMP's `make_array`). Nothing
    /// is copied: kernels read and write the buffer, and the program's own passes see what
    /// they wrote. The buffer needs [`ARRAY_BUFFER_USAGES`] and room for the data in whole
    /// 4-byte words (at least one element); a larger buffer works, its bytes past the data left
    /// alone.
    ///
    /// The buffer is shared from now on (see the module's rules): host reads download it, and
    /// launches that use the array are submitted at once.
    ///
    /// Errors: [`Error::Interop`] with [`InteropError::BufferUsage`],
    /// [`InteropError::BufferTooSmall`], [`InteropError::BufferBinding`] (larger than one
    /// storage binding) or [`InteropError::BufferDevice`] (a
    /// buffer of another device, where wgpu tells: amp's CPU accelerator does not);
    /// [`FeatureError::HostOnly`] on the host-only CPU accelerator.
    pub fn from_wgpu_buffer(
        view: &AcceleratorView,
        extent: impl Into<Extent<N>>,
        buffer: &wgpu::Buffer,
    ) -> Result<Self> {
        let extent = extent.into();
        let acc = view.accelerator();
        check_buffer::<T, N>(acc, extent, buffer)?;
        let array = Self::from_extent_on(view, extent)?;
        array
            .view_data()
            .share_buffer(acc, Segments::program(buffer.clone()));
        Ok(array)
    }

    /// The wgpu buffer that holds the array's data (C++ AMP's `get_buffer`), on the array's
    /// accelerator (the one it was created on, else the one its data is on, else the default),
    /// with the data made current there and every launch recorded so far submitted. Its bytes
    /// are the elements in row-major order, as [`Element`] lays them out on the accelerator,
    /// from the buffer's start.
    ///
    /// From now on the buffer is shared (see the module's rules): what the program's
    /// submissions write there is what amp's next kernel and host read see, and launches that
    /// use the array are submitted at once, before the program's later submissions.
    ///
    /// Errors: [`InteropError::SplitData`] for data larger than one storage binding (several
    /// buffers); [`FeatureError::HostOnly`] for an array on the host-only CPU accelerator.
    pub fn wgpu_buffer(&self) -> Result<wgpu::Buffer> {
        let data = self.view_data();
        let acc = match (self.accelerator(), data.device_home()) {
            (Some(home), _) => home.clone(),
            (None, Some(on)) => on,
            (None, None) => Accelerator::default()?,
        };
        if acc.is_host_only() {
            return Err(host_only(&acc));
        }
        let buffer = data.shared_buffer(&acc)?;
        acc.flush()?;
        Ok(buffer)
    }
}

/// Whether `known` (an accelerator's device) is `given`. wgpu compares the devices of its own
/// backends by their number in their instance, so devices of two instances (amp's and the
/// program's) can compare equal; then a validation error raised on `given` tells, as
/// `known`'s own error scope catches it only when they are one device (the error goes to the
/// innermost scope of the device that raised it, here the thread's). amp's CPU accelerator's
/// devices compare by address.
fn same_device(known: &wgpu::Device, given: &wgpu::Device) -> bool {
    if known != given {
        return false;
    }
    if crate::device::is_emulator(&given.adapter_info()) {
        return true;
    }
    let outer = given.push_error_scope(wgpu::ErrorFilter::Validation);
    let inner = known.push_error_scope(wgpu::ErrorFilter::Validation);
    // A buffer without usages is invalid on every device.
    drop(given.create_buffer(&wgpu::BufferDescriptor {
        label: Some("amp device probe"),
        size: 4,
        usage: wgpu::BufferUsages::empty(),
        mapped_at_creation: false,
    }));
    let caught = pollster::block_on(inner.pop()).is_some();
    // Popped for the scope's sake: when the devices differ, the probe's error is here.
    drop(pollster::block_on(outer.pop()));
    caught
}

fn host_only(acc: &Accelerator) -> Error {
    Error::UnsupportedFeature(FeatureError::HostOnly {
        site: None,
        accelerator: acc.description().to_owned(),
    })
}

/// Checks that `buffer` can hold an array of `extent` of `T` on `acc`.
fn check_buffer<T: Element, const N: usize>(
    acc: &Accelerator,
    extent: Extent<N>,
    buffer: &wgpu::Buffer,
) -> Result<()> {
    if acc.is_host_only() {
        return Err(host_only(acc));
    }
    let usage = buffer.usage();
    let missing = ARRAY_BUFFER_USAGES - usage;
    if !missing.is_empty() {
        return Err(Error::Interop(InteropError::BufferUsage { missing, usage }));
    }
    let element = T::BYTES as u64;
    let needed = element_count(extent)?
        .saturating_mul(element)
        .max(element)
        .next_multiple_of(4);
    let size = buffer.size();
    if size < needed {
        return Err(Error::Interop(InteropError::BufferTooSmall {
            extent: coords::extent(extent),
            element: T::name(),
            needed,
            size,
        }));
    }
    let max = acc.limits().max_storage_buffer_binding_size;
    if size > max {
        return Err(Error::Interop(InteropError::BufferBinding {
            size,
            accelerator: acc.description().to_owned(),
            max,
        }));
    }
    // wgpu checks a command's buffers against the encoder's device when it is finished.
    let on_device = acc.scoped(|device| {
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("amp buffer check"),
        });
        encoder.clear_buffer(buffer, 0, Some(0));
        encoder.finish()
    });
    match on_device {
        Ok(_) => Ok(()),
        Err(Error::Device(DeviceError::Wgpu {
            accelerator,
            source,
        })) => Err(Error::Interop(InteropError::BufferDevice {
            accelerator,
            source,
        })),
        Err(other) => Err(other),
    }
}
