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

/// C++ AMP's view copy: a second view of the same data, coherent with the first; the host data
/// comes back when the last of them is dropped.
#[test]
fn a_cloned_view_aliases_the_same_data() -> Result<(), Error> {
    let mut host = vec![1i32; 64];
    {
        let av = ArrayView::new(64, &mut host)?;
        let alias = av.clone();
        parallel_for_each!(alias.extent(), |idx: Index<1>| {
            alias[idx] = alias[idx] + idx[0];
        })?;
        assert_eq!(av.get(10)?, 11);
        av.set(0, 100)?;
        assert_eq!(alias.get(0)?, 100);
        drop(av);
        // `alias` is the last view: its drop synchronizes.
    }
    let want: Vec<i32> = (0..64).map(|k| if k == 0 { 100 } else { 1 + k }).collect();
    assert_eq!(host, want);
    Ok(())
}

/// `array_view<T>` to `array_view<const T>`: a read-only view of the same data, read by a
/// kernel after another kernel wrote the data through the read-write view.
#[test]
fn a_view_converts_to_a_const_view_of_the_same_data() -> Result<(), Error> {
    let mut host = vec![2i32; 32];
    let mut out = vec![0i32; 32];
    {
        let av = ArrayView::new(32, &mut host)?;
        let read = av.as_const();
        let from: ConstArrayView<i32, 1> = av.clone().into();
        let dst = ArrayView::new(32, &mut out)?;
        parallel_for_each!(av.extent(), |idx: Index<1>| {
            av[idx] = av[idx] * idx[0];
        })?;
        parallel_for_each!(dst.extent(), |idx: Index<1>| {
            dst[idx] = read[idx] + from[idx];
        })?;
        drop(av);
        // The const views are the last ones: the kernel's results still come back.
    }
    assert_eq!(host, (0..32).map(|k| 2 * k).collect::<Vec<_>>());
    assert_eq!(out, (0..32).map(|k| 4 * k).collect::<Vec<_>>());
    Ok(())
}

/// `array_view::data()`: the host data, current; a view with no host source has none.
#[test]
fn data_gives_the_current_host_data() -> Result<(), Error> {
    let mut host = vec![3i32; 16];
    let av = ArrayView::new(16, &mut host)?;
    parallel_for_each!(av.extent(), |idx: Index<1>| {
        av[idx] = idx[0];
    })?;
    assert_eq!(av.data()?, (0..16).collect::<Vec<_>>());
    let none = ArrayView::<i32, 1>::from_extent(16)?;
    let err = none.data().expect_err("no host source");
    assert!(
        matches!(
            err,
            Error::UnsupportedFeature(amp::error::FeatureError::NoHostSource { .. })
        ),
        "{err}"
    );
    assert!(err.to_string().contains("no host data source"), "{err}");
    Ok(())
}

/// An `array`'s copy constructor: a deep copy (on the accelerator), independent afterwards; the
/// copy on another accelerator view too.
#[test]
fn an_array_deep_copies() -> Result<(), Error> {
    let a = Array::new([4, 8], &(0..32).collect::<Vec<i32>>())?;
    parallel_for_each!(a.extent(), |idx: Index<2>| {
        a[idx] = a[idx] * 2;
    })?;
    let b = a.try_clone()?;
    assert_ne!(a.data_id(), b.data_id());
    parallel_for_each!(a.extent(), |idx: Index<2>| {
        a[idx] = 0;
    })?;
    assert_eq!(b.to_vec()?, (0..32).map(|k| 2 * k).collect::<Vec<_>>());
    assert_eq!(a.to_vec()?, vec![0; 32]);
    let view = Accelerator::default()?.create_view(QueuingMode::Immediate);
    let c = b.try_clone_on(&view)?;
    assert_eq!(c.accelerator(), Some(view.accelerator()));
    assert_eq!(c.to_vec()?, b.to_vec()?);
    Ok(())
}

/// `array::section(origin)` and `array::section(extent)`.
#[test]
fn array_sections_from_an_origin_or_an_extent() -> Result<(), Error> {
    let a = Array::new([4, 5], &(0..20).collect::<Vec<i32>>())?;
    let tail = a.section_from([1, 2])?;
    assert_eq!(tail.extent(), Extent::new([3, 3]));
    assert_eq!(tail.get([0, 0])?, 7);
    let head = a.section_extent([2, 2])?;
    assert_eq!(head.to_vec()?, [0, 1, 5, 6]);
    parallel_for_each!(head.extent(), |idx: Index<2>| {
        head[idx] = -1;
    })?;
    assert_eq!(a.get([1, 1])?, -1);
    assert!(matches!(
        a.section_from([5, 0]),
        Err(Error::OutOfBounds { .. })
    ));
    Ok(())
}

/// `accelerator_view ==`: the same view (a copy, the default view each time it is asked for).
#[test]
fn accelerator_views_compare_by_identity() -> Result<(), Error> {
    let acc = Accelerator::default()?;
    let made = acc.create_view(QueuingMode::Automatic);
    assert_eq!(made, made.clone());
    assert_eq!(acc.default_view(), acc.default_view());
    assert_ne!(made, acc.create_view(QueuingMode::Automatic));
    assert_ne!(made, acc.default_view());
    assert_ne!(
        acc.default_view(),
        Accelerator::cpu_accelerator().default_view()
    );
    Ok(())
}

/// `completion_future::then`: the continuation gets the operation's result (its error too) once
/// it is done, and its own result is the chain's.
#[test]
fn then_runs_after_the_operation_with_its_result() -> Result<(), Error> {
    use std::cell::Cell;
    let a = Array::new(256, &(0..256).collect::<Vec<i32>>())?;
    parallel_for_each!(a.extent(), |idx: Index<1>| {
        a[idx] = a[idx] + 1;
    })?;
    let mut out = vec![0i32; 256];
    let ran = Cell::new(0);
    let done = amp::copy_async(&a, &mut out)
        .then(|result| {
            ran.set(ran.get() + 1);
            result
        })
        .then(|result| {
            ran.set(ran.get() * 10);
            result
        });
    done.wait()?;
    assert_eq!(ran.get(), 10);
    assert_eq!(out, (1..=256).collect::<Vec<_>>());
    // An error reaches the continuation, which may replace it.
    let seen = Cell::new(false);
    let short = amp::copy_async(&[1, 2, 3], &a).then(|result| {
        seen.set(matches!(result, Err(Error::ExtentMismatch { .. })));
        Ok(())
    });
    assert!(
        seen.get(),
        "the operation failed at the call: the continuation ran at once"
    );
    short.get()?;
    Ok(())
}

/// `completion_future::wait_for`: ready once done (then `get` returns at once), timeout while
/// running never errs.
#[test]
fn wait_for_reports_ready_or_timeout() -> Result<(), Error> {
    use std::time::Duration;
    let a = Array::new(1 << 16, &vec![5i32; 1 << 16])?;
    let mut out = vec![0i32; 1 << 16];
    let done = amp::copy_async(&a, &mut out);
    let mut rounds = 0;
    while done.wait_for(Duration::from_millis(5))? == amp::FutureStatus::Timeout {
        rounds += 1;
        assert!(rounds < 2000, "a copy of 256 KiB took more than 10 s");
    }
    assert!(done.is_ready());
    done.get()?;
    assert!(out.iter().all(|&v| v == 5));
    let mut small = [0; 4];
    let ready = amp::copy_async(&[1; 4], &mut small);
    assert_eq!(ready.wait_for(Duration::ZERO)?, amp::FutureStatus::Ready);
    ready.get()?;
    Ok(())
}

/// C++ AMP's descriptive accelerator properties, from what each device reports.
#[test]
fn accelerator_properties_come_from_the_device() -> Result<(), Error> {
    let host = Accelerator::cpu_accelerator();
    assert_eq!(host.device_path(), "cpu");
    assert_eq!(host.dedicated_memory(), Some(0));
    assert_eq!(host.has_display(), Some(false));
    assert_eq!(host.supports_cpu_shared_memory(), Some(true));
    assert!(!host.is_debug());
    let emulator = Accelerator::emulator()?;
    assert_eq!(emulator.device_path(), "emulator");
    assert_eq!(emulator.dedicated_memory(), Some(0));
    assert_eq!(
        emulator.version().as_deref(),
        Some(env!("CARGO_PKG_VERSION"))
    );
    for acc in Accelerator::all()? {
        let path = acc.device_path();
        assert!(!path.is_empty(), "{}", acc.description());
        assert!(acc.version().is_none_or(|v| !v.is_empty()));
        if acc.device_type() == amp::DeviceType::Cpu {
            // lavapipe: a software device whose memory is the host's.
            assert_eq!(acc.supports_cpu_shared_memory(), Some(true));
            assert_eq!(acc.dedicated_memory(), None);
            assert_ne!(path, "cpu");
        }
    }
    Ok(())
}
