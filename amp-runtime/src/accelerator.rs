//! Accelerators (C++ AMP `accelerator`): the devices kernels run on, one per wgpu adapter of a
//! single process-wide wgpu instance (Vulkan, Metal and DX12 only: wgpu's GL backend lacks the
//! compute features amp needs).
//!
//! The list of accelerators is built once, so every call of [`Accelerator::all`] returns the same
//! objects: their ids stay stable and each wgpu device is opened once, on first use.
//!
//! An accelerator owns the parts that keep its state, each a type of its own module that takes
//! what it needs: its device (`device.rs`), the batch of launches not yet submitted
//! (`batch.rs`), the fault log of checked launches (`fault.rs`) and the on-disk pipeline cache
//! (`disk_cache.rs`). Its methods here hand each part the others it needs.

use crate::batch::{Batch, QueuingMode};
use crate::device::Device;
pub use crate::device::DeviceType;
use crate::disk_cache::DiskCache;
use crate::error::{Error, Result, SelectError};
use crate::fault::{FaultLog, KernelSites};
use crate::limits::Limits;
use crate::staging::Staging;
use crate::timestamps::{KernelLabel, Recording};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// The environment variable that picks the default accelerator (C++ AMP let the program pick it
/// with `accelerator::set_default`; an environment override is the common deployment need).
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
static ALL: OnceLock<Vec<Accelerator>> = OnceLock::new();
static DEFAULT: OnceLock<Accelerator> = OnceLock::new();

/// A device that runs kernels (C++ AMP `accelerator`). Cloning is cheap and clones share the
/// device.
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
    /// Launches recorded and not yet submitted.
    batch: Batch,
    /// Compiled pipelines on disk, opened with the first kernel built.
    disk_cache: OnceLock<Option<DiskCache>>,
    /// The staging memory large transfers cross.
    staging: Staging,
}

impl Accelerator {
    fn new(adapter: wgpu::Adapter) -> Self {
        Accelerator {
            inner: Arc::new(Inner {
                id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
                device: Arc::new(Device::new(adapter)),
                faults: FaultLog::default(),
                batch: Batch::default(),
                disk_cache: OnceLock::new(),
                staging: Staging::default(),
            }),
        }
    }

    /// Every accelerator of the system (C++ AMP `accelerator::get_all`), in the order the driver
    /// lists them. Each call returns the same accelerators. The list may be empty.
    pub fn all() -> Result<Vec<Accelerator>> {
        Ok(registry()?.to_vec())
    }

    /// The default accelerator, chosen once per process as C++ AMP does: the one named by the
    /// `AMP_DEFAULT_ACCELERATOR` environment variable if it is set (`cpu`, `gpu`, or part of a
    /// device name, case-insensitive), else a discrete GPU, else an integrated or virtual GPU,
    /// else the CPU software device (lavapipe).
    ///
    /// Returns [`Error::NoAccelerator`] when there is none, or when the variable names a device
    /// that is not there.
    // C++ AMP's name; fallible, so it cannot be `Default::default`.
    #[allow(clippy::should_implement_trait)]
    pub fn default() -> Result<Accelerator> {
        if let Some(acc) = DEFAULT.get() {
            return Ok(acc.clone());
        }
        let all = registry()?;
        let wanted = std::env::var_os(DEFAULT_ACCELERATOR_ENV)
            .map(|v| v.to_string_lossy().trim().to_owned())
            .filter(|v| !v.is_empty());
        let candidates: Vec<(DeviceType, &str)> = all
            .iter()
            .map(|a| (a.device_type(), a.description()))
            .collect();
        match choose(&candidates, wanted.as_deref()).and_then(|i| all.get(i)) {
            Some(acc) => Ok(DEFAULT.get_or_init(|| acc.clone()).clone()),
            None => Err(no_match(wanted.as_deref(), all)),
        }
    }

    /// The device's name (C++ AMP `accelerator::description`), as the driver reports it.
    pub fn description(&self) -> &str {
        self.inner.device.name()
    }

    /// The kind of device.
    pub fn device_type(&self) -> DeviceType {
        self.inner.device.info().device_type.into()
    }

    /// Whether this is a software device on the CPU (C++ AMP `accelerator::is_emulated`).
    pub fn is_emulated(&self) -> bool {
        self.device_type() == DeviceType::Cpu
    }

    /// The graphics API behind it: `vulkan`, `metal` or `dx12`.
    pub fn backend(&self) -> String {
        self.inner.device.info().backend.to_string()
    }

    /// The driver's name, possibly empty.
    pub fn driver(&self) -> &str {
        &self.inner.device.info().driver
    }

    /// Whether kernels may use `f64` (C++ AMP `accelerator::supports_double_precision`).
    pub fn supports_double_precision(&self) -> bool {
        self.features().contains(wgpu::Features::SHADER_F64)
    }

    /// Whether kernels may use `i64` and `u64`.
    pub fn supports_int64(&self) -> bool {
        self.features().contains(wgpu::Features::SHADER_INT64)
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
    /// kernels get.
    pub fn limits(&self) -> Limits {
        Limits::new(&self.inner.device.limits())
    }

    /// A number unique to this accelerator within the process.
    pub fn id(&self) -> u64 {
        self.inner.id
    }

    /// The features the device is opened with.
    fn features(&self) -> wgpu::Features {
        self.inner.device.features()
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
        caps
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
        self.flush()?;
        self.inner.device.wait(submission)
    }

    /// Submits the recorded launches, in the order they were recorded. An error in recording
    /// them (wgpu validates a command encoder when it is finished) is returned here.
    pub fn flush(&self) -> Result<()> {
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
            .take(&self.inner.device, &self.inner.batch, core)
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
        if self.features().contains(wgpu::Features::IMMEDIATES) {
            self.inner.device.limits().max_immediate_size
        } else {
            0
        }
    }

    /// The on-disk pipeline cache, if it is on and the backend has one.
    pub(crate) fn disk_cache(&self) -> Option<&DiskCache> {
        let device = &self.inner.device;
        let (wgpu_device, _) = device.opened().ok()?;
        self.inner
            .disk_cache
            .get_or_init(|| DiskCache::open(wgpu_device, device.info(), device.features()))
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
    if wgpu::Instance::enabled_backend_features()
        .intersection(BACKENDS)
        .is_empty()
    {
        // wgpu::Instance::new would panic: this platform has none of amp's backends.
        return Err(Error::NoAccelerator(SelectError::NoBackend));
    }
    Ok(ALL.get_or_init(|| {
        let instance = INSTANCE.get_or_init(|| {
            let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
            descriptor.backends = BACKENDS;
            descriptor.flags = descriptor.flags.with_env();
            wgpu::Instance::new(descriptor)
        });
        pollster::block_on(instance.enumerate_adapters(BACKENDS))
            .into_iter()
            .map(Accelerator::new)
            .collect()
    }))
}

/// Picks the default among `devices` (type and name, in enumeration order), given the value of
/// `AMP_DEFAULT_ACCELERATOR` if set: `cpu` picks a CPU device, `gpu` the best GPU, anything else
/// the best device whose name contains it (case-insensitive). Unset: the best device, where a
/// discrete GPU beats an integrated or virtual one, which beats the CPU software device. Among
/// equals the first listed wins.
pub(crate) fn choose(devices: &[(DeviceType, &str)], wanted: Option<&str>) -> Option<usize> {
    let wanted = wanted.map(str::trim).filter(|w| !w.is_empty());
    let matches = |t: DeviceType, name: &str| match wanted {
        None => true,
        Some(w) if w.eq_ignore_ascii_case("cpu") => t == DeviceType::Cpu,
        Some(w) if w.eq_ignore_ascii_case("gpu") => t.is_gpu(),
        Some(w) => name.to_lowercase().contains(&w.to_lowercase()),
    };
    devices
        .iter()
        .enumerate()
        .filter(|(_, (t, name))| matches(*t, name))
        .min_by_key(|(_, (t, _))| preference(*t))
        .map(|(i, _)| i)
}

/// Preference when choosing the default: lower is better.
fn preference(t: DeviceType) -> u8 {
    match t {
        DeviceType::DiscreteGpu => 0,
        DeviceType::IntegratedGpu | DeviceType::VirtualGpu => 1,
        // An unclassified device is more likely real hardware than the software fallback.
        DeviceType::Other => 2,
        DeviceType::Cpu => 3,
    }
}

/// The error for a failed choice: what was asked for and what there is.
fn no_match(wanted: Option<&str>, all: &[Accelerator]) -> Error {
    Error::NoAccelerator(match wanted {
        Some(w) => SelectError::NoMatch {
            variable: DEFAULT_ACCELERATOR_ENV,
            wanted: w.to_owned(),
            available: all.iter().map(Accelerator::to_string).collect(),
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
    ];

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
        assert!(message.contains("apt-get install mesa-vulkan-drivers libvulkan1"));
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
