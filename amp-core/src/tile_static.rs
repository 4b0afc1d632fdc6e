//! `tile_static` memory: variables shared by the threads of a tile (C++ AMP's `tile_static`
//! storage class), declared in kernels as `#[tile_static] let mut t: [[f32; 16]; 16];`.
//!
//! Each declaration is one naga `workgroup` variable. A [`TileStatic`] is a place, not a value:
//! indexing an array yields the element's place (a row of a 2-D array is again a `TileStatic`),
//! and only a scalar element is loaded or stored. Like C++ AMP's, tile_static variables have no
//! initializer; their contents are undefined until written.

use crate::builder::{KernelBuilder, KernelValue, Var};
use crate::place::Root;
use crate::types::{Element, Value};
use naga::{ArraySize, Expression, Handle, Statement, TypeInner};
use std::num::NonZeroU32;

pub use crate::place::Place;

/// A type that tile_static memory and local arrays can hold: every [`Element`] (scalars, short
/// vectors, `#[derive(Element)]` structs), and fixed-size arrays of them (any depth).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be held in tile_static memory or a local array",
    note = "tile_static variables and local arrays hold kernel scalars, short vectors and #[derive(Element)] structs, or fixed-size arrays of them (e.g. [[f32; 16]; 16]); a generic `T` needs the bound `T: amp::Element`"
)]
pub trait TileType: 'static {
    /// The naga type.
    fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type>;
    /// Size in bytes, as an array element (a multiple of the alignment).
    const SIZE: u32;
    /// What an element access yields: a loaded value for values, a place for arrays.
    type Place;
    /// The value (or the place) of an element at `place`.
    fn place(b: &mut KernelBuilder, place: Place<Self>) -> Self::Place
    where
        Self: Sized;
    /// Declares a tile_static variable of this type ([`DeclareMemory::tile_static`]). Kernels
    /// declare one through the type (`<T as TileType>::declare_tile_static`), so that a type
    /// tile_static memory cannot hold is reported at the user's type, with no note on the
    /// builder's signature.
    fn declare_tile_static(b: &mut KernelBuilder, name: Option<&str>) -> Place<Self>
    where
        Self: Sized,
    {
        b.tile_static::<Self>(name)
    }
}

impl<T: Element> TileType for T {
    fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
        T::naga_type(b)
    }
    // naga's array stride: the size rounded up to the alignment (a vec3's is 16, an f16's 2;
    // a `bool`, which has no storage alignment, is a word).
    const SIZE: u32 = {
        let align = if T::ALIGN == 0 { 4 } else { T::ALIGN };
        (T::BYTES as u32).div_ceil(align) * align
    };
    type Place = KernelValue<T>;
    fn place(b: &mut KernelBuilder, place: Place<T>) -> KernelValue<T> {
        crate::value::Read::read(place, b)
    }
}

impl<E: TileType, const A: usize> TileType for [E; A] {
    fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
        let base = E::naga_type(b);
        let size = NonZeroU32::new(A as u32).map_or(ArraySize::Dynamic, ArraySize::Constant);
        b.intern_type(TypeInner::Array {
            base,
            size,
            stride: E::SIZE,
        })
    }
    // Saturating: an array too large for the accelerator is an error where it is declared,
    // never a wrapped size.
    const SIZE: u32 = if A > u32::MAX as usize {
        u32::MAX
    } else {
        E::SIZE.saturating_mul(A as u32)
    };
    type Place = Place<[E; A]>;
    fn place(_: &mut KernelBuilder, place: Place<[E; A]>) -> Self::Place {
        place
    }
}

/// A place in tile_static memory.
pub type TileStatic<T> = Place<T>;

/// The initializer of a local array: `[e; N]` or `[a, b, c]`, nested for more dimensions.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot initialize a kernel array",
    note = "kernel arrays hold kernel values (scalars, short vectors, #[derive(Element)] structs): `[0.0f32; 16]`, `[a, b, c]`, `[[0; 4]; 4]`"
)]
pub trait ArrayInit {
    /// The array's type.
    type Type: TileType;
    /// The naga expression of the whole value.
    fn compose(self, b: &mut KernelBuilder) -> Handle<Expression>;
}

impl<T: Element> ArrayInit for KernelValue<T> {
    type Type = T;
    fn compose(self, _: &mut KernelBuilder) -> Handle<Expression> {
        self.handle()
    }
}

pub use amp_spec::MAX_LOCAL_ARRAY;
/// The most bytes a local array may take, as [`MAX_LOCAL_ARRAY`] bounds its elements per level:
/// a thread's private memory is small (CUDA allows 512 KiB per thread).
pub const MAX_LOCAL_ARRAY_BYTES: u32 = 512 * 1024;

/// `[value; N]` in a kernel: one value, repeated when the array is built (so that a large `N`
/// never builds `N` values on the host).
#[derive(Clone, Copy)]
pub struct Repeat<I, const N: usize>(pub I);

impl<I: ArrayInit, const N: usize> ArrayInit for Repeat<I, N> {
    type Type = [I::Type; N];
    fn compose(self, b: &mut KernelBuilder) -> Handle<Expression> {
        let ty = <[I::Type; N]>::naga_type(b);
        if N == 0 || N > MAX_LOCAL_ARRAY {
            b.error(format!(
                "a local array of {N} elements: local arrays hold 1 to {MAX_LOCAL_ARRAY} \
                 elements per dimension (a thread's private memory); use a view for more data"
            ));
            return b.append(Expression::ZeroValue(ty));
        }
        let one = self.0.compose(b);
        b.append(Expression::Compose {
            ty,
            components: vec![one; N],
        })
    }
}

impl<I: ArrayInit, const N: usize> ArrayInit for [I; N] {
    type Type = [I::Type; N];
    fn compose(self, b: &mut KernelBuilder) -> Handle<Expression> {
        let components = self.into_iter().map(|i| i.compose(b)).collect();
        let ty = <[I::Type; N]>::naga_type(b);
        b.append(Expression::Compose { ty, components })
    }
}

/// The largest tile_static variable a kernel can declare at all (naga's limit on a type's
/// size); what a device allows is checked at launch.
const MAX_TILE_STATIC_BYTES: u32 = i32::MAX as u32;

/// What a mutable local (`let mut x = init;`) can hold: a kernel value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `let mut` local in a kernel",
    label = "not a kernel value",
    note = "a `let mut` local holds a kernel value (numbers, bool, Index, Extent, short vectors, #[derive(Element)] structs); views and sections are bound with `let`, and a call that returns nothing has no value"
)]
pub trait LocalInit<T> {
    /// The value.
    fn value(self) -> KernelValue<T>;
}

#[diagnostic::do_not_recommend]
impl<T> LocalInit<T> for KernelValue<T> {
    fn value(self) -> KernelValue<T> {
        self
    }
}

/// The declarations of kernel memory, as the expansion of a kernel body makes them: mutable
/// locals (`let mut x = 0;`), local arrays (`let mut a = [0.0f32; 16];`) and tile_static
/// variables (`#[tile_static] let mut t: T;`). A trait of the builder, which every kernel's
/// expansion brings into scope, rather than inherent methods, so that a type they cannot hold is
/// [`Value`]'s, [`TileType`]'s or [`ArrayInit`]'s error with a note naming a public path.
pub trait DeclareMemory {
    /// Declares a mutable local initialised with `init`.
    fn var<T: Value, I: LocalInit<T>>(&mut self, name: Option<&str>, init: I) -> Var<T>;
    /// Declares a local array initialised with `init`.
    fn local_array<I: ArrayInit>(&mut self, name: Option<&str>, init: I) -> Place<I::Type>;
    /// Declares a tile_static variable (only valid in tiled kernels).
    fn tile_static<T: TileType>(&mut self, name: Option<&str>) -> Place<T>;
}

impl DeclareMemory for KernelBuilder {
    fn var<T: Value, I: LocalInit<T>>(&mut self, name: Option<&str>, init: I) -> Var<T> {
        let var = self.var_uninit::<T>(name);
        self.store(var, init.value());
        var
    }

    fn local_array<I: ArrayInit>(&mut self, name: Option<&str>, init: I) -> Place<I::Type> {
        if I::Type::SIZE > MAX_LOCAL_ARRAY_BYTES {
            self.error(format!(
                "a local array of {} bytes: local arrays take at most {MAX_LOCAL_ARRAY_BYTES} \
                 bytes (a thread's private memory); use a view for more data",
                I::Type::SIZE
            ));
        }
        self.local_array_bytes += u64::from(I::Type::SIZE);
        if let Some(limit) = self.local_array_limit {
            if self.local_array_bytes > u64::from(limit) {
                self.error(format!(
                    "this kernel's local arrays take {} bytes per thread: this accelerator \
                     holds at most {limit} (a CPU device keeps them on its threads' stacks); \
                     use smaller arrays, or tile_static memory or a view for more data",
                    self.local_array_bytes
                ));
            }
        }
        let ty = I::Type::naga_type(self);
        let span = self.span();
        let value = init.compose(self);
        let local = self.cur.function.local_variables.append(
            naga::LocalVariable {
                name: name.map(str::to_owned),
                ty,
                init: None,
            },
            span,
        );
        let pointer = self.append(Expression::LocalVariable(local));
        self.push(Statement::Store { pointer, value });
        Place::at(pointer, Root::Local, None)
    }

    fn tile_static<T: TileType>(&mut self, name: Option<&str>) -> Place<T> {
        if !self.tiled {
            self.error(
                "tile_static variables are only allowed in tiled kernels (launched over \
                 extent.tile::<...>())",
            );
        }
        if T::SIZE == 0 {
            self.error("a tile_static array must have at least one element");
        } else if T::SIZE > MAX_TILE_STATIC_BYTES {
            self.error(format!(
                "this tile_static variable needs {} bytes: far more than any accelerator has \
                 (tiles share tens of KiB; C++ AMP guarantees 32 KiB)",
                T::SIZE
            ));
        }
        self.layout.tile_static_bytes = self.layout.tile_static_bytes.saturating_add(T::SIZE);
        let ty = T::naga_type(self);
        let global = self.module.global_variables.append(
            naga::GlobalVariable {
                name: name.map(str::to_owned),
                space: naga::AddressSpace::WorkGroup,
                binding: None,
                ty,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            naga::Span::UNDEFINED,
        );
        Place::at(
            self.append(Expression::GlobalVariable(global)),
            Root::TileStatic(global),
            None,
        )
    }
}

/// Proof that a kernel closure is tiled: its index is a `TiledIndex`.
#[diagnostic::on_unimplemented(
    message = "tile_static variables are only allowed in tiled kernels",
    label = "this kernel is not tiled",
    note = "launch over `extent.tile::<...>()` so the kernel receives a TiledIndex (C++ AMP C3600)"
)]
pub trait Tiled {}
impl<const N: usize> Tiled for crate::tile::TiledIndex<N> {}

/// Compile-time check that a closure kernel declaring tile_static memory is tiled.
pub fn assert_tiled<T: Tiled>(_: &T) {}

/// What `for x in value` iterates in a kernel besides ranges: arrays.
#[diagnostic::on_unimplemented(
    message = "kernels cannot iterate over this value",
    label = "not a range or an array",
    note = "`for` loops in kernels iterate over a range (`a..b`, `a..=b`, `.step_by(n)`, `.rev()`) or an array (`[16, 8, 4]`, a `const` array, a local array)"
)]
pub trait ForArray {
    /// The array iterated.
    type Array;
    /// The array.
    fn array(self) -> Self::Array;
}

#[diagnostic::do_not_recommend]
impl<E, const A: usize> ForArray for Place<[E; A]> {
    type Array = Self;
    fn array(self) -> Self {
        self
    }
}

impl<E, const A: usize> Place<[E; A]> {
    /// The number of elements, as a kernel `i32` (`for x in array`).
    pub fn for_len(&self, b: &mut KernelBuilder) -> KernelValue<i32> {
        b.literal(i32::try_from(A).unwrap_or(i32::MAX))
    }
}
