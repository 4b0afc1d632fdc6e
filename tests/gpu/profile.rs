//! `Accelerator::profile`: every launch in the closure timed on the accelerator's clock, counted
//! per kernel; errors as values where the accelerator has no timestamps inside passes, for a
//! second profile while one is open, and from the closure itself.
//!
//! A profile times every launch on its accelerator, whichever thread records it, so each test of
//! this file runs in a process of its own, and they take turns (`serial`).

use crate::own_process::ran_in_own_process;
use amp::prelude::*;
use amp::{Error, Profile};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// amp_runtime::queue::BATCH_LIMIT: launches a batch holds before it is submitted.
const BATCH_LIMIT: usize = 64;

fn serial() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `acc.profile(f)`, or `None` after checking the error where the accelerator cannot profile.
fn profile_if_supported<R>(
    acc: &Accelerator,
    f: impl FnOnce() -> Result<R, Error>,
) -> Result<Option<(R, Profile)>, Error> {
    match acc.profile(f) {
        Err(Error::UnsupportedFeature(why)) if !acc.supports_profiling() => {
            let why = why.to_string();
            assert!(why.contains(acc.description()), "{why}");
            assert!(why.contains("TIMESTAMP_QUERY_INSIDE_PASSES"), "{why}");
            eprintln!("{acc} cannot profile: {why}");
            Ok(None)
        }
        Ok(timed) => {
            assert!(acc.supports_profiling(), "profiled where it says it cannot");
            Ok(Some(timed))
        }
        Err(error) => Err(error),
    }
}

/// The sum of the launches' times is the total, and no launch took longer than `wall`.
fn check_times(profile: &Profile, wall: Duration) {
    let sum: Duration = profile.launches().iter().map(|l| l.gpu_time()).sum();
    assert_eq!(profile.total(), sum);
    let per_kernel: Duration = profile.by_kernel().iter().map(|k| k.total()).sum();
    assert_eq!(profile.total(), per_kernel);
    for launch in profile.launches() {
        assert!(
            launch.gpu_time() <= wall,
            "{launch:?} took longer than the whole profile"
        );
    }
}

#[test]
fn launches_of_two_kernels_are_counted_per_kernel() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    let _turn = serial();
    let acc = Accelerator::default()?;
    let n = 1 << 16;
    let mut data = vec![1u32; n];
    let v = ArrayView::new(n as i32, &mut data)?;
    let started = std::time::Instant::now();
    let timed = profile_if_supported(&acc, || {
        for round in 0..3u32 {
            parallel_for_each!(acc, v.extent(), |i: Index<1>| {
                v[i] = v[i] * 3 + i[0] as u32;
            })?;
            if round < 2 {
                parallel_for_each!(acc, v.extent(), |i: Index<1>| {
                    v[i] += 1;
                })?;
            }
        }
        Ok(round_trip_marker())
    })?;
    let wall = started.elapsed();
    let Some((marker, profile)) = timed else {
        return Ok(());
    };
    assert_eq!(marker, 7);
    let kernels = profile.by_kernel();
    let counted: Vec<(u32, usize)> = kernels
        .iter()
        .map(|k| (k.site().line, k.launches()))
        .collect();
    let (first, second) = (counted[0].0, counted[1].0);
    assert_eq!(counted, [(first, 3), (second, 2)], "{profile}");
    assert!(first < second);
    assert!(
        kernels[0].kernel().starts_with("parallel_for_each at ")
            && kernels[0].kernel().contains("tests/gpu/profile.rs:"),
        "{}",
        kernels[0].kernel()
    );
    // Launches in program order: 3x, +1, 3x, +1, 3x.
    let lines: Vec<u32> = profile.launches().iter().map(|l| l.site().line).collect();
    assert_eq!(lines, [first, second, first, second, first]);
    check_times(&profile, wall);
    // 64 Ki elements per launch take measurable time on any device.
    assert!(profile.total() > Duration::ZERO, "{profile}");
    let table = profile.to_string();
    assert_eq!(table.lines().count(), 4, "{table}");
    assert!(table.contains("tests/gpu/profile.rs:"), "{table}");
    println!("{table}");

    // The kernels computed what they compute without a profile.
    drop(v);
    for (i, &got) in data.iter().enumerate() {
        let mut want = 1u32;
        for round in 0..3 {
            want = want.wrapping_mul(3).wrapping_add(i as u32);
            if round < 2 {
                want += 1;
            }
        }
        assert_eq!(got, want, "element {i}");
    }
    Ok(())
}

/// A value the closure hands back through the profile.
fn round_trip_marker() -> u32 {
    7
}

#[test]
fn a_profile_over_several_batches_counts_every_launch() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    let _turn = serial();
    let acc = Accelerator::default()?;
    let immediate = acc.create_view(QueuingMode::Immediate);
    let launches = 3 * BATCH_LIMIT + 7;
    let mut data = vec![0u32; 256];
    let v = ArrayView::new(256, &mut data)?;
    // A launch recorded before the profile opens, in the batch the profile's first launches
    // join: not counted.
    parallel_for_each!(acc, v.extent(), |i: Index<1>| {
        v[i] += 1000;
    })?;
    let started = std::time::Instant::now();
    let timed = profile_if_supported(&acc, || {
        for k in 0..launches {
            // Every tenth on an immediate view (each submitted alone), the rest batched.
            if k % 10 == 0 {
                parallel_for_each!(immediate, v.extent(), |i: Index<1>| {
                    v[i] += 1;
                })?;
            } else {
                parallel_for_each!(acc, v.extent(), |i: Index<1>| {
                    v[i] += 1;
                })?;
            }
        }
        Ok(())
    })?;
    let wall = started.elapsed();
    // An accelerator that cannot profile runs none of the profiled launches.
    let ran = if timed.is_some() { launches } else { 0 };
    if let Some(((), profile)) = timed {
        assert_eq!(profile.launches().len(), launches);
        let counts: Vec<usize> = profile.by_kernel().iter().map(|k| k.launches()).collect();
        assert_eq!(
            counts,
            [launches.div_ceil(10), launches - launches.div_ceil(10)]
        );
        check_times(&profile, wall);
    }
    // Launches after the profile are not timed, and nothing is left open.
    parallel_for_each!(acc, v.extent(), |i: Index<1>| {
        v[i] += 1;
    })?;
    drop(v);
    assert!(data.iter().all(|&x| x == 1000 + ran as u32 + 1));
    Ok(())
}

#[test]
fn a_second_profile_while_one_is_open_is_an_error() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    let _turn = serial();
    let acc = Accelerator::default()?;
    if !acc.supports_profiling() {
        let result = acc.profile(|| Ok::<_, Error>(()));
        assert!(
            matches!(result, Err(Error::UnsupportedFeature(_))),
            "{result:?}"
        );
        return Ok(());
    }
    let mut data = vec![0u32; 64];
    let v = ArrayView::new(64, &mut data)?;
    let ((nested, other_thread), profile) = acc.profile(|| {
        parallel_for_each!(acc, v.extent(), |i: Index<1>| {
            v[i] += 1;
        })?;
        let nested = acc.profile(|| Ok::<_, Error>(())).map(drop);
        let other_thread = std::thread::scope(|s| {
            s.spawn(|| acc.profile(|| Ok::<_, Error>(())).map(drop))
                .join()
                .expect("the profiling thread panicked")
        });
        Ok::<_, Error>((nested, other_thread))
    })?;
    for result in [nested, other_thread] {
        let Err(Error::InvalidArgument(why)) = result else {
            panic!("a second profile was not rejected: {result:?}");
        };
        let why = why.to_string();
        assert!(
            why.contains("already open") && why.contains(acc.description()),
            "{why}"
        );
    }
    // The rejected profiles left the open one alone.
    assert_eq!(profile.launches().len(), 1);
    // And once it is closed, profiling works again.
    let ((), again) = acc.profile(|| {
        parallel_for_each!(acc, v.extent(), |i: Index<1>| {
            v[i] += 1;
        })
    })?;
    assert_eq!(again.launches().len(), 1);
    Ok(())
}

/// An error of the caller's own, which amp's errors convert into.
#[derive(Debug, PartialEq)]
enum AppError {
    Amp(Error),
    GaveUp(u32),
}

impl From<Error> for AppError {
    fn from(error: Error) -> Self {
        AppError::Amp(error)
    }
}

#[test]
fn the_closures_error_is_returned_as_is() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    let _turn = serial();
    let acc = Accelerator::default()?;
    let mut data = vec![0u32; 64];
    let v = ArrayView::new(64, &mut data)?;
    let result = acc.profile(|| {
        parallel_for_each!(acc, v.extent(), |i: Index<1>| {
            v[i] += 1;
        })?;
        Err::<(), _>(AppError::GaveUp(3))
    });
    if !acc.supports_profiling() {
        assert!(matches!(
            result,
            Err(AppError::Amp(Error::UnsupportedFeature(_)))
        ));
        return Ok(());
    }
    assert_eq!(result, Err(AppError::GaveUp(3)));
    // amp's own error type too.
    let result = acc.profile(|| {
        v.get(64)?;
        Ok::<_, Error>(())
    });
    assert!(
        matches!(result, Err(Error::OutOfBounds { .. })),
        "{result:?}"
    );
    // Profiling stopped cleanly: the next profile opens, and sees only its own launch.
    let ((), profile) = acc.profile(|| {
        parallel_for_each!(acc, v.extent(), |i: Index<1>| {
            v[i] += 1;
        })
    })?;
    assert_eq!(profile.launches().len(), 1);
    drop(v);
    assert!(data.iter().all(|&x| x == 2));
    Ok(())
}

#[test]
fn a_panic_in_the_closure_closes_the_profile() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    let _turn = serial();
    let acc = Accelerator::default()?;
    if !acc.supports_profiling() {
        return Ok(());
    }
    // Quiet: the panic is the point (the tests of this file take turns, so no other panic is
    // hidden).
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _ = acc.profile(|| -> Result<(), Error> { panic!("inside a profile") });
    }));
    std::panic::set_hook(hook);
    assert!(panicked.is_err());
    let ((), profile) = acc.profile(|| Ok::<_, Error>(()))?;
    assert!(profile.is_empty());
    Ok(())
}
