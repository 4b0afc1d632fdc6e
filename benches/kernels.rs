//! Side-by-side kernel benchmark: amp's generated kernel vs the same algorithm hand-written in
//! WGSL and run through wgpu directly (with wgpu's default runtime checks, and without them), and
//! vs plain Rust on the CPU. Prints one line per measurement and the ratios, then a summary of the
//! ratios the project's targets are stated in (amp checked / unchecked, amp unchecked / WGSL
//! unchecked, tiled `wait()` / tiled fenced).
//!
//! Kernels: vector add (over `f32` and over `Float4` views, the latter against WGSL with
//! `vec4<f32>` loads), the simple matmul (seed 003 Figure 1), the tiled matmul (seed 003 Figure
//! 5) with `t.barrier.wait()` as the seed writes it and with
//! `wait_with_tile_static_memory_fence()`, and a register-blocked matmul (64×64 outputs per 16×16
//! tile, 4×4 per thread) against `rb_matmul.wgsl`, a copy of
//! `../shared/gpu/reference/rb_matmul.wgsl`. Every amp result is checked (against the CPU, and the
//! register-blocked one also against the WGSL kernel's output) before its figure is printed.
//!
//! `cargo bench --bench kernels` (sizes for a CPU device); `-- --large` for a GPU
//! (64 Mi-element vector add, 4096² matmul). The register-blocked matmul is 4096² on a GPU and
//! 256² on an emulated accelerator (lavapipe), whatever the flag.
//!
//! Timing: wall clock around a batch of launches followed by a wait for the queue, after a
//! warm-up launch (pipeline creation is not kernel time); the median of several batches.
//!
//! Besides its table, the benchmark prints one `figure` line per figure (`support/figure.rs`).

use amp::prelude::*;
use std::time::{Duration, Instant};

// Each benchmark uses some of the implementation names.
#[allow(dead_code)]
#[path = "support/figure.rs"]
mod figure;
use figure::figure;

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

/// The vector add over `vec4<f32>` elements: vector loads and stores (`n.x` vectors).
const VECTOR_ADD_VEC4_WGSL: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> c: array<vec4<f32>>;
@group(0) @binding(3) var<uniform> n: vec4<u32>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) g: vec3<u32>, @builtin(num_workgroups) ng: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {
    let i = (g.y * ng.x + g.x) * 256u + l;
    if (i < n.x) { c[i] = a[i] + b[i]; }
}
"#;

/// The `vec4` vector add with 64-thread workgroups, and with two vectors per thread: launch shapes
/// beside the one-vector-per-thread, 256-thread kernel above, to tell what the launch shape costs
/// from what the vector loads cost.
const VECTOR_ADD_VEC4_WG64_WGSL: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> c: array<vec4<f32>>;
@group(0) @binding(3) var<uniform> n: vec4<u32>;
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) g: vec3<u32>, @builtin(num_workgroups) ng: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {
    let i = (g.y * ng.x + g.x) * 64u + l;
    if (i < n.x) { c[i] = a[i] + b[i]; }
}
"#;

const VECTOR_ADD_VEC4_X2_WGSL: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> c: array<vec4<f32>>;
@group(0) @binding(3) var<uniform> n: vec4<u32>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) g: vec3<u32>, @builtin(num_workgroups) ng: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {
    let base = (g.y * ng.x + g.x) * 512u + l;
    for (var k = 0u; k < 2u; k++) {
        let i = base + k * 256u;
        if (i < n.x) { c[i] = a[i] + b[i]; }
    }
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
        let (pipeline, bind, _) = self.setup(source, checked, bufs, n);
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

    /// Runs `source` once over buffers (a, b, c) and the uniform `n`; returns c.
    fn output(
        &self,
        source: &str,
        checked: bool,
        bufs: [&[f32]; 3],
        n: u32,
        groups: [u32; 3],
    ) -> Vec<f32> {
        let (pipeline, bind, c) = self.setup(source, checked, bufs, n);
        let staging = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: c.size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut enc = self.device.create_command_encoder(&Default::default());
        {
            let mut pass = enc.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bind, &[]);
            pass.dispatch_workgroups(groups[0], groups[1], groups[2]);
        }
        enc.copy_buffer_to_buffer(&c, 0, &staging, 0, c.size());
        self.queue.submit([enc.finish()]);
        staging.map_async(wgpu::MapMode::Read, .., |r| {
            r.expect("mapping the WGSL result");
        });
        let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
        let data = staging
            .get_mapped_range(..)
            .expect("reading the WGSL result");
        bytemuck::cast_slice(&data).to_vec()
    }

    /// The pipeline for `source`, its bind group over buffers (a, b, c) and the uniform `n`, and c.
    fn setup(
        &self,
        source: &str,
        checked: bool,
        bufs: [&[f32]; 3],
        n: u32,
    ) -> (wgpu::ComputePipeline, wgpu::BindGroup, wgpu::Buffer) {
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
        (pipeline, bind, c)
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

fn vector_add(raw: Option<&Raw>, acc: &Accelerator, n: usize) -> Result<Figures, amp::Error> {
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
    let figures = Figures {
        amp: amp_s,
        amp_unchecked: amp_unchecked_s,
        cpu: cpu_s,
        wgsl: raw.map(|r| {
            let grid = grid_1d(n);
            let out = vec![0.0f32; n];
            let args = [&a[..], &b[..], &out[..]];
            (
                r.time(VECTOR_ADD_WGSL, true, args, n as u32, grid, 20),
                r.time(VECTOR_ADD_WGSL, false, args, n as u32, grid, 20),
            )
        }),
    };
    report("vector add", &format!("{n} f32"), "GB/s", bytes, &figures);
    Ok(figures)
}

/// The grid of 256-thread workgroups over `threads` threads.
fn grid_1d(threads: usize) -> [u32; 3] {
    let groups = (threads as u32).div_ceil(256);
    if groups > 65535 {
        [65535, groups.div_ceil(65535), 1]
    } else {
        [groups, 1, 1]
    }
}

/// The vector add over `Float4` views (`n` floats, `n / 4` vectors): vector loads.
fn vector_add_float4(
    raw: Option<&Raw>,
    acc: &Accelerator,
    n: usize,
) -> Result<Figures, amp::Error> {
    let (a, b) = (random(n, 1), random(n, 2));
    let float4s = |v: &[f32]| -> Vec<Float4> {
        v.chunks_exact(4)
            .map(|c| float4(c[0], c[1], c[2], c[3]))
            .collect()
    };
    let (a4, b4) = (float4s(&a), float4s(&b));
    let m = a4.len();
    let mut c4 = vec![Float4::default(); m];
    let bytes = 3.0 * 16.0 * m as f64;
    let av = ConstArrayView::new(m as i32, &a4)?;
    let bv = ConstArrayView::new(m as i32, &b4)?;
    let cv = ArrayView::new(m as i32, &mut c4)?;
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
    assert!(c4
        .iter()
        .zip(a4.iter().zip(&b4))
        .all(|(c, (a, b))| *c == *a + *b));
    let figures = Figures {
        amp: amp_s,
        amp_unchecked: amp_unchecked_s,
        cpu: f64::NAN,
        wgsl: raw.map(|r| {
            let out = vec![0.0f32; n];
            let args = [&a[..m * 4], &b[..m * 4], &out[..m * 4]];
            let grid = grid_1d(m);
            (
                r.time(VECTOR_ADD_VEC4_WGSL, true, args, m as u32, grid, 20),
                r.time(VECTOR_ADD_VEC4_WGSL, false, args, m as u32, grid, 20),
            )
        }),
    };
    report(
        "vector add, Float4",
        &format!("{m} Float4"),
        "GB/s",
        bytes,
        &figures,
    );
    if let Some(r) = raw {
        // Other launch shapes of the same WGSL, to tell the shape's cost from the vector loads'.
        let out = vec![0.0f32; n];
        let args = [&a[..m * 4], &b[..m * 4], &out[..m * 4]];
        let groups64 = (m as u32).div_ceil(64);
        let grid64 = if groups64 > 65535 {
            [65535, groups64.div_ceil(65535), 1]
        } else {
            [groups64, 1, 1]
        };
        let shapes = [
            ("64-thread groups", VECTOR_ADD_VEC4_WG64_WGSL, grid64),
            (
                "2 vectors per thread",
                VECTOR_ADD_VEC4_X2_WGSL,
                grid_1d(m.div_ceil(2)),
            ),
        ];
        for (what, source, grid) in shapes {
            let secs = r.time(source, false, args, m as u32, grid, 20);
            println!(
                "  WGSL, no checks, {what:<22} {:8.3} ms {:10.1} GB/s",
                secs * 1e3,
                bytes / secs / 1e9
            );
            let implementation = format!("{}, {what}", figure::WGSL);
            figure(
                "vector add, Float4",
                &implementation,
                bytes / secs / 1e9,
                "GB/s",
            );
        }
    }
    Ok(figures)
}

fn matmul(raw: Option<&Raw>, acc: &Accelerator, size: usize) -> Result<Figures, amp::Error> {
    let (a, b) = (random(size * size, 3), random(size * size, 4));
    let mut c = vec![0.0f32; size * size];
    let flops = 2.0 * (size as f64).powi(3);
    let s = size as i32;
    let av = ConstArrayView::new([s, s], &a)?;
    let bv = ConstArrayView::new([s, s], &b)?;
    let cv = ArrayView::new([s, s], &mut c)?;
    cv.discard_data();
    let reps = if acc.is_emulated() { 2 } else { 10 };
    // The kernel launched by `$launch!` (the unchecked one inside `unsafe`), timed; seconds per
    // kernel.
    macro_rules! timed {
        ($launch:ident) => {
            time_per_kernel(reps, |k| {
                for _ in 0..k {
                    let _ = timed!(@launch $launch, cv.extent(), |idx: Index<2>| {
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
            })
        };
        (@launch parallel_for_each, $($kernel:tt)*) => {
            parallel_for_each!($($kernel)*)
        };
        (@launch parallel_for_each_unchecked, $($kernel:tt)*) => {
            // SAFETY: rows and columns stay inside the square matrices' extents.
            unsafe { parallel_for_each_unchecked!($($kernel)*) }
        };
    }
    let amp_s = timed!(parallel_for_each);
    let amp_unchecked_s = timed!(parallel_for_each_unchecked);
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
    let figures = Figures {
        amp: amp_s,
        amp_unchecked: amp_unchecked_s,
        cpu: cpu_s,
        wgsl: raw.map(|r| {
            let out = vec![0.0f32; size * size];
            let args = [&a[..], &b[..], &out[..]];
            let grid = [groups, groups, 1];
            (
                r.time(MATMUL_WGSL, true, args, size as u32, grid, reps),
                r.time(MATMUL_WGSL, false, args, size as u32, grid, reps),
            )
        }),
    };
    report(
        "matmul simple",
        &format!("{size}² f32"),
        "GFLOP/s",
        flops,
        &figures,
    );
    Ok(figures)
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

/// Tile size of the seed's tiled matmul.
const TS: i32 = 16;

/// Checks `c = a · b` (`size`×`size`) against the CPU: every element of every row when `size` is
/// small, every element of about 64 rows spread over the matrix when it is large. Panics on a
/// difference, so that a wrong kernel cannot report a figure.
fn check_product(what: &str, a: &[f32], b: &[f32], c: &[f32], size: usize) {
    let step = if size <= 512 { 1 } else { size / 64 + 1 };
    let mut want = vec![0.0f32; size];
    for r in (0..size).step_by(step) {
        want.fill(0.0);
        for i in 0..size {
            let x = a[r * size + i];
            for (w, y) in want.iter_mut().zip(&b[i * size..(i + 1) * size]) {
                *w += x * y;
            }
        }
        for (col, want) in want.iter().enumerate() {
            let got = c[r * size + col];
            assert!(
                (got - want).abs() <= 1e-3 * want.abs().max(1.0),
                "{what} differs from the CPU at ({r}, {col}): {got}, want {want}"
            );
        }
    }
}

/// Keeps the first error of the launches in a timed batch (which cannot return it).
fn keep_first(failed: &mut Option<amp::Error>, launch: Result<(), amp::Error>) {
    if let Err(e) = launch {
        failed.get_or_insert(e);
    }
}

/// The seed's tiled matmul (seed 003 Figure 5), as the seed writes it (`t.barrier.wait()`, a
/// barrier that fences all memory) and with the barrier the algorithm needs
/// (`wait_with_tile_static_memory_fence()`), each checked and unchecked. Returns the figures of
/// the `wait()` kernel and of the fenced one.
fn matmul_tiled(
    raw: Option<&Raw>,
    acc: &Accelerator,
    size: usize,
) -> Result<(Figures, Figures), amp::Error> {
    let (a, b) = (random(size * size, 5), random(size * size, 6));
    let mut c = vec![0.0f32; size * size];
    let flops = 2.0 * (size as f64).powi(3);
    let s = size as i32;
    let av = ConstArrayView::new([s, s], &a)?;
    let bv = ConstArrayView::new([s, s], &b)?;
    let reps = if acc.is_emulated() { 2 } else { 10 };
    let mut failed = None;

    // Seed 003 Figure 5, line for line, launched by `$launch!` with `t_idx.barrier.$barrier()`
    // for its two barriers: timed over a fresh view of `c`, then `c` checked against the CPU
    // (reported as `$what`). Evaluates to the seconds per kernel.
    macro_rules! seed_tiled {
        ($launch:ident, $barrier:ident, $what:expr) => {{
            let secs = {
                let cv = ArrayView::new([s, s], &mut c)?;
                cv.discard_data();
                let secs = time_per_kernel(reps, |k| {
                    for _ in 0..k {
                        let launch = seed_tiled!(
                            @launch $launch,
                            cv.extent().tile::<16, 16>(),
                            |t_idx: TiledIndex<2>| {
                                let row = t_idx.local[0];
                                let col = t_idx.local[1];
                                #[tile_static]
                                let mut loc_a: [[f32; 16]; 16];
                                #[tile_static]
                                let mut loc_b: [[f32; 16]; 16];
                                let mut sum = 0.0f32;
                                for i in (0..av.extent()[1]).step_by(16) {
                                    loc_a[row][col] = av[(t_idx.global[0], col + i)];
                                    loc_b[row][col] = bv[(row + i, t_idx.global[1])];
                                    t_idx.barrier.$barrier();
                                    for k in 0..TS {
                                        sum += loc_a[row][k] * loc_b[k][col];
                                    }
                                    t_idx.barrier.$barrier();
                                }
                                cv[t_idx.global] = sum;
                            }
                        );
                        keep_first(&mut failed, launch);
                    }
                    let _ = acc.wait();
                });
                cv.synchronize()?;
                secs
            };
            failed.take().map_or(Ok(()), Err)?;
            check_product($what, &a, &b, &c, size);
            secs
        }};
        (@launch parallel_for_each, $($kernel:tt)*) => {
            parallel_for_each!($($kernel)*)
        };
        (@launch parallel_for_each_unchecked, $($kernel:tt)*) => {
            // SAFETY: the extents are multiples of 16 and every index stays inside them.
            unsafe { parallel_for_each_unchecked!($($kernel)*) }
        };
    }

    // As the seed writes it: `t_idx.barrier.wait()`.
    let wait_s = seed_tiled!(parallel_for_each, wait, "amp tiled matmul, wait()");
    let wait_unchecked_s = seed_tiled!(
        parallel_for_each_unchecked,
        wait,
        "amp tiled matmul, wait(), unchecked"
    );
    // The same with the barrier this algorithm needs: it shares only tile_static data.
    let fenced_s = seed_tiled!(
        parallel_for_each,
        wait_with_tile_static_memory_fence,
        "amp tiled matmul, fenced"
    );
    let fenced_unchecked_s = seed_tiled!(
        parallel_for_each_unchecked,
        wait_with_tile_static_memory_fence,
        "amp tiled matmul, fenced, unchecked"
    );

    let groups = (size as u32) / 16;
    let out = vec![0.0f32; size * size];
    let args = [&a[..], &b[..], &out[..]];
    let grid = [groups, groups, 1];
    let wgsl = raw.map(|r| {
        (
            r.time(MATMUL_TILED_WGSL, true, args, size as u32, grid, reps),
            r.time(MATMUL_TILED_WGSL, false, args, size as u32, grid, reps),
        )
    });
    let wait = Figures {
        amp: wait_s,
        amp_unchecked: wait_unchecked_s,
        cpu: f64::NAN,
        wgsl,
    };
    let fenced = Figures {
        amp: fenced_s,
        amp_unchecked: fenced_unchecked_s,
        cpu: f64::NAN,
        wgsl,
    };
    let size_text = format!("{size}² f32, 16x16 tiles");
    report("matmul tiled, wait()", &size_text, "GFLOP/s", flops, &wait);
    report(
        "matmul tiled, fenced",
        &size_text,
        "GFLOP/s",
        flops,
        &fenced,
    );
    if let Some(r) = raw {
        // Which part of wgpu's checks costs: bounds checks alone, without loop bounding.
        r.bounds_only.set(true);
        let tiled = r.time(MATMUL_TILED_WGSL, true, args, size as u32, grid, reps);
        let simple_groups = (size as u32).div_ceil(16);
        let simple_grid = [simple_groups, simple_groups, 1];
        let simple = r.time(MATMUL_WGSL, true, args, size as u32, simple_grid, reps);
        r.bounds_only.set(false);
        for (name, workload, s) in [
            ("simple", "matmul simple", simple),
            ("tiled", "matmul tiled, fenced", tiled),
        ] {
            println!(
                "  WGSL {name}, bounds checks, no loop bounding {:>8.3} ms  {:>9.1} GFLOP/s",
                s * 1e3,
                flops / s / 1e9
            );
            figure(
                workload,
                figure::WGSL_BOUNDS_ONLY,
                flops / s / 1e9,
                "GFLOP/s",
            );
        }
    }
    Ok((wait, fenced))
}

/// `../shared/gpu/reference/rb_matmul.wgsl`, copied verbatim (the bench must build without the
/// shared folder): the "same algorithm" yardstick for amp's register-blocked matmul.
const RB_MATMUL_WGSL: &str = include_str!("rb_matmul.wgsl");

/// A register-blocked matmul, the algorithm of `rb_matmul.wgsl` written in amp: each 16×16 tile
/// computes a 64×64 block of C, each thread a 4×4 sub-block held in a local array; per 16-deep
/// k-slice the tile stages A's 64×16 slice (transposed) and B's 16×64 slice in tile_static
/// memory, four elements per thread, then accumulates 16 rank-1 updates. Checked against the WGSL
/// kernel's output and the CPU.
fn matmul_register_blocked(
    raw: Option<&Raw>,
    acc: &Accelerator,
    size: usize,
) -> Result<Figures, amp::Error> {
    assert_eq!(
        size % 64,
        0,
        "the register-blocked matmul needs a multiple of 64"
    );
    let (a, b) = (random(size * size, 7), random(size * size, 8));
    let mut c = vec![0.0f32; size * size];
    let flops = 2.0 * (size as f64).powi(3);
    let s = size as i32;
    let av = ConstArrayView::new([s, s], &a)?;
    let bv = ConstArrayView::new([s, s], &b)?;
    // One thread per 4×4 block of C: (size/4)² threads in 16×16 tiles, (size/64)² tiles.
    let domain = Extent::new([s / 4, s / 4]).tile::<16, 16>();
    let reps = if acc.is_emulated() { 2 } else { 10 };
    let groups = (size as u32) / 64;
    let grid = [groups, groups, 1];
    let out = vec![0.0f32; size * size];
    let args = [&a[..], &b[..], &out[..]];
    // The WGSL kernel's result, to compare amp's with element by element.
    let reference = raw.map(|r| r.output(RB_MATMUL_WGSL, false, args, size as u32, grid));
    let check = |what: &str, c: &[f32]| {
        if let Some(want) = &reference {
            for (i, (got, want)) in c.iter().zip(want).enumerate() {
                assert!(
                    (got - want).abs() <= 1e-3 * want.abs().max(1.0),
                    "{what} differs from rb_matmul.wgsl at ({}, {}): {got}, want {want}",
                    i / size,
                    i % size
                );
            }
        }
        check_product(what, &a, &b, c, size);
    };
    let mut failed = None;

    // The kernel launched by `$launch!`: timed over a fresh view of `c`, then `c` checked (reported
    // as `$what`). Evaluates to the seconds per kernel.
    macro_rules! register_blocked {
        ($launch:ident, $what:expr) => {{
            let secs = {
                let cv = ArrayView::new([s, s], &mut c)?;
                cv.discard_data();
                let secs = time_per_kernel(reps, |k| {
                    for _ in 0..k {
                        let launch = register_blocked!(@launch $launch, domain, |t: TiledIndex<2>| {
                            let ty = t.local[0];
                            let tx = t.local[1];
                            let row0 = t.tile[0] * 64;
                            let col0 = t.tile[1] * 64;
                            let lin = ty * 16 + tx;
                            #[tile_static]
                            let mut sa: [[f32; 64]; 16];
                            #[tile_static]
                            let mut sb: [[f32; 64]; 16];
                            let mut acc = [[0.0f32; 4]; 4];
                            for k0 in (0..av.extent()[1]).step_by(16) {
                                for r in 0..4 {
                                    let e = lin + r * 256;
                                    let m = e / 16;
                                    let k = e % 16;
                                    sa[k][m] = av[(row0 + m, k0 + k)];
                                    let kk = e / 64;
                                    let cc = e % 64;
                                    sb[kk][cc] = bv[(k0 + kk, col0 + cc)];
                                }
                                t.barrier.wait_with_tile_static_memory_fence();
                                for k in 0..16 {
                                    let mut ra = [0.0f32; 4];
                                    let mut rb = [0.0f32; 4];
                                    for i in 0..4 {
                                        ra[i] = sa[k][ty * 4 + i];
                                        rb[i] = sb[k][tx * 4 + i];
                                    }
                                    for i in 0..4 {
                                        for j in 0..4 {
                                            acc[i][j] += ra[i] * rb[j];
                                        }
                                    }
                                }
                                t.barrier.wait_with_tile_static_memory_fence();
                            }
                            for i in 0..4 {
                                for j in 0..4 {
                                    cv[(row0 + ty * 4 + i, col0 + tx * 4 + j)] = acc[i][j];
                                }
                            }
                        });
                        keep_first(&mut failed, launch);
                    }
                    let _ = acc.wait();
                });
                cv.synchronize()?;
                secs
            };
            failed.take().map_or(Ok(()), Err)?;
            check($what, &c);
            secs
        }};
        (@launch parallel_for_each, $($kernel:tt)*) => {
            parallel_for_each!($($kernel)*)
        };
        (@launch parallel_for_each_unchecked, $($kernel:tt)*) => {
            // SAFETY: the size is a multiple of 64, so every tile's 64×64 block of C and the
            // slices of A and B it stages lie inside the matrices.
            unsafe { parallel_for_each_unchecked!($($kernel)*) }
        };
    }
    let amp_s = register_blocked!(parallel_for_each, "amp register-blocked matmul");
    let amp_unchecked_s = register_blocked!(
        parallel_for_each_unchecked,
        "amp register-blocked matmul, unchecked"
    );

    let wgsl = raw.map(|r| {
        (
            r.time(RB_MATMUL_WGSL, true, args, size as u32, grid, reps),
            r.time(RB_MATMUL_WGSL, false, args, size as u32, grid, reps),
        )
    });
    let figures = Figures {
        amp: amp_s,
        amp_unchecked: amp_unchecked_s,
        cpu: f64::NAN,
        wgsl,
    };
    report(
        "matmul register-blocked",
        &format!("{size}² f32, 64x64 tiles, 4x4 per thread"),
        "GFLOP/s",
        flops,
        &figures,
    );
    if let Some(r) = raw {
        // amp's checked launch keeps wgpu's bounds checks and drops its loop bounding.
        r.bounds_only.set(true);
        let bounds = r.time(RB_MATMUL_WGSL, true, args, size as u32, grid, reps);
        r.bounds_only.set(false);
        println!(
            "  {:<24} {:>10.3} ms  {:>9.1} GFLOP/s   amp / this = {:.2}",
            "WGSL, bounds checks only",
            bounds * 1e3,
            flops / bounds / 1e9,
            bounds / amp_s
        );
        figure(
            "matmul register-blocked",
            figure::WGSL_BOUNDS_ONLY,
            flops / bounds / 1e9,
            "GFLOP/s",
        );
        println!("  (amp's results, checked and unchecked, equal rb_matmul.wgsl's and the CPU's)");
    } else {
        println!("  (amp's results, checked and unchecked, equal the CPU's)");
    }
    Ok(figures)
}

/// One benchmark's seconds per kernel.
#[derive(Clone, Copy)]
struct Figures {
    amp: f64,
    amp_unchecked: f64,
    /// Raw WGSL with wgpu's checks and without.
    wgsl: Option<(f64, f64)>,
    /// Plain Rust on one core (NaN: not measured).
    cpu: f64,
}

/// Prints one kernel's figures: a table for people, and a `figure` line each with `name` as
/// the workload.
fn report(name: &str, size: &str, unit: &str, work: f64, f: &Figures) {
    let rate = |s: f64| work / s / 1e9;
    let line = |label: &str, implementation: &str, s: f64, ratio: String| {
        println!(
            "  {label:<24} {:>10.3} ms  {:>9.1} {unit}   {ratio}",
            s * 1e3,
            rate(s)
        );
        figure(name, implementation, rate(s), unit);
    };
    println!("{name} ({size})");
    line("amp", figure::AMP, f.amp, String::new());
    line(
        "amp, unchecked",
        figure::AMP_UNCHECKED,
        f.amp_unchecked,
        String::new(),
    );
    if let Some((checked, unchecked)) = f.wgsl {
        line(
            "WGSL, wgpu checks",
            figure::WGSL_CHECKED,
            checked,
            format!("amp / this = {:.2}", checked / f.amp),
        );
        line(
            "WGSL, no checks",
            figure::WGSL,
            unchecked,
            format!("amp unchecked / this = {:.2}", unchecked / f.amp_unchecked),
        );
    }
    if f.cpu.is_finite() {
        line(
            "plain Rust, 1 CPU core",
            figure::PLAIN_RUST,
            f.cpu,
            format!("amp speed-up = {:.1}x", f.cpu / f.amp),
        );
    }
}

/// The project's targets, as speed ratios.
const TARGET: f64 = 0.95;

/// The ratios the targets are stated in, for every kernel: amp checked / amp unchecked, amp
/// unchecked / WGSL unchecked, and tiled `wait()` / tiled fenced (all as speeds: above 1 is
/// faster). `!` marks a ratio below the target.
fn summary(kernels: &[(&str, Figures)], wait: &Figures, fenced: &Figures) {
    let ratio = |r: f64| {
        let mark = if r < TARGET { " !" } else { "  " };
        format!("{r:.2}{mark}")
    };
    println!("summary (speed ratios; target for each: >= {TARGET:.2}, ! marks a miss)");
    println!(
        "  {:<28} {:>24}   {:>30}",
        "kernel", "amp checked / unchecked", "amp unchecked / WGSL unchecked"
    );
    for (name, f) in kernels {
        let wgsl = f.wgsl.map_or("-  ".to_string(), |(_, unchecked)| {
            ratio(unchecked / f.amp_unchecked)
        });
        println!(
            "  {name:<28} {:>24}   {wgsl:>30}",
            ratio(f.amp_unchecked / f.amp)
        );
    }
    println!(
        "  {:<28} {:>24}   {:>30}",
        "tiled wait() / tiled fenced",
        format!("checked {}", ratio(fenced.amp / wait.amp)),
        format!(
            "unchecked {}",
            ratio(fenced.amp_unchecked / wait.amp_unchecked)
        )
    );
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
    // The register-blocked matmul: 4096² on a GPU, small on an emulated (CPU) accelerator.
    let rb_size = if acc.is_emulated() { 256 } else { 4096 };
    let shared = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/gpu/reference/rb_matmul.wgsl"
    );
    if let Ok(text) = std::fs::read_to_string(shared) {
        if text != RB_MATMUL_WGSL {
            println!("note: benches/rb_matmul.wgsl differs from {shared}; copy it again");
        }
    }
    let vector_add = vector_add(raw.as_ref(), &acc, n)?;
    let vector_add4 = vector_add_float4(raw.as_ref(), &acc, n)?;
    let simple = matmul(raw.as_ref(), &acc, size)?;
    let (wait, fenced) = matmul_tiled(raw.as_ref(), &acc, size)?;
    let blocked = matmul_register_blocked(raw.as_ref(), &acc, rb_size)?;
    summary(
        &[
            ("vector add", vector_add),
            ("vector add, Float4", vector_add4),
            ("matmul simple", simple),
            ("matmul tiled, wait()", wait),
            ("matmul tiled, fenced", fenced),
            ("matmul register-blocked", blocked),
        ],
        &wait,
        &fenced,
    );
    Ok(())
}
