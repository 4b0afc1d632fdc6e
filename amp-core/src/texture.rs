//! Textures and samplers inside kernels (C++ AMP's `texture`, `texture_view`,
//! `writeonly_texture_view` and `sampler`): a naga image binding plus the texture's extent, read
//! from the launch parameters.
//!
//! A kernel indexes a texture as it indexes an array view, by an `Index<N>` in amp's row-major
//! order (`tex[idx]`, component 0 the most significant); the image's coordinates are the
//! reverse (x the fastest). Reads are `ImageLoad`s, writes `ImageStore`s; a checked kernel
//! checks each component against the texture's extent, reads zero and skips the write out of
//! range, and notes the fault, as for views. Sampling (`sample`, `sample_level`) and the gathers
//! take normalized coordinates in image order (`x` across a row), as C++ AMP's do.
//!
//! How a texture is bound follows from its access ([`TexelAccess`]): a texture the kernel only
//! reads is a sampled texture; one it writes is a storage texture of its format, which the
//! runtime supplies before the capture is declared ([`KernelBuilder::set_resource_shapes`]).

use crate::builder::{AccessKind, CheckBuilder, FnArg, KernelBuilder, KernelValue, SiteBound};
use crate::layout::{BindingKind, Slot, Words};
use crate::place::IntoPlace;
use crate::shape::{Extent, Index};
use crate::short_vector::Vector;
use crate::texel::{from_texel, to_texel, Texel, TexelAccess, TexelFormat, TextureAccess};
use crate::types::{Rank, Value};
use crate::view::{as_i32, IndexInt, IndexRead, IndexWrite, ReadOnly, ReadWrite};
use naga::{
    Expression, Handle, ImageClass, ImageDimension, SampleLevel, Statement, SwizzleComponent,
    TypeInner, VectorSize,
};
use std::marker::PhantomData;

pub use crate::texel::WriteOnly;

/// What a texture or sampler capture looks like at one launch, which its kernel is built for:
/// the runtime lists one per texture and sampler capture, in declaration order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceShape {
    /// A texture (or view of one) of this format.
    Texture(TexelFormat),
    /// A sampler; `filtering` when it filters linearly.
    Sampler {
        /// Whether it filters linearly.
        filtering: bool,
    },
}

/// A texture as a kernel sees it: read and written by index, sampled where `A` is
/// [`ReadOnly`].
pub struct KernelTexture<T, const N: usize, A> {
    global: Handle<naga::GlobalVariable>,
    /// The extent's words.
    words: Words,
    _ty: PhantomData<fn() -> (T, A)>,
}

impl<T, const N: usize, A> Clone for KernelTexture<T, N, A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const N: usize, A> Copy for KernelTexture<T, N, A> {}

/// A sampler as a kernel sees it (C++ AMP's `sampler`).
#[derive(Clone, Copy)]
pub struct KernelSampler {
    global: Handle<naga::GlobalVariable>,
}

impl KernelBuilder {
    /// Sets the shapes of the texture and sampler captures declared from now on, in
    /// declaration order; captures past the list take their type's default.
    pub fn set_resource_shapes(&mut self, shapes: Vec<ResourceShape>) {
        self.resource_shapes = shapes.into_iter().collect();
    }

    /// Declares a handle binding (a texture or sampler) of type `ty`.
    fn declare_handle(
        &mut self,
        kind: BindingKind,
        name: &str,
        ty: Handle<naga::Type>,
    ) -> (Handle<naga::GlobalVariable>, u32) {
        self.layout.bindings.push(kind);
        let binding = self.layout.bindings.len() as u32;
        let global = self.module.global_variables.append(
            naga::GlobalVariable {
                name: Some(format!("{name}{binding}")),
                space: naga::AddressSpace::Handle,
                binding: Some(naga::ResourceBinding { group: 0, binding }),
                ty,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            naga::Span::UNDEFINED,
        );
        (global, binding)
    }
}

fn dimension(rank: usize) -> ImageDimension {
    match rank {
        1 => ImageDimension::D1,
        2 => ImageDimension::D2,
        _ => ImageDimension::D3,
    }
}

impl<T: Texel, const N: usize, A: TextureAccess> KernelTexture<T, N, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    /// Declares a captured texture: a slot of its binding and its extent's words.
    pub fn declare(b: &mut KernelBuilder) -> Self {
        if !(1..=3).contains(&N) {
            b.error(format!("textures have rank 1, 2 or 3, not {N}"));
        }
        let format = match b.resource_shapes.pop_front() {
            Some(ResourceShape::Texture(format)) => Ok(format),
            _ => TexelFormat::default_of::<T>(),
        };
        let format = format.unwrap_or_else(|reason| {
            b.error(reason.to_string());
            // Any format: the kernel is not built.
            TexelFormat::PLACEHOLDER
        });
        let class = match A::ACCESS {
            TexelAccess::Read => ImageClass::Sampled {
                kind: T::KIND.sample_kind(),
                multi: false,
            },
            TexelAccess::ReadWrite => ImageClass::Storage {
                format: format.storage_format(),
                access: naga::StorageAccess::LOAD | naga::StorageAccess::STORE,
            },
            TexelAccess::Write => ImageClass::Storage {
                format: format.storage_format(),
                access: naga::StorageAccess::STORE,
            },
        };
        let ty = b.intern_type(TypeInner::Image {
            dim: dimension(N),
            arrayed: false,
            class,
        });
        let kind = BindingKind::Texture {
            access: A::ACCESS,
            format,
            rank: N as u32,
        };
        let (global, binding) = b.declare_handle(kind, "amp_texture", ty);
        let words = Words {
            first: b.alloc_words(N as u32),
            count: N as u32,
        };
        b.layout.slots.push(Slot::Texture { words, binding });
        KernelTexture {
            global,
            words,
            _ty: PhantomData,
        }
    }

    /// The texture's extent (C++ AMP `texture::extent`): of the mip level a view shows.
    pub fn extent(self, b: &mut KernelBuilder) -> KernelValue<Extent<N>> {
        b.shape_from_words(self.words.first, N as u32)
    }

    /// The image coordinate of `idx` (its components as `u32`, reversed) and its check.
    fn coordinate(
        self,
        b: &mut KernelBuilder,
        idx: KernelValue<Index<N>>,
        kind: AccessKind,
    ) -> (Handle<Expression>, Option<crate::builder::Check>) {
        let mut check = CheckBuilder::new(kind);
        let mut terms: Vec<_> = (0..N)
            .map(|k| {
                let component = crate::view::component(b, idx.handle(), k, N);
                check.component(b, component, SiteBound::Word(self.words.first + k as u32))
            })
            .collect();
        terms.reverse();
        let check = check.finish();
        let coordinate = match N {
            1 => terms[0],
            _ => {
                let ty = image_coordinate_type(b, N);
                b.append(Expression::Compose {
                    ty,
                    components: terms,
                })
            }
        };
        (coordinate, check)
    }

    fn image(self, b: &mut KernelBuilder) -> Handle<Expression> {
        b.append(Expression::GlobalVariable(self.global))
    }

    /// Reads texel `idx`: zero out of range in a checked kernel.
    fn load(self, b: &mut KernelBuilder, idx: KernelValue<Index<N>>) -> KernelValue<T> {
        let (mut coordinate, check) = self.coordinate(b, idx, AccessKind::TextureRead);
        if let Some(check) = &check {
            // Out of range, the load reads texel 0 and its value is dropped.
            let ty = image_coordinate_type(b, N);
            let zero = b.append(Expression::ZeroValue(ty));
            coordinate = b.append(Expression::Select {
                condition: check.ok(),
                accept: coordinate,
                reject: zero,
            });
        }
        let image = self.image(b);
        let level = match A::ACCESS {
            TexelAccess::Read => Some(b.literal(0i32).handle()),
            _ => None,
        };
        let texel = b.append(Expression::ImageLoad {
            image,
            coordinate,
            array_index: None,
            sample: None,
            level,
        });
        let mut value = from_texel::<T>(b, texel);
        if let Some(check) = check {
            let ty = T::naga_type(b);
            let zero = b.append(Expression::ZeroValue(ty));
            value = b.append(Expression::Select {
                condition: check.ok(),
                accept: value,
                reject: zero,
            });
            b.note_fault(&check);
        }
        KernelValue::from_handle(value)
    }

    /// Writes texel `idx`: skipped out of range in a checked kernel.
    fn store(self, b: &mut KernelBuilder, idx: KernelValue<Index<N>>, value: KernelValue<T>) {
        let (coordinate, check) = self.coordinate(b, idx, AccessKind::TextureWrite);
        let image = self.image(b);
        let value = to_texel::<T>(b, value.handle());
        let store = Statement::ImageStore {
            image,
            coordinate,
            array_index: None,
            value,
        };
        b.checked_statement(check, store);
    }
}

/// The type of an image coordinate of rank `rank`: `u32` or a vector of 2 or 3 of them.
fn image_coordinate_type(b: &mut KernelBuilder, rank: usize) -> Handle<naga::Type> {
    match rank {
        1 => b.intern_type(TypeInner::Scalar(naga::Scalar::U32)),
        n => b.intern_type(TypeInner::Vector {
            size: if n == 2 {
                VectorSize::Bi
            } else {
                VectorSize::Tri
            },
            scalar: naga::Scalar::U32,
        }),
    }
}

/// Access modes a kernel reads through: [`ReadOnly`] and [`ReadWrite`].
#[diagnostic::on_unimplemented(
    message = "this texture is write-only in kernels",
    label = "cannot be read",
    note = "C++ AMP's rule: a kernel reads and writes a texture in one launch only when its texels are one 32-bit component (i32, u32, f32); read other textures through a ConstTextureView (tex.const_view()), write them through a TextureView or WriteonlyTextureView"
)]
pub trait Readable: TextureAccess {}
impl Readable for ReadOnly {}
impl Readable for ReadWrite {}

/// Access modes a kernel writes through: [`ReadWrite`] and [`WriteOnly`].
#[diagnostic::on_unimplemented(
    message = "this texture is read-only in kernels",
    label = "cannot be written",
    note = "C++ AMP's rule: a kernel reads and writes a texture in one launch only when its texels are one 32-bit component (i32, u32, f32); write other textures through a TextureView (tex.view()) or WriteonlyTextureView, and a ConstTextureView never"
)]
pub trait Writable: TextureAccess {}
impl Writable for ReadWrite {}
impl Writable for WriteOnly {}

impl<T: Texel, const N: usize, A: Readable> IndexRead<KernelValue<Index<N>>>
    for KernelTexture<T, N, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    type Output = KernelValue<T>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<Index<N>>) -> KernelValue<T> {
        self.load(b, i)
    }
}

impl<T: Texel, const N: usize, A: Writable> IndexWrite<KernelValue<Index<N>>, KernelValue<T>>
    for KernelTexture<T, N, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<Index<N>>, value: KernelValue<T>) {
        self.store(b, i, value)
    }
}

impl<T: Texel, I: IndexInt, A: Readable> IndexRead<KernelValue<I>> for KernelTexture<T, 1, A> {
    type Output = KernelValue<T>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<T> {
        let i = as_i32(b, i);
        self.load(b, i)
    }
}

impl<T: Texel, I: IndexInt, A: Writable> IndexWrite<KernelValue<I>, KernelValue<T>>
    for KernelTexture<T, 1, A>
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<I>, value: KernelValue<T>) {
        let i = as_i32(b, i);
        self.store(b, i, value)
    }
}

/// A texture is its own place: `tex[idx] = v` writes through it (or is an error saying why
/// not).
impl<T, const N: usize, A> IntoPlace for KernelTexture<T, N, A> {
    type Place = Self;
    fn into_place(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<T, const N: usize, A> crate::value::Read for KernelTexture<T, N, A> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl crate::value::Read for KernelSampler {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

impl<T: Texel, const N: usize, A: Readable> KernelTexture<T, N, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    /// Reads texel `idx` (C++ AMP `texture::get`; the same as `tex[idx]`).
    pub fn get(self, b: &mut KernelBuilder, idx: KernelValue<Index<N>>) -> KernelValue<T> {
        self.load(b, idx)
    }
}

impl<T: Texel, const N: usize, A: Writable> KernelTexture<T, N, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    /// Writes texel `idx` (C++ AMP `texture::set`; the same as `tex[idx] = value`).
    pub fn set(self, b: &mut KernelBuilder, idx: KernelValue<Index<N>>, value: KernelValue<T>) {
        self.store(b, idx, value)
    }
}

/// Texels a kernel samples: floats and norms (a sampler filters them; integer textures are
/// read by index, or gathered).
#[diagnostic::on_unimplemented(
    message = "`{Self}` textures cannot be sampled",
    note = "sampling takes textures of f32, Norm, Unorm and their short vectors; read integer textures by index (tex[idx]) or gather them"
)]
pub trait Sampled: Texel {}
impl Sampled for f32 {}
impl Sampled for crate::norm::Norm {}
impl Sampled for crate::norm::Unorm {}
impl<T: Sampled, const C: usize> Sampled for Vector<T, C> where Vector<T, C>: Texel {}

/// The image-space coordinate of a rank: `f32`, `Float2` or `Float3`, normalized (0 to 1
/// across the texture; `x` across a row).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a sampling coordinate of a rank-{N} texture",
    label = "a coordinate of rank {N}",
    note = "sampling coordinates are normalized (0 to 1 across the texture) and in image order: an f32 for rank 1, a Float2 whose x runs across a row for rank 2, a Float3 for rank 3"
)]
pub trait Coordinate<const N: usize> {}
impl Coordinate<1> for f32 {}
impl Coordinate<2> for Vector<f32, 2> {}
impl Coordinate<3> for Vector<f32, 3> {}

impl<T: Texel, const N: usize> KernelTexture<T, N, ReadOnly>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    fn sample_at(
        self,
        b: &mut KernelBuilder,
        sampler: KernelSampler,
        coordinate: Handle<Expression>,
        level: SampleLevel,
        gather: Option<SwizzleComponent>,
    ) -> Handle<Expression> {
        let binding = |b: &KernelBuilder, g: Handle<naga::GlobalVariable>| {
            b.module.global_variables[g]
                .binding
                .as_ref()
                .map_or(0, |r| r.binding)
        };
        let pair = (binding(b, sampler.global), binding(b, self.global));
        if !b.layout.sampled.contains(&pair) {
            b.layout.sampled.push(pair);
        }
        let image = self.image(b);
        let sampler = b.append(Expression::GlobalVariable(sampler.global));
        b.append(Expression::ImageSample {
            image,
            sampler,
            gather,
            coordinate,
            array_index: None,
            offset: None,
            level,
            depth_ref: None,
            clamp_to_edge: false,
        })
    }

    /// Samples the texture at `coordinate` (normalized, in image order: `x` across a row)
    /// through `sampler`, at mip level 0 (C++ AMP `texture_view<const T, N>::sample`).
    pub fn sample<C: Coordinate<N> + Value>(
        self,
        b: &mut KernelBuilder,
        sampler: KernelSampler,
        coordinate: KernelValue<C>,
    ) -> KernelValue<T>
    where
        T: Sampled,
    {
        let texel = self.sample_at(b, sampler, coordinate.handle(), SampleLevel::Zero, None);
        KernelValue::from_handle(from_texel::<T>(b, texel))
    }

    /// Samples at level of detail `level` (0 is the view's most detailed mip level; fractions
    /// blend two levels when the sampler filters mip levels linearly).
    pub fn sample_level<C: Coordinate<N> + Value>(
        self,
        b: &mut KernelBuilder,
        sampler: KernelSampler,
        coordinate: KernelValue<C>,
        level: KernelValue<f32>,
    ) -> KernelValue<T>
    where
        T: Sampled,
    {
        let level = SampleLevel::Exact(level.handle());
        let texel = self.sample_at(b, sampler, coordinate.handle(), level, None);
        KernelValue::from_handle(from_texel::<T>(b, texel))
    }
}

macro_rules! gathers {
    ($($name:ident $component:ident $what:literal),*) => {
        impl<T: Texel> KernelTexture<T, 2, ReadOnly>
        where
            Vector<T::Component, 4>: Value,
        {
            $(
                #[doc = concat!("The ", $what, " components of the 2×2 texels that bilinear sampling at `coordinate` would read, in the order (−,+), (+,+), (+,−), (−,−) (x, y offsets; C++ AMP `gather_", $what, "`).")]
                pub fn $name(
                    self,
                    b: &mut KernelBuilder,
                    sampler: KernelSampler,
                    coordinate: KernelValue<Vector<f32, 2>>,
                ) -> KernelValue<Vector<T::Component, 4>> {
                    let gather = Some(SwizzleComponent::$component);
                    KernelValue::from_handle(self.sample_at(
                        b,
                        sampler,
                        coordinate.handle(),
                        SampleLevel::Zero,
                        gather,
                    ))
                }
            )*
        }
    };
}
gathers!(gather_red X "red", gather_green Y "green", gather_blue Z "blue", gather_alpha W "alpha");

impl KernelSampler {
    /// Declares a captured sampler: a slot of its binding.
    pub fn declare(b: &mut KernelBuilder) -> Self {
        let filtering = match b.resource_shapes.pop_front() {
            Some(ResourceShape::Sampler { filtering }) => filtering,
            _ => false,
        };
        let ty = b.intern_type(TypeInner::Sampler { comparison: false });
        let (global, binding) =
            b.declare_handle(BindingKind::Sampler { filtering }, "amp_sampler", ty);
        b.layout.slots.push(Slot::Sampler { binding });
        KernelSampler { global }
    }
}

/// Textures and samplers passed to device functions are bound, not passed: the key is the
/// binding.
impl<T: 'static, const N: usize, A: 'static> FnArg for KernelTexture<T, N, A> {
    fn key(&self, _: &KernelBuilder, key: &mut Vec<u32>) {
        key.push(self.global.index() as u32);
    }
    fn param(&self, _: &mut KernelBuilder) -> Self {
        *self
    }
    fn argument(&self, _: &mut KernelBuilder, _: &mut Vec<Handle<Expression>>) {}
}

impl FnArg for KernelSampler {
    fn key(&self, _: &KernelBuilder, key: &mut Vec<u32>) {
        key.push(self.global.index() as u32);
    }
    fn param(&self, _: &mut KernelBuilder) -> Self {
        *self
    }
    fn argument(&self, _: &mut KernelBuilder, _: &mut Vec<Handle<Expression>>) {}
}
