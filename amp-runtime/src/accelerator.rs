//! Accelerators (C++ AMP `accelerator`): the devices kernels run on, one per wgpu adapter of a
//! single process-wide wgpu instance (Vulkan, Metal and DX12 only: wgpu's GL backend lacks the
//! compute features amp needs).
//!
//! The list of accelerators is built once, so every call of [`Accelerator::all`] returns the same
//! objects: their ids stay stable and each wgpu device is opened once, on first use.

use crate::error::{Error, Result};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The environment variable that picks the default accelerator (C++ AMP let the program pick it
/// with `accelerator::set_default`; an environment override is the common deployment need).
pub const DEFAULT_ACCELERATOR_ENV: &str = "AMP_DEFAULT_ACCELERATOR";

/// The backends amp uses: those whose compute support matches C++ AMP's model.
const BACKENDS: wgpu::Backends = wgpu::Backends::VULKAN
    .union(wgpu::Backends::METAL)
    .union(wgpu::Backends::DX12);

/// Optional features amp may use later (f64/i64 kernels, atomics, timing, subgroups,
/// immediates); a device gets those of them its adapter supports.
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
    .union(wgpu::Features::PIPELINE_CACHE);

/// llvmpipe's `LP_MAX_TGSI_LOOP_ITERATIONS`.
const LLVMPIPE_LOOP_LIMIT: u32 = 65_535;

/// See [`Accelerator::local_array_limit`].
const LLVMPIPE_LOCAL_ARRAY_BYTES: u32 = 64 * 1024;

/// How many uncaptured errors are kept until reported; later ones add nothing actionable.
const MAX_PENDING_ERRORS: usize = 16;

static NEXT_ID: AtomicU64 = AtomicU64::new(1);
static INSTANCE: OnceLock<wgpu::Instance> = OnceLock::new();
static ALL: OnceLock<Vec<Accelerator>> = OnceLock::new();
static DEFAULT: OnceLock<Accelerator> = OnceLock::new();

/// The kind of an accelerator (C++ AMP told these apart with `is_emulated` and the device path).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeviceType {
    /// A software device on the CPU (lavapipe, WARP, SwiftShader).
    Cpu,
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

    /// Preference when choosing the default: lower is better.
    fn rank(self) -> u8 {
        match self {
            DeviceType::DiscreteGpu => 0,
            DeviceType::IntegratedGpu | DeviceType::VirtualGpu => 1,
            // An unclassified device is more likely real hardware than the software fallback.
            DeviceType::Other => 2,
            DeviceType::Cpu => 3,
        }
    }
}

impl fmt::Display for DeviceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeviceType::Cpu => "CPU",
            DeviceType::DiscreteGpu => "discrete GPU",
            DeviceType::IntegratedGpu => "integrated GPU",
            DeviceType::VirtualGpu => "virtual GPU",
            DeviceType::Other => "other device",
        })
    }
}

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
    adapter: wgpu::Adapter,
    info: wgpu::AdapterInfo,
    /// The adapter's features that devices are opened with.
    features: wgpu::Features,
    /// Opened on first use: opening a device costs time and memory, and most programs use one.
    device: OnceLock<(wgpu::Device, wgpu::Queue)>,
    /// Serializes opening so that two threads never open two devices.
    opening: Mutex<()>,
    events: Arc<Events>,
    /// Faults of checked launches (`fault.rs`).
    faults: crate::fault::FaultLog,
    /// Launches recorded and not yet submitted (`queue.rs`).
    batch: Mutex<crate::queue::Batch>,
    /// Compiled pipelines on disk (`disk_cache.rs`), opened with the first kernel built.
    disk_cache: OnceLock<Option<crate::disk_cache::DiskCache>>,
}

/// What the device reports asynchronously, kept until a wait reports it.
#[derive(Default)]
struct Events {
    errors: Mutex<Vec<Error>>,
    lost: Mutex<Option<String>>,
    /// Set with `lost`: every device access checks it, without taking the lock.
    is_lost: std::sync::atomic::AtomicBool,
}

impl Accelerator {
    fn new(adapter: wgpu::Adapter) -> Self {
        let info = adapter.get_info();
        let features = adapter.features() & WANTED_FEATURES;
        Accelerator {
            inner: Arc::new(Inner {
                id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
                adapter,
                info,
                features,
                device: OnceLock::new(),
                opening: Mutex::new(()),
                events: Arc::default(),
                faults: Default::default(),
                batch: Mutex::default(),
                disk_cache: OnceLock::new(),
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
        &self.inner.info.name
    }

    /// The kind of device.
    pub fn device_type(&self) -> DeviceType {
        self.inner.info.device_type.into()
    }

    /// Whether this is a software device on the CPU (C++ AMP `accelerator::is_emulated`).
    pub fn is_emulated(&self) -> bool {
        self.device_type() == DeviceType::Cpu
    }

    /// The graphics API behind it: `vulkan`, `metal` or `dx12`.
    pub fn backend(&self) -> String {
        self.inner.info.backend.to_string()
    }

    /// The driver's name, possibly empty.
    pub fn driver(&self) -> &str {
        &self.inner.info.driver
    }

    /// Whether kernels may use `f64` (C++ AMP `accelerator::supports_double_precision`).
    pub fn supports_double_precision(&self) -> bool {
        self.inner.features.contains(wgpu::Features::SHADER_F64)
    }

    /// Whether kernels may use `i64` and `u64`.
    pub fn supports_int64(&self) -> bool {
        self.inner.features.contains(wgpu::Features::SHADER_INT64)
    }

    /// Whether [`profile`](Self::profile) can measure kernels here: the accelerator writes
    /// timestamps inside compute passes.
    pub fn supports_profiling(&self) -> bool {
        self.inner.features.contains(
            wgpu::Features::TIMESTAMP_QUERY | wgpu::Features::TIMESTAMP_QUERY_INSIDE_PASSES,
        )
    }

    /// The device's limits (workgroup sizes, buffer sizes, bindings). Devices are opened with
    /// the adapter's own limits, so these are what kernels get.
    pub fn limits(&self) -> wgpu::Limits {
        self.inner.adapter.limits()
    }

    /// A number unique to this accelerator within the process.
    pub fn id(&self) -> u64 {
        self.inner.id
    }

    /// The wgpu device and queue, opened on first use. A lost device is
    /// [`Error::AcceleratorRemoved`] here, so every later operation of the accelerator reports
    /// it.
    pub(crate) fn device(&self) -> Result<&(wgpu::Device, wgpu::Queue)> {
        if let Some(opened) = self.inner.device.get() {
            self.check_lost()?;
            return Ok(opened);
        }
        let _opening = self
            .inner
            .opening
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(opened) = self.inner.device.get() {
            return Ok(opened);
        }
        let opened = self.open()?;
        Ok(self.inner.device.get_or_init(|| opened))
    }

    fn open(&self) -> Result<(wgpu::Device, wgpu::Queue)> {
        let inner = &self.inner;
        let descriptor = wgpu::DeviceDescriptor {
            label: Some("amp"),
            required_features: inner.features,
            required_limits: inner.adapter.limits(),
            ..Default::default()
        };
        let (device, queue) = pollster::block_on(inner.adapter.request_device(&descriptor))
            .map_err(|e| Error::Device(format!("could not open `{}`: {e}", self.description())))?;
        // wgpu's default handler panics; errors are values in amp, reported by the next wait.
        let events = Arc::clone(&inner.events);
        let name = inner.info.name.clone();
        device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
            events.record(Error::from_wgpu(&name, &error));
        }));
        let events = Arc::clone(&inner.events);
        device.set_device_lost_callback(move |reason, message| {
            let mut lost = events.lost.lock().unwrap_or_else(PoisonError::into_inner);
            lost.get_or_insert(format!("{reason:?}: {message}"));
            events.is_lost.store(true, Ordering::Release);
        });
        Ok((device, queue))
    }

    /// The naga validator capabilities that match the device's features, for validating kernels
    /// before wgpu sees them.
    // Called by launch.rs; the allow goes when it lands.
    pub(crate) fn naga_capabilities(&self) -> naga::valid::Capabilities {
        use naga::valid::Capabilities as Caps;
        use wgpu::Features as F;
        // Mirrors wgpu's own mapping (wgpu-naga-bridge) for the features amp requests.
        let features = self.inner.features;
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
    /// uncaptured-error handler. Scopes are per thread, so concurrent callers do not mix.
    pub(crate) fn scoped<R>(&self, f: impl FnOnce(&wgpu::Device) -> R) -> Result<R> {
        let (device, _) = self.device()?;
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
            Some(error) => Err(Error::from_wgpu(self.description(), &error)),
            None => Ok(result),
        }
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

    /// Loop passes per thread after which the accelerator silently ends a kernel's loops:
    /// Mesa's llvmpipe (lavapipe) stops every loop of a SIMD vector of threads after 65,535
    /// passes in total (`LP_MAX_TGSI_LOOP_ITERATIONS`). Kernels built for it count passes and
    /// fail loudly instead.
    pub(crate) fn loop_limit(&self) -> Option<u32> {
        self.inner
            .info
            .name
            .starts_with("llvmpipe")
            .then_some(LLVMPIPE_LOOP_LIMIT)
    }

    /// Bytes of local arrays a thread may hold, where the accelerator allows less than amp's
    /// general limit: Mesa's llvmpipe keeps them on the stacks of its threads, and a kernel with
    /// 128 KiB of them per thread crashed the process (64 KiB ran).
    pub(crate) fn local_array_limit(&self) -> Option<u32> {
        self.inner
            .info
            .name
            .starts_with("llvmpipe")
            .then_some(LLVMPIPE_LOCAL_ARRAY_BYTES)
    }

    /// Destroys the device, as a GPU reset or driver crash would lose it (C++ AMP's
    /// `accelerator_view_removed`): every later operation of this accelerator is
    /// [`Error::AcceleratorRemoved`]. For testing how a program copes; the accelerator stays
    /// lost for the rest of the process.
    #[doc(hidden)]
    pub fn simulate_loss(&self) -> Result<()> {
        let (device, _) = self.device()?;
        device.destroy();
        let mut lost = self
            .inner
            .events
            .lost
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        lost.get_or_insert_with(|| "Destroyed: the device was destroyed".into());
        self.inner.events.is_lost.store(true, Ordering::Release);
        Ok(())
    }

    /// The most bytes of immediate data (push constants) a kernel may take: 0 without the
    /// feature.
    pub(crate) fn immediate_limit(&self) -> u32 {
        if self.inner.features.contains(wgpu::Features::IMMEDIATES) {
            self.inner.adapter.limits().max_immediate_size
        } else {
            0
        }
    }

    /// The on-disk pipeline cache, if it is on and the backend has one.
    pub(crate) fn disk_cache(&self) -> Option<&crate::disk_cache::DiskCache> {
        let (device, _) = self.device().ok()?;
        self.inner
            .disk_cache
            .get_or_init(|| {
                crate::disk_cache::DiskCache::open(device, &self.inner.info, self.inner.features)
            })
            .as_ref()
    }

    /// The launches recorded and not yet submitted.
    pub(crate) fn batch(&self) -> &Mutex<crate::queue::Batch> {
        &self.inner.batch
    }

    /// The fault log of checked launches.
    pub(crate) fn faults(&self) -> &crate::fault::FaultLog {
        &self.inner.faults
    }

    /// Blocks until `submission` (or, with `None`, all submitted work) has finished; see
    /// [`wait`](Self::wait).
    pub(crate) fn wait_for(&self, submission: Option<wgpu::SubmissionIndex>) -> Result<()> {
        self.flush()?;
        let (device, _) = self.device()?;
        let polled = device.poll(wgpu::PollType::Wait {
            submission_index: submission,
            timeout: None,
        });
        self.check_lost()?;
        polled.map_err(|e| {
            Error::Device(format!(
                "waiting for `{}` to finish failed: {e}",
                self.description()
            ))
        })?;
        match self.take_error() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    /// [`Error::AcceleratorRemoved`] if the device has been lost.
    pub(crate) fn check_lost(&self) -> Result<()> {
        if !self.inner.events.is_lost.load(Ordering::Acquire) {
            return Ok(());
        }
        let lost = self
            .inner
            .events
            .lost
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match &*lost {
            Some(why) => Err(Error::AcceleratorRemoved(format!(
                "`{}` was lost ({why})",
                self.description()
            ))),
            None => Ok(()),
        }
    }

    /// The oldest error the device raised outside any error scope and nobody has reported yet.
    pub(crate) fn take_error(&self) -> Option<Error> {
        let mut errors = self
            .inner
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
}

impl Events {
    fn record(&self, error: Error) {
        let mut errors = self.errors.lock().unwrap_or_else(PoisonError::into_inner);
        if errors.len() < MAX_PENDING_ERRORS {
            errors.push(error);
        }
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
        write!(
            f,
            "{} ({}, {})",
            self.description(),
            self.device_type(),
            self.inner.info.backend
        )
    }
}

/// The process-wide accelerator list, enumerated once.
fn registry() -> Result<&'static [Accelerator]> {
    if wgpu::Instance::enabled_backend_features()
        .intersection(BACKENDS)
        .is_empty()
    {
        // wgpu::Instance::new would panic: this platform has none of amp's backends.
        return Err(Error::NoAccelerator {
            message: "this build of amp has no Vulkan, Metal or DX12 backend for this platform"
                .into(),
        });
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
        .min_by_key(|(_, (t, _))| t.rank())
        .map(|(i, _)| i)
}

/// The error for a failed choice: what was asked for and what there is.
fn no_match(wanted: Option<&str>, all: &[Accelerator]) -> Error {
    let available = if all.is_empty() {
        "none".to_owned()
    } else {
        all.iter()
            .map(|a| format!("`{a}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let message = match wanted {
        Some(w) => format!(
            "{DEFAULT_ACCELERATOR_ENV} is `{w}` but no accelerator matches it (use `cpu`, `gpu` \
             or part of a device name); available: {available}"
        ),
        None => "no Vulkan, Metal or DX12 adapter was found".to_owned(),
    };
    Error::NoAccelerator { message }
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
        assert_eq!(acc.take_error(), None);
        Ok(())
    }
}
