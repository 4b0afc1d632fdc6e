//! An accelerator's wgpu device: the adapter it comes from, the device and queue opened on first
//! use, and what the device reports asynchronously (errors outside any error scope, its loss),
//! kept until a wait reports it.
//!
//! The host-only CPU accelerator (C++ AMP's `cpu_accelerator`) has a `Device` without an
//! adapter: it never opens one, so every operation that needs the GPU stack fails with
//! [`FeatureError::HostOnly`] instead of reaching wgpu.
//!
//! Everything that talks to the GPU (the batch, the fault log, transfers, completions) takes a
//! [`Device`]; the accelerator owns one and hands it down.

use crate::error::{DeviceError, Error, FeatureError, RemovedError, Result, WgpuError};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Optional features amp may use (f64/i64 kernels, atomics, timing, subgroups, immediates); a
/// device gets those of them its adapter supports.
const WANTED_FEATURES: wgpu::Features = wgpu::Features::SHADER_F64
    .union(wgpu::Features::SHADER_INT64)
    .union(wgpu::Features::SHADER_INT64_ATOMIC_MIN_MAX)
    .union(wgpu::Features::SHADER_INT64_ATOMIC_ALL_OPS)
    .union(wgpu::Features::SHADER_FLOAT32_ATOMIC)
    .union(wgpu::Features::SHADER_F16)
    .union(wgpu::Features::SUBGROUP)
    .union(wgpu::Features::SUBGROUP_BARRIER)
    .union(wgpu::Features::IMMEDIATES)
    .union(wgpu::Features::TIMESTAMP_QUERY)
    .union(wgpu::Features::TIMESTAMP_QUERY_INSIDE_ENCODERS)
    .union(wgpu::Features::TIMESTAMP_QUERY_INSIDE_PASSES)
    .union(wgpu::Features::PIPELINE_CACHE)
    .union(wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX)
    // Textures: the formats' own capabilities (storage for 8- and 16-bit formats, linear
    // filtering of 32-bit floats), 16-bit norms, and border addressing.
    .union(wgpu::Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES)
    .union(wgpu::Features::TEXTURE_FORMAT_16BIT_NORM)
    .union(wgpu::Features::FLOAT32_FILTERABLE)
    .union(wgpu::Features::ADDRESS_MODE_CLAMP_TO_BORDER);

/// The features amp uses on a device the program opens for it: the wanted ones but matrix
/// units, whose shapes amp reads from the adapter (which a program's device does not give) and
/// which wgpu enables only under its experimental-features token.
pub(crate) const fn program_features() -> wgpu::Features {
    WANTED_FEATURES.difference(wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX)
}

/// `AMP_HIDE_FEATURES` (test hooks): wgpu feature names separated by commas (`SUBGROUP`,
/// `SUBGROUP_BARRIER`, `SHADER_F64`, ...) that devices are opened without, so that tests reach
/// what amp does on devices that lack them.
#[cfg(feature = "test-hooks")]
fn hidden_features() -> wgpu::Features {
    std::env::var("AMP_HIDE_FEATURES")
        .unwrap_or_default()
        .split(',')
        .filter_map(|name| wgpu::Features::from_name(name.trim()))
        .fold(wgpu::Features::empty(), |all, f| all | f)
}

/// Without the test hooks devices get every wanted feature their adapter has.
#[cfg(not(feature = "test-hooks"))]
fn hidden_features() -> wgpu::Features {
    wgpu::Features::empty()
}

/// How many uncaptured errors are kept until reported; later ones add nothing actionable.
const MAX_PENDING_ERRORS: usize = 16;

/// The name of the host-only CPU accelerator, C++ AMP's description of its `cpu_accelerator`.
pub(crate) const HOST_NAME: &str = "CPU accelerator";

/// The kind of an accelerator (C++ AMP told these apart with `is_emulated` and the device path).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeviceType {
    /// A software device on the CPU that runs kernels (lavapipe, WARP, SwiftShader).
    Cpu,
    /// amp's own CPU accelerator: amp runs the kernel's naga module on the host's cores, with no
    /// driver (C++ AMP's WARP and REF devices). Always present; the default only when there is
    /// no other device. Its launches can run in the checking mode
    /// ([`AcceleratorView::with_checking`](crate::AcceleratorView::with_checking)).
    Emulated,
    /// No device: the host-only CPU accelerator (C++ AMP's `cpu_accelerator`), whose arrays live
    /// in host memory and which runs no kernels. Never the default accelerator.
    Host,
    /// A GPU with its own memory.
    DiscreteGpu,
    /// A GPU sharing memory with the CPU.
    IntegratedGpu,
    /// A GPU exposed through a hypervisor.
    VirtualGpu,
    /// A device that reports none of the above.
    Other,
}

impl From<wgpu::DeviceType> for DeviceType {
    fn from(t: wgpu::DeviceType) -> Self {
        match t {
            wgpu::DeviceType::Cpu => DeviceType::Cpu,
            wgpu::DeviceType::DiscreteGpu => DeviceType::DiscreteGpu,
            wgpu::DeviceType::IntegratedGpu => DeviceType::IntegratedGpu,
            wgpu::DeviceType::VirtualGpu => DeviceType::VirtualGpu,
            wgpu::DeviceType::Other => DeviceType::Other,
        }
    }
}

impl DeviceType {
    /// Whether this is a hardware GPU of any kind.
    pub fn is_gpu(self) -> bool {
        matches!(
            self,
            DeviceType::DiscreteGpu | DeviceType::IntegratedGpu | DeviceType::VirtualGpu
        )
    }
}

impl fmt::Display for DeviceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeviceType::Cpu => "CPU",
            DeviceType::Emulated => "amp's CPU emulator",
            DeviceType::Host => "host memory, runs no kernels",
            DeviceType::DiscreteGpu => "discrete GPU",
            DeviceType::IntegratedGpu => "integrated GPU",
            DeviceType::VirtualGpu => "virtual GPU",
            DeviceType::Other => "other device",
        })
    }
}

/// Whether `info` describes amp's own CPU accelerator (`amp_cpu`), a wgpu device of wgpu's custom
/// backend.
pub(crate) fn is_emulator(info: &wgpu::AdapterInfo) -> bool {
    info.backend == wgpu::Backend::Noop && info.name == amp_cpu::device::NAME
}

/// One adapter's device, opened on first use: opening a device costs time and memory, and most
/// programs use one accelerator.
pub(crate) struct Device {
    source: Source,
    /// The adapter's features that the device is opened with.
    features: wgpu::Features,
    opened: OnceLock<(wgpu::Device, wgpu::Queue)>,
    /// Serializes opening so that two threads never open two devices.
    opening: Mutex<()>,
    events: Arc<Events>,
}

/// Where a device comes from.
// One per accelerator: the unused room of the host variant costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
enum Source {
    /// A wgpu adapter, and what it reports about itself.
    Adapter {
        adapter: wgpu::Adapter,
        info: wgpu::AdapterInfo,
    },
    /// A device the program opened itself and handed to amp (`Accelerator::from_wgpu`), and
    /// what it reports about itself: amp uses it with the features and limits it was opened
    /// with, and installs no handler on it (the program's stay in place).
    Program {
        info: wgpu::AdapterInfo,
        limits: wgpu::Limits,
    },
    /// Nothing: the host-only CPU accelerator, which never opens a device.
    Host,
}

/// What the device reports asynchronously, kept until a wait reports it.
#[derive(Default)]
struct Events {
    errors: Mutex<Vec<Error>>,
    lost: Mutex<Option<String>>,
    /// Set with `lost`: every device access checks it, without taking the lock.
    is_lost: AtomicBool,
}

impl Device {
    /// The device of `adapter`, not opened yet.
    pub(crate) fn new(adapter: wgpu::Adapter) -> Self {
        let info = adapter.get_info();
        let features = adapter.features() & WANTED_FEATURES & !hidden_features();
        Self::from_source(Source::Adapter { adapter, info }, features)
    }

    /// The program's own `device` and `queue` (opened from one adapter, the queue the device's),
    /// used as they are: of its features amp uses those it would ask for itself, but matrix
    /// units, whose shapes only the adapter reports.
    pub(crate) fn from_wgpu(device: &wgpu::Device, queue: &wgpu::Queue) -> Self {
        let features = device.features() & program_features();
        let source = Source::Program {
            info: device.adapter_info(),
            limits: device.limits(),
        };
        let this = Self::from_source(source, features);
        // Opened already: `opened` never calls `open` for it.
        let _ = this.opened.set((device.clone(), queue.clone()));
        this
    }

    /// Whether the device is the program's own (`Accelerator::from_wgpu`).
    pub(crate) fn is_program(&self) -> bool {
        matches!(self.source, Source::Program { .. })
    }

    /// The host-only CPU accelerator's device: none, never opened.
    pub(crate) fn host() -> Self {
        Self::from_source(Source::Host, wgpu::Features::empty())
    }

    fn from_source(source: Source, features: wgpu::Features) -> Self {
        Device {
            source,
            features,
            opened: OnceLock::new(),
            opening: Mutex::new(()),
            events: Arc::default(),
        }
    }

    /// The device's name, as the driver reports it (C++ AMP's description for the CPU
    /// accelerator).
    pub(crate) fn name(&self) -> &str {
        match &self.source {
            Source::Adapter { info, .. } | Source::Program { info, .. } => &info.name,
            Source::Host => HOST_NAME,
        }
    }

    /// What the adapter reports about itself; `None` for the CPU accelerator.
    pub(crate) fn info(&self) -> Option<&wgpu::AdapterInfo> {
        match &self.source {
            Source::Adapter { info, .. } | Source::Program { info, .. } => Some(info),
            Source::Host => None,
        }
    }

    /// The kind of device.
    pub(crate) fn device_type(&self) -> DeviceType {
        match &self.source {
            Source::Adapter { info, .. } | Source::Program { info, .. } if is_emulator(info) => {
                DeviceType::Emulated
            }
            Source::Adapter { info, .. } | Source::Program { info, .. } => info.device_type.into(),
            Source::Host => DeviceType::Host,
        }
    }

    /// The features the device is opened with.
    pub(crate) fn features(&self) -> wgpu::Features {
        self.features
    }

    /// What the device can do with textures of `format`: the adapter's own answer where the
    /// device was opened with `TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES`, else what WebGPU
    /// guarantees.
    pub(crate) fn format_features(
        &self,
        format: wgpu::TextureFormat,
    ) -> wgpu::TextureFormatFeatures {
        match &self.source {
            Source::Adapter { adapter, .. }
                if self
                    .features
                    .contains(wgpu::Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES) =>
            {
                adapter.get_texture_format_features(format)
            }
            _ => format.guaranteed_format_features(self.features),
        }
    }

    /// The matrix multiply-adds the adapter runs in subgroups (none without
    /// `EXPERIMENTAL_COOPERATIVE_MATRIX`, and none for the CPU accelerator).
    pub(crate) fn matrix_shapes(&self) -> Vec<amp_core::matrix::MatrixShape> {
        use amp_core::matrix::{MatrixScalarType as T, MatrixShape};
        let Source::Adapter { adapter, .. } = &self.source else {
            return Vec::new();
        };
        if !self
            .features
            .contains(wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX)
        {
            return Vec::new();
        }
        let scalar = |t: wgpu::CooperativeScalarType| match t {
            wgpu::CooperativeScalarType::F16 => T::F16,
            wgpu::CooperativeScalarType::F32 => T::F32,
            wgpu::CooperativeScalarType::I32 => T::I32,
            wgpu::CooperativeScalarType::U32 => T::U32,
        };
        let mut shapes: Vec<MatrixShape> = Vec::new();
        for p in adapter.cooperative_matrix_properties() {
            let shape = MatrixShape {
                m: p.m_size,
                n: p.n_size,
                k: p.k_size,
                input: scalar(p.ab_type),
                accumulator: scalar(p.cr_type),
            };
            // Saturating and wrapping variants of one shape are one shape to amp.
            if !shapes.contains(&shape) {
                shapes.push(shape);
            }
        }
        shapes
    }

    /// The limits the device is opened with (amp opens its own with the adapter's); `None` for
    /// the CPU accelerator.
    pub(crate) fn limits(&self) -> Option<wgpu::Limits> {
        match &self.source {
            Source::Adapter { adapter, .. } => Some(adapter.limits()),
            Source::Program { limits, .. } => Some(limits.clone()),
            Source::Host => None,
        }
    }

    /// The wgpu device and queue, opened on first use. A lost device is
    /// [`Error::AcceleratorRemoved`] here, so every later operation reports it.
    pub(crate) fn opened(&self) -> Result<&(wgpu::Device, wgpu::Queue)> {
        if let Some(opened) = self.opened.get() {
            self.check_lost()?;
            return Ok(opened);
        }
        let _opening = self.opening.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(opened) = self.opened.get() {
            return Ok(opened);
        }
        let opened = self.open()?;
        Ok(self.opened.get_or_init(|| opened))
    }

    /// The wgpu device and queue if they are open, without opening them.
    pub(crate) fn if_opened(&self) -> Option<&(wgpu::Device, wgpu::Queue)> {
        self.opened.get()
    }

    /// Opens the adapter's device; the CPU accelerator has none to open (and a program's device
    /// is opened when it is handed over, so it never comes here).
    fn open(&self) -> Result<(wgpu::Device, wgpu::Queue)> {
        let Source::Adapter { adapter, info } = &self.source else {
            return Err(Error::UnsupportedFeature(FeatureError::HostOnly {
                site: None,
                accelerator: HOST_NAME.to_owned(),
            }));
        };
        // wgpu refuses its EXPERIMENTAL_ features without this token. Sound for amp's use:
        // the only experimental feature amp asks for is cooperative matrices, and amp's kernels
        // reach them only through `amp_core::matrix`, whose loads and stores address
        // tile_static arrays through naga's bounds-checked element pointers, with every
        // fragment operation in tile-uniform control (checked when the kernel is built) and
        // every shape and element type checked against the adapter's
        // `cooperative_matrix_properties` before wgpu sees the module. What wgpu's warning
        // covers beyond that (bugs of its experimental implementation) is what amp's GPU
        // tests exercise.
        let experimental_features = if self
            .features
            .contains(wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX)
        {
            // SAFETY: see above; amp uses the feature only as `amp_core::matrix` emits it.
            unsafe { wgpu::ExperimentalFeatures::enabled() }
        } else {
            wgpu::ExperimentalFeatures::disabled()
        };
        let descriptor = wgpu::DeviceDescriptor {
            label: Some("amp"),
            required_features: self.features,
            required_limits: adapter.limits(),
            experimental_features,
            ..Default::default()
        };
        let (device, queue) =
            pollster::block_on(adapter.request_device(&descriptor)).map_err(|e| {
                Error::Device(DeviceError::Open {
                    accelerator: self.name().to_owned(),
                    source: WgpuError::new(e),
                })
            })?;
        // wgpu's default handler panics; errors are values in amp, reported by the next wait.
        let events = Arc::clone(&self.events);
        let name = info.name.clone();
        device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
            events.record(Error::from_wgpu(&name, error));
        }));
        let events = Arc::clone(&self.events);
        device.set_device_lost_callback(move |reason, message| {
            events.lose(format!("{reason:?}: {message}"));
        });
        Ok((device, queue))
    }

    /// Runs `f` (which creates resources or pipelines) inside error scopes, so that validation
    /// and out-of-memory errors it raises come back as values instead of reaching the
    /// uncaptured-error handler. Scopes are per thread, so concurrent callers do not mix.
    pub(crate) fn scoped<R>(&self, f: impl FnOnce(&wgpu::Device) -> R) -> Result<R> {
        let (device, _) = self.opened()?;
        let validation = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let out_of_memory = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let internal = device.push_error_scope(wgpu::ErrorFilter::Internal);
        let result = f(device);
        // Pop innermost first; the scopes form a stack.
        let internal = pollster::block_on(internal.pop());
        let out_of_memory = pollster::block_on(out_of_memory.pop());
        let validation = pollster::block_on(validation.pop());
        // Out of memory first: it is the cause of any validation error that follows from it.
        match out_of_memory.or(internal).or(validation) {
            Some(error) => Err(Error::from_wgpu(self.name(), error)),
            None => Ok(result),
        }
    }

    /// Blocks until `submission` (or, with `None`, all submitted work) has finished, then
    /// reports a lost device and the oldest error the device raised outside any error scope.
    /// Launches still in the batch are not submitted here: the accelerator flushes first
    /// where its wait must cover them.
    pub(crate) fn wait(&self, submission: Option<wgpu::SubmissionIndex>) -> Result<()> {
        let (device, _) = self.opened()?;
        let polled = device.poll(wgpu::PollType::Wait {
            submission_index: submission,
            timeout: None,
        });
        self.check_lost()?;
        polled.map_err(|e| {
            Error::Device(DeviceError::Wait {
                accelerator: self.name().to_owned(),
                source: WgpuError::new(e),
            })
        })?;
        match self.take_error() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    /// [`Error::AcceleratorRemoved`] if the device has been lost.
    pub(crate) fn check_lost(&self) -> Result<()> {
        if !self.events.is_lost.load(Ordering::Acquire) {
            return Ok(());
        }
        let lost = self
            .events
            .lost
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match &*lost {
            Some(why) => Err(Error::AcceleratorRemoved(RemovedError {
                accelerator: self.name().to_owned(),
                reason: why.clone(),
            })),
            None => Ok(()),
        }
    }

    /// The oldest error the device raised outside any error scope and nobody has reported yet.
    pub(crate) fn take_error(&self) -> Option<Error> {
        let mut errors = self
            .events
            .errors
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if errors.is_empty() {
            None
        } else {
            Some(errors.remove(0))
        }
    }

    /// Destroys the device, as a GPU reset or driver crash would lose it: every later
    /// operation is [`Error::AcceleratorRemoved`].
    #[cfg(feature = "test-hooks")]
    pub(crate) fn destroy(&self) -> Result<()> {
        let (device, _) = self.opened()?;
        device.destroy();
        self.events
            .lose("Destroyed: the device was destroyed".into());
        Ok(())
    }
}

/// `name (device type, backend)`, e.g. `llvmpipe (LLVM 15.0.7, 256 bits) (CPU, vulkan)`; the CPU
/// accelerator is `CPU accelerator (host memory, runs no kernels)`.
impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            // amp's own: a CPU device whose backend is amp's executor, not a graphics API.
            Source::Adapter { info, .. } | Source::Program { info, .. } if is_emulator(info) => {
                write!(f, "{} ({}, amp)", info.name, DeviceType::Cpu)
            }
            Source::Adapter { info, .. } | Source::Program { info, .. } => write!(
                f,
                "{} ({}, {})",
                info.name,
                DeviceType::from(info.device_type),
                info.backend
            ),
            Source::Host => write!(f, "{HOST_NAME} ({})", DeviceType::Host),
        }
    }
}

impl Events {
    fn record(&self, error: Error) {
        let mut errors = self.errors.lock().unwrap_or_else(PoisonError::into_inner);
        if errors.len() < MAX_PENDING_ERRORS {
            errors.push(error);
        }
    }

    /// Records the loss; the first reason wins.
    fn lose(&self, why: String) {
        let mut lost = self.lost.lock().unwrap_or_else(PoisonError::into_inner);
        lost.get_or_insert(why);
        self.is_lost.store(true, Ordering::Release);
    }
}
