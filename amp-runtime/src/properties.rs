//! C++ AMP's descriptive accelerator properties (`dedicated_memory`, `has_display`, `version`,
//! `device_path`, `is_debug`, `supports_cpu_shared_memory`), each from what the device reports
//! about itself: wgpu's `AdapterInfo` and the instance's flags for a wgpu device, amp's own
//! facts for its CPU accelerator and the host-only CPU accelerator. Where a backend cannot tell,
//! the answer is `None`, never a guessed value.

use crate::accelerator::{instance_debug, Accelerator};
use crate::device::DeviceType;

/// C++ AMP's `accelerator::cpu_accelerator` device path, which amp's host-only accelerator
/// keeps.
const HOST_PATH: &str = "cpu";

/// The device path of amp's own CPU accelerator: the name `Accelerator::find` knows it by.
const EMULATOR_PATH: &str = "emulator";

impl Accelerator {
    /// The accelerator's dedicated memory in bytes (C++ AMP `accelerator::dedicated_memory`,
    /// in kilobytes there): `Some(0)` for amp's CPU accelerator and the host-only CPU
    /// accelerator, whose data is host memory; `None` for a wgpu device, since wgpu does not
    /// report the size of a device's memory.
    pub fn dedicated_memory(&self) -> Option<u64> {
        match self.device_type() {
            DeviceType::Emulated | DeviceType::Host => Some(0),
            _ => None,
        }
    }

    /// Whether the accelerator drives a display (C++ AMP `accelerator::has_display`):
    /// `Some(false)` for amp's CPU accelerator and the host-only CPU accelerator; `None` for a
    /// wgpu device, since wgpu does not report it.
    pub fn has_display(&self) -> Option<bool> {
        match self.device_type() {
            DeviceType::Emulated | DeviceType::Host => Some(false),
            _ => None,
        }
    }

    /// The driver's version as the driver reports it (C++ AMP `accelerator::version`, a
    /// Direct3D feature level there): wgpu's `AdapterInfo::driver_info` (on lavapipe, the Mesa
    /// version), `None` where the driver gives none; amp's own version for amp's CPU
    /// accelerator and the host-only CPU accelerator.
    pub fn version(&self) -> Option<String> {
        match self.device_type() {
            DeviceType::Emulated | DeviceType::Host => Some(env!("CARGO_PKG_VERSION").to_owned()),
            _ => self
                .info()
                .map(|info| info.driver_info.clone())
                .filter(|v| !v.is_empty()),
        }
    }

    /// A path that names the device (C++ AMP `accelerator::device_path`): `cpu` for the
    /// host-only CPU accelerator (C++ AMP's `accelerator::cpu_accelerator`), `emulator` for
    /// amp's CPU accelerator (the name [`find`](Self::find) knows), else the device's PCI bus id
    /// where the driver reports one, else `backend:vendor:device` from the adapter's ids (as
    /// `vulkan:10de:2330`).
    pub fn device_path(&self) -> String {
        match (self.device_type(), self.info()) {
            (DeviceType::Host, _) | (_, None) => HOST_PATH.to_owned(),
            (DeviceType::Emulated, _) => EMULATOR_PATH.to_owned(),
            (_, Some(info)) if !info.device_pci_bus_id.is_empty() => info.device_pci_bus_id.clone(),
            (_, Some(info)) => format!("{}:{:04x}:{:04x}", info.backend, info.vendor, info.device),
        }
    }

    /// Whether the accelerator runs in a debug mode (C++ AMP `accelerator::is_debug`, the
    /// Direct3D debug layer there): for a wgpu device, whether wgpu's debug or validation
    /// layers are on; for amp's CPU accelerator, whether `AMP_CHECK` puts every launch in the
    /// checking mode; `false` for the host-only CPU accelerator, which runs nothing.
    pub fn is_debug(&self) -> bool {
        match self.device_type() {
            DeviceType::Host => false,
            DeviceType::Emulated => crate::check::env_asks(),
            _ => instance_debug(),
        }
    }

    /// Whether the accelerator's memory is the host's (C++ AMP
    /// `accelerator::supports_cpu_shared_memory`): `Some(true)` for amp's CPU accelerator, the
    /// host-only CPU accelerator, a software device on the CPU (lavapipe) and a GPU that wgpu
    /// reports as integrated (sharing memory with the CPU), `Some(false)` for a discrete GPU,
    /// `None` where wgpu reports neither (a virtual GPU, other devices). amp copies data to and
    /// from every device the same way either way.
    pub fn supports_cpu_shared_memory(&self) -> Option<bool> {
        match self.device_type() {
            DeviceType::Emulated | DeviceType::Host | DeviceType::Cpu => Some(true),
            DeviceType::IntegratedGpu => Some(true),
            DeviceType::DiscreteGpu => Some(false),
            DeviceType::VirtualGpu | DeviceType::Other => None,
        }
    }

    /// What the adapter reports about itself; `None` for the host-only CPU accelerator.
    fn info(&self) -> Option<&wgpu::AdapterInfo> {
        self.device().info()
    }
}
