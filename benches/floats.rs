//! What Rust's float semantics cost in kernels: float division, the exact `%`, float → integer
//! `as` (saturating, NaN 0), `fast_math::pow` with C's special cases and `ln` with subnormal
//! scaling, each amp kernel (checked and unchecked) beside the same loop in raw WGSL through wgpu
//! with no runtime checks (naga's own lowering: WGSL's `%` is `x - y * trunc(x / y)`, its
//! `i32(x)` clamps below `2^31` and leaves NaN to the device, its `pow` and `log` are Vulkan's
//! built-ins, undefined for the special values).
//!
//! Each thread applies the operation 64 times in a dependent chain, so that the operation's
//! cost, not memory traffic, is what is timed. Prints one line per kernel and the ratios amp
//! checked / amp unchecked and amp unchecked / WGSL; every amp result is checked against the
//! host's Rust first (the WGSL one is not: its results differ by design at the special values,
//! and its `%` is inexact).
//!
//! `cargo bench --bench floats` (1 Mi elements); `-- --large` for 16 Mi on a GPU.

use amp::prelude::*;
use std::time::{Duration, Instant};

// Each benchmark uses some of the implementation names.
#[allow(dead_code)]
#[path = "support/figure.rs"]
mod figure;
use figure::figure;

/// Steps of the dependent chain per thread.
const STEPS: u32 = 64;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Runs `batch` (which launches `reps` kernels and waits) several times; seconds per kernel.
fn time_per_kernel(reps: u32, mut batch: impl FnMut(u32)) -> f64 {
    batch(1);
    let samples: Vec<Duration> = (0..5)
        .map(|_| {
            let start = Instant::now();
            batch(reps);
            start.elapsed()
        })
        .collect();
    median(samples).as_secs_f64() / f64::from(reps)
}

/// The raw-WGSL side: one wgpu device of its own.
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

    /// Seconds per dispatch of a kernel whose loop body is `step` (WGSL over `x`, `a`, `b`).
    fn time(&self, step: &str, a: &[f32], b: &[f32], reps: u32) -> f64 {
        use wgpu::util::DeviceExt;
        let source = format!(
            r#"
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) g: vec3<u32>, @builtin(num_workgroups) ng: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {{
    let i = (g.y * ng.x + g.x) * 256u + l;
    if (i >= arrayLength(&c)) {{ return; }}
    let av = a[i];
    let bv = b[i];
    var x = av;
    for (var k = 0u; k < {STEPS}u; k++) {{ {step} }}
    c[i] = x;
}}
"#
        );
        let desc = wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(source.into()),
        };
        // SAFETY: the shader guards its accesses by the output's length; its loop is bounded.
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
        let buffer = |data: &[f32]| {
            self.device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: None,
                    contents: bytemuck::cast_slice(data),
                    usage: wgpu::BufferUsages::STORAGE,
                })
        };
        let out = vec![0.0f32; a.len()];
        let (ab, bb, cb) = (buffer(a), buffer(b), buffer(&out));
        let bind = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[&ab, &bb, &cb]
                .iter()
                .enumerate()
                .map(|(i, buf)| wgpu::BindGroupEntry {
                    binding: i as u32,
                    resource: buf.as_entire_binding(),
                })
                .collect::<Vec<_>>(),
        });
        let groups = (a.len() as u32).div_ceil(256);
        let grid = if groups > 65535 {
            [65535, groups.div_ceil(65535), 1]
        } else {
            [groups, 1, 1]
        };
        time_per_kernel(reps, |k| {
            for _ in 0..k {
                let mut enc = self.device.create_command_encoder(&Default::default());
                {
                    let mut pass = enc.begin_compute_pass(&Default::default());
                    pass.set_pipeline(&pipeline);
                    pass.set_bind_group(0, &bind, &[]);
                    pass.dispatch_workgroups(grid[0], grid[1], grid[2]);
                }
                self.queue.submit([enc.finish()]);
            }
            let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
        })
    }
}

fn random(len: usize, seed: u32, lo: f32, hi: f32) -> Vec<f32> {
    let mut x = seed.max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            lo + (hi - lo) * (x % 100_000) as f32 / 100_000.0
        })
        .collect()
}

/// One operation: its name, the inputs' ranges, the host's step, and the WGSL step.
struct Case {
    name: &'static str,
    a: (f32, f32),
    b: (f32, f32),
    /// Inputs rounded down to whole numbers: every step is then exact (no rounding a device
    /// may do differently, such as contracting `x * 37 + a` into a fused multiply-add), so the
    /// host's check holds bit for bit on every device.
    whole: bool,
    host: fn(f32, f32, f32) -> f32,
    wgsl: &'static str,
}

/// amp's kernel for case `$k` (its loop body over `x`, `av`, `bv`), launched by `$launch`.
macro_rules! amp_kernel {
    ($launch:ident, $k:expr, $cv:ident, $av:ident, $bv:ident) => {{
        let (cv, av, bv) = (&$cv, &$av, &$bv);
        match $k {
            0 => amp_kernel!(@launch $launch, cv, av, bv, |x, a, b| x / b + a),
            1 => amp_kernel!(@launch $launch, cv, av, bv, |x, a, b| (x * 37.0 + a) % b),
            2 => amp_kernel!(@launch $launch, cv, av, bv, |x, a, b| ((x * b) as i32) as f32 * 1e-9 + a),
            3 => amp_kernel!(@launch $launch, cv, av, bv, |x, a, b| fast_math::pow(x + a, b)),
            _ => amp_kernel!(@launch $launch, cv, av, bv, |x, a, b| (x + a + b).ln()),
        }
    }};
    (@launch $launch:ident, $cv:ident, $av:ident, $bv:ident, |$x:ident, $a:ident, $b:ident| $step:expr) => {
        amp_kernel!(@go $launch, $cv.extent(), |i: Index<1>| {
            let $a = $av[i];
            let $b = $bv[i];
            let mut $x = $a;
            for _ in 0..64 {
                $x = $step;
            }
            $cv[i] = $x;
        })
    };
    (@go parallel_for_each, $($kernel:tt)*) => {
        parallel_for_each!($($kernel)*)
    };
    (@go parallel_for_each_unchecked, $($kernel:tt)*) => {
        // SAFETY: each thread indexes the three views by its own index inside their extent.
        unsafe { parallel_for_each_unchecked!($($kernel)*) }
    };
}

fn cases() -> [Case; 5] {
    [
        Case {
            name: "x / b + a",
            a: (0.0, 1.0),
            b: (1.5, 3.0),
            whole: false,
            host: |x, a, b| x / b + a,
            wgsl: "x = x / bv + av;",
        },
        Case {
            name: "(x * 37 + a) % b",
            // Whole numbers: x < b, so x * 37 + a < 2^24 is exact, and so is `%`.
            a: (0.0, 1000.0),
            b: (1.0, 64.0),
            whole: true,
            host: |x, a, b| (x * 37.0 + a) % b,
            wgsl: "x = (x * 37.0 + av) % bv;",
        },
        Case {
            name: "(x * b) as i32 as f32",
            a: (0.0, 1.0),
            b: (1e9, 4e9),
            whole: false,
            host: |x, a, b| ((x * b) as i32) as f32 * 1e-9 + a,
            wgsl: "x = f32(i32(x * bv)) * 1e-9 + av;",
        },
        Case {
            name: "fast_math::pow(x + a, b)",
            a: (0.0, 1.0),
            b: (0.4, 0.6),
            whole: false,
            host: |x, a, b| (x + a).powf(b),
            wgsl: "x = pow(x + av, bv);",
        },
        Case {
            name: "(x + a + b).ln()",
            a: (1.0, 2.0),
            b: (0.0, 1.0),
            whole: false,
            host: |x, a, b| (x + a + b).ln(),
            wgsl: "x = log(x + av + bv);",
        },
    ]
}

fn main() -> Result<(), amp::Error> {
    let large = std::env::args().any(|a| a == "--large");
    let n = if large { 16 << 20 } else { 1 << 20 };
    let acc = Accelerator::default()?;
    let reps = if acc.is_emulated() { 3 } else { 20 };
    let raw = Raw::new();
    println!("float semantics ({n} elements, {STEPS} dependent steps per thread)");
    for (k, case) in cases().iter().enumerate() {
        let whole = |v: Vec<f32>| -> Vec<f32> {
            if case.whole {
                v.into_iter().map(f32::floor).collect()
            } else {
                v
            }
        };
        let a = whole(random(n, 1 + k as u32, case.a.0, case.a.1));
        let b = whole(random(n, 11 + k as u32, case.b.0, case.b.1));
        let mut c = vec![0.0f32; n];
        let ni = n as i32;
        let av = ConstArrayView::new(ni, &a)?;
        let bv = ConstArrayView::new(ni, &b)?;
        let cv = ArrayView::new(ni, &mut c)?;
        cv.discard_data();
        let checked = time_per_kernel(reps, |r| {
            for _ in 0..r {
                let _ = amp_kernel!(parallel_for_each, k, cv, av, bv);
            }
            let _ = acc.wait();
        });
        let unchecked = time_per_kernel(reps, |r| {
            for _ in 0..r {
                let _ = amp_kernel!(parallel_for_each_unchecked, k, cv, av, bv);
            }
            let _ = acc.wait();
        });
        cv.synchronize()?;
        drop(cv);
        // Rust's result, within the accelerator's rounding of the transcendental steps.
        let wrong = (0..n).step_by(997).find(|&i| {
            let mut x = a[i];
            for _ in 0..STEPS {
                x = (case.host)(x, a[i], b[i]);
            }
            (c[i] - x).abs() > 1e-3 * x.abs().max(1.0)
        });
        if let Some(i) = wrong {
            panic!("{}: amp gives {} at {i}, Rust {}", case.name, c[i], {
                let mut x = a[i];
                for _ in 0..STEPS {
                    x = (case.host)(x, a[i], b[i]);
                }
                x
            });
        }
        let wgsl = raw.as_ref().map(|r| r.time(case.wgsl, &a, &b, reps));
        let ms = |s: f64| s * 1e3;
        let mut line = format!(
            "  {:<26} amp {:>8.3} ms  unchecked {:>8.3} ms  checked/unchecked {:.2}",
            case.name,
            ms(checked),
            ms(unchecked),
            checked / unchecked
        );
        if let Some(w) = wgsl {
            line += &format!(
                "  WGSL {:>8.3} ms  unchecked/WGSL {:.2}",
                ms(w),
                unchecked / w
            );
        }
        println!("{line}");
        figure(case.name, figure::AMP, ms(checked), "ms");
        figure(case.name, figure::AMP_UNCHECKED, ms(unchecked), "ms");
        if let Some(w) = wgsl {
            figure(case.name, figure::WGSL, ms(w), "ms");
        }
    }
    Ok(())
}
