//! What a kernel closure captures: views and scalars from the enclosing scope (C++ AMP's `[=]`
//! lambda captures).
//!
//! A capture has the two sides of amp-core's launch contract: [`Capture::declare`], called once
//! when the kernel's IR is built, records the capture's slot in the kernel's layout (its
//! parameter words, and a view's binding); [`Capture::bind`], called at every launch, fills the
//! next slot through the [`Binder`]. The launch checks that every slot was filled with a value of
//! its kind.

use crate::accelerator::Accelerator;
use crate::array::Array;
use crate::error::{coords, Error, MemoryError, Result, TextureError, TextureProblem};
use crate::sampler::{Filter, Sampler};
use crate::texture::{ConstTextureView, Texture, TextureView, WriteonlyTextureView};
use crate::view::{ArrayView, ConstArrayView, ViewData};
use amp_core::short_vector::{Component, Vector};
use amp_core::texel::{Texel, TexelAccess, TextureAccess, WriteOnly};
use amp_core::texture::{KernelSampler, KernelTexture, ResourceShape};
use amp_core::types::Rank;
use amp_core::view::View;
use amp_core::{
    Element, Extent, Index, KernelBuilder, KernelType, KernelValue, LaunchArgs, LaunchLayout, Loc,
    ReadOnly, ReadWrite, Scalar, TiledExtent, Value, ViewSegments,
};

/// What a launch's captured resources look like, which its kernel is built for (and cached
/// by): how each view's data is split over bindings, each texture's format and each sampler's
/// filtering, in declaration order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CaptureShapes {
    /// The views'.
    pub segments: Vec<ViewSegments>,
    /// The textures' and samplers'.
    pub resources: Vec<ResourceShape>,
}

/// A resource a launch binds: a view's buffer, a texture view or a sampler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Resource {
    /// A storage buffer.
    Buffer(wgpu::Buffer),
    /// A texture view.
    Texture(wgpu::TextureView),
    /// A sampler.
    Sampler(wgpu::Sampler),
}

impl Resource {
    /// How the bind group binds it.
    pub(crate) fn binding(&self) -> wgpu::BindingResource<'_> {
        match self {
            Resource::Buffer(b) => b.as_entire_binding(),
            Resource::Texture(t) => wgpu::BindingResource::TextureView(t),
            Resource::Sampler(s) => wgpu::BindingResource::Sampler(s),
        }
    }
}

/// The launch-time values of one kernel launch: the kernel's slots, filled in declaration order,
/// and what the accelerator needs besides.
pub struct Binder<'a> {
    /// The accelerator the kernel runs on.
    pub(crate) accelerator: &'a Accelerator,
    /// The launch's `parallel_for_each!`, for errors that name a captured view.
    site: Loc,
    /// The slots.
    pub(crate) args: LaunchArgs<'a, Resource>,
    /// The data (view cores) the launch uses, for the fault log.
    pub(crate) cores: Vec<u64>,
    /// Whether the launch uses data whose buffer the program's wgpu code shares: it is then
    /// submitted at once, so that the program's later submissions see its results.
    pub(crate) shared: bool,
}

impl<'a> Binder<'a> {
    /// Starts binding a launch at `site` on `accelerator` of a kernel laid out as `layout`.
    pub(crate) fn new(accelerator: &'a Accelerator, layout: &'a LaunchLayout, site: Loc) -> Self {
        Binder {
            accelerator,
            site,
            args: LaunchArgs::new(layout),
            cores: Vec::new(),
            shared: false,
        }
    }

    /// Fills a view's slot with `data`, made current on the accelerator, one binding per
    /// segment. Data whose segments do not hold whole elements of the view's type is an error
    /// naming the view, checked before any data moves.
    pub(crate) fn view<T: Element, const N: usize>(
        &mut self,
        data: &ViewData<'_, T, N>,
    ) -> Result<()> {
        if data.segments_on(self.accelerator).is_none() {
            let bytes = data.buffer_bytes();
            let max = self.accelerator.limits().max_storage_buffer_binding_size;
            return Err(Error::OutOfMemory(MemoryError::Binding {
                site: self.site,
                slot: self.args.next_slot(),
                extent: coords::extent(data.extent()),
                bytes,
                accelerator: self.accelerator.description().to_owned(),
                max,
            }));
        }
        let segments = data.device_buffer(self.accelerator)?;
        self.cores.push(data.core_id());
        self.shared |= data.is_shared();
        self.args.view_segments(
            &data.view_args(),
            segments.buffers().iter().cloned().map(Resource::Buffer),
        );
        Ok(())
    }

    /// Fills a captured value's slot (`#[derive(Element)]` structs).
    #[doc(hidden)]
    pub fn push_value<T: Element>(&mut self, value: T) {
        self.args.value(value);
    }
}

/// A value a kernel closure can capture.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be captured by a kernel",
    label = "captured here",
    note = "kernels capture i32, u32, f32, bool, Index, Extent, TiledExtent, short vectors, #[derive(Element)] structs and array views (ArrayView, ConstArrayView, Array); narrow integers, references, pointers and heap types are not supported; a #[kernel] fn is called (`f(x)`), not captured or passed as a value"
)]
pub trait Capture {
    /// How the kernel sees it.
    type Kernel;
    /// Declares it in the kernel being built.
    fn declare(&self, b: &mut KernelBuilder) -> Self::Kernel;
    /// Supplies its launch-time value.
    fn bind(&self, binder: &mut Binder<'_>) -> Result<()>;
    /// What its bindings look like on `acc` (a view's split over bindings, a texture's
    /// format, a sampler's filtering; nothing for other values), which the kernel is built
    /// for.
    fn shapes(&self, acc: &Accelerator, out: &mut CaptureShapes) {
        let _ = (acc, out);
    }
    /// Called after the kernel was submitted.
    fn launched(&self) {}
    /// The accelerator the value belongs to, if any (an `Array` created on one).
    fn home(&self) -> Option<&Accelerator> {
        None
    }
}

impl<C: Capture + ?Sized> Capture for &C {
    type Kernel = C::Kernel;
    fn declare(&self, b: &mut KernelBuilder) -> Self::Kernel {
        (**self).declare(b)
    }
    fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
        (**self).bind(binder)
    }
    fn shapes(&self, acc: &Accelerator, out: &mut CaptureShapes) {
        (**self).shapes(acc, out)
    }
    fn launched(&self) {
        (**self).launched()
    }
    fn home(&self) -> Option<&Accelerator> {
        (**self).home()
    }
}

macro_rules! scalar_capture {
    ($($t:ty),*) => {$(
        impl Capture for $t {
            type Kernel = KernelValue<$t>;
            fn declare(&self, b: &mut KernelBuilder) -> KernelValue<$t> {
                b.param::<$t>()
            }
            fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
                binder.args.value(*self);
                Ok(())
            }
        }
    )*};
}
scalar_capture!(
    i32,
    u32,
    f32,
    bool,
    i64,
    u64,
    f64,
    half::f16,
    amp_core::norm::Norm,
    amp_core::norm::Unorm
);

macro_rules! shape_capture {
    ($($shape:ident),*) => {$(
        impl<const N: usize> Capture for $shape<N>
        where
            $shape<N>: Value + Rank,
        {
            type Kernel = KernelValue<$shape<N>>;
            fn declare(&self, b: &mut KernelBuilder) -> Self::Kernel {
                b.param_shape::<$shape<N>>()
            }
            fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
                binder.args.shape(&self.0);
                Ok(())
            }
        }
    )*};
}
shape_capture!(Index, Extent);

/// A tiled extent: its extent's components, as an `Extent` (its tile is in its type).
impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> Capture
    for TiledExtent<N, D0, D1, D2>
where
    Extent<N>: Value + Rank,
{
    type Kernel = KernelValue<Self>;
    fn declare(&self, b: &mut KernelBuilder) -> Self::Kernel {
        b.param_shape::<Self>()
    }
    fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
        binder.args.shape(&self.extent().0);
        Ok(())
    }
}

macro_rules! view_capture {
    ($view:ty, $access:ident, |$this:ident| $launched:expr, |$owner:ident| $home:expr) => {
        impl<T: Element, const N: usize> KernelType for $view
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            type KernelValue = View<T, N, $access>;
        }

        impl<T: Element, const N: usize> Capture for $view
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            type Kernel = View<T, N, $access>;
            fn declare(&self, b: &mut KernelBuilder) -> Self::Kernel {
                View::declare(b)
            }
            fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
                binder.view(self.view_data())
            }
            fn shapes(&self, acc: &Accelerator, out: &mut CaptureShapes) {
                let data = self.view_data();
                out.segments
                    .push(data.segments_on(acc).unwrap_or(ViewSegments::WHOLE));
            }
            fn launched(&self) {
                let $this = self;
                $launched
            }
            fn home(&self) -> Option<&Accelerator> {
                let $owner = self;
                $home
            }
        }
    };
}
// A kernel may have written a read-write view: its device copy is now the newest.
view_capture!(
    ArrayView<'_, T, N>,
    ReadWrite,
    |view| view.kernel_wrote(),
    |_view| None
);
view_capture!(Array<T, N>, ReadWrite, |array| array.data.kernel_wrote(), |array| array.accelerator());
view_capture!(
    ConstArrayView<'_, T, N>,
    ReadOnly,
    |view| {
        let _ = view;
    },
    |_view| None
);

/// A capture of a kernel closure, checked where the closure names it ([`captured`]): the value
/// and its [`Capture`] functions, taken where `C: Capture` was proven, so that nothing checks
/// that bound again.
pub struct Captured<C, K> {
    value: C,
    declare: fn(&C, &mut KernelBuilder) -> K,
    bind: fn(&C, &mut Binder<'_>) -> Result<()>,
    shapes: fn(&C, &Accelerator, &mut CaptureShapes),
    launched: fn(&C),
    home: fn(&C) -> Option<&Accelerator>,
}

/// `c`, a capture of a kernel closure: `parallel_for_each!` passes each capture through this
/// function at the closure's first use of its name, so that a value kernels cannot capture is
/// reported there, once.
pub fn captured<C: Capture>(c: C) -> Captured<C, C::Kernel> {
    Captured {
        value: c,
        declare: C::declare,
        bind: C::bind,
        shapes: C::shapes,
        launched: C::launched,
        home: C::home,
    }
}

impl<C, K> Capture for Captured<C, K> {
    type Kernel = K;
    fn declare(&self, b: &mut KernelBuilder) -> K {
        (self.declare)(&self.value, b)
    }
    fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
        (self.bind)(&self.value, binder)
    }
    fn shapes(&self, acc: &Accelerator, out: &mut CaptureShapes) {
        (self.shapes)(&self.value, acc, out)
    }
    fn launched(&self) {
        (self.launched)(&self.value)
    }
    fn home(&self) -> Option<&Accelerator> {
        (self.home)(&self.value)
    }
}

/// All captures of a kernel closure, as a tuple of references.
pub trait Captures {
    /// The kernel-side tuple.
    type Kernel;
    /// Declares every capture, in order.
    fn declare(&self, b: &mut KernelBuilder) -> Self::Kernel;
    /// Binds every capture, in order.
    fn bind(&self, binder: &mut Binder<'_>) -> Result<()>;
    /// What the captures' bindings look like on `acc`, in order.
    fn shapes(&self, acc: &Accelerator) -> CaptureShapes;
    /// After submission.
    fn launched(&self);
    /// The first captured value that belongs to an accelerator other than `than` (with
    /// `None`: to any accelerator), and its accelerator.
    fn other_home(&self, than: Option<&Accelerator>) -> Option<&Accelerator>;
}

/// [`Captures`] for the tuples of 0 to 16 captures (`amp_spec::MAX_CAPTURES`):
/// one invocation lists the names and indices; each step implements the tuple of the names
/// taken so far and takes the next one.
macro_rules! captures {
    (@impl $($c:ident $i:tt),*) => {
        impl<$($c: Capture),*> Captures for ($($c,)*) {
            type Kernel = ($($c::Kernel,)*);
            #[allow(unused_variables, clippy::unused_unit)]
            fn declare(&self, b: &mut KernelBuilder) -> Self::Kernel {
                ($(self.$i.declare(b),)*)
            }
            #[allow(unused_variables)]
            fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
                $(self.$i.bind(binder)?;)*
                Ok(())
            }
            #[allow(unused_variables, unused_mut)]
            fn shapes(&self, acc: &Accelerator) -> CaptureShapes {
                let mut out = CaptureShapes::default();
                $(self.$i.shapes(acc, &mut out);)*
                out
            }
            fn launched(&self) {
                $(self.$i.launched();)*
            }
            #[allow(unused_variables)]
            fn other_home(&self, than: Option<&Accelerator>) -> Option<&Accelerator> {
                $(
                    if let Some(home) = self.$i.home() {
                        if than != Some(home) {
                            return Some(home);
                        }
                    }
                )*
                None
            }
        }
    };
    ([$($c:ident $i:tt),*] $next:ident $n:tt $(, $rest:ident $r:tt)*) => {
        captures!(@impl $($c $i),*);
        captures!([$($c $i,)* $next $n] $($rest $r),*);
    };
    ([$($c:ident $i:tt),*]) => {
        captures!(@impl $($c $i),*);
    };
}
captures!([] A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14, P 15);

/// A scalar that generic host code can both capture and use in kernels: write
/// `T: Numeric + KernelScalar` on a generic function that launches a kernel over `T`.
pub trait KernelScalar: Scalar + Capture<Kernel = KernelValue<Self>> {}
impl<T: Scalar + Capture<Kernel = KernelValue<T>>> KernelScalar for T {}

macro_rules! vector_capture {
    ($($n:literal),*) => {$(
        impl<T: Component> Capture for Vector<T, $n> {
            type Kernel = KernelValue<Vector<T, $n>>;
            fn declare(&self, b: &mut KernelBuilder) -> Self::Kernel {
                b.param::<Self>()
            }
            fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
                binder.args.value(*self);
                Ok(())
            }
        }
    )*};
}
vector_capture!(2, 3, 4);

impl Binder<'_> {
    /// Fills a texture's slot with `count` mip levels of `texture` from `first` (one level for
    /// a texture the kernel writes), checked against how the kernel binds it: the texture must
    /// be on the launch's accelerator, and its format must allow the access.
    pub(crate) fn texture<T: Texel, const N: usize>(
        &mut self,
        texture: &Texture<T, N>,
        (first, count): (u32, u32),
        access: TexelAccess,
    ) -> Result<()> {
        let data = &texture.inner;
        if &data.acc != self.accelerator {
            return Err(Error::Texture(TextureError {
                texture: crate::texture::type_name::<T, N>(),
                problem: TextureProblem::OtherAccelerator {
                    texture_on: data.acc.description().to_owned(),
                    runs_on: self.accelerator.description().to_owned(),
                },
            }));
        }
        let unsupported = |what, hint| {
            Error::Texture(TextureError {
                texture: crate::texture::type_name::<T, N>(),
                problem: TextureProblem::Unsupported {
                    format: data.format,
                    what,
                    accelerator: self.accelerator.description().to_owned(),
                    hint,
                },
            })
        };
        let usages = data.texture.usage();
        match access {
            TexelAccess::Read => {}
            TexelAccess::ReadWrite if !data.format.read_write() => {
                return Err(unsupported(
                    "read and write in one kernel",
                    ": a kernel reads and writes textures of one 32-bit component only; \
                     capture a ConstTextureView (tex.const_view()) to read it or a TextureView \
                     (tex.view()) to write it",
                ))
            }
            _ if !usages.contains(wgpu::TextureUsages::STORAGE_BINDING) => {
                return Err(unsupported(
                    "write in kernels",
                    ": make the texture with another number of bits per component",
                ))
            }
            _ => {}
        }
        self.shared |= data.shared.load(std::sync::atomic::Ordering::Relaxed);
        let extent = texture.extent_at(first).0;
        let view = texture.wgpu_view(first, count);
        self.args.texture(&extent, Resource::Texture(view));
        Ok(())
    }

    /// Fills a sampler's slot.
    pub(crate) fn sampler(&mut self, sampler: &Sampler) -> Result<()> {
        let made = sampler.on(self.accelerator)?;
        self.args.sampler(Resource::Sampler(made));
        Ok(())
    }
}

/// `Texture`, `TextureView`, `ConstTextureView` and `WriteonlyTextureView` captures: each
/// binds the levels it shows, with the access its type gives (see `texture.rs`).
macro_rules! texture_capture {
    ($ty:ty, $access:ty, |$this:ident| $levels:expr) => {
        impl<T: Texel, const N: usize> KernelType for $ty
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            type KernelValue = KernelTexture<T, N, $access>;
        }

        impl<T: Texel, const N: usize> Capture for $ty
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            type Kernel = KernelTexture<T, N, $access>;
            fn declare(&self, b: &mut KernelBuilder) -> Self::Kernel {
                KernelTexture::declare(b)
            }
            fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
                let $this = self;
                let (texture, levels) = $levels;
                binder.texture(texture, levels, <$access as TextureAccess>::ACCESS)
            }
            fn shapes(&self, _: &Accelerator, out: &mut CaptureShapes) {
                let $this = self;
                let (texture, _) = $levels;
                out.resources.push(ResourceShape::Texture(texture.format()));
            }
            fn home(&self) -> Option<&Accelerator> {
                let $this = self;
                let (texture, _) = $levels;
                Some(texture.accelerator())
            }
        }
    };
}
texture_capture!(Texture<T, N>, T::TextureAccess, |t| (t, (0, match <T::TextureAccess as TextureAccess>::ACCESS {
    TexelAccess::Read => t.mip_levels(),
    _ => 1,
})));
texture_capture!(TextureView<'_, T, N>, T::ViewAccess, |v| (
    v.texture,
    (v.level, 1)
));
texture_capture!(ConstTextureView<'_, T, N>, ReadOnly, |v| (
    v.texture,
    (v.first, v.count)
));
texture_capture!(WriteonlyTextureView<'_, T, N>, WriteOnly, |v| (
    v.texture,
    (v.level, 1)
));

impl KernelType for Sampler {
    type KernelValue = KernelSampler;
}

impl Capture for Sampler {
    type Kernel = KernelSampler;
    fn declare(&self, b: &mut KernelBuilder) -> KernelSampler {
        KernelSampler::declare(b)
    }
    fn bind(&self, binder: &mut Binder<'_>) -> Result<()> {
        binder.sampler(self)
    }
    fn shapes(&self, _: &Accelerator, out: &mut CaptureShapes) {
        out.resources.push(ResourceShape::Sampler {
            filtering: self.filter() == Filter::Linear,
        });
    }
}
