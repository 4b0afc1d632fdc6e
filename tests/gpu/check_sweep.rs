//! The checking mode's no-false-positive sweep: every `amp::algorithms` function, every example
//! program and the tour (which runs the seed programs) run under the checker on amp's CPU
//! accelerator and report nothing (no `Error::Check`), with correct results.
//!
//! The algorithms run in a child process of the test binary with `AMP_CHECK=1` (only `gemm`
//! has `_on` variants that take a view; the others run on their operands' accelerator, so the
//! environment switch is what puts their launches in the checking mode) and
//! `AMP_DEFAULT_ACCELERATOR=emulator`; the `_on` variants also run on a checking view here.

use crate::common::{random_floats, random_words};
use amp::algorithms::{
    copy_if, exclusive_scan, fill, gemm_f16_inputs_on, gemm_f16_on, gemm_on, gemm_with, histogram,
    inclusive_scan, iota, radix_sort, radix_sort_by_key, reduce, reduce_into, set_scan_method,
    set_sort_ranking, transform, GemmTiles, Max, Min, ScanMethod, SortRanking, Sum,
};
use amp::prelude::*;
use amp::{f16, kernel};
use std::process::Command;

/// Lengths that are odd and take several workgroups of the algorithms' 256-thread tiles.
const SIZES: [usize; 3] = [1, 777, 5_003];

/// A checking view of amp's CPU accelerator.
fn checking() -> AcceleratorView {
    Accelerator::emulator()
        .expect("amp's CPU accelerator is always listed")
        .default_view()
        .with_checking()
}

/// `C = A·B` on the CPU, row-major.
fn product(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut c = vec![0.0f32; m * n];
    for i in 0..m {
        for p in 0..k {
            for j in 0..n {
                c[i * n + j] += a[i * k + p] * b[p * n + j];
            }
        }
    }
    c
}

fn assert_close(got: &[f32], want: &[f32], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= 1e-2 * (1.0 + w.abs()),
            "{what}[{i}]: {g} vs {w}"
        );
    }
}

#[test]
fn gemm_on_a_checking_view_reports_nothing() {
    let view = checking();
    let (m, k, n) = (37usize, 29usize, 41usize);
    let a: Vec<f32> = random_floats(m * k, 3).iter().map(|x| x / 10.0).collect();
    let b: Vec<f32> = random_floats(k * n, 4).iter().map(|x| x / 10.0).collect();
    let want = product(&a, &b, m, k, n);
    let av = ConstArrayView::new([m as i32, k as i32], &a).expect("view");
    let bv = ConstArrayView::new([k as i32, n as i32], &b).expect("view");
    let cv = ArrayView::<f32, 2>::from_extent([m as i32, n as i32]).expect("view");
    gemm_on(&view, 1.0, &av, &bv, 0.0, &cv).expect("gemm_on");
    assert_close(&cv.to_vec().expect("read"), &want, "gemm_on");
    let acc = view.accelerator();
    for tiles in GemmTiles::ALL.into_iter().filter(|t| t.fits(acc)) {
        fill(&cv.view_as((m * n) as i32).expect("flat"), 7.0).expect("poison");
        gemm_with(&view, tiles, 1.0, &av, &bv, 0.0, &cv).expect("gemm_with");
        assert_close(&cv.to_vec().expect("read"), &want, &format!("{tiles:?}"));
    }
    gemm_f16_inputs_on(&view, 1.0, &av, &bv, 0.0, &cv).expect("gemm_f16_inputs_on");
    let ah: Vec<f16> = a.iter().map(|&x| f16::from_f32(x)).collect();
    let bh: Vec<f16> = b.iter().map(|&x| f16::from_f32(x)).collect();
    let rounded = |v: &[f16]| v.iter().map(|x| x.to_f32()).collect::<Vec<_>>();
    let want_h = product(&rounded(&ah), &rounded(&bh), m, k, n);
    assert_close(&cv.to_vec().expect("read"), &want_h, "gemm_f16_inputs_on");
    let ahv = ConstArrayView::new([m as i32, k as i32], &ah).expect("view");
    let bhv = ConstArrayView::new([k as i32, n as i32], &bh).expect("view");
    fill(&cv.view_as((m * n) as i32).expect("flat"), 7.0).expect("poison");
    gemm_f16_on(&view, 1.0, &ahv, &bhv, 0.0, &cv).expect("gemm_f16_on");
    assert_close(&cv.to_vec().expect("read"), &want_h, "gemm_f16_on");
}

#[kernel]
fn halved(x: i32) -> f32 {
    x as f32 * 0.5
}

#[kernel]
fn is_odd(x: u32) -> bool {
    x % 2 == 1
}

/// Every algorithm other than gemm's `_on` forms, on the default accelerator (amp's own, every
/// launch checked: see [`algorithms_report_nothing_under_amp_check`]).
#[test]
#[ignore = "run by algorithms_report_nothing_under_amp_check with AMP_CHECK=1"]
fn algorithms_child() {
    let acc = Accelerator::default().expect("default");
    assert!(
        acc.is_emulated() && acc.default_view().is_checking(),
        "{}",
        acc.description()
    );
    for &n in &SIZES {
        let words: Vec<u32> = random_words(n, n as u32 + 1)
            .iter()
            .map(|w| w % 1000)
            .collect();
        let ints: Vec<i32> = words.iter().map(|&w| w as i32 - 500).collect();
        let floats = random_floats(n, n as u32 + 2);
        let wv = ConstArrayView::new(n as i32, &words).expect("view");
        let iv = ConstArrayView::new(n as i32, &ints).expect("view");
        let fv = ConstArrayView::new(n as i32, &floats).expect("view");

        // reduce, reduce_into
        let sum: u32 = words.iter().sum();
        assert_eq!(reduce(&wv, Sum).expect("reduce"), Some(sum), "{n}");
        assert_eq!(reduce(&iv, Min).expect("min"), ints.iter().min().copied());
        assert_eq!(reduce(&iv, Max).expect("max"), ints.iter().max().copied());
        let fsum = reduce(&fv, Sum).expect("reduce f32").expect("a sum");
        assert!((fsum - floats.iter().sum::<f32>()).abs() < 1e-2 * n as f32);
        let one = ArrayView::<u32, 1>::from_extent(1).expect("view");
        reduce_into(&wv, &one, Sum).expect("reduce_into");
        assert_eq!(one.to_vec().expect("read"), [sum]);

        // scans, both methods, out of place and in place
        let mut running = 0u32;
        let inclusive: Vec<u32> = words
            .iter()
            .map(|w| {
                running += w;
                running
            })
            .collect();
        for method in [ScanMethod::ReduceThenScan, ScanMethod::SinglePass] {
            set_scan_method(method);
            let out = ArrayView::<u32, 1>::from_extent(n as i32).expect("view");
            inclusive_scan(&wv, &out, Sum).expect("inclusive_scan");
            assert_eq!(out.to_vec().expect("read"), inclusive, "{method:?} {n}");
            exclusive_scan(&wv, &out, 0, Sum).expect("exclusive_scan");
            assert_eq!(
                out.to_vec().expect("read")[n - 1],
                inclusive[n - 1] - words[n - 1]
            );
            let fout = ArrayView::<f32, 1>::from_extent(n as i32).expect("view");
            inclusive_scan(&fv, &fout, Sum).expect("f32 scan");
            let mut copy = words.clone();
            let inplace = ArrayView::new(n as i32, &mut copy).expect("view");
            inclusive_scan(&inplace, &inplace, Sum).expect("in place");
            assert_eq!(
                inplace.to_vec().expect("read"),
                inclusive,
                "in place {method:?}"
            );

            // sorts, both rankings, under each scan method
            for ranking in [SortRanking::Counting, SortRanking::Subgroups] {
                set_sort_ranking(ranking);
                let mut keys = ints.clone();
                let kv = ArrayView::new(n as i32, &mut keys).expect("view");
                radix_sort(&kv).expect("radix_sort");
                let mut want = ints.clone();
                want.sort();
                assert_eq!(kv.to_vec().expect("read"), want, "{ranking:?} {method:?}");
                let mut fkeys = floats.clone();
                let fk = ArrayView::new(n as i32, &mut fkeys).expect("view");
                let mut values: Vec<u32> = (0..n as u32).collect();
                let vv = ArrayView::new(n as i32, &mut values).expect("view");
                radix_sort_by_key(&fk, &vv).expect("radix_sort_by_key");
                let mut fwant = floats.clone();
                fwant.sort_by(f32::total_cmp);
                assert_eq!(fk.to_vec().expect("read"), fwant, "{ranking:?} {method:?}");
            }
        }
        set_scan_method(ScanMethod::ReduceThenScan);
        set_sort_ranking(SortRanking::Counting);

        // histogram: bins in tile_static memory, and more bins than fit (global atomics)
        for bins in [7, 5001] {
            let counts = ArrayView::<u32, 1>::from_extent(bins).expect("view");
            histogram(&wv, 0, 1000, &counts).expect("histogram");
            let total: u32 = counts.to_vec().expect("read").iter().sum();
            assert_eq!(total as usize, n, "{bins} bins");
        }
        let counts = ArrayView::<u32, 1>::from_extent(9).expect("view");
        histogram(&fv, -10.0, 10.0, &counts).expect("f32 histogram");

        // transform, fill, iota
        let out = ArrayView::<f32, 1>::from_extent(n as i32).expect("view");
        transform(&iv, &out, halved).expect("transform");
        assert_eq!(
            out.get(n as i32 - 1).expect("read"),
            ints[n - 1] as f32 * 0.5
        );
        fill(&out, 2.5).expect("fill");
        assert_eq!(out.get(0).expect("read"), 2.5);
        let seq = ArrayView::<u32, 1>::from_extent(n as i32).expect("view");
        iota(&seq, 3).expect("iota");
        assert_eq!(seq.get(n as i32 - 1).expect("read"), n as u32 + 2);

        // copy_if
        let kept = ArrayView::<u32, 1>::from_extent(n as i32).expect("view");
        let count = copy_if(&wv, &kept, is_odd).expect("copy_if");
        let odd: Vec<u32> = words.iter().copied().filter(|w| w % 2 == 1).collect();
        assert_eq!(kept.to_vec().expect("read")[..count], odd[..]);
    }
}

#[test]
fn algorithms_report_nothing_under_amp_check() {
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = Command::new(exe)
        .args(["check_sweep::algorithms_child", "--exact", "--ignored"])
        .env("AMP_CHECK", "1")
        .env("AMP_DEFAULT_ACCELERATOR", "emulator")
        .output()
        .expect("run the test binary");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Examples left out of the sweep, and why: programs that measure rather than compute, or
/// whose only kernel another example runs at a size the sweep can afford.
const SLOW_EXAMPLES: [(&str, &str); 5] = [
    ("cold_start", "measures the first launch's build time"),
    (
        "launch_overhead",
        "measures per-launch cost over thousands of launches",
    ),
    ("transfer_rate", "measures host-accelerator copy rates"),
    ("stream", "measures streaming rates over hundreds of MiB"),
    (
        "multi_accelerator",
        "a benchmark of splitting matrix_multiply's untiled product over views, 512x256x384",
    ),
];

/// Every example program (each `examples/*.rs` with a `main`, but [`SLOW_EXAMPLES`]) and the
/// tour, which runs the seed programs, as child processes with `AMP_CHECK=1` on amp's CPU
/// accelerator, two at a time: each succeeds and no launch reports a finding.
#[test]
fn every_example_and_the_tour_report_nothing_under_amp_check() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(root.join("examples"))
        .expect("examples/")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = path.file_stem()?.to_str()?.to_owned();
            let text = std::fs::read_to_string(&path).ok()?;
            (path.extension()? == "rs" && text.contains("fn main(")).then_some(name)
        })
        .filter(|name| SLOW_EXAMPLES.iter().all(|(slow, _)| slow != name))
        .collect();
    names.sort();
    assert!(names.iter().any(|n| n == "tour"), "{names:?}");
    let build = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--examples"])
        .current_dir(root)
        .output()
        .expect("cargo build --examples");
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let exe = std::env::current_exe().expect("the test binary's path");
    let dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps")
        .join("examples");
    // Examples that write files (the pictures) write them here, not into the repository.
    let scratch = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-sweep");
    std::fs::create_dir_all(&scratch).expect("scratch dir");
    let names = std::sync::Mutex::new(names);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(name) = names.lock().expect("names").pop() else {
                    return;
                };
                let out = Command::new(dir.join(&name))
                    .current_dir(&scratch)
                    .env("AMP_CHECK", "1")
                    .env("AMP_DEFAULT_ACCELERATOR", "emulator")
                    .output()
                    .expect("run the example");
                let text = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                if !out.status.success() || text.contains("the checking mode found") {
                    failures
                        .lock()
                        .expect("failures")
                        .push(format!("{name} ({}):\n{text}", out.status));
                }
            });
        }
    });
    let failures = failures.into_inner().expect("failures");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The checking mode's cost: a few algorithms at one size on the default accelerator, timed.
/// Run it twice and compare: `AMP_DEFAULT_ACCELERATOR=emulator AMP_CHECK=0|1 cargo test --test
/// gpu check_sweep::algorithm_times -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement: run by hand with AMP_CHECK=0 and 1"]
fn algorithm_times() {
    let n = 1 << 16;
    let words = random_words(n, 5);
    let floats = random_floats(n, 6);
    let time = |what: &str, f: &mut dyn FnMut()| {
        f(); // the first run builds the pipelines
        let start = std::time::Instant::now();
        f();
        println!("{what:<12} {:>9.1} ms", start.elapsed().as_secs_f64() * 1e3);
    };
    let wv = ConstArrayView::new(n as i32, &words).expect("view");
    let out = ArrayView::<u32, 1>::from_extent(n as i32).expect("view");
    time("reduce", &mut || {
        reduce(&wv, Sum).expect("reduce");
    });
    time("scan", &mut || {
        inclusive_scan(&wv, &out, Sum).expect("scan");
        out.synchronize().expect("sync");
    });
    time("sort", &mut || {
        let mut keys = floats.clone();
        let kv = ArrayView::new(n as i32, &mut keys).expect("view");
        radix_sort(&kv).expect("sort");
        kv.synchronize().expect("sync");
    });
    time("histogram", &mut || {
        let counts = ArrayView::<u32, 1>::from_extent(64).expect("view");
        histogram(&wv, 0, u32::MAX, &counts).expect("histogram");
        counts.synchronize().expect("sync");
    });
    let a = random_floats(128 * 128, 7);
    let av = ConstArrayView::new([128, 128], &a).expect("view");
    let cv = ArrayView::<f32, 2>::from_extent([128, 128]).expect("view");
    let view = Accelerator::default().expect("default").default_view();
    time("gemm 128^3", &mut || {
        gemm_on(&view, 1.0, &av, &av, 0.0, &cv).expect("gemm");
        cv.synchronize().expect("sync");
    });
}
