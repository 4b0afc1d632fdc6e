//! Textures from and to images: PNG files written here (random pixels), loaded into textures
//! of each kind, saved again and compared byte for byte; texel values against the channels'
//! conversion; a JPEG decoded within tolerance; and the failures, as typed errors.

use crate::common::random_words;
use amp::error::TextureProblem;
use amp::graphics::image::{self, DynamicImage, ImageBuffer, Luma, LumaA, Rgb, Rgba};
use amp::graphics::ImageDepth;
use amp::prelude::*;
use std::path::PathBuf;

/// A fresh directory of this process for `test`'s files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("amp-images-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `len` random bytes.
fn bytes(len: usize, seed: u32) -> Vec<u8> {
    random_words(len, seed)
        .into_iter()
        .map(|w| w as u8)
        .collect()
}

/// `len` random 16-bit channels.
fn shorts(len: usize, seed: u32) -> Vec<u16> {
    random_words(len, seed)
        .into_iter()
        .map(|w| (w >> 7) as u16)
        .collect()
}

/// The texture's type parameter, its expected texels from the image's channels, and the
/// file round trip: load `image` from a PNG, save it again, compare the files.
fn round_trip<T: amp::graphics::Texel + PartialEq + std::fmt::Debug>(
    name: &str,
    image: &DynamicImage,
    texel: impl Fn(&[f64]) -> T,
    max: f64,
) -> Texture<T, 2> {
    let dir = temp_dir(name);
    let source = dir.join("source.png");
    let copy = dir.join("copy.png");
    image.save(&source).expect("write the source PNG");
    let tex = Texture::<T, 2>::load(&source).expect("load");
    assert_eq!(
        tex.extent(),
        Extent::new([image.height() as i32, image.width() as i32])
    );
    // Texel values: the image's channels, through the conversion `texel` states.
    let channels: Vec<f64> = match image {
        DynamicImage::ImageLuma8(i) => i.as_raw().iter().map(|&c| c as f64).collect(),
        DynamicImage::ImageLumaA8(i) => i.as_raw().iter().map(|&c| c as f64).collect(),
        DynamicImage::ImageRgba8(i) => i.as_raw().iter().map(|&c| c as f64).collect(),
        DynamicImage::ImageRgb8(i) => i
            .as_raw()
            .chunks(3)
            .flat_map(|p| [p[0] as f64, p[1] as f64, p[2] as f64, max])
            .collect(),
        DynamicImage::ImageLuma16(i) => i.as_raw().iter().map(|&c| c as f64).collect(),
        DynamicImage::ImageRgba16(i) => i.as_raw().iter().map(|&c| c as f64).collect(),
        other => panic!("no reference for {:?}", other.color()),
    };
    let components = channels.len() / tex.extent().size() as usize;
    let want: Vec<T> = channels.chunks(components).map(&texel).collect();
    assert_eq!(tex.to_vec().expect("read"), want, "{name}: texels");
    tex.save(&copy).expect("save");
    assert_eq!(
        std::fs::read(&copy).expect("read the copy"),
        std::fs::read(&source).expect("read the source"),
        "{name}: the saved PNG differs from the loaded one"
    );
    std::fs::remove_dir_all(&dir).ok();
    tex
}

#[test]
fn rgba8_pngs_round_trip_through_float_and_unsigned_textures() {
    let (w, h) = (37, 21);
    let image = DynamicImage::ImageRgba8(
        ImageBuffer::from_raw(w, h, bytes((w * h * 4) as usize, 5)).expect("image"),
    );
    // Floats hold c / 255, as a unorm format reads it.
    let tex = round_trip::<Float4>(
        "rgba8-float",
        &image,
        |c| {
            float4(
                c[0] as f32 / 255.0,
                c[1] as f32 / 255.0,
                c[2] as f32 / 255.0,
                c[3] as f32 / 255.0,
            )
        },
        255.0,
    );
    assert_eq!(tex.bits_per_scalar_element(), 32);
    // Unsigned integers hold the channels themselves, in an 8-bit format.
    let tex = round_trip::<UInt4>(
        "rgba8-uint",
        &image,
        |c| uint4(c[0] as u32, c[1] as u32, c[2] as u32, c[3] as u32),
        255.0,
    );
    assert_eq!(tex.bits_per_scalar_element(), 8);
}

#[test]
fn greyscale_and_sixteen_bit_pngs_round_trip() {
    let (w, h) = (19, 40);
    let n = (w * h) as usize;
    let luma = DynamicImage::ImageLuma8(ImageBuffer::from_raw(w, h, bytes(n, 7)).expect("l8"));
    round_trip::<u32>("l8-uint", &luma, |c| c[0] as u32, 255.0);
    round_trip::<f32>("l8-float", &luma, |c| c[0] as f32 / 255.0, 255.0);
    let luma_alpha =
        DynamicImage::ImageLumaA8(ImageBuffer::from_raw(w, h, bytes(2 * n, 8)).expect("la8"));
    round_trip::<Float2>(
        "la8-float",
        &luma_alpha,
        |c| float2(c[0] as f32 / 255.0, c[1] as f32 / 255.0),
        255.0,
    );
    // 16-bit channels: 16-bit unsigned textures, saved as 16-bit PNGs again.
    let rgba16 =
        DynamicImage::ImageRgba16(ImageBuffer::from_raw(w, h, shorts(4 * n, 9)).expect("rgba16"));
    let tex = round_trip::<UInt4>(
        "rgba16-uint",
        &rgba16,
        |c| uint4(c[0] as u32, c[1] as u32, c[2] as u32, c[3] as u32),
        65535.0,
    );
    assert_eq!(tex.bits_per_scalar_element(), 16);
    let luma16 =
        DynamicImage::ImageLuma16(ImageBuffer::from_raw(w, h, shorts(n, 10)).expect("l16"));
    round_trip::<u32>("l16-uint", &luma16, |c| c[0] as u32, 65535.0);
}

#[test]
fn float_textures_of_sixteen_bit_images_keep_sixteen_bits_when_asked() {
    let (w, h) = (23, 9);
    let channels = shorts((w * h) as usize, 12);
    let image = DynamicImage::ImageLuma16(
        ImageBuffer::<Luma<u16>, _>::from_raw(w, h, channels.clone()).expect("l16"),
    );
    let tex = Texture::<f32, 2>::from_image(&image).expect("texture");
    let want: Vec<f32> = channels.iter().map(|&c| c as f32 / 65535.0).collect();
    assert_eq!(tex.to_vec().expect("read"), want);
    // Floats save as 8-bit images unless asked for 16.
    assert_eq!(tex.to_image().expect("image").color(), image::ColorType::L8);
    let back = tex.to_image_at(ImageDepth::Sixteen).expect("image");
    assert_eq!(back.as_luma16().expect("l16").as_raw(), &channels);
}

#[test]
fn rgb_images_get_an_opaque_alpha_and_signed_textures_wider_formats() {
    let (w, h) = (8, 5);
    let rgb = bytes((w * h * 3) as usize, 13);
    let image = DynamicImage::ImageRgb8(
        ImageBuffer::<Rgb<u8>, _>::from_raw(w, h, rgb.clone()).expect("rgb"),
    );
    let tex = Texture::<Int4, 2>::from_image(&image).expect("texture");
    // 8-bit channels do not fit 8-bit signed texels: 16 bits.
    assert_eq!(tex.bits_per_scalar_element(), 16);
    let want: Vec<Int4> = rgb
        .chunks(3)
        .map(|p| int4(p[0] as i32, p[1] as i32, p[2] as i32, 255))
        .collect();
    assert_eq!(tex.to_vec().expect("read"), want);
    // Back to an image: RGBA of 16 bits (the texture's), holding the same values.
    let back = tex.to_image().expect("image");
    let back = back.as_rgba16().expect("rgba16");
    for (k, p) in back.pixels().enumerate() {
        let Rgba(c) = *p;
        assert_eq!(
            int4(c[0] as i32, c[1] as i32, c[2] as i32, c[3] as i32),
            want[k]
        );
    }
}

#[test]
fn a_texture_made_by_a_kernel_saves_as_the_png_its_texels_describe() {
    let (w, h) = (33, 17);
    let tex = Texture::<Float4, 2>::new([h, w]).expect("texture");
    let view = tex.view();
    parallel_for_each!(view.extent(), |idx: Index<2>| {
        let (y, x) = (idx[0] as f32, idx[1] as f32);
        // Values beyond [0, 1] are clamped.
        view[idx] = float4(x / 32.0, y / 16.0, 1.5 - x / 16.0, -0.25 + y / 8.0);
    })
    .expect("launch");
    let dir = temp_dir("kernel");
    let path = dir.join("made.png");
    tex.save(&path).expect("save");
    let read = image::open(&path).expect("open").to_rgba8();
    let channel = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    for (x, y, Rgba(c)) in read.enumerate_pixels().map(|(x, y, p)| (x, y, *p)) {
        let (xf, yf) = (x as f32, y as f32);
        let want = [
            channel(xf / 32.0),
            channel(yf / 16.0),
            channel(1.5 - xf / 16.0),
            channel(-0.25 + yf / 8.0),
        ];
        assert_eq!(c, want, "pixel ({x}, {y})");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_jpeg_decodes_within_tolerance() {
    let (w, h) = (64, 48);
    // A smooth picture: JPEG keeps it within a few levels.
    let source = ImageBuffer::<Rgb<u8>, _>::from_fn(w, h, |x, y| {
        Rgb([
            (x * 4) as u8,
            (y * 5) as u8,
            (128.0 + 100.0 * ((x + y) as f32 / 20.0).sin()) as u8,
        ])
    });
    let dir = temp_dir("jpeg");
    let path = dir.join("picture.jpg");
    DynamicImage::ImageRgb8(source.clone())
        .save(&path)
        .expect("write the JPEG");
    let tex = Texture::<Float4, 2>::load(&path).expect("load");
    let texels = tex.to_vec().expect("read");
    let mut total = 0.0f64;
    let mut worst = 0.0f32;
    for (k, p) in source.pixels().enumerate() {
        for (c, &channel) in p.0.iter().enumerate() {
            let error = (texels[k][c] - channel as f32 / 255.0).abs();
            total += error as f64;
            worst = worst.max(error);
        }
        assert_eq!(texels[k][3], 1.0, "JPEGs are opaque");
    }
    let mean = total / (w * h * 3) as f64;
    assert!(mean < 2.0 / 255.0, "mean error {mean}");
    assert!(worst < 24.0 / 255.0, "worst error {worst}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The texture problem of an error (panics on any other error).
fn problem(err: amp::Error) -> TextureProblem {
    match err {
        amp::Error::Texture(e) => e.problem,
        other => panic!("expected a texture error, got {other}"),
    }
}

#[test]
fn unreadable_files_unwritable_paths_and_unholdable_values_are_typed_errors() {
    let dir = temp_dir("errors");
    // No such file.
    let missing = dir.join("missing.png");
    let err = Texture::<Float4, 2>::load(&missing).expect_err("missing");
    assert!(err.to_string().contains("cannot read"), "{err}");
    assert!(
        matches!(problem(err), TextureProblem::ImageFile { reading: true, ref path, .. } if *path == missing)
    );
    // Not an image.
    let garbage = dir.join("garbage.png");
    std::fs::write(&garbage, b"not a png at all").expect("write");
    let err = Texture::<Float4, 2>::load(&garbage).expect_err("garbage");
    assert!(matches!(
        problem(err),
        TextureProblem::ImageFile { reading: true, .. }
    ));
    // A directory that is not there.
    let tex = Texture::<Float4, 2>::new([2, 2]).expect("texture");
    let nowhere = dir.join("no such dir").join("out.png");
    let err = tex.save(&nowhere).expect_err("unwritable");
    assert!(matches!(
        problem(err),
        TextureProblem::ImageFile { reading: false, .. }
    ));
    // Integers no 16-bit channel holds.
    let tex = Texture::<u32, 2>::from_slice([1, 3], &[1, 70_000, 2]).expect("texture");
    let err = tex.to_image().expect_err("too large");
    assert!(err.to_string().contains("70000"), "{err}");
    assert_eq!(
        problem(err),
        TextureProblem::ImageValue {
            element: 1,
            value: 70_000,
            max: 65_535
        }
    );
    let tex = Texture::<i32, 2>::from_slice([1, 2], &[3, -1]).expect("texture");
    let err = tex.to_image().expect_err("negative");
    assert!(matches!(
        problem(err),
        TextureProblem::ImageValue { value: -1, .. }
    ));
    // 8-bit channels in 8-bit signed texels, asked for: 255 does not fit.
    let image = DynamicImage::ImageLuma8(
        ImageBuffer::<Luma<u8>, _>::from_raw(2, 1, vec![100, 255]).expect("l8"),
    );
    let err = Texture::<i32, 2>::options([1, 1])
        .bits(8)
        .from_image(&image)
        .expect_err("out of range");
    assert!(matches!(
        problem(err),
        TextureProblem::ValueOutOfRange {
            element: 1,
            value: 255,
            ..
        }
    ));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_image_wider_than_the_accelerators_textures_is_an_error() {
    let acc = Accelerator::default().expect("accelerator");
    let max = acc.limits().max_texture_dimension_2d;
    let image = DynamicImage::ImageLumaA8(ImageBuffer::<LumaA<u8>, _>::new(max + 1, 1));
    let err = Texture::<Float2, 2>::from_image(&image).expect_err("too wide");
    match problem(err) {
        TextureProblem::Extent { extent, max: limit } => {
            assert_eq!(extent, [1, i64::from(max) + 1]);
            assert_eq!(limit, max);
        }
        other => panic!("expected an extent error, got {other:?}"),
    }
}

#[test]
fn unorm_textures_hold_an_rgba8_image_byte_for_byte_and_norms_have_no_image_meaning() {
    let (w, h) = (13, 7);
    let raw = bytes((w * h * 4) as usize, 17);
    let image = DynamicImage::ImageRgba8(ImageBuffer::from_raw(w, h, raw.clone()).expect("image"));
    // Unorm4 at 8 bits is the image's own format: the texture's bytes are the pixels'.
    let tex = Texture::<Unorm4, 2>::from_image(&image).expect("texture");
    assert_eq!(tex.bits_per_scalar_element(), 8);
    assert_eq!(tex.level_bytes(0).expect("bytes"), raw);
    assert_eq!(
        tex.to_vec().expect("texels")[0].x().get(),
        raw[0] as f32 / 255.0
    );
    let back = tex.to_image().expect("image").to_rgba8().into_raw();
    assert_eq!(back, raw);
    let err = Texture::<Norm4, 2>::from_image(&image).expect_err("norms");
    assert!(
        matches!(&err, amp::Error::Texture(e) if matches!(e.problem, TextureProblem::NoImageMeaning { .. })),
        "{err}"
    );
}
