//! What a recorded dispatch gathers for the executor: bindings with their dynamic offsets
//! applied, the immediates, the workgroup counts and the checking mode's tag.

use super::commands::{Command, CpuCommandBuffer, Groups};
use super::shared::lock;
use super::{adapter, CHECK_MARKER};

const SHADER: &str = r#"
var<immediate> n: u32;
@group(0) @binding(0) var<storage, read> unused: array<u32>;
@group(0) @binding(1) var<storage, read_write> a: array<u32>;
@group(1) @binding(0) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(8, 2)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < n { a[id.x] = b[id.x]; }
}
"#;

fn storage(dynamic: bool) -> wgpu::BindingType {
    wgpu::BindingType::Buffer {
        ty: wgpu::BufferBindingType::Storage { read_only: false },
        has_dynamic_offset: dynamic,
        min_binding_size: None,
    }
}

fn entry(binding: u32, ty: wgpu::BindingType) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty,
        count: None,
    }
}

#[test]
fn a_dispatch_gathers_its_bindings_immediates_groups_and_tag() {
    let adapter = adapter();
    let (device, _queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: adapter.features(),
        required_limits: adapter.limits(),
        ..Default::default()
    }))
    .expect("the CPU device opens");
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(SHADER.into()),
    });
    let layout0 = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: None,
        entries: &[entry(0, storage(true)), entry(1, storage(true))],
    });
    let layout1 = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: None,
        entries: &[entry(0, storage(false))],
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: Some(
            &device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: None,
                bind_group_layouts: &[Some(&layout0), Some(&layout1)],
                immediate_size: 8,
            }),
        ),
        module: &module,
        entry_point: None,
        compilation_options: Default::default(),
        cache: None,
    });
    let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::INDIRECT;
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 1024,
        usage,
        mapped_at_creation: false,
    });
    let binding = |offset, size| {
        wgpu::BindingResource::Buffer(wgpu::BufferBinding {
            buffer: &buffer,
            offset,
            size: wgpu::BufferSize::new(size),
        })
    };
    let group0 = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &layout0,
        entries: &[
            wgpu::BindGroupEntry {
                binding: 1,
                resource: binding(16, 64),
            },
            wgpu::BindGroupEntry {
                binding: 0,
                resource: binding(0, 4),
            },
        ],
    });
    let group1 = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &layout1,
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: binding(512, 128),
        }],
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        // Dynamic offsets go to the dynamic bindings in binding order: 0 gets 8, 1 gets 256.
        pass.set_bind_group(0, &group0, &[8, 256]);
        pass.set_bind_group(1, &group1, &[]);
        pass.set_immediates(0, &[7, 0, 0, 0]);
        pass.insert_debug_marker(&format!("{CHECK_MARKER}first"));
        pass.dispatch_workgroups(3, 2, 1);
        pass.dispatch_workgroups_indirect(&buffer, 32);
    }
    let commands = encoder.finish();
    assert!(pollster::block_on(scope.pop()).is_none());
    let recorded = commands
        .as_custom::<CpuCommandBuffer>()
        .expect("a CPU command buffer");
    let recorded = lock(&recorded.commands);
    let recorded = recorded.as_ref().expect("valid commands");
    assert_eq!(recorded.len(), 2);
    let Command::Dispatch(first) = &recorded[0] else {
        panic!("a dispatch");
    };
    // `unused` is bound though the entry point never touches it: the executor gets it too.
    let gathered: Vec<_> = first
        .bindings
        .iter()
        .map(|b| (b.group, b.binding, b.offset, b.size))
        .collect();
    assert_eq!(
        gathered,
        [(0, 0, 8, 4), (0, 1, 16 + 256, 64), (1, 0, 512, 128)]
    );
    assert!(matches!(first.groups, Groups::Direct([3, 2, 1])));
    assert_eq!(first.immediates, [7, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(first.tag.as_deref(), Some("first"));
    assert_eq!(first.pipeline.kernel.workgroup_size(), [8, 2, 1]);
    let Command::Dispatch(second) = &recorded[1] else {
        panic!("a dispatch");
    };
    assert!(matches!(second.groups, Groups::Indirect { offset: 32, .. }));
    assert_eq!(
        second.tag, None,
        "a marker applies to the next dispatch only"
    );
}
