//! Throughput of `amp::algorithms` beside plain Rust on one CPU core: reduce, scans, radix sort
//! (keys, and keys with values), histogram, transform, fill, iota, copy_if.
//!
//! `cargo bench --bench algorithms` (4 Mi elements; fewer repetitions on a CPU device);
//! `-- --large` for 64 Mi elements on a GPU, with a summary against the project's targets
//! (stated against PyTorch/CUB on an H100: reduce 2.0 TB/s, inclusive scan 0.7 × 1.95 TB/s,
//! radix sort of 64 Mi `u32` keys 9.5 Gkeys/s, 256-bin histogram 0.8 × 860 GB/s).
//!
//! Timing, two figures per call:
//! - *wall clock* around a batch of calls followed by a wait for the accelerator (the median of
//!   5 batches, divided by the calls in a batch): what a program calling it in a loop sees,
//!   host overhead included;
//! - *GPU time*, where the accelerator writes timestamps inside compute passes: the sum of the
//!   call's kernel times on the accelerator's clock (`Accelerator::profile`) over a batch of
//!   calls, divided by the calls (the median of 5 batches). PyTorch's reference figures are
//!   CUDA-event times of one call (the median of 20), the same kind, with the gaps between the
//!   call's kernels included.
//!
//! Each is taken after half a second of calls (pipelines are built, scratch arrays made,
//! and a GPU raises its clocks: one left idle, as it is while the plain Rust figures are timed,
//! runs every kernel slower until it has been kept busy; docs/PERFORMANCE.md). Operands
//! are `Array`s already on the accelerator, results stay there, so no transfer is timed. Bytes
//! are counted as the primitive's minimum traffic: a reduction or a histogram reads `4n` bytes,
//! a scan or a transform reads and writes `8n`. The sort is in place, so each call first copies
//! the unsorted keys back (`amp::copy` on the accelerator, not a kernel); that copy is timed
//! alone too and subtracted from the wall clock. Every result is checked against the CPU before
//! its figure is printed.
//!
//! Scratch arrays come from a pool kept per accelerator (`amp::algorithms::release_scratch`).
//! What making them costs is shown apart: one sort timed right after `release_scratch`.
//!
//! The histograms with every value counted (u32) and half of them (f32) separate what the
//! counted fraction costs from what the float binner costs. Last, one call each of `radix_sort`
//! (u32), `histogram` (f32), `inclusive_scan` (f32, by both methods) and `copy_if` is profiled
//! kernel by kernel. The scans are timed twice: by reduce-then-scan (the default) and in
//! a single pass (`set_scan_method`), the lines marked so. The sorts likewise: ranked by counting
//! (the default), and with subgroups where the accelerator has them (`set_sort_ranking`), the
//! lines marked so.
//!
//! Besides its table, the benchmark prints one `figure` line per figure (`support/figure.rs`).

use amp::algorithms::*;
use amp::prelude::*;
use std::time::{Duration, Instant};

// Each benchmark uses some of the implementation names.
#[allow(dead_code)]
#[path = "support/figure.rs"]
mod figure;
use figure::figure;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// What one call of an algorithm takes.
#[derive(Clone, Copy)]
struct Timing {
    /// Wall clock per call: a batch of calls and a wait, divided by the calls.
    wall: f64,
    /// GPU time per call: the sum of its kernels' times on the accelerator's clock
    /// (`Accelerator::profile`) over a batch of calls, divided by the calls (median of 5
    /// batches); `None` where the accelerator cannot write timestamps inside compute passes.
    gpu: Option<f64>,
}

impl std::ops::Sub for Timing {
    type Output = Timing;

    /// What remains of a call's time without another call's (the sort's restoring copy).
    fn sub(self, other: Timing) -> Timing {
        Timing {
            wall: self.wall - other.wall,
            gpu: self.gpu.zip(other.gpu).map(|(a, b)| a - b),
        }
    }
}

/// Keeps the accelerator busy with `call` for half a second (at least one batch): a GPU
/// left idle for a second or more lowers its clocks, and short calls alone do not raise them
/// again soon.
fn warm_up(
    acc: &Accelerator,
    call: &mut impl FnMut() -> Result<(), amp::Error>,
) -> Result<(), amp::Error> {
    let start = Instant::now();
    loop {
        // Batches of calls, so that the accelerator is not left waiting between them.
        for _ in 0..8 {
            call()?;
        }
        acc.wait()?;
        if start.elapsed() > Duration::from_millis(500) {
            return Ok(());
        }
    }
}

/// The profile of one call of `call`, after [`warm_up`].
fn profiled(
    acc: &Accelerator,
    mut call: impl FnMut() -> Result<(), amp::Error>,
) -> Result<amp::Profile, amp::Error> {
    warm_up(acc, &mut call)?;
    Ok(acc.profile(call)?.1)
}

/// Times `call` (see [`Timing`]) after [`warm_up`]: wall clock as the median of 5 batches of
/// `reps` calls.
fn time_amp(
    acc: &Accelerator,
    reps: u32,
    mut call: impl FnMut() -> Result<(), amp::Error>,
) -> Result<Timing, amp::Error> {
    warm_up(acc, &mut call)?;
    let mut samples = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..reps {
            call()?;
        }
        acc.wait()?;
        samples.push(start.elapsed());
    }
    let wall = median(samples).as_secs_f64() / f64::from(reps);
    // Profiled in batches too: a GPU left waiting between single calls lowers its clocks
    // within milliseconds, so single calls would time the idle clock.
    let gpu = if acc.supports_profiling() {
        let mut totals = Vec::new();
        for _ in 0..5 {
            let batch = || (0..reps).try_for_each(|_| call());
            totals.push(acc.profile(batch)?.1.total());
        }
        Some(median(totals).as_secs_f64() / f64::from(reps))
    } else {
        None
    };
    Ok(Timing { wall, gpu })
}

/// Seconds per run of `work` on the host (median of `runs`).
fn time_cpu(runs: u32, mut work: impl FnMut()) -> f64 {
    let samples = (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    median(samples).as_secs_f64()
}

fn random_words(n: usize, seed: u32) -> Vec<u32> {
    let mut x = seed.max(1);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        })
        .collect()
}

fn random_floats(n: usize, seed: u32) -> Vec<f32> {
    random_words(n, seed)
        .into_iter()
        .map(|w| (w % 1_000_000) as f32 / 1e6)
        .collect()
}

/// One printed result.
struct Line {
    name: &'static str,
    amp: Timing,
    cpu: f64,
    /// Bytes or keys per call.
    work: f64,
    unit: &'static str,
}

impl Line {
    fn rate(&self, secs: f64) -> f64 {
        self.work / secs / 1e9
    }

    /// Prints the line for people, and a `figure` line per figure.
    fn print(&self) {
        figure(self.name, figure::AMP, self.rate(self.amp.wall), self.unit);
        if let Some(gpu) = self.amp.gpu {
            figure(self.name, figure::AMP_GPU_TIME, self.rate(gpu), self.unit);
        }
        figure(
            self.name,
            figure::PLAIN_RUST,
            self.rate(self.cpu),
            self.unit,
        );
        let gpu = self.amp.gpu.map_or_else(
            || format!("{:>28}", "GPU time n/a"),
            |gpu| {
                format!(
                    "GPU {:>8.3} ms {:>9.2} {:<7}",
                    gpu * 1e3,
                    self.rate(gpu),
                    self.unit
                )
            },
        );
        println!(
            "{:<42} amp {:>8.3} ms {:>9.2} {:<7} {gpu} | plain Rust, 1 core {:>9.3} ms {:>8.2} {:<7} | {:>6.1}x",
            self.name,
            self.amp.wall * 1e3,
            self.rate(self.amp.wall),
            self.unit,
            self.cpu * 1e3,
            self.rate(self.cpu),
            self.unit,
            self.cpu / self.amp.wall
        );
    }
}

#[kernel]
fn square(x: f32) -> f32 {
    x * x
}

#[kernel]
fn is_even(x: u32) -> bool {
    x % 2 == 0
}

#[kernel]
fn halve(x: u32) -> u32 {
    x >> 1
}

fn main() -> Result<(), amp::Error> {
    let large = std::env::args().any(|a| a == "--large");
    let acc = Accelerator::default()?;
    let n: usize = if large { 64 << 20 } else { 4 << 20 };
    let reps = if acc.is_emulated() { 2 } else { 10 };
    let cpu_runs = if n > 16 << 20 { 1 } else { 3 };
    println!("amp::algorithms benchmark on {acc}, {n} elements");
    let ni = n as i32;
    let words = random_words(n, 1);
    let floats = random_floats(n, 2);
    let word_array = Array::new(ni, &words)?;
    let float_array = Array::new(ni, &floats)?;
    let word_out = Array::<u32, 1>::from_extent(ni)?;
    let float_out = Array::<f32, 1>::from_extent(ni)?;
    let mut lines = Vec::new();

    // Reductions.
    let total = ArrayView::<f32, 1>::from_extent(1)?;
    reduce_into(&float_array, &total, Sum)?;
    let want: f64 = floats.iter().map(|&x| f64::from(x)).sum();
    let got = f64::from(total.get(0)?);
    assert!((got - want).abs() <= 1e-4 * want, "reduce: {got} vs {want}");
    lines.push(Line {
        name: "reduce Sum f32",
        amp: time_amp(&acc, reps, || reduce_into(&float_array, &total, Sum))?,
        cpu: time_cpu(cpu_runs, || {
            std::hint::black_box(floats.iter().sum::<f32>());
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });
    let largest = ArrayView::<u32, 1>::from_extent(1)?;
    reduce_into(&word_array, &largest, Max)?;
    assert_eq!(largest.get(0)?, words.iter().copied().max().unwrap_or(0));
    lines.push(Line {
        name: "reduce Max u32",
        amp: time_amp(&acc, reps, || reduce_into(&word_array, &largest, Max))?,
        cpu: time_cpu(cpu_runs, || {
            std::hint::black_box(words.iter().max());
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });

    // Scans.
    let mut cpu_scan = vec![0u32; n];
    inclusive_scan(&float_array, &float_out, Sum)?;
    let got = float_out.get(ni - 1)?;
    let want: f64 = floats.iter().map(|&x| f64::from(x)).sum();
    assert!(
        (f64::from(got) - want).abs() <= 1e-4 * want,
        "inclusive scan"
    );
    lines.push(Line {
        name: "inclusive_scan Sum f32",
        amp: time_amp(&acc, reps, || inclusive_scan(&float_array, &float_out, Sum))?,
        cpu: time_cpu(cpu_runs, || {
            let mut run = 0.0f32;
            for (o, &x) in cpu_scan.iter_mut().zip(&floats) {
                run += x;
                *o = run.to_bits();
            }
            std::hint::black_box(&cpu_scan);
        }),
        work: 8.0 * n as f64,
        unit: "GB/s",
    });
    exclusive_scan(&word_array, &word_out, 0, Sum)?;
    let want = words[..n - 1].iter().fold(0u32, |a, &b| a.wrapping_add(b));
    assert_eq!(word_out.get(ni - 1)?, want, "exclusive scan");
    lines.push(Line {
        name: "exclusive_scan Sum u32",
        amp: time_amp(&acc, reps, || {
            exclusive_scan(&word_array, &word_out, 0, Sum)
        })?,
        cpu: time_cpu(cpu_runs, || {
            let mut run = 0u32;
            for (o, &x) in cpu_scan.iter_mut().zip(&words) {
                *o = run;
                run = run.wrapping_add(x);
            }
            std::hint::black_box(&cpu_scan);
        }),
        work: 8.0 * n as f64,
        unit: "GB/s",
    });

    // The same two scans in a single pass (`set_scan_method`), beside reduce-then-scan.
    set_scan_method(ScanMethod::SinglePass);
    inclusive_scan(&float_array, &float_out, Sum)?;
    let got = float_out.get(ni - 1)?;
    let want: f64 = floats.iter().map(|&x| f64::from(x)).sum();
    assert!(
        (f64::from(got) - want).abs() <= 1e-4 * want,
        "inclusive scan (single pass)"
    );
    lines.push(Line {
        name: "inclusive_scan Sum f32 (single pass)",
        amp: time_amp(&acc, reps, || inclusive_scan(&float_array, &float_out, Sum))?,
        cpu: time_cpu(cpu_runs, || {
            let mut run = 0.0f32;
            for (o, &x) in cpu_scan.iter_mut().zip(&floats) {
                run += x;
                *o = run.to_bits();
            }
            std::hint::black_box(&cpu_scan);
        }),
        work: 8.0 * n as f64,
        unit: "GB/s",
    });
    exclusive_scan(&word_array, &word_out, 0, Sum)?;
    let want = words[..n - 1].iter().fold(0u32, |a, &b| a.wrapping_add(b));
    assert_eq!(word_out.get(ni - 1)?, want, "exclusive scan (single pass)");
    lines.push(Line {
        name: "exclusive_scan Sum u32 (single pass)",
        amp: time_amp(&acc, reps, || {
            exclusive_scan(&word_array, &word_out, 0, Sum)
        })?,
        cpu: time_cpu(cpu_runs, || {
            let mut run = 0u32;
            for (o, &x) in cpu_scan.iter_mut().zip(&words) {
                *o = run;
                run = run.wrapping_add(x);
            }
            std::hint::black_box(&cpu_scan);
        }),
        work: 8.0 * n as f64,
        unit: "GB/s",
    });
    set_scan_method(ScanMethod::ReduceThenScan);

    // Sorts: each call restores the unsorted keys first; the restoring copy is subtracted.
    let keys = Array::<u32, 1>::from_extent(ni)?;
    let values = Array::<u32, 1>::from_extent(ni)?;
    let copy_s = time_amp(&acc, reps, || amp::copy(&word_array, &keys))?;
    amp::copy(&word_array, &keys)?;
    radix_sort(&keys)?;
    let mut sorted = words.clone();
    sorted.sort_unstable();
    assert!(keys.to_vec()? == sorted, "radix_sort u32");
    let sort_s = time_amp(&acc, reps, || {
        amp::copy(&word_array, &keys)?;
        radix_sort(&keys)
    })?;
    let cpu_sort = time_cpu(cpu_runs, || {
        let mut v = words.clone();
        v.sort_unstable();
        std::hint::black_box(&v);
    });
    lines.push(Line {
        name: "radix_sort u32",
        amp: sort_s - copy_s,
        cpu: cpu_sort,
        work: n as f64,
        unit: "Gkeys/s",
    });
    // One sort that makes its scratch (the pool emptied first), against the warm ones above.
    release_scratch();
    acc.wait()?;
    let start = Instant::now();
    amp::copy(&word_array, &keys)?;
    radix_sort(&keys)?;
    acc.wait()?;
    let cold_sort_s = start.elapsed().as_secs_f64() - copy_s.wall;
    assert!(keys.to_vec()? == sorted, "radix_sort u32 (cold)");
    let float_keys = Array::<f32, 1>::from_extent(ni)?;
    amp::copy(&float_array, &float_keys)?;
    radix_sort(&float_keys)?;
    let mut sorted_floats = floats.clone();
    sorted_floats.sort_unstable_by(f32::total_cmp);
    assert!(float_keys.to_vec()? == sorted_floats, "radix_sort f32");
    let sort_s = time_amp(&acc, reps, || {
        amp::copy(&float_array, &float_keys)?;
        radix_sort(&float_keys)
    })?;
    lines.push(Line {
        name: "radix_sort f32",
        amp: sort_s - copy_s,
        cpu: time_cpu(cpu_runs, || {
            let mut v = floats.clone();
            v.sort_unstable_by(f32::total_cmp);
            std::hint::black_box(&v);
        }),
        work: n as f64,
        unit: "Gkeys/s",
    });
    amp::copy(&word_array, &keys)?;
    iota(&values, 0u32)?;
    radix_sort_by_key(&keys, &values)?;
    let order = values.to_vec()?;
    assert!(
        order
            .iter()
            .map(|&i| words[i as usize])
            .eq(sorted.iter().copied()),
        "radix_sort_by_key"
    );
    let sort_s = time_amp(&acc, reps, || {
        amp::copy(&word_array, &keys)?;
        radix_sort_by_key(&keys, &values)
    })?;
    lines.push(Line {
        name: "radix_sort_by_key u32 -> u32",
        amp: sort_s - copy_s,
        cpu: time_cpu(cpu_runs, || {
            let mut v: Vec<(u32, u32)> = words.iter().copied().zip(0..).collect();
            v.sort_by_key(|p| p.0);
            std::hint::black_box(&v);
        }),
        work: n as f64,
        unit: "Gkeys/s",
    });

    // The same two sorts ranked with subgroups (`set_sort_ranking`), beside the default ranking.
    set_sort_ranking(SortRanking::Subgroups);
    amp::copy(&word_array, &keys)?;
    radix_sort(&keys)?;
    assert!(keys.to_vec()? == sorted, "radix_sort u32 (subgroups)");
    let sort_s = time_amp(&acc, reps, || {
        amp::copy(&word_array, &keys)?;
        radix_sort(&keys)
    })?;
    lines.push(Line {
        name: "radix_sort u32 (subgroups)",
        amp: sort_s - copy_s,
        cpu: cpu_sort,
        work: n as f64,
        unit: "Gkeys/s",
    });
    amp::copy(&word_array, &keys)?;
    iota(&values, 0u32)?;
    radix_sort_by_key(&keys, &values)?;
    assert!(values.to_vec()? == order, "radix_sort_by_key (subgroups)");
    let sort_s = time_amp(&acc, reps, || {
        amp::copy(&word_array, &keys)?;
        radix_sort_by_key(&keys, &values)
    })?;
    lines.push(Line {
        name: "radix_sort_by_key u32 -> u32 (subgroups)",
        amp: sort_s - copy_s,
        cpu: time_cpu(cpu_runs, || {
            let mut v: Vec<(u32, u32)> = words.iter().copied().zip(0..).collect();
            v.sort_by_key(|p| p.0);
            std::hint::black_box(&v);
        }),
        work: n as f64,
        unit: "Gkeys/s",
    });
    set_sort_ranking(SortRanking::Counting);

    // Histograms.
    let counts = Array::<u32, 1>::from_extent(256)?;
    let mut cpu_counts = [0u32; 256];
    histogram(&float_array, 0.0, 1.0, &counts)?;
    for &x in &floats {
        cpu_counts[((x * 256.0) as usize).min(255)] += 1;
    }
    assert!(counts.to_vec()? == cpu_counts, "histogram f32");
    lines.push(Line {
        name: "histogram 256 bins f32",
        amp: time_amp(&acc, reps, || histogram(&float_array, 0.0, 1.0, &counts))?,
        cpu: time_cpu(cpu_runs, || {
            let mut c = [0u32; 256];
            for &x in &floats {
                if (0.0..1.0).contains(&x) {
                    c[((x * 256.0) as usize).min(255)] += 1;
                }
            }
            std::hint::black_box(&c);
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });
    histogram(&word_array, 0, u32::MAX, &counts)?;
    let mut cpu_counts = [0u32; 256];
    for &x in &words {
        if x < u32::MAX {
            cpu_counts[(u64::from(x) * 256 / u64::from(u32::MAX)) as usize] += 1;
        }
    }
    assert!(counts.to_vec()? == cpu_counts, "histogram u32");
    lines.push(Line {
        name: "histogram 256 bins u32 (uneven)",
        amp: time_amp(&acc, reps, || histogram(&word_array, 0, u32::MAX, &counts))?,
        cpu: time_cpu(cpu_runs, || {
            let mut c = [0u32; 256];
            for &x in &words {
                if x < u32::MAX {
                    c[(u64::from(x) * 256 / u64::from(u32::MAX)) as usize] += 1;
                }
            }
            std::hint::black_box(&c);
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });
    histogram(&word_array, 0, 1 << 31, &counts)?;
    lines.push(Line {
        name: "histogram 256 bins u32 (even)",
        amp: time_amp(&acc, reps, || histogram(&word_array, 0, 1 << 31, &counts))?,
        cpu: time_cpu(cpu_runs, || {
            let mut c = [0u32; 256];
            for &x in &words {
                if x < 1 << 31 {
                    c[(x >> 23) as usize] += 1;
                }
            }
            std::hint::black_box(&c);
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });

    // What makes a histogram slow: every value counted (the f32 line above counts all, the u32
    // even line half), or the float binner (half counted).
    transform(&word_array, &word_out, halve)?;
    histogram(&word_out, 0, 1 << 31, &counts)?;
    let mut cpu_counts = [0u32; 256];
    for &x in &words {
        cpu_counts[(x >> 24) as usize] += 1;
    }
    assert!(
        counts.to_vec()? == cpu_counts,
        "histogram u32 (all in range)"
    );
    lines.push(Line {
        name: "histogram 256 bins u32 (all in)",
        amp: time_amp(&acc, reps, || histogram(&word_out, 0, 1 << 31, &counts))?,
        cpu: time_cpu(cpu_runs, || {
            let mut c = [0u32; 256];
            for &x in &words {
                c[(x >> 24) as usize] += 1;
            }
            std::hint::black_box(&c);
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });
    histogram(&float_array, 0.5, 1.5, &counts)?;
    let mut cpu_counts = [0u32; 256];
    for &x in &floats {
        if (0.5..1.5).contains(&x) {
            cpu_counts[(((x - 0.5) * 256.0) as usize).min(255)] += 1;
        }
    }
    assert!(
        counts.to_vec()? == cpu_counts,
        "histogram f32 (half in range)"
    );
    lines.push(Line {
        name: "histogram 256 bins f32 (half in)",
        amp: time_amp(&acc, reps, || histogram(&float_array, 0.5, 1.5, &counts))?,
        cpu: time_cpu(cpu_runs, || {
            let mut c = [0u32; 256];
            for &x in &floats {
                if (0.5..1.5).contains(&x) {
                    c[(((x - 0.5) * 256.0) as usize).min(255)] += 1;
                }
            }
            std::hint::black_box(&c);
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });

    // Maps.
    transform(&float_array, &float_out, square)?;
    assert_eq!(float_out.get(ni / 2)?, floats[n / 2] * floats[n / 2]);
    let mut cpu_floats = vec![0.0f32; n];
    lines.push(Line {
        name: "transform f32 (square)",
        amp: time_amp(&acc, reps, || transform(&float_array, &float_out, square))?,
        cpu: time_cpu(cpu_runs, || {
            for (o, &x) in cpu_floats.iter_mut().zip(&floats) {
                *o = x * x;
            }
            std::hint::black_box(&cpu_floats);
        }),
        work: 8.0 * n as f64,
        unit: "GB/s",
    });
    lines.push(Line {
        name: "fill u32",
        amp: time_amp(&acc, reps, || fill(&word_out, 7))?,
        cpu: time_cpu(cpu_runs, || {
            cpu_scan.fill(7);
            std::hint::black_box(&cpu_scan);
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });
    iota(&word_out, 0)?;
    assert_eq!(word_out.get(ni - 1)?, n as u32 - 1);
    lines.push(Line {
        name: "iota u32",
        amp: time_amp(&acc, reps, || iota(&word_out, 0))?,
        cpu: time_cpu(cpu_runs, || {
            for (i, o) in cpu_scan.iter_mut().enumerate() {
                *o = i as u32;
            }
            std::hint::black_box(&cpu_scan);
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });
    let kept = copy_if(&word_array, &word_out, is_even)?;
    let evens: Vec<u32> = words.iter().copied().filter(|x| x % 2 == 0).collect();
    assert_eq!(kept, evens.len());
    assert_eq!(word_out.get(kept as i32 - 1)?, evens[kept - 1]);
    lines.push(Line {
        name: "copy_if u32 (even; input bytes)",
        amp: time_amp(&acc, reps, || {
            copy_if(&word_array, &word_out, is_even).map(drop)
        })?,
        cpu: time_cpu(cpu_runs, || {
            let v: Vec<u32> = words.iter().copied().filter(|x| x % 2 == 0).collect();
            std::hint::black_box(&v);
        }),
        work: 4.0 * n as f64,
        unit: "GB/s",
    });

    for line in &lines {
        line.print();
    }
    println!(
        "(restoring the sort's keys, subtracted above: {:.3} ms)",
        copy_s.wall * 1e3
    );
    let seconds = |name: &str| lines.iter().find(|l| l.name == name).map(|l| l.amp.wall);
    if let Some(sort) = seconds("radix_sort u32") {
        println!(
            "radix_sort u32, first call after release_scratch: {:.3} ms (makes its {} MiB of \
             scratch) against {:.3} ms with the pool's",
            cold_sort_s * 1e3,
            (4 * n) >> 20,
            sort * 1e3
        );
        figure(
            "radix_sort u32, first call after release_scratch",
            figure::AMP,
            cold_sort_s * 1e3,
            "ms",
        );
    }
    if large {
        let targets = [
            ("reduce Sum f32", 2000.0, "GB/s"),
            ("inclusive_scan Sum f32", 0.7 * 1950.0, "GB/s"),
            ("inclusive_scan Sum f32 (single pass)", 0.7 * 1950.0, "GB/s"),
            ("radix_sort u32", 9.5, "Gkeys/s"),
            ("histogram 256 bins f32", 0.8 * 860.0, "GB/s"),
        ];
        println!("targets (H100, against PyTorch/CUB):");
        for (name, target, unit) in targets {
            if let Some(line) = lines.iter().find(|l| l.name == name) {
                let mark = |secs: f64| {
                    let got = line.rate(secs);
                    let met = if got >= target { "met" } else { "MISSED" };
                    format!("{got:>9.2} {unit:<7} {met:<6}")
                };
                let gpu = line
                    .amp
                    .gpu
                    .map_or_else(String::new, |g| format!("  GPU {}", mark(g)));
                println!(
                    "  {name:<42} target {target:>8.2} {unit:<7}  wall {}{gpu}",
                    mark(line.amp.wall)
                );
            }
        }
    }

    // GPU time per kernel of one call each, on the accelerator's own clock.
    println!("GPU time per kernel (Accelerator::profile, one call each after a warm-up):");
    if !acc.supports_profiling() {
        println!("  skipped: {acc} cannot write timestamps inside compute passes");
        return Ok(());
    }
    // Each after a warm-up; the sort restores its keys first (a copy, not a kernel).
    let profiles = [
        (
            "radix_sort u32",
            profiled(&acc, || {
                amp::copy(&word_array, &keys)?;
                radix_sort(&keys)
            })?,
        ),
        (
            "histogram 256 bins f32",
            profiled(&acc, || histogram(&float_array, 0.0, 1.0, &counts))?,
        ),
        (
            "inclusive_scan Sum f32",
            profiled(&acc, || inclusive_scan(&float_array, &float_out, Sum))?,
        ),
        (
            "inclusive_scan Sum f32 (single pass)",
            profiled(&acc, || {
                set_scan_method(ScanMethod::SinglePass);
                let result = inclusive_scan(&float_array, &float_out, Sum);
                set_scan_method(ScanMethod::ReduceThenScan);
                result
            })?,
        ),
        (
            "copy_if u32 (even; input bytes)",
            profiled(&acc, || copy_if(&word_array, &word_out, is_even).map(drop))?,
        ),
    ];
    assert!(keys.to_vec()? == sorted, "radix_sort u32 (profiled)");
    for (name, profile) in profiles {
        let wall = seconds(name).map_or_else(String::new, |s| {
            format!(" (wall clock per call above: {:.3} ms)", s * 1e3)
        });
        println!(
            "{name}: {:.3} ms on the GPU in {} launches{wall}",
            profile.total().as_secs_f64() * 1e3,
            profile.launches().len()
        );
        for line in profile.to_string().lines() {
            println!("  {line}");
        }
    }
    Ok(())
}
