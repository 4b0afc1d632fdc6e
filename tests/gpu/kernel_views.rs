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

/// The sum of a rank-2 view's elements, read through a section of it taken here.
#[kernel]
fn sum_rows(m: ConstArrayView<i32, 2>) -> i32 {
    let e = m.extent();
    let inner = m.section(Index::new([0, 1]), Extent::new([e[0], e[1] - 1]));
    let mut sum = 0;
    for r in 0..e[0] {
        sum += m[[r, 0]];
        for c in 0..e[1] - 1 {
            sum += inner[[r, c]];
        }
    }
    sum
}

/// Writes `value` into every element of a rank-1 view, and returns its length.
#[kernel]
fn fill(row: ArrayView<i32, 1>, value: i32) -> i32 {
    for k in 0..row.extent()[0] {
        row[k] = value + k;
    }
    row.extent()[0]
}

/// Passes its view on, as it is and as a section of it.
#[kernel]
fn fill_halves(row: ArrayView<i32, 1>, value: i32) -> i32 {
    let n = row.extent()[0];
    let half = n / 2;
    let tail = fill(
        row.section(Index::new([half]), Extent::new([n - half])),
        value + 100,
    );
    fill(row.section(Index::new([0]), Extent::new([half])), value) + tail
}

#[test]
fn sections_and_projections_pass_to_kernel_fns_as_views() -> Result<(), Error> {
    // A 6×8 grid: each thread r fills row r's columns 2..7 through a section of a projection.
    let mut grid = vec![0i32; 48];
    let mut sums = vec![0i32; 6];
    {
        let g = ArrayView::new([6, 8], &mut grid)?;
        let s = ArrayView::new(6, &mut sums)?;
        parallel_for_each!(Extent::new([6]), |idx: Index<1>| {
            let r = idx[0];
            let row = g[r];
            let n = fill(row.section(Index::new([2]), Extent::new([5])), r * 10);
            s[r] = n;
        })?;
        parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
            // Rows 1..4, columns 2..7, summed by a function that sections it again.
            let part = g.section(Index::new([1, 2]), Extent::new([3, 5]));
            s[0] = sum_rows(part.as_const());
            s[1] = sum_rows(
                g.as_const()
                    .section(Index::new([4, 0]), Extent::new([2, 8])),
            );
        })?;
    }
    let mut want = vec![0i32; 48];
    for r in 0..6 {
        for c in 2..7 {
            want[r * 8 + c] = r as i32 * 10 + (c as i32 - 2);
        }
    }
    assert_eq!(grid, want);
    let w = &want;
    let block: i32 = (1..4).flat_map(|r| (2..7).map(move |c| w[r * 8 + c])).sum();
    let tail: i32 = want[32..48].iter().sum();
    assert_eq!(sums, vec![block, tail, 5, 5, 5, 5]);
    Ok(())
}

#[test]
fn a_view_passed_as_a_section_passes_on_and_sections_again() -> Result<(), Error> {
    let mut data = vec![0i32; 40];
    let mut lens = vec![0i32; 4];
    {
        let v = ArrayView::new(40, &mut data)?;
        let l = ArrayView::new(4, &mut lens)?;
        parallel_for_each!(Extent::new([4]), |idx: Index<1>| {
            let k = idx[0];
            // Thread k owns elements 10k..10k+10: halves of 5 from its own section.
            l[k] = fill_halves(v.section(Index::new([k * 10]), Extent::new([10])), k * 1000);
        })?;
    }
    let want: Vec<i32> = (0..40)
        .map(|i| {
            let (k, j) = (i / 10, i % 10);
            match j < 5 {
                true => k * 1000 + j,
                false => k * 1000 + 100 + j - 5,
            }
        })
        .collect();
    assert_eq!(data, want);
    assert_eq!(lens, vec![10; 4]);
    Ok(())
}

/// Element (r, c) of a rank-2 view, and its extent's columns, each times 1000.
#[kernel]
fn at_2(m: ConstArrayView<i32, 2>, r: i32, c: i32) -> i32 {
    m[[r, c]] + m.extent()[1] * 1000
}

/// Writes `r * 10 + c` into element (r, c) of a rank-2 view.
#[kernel]
fn mark_2(m: ArrayView<i32, 2>, r: i32, c: i32) {
    m[[r, c]] = r * 10 + c;
}

#[test]
fn view_as_results_pass_to_kernel_fns_as_views() -> Result<(), Error> {
    let data: Vec<i32> = (0..24).collect();
    let mut out = vec![0i32; 24];
    let mut marks = vec![0i32; 24];
    {
        let v = ConstArrayView::new(24, &data)?;
        let o = ArrayView::new(24, &mut out)?;
        let w = ArrayView::new(24, &mut marks)?;
        parallel_for_each!(Extent::new([24]), |idx: Index<1>| {
            let i = idx[0];
            o[i] = at_2(v.view_as(Extent::new([4, 6])), i / 6, i % 6);
            // A 3×4 view of elements 12..24 of a rank-1 section.
            let tail = w.section(Index::new([12]), Extent::new([12]));
            if i < 12 {
                mark_2(tail.view_as(Extent::new([3, 4])), i / 4, i % 4);
            }
        })?;
    }
    assert_eq!(out, (0..24).map(|i| i + 6000).collect::<Vec<_>>());
    let want: Vec<i32> = (0..24)
        .map(|i| match i < 12 {
            true => 0,
            false => ((i - 12) / 4) * 10 + (i - 12) % 4,
        })
        .collect();
    assert_eq!(marks, want);
    Ok(())
}

#[test]
fn into_makes_a_read_only_view_in_a_kernel() -> Result<(), Error> {
    let mut data: Vec<i32> = (0..16).collect();
    let mut out = vec![0i32; 16];
    {
        let v = ArrayView::new(16, &mut data)?;
        let o = ArrayView::new(16, &mut out)?;
        parallel_for_each!(v.extent(), |idx: Index<1>| {
            let c: ConstArrayView<i32, 1> = v.into();
            let part = v.section(Index::new([4]), Extent::new([8]));
            let mut extra = 0;
            if idx[0] < 8 {
                extra = around(part.into(), idx[0]);
            }
            o[idx] = around(v.into(), idx[0]) * 1000 + c[idx] + extra * 100_000;
        })?;
    }
    let sum = |k: i32, lo: i32, hi: i32| -> i32 {
        (k - 1..=k + 1).filter(|j| (lo..hi).contains(j)).sum()
    };
    let want: Vec<i32> = (0..16)
        .map(|k| {
            let extra = if k < 8 { sum(k + 4, 4, 12) } else { 0 };
            sum(k, 0, 16) * 1000 + k + extra * 100_000
        })
        .collect();
    assert_eq!(out, want);
    Ok(())
}

/// Writes 7 at `at` of a rank-1 view.
#[kernel]
fn poke(v: ArrayView<i32, 1>, at: i32) {
    v[at] = 7;
}

#[test]
fn a_section_passed_to_a_kernel_fn_is_checked_against_its_own_extent() -> Result<(), Error> {
    let mut data = vec![0i32; 12];
    let v = ArrayView::new(12, &mut data)?;
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        // Element 4 of a 4-element section would be element 8 of the view: not written.
        poke(v.section(Index::new([4]), Extent::new([4])), 4);
        poke(v.section(Index::new([4]), Extent::new([4])), 3);
    })?;
    let (index, extent, fault) = fault_of(v.synchronize().expect_err("reported"));
    assert_eq!(fault.access, AccessKind::ViewWrite);
    assert_eq!((index.as_str(), extent.as_str()), ("(4)", "(4)"));
    let mut want = vec![0; 12];
    want[7] = 7;
    assert_eq!(v.to_vec()?, want);
    Ok(())
}

/// A struct of views (C++ AMP: a lambda capturing a struct whose members are array_views).
#[derive(Views)]
struct Buffers<'a> {
    input: ConstArrayView<'a, f32, 1>,
    output: ArrayView<'a, f32, 1>,
}

/// One step of `b`: its output at `i` from its input around `i`.
#[kernel]
fn step(b: Buffers<'_>, i: Index<1>) {
    let n = b.input.extent()[0];
    let mut sum = b.input[i];
    if i[0] + 1 < n {
        sum += b.input[i[0] + 1];
    }
    b.output[i] = sum;
}

#[test]
fn a_struct_of_views_is_captured_and_its_writes_land_in_the_host_data() -> Result<(), Error> {
    let input: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let mut output = vec![0f32; 32];
    {
        let bufs = Buffers {
            input: ConstArrayView::new(32, &input)?,
            output: ArrayView::new(32, &mut output)?,
        };
        parallel_for_each!(bufs.output.extent(), |idx: Index<1>| {
            let i = idx[0];
            bufs.output[i] = bufs.input[i] * 2.0;
        })?;
        bufs.output.synchronize()?;
    }
    assert_eq!(output, input.iter().map(|x| x * 2.0).collect::<Vec<_>>());
    Ok(())
}

#[test]
fn a_struct_of_views_passes_to_a_kernel_fn() -> Result<(), Error> {
    let input: Vec<f32> = (0..16).map(|i| i as f32).collect();
    let mut output = vec![0f32; 16];
    {
        let bufs = Buffers {
            input: ConstArrayView::new(16, &input)?,
            output: ArrayView::new(16, &mut output)?,
        };
        parallel_for_each!(Extent::new([16]), |idx: Index<1>| {
            step(bufs, idx);
        })?;
    }
    let want: Vec<f32> = (0..16)
        .map(|i| i as f32 + if i < 15 { i as f32 + 1.0 } else { 0.0 })
        .collect();
    assert_eq!(output, want);
    Ok(())
}

/// A struct of views of two ranks, and a captured value.
#[derive(Views)]
struct Grid<'a> {
    cells: ArrayView<'a, i32, 2>,
    counts: ArrayView<'a, i32, 1>,
    scale: i32,
}

#[test]
fn two_structs_of_views_and_plain_views_are_captured_together() -> Result<(), Error> {
    let input: Vec<f32> = (0..12).map(|i| i as f32).collect();
    let mut output = vec![0f32; 12];
    let mut cells = vec![0i32; 12];
    let mut counts = vec![0i32; 3];
    let mut plain = vec![0i32; 12];
    {
        let bufs = Buffers {
            input: ConstArrayView::new(12, &input)?,
            output: ArrayView::new(12, &mut output)?,
        };
        let grid = Grid {
            cells: ArrayView::new([3, 4], &mut cells)?,
            counts: ArrayView::new(3, &mut counts)?,
            scale: 10,
        };
        let p = ArrayView::new(12, &mut plain)?;
        parallel_for_each!(Extent::new([3, 4]), |idx: Index<2>| {
            let k = idx[0] * 4 + idx[1];
            grid.cells[idx] = (bufs.input[k] as i32) * grid.scale;
            bufs.output[k] = bufs.input[k] + 0.5;
            p[k] = k * 3;
            if idx[1] == 0 {
                grid.counts[idx[0]] = grid.cells.extent()[1];
            }
        })?;
    }
    assert_eq!(output, input.iter().map(|x| x + 0.5).collect::<Vec<_>>());
    assert_eq!(cells, (0..12).map(|i| i * 10).collect::<Vec<_>>());
    assert_eq!(counts, vec![4; 3]);
    assert_eq!(plain, (0..12).map(|i| i * 3).collect::<Vec<_>>());
    Ok(())
}
