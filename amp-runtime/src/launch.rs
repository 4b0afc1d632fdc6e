//! `parallel_for_each`: build (once), fill the kernel's slots, dispatch.
//!
//! A kernel is identified by the type of its builder closure (unique per kernel site and
//! generic instantiation) and the accelerator; its compute pipeline is built on the first launch
//! and cached, so later launches only bind and dispatch. Bad input is rejected before any data
//! moves: the domain is checked and the pipeline built before captures are bound.

use crate::accelerator::Accelerator;
use crate::capture::{Binder, CaptureShapes, Captures, Resource};
use crate::check::KernelSource;
use crate::dump::checked_sites;
#[cfg(feature = "test-hooks")]
use crate::dump::write_snapshot;
use crate::error::{DomainError, Error, FeatureError, MismatchError, Result};
use crate::fault::KernelSites;
use crate::profile::KernelLabel;
use crate::queue::{AcceleratorView, QueuingMode};
use amp_core::builder::ViewUse;
use amp_core::domain::{Domain, DomainLaunch};
use amp_core::{
    BindingKind, Checks, IndicesPerThread, KernelBuilder, Launch, LaunchLayout, Loc, ViewSegments,
};
use std::any::TypeId;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use wgpu::util::DeviceExt;

/// A kernel ready to launch on one accelerator.
struct Pipeline {
    pipeline: wgpu::ComputePipeline,
    bind_group_layout: wgpu::BindGroupLayout,
    layout: LaunchLayout,
    /// The kernel's name and site, for profiles.
    label: KernelLabel,
    /// The kernel's checked accesses, for reporting its faults.
    sites: Arc<KernelSites>,
    /// The kernel's name and source locations, for reporting the checking mode's findings.
    source: Arc<KernelSource>,
    /// Which views the kernel reads and writes, when it was built without the global part of
    /// its barriers (amp-core's `fences.rs`).
    dropped_fences: Option<ViewUse>,
    /// Bind groups of recent launches, by their buffers (views, then the fault buffer): a loop
    /// of launches over the same views makes one. Kept small, since a bind group keeps its
    /// buffers alive.
    bind_groups: Mutex<Vec<(Vec<Resource>, wgpu::BindGroup)>>,
}

/// Bind groups kept per kernel.
const BIND_GROUPS_KEPT: usize = 2;

/// (builder closure, domain, accelerator, checks, global fences kept, how each view's data is
/// split over bindings, indices per thread asked for).
type CacheKey = (
    TypeId,
    TypeId,
    u64,
    Checks,
    bool,
    CaptureShapes,
    IndicesPerThread,
);

fn cache() -> &'static Mutex<HashMap<CacheKey, Arc<Pipeline>>> {
    static CACHE: OnceLock<Mutex<HashMap<CacheKey, Arc<Pipeline>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

static PIPELINES_BUILT: AtomicU64 = AtomicU64::new(0);

/// How many kernel pipelines this process has built (each kernel once per accelerator).
pub fn pipelines_built() -> u64 {
    PIPELINES_BUILT.load(Ordering::Relaxed)
}

/// Runs `body` once per point of `domain` (C++ AMP `parallel_for_each`) on `view`, or, without
/// one, on the accelerator of the arrays it captures, else the default accelerator. Called by the
/// `parallel_for_each!` macro, which generates `body` from the kernel closure and passes the
/// closure's captures; the kernel is built with amp's access checks ([`Checks::Checked`]).
pub fn parallel_for_each<D, C, F>(
    view: Option<&AcceleratorView>,
    domain: &D,
    captures: C,
    site: Loc,
    body: F,
) -> Result<()>
where
    D: Domain + 'static,
    C: Captures,
    F: Fn(&mut KernelBuilder, C::Kernel, D::Index) + 'static,
{
    launch(view, domain, captures, site, Checks::Checked, body)
}

/// [`parallel_for_each`] without run-time bounds checks ([`Checks::Unchecked`];
/// `parallel_for_each_unchecked!`).
///
/// # Safety
///
/// Every view and tile_static access of the kernel must be inside its extent for every thread;
/// an access outside is undefined behaviour (it may read or corrupt other memory of the
/// accelerator), and so are an integer division by zero and a loop that never ends.
pub unsafe fn parallel_for_each_unchecked<D, C, F>(
    view: Option<&AcceleratorView>,
    domain: &D,
    captures: C,
    site: Loc,
    body: F,
) -> Result<()>
where
    D: Domain + 'static,
    C: Captures,
    F: Fn(&mut KernelBuilder, C::Kernel, D::Index) + 'static,
{
    launch(view, domain, captures, site, Checks::Unchecked, body)
}

/// C++ AMP's choice of where a launch runs: the accelerator of the arrays it captures, else the
/// default accelerator. (Arrays on the host-only CPU accelerator take the launch there, where
/// it fails, as in C++ AMP.)
fn default_view<C: Captures>(captures: &C) -> Result<AcceleratorView> {
    match captures.other_home(None) {
        Some(home) => Ok(home.default_view()),
        None => Ok(Accelerator::default()?.default_view()),
    }
}

/// Builds the kernel (once per cache key), fills its slots and dispatches it. `checks` is
/// [`Checks::Unchecked`] only from the unsafe [`parallel_for_each_unchecked`].
fn launch<D, C, F>(
    view: Option<&AcceleratorView>,
    domain: &D,
    captures: C,
    site: Loc,
    checks: Checks,
    body: F,
) -> Result<()>
where
    D: Domain + 'static,
    C: Captures,
    F: Fn(&mut KernelBuilder, C::Kernel, D::Index) + 'static,
{
    let default;
    let view = match view {
        Some(view) => view,
        None => {
            default = default_view(&captures)?;
            &default
        }
    };
    let accelerator = view.accelerator();
    if accelerator.is_host_only() {
        return Err(Error::UnsupportedFeature(FeatureError::HostOnly {
            site: Some(site),
            accelerator: accelerator.description().to_owned(),
        }));
    }
    let mode = view.queuing_mode();
    let checking = view.is_checking();
    if checking && !accelerator.is_emulator() {
        return Err(Error::UnsupportedFeature(FeatureError::Checking {
            site,
            accelerator: accelerator.description().to_owned(),
        }));
    }
    if let Some(other) = captures.other_home(Some(accelerator)) {
        return Err(Error::AcceleratorMismatch(MismatchError::Launch {
            site,
            runs_on: accelerator.description().to_owned(),
            array_on: other.description().to_owned(),
        }));
    }
    let DomainLaunch {
        threads,
        words,
        extent,
    } = domain
        .launch()
        .map_err(|e| Error::InvalidComputeDomain(DomainError::Launch(e)))?;
    let mut pipeline = pipeline::<D, C, F>(accelerator, &captures, site, checks, false, &body)?;
    let mut binder = Binder::new(accelerator, &pipeline.layout, site);
    binder.args.domain(&words);
    captures.bind(&mut binder)?;
    let Binder {
        args,
        cores,
        shared,
        ..
    } = binder;
    // The program's wgpu code may use shared data as soon as this returns.
    let mode = if shared { QueuingMode::Immediate } else { mode };
    let mut launch = args
        .finish()
        .map_err(|error| Error::Launch { site, error })?;
    if let Some(uses) = &pipeline.dropped_fences {
        // A view read and another written share one buffer: keep the barriers' global fences
        // (the kernel built with them has the same layout).
        if uses.aliased(launch.buffers()) {
            pipeline =
                self::pipeline::<D, C, F>(accelerator, &captures, site, checks, true, &body)?;
        }
    }
    let marker = checking.then(|| accelerator.checks().begin(&pipeline.source, cores.clone()));
    let marker = marker.as_deref();
    let prints = match pipeline.layout.bindings.contains(&BindingKind::Prints) {
        true => Some(crate::print::buffer(accelerator)?),
        false => None,
    };
    let prints_ref = prints.as_ref();
    if pipeline.layout.faults.is_some() {
        let words = launch.words().to_vec();
        accelerator.submit_checked(&pipeline.sites, cores, &words, |faults, number| {
            launch.set_launch_number(number);
            let to = Target {
                faults: Some(faults),
                prints: prints_ref,
                check_marker: marker,
            };
            dispatch(accelerator, mode, &pipeline, &launch, to, threads)
        })?;
    } else {
        let to = Target {
            faults: None,
            prints: prints_ref,
            check_marker: marker,
        };
        dispatch(accelerator, mode, &pipeline, &launch, to, threads)?;
    }
    captures.launched();
    match prints {
        Some(buffer) => crate::print::report(accelerator, &pipeline.sites, &extent, &buffer),
        None => Ok(()),
    }
}

fn pipeline<D, C, F>(
    accelerator: &Accelerator,
    captures: &C,
    site: Loc,
    checks: Checks,
    global_fences: bool,
    body: &F,
) -> Result<Arc<Pipeline>>
where
    D: Domain + 'static,
    C: Captures,
    F: Fn(&mut KernelBuilder, C::Kernel, D::Index) + 'static,
{
    // Views whose data fits one binding (all of them, almost always) add nothing to the key.
    let mut shapes = captures.shapes(accelerator);
    if shapes.segments.iter().all(|s| *s == ViewSegments::WHOLE) {
        shapes.segments.clear();
    }
    let key = (
        TypeId::of::<F>(),
        TypeId::of::<D>(),
        accelerator.id(),
        checks,
        global_fences,
        shapes,
        crate::tuning::indices_per_thread(),
    );
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = cache.get(&key) {
        return Ok(p.clone());
    }
    let name = format!("parallel_for_each at {site}");
    // `device`: build with the accelerator's limits (loop passes, immediate data); snapshots
    // build without them, the same on every device.
    let build = |checks: Checks, device: bool| {
        let mut b = KernelBuilder::new(name.clone(), site);
        b.set_checks(checks);
        if device {
            b.set_loop_limit(accelerator.loop_limit());
            b.set_local_array_limit(accelerator.local_array_limit());
            b.set_immediate_limit(accelerator.immediate_limit());
            b.set_matrix_shapes(accelerator.matrix_shapes());
        }
        if global_fences {
            b.keep_global_fences();
        }
        if device {
            b.set_view_segments(key.5.segments.clone());
            b.set_resource_shapes(key.5.resources.clone());
            b.set_indices_per_thread(key.6);
        }
        let index = D::entry(&mut b);
        let captured = captures.declare(&mut b);
        body(&mut b, captured, index);
        b.finish(accelerator.naga_capabilities())
    };
    let ir = build(checks, true);
    let ir = ir.map_err(|e| match e {
        amp_core::KernelError::Unsupported { .. }
        | amp_core::KernelError::UnsupportedMatrix { .. } => {
            Error::UnsupportedFeature(FeatureError::Kernel(e))
        }
        e => Error::Kernel(e),
    })?;
    check_limits(accelerator, &ir.layout, site)?;
    check_bindings(accelerator, &ir.layout, site)?;
    if std::env::var_os("AMP_DUMP_WGSL").is_some() {
        eprintln!("// {}\n{}{}", b_name(site), checked_sites(&ir), ir.wgsl());
    }
    // IR snapshots (tests/snapshots.rs): the kernel's WGSL, checked and unchecked, on any device.
    #[cfg(feature = "test-hooks")]
    if let Some(dir) = std::env::var_os("AMP_SNAPSHOT_DIR") {
        write_snapshot(dir.as_ref(), site, std::any::type_name::<F>(), |checks| {
            build(checks, false)
        });
    }
    let built = Arc::new(create_pipeline(accelerator, name, site, ir)?);
    PIPELINES_BUILT.fetch_add(1, Ordering::Relaxed);
    cache.insert(key, built.clone());
    Ok(built)
}

/// The accelerator's limits on tiles and tile_static memory, checked before anything is created.
fn check_limits(accelerator: &Accelerator, layout: &LaunchLayout, site: Loc) -> Result<()> {
    let limits = accelerator.limits();
    let [x, y, z] = layout.workgroup_size;
    let threads = x * y * z;
    let dims = [
        (x, limits.max_compute_workgroup_size_x),
        (y, limits.max_compute_workgroup_size_y),
        (z, limits.max_compute_workgroup_size_z),
    ];
    if threads > limits.max_compute_invocations_per_workgroup
        || dims.iter().any(|&(d, max)| d > max)
    {
        return Err(Error::UnsupportedFeature(FeatureError::TileSize {
            site,
            tile: [x, y, z],
            accelerator: accelerator.description().to_owned(),
            max_threads: limits.max_compute_invocations_per_workgroup,
            max_tile: [
                limits.max_compute_workgroup_size_x,
                limits.max_compute_workgroup_size_y,
                limits.max_compute_workgroup_size_z,
            ],
        }));
    }
    if layout.tile_static_bytes > limits.max_compute_workgroup_storage_size {
        return Err(Error::UnsupportedFeature(FeatureError::TileStaticMemory {
            site,
            bytes: layout.tile_static_bytes,
            accelerator: accelerator.description().to_owned(),
            max: limits.max_compute_workgroup_storage_size,
        }));
    }
    Ok(())
}

/// The accelerator's limit on storage bindings per kernel, which views split over several
/// bindings may reach.
fn check_bindings(accelerator: &Accelerator, layout: &LaunchLayout, site: Loc) -> Result<()> {
    let max = accelerator.limits().max_storage_buffers_per_shader_stage;
    let bindings = layout.bindings.len() as u32;
    if bindings > max {
        return Err(Error::UnsupportedFeature(FeatureError::StorageBindings {
            site,
            bindings,
            accelerator: accelerator.description().to_owned(),
            max,
        }));
    }
    Ok(())
}

fn b_name(site: Loc) -> String {
    format!("kernel: parallel_for_each at {site}")
}

fn create_pipeline(
    accelerator: &Accelerator,
    name: String,
    site: Loc,
    ir: amp_core::KernelIr,
) -> Result<Pipeline> {
    let layout = ir.layout.clone();
    // The parameter block: immediate data when it fits, else a uniform buffer at binding 0.
    let mut entries = Vec::new();
    if layout.immediate_bytes == 0 {
        entries.push(wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Uniform,
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        });
    }
    for (i, kind) in layout.bindings.iter().enumerate() {
        // The fault buffer's slot is a dynamic offset, so the bind group outlives the launch.
        let buffer = |read_only, has_dynamic_offset| wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset,
            min_binding_size: None,
        };
        let ty = match *kind {
            BindingKind::Storage { read_only } => buffer(read_only, false),
            BindingKind::Faults => buffer(false, true),
            BindingKind::Prints => buffer(false, false),
            BindingKind::Texture {
                access,
                format,
                rank,
            } => crate::texture::binding_type(accelerator, access, format, rank),
            BindingKind::Sampler { filtering: true } => {
                wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering)
            }
            BindingKind::Sampler { filtering: false } => {
                wgpu::BindingType::Sampler(wgpu::SamplerBindingType::NonFiltering)
            }
        };
        entries.push(wgpu::BindGroupLayoutEntry {
            binding: i as u32 + 1,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty,
            count: None,
        });
    }
    crate::texture::check_filtering(accelerator, &layout, site)?;
    let entry_point = ir.entry_point.clone();
    let loops_terminate = ir.loops_terminate;
    let label = KernelLabel::new(&name, site);
    let source = Arc::new(KernelSource {
        kernel: name.clone(),
        locations: ir.locations.clone(),
    });
    let sites = Arc::new(KernelSites {
        kernel: name,
        sites: ir.sites.clone(),
        prints: ir.prints.clone(),
    });
    let dropped_fences = ir.dropped_fences.clone();
    let disk_cache = accelerator.disk_cache();
    let built = accelerator.scoped(|device| {
        let bind_group_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("amp kernel"),
            entries: &entries,
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("amp kernel"),
            bind_group_layouts: &[Some(&bind_group_layout)],
            immediate_size: layout.immediate_bytes,
        });
        let descriptor = wgpu::ShaderModuleDescriptor {
            label: Some("amp kernel"),
            source: wgpu::ShaderSource::Naga(std::borrow::Cow::Owned(ir.module)),
        };
        let module = match layout.checks {
            // SAFETY: amp checks every view, tile_static and local array access itself (or
            // proved it in range), so wgpu's bounds checks are redundant; integer division by
            // zero stays defined (wgpu's division checks). Loop bounding guards against loops
            // that never end; a kernel whose loops are all `for` loops over ranges has none
            // (amp-core builds those loops so that they terminate).
            Checks::Checked => unsafe {
                device.create_shader_module_trusted(
                    descriptor,
                    wgpu::ShaderRuntimeChecks {
                        bounds_checks: false,
                        force_loop_bounding: !loops_terminate,
                        ..wgpu::ShaderRuntimeChecks::checked()
                    },
                )
            },
            // SAFETY: a kernel built `Checks::Unchecked` is launched only by the unsafe
            // `parallel_for_each_unchecked`, whose caller promises in-range accesses and
            // terminating loops.
            Checks::Unchecked => unsafe {
                device.create_shader_module_trusted(
                    descriptor,
                    wgpu::ShaderRuntimeChecks::unchecked(),
                )
            },
        };
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("amp kernel"),
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some(&entry_point),
            // tile_static memory starts undefined, as in C++ AMP: no zeroing cost per tile.
            compilation_options: wgpu::PipelineCompilationOptions {
                zero_initialize_workgroup_memory: false,
                ..Default::default()
            },
            cache: disk_cache.map(|c| c.cache()),
        });
        Pipeline {
            pipeline,
            bind_group_layout,
            layout,
            label,
            sites,
            source,
            dropped_fences,
            bind_groups: Mutex::new(Vec::new()),
        }
    });
    if let (Ok(_), Some(cache)) = (&built, disk_cache) {
        cache.save();
    }
    built
}

/// Workgroups for `threads` threads: one row while it fits the per-dimension limit, else a 2-D
/// and then 3-D grid (the kernel numbers workgroups linearly; those past the count return at
/// once).
fn workgroups(threads: u64, per_group: u64, max_per_dim: u32) -> Result<[u32; 3]> {
    let groups = threads.div_ceil(per_group.max(1)).max(1);
    let max = u64::from(max_per_dim.max(1));
    let x = groups.min(max);
    let y = groups.div_ceil(x).min(max);
    let z = groups.div_ceil(x * y);
    if z > max {
        return Err(Error::InvalidComputeDomain(
            DomainError::TooManyWorkgroups { threads },
        ));
    }
    Ok([x as u32, y as u32, z as u32])
}

/// `AMP_MAX_WORKGROUPS_PER_DIM` lowers the per-dimension workgroup limit amp assumes, so tests
/// can exercise the split dispatch path on small data.
#[cfg(feature = "test-hooks")]
fn workgroup_limit_override() -> u32 {
    static LIMIT: OnceLock<u32> = OnceLock::new();
    *LIMIT.get_or_init(|| {
        std::env::var("AMP_MAX_WORKGROUPS_PER_DIM")
            .ok()
            .and_then(|v| v.parse().ok())
            .filter(|&v| v > 0)
            .unwrap_or(u32::MAX)
    })
}

/// Without the test hooks amp assumes the accelerator's own limit.
#[cfg(not(feature = "test-hooks"))]
fn workgroup_limit_override() -> u32 {
    u32::MAX
}

/// What a launch's dispatch binds beside its views, and how it runs.
struct Target<'a> {
    /// A checked launch's slot of the fault buffer.
    faults: Option<wgpu::BufferBinding<'a>>,
    /// The print buffer of a kernel that prints.
    prints: Option<&'a wgpu::Buffer>,
    /// The checking mode's marker, on amp's CPU accelerator.
    check_marker: Option<&'a str>,
}

fn dispatch(
    accelerator: &Accelerator,
    mode: QueuingMode,
    p: &Pipeline,
    launch: &Launch<Resource>,
    target: Target<'_>,
    threads: u64,
) -> Result<()> {
    let Target {
        faults,
        prints,
        check_marker,
    } = target;
    let per_group = p
        .layout
        .workgroup_size
        .iter()
        .map(|&d| u64::from(d))
        .product();
    let max = accelerator
        .limits()
        .max_compute_workgroups_per_dimension
        .min(workgroup_limit_override());
    let threads = threads.div_ceil(u64::from(p.layout.indices_per_thread.get()));
    let [x, y, z] = workgroups(threads, per_group, max)?;
    let params = launch.words();
    let immediate = p.layout.immediate_bytes > 0;
    let uniform = if immediate {
        None
    } else {
        Some(accelerator.scoped(|device| {
            device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("amp params"),
                contents: bytemuck::cast_slice(params),
                usage: wgpu::BufferUsages::UNIFORM,
            })
        })?)
    };
    let (bind_group, fault_offset) = bind_group(accelerator, p, launch, uniform, faults, prints)?;
    accelerator.record(mode, &p.label, |pass| {
        pass.set_pipeline(&p.pipeline);
        if immediate {
            pass.set_immediates(0, bytemuck::cast_slice(params));
        }
        let offsets: &[u32] = match &fault_offset {
            Some(offset) => std::slice::from_ref(offset),
            None => &[],
        };
        pass.set_bind_group(0, &bind_group, offsets);
        if let Some(marker) = check_marker {
            pass.insert_debug_marker(marker);
        }
        pass.dispatch_workgroups(x, y, z);
    })
}

/// The launch's bind group and the fault slot's dynamic offset. Without a uniform parameter
/// buffer (parameters as immediate data) the bind group depends only on the buffers, so one
/// made for the same buffers by a recent launch is reused.
fn bind_group(
    accelerator: &Accelerator,
    p: &Pipeline,
    launch: &Launch<Resource>,
    uniform: Option<wgpu::Buffer>,
    faults: Option<wgpu::BufferBinding<'_>>,
    prints: Option<&wgpu::Buffer>,
) -> Result<(wgpu::BindGroup, Option<u32>)> {
    let fault_offset = faults.as_ref().map(|f| f.offset as u32);
    // The launch's resources, then the fault and print buffers: compared in place with those
    // of the kept bind groups, collected only for a new one.
    let extra = || faults.as_ref().map(|f| f.buffer).into_iter().chain(prints);
    let same = |kept: &[Resource]| {
        let n = launch.buffers().len();
        kept.len() == n + extra().count()
            && kept[..n] == *launch.buffers()
            && kept[n..]
                .iter()
                .zip(extra())
                .all(|(k, b)| matches!(k, Resource::Buffer(kb) if kb == b))
    };
    let reusable = uniform.is_none();
    if reusable {
        let kept = p.bind_groups.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, group)) = kept.iter().find(|(r, _)| same(r)) {
            return Ok((group.clone(), fault_offset));
        }
    }
    let mut entries = Vec::new();
    if let Some(uniform) = &uniform {
        entries.push(wgpu::BindGroupEntry {
            binding: 0,
            resource: uniform.as_entire_binding(),
        });
    }
    // Views at bindings 1, 2, … in slot order, then the fault buffer at its slot's binding
    // (the slot is chosen by the dynamic offset).
    for (k, resource) in launch.buffers().iter().enumerate() {
        entries.push(wgpu::BindGroupEntry {
            binding: k as u32 + 1,
            resource: resource.binding(),
        });
    }
    if let (Some(slot), Some(f)) = (p.layout.faults, &faults) {
        entries.push(wgpu::BindGroupEntry {
            binding: slot.binding,
            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: f.buffer,
                offset: 0,
                size: f.size,
            }),
        });
    }
    // The print buffer at its binding.
    let print_binding = p
        .layout
        .bindings
        .iter()
        .position(|k| *k == BindingKind::Prints);
    if let (Some(k), Some(buffer)) = (print_binding, prints) {
        entries.push(wgpu::BindGroupEntry {
            binding: k as u32 + 1,
            resource: buffer.as_entire_binding(),
        });
    }
    let group = accelerator.scoped(|device| {
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("amp launch"),
            layout: &p.bind_group_layout,
            entries: &entries,
        })
    })?;
    if reusable {
        let mut kept = p.bind_groups.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= BIND_GROUPS_KEPT {
            kept.remove(0);
        }
        let resources = launch
            .buffers()
            .iter()
            .cloned()
            .chain(extra().cloned().map(Resource::Buffer))
            .collect();
        kept.push((resources, group.clone()));
    }
    Ok((group, fault_offset))
}

#[cfg(test)]
mod tests {
    use super::*;
    use amp_core::domain::UNTILED_WORKGROUP;
    use amp_core::Extent;

    #[test]
    fn workgroup_grid_splits_past_the_dimension_limit() {
        assert_eq!(workgroups(5, 256, 65535).ok(), Some([1, 1, 1]));
        assert_eq!(
            workgroups(65535 * 256, 256, 65535).ok(),
            Some([65535, 1, 1])
        );
        assert_eq!(
            workgroups(65536 * 256, 256, 65535).ok(),
            Some([65535, 2, 1])
        );
        assert_eq!(
            workgroups(u32::MAX as u64, 256, 65535).ok(),
            Some([65535, 257, 1])
        );
        assert!(workgroups(u32::MAX as u64, 1, 16).is_err());
    }

    /// The entry point of an untiled kernel of a rank other than 2 (amp-core's
    /// `builder/untiled.rs`) in the kernel's `u32` arithmetic: the indices (linear numbers)
    /// that thread `local` of workgroup `group` runs over a domain of `count` indices, `k` per
    /// thread.
    fn untiled_indices(count: u32, k: IndicesPerThread, group: u32, local: u32) -> Vec<u32> {
        let span = UNTILED_WORKGROUP * k.get();
        if group > (count - 1) >> span.trailing_zeros() {
            return Vec::new();
        }
        let base = group.wrapping_mul(span).wrapping_add(local);
        (0..k.get())
            .map(|step| base.wrapping_add(step * UNTILED_WORKGROUP))
            .filter(|&i| i < count)
            .collect()
    }

    const COUNTS: [IndicesPerThread; 4] = [
        IndicesPerThread::One,
        IndicesPerThread::Two,
        IndicesPerThread::Four,
        IndicesPerThread::Eight,
    ];

    /// The grid a launch of `threads` indices dispatches, `k` per thread, as the runtime
    /// computes it, on a device with `max_per_dim` workgroups per dimension.
    fn grid(threads: u64, k: IndicesPerThread, max_per_dim: u32) -> u64 {
        let threads = threads.div_ceil(u64::from(k.get()));
        let Ok([x, y, z]) = workgroups(threads, u64::from(UNTILED_WORKGROUP), max_per_dim) else {
            panic!("a dispatchable grid");
        };
        u64::from(x) * u64::from(y) * u64::from(z)
    }

    /// Every index of the domain runs exactly once, whatever the count per thread, the
    /// domain's size (multiples of 256·K or not) and the grid's rounding.
    #[test]
    fn untiled_threads_cover_every_index_once() {
        for k in COUNTS {
            for count in [1u32, 255, 256, 257, 1023, 1024, 1025, 2048, 5000, 9999] {
                let Ok(DomainLaunch { threads, words, .. }) = Extent::new([count as i32]).launch()
                else {
                    panic!("a launchable extent");
                };
                assert_eq!(words, [count, count]);
                let mut seen = vec![0u8; count as usize];
                // At most 5 workgroups per dimension: surplus workgroups in the last rows.
                for group in 0..grid(threads, k, 5) as u32 {
                    for local in 0..UNTILED_WORKGROUP {
                        for i in untiled_indices(count, k, group, local) {
                            seen[i as usize] += 1;
                        }
                    }
                }
                assert!(seen.iter().all(|&n| n == 1), "{count} indices, {k:?}");
            }
        }
    }

    /// `Extent::new([2, i32::MAX, 1])` is 2³²−2 indices, dispatched (one per thread) as
    /// 65535 × 257 workgroups, 65279 of them surplus, whose first index `group * 256` wraps
    /// past 2³². Launching it takes too long on lavapipe (tests/gpu/shapes.rs has it as an
    /// ignored GPU test), so this checks the words the launch passes and the kernel's
    /// arithmetic on them, at that size; tests/gpu/dispatch_split.rs runs the same entry point
    /// with surplus workgroups on small data.
    #[test]
    fn untiled_thread_numbers_never_wrap() {
        let Ok(DomainLaunch { threads, words, .. }) = Extent::new([2, i32::MAX, 1]).launch() else {
            panic!("a launchable extent");
        };
        assert_eq!(threads, (1 << 32) - 2);
        assert_eq!(words, [u32::MAX - 1, 2, i32::MAX as u32, 1]);
        let count = words[0];
        assert_eq!(grid(threads, IndicesPerThread::One, 65535), 65535 * 257);
        for k in COUNTS {
            let span = u64::from(UNTILED_WORKGROUP * k.get());
            let needed = u64::from(count).div_ceil(span);
            let dispatched = grid(threads, k, 65535);
            assert!(dispatched >= needed);
            // Every surplus workgroup returns, including those whose `group * 256K` wraps
            // to a small number.
            for group in needed..dispatched.min(needed + 70_000) {
                for local in [0, 255] {
                    assert_eq!(untiled_indices(count, k, group as u32, local), []);
                }
            }
            // The last needed workgroup forms the largest numbers, which do not wrap, and
            // stops at the count.
            let last = needed - 1;
            for local in [0, 253, 254, 255] {
                let exact: Vec<u32> = (0..u64::from(k.get()))
                    .map(|step| last * span + u64::from(local) + step * 256)
                    .filter(|&i| i < u64::from(count))
                    .map(|i| i as u32)
                    .collect();
                assert_eq!(
                    untiled_indices(count, k, last as u32, local),
                    exact,
                    "{k:?}"
                );
            }
            assert_eq!(untiled_indices(count, k, 0, 0)[0], 0);
        }
        // Every launchable rank-1 and rank-3 extent: the workgroups needed cover the indices
        // and no needed workgroup's numbers wrap, `needed * 256K <= 2³²`.
        for e in [
            Extent::new([1, 1, 1]),
            Extent::new([3, 5, 286_331_153]),
            Extent::new([2, i32::MAX, 1]),
            Extent::new([1, 1, i32::MAX]),
            Extent::new([257, 1, 1]),
        ] {
            let Ok(DomainLaunch { threads, words, .. }) = e.launch() else {
                panic!("{e} is launchable");
            };
            assert_eq!(u64::from(words[0]), threads);
            for k in COUNTS {
                let span = u64::from(UNTILED_WORKGROUP * k.get());
                let needed = ((threads - 1) >> span.trailing_zeros()) + 1;
                assert!(needed * span >= threads && (needed - 1) * span < threads);
                assert!(needed * span <= 1 << 32, "{e}");
                assert!(grid(threads, k, 65535) >= needed);
            }
        }
    }
}
