//! `tile_static` memory: variables shared by the threads of a tile (C++ AMP's `tile_static`
//! storage class), declared in kernels as `#[tile_static] let mut t: [[f32; 16]; 16];`.
//!
//! Each declaration is one naga `workgroup` variable. A [`TileStatic`] is a place, not a value:
//! indexing an array yields the element's place (a row of a 2-D array is again a `TileStatic`),
//! and only a scalar element is loaded or stored. Like C++ AMP's, tile_static variables have no
//! initializer; their contents are undefined until written.

use crate::atomic::{atomic_methods, AtomicInt};
use crate::builder::{AccessKind, Check, CheckBuilder, CheckId, Expr, KernelBuilder, Read};
use crate::lang::Assign;
use crate::types::{type_of, Scalar};
use crate::view::{IndexConst, IndexInt, IndexRead, IndexWrite};
use naga::{ArraySize, Expression, Handle, Statement, TypeInner};
use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A type that tile_static memory can hold: `i32`, `u32`, `f32`, and arrays of them (any depth).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be held in tile_static memory",
    note = "tile_static variables hold i32, u32 or f32, or fixed-size arrays of them (e.g. [[f32; 16]; 16])"
)]
pub trait TileType: 'static {
    /// The naga type.
    fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type>;
    /// Size in bytes.
    const SIZE: u32;
    /// What an element access yields: a loaded value for scalars, a place for arrays.
    type Place;
    /// The place (or loaded value) at `pointer`, reached through indices checked by `check`.
    fn place(
        b: &mut KernelBuilder,
        pointer: Handle<Expression>,
        root: Root,
        check: Option<Check>,
    ) -> Self::Place;
}

macro_rules! scalar_tile_type {
    ($($t:ty),*) => {$(
        impl TileType for $t {
            fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                type_of::<$t>(b)
            }
            const SIZE: u32 = 4;
            type Place = Expr<$t>;
            fn place(
                b: &mut KernelBuilder,
                pointer: Handle<Expression>,
                _: Root,
                check: Option<Check>,
            ) -> Expr<$t> {
                let value = b.append(Expression::Load { pointer });
                Expr::from_handle(b.checked_value(check, value))
            }
        }
    )*};
}
scalar_tile_type!(i32, u32, f32);

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
    const SIZE: u32 = E::SIZE * A as u32;
    type Place = Place<[E; A]>;
    fn place(
        b: &mut KernelBuilder,
        pointer: Handle<Expression>,
        root: Root,
        check: Option<Check>,
    ) -> Self::Place {
        Place::at(pointer, root, check.map(|c| b.keep_check(c)))
    }
}

/// A place holding a `T`: in tile_static memory, or a local array of a kernel function.
/// Indexing an array place yields the element's place; only scalar elements are loaded and
/// stored.
pub struct Place<T> {
    pointer: Handle<Expression>,
    /// The tile_static variable this place is in (`None` for local arrays).
    root: Root,
    /// The run-time check of the indices that led here (checked kernels, unproven indices),
    /// kept by the builder.
    check: Option<CheckId>,
    _ty: PhantomData<fn() -> T>,
}

impl<T> Clone for Place<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Place<T> {}

impl<T> Place<T> {
    fn at(pointer: Handle<Expression>, root: Root, check: Option<CheckId>) -> Self {
        Place {
            pointer,
            root,
            check,
            _ty: PhantomData,
        }
    }

    fn kind(&self) -> AccessKind {
        match self.root {
            Some(_) => AccessKind::TileStatic,
            None => AccessKind::LocalArray,
        }
    }

    fn check(&self, b: &KernelBuilder) -> Option<Check> {
        self.check.and_then(|id| b.check(id))
    }
}

impl<E, const A: usize> Place<[E; A]> {
    /// A build error for the constant index `i`, out of range.
    fn out_of_range(&self, b: &mut KernelBuilder, i: i128) {
        let what = match self.root {
            Some(_) => "tile_static",
            None => "local",
        };
        b.error(format!(
            "index {i} is always out of range for this {what} array of {A} elements"
        ));
    }

    /// The pointer to element `i` and the check of the whole access so far. A literal index
    /// out of range is a build error at the access; an index the range analysis cannot prove
    /// in range is checked in checked kernels.
    fn element(
        &self,
        b: &mut KernelBuilder,
        i: Handle<Expression>,
    ) -> (Handle<Expression>, Option<Check>) {
        if let Some(interval) = b.interval(i) {
            if interval.lo == interval.hi && (interval.lo < 0 || interval.lo >= A as i128) {
                self.out_of_range(b, interval.lo);
            }
        }
        let outer = self.check(b);
        let mut check = CheckBuilder::extend(outer.as_ref(), self.kind());
        let index = check.level(b, i, A as u32);
        let pointer = b.append(Expression::Access {
            base: self.pointer,
            index,
        });
        (pointer, check.finish())
    }
}

/// A place in tile_static memory.
pub type TileStatic<T> = Place<T>;

/// The tile_static variable a place is in; `None` for a local array.
type Root = Option<Handle<naga::GlobalVariable>>;

impl<T> Place<T> {
    /// Readies this place for an atomic operation: its tile_static variable holds atomics from
    /// now on (as a view's array does). A local array is private to its thread: atomics on it
    /// are a build error at the call.
    fn make_atomic(&self, b: &mut KernelBuilder) {
        match self.root {
            Some(global) => b.make_atomic(global),
            None => b.error("atomics work on tile_static memory and views, not on local arrays"),
        }
    }
}

/// Atomics on the elements of a tile_static array of `i32`/`u32`: `local.atomic_fetch_add(i,
/// 1u32)`; for a 2-D array, `grid[r].atomic_fetch_add(c, x)`. The same operations as views'.
impl<E: TileType, const A: usize> Place<[E; A]> {
    atomic_methods! {
        E, |place, b, i: Expr<impl IndexInt>| {
            place.make_atomic(b);
            place.element(b, i.handle())
        },
        where { E: AtomicInt }
    }
}

/// Atomics on a scalar tile_static variable of `i32`/`u32`: `count.atomic_fetch_add(1u32)`.
impl<T: Scalar + TileType> Place<T> {
    atomic_methods! {
        T, |place, b| {
            place.make_atomic(b);
            (place.pointer, place.check(b))
        },
        where { T: AtomicInt }
    }
}

/// The initializer of a local array: `[e; N]` or `[a, b, c]`, nested for more dimensions.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot initialize a kernel array",
    note = "kernel arrays hold i32, u32 or f32: `[0.0f32; 16]`, `[a, b, c]`, `[[0; 4]; 4]`"
)]
pub trait ArrayInit {
    /// The array's type.
    type Type: TileType;
    /// The naga expression of the whole value.
    fn compose(self, b: &mut KernelBuilder) -> Handle<Expression>;
}

macro_rules! scalar_init {
    ($($t:ty),*) => {$(
        impl ArrayInit for Expr<$t> {
            type Type = $t;
            fn compose(self, _: &mut KernelBuilder) -> Handle<Expression> {
                self.handle()
            }
        }
    )*};
}
scalar_init!(i32, u32, f32);

impl<I: ArrayInit, const N: usize> ArrayInit for [I; N] {
    type Type = [I::Type; N];
    fn compose(self, b: &mut KernelBuilder) -> Handle<Expression> {
        let components = self.into_iter().map(|i| i.compose(b)).collect();
        let ty = <[I::Type; N]>::naga_type(b);
        b.append(Expression::Compose { ty, components })
    }
}

impl KernelBuilder {
    /// Declares a local array (`let mut a = [0.0f32; 16];`) initialised with `init`.
    pub fn local_array<I: ArrayInit>(&mut self, name: Option<&str>, init: I) -> Place<I::Type> {
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
        Place::at(pointer, None, None)
    }

    /// Declares a tile_static variable (only valid in tiled kernels).
    pub fn tile_static<T: TileType>(&mut self, name: Option<&str>) -> Place<T> {
        if !self.tiled {
            self.error(
                "tile_static variables are only allowed in tiled kernels (launched over \
                 extent.tile::<...>())",
            );
        }
        if T::SIZE == 0 {
            self.error("a tile_static array must have at least one element");
        }
        self.layout.tile_static_bytes += T::SIZE;
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
            Some(global),
            None,
        )
    }
}

/// A scalar tile_static variable reads as its value.
impl<T: Scalar + TileType> Read for Place<T> {
    type Output = Expr<T>;
    fn read(self, b: &mut KernelBuilder) -> Expr<T> {
        let value = b.append(Expression::Load {
            pointer: self.pointer,
        });
        let check = self.check(b);
        Expr::from_handle(b.checked_value(check, value))
    }
}

/// An array tile_static variable reads as its place.
impl<E: TileType, const A: usize> Read for Place<[E; A]> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

impl<T: Scalar + TileType> Assign<Expr<T>> for Place<T> {
    fn assign(self, b: &mut KernelBuilder, value: Expr<T>) {
        let stmt = Statement::Store {
            pointer: self.pointer,
            value: value.handle(),
        };
        b.checked_statement(self.check(b), stmt);
    }
}

impl<E: TileType, const A: usize, I: IndexInt> IndexRead<Expr<I>> for Place<[E; A]> {
    type Output = E::Place;
    fn index_read(self, b: &mut KernelBuilder, i: Expr<I>) -> E::Place {
        let (pointer, check) = self.element(b, i.handle());
        E::place(b, pointer, self.root, check)
    }
}

impl<E: TileType, const A: usize> IndexConst for Place<[E; A]> {
    type Output = E::Place;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> E::Place {
        if i as usize >= A {
            self.out_of_range(b, i.into());
        }
        let pointer = b.append(Expression::AccessIndex {
            base: self.pointer,
            index: i.min(A.saturating_sub(1) as u32),
        });
        let check = self.check(b);
        E::place(b, pointer, self.root, check)
    }
}

impl<T: Scalar + TileType, const A: usize, I: IndexInt> IndexWrite<Expr<I>, Expr<T>>
    for Place<[T; A]>
{
    fn index_write(self, b: &mut KernelBuilder, i: Expr<I>, value: Expr<T>) {
        let (pointer, check) = self.element(b, i.handle());
        let stmt = Statement::Store {
            pointer,
            value: value.handle(),
        };
        b.checked_statement(check, stmt);
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
