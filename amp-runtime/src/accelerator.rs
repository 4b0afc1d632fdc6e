//! Accelerators (C++ AMP `accelerator`): the devices kernels run on, one per wgpu adapter of a
//! single process-wide wgpu instance (Vulkan, Metal and DX12 only: wgpu's GL backend lacks the
//! compute features amp needs).
//!
//! The list of accelerators is built once, so every call of [`Accelerator::all`] returns the same
//! objects: their ids stay stable and each wgpu device is opened once, on first use.
//!
//! The list ends with C++ AMP's host-only `cpu_accelerator` ([`Accelerator::cpu_accelerator`]):
//! no device, no wgpu adapter; arrays on it live in host memory and a launch on it is
//! [`FeatureError::HostOnly`](crate::error::FeatureError::HostOnly). It is never the default.
//!
//! The default accelerator is chosen once, when [`Accelerator::default`] first returns it: the
//! one [`Accelerator::set_default`] named, else the one the environment names, else the best
//! device. From then on it is in use and stays the default.
//!
//! An accelerator owns the parts that keep its state, each a type of its own module that takes
//! what it needs: its device (`device.rs`), the batch of launches not yet submitted
//! (`batch.rs`), the fault log of checked launches (`fault.rs`) and the on-disk pipeline cache
//! (`disk_cache.rs`). Its methods here hand each part the others it needs.

use crate::batch::{Batch, QueuingMode};
use crate::check::CheckLog;
use crate::device::Device;
pub use crate::device::DeviceType;
use crate::disk_cache::DiskCache;
use crate::error::{ArgumentError, ArgumentProblem, Error, Result, SelectError};
use crate::fault::{FaultLog, FaultMark, KernelSites};
use crate::limits::Limits;
use crate::staging::Staging;
use crate::timestamps::{KernelLabel, Recording};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

/// The environment variable that picks the default accelerator, unless the program picks it with
/// [`Accelerator::set_default`] (C++ AMP's `CPPAMP_DEFAULT_ACCELERATOR`).
pub const DEFAULT_ACCELERATOR_ENV: &str = "AMP_DEFAULT_ACCELERATOR";

/// The backends amp uses: those whose compute support matches C++ AMP's model.
const BACKENDS: wgpu::Backends = wgpu::Backends::VULKAN
    .union(wgpu::Backends::METAL)
    .union(wgpu::Backends::DX12);

/// llvmpipe's `LP_MAX_TGSI_LOOP_ITERATIONS`.
const LLVMPIPE_LOOP_LIMIT: u32 = 65_535;

/// See [`Accelerator::local_array_limit`].
const LLVMPIPE_LOCAL_ARRAY_BYTES: u32 = 64 * 1024;

static NEXT_ID: AtomicU64 = AtomicU64::new(1);
static INSTANCE: OnceLock<wgpu::Instance> = OnceLock::new();
/// The flags the wgpu instance was made with (debug and validation layers among them).
static INSTANCE_FLAGS: OnceLock<wgpu::InstanceFlags> = OnceLock::new();

/// Whether wgpu's debug or validation layers are on for the devices amp opens (`WGPU_DEBUG`,
/// `WGPU_VALIDATION`, and wgpu's defaults for the build); `false` before any is enumerated.
pub(crate) fn instance_debug() -> bool {
    INSTANCE_FLAGS.get().is_some_and(|flags| {
        flags.intersects(wgpu::InstanceFlags::DEBUG | wgpu::InstanceFlags::VALIDATION)
    })
}
static ALL: OnceLock<Vec<Accelerator>> = OnceLock::new();
/// The CPU accelerator, made on first use (it needs no wgpu instance).
static HOST: OnceLock<Accelerator> = OnceLock::new();
/// The default accelerator, once [`Accelerator::default`] has returned it: in use from then on.
static DEFAULT: OnceLock<Accelerator> = OnceLock::new();
/// The accelerator [`Accelerator::set_default`] named, while the default is not in use yet.
/// `DEFAULT` is set only under this lock, so a default set and one chosen never race.
static CHOSEN: Mutex<Option<Accelerator>> = Mutex::new(None);

/// A device that runs kernels, or the host-only CPU accelerator (C++ AMP `accelerator`).
/// Cloning is cheap and clones share the device.
///
/// ```no_run
/// use amp_runtime::Accelerator;
/// for acc in Accelerator::all()? {
///     println!("{acc} (f64: {})", acc.supports_double_precision());
/// }
/// let default = Accelerator::default()?;
/// println!("kernels run on {default}");
/// # Ok::<(), amp_runtime::Error>(())
/// ```
#[derive(Clone)]
pub struct Accelerator {
    inner: Arc<Inner>,
}

struct Inner {
    /// Unique in the process; keys caches.
    id: u64,
    /// The adapter and its device, opened on first use.
    device: Arc<Device>,
    /// Faults of checked launches.
    faults: FaultLog,
    /// Launches in the checking mode whose findings are not reported yet.
    checks: CheckLog,
    /// Launches recorded and not yet submitted.
    batch: Batch,
    /// Compiled pipelines on disk, opened with the first kernel built.
    disk_cache: OnceLock<Option<DiskCache>>,
    /// The staging memory large transfers cross.
    staging: Staging,
    /// [`Accelerator::limits`], read once: every launch asks for them, per captured view.
    limits: OnceLock<Limits>,
}

/// An accelerator that does not keep its device alive (for lists of accelerators that must not
/// outlive the program's use of them).
pub(crate) struct WeakAccelerator(Weak<Inner>);

impl WeakAccelerator {
    /// The accelerator, while a clone of it lives.
    pub(crate) fn upgrade(&self) -> Option<Accelerator> {
        self.0.upgrade().map(|inner| Accelerator { inner })
    }
}

impl Accelerator {
    /// A new accelerator (a new id) on `device`.
    pub(crate) fn new(device: Device) -> Self {
        Accelerator {
            inner: Arc::new(Inner {
                id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
                device: Arc::new(device),
                faults: FaultLog::default(),
                checks: CheckLog::default(),
                batch: Batch::default(),
                disk_cache: OnceLock::new(),
                limits: OnceLock::new(),
                staging: Staging::default(),
            }),
        }
    }

    /// Every accelerator of the system (C++ AMP `accelerator::get_all`): the devices in the order
    /// the driver lists them, then the host-only [`cpu_accelerator`](Self::cpu_accelerator), as
    /// C++ AMP lists its `cpu_accelerator` last. Each call returns the same accelerators. To
    /// launch on each, skip the CPU accelerator
    /// ([`is_host_only`](Self::is_host_only)): it runs no kernels.
    pub fn all() -> Result<Vec<Accelerator>> {
        Ok(registry()?.to_vec())
    }

    /// The host-only CPU accelerator (C++ AMP `accelerator(accelerator::cpu_accelerator)`): no
    /// device. Arrays made on it ([`Array::new_on`](crate::Array::new_on) with its
    /// [`default_view`](Self::default_view)) live in host memory and never get a device buffer;
    /// they are read, written and copied to and from arrays of other accelerators as host data
    /// is. A launch on it, or on the arrays it holds, is [`Error::UnsupportedFeature`]
    /// ([`FeatureError::HostOnly`](crate::error::FeatureError::HostOnly)), as C++ AMP's
    /// "parallel_for_each is not supported on the selected accelerator "CPU accelerator"". Its
    /// [`device_type`](Self::device_type) is [`DeviceType::Host`] (lavapipe, a CPU device that
    /// runs kernels, is [`DeviceType::Cpu`]); it is never the default.
    ///
    /// ```
    /// use amp_runtime::{Accelerator, Array, DeviceType};
    /// let cpu = Accelerator::cpu_accelerator();
    /// assert_eq!(cpu.device_type(), DeviceType::Host);
    /// let a = Array::new_on(&cpu.default_view(), 3, &[1, 2, 3])?;
    /// assert_eq!(a.to_vec()?, [1, 2, 3]);
    /// assert_eq!(a.uploads(), 0);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn cpu_accelerator() -> Accelerator {
        HOST.get_or_init(|| Accelerator::new(Device::host()))
            .clone()
    }

    /// amp's own CPU accelerator ([`DeviceType::Emulated`]): it runs every kernel on the host's
    /// cores with nothing installed, as C++ AMP's WARP did, and its launches can run in the
    /// checking mode ([`AcceleratorView::with_checking`](crate::AcceleratorView::with_checking)), as
    /// C++ AMP's REF device did. It is in [`all`](Self::all); `AMP_DEFAULT_ACCELERATOR=emulator`
    /// (or `cpu` where no other CPU device is installed) makes it the default.
    pub fn emulator() -> Result<Accelerator> {
        registry()?
            .iter()
            .find(|acc| acc.device_type() == DeviceType::Emulated)
            .cloned()
            .ok_or(Error::NoAccelerator(SelectError::NoAdapter))
    }

    /// The default accelerator: launches without a view run there unless they capture an array
    /// of another accelerator. Chosen once per process, as C++ AMP does: the one
    /// [`set_default`](Self::set_default) named, else the one named by the
    /// `AMP_DEFAULT_ACCELERATOR` environment variable if it is set (as
    /// [`find`](Self::find) takes names), else a discrete GPU, else an integrated or virtual GPU,
    /// else the CPU software device (lavapipe), else amp's own CPU accelerator
    /// ([`emulator`](Self::emulator)), which is also the default when `AMP_CHECK` asks for the
    /// checking mode and the variable names none; never the host-only CPU accelerator. Once this
    /// has returned it, the default is in use and does not change.
    ///
    /// Returns [`Error::NoAccelerator`] when there is none, or when the variable names a device
    /// that is not there.
    // C++ AMP's name; fallible, so it cannot be `Default::default`.
    #[allow(clippy::should_implement_trait)]
    pub fn default() -> Result<Accelerator> {
        if let Some(acc) = DEFAULT.get() {
            return Ok(acc.clone());
        }
        let chosen = CHOSEN.lock().unwrap_or_else(PoisonError::into_inner);
        let acc = match &*chosen {
            Some(acc) => acc.clone(),
            None => {
                let wanted = std::env::var_os(DEFAULT_ACCELERATOR_ENV)
                    .map(|v| v.to_string_lossy().trim().to_owned())
                    .filter(|v| !v.is_empty())
                    // AMP_CHECK asks for the accelerator that checks launches.
                    .or_else(|| crate::check::env_asks().then(|| "emulator".to_owned()));
                let all = registry()?;
                match choose(&candidates(all), wanted.as_deref()).and_then(|i| all.get(i)) {
                    Some(acc) => acc.clone(),
                    None => return Err(no_match(wanted.as_deref(), all)),
                }
            }
        };
        Ok(DEFAULT.get_or_init(|| acc).clone())
    }

    /// Makes `acc` the default accelerator (C++ AMP `accelerator::set_default`), over what
    /// `AMP_DEFAULT_ACCELERATOR` names. It takes effect only while the default is not in use,
    /// that is before [`default`](Self::default) first returns it (a launch without a view
    /// that captures no array, or an algorithm without a view, asks for it too); later it
    /// succeeds only when `acc` is the default already.
    ///
    /// Where C++ AMP returns `false`, this returns [`Error::InvalidArgument`]
    /// ([`ArgumentProblem::DefaultInUse`], naming both accelerators), so that a program that
    /// counts on its choice does not run on another accelerator unawares; the host-only
    /// [`cpu_accelerator`](Self::cpu_accelerator) is
    /// [`ArgumentProblem::HostOnlyDefault`] (it runs no kernels). To name the accelerator
    /// as C++ AMP's path does, use [`find`](Self::find):
    ///
    /// ```no_run
    /// use amp_runtime::Accelerator;
    /// Accelerator::set_default(&Accelerator::find("gpu")?)?;
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn set_default(acc: &Accelerator) -> Result<()> {
        let problem = if acc.is_host_only() {
            ArgumentProblem::HostOnlyDefault {
                accelerator: acc.description().to_owned(),
            }
        } else {
            let mut chosen = CHOSEN.lock().unwrap_or_else(PoisonError::into_inner);
            match DEFAULT.get() {
                None => {
                    *chosen = Some(acc.clone());
                    return Ok(());
                }
                Some(current) if current == acc => return Ok(()),
                Some(current) => ArgumentProblem::DefaultInUse {
                    current: current.to_string(),
                    wanted: acc.to_string(),
                },
            }
        };
        Err(Error::InvalidArgument(ArgumentError::new(
            "Accelerator::set_default",
            problem,
        )))
    }

    /// The accelerator `name` names (C++ AMP's `accelerator(device_path)`), as
    /// `AMP_DEFAULT_ACCELERATOR` does: `cpu` is a CPU device that runs kernels (lavapipe), `gpu`
    /// the best GPU, anything else the best device whose name contains it (case-insensitive).
    /// Only accelerators that run kernels are named so: the host-only CPU accelerator is
    /// [`cpu_accelerator`](Self::cpu_accelerator). [`Error::NoAccelerator`]
    /// ([`SelectError::NotFound`]) when none matches.
    pub fn find(name: &str) -> Result<Accelerator> {
        let all = registry()?;
        let wanted = name.trim();
        let found = if wanted.is_empty() {
            None
        } else {
            choose(&candidates(all), Some(wanted)).and_then(|i| all.get(i))
        };
        found.cloned().ok_or_else(|| {
            Error::NoAccelerator(SelectError::NotFound {
                wanted: wanted.to_owned(),
                available: available(all),
            })
        })
    }

    /// The device's name (C++ AMP `accelerator::description`), as the driver reports it;
    /// `CPU accelerator` for the [`cpu_accelerator`](Self::cpu_accelerator).
    pub fn description(&self) -> &str {
        self.inner.device.name()
    }

    /// The kind of device.
    pub fn device_type(&self) -> DeviceType {
        self.inner.device.device_type()
    }

    /// Whether this is a software device on the CPU or the host-only CPU accelerator (C++ AMP
    /// `accelerator::is_emulated`).
    pub fn is_emulated(&self) -> bool {
        matches!(
            self.device_type(),
            DeviceType::Cpu | DeviceType::Emulated | DeviceType::Host
        )
    }

    /// Whether this is the host-only [`cpu_accelerator`](Self::cpu_accelerator)
    /// ([`DeviceType::Host`]): no device, runs no kernels.
    pub fn is_host_only(&self) -> bool {
        self.device_type() == DeviceType::Host
    }

    /// The graphics API behind it: `vulkan`, `metal` or `dx12`; `amp` for amp's own CPU
    /// accelerator ([`emulator`](Self::emulator)); `none` for the host-only CPU accelerator.
    pub fn backend(&self) -> String {
        match self.inner.device.info() {
            Some(info) if crate::device::is_emulator(info) => "amp".to_owned(),
            Some(info) => info.backend.to_string(),
            None => "none".to_owned(),
        }
    }

    /// The driver's name, possibly empty (always, for the CPU accelerator).
    pub fn driver(&self) -> &str {
        self.inner.device.info().map_or("", |info| &info.driver)
    }

    /// Whether kernels may use `f64` (C++ AMP `accelerator::supports_double_precision`).
    pub fn supports_double_precision(&self) -> bool {
        self.features().contains(wgpu::Features::SHADER_F64)
    }

    /// Whether kernels may use `f16` and its vectors (`Features::SHADER_F16`).
    pub fn supports_f16(&self) -> bool {
        self.features().contains(wgpu::Features::SHADER_F16)
    }

    /// Whether kernels may use `i64` and `u64`.
    pub fn supports_int64(&self) -> bool {
        self.features().contains(wgpu::Features::SHADER_INT64)
    }

    /// The lanes per subgroup kernels may get here, least to most (`amp::subgroup`; 8..=8 on
    /// lavapipe, 32..=32 on NVIDIA, 32..=64 on AMD RDNA), or `None` where kernels cannot use
    /// subgroup operations. A launch gets one size throughout; kernels read it with
    /// `subgroup::size()`.
    pub fn subgroup_size(&self) -> Option<std::ops::RangeInclusive<u32>> {
        if !self.features().contains(wgpu::Features::SUBGROUP) {
            return None;
        }
        let info = self.inner.device.info()?;
        Some(info.subgroup_min_size..=info.subgroup_max_size)
    }

    /// Whether kernels may use `subgroup::barrier()` here.
    pub fn supports_subgroup_barrier(&self) -> bool {
        self.features()
            .contains(wgpu::Features::SUBGROUP | wgpu::Features::SUBGROUP_BARRIER)
    }

    /// Whether [`profile`](Self::profile) can measure kernels here: the accelerator writes
    /// timestamps inside compute passes.
    pub fn supports_profiling(&self) -> bool {
        self.features().contains(
            wgpu::Features::TIMESTAMP_QUERY | wgpu::Features::TIMESTAMP_QUERY_INSIDE_PASSES,
        )
    }

    /// What kernels and data may use here: tile sizes, tile_static memory, buffer sizes,
    /// captured views. Devices are opened with the adapter's own limits, so these are what
    /// kernels get. All zero for the CPU accelerator: it runs no kernels and has no buffers.
    pub fn limits(&self) -> Limits {
        *self.inner.limits.get_or_init(|| {
            self.inner
                .device
                .limits()
                .map_or(Limits::NONE, |limits| Limits::new(&limits))
        })
    }

    /// A number unique to this accelerator within the process.
    pub fn id(&self) -> u64 {
        self.inner.id
    }

    /// The features the device is opened with.
    fn features(&self) -> wgpu::Features {
        self.inner.device.features()
    }

    /// A handle that does not keep the accelerator alive.
    pub(crate) fn downgrade(&self) -> WeakAccelerator {
        WeakAccelerator(Arc::downgrade(&self.inner))
    }

    /// The accelerators amp enumerated, if it has (without enumerating them).
    pub(crate) fn enumerated() -> &'static [Accelerator] {
        ALL.get().map_or(&[], Vec::as_slice)
    }

    /// The accelerator's device (opened on first use by whatever needs it).
    pub(crate) fn device(&self) -> &Arc<Device> {
        &self.inner.device
    }

    /// The staging memory large transfers cross.
    pub(crate) fn staging(&self) -> &Staging {
        &self.inner.staging
    }

    /// The naga validator capabilities that match the device's features, for validating kernels
    /// before wgpu sees them.
    pub(crate) fn naga_capabilities(&self) -> naga::valid::Capabilities {
        use naga::valid::Capabilities as Caps;
        use wgpu::Features as F;
        // Mirrors wgpu's own mapping (wgpu-naga-bridge) for the features amp requests.
        let features = self.features();
        let mut caps = Caps::empty();
        caps.set(Caps::FLOAT64, features.contains(F::SHADER_F64));
        caps.set(Caps::SHADER_INT64, features.contains(F::SHADER_INT64));
        caps.set(
            Caps::SHADER_INT64_ATOMIC_MIN_MAX,
            features.intersects(F::SHADER_INT64_ATOMIC_MIN_MAX | F::SHADER_INT64_ATOMIC_ALL_OPS),
        );
        caps.set(
            Caps::SHADER_INT64_ATOMIC_ALL_OPS,
            features.contains(F::SHADER_INT64_ATOMIC_ALL_OPS),
        );
        caps.set(
            Caps::SHADER_FLOAT32_ATOMIC,
            features.contains(F::SHADER_FLOAT32_ATOMIC),
        );
        caps.set(Caps::SHADER_FLOAT16, features.contains(F::SHADER_F16));
        caps.set(Caps::SUBGROUP, features.contains(F::SUBGROUP));
        caps.set(
            Caps::SUBGROUP_BARRIER,
            features.contains(F::SUBGROUP_BARRIER),
        );
        caps.set(Caps::IMMEDIATES, features.contains(F::IMMEDIATES));
        caps.set(
            Caps::COOPERATIVE_MATRIX,
            features.contains(F::EXPERIMENTAL_COOPERATIVE_MATRIX),
        );
        caps
    }

    /// The matrix multiply-adds (`amp::matrix` fragments) the accelerator runs, each an
    /// `m`×`n`×`k` shape with its input and accumulator types, as the device reports them
    /// (Vulkan's `vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR`); empty on a device
    /// without matrix units. A kernel whose fragments need another is
    /// `Error::UnsupportedFeature` at launch.
    pub fn matrix_shapes(&self) -> Vec<amp_core::matrix::MatrixShape> {
        self.inner.device.matrix_shapes()
    }

    /// Runs `f` (which creates resources or pipelines) inside error scopes, so that validation
    /// and out-of-memory errors it raises come back as values instead of reaching the
    /// uncaptured-error handler.
    pub(crate) fn scoped<R>(&self, f: impl FnOnce(&wgpu::Device) -> R) -> Result<R> {
        self.inner.device.scoped(f)
    }

    /// Blocks until all work submitted to this accelerator has finished (C++ AMP
    /// `accelerator_view::wait`). Reports a lost device as [`Error::AcceleratorRemoved`],
    /// errors the device raised outside any error scope since the last wait, and an
    /// out-of-range access of a checked kernel not yet reported ([`Error::OutOfBounds`]; one
    /// per call, oldest first).
    pub fn wait(&self) -> Result<()> {
        self.wait_for(None)?;
        self.take_fault(None)
    }

    /// Blocks until `submission` (or, with `None`, all submitted work) has finished, after
    /// submitting the recorded launches; see [`wait`](Self::wait).
    pub(crate) fn wait_for(&self, submission: Option<wgpu::SubmissionIndex>) -> Result<()> {
        if self.is_host_only() {
            // Nothing runs there.
            return Ok(());
        }
        self.flush()?;
        self.inner.device.wait(submission)
    }

    /// Submits the recorded launches, in the order they were recorded. An error in recording
    /// them (wgpu validates a command encoder when it is finished) is returned here.
    pub fn flush(&self) -> Result<()> {
        if self.is_host_only() {
            // Nothing is ever recorded there.
            return Ok(());
        }
        self.inner.batch.flush(&self.inner.device)
    }

    /// The queue, for work that must follow every launch recorded so far (uploads, copies,
    /// read-backs, markers): flushes first.
    pub(crate) fn queue(&self) -> Result<&wgpu::Queue> {
        self.inner.batch.queue(&self.inner.device)
    }

    /// Records a launch of `kernel` into the batch (`record` gets the batch's pass); flushes
    /// when `mode` is immediate or the batch is full.
    pub(crate) fn record(
        &self,
        mode: QueuingMode,
        kernel: &KernelLabel,
        record: impl FnOnce(&mut wgpu::ComputePass<'static>),
    ) -> Result<()> {
        self.inner
            .batch
            .record(&self.inner.device, mode, kernel, record)
    }

    /// The words of `buffer` (a storage buffer with `COPY_SRC`), after every launch recorded
    /// so far has run.
    pub(crate) fn read_words(&self, buffer: &wgpu::Buffer) -> Result<Vec<u32>> {
        let (device, batch) = (&self.inner.device, &self.inner.batch);
        let queue = batch.queue(device)?;
        let spares = Arc::new(crate::spares::Spares::default());
        crate::staging::read_back(
            device,
            queue,
            (buffer, 0, buffer.size()),
            |_| {},
            &spares,
            |bytes| {
                bytes
                    .chunks_exact(4)
                    .map(|w| u32::from_ne_bytes([w[0], w[1], w[2], w[3]]))
                    .collect()
            },
        )
    }

    /// Submits a checked launch through the fault log: `submit` gets the launch's fault slot
    /// and number, and submits the launch.
    pub(crate) fn submit_checked(
        &self,
        sites: &Arc<KernelSites>,
        cores: Vec<u64>,
        words: &[u32],
        submit: impl FnOnce(wgpu::BufferBinding<'_>, u32) -> Result<()>,
    ) -> Result<()> {
        let (device, batch) = (&self.inner.device, &self.inner.batch);
        self.inner
            .faults
            .submit_checked(device, batch, sites, cores, words, submit)
    }

    /// Reports the oldest unreported fault of a checked launch that used the data `core` (or,
    /// with `None`, of any launch).
    pub(crate) fn take_fault(&self, core: Option<u64>) -> Result<()> {
        self.inner
            .faults
            .take(&self.inner.device, &self.inner.batch, core)?;
        self.inner
            .checks
            .take(&self.inner.device, &self.inner.batch, core)
    }

    /// The launches in the checking mode on this accelerator, and their findings.
    pub(crate) fn checks(&self) -> &CheckLog {
        &self.inner.checks
    }

    /// Whether this is amp's own CPU accelerator ([`DeviceType::Emulated`]).
    pub fn is_emulator(&self) -> bool {
        self.device_type() == DeviceType::Emulated
    }

    /// Starts reading back the faults of the checked launches so far that used the data `core`,
    /// without waiting; the returned mark names them for
    /// [`take_fault_marked`](Self::take_fault_marked). For operations that finish later: their
    /// `Completion` then waits for nothing submitted after them.
    pub(crate) fn start_fault_read(&self, core: u64) -> Result<FaultMark> {
        self.inner
            .faults
            .start_read(&self.inner.device, &self.inner.batch, core)
    }

    /// Reports the oldest unreported fault of the launches `mark` names.
    pub(crate) fn take_fault_marked(&self, mark: FaultMark) -> Result<()> {
        let core = mark.core();
        self.inner
            .faults
            .take_marked(&self.inner.device, &self.inner.batch, mark)?;
        self.inner
            .checks
            .take(&self.inner.device, &self.inner.batch, Some(core))
    }

    /// Opens a profile: launches are timed until [`stop_recording`](Self::stop_recording).
    /// [`Error::InvalidArgument`] if a profile is open already.
    pub(crate) fn start_recording(&self) -> Result<()> {
        self.inner.batch.start_recording(&self.inner.device)
    }

    /// Closes the open profile, after submitting the batch if `flush`, and returns its
    /// recording and how the flush went.
    pub(crate) fn stop_recording(&self, flush: bool) -> (Option<Recording>, Result<()>) {
        self.inner.batch.stop_recording(&self.inner.device, flush)
    }

    /// Loop passes per thread after which the accelerator silently ends a kernel's loops:
    /// Mesa's llvmpipe (lavapipe) stops every loop of a SIMD vector of threads after 65,535
    /// passes in total (`LP_MAX_TGSI_LOOP_ITERATIONS`). Kernels built for it count passes and
    /// fail loudly instead.
    pub(crate) fn loop_limit(&self) -> Option<u32> {
        self.is_llvmpipe().then_some(LLVMPIPE_LOOP_LIMIT)
    }

    /// Bytes of local arrays a thread may hold, where the accelerator allows less than amp's
    /// general limit: Mesa's llvmpipe keeps them on the stacks of its threads, which more than
    /// this overflows, ending the process.
    pub(crate) fn local_array_limit(&self) -> Option<u32> {
        self.is_llvmpipe().then_some(LLVMPIPE_LOCAL_ARRAY_BYTES)
    }

    fn is_llvmpipe(&self) -> bool {
        self.description().starts_with("llvmpipe")
    }

    /// Destroys the device, as a GPU reset or driver crash would lose it (C++ AMP's
    /// `accelerator_view_removed`): every later operation of this accelerator is
    /// [`Error::AcceleratorRemoved`]. For testing how a program copes (with the `test-hooks`
    /// feature); the accelerator stays lost for the rest of the process.
    #[cfg(feature = "test-hooks")]
    pub fn simulate_loss(&self) -> Result<()> {
        self.inner.device.destroy()
    }

    /// The most bytes of immediate data (push constants) a kernel may take: 0 without the
    /// feature.
    pub(crate) fn immediate_limit(&self) -> u32 {
        match self.inner.device.limits() {
            Some(limits) if self.features().contains(wgpu::Features::IMMEDIATES) => {
                limits.max_immediate_size
            }
            _ => 0,
        }
    }

    /// The adapter's description from the driver: `None` for the CPU accelerator.
    pub(crate) fn device_info(&self) -> Option<&wgpu::AdapterInfo> {
        self.inner.device.info()
    }

    /// The on-disk pipeline cache, if it is on and the backend has one.
    pub(crate) fn disk_cache(&self) -> Option<&DiskCache> {
        let device = &self.inner.device;
        let (wgpu_device, _) = device.opened().ok()?;
        let info = device.info()?;
        self.inner
            .disk_cache
            .get_or_init(|| DiskCache::open(wgpu_device, info, device.features()))
            .as_ref()
    }
}

impl PartialEq for Accelerator {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id()
    }
}

impl Eq for Accelerator {}

impl fmt::Debug for Accelerator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Accelerator")
            .field("id", &self.id())
            .field("description", &self.description())
            .field("device_type", &self.device_type())
            .field("backend", &self.backend())
            .field("driver", &self.driver())
            .finish()
    }
}

/// `name (device type, backend)`, e.g. `llvmpipe (LLVM 15.0.7, 256 bits) (CPU, vulkan)`.
impl fmt::Display for Accelerator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.inner.device, f)
    }
}

/// The process-wide accelerator list, enumerated once.
fn registry() -> Result<&'static [Accelerator]> {
    Ok(ALL.get_or_init(|| {
        // wgpu::Instance::new would panic where this platform has none of amp's backends; amp's
        // own CPU accelerator needs none.
        let has_backend = !wgpu::Instance::enabled_backend_features()
            .intersection(BACKENDS)
            .is_empty();
        let drivers = if has_backend {
            let instance = INSTANCE.get_or_init(|| {
                let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
                descriptor.backends = BACKENDS;
                descriptor.flags = descriptor.flags.with_env();
                let _ = INSTANCE_FLAGS.set(descriptor.flags);
                wgpu::Instance::new(descriptor)
            });
            pollster::block_on(instance.enumerate_adapters(BACKENDS))
        } else {
            Vec::new()
        };
        drivers
            .into_iter()
            .chain(emulator_adapter())
            .map(|adapter| Accelerator::new(Device::new(adapter)))
            .chain([Accelerator::cpu_accelerator()])
            .collect()
    }))
}

/// amp's own CPU accelerator's adapter, once its device shell has landed.
fn emulator_adapter() -> Option<wgpu::Adapter> {
    Some(amp_cpu::device::adapter())
}

/// The type and name of each of `all`, for [`choose`].
fn candidates(all: &[Accelerator]) -> Vec<(DeviceType, &str)> {
    all.iter()
        .map(|a| (a.device_type(), a.description()))
        .collect()
}

/// Picks the default among `devices` (type and name, in enumeration order), given the value of
/// `AMP_DEFAULT_ACCELERATOR` if set: `cpu` picks a CPU device, `gpu` the best GPU, anything else
/// the best device whose name contains it (case-insensitive). Unset: the best device, where a
/// discrete GPU beats an integrated or virtual one, which beats the CPU software device. Among
/// equals the first listed wins. The host-only CPU accelerator is never picked.
pub(crate) fn choose(devices: &[(DeviceType, &str)], wanted: Option<&str>) -> Option<usize> {
    let wanted = wanted.map(str::trim).filter(|w| !w.is_empty());
    let matches = |t: DeviceType, name: &str| match wanted {
        None => true,
        Some(w) if w.eq_ignore_ascii_case("cpu") => {
            matches!(t, DeviceType::Cpu | DeviceType::Emulated)
        }
        Some(w) if w.eq_ignore_ascii_case("gpu") => t.is_gpu(),
        Some(w) => name.to_lowercase().contains(&w.to_lowercase()),
    };
    devices
        .iter()
        .enumerate()
        .filter(|(_, (t, name))| matches(*t, name))
        .filter_map(|(i, (t, _))| Some((preference(*t)?, i)))
        .min()
        .map(|(_, i)| i)
}

/// Preference when choosing the default: lower is better; `None` for the host-only CPU
/// accelerator, which runs no kernels.
fn preference(t: DeviceType) -> Option<u8> {
    match t {
        DeviceType::DiscreteGpu => Some(0),
        DeviceType::IntegratedGpu | DeviceType::VirtualGpu => Some(1),
        // An unclassified device is more likely real hardware than the software fallback.
        DeviceType::Other => Some(2),
        DeviceType::Cpu => Some(3),
        // amp's own accelerator: always there, so the default only where nothing else is.
        DeviceType::Emulated => Some(4),
        DeviceType::Host => None,
    }
}

/// The accelerators that names can pick, as each displays itself.
fn available(all: &[Accelerator]) -> Vec<String> {
    all.iter()
        .filter(|acc| !acc.is_host_only())
        .map(Accelerator::to_string)
        .collect()
}

/// The error for a failed choice: what was asked for and what there is.
fn no_match(wanted: Option<&str>, all: &[Accelerator]) -> Error {
    Error::NoAccelerator(match wanted {
        Some(w) => SelectError::NoMatch {
            variable: DEFAULT_ACCELERATOR_ENV,
            wanted: w.to_owned(),
            available: available(all),
        },
        None => SelectError::NoAdapter,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SYSTEM: &[(DeviceType, &str)] = &[
        (DeviceType::Cpu, "llvmpipe (LLVM 15.0.7, 256 bits)"),
        (DeviceType::IntegratedGpu, "Intel(R) UHD Graphics 630"),
        (DeviceType::DiscreteGpu, "NVIDIA H100 80GB HBM3"),
        (DeviceType::DiscreteGpu, "NVIDIA H100 80GB HBM3 (second)"),
        (DeviceType::Host, "CPU accelerator"),
    ];

    #[test]
    fn the_host_only_accelerator_is_never_chosen() {
        let host = &SYSTEM[4..];
        for wanted in [None, Some("cpu"), Some("CPU accelerator"), Some("accel")] {
            assert_eq!(choose(host, wanted), None, "{wanted:?}");
        }
        assert_eq!(choose(&SYSTEM[3..], Some("accelerator")), None);
        assert_eq!(choose(&SYSTEM[3..], None), Some(0));
    }

    #[test]
    fn set_default_fails_once_the_default_is_in_use() -> Result<()> {
        let used = Accelerator::default()?;
        Accelerator::set_default(&used)?;
        // A second accelerator on the default's adapter, outside the list: another accelerator
        // to ask for, on any machine.
        let Some(instance) = INSTANCE.get() else {
            return Ok(());
        };
        let adapters = pollster::block_on(instance.enumerate_adapters(BACKENDS));
        let Some(adapter) = adapters
            .into_iter()
            .find(|adapter| adapter.get_info().name == used.description())
        else {
            return Ok(());
        };
        let other = Accelerator::new(Device::new(adapter));
        assert_eq!(
            Accelerator::set_default(&other),
            Err(Error::InvalidArgument(ArgumentError::new(
                "Accelerator::set_default",
                ArgumentProblem::DefaultInUse {
                    current: used.to_string(),
                    wanted: other.to_string(),
                },
            )))
        );
        assert_eq!(Accelerator::default()?, used);
        Ok(())
    }

    #[test]
    fn default_prefers_discrete_then_integrated_then_cpu() {
        assert_eq!(choose(SYSTEM, None), Some(2));
        assert_eq!(choose(&SYSTEM[..2], None), Some(1));
        assert_eq!(choose(&SYSTEM[..1], None), Some(0));
        assert_eq!(choose(&[(DeviceType::VirtualGpu, "virtio")], None), Some(0));
        assert_eq!(choose(&[], None), None);
    }

    #[test]
    fn env_value_selects() {
        assert_eq!(choose(SYSTEM, Some("cpu")), Some(0));
        assert_eq!(choose(SYSTEM, Some("CPU")), Some(0));
        assert_eq!(choose(SYSTEM, Some("gpu")), Some(2));
        assert_eq!(choose(&SYSTEM[..2], Some("gpu")), Some(1));
        assert_eq!(choose(SYSTEM, Some("uhd")), Some(1));
        assert_eq!(choose(SYSTEM, Some("second")), Some(3));
        assert_eq!(choose(SYSTEM, Some("nvidia")), Some(2));
        // Blank counts as unset.
        assert_eq!(choose(SYSTEM, Some("  ")), Some(2));
    }

    #[test]
    fn env_value_without_match() {
        assert_eq!(choose(SYSTEM, Some("radeon")), None);
        assert_eq!(choose(&SYSTEM[..1], Some("gpu")), None);
        assert_eq!(choose(&SYSTEM[1..], Some("cpu")), None);
        let message = no_match(Some("radeon"), &[]).to_string();
        assert!(
            message.contains("AMP_DEFAULT_ACCELERATOR is `radeon`"),
            "{message}"
        );
        assert!(message.contains("available: none"), "{message}");
    }

    #[test]
    fn capabilities_follow_features() {
        for acc in Accelerator::all().unwrap_or_default() {
            let caps = acc.naga_capabilities();
            assert_eq!(
                caps.contains(naga::valid::Capabilities::FLOAT64),
                acc.supports_double_precision()
            );
            assert_eq!(
                caps.contains(naga::valid::Capabilities::SHADER_INT64),
                acc.supports_int64()
            );
        }
    }

    #[test]
    fn matrix_shapes_follow_the_cooperative_matrix_feature() {
        for acc in Accelerator::all().unwrap_or_default() {
            let has = acc
                .features()
                .contains(wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX);
            assert_eq!(
                acc.naga_capabilities()
                    .contains(naga::valid::Capabilities::COOPERATIVE_MATRIX),
                has
            );
            // A device with the feature reports at least one shape (wgpu enables the feature
            // only then); one without reports none.
            assert_eq!(!acc.matrix_shapes().is_empty(), has, "{acc}");
        }
    }

    #[test]
    fn scoped_turns_validation_errors_into_values() -> Result<()> {
        let acc = Accelerator::default()?;
        // A buffer larger than the device allows is a validation error, not a panic.
        let limit = acc.limits().max_buffer_size;
        if limit > u64::MAX / 2 {
            // No size is past the limit; nothing to provoke.
            return Ok(());
        }
        let result = acc.scoped(|device| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: (limit + 4) & !3,
                usage: wgpu::BufferUsages::STORAGE,
                mapped_at_creation: false,
            })
        });
        assert!(
            matches!(result, Err(Error::Device(_)) | Err(Error::OutOfMemory(_))),
            "{result:?}"
        );
        // The error was captured by the scope, so nothing is left for the next wait.
        assert_eq!(acc.device().take_error(), None);
        Ok(())
    }
}
