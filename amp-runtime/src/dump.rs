//! Debugging output of built kernels: `AMP_DUMP_WGSL` (each kernel's WGSL and its remaining
//! checks, on stderr) and `AMP_SNAPSHOT_DIR` (the IR snapshots `tests/snapshots.rs` compares).

use std::fmt::Write as _;
#[cfg(feature = "test-hooks")]
use {
    amp_core::{Checks, Loc},
    std::sync::Mutex,
};

/// The accesses that kept a run-time check, as comment lines for `AMP_DUMP_WGSL`.
pub(crate) fn checked_sites(ir: &amp_core::KernelIr) -> String {
    let mut out = format!(
        "// {} run-time checks (every other access is proven in range or unchecked)\n",
        ir.sites.len()
    );
    for site in &ir.sites {
        let _ = writeln!(out, "//   {} {}", site.loc, site.kind.describe());
    }
    out
}

/// Writes `<dir>/<source file stem>.<line>.wgsl`: `// checked`, the kernel's WGSL built checked,
/// `// unchecked`, the WGSL built unchecked. A site built again in this process with different
/// code (another generic instantiation, or global fences kept) appends its pair to the file.
/// A debugging aid: a failure to write is reported on stderr once and never fails the launch.
#[cfg(feature = "test-hooks")]
pub(crate) fn write_snapshot(
    dir: &std::path::Path,
    site: Loc,
    build: impl Fn(Checks) -> std::result::Result<amp_core::KernelIr, amp_core::KernelError>,
) {
    static WRITTEN: Mutex<Vec<(std::path::PathBuf, String)>> = Mutex::new(Vec::new());
    static REPORTED: std::sync::Once = std::sync::Once::new();
    let wgsl = |checks| match build(checks) {
        Ok(ir) => ir.wgsl(),
        Err(e) => format!("// build failed: {e}\n"),
    };
    let text = format!(
        "// checked\n{}\n// unchecked\n{}",
        wgsl(Checks::Checked),
        wgsl(Checks::Unchecked)
    );
    let stem = std::path::Path::new(site.file)
        .file_stem()
        .unwrap_or_default();
    let path = dir.join(format!("{}.{}.wgsl", stem.to_string_lossy(), site.line));
    let mut written = WRITTEN.lock().unwrap_or_else(|e| e.into_inner());
    if written.iter().any(|(p, t)| *p == path && *t == text) {
        return;
    }
    let append = written.iter().any(|(p, _)| *p == path);
    let result = std::fs::create_dir_all(dir).and_then(|()| {
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .append(append)
            .truncate(!append)
            .open(&path)?;
        file.write_all(text.as_bytes())
    });
    match result {
        Ok(()) => written.push((path, text)),
        Err(e) => REPORTED.call_once(|| {
            eprintln!(
                "amp: AMP_SNAPSHOT_DIR: cannot write {}: {e}",
                path.display()
            );
        }),
    }
}
