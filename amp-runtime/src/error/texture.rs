//! What can go wrong with a texture or sampler ([`Error::Texture`](super::Error::Texture)).

use super::coords::Tuple;
use amp_core::texel::{NoFormat, TexelFormat, TexelKind};
use std::fmt;
use std::path::PathBuf;

/// A texture, texture view or sampler that cannot be made or used as asked: the texture's
/// element type (as Rust writes it) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TextureError {
    /// The texture's type (`Texture<Unorm4, 2>`), or `Sampler`.
    pub texture: String,
    /// What is wrong.
    pub problem: TextureProblem,
}

/// What is wrong with a texture.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TextureProblem {
    /// No format holds the element type at the bits asked for.
    NoFormat {
        /// The bits per component asked for.
        bits: u32,
        /// Why not.
        reason: NoFormat,
    },
    /// The accelerator cannot do this with textures of this format.
    Unsupported {
        /// The format.
        format: TexelFormat,
        /// What it cannot do (`store`, `write in kernels`, `filter linearly`).
        what: &'static str,
        /// The accelerator's name.
        accelerator: String,
        /// What would make it work.
        hint: &'static str,
    },
    /// A rank other than 1, 2 or 3.
    Rank {
        /// The rank asked for.
        rank: usize,
    },
    /// An extent with a component below 1, or past the accelerator's texture limit.
    Extent {
        /// The extent.
        extent: Vec<i64>,
        /// The most texels per component the accelerator's textures of this rank hold.
        max: u32,
    },
    /// A mip level (or number of levels) the texture does not have.
    MipLevels {
        /// The first level asked for.
        first: u32,
        /// The levels asked for.
        count: u32,
        /// The levels the texture has.
        levels: u32,
    },
    /// A host value that the texture's format cannot hold (an integer format of 8 or 16 bits).
    ValueOutOfRange {
        /// The element's position in the data.
        element: usize,
        /// The value.
        value: i64,
        /// The least the format holds.
        min: i64,
        /// The most.
        max: i64,
    },
    /// Raw texel bytes whose length is not the texture's.
    ByteLength {
        /// The bytes given.
        bytes: usize,
        /// The bytes the texture holds.
        expected: usize,
    },
    /// A sampler with border addressing on an accelerator that cannot do it.
    Border {
        /// The accelerator's name.
        accelerator: String,
    },
    /// A texture (or view) of another accelerator than the one the operation runs on.
    OtherAccelerator {
        /// Where the texture is.
        texture_on: String,
        /// Where the operation runs.
        runs_on: String,
    },
    /// Two textures of different extents or formats in a texture-to-texture copy.
    CopyMismatch {
        /// The source's extent and format.
        from: (Vec<i64>, TexelFormat),
        /// The destination's.
        to: (Vec<i64>, TexelFormat),
    },
    /// An image file that could not be read and decoded, or encoded and written.
    ImageFile {
        /// The file.
        path: PathBuf,
        /// Whether it was being read (or written).
        reading: bool,
        /// Why not, in the `image` crate's words.
        reason: String,
    },
    /// An image whose pixels are laid out in a way amp does not convert (channels of other
    /// than 8, 16 or 32 bits).
    ImageLayout {
        /// The image's layout (its colour type, as the `image` crate names it).
        layout: String,
    },
    /// Texels that mean nothing as an image's pixels: norms, whose −1 to 1 no image channel
    /// holds.
    NoImageMeaning {
        /// The texels' kind.
        kind: TexelKind,
    },
    /// An integer texel component that the image's channels cannot hold.
    ImageValue {
        /// The texel's position, row-major.
        element: usize,
        /// The component.
        value: i64,
        /// The most a channel of the image holds.
        max: i64,
    },
}

impl fmt::Display for TextureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texture = &self.texture;
        match &self.problem {
            TextureProblem::NoFormat { bits, reason } => {
                write!(f, "{texture} at {bits} bits per component: {reason}")
            }
            TextureProblem::Unsupported {
                format,
                what,
                accelerator,
                hint,
            } => write!(
                f,
                "{accelerator} cannot {what} textures of {format} ({texture}){hint}"
            ),
            TextureProblem::Rank { rank } => {
                write!(f, "{texture}: textures have rank 1, 2 or 3, not {rank}")
            }
            TextureProblem::Extent { extent, max } => write!(
                f,
                "{texture} of extent {}: every component must be from 1 to {max} on this \
                 accelerator",
                Tuple(extent)
            ),
            TextureProblem::MipLevels {
                first,
                count,
                levels,
            } => write!(
                f,
                "{texture} has {levels} mip level{}; levels {first}..{} were asked for",
                if *levels == 1 { "" } else { "s" },
                u64::from(*first) + u64::from(*count)
            ),
            TextureProblem::ValueOutOfRange {
                element,
                value,
                min,
                max,
            } => write!(
                f,
                "element {element} of the data for {texture} is {value}, which its format \
                 cannot hold ({min} to {max}): make the texture with more bits per component"
            ),
            TextureProblem::ByteLength { bytes, expected } => write!(
                f,
                "{bytes} bytes given for {texture}, which holds {expected}"
            ),
            TextureProblem::Border { accelerator } => write!(
                f,
                "{accelerator} cannot address textures with a border colour ({texture} with \
                 Address::Border): use Address::Clamp, Wrap or Mirror"
            ),
            TextureProblem::OtherAccelerator {
                texture_on,
                runs_on,
            } => write!(
                f,
                "{texture} is on {texture_on} but the operation runs on {runs_on}"
            ),
            TextureProblem::CopyMismatch { from, to } => write!(
                f,
                "cannot copy {texture} of extent {} ({}) into one of extent {} ({})",
                Tuple(&from.0),
                from.1,
                Tuple(&to.0),
                to.1
            ),
            TextureProblem::ImageFile {
                path,
                reading,
                reason,
            } => write!(
                f,
                "cannot {} {} as the image of {texture}: {reason}",
                if *reading { "read" } else { "write" },
                path.display()
            ),
            TextureProblem::ImageLayout { layout } => write!(
                f,
                "{texture} cannot hold an image of {layout} pixels: amp converts images of 8-bit, \
                 16-bit and 32-bit float channels"
            ),
            TextureProblem::NoImageMeaning { kind } => write!(
                f,
                "{texture}: {} texels have no meaning as an image's pixels (channels are 0 to \
                 1): use Unorm, f32 or u32 texels",
                kind.describe()
            ),
            TextureProblem::ImageValue {
                element,
                value,
                max,
            } => write!(
                f,
                "texel {element} of {texture} has a component of {value}, which an image's \
                 channels cannot hold (0 to {max})"
            ),
        }
    }
}
