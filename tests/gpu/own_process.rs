//! Tests that need a process of their own (they change or observe state that every test of the
//! process shares: an environment variable read once, the default accelerator, process-wide
//! counters, every launch on the accelerator) run again as a child of the test binary, with
//! only themselves selected. The test binary stays one link; the test keeps its own process.

use std::process::Command;

/// Set in the child, where the test runs.
const CHILD: &str = "AMP_TEST_OWN_PROCESS";

/// Whether the calling test ran in a process of its own: `true` in the test binary's process
/// once the child that ran it passed (the test then returns), `false` in the child, where the
/// test goes on to run. A test body called outside the test harness (not on a thread that the
/// harness named after the test) runs where it is.
///
/// Panics with the child's output when it failed, or when it ran no test.
pub fn ran_in_own_process() -> bool {
    let thread = std::thread::current();
    let Some(test) = thread.name().filter(|name| *name != "main") else {
        return false;
    };
    if std::env::var_os(CHILD).is_some() {
        return false;
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = Command::new(exe)
        .args([test, "--exact", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("run the test binary");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "`{test}` in a process of its own ({}):\n{stdout}{stderr}",
        out.status
    );
    print!("{stdout}");
    eprint!("{stderr}");
    true
}
