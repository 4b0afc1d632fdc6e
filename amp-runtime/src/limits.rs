//! What kernels may use on an accelerator: the device limits amp checks launches and
//! allocations against, under wgpu's names for them.

/// An accelerator's limits on what kernels and data may use ([`Accelerator::limits`]). Devices
/// are opened with their adapter's own limits, so these are what kernels get.
///
/// [`Accelerator::limits`]: crate::Accelerator::limits
///
/// ```
/// use amp_runtime::Accelerator;
/// let limits = Accelerator::default()?.limits();
/// // Every device amp runs on allows tiles of 256 threads.
/// assert!(limits.max_compute_invocations_per_workgroup >= 256);
/// println!("tile_static memory: {} bytes", limits.max_compute_workgroup_storage_size);
/// # Ok::<(), amp_runtime::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Limits {
    /// The most threads a tile may have (a tiled launch's tile, or the 256-thread groups of an
    /// untiled one).
    pub max_compute_invocations_per_workgroup: u32,
    /// The largest tile extent in its least significant dimension (the last of a
    /// `TiledExtent`'s tile).
    pub max_compute_workgroup_size_x: u32,
    /// The largest tile extent in the next dimension.
    pub max_compute_workgroup_size_y: u32,
    /// The largest tile extent in the most significant dimension of a rank-3 tile.
    pub max_compute_workgroup_size_z: u32,
    /// The most bytes of `tile_static` memory one kernel may declare.
    pub max_compute_workgroup_storage_size: u32,
    /// The most workgroups (tiles) one dispatch may have in each of its three dimensions; amp
    /// lays a launch's workgroups out over as many of them as it needs.
    pub max_compute_workgroups_per_dimension: u32,
    /// The largest buffer, in bytes: an array's or view's data needs its size plus one element
    /// (the zero that out-of-range reads of checked kernels get).
    pub max_buffer_size: u64,
    /// The largest buffer a kernel may bind, in bytes: the largest data a captured view or
    /// array may have.
    pub max_storage_buffer_binding_size: u64,
    /// The most views and arrays one kernel may capture (storage buffers; a checked kernel
    /// binds one more for its faults).
    pub max_storage_buffers_per_shader_stage: u32,
    /// The most texels along the one component of a rank-1 texture.
    pub max_texture_dimension_1d: u32,
    /// The most texels along each component of a rank-2 texture.
    pub max_texture_dimension_2d: u32,
    /// The most texels along each component of a rank-3 texture.
    pub max_texture_dimension_3d: u32,
}

impl Limits {
    /// The host-only CPU accelerator's: it runs no kernels and has no buffers.
    pub(crate) const NONE: Limits = Limits {
        max_compute_invocations_per_workgroup: 0,
        max_compute_workgroup_size_x: 0,
        max_compute_workgroup_size_y: 0,
        max_compute_workgroup_size_z: 0,
        max_compute_workgroup_storage_size: 0,
        max_compute_workgroups_per_dimension: 0,
        max_buffer_size: 0,
        max_storage_buffer_binding_size: 0,
        max_storage_buffers_per_shader_stage: 0,
        max_texture_dimension_1d: 0,
        max_texture_dimension_2d: 0,
        max_texture_dimension_3d: 0,
    };

    /// The limits amp reads from wgpu's.
    pub(crate) fn new(limits: &wgpu::Limits) -> Self {
        Limits {
            max_compute_invocations_per_workgroup: limits.max_compute_invocations_per_workgroup,
            max_compute_workgroup_size_x: limits.max_compute_workgroup_size_x,
            max_compute_workgroup_size_y: limits.max_compute_workgroup_size_y,
            max_compute_workgroup_size_z: limits.max_compute_workgroup_size_z,
            max_compute_workgroup_storage_size: limits.max_compute_workgroup_storage_size,
            max_compute_workgroups_per_dimension: limits.max_compute_workgroups_per_dimension,
            max_buffer_size: limits.max_buffer_size.min(hook("AMP_MAX_BUFFER_BYTES")),
            max_storage_buffer_binding_size: limits
                .max_storage_buffer_binding_size
                .min(hook("AMP_MAX_BINDING_BYTES")),
            max_storage_buffers_per_shader_stage: limits.max_storage_buffers_per_shader_stage,
            max_texture_dimension_1d: limits.max_texture_dimension_1d,
            max_texture_dimension_2d: limits.max_texture_dimension_2d,
            max_texture_dimension_3d: limits.max_texture_dimension_3d,
        }
    }
}

/// `AMP_MAX_BUFFER_BYTES` and `AMP_MAX_BINDING_BYTES` lower the largest buffer and storage
/// binding amp assumes, so tests reach the limits of large data with small arrays.
#[cfg(feature = "test-hooks")]
fn hook(name: &str) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&v| v > 0)
        .unwrap_or(u64::MAX)
}

/// Without the test hooks amp assumes the accelerator's own limits.
#[cfg(not(feature = "test-hooks"))]
fn hook(_: &str) -> u64 {
    u64::MAX
}
