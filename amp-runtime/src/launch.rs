//! `parallel_for_each`: build (once), bind, dispatch.
//!
//! A kernel is identified by the type of its builder closure (unique per kernel site and
//! generic instantiation) and the accelerator; its compute pipeline is built on the first launch
//! and cached, so later launches only bind and dispatch. Bad input is rejected before any data
//! moves: the domain is checked and the pipeline built before captures are bound.

use crate::accelerator::Accelerator;
use crate::capture::{Binder, Captures};
use crate::error::{Error, Result};
use amp_core::builder::{BindingKind, UNTILED_BLOCK_2D};
use amp_core::{
    Expr, Extent, Index, KernelBuilder, LaunchLayout, Loc, TiledExtent, TiledIndex, Value,
};
use std::any::TypeId;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use wgpu::util::DeviceExt;

/// The compute domain of a launch: an [`Extent`] (untiled).
pub trait Domain {
    /// The index a kernel thread receives.
    type Index;
    /// Starts the kernel's entry point and returns the thread's index.
    fn entry(b: &mut KernelBuilder) -> Self::Index;
    /// Checks the domain; returns the number of threads and the domain's parameter words.
    fn launch(&self) -> Result<(u64, Vec<u32>)>;
}

/// The most threads one launch may have (C++ AMP's limit).
pub const MAX_THREADS: u64 = u32::MAX as u64;

impl<const N: usize> Domain for Extent<N>
where
    Index<N>: Value + amp_core::types::Rank,
{
    type Index = Expr<Index<N>>;

    fn entry(b: &mut KernelBuilder) -> Self::Index {
        b.untiled_entry::<N>()
    }

    fn launch(&self) -> Result<(u64, Vec<u32>)> {
        for (dim, &e) in self.0.iter().enumerate() {
            if e <= 0 {
                return Err(Error::InvalidComputeDomain(format!(
                    "parallel_for_each: unsupported compute domain, the extent of dimension \
                     {dim} of the compute domain ({e}) cannot be smaller than or equal to 0"
                )));
            }
        }
        let threads = self.size();
        if threads > MAX_THREADS {
            return Err(Error::InvalidComputeDomain(format!(
                "parallel_for_each: the number of threads requested ({threads}) exceeds the \
                 limit ({MAX_THREADS})"
            )));
        }
        if N == 2 {
            // 16×16 blocks (amp-core's `untiled_entry`): blocks, blocks per row, extent.
            let side = u64::from(UNTILED_BLOCK_2D);
            let per_row = (self.0[1] as u64).div_ceil(side);
            let blocks = (self.0[0] as u64).div_ceil(side) * per_row;
            let words = vec![
                blocks as u32,
                per_row as u32,
                self.0[0] as u32,
                self.0[1] as u32,
            ];
            return Ok((blocks * side * side, words));
        }
        let mut words = vec![threads as u32];
        words.extend(self.0.iter().map(|&c| c as u32));
        Ok((threads, words))
    }
}

impl<const N: usize, const D0: u32, const D1: u32, const D2: u32> Domain
    for TiledExtent<N, D0, D1, D2>
where
    Index<N>: Value + amp_core::types::Rank,
    Extent<N>: Value + amp_core::types::Rank,
{
    type Index = TiledIndex<N>;

    fn entry(b: &mut KernelBuilder) -> Self::Index {
        b.tiled_entry::<N>(Self::TILE)
    }

    fn launch(&self) -> Result<(u64, Vec<u32>)> {
        self.extent().launch()?;
        let mut tiles = 1u64;
        let mut words = vec![0];
        for (dim, &e) in self.extent().0.iter().enumerate() {
            let d = Self::TILE[dim] as i32;
            if e % d != 0 {
                return Err(Error::InvalidComputeDomain(format!(
                    "parallel_for_each(tiling): unsupported compute domain, the extent of \
                     dimension {dim} of the compute domain ({e}) cannot be evenly divided by the \
                     extent of dimension {dim} of the tile ({d})"
                )));
            }
            tiles *= (e / d) as u64;
            words.push((e / d) as u32);
        }
        words[0] = tiles as u32;
        let per_tile: u64 = Self::TILE[..N].iter().map(|&d| u64::from(d)).product();
        Ok((tiles * per_tile, words))
    }
}

/// A kernel ready to launch on one accelerator.
struct Pipeline {
    pipeline: wgpu::ComputePipeline,
    bind_group_layout: wgpu::BindGroupLayout,
    layout: LaunchLayout,
}

type CacheKey = (TypeId, TypeId, u64, Checks);

fn cache() -> &'static Mutex<HashMap<CacheKey, Arc<Pipeline>>> {
    static CACHE: OnceLock<Mutex<HashMap<CacheKey, Arc<Pipeline>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

static PIPELINES_BUILT: AtomicU64 = AtomicU64::new(0);

/// How many kernel pipelines this process has built (each kernel once per accelerator).
pub fn pipelines_built() -> u64 {
    PIPELINES_BUILT.load(Ordering::Relaxed)
}

/// How a kernel's memory accesses are guarded.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Checks {
    /// Every view and tile_static access is kept inside its buffer (wgpu's runtime checks): an
    /// out-of-range index reads or writes some element of the same buffer, never other memory.
    Checked,
    /// No runtime checks: an out-of-range access, an integer division by zero and a loop that
    /// never ends are undefined behaviour. Only through
    /// `unsafe { parallel_for_each_unchecked!(…) }`.
    Unchecked,
}

/// Runs `body` once per point of `domain` on the default accelerator (C++ AMP
/// `parallel_for_each`). Called by the `parallel_for_each!` macro, which generates `body` from
/// the kernel closure and passes the closure's captures.
pub fn parallel_for_each<D, C, F>(domain: &D, captures: C, site: Loc, body: F) -> Result<()>
where
    D: Domain + 'static,
    C: Captures,
    F: Fn(&mut KernelBuilder, C::Kernel, D::Index) + 'static,
{
    let accelerator = Accelerator::default()?;
    launch_on(&accelerator, domain, captures, site, Checks::Checked, body)
}

/// [`parallel_for_each`] without runtime bounds checks (`parallel_for_each_unchecked!`).
///
/// # Safety
///
/// Every view and tile_static access of the kernel must be inside its extent for every thread;
/// an access outside is undefined behaviour (it may read or corrupt other memory of the
/// accelerator), and so are an integer division by zero and a loop that never ends.
pub unsafe fn parallel_for_each_unchecked<D, C, F>(
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
    let accelerator = Accelerator::default()?;
    launch_on(
        &accelerator,
        domain,
        captures,
        site,
        Checks::Unchecked,
        body,
    )
}

/// [`parallel_for_each`] on an explicit accelerator, with the given checks.
pub(crate) fn launch_on<D, C, F>(
    accelerator: &Accelerator,
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
    let (threads, words) = domain.launch()?;
    let pipeline = pipeline::<D, C, F>(accelerator, site, checks, &body)?;
    let mut binder = Binder {
        accelerator,
        words,
        buffers: Vec::new(),
    };
    captures.bind(&mut binder)?;
    let layout = &pipeline.layout;
    if binder.words.len() != layout.words as usize || binder.buffers.len() != layout.bindings.len()
    {
        return Err(Error::Device(format!(
            "internal error: kernel at {site} declared {} parameter words and {} bindings but the \
             launch supplied {} and {}",
            layout.words,
            layout.bindings.len(),
            binder.words.len(),
            binder.buffers.len()
        )));
    }
    dispatch(accelerator, &pipeline, &binder, threads)?;
    captures.launched();
    Ok(())
}

fn pipeline<D, C, F>(
    accelerator: &Accelerator,
    site: Loc,
    checks: Checks,
    body: &F,
) -> Result<Arc<Pipeline>>
where
    D: Domain + 'static,
    C: Captures,
    F: Fn(&mut KernelBuilder, C::Kernel, D::Index) + 'static,
{
    let key = (
        TypeId::of::<F>(),
        TypeId::of::<D>(),
        accelerator.id(),
        checks,
    );
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = cache.get(&key) {
        return Ok(p.clone());
    }
    let mut b = KernelBuilder::new(format!("parallel_for_each at {site}"), site);
    let index = D::entry(&mut b);
    let captured = C::declare(&mut b);
    body(&mut b, captured, index);
    let ir = b.finish(accelerator.naga_capabilities());
    let ir = ir.map_err(|e| match e {
        amp_core::KernelError::Unsupported { .. } => Error::UnsupportedFeature(e.to_string()),
        e => Error::Kernel(e),
    })?;
    check_limits(accelerator, &ir.layout, site)?;
    if std::env::var_os("AMP_DUMP_WGSL").is_some() {
        eprintln!("// {}\n{}", b_name(site), ir.wgsl());
    }
    let built = Arc::new(create_pipeline(accelerator, ir, checks)?);
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
        return Err(Error::UnsupportedFeature(format!(
            "the kernel at {site} uses tiles of {threads} threads ({x}x{y}x{z}, least significant \
             first); `{}` allows at most {} threads per tile and {}x{}x{}",
            accelerator.description(),
            limits.max_compute_invocations_per_workgroup,
            limits.max_compute_workgroup_size_x,
            limits.max_compute_workgroup_size_y,
            limits.max_compute_workgroup_size_z,
        )));
    }
    if layout.tile_static_bytes > limits.max_compute_workgroup_storage_size {
        return Err(Error::UnsupportedFeature(format!(
            "the kernel at {site} declares {} bytes of tile_static memory; `{}` allows at most {}",
            layout.tile_static_bytes,
            accelerator.description(),
            limits.max_compute_workgroup_storage_size
        )));
    }
    Ok(())
}

fn b_name(site: Loc) -> String {
    format!("kernel: parallel_for_each at {site}")
}

fn create_pipeline(
    accelerator: &Accelerator,
    ir: amp_core::KernelIr,
    checks: Checks,
) -> Result<Pipeline> {
    let layout = ir.layout.clone();
    let mut entries = vec![wgpu::BindGroupLayoutEntry {
        binding: 0,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }];
    for (i, kind) in layout.bindings.iter().enumerate() {
        let BindingKind::Storage { read_only } = *kind;
        entries.push(wgpu::BindGroupLayoutEntry {
            binding: i as u32 + 1,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        });
    }
    let entry_point = ir.entry_point.clone();
    let loops_terminate = ir.loops_terminate;
    accelerator.scoped(|device| {
        let bind_group_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("amp kernel"),
            entries: &entries,
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("amp kernel"),
            bind_group_layouts: &[Some(&bind_group_layout)],
            immediate_size: 0,
        });
        let descriptor = wgpu::ShaderModuleDescriptor {
            label: Some("amp kernel"),
            source: wgpu::ShaderSource::Naga(std::borrow::Cow::Owned(ir.module)),
        };
        let module = match checks {
            // SAFETY: wgpu's loop bounding guards against loops that never end; a kernel whose
            // loops are all `for` loops over ranges has none (amp-core builds those loops so
            // that they terminate), so only the bounds checks are needed.
            Checks::Checked if loops_terminate => unsafe {
                device.create_shader_module_trusted(
                    descriptor,
                    wgpu::ShaderRuntimeChecks {
                        force_loop_bounding: false,
                        ..wgpu::ShaderRuntimeChecks::checked()
                    },
                )
            },
            Checks::Checked => device.create_shader_module(descriptor),
            // SAFETY: `Checks::Unchecked` comes only from the unsafe
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
            cache: None,
        });
        Pipeline {
            pipeline,
            bind_group_layout,
            layout,
        }
    })
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
        return Err(Error::InvalidComputeDomain(format!(
            "parallel_for_each: {threads} threads need more workgroups than the accelerator can \
             dispatch"
        )));
    }
    Ok([x as u32, y as u32, z as u32])
}

/// `AMP_MAX_WORKGROUPS_PER_DIM` lowers the per-dimension workgroup limit amp assumes, so tests
/// can exercise the split dispatch path on small data.
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

fn dispatch(
    accelerator: &Accelerator,
    p: &Pipeline,
    binder: &Binder<'_>,
    threads: u64,
) -> Result<()> {
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
    let [x, y, z] = workgroups(threads, per_group, max)?;
    let mut params = binder.words.clone();
    params.resize(params.len().div_ceil(4).max(1) * 4, 0);
    accelerator
        .scoped(|device| {
            let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("amp params"),
                contents: bytemuck::cast_slice(&params),
                usage: wgpu::BufferUsages::UNIFORM,
            });
            let mut entries = vec![wgpu::BindGroupEntry {
                binding: 0,
                resource: uniform.as_entire_binding(),
            }];
            for (i, buffer) in binder.buffers.iter().enumerate() {
                entries.push(wgpu::BindGroupEntry {
                    binding: i as u32 + 1,
                    resource: buffer.as_entire_binding(),
                });
            }
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("amp launch"),
                layout: &p.bind_group_layout,
                entries: &entries,
            });
            let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("amp launch"),
            });
            {
                let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some("amp launch"),
                    timestamp_writes: None,
                });
                pass.set_pipeline(&p.pipeline);
                pass.set_bind_group(0, &bind_group, &[]);
                pass.dispatch_workgroups(x, y, z);
            }
            encoder.finish()
        })
        .and_then(|commands| {
            let (_, queue) = accelerator.device()?;
            queue.submit([commands]);
            Ok(())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn extents_are_checked() {
        assert!(Extent::new([0]).launch().is_err());
        let err = Extent::new([4, -120]).launch().err().map(|e| e.to_string());
        let err = err.unwrap_or_default();
        assert!(
            err.contains("dimension 1") && err.contains("(-120)"),
            "{err}"
        );
        let err = Extent::new([65536, 65536])
            .launch()
            .err()
            .map(|e| e.to_string());
        assert!(err
            .unwrap_or_default()
            .contains("(4294967296) exceeds the limit (4294967295)"));
        let (threads, words) = Extent::new([3, 5, 2]).launch().unwrap_or_default();
        assert_eq!((threads, words), (30, vec![30, 3, 5, 2]));
        let (threads, words) = Extent::new([33, 5]).launch().unwrap_or_default();
        assert_eq!((threads, words), (3 * 256, vec![3, 1, 33, 5]));
    }
}
