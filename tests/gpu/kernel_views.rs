//! Views converted inside kernels: `v.as_const()` (C++ AMP's `array_view<T>` to
//! `array_view<const T>`), read, sectioned and passed to a `#[kernel] fn` that takes a
//! `ConstArrayView`; `v.view_as(extent)` (a rank-1 view seen with another shape).

use crate::common::fault_of;
use amp::prelude::*;
use amp::{AccessKind, Error};

/// The sum of three neighbours, through a read-only view.
#[kernel]
fn around(src: ConstArrayView<i32, 1>, i: i32) -> i32 {
    let n = src.extent()[0];
    let mut sum = src[i];
    if i > 0 {
        sum += src[i - 1];
    }
    if i + 1 < n {
        sum += src[i + 1];
    }
    sum
}

#[test]
fn a_view_as_const_in_a_kernel_is_a_read_only_view_of_the_same_data() -> Result<(), Error> {
    let mut data: Vec<i32> = (0..64).collect();
    let mut out = vec![0i32; 64];
    {
        let v = ArrayView::new(64, &mut data)?;
        let o = ArrayView::new(64, &mut out)?;
        parallel_for_each!(v.extent(), |idx: Index<1>| {
            let c = v.as_const();
            let part = c.section(Index::new([8]), Extent::new([16]));
            let mut extra = 0;
            if idx[0] < 16 {
                extra = part[idx[0]];
            }
            o[idx] = around(c, idx[0]) * 1000 + extra;
        })?;
    }
    let want: Vec<i32> = (0..64)
        .map(|k: i32| {
            let sum: i32 = (k - 1..=k + 1).filter(|j| (0..64).contains(j)).sum();
            sum * 1000 + if k < 16 { k + 8 } else { 0 }
        })
        .collect();
    assert_eq!(out, want);
    assert_eq!(data, (0..64).collect::<Vec<_>>());
    Ok(())
}

#[test]
fn view_as_in_a_kernel_reshapes_a_rank_1_view() -> Result<(), Error> {
    let data: Vec<i32> = (0..24).collect();
    let mut out2 = vec![0i32; 24];
    let mut out3 = vec![0i32; 24];
    let mut shape = vec![0i32; 5];
    {
        let v = ConstArrayView::new(24, &data)?;
        let o2 = ArrayView::new(24, &mut out2)?;
        let o3 = ArrayView::new(24, &mut out3)?;
        let sh = ArrayView::new(5, &mut shape)?;
        parallel_for_each!(Extent::new([24]), |idx: Index<1>| {
            let i = idx[0];
            let rows = 4;
            let m = v.view_as(Extent::new([rows, 6]));
            let c = v.view_as(Extent::new([2, 3, 4]));
            // Element (i / 6, i % 6) of the 4×6 view is element i; a row is a rank-1 view.
            o2[i] = m[Index::new([i / 6, i % 6])] * 100 + m[i / 6][i % 6];
            o3[i] = c[[i / 12, (i / 4) % 3, i % 4]] + c[1][2][3] * 1000;
            if i == 0 {
                sh[0] = m.extent()[0];
                sh[1] = m.extent()[1];
                sh[2] = c.extent()[2];
                // A section of the reshaped view: rows 1..3, columns 2..5.
                let s = m.section(Index::new([1, 2]), Extent::new([2, 3]));
                sh[3] = s[[1, 2]];
                sh[4] = s.extent()[1];
            }
        })?;
    }
    let want2: Vec<i32> = (0..24).map(|i| i * 101).collect();
    let want3: Vec<i32> = (0..24).map(|i| i + 23_000).collect();
    assert_eq!(out2, want2);
    assert_eq!(out3, want3);
    assert_eq!(shape, vec![4, 6, 4, 2 * 6 + 4, 3]);
    Ok(())
}

#[test]
fn view_as_in_a_kernel_may_see_fewer_elements_and_writes_land_in_place() -> Result<(), Error> {
    let mut data = vec![0i32; 20];
    {
        let v = ArrayView::new(20, &mut data)?;
        // A 3×5 view of the first 15 elements of 20 (C++ AMP allows fewer elements).
        parallel_for_each!(Extent::new([3, 5]), |idx: Index<2>| {
            let m = v.view_as(Extent::new([3, 5]));
            m[idx] = idx[0] * 10 + idx[1] + 1;
        })?;
    }
    let want: Vec<i32> = (0..20)
        .map(|i| if i < 15 { (i / 5) * 10 + i % 5 + 1 } else { 0 })
        .collect();
    assert_eq!(data, want);
    Ok(())
}

#[test]
fn view_as_in_a_kernel_with_too_many_elements_is_a_fault() -> Result<(), Error> {
    let mut data = vec![0i32; 12];
    let v = ArrayView::new(12, &mut data)?;
    let line = line!();
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let _m = v.view_as(Extent::new([4, 4]));
    })?;
    let (index, extent, fault) = fault_of(v.synchronize().expect_err("reported"));
    assert_eq!(fault.access, AccessKind::ViewAs);
    assert_eq!(fault.loc.line, line + 2);
    assert_eq!((index.as_str(), extent.as_str()), ("(16)", "(12)"));

    // The view that does not fit has no elements: a write through it is a fault and lands
    // nowhere.
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let m = v.view_as(Extent::new([2, -3]));
        m[[0, 0]] = 7;
    })?;
    let (_, _, fault) = fault_of(v.synchronize().expect_err("reported"));
    assert_eq!(fault.access, AccessKind::ViewWrite);
    assert_eq!(v.to_vec()?, vec![0; 12]);
    Ok(())
}

#[test]
fn reinterpret_as_in_a_kernel_sees_the_same_bits() -> Result<(), Error> {
    let floats: Vec<f32> = (0..8).map(|i| i as f32 * 1.5 - 3.0).collect();
    let mut bits = vec![0u32; 8];
    let mut ints = vec![0i32; 8];
    let mut back = vec![0f32; 8];
    {
        let f = ConstArrayView::new(8, &floats)?;
        let u = ArrayView::new(8, &mut bits)?;
        let i = ArrayView::new(8, &mut ints)?;
        let b = ArrayView::new(8, &mut back)?;
        parallel_for_each!(Extent::new([8]), |idx: Index<1>| {
            let k = idx[0];
            let as_u = f.reinterpret_as::<u32>();
            let as_i = f.reinterpret_as::<i32>();
            u[k] = as_u[k];
            i[k] = as_i[idx];
            // A write through a reinterpreted read-write view lands in its element.
            let out = b.reinterpret_as::<u32>();
            out[k] = as_u[k] ^ 0x8000_0000u32;
        })?;
    }
    assert_eq!(bits, floats.iter().map(|x| x.to_bits()).collect::<Vec<_>>());
    assert_eq!(
        ints,
        floats
            .iter()
            .map(|x| x.to_bits() as i32)
            .collect::<Vec<_>>()
    );
    assert_eq!(back, floats.iter().map(|x| -x).collect::<Vec<_>>());
    Ok(())
}

#[test]
fn reinterpret_as_in_a_kernel_changes_the_length_with_the_element_size() -> Result<(), Error> {
    let vectors: Vec<Float4> = (0..3)
        .map(|i| Float4::new(i as f32, i as f32 + 0.25, i as f32 + 0.5, i as f32 + 0.75))
        .collect();
    let mut flat = vec![0f32; 12];
    let mut lens = vec![0i32; 2];
    let mut rebuilt = vec![Float4::new(0.0, 0.0, 0.0, 0.0); 3];
    {
        let v = ConstArrayView::new(3, &vectors)?;
        let o = ArrayView::new(12, &mut flat)?;
        let l = ArrayView::new(2, &mut lens)?;
        let r = ArrayView::new(3, &mut rebuilt)?;
        parallel_for_each!(Extent::new([12]), |idx: Index<1>| {
            let k = idx[0];
            let scalars = v.reinterpret_as::<f32>();
            o[k] = scalars[k];
            // Float4 → f32 → Float4 through a read-write view: component k % 4 of vector k / 4.
            let words = r.reinterpret_as::<f32>();
            words[k] = scalars[k] * 2.0;
            if k == 0 {
                l[0] = scalars.extent()[0];
                l[1] = o.reinterpret_as::<Float4>().extent()[0];
            }
        })?;
    }
    let want: Vec<f32> = vectors
        .iter()
        .flat_map(|v| [v.x(), v.y(), v.z(), v.w()])
        .collect();
    assert_eq!(flat, want);
    assert_eq!(lens, vec![12, 3]);
    let doubled: Vec<Float4> = vectors.iter().map(|v| *v * 2.0).collect();
    assert_eq!(rebuilt, doubled);
    Ok(())
}

#[test]
fn reinterpret_as_in_a_kernel_that_does_not_divide_is_a_fault() -> Result<(), Error> {
    let mut data = vec![0f32; 6];
    let v = ArrayView::new(6, &mut data)?;
    let line = line!();
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let w = v.reinterpret_as::<Float4>();
        w[0] = Float4::new(1.0, 2.0, 3.0, 4.0);
    })?;
    let (_, _, fault) = fault_of(v.synchronize().expect_err("reported"));
    // The write into the empty view is the thread's last fault; nothing landed.
    assert_eq!(fault.access, AccessKind::ViewWrite);
    assert_eq!(fault.loc.line, line + 3);
    assert_eq!(v.to_vec()?, vec![0.0; 6]);

    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let _w = v.reinterpret_as::<Float4>();
    })?;
    let (index, extent, fault) = fault_of(v.synchronize().expect_err("reported"));
    assert_eq!(fault.access, AccessKind::ReinterpretAs);
    assert_eq!((index.as_str(), extent.as_str()), ("(24)", "(16)"));
    Ok(())
}
