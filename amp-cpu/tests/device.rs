//! The CPU accelerator's device through wgpu's public API only, as amp's runtime uses it.

use amp_cpu::device::{adapter, take_reports, CHECK_MARKER, NAME};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

fn open() -> (wgpu::Device, wgpu::Queue) {
    let adapter = adapter();
    let descriptor = wgpu::DeviceDescriptor {
        required_features: adapter.features(),
        required_limits: adapter.limits(),
        ..Default::default()
    };
    pollster::block_on(adapter.request_device(&descriptor)).expect("the CPU device opens")
}

fn buffer(device: &wgpu::Device, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size,
        usage,
        mapped_at_creation: false,
    })
}

/// Runs `f` inside a validation scope; the error it raised.
fn validation<R>(device: &wgpu::Device, f: impl FnOnce() -> R) -> (R, Option<wgpu::Error>) {
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let r = f();
    (r, pollster::block_on(scope.pop()))
}

/// Copies `buffer` into a fresh mappable buffer and reads its bytes.
fn read(device: &wgpu::Device, queue: &wgpu::Queue, buffer: &wgpu::Buffer) -> Vec<u8> {
    let size = buffer.size();
    let readback = self::buffer(
        device,
        size,
        wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
    );
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_buffer(buffer, 0, &readback, 0, size);
    queue.submit([encoder.finish()]);
    let mapped = Arc::new(Mutex::new(None));
    let m = Arc::clone(&mapped);
    readback.map_async(wgpu::MapMode::Read, .., move |r| {
        *m.lock().expect("lock") = Some(r);
    });
    device
        .poll(wgpu::PollType::wait_indefinitely())
        .expect("poll");
    assert_eq!(*mapped.lock().expect("lock"), Some(Ok(())));
    let bytes = readback.get_mapped_range(..).expect("mapped").to_vec();
    readback.unmap();
    bytes
}

#[test]
fn the_adapter_is_the_cpu_accelerator() {
    let adapter = adapter();
    let info = adapter.get_info();
    assert_eq!(info.name, NAME);
    assert_eq!(info.device_type, wgpu::DeviceType::Cpu);
    assert_eq!(info.driver, "amp");
    assert!(adapter.features().contains(
        wgpu::Features::SHADER_F64 | wgpu::Features::SUBGROUP | wgpu::Features::IMMEDIATES
    ));
    assert!(!adapter.features().contains(wgpu::Features::TIMESTAMP_QUERY));
    assert_eq!(adapter.limits().max_compute_invocations_per_workgroup, 1024);
    let (device, _) = open();
    assert_eq!(device.adapter_info().name, NAME);
    // A request with wgpu's default limits and no features opens too.
    assert!(pollster::block_on(adapter.request_device(&Default::default())).is_ok());
    let refused = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: wgpu::Features::TIMESTAMP_QUERY,
        ..Default::default()
    }));
    assert!(refused.is_err());
}

#[test]
fn buffers_are_written_copied_cleared_and_read_back() {
    let (device, queue) = open();
    let usage = wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    let a = buffer(&device, 16, usage);
    let b = buffer(&device, 16, usage | wgpu::BufferUsages::STORAGE);
    let ((), error) = validation(&device, || {
        queue.write_buffer(
            &a,
            0,
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
        );
        let mut encoder = device.create_command_encoder(&Default::default());
        encoder.copy_buffer_to_buffer(&a, 4, &b, 0, 12);
        encoder.clear_buffer(&b, 4, Some(4));
        queue.submit([encoder.finish()]);
    });
    assert!(error.is_none(), "{error:?}");
    assert_eq!(
        read(&device, &queue, &b),
        [5, 6, 7, 8, 0, 0, 0, 0, 13, 14, 15, 16, 0, 0, 0, 0]
    );
    // A write lands after earlier submissions and before later ones.
    queue.write_buffer(&a, 0, &[9; 4]);
    assert_eq!(read(&device, &queue, &a)[..5], [9, 9, 9, 9, 5]);
}

#[test]
fn staging_writes_and_mappings_at_creation_reach_the_buffer() {
    let (device, queue) = open();
    let usage = wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    let made = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 8,
        usage,
        mapped_at_creation: true,
    });
    made.get_mapped_range_mut(..)
        .expect("mapped at creation")
        .slice(..)
        .copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    made.unmap();
    assert_eq!(read(&device, &queue, &made), [1, 2, 3, 4, 5, 6, 7, 8]);
    {
        let mut view = queue
            .write_buffer_with(&made, 4, wgpu::BufferSize::new(4).expect("4"))
            .expect("a staging buffer");
        view.slice(..).copy_from_slice(&[40, 41, 42, 43]);
    }
    queue.submit([]);
    assert_eq!(read(&device, &queue, &made), [1, 2, 3, 4, 40, 41, 42, 43]);
    // Writing past the end is refused, not a panic.
    let (view, error) = validation(&device, || {
        queue.write_buffer_with(&made, 8, wgpu::BufferSize::new(4).expect("4"))
    });
    assert!(view.is_none());
    assert!(matches!(error, Some(wgpu::Error::Validation { .. })));
}

const DOUBLE: &str = r#"
struct Params { n: u32 }
var<immediate> params: Params;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < params.n { data[id.x] = data[id.x] * 2u; }
}
"#;

struct Kernel {
    pipeline: wgpu::ComputePipeline,
    group: wgpu::BindGroup,
    data: wgpu::Buffer,
}

fn double_kernel(device: &wgpu::Device, queue: &wgpu::Queue) -> Kernel {
    let (kernel, error) = validation(device, || {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(DOUBLE.into()),
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: None,
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: false },
                    has_dynamic_offset: true,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 4,
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let data = buffer(
            device,
            512,
            wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST,
        );
        let words: Vec<u8> = (0u32..128).flat_map(|i| i.to_le_bytes()).collect();
        queue.write_buffer(&data, 0, &words);
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                    buffer: &data,
                    offset: 0,
                    size: wgpu::BufferSize::new(256),
                }),
            }],
        });
        Kernel {
            pipeline,
            group,
            data,
        }
    });
    assert!(error.is_none(), "{error:?}");
    kernel
}

/// Submits one dispatch of the kernel over the second half of its buffer (a dynamic offset),
/// after `marker` if there is one.
fn run(device: &wgpu::Device, queue: &wgpu::Queue, k: &Kernel, marker: Option<&str>) {
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&k.pipeline);
        pass.set_bind_group(0, &k.group, &[256]);
        pass.set_immediates(0, &64u32.to_le_bytes());
        if let Some(marker) = marker {
            pass.insert_debug_marker(marker);
        }
        pass.dispatch_workgroups(1, 1, 1);
    }
    queue.submit([encoder.finish()]);
}

#[test]
fn a_dispatch_runs_and_reports_only_when_checked() {
    let (device, queue) = open();
    let k = double_kernel(&device, &queue);
    let ((), error) = validation(&device, || run(&device, &queue, &k, None));
    assert!(error.is_none(), "{error:?}");
    assert!(take_reports(&device).is_empty());
    let tag = format!("{CHECK_MARKER}launch-7");
    let ((), error) = validation(&device, || run(&device, &queue, &k, Some(&tag)));
    assert!(error.is_none(), "{error:?}");
    let reports = take_reports(&device);
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].tag, "launch-7");
    assert!(reports[0].error.is_none());
    assert!(take_reports(&device).is_empty(), "reports are drained");
    // A marker that is not the checking mode's, or one before an earlier dispatch, is not.
    let ((), _) = validation(&device, || run(&device, &queue, &k, Some("other")));
    assert!(take_reports(&device).is_empty());
    // The first half of the buffer is outside the dispatch's binding: it is untouched.
    let bytes = read(&device, &queue, &k.data);
    assert_eq!(bytes[4..8], 1u32.to_le_bytes());
}

#[test]
fn a_dispatch_over_a_mapped_buffer_is_refused() {
    let (device, queue) = open();
    let k = double_kernel(&device, &queue);
    let mappable = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 4,
        usage: wgpu::BufferUsages::MAP_WRITE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: true,
    });
    let ((), error) = validation(&device, || {
        let mut encoder = device.create_command_encoder(&Default::default());
        encoder.copy_buffer_to_buffer(&mappable, 0, &k.data, 0, 4);
        queue.submit([encoder.finish()]);
    });
    assert!(
        matches!(error, Some(wgpu::Error::Validation { .. })),
        "{error:?}"
    );
    mappable.unmap();
    assert_eq!(read(&device, &queue, &k.data)[..4], 0u32.to_le_bytes());
}

#[test]
fn refused_modules_and_pipelines_are_errors_in_the_scope() {
    let (device, _) = open();
    let (_, error) = validation(&device, || {
        device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl("fn broken( {".into()),
        })
    });
    assert!(
        matches!(error, Some(wgpu::Error::Validation { .. })),
        "{error:?}"
    );
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(DOUBLE.into()),
    });
    let refused = |device: &wgpu::Device| {
        device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: None,
            module: &module,
            entry_point: Some("absent"),
            compilation_options: Default::default(),
            cache: None,
        })
    };
    let (_, error) = validation(&device, || refused(&device));
    match error {
        Some(wgpu::Error::Validation { description, .. }) => {
            assert!(description.contains("absent"), "{description}")
        }
        other => panic!("expected a validation error, got {other:?}"),
    }
    // Outside any scope, the error goes to the uncaptured-error handler.
    let seen = Arc::new(AtomicUsize::new(0));
    let s = Arc::clone(&seen);
    device.on_uncaptured_error(Arc::new(move |_| {
        s.fetch_add(1, Ordering::SeqCst);
    }));
    let _ = refused(&device);
    assert_eq!(seen.load(Ordering::SeqCst), 1);
    // An out-of-memory scope does not catch a validation error: the handler gets it.
    let scope = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let _ = refused(&device);
    assert!(pollster::block_on(scope.pop()).is_none());
    assert_eq!(seen.load(Ordering::SeqCst), 2);
}

#[test]
fn callbacks_run_from_poll() {
    let (device, queue) = open();
    let done = Arc::new(AtomicUsize::new(0));
    let d = Arc::clone(&done);
    queue.on_submitted_work_done(move || {
        d.fetch_add(1, Ordering::SeqCst);
    });
    assert_eq!(done.load(Ordering::SeqCst), 0, "not before a poll");
    device.poll(wgpu::PollType::Poll).expect("poll");
    assert_eq!(done.load(Ordering::SeqCst), 1);
    let index = queue.submit([]);
    device
        .poll(wgpu::PollType::Wait {
            submission_index: Some(index),
            timeout: None,
        })
        .expect("a submitted index is waited for");
    let readable = buffer(&device, 4, wgpu::BufferUsages::MAP_READ);
    let d = Arc::clone(&done);
    readable.map_async(wgpu::MapMode::Read, .., move |r| {
        assert!(r.is_ok());
        d.fetch_add(1, Ordering::SeqCst);
    });
    assert_eq!(done.load(Ordering::SeqCst), 1, "not before a poll");
    device.poll(wgpu::PollType::Poll).expect("poll");
    assert_eq!(done.load(Ordering::SeqCst), 2);
    // Mapping without the usage fails through the callback and the scope.
    let unmappable = buffer(&device, 4, wgpu::BufferUsages::COPY_DST);
    let d = Arc::clone(&done);
    let ((), error) = validation(&device, || {
        unmappable.map_async(wgpu::MapMode::Read, .., move |r| {
            assert!(r.is_err());
            d.fetch_add(10, Ordering::SeqCst);
        })
    });
    assert!(error.is_some());
    device.poll(wgpu::PollType::Poll).expect("poll");
    assert_eq!(done.load(Ordering::SeqCst), 12);
}

#[test]
fn destroying_the_device_calls_the_lost_callback_once() {
    let (device, _) = open();
    let lost = Arc::new(Mutex::new(Vec::new()));
    let l = Arc::clone(&lost);
    device.set_device_lost_callback(move |reason, _| l.lock().expect("lock").push(reason));
    device.destroy();
    device.destroy();
    assert_eq!(
        *lost.lock().expect("lock"),
        [wgpu::DeviceLostReason::Destroyed]
    );
}

/// Whether the host (Linux) says it has less than `bytes` of memory and swap available.
fn host_memory_below(bytes: u64) -> bool {
    let Ok(meminfo) = std::fs::read_to_string("/proc/meminfo") else {
        return false;
    };
    let kib = |key: &str| {
        meminfo
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|r| r.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
    };
    (kib("MemAvailable:") + kib("SwapFree:")) * 1024 < bytes
}

#[test]
fn unsupported_calls_are_errors_not_panics() {
    let (device, queue) = open();
    let (_, error) = validation(&device, || {
        device.create_texture(&wgpu::TextureDescriptor {
            label: None,
            size: wgpu::Extent3d {
                width: 4,
                height: 4,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Depth32Float,
            usage: wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        })
    });
    assert!(
        matches!(error, Some(wgpu::Error::Validation { .. })),
        "{error:?}"
    );
    let (_, error) = validation(&device, || {
        device.create_sampler(&wgpu::SamplerDescriptor {
            compare: Some(wgpu::CompareFunction::Less),
            ..Default::default()
        })
    });
    assert!(error.is_some());
    // A texture larger than the host can hold (128 GiB, where the host has less) is an
    // out-of-memory error, not an abort.
    let scope = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d {
            width: 2048,
            height: 2048,
            depth_or_array_layers: 2048,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D3,
        format: wgpu::TextureFormat::Rgba32Float,
        usage: wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    let error = pollster::block_on(scope.pop());
    drop(texture);
    if host_memory_below(128 << 30) {
        assert!(
            matches!(error, Some(wgpu::Error::OutOfMemory { .. })),
            "{error:?}"
        );
    }
    let (_, error) = validation(&device, || {
        device.create_query_set(&wgpu::QuerySetDescriptor {
            label: None,
            ty: wgpu::QueryType::Occlusion,
            count: 1,
        })
    });
    assert!(error.is_some());
    // A buffer larger than the host can hold is an out-of-memory error, not an abort.
    let scope = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let huge = buffer(&device, 1 << 62, wgpu::BufferUsages::STORAGE);
    assert!(matches!(
        pollster::block_on(scope.pop()),
        Some(wgpu::Error::OutOfMemory { .. })
    ));
    // So is one the allocator might promise but the host could not hold (a terabyte).
    let scope = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let _ = buffer(&device, 1 << 40, wgpu::BufferUsages::STORAGE);
    assert!(matches!(
        pollster::block_on(scope.pop()),
        Some(wgpu::Error::OutOfMemory { .. })
    ));
    // Using it later is a validation error.
    let (_, error) = validation(&device, || queue.write_buffer(&huge, 0, &[0; 4]));
    assert!(error.is_some());
}

#[test]
fn bind_groups_check_their_buffers() {
    let (device, _) = open();
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: None,
        entries: &[wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: true },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        }],
    });
    let group = |buffer: &wgpu::Buffer, offset| {
        validation(&device, || {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &layout,
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                        buffer,
                        offset,
                        size: None,
                    }),
                }],
            })
        })
        .1
    };
    let storage = buffer(&device, 16, wgpu::BufferUsages::STORAGE);
    let uniform = buffer(&device, 16, wgpu::BufferUsages::UNIFORM);
    assert!(group(&storage, 4).is_none());
    assert!(
        group(&uniform, 0).is_some(),
        "a uniform buffer bound as storage"
    );
    assert!(group(&storage, 2).is_some(), "an unaligned offset");
    assert!(group(&storage, 20).is_some(), "an offset past the end");
}
