//! Memory-bound work: data crossing the host link, and element-wise kernels streaming device
//! memory (issue 19's figures).
//!
//! Transfers: amp's `copy` between a `Vec` and an `Array` already on the accelerator, per
//! element kind, and the small transfers' latency; beside them the same bytes moved by raw wgpu
//! in the ways a runtime could move them (`Queue::write_buffer`, a fresh mappable buffer per
//! download, a ring of reused mapped staging buffers filled by one thread or several), and the
//! parts of a transfer alone: the device's copy from or to mapped memory, and the host's copy
//! into or out of it. Element-wise kernels: the vector add, amp's and WGSL's, timed by the wall
//! clock and by GPU timestamps.
//!
//! `cargo bench --bench memory -- [--large] [--amp] [--raw] [--kernels] [--huge GIB]`: 64 MiB
//! (256 MiB with `--large`); the parts named, or all; `--huge 6` fills, reduces and sorts a 6 GiB
//! array beside a 1 GiB one.

use amp::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[path = "support/figure.rs"]
#[allow(dead_code)] // the names of implementations other benchmarks use
mod figure;
use figure::figure;

#[repr(C)]
#[derive(Clone, Copy, Element, PartialEq, Debug)]
struct Pair {
    key: u32,
    value: f32,
}

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64()
}

/// Median seconds of `runs` calls of `f` after one warm-up call.
fn time(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect(),
    )
}

fn gbs(bytes: usize, secs: f64) -> f64 {
    bytes as f64 / secs / 1e9
}

/// Prints and records one rate.
fn rate(workload: &str, implementation: &str, bytes: usize, secs: f64) {
    println!(
        "  {workload:<28} {implementation:<40} {:8.2} GB/s",
        gbs(bytes, secs)
    );
    figure(workload, implementation, gbs(bytes, secs), "GB/s");
}

/// Host threads the copies into and out of mapped memory may use.
fn host_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(16)
}

// ---------------------------------------------------------------------------------------------
// amp

fn amp_round_trip<T: Element + PartialEq + std::fmt::Debug>(
    kind: &str,
    data: &[T],
) -> Result<(), amp::Error> {
    let bytes = std::mem::size_of_val(data);
    let acc = Accelerator::default()?;
    let extent = Extent::new([data.len() as i32]);
    // Made on the accelerator: the data is copied there now.
    let made = time(5, || {
        let _ = Array::new_on(&acc.default_view(), extent, data);
        let _ = acc.wait();
    });
    let array = Array::new_on(&acc.default_view(), extent, data)?;
    let mut back = data.to_vec();
    let (_, before) = array.transfer_bytes();
    let up = time(5, || {
        let _ = copy(data, &array);
        let _ = acc.wait();
    });
    // Each download follows an upload, which leaves only the device copy current.
    let down = median(
        (0..6)
            .map(|_| {
                let _ = copy(data, &array);
                let _ = acc.wait();
                let start = Instant::now();
                let _ = copy(&array, &mut back[..]);
                start.elapsed()
            })
            .collect(),
    );
    assert!(back == data, "amp round trip of {kind}");
    let (_, after) = array.transfer_bytes();
    // Each timed download crossed the link (the upload before it left only the device current).
    assert_eq!(after - before, 6 * (data.len() * T::WORDS * 4) as u64);
    let up_name = format!("host to device, {kind}");
    rate(&up_name, "amp, Array::new_on", bytes, made);
    rate(&up_name, "amp, from a Vec", bytes, up);
    rate(
        &format!("device to host, {kind}"),
        "amp, into a Vec",
        bytes,
        down,
    );
    Ok(())
}

fn amp_transfers(n: usize) -> Result<(), amp::Error> {
    println!("amp: copy between a Vec and an Array on the accelerator");
    amp_round_trip("f32", &vec![1.5f32; n])?;
    amp_round_trip("Float4", &vec![float4(1.0, 2.0, 3.0, 4.0); n / 4])?;
    amp_round_trip("Pair", &vec![Pair { key: 1, value: 2.0 }; n / 2])?;
    amp_round_trip("bool", &vec![true; n])?;
    amp_round_trip("Float3", &vec![float3(1.0, 2.0, 3.0); n / 3])?;

    staging_transfers(n)?;

    // Small transfers: one element in or out of an array current only on the device, through a
    // one-element section (which moves just that element and leaves the data on the device).
    let acc = Accelerator::default()?;
    let array = Array::<f32, 1>::from_extent_on(&acc.default_view(), n as i32)?;
    parallel_for_each!(array.extent(), |i: Index<1>| {
        array[i] = 1.0;
    })?;
    let (mut i, mut one) = (0i32, [0.0f32]);
    let (_, down_before) = array.transfer_bytes();
    let get = time(50, || {
        i = (i + 7919) % n as i32;
        if let Ok(element) = array.section(Index::new([i]), Extent::new([1])) {
            let _ = copy(&element, &mut one[..]);
        }
    });
    let (_, down_after) = array.transfer_bytes();
    assert_eq!(
        down_after - down_before,
        51 * 4,
        "each read moved one element"
    );
    let set = time(50, || {
        i = (i + 7919) % n as i32;
        if let Ok(element) = array.section(Index::new([i]), Extent::new([1])) {
            let _ = copy(&[3.0f32][..], &element);
        }
        // A marker is done once everything before it is, the write included.
        let _ = acc.default_view().create_marker().wait();
    });
    println!(
        "  one element: read {:.1} µs, write (and wait) {:.1} µs",
        get * 1e6,
        set * 1e6
    );
    figure("get one element", "amp", get * 1e6, "µs");
    figure("set one element", "amp", set * 1e6, "µs");
    Ok(())
}

/// A staging array (torch's pinned memory): the host's write into it, and its copies to and
/// from an array on the accelerator, each alone.
fn staging_transfers(n: usize) -> Result<(), amp::Error> {
    let acc = Accelerator::default()?;
    let view = acc.default_view();
    let data = vec![1.5f32; n];
    let bytes = n * 4;
    let mut staging = StagingArray::<f32, 1>::new(n as i32, &view)?;
    let array = Array::<f32, 1>::new_on(&view, n as i32, &data)?;
    let write = time(5, || {
        if let Ok(mut w) = staging.write() {
            let _ = w.copy_from_slice(&data);
        }
    });
    let up = time(5, || {
        let _ = staging.copy_to(&array);
        let _ = acc.wait();
    });
    let down = time(5, || {
        let _ = staging.copy_from(&array);
        // Reading waits for the copy; the bytes are read in place, not copied.
        let _ = staging.read().map(|r| r.len());
    });
    assert!(staging.read()?.iter().all(|&x| x == 1.5));
    let read = time(5, || {
        let _ = staging.to_vec();
    });
    rate(
        "host to device, f32",
        "amp, into a staging array (host writes)",
        bytes,
        write,
    );
    rate(
        "host to device, f32",
        "amp, from a staging array",
        bytes,
        up,
    );
    rate(
        "device to host, f32",
        "amp, into a staging array",
        bytes,
        down,
    );
    rate(
        "device to host, f32",
        "amp, staging array to a Vec",
        bytes,
        read,
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// raw wgpu

struct Raw {
    device: wgpu::Device,
    queue: wgpu::Queue,
}

fn raw() -> Option<Raw> {
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapter = pollster::block_on(instance.request_adapter(&Default::default())).ok()?;
    let wanted = wgpu::Features::TIMESTAMP_QUERY | wgpu::Features::TIMESTAMP_QUERY_INSIDE_ENCODERS;
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_limits: adapter.limits(),
        required_features: adapter.features() & wanted,
        ..Default::default()
    }))
    .ok()?;
    Some(Raw { device, queue })
}

impl Raw {
    fn buffer(&self, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
        self.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage,
            mapped_at_creation: false,
        })
    }

    fn wait(&self) {
        let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
    }

    fn copy(&self, from: &wgpu::Buffer, to: &wgpu::Buffer, size: u64) -> wgpu::SubmissionIndex {
        let mut enc = self.device.create_command_encoder(&Default::default());
        enc.copy_buffer_to_buffer(from, 0, to, 0, size);
        self.queue.submit([enc.finish()])
    }

    /// Maps `buffer` (blocking) in `mode`.
    fn map(&self, buffer: &wgpu::Buffer, mode: wgpu::MapMode) {
        buffer.map_async(mode, .., |r| r.expect("mapping"));
        self.wait();
    }
}

/// Copies `src` into the write mapping `dst` on `threads` threads.
fn write_parallel(dst: &mut wgpu::BufferViewMut, src: &[u8], threads: usize) {
    let mut whole = dst.slice(..src.len());
    // `WriteOnly<[u8]>` is not `Send`; each thread gets the address of its own part.
    let base = whole.as_raw_element_ptr().as_ptr() as usize;
    let part = src.len().div_ceil(threads).next_multiple_of(4096);
    std::thread::scope(|s| {
        for (k, piece) in src.chunks(part).enumerate() {
            let at = base + k * part;
            s.spawn(move || {
                let ptr = std::ptr::NonNull::slice_from_raw_parts(
                    std::ptr::NonNull::new(at as *mut u8).expect("mapped memory"),
                    piece.len(),
                );
                // SAFETY: the parts are disjoint pieces of one live write mapping.
                unsafe { wgpu::WriteOnly::new(ptr) }.copy_from_slice(piece);
            });
        }
    });
}

/// Copies the read mapping `src` into `dst` on `threads` threads.
fn read_parallel(dst: &mut [u8], src: &[u8], threads: usize) {
    let part = src.len().div_ceil(threads).next_multiple_of(4096);
    std::thread::scope(|s| {
        for (to, from) in dst.chunks_mut(part).zip(src.chunks(part)) {
            s.spawn(move || to.copy_from_slice(from));
        }
    });
}

/// A ring of reused staging buffers, each mapped again as soon as the copy that used it is done.
struct Ring {
    slots: Vec<(wgpu::Buffer, Arc<AtomicBool>, Option<wgpu::SubmissionIndex>)>,
    chunk: usize,
    mode: wgpu::MapMode,
}

impl Ring {
    fn new(raw: &Raw, chunk: usize, count: usize, mode: wgpu::MapMode) -> Ring {
        let usage = match mode {
            wgpu::MapMode::Write => wgpu::BufferUsages::MAP_WRITE | wgpu::BufferUsages::COPY_SRC,
            wgpu::MapMode::Read => wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        };
        let slots = (0..count)
            .map(|_| {
                let b = raw.buffer(chunk as u64, usage);
                if mode == wgpu::MapMode::Write {
                    raw.map(&b, mode);
                }
                (b, Arc::new(AtomicBool::new(true)), None)
            })
            .collect();
        Ring { slots, chunk, mode }
    }

    fn acquire(&mut self, raw: &Raw, k: usize) -> &wgpu::Buffer {
        let (buffer, ready, submission) = &mut self.slots[k];
        while !ready.load(Ordering::Acquire) {
            let _ = raw.device.poll(wgpu::PollType::Wait {
                submission_index: submission.clone(),
                timeout: None,
            });
        }
        buffer
    }

    fn remap(&mut self, k: usize, submission: wgpu::SubmissionIndex) {
        let (buffer, ready, slot) = &mut self.slots[k];
        ready.store(false, Ordering::Release);
        let flag = Arc::clone(ready);
        buffer.map_async(self.mode, .., move |r| {
            r.expect("mapping");
            flag.store(true, Ordering::Release);
        });
        *slot = Some(submission);
    }

    fn upload(&mut self, raw: &Raw, dst: &wgpu::Buffer, data: &[u8], threads: usize) {
        let mut last = None;
        for (i, part) in data.chunks(self.chunk).enumerate() {
            let k = i % self.slots.len();
            let buffer = self.acquire(raw, k).clone();
            {
                let mut view = buffer
                    .get_mapped_range_mut(..part.len() as u64)
                    .expect("mapped");
                write_parallel(&mut view, part, threads);
            }
            buffer.unmap();
            let mut enc = raw.device.create_command_encoder(&Default::default());
            let offset = (i * self.chunk) as u64;
            enc.copy_buffer_to_buffer(&buffer, 0, dst, offset, part.len() as u64);
            let s = raw.queue.submit([enc.finish()]);
            self.remap(k, s.clone());
            last = Some(s);
        }
        if let Some(s) = last {
            let _ = raw.device.poll(wgpu::PollType::Wait {
                submission_index: Some(s),
                timeout: None,
            });
        }
    }

    fn download(&mut self, raw: &Raw, src: &wgpu::Buffer, out: &mut [u8], threads: usize) {
        let chunk = self.chunk;
        let count = self.slots.len();
        let parts: Vec<(usize, usize)> = (0..out.len())
            .step_by(chunk)
            .map(|start| (start, (out.len() - start).min(chunk)))
            .collect();
        // Keep `count` copies in flight; read each back as its mapping completes.
        let start_copy = |ring: &mut Ring, i: usize| {
            let (start, len) = parts[i];
            let k = i % count;
            let buffer = ring.slots[k].0.clone();
            let mut enc = raw.device.create_command_encoder(&Default::default());
            enc.copy_buffer_to_buffer(src, start as u64, &buffer, 0, len as u64);
            let s = raw.queue.submit([enc.finish()]);
            ring.remap(k, s);
        };
        for i in 0..parts.len().min(count) {
            start_copy(self, i);
        }
        for i in 0..parts.len() {
            let (start, len) = parts[i];
            let k = i % count;
            let buffer = self.acquire(raw, k).clone();
            {
                let view = buffer.get_mapped_range(..len as u64).expect("mapped");
                read_parallel(&mut out[start..start + len], &view, threads);
            }
            buffer.unmap();
            if i + count < parts.len() {
                start_copy(self, i + count);
            }
        }
    }
}

fn raw_transfers(raw: &Raw, bytes: usize) {
    use wgpu::BufferUsages as U;
    println!("raw wgpu, {} MiB:", bytes >> 20);
    let size = bytes as u64;
    let data: Vec<u8> = (0..bytes).map(|i| (i * 31 % 251) as u8).collect();
    let device = raw.buffer(size, U::STORAGE | U::COPY_DST | U::COPY_SRC);
    let threads = host_threads();
    let up = "host to device, f32";
    let down = "device to host, f32";

    // Plain host copies, the yardstick on a CPU device.
    let secs = time(5, || {
        std::hint::black_box(data.to_vec());
    });
    rate(up, "host memcpy, allocate and copy", bytes, secs);
    let mut host = vec![0u8; bytes];
    let secs = time(5, || {
        host.copy_from_slice(&data);
        std::hint::black_box(&host);
    });
    rate(up, "host memcpy into existing", bytes, secs);

    // What a runtime does today: write_buffer in 4 MiB pieces; a fresh buffer per download.
    let secs = time(5, || {
        for (i, part) in data.chunks(4 << 20).enumerate() {
            raw.queue
                .write_buffer(&device, (i * (4 << 20)) as u64, part);
        }
        raw.queue.submit([]);
        raw.wait();
    });
    rate(up, "wgpu write_buffer, 4 MiB pieces", bytes, secs);
    let secs = time(5, || {
        let staging = raw.buffer(size, U::MAP_READ | U::COPY_DST);
        raw.copy(&device, &staging, size);
        raw.map(&staging, wgpu::MapMode::Read);
        host.copy_from_slice(&staging.get_mapped_range(..).expect("mapped"));
        staging.unmap();
    });
    rate(down, "wgpu, fresh mappable buffer", bytes, secs);

    // The parts: the device's copy from mapped memory (pinned, as torch's pinned tensors), and
    // the host's copy into mapped memory.
    let staging_w = raw.buffer(size, U::MAP_WRITE | U::COPY_SRC);
    for t in [1, 4, 8, threads] {
        raw.map(&staging_w, wgpu::MapMode::Write);
        let secs = time(5, || {
            let mut view = staging_w.get_mapped_range_mut(..).expect("mapped");
            write_parallel(&mut view, &data, t);
        });
        staging_w.unmap();
        rate(
            up,
            &format!("host into mapped memory, {t} threads"),
            bytes,
            secs,
        );
    }
    let secs = time(5, || {
        raw.copy(&staging_w, &device, size);
        raw.wait();
    });
    rate(up, "device copy from mapped memory", bytes, secs);
    let staging_r = raw.buffer(size, U::MAP_READ | U::COPY_DST);
    let secs = time(5, || {
        raw.copy(&device, &staging_r, size);
        raw.wait();
    });
    rate(down, "device copy into mapped memory", bytes, secs);
    raw.map(&staging_r, wgpu::MapMode::Read);
    for t in [1, 4, 8, threads] {
        let secs = time(5, || {
            let view = staging_r.get_mapped_range(..).expect("mapped");
            read_parallel(&mut host, &view, t);
        });
        rate(
            down,
            &format!("host out of mapped memory, {t} threads"),
            bytes,
            secs,
        );
    }
    staging_r.unmap();

    // Rings of reused staging buffers: the host copy of one chunk overlaps the device copy of
    // the previous ones.
    for (chunk, count) in [(4usize << 20, 4usize), (16 << 20, 4), (64 << 20, 3)] {
        if chunk > bytes {
            continue;
        }
        for t in [1, threads] {
            let mut ring = Ring::new(raw, chunk, count, wgpu::MapMode::Write);
            let secs = time(5, || ring.upload(raw, &device, &data, t));
            let name = format!("ring {}×{} MiB, {t} threads", count, chunk >> 20);
            rate(up, &name, bytes, secs);
            let mut ring = Ring::new(raw, chunk, count, wgpu::MapMode::Read);
            let secs = time(5, || ring.download(raw, &device, &mut host, t));
            assert!(host == data, "ring download");
            rate(down, &name, bytes, secs);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// element-wise kernels

const ADD_SCALAR: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) g: vec3<u32>, @builtin(num_workgroups) ng: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {
    let i = (g.y * ng.x + g.x) * 256u + l;
    if (i < arrayLength(&c)) { c[i] = a[i] + b[i]; }
}
"#;

const ADD_VEC4: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> c: array<vec4<f32>>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) g: vec3<u32>, @builtin(num_workgroups) ng: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {
    let i = (g.y * ng.x + g.x) * 256u + l;
    if (i < arrayLength(&c)) { c[i] = a[i] + b[i]; }
}
"#;

/// Four elements per thread, 256 apart: a workgroup covers 1024 consecutive elements.
const ADD_SCALAR_X4: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) g: vec3<u32>, @builtin(num_workgroups) ng: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {
    let base = (g.y * ng.x + g.x) * 1024u + l;
    let n = arrayLength(&c);
    for (var k = 0u; k < 4u; k++) {
        let i = base + k * 256u;
        if (i < n) { c[i] = a[i] + b[i]; }
    }
}
"#;

/// Four elements per thread, loads first.
const ADD_SCALAR_X4_LOADS_FIRST: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) g: vec3<u32>, @builtin(num_workgroups) ng: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {
    let base = (g.y * ng.x + g.x) * 1024u + l;
    let n = arrayLength(&c);
    if (base + 768u < n) {
        let x0 = a[base] + b[base];
        let x1 = a[base + 256u] + b[base + 256u];
        let x2 = a[base + 512u] + b[base + 512u];
        let x3 = a[base + 768u] + b[base + 768u];
        c[base] = x0; c[base + 256u] = x1; c[base + 512u] = x2; c[base + 768u] = x3;
    } else {
        for (var k = 0u; k < 4u; k++) {
            let i = base + k * 256u;
            if (i < n) { c[i] = a[i] + b[i]; }
        }
    }
}
"#;

/// A grid of workgroups over `threads` threads of 256-thread groups.
fn grid(threads: usize) -> [u32; 3] {
    let groups = (threads as u32).div_ceil(256);
    if groups > 65535 {
        [65535, groups.div_ceil(65535), 1]
    } else {
        [groups, 1, 1]
    }
}

struct Kernel {
    pipeline: wgpu::ComputePipeline,
    bind: wgpu::BindGroup,
    groups: [u32; 3],
}

impl Raw {
    fn kernel(&self, source: &str, bufs: [&wgpu::Buffer; 3], groups: [u32; 3]) -> Kernel {
        let desc = wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(source.into()),
        };
        // SAFETY: every access is guarded by the array's length.
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
        let entries: Vec<_> = bufs
            .iter()
            .enumerate()
            .map(|(i, b)| wgpu::BindGroupEntry {
                binding: i as u32,
                resource: b.as_entire_binding(),
            })
            .collect();
        let bind = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &entries,
        });
        Kernel {
            pipeline,
            bind,
            groups,
        }
    }

    fn dispatch(&self, enc: &mut wgpu::CommandEncoder, k: &Kernel) {
        let mut pass = enc.begin_compute_pass(&Default::default());
        pass.set_pipeline(&k.pipeline);
        pass.set_bind_group(0, &k.bind, &[]);
        pass.dispatch_workgroups(k.groups[0], k.groups[1], k.groups[2]);
    }

    /// Seconds per kernel: by the wall clock over 20 submissions; by the wall clock over 20
    /// dispatches in one submission; and by GPU timestamps around one dispatch (median of 20).
    fn time_kernel(&self, k: &Kernel) -> (f64, f64, Option<f64>) {
        let reps = 20;
        let separate = time(5, || {
            for _ in 0..reps {
                let mut enc = self.device.create_command_encoder(&Default::default());
                self.dispatch(&mut enc, k);
                self.queue.submit([enc.finish()]);
            }
            self.wait();
        }) / reps as f64;
        let together = time(5, || {
            let mut enc = self.device.create_command_encoder(&Default::default());
            for _ in 0..reps {
                self.dispatch(&mut enc, k);
            }
            self.queue.submit([enc.finish()]);
            self.wait();
        }) / reps as f64;
        let gpu = self
            .device
            .features()
            .contains(wgpu::Features::TIMESTAMP_QUERY_INSIDE_ENCODERS)
            .then(|| self.gpu_time(k, reps));
        (separate, together, gpu)
    }

    fn gpu_time(&self, k: &Kernel, reps: u32) -> f64 {
        use wgpu::BufferUsages as U;
        let set = self.device.create_query_set(&wgpu::QuerySetDescriptor {
            label: None,
            ty: wgpu::QueryType::Timestamp,
            count: 2 * reps,
        });
        let size = 16 * reps as u64;
        let resolve = self.buffer(size, U::QUERY_RESOLVE | U::COPY_SRC);
        let read = self.buffer(size, U::MAP_READ | U::COPY_DST);
        let mut enc = self.device.create_command_encoder(&Default::default());
        for r in 0..reps {
            enc.write_timestamp(&set, 2 * r);
            self.dispatch(&mut enc, k);
            enc.write_timestamp(&set, 2 * r + 1);
        }
        enc.resolve_query_set(&set, 0..2 * reps, &resolve, 0);
        enc.copy_buffer_to_buffer(&resolve, 0, &read, 0, size);
        self.queue.submit([enc.finish()]);
        self.map(&read, wgpu::MapMode::Read);
        let ticks: Vec<u64> =
            bytemuck::cast_slice(&read.get_mapped_range(..).expect("mapped")).to_vec();
        let period = f64::from(self.queue.get_timestamp_period()) * 1e-9;
        let mut samples: Vec<Duration> = ticks
            .chunks_exact(2)
            .map(|t| Duration::from_secs_f64(t[1].saturating_sub(t[0]) as f64 * period))
            .collect();
        samples.sort();
        samples[samples.len() / 2].as_secs_f64()
    }
}

/// Times `launch` (one kernel launch) by the wall clock over batches of `reps`, and, where the
/// accelerator has timestamps, by GPU time: the same launch site, so the same pipeline.
fn amp_timed(
    acc: &Accelerator,
    reps: usize,
    name: &str,
    launch: &dyn Fn() -> Result<(), amp::Error>,
    show: &dyn Fn(&str, f64),
) -> Result<(), amp::Error> {
    let wall = time(5, || {
        for _ in 0..reps {
            let _ = launch();
        }
        let _ = acc.wait();
    }) / reps as f64;
    show(&format!("{name}, wall clock"), wall);
    if acc.supports_profiling() {
        let (_, profile) = acc.profile(|| -> Result<(), amp::Error> {
            for _ in 0..reps {
                launch()?;
            }
            Ok(())
        })?;
        let each: Vec<Duration> = profile.launches().iter().map(|l| l.gpu_time()).collect();
        show(&format!("{name}, GPU time"), median(each));
    }
    Ok(())
}

fn kernels(raw: Option<&Raw>, n: usize) -> Result<(), amp::Error> {
    println!("vector add, {n} f32 (GB/s of a, b and c):");
    let bytes = 12 * n;
    let acc = Accelerator::default()?;
    let a: Vec<f32> = (0..n).map(|i| (i % 1000) as f32).collect();
    let b: Vec<f32> = (0..n).map(|i| (i % 77) as f32).collect();
    // amp's figures name the indices per thread when the run sets them.
    let k = std::env::var("AMP_ELEMENTS_PER_THREAD").ok();
    let show = |what: &str, secs: f64| {
        let what = match (&k, what.strip_prefix("amp")) {
            (Some(k), Some(rest)) => format!("amp ({k} per thread){rest}"),
            _ => what.to_owned(),
        };
        rate("vector add", &what, bytes, secs)
    };

    // amp, f32 views.
    let av = Array::new(n as i32, &a)?;
    let bv = Array::new(n as i32, &b)?;
    let cv = Array::<f32, 1>::from_extent(Extent::new([n as i32]))?;
    let reps = 20;
    let add = || {
        parallel_for_each!(cv.extent(), |i: Index<1>| {
            cv[i] = av[i] + bv[i];
        })
    };
    // The GPU raises its clocks only under sustained load: about a second of adds first.
    let warm = Instant::now();
    while warm.elapsed() < Duration::from_secs(1) {
        for _ in 0..reps {
            add()?;
        }
        acc.wait()?;
    }
    amp_timed(&acc, reps, "amp", &add, &show)?;
    let c = cv.to_vec()?;
    assert!(c
        .iter()
        .zip(a.iter().zip(&b))
        .all(|(c, (a, b))| *c == a + b));

    // amp, Float4 views.
    let m = n / 4;
    let a4: Vec<Float4> = a
        .chunks_exact(4)
        .map(|c| float4(c[0], c[1], c[2], c[3]))
        .collect();
    let b4: Vec<Float4> = b
        .chunks_exact(4)
        .map(|c| float4(c[0], c[1], c[2], c[3]))
        .collect();
    let av4 = Array::new(m as i32, &a4)?;
    let bv4 = Array::new(m as i32, &b4)?;
    let cv4 = Array::<Float4, 1>::from_extent(Extent::new([m as i32]))?;
    let add4 = || {
        parallel_for_each!(cv4.extent(), |i: Index<1>| {
            cv4[i] = av4[i] + bv4[i];
        })
    };
    amp_timed(&acc, reps, "amp Float4", &add4, &show)?;

    let Some(raw) = raw else {
        return Ok(());
    };
    use wgpu::BufferUsages as U;
    let buf = |d: &[f32]| {
        let b = raw.buffer((d.len() * 4) as u64, U::STORAGE | U::COPY_DST | U::COPY_SRC);
        raw.queue.write_buffer(&b, 0, bytemuck::cast_slice(d));
        b
    };
    let (ab, bb, cb) = (buf(&a), buf(&b), buf(&vec![0.0; n]));
    let variants = [
        ("WGSL f32", ADD_SCALAR, grid(n)),
        ("WGSL vec4", ADD_VEC4, grid(n / 4)),
        ("WGSL f32, 4 per thread", ADD_SCALAR_X4, grid(n.div_ceil(4))),
        (
            "WGSL f32, 4 per thread, loads first",
            ADD_SCALAR_X4_LOADS_FIRST,
            grid(n.div_ceil(4)),
        ),
    ];
    for (name, source, groups) in variants {
        let k = raw.kernel(source, [&ab, &bb, &cb], groups);
        let (separate, together, gpu) = raw.time_kernel(&k);
        show(&format!("{name}, wall clock"), separate);
        show(&format!("{name}, wall clock, one submission"), together);
        if let Some(gpu) = gpu {
            show(&format!("{name}, GPU time"), gpu);
        }
    }
    Ok(())
}

/// Fill (a kernel), reduce and sort an `f32` array of `gib` GiB, beside the same on 1 GiB: the
/// time per element tells what large-array addressing costs (data past one storage binding is
/// split over several, each access choosing its segment).
fn huge(gib: f64) -> Result<(), amp::Error> {
    use amp::algorithms::{radix_sort, reduce, Sum};
    let acc = Accelerator::default()?;
    println!(
        "large arrays (binding limit {} MiB, buffer limit {} MiB):",
        acc.limits().max_storage_buffer_binding_size >> 20,
        acc.limits().max_buffer_size >> 20
    );
    for size in [1.0, gib] {
        let n = (size * (1u64 << 30) as f64 / 4.0) as usize;
        let array = Array::<f32, 1>::from_extent(n as i32)?;
        let fill = || -> Result<(), amp::Error> {
            parallel_for_each!(array.extent(), |i: Index<1>| {
                array[i] = (i[0] % 1000) as f32;
            })?;
            acc.wait()
        };
        fill()?;
        let start = Instant::now();
        fill()?;
        let fill_s = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let sum = reduce(&array, Sum)?.unwrap_or(0.0);
        let reduce_s = start.elapsed().as_secs_f64();
        let cycles = (n / 1000) as f64;
        let rest = (0..n % 1000).map(|x| x as f64).sum::<f64>();
        let want = cycles * 499_500.0 + rest;
        assert!(
            ((sum as f64) - want).abs() <= want * 1e-3,
            "sum {sum} of {n}, want {want}"
        );
        let start = Instant::now();
        radix_sort(&array)?;
        acc.wait()?;
        let sort_s = start.elapsed().as_secs_f64();
        let last = array.get(Index::new([n as i32 - 1]))?;
        let first = array.get(Index::new([0]))?;
        assert!(first == 0.0 && last == 999.0, "sorted ends {first}, {last}");
        let per = |s: f64| s / n as f64 * 1e9;
        println!(
            "  {size:.1} GiB ({n} f32): fill {:.3} ns/element ({:.0} GB/s), reduce {:.3} ns, \
             sort {:.3} ns",
            per(fill_s),
            (n * 4) as f64 / fill_s / 1e9,
            per(reduce_s),
            per(sort_s)
        );
        let workload = format!("{size:.0} GiB f32 array");
        figure(&workload, "amp fill", per(fill_s), "ns/element");
        figure(&workload, "amp reduce", per(reduce_s), "ns/element");
        figure(&workload, "amp radix_sort", per(sort_s), "ns/element");
    }
    Ok(())
}

fn main() -> Result<(), amp::Error> {
    let args: Vec<String> = std::env::args().collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let bytes: usize = if has("--large") { 256 << 20 } else { 64 << 20 };
    // `--amp`, `--raw`, `--kernels` pick parts; all by default.
    let all = !(has("--amp") || has("--raw") || has("--kernels") || has("--huge"));
    let raw = raw();
    if all || has("--amp") {
        amp_transfers(bytes / 4)?;
    }
    if let Some(raw) = raw.as_ref().filter(|_| all || has("--raw")) {
        raw_transfers(raw, bytes);
    }
    if all || has("--kernels") {
        kernels(raw.as_ref(), bytes / 4)?;
    }
    // `--huge GIB`: arrays larger than one binding and one buffer (not part of "all").
    if let Some(gib) = args
        .iter()
        .position(|a| a == "--huge")
        .and_then(|k| args.get(k + 1))
        .and_then(|g| g.parse::<f64>().ok())
    {
        huge(gib)?;
    }
    Ok(())
}
