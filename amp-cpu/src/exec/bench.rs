//! Timings of the executor against lavapipe (wgpu's Vulkan backend, when present) on the same
//! WGSL: vector add, a naive and a tiled matmul, a reduction and a bitonic sort.
//! `cargo test -p amp-cpu --release --lib bench -- --ignored --nocapture`.

use super::{Binding, Dispatch, Kernel};
use crate::memory::Memory;
use std::time::{Duration, Instant};

/// One benchmark: WGSL, its buffers (binding 0..), and its dispatches, each with the two words
/// written to the last buffer before it runs (for kernels with per-dispatch parameters).
struct Case {
    name: &'static str,
    src: String,
    buffers: Vec<Vec<u8>>,
    dispatches: Vec<([u32; 3], Option<[u32; 2]>)>,
}

fn cpu(case: &Case) -> (Duration, Vec<Vec<u8>>) {
    let m = naga::front::wgsl::parse_str(&case.src).expect("wgsl");
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&m)
    .expect("valid");
    let k = Kernel::compile(&m, "main").expect("compile");
    let mems: Vec<Memory> = case
        .buffers
        .iter()
        .map(|b| {
            let mem = Memory::zeroed(b.len() as u64).expect("memory");
            mem.write(0, b);
            mem
        })
        .collect();
    let bindings: Vec<Binding<'_>> = mems
        .iter()
        .enumerate()
        .map(|(i, memory)| Binding {
            group: 0,
            binding: i as u32,
            memory,
            offset: 0,
            size: memory.len(),
        })
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let start = Instant::now();
    for (groups, params) in &case.dispatches {
        if let Some(p) = params {
            mems[mems.len() - 1].write(0, bytemuck::cast_slice(p));
        }
        k.dispatch(
            &Dispatch {
                groups: *groups,
                immediates: &[],
                bindings: &bindings,
                images: &[],
                samplers: &[],
                threads,
            },
            None,
        )
        .expect("dispatch");
    }
    let t = start.elapsed();
    let out = mems
        .iter()
        .map(|m| {
            let mut v = vec![0u8; m.len() as usize];
            m.read(0, &mut v);
            v
        })
        .collect();
    (t, out)
}

fn gpu(case: &Case) -> Option<(Duration, Vec<Vec<u8>>, String)> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: wgpu::Backends::VULKAN,
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    });
    let adapter = pollster::block_on(instance.request_adapter(&Default::default())).ok()?;
    let name = adapter.get_info().name;
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_limits: adapter.limits(),
        ..Default::default()
    }))
    .ok()?;
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(case.src.as_str().into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    use wgpu::util::DeviceExt;
    let bufs: Vec<wgpu::Buffer> = case
        .buffers
        .iter()
        .map(|b| {
            device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents: b,
                usage: wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST,
            })
        })
        .collect();
    let layout = pipeline.get_bind_group_layout(0);
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &layout,
        entries: &bufs
            .iter()
            .enumerate()
            .map(|(i, b)| wgpu::BindGroupEntry {
                binding: i as u32,
                resource: b.as_entire_binding(),
            })
            .collect::<Vec<_>>(),
    });
    device.poll(wgpu::PollType::wait_indefinitely()).ok()?;
    let start = Instant::now();
    for (groups, params) in &case.dispatches {
        if let Some(p) = params {
            queue.write_buffer(&bufs[bufs.len() - 1], 0, bytemuck::cast_slice(p));
        }
        let mut enc = device.create_command_encoder(&Default::default());
        {
            let mut pass = enc.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(groups[0], groups[1], groups[2]);
        }
        queue.submit([enc.finish()]);
    }
    device.poll(wgpu::PollType::wait_indefinitely()).ok()?;
    let t = start.elapsed();
    let mut out = Vec::new();
    for b in &bufs {
        let read = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: b.size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut enc = device.create_command_encoder(&Default::default());
        enc.copy_buffer_to_buffer(b, 0, &read, 0, b.size());
        queue.submit([enc.finish()]);
        read.slice(..).map_async(wgpu::MapMode::Read, |_| {});
        device.poll(wgpu::PollType::wait_indefinitely()).ok()?;
        out.push(read.slice(..).get_mapped_range().ok()?.to_vec());
    }
    Some((t, out, name))
}

fn f32s(n: usize, seed: u32) -> Vec<u8> {
    let v: Vec<f32> = (0..n)
        .map(|i| ((i as u32).wrapping_mul(2_654_435_761).wrapping_add(seed) >> 20) as f32 / 4096.0)
        .collect();
    bytemuck::cast_slice(&v).to_vec()
}

fn cases() -> Vec<Case> {
    let n = 1usize << 22;
    let m = 256u32;
    let sort_n = 1u32 << 16;
    let mut sort_steps = Vec::new();
    let mut k = 2;
    while k <= sort_n {
        let mut j = k / 2;
        while j > 0 {
            sort_steps.push(([sort_n / 256, 1, 1], Some([k, j])));
            j /= 2;
        }
        k *= 2;
    }
    let keys: Vec<u32> = (0..sort_n)
        .map(|i| i.wrapping_mul(2_654_435_761) >> 8)
        .collect();
    vec![
        Case {
            name: "vector add (4M f32)",
            src: "
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i < arrayLength(&c) { c[i] = a[i] + b[i]; }
}"
            .into(),
            buffers: vec![f32s(n, 1), f32s(n, 2), vec![0; n * 4]],
            dispatches: vec![([(n / 256) as u32, 1, 1], None)],
        },
        Case {
            name: "naive matmul (256x256 f32)",
            src: format!(
                "
const N: u32 = {m}u;
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
    var acc = 0.0;
    for (var k = 0u; k < N; k++) {{ acc += a[id.y * N + k] * b[k * N + id.x]; }}
    c[id.y * N + id.x] = acc;
}}"
            ),
            buffers: vec![
                f32s((m * m) as usize, 3),
                f32s((m * m) as usize, 4),
                vec![0; (m * m * 4) as usize],
            ],
            dispatches: vec![([m / 16, m / 16, 1], None)],
        },
        Case {
            name: "tiled matmul (256x256 f32, 16x16 tiles)",
            src: format!(
                "
const N: u32 = {m}u;
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
var<workgroup> ta: array<array<f32, 16>, 16>;
var<workgroup> tb: array<array<f32, 16>, 16>;
@compute @workgroup_size(16, 16)
fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(workgroup_id) g: vec3<u32>) {{
    let row = g.y * 16u + l.y;
    let col = g.x * 16u + l.x;
    var acc = 0.0;
    for (var t = 0u; t < N; t += 16u) {{
        ta[l.y][l.x] = a[row * N + t + l.x];
        tb[l.y][l.x] = b[(t + l.y) * N + col];
        workgroupBarrier();
        for (var k = 0u; k < 16u; k++) {{ acc += ta[l.y][k] * tb[k][l.x]; }}
        workgroupBarrier();
    }}
    c[row * N + col] = acc;
}}"
            ),
            buffers: vec![
                f32s((m * m) as usize, 3),
                f32s((m * m) as usize, 4),
                vec![0; (m * m * 4) as usize],
            ],
            dispatches: vec![([m / 16, m / 16, 1], None)],
        },
        Case {
            name: "reduce (4M u32, 256-thread tiles)",
            src: "
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> sum: atomic<u32>;
var<workgroup> tile: array<u32, 256>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) l: u32) {
    tile[l] = a[id.x];
    workgroupBarrier();
    for (var s = 128u; s > 0u; s >>= 1u) {
        if l < s { tile[l] += tile[l + s]; }
        workgroupBarrier();
    }
    if l == 0u { atomicAdd(&sum, tile[0]); }
}"
            .into(),
            buffers: vec![
                bytemuck::cast_slice(&(0..n as u32).collect::<Vec<_>>()).to_vec(),
                vec![0; 4],
            ],
            dispatches: vec![([(n / 256) as u32, 1, 1], None)],
        },
        Case {
            name: "bitonic sort (64K u32, 136 dispatches)",
            src: "
@group(0) @binding(0) var<storage, read_write> v: array<u32>;
@group(0) @binding(1) var<storage, read_write> p: vec2<u32>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    let k = p.x;
    let j = p.y;
    let l = i ^ j;
    if l > i {
        let a = v[i];
        let b = v[l];
        let up = (i & k) == 0u;
        if (a > b) == up { v[i] = b; v[l] = a; }
    }
}"
            .into(),
            buffers: vec![bytemuck::cast_slice(&keys).to_vec(), vec![0; 8]],
            dispatches: sort_steps,
        },
    ]
}

#[test]
#[ignore = "a benchmark: run with --ignored --nocapture, in release"]
fn bench_against_lavapipe() {
    // `AMP_CPU_BENCH=<part of a name>` runs only the matching cases.
    let only = std::env::var("AMP_CPU_BENCH").unwrap_or_default();
    for case in cases()
        .into_iter()
        .filter(|c| c.name.contains(only.as_str()))
    {
        let (t_cpu, out_cpu) = cpu(&case);
        // A second run, warm.
        let (t_cpu2, _) = cpu(&case);
        let t_cpu = t_cpu.min(t_cpu2);
        match gpu(&case) {
            Some((t_gpu, out_gpu, name)) => {
                let (t_gpu2, _, _) = gpu(&case).unwrap_or((t_gpu, Vec::new(), String::new()));
                let t_gpu = t_gpu.min(t_gpu2);
                let same = out_cpu == out_gpu;
                println!(
                    "{:45} amp-cpu {:9.2} ms   {name} {:9.2} ms   ratio (lavapipe time / ours) {:.2}   same bytes: {same}",
                    case.name,
                    t_cpu.as_secs_f64() * 1e3,
                    t_gpu.as_secs_f64() * 1e3,
                    t_gpu.as_secs_f64() / t_cpu.as_secs_f64(),
                );
            }
            None => println!(
                "{:45} amp-cpu {:9.2} ms   (no Vulkan adapter)",
                case.name,
                t_cpu.as_secs_f64() * 1e3
            ),
        }
    }
}
