//! Views and arrays whose elements are short vectors, read and written whole in kernels, with
//! the same bytes on the host and the accelerator.

use crate::common;

use amp::prelude::*;
use amp::{AccessKind, Error};
use common::{random_floats, random_words};

fn float4s(len: usize, seed: u32) -> Vec<Float4> {
    random_floats(len * 4, seed)
        .chunks_exact(4)
        .map(|c| float4(c[0], c[1], c[2], c[3]))
        .collect()
}

#[test]
fn float4_vector_add_matches_the_cpu() -> Result<(), Error> {
    // Several workgroups of 256 threads, and a partial last one.
    let n = 3 * 256 + 17;
    let a = float4s(n, 1);
    let b = float4s(n, 2);
    let poison = float4(f32::NAN, f32::NAN, f32::NAN, f32::NAN);
    let mut c = vec![poison; n];
    let av = ConstArrayView::new(n as i32, &a)?;
    let bv = ConstArrayView::new(n as i32, &b)?;
    let cv = ArrayView::new(n as i32, &mut c)?;
    parallel_for_each!(cv.extent(), |i: Index<1>| {
        let p = av[i];
        cv[i] = p + bv[i] * 2.0;
    })?;
    drop(cv);
    for k in 0..n {
        assert_eq!(c[k], a[k] + b[k] * 2.0, "element {k}");
    }
    Ok(())
}

#[test]
fn int2_two_dimensional_view() -> Result<(), Error> {
    let (rows, cols) = (37, 21);
    let words = random_words(rows * cols * 2, 7);
    let src: Vec<Int2> = words
        .chunks_exact(2)
        .map(|w| int2((w[0] % 1000) as i32 - 500, (w[1] % 1000) as i32 - 500))
        .collect();
    let mut dst = vec![int2(i32::MIN, i32::MAX); rows * cols];
    let sv = ConstArrayView::new([rows as i32, cols as i32], &src)?;
    let dv = ArrayView::new([rows as i32, cols as i32], &mut dst)?;
    parallel_for_each!(dv.extent(), |idx: Index<2>| {
        let v = sv[idx];
        // Swap the components and add the position.
        dv[idx] = int2(v.y(), v.x()) + int2(idx[0], idx[1]);
    })?;
    drop(dv);
    for r in 0..rows {
        for c in 0..cols {
            let v = src[r * cols + c];
            let expected = int2(v.y(), v.x()) + int2(r as i32, c as i32);
            assert_eq!(dst[r * cols + c], expected, "({r}, {c})");
        }
    }
    Ok(())
}

#[test]
fn uint4_array_round_trips() -> Result<(), Error> {
    let n = 600;
    let words = random_words(n * 4, 11);
    let data: Vec<UInt4> = words
        .chunks_exact(4)
        .map(|w| uint4(w[0] >> 4, w[1] >> 4, w[2] >> 4, w[3] >> 4))
        .collect();
    let arr = Array::new(n as i32, &data)?;
    parallel_for_each!(arr.extent(), |i: Index<1>| {
        let v = arr[i];
        arr[i] = uint4(v.w(), v.z(), v.y(), v.x()) + uint4(1, 2, 4, 8);
    })?;
    let out = arr.to_vec()?;
    for k in 0..n {
        let v = data[k];
        let expected = uint4(v.w() + 1, v.z() + 2, v.y() + 4, v.x() + 8);
        assert_eq!(out[k], expected, "element {k}");
    }
    assert_eq!(arr.get([5])?, out[5]);
    Ok(())
}

#[test]
fn float3_is_stored_as_three_scalars() -> Result<(), Error> {
    let n = 300;
    let f = random_floats(n * 3, 5);
    let src: Vec<Float3> = f
        .chunks_exact(3)
        .map(|c| float3(c[0], c[1], c[2]))
        .collect();
    let mut dst = vec![float3(f32::NAN, f32::NAN, f32::NAN); n];
    let sv = ConstArrayView::new(n as i32, &src)?;
    let dv = ArrayView::new(n as i32, &mut dst)?;
    parallel_for_each!(dv.extent(), |i: Index<1>| {
        let p = sv[i];
        dv[i] = float3(p.z(), p.x(), p.y()) - p;
    })?;
    drop(dv);
    for k in 0..n {
        let p = src[k];
        assert_eq!(dst[k], float3(p.z(), p.x(), p.y()) - p, "element {k}");
    }
    Ok(())
}

#[test]
fn an_out_of_range_vector_read_reads_zeros_and_is_reported() -> Result<(), Error> {
    let src = vec![float4(1.0, 2.0, 3.0, 4.0); 8];
    let src3 = vec![int3(5, 6, 7); 8];
    let mut out = vec![float4(-1.0, -1.0, -1.0, -1.0); 4];
    let mut out3 = vec![int3(-1, -1, -1); 4];
    let sv = ConstArrayView::new(8, &src)?;
    let sv3 = ConstArrayView::new(8, &src3)?;
    let ov = ArrayView::new(4, &mut out)?;
    let ov3 = ArrayView::new(4, &mut out3)?;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        // Threads 2 and 3 read past the data.
        let at = i[0] * 5;
        ov[i] = sv[at];
        ov3[i] = sv3[at];
    })?;
    let err = ov.to_vec().expect_err("the out-of-range read is reported");
    match err {
        Error::OutOfBounds {
            extent,
            fault: Some(fault),
            ..
        } => {
            assert_eq!(extent, [8]);
            assert_eq!(fault.access, AccessKind::ViewRead);
        }
        other => panic!("expected a kernel fault, got {other}"),
    }
    let one = float4(1.0, 2.0, 3.0, 4.0);
    let zero = float4(0.0, 0.0, 0.0, 0.0);
    assert_eq!(ov.to_vec()?, [one, one, zero, zero]);
    let five = int3(5, 6, 7);
    let none = int3(0, 0, 0);
    assert_eq!(ov3.to_vec()?, [five, five, none, none]);
    Ok(())
}
