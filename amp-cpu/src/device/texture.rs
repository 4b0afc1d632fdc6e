//! Textures (one [`Memory`] per mip level, texels tightly packed), their views and samplers,
//! and the texel copies between textures, buffers and host data.

use super::errors::Kind;
use super::shared::Shared;
use crate::memory::Memory;
use crate::texel::{Address, Filter, Format, Sampler};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Bytes per row a buffer side of a copy between a buffer and a texture must be a multiple of.
const ROW_ALIGNMENT: u32 = wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;

/// A texture's levels and what it is.
pub(super) struct TextureData {
    /// How its texels are stored.
    pub format: Format,
    /// The format it was created with.
    pub wgpu_format: wgpu::TextureFormat,
    /// 1D, 2D or 3D.
    pub dimension: wgpu::TextureDimension,
    /// Width, height, depth of level 0 (1 for the dimensions it lacks).
    pub size: [u32; 3],
    /// The mip levels' texels, level 0 first.
    pub levels: Vec<Memory>,
    /// What it may be used for.
    pub usage: wgpu::TextureUsages,
    destroyed: AtomicBool,
}

impl std::fmt::Debug for TextureData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TextureData")
            .field("format", &self.wgpu_format)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

/// The size of level `level` of a texture whose level 0 is `size`.
fn level_size(dimension: wgpu::TextureDimension, size: [u32; 3], level: u32) -> [u32; 3] {
    let shrink = |x: u32| (x >> level.min(31)).max(1);
    match dimension {
        wgpu::TextureDimension::D1 => [shrink(size[0]), 1, 1],
        wgpu::TextureDimension::D2 => [shrink(size[0]), shrink(size[1]), 1],
        wgpu::TextureDimension::D3 => [shrink(size[0]), shrink(size[1]), shrink(size[2])],
    }
}

impl TextureData {
    /// The texture `desc` describes, or why the CPU accelerator cannot make it (and whether
    /// for a lack of memory).
    fn new(desc: &wgpu::TextureDescriptor<'_>) -> Result<TextureData, (Kind, String)> {
        let refuse = |why: String| Err((Kind::Validation, why));
        let Some(format) = Format::of(desc.format) else {
            return refuse(format!(
                "the CPU accelerator has no textures of the format {:?}",
                desc.format
            ));
        };
        if desc.sample_count != 1 {
            return refuse("the CPU accelerator has no multisampled textures".to_owned());
        }
        if desc.usage.contains(wgpu::TextureUsages::RENDER_ATTACHMENT) {
            return refuse("the CPU accelerator has no render attachments".to_owned());
        }
        let e = desc.size;
        let limits = super::adapter::limits();
        let (size, max) = match desc.dimension {
            wgpu::TextureDimension::D1 => (
                [e.width, e.height, e.depth_or_array_layers],
                [limits.max_texture_dimension_1d, 1, 1],
            ),
            wgpu::TextureDimension::D2 => (
                [e.width, e.height, e.depth_or_array_layers],
                [
                    limits.max_texture_dimension_2d,
                    limits.max_texture_dimension_2d,
                    1,
                ],
            ),
            wgpu::TextureDimension::D3 => (
                [e.width, e.height, e.depth_or_array_layers],
                [limits.max_texture_dimension_3d; 3],
            ),
        };
        if size.contains(&0) || (0..3).any(|a| size[a] > max[a]) {
            return refuse(format!(
                "a {:?} texture of {}x{}x{} texels: each side must be from 1 to {:?} \
                 (the CPU accelerator has no texture arrays)",
                desc.dimension, size[0], size[1], size[2], max
            ));
        }
        // WebGPU's 1D textures have one level.
        let most = match desc.dimension {
            wgpu::TextureDimension::D1 => 1,
            _ => 32 - size.iter().max().copied().unwrap_or(1).leading_zeros(),
        };
        if desc.mip_level_count == 0 || desc.mip_level_count > most {
            return refuse(format!(
                "{} mip levels: a texture of this size has from 1 to {most}",
                desc.mip_level_count
            ));
        }
        let mut levels = Vec::with_capacity(desc.mip_level_count as usize);
        for level in 0..desc.mip_level_count {
            let [w, h, d] = level_size(desc.dimension, size, level);
            let bytes =
                u64::from(w) * u64::from(h) * u64::from(d) * u64::from(format.texel_bytes());
            let memory = Memory::zeroed(bytes).map_err(|e| {
                (
                    Kind::OutOfMemory,
                    format!("the host has not {} bytes for a texture", e.bytes),
                )
            })?;
            levels.push(memory);
        }
        Ok(TextureData {
            format,
            wgpu_format: desc.format,
            dimension: desc.dimension,
            size,
            levels,
            usage: desc.usage,
            destroyed: AtomicBool::new(false),
        })
    }

    /// The size of mip level `level`.
    pub fn level_size(&self, level: u32) -> [u32; 3] {
        level_size(self.dimension, self.size, level)
    }

    /// Whether commands may use it now, else why not.
    pub fn usable(&self) -> Result<(), &'static str> {
        if self.destroyed.load(Ordering::Acquire) {
            Err("a destroyed texture")
        } else {
            Ok(())
        }
    }
}

/// A texture of the CPU accelerator; `None` when its creation failed (the error went to the
/// device's scope).
#[derive(Debug)]
pub(super) struct CpuTexture {
    pub data: Option<Arc<TextureData>>,
    shared: Arc<Shared>,
}

impl CpuTexture {
    /// Makes the texture `desc` describes, or raises why not and gives an invalid one.
    pub fn new(shared: &Arc<Shared>, desc: &wgpu::TextureDescriptor<'_>) -> CpuTexture {
        let data = match TextureData::new(desc) {
            Ok(data) => Some(Arc::new(data)),
            Err((kind, why)) => {
                shared.errors.raise(kind, "create_texture", why);
                None
            }
        };
        CpuTexture {
            data,
            shared: Arc::clone(shared),
        }
    }

    /// The data of a wgpu texture, if it is a valid one of this accelerator's.
    pub fn of(texture: &wgpu::Texture) -> Option<&Arc<TextureData>> {
        texture
            .as_custom::<CpuTexture>()
            .and_then(|t| t.data.as_ref())
    }
}

/// A view of a texture: mip levels `base..base + count`.
#[derive(Debug)]
pub(super) struct ViewData {
    pub texture: Arc<TextureData>,
    pub base: u32,
    pub count: u32,
}

/// A texture view; `None` when its creation failed.
#[derive(Debug)]
pub(super) struct CpuTextureView {
    pub view: Option<Arc<ViewData>>,
}

impl CpuTextureView {
    /// The view behind a wgpu texture view, if it is a valid one of this accelerator's.
    pub fn of(view: &wgpu::TextureView) -> Option<&Arc<ViewData>> {
        view.as_custom::<CpuTextureView>()
            .and_then(|v| v.view.as_ref())
    }
}

impl ViewData {
    /// The view `desc` describes of `texture`, or why the CPU accelerator has none such.
    fn new(
        texture: &Arc<TextureData>,
        desc: &wgpu::TextureViewDescriptor<'_>,
    ) -> Result<ViewData, String> {
        if desc.format.is_some_and(|f| f != texture.wgpu_format) {
            return Err(format!(
                "a view of format {:?} of a texture of format {:?}: the CPU accelerator's views \
                 keep their texture's format",
                desc.format, texture.wgpu_format
            ));
        }
        if desc.aspect != wgpu::TextureAspect::All {
            return Err(format!("a view of the aspect {:?}", desc.aspect));
        }
        let dimension = match texture.dimension {
            wgpu::TextureDimension::D1 => wgpu::TextureViewDimension::D1,
            wgpu::TextureDimension::D2 => wgpu::TextureViewDimension::D2,
            wgpu::TextureDimension::D3 => wgpu::TextureViewDimension::D3,
        };
        if desc.dimension.is_some_and(|d| d != dimension) {
            return Err(format!(
                "a {:?} view of a {:?} texture (the CPU accelerator has no texture arrays or \
                 cube maps)",
                desc.dimension, texture.dimension
            ));
        }
        if desc.base_array_layer != 0 || desc.array_layer_count.is_some_and(|n| n != 1) {
            return Err("a view of array layers other than the first".to_owned());
        }
        let levels = texture.levels.len() as u32;
        let count = desc
            .mip_level_count
            .unwrap_or(levels.saturating_sub(desc.base_mip_level));
        if count == 0
            || desc
                .base_mip_level
                .checked_add(count)
                .is_none_or(|end| end > levels)
        {
            return Err(format!(
                "mip levels {} to {} of a texture of {levels}",
                desc.base_mip_level,
                u64::from(desc.base_mip_level) + u64::from(count)
            ));
        }
        Ok(ViewData {
            texture: Arc::clone(texture),
            base: desc.base_mip_level,
            count,
        })
    }
}

impl wgpu::custom::TextureInterface for CpuTexture {
    fn create_view(
        &self,
        desc: &wgpu::TextureViewDescriptor<'_>,
    ) -> wgpu::custom::DispatchTextureView {
        let view = match &self.data {
            Some(texture) => ViewData::new(texture, desc),
            None => Err("a view of an invalid texture".to_owned()),
        };
        let view = match view {
            Ok(view) => Some(Arc::new(view)),
            Err(why) => {
                self.shared
                    .errors
                    .raise(Kind::Validation, "create_view", why);
                None
            }
        };
        wgpu::custom::DispatchTextureView::custom(CpuTextureView { view })
    }

    fn destroy(&self) {
        if let Some(data) = &self.data {
            data.destroyed.store(true, Ordering::Release);
        }
    }
}

impl wgpu::custom::TextureViewInterface for CpuTextureView {}

/// A sampler; `None` when its creation failed.
#[derive(Debug)]
pub(super) struct CpuSampler {
    pub sampler: Option<Sampler>,
}

impl CpuSampler {
    /// The sampler `desc` describes, or raises why the CPU accelerator has none such.
    pub fn new(shared: &Shared, desc: &wgpu::SamplerDescriptor<'_>) -> CpuSampler {
        let sampler = Self::state(desc)
            .map_err(|why| shared.errors.raise(Kind::Validation, "create_sampler", why));
        CpuSampler {
            sampler: sampler.ok(),
        }
    }

    fn state(desc: &wgpu::SamplerDescriptor<'_>) -> Result<Sampler, String> {
        if desc.compare.is_some() {
            return Err("the CPU accelerator has no comparison samplers".to_owned());
        }
        if desc.anisotropy_clamp != 1 {
            return Err("the CPU accelerator has no anisotropic filtering".to_owned());
        }
        if !(desc.lod_min_clamp >= 0.0 && desc.lod_max_clamp >= desc.lod_min_clamp) {
            return Err(format!(
                "the level of detail clamps {}..{} (the least must be at least 0 and at most \
                 the greatest)",
                desc.lod_min_clamp, desc.lod_max_clamp
            ));
        }
        let filter = |f: wgpu::FilterMode| match f {
            wgpu::FilterMode::Nearest => Filter::Nearest,
            wgpu::FilterMode::Linear => Filter::Linear,
        };
        let address = |a: wgpu::AddressMode| match a {
            wgpu::AddressMode::ClampToEdge => Address::ClampToEdge,
            wgpu::AddressMode::Repeat => Address::Repeat,
            wgpu::AddressMode::MirrorRepeat => Address::MirrorRepeat,
            wgpu::AddressMode::ClampToBorder => Address::ClampToBorder,
        };
        let border = match desc.border_color {
            None | Some(wgpu::SamplerBorderColor::TransparentBlack) => [0.0, 0.0, 0.0, 0.0],
            Some(wgpu::SamplerBorderColor::Zero) => [0.0, 0.0, 0.0, 0.0],
            Some(wgpu::SamplerBorderColor::OpaqueBlack) => [0.0, 0.0, 0.0, 1.0],
            Some(wgpu::SamplerBorderColor::OpaqueWhite) => [1.0, 1.0, 1.0, 1.0],
        };
        Ok(Sampler {
            mag: filter(desc.mag_filter),
            min: filter(desc.min_filter),
            mipmap: match desc.mipmap_filter {
                wgpu::MipmapFilterMode::Nearest => Filter::Nearest,
                wgpu::MipmapFilterMode::Linear => Filter::Linear,
            },
            address: [
                address(desc.address_mode_u),
                address(desc.address_mode_v),
                address(desc.address_mode_w),
            ],
            lod_min: desc.lod_min_clamp,
            lod_max: desc.lod_max_clamp,
            border,
        })
    }

    /// The state of a wgpu sampler, if it is a valid one of this accelerator's.
    pub fn of(sampler: &wgpu::Sampler) -> Option<Sampler> {
        sampler.as_custom::<CpuSampler>().and_then(|s| s.sampler)
    }
}

impl wgpu::custom::SamplerInterface for CpuSampler {}

/// The texture side of a copy: a box of one mip level.
#[derive(Debug)]
pub(super) struct Region {
    pub texture: Arc<TextureData>,
    pub level: u32,
    pub origin: [u32; 3],
}

/// The linear side of a copy (a buffer's or the host's bytes): where texel row 0 of image 0
/// starts, and the bytes from one row and one image to the next.
#[derive(Clone, Copy, Debug)]
pub(super) struct Linear {
    pub offset: u64,
    pub bytes_per_row: u64,
    pub bytes_per_image: u64,
}

/// The texture side of a copy of `extent` texels, checked: the texture is this accelerator's,
/// has `usage`, and the box lies inside the level.
pub(super) fn region(
    info: &wgpu::TexelCopyTextureInfo<'_>,
    usage: wgpu::TextureUsages,
    extent: wgpu::Extent3d,
    role: &str,
) -> Result<Region, String> {
    let texture = CpuTexture::of(info.texture)
        .ok_or_else(|| format!("the {role} is not a valid CPU texture"))?;
    if !texture.usage.contains(usage) {
        return Err(format!("the {role} lacks the usage {usage:?}"));
    }
    if info.aspect != wgpu::TextureAspect::All {
        return Err(format!("the {role}'s aspect {:?} is not All", info.aspect));
    }
    if info.mip_level as usize >= texture.levels.len() {
        return Err(format!(
            "the {role} has no mip level {} (it has {})",
            info.mip_level,
            texture.levels.len()
        ));
    }
    let size = texture.level_size(info.mip_level);
    let origin = [info.origin.x, info.origin.y, info.origin.z];
    let ext = [extent.width, extent.height, extent.depth_or_array_layers];
    if (0..3).any(|a| u64::from(origin[a]) + u64::from(ext[a]) > u64::from(size[a])) {
        return Err(format!(
            "{}x{}x{} texels from ({}, {}, {}) are not inside mip level {} of the {role} \
             ({}x{}x{})",
            ext[0],
            ext[1],
            ext[2],
            origin[0],
            origin[1],
            origin[2],
            info.mip_level,
            size[0],
            size[1],
            size[2]
        ));
    }
    Ok(Region {
        texture: Arc::clone(texture),
        level: info.mip_level,
        origin,
    })
}

/// The linear side of a copy of `extent` texels of `format` from `layout` in `len` bytes,
/// checked as WebGPU does (`aligned`: rows a multiple of 256 bytes, as copies between buffers
/// and textures need).
pub(super) fn linear(
    layout: wgpu::TexelCopyBufferLayout,
    format: Format,
    extent: wgpu::Extent3d,
    len: u64,
    aligned: bool,
    role: &str,
) -> Result<Linear, String> {
    let texel = u64::from(format.texel_bytes());
    let row = u64::from(extent.width) * texel;
    let (h, d) = (
        u64::from(extent.height),
        u64::from(extent.depth_or_array_layers),
    );
    if aligned && !layout.offset.is_multiple_of(texel) {
        return Err(format!(
            "the {role}'s offset {} is not a multiple of the texel size {texel}",
            layout.offset
        ));
    }
    let bytes_per_row = match layout.bytes_per_row {
        Some(b) => {
            if aligned && !b.is_multiple_of(ROW_ALIGNMENT) {
                return Err(format!(
                    "the {role}'s bytes per row {b} is not a multiple of {ROW_ALIGNMENT}"
                ));
            }
            if u64::from(b) < row {
                return Err(format!(
                    "the {role}'s bytes per row {b} is less than a row's {row} bytes"
                ));
            }
            u64::from(b)
        }
        None if h > 1 || d > 1 => {
            return Err(format!(
                "the {role} needs bytes per row for a copy of more than one row"
            ))
        }
        None => row,
    };
    let rows_per_image = match layout.rows_per_image {
        Some(r) if u64::from(r) < h => {
            return Err(format!(
                "the {role}'s rows per image {r} is less than the copy's {h} rows"
            ))
        }
        Some(r) => u64::from(r),
        None if d > 1 => {
            return Err(format!(
                "the {role} needs rows per image for a copy of more than one image"
            ))
        }
        None => h,
    };
    let bytes_per_image = bytes_per_row * rows_per_image;
    if row > 0 && h > 0 && d > 0 {
        let end = layout.offset as u128
            + (d as u128 - 1) * bytes_per_image as u128
            + (h as u128 - 1) * bytes_per_row as u128
            + row as u128;
        if end > len as u128 {
            return Err(format!(
                "the copy needs {end} bytes of the {role}, which has {len}"
            ));
        }
    }
    Ok(Linear {
        offset: layout.offset,
        bytes_per_row,
        bytes_per_image,
    })
}

impl Region {
    /// The level's memory.
    pub fn memory(&self) -> &Memory {
        &self.texture.levels[self.level as usize]
    }

    /// Calls `f(texture byte, row index (y, z), row bytes)` for each texel row of a copy of
    /// `extent` texels.
    pub fn rows(&self, extent: wgpu::Extent3d, mut f: impl FnMut(u64, [u64; 2], u64)) {
        let size = self.texture.level_size(self.level);
        let texel = u64::from(self.texture.format.texel_bytes());
        let row = u64::from(extent.width) * texel;
        if row == 0 {
            return;
        }
        let [ox, oy, oz] = self.origin.map(u64::from);
        let (w, h) = (u64::from(size[0]), u64::from(size[1]));
        for z in 0..u64::from(extent.depth_or_array_layers) {
            for y in 0..u64::from(extent.height) {
                let at = (((oz + z) * h + oy + y) * w + ox) * texel;
                f(at, [y, z], row);
            }
        }
    }
}

impl Linear {
    /// The byte of row `y` of image `z`.
    pub fn at(&self, [y, z]: [u64; 2]) -> u64 {
        self.offset + z * self.bytes_per_image + y * self.bytes_per_row
    }
}
