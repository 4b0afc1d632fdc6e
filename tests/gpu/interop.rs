//! Interop with wgpu: amp on devices the test opens itself, as a program that renders with wgpu
//! would (amp's CPU accelerator's adapter, and every Vulkan adapter: lavapipe in CI), one
//! buffer shared by the test's own WGSL pass and amp's kernels in both orders, the buffers
//! behind amp's arrays, and the buffers amp cannot use.

use crate::common::random_words;
use amp::error::{FeatureError, InteropError, MismatchError};
use amp::interop::ARRAY_BUFFER_USAGES;
use amp::prelude::*;
use amp::Error;
use wgpu::util::DeviceExt;

/// A device and its queue, opened by the test.
struct Opened {
    device: wgpu::Device,
    queue: wgpu::Queue,
}

/// The adapters a program could open devices of: amp's CPU accelerator's (`true`), then every
/// Vulkan adapter.
fn adapters() -> Vec<(wgpu::Adapter, bool)> {
    let mut adapters = vec![(amp_cpu::device::adapter(), true)];
    let backends = wgpu::Backends::VULKAN;
    if !wgpu::Instance::enabled_backend_features()
        .intersection(backends)
        .is_empty()
    {
        let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
        descriptor.backends = backends;
        let instance = wgpu::Instance::new(descriptor);
        adapters.extend(
            pollster::block_on(instance.enumerate_adapters(backends))
                .into_iter()
                .map(|a| (a, false)),
        );
    }
    adapters
}

/// A device of `adapter` with `features` (of those it has) and `limits`.
fn open(
    adapter: &wgpu::Adapter,
    features: wgpu::Features,
    limits: wgpu::Limits,
) -> (wgpu::Device, wgpu::Queue) {
    let descriptor = wgpu::DeviceDescriptor {
        label: Some("the test's own"),
        required_features: features & adapter.features(),
        required_limits: limits,
        ..Default::default()
    };
    pollster::block_on(adapter.request_device(&descriptor))
        .unwrap_or_else(|e| panic!("{:?}: {e}", adapter.get_info()))
}

/// A device of each adapter a program could open, each with `features` (of those the adapter
/// has) and `limits`.
fn open_devices(
    features: impl Fn(&wgpu::Adapter) -> wgpu::Features,
    limits: impl Fn(&wgpu::Adapter) -> wgpu::Limits,
) -> Vec<Opened> {
    adapters()
        .into_iter()
        .map(|(adapter, _)| {
            let (device, queue) = open(&adapter, features(&adapter), limits(&adapter));
            Opened { device, queue }
        })
        .collect()
}

/// Devices opened as amp's documentation tells a program to: `features_for`, adapter limits.
fn devices() -> Vec<Opened> {
    open_devices(amp::interop::features_for, wgpu::Adapter::limits)
}

/// The test's own pass: every element `x` of the buffer becomes `3x + 1`.
const TRIPLE: &str = r#"
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < arrayLength(&data) {
        data[id.x] = data[id.x] * 3u + 1u;
    }
}
"#;

fn triple_on_host(data: &mut [u32]) {
    data.iter_mut()
        .for_each(|x| *x = x.wrapping_mul(3).wrapping_add(1));
}

/// Records and submits the test's own pass over `buffer` (of `len` words).
fn triple(device: &wgpu::Device, queue: &wgpu::Queue, buffer: &wgpu::Buffer, len: u32) {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("triple"),
        source: wgpu::ShaderSource::Wgsl(TRIPLE.into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("triple"),
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("triple"),
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: buffer.as_entire_binding(),
        }],
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(len.div_ceil(64), 1, 1);
    }
    queue.submit([encoder.finish()]);
}

/// The buffer's first `len` words, read back with wgpu alone.
fn read_with_wgpu(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    buffer: &wgpu::Buffer,
    len: usize,
) -> Vec<u32> {
    let bytes = len as u64 * 4;
    let staging = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("the test's read-back"),
        size: bytes,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, bytes);
    queue.submit([encoder.finish()]);
    staging
        .slice(..)
        .map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    device
        .poll(wgpu::PollType::wait_indefinitely())
        .expect("poll");
    let words = {
        let mapped = staging.slice(..).get_mapped_range().expect("mapped range");
        bytemuck::cast_slice(&mapped).to_vec()
    };
    staging.unmap();
    words
}

/// A buffer of the program's, holding `data` exactly (no room past it).
fn program_buffer(device: &wgpu::Device, data: &[u32], usage: wgpu::BufferUsages) -> wgpu::Buffer {
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("the test's buffer"),
        contents: bytemuck::cast_slice(data),
        usage,
    })
}

const LEN: usize = 1_000;

#[test]
fn a_wgpu_pass_and_an_amp_kernel_share_one_buffer_in_both_orders() -> Result<(), Error> {
    for Opened { device, queue, .. } in devices() {
        let acc = Accelerator::from_wgpu(&device, &queue);
        assert_eq!(acc.description(), device.adapter_info().name);
        let data: Vec<u32> = random_words(LEN, 5).iter().map(|w| w % 1000).collect();
        let buffer = program_buffer(&device, &data, ARRAY_BUFFER_USAGES);
        // The default view batches launches; shared data is submitted at once all the same.
        let a = Array::<u32, 1>::from_wgpu_buffer(&acc.default_view(), LEN as i32, &buffer)?;
        assert_eq!(a.accelerator(), Some(&acc));
        assert_eq!(a.to_vec()?, data, "{acc}: the buffer is the array's data");
        let mut expected = data.clone();

        // The program's pass, then amp's kernel: the kernel sees the pass's results.
        triple(&device, &queue, &buffer, LEN as u32);
        triple_on_host(&mut expected);
        parallel_for_each!(acc, a.extent(), |i: Index<1>| {
            a[i] += i[0] as u32;
        })?;
        expected.iter_mut().zip(0..).for_each(|(x, i)| *x += i);
        assert_eq!(a.to_vec()?, expected, "{acc}: pass, then kernel");

        // amp's kernel, then the program's pass with no flush or wait between: the pass sees
        // the kernel's results, and amp's next host read sees the pass's.
        parallel_for_each!(acc, a.extent(), |i: Index<1>| {
            a[i] ^= 0x55;
        })?;
        expected.iter_mut().for_each(|x| *x ^= 0x55);
        triple(&device, &queue, &buffer, LEN as u32);
        triple_on_host(&mut expected);
        assert_eq!(
            read_with_wgpu(&device, &queue, &buffer, LEN),
            expected,
            "{acc}: kernel, then pass"
        );
        assert_eq!(a.to_vec()?, expected, "{acc}: amp reads the pass's results");
        assert_eq!(a.get(LEN as i32 - 1)?, expected[LEN - 1]);

        // A host write goes to the buffer.
        a.view_as(LEN as i32)?.set(3, 77)?;
        expected[3] = 77;
        assert_eq!(
            read_with_wgpu(&device, &queue, &buffer, LEN),
            expected,
            "{acc}: host write"
        );
        assert_eq!(a.uploads(), 1, "only the element set was uploaded");
    }
    Ok(())
}

#[test]
fn the_buffer_behind_an_amp_array_is_current_both_ways() -> Result<(), Error> {
    let acc = Accelerator::default()?;
    let (device, queue) = (acc.wgpu_device()?.clone(), acc.wgpu_queue()?.clone());
    let data: Vec<u32> = random_words(LEN, 9).iter().map(|w| w % 1000).collect();
    let a = Array::new_on(&acc.default_view(), LEN as i32, &data)?;
    let mut expected = data.clone();
    // Recorded in the default view's batch; `wgpu_buffer` submits it.
    parallel_for_each!(acc, a.extent(), |i: Index<1>| {
        a[i] += 1;
    })?;
    expected.iter_mut().for_each(|x| *x += 1);
    // The host copy is current here; once the buffer is shared it never counts as current.
    assert_eq!(a.to_vec()?, expected);
    let buffer = a.wgpu_buffer()?;
    assert!(buffer.usage().contains(ARRAY_BUFFER_USAGES));
    assert_eq!(read_with_wgpu(&device, &queue, &buffer, LEN), expected);

    triple(&device, &queue, &buffer, LEN as u32);
    triple_on_host(&mut expected);
    assert_eq!(
        a.to_vec()?,
        expected,
        "amp's host read sees the program's pass"
    );
    parallel_for_each!(acc, a.extent(), |i: Index<1>| {
        a[i] -= 1;
    })?;
    expected.iter_mut().for_each(|x| *x -= 1);
    assert_eq!(
        read_with_wgpu(&device, &queue, &buffer, LEN),
        expected,
        "the program sees amp's kernel"
    );
    // Asked again: the same buffer.
    assert_eq!(a.wgpu_buffer()?, buffer);
    Ok(())
}

#[test]
fn one_device_is_one_accelerator() -> Result<(), Error> {
    let opened = devices();
    let mut ids = Vec::new();
    for Opened { device, queue, .. } in &opened {
        let acc = Accelerator::from_wgpu(device, queue);
        let again = Accelerator::from_wgpu(&device.clone(), &queue.clone());
        assert_eq!(acc, again);
        assert_eq!(acc.id(), again.id());
        assert!(acc.is_from_wgpu());
        assert_eq!(acc.wgpu_device()?, device);
        ids.push(acc.id());
    }
    ids.dedup();
    assert_eq!(
        ids.len(),
        opened.len(),
        "each device is an accelerator of its own"
    );
    // amp's own accelerators: their device gives them back.
    let default = Accelerator::default()?;
    let device = default.wgpu_device()?.clone();
    let queue = default.wgpu_queue()?.clone();
    assert_eq!(Accelerator::from_wgpu(&device, &queue), default);
    assert!(!default.is_from_wgpu());
    Ok(())
}

#[test]
fn buffers_amp_cannot_use_are_typed_errors() -> Result<(), Error> {
    let opened = devices();
    for Opened { device, queue, .. } in &opened {
        let acc = Accelerator::from_wgpu(device, queue);
        let view = acc.default_view();
        let data = vec![1u32; 16];
        let no_storage = program_buffer(
            device,
            &data,
            wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
        );
        assert_eq!(
            Array::<u32, 1>::from_wgpu_buffer(&view, 16, &no_storage).err(),
            Some(Error::Interop(InteropError::BufferUsage {
                missing: wgpu::BufferUsages::STORAGE,
                usage: wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
            }))
        );
        let buffer = program_buffer(device, &data, ARRAY_BUFFER_USAGES);
        assert_eq!(
            Array::<u32, 2>::from_wgpu_buffer(&view, [4, 5], &buffer).err(),
            Some(Error::Interop(InteropError::BufferTooSmall {
                extent: vec![4, 5],
                element: "u32",
                needed: 80,
                size: 64,
            }))
        );
        // A smaller array over a larger buffer is fine; a negative extent is not.
        assert_eq!(
            Array::<u32, 1>::from_wgpu_buffer(&view, 10, &buffer)?.to_vec()?,
            [1; 10]
        );
        assert!(matches!(
            Array::<u32, 1>::from_wgpu_buffer(&view, -1, &buffer),
            Err(Error::InvalidComputeDomain(_))
        ));
        // The host-only CPU accelerator has no device for it.
        assert!(matches!(
            Array::<u32, 1>::from_wgpu_buffer(
                &Accelerator::cpu_accelerator().default_view(),
                16,
                &buffer
            ),
            Err(Error::UnsupportedFeature(FeatureError::HostOnly { .. }))
        ));
        let on_host = Array::new_on(
            &Accelerator::cpu_accelerator().default_view(),
            2,
            &[1u32, 2],
        )?;
        assert!(matches!(
            on_host.wgpu_buffer(),
            Err(Error::UnsupportedFeature(FeatureError::HostOnly { .. }))
        ));
        // Shared data stays on its accelerator.
        let a = Array::<u32, 1>::from_wgpu_buffer(&view, 16, &buffer)?;
        let section = a.section(0, 8)?;
        let other = Accelerator::emulator()?;
        let other = if other == acc {
            Accelerator::cpu_accelerator()
        } else {
            other
        };
        if !other.is_host_only() {
            let err = parallel_for_each!(other, section.extent(), |i: Index<1>| {
                section[i] += 1;
            });
            assert_eq!(
                err,
                Err(Error::AcceleratorMismatch(MismatchError::Shared {
                    used_on: other.description().to_owned(),
                    shared_on: acc.description().to_owned(),
                }))
            );
        }
    }
    // A buffer of another device of the same wgpu instance, where wgpu tells (amp's CPU
    // accelerator keeps every device's buffers in host memory and does not).
    if let Some((adapter, _)) = adapters().into_iter().find(|(_, emulated)| !emulated) {
        let limits = adapter.limits();
        let (first, first_queue) = open(&adapter, wgpu::Features::empty(), limits.clone());
        let (second, _) = open(&adapter, wgpu::Features::empty(), limits);
        let acc = Accelerator::from_wgpu(&first, &first_queue);
        let theirs = program_buffer(&second, &[0; 4], ARRAY_BUFFER_USAGES);
        let err = Array::<u32, 1>::from_wgpu_buffer(&acc.default_view(), 4, &theirs);
        assert!(
            matches!(err, Err(Error::Interop(InteropError::BufferDevice { .. }))),
            "{err:?}"
        );
    }
    Ok(())
}

/// A buffer of the program's may end with the data, where amp's own buffers hold a zero
/// element that checked reads out of range read: they read the first element there instead,
/// inside the buffer, and the launch reports the fault either way. An amp array whose buffer
/// was handed out keeps its zero element.
#[test]
fn a_checked_read_past_an_exact_buffer_is_a_fault_not_a_crash() -> Result<(), Error> {
    for Opened { device, queue, .. } in devices() {
        let acc = Accelerator::from_wgpu(&device, &queue);
        let view = acc.default_view();
        let data: Vec<u32> = (1..=64).collect();
        let buffer = program_buffer(&device, &data, ARRAY_BUFFER_USAGES);
        let theirs = Array::<u32, 1>::from_wgpu_buffer(&view, 64, &buffer)?;
        let ours = Array::new_on(&view, 64, &data)?;
        ours.wgpu_buffer()?;
        for (a, past_the_end) in [(&theirs, data[0]), (&ours, 0)] {
            let b = Array::<u32, 1>::from_extent_on(&view, 64)?;
            parallel_for_each!(acc, a.extent(), |i: Index<1>| {
                b[i] = a[i[0] + 1] + 1000;
            })?;
            let err = b.to_vec().err().or_else(|| acc.wait().err());
            assert!(
                matches!(err, Some(Error::OutOfBounds { fault: Some(_), .. })),
                "{acc}: {err:?}"
            );
            let mut expected: Vec<u32> = (2..=64).map(|x| x + 1000).collect();
            expected.push(past_the_end + 1000);
            assert_eq!(b.to_vec()?, expected, "{acc}");
        }
    }
    Ok(())
}

#[test]
fn amp_works_with_the_features_and_limits_the_program_chose() -> Result<(), Error> {
    // No optional feature at all (no immediates: launch parameters go in a uniform buffer),
    // and storage bindings of 1 KiB, so that 1,000 words are split over four buffers.
    let limits = |_: &wgpu::Adapter| wgpu::Limits {
        max_storage_buffer_binding_size: 1024,
        ..wgpu::Limits::default()
    };
    for Opened { device, queue, .. } in open_devices(|_| wgpu::Features::empty(), limits) {
        let acc = Accelerator::from_wgpu(&device, &queue);
        // What the device reports (amp's CPU accelerator's devices have all their adapter's
        // features and limits, whatever was asked).
        let has = device.features();
        assert_eq!(acc.supports_f16(), has.contains(wgpu::Features::SHADER_F16));
        assert_eq!(
            acc.subgroup_size().is_some(),
            has.contains(wgpu::Features::SUBGROUP)
        );
        if !acc.supports_profiling() {
            let profiled = acc.profile(|| Ok::<(), Error>(()));
            assert!(
                matches!(
                    profiled,
                    Err(Error::UnsupportedFeature(FeatureError::Profiling { .. }))
                ),
                "{profiled:?}"
            );
        }
        if !acc.supports_f16() {
            // A kernel that needs what the device was opened without names the wgpu feature.
            let halves = Array::new_on(&acc.default_view(), 2, &[amp::f16::ONE; 2])?;
            let err = parallel_for_each!(acc, halves.extent(), |i: Index<1>| {
                halves[i] = -halves[i];
            });
            match err {
                Err(Error::UnsupportedFeature(FeatureError::Kernel(
                    amp::KernelError::Unsupported { feature, .. },
                ))) => assert!(feature.contains("Features::SHADER_F16"), "{feature}"),
                other => panic!("{acc}: {other:?}"),
            }
        }
        let binding = device.limits().max_storage_buffer_binding_size;
        assert_eq!(acc.limits().max_storage_buffer_binding_size, binding);
        let data: Vec<u32> = random_words(LEN, 3);
        let a = Array::new_on(&acc.default_view(), LEN as i32, &data)?;
        parallel_for_each!(acc, a.extent(), |i: Index<1>| {
            a[i] = a[i] / 2 + i[0] as u32;
        })?;
        let expected: Vec<u32> = data.iter().zip(0..).map(|(x, i)| x / 2 + i).collect();
        assert_eq!(a.to_vec()?, expected, "{acc}");
        if binding != 1024 {
            continue;
        }
        assert_eq!(
            a.wgpu_buffer().err(),
            Some(Error::Interop(InteropError::SplitData {
                extent: vec![LEN as i64],
                buffers: 4,
            }))
        );
        let large = program_buffer(&device, &data, ARRAY_BUFFER_USAGES);
        assert_eq!(
            Array::<u32, 1>::from_wgpu_buffer(&acc.default_view(), 8, &large).err(),
            Some(Error::Interop(InteropError::BufferBinding {
                size: LEN as u64 * 4,
                accelerator: acc.description().to_owned(),
                max: 1024,
            }))
        );
    }
    Ok(())
}

/// amp installs no handler on the program's device: an error outside any error scope still
/// reaches the program's own handler (and amp's waits do not report it as amp's).
#[test]
fn the_programs_error_handler_stays_in_place() -> Result<(), Error> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    for Opened { device, queue } in devices() {
        let seen = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&seen);
        device.on_uncaptured_error(Arc::new(move |_: wgpu::Error| {
            counter.fetch_add(1, Ordering::SeqCst);
        }));
        let acc = Accelerator::from_wgpu(&device, &queue);
        let a = Array::new_on(&acc.default_view(), 4, &[1u32, 2, 3, 4])?;
        parallel_for_each!(acc, a.extent(), |i: Index<1>| {
            a[i] += 1;
        })?;
        assert_eq!(a.to_vec()?, [2, 3, 4, 5]);
        // The program's own mistake: a buffer mapped at creation must be whole words.
        drop(device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("the test's mistake"),
            size: 6,
            usage: wgpu::BufferUsages::MAP_WRITE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: true,
        }));
        acc.wait()?;
        assert_eq!(seen.load(Ordering::SeqCst), 1, "{acc}");
    }
    Ok(())
}

/// A 2-D `R32Float` texture of the program's, `rows × cols`, holding `data`.
fn program_texture(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    (rows, cols): (u32, u32),
    usage: wgpu::TextureUsages,
    data: &[f32],
) -> wgpu::Texture {
    let size = wgpu::Extent3d {
        width: cols,
        height: rows,
        depth_or_array_layers: 1,
    };
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("the program's texture"),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::R32Float,
        usage,
        view_formats: &[],
    });
    if usage.contains(wgpu::TextureUsages::COPY_DST) {
        queue.write_texture(
            texture.as_image_copy(),
            bytemuck::cast_slice(data),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(cols * 4),
                rows_per_image: Some(rows),
            },
            size,
        );
    }
    texture
}

#[test]
fn a_program_texture_is_an_amp_texture_and_back() -> Result<(), Error> {
    let usage = amp::graphics::TEXTURE_USAGES | wgpu::TextureUsages::STORAGE_BINDING;
    for Opened { device, queue } in devices() {
        let acc = Accelerator::from_wgpu(&device, &queue);
        let data: Vec<f32> = (0..12).map(|i| i as f32).collect();
        let program = program_texture(&device, &queue, (3, 4), usage, &data);
        // make_texture: amp's kernels read and write the program's texels, no copy.
        let tex = Texture::<f32, 2>::from_wgpu_texture(&acc.default_view(), &program)?;
        assert_eq!(tex.extent(), Extent::new([3, 4]));
        let t = &tex;
        parallel_for_each!(&acc, tex.extent(), |idx: Index<2>| {
            t[idx] = t[idx] * 10.0;
        })?;
        let tenfold: Vec<f32> = data.iter().map(|x| x * 10.0).collect();
        assert_eq!(tex.to_vec()?, tenfold);
        // get_texture: the program writes through it, amp reads what it wrote.
        let behind = tex.wgpu_texture()?;
        queue.write_texture(
            behind.as_image_copy(),
            bytemuck::cast_slice(&[7.0f32; 12]),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(16),
                rows_per_image: Some(3),
            },
            behind.size(),
        );
        assert_eq!(tex.to_vec()?, vec![7.0; 12]);
    }
    Ok(())
}

#[test]
fn program_textures_amp_cannot_use_are_refused_by_name() -> Result<(), Error> {
    for Opened { device, queue } in devices() {
        let acc = Accelerator::from_wgpu(&device, &queue);
        let view = acc.default_view();
        let data = [0.0f32; 4];
        let all = amp::graphics::TEXTURE_USAGES;
        let program = program_texture(&device, &queue, (2, 2), all, &data);
        let err = Texture::<u32, 2>::from_wgpu_texture(&view, &program).expect_err("format");
        assert!(
            matches!(err, Error::Interop(InteropError::TextureFormat { .. })),
            "{err}"
        );
        assert!(err.to_string().contains("R32Float"), "{err}");
        let err = Texture::<f32, 3>::from_wgpu_texture(&view, &program).expect_err("rank");
        assert!(
            matches!(err, Error::Interop(InteropError::TextureShape { .. })),
            "{err}"
        );
        let bare = program_texture(
            &device,
            &queue,
            (2, 2),
            wgpu::TextureUsages::TEXTURE_BINDING,
            &data,
        );
        let err = Texture::<f32, 2>::from_wgpu_texture(&view, &bare).expect_err("usages");
        assert!(
            matches!(err, Error::Interop(InteropError::TextureUsage { .. })),
            "{err}"
        );
    }
    Ok(())
}
