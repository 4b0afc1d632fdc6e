//! Side-by-side kernel benchmark: amp's generated kernel vs the same algorithm hand-written in
//! WGSL and run through wgpu directly (with wgpu's default runtime checks, and without them), and
//! vs plain Rust on the CPU. Prints one line per measurement and the ratios.
//!
//! `cargo bench --bench kernels` (sizes for a CPU device); `-- --large` for a GPU
//! (64 Mi-element vector add, 4096² matmul).
//!
//! Timing: wall clock around a batch of launches followed by a wait for the queue, after a
//! warm-up launch (pipeline creation is not kernel time); the median of several batches.

use amp::prelude::*;
use std::time::{Duration, Instant};

const VECTOR_ADD_WGSL: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@group(0) @binding(3) var<uniform> n: vec4<u32>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) g: vec3<u32>, @builtin(num_workgroups) ng: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {
    let i = (g.y * ng.x + g.x) * 256u + l;
    if (i < n.x) { c[i] = a[i] + b[i]; }
}
"#;

const MATMUL_WGSL: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@group(0) @binding(3) var<uniform> n: vec4<u32>;
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let row = id.y; let col = id.x; let size = n.x;
    if (row >= size || col >= size) { return; }
    var sum = 0.0;
    for (var i = 0u; i < size; i++) { sum += a[row * size + i] * b[i * size + col]; }
    c[row * size + col] = sum;
}
"#;

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

/// The same algorithm as raw WGSL through wgpu.
struct Raw {
    device: wgpu::Device,
    queue: wgpu::Queue,
    /// "Checked" means wgpu's bounds checks without its loop bounding.
    bounds_only: std::cell::Cell<bool>,
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
        Some(Raw {
            device,
            queue,
            bounds_only: std::cell::Cell::new(false),
        })
    }

    fn buffer(&self, data: &[f32]) -> wgpu::Buffer {
        use wgpu::util::DeviceExt;
        self.device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents: bytemuck::cast_slice(data),
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            })
    }

    /// Seconds per dispatch of `source` over buffers (a, b, c) and the uniform `n`.
    fn time(
        &self,
        source: &str,
        checked: bool,
        bufs: [&[f32]; 3],
        n: u32,
        groups: [u32; 3],
        reps: u32,
    ) -> f64 {
        use wgpu::util::DeviceExt;
        let desc = wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(source.into()),
        };
        let module = match (checked, self.bounds_only.get()) {
            (true, false) => self.device.create_shader_module(desc),
            (checked, _) => {
                // Bounds checks alone (`bounds_only`), or nothing.
                let checks = if checked {
                    wgpu::ShaderRuntimeChecks {
                        force_loop_bounding: false,
                        ..wgpu::ShaderRuntimeChecks::checked()
                    }
                } else {
                    wgpu::ShaderRuntimeChecks::unchecked()
                };
                // SAFETY: the benchmark's shaders guard every access with the sizes they are
                // given, and their loops are bounded.
                unsafe { self.device.create_shader_module_trusted(desc, checks) }
            }
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
        let [a, b, c] = bufs.map(|d| self.buffer(d));
        let uniform = self
            .device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents: bytemuck::cast_slice(&[n, 0, 0, 0]),
                usage: wgpu::BufferUsages::UNIFORM,
            });
        let bind = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[&a, &b, &c, &uniform]
                .iter()
                .enumerate()
                .map(|(i, buf)| wgpu::BindGroupEntry {
                    binding: i as u32,
                    resource: buf.as_entire_binding(),
                })
                .collect::<Vec<_>>(),
        });
        time_per_kernel(reps, |k| {
            for _ in 0..k {
                let mut enc = self.device.create_command_encoder(&Default::default());
                {
                    let mut pass = enc.begin_compute_pass(&Default::default());
                    pass.set_pipeline(&pipeline);
                    pass.set_bind_group(0, &bind, &[]);
                    pass.dispatch_workgroups(groups[0], groups[1], groups[2]);
                }
                self.queue.submit([enc.finish()]);
            }
            let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
        })
    }
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

fn vector_add(raw: Option<&Raw>, acc: &Accelerator, n: usize) -> Result<(), amp::Error> {
    let (a, b) = (random(n, 1), random(n, 2));
    let mut c = vec![0.0f32; n];
    let bytes = 3.0 * 4.0 * n as f64;
    let ni = n as i32;
    let av = ConstArrayView::new(ni, &a)?;
    let bv = ConstArrayView::new(ni, &b)?;
    let cv = ArrayView::new(ni, &mut c)?;
    cv.discard_data();
    let amp_s = time_per_kernel(20, |k| {
        for _ in 0..k {
            let _ = parallel_for_each!(cv.extent(), |i: Index<1>| {
                cv[i] = av[i] + bv[i];
            });
        }
        let _ = acc.wait();
    });
    let amp_unchecked_s = time_per_kernel(20, |k| {
        for _ in 0..k {
            // SAFETY: every thread indexes the three views by its own index inside their extent.
            let _ = unsafe {
                parallel_for_each_unchecked!(cv.extent(), |i: Index<1>| {
                    cv[i] = av[i] + bv[i];
                })
            };
        }
        let _ = acc.wait();
    });
    cv.synchronize()?;
    drop(cv);
    assert!(c
        .iter()
        .zip(a.iter().zip(&b))
        .all(|(c, (a, b))| *c == a + b));
    let cpu_s = time_per_kernel(3, |k| {
        for _ in 0..k {
            for ((c, a), b) in c.iter_mut().zip(&a).zip(&b) {
                *c = a + b;
            }
            std::hint::black_box(&c);
        }
    });
    report(
        "vector add",
        &format!("{n} f32"),
        "GB/s",
        bytes,
        Figures {
            amp: amp_s,
            amp_unchecked: amp_unchecked_s,
            cpu: cpu_s,
            wgsl: raw.map(|r| {
                let groups = (n as u32).div_ceil(256);
                let grid = if groups > 65535 {
                    [65535, groups.div_ceil(65535), 1]
                } else {
                    [groups, 1, 1]
                };
                let out = vec![0.0f32; n];
                let args = [&a[..], &b[..], &out[..]];
                (
                    r.time(VECTOR_ADD_WGSL, true, args, n as u32, grid, 20),
                    r.time(VECTOR_ADD_WGSL, false, args, n as u32, grid, 20),
                )
            }),
        },
    );
    Ok(())
}

fn matmul(raw: Option<&Raw>, acc: &Accelerator, size: usize) -> Result<(), amp::Error> {
    let (a, b) = (random(size * size, 3), random(size * size, 4));
    let mut c = vec![0.0f32; size * size];
    let flops = 2.0 * (size as f64).powi(3);
    let s = size as i32;
    let av = ConstArrayView::new([s, s], &a)?;
    let bv = ConstArrayView::new([s, s], &b)?;
    let cv = ArrayView::new([s, s], &mut c)?;
    cv.discard_data();
    let reps = if acc.is_emulated() { 2 } else { 10 };
    let amp_s = time_per_kernel(reps, |k| {
        for _ in 0..k {
            let _ = parallel_for_each!(cv.extent(), |idx: Index<2>| {
                let row = idx[0];
                let col = idx[1];
                let mut sum = 0.0f32;
                for i in 0..bv.extent()[0] {
                    sum += av[(row, i)] * bv[(i, col)];
                }
                cv[idx] = sum;
            });
        }
        let _ = acc.wait();
    });
    let amp_unchecked_s = time_per_kernel(reps, |k| {
        for _ in 0..k {
            // SAFETY: rows and columns stay inside the square matrices' extents.
            let _ = unsafe {
                parallel_for_each_unchecked!(cv.extent(), |idx: Index<2>| {
                    let row = idx[0];
                    let col = idx[1];
                    let mut sum = 0.0f32;
                    for i in 0..bv.extent()[0] {
                        sum += av[(row, i)] * bv[(i, col)];
                    }
                    cv[idx] = sum;
                })
            };
        }
        let _ = acc.wait();
    });
    cv.synchronize()?;
    drop(cv);
    // The CPU reference: the same triple loop (i-k-j order, as a Rust programmer would write it).
    let cpu_size = size.min(1024);
    let cpu_s = time_per_kernel(1, |k| {
        for _ in 0..k {
            let mut out = vec![0.0f32; cpu_size * cpu_size];
            for r in 0..cpu_size {
                for i in 0..cpu_size {
                    let x = a[r * size + i];
                    for col in 0..cpu_size {
                        out[r * cpu_size + col] += x * b[i * size + col];
                    }
                }
            }
            std::hint::black_box(&out);
        }
    }) * (size as f64 / cpu_size as f64).powi(3);
    let check = (0..size).step_by(size / 7 + 1).all(|r| {
        let col = (r * 31) % size;
        let want: f32 = (0..size).map(|i| a[r * size + i] * b[i * size + col]).sum();
        (c[r * size + col] - want).abs() <= 1e-3 * want.abs().max(1.0)
    });
    assert!(check, "amp matmul differs from the CPU");
    let groups = (size as u32).div_ceil(16);
    report(
        "matmul simple",
        &format!("{size}² f32"),
        "GFLOP/s",
        flops,
        Figures {
            amp: amp_s,
            amp_unchecked: amp_unchecked_s,
            cpu: cpu_s,
            wgsl: raw.map(|r| {
                let out = vec![0.0f32; size * size];
                let args = [&a[..], &b[..], &out[..]];
                (
                    r.time(
                        MATMUL_WGSL,
                        true,
                        args,
                        size as u32,
                        [groups, groups, 1],
                        reps,
                    ),
                    r.time(
                        MATMUL_WGSL,
                        false,
                        args,
                        size as u32,
                        [groups, groups, 1],
                        reps,
                    ),
                )
            }),
        },
    );
    Ok(())
}

const MATMUL_TILED_WGSL: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@group(0) @binding(3) var<uniform> n: vec4<u32>;
var<workgroup> ta: array<array<f32, 16>, 16>;
var<workgroup> tb: array<array<f32, 16>, 16>;
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    let row = id.y; let col = id.x; let size = n.x;
    let r = lid.y; let cl = lid.x;
    var sum = 0.0;
    for (var i = 0u; i < size; i += 16u) {
        ta[r][cl] = a[row * size + i + cl];
        tb[r][cl] = b[(i + r) * size + col];
        workgroupBarrier();
        for (var k = 0u; k < 16u; k++) { sum += ta[r][k] * tb[k][cl]; }
        workgroupBarrier();
    }
    c[row * size + col] = sum;
}
"#;

fn matmul_tiled(raw: Option<&Raw>, acc: &Accelerator, size: usize) -> Result<(), amp::Error> {
    let (a, b) = (random(size * size, 5), random(size * size, 6));
    let mut c = vec![0.0f32; size * size];
    let flops = 2.0 * (size as f64).powi(3);
    let s = size as i32;
    let av = ConstArrayView::new([s, s], &a)?;
    let bv = ConstArrayView::new([s, s], &b)?;
    let cv = ArrayView::new([s, s], &mut c)?;
    cv.discard_data();
    let reps = if acc.is_emulated() { 2 } else { 10 };
    let amp_s = time_per_kernel(reps, |k| {
        for _ in 0..k {
            let _ = parallel_for_each!(cv.extent().tile::<16, 16>(), |t: TiledIndex<2>| {
                let row = t.local[0];
                let col = t.local[1];
                #[tile_static]
                let mut la: [[f32; 16]; 16];
                #[tile_static]
                let mut lb: [[f32; 16]; 16];
                let mut sum = 0.0f32;
                for step in 0..av.extent()[1] / 16 {
                    let i = step * 16;
                    la[row][col] = av[(t.global[0], col + i)];
                    lb[row][col] = bv[(row + i, t.global[1])];
                    t.barrier.wait();
                    for k in 0..16 {
                        sum += la[row][k] * lb[k][col];
                    }
                    t.barrier.wait();
                }
                cv[t.global] = sum;
            });
        }
        let _ = acc.wait();
    });
    let amp_unchecked_s = time_per_kernel(reps, |k| {
        for _ in 0..k {
            // SAFETY: the extents are multiples of 16 and every index stays inside them.
            let _ = unsafe {
                parallel_for_each_unchecked!(cv.extent().tile::<16, 16>(), |t: TiledIndex<2>| {
                    let row = t.local[0];
                    let col = t.local[1];
                    #[tile_static]
                    let mut la: [[f32; 16]; 16];
                    #[tile_static]
                    let mut lb: [[f32; 16]; 16];
                    let mut sum = 0.0f32;
                    for step in 0..av.extent()[1] / 16 {
                        let i = step * 16;
                        la[row][col] = av[(t.global[0], col + i)];
                        lb[row][col] = bv[(row + i, t.global[1])];
                        t.barrier.wait();
                        for k in 0..16 {
                            sum += la[row][k] * lb[k][col];
                        }
                        t.barrier.wait();
                    }
                    cv[t.global] = sum;
                })
            };
        }
        let _ = acc.wait();
    });
    let amp_fenced_s = time_per_kernel(reps, |k| {
        for _ in 0..k {
            // SAFETY: the extents are multiples of 16 and every index stays inside them.
            let _ = unsafe {
                parallel_for_each_unchecked!(cv.extent().tile::<16, 16>(), |t: TiledIndex<2>| {
                    let row = t.local[0];
                    let col = t.local[1];
                    #[tile_static]
                    let mut la: [[f32; 16]; 16];
                    #[tile_static]
                    let mut lb: [[f32; 16]; 16];
                    let mut sum = 0.0f32;
                    for step in 0..av.extent()[1] / 16 {
                        let i = step * 16;
                        la[row][col] = av[(t.global[0], col + i)];
                        lb[row][col] = bv[(row + i, t.global[1])];
                        t.barrier.wait_with_tile_static_memory_fence();
                        for k in 0..16 {
                            sum += la[row][k] * lb[k][col];
                        }
                        t.barrier.wait_with_tile_static_memory_fence();
                    }
                    cv[t.global] = sum;
                })
            };
        }
        let _ = acc.wait();
    });
    cv.synchronize()?;
    drop(cv);
    let check = (0..size).step_by(size / 7 + 1).all(|r| {
        let col = (r * 31) % size;
        let want: f32 = (0..size).map(|i| a[r * size + i] * b[i * size + col]).sum();
        (c[r * size + col] - want).abs() <= 1e-3 * want.abs().max(1.0)
    });
    assert!(check, "amp tiled matmul differs from the CPU");
    let groups = (size as u32) / 16;
    let wgsl = raw.map(|r| {
        let out = vec![0.0f32; size * size];
        let args = [&a[..], &b[..], &out[..]];
        let grid = [groups, groups, 1];
        (
            r.time(MATMUL_TILED_WGSL, true, args, size as u32, grid, reps),
            r.time(MATMUL_TILED_WGSL, false, args, size as u32, grid, reps),
        )
    });
    let figures = Figures {
        amp: amp_s,
        amp_unchecked: amp_unchecked_s,
        cpu: f64::NAN,
        wgsl,
    };
    report(
        "matmul tiled 16x16",
        &format!("{size}² f32"),
        "GFLOP/s",
        flops,
        figures,
    );
    if let Some(r) = raw {
        // Which part of wgpu's checks costs: bounds checks alone, without loop bounding.
        r.bounds_only.set(true);
        let out = vec![0.0f32; size * size];
        let args = [&a[..], &b[..], &out[..]];
        let grid = [groups, groups, 1];
        let tiled = r.time(MATMUL_TILED_WGSL, true, args, size as u32, grid, reps);
        let simple_groups = (size as u32).div_ceil(16);
        let simple_grid = [simple_groups, simple_groups, 1];
        let simple = r.time(MATMUL_WGSL, true, args, size as u32, simple_grid, reps);
        r.bounds_only.set(false);
        for (name, s) in [("simple", simple), ("tiled", tiled)] {
            println!(
                "  WGSL {name}, bounds checks, no loop bounding {:>8.3} ms  {:>9.1} GFLOP/s",
                s * 1e3,
                flops / s / 1e9
            );
        }
    }
    println!(
        "  {:<24} {:>10.3} ms  {:>9.1} GFLOP/s   (barriers fence tile_static memory only)",
        "amp, unchecked, fenced",
        amp_fenced_s * 1e3,
        flops / amp_fenced_s / 1e9
    );
    Ok(())
}

/// One benchmark's seconds per kernel.
struct Figures {
    amp: f64,
    amp_unchecked: f64,
    /// Raw WGSL with wgpu's checks and without.
    wgsl: Option<(f64, f64)>,
    /// Plain Rust on one core (NaN: not measured).
    cpu: f64,
}

fn report(name: &str, size: &str, unit: &str, work: f64, f: Figures) {
    let rate = |s: f64| work / s / 1e9;
    let line = |label: &str, s: f64, ratio: String| {
        println!(
            "  {label:<24} {:>10.3} ms  {:>9.1} {unit}   {ratio}",
            s * 1e3,
            rate(s)
        );
    };
    println!("{name} ({size})");
    line("amp", f.amp, String::new());
    line("amp, unchecked", f.amp_unchecked, String::new());
    if let Some((checked, unchecked)) = f.wgsl {
        line(
            "WGSL, wgpu checks",
            checked,
            format!("amp / this = {:.2}", checked / f.amp),
        );
        line(
            "WGSL, no checks",
            unchecked,
            format!("amp unchecked / this = {:.2}", unchecked / f.amp_unchecked),
        );
    }
    if f.cpu.is_finite() {
        line(
            "plain Rust, 1 CPU core",
            f.cpu,
            format!("amp speed-up = {:.1}x", f.cpu / f.amp),
        );
    }
}

fn main() -> Result<(), amp::Error> {
    let large = std::env::args().any(|a| a == "--large");
    let acc = Accelerator::default()?;
    println!("amp kernel benchmark on {acc}");
    let raw = Raw::new();
    let (n, size) = if large {
        (64 << 20, 4096)
    } else {
        (4 << 20, 512)
    };
    vector_add(raw.as_ref(), &acc, n)?;
    matmul(raw.as_ref(), &acc, size)?;
    matmul_tiled(raw.as_ref(), &acc, size)?;
    Ok(())
}
