//! The generated program's runtime (copied into the scratch crate as `src/fuzz_rt.rs`, not
//! compiled in the test): runs the cases named on the command line one after another and
//! reports each on stdout as `FUZZ-START <case>` and `FUZZ-END <case> <outcome> <message>`.
//!
//! A case calls its driver, which runs until it reaches the mutant's launch; that launch is
//! wrapped to call [`enter`] before and [`done`] after, and `done` waits for the launch's
//! faults, reports the outcome and unwinds back here. The process exits after an outcome that
//! may have left the accelerator or amp's state broken; the test restarts it after that case.

use std::cell::{Cell, RefCell};
use std::io::Write;

thread_local! {
    static IN_LAUNCH: Cell<bool> = const { Cell::new(false) };
    static PANIC: RefCell<String> = const { RefCell::new(String::new()) };
    /// Why the driver returned without reaching the launch, when it says.
    static RETURNED: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Records the error a driver returned before it reached the mutant's launch.
pub fn returned<T, E: std::fmt::Debug>(result: Result<T, E>) {
    if let Err(e) = result {
        RETURNED.with(|r| *r.borrow_mut() = format!("the driver returned {e:?}"));
    }
}

/// What `done` unwinds with.
struct Reached;

/// Marks the start of the mutant's launch.
pub fn enter() {
    IN_LAUNCH.with(|c| c.set(true));
}

/// Reports the launch's outcome and ends the case.
pub fn done(result: &amp::Result<()>) -> ! {
    IN_LAUNCH.with(|c| c.set(false));
    let outcome = match result {
        Err(e) => Err(e.clone()),
        Ok(()) => settle(),
    };
    let (kind, message) = match &outcome {
        Ok(()) => ("ok", String::new()),
        Err(e) => (classify(e), located(e)),
    };
    report(kind, &message);
    if matches!(kind, "device" | "removed") {
        // The accelerator may be lost: the next case starts a new process.
        std::process::exit(3);
    }
    std::panic::resume_unwind(Box::new(Reached))
}

/// Waits for the launch and returns its first fault.
fn settle() -> amp::Result<()> {
    let accelerator = amp::Accelerator::default()?;
    accelerator.wait()
}

fn classify(e: &amp::Error) -> &'static str {
    match e {
        // The kernel ran and what went wrong is reported on its source lines: a checked
        // access out of range, a finding of the checking mode, a failed `assert!`.
        amp::Error::OutOfBounds { fault: Some(_), .. }
        | amp::Error::Check(_)
        | amp::Error::Assertion(_) => "fault",
        amp::Error::Kernel(amp::KernelError::Build { .. }) => "build",
        amp::Error::Kernel(amp::KernelError::Validation { .. }) => "validation",
        amp::Error::Kernel(amp::KernelError::Unsupported { .. }) => "unsupported",
        amp::Error::UnsupportedFeature(_) => "unsupported",
        amp::Error::InvalidComputeDomain(_) => "domain",
        amp::Error::OutOfMemory(_) => "memory",
        // Typed errors about the data a launch was given: arrays of another accelerator,
        // textures a kernel cannot use as it asks.
        amp::Error::AcceleratorMismatch(_) | amp::Error::Texture(_) => "data",
        amp::Error::Device(_) => "device",
        amp::Error::AcceleratorRemoved(_) => "removed",
        _ => "other",
    }
}

/// The message, prefixed with `file:line` for a build error located in the kernel.
fn located(e: &amp::Error) -> String {
    match e {
        amp::Error::Kernel(amp::KernelError::Build { loc, .. }) => {
            format!("{}:{} {e}", loc.file, loc.line)
        }
        _ => e.to_string(),
    }
}

fn report(kind: &str, message: &str) {
    let case = CASE.with(Cell::get);
    let message = message.replace('\\', "\\\\").replace('\n', "\\n");
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "FUZZ-END {case} {kind} {message}");
    let _ = out.flush();
}

thread_local! {
    static CASE: Cell<usize> = const { Cell::new(0) };
}

/// Runs the cases from the one named on the command line to the last.
pub fn main(cases: &[fn()]) {
    std::panic::set_hook(Box::new(|info| {
        let message = match info.payload().downcast_ref::<&str>() {
            Some(s) => (*s).to_owned(),
            None => info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_default(),
        };
        let at = info.location().map(|l| l.to_string()).unwrap_or_default();
        PANIC.with(|p| *p.borrow_mut() = format!("{message} at {at}"));
    }));
    let first: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    // Drivers may set environment variables that amp reads once (tests/gpu/dispatch_split.rs lowers
    // the dispatch limit): after such a case, the next one starts in a new process.
    let environment: Vec<_> = std::env::vars_os().collect();
    for (case, run) in cases.iter().enumerate().skip(first) {
        if std::env::vars_os().collect::<Vec<_>>() != environment {
            std::process::exit(3);
        }
        CASE.with(|c| c.set(case));
        IN_LAUNCH.with(|c| c.set(false));
        RETURNED.with(|r| r.borrow_mut().clear());
        {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "FUZZ-START {case}");
            let _ = out.flush();
        }
        match std::panic::catch_unwind(run) {
            Ok(()) => report("unreached", &RETURNED.with(|r| r.borrow().clone())),
            Err(payload) if payload.is::<Reached>() => {}
            Err(_) => {
                let message = PANIC.with(|p| p.borrow().clone());
                if IN_LAUNCH.with(Cell::get) {
                    report("panic", &message);
                    std::process::exit(3);
                }
                report("setup-panic", &message);
            }
        }
    }
}
