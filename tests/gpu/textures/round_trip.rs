//! Host data in and out of textures of every element type, bits and rank; raw bytes; copies
//! between textures, slices, arrays and views.

use amp::graphics::TexelFormat;
use amp::prelude::*;

/// `data` into a texture of `extent` at `bits`, and back: the same values, and the bytes its
/// format stores.
fn round_trip<T, const N: usize>(extent: [i32; N], bits: u32, data: &[T]) -> Vec<u8>
where
    T: amp::graphics::Texel + PartialEq + std::fmt::Debug,
{
    let tex = Texture::<T, N>::options(extent)
        .bits(bits)
        .from_slice(data)
        .unwrap_or_else(|e| panic!("{bits} bits: {e}"));
    assert_eq!(tex.bits_per_scalar_element(), bits);
    assert_eq!(tex.to_vec().expect("read"), data, "{bits} bits");
    let bytes = tex.level_bytes(0).expect("bytes");
    assert_eq!(bytes.len(), tex.data_length());
    bytes
}

#[test]
fn every_integer_width_round_trips_in_every_rank() {
    let ints: Vec<i32> = (0..60).map(|i| (i * 37 % 255) - 127).collect();
    let uints: Vec<u32> = (0..60).map(|i| i * 41 % 256).collect();
    for bits in [8, 16, 32] {
        round_trip([60], bits, &ints);
        round_trip([6, 10], bits, &uints);
        round_trip([3, 4, 5], bits, &ints);
        let i2: Vec<Int2> = ints.chunks(2).map(|c| int2(c[0], c[1])).collect();
        round_trip([5, 6], bits, &i2);
        let u4: Vec<UInt4> = uints
            .chunks(4)
            .map(|c| uint4(c[0], c[1], c[2], c[3]))
            .collect();
        round_trip([3, 5], bits, &u4);
    }
    // The bytes are the format's: 8-bit signed texels are the values' low bytes.
    let bytes = round_trip([4], 8, &[-1i32, 0, 1, -128]);
    assert_eq!(bytes, [0xff, 0, 1, 0x80]);
    let big: Vec<u32> = vec![u32::MAX, 0, 1 << 31];
    round_trip([3], 32, &big);
}

#[test]
fn floats_round_trip_at_32_and_16_bits() {
    let floats: Vec<f32> = (0..48).map(|i| i as f32 * 0.125 - 3.0).collect();
    round_trip([48], 32, &floats);
    // Multiples of 1/8 below 4096 are exact in f16.
    round_trip([6, 8], 16, &floats);
    let f2: Vec<Float2> = floats.chunks(2).map(|c| float2(c[0], c[1])).collect();
    round_trip([2, 3, 4], 16, &f2);
    let f4: Vec<Float4> = floats
        .chunks(4)
        .map(|c| float4(c[0], c[1], c[2], c[3]))
        .collect();
    round_trip([12], 32, &f4);
    // 16 bits round to the nearest f16.
    let tex = Texture::<f32, 1>::options([1])
        .bits(16)
        .from_slice(&[0.1])
        .expect("texture");
    assert_eq!(
        tex.to_vec().expect("read"),
        [half::f16::from_f32(0.1).to_f32()]
    );
}

#[test]
fn raw_bytes_fill_and_read_a_texture() {
    let bytes: Vec<u8> = (0..48u8).collect();
    let tex = Texture::<UInt4, 2>::options([3, 4])
        .bits(8)
        .from_bytes(&bytes)
        .expect("texture");
    assert_eq!(tex.level_bytes(0).expect("bytes"), bytes);
    assert_eq!(tex.to_vec().expect("read")[1], uint4(4, 5, 6, 7));
}

#[test]
fn copies_move_texels_between_textures_slices_and_arrays() {
    let data: Vec<f32> = (0..20).map(|i| i as f32).collect();
    let a = Texture::<f32, 2>::new([4, 5]).expect("texture");
    copy(&data, &a).expect("host to texture");
    let b = Texture::<f32, 2>::new([4, 5]).expect("texture");
    a.copy_to(&b).expect("texture to texture");
    let mut out = vec![0.0f32; 20];
    copy(&b, &mut out).expect("texture to host");
    assert_eq!(out, data);
    let array = Array::<f32, 2>::filled([4, 5], 0.0).expect("array");
    copy(&b, &array).expect("texture to array");
    assert_eq!(array.to_vec().expect("read"), data);
    let c = b.try_clone().expect("clone");
    copy(&[0.0f32; 20], &b).expect("overwrite");
    assert_eq!(
        c.to_vec().expect("read"),
        data,
        "a clone has texels of its own"
    );
    let mut later = vec![0.0f32; 20];
    copy_async(&c, &mut later).wait().expect("async");
    assert_eq!(later, data);
    // Extents must agree.
    let err = copy(&data[..19], &a).expect_err("short");
    assert!(matches!(err, amp::Error::ExtentMismatch { .. }), "{err}");
}

#[test]
fn formats_describe_themselves() {
    let f = TexelFormat::of::<UInt4>(8).expect("format");
    assert_eq!((f.components(), f.bits(), f.bytes()), (4, 8, 4));
    assert_eq!(f.to_string(), "4 8-bit unsigned integer components");
    assert!(TexelFormat::of::<f32>(32).expect("format").read_write());
    assert!(!TexelFormat::of::<f32>(16).expect("format").read_write());
}
