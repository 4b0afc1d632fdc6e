//! Texels: the element types of textures (C++ AMP's `texture<T, N>`), the formats that store
//! them, and the conversion between a texel's host value and its format's bytes.
//!
//! A texture's element type `T` is a scalar or short vector of `i32`, `u32` or `f32` (or of
//! `Norm`/`Unorm`); its *format* is `T`'s kind and component count with a number of bits per
//! component, which C++ AMP chose when the texture was made (`bits_per_scalar_element`): 8, 16
//! or 32 for integers, 16 or 32 for floats, 8 or 16 for norms. A format is device-neutral here
//! ([`TexelFormat`]); the runtime maps it to its device's texture format, and a kernel to naga's
//! [`StorageFormat`](naga::StorageFormat) when it writes one.
//!
//! Kernels see every texel as a vector of four components of its *sample kind* (`i32`, `u32`
//! or `f32`, naga's `ImageLoad`), as GPUs do: a format with fewer components reads the rest as
//! 0 (and alpha as 1), and a texel of `T` takes the first `T::COMPONENTS` of them.

use crate::builder::KernelBuilder;
use crate::short_vector::Vector;
use crate::types::{Element, Value};
use crate::view::{ReadOnly, ReadWrite};
use naga::{
    Expression, Handle, ScalarKind, StorageFormat, SwizzleComponent, TypeInner, VectorSize,
};
use std::fmt;

/// What a texel's components are, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexelKind {
    /// Signed integers (`i32` texels).
    Sint,
    /// Unsigned integers (`u32` texels).
    Uint,
    /// Floats (`f32` texels), 16 or 32 bits.
    Float,
    /// Signed normalized: integers read as floats in [−1, 1] (`Norm` texels).
    Snorm,
    /// Unsigned normalized: integers read as floats in [0, 1] (`Unorm` texels).
    Unorm,
}

impl TexelKind {
    /// The bits per component a format of this kind may have (C++ AMP's
    /// `bits_per_scalar_element`), the default first.
    pub const fn bits(self) -> &'static [u32] {
        match self {
            TexelKind::Sint | TexelKind::Uint => &[32, 8, 16],
            TexelKind::Float => &[32, 16],
            TexelKind::Snorm | TexelKind::Unorm => &[8, 16],
        }
    }

    /// The scalar kind a kernel reads and writes: integers as themselves, the rest as `f32`.
    pub const fn sample_kind(self) -> ScalarKind {
        match self {
            TexelKind::Sint => ScalarKind::Sint,
            TexelKind::Uint => ScalarKind::Uint,
            TexelKind::Float | TexelKind::Snorm | TexelKind::Unorm => ScalarKind::Float,
        }
    }

    /// How the kind reads in a message.
    pub const fn describe(self) -> &'static str {
        match self {
            TexelKind::Sint => "signed integer",
            TexelKind::Uint => "unsigned integer",
            TexelKind::Float => "float",
            TexelKind::Snorm => "norm",
            TexelKind::Unorm => "unorm",
        }
    }
}

/// The storage format of a texture: its texels' kind, components and bits per component.
/// Only the formats devices store exist: 1, 2 or 4 components (no device stores 3), with the
/// bits [`TexelKind::bits`] allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TexelFormat {
    kind: TexelKind,
    components: u32,
    bits: u32,
}

/// Why a texel type and a number of bits make no format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoFormat {
    /// The bits per component are not among those the kind allows.
    Bits {
        /// The bits asked for.
        bits: u32,
        /// Those allowed.
        allowed: &'static [u32],
    },
    /// Three components: no device stores them (wgpu has no 3-component formats).
    ThreeComponents,
    /// 64-bit components (`f64`): no texture format holds them.
    SixtyFourBit,
}

impl fmt::Display for NoFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoFormat::Bits { bits, allowed } => {
                let allowed: Vec<_> = allowed.iter().map(u32::to_string).collect();
                write!(
                    f,
                    "{bits} bits per component is not a texture format of this type (it takes {})",
                    allowed.join(", ")
                )
            }
            NoFormat::ThreeComponents => write!(
                f,
                "no device stores texels of 3 components: use a texture of 4 components, or an \
                 Array"
            ),
            NoFormat::SixtyFourBit => write!(
                f,
                "no texture format holds 64-bit components: use an Array of f64, or a texture \
                 of UInt2 holding the bits (f64::to_bits)"
            ),
        }
    }
}

impl TexelFormat {
    /// A format for kernels that are not built (an error was reported).
    pub(crate) const PLACEHOLDER: TexelFormat = TexelFormat {
        kind: TexelKind::Float,
        components: 1,
        bits: 32,
    };

    /// The format of `T` texels at `bits` bits per component.
    pub fn of<T: Texel>(bits: u32) -> Result<TexelFormat, NoFormat> {
        if T::WIDE {
            return Err(NoFormat::SixtyFourBit);
        }
        if T::COMPONENTS == 3 {
            return Err(NoFormat::ThreeComponents);
        }
        let allowed = T::KIND.bits();
        if !allowed.contains(&bits) {
            return Err(NoFormat::Bits { bits, allowed });
        }
        Ok(TexelFormat {
            kind: T::KIND,
            components: T::COMPONENTS,
            bits,
        })
    }

    /// The format of `T` texels at their default bits (32 for integers and floats, 8 for
    /// norms).
    pub fn default_of<T: Texel>() -> Result<TexelFormat, NoFormat> {
        Self::of::<T>(T::KIND.bits()[0])
    }

    /// The components' kind.
    pub const fn kind(self) -> TexelKind {
        self.kind
    }

    /// Components per texel: 1, 2 or 4.
    pub const fn components(self) -> u32 {
        self.components
    }

    /// Bits per component.
    pub const fn bits(self) -> u32 {
        self.bits
    }

    /// Bytes per texel.
    pub const fn bytes(self) -> u32 {
        self.components * self.bits / 8
    }

    /// Whether a kernel may read and write a texture of this format in one launch: one 32-bit
    /// component (C++ AMP's rule, and WebGPU's read-write storage textures).
    pub const fn read_write(self) -> bool {
        self.components == 1
            && self.bits == 32
            && !matches!(self.kind, TexelKind::Snorm | TexelKind::Unorm)
    }

    /// naga's storage format for this format.
    pub fn storage_format(self) -> StorageFormat {
        use StorageFormat as F;
        use TexelKind::*;
        match (self.kind, self.components, self.bits) {
            (Sint, 1, 8) => F::R8Sint,
            (Sint, 1, 16) => F::R16Sint,
            (Sint, 1, _) => F::R32Sint,
            (Sint, 2, 8) => F::Rg8Sint,
            (Sint, 2, 16) => F::Rg16Sint,
            (Sint, 2, _) => F::Rg32Sint,
            (Sint, _, 8) => F::Rgba8Sint,
            (Sint, _, 16) => F::Rgba16Sint,
            (Sint, _, _) => F::Rgba32Sint,
            (Uint, 1, 8) => F::R8Uint,
            (Uint, 1, 16) => F::R16Uint,
            (Uint, 1, _) => F::R32Uint,
            (Uint, 2, 8) => F::Rg8Uint,
            (Uint, 2, 16) => F::Rg16Uint,
            (Uint, 2, _) => F::Rg32Uint,
            (Uint, _, 8) => F::Rgba8Uint,
            (Uint, _, 16) => F::Rgba16Uint,
            (Uint, _, _) => F::Rgba32Uint,
            (Float, 1, 16) => F::R16Float,
            (Float, 1, _) => F::R32Float,
            (Float, 2, 16) => F::Rg16Float,
            (Float, 2, _) => F::Rg32Float,
            (Float, _, 16) => F::Rgba16Float,
            (Float, _, _) => F::Rgba32Float,
            (Snorm, 1, 16) => F::R16Snorm,
            (Snorm, 1, _) => F::R8Snorm,
            (Snorm, 2, 16) => F::Rg16Snorm,
            (Snorm, 2, _) => F::Rg8Snorm,
            (Snorm, _, 16) => F::Rgba16Snorm,
            (Snorm, _, _) => F::Rgba8Snorm,
            (Unorm, 1, 16) => F::R16Unorm,
            (Unorm, 1, _) => F::R8Unorm,
            (Unorm, 2, 16) => F::Rg16Unorm,
            (Unorm, 2, _) => F::Rg8Unorm,
            (Unorm, _, 16) => F::Rgba16Unorm,
            (Unorm, _, _) => F::Rgba8Unorm,
        }
    }

    /// Encodes the texel whose components' 32-bit words (`i32`/`u32`/`f32` bits, as
    /// [`Element::write_words`] writes them) are `words` into `out`, as the format stores it.
    /// Floats are rounded to 16 bits where the format has them; norms are clamped, scaled and
    /// rounded (Vulkan's conversion); an integer the format cannot hold is an error
    /// ([`OutOfRange`]).
    pub fn encode(self, words: &[u32], out: &mut Vec<u8>) -> Result<(), OutOfRange> {
        for &word in words {
            match (self.kind, self.bits) {
                (TexelKind::Sint | TexelKind::Uint, 32) | (TexelKind::Float, 32) => {
                    out.extend_from_slice(&word.to_le_bytes())
                }
                (TexelKind::Sint, bits) => {
                    let v = word as i32;
                    let (min, max) = (-(1i32 << (bits - 1)), (1i32 << (bits - 1)) - 1);
                    if v < min || v > max {
                        return Err(OutOfRange {
                            value: v as i64,
                            min: min as i64,
                            max: max as i64,
                        });
                    }
                    out.extend_from_slice(&v.to_le_bytes()[..bits as usize / 8]);
                }
                (TexelKind::Uint, bits) => {
                    let max = (1u32 << bits) - 1;
                    if word > max {
                        return Err(OutOfRange {
                            value: word as i64,
                            min: 0,
                            max: max as i64,
                        });
                    }
                    out.extend_from_slice(&word.to_le_bytes()[..bits as usize / 8]);
                }
                (TexelKind::Float, _) => {
                    let h = half::f16::from_f32(f32::from_bits(word));
                    out.extend_from_slice(&h.to_bits().to_le_bytes());
                }
                (TexelKind::Snorm, bits) => {
                    let scale = ((1u32 << (bits - 1)) - 1) as f32;
                    let x = norm_input(f32::from_bits(word)).clamp(-1.0, 1.0);
                    let v = (x * scale).round() as i32;
                    out.extend_from_slice(&v.to_le_bytes()[..bits as usize / 8]);
                }
                (TexelKind::Unorm, bits) => {
                    let scale = ((1u64 << bits) - 1) as f32;
                    let x = norm_input(f32::from_bits(word)).clamp(0.0, 1.0);
                    let v = (x * scale).round() as u32;
                    out.extend_from_slice(&v.to_le_bytes()[..bits as usize / 8]);
                }
            }
        }
        Ok(())
    }

    /// Decodes one texel's bytes (`bytes()` of them) into its components' 32-bit words.
    pub fn decode(self, bytes: &[u8], words: &mut Vec<u32>) {
        let size = self.bits as usize / 8;
        for c in bytes.chunks_exact(size).take(self.components as usize) {
            let mut raw = [0u8; 4];
            raw[..size].copy_from_slice(c);
            let unsigned = u32::from_le_bytes(raw);
            // Sign-extends a component of `size` bytes.
            let signed = ((unsigned << (32 - self.bits)) as i32) >> (32 - self.bits);
            let word = match (self.kind, self.bits) {
                (_, 32) => unsigned,
                (TexelKind::Sint, _) => signed as u32,
                (TexelKind::Uint, _) => unsigned,
                (TexelKind::Float, _) => half::f16::from_bits(unsigned as u16).to_f32().to_bits(),
                (TexelKind::Snorm, bits) => {
                    let scale = ((1u32 << (bits - 1)) - 1) as f32;
                    (signed as f32 / scale).max(-1.0).to_bits()
                }
                (TexelKind::Unorm, bits) => {
                    let scale = ((1u64 << bits) - 1) as f32;
                    (unsigned as f32 / scale).to_bits()
                }
            };
            words.push(word);
        }
    }
}

impl fmt::Display for TexelFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}-bit {}",
            self.components,
            self.bits,
            self.kind.describe()
        )?;
        f.write_str(if self.components == 1 {
            " component"
        } else {
            " components"
        })
    }
}

/// A norm's input: NaN converts to 0 (as D3D and Vulkan convert it into norm formats).
fn norm_input(x: f32) -> f32 {
    if x.is_nan() {
        0.0
    } else {
        x
    }
}

/// An integer a texture's format cannot hold, met while encoding host data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfRange {
    /// The value.
    pub value: i64,
    /// The least the format holds.
    pub min: i64,
    /// The most the format holds.
    pub max: i64,
}

/// A texture's element type (C++ AMP's `texture<T, N>`'s `T`): scalars and short vectors of
/// `i32`, `u32`, `f32` (and of `Norm`/`Unorm`). Implemented by amp's types only.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the element of a texture",
    note = "texture elements are i32, u32, f32, Norm, Unorm and their short vectors (Int2, UInt4, Float4, Unorm4, ...); structs, bool and narrow integers are not"
)]
pub trait Texel: Element {
    /// The components' kind.
    const KIND: TexelKind;
    /// Components per texel (1 to 4).
    const COMPONENTS: u32;
    /// Whether the components are 64-bit (`f64`), which no texture format holds.
    const WIDE: bool = false;
    /// The type of one component (what a gather returns four of).
    type Component: Value;
    /// How a kernel sees a captured `Texture<Self, N>`: read-write for one 32-bit component,
    /// read-only otherwise (C++ AMP's rule).
    type TextureAccess: TextureAccess;
    /// How a kernel sees a `TextureView<Self, N>`: read-write for one 32-bit component,
    /// write-only otherwise (C++ AMP's `texture_view<T, N>`).
    type ViewAccess: TextureAccess;
}

/// Access marker: the kernel may only write the texture (C++ AMP's `writeonly_texture_view`,
/// and `texture_view<T, N>` of more than one component).
#[derive(Clone, Copy, Debug)]
pub enum WriteOnly {}

/// How a kernel may use a texture, as naga binds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexelAccess {
    /// Read (and sampled): a sampled texture.
    Read,
    /// Read and written: a read-write storage texture (one 32-bit component).
    ReadWrite,
    /// Written only: a write-only storage texture.
    Write,
}

/// A texture's access mode in a kernel ([`ReadOnly`], [`ReadWrite`], [`WriteOnly`]).
pub trait TextureAccess: 'static {
    /// The access.
    const ACCESS: TexelAccess;
}
impl TextureAccess for ReadOnly {
    const ACCESS: TexelAccess = TexelAccess::Read;
}
impl TextureAccess for ReadWrite {
    const ACCESS: TexelAccess = TexelAccess::ReadWrite;
}
impl TextureAccess for WriteOnly {
    const ACCESS: TexelAccess = TexelAccess::Write;
}

macro_rules! texels {
    ($kind:ident, $component:ty, $single:ident, $single_view:ident) => {
        impl Texel for $component {
            const KIND: TexelKind = TexelKind::$kind;
            const COMPONENTS: u32 = 1;
            type Component = $component;
            type TextureAccess = $single;
            type ViewAccess = $single_view;
        }
        impl<const C: usize> Texel for Vector<$component, C>
        where
            Vector<$component, C>: Element,
        {
            const KIND: TexelKind = TexelKind::$kind;
            const COMPONENTS: u32 = C as u32;
            type Component = $component;
            type TextureAccess = ReadOnly;
            type ViewAccess = WriteOnly;
        }
    };
}
texels!(Sint, i32, ReadWrite, ReadWrite);
texels!(Uint, u32, ReadWrite, ReadWrite);
texels!(Float, f32, ReadWrite, ReadWrite);

macro_rules! norm_texels {
    ($($norm:ty => $kind:ident),*) => {$(
        impl Texel for $norm {
            const KIND: TexelKind = TexelKind::$kind;
            const COMPONENTS: u32 = 1;
            type Component = $norm;
            type TextureAccess = ReadOnly;
            type ViewAccess = WriteOnly;
        }
        impl<const C: usize> Texel for Vector<$norm, C>
        where
            Vector<$norm, C>: Element,
        {
            const KIND: TexelKind = TexelKind::$kind;
            const COMPONENTS: u32 = C as u32;
            type Component = $norm;
            type TextureAccess = ReadOnly;
            type ViewAccess = WriteOnly;
        }
    )*};
}
norm_texels!(crate::norm::Norm => Snorm, crate::norm::Unorm => Unorm);

impl Texel for f64 {
    const KIND: TexelKind = TexelKind::Float;
    const COMPONENTS: u32 = 1;
    const WIDE: bool = true;
    type Component = f64;
    type TextureAccess = ReadOnly;
    type ViewAccess = WriteOnly;
}

impl<const C: usize> Texel for Vector<f64, C>
where
    Vector<f64, C>: Element,
{
    const KIND: TexelKind = TexelKind::Float;
    const COMPONENTS: u32 = C as u32;
    const WIDE: bool = true;
    type Component = f64;
    type TextureAccess = ReadOnly;
    type ViewAccess = WriteOnly;
}

/// In a kernel: the texel of `T` in the first components of `texel`, a four-component vector
/// of `T`'s sample kind (what `ImageLoad` and `ImageSample` give).
pub(crate) fn from_texel<T: Texel>(
    b: &mut KernelBuilder,
    texel: Handle<Expression>,
) -> Handle<Expression> {
    if T::WIDE {
        b.error(NoFormat::SixtyFourBit.to_string());
        return texel;
    }
    let pattern = [
        SwizzleComponent::X,
        SwizzleComponent::Y,
        SwizzleComponent::Z,
        SwizzleComponent::W,
    ];
    match T::COMPONENTS {
        1 => b.append(Expression::AccessIndex {
            base: texel,
            index: 0,
        }),
        4 => texel,
        n => b.append(Expression::Swizzle {
            size: if n == 2 {
                VectorSize::Bi
            } else {
                VectorSize::Tri
            },
            vector: texel,
            pattern,
        }),
    }
}

/// In a kernel: `value` (a `T`) as the four-component texel a store writes (the components
/// past `T`'s are 0; the format keeps only its own).
pub(crate) fn to_texel<T: Texel>(
    b: &mut KernelBuilder,
    value: Handle<Expression>,
) -> Handle<Expression> {
    if T::COMPONENTS == 4 {
        return value;
    }
    let scalar = naga::Scalar {
        kind: T::KIND.sample_kind(),
        width: 4,
    };
    let scalar_ty = b.intern_type(TypeInner::Scalar(scalar));
    let zero = b.append(Expression::ZeroValue(scalar_ty));
    let ty = b.intern_type(TypeInner::Vector {
        size: VectorSize::Quad,
        scalar,
    });
    let mut components = vec![value];
    components.extend(std::iter::repeat_n(zero, 4 - T::COMPONENTS as usize));
    b.append(Expression::Compose { ty, components })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(format: TexelFormat, words: &[u32]) -> Vec<u32> {
        let mut bytes = Vec::new();
        format.encode(words, &mut bytes).expect("in range");
        assert_eq!(bytes.len() as u32, format.bits() / 8 * words.len() as u32);
        let mut out = Vec::new();
        format.decode(&bytes, &mut out);
        out
    }

    #[test]
    fn norms_convert_as_vulkan_does() {
        let unorm = TexelFormat {
            kind: TexelKind::Unorm,
            components: 4,
            bits: 8,
        };
        let words: Vec<u32> = [0.0f32, 1.0, 0.5, 2.0].map(f32::to_bits).to_vec();
        let back: Vec<f32> = round(unorm, &words)
            .into_iter()
            .map(f32::from_bits)
            .collect();
        // 0.5 · 255 = 127.5 rounds to 128; 2.0 clamps to 1.
        assert_eq!(back, [0.0, 1.0, 128.0 / 255.0, 1.0]);
        let snorm = TexelFormat {
            kind: TexelKind::Snorm,
            components: 2,
            bits: 8,
        };
        let mut bytes = Vec::new();
        snorm
            .encode(&[(-1.0f32).to_bits(), f32::NAN.to_bits()], &mut bytes)
            .expect("in range");
        // −1 is −127 (−128 also reads as −1); NaN converts to 0.
        assert_eq!(bytes, [0x81, 0]);
        let mut out = Vec::new();
        snorm.decode(&[0x80, 0x7f], &mut out);
        assert_eq!(out, [(-1.0f32).to_bits(), 1.0f32.to_bits()]);
    }

    #[test]
    fn narrow_integers_refuse_what_they_cannot_hold() {
        let u8s = TexelFormat {
            kind: TexelKind::Uint,
            components: 1,
            bits: 8,
        };
        assert_eq!(round(u8s, &[255]), [255]);
        let err = u8s.encode(&[256], &mut Vec::new()).expect_err("256");
        assert_eq!((err.value, err.max), (256, 255));
        let i16s = TexelFormat {
            kind: TexelKind::Sint,
            components: 1,
            bits: 16,
        };
        assert_eq!(round(i16s, &[(-32768i32) as u32]), [(-32768i32) as u32]);
        assert!(i16s.encode(&[32768], &mut Vec::new()).is_err());
    }

    #[test]
    fn formats_exist_only_for_what_devices_store() {
        assert_eq!(
            TexelFormat::of::<Vector<f32, 3>>(32),
            Err(NoFormat::ThreeComponents)
        );
        assert_eq!(TexelFormat::of::<f64>(32), Err(NoFormat::SixtyFourBit));
        assert!(matches!(
            TexelFormat::of::<f32>(8),
            Err(NoFormat::Bits { bits: 8, .. })
        ));
        let f = TexelFormat::of::<Vector<u32, 2>>(16).expect("format");
        assert_eq!(f.storage_format(), StorageFormat::Rg16Uint);
        assert_eq!(f.bytes(), 4);
    }
}
