//! IR snapshots: every example's kernels, checked and unchecked, as the WGSL naga writes for them,
//! kept under `tests/snapshots/EXAMPLE/` so that a change in generated code shows up as a diff.
//!
//! Each example runs with `AMP_SNAPSHOT_DIR` set; the runtime then writes one file per kernel,
//! named by the function the kernel is written in (`tour.wgsl`; `tour.1.wgsl`, `tour.2.wgsl`, …
//! in source order where the function holds several), built without device-dependent code (no
//! loop limit).
//! `AMP_UPDATE_SNAPSHOTS=1 cargo test --test snapshots` rewrites the snapshots from the run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

const UPDATE: &str = "AMP_UPDATE_SNAPSHOTS=1 cargo test --test snapshots";

/// Examples run at a time: each is mostly one process starting a device and compiling kernels.
const PARALLEL: usize = 4;

#[test]
fn every_example_kernel_matches_its_wgsl_snapshot() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let snapshots = root.join("tests/snapshots");
    let update = std::env::var_os("AMP_UPDATE_SNAPSHOTS").is_some_and(|v| v != "0");
    // `tour` re-runs the other examples' kernels.
    let examples: Vec<String> = files(&root.join("examples"))
        .into_keys()
        .filter_map(|f| f.strip_suffix(".rs").map(str::to_owned))
        .filter(|name| name != "tour")
        .collect();
    assert!(!examples.is_empty(), "no examples found");

    // One build of them all first, so that the parallel runs below only run.
    let build = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--examples"])
        .current_dir(root)
        .output()
        .expect("cargo build");
    assert!(
        build.status.success(),
        "cargo build --examples failed:\n{}",
        String::from_utf8_lossy(&build.stderr)
    );

    let scratch = std::env::temp_dir().join(format!(
        "amp-snapshots-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    let queue = Mutex::new(examples.iter());
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..PARALLEL {
            s.spawn(|| loop {
                let next = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
                let Some(name) = next else { break };
                let produced = scratch.join(name);
                let expected = snapshots.join(name);
                let outcome = run_example(root, name, &produced).and_then(|()| {
                    if update {
                        rewrite(&produced, &expected);
                        Ok(())
                    } else {
                        compare(name, &produced, &expected)
                    }
                });
                if let Err(e) = outcome {
                    failures.lock().unwrap_or_else(|e| e.into_inner()).push(e);
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&scratch);

    let mut failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    // Snapshots of examples that no longer exist.
    for stale in files(&snapshots).into_keys() {
        if !examples.contains(&stale) {
            if update {
                std::fs::remove_dir_all(snapshots.join(&stale)).expect("remove stale snapshots");
            } else {
                failures.push(format!(
                    "tests/snapshots/{stale}/: there is no example `{stale}`"
                ));
            }
        }
    }
    failures.sort();
    assert!(
        failures.is_empty(),
        "{} snapshot failure(s):\n\n{}\n\nIf the change in generated code is intended, \
         update the snapshots with `{UPDATE}` and review the diff.",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Runs the example with its kernels' snapshots written to `dir`.
fn run_example(root: &Path, name: &str, dir: &Path) -> Result<(), String> {
    // In the scratch directory, which holds what examples write to their working directory
    // (the picture examples' PNGs) until it is removed.
    let scratch = dir.parent().unwrap_or(dir);
    std::fs::create_dir_all(scratch).map_err(|e| format!("example `{name}`: {e}"))?;
    let out = Command::new(env!("CARGO"))
        .arg("run")
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .args(["--example", name])
        .current_dir(scratch)
        .env("AMP_SNAPSHOT_DIR", dir)
        .output()
        .map_err(|e| format!("example `{name}`: cargo run: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "example `{name}` failed ({}):\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// The files of `dir` (file name → path); empty if `dir` does not exist.
fn files(dir: &Path) -> BTreeMap<String, PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return BTreeMap::new();
    };
    entries
        .map(|e| e.expect("read_dir entry"))
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect()
}

/// Every produced file equals the kept one, and every kept one was produced.
fn compare(name: &str, produced: &Path, expected: &Path) -> Result<(), String> {
    let produced = files(produced);
    let expected = files(expected);
    let mut problems = Vec::new();
    for (file, path) in &produced {
        let shown = format!("tests/snapshots/{name}/{file}");
        let Some(kept) = expected.get(file) else {
            problems.push(format!("{shown}: missing (the example produced it)"));
            continue;
        };
        let got = std::fs::read_to_string(path).expect("read produced snapshot");
        let want = std::fs::read_to_string(kept).expect("read kept snapshot");
        if let Some(diff) = first_difference(&want, &got) {
            problems.push(format!("{shown}: differs; {diff}"));
        }
    }
    for file in expected.keys().filter(|f| !produced.contains_key(*f)) {
        problems.push(format!(
            "tests/snapshots/{name}/{file}: extra (the example no longer produces it)"
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// The first line where `got` differs from `want`, if any.
fn first_difference(want: &str, got: &str) -> Option<String> {
    if want == got {
        return None;
    }
    let (mut w, mut g) = (want.lines(), got.lines());
    let show = |l: Option<&str>| l.map_or("<end of file>".into(), |l| format!("`{l}`"));
    for line in 1.. {
        match (w.next(), g.next()) {
            (None, None) => break,
            (a, b) if a == b => {}
            (a, b) => {
                return Some(format!(
                    "first difference at line {line}:\n  kept:     {}\n  produced: {}",
                    show(a),
                    show(b)
                ))
            }
        }
    }
    Some("the lines are equal; line endings or the final newline differ".into())
}

/// Replaces the kept snapshots with the produced ones.
fn rewrite(produced: &Path, expected: &Path) {
    let _ = std::fs::remove_dir_all(expected);
    let produced = files(produced);
    if !produced.is_empty() {
        std::fs::create_dir_all(expected).expect("create snapshot directory");
    }
    for (file, path) in produced {
        std::fs::copy(path, expected.join(file)).expect("copy snapshot");
    }
}
