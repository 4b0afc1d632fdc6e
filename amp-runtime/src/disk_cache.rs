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
//!
//! The same directory keeps the results of amp's own tuning (the tile configuration `gemm`
//! picks for a size class): [`Accelerator::tuned`] and [`Accelerator::store_tuned`], one small
//! text file per accelerator, named by a hash of what identifies the accelerator and the code
//! that was tuned (adapter name, vendor and device ids, backend, driver and its version
//! string, amp's version). Its first line repeats that identity in full: a file whose first line
//! differs (a hash collision, another amp) is ignored, and so is any line that is not
//! `name<TAB>value`. A new driver or amp version starts a new file, so stale results are never
//! read; the old file stays until removed.

use crate::Accelerator;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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

/// The first word of a tuning file's first line, before the accelerator's identity.
const TUNING_HEADER: &str = "amp-tuning-1";

/// What identifies an accelerator and the code tuned on it, for tuning records.
fn identity(info: &wgpu::AdapterInfo) -> String {
    let text = format!(
        "{} | {:04x}:{:04x} | {} | {} | {} | amp {}",
        info.name,
        info.vendor,
        info.device,
        info.backend,
        info.driver,
        info.driver_info,
        env!("CARGO_PKG_VERSION")
    );
    // One line: the file's first.
    text.replace(['\n', '\r'], " ")
}

/// A stable 64-bit hash (FNV-1a): file names must not change between builds, as std's
/// hashers may.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The tuning file of the accelerator with `identity` in `dir`.
fn tuning_file(dir: &Path, identity: &str) -> PathBuf {
    dir.join(format!("tuning-{:016x}.txt", fnv1a(identity)))
}

/// The records of the tuning file at `file` for `identity`: empty when it is missing,
/// unreadable or another's; lines that are not `name<TAB>value` are skipped.
fn read_records(file: &Path, identity: &str) -> BTreeMap<String, String> {
    let Ok(text) = std::fs::read_to_string(file) else {
        return BTreeMap::new();
    };
    let mut lines = text.lines();
    if lines.next() != Some(&format!("{TUNING_HEADER} {identity}")) {
        return BTreeMap::new();
    }
    lines
        .filter_map(|line| line.split_once('\t'))
        .filter(|(name, value)| !name.is_empty() && !value.contains('\t'))
        .map(|(name, value)| (name.to_owned(), value.to_owned()))
        .collect()
}

/// Adds (or replaces) the record `name` = `value` in the tuning file at `file`, through a
/// temporary file renamed into place. Errors are ignored.
fn write_record(file: &Path, identity: &str, name: &str, value: &str) {
    let bad = |s: &str| s.is_empty() || s.contains(['\t', '\n', '\r']);
    if bad(name) || bad(value) {
        return;
    }
    let mut records = read_records(file, identity);
    records.insert(name.to_owned(), value.to_owned());
    let mut text = format!("{TUNING_HEADER} {identity}\n");
    for (name, value) in &records {
        text.push_str(&format!("{name}\t{value}\n"));
    }
    let Some(dir) = file.parent() else {
        return;
    };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temp = file.with_extension(format!("tmp{}-{n}", std::process::id()));
    if std::fs::write(&temp, text).is_ok() && std::fs::rename(&temp, file).is_err() {
        let _ = std::fs::remove_file(&temp);
    }
}

impl Accelerator {
    /// The tuning file of this accelerator and its identity: `None` for the CPU accelerator and
    /// when the cache is off (`AMP_CACHE_DIR=off`) or has no directory.
    fn tuning(&self) -> Option<(PathBuf, String)> {
        let info = self.device_info()?;
        let identity = identity(info);
        Some((tuning_file(&directory()?, &identity), identity))
    }

    /// A result of amp's own tuning kept on disk for this accelerator: the value that
    /// [`store_tuned`](Self::store_tuned) stored under `name`, in this process or an earlier
    /// one with the same device, driver and amp version. `None` when nothing was stored, the
    /// file is unreadable or not this accelerator's, or the cache is off. Not an API.
    #[doc(hidden)]
    pub fn tuned(&self, name: &str) -> Option<String> {
        let (file, identity) = self.tuning()?;
        read_records(&file, &identity).remove(name)
    }

    /// Keeps `value` under `name` on disk for this accelerator (see [`tuned`](Self::tuned)).
    /// Names and values are one line without tabs; others, and any I/O error, are ignored: a
    /// record that is not kept costs a new tune, never a failure. Not an API.
    #[doc(hidden)]
    pub fn store_tuned(&self, name: &str, value: &str) {
        if let Some((file, identity)) = self.tuning() {
            write_record(&file, &identity, name, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system's temporary one.
    fn scratch_dir(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("amp-tuning-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn records_round_trip_and_replace() {
        let dir = scratch_dir("round-trip");
        let file = tuning_file(&dir, "gpu A");
        write_record(&file, "gpu A", "gemm Float4 m2 n2", "T128x64");
        write_record(&file, "gpu A", "gemm Element m0 n0", "T32x32");
        write_record(&file, "gpu A", "gemm Float4 m2 n2", "T128x128");
        let records = read_records(&file, "gpu A");
        assert_eq!(records.len(), 2);
        assert_eq!(records["gemm Float4 m2 n2"], "T128x128");
        assert_eq!(records["gemm Element m0 n0"], "T32x32");
        // Names and values that would break the format are not stored.
        write_record(&file, "gpu A", "two\nlines", "x");
        write_record(&file, "gpu A", "tab", "a\tb");
        assert_eq!(read_records(&file, "gpu A").len(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_identity_or_a_corrupt_file_reads_as_empty() {
        let dir = scratch_dir("corrupt");
        let file = tuning_file(&dir, "gpu A");
        write_record(&file, "gpu A", "gemm", "T64x64");
        // The same file read for another accelerator (a hash collision, another amp version).
        assert!(read_records(&file, "gpu B").is_empty());
        // Garbage, and bytes that are not UTF-8: nothing, and no panic.
        std::fs::write(&file, [0xff, 0xfe, 0x00, 0x41]).unwrap_or_default();
        assert!(read_records(&file, "gpu A").is_empty());
        std::fs::write(
            &file,
            "amp-tuning-1 gpu A\nno tab here\n\tempty name\ngemm\tT32x32\n",
        )
        .unwrap_or_default();
        let records = read_records(&file, "gpu A");
        assert_eq!(records.len(), 1);
        assert_eq!(records["gemm"], "T32x32");
        // A missing file, and a directory where the file should be.
        assert!(read_records(&dir.join("missing"), "gpu A").is_empty());
        assert!(read_records(&dir, "gpu A").is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn file_names_are_stable_hashes_of_the_identity() {
        assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a("a"), 0xaf63_dc4c_8601_ec8c);
        assert_ne!(
            tuning_file(Path::new("d"), "gpu A"),
            tuning_file(Path::new("d"), "gpu B")
        );
    }
}
