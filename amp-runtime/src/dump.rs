//! Debugging output of built kernels: `AMP_DUMP_WGSL` (each kernel's WGSL and its remaining
//! checks, on stderr) and `AMP_SNAPSHOT_DIR` (the IR snapshots `tests/snapshots.rs` compares).

use std::fmt::Write as _;
#[cfg(feature = "test-hooks")]
use {
    amp_core::{Checks, Loc},
    std::path::{Path, PathBuf},
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

/// A kernel site whose snapshot this process has written.
#[cfg(feature = "test-hooks")]
struct Snapshot {
    dir: PathBuf,
    site: Loc,
    /// The enclosing function's path ([`function_path`]), which names the file.
    function: String,
    /// One `// checked` / `// unchecked` pair per distinct build of the site.
    builds: Vec<String>,
    /// Where the file was last written.
    path: PathBuf,
}

/// Writes the snapshot of the kernel at `site`, whose builder closure's type is `closure` (its
/// [`std::any::type_name`]): `// checked`, the kernel's WGSL built checked, `// unchecked`, the
/// WGSL built unchecked. The file is `<dir>/<function>.wgsl`, named by the function the kernel
/// is written in ([`function_path`]), so that it keeps its name when lines move; where one
/// function holds several kernels, they are `<function>.1.wgsl`, `<function>.2.wgsl`, … in
/// source order. A site built again in this process with different code (another generic
/// instantiation, or global fences kept) adds its pair to the site's file.
/// A debugging aid: a failure to write is reported on stderr once and never fails the launch.
#[cfg(feature = "test-hooks")]
pub(crate) fn write_snapshot(
    dir: &Path,
    site: Loc,
    closure: &str,
    build: impl Fn(Checks) -> std::result::Result<amp_core::KernelIr, amp_core::KernelError>,
) {
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
    if let Err(e) = record(dir, site, closure, text) {
        REPORTED.call_once(|| {
            eprintln!(
                "amp: AMP_SNAPSHOT_DIR: cannot write to {}: {e}",
                dir.display()
            );
        });
    }
}

/// Adds `text` to the snapshot of the kernel at `site` (unless it holds it already) and writes
/// the files of its function's kernels.
#[cfg(feature = "test-hooks")]
fn record(dir: &Path, site: Loc, closure: &str, text: String) -> std::io::Result<()> {
    static WRITTEN: Mutex<Vec<Snapshot>> = Mutex::new(Vec::new());
    let mut written = WRITTEN.lock().unwrap_or_else(|e| e.into_inner());
    let function = match written.iter_mut().find(|s| s.dir == dir && s.site == site) {
        Some(known) if known.builds.contains(&text) => return Ok(()),
        Some(known) => {
            known.builds.push(text);
            known.function.clone()
        }
        None => {
            let function = function_path(closure);
            written.push(Snapshot {
                dir: dir.to_owned(),
                site,
                function: function.clone(),
                builds: vec![text],
                path: PathBuf::new(),
            });
            function
        }
    };
    // The function's kernels in source order; a new one may renumber the others.
    let mut kernels: Vec<&mut Snapshot> = written
        .iter_mut()
        .filter(|s| s.dir == dir && s.function == function)
        .collect();
    kernels.sort_by_key(|s| (s.site.file, s.site.line, s.site.column));
    let paths: Vec<PathBuf> = if kernels.len() == 1 {
        vec![dir.join(format!("{function}.wgsl"))]
    } else {
        (1..=kernels.len())
            .map(|n| dir.join(format!("{function}.{n}.wgsl")))
            .collect()
    };
    std::fs::create_dir_all(dir)?;
    // Names the function's kernels no longer have go first: a new name may be an old one.
    for kernel in &kernels {
        if !paths.contains(&kernel.path) && kernel.path.is_file() {
            std::fs::remove_file(&kernel.path)?;
        }
    }
    for (kernel, path) in kernels.into_iter().zip(paths) {
        std::fs::write(&path, kernel.builds.concat())?;
        kernel.path = path;
    }
    Ok(())
}

/// The path of the function a kernel is written in, from its builder closure's type name,
/// below the crate and with `.` between segments: `add_arrays::main::{{closure}}` is `main`,
/// `app::shapes::fill<f32>::{{closure}}` is `shapes.fill`, `<app::Grid as app::Fill>::fill::
/// {{closure}}` is `Grid.fill`. Generic arguments are left out, so every instantiation of a
/// generic function shares its name; so do closures within closures.
#[cfg(feature = "test-hooks")]
pub(crate) fn function_path(closure: &str) -> String {
    let segments = split_path(closure);
    let below_crate = usize::from(segments.first().is_some_and(|s| !s.starts_with('<')));
    let names: Vec<String> = segments
        .iter()
        .skip(below_crate)
        .filter(|s| !s.starts_with("{{"))
        .map(|s| match s.strip_prefix('<') {
            // `<Type as Trait>`: the type's own name.
            Some(qualified) => {
                let ty = qualified.split(" as ").next().unwrap_or(qualified);
                let ty = ty.strip_suffix('>').unwrap_or(ty);
                let last = split_path(ty).last().copied().unwrap_or(ty);
                without_generics(last).to_owned()
            }
            None => without_generics(s).to_owned(),
        })
        .filter(|s| !s.is_empty())
        .collect();
    let path: String = names
        .join(".")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if path.is_empty() {
        "kernel".to_owned()
    } else {
        path
    }
}

/// `path`'s segments, split at each `::` outside angle brackets.
#[cfg(feature = "test-hooks")]
fn split_path(path: &str) -> Vec<&str> {
    let mut segments = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    let bytes = path.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => depth += 1,
            // `->` of a function type closes nothing.
            b'>' if i == 0 || bytes[i - 1] != b'-' => depth = depth.saturating_sub(1),
            b':' if depth == 0 && bytes.get(i + 1) == Some(&b':') => {
                segments.push(&path[start..i]);
                start = i + 2;
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    segments.push(&path[start..]);
    segments
}

/// `segment` up to its generic arguments (`fill<f32>` is `fill`).
#[cfg(feature = "test-hooks")]
fn without_generics(segment: &str) -> &str {
    segment.split('<').next().unwrap_or(segment)
}

#[cfg(all(test, feature = "test-hooks"))]
mod tests {
    use super::{function_path, record};
    use amp_core::Loc;

    #[test]
    fn kernels_of_one_function_are_numbered_in_source_order() {
        let dir = std::env::temp_dir().join(format!("amp-dump-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
        let at = |line| Loc::new("src/app.rs", line, 5);
        let closure = "app::run::{{closure}}";
        record(&dir, at(30), closure, "a".into()).expect("write");
        assert_eq!(read("run.wgsl").as_deref(), Some("a"));
        // Built in another order than written: each new kernel renumbers the others.
        record(&dir, at(10), closure, "b".into()).expect("write");
        record(&dir, at(20), closure, "c".into()).expect("write");
        record(&dir, at(40), "app::other::{{closure}}", "d".into()).expect("write");
        assert_eq!(read("run.wgsl"), None);
        assert_eq!(read("run.1.wgsl").as_deref(), Some("b"));
        assert_eq!(read("run.2.wgsl").as_deref(), Some("c"));
        assert_eq!(read("run.3.wgsl").as_deref(), Some("a"));
        assert_eq!(read("other.wgsl").as_deref(), Some("d"));
        // A site built again with other code adds its build; the same code adds nothing.
        record(&dir, at(10), closure, "e".into()).expect("write");
        record(&dir, at(10), closure, "b".into()).expect("write");
        assert_eq!(read("run.1.wgsl").as_deref(), Some("be"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn kernels_are_named_by_their_function() {
        for (closure, name) in [
            ("add_arrays::main::{{closure}}", "main"),
            ("add_arrays::main::{{closure}}::{{closure}}", "main"),
            ("containers::tour::{{closure}}", "tour"),
            (
                "generic_kernels::axpy_views<f32>::{{closure}}",
                "axpy_views",
            ),
            (
                "app::shapes::fill<alloc::vec::Vec<u8>>::{{closure}}",
                "shapes.fill",
            ),
            ("<app::Grid as app::Fill>::fill::{{closure}}", "Grid.fill"),
            (
                "<app::Grid<f32> as app::Fill<f32>>::fill::{{closure}}",
                "Grid.fill",
            ),
            ("app::Grid<i32>::step<u32>::{{closure}}", "Grid.step"),
            ("app::apply<fn(u8) -> u8>::{{closure}}", "apply"),
            ("app::{{closure}}", "kernel"),
        ] {
            assert_eq!(function_path(closure), name, "{closure}");
        }
    }
}
