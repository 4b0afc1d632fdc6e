//! `amp::algorithms::gemm` beside the hand-written register-blocked WGSL kernel
//! (`rb_matmul.wgsl`: 64×64 blocks, 4×4 per thread) run through wgpu directly.
//!
//! Prints, for an N×N×N product: the configuration the autotune picked and how long the tune
//! took; amp's `gemm` (the tuned configuration); every configuration through `gemm_with`; the
//! element kernel (read-write `ArrayView` inputs, which are not read as `Float4`s); a size one
//! less than N (the element kernel's edges); and the WGSL kernel without runtime checks. Every
//! result is checked against the CPU (every row when N ≤ 512, 64 rows spread over C when
//! larger) and amp's against the WGSL kernel's, before any figure is printed.
//!
//! `cargo bench --bench gemm` (N = 256, for a CPU device); `-- --large` for a GPU (N = 4096);
//! `-- --size N` for another N.
//!
//! Timing, as `benches/kernels.rs`: wall clock around a batch of launches and a wait for the
//! queue, after a warm-up launch (pipeline creation is not kernel time); the median of 5
//! batches.
//!
//! Besides its table, the benchmark prints one `figure` line per figure (`support/figure.rs`).
//!
//! Last, the ceiling for f16 on the matrix units: hand-written WGSL GEMMs on cooperative-matrix
//! fragments (f16 inputs, f32 accumulation and output; `support/coop_gemm.rs`) in several
//! blockings, each checked against the CPU, on devices with `EXPERIMENTAL_COOPERATIVE_MATRIX`
//! (one line saying why not elsewhere). cuBLAS's fp16 figure for the same product is torch's
//! `REF gemm_fp16` line (`torch_ref.py`, run first by `scripts/gpu-bench.sh`); given as
//! `--cublas-fp16 TFLOPS`, the benchmark prints each kernel's ratio to it. `--f16-only` runs
//! this part alone.

use amp::algorithms::{gemm, gemm_tiles, gemm_with, GemmTiles};
use amp::prelude::*;
use std::time::{Duration, Instant};

// Each benchmark uses some of the implementation names.
#[path = "support/coop_gemm.rs"]
mod coop_gemm;
#[allow(dead_code)]
#[path = "support/figure.rs"]
mod figure;
use figure::figure;

/// `../shared/gpu/reference/rb_matmul.wgsl`, the yardstick (copied in `benches/`).
const RB_MATMUL_WGSL: &str = include_str!("rb_matmul.wgsl");

/// Runs `batch` (which launches `reps` kernels and waits) 5 times after a warm-up; the median
/// seconds per kernel.
fn time_per_kernel(reps: u32, mut batch: impl FnMut(u32)) -> f64 {
    batch(1);
    let mut samples: Vec<Duration> = (0..5)
        .map(|_| {
            let start = Instant::now();
            batch(reps);
            start.elapsed()
        })
        .collect();
    samples.sort();
    samples[samples.len() / 2].as_secs_f64() / f64::from(reps)
}

fn random(len: usize, seed: u32) -> Vec<f32> {
    let mut x = seed.max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 1000) as f32 / 1000.0
        })
        .collect()
}

/// Checks `c = a · b` (`n`×`n`) against the CPU on every row (n ≤ 512) or 64 rows spread over
/// the matrix. Panics on a difference: a wrong kernel reports no figure.
fn check_product(what: &str, a: &[f32], b: &[f32], c: &[f32], n: usize) {
    let step = if n <= 512 { 1 } else { n / 64 + 1 };
    let mut want = vec![0.0f32; n];
    for r in (0..n).step_by(step) {
        want.fill(0.0);
        for i in 0..n {
            let x = a[r * n + i];
            for (w, y) in want.iter_mut().zip(&b[i * n..(i + 1) * n]) {
                *w += x * y;
            }
        }
        for (col, want) in want.iter().enumerate() {
            let got = c[r * n + col];
            assert!(
                (got - want).abs() <= 1e-3 * want.abs().max(1.0),
                "{what} differs from the CPU at ({r}, {col}): {got}, want {want}"
            );
        }
    }
}

/// One measured kernel.
struct Figure {
    name: String,
    seconds: f64,
    flops: f64,
}

impl Figure {
    fn tflops(&self) -> f64 {
        self.flops / self.seconds / 1e12
    }

    /// Prints this figure's `figure` line.
    fn record(&self, workload: &str, implementation: &str) {
        figure(workload, implementation, self.tflops(), "TFLOP/s");
    }
}

/// Times `launch` (one gemm), `reps` to a batch.
fn measure(
    name: String,
    n: usize,
    reps: u32,
    acc: &Accelerator,
    mut launch: impl FnMut() -> Result<(), amp::Error>,
) -> Result<Figure, amp::Error> {
    let mut failed = None;
    let seconds = time_per_kernel(reps, |k| {
        for _ in 0..k {
            if let Err(e) = launch() {
                failed.get_or_insert(e);
            }
        }
        if let Err(e) = acc.wait() {
            failed.get_or_insert(e);
        }
    });
    failed.map_or(Ok(()), Err)?;
    Ok(Figure {
        name,
        seconds,
        flops: 2.0 * (n as f64).powi(3),
    })
}

/// An N×N×N product through amp: a, b as `ConstArrayView`s (or `ArrayView`s when `writable`),
/// C an `ArrayView`; `run` launches one gemm. Returns the figure and C.
fn amp_product(
    name: String,
    n: usize,
    reps: u32,
    acc: &Accelerator,
    writable_inputs: bool,
    run: &dyn Fn(&dyn GemmCall) -> Result<(), amp::Error>,
) -> Result<(Figure, Vec<f32>), amp::Error> {
    let (mut a, mut b) = (random(n * n, 7), random(n * n, 8));
    let mut c = vec![f32::NAN; n * n];
    let s = n as i32;
    let figure = {
        let cv = ArrayView::new([s, s], &mut c)?;
        cv.discard_data();
        let figure = if writable_inputs {
            let av = ArrayView::new([s, s], &mut a)?;
            let bv = ArrayView::new([s, s], &mut b)?;
            measure(name, n, reps, acc, || run(&(&av, &bv, &cv)))?
        } else {
            let av = ConstArrayView::new([s, s], &a)?;
            let bv = ConstArrayView::new([s, s], &b)?;
            measure(name, n, reps, acc, || run(&(&av, &bv, &cv)))?
        };
        cv.synchronize()?;
        figure
    };
    check_product(&figure.name, &a, &b, &c, n);
    Ok((figure, c))
}

/// A gemm over fixed operands, whatever their types: `gemm` itself, or `gemm_with` a
/// configuration.
trait GemmCall {
    fn gemm(&self) -> Result<(), amp::Error>;
    fn gemm_with(&self, view: &AcceleratorView, tiles: GemmTiles) -> Result<(), amp::Error>;
}

impl<A: amp::algorithms::GemmInput> GemmCall for (&A, &A, &ArrayView<'_, f32, 2>) {
    fn gemm(&self) -> Result<(), amp::Error> {
        gemm(1.0, self.0, self.1, 0.0, self.2)
    }
    fn gemm_with(&self, view: &AcceleratorView, tiles: GemmTiles) -> Result<(), amp::Error> {
        gemm_with(view, tiles, 1.0, self.0, self.1, 0.0, self.2)
    }
}

/// The WGSL kernel through wgpu, without runtime checks.
struct Raw {
    device: wgpu::Device,
    queue: wgpu::Queue,
}

impl Raw {
    fn new() -> Option<Raw> {
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let adapter = pollster::block_on(instance.request_adapter(&Default::default())).ok()?;
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            required_limits: adapter.limits(),
            ..Default::default()
        }))
        .ok()?;
        Some(Raw { device, queue })
    }

    /// `rb_matmul.wgsl` on `n`×`n` matrices: the figure and C.
    fn rb_matmul(&self, n: usize, reps: u32) -> (Figure, Vec<f32>) {
        use wgpu::util::DeviceExt;
        let (a, b) = (random(n * n, 7), random(n * n, 8));
        let storage = |data: &[f32]| {
            self.device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: None,
                    contents: bytemuck::cast_slice(data),
                    usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                })
        };
        let (ab, bb, cb) = (storage(&a), storage(&b), storage(&vec![0.0; n * n]));
        let uniform = self
            .device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents: bytemuck::cast_slice(&[n as u32, 0, 0, 0]),
                usage: wgpu::BufferUsages::UNIFORM,
            });
        let desc = wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(RB_MATMUL_WGSL.into()),
        };
        // SAFETY: the shader indexes inside its buffers for n a multiple of 64, and its loops
        // are bounded.
        let module = unsafe {
            self.device
                .create_shader_module_trusted(desc, wgpu::ShaderRuntimeChecks::unchecked())
        };
        let pipeline = self
            .device
            .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: None,
                layout: None,
                module: &module,
                entry_point: Some("main"),
                compilation_options: Default::default(),
                cache: None,
            });
        let bind = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[&ab, &bb, &cb, &uniform]
                .iter()
                .enumerate()
                .map(|(i, buf)| wgpu::BindGroupEntry {
                    binding: i as u32,
                    resource: buf.as_entire_binding(),
                })
                .collect::<Vec<_>>(),
        });
        let groups = (n / 64) as u32;
        let dispatch = |enc: &mut wgpu::CommandEncoder| {
            let mut pass = enc.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bind, &[]);
            pass.dispatch_workgroups(groups, groups, 1);
        };
        let seconds = time_per_kernel(reps, |k| {
            for _ in 0..k {
                let mut enc = self.device.create_command_encoder(&Default::default());
                dispatch(&mut enc);
                self.queue.submit([enc.finish()]);
            }
            let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
        });
        let staging = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: cb.size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut enc = self.device.create_command_encoder(&Default::default());
        enc.copy_buffer_to_buffer(&cb, 0, &staging, 0, cb.size());
        self.queue.submit([enc.finish()]);
        staging.map_async(wgpu::MapMode::Read, .., |r| {
            r.expect("mapping the WGSL result");
        });
        let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
        let c: Vec<f32> = bytemuck::cast_slice(
            &staging
                .get_mapped_range(..)
                .expect("reading the WGSL result"),
        )
        .to_vec();
        check_product("rb_matmul.wgsl", &a, &b, &c, n);
        let figure = Figure {
            name: "WGSL rb_matmul (64x64, 4x4), no checks".into(),
            seconds,
            flops: 2.0 * (n as f64).powi(3),
        };
        (figure, c)
    }
}

/// A speed in TFLOP/s, or GFLOP/s below 1 TFLOP/s (a CPU device).
fn rate(tflops: f64) -> String {
    if tflops >= 1.0 {
        format!("{tflops:>8.2} TFLOP/s")
    } else {
        format!("{:>8.2} GFLOP/s", tflops * 1e3)
    }
}

fn print(f: &Figure, reference: Option<&Figure>) {
    let ratio = reference.map_or(String::new(), |r| {
        format!("   {:.2}x WGSL", r.seconds / f.seconds)
    });
    let rate = rate(f.tflops());
    println!("  {:<52} {:>9.3} ms {rate}{ratio}", f.name, f.seconds * 1e3);
}

fn main() -> Result<(), amp::Error> {
    let args: Vec<String> = std::env::args().collect();
    let size_arg = args
        .iter()
        .position(|a| a == "--size")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok());
    let large = args.iter().any(|a| a == "--large");
    let n: usize = size_arg.unwrap_or(if large { 4096 } else { 256 });
    let cublas_fp16: Option<f64> = args
        .iter()
        .position(|a| a == "--cublas-fp16")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok());
    if args.iter().any(|a| a == "--f16-only") {
        f16_ceiling(n, cublas_fp16);
        return Ok(());
    }
    let acc = Accelerator::default()?;
    let view = acc.default_view();
    let reps = if acc.is_emulated() { 2 } else { 10 };
    println!("amp gemm benchmark on {acc}, C = A·B, {n}x{n}x{n} f32");

    let start = Instant::now();
    let tuned = gemm_tiles(&view, n as i32, n as i32, n as i32)?;
    let tune_ms = start.elapsed().as_secs_f64() * 1e3;
    println!("autotune picked {tuned:?} ({tuned}) in {tune_ms:.0} ms");
    figure("gemm autotune", figure::AMP, tune_ms, "ms");

    let raw = n.is_multiple_of(64).then(Raw::new).flatten();
    let wgsl = raw.as_ref().map(|r| r.rb_matmul(n, reps));
    let reference = wgsl.as_ref().map(|(f, _)| f);

    let (amp, c) = amp_product(
        format!("amp gemm ({tuned:?})"),
        n,
        reps,
        &acc,
        false,
        &|g| g.gemm(),
    )?;
    if let Some((_, want)) = &wgsl {
        for (i, (got, want)) in c.iter().zip(want).enumerate() {
            assert!(
                (got - want).abs() <= 1e-3 * want.abs().max(1.0),
                "amp gemm differs from rb_matmul.wgsl at ({}, {}): {got}, want {want}",
                i / n,
                i % n
            );
        }
    }
    println!("every configuration (gemm_with), ConstArrayView inputs:");
    let mut configs = Vec::new();
    for tiles in GemmTiles::ALL.into_iter().filter(|t| t.fits(&acc)) {
        let mark = if tiles == tuned { " <- tuned" } else { "" };
        let name = format!("{tiles:?}{mark}");
        let (f, _) = amp_product(name, n, reps, &acc, false, &|g| g.gemm_with(&view, tiles))?;
        print(&f, reference);
        f.record(&format!("gemm f32, {tiles:?}"), figure::AMP);
        configs.push(f);
    }
    println!("summary:");
    print(&amp, reference);
    amp.record("gemm f32", figure::AMP);
    let (element, _) = amp_product(
        "amp gemm, ArrayView inputs (element kernel, tuned apart)".to_string(),
        n,
        reps,
        &acc,
        true,
        &|g| g.gemm(),
    )?;
    print(&element, reference);
    element.record("gemm f32, ArrayView inputs", figure::AMP);
    println!("every configuration (gemm_with), ArrayView inputs (element kernel):");
    for tiles in GemmTiles::ALL.into_iter().filter(|t| t.fits(&acc)) {
        let name = format!("{tiles:?}, element kernel");
        let (f, _) = amp_product(name, n, reps, &acc, true, &|g| g.gemm_with(&view, tiles))?;
        print(&f, reference);
        f.record(&format!("gemm f32, {tiles:?}, element kernel"), figure::AMP);
    }
    let ragged = n - 1;
    let (edges, _) = amp_product(
        format!("amp gemm at {ragged}x{ragged}x{ragged} (element kernel)"),
        ragged,
        reps,
        &acc,
        false,
        &|g| g.gemm(),
    )?;
    print(&edges, reference);
    edges.record(&format!("gemm f32 at {ragged}³"), figure::AMP);
    if let Some(r) = reference {
        print(r, None);
        r.record("gemm f32", figure::WGSL);
        println!(
            "amp gemm / WGSL rb_matmul = {:.2} (speed); best configuration {}",
            r.seconds / amp.seconds,
            rate(configs.iter().map(Figure::tflops).fold(0.0, f64::max)).trim_start()
        );
        println!("  (every result equals the CPU's; amp's gemm equals rb_matmul.wgsl's)");
    } else {
        println!("  (every result equals the CPU's; no WGSL reference: N is not a multiple of 64)");
    }
    f16_ceiling(n, cublas_fp16);
    Ok(())
}

/// The hand-written f16 WGSL GEMMs on the matrix units, the best recorded as the ceiling.
fn f16_ceiling(n: usize, cublas_fp16: Option<f64>) {
    println!("f16 GEMM on the matrix units, hand-written WGSL (f16 A, B; f32 accumulation, C), {n}x{n}x{n}:");
    let measured = u32::try_from(n).map_or_else(|_| Vec::new(), |n| coop_gemm::run(n, 20));
    let best = measured.iter().max_by(|a, b| a.tflops.total_cmp(&b.tflops));
    if let Err(e) = amp_f16(n, best.map(|b| b.tflops), cublas_fp16) {
        println!("  amp gemm_f16 failed: {e}");
    }
    let Some(best) = best else {
        return;
    };
    println!(
        "  best: {} at {:.2} TFLOP/s ({:.3} ms)",
        best.name,
        best.tflops,
        best.seconds * 1e3
    );
    figure(
        "gemm f16 (f32 accumulation)",
        figure::WGSL,
        best.tflops,
        "TFLOP/s",
    );
    match cublas_fp16 {
        Some(cublas) => println!(
            "  best / cuBLAS fp16 ({cublas:.1} TFLOP/s) = {:.2}",
            best.tflops / cublas
        ),
        None => println!(
            "  cuBLAS fp16: torch's `REF gemm_fp16` line (torch_ref.py); pass --cublas-fp16 TFLOPS for the ratio"
        ),
    }
}

/// amp's `gemm_f16` on `n`×`n` f16 matrices (`ConstArrayView`s; C an f32 `ArrayView`), checked
/// against the CPU, with its ratio to the best WGSL kernel (`wgsl` TFLOP/s) and to cuBLAS fp16.
fn amp_f16(n: usize, wgsl: Option<f64>, cublas_fp16: Option<f64>) -> Result<(), amp::Error> {
    use amp::algorithms::gemm_f16;
    let acc = Accelerator::default()?;
    if !acc.supports_f16() {
        println!("  amp gemm_f16: no f16 in kernels on {acc}");
        return Ok(());
    }
    let reps = if acc.is_emulated() { 2 } else { 20 };
    let half = |v: Vec<f32>| v.into_iter().map(f16::from_f32).collect::<Vec<_>>();
    let (a, b) = (half(random(n * n, 7)), half(random(n * n, 8)));
    let mut c = vec![f32::NAN; n * n];
    let s = n as i32;
    let figure = {
        let av = ConstArrayView::new([s, s], &a)?;
        let bv = ConstArrayView::new([s, s], &b)?;
        let cv = ArrayView::new([s, s], &mut c)?;
        cv.discard_data();
        let figure = measure("amp gemm_f16".into(), n, reps, &acc, || {
            gemm_f16(1.0, &av, &bv, 0.0, &cv)
        })?;
        cv.synchronize()?;
        figure
    };
    let wide = |v: &[f16]| v.iter().map(|h| h.to_f32()).collect::<Vec<_>>();
    check_product(&figure.name, &wide(&a), &wide(&b), &c, n);
    println!(
        "  amp gemm_f16: {} ({:.3} ms)",
        rate(figure.tflops()),
        figure.seconds * 1e3
    );
    figure.record("gemm f16 (f32 accumulation)", figure::AMP);
    if let Some(wgsl) = wgsl {
        println!("  amp gemm_f16 / best WGSL = {:.2}", figure.tflops() / wgsl);
    }
    if let Some(cublas) = cublas_fp16 {
        println!(
            "  amp gemm_f16 / cuBLAS fp16 ({cublas:.1} TFLOP/s) = {:.2}",
            figure.tflops() / cublas
        );
    }
    // The same product from f32 data, rounded to f16 on the accelerator first.
    let (a, b) = (wide(&a), wide(&b));
    let figure = {
        let av = ConstArrayView::new([s, s], &a)?;
        let bv = ConstArrayView::new([s, s], &b)?;
        let cv = ArrayView::new([s, s], &mut c)?;
        cv.discard_data();
        let figure = measure("amp gemm_f16_inputs".into(), n, reps, &acc, || {
            amp::algorithms::gemm_f16_inputs(1.0, &av, &bv, 0.0, &cv)
        })?;
        cv.synchronize()?;
        figure
    };
    check_product(&figure.name, &a, &b, &c, n);
    println!(
        "  amp gemm_f16_inputs (f32 data, rounded to f16 first): {} ({:.3} ms)",
        rate(figure.tflops()),
        figure.seconds * 1e3
    );
    figure.record("gemm f32 data with f16 inputs", figure::AMP);
    Ok(())
}
