//! Texels: the texture formats the CPU accelerator stores, how a texel of each lies in memory
//! and converts to and from the four 32-bit words a shader sees (Vulkan's rules), and the
//! sampler state with Vulkan's filtering and addressing.

use half::f16;

/// How one channel of a texel is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// 8-bit unsigned normalised: `c / 255`.
    Unorm8,
    /// 8-bit signed normalised: `max(c / 127, -1)`.
    Snorm8,
    /// 8-bit unsigned integer.
    Uint8,
    /// 8-bit signed integer.
    Sint8,
    /// 16-bit unsigned normalised: `c / 65535`.
    Unorm16,
    /// 16-bit signed normalised: `max(c / 32767, -1)`.
    Snorm16,
    /// 16-bit unsigned integer.
    Uint16,
    /// 16-bit signed integer.
    Sint16,
    /// IEEE half float.
    Float16,
    /// 32-bit unsigned integer.
    Uint32,
    /// 32-bit signed integer.
    Sint32,
    /// IEEE single float.
    Float32,
}

/// What a shader reads from a texel: floats, signed or unsigned integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `f32`s (float and normalised formats).
    Float,
    /// `i32`s.
    Sint,
    /// `u32`s.
    Uint,
}

impl Channel {
    /// Bytes one channel takes.
    pub fn bytes(self) -> u32 {
        match self {
            Channel::Unorm8 | Channel::Snorm8 | Channel::Uint8 | Channel::Sint8 => 1,
            Channel::Unorm16
            | Channel::Snorm16
            | Channel::Uint16
            | Channel::Sint16
            | Channel::Float16 => 2,
            Channel::Uint32 | Channel::Sint32 | Channel::Float32 => 4,
        }
    }

    /// What a shader reads from it.
    pub fn kind(self) -> Kind {
        match self {
            Channel::Uint8 | Channel::Uint16 | Channel::Uint32 => Kind::Uint,
            Channel::Sint8 | Channel::Sint16 | Channel::Sint32 => Kind::Sint,
            _ => Kind::Float,
        }
    }

    /// The shader's word for the channel's stored bits (`raw`, in the low bits).
    fn decode(self, raw: u32) -> u32 {
        match self {
            Channel::Unorm8 => (raw as u8 as f32 / 255.0).to_bits(),
            Channel::Snorm8 => (f32::from(raw as u8 as i8) / 127.0).max(-1.0).to_bits(),
            Channel::Unorm16 => (raw as u16 as f32 / 65535.0).to_bits(),
            Channel::Snorm16 => (f32::from(raw as u16 as i16) / 32767.0).max(-1.0).to_bits(),
            Channel::Uint8 => raw & 0xff,
            Channel::Uint16 => raw & 0xffff,
            Channel::Sint8 => raw as u8 as i8 as i32 as u32,
            Channel::Sint16 => raw as u16 as i16 as i32 as u32,
            Channel::Float16 => f16::from_bits(raw as u16).to_f32().to_bits(),
            Channel::Uint32 | Channel::Sint32 | Channel::Float32 => raw,
        }
    }

    /// The stored bits for a shader's word: floats to normalised values round to nearest after
    /// clamping (NaN stores zero), integers keep their low bits.
    fn encode(self, word: u32) -> u32 {
        let f = f32::from_bits(word);
        let norm = |f: f32, lo: f32, scale: f32| {
            if f.is_nan() {
                0
            } else {
                (f.clamp(lo, 1.0) * scale).round() as i32 as u32
            }
        };
        match self {
            Channel::Unorm8 => norm(f, 0.0, 255.0) & 0xff,
            Channel::Snorm8 => norm(f, -1.0, 127.0) & 0xff,
            Channel::Unorm16 => norm(f, 0.0, 65535.0) & 0xffff,
            Channel::Snorm16 => norm(f, -1.0, 32767.0) & 0xffff,
            Channel::Uint8 | Channel::Sint8 => word & 0xff,
            Channel::Uint16 | Channel::Sint16 => word & 0xffff,
            Channel::Float16 => u32::from(f16::from_f32(f).to_bits()),
            Channel::Uint32 | Channel::Sint32 | Channel::Float32 => word,
        }
    }
}

/// A texture format the CPU accelerator stores: `components` channels (R, RG or RGBA), each a
/// `channel`, tightly packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// How each channel is stored.
    pub channel: Channel,
    /// Channels per texel: 1, 2 or 4.
    pub components: u32,
}

impl Format {
    /// The format behind `format`, or `None` for one the CPU accelerator does not store.
    pub fn of(format: wgpu::TextureFormat) -> Option<Format> {
        use wgpu::TextureFormat as F;
        use Channel as C;
        let (channel, components) = match format {
            F::R8Unorm => (C::Unorm8, 1),
            F::Rg8Unorm => (C::Unorm8, 2),
            F::Rgba8Unorm => (C::Unorm8, 4),
            F::R8Snorm => (C::Snorm8, 1),
            F::Rg8Snorm => (C::Snorm8, 2),
            F::Rgba8Snorm => (C::Snorm8, 4),
            F::R8Uint => (C::Uint8, 1),
            F::Rg8Uint => (C::Uint8, 2),
            F::Rgba8Uint => (C::Uint8, 4),
            F::R8Sint => (C::Sint8, 1),
            F::Rg8Sint => (C::Sint8, 2),
            F::Rgba8Sint => (C::Sint8, 4),
            F::R16Unorm => (C::Unorm16, 1),
            F::Rg16Unorm => (C::Unorm16, 2),
            F::Rgba16Unorm => (C::Unorm16, 4),
            F::R16Snorm => (C::Snorm16, 1),
            F::Rg16Snorm => (C::Snorm16, 2),
            F::Rgba16Snorm => (C::Snorm16, 4),
            F::R16Uint => (C::Uint16, 1),
            F::Rg16Uint => (C::Uint16, 2),
            F::Rgba16Uint => (C::Uint16, 4),
            F::R16Sint => (C::Sint16, 1),
            F::Rg16Sint => (C::Sint16, 2),
            F::Rgba16Sint => (C::Sint16, 4),
            F::R16Float => (C::Float16, 1),
            F::Rg16Float => (C::Float16, 2),
            F::Rgba16Float => (C::Float16, 4),
            F::R32Uint => (C::Uint32, 1),
            F::Rg32Uint => (C::Uint32, 2),
            F::Rgba32Uint => (C::Uint32, 4),
            F::R32Sint => (C::Sint32, 1),
            F::Rg32Sint => (C::Sint32, 2),
            F::Rgba32Sint => (C::Sint32, 4),
            F::R32Float => (C::Float32, 1),
            F::Rg32Float => (C::Float32, 2),
            F::Rgba32Float => (C::Float32, 4),
            _ => return None,
        };
        Some(Format {
            channel,
            components,
        })
    }

    /// Bytes one texel takes (1, 2, 4, 8 or 16: a texel never straddles a 4-byte word unless
    /// it is whole words).
    pub fn texel_bytes(self) -> u32 {
        self.channel.bytes() * self.components
    }

    /// The four words a shader reads from a texel's bytes (`raw`, little-endian, the texel's
    /// first byte in the low bits of `raw[0]`): the components the format lacks read as
    /// `(0, 0, 0, 1)`.
    pub fn decode(self, raw: [u32; 4]) -> [u32; 4] {
        let one = match self.channel.kind() {
            Kind::Float => 1f32.to_bits(),
            Kind::Sint | Kind::Uint => 1,
        };
        let mut out = [0, 0, 0, one];
        let bits = self.channel.bytes() * 8;
        for (c, o) in out.iter_mut().enumerate().take(self.components as usize) {
            let at = c as u32 * bits;
            let word = raw[(at / 32) as usize];
            let v = if bits == 32 {
                word
            } else {
                (word >> (at % 32)) & ((1 << bits) - 1)
            };
            *o = self.channel.decode(v);
        }
        out
    }

    /// The bytes of a texel (as in [`Format::decode`]) for the four words a shader writes.
    pub fn encode(self, words: [u32; 4]) -> [u32; 4] {
        let mut out = [0; 4];
        let bits = self.channel.bytes() * 8;
        for (c, &w) in words.iter().enumerate().take(self.components as usize) {
            let at = c as u32 * bits;
            out[(at / 32) as usize] |= self.channel.encode(w) << (at % 32);
        }
        out
    }

    /// Whether a shader reads floats, signed or unsigned integers from it.
    pub fn kind(self) -> Kind {
        self.channel.kind()
    }
}

/// How a sampler filters: the nearest texel, or a weighted mean of the nearest two per axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// The nearest texel (level).
    Nearest,
    /// The weighted mean of the nearest texels (levels).
    Linear,
}

/// What a texel coordinate outside the texture reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    /// The nearest edge texel.
    ClampToEdge,
    /// The texture repeats.
    Repeat,
    /// The texture repeats, every other copy mirrored.
    MirrorRepeat,
    /// The border colour.
    ClampToBorder,
}

/// A sampler's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampler {
    /// Filter where the level of detail is at most 0 (magnification).
    pub mag: Filter,
    /// Filter where it is more (minification).
    pub min: Filter,
    /// How levels are chosen: the nearest, or a mean of the two nearest.
    pub mipmap: Filter,
    /// Addressing along u, v, w.
    pub address: [Address; 3],
    /// The least level of detail (the level of detail is clamped to `lod_min..=lod_max`).
    pub lod_min: f32,
    /// The greatest level of detail.
    pub lod_max: f32,
    /// The border colour, as floats (R, G, B, A).
    pub border: [f32; 4],
}

/// One mip level of an image as the sampler reads it: its size, and a reader of the texel at
/// a coordinate inside it (the texel's four float words).
pub trait Texels {
    /// The size of level `level` (0 is the view's base), or `None` past the last level.
    fn size(&self, level: u32) -> Option<[u32; 3]>;
    /// The levels of the view.
    fn levels(&self) -> u32;
    /// The channels its format has (the others read as 0, and alpha as 1).
    fn components(&self) -> u32;
    /// The four words of the texel at `at` of level `level` (inside it).
    fn texel(&self, level: u32, at: [u32; 3]) -> [u32; 4];
}

/// A coordinate along one axis after addressing: a texel, or the border.
fn address(mode: Address, i: i64, size: u32) -> Option<u32> {
    let n = i64::from(size.max(1));
    match mode {
        Address::ClampToEdge => Some(i.clamp(0, n - 1) as u32),
        Address::Repeat => Some(i.rem_euclid(n) as u32),
        Address::MirrorRepeat => {
            let m = i.rem_euclid(2 * n) - n;
            let mirrored = if m >= 0 { m } else { -(1 + m) };
            Some((n - 1 - mirrored) as u32)
        }
        Address::ClampToBorder => (0..n).contains(&i).then_some(i as u32),
    }
}

impl Sampler {
    /// The border texel of an image whose format has `components` channels: the border
    /// colour's channels the format has, the others `(0, 0, 0, 1)` as for any of its texels
    /// (as lavapipe reads it).
    fn border(&self, components: u32) -> [f32; 4] {
        let mut texel = [0.0, 0.0, 0.0, 1.0];
        let n = (components as usize).min(4);
        texel[..n].copy_from_slice(&self.border[..n]);
        texel
    }

    /// The texel at integer coordinates `i` (per axis, before addressing) of `level`.
    fn fetch(&self, img: &dyn Texels, level: u32, size: [u32; 3], i: [i64; 3]) -> [f32; 4] {
        let mut at = [0u32; 3];
        for a in 0..3 {
            match address(self.address[a], i[a], size[a]) {
                Some(x) => at[a] = x,
                None => return self.border(img.components()),
            }
        }
        img.texel(level, at).map(f32::from_bits)
    }

    /// The filtered value at normalised coordinates `s` (`dims` of them used) of `level`.
    fn filter(
        &self,
        img: &dyn Texels,
        level: u32,
        filter: Filter,
        s: [f32; 3],
        dims: usize,
        offset: [i32; 3],
    ) -> [f32; 4] {
        let Some(size) = img.size(level) else {
            return [0.0; 4];
        };
        match filter {
            Filter::Nearest => {
                let mut i = [0i64; 3];
                for a in 0..dims {
                    let u = s[a] * size[a] as f32;
                    i[a] = floor_i64(u) + i64::from(offset[a]);
                }
                self.fetch(img, level, size, i)
            }
            Filter::Linear => {
                let mut i0 = [0i64; 3];
                let mut w = [0f32; 3];
                for a in 0..dims {
                    let u = s[a] * size[a] as f32 - 0.5;
                    let f = u.floor();
                    i0[a] = floor_i64(u) + i64::from(offset[a]);
                    w[a] = u - f;
                }
                let mut out = [0f32; 4];
                for corner in 0..(1usize << dims) {
                    let mut i = i0;
                    let mut weight = 1f32;
                    for a in 0..dims {
                        if corner >> a & 1 == 1 {
                            i[a] += 1;
                            weight *= w[a];
                        } else {
                            weight *= 1.0 - w[a];
                        }
                    }
                    let t = self.fetch(img, level, size, i);
                    for c in 0..4 {
                        out[c] += weight * t[c];
                    }
                }
                out
            }
        }
    }

    /// `textureSampleLevel`: the value at normalised coordinates `s` (`dims` of them) and
    /// level of detail `lod`, as Vulkan's sampling defines it.
    pub fn sample(
        &self,
        img: &dyn Texels,
        s: [f32; 3],
        dims: usize,
        lod: f32,
        offset: [i32; 3],
    ) -> [f32; 4] {
        let levels = img.levels();
        if levels == 0 {
            return [0.0; 4];
        }
        let q = (levels - 1) as f32;
        let lod = if lod.is_nan() { 0.0 } else { lod };
        let lambda = lod.max(self.lod_min).min(self.lod_max);
        let filter = if lambda <= 0.0 { self.mag } else { self.min };
        match self.mipmap {
            Filter::Nearest => {
                let d = ((lambda + 0.5).ceil() - 1.0).clamp(0.0, q) as u32;
                self.filter(img, d, filter, s, dims, offset)
            }
            Filter::Linear => {
                let hi = lambda.floor().clamp(0.0, q);
                let lo = (hi + 1.0).min(q);
                let delta = if lambda >= q {
                    0.0
                } else {
                    lambda - lambda.floor()
                };
                let a = self.filter(img, hi as u32, filter, s, dims, offset);
                if delta == 0.0 {
                    return a;
                }
                let b = self.filter(img, lo as u32, filter, s, dims, offset);
                let mut out = [0f32; 4];
                for c in 0..4 {
                    out[c] = (1.0 - delta) * a[c] + delta * b[c];
                }
                out
            }
        }
    }

    /// `textureGather`: component `component` of the four texels of the 2×2 footprint of a
    /// linear filter at `s` in the base level, in the order (i0, j1), (i1, j1), (i1, j0),
    /// (i0, j0).
    pub fn gather(
        &self,
        img: &dyn Texels,
        s: [f32; 3],
        component: usize,
        offset: [i32; 3],
    ) -> [f32; 4] {
        let Some(size) = img.size(0) else {
            return [0.0; 4];
        };
        let mut i0 = [0i64; 3];
        for a in 0..2 {
            let u = s[a] * size[a] as f32 - 0.5;
            i0[a] = floor_i64(u) + i64::from(offset[a]);
        }
        let at = |di: i64, dj: i64| {
            self.fetch(img, 0, size, [i0[0] + di, i0[1] + dj, 0])[component.min(3)]
        };
        [at(0, 1), at(1, 1), at(1, 0), at(0, 0)]
    }
}

/// `floor(u)` as an integer, saturating (NaN gives 0).
fn floor_i64(u: f32) -> i64 {
    let f = u.floor();
    if f.is_nan() {
        0
    } else {
        f.clamp(-1.0e12, 1.0e12) as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_decode_and_encode_as_vulkan_defines() {
        let unorm = Format::of(wgpu::TextureFormat::Rg8Unorm).expect("rg8unorm");
        let words = unorm.decode([0x00ff_80ff & 0xffff, 0, 0, 0]);
        assert_eq!(f32::from_bits(words[0]), 1.0);
        assert_eq!(f32::from_bits(words[1]), 128.0 / 255.0);
        assert_eq!((words[2], f32::from_bits(words[3])), (0, 1.0));
        let snorm = Format::of(wgpu::TextureFormat::R8Snorm).expect("r8snorm");
        assert_eq!(f32::from_bits(snorm.decode([0x80, 0, 0, 0])[0]), -1.0);
        assert_eq!(snorm.encode([(-2f32).to_bits(), 0, 0, 0])[0], 0x81);
        assert_eq!(
            unorm.encode([0.5f32.to_bits(), f32::NAN.to_bits(), 0, 0])[0],
            0x80
        );
        let sint = Format::of(wgpu::TextureFormat::Rgba16Sint).expect("rgba16sint");
        let raw = sint.encode([(-2i32) as u32, 3, 0x1_0005, 7]);
        assert_eq!(raw, [0x0003_fffe, 0x0007_0005, 0, 0]);
        assert_eq!(sint.decode(raw), [(-2i32) as u32, 3, 5, 7]);
        let half = Format::of(wgpu::TextureFormat::R16Float).expect("r16float");
        assert_eq!(f32::from_bits(half.decode([0x3c00, 0, 0, 0])[0]), 1.0);
    }

    #[test]
    fn addressing_wraps_mirrors_and_clamps() {
        let all = |m| (-5..9).map(|i| address(m, i, 4)).collect::<Vec<_>>();
        let s = |v: &[u32]| v.iter().map(|&x| Some(x)).collect::<Vec<_>>();
        assert_eq!(
            all(Address::Repeat),
            s(&[3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0])
        );
        assert_eq!(
            all(Address::MirrorRepeat),
            s(&[3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0])
        );
        assert_eq!(
            all(Address::ClampToEdge),
            s(&[0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3])
        );
        assert_eq!(address(Address::ClampToBorder, -1, 4), None);
        assert_eq!(address(Address::ClampToBorder, 3, 4), Some(3));
    }
}
