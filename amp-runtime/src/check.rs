//! The checking mode's side of the runtime: which launches ran checked on amp's CPU accelerator,
//! and their findings turned into [`Error::Check`], reported as a checked launch's fault is —
//! by the first observation of data the launch used, or by a wait.
//!
//! A launch in the checking mode puts a debug marker `amp-check:<number>` before its dispatch
//! (`amp_cpu::device::CHECK_MARKER`); the CPU accelerator runs that dispatch under its checker
//! and keeps a report tagged with the number. Reports are collected after the batch is
//! submitted (the CPU accelerator runs a submission before `submit` returns).

use crate::batch::Batch;
use crate::device::Device;
use crate::error::check::{self, CheckError, Finding, Memory, Thread};
use crate::error::{Error, Result};
use amp_core::Loc;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// `AMP_CHECK`: set to anything but `0` or empty, every launch on amp's CPU accelerator runs in
/// the checking mode, and that accelerator is the default unless `AMP_DEFAULT_ACCELERATOR` or
/// [`Accelerator::set_default`](crate::Accelerator::set_default) names another.
pub const CHECK_ENV: &str = "AMP_CHECK";

/// Whether `AMP_CHECK` asks for the checking mode.
pub(crate) fn env_asks() -> bool {
    std::env::var_os(CHECK_ENV).is_some_and(|v| !v.is_empty() && v != "0")
}

/// What a finding needs to be reported: the kernel's name and its source locations.
#[derive(Debug)]
pub(crate) struct KernelSource {
    pub(crate) kernel: String,
    /// A naga span's start indexes this table (amp-core's `KernelIr::locations`).
    pub(crate) locations: Vec<Loc>,
}

impl KernelSource {
    fn loc(&self, span: naga::Span) -> Option<Loc> {
        span.to_range()
            .and_then(|r| self.locations.get(r.start).copied())
    }
}

/// The checked launches of one accelerator whose reports are not in yet, and the errors made
/// of reports not yet reported.
#[derive(Default)]
pub(crate) struct CheckLog {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    next: u64,
    /// Launches by number: their kernel and the data (view cores) they used.
    launched: HashMap<u64, (Arc<KernelSource>, Vec<u64>)>,
    /// Errors not yet reported, with the data their launch used.
    found: Vec<(Vec<u64>, Error)>,
}

impl CheckLog {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers a launch in the checking mode; the returned marker goes before its dispatch.
    pub(crate) fn begin(&self, kernel: &Arc<KernelSource>, cores: Vec<u64>) -> String {
        let mut state = self.lock();
        let number = state.next;
        state.next += 1;
        state.launched.insert(number, (Arc::clone(kernel), cores));
        format!("{}{number}", amp_cpu::device::CHECK_MARKER)
    }

    /// Reports the oldest unreported finding of a checked launch that used the data `core`
    /// (with `None`, of any launch), after submitting the batch and collecting the reports.
    pub(crate) fn take(&self, device: &Device, batch: &Batch, core: Option<u64>) -> Result<()> {
        let mut state = self.lock();
        if !state.launched.is_empty() {
            batch.flush(device)?;
            if let Ok((wgpu_device, _)) = device.opened() {
                for report in amp_cpu::device::take_reports(wgpu_device) {
                    collect(&mut state, report);
                }
            }
        }
        let at = state
            .found
            .iter()
            .position(|(cores, _)| core.is_none_or(|c| cores.contains(&c)));
        match at {
            Some(i) => Err(state.found.remove(i).1),
            None => Ok(()),
        }
    }
}

/// Turns one report of the CPU accelerator into an error, if it found anything.
fn collect(state: &mut State, report: amp_cpu::device::Report) {
    let number = report
        .tag
        .strip_prefix(amp_cpu::device::CHECK_MARKER)
        .unwrap_or(&report.tag)
        .parse::<u64>()
        .ok();
    let Some((kernel, cores)) = number.and_then(|n| state.launched.remove(&n)) else {
        return;
    };
    let mut findings: Vec<Finding> = report
        .findings
        .iter()
        .map(|f| finding(&kernel, f))
        .collect();
    if let Some(amp_cpu::exec::DispatchError::OutOfMemory(oom)) = report.error {
        findings.push(Finding::OutOfMemory { bytes: oom.bytes });
    }
    if !findings.is_empty() {
        let error = Error::Check(CheckError {
            kernel: kernel.kernel.clone(),
            findings,
        });
        state.found.push((cores, error));
    }
}

fn finding(kernel: &KernelSource, f: &amp_cpu::check::Finding) -> Finding {
    use amp_cpu::check::Finding as F;
    let access = |a: &amp_cpu::check::Access| check::Access {
        thread: thread(a.thread),
        kind: match a.kind {
            amp_cpu::check::AccessKind::Read => check::AccessKind::Read,
            amp_cpu::check::AccessKind::Write => check::AccessKind::Write,
            amp_cpu::check::AccessKind::Atomic => check::AccessKind::Atomic,
        },
        loc: kernel.loc(a.span),
    };
    match f {
        F::Race {
            space,
            first,
            second,
            ..
        } => Finding::Race {
            memory: match space {
                amp_cpu::check::Space::Workgroup { .. } => Memory::TileStatic,
                amp_cpu::check::Space::Binding { .. } => Memory::View,
            },
            first: access(first),
            second: access(second),
        },
        F::OutOfRange {
            access: a,
            index,
            len,
        } => Finding::OutOfRange {
            access: access(a),
            index: *index,
            len: *len,
        },
        F::Uninitialized { access: a, .. } => Finding::Uninitialized { access: access(a) },
        F::DivergentBarrier {
            span,
            arrived,
            missing,
            missing_exited,
        } => Finding::DivergentBarrier {
            barrier: kernel.loc(*span),
            arrived: thread(*arrived),
            missing: thread(*missing),
            exited: *missing_exited,
        },
    }
}

fn thread(t: amp_cpu::check::Thread) -> Thread {
    Thread {
        tile: t.group,
        local: t.local,
    }
}
