//! The types that exist inside kernels, and how host-side Rust types map onto them.
//!
//! A kernel body is expanded into Rust code that *builds* IR: every kernel-side value is an
//! [`KernelValue<T>`](crate::KernelValue) (a handle to a naga expression of type `T`) or a
//! [`Var<T>`](crate::Var) (a function-local variable). [`KernelType`] maps the type a user writes
//! (`f32`, `Index<2>`, `ArrayView<f32, 2>`) to that kernel-side representation, so rustc's type
//! checker checks kernel bodies against amp's rules.

use crate::builder::{storage_scalar, KernelBuilder};
use crate::shape::{Extent, Index};
use naga::{Expression, Handle, Scalar as NagaScalar, ScalarKind, TypeInner, VectorSize};

/// Maps a type as written in a kernel signature or annotation to its kernel-side representation.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be used inside a kernel",
    label = "not a kernel type",
    note = "kernels take i32, u32, f32, bool, Index<N>, Extent<N>, short vectors, #[derive(Element)] structs and array views; narrow integers (u8, i16, ...), pointers, references and heap types are not supported on the accelerator"
)]
pub trait KernelType {
    /// The kernel-side representation.
    type KernelValue;
}

/// A type whose values live in naga expressions: scalars, [`Index`] and [`Extent`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a kernel value type",
    note = "kernel values are the scalars (i32, u32, f32, bool; f16, f64, i64, u64 where the accelerator has them), Index<N> and Extent<N> of ranks 1 to 8, short vectors and #[derive(Element)] structs"
)]
pub trait Value: Copy + 'static {
    /// The naga type of a value, registered in the module being built.
    fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type>;
    /// A short name for diagnostics (`i32`, `Index<2>`).
    fn name() -> &'static str;
}

pub(crate) mod sealed {
    pub trait Sealed {}
}

/// A scalar type allowed in kernels. Sealed: implemented for `i32`, `u32`, `f32`, `bool`, the
/// 64-bit `f64`, `i64`, `u64` and the 16-bit `f16` (kernels using those need an accelerator
/// that supports them).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a scalar type supported in kernels",
    note = "kernel scalars are i32, u32, f32, bool, and f16/f64/i64/u64 where the accelerator has them; narrow integers (u8, i8, u16, i16, char) are not supported on the accelerator: use i32/u32, or pack bytes into u32 words"
)]
pub trait Scalar:
    Element
    + sealed::Sealed
    + crate::host_ops::HostCast<i32>
    + crate::host_ops::HostCast<u32>
    + crate::host_ops::HostCast<f32>
    + crate::host_ops::HostCast<f64>
    + crate::host_ops::HostCast<i64>
    + crate::host_ops::HostCast<u64>
    + crate::host_ops::HostCast<half::f16>
{
    /// The naga scalar.
    const SCALAR: NagaScalar;
    /// This value as a naga literal.
    fn literal(self) -> naga::Literal;
    /// The range every value of this type lies in, which arithmetic clamps its results to:
    /// `Some` for [`Norm`](crate::norm::Norm) (`-1..=1`) and [`Unorm`](crate::norm::Unorm)
    /// (`0..=1`), `None` for the plain numbers.
    #[doc(hidden)]
    const RANGE: Option<(f32, f32)> = None;
}

/// A type that can be the element of an array view or `Array`: the kernel scalars and the
/// short vectors ([`Float4`](crate::short_vector::Float4) & co.). The host and the accelerator
/// hold the same words per element; a view's buffer is an array of storage *entries*, one per
/// element, or several for the 3-component vectors (see [`ENTRIES`](Element::ENTRIES)).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the element of an array view",
    note = "view and Array elements are i32, u32, f32, bool, f16/f64/i64/u64, the short vectors (Float4, Int2, UInt3, Double2, Half4, ...) and #[repr(C)] structs with #[derive(Element)]; narrow integers (u8, i8, u16, i16, char) are not supported on the accelerator: use i32/u32, or pack bytes into u32 words"
)]
pub trait Element: Value + Send + Sync {
    /// 32-bit words of the value's word encoding ([`write_words`](Element::write_words)): in
    /// launch parameters, and per element in a view's buffer unless [`BYTES`](Element::BYTES)
    /// says otherwise (1, or 2 for 64-bit types; a short vector takes its components' words).
    const WORDS: usize;
    /// Bytes per element in a view's buffer: `4 * WORDS`, except for the 16-bit `f16` and
    /// its short vectors, which are packed there (2 bytes a component) while a launch
    /// parameter holds each component in a word of its own.
    const BYTES: usize = Self::WORDS * 4;
    /// Appends the value's device representation (little-endian words; `bool` is one word).
    fn write_words(self, out: &mut Vec<u32>);
    /// Reads a value from its device representation (`WORDS` words).
    fn read_words(words: &[u32]) -> Self;
    /// Storage entries per element: 1, or 3 for `Float3`/`Int3`/`UInt3`, which are stored as
    /// 3 scalars (a `vec3` in storage takes 16 bytes, the host type 12).
    const ENTRIES: u32;
    /// The alignment in bytes the accelerator needs for this type as a field of a struct
    /// (`#[derive(Element)]`), or 0 where it cannot be one (`bool`, which has no storage
    /// representation of its own).
    const ALIGN: u32;
    /// The naga type of one storage entry (`bool` is stored as a `u32` word; vectors of 2 and
    /// 4 as `vec2`/`vec4`, so their loads are vector loads).
    fn entry_type(b: &mut KernelBuilder) -> Handle<naga::Type>;
    /// The value held in launch parameter words `word..word + WORDS` (a captured value).
    #[doc(hidden)]
    fn param_value(b: &mut KernelBuilder, word: u32) -> Handle<Expression>;
    /// The loaded value from its `ENTRIES` loaded entries.
    #[doc(hidden)]
    fn from_entries(b: &mut KernelBuilder, entries: &[Handle<Expression>]) -> Handle<Expression>;
    /// The `ENTRIES` entries that store `value`.
    #[doc(hidden)]
    fn to_entries(b: &mut KernelBuilder, value: Handle<Expression>) -> Vec<Handle<Expression>>;
    /// Whether the host's bytes of a value are exactly its device bytes, with no padding, and
    /// every byte pattern is a value (numbers, short vectors of them, and `#[derive(Element)]`
    /// structs of those without padding; not `bool`, a byte on the host and a word on the
    /// accelerator). Set only by amp's own impls and the derive, which check it: the
    /// byte-level transfers of [`crate::structs::plain_bytes`] rely on it.
    #[doc(hidden)]
    const PLAIN: bool = false;
    /// `data` as the bytes the accelerator holds, when the host's bytes are those (numbers and
    /// short vectors of them; not `bool`, a byte on the host and a word on the accelerator):
    /// transfers then copy bytes instead of converting each element.
    #[doc(hidden)]
    fn as_device_bytes(data: &[Self]) -> Option<&[u8]> {
        let _ = data;
        None
    }
    /// [`as_device_bytes`](Element::as_device_bytes), to write into.
    #[doc(hidden)]
    fn as_device_bytes_mut(data: &mut [Self]) -> Option<&mut [u8]> {
        let _ = data;
        None
    }
    /// `len` zeros from zeroed memory (pages the system zeroes when first touched, so a large
    /// array costs nothing until it is used), for types whose zero is all-zero bytes: `None`
    /// otherwise, `Some(Err(()))` when the allocation fails.
    #[doc(hidden)]
    fn zeroed_vec(len: usize) -> Option<Result<Vec<Self>, ()>> {
        let _ = len;
        None
    }
    /// Whether a kernel can turn a value into one `u32` word and back without losing a bit
    /// ([`to_word`](Element::to_word), [`from_word`](Element::from_word)): the 32-bit scalars
    /// `i32`, `u32` and `f32` (bit casts).
    #[doc(hidden)]
    const WORD_CAST: bool = false;
    /// In a kernel, the bits of `value` as one `u32` word, where [`WORD_CAST`](Element::WORD_CAST)
    /// holds; `None` otherwise.
    #[doc(hidden)]
    fn to_word(b: &mut KernelBuilder, value: Handle<Expression>) -> Option<Handle<Expression>> {
        let _ = (b, value);
        None
    }
    /// In a kernel, the value whose bits are the `u32` `word`, where
    /// [`WORD_CAST`](Element::WORD_CAST) holds; `None` otherwise.
    #[doc(hidden)]
    fn from_word(b: &mut KernelBuilder, word: Handle<Expression>) -> Option<Handle<Expression>> {
        let _ = (b, word);
        None
    }
}

/// Scalars with arithmetic: `i32`, `u32`, `f32` (and `i64`, `u64`, `f64`, `f16`).
#[diagnostic::on_unimplemented(
    message = "arithmetic on `{Self}` is not supported in kernels",
    note = "arithmetic works on i32, u32 and f32"
)]
pub trait Numeric:
    Scalar + crate::host_ops::HostArith<Output = Self> + crate::host_ops::HostNumeric
{
}

/// Integer scalars: `i32`, `u32` (bit operations, shifts).
#[diagnostic::on_unimplemented(
    message = "bit operations on `{Self}` are not supported in kernels",
    note = "bit operations and shifts work on i32 and u32"
)]
pub trait Integer:
    Numeric
    + crate::host_ops::HostShift<i32>
    + crate::host_ops::HostShift<u32>
    + crate::host_ops::HostBits
{
}

/// Scalars that can be negated: `i32`, `f32`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be negated",
    note = "unary minus works on i32 and f32"
)]
pub trait Signed: Numeric + crate::host_ops::HostNeg<Output = Self> {}

macro_rules! scalar {
    ($t:ty, $naga:expr, $lit:ident, align $align:literal, [$($tr:ident),*] $(, bytes $pod:tt)? $(, packed $bytes:literal)?) => {
        impl sealed::Sealed for $t {}
        impl KernelType for $t {
            type KernelValue = crate::KernelValue<$t>;
        }
        impl Value for $t {
            fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                b.intern_type(TypeInner::Scalar($naga))
            }
            fn name() -> &'static str {
                // The type's own name (`f16`, not `half::f16`).
                let path: &'static str = stringify!($t);
                path.rsplit(':').next().unwrap_or(path).trim()
            }
        }
        impl Scalar for $t {
            const SCALAR: NagaScalar = $naga;
            fn literal(self) -> naga::Literal {
                naga::Literal::$lit(self)
            }
        }
        impl Element for $t {
            const ENTRIES: u32 = 1;
            const ALIGN: u32 = $align;
            fn entry_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                b.intern_type(TypeInner::Scalar(storage_scalar($naga)))
            }
            fn param_value(b: &mut KernelBuilder, word: u32) -> Handle<Expression> {
                b.param_scalar(word, $naga)
            }
            fn from_entries(b: &mut KernelBuilder, entries: &[Handle<Expression>]) -> Handle<Expression> {
                scalar_from_entry(b, entries[0], $naga)
            }
            fn to_entries(b: &mut KernelBuilder, value: Handle<Expression>) -> Vec<Handle<Expression>> {
                vec![scalar_to_entry(b, value, $naga)]
            }
            const WORDS: usize = <$t as WordRepr>::COUNT;
            $(const BYTES: usize = $bytes;)?
            const WORD_CAST: bool = $naga.width == 4 && !matches!($naga.kind, ScalarKind::Bool);
            fn to_word(b: &mut KernelBuilder, value: Handle<Expression>) -> Option<Handle<Expression>> {
                Self::WORD_CAST.then(|| b.append(Expression::As { expr: value, kind: ScalarKind::Uint, convert: None }))
            }
            fn from_word(b: &mut KernelBuilder, word: Handle<Expression>) -> Option<Handle<Expression>> {
                Self::WORD_CAST.then(|| b.append(Expression::As { expr: word, kind: $naga.kind, convert: None }))
            }
            fn write_words(self, out: &mut Vec<u32>) {
                WordRepr::write(self, out)
            }
            fn read_words(words: &[u32]) -> Self {
                <$t as WordRepr>::read(words)
            }
            $(
                const PLAIN: bool = $pod;
                fn as_device_bytes(data: &[Self]) -> Option<&[u8]> {
                    Some(bytemuck::cast_slice(data))
                }
                fn as_device_bytes_mut(data: &mut [Self]) -> Option<&mut [u8]> {
                    Some(bytemuck::cast_slice_mut(data))
                }
                fn zeroed_vec(len: usize) -> Option<Result<Vec<Self>, ()>> {
                    Some(bytemuck::allocation::try_zeroed_vec(len))
                }
            )?
        }
        $(impl $tr for $t {})*
    };
}

/// A loaded scalar entry as the scalar (a `bool` is a non-zero word).
fn scalar_from_entry(
    b: &mut KernelBuilder,
    entry: Handle<Expression>,
    scalar: NagaScalar,
) -> Handle<Expression> {
    if scalar.kind != ScalarKind::Bool {
        return entry;
    }
    b.reinterpret(entry, scalar)
}

/// A scalar as its storage entry (a `bool` is one `u32` word).
fn scalar_to_entry(
    b: &mut KernelBuilder,
    value: Handle<Expression>,
    scalar: NagaScalar,
) -> Handle<Expression> {
    if scalar.kind != ScalarKind::Bool {
        return value;
    }
    b.append(Expression::As {
        expr: value,
        kind: ScalarKind::Uint,
        convert: Some(4),
    })
}

/// The device representation of each scalar.
trait WordRepr: Sized {
    const COUNT: usize;
    fn write(self, out: &mut Vec<u32>);
    fn read(words: &[u32]) -> Self;
}

fn word(words: &[u32], i: usize) -> u32 {
    words.get(i).copied().unwrap_or(0)
}

macro_rules! words32 {
    ($t:ty, $to:expr, $from:expr) => {
        impl WordRepr for $t {
            const COUNT: usize = 1;
            fn write(self, out: &mut Vec<u32>) {
                let to: fn($t) -> u32 = $to;
                out.push(to(self));
            }
            fn read(words: &[u32]) -> Self {
                let from: fn(u32) -> $t = $from;
                from(word(words, 0))
            }
        }
    };
}
words32!(i32, |v| v as u32, |w| w as i32);
words32!(u32, |v| v, |w| w);
words32!(f32, f32::to_bits, f32::from_bits);
words32!(bool, u32::from, |w| w != 0);
// The bits in the word's low half, as in a buffer's packed pair (little-endian).
words32!(half::f16, |v| u32::from(v.to_bits()), |w| {
    half::f16::from_bits(w as u16)
});

macro_rules! words64 {
    ($t:ty, $to:expr, $from:expr) => {
        impl WordRepr for $t {
            const COUNT: usize = 2;
            fn write(self, out: &mut Vec<u32>) {
                let to: fn($t) -> u64 = $to;
                let bits = to(self);
                out.extend([bits as u32, (bits >> 32) as u32]);
            }
            fn read(words: &[u32]) -> Self {
                let from: fn(u64) -> $t = $from;
                from(u64::from(word(words, 0)) | (u64::from(word(words, 1)) << 32))
            }
        }
    };
}
words64!(i64, |v| v as u64, |w| w as i64);
words64!(u64, |v| v, |w| w);
words64!(f64, f64::to_bits, f64::from_bits);

scalar!(i32, NagaScalar::I32, I32, align 4, [Numeric, Integer, Signed], bytes true);
scalar!(u32, NagaScalar::U32, U32, align 4, [Numeric, Integer], bytes true);
scalar!(f32, NagaScalar::F32, F32, align 4, [Numeric, Signed], bytes true);
scalar!(bool, NagaScalar::BOOL, Bool, align 0, []);
scalar!(i64, NagaScalar::I64, I64, align 8, [Numeric, Integer, Signed], bytes true);
scalar!(u64, NagaScalar::U64, U64, align 8, [Numeric, Integer], bytes true);
scalar!(f64, NagaScalar::F64, F64, align 8, [Numeric, Signed], bytes true);
scalar!(half::f16, NagaScalar::F16, F16, align 2, [Numeric, Signed], bytes true, packed 2);

impl KernelType for () {
    type KernelValue = ();
}

/// Index and extent ranks supported inside kernels: 1 to [`MAX_RANK`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` has a rank kernels do not support",
    label = "ranks 1 to 8",
    note = "an Index or Extent inside a kernel has 1 to 8 components"
)]
pub trait Rank {
    /// The number of `i32` components.
    const COMPONENTS: usize;
    /// The vector size of an `N`-component value: `None` for rank 1, which is a plain `i32`,
    /// and for ranks above 4, which are arrays (see [`is_array`](Rank::is_array)).
    fn vector_size() -> Option<VectorSize>;
    /// Whether values of this rank are `array<i32, N>` (ranks 5 and up): naga has no wider
    /// vectors, so their operations go component by component.
    fn is_array() -> bool {
        Self::COMPONENTS > 4
    }
}

/// The highest rank of `Index` and `Extent` inside kernels (C++ AMP allowed any rank; faults
/// record at most this many index components).
pub const MAX_RANK: usize = crate::builder::MAX_FAULT_RANK;

macro_rules! shape_value {
    ($n:literal, $size:expr) => {
        impl KernelType for Index<$n> {
            type KernelValue = crate::KernelValue<Index<$n>>;
        }
        impl KernelType for Extent<$n> {
            type KernelValue = crate::KernelValue<Extent<$n>>;
        }
        impl Rank for Index<$n> {
            const COMPONENTS: usize = $n;
            fn vector_size() -> Option<VectorSize> {
                $size
            }
        }
        impl Rank for Extent<$n> {
            const COMPONENTS: usize = $n;
            fn vector_size() -> Option<VectorSize> {
                $size
            }
        }
        impl Value for Index<$n> {
            fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                shape_type(b, $n, $size)
            }
            fn name() -> &'static str {
                concat!("Index<", $n, ">")
            }
        }
        impl Value for Extent<$n> {
            fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                shape_type(b, $n, $size)
            }
            fn name() -> &'static str {
                concat!("Extent<", $n, ">")
            }
        }
    };
}

/// The naga type of an `n`-component shape: `i32`, a vector, or (above 4) an array.
fn shape_type(b: &mut KernelBuilder, n: u32, size: Option<VectorSize>) -> Handle<naga::Type> {
    if n > 4 {
        let base = b.intern_type(TypeInner::Scalar(NagaScalar::I32));
        let size = naga::ArraySize::Constant(std::num::NonZeroU32::MIN.saturating_add(n - 1));
        return b.intern_type(TypeInner::Array {
            base,
            size,
            stride: 4,
        });
    }
    b.intern_type(shape_inner(size))
}

pub(crate) fn shape_inner(size: Option<VectorSize>) -> TypeInner {
    match size {
        None => TypeInner::Scalar(NagaScalar::I32),
        Some(size) => TypeInner::Vector {
            size,
            scalar: NagaScalar::I32,
        },
    }
}

shape_value!(1, None);
shape_value!(2, Some(VectorSize::Bi));
shape_value!(3, Some(VectorSize::Tri));
shape_value!(4, Some(VectorSize::Quad));
shape_value!(5, None);
shape_value!(6, None);
shape_value!(7, None);
shape_value!(8, None);

/// An `Index<N>` or `Extent<N>` (both are `N` `i32` components inside kernels).
pub trait Shape: Value + Rank {
    /// The rank.
    const N: usize;
}

impl<const N: usize> Shape for Index<N>
where
    Index<N>: Value + Rank,
{
    const N: usize = N;
}

impl<const N: usize> Shape for Extent<N>
where
    Extent<N>: Value + Rank,
{
    const N: usize = N;
}

/// Registers `T`'s naga type in the module being built.
pub(crate) fn type_of<T: Value>(b: &mut KernelBuilder) -> naga::Handle<naga::Type> {
    T::naga_type(b)
}
