//! Compiled pipelines kept on disk across processes: wgpu's pipeline cache (a Vulkan
//! `VkPipelineCache`), loaded when an accelerator builds its first kernel and written back
//! after each kernel it builds.
//!
//! One file per accelerator and amp version, named by wgpu's key for the adapter (vendor,
//! device and driver) and amp's version, in `AMP_CACHE_DIR` (default: `$XDG_CACHE_HOME/amp`,
//! else `~/.cache/amp`); `AMP_CACHE_DIR=off` turns it off. A changed kernel is a different
//! shader, which the driver's cache does not match; a changed driver or device has another
//! file, and the driver also rejects a cache whose header is not its own (wgpu then starts
//! empty). Writes go to a temporary file renamed into place, so concurrent processes never read
//! a torn file. A cache that cannot be read or written costs speed, never correctness: errors
//! are ignored.

use std::path::PathBuf;

/// The environment variable naming the cache's directory, or `off`.
pub const CACHE_DIR_ENV: &str = "AMP_CACHE_DIR";

/// The cache of one accelerator.
pub(crate) struct DiskCache {
    cache: wgpu::PipelineCache,
    file: PathBuf,
}

/// The directory, or `None` when the cache is off or no directory is known.
fn directory() -> Option<PathBuf> {
    match std::env::var_os(CACHE_DIR_ENV) {
        Some(dir) if dir == "off" || dir == "0" => None,
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => {
            let base = std::env::var_os("XDG_CACHE_HOME")
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
            Some(base.join("amp"))
        }
    }
}

impl DiskCache {
    /// The cache of `device` (of `adapter`), loaded from its file: `None` when the cache is off
    /// or the backend keeps no pipeline caches.
    pub(crate) fn open(
        device: &wgpu::Device,
        info: &wgpu::AdapterInfo,
        features: wgpu::Features,
    ) -> Option<DiskCache> {
        if !features.contains(wgpu::Features::PIPELINE_CACHE) {
            return None;
        }
        let key = wgpu::util::pipeline_cache_key(info)?;
        let file = directory()?.join(format!("{key}-amp{}", env!("CARGO_PKG_VERSION")));
        let data = std::fs::read(&file).ok();
        // SAFETY: the data was written by `get_data` of a cache of this adapter and driver
        // (the file name is wgpu's key for them); `fallback: true` makes wgpu start empty if
        // the driver does not accept it.
        let cache = unsafe {
            device.create_pipeline_cache(&wgpu::PipelineCacheDescriptor {
                label: Some("amp pipelines"),
                data: data.as_deref(),
                fallback: true,
            })
        };
        Some(DiskCache { cache, file })
    }

    /// The cache, for pipeline creation.
    pub(crate) fn cache(&self) -> &wgpu::PipelineCache {
        &self.cache
    }

    /// Writes the cache back (after a kernel was built).
    pub(crate) fn save(&self) {
        let Some(data) = self.cache.get_data() else {
            return;
        };
        let Some(dir) = self.file.parent() else {
            return;
        };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let temp = self
            .file
            .with_extension(format!("tmp{}-{n}", std::process::id()));
        if std::fs::write(&temp, data).is_ok() && std::fs::rename(&temp, &self.file).is_err() {
            let _ = std::fs::remove_file(&temp);
        }
    }
}
