//! amp on a wgpu device the program opened itself (C++ AMP's Direct3D interop:
//! `create_accelerator_view(device)`, `make_array`, `get_buffer`). A renderer owns the device and
//! a buffer of particle positions (here its "render" pass wraps them into [0, 1), as a shader
//! would read them); amp moves the particles each frame in the same buffer, with no copy and no
//! wait between the two.

use amp::interop::{features_for, ARRAY_BUFFER_USAGES};
use amp::prelude::*;
use wgpu::util::DeviceExt;

/// The program's own pass: every position `p` becomes `p - floor(p)`.
const WRAP: &str = r#"
@group(0) @binding(0) var<storage, read_write> positions: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < arrayLength(&positions) {
        positions[id.x] = fract(positions[id.x]);
    }
}
"#;

/// The program's side: its device, queue, positions buffer and wrap pass.
pub struct Renderer {
    device: wgpu::Device,
    queue: wgpu::Queue,
    positions: wgpu::Buffer,
    pipeline: wgpu::ComputePipeline,
    group: wgpu::BindGroup,
    count: u32,
}

impl Renderer {
    /// A renderer on a device of `adapter`, opened with the features amp would use, holding
    /// `positions`.
    pub fn new(
        adapter: &wgpu::Adapter,
        positions: &[f32],
    ) -> Result<Self, wgpu::RequestDeviceError> {
        let (device, queue) =
            pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
                label: Some("renderer"),
                required_features: features_for(adapter),
                required_limits: adapter.limits(),
                ..Default::default()
            }))?;
        let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("positions"),
            contents: bytemuck::cast_slice(positions),
            // What amp's arrays need, and what a renderer reads vertices with.
            usage: ARRAY_BUFFER_USAGES | wgpu::BufferUsages::VERTEX,
        });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("wrap"),
            source: wgpu::ShaderSource::Wgsl(WRAP.into()),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("wrap"),
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("wrap"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: buffer.as_entire_binding(),
            }],
        });
        Ok(Renderer {
            device,
            queue,
            positions: buffer,
            pipeline,
            group,
            count: positions.len() as u32,
        })
    }

    /// Submits the program's pass over the positions.
    fn wrap(&self) {
        let mut encoder = self.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &self.group, &[]);
            pass.dispatch_workgroups(self.count.div_ceil(64), 1, 1);
        }
        self.queue.submit([encoder.finish()]);
    }
}

/// `frames` frames: amp moves every particle by its velocity times `dt` in the renderer's
/// buffer, then the renderer's pass wraps it. Returns the final positions, read by amp, and
/// whether the array's wgpu buffer is the renderer's.
pub fn simulate(
    renderer: &Renderer,
    velocities: &[f32],
    dt: f32,
    frames: usize,
) -> Result<(Vec<f32>, bool), amp::Error> {
    // The renderer's device is amp's accelerator; its buffer is an amp array.
    let acc = Accelerator::from_wgpu(&renderer.device, &renderer.queue);
    let view = acc.default_view();
    let n = renderer.count as i32;
    let positions = Array::<f32, 1>::from_wgpu_buffer(&view, n, &renderer.positions)?;
    let velocities = Array::new_on(&view, n, velocities)?;
    for _ in 0..frames {
        parallel_for_each!(view, positions.extent(), |i: Index<1>| {
            positions[i] += velocities[i] * dt;
        })?;
        // No flush or wait: launches over a shared buffer are submitted at once, so the
        // program's pass follows the kernel on the device's queue.
        renderer.wrap();
    }
    let same = positions.wgpu_buffer()? == renderer.positions;
    Ok((positions.to_vec()?, same))
}

/// The largest distance between `a` and `b` on the circle of circumference 1 (wrapped
/// positions near 0 and near 1 are close).
pub fn largest_difference(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| {
            let d = (x - y).abs();
            d.min(1.0 - d)
        })
        .fold(0.0, f32::max)
}

/// The same frames on the CPU.
pub fn simulate_cpu(positions: &[f32], velocities: &[f32], dt: f32, frames: usize) -> Vec<f32> {
    let mut p = positions.to_vec();
    for _ in 0..frames {
        for (x, v) in p.iter_mut().zip(velocities) {
            *x += v * dt;
            *x -= x.floor();
        }
    }
    p
}

/// A GPU adapter, else amp's CPU accelerator's (which needs nothing installed).
pub fn adapter() -> wgpu::Adapter {
    let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
    descriptor.backends = wgpu::Backends::PRIMARY;
    let instance = wgpu::Instance::new(descriptor);
    pollster::block_on(instance.request_adapter(&Default::default()))
        .unwrap_or_else(|_| amp_cpu::device::adapter())
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n = 10_000;
    let positions: Vec<f32> = (0..n).map(|i| i as f32 / n as f32).collect();
    let velocities: Vec<f32> = (0..n).map(|i| ((i % 17) as f32 - 8.0) * 0.01).collect();
    let adapter = adapter();
    let renderer = Renderer::new(&adapter, &positions)?;
    let (gpu, same) = simulate(&renderer, &velocities, 0.5, 60)?;
    let cpu = simulate_cpu(&positions, &velocities, 0.5, 60);
    println!(
        "{n} particles, 60 frames on {}: largest difference from the CPU {:e}; one buffer: {same}",
        adapter.get_info().name,
        largest_difference(&gpu, &cpu)
    );
    Ok(())
}
