//! The checking mode (`AcceleratorView::with_checking`, `AMP_CHECK`): one kernel per class of
//! mistake, each launched on a checking view of amp's CPU accelerator, and the `Error::Check` it
//! gets — the kernel, the class, the `file:line:col` of each access, the threads. The same
//! kernels on a plain view run and report nothing.

use amp::error::check::{Access, AccessKind, CheckError, Finding, Memory};
use amp::error::FeatureError;
use amp::prelude::*;
use amp::Error;

/// amp's CPU accelerator's default view, checking or not, whatever the default accelerator is.
fn emulator(checking: bool) -> AcceleratorView {
    let view = Accelerator::emulator()
        .expect("amp's CPU accelerator is always listed")
        .default_view();
    if checking {
        view.with_checking()
    } else {
        view
    }
}

/// The `Error::Check` of a result (panics on anything else).
fn check_error(result: Result<(), Error>) -> CheckError {
    match result {
        Err(Error::Check(e)) => e,
        other => panic!("expected a finding of the checking mode, got {other:?}"),
    }
}

/// Whether `access` is at `line` of this file (with a column).
fn at_line(access: &Access, line: u32) -> bool {
    access
        .loc
        .is_some_and(|loc| loc.line == line && loc.file.ends_with("checking.rs") && loc.column > 0)
}

/// The races of `err` on `memory`.
fn races(err: &CheckError, memory: Memory) -> Vec<(Access, Access)> {
    err.findings
        .iter()
        .filter_map(|f| match f {
            Finding::Race {
                memory: m,
                first,
                second,
            } if *m == memory => Some((*first, *second)),
            _ => None,
        })
        .collect()
}

/// The line before [`tile_static_race`]'s launch.
const TILE_STATIC_RACE: u32 = line!();
/// A tile_static race: each thread writes its element and reads its neighbour's, with no
/// barrier between.
fn tile_static_race(view: &AcceleratorView, out: &ArrayView<i32, 1>) -> Result<(), Error> {
    parallel_for_each!(view, out.extent().tile::<8>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut shared: [i32; 8];
        shared[t.local[0]] = t.global[0];
        out[t.global] = shared[(t.local[0] + 1) % 8];
    })?;
    out.synchronize()
}

#[test]
fn a_missing_barrier_is_a_tile_static_race() {
    let mut data = vec![-1i32; 32];
    let out = ArrayView::new(32, &mut data).expect("view");
    let err = check_error(tile_static_race(&emulator(true), &out));
    let text = err.to_string();
    assert!(
        !err.kernel.is_empty() && text.contains(&err.kernel),
        "{text}"
    );
    let races = races(&err, Memory::TileStatic);
    let (first, second) = *races.first().unwrap_or_else(|| panic!("no race: {text}"));
    let (write, read) = (TILE_STATIC_RACE + 7, TILE_STATIC_RACE + 8);
    // A write and a read of the same tile by different threads, at the kernel's lines.
    let (w, r) = if first.kind == AccessKind::Write {
        (first, second)
    } else {
        (second, first)
    };
    assert_eq!(
        (w.kind, r.kind),
        (AccessKind::Write, AccessKind::Read),
        "{text}"
    );
    assert!(at_line(&w, write) && at_line(&r, read), "{text}");
    assert_eq!(w.thread.tile, r.thread.tile, "{text}");
    assert_ne!(w.thread.local, r.thread.local, "{text}");
    assert!(text.contains(&format!("checking.rs:{write}:")), "{text}");
}

/// The line before [`tile_race`]'s launch.
const TILE_RACE: u32 = line!();
/// Two tiles write the same elements: thread `l` of every tile writes `out[l]`.
fn tile_race(view: &AcceleratorView, out: &ArrayView<i32, 1>) -> Result<(), Error> {
    parallel_for_each!(view, Extent::new([16]).tile::<8>(), |t: TiledIndex<1>| {
        out[t.local] = t.tile[0];
    })?;
    out.synchronize()
}

#[test]
fn two_tiles_writing_one_element_race_on_view_data() {
    let mut data = vec![-1i32; 8];
    let out = ArrayView::new(8, &mut data).expect("view");
    let err = check_error(tile_race(&emulator(true), &out));
    let text = err.to_string();
    let (first, second) = *races(&err, Memory::View)
        .first()
        .unwrap_or_else(|| panic!("no race: {text}"));
    assert_eq!(
        (first.kind, second.kind),
        (AccessKind::Write, AccessKind::Write)
    );
    assert!(
        at_line(&first, TILE_RACE + 4) && at_line(&second, TILE_RACE + 4),
        "{text}"
    );
    assert_ne!(first.thread.tile, second.thread.tile, "{text}");
    assert_eq!(first.thread.local, second.thread.local, "{text}");
    assert!(
        text.contains("threads of different tiles are not ordered"),
        "{text}"
    );
}

/// The line before [`pair_race`]'s launch.
const PAIR_RACE: u32 = line!();
/// An untiled launch whose threads `2k` and `2k + 1` both write `out[k]`.
fn pair_race(view: &AcceleratorView, out: &ArrayView<i32, 1>) -> Result<(), Error> {
    parallel_for_each!(view, Extent::new([2 * out.extent()[0]]), |i: Index<1>| {
        out[i[0] / 2] = i[0];
    })?;
    out.synchronize()
}

#[test]
fn two_threads_of_an_untiled_launch_writing_one_element_race() {
    let mut data = vec![-1i32; 40];
    let out = ArrayView::new(40, &mut data).expect("view");
    let err = check_error(pair_race(&emulator(true), &out));
    let text = err.to_string();
    let found = races(&err, Memory::View);
    assert!(!found.is_empty(), "{text}");
    for (first, second) in found {
        assert_eq!(
            (first.kind, second.kind),
            (AccessKind::Write, AccessKind::Write)
        );
        assert!(
            at_line(&first, PAIR_RACE + 4) && at_line(&second, PAIR_RACE + 4),
            "{text}"
        );
        assert_ne!(first.thread, second.thread, "{text}");
    }
}

/// The line before [`view_past_the_end`]'s launch.
const VIEW_PAST_THE_END: u32 = line!();
/// An unchecked launch whose threads `k` of the upper half write `out[2k]`, past the view's end.
fn view_past_the_end(view: &AcceleratorView, out: &ArrayView<i32, 1>) -> Result<(), Error> {
    // SAFETY: not sound — half the threads write past the end; the checking mode is to find it
    // (and amp's CPU accelerator skips the writes, so no memory outside the view is touched).
    unsafe {
        parallel_for_each_unchecked!(view, out.extent(), |i: Index<1>| {
            out[i[0] * 2] = i[0];
        })
    }?;
    out.synchronize()
}

/// The out-of-range findings of `err`: access, index, length.
fn out_of_range(err: &CheckError) -> Vec<(Access, i64, u64)> {
    err.findings
        .iter()
        .filter_map(|f| match f {
            Finding::OutOfRange { access, index, len } => Some((*access, *index, *len)),
            _ => None,
        })
        .collect()
}

#[test]
fn an_index_past_a_views_end_in_an_unchecked_launch_is_out_of_range() {
    let mut data = vec![-1i32; 20];
    let out = ArrayView::new(20, &mut data).expect("view");
    let err = check_error(view_past_the_end(&emulator(true), &out));
    let text = err.to_string();
    let found = out_of_range(&err);
    // One finding per place in the source. The checker knows the length of the binding, not
    // the view's extent: the view's data has one more element amp's checked launches use
    // (the sentinel), so index 20 is not found; 22 and above are.
    assert_eq!(found.len(), 1, "{text}");
    let (access, index, len) = found[0];
    assert!(index > 20 && (20..=21).contains(&len), "{text}");
    assert!(at_line(&access, VIEW_PAST_THE_END + 7), "{text}");
    let thread = access.thread.tile[0] * 64 + access.thread.local[0];
    assert_eq!(i64::from(thread) * 2, index, "{text}");
    drop(out);
    let evens: Vec<i32> = (0..10).collect();
    assert_eq!(data.iter().step_by(2).copied().collect::<Vec<_>>(), evens);
}

/// The line before [`local_past_the_end`]'s launch.
const LOCAL_PAST_THE_END: u32 = line!();
/// An unchecked launch whose threads 4 to 7 index a local array of 4 past its end.
fn local_past_the_end(view: &AcceleratorView, out: &ArrayView<i32, 1>) -> Result<(), Error> {
    // SAFETY: not sound — threads 4 to 7 index past the local array; the checking mode is to
    // find it.
    unsafe {
        parallel_for_each_unchecked!(view, out.extent(), |i: Index<1>| {
            let mut a = [0i32; 4];
            a[i[0]] = 7;
            out[i] = a[0] + a[1];
        })
    }?;
    out.synchronize()
}

#[test]
fn an_index_past_a_local_arrays_end_in_an_unchecked_launch_is_out_of_range() {
    let mut data = vec![-1i32; 8];
    let out = ArrayView::new(8, &mut data).expect("view");
    let err = check_error(local_past_the_end(&emulator(true), &out));
    let text = err.to_string();
    let found = out_of_range(&err);
    // One finding per place in the source (threads 4 to 7 all index past it there).
    assert_eq!(found.len(), 1, "{text}");
    for (access, index, len) in found {
        assert_eq!(len, 4, "{text}");
        assert!((4..8).contains(&index), "{text}");
        assert!(at_line(&access, LOCAL_PAST_THE_END + 8), "{text}");
        assert_eq!(i64::from(access.thread.local[0]), index, "{text}");
    }
}

/// The line before [`uninitialized_read`]'s launch.
const UNINITIALIZED_READ: u32 = line!();
/// Only thread 0 of each tile writes its tile_static element; every thread reads its own.
fn uninitialized_read(view: &AcceleratorView, out: &ArrayView<i32, 1>) -> Result<(), Error> {
    parallel_for_each!(view, out.extent().tile::<4>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut shared: [i32; 4];
        if t.local[0] == 0 {
            shared[0] = 5;
        }
        t.barrier.wait();
        out[t.global] = shared[t.local[0]];
    })?;
    out.synchronize()
}

#[test]
fn reading_tile_static_memory_no_thread_wrote_is_an_uninitialised_read() {
    let mut data = vec![-1i32; 8];
    let out = ArrayView::new(8, &mut data).expect("view");
    let err = check_error(uninitialized_read(&emulator(true), &out));
    let text = err.to_string();
    let reads: Vec<Access> = err
        .findings
        .iter()
        .filter_map(|f| match f {
            Finding::Uninitialized { access } => Some(*access),
            _ => None,
        })
        .collect();
    assert!(!reads.is_empty(), "{text}");
    for access in reads {
        assert_eq!(access.kind, AccessKind::Read, "{text}");
        assert!(at_line(&access, UNINITIALIZED_READ + 10), "{text}");
        assert_ne!(access.thread.local[0], 0, "{text}");
    }
    assert!(
        err.findings
            .iter()
            .all(|f| matches!(f, Finding::Uninitialized { .. })),
        "{text}"
    );
}

#[test]
fn without_checking_the_same_kernels_run_and_report_nothing() {
    let view = emulator(false);
    assert!(!view.is_checking() || std::env::var_os("AMP_CHECK").is_some());
    if view.is_checking() {
        return; // AMP_CHECK=1 for the whole suite: every launch here is checked.
    }
    let mut data = vec![-1i32; 40];
    let out = ArrayView::new(40, &mut data).expect("view");
    tile_static_race(&view, &out.section(0, 32).expect("section")).expect("tile_static race");
    tile_race(&view, &out.section(0, 8).expect("section")).expect("tile race");
    pair_race(&view, &out).expect("pair race");
    view_past_the_end(&view, &out.section(0, 20).expect("section")).expect("past a view");
    local_past_the_end(&view, &out.section(0, 8).expect("section")).expect("past a local");
    uninitialized_read(&view, &out.section(0, 8).expect("section")).expect("uninitialised");
}

#[test]
fn checking_elsewhere_than_amps_cpu_accelerator_is_unsupported() {
    let Some(other) = Accelerator::all()
        .expect("accelerators")
        .into_iter()
        .find(|a| !a.is_emulated() && !a.is_host_only())
    else {
        return; // only amp's own accelerator here: nothing else to ask.
    };
    let mut data = vec![-1i32; 32];
    let out = ArrayView::new(32, &mut data).expect("view");
    let view = other.default_view().with_checking();
    match tile_static_race(&view, &out) {
        Err(Error::UnsupportedFeature(FeatureError::Checking { accelerator, .. })) => {
            assert_eq!(accelerator, other.description());
        }
        other => panic!("expected FeatureError::Checking, got {other:?}"),
    }
}

/// Run by [`amp_check_turns_it_on_for_every_launch`] in a child process with `AMP_CHECK=1`:
/// a launch on the emulator's plain default view is checked.
#[test]
#[ignore = "run by amp_check_turns_it_on_for_every_launch with AMP_CHECK=1"]
fn amp_check_child() {
    let view = emulator(false);
    assert!(
        view.is_checking(),
        "AMP_CHECK=1 puts every launch in the checking mode"
    );
    let mut data = vec![-1i32; 32];
    let out = ArrayView::new(32, &mut data).expect("view");
    let err = check_error(tile_static_race(&view, &out));
    assert!(!races(&err, Memory::TileStatic).is_empty(), "{err}");
    // The default accelerator is amp's own when AMP_DEFAULT_ACCELERATOR names none.
    if std::env::var_os("AMP_DEFAULT_ACCELERATOR").is_none() {
        assert!(Accelerator::default().expect("default").is_emulated());
    }
}

#[test]
fn amp_check_turns_it_on_for_every_launch() {
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = std::process::Command::new(exe)
        .args(["checking::amp_check_child", "--exact", "--ignored"])
        .env("AMP_CHECK", "1")
        .output()
        .expect("run the test binary");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
