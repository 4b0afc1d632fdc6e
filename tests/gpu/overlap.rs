//! Copies overlapped with kernels: `copy_async` and `synchronize_async` started while kernels
//! are queued keep program order where the data is shared (an upload into data a queued kernel
//! reads or writes, a download of data a queued kernel writes or a later kernel overwrites),
//! chains of them give the same results whatever the order and manner of waiting, and waiting
//! for one waits for nothing submitted after it.

use crate::common;
use crate::own_process::ran_in_own_process;

use amp::prelude::*;
use amp::Error;
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn random(len: usize, seed: u32) -> Vec<i32> {
    common::random_words(len, seed)
        .into_iter()
        .map(|s| (s % 2_000_001) as i32 - 1_000_000)
        .collect()
}

/// Runs `body` on a thread of its own and fails the test if it has not finished within
/// `limit`: a hang shows up as a failure naming the test, not as a stuck run.
fn within(limit: Duration, body: impl FnOnce() -> Result<(), Error> + Send + 'static) {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(body());
    });
    match rx.recv_timeout(limit) {
        Ok(result) => result.expect("the test body"),
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("not finished after {limit:?}: a hang"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("the test body panicked"),
    }
}

/// Every hazard between a copy started with `copy_async` and kernels queued before or after
/// it, on a view that batches launches and on one that submits each at once: the queue keeps
/// program order where the same data is involved. Completions are waited for last, newest
/// first.
#[test]
fn copies_and_queued_kernels_keep_program_order_on_shared_data() -> Result<(), Error> {
    let n = 300_000;
    let acc = Accelerator::default()?;
    for mode in [QueuingMode::Automatic, QueuingMode::Immediate] {
        let view = acc.create_view(mode);
        let (first, second, third) = (random(n, 61), random(n, 62), random(n, 63));
        let a = Array::new(n as i32, &first)?;
        let b = Array::filled(n as i32, -9)?;
        // Read by a queued kernel, then overwritten by an upload (write after read).
        parallel_for_each!(&view, b.extent(), |i: Index<1>| {
            b[i] = a[i] * 3 + 1;
        })?;
        let up = copy_async(&second, &a);
        // A kernel after the upload reads the uploaded data (read after write).
        parallel_for_each!(&view, a.extent(), |i: Index<1>| {
            a[i] = a[i] + 5;
        })?;
        // A download of data a queued kernel wrote (read after write)...
        let mut got_b = vec![7; n];
        let down = copy_async(&b, &mut got_b);
        // ... that a later kernel overwrites (write after read) ...
        parallel_for_each!(&view, b.extent(), |i: Index<1>| {
            b[i] = -1;
        })?;
        // ... and an upload then overwrites again (write after write).
        let last = copy_async(&third, &b);
        last.wait()?;
        down.wait()?;
        up.wait()?;
        let f: Vec<i32> = first.iter().map(|&x| x * 3 + 1).collect();
        assert_eq!(
            got_b, f,
            "{mode:?}: the download saw the kernel before it, not after"
        );
        let plus: Vec<i32> = second.iter().map(|&x| x + 5).collect();
        assert_eq!(
            a.to_vec()?,
            plus,
            "{mode:?}: the kernel after the upload read it"
        );
        assert_eq!(b.to_vec()?, third, "{mode:?}: the last write wins");
    }
    Ok(())
}

/// How a pipeline below waits for its copies.
#[derive(Clone, Copy, Debug)]
enum Waits {
    /// Each download as soon as the next kernel is queued.
    Eager,
    /// Two chunks behind.
    Lagging,
    /// All at the end, newest first.
    Reversed,
    /// Dropped unfinished (dropping finishes them).
    Dropped,
    /// Awaited, oldest first.
    Awaited,
}

/// A double-buffered pipeline: chunk k+1 is uploaded and chunk k-1 downloaded while the kernel
/// of chunk k is queued, through two input and two output arrays, with checked launches.
fn pipeline(input: &[f32], chunk: usize, waits: Waits) -> Result<Vec<f32>, Error> {
    let mut output = vec![f32::NAN; input.len()];
    let ins = [
        Array::filled(chunk as i32, 0.0f32)?,
        Array::filled(chunk as i32, 0.0f32)?,
    ];
    let outs = [
        Array::filled(chunk as i32, 0.0f32)?,
        Array::filled(chunk as i32, 0.0f32)?,
    ];
    let chunks: Vec<&[f32]> = input.chunks(chunk).collect();
    let mut targets: Vec<&mut [f32]> = output.chunks_mut(chunk).collect();
    let mut downs = std::collections::VecDeque::new();
    let mut ups = vec![copy_async(chunks[0], &ins[0])];
    for k in 0..chunks.len() {
        let (x, y) = (&ins[k % 2], &outs[k % 2]);
        parallel_for_each!(y.extent(), |i: Index<1>| {
            y[i] = x[i] * 2.5 + 1.0;
        })?;
        if let Some(next) = chunks.get(k + 1) {
            ups.push(copy_async(*next, &ins[(k + 1) % 2]));
        }
        downs.push_back(copy_async(&outs[k % 2], targets.remove(0)));
        match waits {
            Waits::Eager if downs.len() > 1 => downs.pop_front().map_or(Ok(()), |d| d.wait())?,
            Waits::Lagging if downs.len() > 2 => downs.pop_front().map_or(Ok(()), |d| d.wait())?,
            _ => {}
        }
    }
    drop(targets);
    match waits {
        Waits::Reversed => {
            for done in downs.into_iter().rev().chain(ups.into_iter().rev()) {
                done.wait()?;
            }
        }
        Waits::Dropped => drop((downs, ups)),
        Waits::Awaited => pollster::block_on(async {
            for done in ups.into_iter().chain(downs) {
                done.await?;
            }
            Ok::<(), Error>(())
        })?,
        Waits::Eager | Waits::Lagging => {
            for done in downs.into_iter().chain(ups) {
                done.wait()?;
            }
        }
    }
    Ok(output)
}

/// A chain of uploads, kernels and downloads over more data than the arrays hold gives the CPU's
/// results whatever the order and manner of waiting, and finishes.
#[test]
fn a_pipeline_of_copies_and_kernels_gives_the_cpus_results_whatever_the_waits() {
    within(Duration::from_secs(300), || {
        // 11 chunks, the last one short: every array is reused several times.
        let chunk = 40_000;
        // Multiples of 1/4: `x * 2.5 + 1.0` is exact, fused or not.
        let input: Vec<f32> = common::random_words(10 * chunk + 123, 64)
            .into_iter()
            .map(|w| (w % 8192) as f32 * 0.25 - 1024.0)
            .collect();
        let expected: Vec<f32> = input.iter().map(|&x| x * 2.5 + 1.0).collect();
        for waits in [
            Waits::Eager,
            Waits::Lagging,
            Waits::Reversed,
            Waits::Dropped,
            Waits::Awaited,
        ] {
            // The short last chunk needs arrays of its own size.
            let whole = input.len() / chunk * chunk;
            let mut got = pipeline(&input[..whole], chunk, waits)?;
            got.extend(pipeline(&input[whole..], input.len() - whole, waits)?);
            assert_eq!(got, expected, "{waits:?}");
        }
        Ok(())
    });
}

/// A kernel long enough to time on this accelerator (unchecked: lavapipe ends longer loops):
/// writes `out[i]` from `out[i]` after `passes` steps per element.
fn long_kernel(out: &Array<f32, 1>, passes: i32) -> Result<(), Error> {
    // SAFETY: every thread reads and writes its own element, inside the extent.
    unsafe {
        parallel_for_each_unchecked!(out.extent(), |i: Index<1>| {
            let mut x = out[i];
            let mut k = 0;
            while k < passes {
                x = x * 0.999 + 0.5;
                k += 1;
            }
            out[i] = x;
        })
    }
}

/// An array for [`long_kernel`] that keeps the accelerator busy for at least `at_least` (the
/// largest tried, if none does), and how long one launch took.
fn long_work(at_least: Duration) -> Result<(Array<f32, 1>, Duration), Error> {
    let acc = Accelerator::default()?;
    let mut n = 1 << 12;
    loop {
        let work = Array::filled(n, 1.0f32)?;
        long_kernel(&work, 50_000)?;
        acc.wait()?;
        let start = Instant::now();
        long_kernel(&work, 50_000)?;
        acc.wait()?;
        let took = start.elapsed();
        if took >= at_least || n >= 1 << 24 {
            return Ok((work, took));
        }
        n *= 4;
    }
}

/// Waiting for a `copy_async` download or a `synchronize_async` of checked kernels' results
/// does not wait for a long kernel queued after it started: the faults of the launches before
/// it are read back beside the data, not after everything submitted since.
///
/// Own process: other tests' work on the shared accelerator would be waited for too.
#[test]
fn waiting_for_a_download_waits_for_no_kernel_queued_after_it() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    let acc = Accelerator::default()?;
    if acc.backend() == "amp" {
        // amp's CPU accelerator runs work as it is submitted (at the flush below): no wait can
        // wait for work submitted after it, and none is left to time.
        return Ok(());
    }
    let (work, alone) = long_work(Duration::from_millis(300))?;
    if alone < Duration::from_millis(100) {
        // An accelerator too fast to tell the waits apart.
        return Ok(());
    }
    let n = 100_000;
    let src = random(n, 65);
    let a = Array::new(n as i32, &src)?;
    let mut data = vec![0; n];
    let v = ArrayView::new(n as i32, &mut data)?;
    let mut expected = src.clone();
    for way in ["copy_async", "synchronize_async"] {
        expected.iter_mut().for_each(|x| *x = *x * 3 + 1);
        parallel_for_each!(a.extent(), |i: Index<1>| {
            a[i] = a[i] * 3 + 1;
            v[i] = a[i] - 1;
        })?;
        let mut out = vec![0; n];
        let done = match way {
            "copy_async" => copy_async(&a, &mut out),
            _ => v.synchronize_async(),
        };
        long_kernel(&work, 50_000)?;
        acc.flush()?;
        let start = Instant::now();
        done.wait()?;
        let waited = start.elapsed();
        acc.wait()?;
        let busy = start.elapsed();
        assert!(
            waited * 2 < busy,
            "{way}: waited {waited:?} of the {busy:?} the kernel after it ran"
        );
        if way == "copy_async" {
            assert_eq!(out, expected);
        }
    }
    v.synchronize()?;
    drop(v);
    assert_eq!(data, expected.iter().map(|&x| x - 1).collect::<Vec<_>>());
    Ok(())
}

/// A `Completion` reports the faults of the checked launches before it that used its data, and
/// leaves a fault of a launch made after it started to the data's next observation.
#[test]
fn a_completion_reports_the_faults_of_launches_before_it() -> Result<(), Error> {
    let n = 1000;
    let a = Array::filled(n, 0i32)?;
    // A fault before the download: reported by its completion.
    parallel_for_each!(a.extent(), |i: Index<1>| {
        a[i + 1] = i[0];
    })?;
    let mut out = vec![0; n as usize];
    let done = copy_async(&a, &mut out);
    let err = done.wait().expect_err("the write of a[1000] faults");
    assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
    assert_eq!(out[1..], (0..n - 1).collect::<Vec<_>>());

    // No fault before the download, one in a launch after it started: the completion is clean,
    // and the next observation of the data reports the later launch's fault.
    parallel_for_each!(a.extent(), |i: Index<1>| {
        a[i] = i[0] * 2;
    })?;
    let done = copy_async(&a, &mut out);
    parallel_for_each!(a.extent(), |i: Index<1>| {
        a[i + 2] = 5;
    })?;
    done.wait()?;
    assert_eq!(out, (0..n).map(|i| i * 2).collect::<Vec<_>>());
    let err = a.to_vec().expect_err("the later launch's fault");
    assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
    assert_eq!(a.get(999)?, 5);
    Ok(())
}
