//! Textures and samplers on the CPU accelerator, through wgpu's public API: WGSL compute
//! shaders that load, store, sample and gather, and copies, each checked against a CPU
//! reference written here and, where a Vulkan adapter (lavapipe) exists, against the same
//! shader run there.

use std::sync::{Arc, Mutex};
use wgpu::TextureFormat as F;

/// A device to run on, and its name for messages.
struct Dev {
    device: wgpu::Device,
    queue: wgpu::Queue,
    name: &'static str,
}

fn emulator() -> Dev {
    let adapter = amp_cpu::device::adapter();
    let descriptor = wgpu::DeviceDescriptor {
        required_features: adapter.features(),
        required_limits: adapter.limits(),
        ..Default::default()
    };
    let (device, queue) =
        pollster::block_on(adapter.request_device(&descriptor)).expect("the CPU device opens");
    Dev {
        device,
        queue,
        name: "emulator",
    }
}

/// The features the texture tests ask of a Vulkan adapter (those it has).
fn wanted() -> wgpu::Features {
    wgpu::Features::TEXTURE_FORMAT_16BIT_NORM
        | wgpu::Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES
        | wgpu::Features::FLOAT32_FILTERABLE
        | wgpu::Features::ADDRESS_MODE_CLAMP_TO_BORDER
        | wgpu::Features::ADDRESS_MODE_CLAMP_TO_ZERO
}

/// lavapipe (or another CPU Vulkan adapter), when this host has one.
fn lavapipe() -> Option<(Dev, wgpu::Adapter)> {
    if wgpu::Instance::enabled_backend_features()
        .intersection(wgpu::Backends::VULKAN)
        .is_empty()
    {
        return None;
    }
    let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
    descriptor.backends = wgpu::Backends::VULKAN;
    let instance = wgpu::Instance::new(descriptor);
    let adapter = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::VULKAN))
        .into_iter()
        .find(|a| a.get_info().device_type == wgpu::DeviceType::Cpu)?;
    let descriptor = wgpu::DeviceDescriptor {
        required_features: adapter.features() & wanted(),
        required_limits: wgpu::Limits::default(),
        ..Default::default()
    };
    let (device, queue) = pollster::block_on(adapter.request_device(&descriptor)).ok()?;
    Some((
        Dev {
            device,
            queue,
            name: "lavapipe",
        },
        adapter,
    ))
}

/// A texture a test binds: its format, dimension, level-0 size, levels and each level's
/// texels (tightly packed), and which levels its view shows.
#[derive(Clone)]
struct Tex {
    format: F,
    dimension: wgpu::TextureDimension,
    size: [u32; 3],
    levels: Vec<Vec<u8>>,
    view_levels: std::ops::Range<u32>,
}

/// What binding `i` of group 0 holds.
enum Res {
    Tex(Tex),
    Sampler(wgpu::SamplerDescriptor<'static>),
    /// A storage buffer of this many bytes (zeroed, or these bytes).
    Buffer(Vec<u8>),
}

/// What a run left: each buffer's bytes, and level 0 of each texture (tightly packed).
struct Outcome {
    buffers: Vec<Vec<u8>>,
    textures: Vec<Vec<u8>>,
}

fn texel_bytes(format: F) -> u32 {
    format.block_copy_size(None).expect("a colour format")
}

fn level_size(t: &Tex, level: u32) -> [u32; 3] {
    let s = |x: u32| (x >> level).max(1);
    match t.dimension {
        wgpu::TextureDimension::D1 => [s(t.size[0]), 1, 1],
        wgpu::TextureDimension::D2 => [s(t.size[0]), s(t.size[1]), 1],
        wgpu::TextureDimension::D3 => [s(t.size[0]), s(t.size[1]), s(t.size[2])],
    }
}

fn extent(s: [u32; 3]) -> wgpu::Extent3d {
    wgpu::Extent3d {
        width: s[0],
        height: s[1],
        depth_or_array_layers: s[2],
    }
}

fn make_texture(d: &Dev, t: &Tex) -> wgpu::Texture {
    let texture = d.device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: extent(t.size),
        mip_level_count: t.levels.len() as u32,
        sample_count: 1,
        dimension: t.dimension,
        format: t.format,
        usage: wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::STORAGE_BINDING
            | wgpu::TextureUsages::COPY_SRC
            | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    for (level, data) in t.levels.iter().enumerate() {
        let s = level_size(t, level as u32);
        d.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &texture,
                mip_level: level as u32,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            data,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(s[0] * texel_bytes(t.format)),
                rows_per_image: Some(s[1]),
            },
            extent(s),
        );
    }
    texture
}

/// Reads level `level` of `texture` back through a buffer whose rows are padded to 256 bytes.
fn read_texture(d: &Dev, texture: &wgpu::Texture, t: &Tex, level: u32) -> Vec<u8> {
    let s = level_size(t, level);
    let row = s[0] * texel_bytes(t.format);
    let padded = row.div_ceil(256) * 256;
    let staging = d.device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: u64::from(padded * s[1] * s[2]),
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = d.device.create_command_encoder(&Default::default());
    encoder.copy_texture_to_buffer(
        wgpu::TexelCopyTextureInfo {
            texture,
            mip_level: level,
            origin: wgpu::Origin3d::ZERO,
            aspect: wgpu::TextureAspect::All,
        },
        wgpu::TexelCopyBufferInfo {
            buffer: &staging,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(padded),
                rows_per_image: Some(s[1]),
            },
        },
        extent(s),
    );
    d.queue.submit([encoder.finish()]);
    let bytes = map(d, &staging);
    bytes
        .chunks(padded as usize)
        .flat_map(|r| r[..row as usize].to_vec())
        .collect()
}

/// The bytes of a mappable buffer.
fn map(d: &Dev, buffer: &wgpu::Buffer) -> Vec<u8> {
    let done = Arc::new(Mutex::new(None));
    let flag = Arc::clone(&done);
    buffer.map_async(wgpu::MapMode::Read, .., move |r| {
        *flag.lock().expect("lock") = Some(r);
    });
    d.device
        .poll(wgpu::PollType::wait_indefinitely())
        .expect("poll");
    assert_eq!(*done.lock().expect("lock"), Some(Ok(())));
    let bytes = buffer.get_mapped_range(..).expect("mapped").to_vec();
    buffer.unmap();
    bytes
}

/// Runs `wgsl`'s `main` over `groups` workgroups with `resources` bound in order to group 0.
fn run(d: &Dev, wgsl: &str, resources: &[Res], groups: [u32; 3]) -> Outcome {
    let scope = d.device.push_error_scope(wgpu::ErrorFilter::Validation);
    let module = d.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(wgsl.into()),
    });
    let pipeline = d
        .device
        .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
    let mut textures = Vec::new();
    let mut views = Vec::new();
    let mut samplers = Vec::new();
    let mut buffers = Vec::new();
    for r in resources {
        match r {
            Res::Tex(t) => {
                let texture = make_texture(d, t);
                views.push(texture.create_view(&wgpu::TextureViewDescriptor {
                    base_mip_level: t.view_levels.start,
                    mip_level_count: Some(t.view_levels.end - t.view_levels.start),
                    ..Default::default()
                }));
                textures.push((texture, t.clone()));
            }
            Res::Sampler(desc) => samplers.push(d.device.create_sampler(desc)),
            Res::Buffer(bytes) => {
                let buffer = d.device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: bytes.len() as u64,
                    usage: wgpu::BufferUsages::STORAGE
                        | wgpu::BufferUsages::COPY_SRC
                        | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                d.queue.write_buffer(&buffer, 0, bytes);
                buffers.push(buffer);
            }
        }
    }
    let (mut v, mut s, mut b) = (views.iter(), samplers.iter(), buffers.iter());
    // (`samplers` is in binding order, as `views` and `buffers` are.)
    let entries: Vec<wgpu::BindGroupEntry<'_>> = resources
        .iter()
        .enumerate()
        .map(|(i, r)| wgpu::BindGroupEntry {
            binding: i as u32,
            resource: match r {
                Res::Tex(_) => wgpu::BindingResource::TextureView(v.next().expect("a view")),
                Res::Sampler(_) => wgpu::BindingResource::Sampler(s.next().expect("a sampler")),
                Res::Buffer(_) => b.next().expect("a buffer").as_entire_binding(),
            },
        })
        .collect();
    let group = d.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &entries,
    });
    let mut encoder = d.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(groups[0], groups[1], groups[2]);
    }
    d.queue.submit([encoder.finish()]);
    let error = pollster::block_on(scope.pop());
    assert!(error.is_none(), "{}: {error:?}", d.name);
    let buffers = buffers
        .iter()
        .map(|buffer| {
            let staging = d.device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: buffer.size(),
                usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
                mapped_at_creation: false,
            });
            let mut encoder = d.device.create_command_encoder(&Default::default());
            encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, buffer.size());
            d.queue.submit([encoder.finish()]);
            map(d, &staging)
        })
        .collect();
    let textures = textures
        .iter()
        .map(|(texture, t)| read_texture(d, texture, t, 0))
        .collect();
    Outcome { buffers, textures }
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// A small deterministic generator (xorshift).
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

/// How a test reads a format: its WGSL name, the channel's bits, kind and component count.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ch {
    Unorm,
    Snorm,
    Uint,
    Sint,
    Float,
}

fn describe(format: F) -> (&'static str, u32, Ch, usize) {
    match format {
        F::R8Unorm => ("r8unorm", 8, Ch::Unorm, 1),
        F::Rg8Unorm => ("rg8unorm", 8, Ch::Unorm, 2),
        F::Rgba8Unorm => ("rgba8unorm", 8, Ch::Unorm, 4),
        F::R8Snorm => ("r8snorm", 8, Ch::Snorm, 1),
        F::Rg8Snorm => ("rg8snorm", 8, Ch::Snorm, 2),
        F::Rgba8Snorm => ("rgba8snorm", 8, Ch::Snorm, 4),
        F::R8Uint => ("r8uint", 8, Ch::Uint, 1),
        F::Rg8Uint => ("rg8uint", 8, Ch::Uint, 2),
        F::Rgba8Uint => ("rgba8uint", 8, Ch::Uint, 4),
        F::R8Sint => ("r8sint", 8, Ch::Sint, 1),
        F::Rg8Sint => ("rg8sint", 8, Ch::Sint, 2),
        F::Rgba8Sint => ("rgba8sint", 8, Ch::Sint, 4),
        F::R16Uint => ("r16uint", 16, Ch::Uint, 1),
        F::Rg16Uint => ("rg16uint", 16, Ch::Uint, 2),
        F::Rgba16Uint => ("rgba16uint", 16, Ch::Uint, 4),
        F::R16Sint => ("r16sint", 16, Ch::Sint, 1),
        F::Rg16Sint => ("rg16sint", 16, Ch::Sint, 2),
        F::Rgba16Sint => ("rgba16sint", 16, Ch::Sint, 4),
        F::R16Float => ("r16float", 16, Ch::Float, 1),
        F::Rg16Float => ("rg16float", 16, Ch::Float, 2),
        F::Rgba16Float => ("rgba16float", 16, Ch::Float, 4),
        F::R16Unorm => ("r16unorm", 16, Ch::Unorm, 1),
        F::Rg16Unorm => ("rg16unorm", 16, Ch::Unorm, 2),
        F::Rgba16Unorm => ("rgba16unorm", 16, Ch::Unorm, 4),
        F::R16Snorm => ("r16snorm", 16, Ch::Snorm, 1),
        F::Rg16Snorm => ("rg16snorm", 16, Ch::Snorm, 2),
        F::Rgba16Snorm => ("rgba16snorm", 16, Ch::Snorm, 4),
        F::R32Uint => ("r32uint", 32, Ch::Uint, 1),
        F::Rg32Uint => ("rg32uint", 32, Ch::Uint, 2),
        F::Rgba32Uint => ("rgba32uint", 32, Ch::Uint, 4),
        F::R32Sint => ("r32sint", 32, Ch::Sint, 1),
        F::Rg32Sint => ("rg32sint", 32, Ch::Sint, 2),
        F::Rgba32Sint => ("rgba32sint", 32, Ch::Sint, 4),
        F::R32Float => ("r32float", 32, Ch::Float, 1),
        F::Rg32Float => ("rg32float", 32, Ch::Float, 2),
        F::Rgba32Float => ("rgba32float", 32, Ch::Float, 4),
        other => panic!("no test description for {other:?}"),
    }
}

const FORMATS: [F; 36] = [
    F::R8Unorm,
    F::Rg8Unorm,
    F::Rgba8Unorm,
    F::R8Snorm,
    F::Rg8Snorm,
    F::Rgba8Snorm,
    F::R8Uint,
    F::Rg8Uint,
    F::Rgba8Uint,
    F::R8Sint,
    F::Rg8Sint,
    F::Rgba8Sint,
    F::R16Uint,
    F::Rg16Uint,
    F::Rgba16Uint,
    F::R16Sint,
    F::Rg16Sint,
    F::Rgba16Sint,
    F::R16Float,
    F::Rg16Float,
    F::Rgba16Float,
    F::R16Unorm,
    F::Rg16Unorm,
    F::Rgba16Unorm,
    F::R16Snorm,
    F::Rg16Snorm,
    F::Rgba16Snorm,
    F::R32Uint,
    F::Rg32Uint,
    F::Rgba32Uint,
    F::R32Sint,
    F::Rg32Sint,
    F::Rgba32Sint,
    F::R32Float,
    F::Rg32Float,
    F::Rgba32Float,
];

/// `n` texels of `format` whose values convert back to the same bits: no snorm minimum (it
/// reads as -1, which stores as the minimum plus one), finite floats.
fn texels(format: F, n: usize, rng: &mut Rng) -> Vec<u8> {
    let (_, bits, ch, comps) = describe(format);
    let mut out = Vec::new();
    for _ in 0..n * comps {
        let mut v = rng.next();
        match (ch, bits) {
            (Ch::Snorm, 8) if v as u8 == 0x80 => v = 0x81,
            (Ch::Snorm, 16) if v as u16 == 0x8000 => v = 0x8001,
            // A normal half: exponent 1..=30.
            (Ch::Float, 16) => v = (v & 0x83ff) | ((1 + v % 30) << 10),
            (Ch::Float, 32) => v = ((v % 20001) as f32 / 64.0 - 150.0).to_bits(),
            _ => {}
        }
        out.extend_from_slice(&v.to_le_bytes()[..(bits / 8) as usize]);
    }
    out
}

/// The four words a shader reads from texel `i` of `data` (Vulkan's conversions).
fn reference_texel(format: F, data: &[u8], i: usize) -> [u32; 4] {
    let (_, bits, ch, comps) = describe(format);
    let b = (bits / 8) as usize;
    let one = if ch == Ch::Uint || ch == Ch::Sint {
        1
    } else {
        1f32.to_bits()
    };
    let mut out = [0, 0, 0, one];
    for (c, o) in out.iter_mut().enumerate().take(comps) {
        let at = (i * comps + c) * b;
        let mut raw = [0u8; 4];
        raw[..b].copy_from_slice(&data[at..at + b]);
        let raw = u32::from_le_bytes(raw);
        *o = match (ch, bits) {
            (Ch::Unorm, 8) => (raw as f32 / 255.0).to_bits(),
            (Ch::Unorm, 16) => (raw as f32 / 65535.0).to_bits(),
            (Ch::Snorm, 8) => ((raw as u8 as i8) as f32 / 127.0).max(-1.0).to_bits(),
            (Ch::Snorm, 16) => ((raw as u16 as i16) as f32 / 32767.0).max(-1.0).to_bits(),
            (Ch::Sint, 8) => raw as u8 as i8 as i32 as u32,
            (Ch::Sint, 16) => raw as u16 as i16 as i32 as u32,
            (Ch::Float, 16) => half::f16::from_bits(raw as u16).to_f32().to_bits(),
            _ => raw,
        };
    }
    out
}

fn wgsl_type(ch: Ch) -> &'static str {
    match ch {
        Ch::Uint => "u32",
        Ch::Sint => "i32",
        _ => "f32",
    }
}

/// The WGSL dimension suffix and coordinate expression for a texture of `dims` dimensions.
fn dim_names(dims: u32) -> (&'static str, &'static str) {
    match dims {
        1 => ("1d", "i32(id.x)"),
        2 => ("2d", "vec2<i32>(id.xy)"),
        _ => ("3d", "vec3<i32>(id)"),
    }
}

fn dimension(dims: u32) -> wgpu::TextureDimension {
    match dims {
        1 => wgpu::TextureDimension::D1,
        2 => wgpu::TextureDimension::D2,
        _ => wgpu::TextureDimension::D3,
    }
}

/// Whether two runs' words agree: floats within `tolerance`, everything else exactly.
fn close(a: &[u32], b: &[u32], float: bool, tolerance: f32) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(&x, &y)| {
            if float {
                let (x, y) = (f32::from_bits(x), f32::from_bits(y));
                (x - y).abs() <= tolerance * x.abs().max(1.0)
            } else {
                x == y
            }
        })
}

#[test]
fn every_format_loads_and_stores_at_ranks_one_to_three() {
    let emu = emulator();
    let lvp = lavapipe();
    let mut rng = Rng(0x2545_f491);
    let mut compared = 0;
    for format in FORMATS {
        let (name, _, ch, _) = describe(format);
        let ty = wgsl_type(ch);
        for dims in 1..=3 {
            let size = [[5, 1, 1], [3, 2, 1], [2, 3, 2]][dims as usize - 1];
            let n = (size[0] * size[1] * size[2]) as usize;
            let (d, coord) = dim_names(dims);
            let wgsl = format!(
                "@group(0) @binding(0) var src: texture_{d}<{ty}>;
                 @group(0) @binding(1) var dst: texture_storage_{d}<{name}, write>;
                 @group(0) @binding(2) var<storage, read_write> out: array<vec4<{ty}>>;
                 @compute @workgroup_size(1)
                 fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
                     let c = {coord};
                     let v = textureLoad(src, c, 0);
                     textureStore(dst, c, v);
                     out[id.x + {w}u * (id.y + {h}u * id.z)] = v;
                 }}",
                w = size[0],
                h = size[1],
            );
            let data = texels(format, n, &mut rng);
            let tex = |data: Vec<u8>| Tex {
                format,
                dimension: dimension(dims),
                size,
                levels: vec![data],
                view_levels: 0..1,
            };
            let resources = [
                Res::Tex(tex(data.clone())),
                Res::Tex(tex(vec![0; data.len()])),
                Res::Buffer(vec![0; n * 16]),
            ];
            let got = run(&emu, &wgsl, &resources, size);
            let expected: Vec<u32> = (0..n)
                .flat_map(|i| reference_texel(format, &data, i))
                .collect();
            let float = !matches!(ch, Ch::Uint | Ch::Sint);
            assert!(
                close(&words(&got.buffers[0]), &expected, float, 1e-7),
                "{name} {d}: loads {:?}, expected {expected:?}",
                words(&got.buffers[0])
            );
            assert_eq!(got.textures[1], data, "{name} {d}: the stored texels");
            if let Some((lvp, adapter)) = &lvp {
                let features = adapter.get_texture_format_features(format);
                if features
                    .flags
                    .contains(wgpu::TextureFormatFeatureFlags::STORAGE_WRITE_ONLY)
                    && features
                        .allowed_usages
                        .contains(wgpu::TextureUsages::STORAGE_BINDING)
                    && lvp.device.features().contains(format.required_features())
                {
                    let there = run(lvp, &wgsl, &resources, size);
                    assert!(
                        close(
                            &words(&got.buffers[0]),
                            &words(&there.buffers[0]),
                            float,
                            1e-6
                        ),
                        "{name} {d}: the emulator loads {:?}, lavapipe {:?}",
                        words(&got.buffers[0]),
                        words(&there.buffers[0])
                    );
                    assert_eq!(got.textures[1], there.textures[1], "{name} {d}: stores");
                    compared += 1;
                }
            }
        }
    }
    if lvp.is_some() {
        assert!(compared > 0, "no format was compared with lavapipe");
    }
}

#[test]
fn floats_store_to_normalised_formats_rounded_and_clamped() {
    let values: [f32; 8] = [-2.0, -1.0, -0.5, 0.0, 0.2, 0.5019608, 1.0, 3.0];
    let wgsl = "@group(0) @binding(0) var dst: texture_storage_1d<rgba8unorm, write>;
        @group(0) @binding(1) var dst2: texture_storage_1d<rgba8snorm, write>;
        @group(0) @binding(2) var<storage, read_write> values: array<f32>;
        @compute @workgroup_size(1)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            let v = values[id.x];
            textureStore(dst, i32(id.x), vec4<f32>(v, -v, v * 0.5, 1.0));
            textureStore(dst2, i32(id.x), vec4<f32>(v, -v, v * 0.5, 0.0));
        }";
    let tex = |format| Tex {
        format,
        dimension: wgpu::TextureDimension::D1,
        size: [8, 1, 1],
        levels: vec![vec![0; 32]],
        view_levels: 0..1,
    };
    let resources = [
        Res::Tex(tex(F::Rgba8Unorm)),
        Res::Tex(tex(F::Rgba8Snorm)),
        Res::Buffer(values.iter().flat_map(|v| v.to_le_bytes()).collect()),
    ];
    let got = run(&emulator(), wgsl, &resources, [8, 1, 1]);
    let unorm = |f: f32| (f.clamp(0.0, 1.0) * 255.0).round() as u8;
    let snorm = |f: f32| (f.clamp(-1.0, 1.0) * 127.0).round() as i8 as u8;
    let expected_u: Vec<u8> = values
        .iter()
        .flat_map(|&v| [unorm(v), unorm(-v), unorm(v * 0.5), 255])
        .collect();
    let expected_s: Vec<u8> = values
        .iter()
        .flat_map(|&v| [snorm(v), snorm(-v), snorm(v * 0.5), 0])
        .collect();
    assert_eq!(got.textures[0], expected_u);
    assert_eq!(got.textures[1], expected_s);
    if let Some((lvp, _)) = lavapipe() {
        let there = run(&lvp, wgsl, &resources, [8, 1, 1]);
        assert_eq!(got.textures, there.textures);
    }
}

#[test]
fn r32_textures_are_read_write() {
    for (name, ty, format) in [
        ("r32uint", "u32", F::R32Uint),
        ("r32sint", "i32", F::R32Sint),
        ("r32float", "f32", F::R32Float),
    ] {
        let wgsl = format!(
            "@group(0) @binding(0) var t: texture_storage_2d<{name}, read_write>;
             @compute @workgroup_size(2, 2)
             fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
                 let c = vec2<i32>(id.xy);
                 let v = textureLoad(t, c);
                 textureStore(t, c, v * {ty}(3) + {ty}(1));
             }}"
        );
        let start: Vec<u32> = (0..12u32)
            .map(|i| match ty {
                "f32" => (i as f32 * 0.5 - 2.0).to_bits(),
                "i32" => (i as i32 - 6) as u32,
                _ => i * 7,
            })
            .collect();
        let tex = Tex {
            format,
            dimension: wgpu::TextureDimension::D2,
            size: [4, 3, 1],
            levels: vec![start.iter().flat_map(|w| w.to_le_bytes()).collect()],
            view_levels: 0..1,
        };
        let got = run(&emulator(), &wgsl, &[Res::Tex(tex.clone())], [2, 2, 1]);
        let expected: Vec<u32> = start
            .iter()
            .map(|&w| match ty {
                "f32" => (f32::from_bits(w) * 3.0 + 1.0).to_bits(),
                _ => w.wrapping_mul(3).wrapping_add(1),
            })
            .collect();
        assert_eq!(words(&got.textures[0]), expected, "{name}");
        if let Some((lvp, _)) = lavapipe() {
            let there = run(&lvp, &wgsl, &[Res::Tex(tex)], [2, 2, 1]);
            assert_eq!(got.textures, there.textures, "{name} on lavapipe");
        }
    }
    let features = amp_cpu::device::adapter().get_texture_format_features(F::R32Float);
    assert!(features
        .flags
        .contains(wgpu::TextureFormatFeatureFlags::STORAGE_READ_WRITE));
    let features = amp_cpu::device::adapter().get_texture_format_features(F::Rgba8Unorm);
    assert!(!features
        .flags
        .contains(wgpu::TextureFormatFeatureFlags::STORAGE_READ_WRITE));
}

#[test]
fn mip_levels_load_query_and_views_start_at_their_base() {
    // A 5x3 r32uint texture of 3 levels (5x3, 2x1, 1x1); texel value = level * 100 + index.
    let levels: Vec<Vec<u8>> = [(5u32, 3u32), (2, 1), (1, 1)]
        .iter()
        .enumerate()
        .map(|(l, &(w, h))| {
            (0..w * h)
                .flat_map(|i| (l as u32 * 100 + i).to_le_bytes())
                .collect()
        })
        .collect();
    let wgsl = "@group(0) @binding(0) var t: texture_2d<u32>;
        @group(0) @binding(1) var<storage, read_write> out: array<u32>;
        @compute @workgroup_size(1)
        fn main() {
            var k = 0u;
            let n = textureNumLevels(t);
            out[k] = n; k += 1u;
            for (var l = 0u; l < n; l += 1u) {
                let s = textureDimensions(t, l);
                out[k] = s.x; out[k + 1u] = s.y; k += 2u;
                for (var y = 0u; y < s.y; y += 1u) {
                    for (var x = 0u; x < s.x; x += 1u) {
                        out[k] = textureLoad(t, vec2<u32>(x, y), l).x; k += 1u;
                    }
                }
            }
            out[63] = textureDimensions(t).x;
        }";
    let emu = emulator();
    let lvp = lavapipe();
    for base in 0..3u32 {
        let tex = Tex {
            format: F::R32Uint,
            dimension: wgpu::TextureDimension::D2,
            size: [5, 3, 1],
            levels: levels.clone(),
            view_levels: base..3,
        };
        let resources = [Res::Tex(tex), Res::Buffer(vec![0; 256])];
        let got = words(&run(&emu, wgsl, &resources, [1, 1, 1]).buffers[0]);
        let mut expected = vec![3 - base];
        for (l, &(w, h)) in [(5u32, 3u32), (2, 1), (1, 1)]
            .iter()
            .enumerate()
            .skip(base as usize)
        {
            expected.extend([w, h]);
            expected.extend((0..w * h).map(|i| l as u32 * 100 + i));
        }
        assert_eq!(
            got[..expected.len()],
            expected[..],
            "view from level {base}"
        );
        assert_eq!(got[63], [5, 2, 1][base as usize]);
        if let Some((lvp, _)) = &lvp {
            assert_eq!(
                got,
                words(&run(lvp, wgsl, &resources, [1, 1, 1]).buffers[0])
            );
        }
    }
}

#[test]
fn out_of_range_loads_read_zero_and_stores_are_skipped() {
    let wgsl = "@group(0) @binding(0) var t: texture_2d<i32>;
        @group(0) @binding(1) var s: texture_storage_2d<r32sint, write>;
        @group(0) @binding(2) var<storage, read_write> out: array<vec4<i32>>;
        @compute @workgroup_size(1)
        fn main() {
            out[0] = textureLoad(t, vec2<i32>(-1, 0), 0);
            out[1] = textureLoad(t, vec2<i32>(0, 2), 0);
            out[2] = textureLoad(t, vec2<i32>(1, 1), 0);
            out[3] = textureLoad(t, vec2<i32>(0, 0), 1);
            textureStore(s, vec2<i32>(2, 0), vec4<i32>(9));
            textureStore(s, vec2<i32>(0, -1), vec4<i32>(9));
            textureStore(s, vec2<i32>(1, 1), vec4<i32>(5));
        }";
    let tex = |format| Tex {
        format,
        dimension: wgpu::TextureDimension::D2,
        size: [2, 2, 1],
        levels: vec![(1..=4i32).flat_map(|v| v.to_le_bytes()).collect()],
        view_levels: 0..1,
    };
    let resources = [
        Res::Tex(tex(F::Rgba8Sint)),
        Res::Tex(tex(F::R32Sint)),
        Res::Buffer(vec![0; 64]),
    ];
    let got = run(&emulator(), wgsl, &resources, [1, 1, 1]);
    let out: Vec<i32> = words(&got.buffers[0]).iter().map(|&w| w as i32).collect();
    assert_eq!(out[..4], [0, 0, 0, 0], "left of the texture");
    assert_eq!(out[4..8], [0, 0, 0, 0], "below it");
    assert_eq!(out[8..12], [4, 0, 0, 0], "inside");
    assert_eq!(out[12..16], [0, 0, 0, 0], "a level it lacks");
    let stored: Vec<i32> = words(&got.textures[1]).iter().map(|&w| w as i32).collect();
    assert_eq!(stored, [1, 2, 3, 5]);
    if let Some((lvp, _)) = lavapipe() {
        let there = run(&lvp, wgsl, &resources, [1, 1, 1]);
        // lavapipe's robust image access reads (0, 0, 0, 0) outside the image too.
        assert_eq!(got.buffers, there.buffers);
        assert_eq!(got.textures[1], there.textures[1]);
    }
}

/// A texture as the reference sampler reads it: each level's size and texels as floats.
struct RefImage {
    levels: Vec<([u32; 3], Vec<[f32; 4]>)>,
    components: usize,
}

impl RefImage {
    fn of(t: &Tex) -> RefImage {
        let levels = (t.view_levels.clone())
            .map(|l| {
                let s = level_size(t, l);
                let n = (s[0] * s[1] * s[2]) as usize;
                let texels = (0..n)
                    .map(|i| {
                        reference_texel(t.format, &t.levels[l as usize], i).map(f32::from_bits)
                    })
                    .collect();
                (s, texels)
            })
            .collect();
        RefImage {
            levels,
            components: describe(t.format).3,
        }
    }
}

/// Vulkan's addressing of integer coordinate `i` along an axis of `n` texels; `None` for the
/// border.
fn ref_address(mode: wgpu::AddressMode, i: i64, n: i64) -> Option<i64> {
    match mode {
        wgpu::AddressMode::ClampToEdge => Some(i.clamp(0, n - 1)),
        wgpu::AddressMode::Repeat => Some(i.rem_euclid(n)),
        wgpu::AddressMode::MirrorRepeat => {
            // (n - 1) - mirror((i mod 2n) - n), mirror(a) = a >= 0 ? a : -(1 + a)
            let a = i.rem_euclid(2 * n) - n;
            Some(n - 1 - if a >= 0 { a } else { -(1 + a) })
        }
        wgpu::AddressMode::ClampToBorder => (0..n).contains(&i).then_some(i),
    }
}

/// The border texel: the border colour's components the format has, the others (0, 0, 0, 1)
/// as for any texel of the format.
fn border(desc: &wgpu::SamplerDescriptor<'_>, components: usize) -> [f32; 4] {
    let colour = match desc.border_color {
        Some(wgpu::SamplerBorderColor::OpaqueBlack) => [0.0, 0.0, 0.0, 1.0],
        Some(wgpu::SamplerBorderColor::OpaqueWhite) => [1.0; 4],
        _ => [0.0; 4],
    };
    [0, 1, 2, 3].map(|c| {
        if c < components {
            colour[c]
        } else {
            [0.0, 0.0, 0.0, 1.0][c]
        }
    })
}

fn ref_texel(
    img: &RefImage,
    desc: &wgpu::SamplerDescriptor<'_>,
    l: usize,
    i: [i64; 3],
) -> [f32; 4] {
    let (s, texels) = &img.levels[l];
    let modes = [
        desc.address_mode_u,
        desc.address_mode_v,
        desc.address_mode_w,
    ];
    let mut at = [0i64; 3];
    for a in 0..3 {
        match ref_address(modes[a], i[a], i64::from(s[a])) {
            Some(x) => at[a] = x,
            None => return border(desc, img.components),
        }
    }
    texels[((at[2] * i64::from(s[1]) + at[1]) * i64::from(s[0]) + at[0]) as usize]
}

/// The reference `textureSampleLevel` of level `l` with `filter`.
fn ref_filter(
    img: &RefImage,
    desc: &wgpu::SamplerDescriptor<'_>,
    l: usize,
    linear: bool,
    c: [f32; 3],
    dims: usize,
) -> [f32; 4] {
    let s = img.levels[l].0;
    if !linear {
        let mut i = [0i64; 3];
        for a in 0..dims {
            i[a] = (c[a] * s[a] as f32).floor() as i64;
        }
        return ref_texel(img, desc, l, i);
    }
    let mut base = [0i64; 3];
    let mut frac = [0f32; 3];
    for a in 0..dims {
        let u = c[a] * s[a] as f32 - 0.5;
        base[a] = u.floor() as i64;
        frac[a] = u - u.floor();
    }
    let mut out = [0f32; 4];
    for corner in 0..1usize << dims {
        let mut i = base;
        let mut w = 1.0;
        for a in 0..dims {
            if corner >> a & 1 == 1 {
                i[a] += 1;
                w *= frac[a];
            } else {
                w *= 1.0 - frac[a];
            }
        }
        let t = ref_texel(img, desc, l, i);
        for k in 0..4 {
            out[k] += w * t[k];
        }
    }
    out
}

fn ref_sample(
    img: &RefImage,
    desc: &wgpu::SamplerDescriptor<'_>,
    c: [f32; 3],
    dims: usize,
    lod: f32,
) -> [f32; 4] {
    let q = (img.levels.len() - 1) as f32;
    let lambda = lod.clamp(desc.lod_min_clamp, desc.lod_max_clamp);
    let linear = if lambda <= 0.0 {
        desc.mag_filter == wgpu::FilterMode::Linear
    } else {
        desc.min_filter == wgpu::FilterMode::Linear
    };
    match desc.mipmap_filter {
        wgpu::MipmapFilterMode::Nearest => {
            let d = ((lambda + 0.5).ceil() - 1.0).clamp(0.0, q) as usize;
            ref_filter(img, desc, d, linear, c, dims)
        }
        wgpu::MipmapFilterMode::Linear => {
            let hi = lambda.floor().clamp(0.0, q) as usize;
            let lo = (hi + 1).min(q as usize);
            let delta = if lambda >= q { 0.0 } else { lambda.fract() };
            let a = ref_filter(img, desc, hi, linear, c, dims);
            let b = ref_filter(img, desc, lo, linear, c, dims);
            [0, 1, 2, 3].map(|k| (1.0 - delta) * a[k] + delta * b[k])
        }
    }
}

fn sampler(
    filters: (wgpu::FilterMode, wgpu::FilterMode, wgpu::MipmapFilterMode),
    address: [wgpu::AddressMode; 3],
    border_color: Option<wgpu::SamplerBorderColor>,
    lod: (f32, f32),
) -> wgpu::SamplerDescriptor<'static> {
    wgpu::SamplerDescriptor {
        label: None,
        address_mode_u: address[0],
        address_mode_v: address[1],
        address_mode_w: address[2],
        mag_filter: filters.0,
        min_filter: filters.1,
        mipmap_filter: filters.2,
        lod_min_clamp: lod.0,
        lod_max_clamp: lod.1,
        compare: None,
        anisotropy_clamp: 1,
        border_color,
    }
}

/// The samplers the sampling tests try: each filter combination, each address mode (the
/// border with each colour), and level-of-detail clamps.
fn samplers() -> Vec<wgpu::SamplerDescriptor<'static>> {
    use wgpu::AddressMode as A;
    use wgpu::FilterMode as Fm;
    use wgpu::MipmapFilterMode as M;
    let mut all = Vec::new();
    let filters = [
        (Fm::Nearest, Fm::Nearest, M::Nearest),
        (Fm::Linear, Fm::Linear, M::Nearest),
        (Fm::Linear, Fm::Linear, M::Linear),
        (Fm::Nearest, Fm::Linear, M::Linear),
    ];
    for f in filters {
        for a in [A::ClampToEdge, A::Repeat, A::MirrorRepeat] {
            all.push(sampler(f, [a; 3], None, (0.0, 32.0)));
        }
        for b in [
            wgpu::SamplerBorderColor::TransparentBlack,
            wgpu::SamplerBorderColor::OpaqueBlack,
            wgpu::SamplerBorderColor::OpaqueWhite,
        ] {
            all.push(sampler(f, [A::ClampToBorder; 3], Some(b), (0.0, 32.0)));
        }
    }
    all.push(sampler(
        filters[2],
        [A::Repeat, A::MirrorRepeat, A::ClampToEdge],
        None,
        (0.4, 0.8),
    ));
    all
}

/// Texture coordinates inside and outside [0, 1], and levels of detail.
fn coords(dims: usize) -> Vec<[f32; 4]> {
    // None lands on a texel's edge, where a driver's rounding may pick either neighbour.
    let us = [-0.31, 0.02, 0.137, 0.52, 0.773, 0.995, 1.23, 2.61];
    let vs = [-0.71, 0.26, 0.61, 1.43];
    let ws = [0.11, 0.66, -0.41];
    let lods = [0.0, 0.3, 0.7, 1.0, 2.5];
    let mut all = Vec::new();
    for (k, &u) in us.iter().enumerate() {
        for (j, &v) in vs.iter().enumerate() {
            for &lod in &lods {
                let w = ws[(k + j) % ws.len()];
                let c = match dims {
                    1 => [u, lod, 0.0, 0.0],
                    2 => [u, v, lod, 0.0],
                    _ => [u, v, w, lod],
                };
                all.push(c);
            }
        }
    }
    all
}

/// Runs `textureSampleLevel` with every sampler of [`samplers`] over `tex` on the emulator,
/// against the reference and lavapipe.
fn sample_everywhere(tex: Tex, dims: usize, lavapipe_tolerance: f32) {
    let (d, _) = dim_names(dims as u32);
    let (c, lod) = match dims {
        1 => ("c.x", "c.y"),
        2 => ("c.xy", "c.z"),
        _ => ("c.xyz", "c.w"),
    };
    let wgsl = format!(
        "@group(0) @binding(0) var t: texture_{d}<f32>;
         @group(0) @binding(1) var s: sampler;
         @group(0) @binding(2) var<storage, read_write> coords: array<vec4<f32>>;
         @group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;
         @compute @workgroup_size(8)
         fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
             let c = coords[id.x];
             out[id.x] = textureSampleLevel(t, s, {c}, {lod});
         }}"
    );
    let cs = coords(dims);
    let img = RefImage::of(&tex);
    let emu = emulator();
    let lvp = lavapipe();
    for desc in samplers() {
        let resources = [
            Res::Tex(tex.clone()),
            Res::Sampler(desc.clone()),
            Res::Buffer(cs.iter().flatten().flat_map(|f| f.to_le_bytes()).collect()),
            Res::Buffer(vec![0; cs.len() * 16]),
        ];
        let groups = [(cs.len() as u32).div_ceil(8), 1, 1];
        let got = words(&run(&emu, &wgsl, &resources, groups).buffers[1]);
        let expected: Vec<u32> = cs
            .iter()
            .flat_map(|c| {
                let (at, lod) = match dims {
                    1 => ([c[0], 0.0, 0.0], c[1]),
                    2 => ([c[0], c[1], 0.0], c[2]),
                    _ => ([c[0], c[1], c[2]], c[3]),
                };
                ref_sample(&img, &desc, at, dims, lod).map(f32::to_bits)
            })
            .collect();
        for (i, (g, e)) in got.chunks(4).zip(expected.chunks(4)).enumerate() {
            assert!(
                close(g, e, true, 1e-5),
                "{:?} {d} sample {i} at {:?} with {desc:?}: {:?}, the reference {:?}",
                tex.format,
                cs[i],
                g.iter().map(|&w| f32::from_bits(w)).collect::<Vec<_>>(),
                e.iter().map(|&w| f32::from_bits(w)).collect::<Vec<_>>()
            );
        }
        if let Some((lvp, adapter)) = &lvp {
            let borders = desc.address_mode_u == wgpu::AddressMode::ClampToBorder;
            if borders
                && !adapter
                    .features()
                    .contains(wgpu::Features::ADDRESS_MODE_CLAMP_TO_BORDER)
            {
                continue;
            }
            let there = words(&run(lvp, &wgsl, &resources, groups).buffers[1]);
            for (i, (g, e)) in got.chunks(4).zip(there.chunks(4)).enumerate() {
                assert!(
                    close(g, e, true, lavapipe_tolerance),
                    "{:?} {d} sample {i} at {:?} with {desc:?}: {:?}, lavapipe {:?}",
                    tex.format,
                    cs[i],
                    g.iter().map(|&w| f32::from_bits(w)).collect::<Vec<_>>(),
                    e.iter().map(|&w| f32::from_bits(w)).collect::<Vec<_>>()
                );
            }
        }
    }
}

#[test]
fn sampling_2d_filters_and_addresses_as_vulkan_does() {
    let mut rng = Rng(77);
    let tex = Tex {
        format: F::Rgba8Unorm,
        dimension: wgpu::TextureDimension::D2,
        size: [5, 3, 1],
        levels: vec![
            texels(F::Rgba8Unorm, 15, &mut rng),
            texels(F::Rgba8Unorm, 2, &mut rng),
        ],
        view_levels: 0..2,
    };
    // lavapipe filters 8-bit normalised texels with 8-bit weights.
    sample_everywhere(tex, 2, 0.01);
}

#[test]
fn sampling_float_textures_at_ranks_one_and_three() {
    let mut rng = Rng(5);
    let one = Tex {
        format: F::Rg16Float,
        dimension: wgpu::TextureDimension::D1,
        size: [7, 1, 1],
        levels: vec![texels(F::Rg16Float, 7, &mut rng)],
        view_levels: 0..1,
    };
    sample_everywhere(one, 1, 1e-3);
    let three = Tex {
        format: F::Rgba16Float,
        dimension: wgpu::TextureDimension::D3,
        size: [3, 2, 3],
        levels: vec![
            texels(F::Rgba16Float, 18, &mut rng),
            texels(F::Rgba16Float, 1, &mut rng),
        ],
        view_levels: 0..2,
    };
    sample_everywhere(three, 3, 1e-3);
}

#[test]
fn gather_returns_the_footprint_in_vulkan_order() {
    let mut rng = Rng(99);
    let tex = Tex {
        format: F::Rgba16Float,
        dimension: wgpu::TextureDimension::D2,
        size: [5, 3, 1],
        levels: vec![texels(F::Rgba16Float, 15, &mut rng)],
        view_levels: 0..1,
    };
    let wgsl = "@group(0) @binding(0) var t: texture_2d<f32>;
        @group(0) @binding(1) var s: sampler;
        @group(0) @binding(2) var<storage, read_write> coords: array<vec4<f32>>;
        @group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;
        @compute @workgroup_size(1)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            let c = coords[id.x].xy;
            out[4u * id.x] = textureGather(0, t, s, c);
            out[4u * id.x + 1u] = textureGather(1, t, s, c);
            out[4u * id.x + 2u] = textureGather(2, t, s, c);
            out[4u * id.x + 3u] = textureGather(3, t, s, c);
        }";
    let cs = coords(2);
    let img = RefImage::of(&tex);
    let emu = emulator();
    let lvp = lavapipe();
    for desc in samplers()
        .into_iter()
        .filter(|d| d.mipmap_filter == wgpu::MipmapFilterMode::Nearest)
    {
        let resources = [
            Res::Tex(tex.clone()),
            Res::Sampler(desc.clone()),
            Res::Buffer(cs.iter().flatten().flat_map(|f| f.to_le_bytes()).collect()),
            Res::Buffer(vec![0; cs.len() * 64]),
        ];
        let groups = [cs.len() as u32, 1, 1];
        let got = words(&run(&emu, wgsl, &resources, groups).buffers[1]);
        let expected: Vec<u32> = cs
            .iter()
            .flat_map(|c| {
                let (u, v) = (c[0] * 5.0 - 0.5, c[1] * 3.0 - 0.5);
                let (i0, j0) = (u.floor() as i64, v.floor() as i64);
                let at = |di, dj| ref_texel(&img, &desc, 0, [i0 + di, j0 + dj, 0]);
                let quad = [at(0, 1), at(1, 1), at(1, 0), at(0, 0)];
                (0..4).flat_map(move |k| quad.map(|t| t[k].to_bits()))
            })
            .collect();
        assert!(close(&got, &expected, true, 1e-6), "gather with {desc:?}");
        if let Some((lvp, adapter)) = &lvp {
            let borders = desc.address_mode_u == wgpu::AddressMode::ClampToBorder;
            if borders
                && !adapter
                    .features()
                    .contains(wgpu::Features::ADDRESS_MODE_CLAMP_TO_BORDER)
            {
                continue;
            }
            let there = words(&run(lvp, wgsl, &resources, groups).buffers[1]);
            assert!(
                close(&got, &there, true, 1e-6),
                "gather with {desc:?} on lavapipe"
            );
        }
    }
}

fn copy_texture(
    texture: &wgpu::Texture,
    level: u32,
    origin: [u32; 3],
) -> wgpu::TexelCopyTextureInfo<'_> {
    wgpu::TexelCopyTextureInfo {
        texture,
        mip_level: level,
        origin: wgpu::Origin3d {
            x: origin[0],
            y: origin[1],
            z: origin[2],
        },
        aspect: wgpu::TextureAspect::All,
    }
}

fn copy_buffer(
    buffer: &wgpu::Buffer,
    offset: u64,
    row: u32,
    rows: u32,
) -> wgpu::TexelCopyBufferInfo<'_> {
    wgpu::TexelCopyBufferInfo {
        buffer,
        layout: wgpu::TexelCopyBufferLayout {
            offset,
            bytes_per_row: Some(row),
            rows_per_image: Some(rows),
        },
    }
}

fn blank(
    d: &Dev,
    format: F,
    dimension: wgpu::TextureDimension,
    size: [u32; 3],
    levels: u32,
) -> wgpu::Texture {
    d.device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: extent(size),
        mip_level_count: levels,
        sample_count: 1,
        dimension,
        format,
        usage: wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::COPY_SRC
            | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    })
}

fn plain(d: &Dev, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
    d.device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size,
        usage,
        mapped_at_creation: false,
    })
}

/// A host model of a texture level: `w x h x d` texels of `t` bytes.
struct Model {
    size: [usize; 3],
    t: usize,
    bytes: Vec<u8>,
}

impl Model {
    fn new(size: [u32; 3], t: u32) -> Model {
        let size = size.map(|x| x as usize);
        Model {
            size,
            t: t as usize,
            bytes: vec![0; size[0] * size[1] * size[2] * t as usize],
        }
    }

    fn at(&self, [x, y, z]: [usize; 3]) -> usize {
        ((z * self.size[1] + y) * self.size[0] + x) * self.t
    }

    /// Copies a box of `e` texels in from linear bytes `src` (offset, bytes per row, rows per
    /// image) to `origin`.
    fn write(
        &mut self,
        src: &[u8],
        (offset, row, rows): (usize, usize, usize),
        origin: [usize; 3],
        e: [usize; 3],
    ) {
        for z in 0..e[2] {
            for y in 0..e[1] {
                let from = offset + z * row * rows + y * row;
                let to = self.at([origin[0], origin[1] + y, origin[2] + z]);
                self.bytes[to..to + e[0] * self.t]
                    .copy_from_slice(&src[from..from + e[0] * self.t]);
            }
        }
    }

    /// The box of `e` texels at `origin`, tightly packed.
    fn read(&self, origin: [usize; 3], e: [usize; 3]) -> Vec<u8> {
        let mut out = Vec::new();
        for z in 0..e[2] {
            for y in 0..e[1] {
                let from = self.at([origin[0], origin[1] + y, origin[2] + z]);
                out.extend_from_slice(&self.bytes[from..from + e[0] * self.t]);
            }
        }
        out
    }
}

/// Buffer-to-texture, texture-to-texture and texture-to-buffer copies with row padding, rows
/// per image, origins and mip levels, on `d`; the bytes read back, and the model's.
fn copies(d: &Dev) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let scope = d.device.push_error_scope(wgpu::ErrorFilter::Validation);
    let usage = wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    let mut rng = Rng(1234);
    let source: Vec<u8> = (0..4096).map(|_| rng.next() as u8).collect();
    let upload = plain(d, 4096, usage);
    d.queue.write_buffer(&upload, 0, &source);
    let d2 = wgpu::TextureDimension::D2;
    let a = blank(d, F::Rgba8Uint, d2, [7, 5, 1], 2);
    let b = blank(d, F::Rgba8Uint, d2, [7, 5, 1], 1);
    let c = blank(d, F::R16Uint, wgpu::TextureDimension::D3, [4, 3, 3], 2);
    let (mut ma, mut ma1, mut mb) = (
        Model::new([7, 5, 1], 4),
        Model::new([3, 2, 1], 4),
        Model::new([7, 5, 1], 4),
    );
    let mut mc = Model::new([4, 3, 3], 2);
    let mut mc1 = Model::new([2, 1, 1], 2);
    let mut encoder = d.device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_texture(
        copy_buffer(&upload, 8, 256, 6),
        copy_texture(&a, 0, [2, 1, 0]),
        extent([5, 4, 1]),
    );
    ma.write(&source, (8, 256, 6), [2, 1, 0], [5, 4, 1]);
    encoder.copy_buffer_to_texture(
        copy_buffer(&upload, 1024, 256, 2),
        copy_texture(&a, 1, [1, 0, 0]),
        extent([2, 2, 1]),
    );
    ma1.write(&source, (1024, 256, 2), [1, 0, 0], [2, 2, 1]);
    encoder.copy_texture_to_texture(
        copy_texture(&a, 0, [1, 1, 0]),
        copy_texture(&b, 0, [3, 0, 0]),
        extent([4, 3, 1]),
    );
    let moved = ma.read([1, 1, 0], [4, 3, 1]);
    mb.write(&moved, (0, 16, 3), [3, 0, 0], [4, 3, 1]);
    encoder.copy_buffer_to_texture(
        copy_buffer(&upload, 2, 256, 3),
        copy_texture(&c, 0, [1, 1, 1]),
        extent([3, 2, 2]),
    );
    mc.write(&source, (2, 256, 3), [1, 1, 1], [3, 2, 2]);
    encoder.copy_buffer_to_texture(
        copy_buffer(&upload, 512, 256, 1),
        copy_texture(&c, 1, [0, 0, 0]),
        extent([2, 1, 1]),
    );
    mc1.write(&source, (512, 256, 1), [0, 0, 0], [2, 1, 1]);
    d.queue.submit([encoder.finish()]);
    // Read back with more padding than needed and an offset.
    let read = |texture: &wgpu::Texture, level: u32, size: [u32; 3], t: u32| {
        let readback = plain(
            d,
            8192,
            wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        );
        let mut encoder = d.device.create_command_encoder(&Default::default());
        encoder.copy_texture_to_buffer(
            copy_texture(texture, level, [0, 0, 0]),
            copy_buffer(&readback, 256, 512, size[1] + 1),
            extent(size),
        );
        d.queue.submit([encoder.finish()]);
        let bytes = map(d, &readback);
        let mut out = Vec::new();
        for z in 0..size[2] as usize {
            for y in 0..size[1] as usize {
                let at = 256 + z * 512 * (size[1] as usize + 1) + y * 512;
                out.extend_from_slice(&bytes[at..at + (size[0] * t) as usize]);
            }
        }
        out
    };
    let got = vec![
        read(&a, 0, [7, 5, 1], 4),
        read(&a, 1, [3, 2, 1], 4),
        read(&b, 0, [7, 5, 1], 4),
        read(&c, 0, [4, 3, 3], 2),
        read(&c, 1, [2, 1, 1], 2),
    ];
    assert!(pollster::block_on(scope.pop()).is_none(), "{}", d.name);
    (
        got,
        vec![ma.bytes, ma1.bytes, mb.bytes, mc.bytes, mc1.bytes],
    )
}

#[test]
fn copies_move_boxes_of_texels_with_padding_origins_and_levels() {
    let (got, model) = copies(&emulator());
    assert_eq!(got, model);
    if let Some((lvp, _)) = lavapipe() {
        assert_eq!(copies(&lvp).0, model, "lavapipe");
    }
}

/// The validation error `f` raised on `d`, if any.
fn raised(d: &Dev, f: impl FnOnce()) -> Option<wgpu::Error> {
    let scope = d.device.push_error_scope(wgpu::ErrorFilter::Validation);
    f();
    pollster::block_on(scope.pop())
}

/// Records a command into an encoder.
type Record<'a> = Box<dyn Fn(&mut wgpu::CommandEncoder) + 'a>;

/// Copies out of range or badly laid out, on `d`: each must raise a validation error.
fn bad_copies(d: &Dev) {
    let usage = wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    let buffer = plain(d, 1024, usage);
    let d2 = wgpu::TextureDimension::D2;
    let t = blank(d, F::Rgba8Unorm, d2, [7, 5, 1], 2);
    let other = blank(d, F::R32Float, d2, [7, 5, 1], 1);
    let cases: Vec<(&str, Record<'_>)> = vec![
        (
            "past the right edge",
            Box::new(|e| {
                e.copy_buffer_to_texture(
                    copy_buffer(&buffer, 0, 256, 1),
                    copy_texture(&t, 0, [6, 0, 0]),
                    extent([2, 1, 1]),
                )
            }),
        ),
        (
            "past the bottom of level 1",
            Box::new(|e| {
                e.copy_texture_to_buffer(
                    copy_texture(&t, 1, [0, 1, 0]),
                    copy_buffer(&buffer, 0, 256, 2),
                    extent([3, 2, 1]),
                )
            }),
        ),
        (
            "a level the texture lacks",
            Box::new(|e| {
                e.copy_texture_to_buffer(
                    copy_texture(&t, 2, [0, 0, 0]),
                    copy_buffer(&buffer, 0, 256, 1),
                    extent([1, 1, 1]),
                )
            }),
        ),
        (
            "unaligned bytes per row",
            Box::new(|e| {
                e.copy_buffer_to_texture(
                    copy_buffer(&buffer, 0, 100, 2),
                    copy_texture(&t, 0, [0, 0, 0]),
                    extent([2, 2, 1]),
                )
            }),
        ),
        (
            "rows per image below the height",
            Box::new(|e| {
                e.copy_buffer_to_texture(
                    copy_buffer(&buffer, 0, 256, 1),
                    copy_texture(&t, 0, [0, 0, 0]),
                    extent([2, 2, 1]),
                )
            }),
        ),
        (
            "a buffer too small",
            Box::new(|e| {
                e.copy_texture_to_buffer(
                    copy_texture(&t, 0, [0, 0, 0]),
                    copy_buffer(&buffer, 0, 256, 5),
                    extent([7, 5, 1]),
                )
            }),
        ),
        (
            "an offset off the texel size",
            Box::new(|e| {
                e.copy_buffer_to_texture(
                    copy_buffer(&buffer, 2, 256, 1),
                    copy_texture(&t, 0, [0, 0, 0]),
                    extent([1, 1, 1]),
                )
            }),
        ),
        (
            "textures of different formats",
            Box::new(|e| {
                e.copy_texture_to_texture(
                    copy_texture(&t, 0, [0, 0, 0]),
                    copy_texture(&other, 0, [0, 0, 0]),
                    extent([1, 1, 1]),
                )
            }),
        ),
    ];
    for (what, case) in cases {
        let error = raised(d, || {
            let mut encoder = d.device.create_command_encoder(&Default::default());
            case(&mut encoder);
            d.queue.submit([encoder.finish()]);
        });
        assert!(
            matches!(error, Some(wgpu::Error::Validation { .. })),
            "{}: {what}",
            d.name
        );
    }
    let error = raised(d, || {
        d.queue.write_texture(
            copy_texture(&t, 0, [0, 4, 0]),
            &[0; 64],
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(28),
                rows_per_image: None,
            },
            extent([7, 2, 1]),
        )
    });
    assert!(
        matches!(error, Some(wgpu::Error::Validation { .. })),
        "{}: write_texture past the bottom",
        d.name
    );
}

#[test]
fn bad_copies_are_validation_errors() {
    bad_copies(&emulator());
    if let Some((lvp, _)) = lavapipe() {
        bad_copies(&lvp);
    }
}

#[test]
fn what_the_emulator_lacks_is_a_validation_error() {
    let d = emulator();
    let d2 = wgpu::TextureDimension::D2;
    for format in [
        F::Depth32Float,
        F::Bgra8Unorm,
        F::Rgb10a2Unorm,
        F::Bc1RgbaUnorm,
    ] {
        assert!(
            raised(&d, || drop(blank(&d, format, d2, [4, 4, 1], 1))).is_some(),
            "{format:?}"
        );
        let features = amp_cpu::device::adapter().get_texture_format_features(format);
        assert!(features.allowed_usages.is_empty(), "{format:?}");
    }
    assert!(
        raised(&d, || drop(blank(&d, F::R8Unorm, d2, [4, 4, 2], 1))).is_some(),
        "arrays"
    );
    assert!(
        raised(&d, || drop(blank(&d, F::R8Unorm, d2, [4, 4, 1], 4))).is_some(),
        "4 levels of 4x4"
    );
    let compare = wgpu::SamplerDescriptor {
        compare: Some(wgpu::CompareFunction::Less),
        ..Default::default()
    };
    assert!(
        raised(&d, || drop(d.device.create_sampler(&compare))).is_some(),
        "compare"
    );
    let module = "@group(0) @binding(0) var t: texture_2d_array<f32>;
        @group(0) @binding(1) var<storage, read_write> out: vec4<f32>;
        @compute @workgroup_size(1) fn main() { out = textureLoad(t, vec2<i32>(0), 0, 0); }";
    let error = raised(&d, || {
        let module = d.device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(module.into()),
        });
        drop(
            d.device
                .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: None,
                    layout: None,
                    module: &module,
                    entry_point: Some("main"),
                    compilation_options: Default::default(),
                    cache: None,
                }),
        );
    });
    assert!(format!("{error:?}").contains("texture arrays"), "{error:?}");
    // A destroyed texture: a command buffer that copies it does not run.
    let t = blank(&d, F::R8Unorm, d2, [4, 4, 1], 1);
    let b = plain(&d, 1024, wgpu::BufferUsages::COPY_DST);
    t.destroy();
    let error = raised(&d, || {
        let mut encoder = d.device.create_command_encoder(&Default::default());
        encoder.copy_texture_to_buffer(
            copy_texture(&t, 0, [0, 0, 0]),
            copy_buffer(&b, 0, 256, 4),
            extent([4, 4, 1]),
        );
        d.queue.submit([encoder.finish()]);
    });
    assert!(format!("{error:?}").contains("destroyed"), "{error:?}");
}

#[test]
fn clear_texture_zeroes_levels_and_checked_dispatches_run_textures() {
    let d = emulator();
    let tex = Tex {
        format: F::R32Float,
        dimension: wgpu::TextureDimension::D2,
        size: [2, 2, 1],
        levels: vec![vec![0x3f; 16], vec![0x3f; 4]],
        view_levels: 0..2,
    };
    let texture = make_texture(&d, &tex);
    let error = raised(&d, || {
        let mut encoder = d.device.create_command_encoder(&Default::default());
        encoder.clear_texture(
            &texture,
            &wgpu::ImageSubresourceRange {
                base_mip_level: 1,
                ..Default::default()
            },
        );
        d.queue.submit([encoder.finish()]);
    });
    assert!(error.is_none(), "{error:?}");
    assert_eq!(read_texture(&d, &texture, &tex, 0), vec![0x3f; 16]);
    assert_eq!(read_texture(&d, &texture, &tex, 1), vec![0; 4]);
    // The checking mode runs a kernel that samples and stores: no error, no finding.
    let wgsl = "@group(0) @binding(0) var t: texture_2d<f32>;
        @group(0) @binding(1) var s: sampler;
        @group(0) @binding(2) var o: texture_storage_2d<r32float, write>;
        @compute @workgroup_size(2, 2)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            let v = textureSampleLevel(t, s, vec2<f32>(id.xy) * 0.5 + 0.25, 0.0);
            textureStore(o, vec2<i32>(id.xy), v + vec4<f32>(f32(textureNumLevels(t))));
        }";
    let module = d.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(wgsl.into()),
    });
    let pipeline = d
        .device
        .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
    let out = Tex {
        levels: vec![vec![0; 16]],
        view_levels: 0..1,
        ..tex.clone()
    };
    let out_texture = make_texture(&d, &out);
    let view = texture.create_view(&Default::default());
    let out_view = out_texture.create_view(&Default::default());
    let smp = d.device.create_sampler(&Default::default());
    let group = d.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&view),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: wgpu::BindingResource::Sampler(&smp),
            },
            wgpu::BindGroupEntry {
                binding: 2,
                resource: wgpu::BindingResource::TextureView(&out_view),
            },
        ],
    });
    let mut encoder = d.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.insert_debug_marker(&format!("{}textures", amp_cpu::device::CHECK_MARKER));
        pass.dispatch_workgroups(1, 1, 1);
    }
    d.queue.submit([encoder.finish()]);
    let reports = amp_cpu::device::take_reports(&d.device);
    assert_eq!(reports.len(), 1);
    assert!(
        reports[0].error.is_none() && reports[0].findings.is_empty(),
        "{:?}",
        reports[0]
    );
    let level0 = f32::from_le_bytes([0x3f; 4]);
    let stored: Vec<f32> = words(&read_texture(&d, &out_texture, &out, 0))
        .into_iter()
        .map(f32::from_bits)
        .collect();
    assert_eq!(stored, vec![level0 + 2.0; 4]);
}

#[test]
fn textures_pass_to_functions_and_offsets_and_queries_agree_with_lavapipe() {
    let mut rng = Rng(4242);
    let wgsl = "@group(0) @binding(0) var t: texture_3d<f32>;
        @group(0) @binding(1) var s: sampler;
        @group(0) @binding(2) var line: texture_1d<u32>;
        @group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;
        fn fetch(img: texture_3d<f32>, at: vec3<u32>) -> vec4<f32> {
            return textureLoad(img, at, 0u);
        }
        fn size_of(img: texture_1d<u32>) -> u32 { return textureDimensions(img); }
        @compute @workgroup_size(1)
        fn main() {
            out[0] = fetch(t, vec3<u32>(1u, 0u, 2u));
            out[1] = vec4<f32>(vec3<f32>(textureDimensions(t, 1u)), f32(size_of(line)));
            out[2] = vec4<f32>(textureLoad(line, 4, 0));
            let c = vec2<f32>(0.37, 0.61);
            let t2 = textureSampleLevel(t, s, vec3<f32>(c, 0.29), 0.0, vec3<i32>(1, -1, 0));
            out[3] = t2;
            out[4] = textureSampleLevel(t, s, vec3<f32>(c, 0.81), 0.6);
        }";
    let three = Tex {
        format: F::Rgba16Float,
        dimension: wgpu::TextureDimension::D3,
        size: [4, 3, 3],
        levels: vec![
            texels(F::Rgba16Float, 36, &mut rng),
            texels(F::Rgba16Float, 2, &mut rng),
        ],
        view_levels: 0..2,
    };
    let line = Tex {
        format: F::Rgba8Uint,
        dimension: wgpu::TextureDimension::D1,
        size: [6, 1, 1],
        levels: vec![texels(F::Rgba8Uint, 6, &mut rng)],
        view_levels: 0..1,
    };
    use wgpu::FilterMode as Fm;
    let desc = sampler(
        (Fm::Linear, Fm::Linear, wgpu::MipmapFilterMode::Linear),
        [wgpu::AddressMode::Repeat; 3],
        None,
        (0.0, 32.0),
    );
    let resources = [
        Res::Tex(three.clone()),
        Res::Sampler(desc.clone()),
        Res::Tex(line.clone()),
        Res::Buffer(vec![0; 5 * 16]),
    ];
    let got = words(&run(&emulator(), wgsl, &resources, [1, 1, 1]).buffers[0]);
    let f = |w: &[u32]| w.iter().map(|&x| f32::from_bits(x)).collect::<Vec<_>>();
    let img = RefImage::of(&three);
    let texel = |i: usize| img.levels[0].1[i];
    assert_eq!(f(&got[0..4]), texel((2 * 3) * 4 + 1).to_vec());
    assert_eq!(f(&got[4..8]), [2.0, 1.0, 1.0, 6.0]);
    let l = reference_texel(F::Rgba8Uint, &line.levels[0], 4);
    assert_eq!(f(&got[8..12]), l.map(|x| x as f32).to_vec());
    // The offset moves the footprint by whole texels: (1, -1, 0) texels is (0.25, -1/3, 0).
    let moved = ref_sample(&img, &desc, [0.37 + 0.25, 0.61 - 1.0 / 3.0, 0.29], 3, 0.0);
    assert!(close(&got[12..16], &moved.map(f32::to_bits), true, 1e-5));
    let lod = ref_sample(&img, &desc, [0.37, 0.61, 0.81], 3, 0.6);
    assert!(close(&got[16..20], &lod.map(f32::to_bits), true, 1e-5));
    if let Some((lvp, _)) = lavapipe() {
        let there = words(&run(&lvp, wgsl, &resources, [1, 1, 1]).buffers[0]);
        assert!(
            close(&got, &there, true, 1e-3),
            "{:?} on lavapipe {:?}",
            f(&got),
            f(&there)
        );
    }
}

#[test]
fn read_only_storage_textures_load() {
    let mut rng = Rng(31);
    let wgsl = "@group(0) @binding(0) var t: texture_storage_2d<rgba16sint, read>;
        @group(0) @binding(1) var<storage, read_write> out: array<vec4<i32>>;
        @compute @workgroup_size(3, 2)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            out[id.x + 3u * id.y] = textureLoad(t, id.xy);
        }";
    let data = texels(F::Rgba16Sint, 6, &mut rng);
    let resources = [
        Res::Tex(Tex {
            format: F::Rgba16Sint,
            dimension: wgpu::TextureDimension::D2,
            size: [3, 2, 1],
            levels: vec![data.clone()],
            view_levels: 0..1,
        }),
        Res::Buffer(vec![0; 6 * 16]),
    ];
    let got = words(&run(&emulator(), wgsl, &resources, [1, 1, 1]).buffers[0]);
    let expected: Vec<u32> = (0..6)
        .flat_map(|i| reference_texel(F::Rgba16Sint, &data, i))
        .collect();
    assert_eq!(got, expected);
    if let Some((lvp, adapter)) = lavapipe() {
        let flags = adapter.get_texture_format_features(F::Rgba16Sint).flags;
        if flags.contains(wgpu::TextureFormatFeatureFlags::STORAGE_READ_ONLY) {
            let there = words(&run(&lvp, wgsl, &resources, [1, 1, 1]).buffers[0]);
            assert_eq!(got, there);
        }
    }
}
