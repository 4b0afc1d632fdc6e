//! Cases of Microsoft's C++ AMP conformance suite that amp failed, written as the cases read
//! (C++ AMP's semantics, in amp's API): `copy` out of a view writes its destination only,
//! `discard_data` on a section keeps the host data of the section, `refresh` of a view with
//! no host source keeps its data, `view_as` to fewer elements, and the thread count of a rank-3
//! domain over the limit.

use amp::prelude::*;
use amp::{copy, Error};

const ROWS: i32 = 24;
const COLS: i32 = 32;
const LEN: usize = (ROWS * COLS) as usize;

/// The value a kernel writes at `idx`.
fn written(r: i32, c: i32) -> i32 {
    r * 1000 + c + 1
}

/// `copy(av, dest)` copies the view's current data (a kernel's results, on the accelerator)
/// into `dest` and nothing else: the host data behind the view is not synchronized. Then the
/// view's results are discarded, so the host data is what it was before the kernel (C++ AMP).
#[test]
fn copy_out_of_a_view_writes_the_destination_only() -> Result<(), Error> {
    let mut host = vec![-1i32; LEN];
    let mut other = vec![0i32; LEN];
    let mut rows = vec![0i32; 10 * 20];
    let section_want: Vec<i32> = (0..10)
        .flat_map(|r| (0..20).map(move |c| written(r + 4, c + 6)))
        .collect();
    let whole_want: Vec<i32> = (0..ROWS)
        .flat_map(|r| (0..COLS).map(move |c| written(r, c)))
        .collect();
    {
        let av = ArrayView::new([ROWS, COLS], &mut host)?;
        parallel_for_each!(av.extent(), |idx: Index<2>| {
            av[idx] = idx[0] * 1000 + idx[1] + 1;
        })?;
        // Into a view of other host data (through the host), and a strided section into a
        // host slice.
        let dest = ArrayView::new([ROWS, COLS], &mut other)?;
        copy(&av, &dest)?;
        copy(&av.section([4, 6], [10, 20])?, &mut rows)?;
        drop(dest);
        av.discard_data();
    }
    assert_eq!(other, whole_want);
    assert_eq!(rows, section_want);
    let changed = host.iter().filter(|&&v| v != -1).count();
    assert_eq!(changed, 0, "{changed} of {LEN} host elements changed");
    Ok(())
}

/// `discard_data` on a section of results not yet copied back: `synchronize` brings back the
/// elements outside the section and leaves the host data of the section as it was.
#[test]
fn a_discarded_section_is_not_copied_back() -> Result<(), Error> {
    let mut host = vec![-1i32; LEN];
    let inside = |r: i32, c: i32| (4..14).contains(&r) && (6..26).contains(&c);
    {
        let av = ArrayView::new([ROWS, COLS], &mut host)?;
        parallel_for_each!(av.extent(), |idx: Index<2>| {
            av[idx] = idx[0] * 1000 + idx[1] + 1;
        })?;
        av.section([4, 6], [10, 20])?.discard_data();
        av.synchronize()?;
    }
    let mut changed = 0;
    for r in 0..ROWS {
        for c in 0..COLS {
            let got = host[(r * COLS + c) as usize];
            if inside(r, c) {
                changed += usize::from(got != -1);
            } else {
                assert_eq!(got, written(r, c), "outside the section at ({r}, {c})");
            }
        }
    }
    assert_eq!(changed, 0, "{changed} discarded host elements changed");
    Ok(())
}

/// A kernel that writes the data after a section's discard writes the section again: its
/// results come back.
#[test]
fn a_section_written_after_its_discard_comes_back() -> Result<(), Error> {
    let mut host = vec![-1i32; LEN];
    {
        let av = ArrayView::new([ROWS, COLS], &mut host)?;
        parallel_for_each!(av.extent(), |idx: Index<2>| {
            av[idx] = 5;
        })?;
        let sec = av.section([4, 6], [10, 20])?;
        sec.discard_data();
        parallel_for_each!(sec.extent(), |idx: Index<2>| {
            sec[idx] = 7;
        })?;
    }
    let sevens = host.iter().filter(|&&v| v == 7).count();
    let fives = host.iter().filter(|&&v| v == 5).count();
    assert_eq!((sevens, fives), (200, LEN - 200));
    Ok(())
}

/// `refresh` on a view with no host source has nothing to refresh from: the data a kernel
/// left on the accelerator stays.
#[test]
fn refresh_of_a_view_without_a_source_keeps_its_data() -> Result<(), Error> {
    let av = ArrayView::<i32, 1>::from_extent(256)?;
    parallel_for_each!(av.extent(), |idx: Index<1>| {
        av[idx] = idx[0] * 2;
    })?;
    av.refresh();
    parallel_for_each!(av.extent(), |idx: Index<1>| {
        av[idx] = av[idx] + 1;
    })?;
    let want: Vec<i32> = (0..256).map(|k| k * 2 + 1).collect();
    assert_eq!(av.to_vec()?, want);
    Ok(())
}

/// `view_as` to an extent of fewer elements (C++ AMP: `extent.size() <= size()`): a view of the
/// first elements, usable by a kernel; the rest of the data is untouched.
#[test]
fn view_as_may_see_fewer_elements() -> Result<(), Error> {
    let mut host = vec![-1i32; 60];
    {
        let flat = ArrayView::new(60, &mut host)?;
        let grid = flat.view_as([5, 10])?;
        assert_eq!(grid.extent(), Extent::new([5, 10]));
        parallel_for_each!(grid.extent(), |idx: Index<2>| {
            grid[idx] = idx[0] * 10 + idx[1];
        })?;
        assert_eq!(flat.get(49)?, 49);
        assert_eq!(flat.get(50)?, -1);
        let err = flat.view_as([7, 9]).expect_err("63 elements of 60");
        assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    }
    let want: Vec<i32> = (0..60).map(|k| if k < 50 { k } else { -1 }).collect();
    assert_eq!(host, want);
    Ok(())
}

/// A rank-3 domain past the thread limit: the error gives the true number of threads (as rank
/// 2 does), never a saturated one.
#[test]
fn a_rank_3_domain_over_the_limit_gives_the_true_thread_count() -> Result<(), Error> {
    let mut data = vec![7; 4];
    let view = ArrayView::new(4, &mut data)?;
    let result = parallel_for_each!(Extent::new([65536, 65536, 65536]), |idx: Index<3>| {
        view[idx[0]] = 0;
    });
    let text = result.expect_err("2^48 threads").to_string();
    assert!(
        text.contains("(281474976710656) exceeds the limit (4294967295)"),
        "{text}"
    );
    let result = parallel_for_each!(Extent::new([i32::MAX, i32::MAX, i32::MAX]), |idx: Index<
        3,
    >| {
        view[idx[0]] = 0;
    });
    let text = result.expect_err("2^93 threads").to_string();
    assert!(
        text.contains("(9903520300447984150353281023)") && !text.contains("18446744073709551615"),
        "{text}"
    );
    drop(view);
    assert_eq!(data, [7; 4]);
    Ok(())
}
