//! Textures and samplers: compiling naga's image expressions and statements (`ImageLoad`,
//! `ImageStore`, `ImageSample`, `ImageQuery`) and running them.
//!
//! A texture or sampler handle is a register holding the handle's slot in the program's image
//! or sampler bindings, so handles pass through function arguments as any value does.

// Lane loops index several per-lane arrays (mask, registers) by the lane number.
#![allow(clippy::needless_range_loop)]

use super::compile::{const_words, err, Compiler, FnCx};
use super::program::*;
use super::run::Lanes;
use super::{CompileError, ImageBinding};
use crate::texel::{Sampler, Texels};
use naga::{Expression, Handle, ImageClass, ImageDimension, TypeInner};
use std::sync::atomic::Ordering::Relaxed;

/// The level of detail a sample reads.
#[derive(Clone, Copy, Debug)]
pub(super) enum Lod {
    /// Level 0 of the view.
    Zero,
    /// An f32 level of detail in a register.
    Exact(Reg),
}

/// What an image query asks.
#[derive(Clone, Copy, Debug)]
pub(super) enum Query {
    /// The size of a level (the base level without one): `dims` u32s.
    Size { level: Option<Index> },
    /// The view's mip levels.
    NumLevels,
}

/// An image's coordinate operand: its register, components, and whether they are signed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Coord {
    pub reg: Reg,
    pub dims: u32,
    pub signed: bool,
}

/// An image instruction.
#[derive(Debug)]
pub(super) enum ImageInst {
    /// `dst` (4 rows) = the texel at `coord` of level `level`; zero outside the image.
    Load {
        dst: Reg,
        image: Reg,
        coord: Coord,
        level: Option<Index>,
    },
    /// Writes `value` (4 rows) to the texel at `coord` of the view's base level; skipped
    /// outside the image.
    Store {
        image: Reg,
        coord: Coord,
        value: Reg,
    },
    /// `dst` (4 rows of f32) = the sample at the normalised `coord`, or a gather of one
    /// component.
    Sample {
        dst: Reg,
        image: Reg,
        sampler: Reg,
        coord: Reg,
        dims: u32,
        lod: Lod,
        gather: Option<u32>,
        offset: [i32; 3],
    },
    /// `dst` = the answer to `query`.
    Query {
        dst: Reg,
        image: Reg,
        query: Query,
        dims: u32,
    },
}

/// The coordinate count of an image of `dim`, or what the executor lacks.
fn dims(dim: ImageDimension) -> Result<u32, CompileError> {
    match dim {
        ImageDimension::D1 => Ok(1),
        ImageDimension::D2 => Ok(2),
        ImageDimension::D3 => Ok(3),
        ImageDimension::Cube => Err(err("cube textures")),
    }
}

/// Whether the executor runs images of this type; why not where it does not.
pub(super) fn supported(inner: &TypeInner) -> Result<(), CompileError> {
    match *inner {
        TypeInner::Image {
            dim,
            arrayed,
            class,
        } => {
            dims(dim)?;
            if arrayed {
                return Err(err("texture arrays"));
            }
            match class {
                ImageClass::Sampled { multi: false, .. } | ImageClass::Storage { .. } => Ok(()),
                ImageClass::Sampled { multi: true, .. } | ImageClass::Depth { multi: true } => {
                    Err(err("multisampled textures"))
                }
                ImageClass::Depth { .. } => Err(err("depth textures")),
                ImageClass::External => Err(err("external textures")),
            }
        }
        TypeInner::Sampler { comparison: true } => Err(err("comparison samplers")),
        TypeInner::Sampler { comparison: false } => Ok(()),
        _ => Err(err("a handle of this type")),
    }
}

impl Compiler<'_> {
    /// The coordinate operand `h` of an image of `dim`.
    fn coord(&self, cx: &FnCx, h: Handle<Expression>, dims: u32) -> Result<Coord, CompileError> {
        let signed = matches!(
            super::shape::scalar_of(&self.ty(cx, h)),
            Some(naga::Scalar {
                kind: naga::ScalarKind::Sint,
                ..
            })
        );
        Ok(Coord {
            reg: self.reg(cx, h)?,
            dims,
            signed,
        })
    }

    /// The image type of a handle expression.
    fn image_type(
        &self,
        cx: &FnCx,
        h: Handle<Expression>,
    ) -> Result<(ImageDimension, ImageClass), CompileError> {
        let inner = self.ty(cx, h);
        supported(&inner)?;
        match inner {
            TypeInner::Image { dim, class, .. } => Ok((dim, class)),
            _ => Err(err("an image operation on a value that is not an image")),
        }
    }

    /// Compiles an image expression; its result register.
    pub(super) fn image_expr(
        &mut self,
        cx: &FnCx,
        h: Handle<Expression>,
        out: &mut Block,
    ) -> Result<Reg, CompileError> {
        let inst = match cx.f.expressions[h] {
            Expression::ImageLoad {
                image,
                coordinate,
                array_index,
                sample,
                level,
            } => {
                let (dim, _) = self.image_type(cx, image)?;
                if array_index.is_some() || sample.is_some() {
                    return Err(err("texture arrays or multisampled textures"));
                }
                let level = match level {
                    Some(l) => Some(self.index_of(cx, l)?),
                    None => None,
                };
                ImageInst::Load {
                    dst: self.alloc(4),
                    image: self.reg(cx, image)?,
                    coord: self.coord(cx, coordinate, dims(dim)?)?,
                    level,
                }
            }
            Expression::ImageSample {
                image,
                sampler,
                gather,
                coordinate,
                array_index,
                offset,
                level,
                depth_ref,
                clamp_to_edge,
            } => {
                let (dim, _) = self.image_type(cx, image)?;
                supported(&self.ty(cx, sampler))?;
                if array_index.is_some() || depth_ref.is_some() || clamp_to_edge {
                    return Err(err(
                        "texture arrays, depth comparisons or external texture sampling",
                    ));
                }
                let lod = match level {
                    naga::SampleLevel::Zero => Lod::Zero,
                    naga::SampleLevel::Exact(l) => Lod::Exact(self.reg(cx, l)?),
                    _ => {
                        return Err(err(
                            "implicit, biased or gradient levels of detail (compute shaders \
                             have no derivatives: use textureSampleLevel)",
                        ))
                    }
                };
                let mut off = [0i32; 3];
                if let Some(o) = offset {
                    let arena = &cx.f.expressions;
                    let words = match arena[o] {
                        Expression::Constant(_)
                        | Expression::Literal(_)
                        | Expression::Compose { .. }
                        | Expression::Splat { .. }
                        | Expression::ZeroValue(_) => const_words(self.module, arena, o),
                        _ => const_words(self.module, &self.module.global_expressions, o),
                    }?;
                    for (x, w) in off.iter_mut().zip(words) {
                        *x = w as i32;
                    }
                }
                ImageInst::Sample {
                    dst: self.alloc(4),
                    image: self.reg(cx, image)?,
                    sampler: self.reg(cx, sampler)?,
                    coord: self.reg(cx, coordinate)?,
                    dims: dims(dim)?,
                    lod,
                    gather: gather.map(|c| c as u32),
                    offset: off,
                }
            }
            Expression::ImageQuery { image, query } => {
                let (dim, _) = self.image_type(cx, image)?;
                let dims = dims(dim)?;
                let (query, rows) = match query {
                    naga::ImageQuery::Size { level } => {
                        let level = match level {
                            Some(l) => Some(self.index_of(cx, l)?),
                            None => None,
                        };
                        (Query::Size { level }, dims)
                    }
                    naga::ImageQuery::NumLevels => (Query::NumLevels, 1),
                    naga::ImageQuery::NumLayers => return Err(err("texture arrays")),
                    naga::ImageQuery::NumSamples => return Err(err("multisampled textures")),
                };
                ImageInst::Query {
                    dst: self.alloc(rows),
                    image: self.reg(cx, image)?,
                    query,
                    dims,
                }
            }
            _ => return Err(err("an image expression of this form")),
        };
        let dst = match inst {
            ImageInst::Load { dst, .. }
            | ImageInst::Sample { dst, .. }
            | ImageInst::Query { dst, .. } => dst,
            ImageInst::Store { .. } => 0,
        };
        out.push(Inst::Image(Box::new(inst)));
        Ok(dst)
    }

    /// Compiles an `ImageStore` statement.
    pub(super) fn image_store(
        &mut self,
        cx: &FnCx,
        image: Handle<Expression>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        value: Handle<Expression>,
        out: &mut Block,
    ) -> Result<(), CompileError> {
        let (dim, _) = self.image_type(cx, image)?;
        if array_index.is_some() {
            return Err(err("texture arrays"));
        }
        out.push(Inst::Image(Box::new(ImageInst::Store {
            image: self.reg(cx, image)?,
            coord: self.coord(cx, coordinate, dims(dim)?)?,
            value: self.reg(cx, value)?,
        })));
        Ok(())
    }
}

impl ImageBinding<'_> {
    /// The size of level `level` of the view, if it has one.
    fn level_size(&self, level: i64) -> Option<[u32; 3]> {
        let l = usize::try_from(level).ok()?;
        self.levels.get(l).map(|l| l.size)
    }

    /// The byte offset of texel `at` in level `level`, if it lies inside.
    fn at(&self, level: i64, at: [i64; 3]) -> Option<(usize, u64)> {
        let size = self.level_size(level)?;
        if (0..3).any(|a| at[a] < 0 || at[a] >= i64::from(size[a])) {
            return None;
        }
        let [x, y, z] = at.map(|v| v as u64);
        let texel = (z * u64::from(size[1]) + y) * u64::from(size[0]) + x;
        Some((level as usize, texel * u64::from(self.format.texel_bytes())))
    }

    /// The raw words of the texel at byte `at` of level `level`.
    fn raw(&self, level: usize, at: u64) -> [u32; 4] {
        let words = self.levels[level].memory.words();
        let bytes = self.format.texel_bytes();
        let w = (at / 4) as usize;
        let mut raw = [0u32; 4];
        if bytes >= 4 {
            for (i, r) in raw.iter_mut().enumerate().take((bytes / 4) as usize) {
                *r = words.get(w + i).map_or(0, |x| x.load(Relaxed));
            }
        } else {
            let word = words.get(w).map_or(0, |x| x.load(Relaxed));
            raw[0] = word >> ((at % 4) * 8);
        }
        raw
    }

    /// The texel at `at` of level `level` as a shader reads it, or `None` outside the view.
    pub(super) fn load(&self, level: i64, at: [i64; 3]) -> Option<[u32; 4]> {
        let (level, byte) = self.at(level, at)?;
        Some(self.format.decode(self.raw(level, byte)))
    }

    /// Writes `value` to the texel at `at` of the base level; nothing outside the view.
    pub(super) fn store(&self, at: [i64; 3], value: [u32; 4]) {
        let Some((level, byte)) = self.at(0, at) else {
            return;
        };
        let words = self.levels[level].memory.words();
        let raw = self.format.encode(value);
        let bytes = self.format.texel_bytes();
        let w = (byte / 4) as usize;
        if bytes >= 4 {
            for (i, &r) in raw.iter().enumerate().take((bytes / 4) as usize) {
                if let Some(x) = words.get(w + i) {
                    x.store(r, Relaxed);
                }
            }
        } else if let Some(x) = words.get(w) {
            // Other bytes of the word are other texels, which another thread may write.
            let shift = (byte % 4) * 8;
            let mask = ((1u32 << (bytes * 8)) - 1) << shift;
            let bits = (raw[0] << shift) & mask;
            let _ = x.fetch_update(Relaxed, Relaxed, |old| Some((old & !mask) | bits));
        }
    }
}

impl Texels for ImageBinding<'_> {
    fn size(&self, level: u32) -> Option<[u32; 3]> {
        self.level_size(i64::from(level))
    }

    fn levels(&self) -> u32 {
        self.levels.len() as u32
    }

    fn components(&self) -> u32 {
        self.format.components
    }

    fn texel(&self, level: u32, at: [u32; 3]) -> [u32; 4] {
        self.load(i64::from(level), at.map(i64::from))
            .unwrap_or([0; 4])
    }
}

impl Lanes<'_, '_> {
    fn word(&self, reg: Reg, row: u32, lane: usize) -> u32 {
        self.regs[(reg + row) as usize * self.n + lane]
    }

    fn put(&mut self, reg: Reg, row: u32, lane: usize, v: u32) {
        self.regs[(reg + row) as usize * self.n + lane] = v;
    }

    fn image(&self, reg: Reg, lane: usize) -> Option<&ImageBinding<'_>> {
        let slot = self.word(reg, 0, lane) as usize;
        self.handles.images.get(slot).copied().flatten()
    }

    fn sampler(&self, reg: Reg, lane: usize) -> Option<Sampler> {
        let slot = self.word(reg, 0, lane) as usize;
        self.handles.samplers.get(slot).copied().flatten()
    }

    fn coords(&self, c: Coord, lane: usize) -> [i64; 3] {
        let mut at = [0i64; 3];
        for a in 0..c.dims as usize {
            let w = self.word(c.reg, a as u32, lane);
            at[a] = if c.signed {
                i64::from(w as i32)
            } else {
                i64::from(w)
            };
        }
        at
    }

    /// Runs an image instruction for the active lanes.
    pub(super) fn image_inst(&mut self, inst: &ImageInst, mask: &[bool]) {
        for lane in 0..self.n {
            if !mask[lane] {
                continue;
            }
            match *inst {
                ImageInst::Load {
                    dst,
                    image,
                    coord,
                    level,
                } => {
                    let at = self.coords(coord, lane);
                    let level = level.map_or(0, |l| self.index(l, lane));
                    let v = self
                        .image(image, lane)
                        .and_then(|img| img.load(level, at))
                        .unwrap_or([0; 4]);
                    for (r, w) in v.into_iter().enumerate() {
                        self.put(dst, r as u32, lane, w);
                    }
                }
                ImageInst::Store {
                    image,
                    coord,
                    value,
                } => {
                    let at = self.coords(coord, lane);
                    let v = [0, 1, 2, 3].map(|r| self.word(value, r, lane));
                    if let Some(img) = self.image(image, lane) {
                        img.store(at, v);
                    }
                }
                ImageInst::Sample {
                    dst,
                    image,
                    sampler,
                    coord,
                    dims,
                    lod,
                    gather,
                    offset,
                } => {
                    let mut s = [0f32; 3];
                    for a in 0..dims as usize {
                        s[a] = f32::from_bits(self.word(coord, a as u32, lane));
                    }
                    let lod = match lod {
                        Lod::Zero => 0.0,
                        Lod::Exact(r) => f32::from_bits(self.word(r, 0, lane)),
                    };
                    let v = match (self.image(image, lane), self.sampler(sampler, lane)) {
                        (Some(img), Some(smp)) => match gather {
                            Some(c) => smp.gather(img, s, c as usize, offset),
                            None => smp.sample(img, s, dims as usize, lod, offset),
                        },
                        _ => [0.0; 4],
                    };
                    for (r, f) in v.into_iter().enumerate() {
                        self.put(dst, r as u32, lane, f.to_bits());
                    }
                }
                ImageInst::Query {
                    dst,
                    image,
                    query,
                    dims,
                } => match query {
                    Query::Size { level } => {
                        let level = level.map_or(0, |l| self.index(l, lane));
                        let size = self
                            .image(image, lane)
                            .and_then(|img| img.level_size(level))
                            .unwrap_or([0; 3]);
                        for a in 0..dims {
                            self.put(dst, a, lane, size[a as usize]);
                        }
                    }
                    Query::NumLevels => {
                        let levels = self
                            .image(image, lane)
                            .map_or(0, |img| img.levels.len() as u32);
                        self.put(dst, 0, lane, levels);
                    }
                },
            }
        }
    }
}
