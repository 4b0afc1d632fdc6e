//! User structs in kernels: `#[derive(Element)]` on a `#[repr(C)]` struct whose fields are
//! kernel scalars, short vectors, other such structs, or fixed-size arrays of those.
//!
//! One layout, host and device: the struct is a naga struct whose members sit at the byte
//! offsets `#[repr(C)]` gives the fields, so views and arrays of it move as the host's bytes. The
//! derive checks at compile time that every field starts where the accelerator can address it
//! (a `Float3`/`Float4` at a multiple of 16 bytes, a `Float2` or a 64-bit scalar at a multiple of
//! 8) and that the struct's size is a multiple of its alignment (so that an array of it has the
//! host's stride); otherwise it says which field needs padding.
//!
//! Inside kernels a struct is a value ([`KernelValue`]): `let p = v[i];`, `p.pos`, struct literals,
//! arguments and results of `#[kernel]` functions. Fields are reached by name through
//! [`Struct::Fields`], a struct the derive generates with the same field names whose fields are
//! [`FieldOf`] selectors (zero-sized, carrying the field's type and member index), so that rustc
//! resolves `p.pos` and reports a misspelt field at the user's token.

use crate::builder::{KernelBuilder, KernelValue};
use crate::place::Place;
use crate::tile::TiledIndex;
use crate::types::Element;
use naga::{ArraySize, Expression, Handle, StructMember, Type, TypeInner};
use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A type that can be a field of a `#[derive(Element)]` struct: every [`Element`] but `bool`,
/// and fixed-size arrays of them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of a kernel struct",
    label = "not a kernel field type",
    note = "fields of #[derive(Element)] structs are i32, u32, f32 (f64, i64, u64 where the accelerator has them), short vectors (Float4, Int2, ...), other #[derive(Element)] structs, and fixed-size arrays of these"
)]
pub trait Member: Copy + 'static {
    /// The alignment in bytes the accelerator needs for it.
    const ALIGN: u32;
    /// 32-bit words it takes (on the host and on the accelerator).
    const WORDS: usize;
    /// Why it cannot be a field (see [`Problem`]), or [`Problem::None`].
    const PROBLEM: Problem;
    /// Whether its host bytes are its device bytes, without padding ([`Element::PLAIN`]).
    const PLAIN: bool;
    /// Its naga type as a struct member.
    fn member_type(b: &mut KernelBuilder) -> Handle<Type>;
    /// Writes its device representation into `out` (`WORDS` words).
    fn write_member(self, out: &mut [u32]);
    /// Reads it from its device representation.
    fn read_member(words: &[u32]) -> Self;
    /// The value in launch parameter words `word..word + WORDS`.
    fn param_member(b: &mut KernelBuilder, word: u32) -> Handle<Expression>;
}

/// Why a type cannot be a struct field; the derive turns it into a compile error that names
/// the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// It can be one.
    None,
    /// `bool`: no storage representation on the accelerator.
    Bool,
    /// An array of 3-component vectors: a 16-byte stride on the accelerator, 12 on the host.
    Vec3Array,
    /// An array of no elements.
    EmptyArray,
    /// `f16` or a vector of them: packed two bytes a component in a buffer, while the struct's
    /// word encoding (launch parameters, transfers of structs with padding) gives each
    /// component a word. Not supported in structs yet.
    Half,
}

impl Problem {
    /// As a number, for matching in constant evaluation.
    pub const fn code(self) -> u32 {
        self as u32
    }
}

impl<T: Element> Member for T {
    const ALIGN: u32 = T::ALIGN;
    const WORDS: usize = T::WORDS;
    const PROBLEM: Problem = if T::ALIGN == 0 {
        Problem::Bool
    } else if T::BYTES != T::WORDS * 4 {
        Problem::Half
    } else {
        Problem::None
    };
    const PLAIN: bool = T::PLAIN;
    fn member_type(b: &mut KernelBuilder) -> Handle<Type> {
        T::naga_type(b)
    }
    fn write_member(self, out: &mut [u32]) {
        let mut words = Vec::with_capacity(T::WORDS);
        self.write_words(&mut words);
        out.iter_mut().zip(words).for_each(|(o, w)| *o = w);
    }
    fn read_member(words: &[u32]) -> Self {
        T::read_words(words)
    }
    fn param_member(b: &mut KernelBuilder, word: u32) -> Handle<Expression> {
        T::param_value(b, word)
    }
}

impl<M: Member, const N: usize> Member for [M; N] {
    const ALIGN: u32 = M::ALIGN;
    const WORDS: usize = M::WORDS * N;
    // An array has no padding between its elements: their size is a multiple of their alignment.
    const PLAIN: bool = M::PLAIN;
    const PROBLEM: Problem = match M::PROBLEM {
        Problem::None if N == 0 => Problem::EmptyArray,
        Problem::None if M::ALIGN != 0 && !(M::WORDS as u32 * 4).is_multiple_of(M::ALIGN) => {
            Problem::Vec3Array
        }
        other => other,
    };
    fn member_type(b: &mut KernelBuilder) -> Handle<Type> {
        let base = M::member_type(b);
        let size = NonZeroU32::new(N as u32).map_or(ArraySize::Dynamic, ArraySize::Constant);
        b.intern_type(TypeInner::Array {
            base,
            size,
            stride: M::WORDS as u32 * 4,
        })
    }
    fn write_member(self, out: &mut [u32]) {
        for (k, m) in self.into_iter().enumerate() {
            if let Some(slot) = out.get_mut(k * M::WORDS..) {
                m.write_member(slot);
            }
        }
    }
    fn read_member(words: &[u32]) -> Self {
        std::array::from_fn(|k| M::read_member(words.get(k * M::WORDS..).unwrap_or(&[])))
    }
    fn param_member(b: &mut KernelBuilder, word: u32) -> Handle<Expression> {
        let components = (0..N)
            .map(|k| M::param_member(b, word + (k * M::WORDS) as u32))
            .collect();
        let ty = Self::member_type(b);
        b.append(Expression::Compose { ty, components })
    }
}

/// A `#[derive(Element)]` struct.
pub trait Struct: Element {
    /// The field selectors: a struct with this struct's field names, each a [`FieldOf`].
    type Fields: Copy;
    /// The selectors.
    const FIELDS: Self::Fields;
    /// The fields as kernel values: a struct with this struct's field names, each an `KernelValue`
    /// (what a struct literal in a kernel builds).
    type Values;
    /// The fields of `value`.
    fn values(value: KernelValue<Self>, b: &mut KernelBuilder) -> Self::Values;
    /// The struct made of `values`.
    fn compose(values: Self::Values, b: &mut KernelBuilder) -> KernelValue<Self>;
}

/// Selects field number `I` (of type `F`) of a struct.
pub struct FieldOf<F, const I: u32>(PhantomData<fn() -> F>);

impl<F, const I: u32> Clone for FieldOf<F, I> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<F, const I: u32> Copy for FieldOf<F, I> {}

impl<F, const I: u32> FieldOf<F, I> {
    /// The selector.
    pub const NEW: Self = FieldOf(PhantomData);
}

/// A kernel value or place with named fields: `#[derive(Element)]` structs and `TiledIndex`.
#[diagnostic::on_unimplemented(
    message = "this kernel value has no fields",
    label = "no fields",
    note = "in kernels, fields belong to #[derive(Element)] structs and to TiledIndex (`t.global`, `t.local`, `t.tile`, `t.barrier`); short vectors have `x()`, `y()`, `z()`, `w()` and `[i]`"
)]
pub trait Project {
    /// What `.name` selects from.
    type Fields;
    /// The fields.
    fn fields(&self) -> Self::Fields;
}

/// A field selected from `B`.
pub trait Select<B> {
    /// The field's value or place.
    type Output;
    /// The field of `base`.
    fn select(self, b: &mut KernelBuilder, base: B) -> Self::Output;
}

/// `base.name` in a kernel: `pick` names the field (`|f| f.name`).
pub fn field<B: Project, S: Select<B>>(
    base: B,
    b: &mut KernelBuilder,
    pick: impl FnOnce(B::Fields) -> S,
) -> S::Output {
    let selector = pick(base.fields());
    selector.select(b, base)
}

impl<S: Struct> Project for KernelValue<S> {
    type Fields = S::Fields;
    fn fields(&self) -> S::Fields {
        S::FIELDS
    }
}

impl<S: Struct> Project for Place<S> {
    type Fields = S::Fields;
    fn fields(&self) -> S::Fields {
        S::FIELDS
    }
}

impl<S: Struct, F, const I: u32> Select<KernelValue<S>> for FieldOf<F, I> {
    type Output = KernelValue<F>;
    fn select(self, b: &mut KernelBuilder, base: KernelValue<S>) -> KernelValue<F> {
        member(base, b, I)
    }
}

impl<S: Struct, F, const I: u32> Select<Place<S>> for FieldOf<F, I> {
    type Output = Place<F>;
    fn select(self, b: &mut KernelBuilder, base: Place<S>) -> Place<F> {
        base.member(b, I)
    }
}

/// Kernel-side values that are Rust structs of kernel values (`TiledIndex`, the outcome of
/// `atomic_compare_exchange`): their fields are their own. Every other kernel value without a
/// `#[derive(Element)]` struct type has no fields, which is this trait's error.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no fields in a kernel",
    label = "no fields",
    note = "in kernels, fields belong to #[derive(Element)] structs and to TiledIndex (`t.global`, `t.local`, `t.tile`, `t.barrier`); short vectors have `x()`, `y()`, `z()`, `w()` and `[i]`"
)]
pub trait PlainFields: Copy {}
impl<const N: usize> PlainFields for TiledIndex<N> {}
impl<T: Copy + 'static> PlainFields for crate::atomic::Exchange<T> {}

impl<P: PlainFields> Project for P {
    type Fields = Self;
    fn fields(&self) -> Self {
        *self
    }
}

impl<T, P: PlainFields> Select<P> for T {
    type Output = T;
    fn select(self, _: &mut KernelBuilder, _: P) -> T {
        self
    }
}

/// Member `index` of a struct (or element `index` of an array) value.
pub fn member<S, F>(value: KernelValue<S>, b: &mut KernelBuilder, index: u32) -> KernelValue<F> {
    KernelValue::from_handle(b.append(Expression::AccessIndex {
        base: value.handle(),
        index,
    }))
}

/// A struct value from its members, in order.
pub fn compose<S: Element>(
    b: &mut KernelBuilder,
    components: Vec<Handle<Expression>>,
) -> KernelValue<S> {
    let ty = S::naga_type(b);
    KernelValue::from_handle(b.append(Expression::Compose { ty, components }))
}

/// One field of a struct, as the derive describes it to [`struct_type`].
pub struct FieldLayout {
    /// The field's name.
    pub name: &'static str,
    /// Its byte offset in the `#[repr(C)]` layout.
    pub offset: usize,
    /// Its naga type.
    pub ty: fn(&mut KernelBuilder) -> Handle<Type>,
}

/// The naga struct type of a `#[derive(Element)]` struct named `name`, of `size` bytes.
pub fn struct_type(
    b: &mut KernelBuilder,
    name: &'static str,
    fields: &[FieldLayout],
    size: usize,
) -> Handle<Type> {
    let members = fields
        .iter()
        .map(|f| StructMember {
            name: Some(f.name.to_owned()),
            ty: (f.ty)(b),
            binding: None,
            offset: f.offset as u32,
        })
        .collect();
    b.intern_named_type(
        name,
        TypeInner::Struct {
            members,
            span: size as u32,
        },
    )
}

/// The alignment of a struct on the accelerator: its fields' largest.
pub const fn struct_align(aligns: &[u32]) -> u32 {
    let mut max = 4;
    let mut k = 0;
    while k < aligns.len() {
        if aligns[k] > max {
            max = aligns[k];
        }
        k += 1;
    }
    max
}

/// A kernel array value (an array field of a struct) indexed by a constant.
impl<M: Member, const N: usize> crate::view::IndexConst for KernelValue<[M; N]> {
    type Output = KernelValue<M>;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> KernelValue<M> {
        if i as usize >= N {
            b.error(format!(
                "index {i} is always out of range for this array of {N} elements"
            ));
        }
        member(self, b, i.min(N.saturating_sub(1) as u32))
    }
}

/// A kernel array value (an array field of a struct) indexed at run time, checked against its
/// length (out of range: element 0 is read, and the fault is recorded).
impl<M: Member, const N: usize, I: crate::view::IndexInt> crate::view::IndexRead<KernelValue<I>>
    for KernelValue<[M; N]>
{
    type Output = KernelValue<M>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<M> {
        let mut check = crate::builder::CheckBuilder::new(crate::builder::AccessKind::LocalArray);
        let index = check.level(b, i.handle(), N as u32);
        let value = b.append(Expression::Access {
            base: self.handle(),
            index,
        });
        let check = check.finish();
        let ty = M::member_type(b);
        KernelValue::from_handle(b.checked_value(check, value, ty))
    }
}

/// Whether a struct of `size` bytes whose fields take `fields` bytes has no padding (the
/// derive's [`Element::PLAIN`] for a struct whose fields are all plain).
pub const fn no_padding(size: usize, fields: &[usize]) -> bool {
    let mut sum = 0;
    let mut k = 0;
    while k < fields.len() {
        sum += fields[k];
        k += 1;
    }
    sum == size
}

/// `data` as its bytes, when they are its device bytes ([`Element::PLAIN`]): transfers copy
/// them as they are.
pub fn plain_bytes<T: Element>(data: &[T]) -> Option<&[u8]> {
    if !T::PLAIN || std::mem::size_of::<T>() != T::WORDS * 4 {
        return None;
    }
    // SAFETY: a plain `T` has no padding, so all `size_of_val(data)` bytes are initialised;
    // `u8` has no alignment requirement, and the borrow keeps `data` alive and unchanged.
    Some(unsafe {
        std::slice::from_raw_parts(data.as_ptr().cast::<u8>(), std::mem::size_of_val(data))
    })
}

/// [`plain_bytes`], to write into.
pub fn plain_bytes_mut<T: Element>(data: &mut [T]) -> Option<&mut [u8]> {
    if !T::PLAIN || std::mem::size_of::<T>() != T::WORDS * 4 {
        return None;
    }
    // SAFETY: as in `plain_bytes`; and every byte pattern is a plain `T` (its fields are
    // numbers), so any bytes written leave valid values.
    Some(unsafe {
        std::slice::from_raw_parts_mut(data.as_mut_ptr().cast::<u8>(), std::mem::size_of_val(data))
    })
}

/// Device bytes `bytes` as the plain `T`s they hold, when `T` is plain ([`Element::PLAIN`]),
/// `bytes` holds whole elements and starts where a `T` may.
pub fn plain_from_bytes<T: Element>(bytes: &[u8]) -> Option<&[T]> {
    let size = std::mem::size_of::<T>();
    if !T::PLAIN
        || size == 0
        || size != T::WORDS * 4
        || !bytes.len().is_multiple_of(size)
        || !(bytes.as_ptr() as usize).is_multiple_of(std::mem::align_of::<T>())
    {
        return None;
    }
    // SAFETY: the pointer is aligned for `T` and covers `bytes.len() / size` whole elements of
    // initialised bytes; every byte pattern is a plain `T`; the borrow of `bytes` bounds the
    // slice's.
    Some(unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<T>(), bytes.len() / size) })
}

/// `len` plain `T`s of zero bytes, allocated zeroed (the system's zero pages, untouched until
/// used); `None` for a type that is not plain, `Some(Err(()))` when the allocation fails.
pub fn plain_zeroed_vec<T: Element>(len: usize) -> Option<Result<Vec<T>, ()>> {
    if !T::PLAIN || std::mem::size_of::<T>() == 0 {
        return None;
    }
    let Ok(layout) = std::alloc::Layout::array::<T>(len) else {
        return Some(Err(()));
    };
    if layout.size() == 0 {
        return Some(Ok(Vec::new()));
    }
    // SAFETY: `layout` has a non-zero size; all-zero bytes are a value of a plain `T` (numbers).
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<T>();
    if ptr.is_null() {
        return Some(Err(()));
    }
    // SAFETY: `ptr` was allocated by the global allocator with `T`'s alignment and the size of
    // `len` values of `T`, all of which are initialised (zeros).
    Some(Ok(unsafe { Vec::from_raw_parts(ptr, len, len) }))
}
