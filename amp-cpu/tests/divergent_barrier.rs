//! The checking mode's divergent-barrier finding, on kernels amp's own language cannot express:
//! amp rejects a barrier under control that depends on the thread (C++ AMP C3561) when it
//! builds the kernel, so these come as WGSL straight to the CPU accelerator's wgpu device.

use amp_cpu::check::Finding;
use amp_cpu::device::{adapter, take_reports, CHECK_MARKER};

/// Some threads return before the barrier.
const EARLY_RETURN: &str = r#"
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) l: u32, @builtin(global_invocation_id) g: vec3<u32>) {
    if l == 3u { return; }
    workgroupBarrier();
    a[g.x] = 1u;
}
"#;

/// Each thread passes a barrier as many times as its element of `a` says.
const TRIP_COUNT_FROM_MEMORY: &str = r#"
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) l: u32, @builtin(global_invocation_id) g: vec3<u32>) {
    for (var i = 0u; i < a[g.x]; i++) {
        workgroupBarrier();
    }
}
"#;

/// Runs `shader` over two workgroups of 8 threads on a buffer holding `data`, in the checking
/// mode, and returns its findings.
fn run_checked(shader: &str, data: &[u32]) -> Vec<Finding> {
    let reports = run(shader, data, true);
    assert_eq!(reports.len(), 1, "{reports:?}");
    assert_eq!(reports[0].tag, "divergent");
    assert!(reports[0].error.is_none(), "{reports:?}");
    reports[0].findings.clone()
}

/// Runs `shader` over two workgroups of 8 threads on a buffer holding `data`, in the checking
/// mode if `checking`, and returns the device's reports.
fn run(shader: &str, data: &[u32], checking: bool) -> Vec<amp_cpu::device::Report> {
    let adapter = adapter();
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: adapter.features(),
        required_limits: adapter.limits(),
        ..Default::default()
    }))
    .expect("the CPU device opens");
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(shader.into()),
    });
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: None,
        entries: &[wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: false },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        }],
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: Some(
            &device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: None,
                bind_group_layouts: &[Some(&layout)],
                immediate_size: 0,
            }),
        ),
        module: &module,
        entry_point: None,
        compilation_options: Default::default(),
        cache: None,
    });
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: (data.len() * 4) as u64,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(&buffer, 0, bytemuck::cast_slice(data));
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &layout,
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
        if checking {
            pass.insert_debug_marker(&format!("{CHECK_MARKER}divergent"));
        }
        pass.dispatch_workgroups(2, 1, 1);
    }
    queue.submit([encoder.finish()]);
    take_reports(&device)
}

/// The text at a span's start in `shader`.
fn text_at(shader: &str, span: naga::Span) -> &str {
    let start = span.to_range().map_or(0, |r| r.start);
    &shader[start..]
}

#[test]
fn threads_returning_before_a_barrier_leave_it_divergent() {
    let findings = run_checked(EARLY_RETURN, &[0; 16]);
    let divergent: Vec<_> = findings
        .iter()
        .filter_map(|f| match f {
            Finding::DivergentBarrier {
                span,
                arrived,
                missing,
                missing_exited,
            } => Some((*span, *arrived, *missing, *missing_exited)),
            _ => None,
        })
        .collect();
    assert_eq!(
        divergent.len(),
        1,
        "one barrier, reported once: {findings:?}"
    );
    let (span, arrived, missing, exited) = divergent[0];
    assert!(
        text_at(EARLY_RETURN, span).starts_with("workgroupBarrier()"),
        "{span:?}"
    );
    assert_eq!(missing.local, [3, 0, 0]);
    assert_ne!(arrived.local, [3, 0, 0]);
    assert_eq!(arrived.group, missing.group);
    assert!(exited, "thread 3 had returned");
}

#[test]
fn a_barrier_in_a_loop_whose_trip_count_comes_from_memory_is_divergent() {
    // Workgroup 0: every thread passes twice (no finding); workgroup 1: thread 13 (local 5)
    // passes three times, the others twice.
    let mut data = [2u32; 16];
    data[13] = 3;
    let findings = run_checked(TRIP_COUNT_FROM_MEMORY, &data);
    let divergent: Vec<_> = findings
        .iter()
        .filter_map(|f| match f {
            Finding::DivergentBarrier {
                span,
                arrived,
                missing,
                missing_exited,
            } => Some((*span, *arrived, *missing, *missing_exited)),
            _ => None,
        })
        .collect();
    assert_eq!(divergent.len(), 1, "{findings:?}");
    let (span, arrived, missing, _) = divergent[0];
    assert!(
        text_at(TRIP_COUNT_FROM_MEMORY, span).starts_with("workgroupBarrier()"),
        "{span:?}"
    );
    assert_eq!(arrived.group, [1, 0, 0]);
    assert_eq!(arrived.local, [5, 0, 0]);
    assert_eq!(missing.group, [1, 0, 0]);
    assert_ne!(missing.local, [5, 0, 0]);
}

#[test]
fn without_the_marker_the_same_kernels_run_and_report_nothing() {
    let mut data = [2u32; 16];
    data[13] = 3;
    for (shader, data) in [(EARLY_RETURN, [0; 16]), (TRIP_COUNT_FROM_MEMORY, data)] {
        let reports = run(shader, &data, false);
        assert!(
            reports
                .iter()
                .all(|r| r.findings.is_empty() && r.error.is_none()),
            "{reports:?}"
        );
    }
}
