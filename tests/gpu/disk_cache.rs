//! The pipeline cache on disk: written after a kernel is built, read by later processes,
//! never trusted blindly (a corrupt file is ignored), and off with `AMP_CACHE_DIR=off`.

use std::path::Path;
use std::process::Command;

/// Runs the `cold_start` example with `AMP_CACHE_DIR` set to `dir`; returns its output.
fn cold_start(dir: &str) -> String {
    run_with(&[("AMP_CACHE_DIR", dir)])
}

/// Runs the `cold_start` example with the environment variables `env`.
fn run_with(env: &[(&str, &str)]) -> String {
    let mut command = Command::new(env!("CARGO"));
    command.args(["run", "--quiet", "--example", "cold_start"]);
    command.env_remove("AMP_CACHE_DIR");
    for (key, value) in env {
        command.env(key, value);
    }
    let out = command.output().expect("cargo run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default()
}

#[test]
fn kernels_are_cached_on_disk_across_processes() {
    let dir = std::env::temp_dir().join(format!("amp-cache-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_string_lossy().into_owned();
    assert!(cold_start(&dir_text).contains("first launch"));
    let written = files(&dir);
    // One file per accelerator and amp version (none where the backend keeps no caches).
    assert!(written.len() <= 1, "{written:?}");
    for file in &written {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        assert!(name.ends_with(env!("CARGO_PKG_VERSION")), "{name}");
        assert!(!name.contains("tmp"), "no temporary file is left: {name}");
        // A corrupt cache is ignored: the next process still runs (and rewrites it).
        std::fs::write(file, b"not a pipeline cache").expect("corrupt the cache");
    }
    assert!(cold_start(&dir_text).contains("first launch"));
    for file in &written {
        let data = std::fs::read(file).expect("rewritten");
        assert_ne!(data, b"not a pipeline cache");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_cache_defaults_to_the_user_cache_directory_and_can_be_turned_off() {
    let home = std::env::temp_dir().join(format!("amp-xdg-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let home_text = home.to_string_lossy().into_owned();
    run_with(&[("XDG_CACHE_HOME", &home_text), ("AMP_CACHE_DIR", "off")]);
    assert!(!home.join("amp").exists(), "off writes nothing");
    let written_by_default = {
        run_with(&[("XDG_CACHE_HOME", &home_text)]);
        files(&home.join("amp"))
    };
    // Vulkan keeps pipeline caches: the default is `$XDG_CACHE_HOME/amp`.
    let vulkan = amp::Accelerator::default().is_ok_and(|acc| acc.backend() == "vulkan");
    let expected = usize::from(vulkan);
    assert_eq!(written_by_default.len(), expected, "{written_by_default:?}");
    let _ = std::fs::remove_dir_all(&home);
}
