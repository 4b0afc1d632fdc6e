//! C++ AMP's container API: views with no data source, `copy` between every pairing of slice,
//! `Array` and view, and partial transfers (a host read of one element moves one element).

use amp::prelude::*;
use amp::{copy, transfer_bytes, Error};

/// Rows × columns of the "large" data: 512 KiB of i32, above the 64 KiB under which host reads
/// copy the whole data back, and many workgroups.
const ROWS: i32 = 512;
const COLS: i32 = 256;
const LEN: usize = (ROWS * COLS) as usize;

/// A reproducible stream of random values (xorshift32), small enough not to overflow `* 3 + 1`.
fn random(len: usize, seed: u32) -> Vec<i32> {
    common::random_words(len, seed)
        .into_iter()
        .map(|s| (s % 2_000_001) as i32 - 1_000_000)
        .collect()
}

use crate::common;

fn f(v: i32) -> i32 {
    v * 3 + 1
}

/// A no-source view made in a helper outlives it ('static), starts as zeros without an upload,
/// and comes back to the host on the first read.
#[test]
fn a_view_from_an_extent_starts_as_zeros_on_the_accelerator() -> Result<(), Error> {
    fn make(extent: [i32; 2]) -> Result<ArrayView<'static, i32, 2>, Error> {
        ArrayView::from_extent(extent)
    }
    let (rows, cols) = (100, 70);
    let input = random((rows * cols) as usize, 7);
    let a = ConstArrayView::new([rows, cols], &input)?;
    let v = make([rows, cols])?;
    assert_eq!(v.extent(), Extent::new([rows, cols]));
    parallel_for_each!(v.extent(), |idx: Index<2>| {
        v[idx] = v[idx] + a[idx] * 3 + 1;
    })?;
    assert_eq!(v.uploads(), 0, "the zeros are not uploaded");
    let expected: Vec<i32> = input.iter().map(|&x| f(x)).collect();
    assert_eq!(v.get([rows - 1, cols - 1])?, expected[expected.len() - 1]);
    assert_eq!(v.to_vec()?, expected);
    assert_eq!((v.uploads(), v.downloads()), (0, 1));
    v.synchronize()?;
    assert_eq!(v.downloads(), 1);
    // Read before any kernel: zeros, no transfer at all.
    let fresh = ArrayView::<f32, 1>::from_extent(300)?;
    assert_eq!(fresh.to_vec()?, vec![0.0; 300]);
    assert_eq!(fresh.transfer_bytes(), (0, 0));
    let err = ArrayView::<i32, 2>::from_extent([-1, 3]).expect_err("negative extent");
    assert!(matches!(err, Error::InvalidComputeDomain(_)), "{err}");
    Ok(())
}

/// A no-source view dropped after a kernel copies nothing back.
#[test]
fn dropping_a_view_from_an_extent_copies_nothing() -> Result<(), Error> {
    let (_, down0) = transfer_bytes();
    let v = ArrayView::<u32, 1>::from_extent(1 << 16)?;
    parallel_for_each!(v.extent(), |idx: Index<1>| {
        v[idx] = idx[0] as u32;
    })?;
    assert_eq!(v.transfer_bytes(), (0, 0));
    drop(v);
    // Other tests run concurrently: only "not the whole 256 KiB from this view" can be checked
    // through the process counter, so check the view's own counters above.
    let (_, down1) = transfer_bytes();
    assert!(down1 >= down0);
    Ok(())
}

/// `get` on large data that a kernel wrote moves exactly one element; `synchronize` then moves
/// the whole data, once; the 17th partial read brings everything back.
#[test]
fn get_downloads_only_its_element() -> Result<(), Error> {
    let input = random(LEN, 11);
    let mut data = vec![-7i32; LEN]; // poisoned
    let a = Array::new([ROWS, COLS], &input)?;
    {
        let v = ArrayView::new([ROWS, COLS], &mut data)?;
        v.discard_data();
        parallel_for_each!(v.extent(), |idx: Index<2>| {
            v[idx] = a[idx] * 3 + 1;
        })?;
        let whole = (LEN * 4) as u64;
        assert_eq!(v.get([ROWS - 1, COLS - 1])?, f(input[LEN - 1]));
        assert_eq!(v.transfer_bytes(), (0, 4));
        assert_eq!(v.downloads(), 1);
        assert_eq!(v.get([3, 5])?, f(input[3 * COLS as usize + 5]));
        assert_eq!(v.transfer_bytes(), (0, 8));
        v.synchronize()?;
        assert_eq!(v.transfer_bytes(), (0, 8 + whole));
        assert_eq!(v.downloads(), 3);
        // Host current: reads move nothing.
        assert_eq!(v.get([0, 0])?, f(input[0]));
        assert_eq!(v.transfer_bytes(), (0, 8 + whole));

        // After 16 partial reads the next read downloads the whole data.
        parallel_for_each!(v.extent(), |idx: Index<2>| {
            v[idx] = v[idx] + 1;
        })?;
        let (up, down) = v.transfer_bytes();
        assert_eq!(up, 0, "host and device were both current: nothing uploaded");
        for i in 0..16 {
            assert_eq!(v.get([i, i])?, f(input[(i * COLS + i) as usize]) + 1);
        }
        assert_eq!(v.transfer_bytes(), (up, down + 16 * 4));
        assert_eq!(v.get([20, 1])?, f(input[(20 * COLS + 1) as usize]) + 1);
        assert_eq!(v.transfer_bytes(), (up, down + 16 * 4 + whole));
    }
    let expected: Vec<i32> = input.iter().map(|&x| f(x) + 1).collect();
    assert_eq!(data, expected);
    Ok(())
}

/// Small data comes back whole on a host read: one round trip serves every later read.
#[test]
fn get_on_small_data_downloads_it_whole() -> Result<(), Error> {
    let input = random(1000, 3);
    let v = ArrayView::<i32, 1>::from_extent(1000)?;
    let a = ConstArrayView::new(1000, &input)?;
    parallel_for_each!(v.extent(), |idx: Index<1>| {
        v[idx] = a[idx] * 3 + 1;
    })?;
    assert_eq!(v.get(999)?, f(input[999]));
    assert_eq!(v.transfer_bytes(), (0, 4000));
    assert_eq!(v.get(0)?, f(input[0]));
    assert_eq!(v.transfer_bytes(), (0, 4000));
    Ok(())
}

/// A section's `to_vec` moves the data from its first to its last element; its `synchronize`
/// moves the whole data (currency is tracked for the whole data); `set` on device-current data
/// uploads one element and downloads nothing.
#[test]
fn sections_and_set_move_what_they_must() -> Result<(), Error> {
    let input = random(LEN, 5);
    let v = ArrayView::<i32, 2>::from_extent([ROWS, COLS])?;
    let a = ConstArrayView::new([ROWS, COLS], &input)?;
    parallel_for_each!(v.extent(), |idx: Index<2>| {
        v[idx] = a[idx] * 3 + 1;
    })?;
    let s = v.section([10, 20], [4, 30])?;
    let expected: Vec<i32> = (10..14)
        .flat_map(|r| (20..50).map(move |c| (r, c)))
        .map(|(r, c)| f(input[(r * COLS + c) as usize]))
        .collect();
    assert_eq!(s.to_vec()?, expected);
    let span = ((4 - 1) * COLS + 30) as u64 * 4;
    assert_eq!(v.transfer_bytes(), (0, span));

    v.set([100, 100], 42)?;
    assert_eq!(
        v.transfer_bytes(),
        (4, span),
        "one element up, nothing down"
    );
    assert_eq!(v.get([100, 100])?, 42);
    assert_eq!(v.transfer_bytes(), (4, span + 4));

    s.synchronize()?;
    assert_eq!(v.transfer_bytes(), (4, span + 4 + (LEN * 4) as u64));
    let mut want: Vec<i32> = input.iter().map(|&x| f(x)).collect();
    want[(100 * COLS + 100) as usize] = 42;
    assert_eq!(v.to_vec()?, want);
    Ok(())
}

/// Every pairing of slice, `Array` and view, checked against the source data; device-to-device
/// copies move nothing through the host.
#[test]
fn copy_between_every_pairing() -> Result<(), Error> {
    let (rows, cols) = (64, 48);
    let len = (rows * cols) as usize;
    let src = random(len, 21);
    let poison = vec![-9i32; len];

    // slice → Array → slice
    let a = Array::filled([rows, cols], -9)?;
    copy(&src, &a)?;
    let mut out = poison.clone();
    copy(&a, &mut out)?;
    assert_eq!(out, src);

    // Array → Array on the accelerator: a kernel has put `a` there.
    parallel_for_each!(a.extent(), |idx: Index<2>| {
        a[idx] = a[idx] * 3 + 1;
    })?;
    let b = Array::filled([rows, cols], -9)?;
    copy(&a, &b)?;
    assert_eq!(b.transfer_bytes(), (0, 0), "copied buffer to buffer");
    assert_eq!(a.transfer_bytes().1, 0);
    let expected: Vec<i32> = src.iter().map(|&x| f(x)).collect();
    assert_eq!(b.to_vec()?, expected);

    // slice → view → slice (host-backed view: host writes).
    let mut backing = poison.clone();
    {
        let v = ArrayView::new([rows, cols], &mut backing)?;
        copy(&src[..], &v)?;
        let mut out = poison.clone();
        copy(&v, &mut out)?;
        assert_eq!(out, src);
        // Array → view, view → view, view → Array.
        copy(&a, &v)?;
        assert_eq!(v.to_vec()?, expected);
        let w = ArrayView::<i32, 2>::from_extent([rows, cols])?;
        copy(&v, &w)?;
        assert_eq!(w.to_vec()?, expected);
        let c = Array::filled([rows, cols], -9)?;
        copy(&w, &c)?;
        assert_eq!(c.to_vec()?, expected);
        // A read-only view as a source.
        let r = ConstArrayView::new([rows, cols], &src)?;
        copy(&r, &c)?;
        assert_eq!(c.to_vec()?, src);
    }
    assert_eq!(backing, expected);
    Ok(())
}

/// Copies between sections of arrays on the accelerator honour offsets and strides, and leave
/// everything outside the destination section as it was.
#[test]
fn copy_between_sections_on_the_accelerator() -> Result<(), Error> {
    let (rows, cols) = (40, 300);
    let len = (rows * cols) as usize;
    let src = random(len, 33);
    let dst_init = random(len, 34);
    let a = ArrayView::<i32, 2>::from_extent([rows, cols])?;
    copy(&src, &a)?;
    let b = ArrayView::<i32, 2>::from_extent([rows, cols])?;
    copy(&dst_init, &b)?;
    // Both on the accelerator.
    parallel_for_each!(a.extent(), |idx: Index<2>| {
        a[idx] = a[idx] * 3 + 1;
        b[idx] = b[idx] + 0;
    })?;
    let (ua, da) = a.transfer_bytes();
    let (ub, db) = b.transfer_bytes();
    let from = a.section([3, 17], [20, 101])?; // strided
    let to = b.section([11, 150], [20, 101])?;
    copy(&from, &to)?;
    // Whole rows: one contiguous run each side.
    copy(
        &a.section([30, 0], [2, cols])?,
        &b.section([0, 0], [2, cols])?,
    )?;
    assert_eq!(a.transfer_bytes(), (ua, da));
    assert_eq!(
        b.transfer_bytes(),
        (ub, db),
        "nothing went through the host"
    );

    let mut want = dst_init.clone();
    for r in 0..20 {
        for c in 0..101 {
            want[((11 + r) * cols + 150 + c) as usize] = f(src[((3 + r) * cols + 17 + c) as usize]);
        }
    }
    for r in 0..2 {
        for c in 0..cols {
            want[(r * cols + c) as usize] = f(src[((30 + r) * cols + c) as usize]);
        }
    }
    assert_eq!(b.to_vec()?, want);
    Ok(())
}

/// Copies through the host: into sections of host-backed views, between two sections of one
/// view (overlapping data), and a section into a slice.
#[test]
fn copy_through_the_host() -> Result<(), Error> {
    let (rows, cols) = (30, 20);
    let len = (rows * cols) as usize;
    let src = random(len, 41);
    let mut data = src.clone();
    let mut want = src.clone();
    {
        let v = ArrayView::new([rows, cols], &mut data)?;
        copy(&v.section([0, 0], [10, 5])?, &v.section([5, 3], [10, 5])?)?;
        for r in 0..10 {
            for c in 0..5 {
                want[((5 + r) * cols + 3 + c) as usize] = src[(r * cols + c) as usize];
            }
        }
        assert_eq!(v.to_vec()?, want);
        let mut part = vec![-9; 6];
        copy(&v.section([29, 14], [1, 6])?, &mut part)?;
        assert_eq!(part, want[(29 * cols + 14) as usize..]);
        copy(&[1, 2, 3, 4, 5, 6], &v.section([2, 0], [2, 3])?)?;
        for (i, value) in [1, 2, 3, 4, 5, 6].into_iter().enumerate() {
            want[((2 + i / 3) * cols as usize) + i % 3] = value;
        }
    }
    assert_eq!(data, want);
    Ok(())
}

/// Extents must match; a failed copy changes nothing.
#[test]
fn copy_checks_extents() -> Result<(), Error> {
    let a = Array::new([2, 3], &[1, 2, 3, 4, 5, 6])?;
    let b = Array::filled([3, 2], -9)?;
    let err = copy(&a, &b).expect_err("transposed extent");
    assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    assert_eq!(b.to_vec()?, [-9; 6]);
    let mut short = [-9; 5];
    let err = copy(&a, &mut short).expect_err("short slice");
    assert!(
        matches!(
            err,
            Error::ExtentMismatch {
                expected: 6,
                actual: 5,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(short, [-9; 5]);
    let err = copy(&[1, 2, 3], &b).expect_err("short source");
    assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    let mut out = [0; 3];
    copy(&[4, 5, 6], &mut out)?;
    assert_eq!(out, [4, 5, 6]);
    let err = copy(&[4, 5], &mut out).expect_err("slice to slice");
    assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    Ok(())
}

/// `view_as` (C++ AMP's reshape): a 1-D view seen as 2-D, written by a kernel over the 2-D view
/// and read through the 1-D one; then the converse; then a contiguous section of rows reshaped.
/// Every view is the same data.
#[test]
fn view_as_reshapes_the_same_data() -> Result<(), Error> {
    let (rows, cols) = (37, 300); // many workgroups either way
    let len = (rows * cols) as usize;
    let input = random(len, 21);
    let mut data = vec![-7i32; len]; // poisoned
    let mut want: Vec<i32> = (0..len)
        .map(|k| f(input[k]) + (k % cols as usize) as i32)
        .collect();
    {
        let a = ConstArrayView::new(len as i32, &input)?.view_as([rows, cols])?;
        assert_eq!(a.extent(), Extent::new([rows, cols]));
        let flat = ArrayView::new(len as i32, &mut data)?;
        let grid = flat.view_as([rows, cols])?;
        // The column enters the result, so a wrong layout shows.
        parallel_for_each!(grid.extent(), |idx: Index<2>| {
            grid[idx] = a[idx] * 3 + 1 + idx[1];
        })?;
        assert_eq!(flat.get(len as i32 - 1)?, want[len - 1]);
        assert_eq!(flat.to_vec()?, want);
        assert_eq!(grid.get([rows - 1, 5])?, want[len - cols as usize + 5]);

        // The converse: the 2-D view seen as 1-D, written by a kernel, read through the 2-D one.
        let again = grid.view_as(len as i32)?;
        parallel_for_each!(again.extent(), |idx: Index<1>| {
            again[idx] = again[idx] * 2 - idx[0];
        })?;
        for (k, w) in want.iter_mut().enumerate() {
            *w = *w * 2 - k as i32;
        }
        assert_eq!(grid.get([3, 7])?, want[3 * cols as usize + 7]);
        assert_eq!(grid.to_vec()?, want);

        // A section of whole rows is consecutive: rows 5..9 as one rank-1 run and as rank 3.
        let band = grid.section([5, 0], [4, cols])?;
        let run = band.view_as(4 * cols)?;
        let cube = band.view_as([2, 2, cols])?;
        parallel_for_each!(run.extent(), |idx: Index<1>| {
            run[idx] = run[idx] + 1000;
        })?;
        parallel_for_each!(cube.extent(), |idx: Index<3>| {
            cube[idx] = cube[idx] + idx[0] * 10 + idx[1];
        })?;
        for k in 0..(4 * cols) as usize {
            let (c, r) = (k / (2 * cols as usize), (k / cols as usize) % 2);
            want[5 * cols as usize + k] += 1000 + c as i32 * 10 + r as i32;
        }
        assert_eq!(run.to_vec()?, want[5 * cols as usize..9 * cols as usize]);
        // Part of one row is consecutive too.
        let bit = grid.section([2, 10], [1, 20])?.view_as([4, 5])?;
        assert_eq!(bit.get([3, 4])?, want[2 * cols as usize + 29]);
        assert_eq!(flat.to_vec()?, want);
    }
    assert_eq!(data, want, "dropping the views copies the results back");
    Ok(())
}

/// `view_as` needs consecutive elements and at most as many of them; failures are typed errors.
#[test]
fn view_as_rejects_gaps_and_wrong_sizes() -> Result<(), Error> {
    let input = random(60, 3);
    let v = ConstArrayView::new([6, 10], &input)?;
    let narrow = v.section([1, 2], [3, 5])?;
    let err = narrow.view_as(15).expect_err("rows with gaps");
    assert!(matches!(err, Error::InvalidComputeDomain(_)), "{err}");
    let err = v.view_as([7, 9]).expect_err("63 elements for 60");
    assert!(
        matches!(
            err,
            Error::ExtentMismatch {
                expected: 63,
                actual: 60,
                ..
            }
        ),
        "{err}"
    );
    let err = v.view_as::<1>(61).expect_err("one over");
    assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    let err = v.view_as([-6, -10]).expect_err("negative extent");
    assert!(matches!(err, Error::InvalidComputeDomain(_)), "{err}");
    let w = ArrayView::<f32, 3>::from_extent([2, 3, 4])?;
    let err = w
        .section([0, 0, 1], [2, 3, 3])?
        .view_as(18)
        .expect_err("gaps");
    assert!(matches!(err, Error::InvalidComputeDomain(_)), "{err}");
    assert_eq!(w.view_as([4, 6])?.extent(), Extent::new([4, 6]));
    Ok(())
}

/// Projection (C++ AMP `av[i]`): a row of a rank-2 view, also of a section, written by a kernel;
/// the parent sees the row and nothing else changed.
#[test]
fn project_rows_of_views_and_sections() -> Result<(), Error> {
    let (rows, cols) = (9, 700); // a row spans several workgroups
    let len = (rows * cols) as usize;
    let input = random(len, 31);
    let mut data = vec![-7i32; len]; // poisoned
    let mut want = data.clone();
    {
        let a = ConstArrayView::new([rows, cols], &input)?;
        let v = ArrayView::new([rows, cols], &mut data)?;
        let (row, src) = (v.project(4)?, a.project(4)?);
        assert_eq!(row.extent(), Extent::new([cols]));
        parallel_for_each!(row.extent(), |idx: Index<1>| {
            row[idx] = src[idx] * 3 + 1;
        })?;
        for c in 0..cols as usize {
            want[4 * cols as usize + c] = f(input[4 * cols as usize + c]);
        }
        assert_eq!(v.to_vec()?, want);
        assert_eq!(row.get(cols - 1)?, want[5 * cols as usize - 1]);

        // Row 3 of the section at (2, 50): row 5 of the data, columns 50..550.
        let s = v.section([2, 50], [5, 500])?;
        let (row, src) = (s.project(3)?, a.section([2, 50], [5, 500])?.project(3)?);
        parallel_for_each!(row.extent(), |idx: Index<1>| {
            row[idx] = src[idx] - idx[0];
        })?;
        for c in 0..500 {
            let k = 5 * cols as usize + 50 + c;
            want[k] = input[k] - c as i32;
        }
        assert_eq!(
            row.to_vec()?,
            want[5 * cols as usize + 50..5 * cols as usize + 550]
        );
        assert_eq!(v.to_vec()?, want);

        for bad in [-1, rows] {
            let err = v.project(bad).expect_err("not a row");
            assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
        }
        let err = s.project(5).expect_err("past the section");
        assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
    }
    assert_eq!(data, want);
    Ok(())
}

/// Projection of a rank-3 view is a plane; of a section, the section's plane; a plane's row is
/// a projection again. Kernels write through them; the parent sees exactly those elements.
#[test]
fn project_planes_of_views_and_sections() -> Result<(), Error> {
    let (depth, rows, cols) = (4, 30, 50);
    let len = (depth * rows * cols) as usize;
    let at = |p: i32, r: i32, c: i32| ((p * rows + r) * cols + c) as usize;
    let input = random(len, 41);
    let a = ConstArrayView::new([depth, rows, cols], &input)?;
    let v = ArrayView::<i32, 3>::from_extent([depth, rows, cols])?;
    parallel_for_each!(v.extent(), |idx: Index<3>| {
        v[idx] = -7; // poisoned
    })?;
    let mut want = vec![-7i32; len];

    let (plane, src) = (v.project(2)?, a.project(2)?);
    assert_eq!(plane.extent(), Extent::new([rows, cols]));
    parallel_for_each!(plane.extent(), |idx: Index<2>| {
        plane[idx] = src[idx] * 3 + 1 + idx[0];
    })?;
    for r in 0..rows {
        for c in 0..cols {
            want[at(2, r, c)] = f(input[at(2, r, c)]) + r;
        }
    }
    assert_eq!(v.to_vec()?, want);

    // Plane 1 of the section at (1, 5, 7) of extent (2, 10, 20) is plane 2, rows 5..15,
    // columns 7..27 of the data; its row 9 is row 14.
    let s = v.section([1, 5, 7], [2, 10, 20])?;
    let plane = s.project(1)?;
    assert_eq!(plane.extent(), Extent::new([10, 20]));
    parallel_for_each!(plane.extent(), |idx: Index<2>| {
        plane[idx] = plane[idx] + idx[0] * 100 + idx[1];
    })?;
    for r in 0..10 {
        for c in 0..20 {
            want[at(2, 5 + r, 7 + c)] += r * 100 + c;
        }
    }
    assert_eq!(
        plane.project(9)?.to_vec()?,
        want[at(2, 14, 7)..at(2, 14, 27)]
    );
    assert_eq!(plane.get([9, 19])?, want[at(2, 14, 26)]);
    assert_eq!(v.to_vec()?, want);

    let err = v.project(depth).expect_err("not a plane");
    assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
    let err = s.project(2).expect_err("past the section");
    assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
    Ok(())
}

/// A source only the host holds, copied into an array on the accelerator, goes there once: the
/// next copies run on the accelerator (on an H100 a 256 MiB copy through the host took 220 ms a
/// time).
#[test]
fn copies_from_host_only_arrays_upload_them_once() -> Result<(), Error> {
    let data: Vec<u32> = (0..10_000).collect();
    let src = Array::new(10_000, &data)?;
    let dst = Array::<u32, 1>::from_extent(10_000)?;
    // `dst` lives on the accelerator once a kernel wrote it.
    amp::algorithms::fill(&dst, 7u32)?;
    for _ in 0..3 {
        copy(&src, &dst)?;
    }
    assert_eq!(src.uploads(), 1);
    assert_eq!(dst.to_vec()?, data);
    // The source's host copy is still its current data.
    assert_eq!(src.downloads(), 0);
    Ok(())
}

/// C++ AMP's `array(extent, src)` copies to the accelerator: a large array is uploaded when it
/// is made, straight from the source, and read back from the accelerator; a small one keeps a
/// host copy until first use.
#[test]
fn a_large_array_is_on_the_accelerator_when_made() -> Result<(), Error> {
    let data: Vec<f32> = (0..1 << 18).map(|i| i as f32).collect();
    let bytes = (data.len() * 4) as u64;
    let a = Array::new(data.len() as i32, &data)?;
    assert_eq!(a.transfer_bytes(), (bytes, 0));
    assert_eq!(a.to_vec()?, data);
    assert_eq!(a.transfer_bytes(), (bytes, bytes));
    let small = Array::new(4, &[1, 2, 3, 4])?;
    assert_eq!(small.transfer_bytes(), (0, 0));
    assert!(matches!(
        Array::new(5, &data[..4]),
        Err(Error::ExtentMismatch { .. })
    ));
    Ok(())
}
