//! amp's own access checks in checked launches: an out-of-range access touches no memory
//! outside its view (or tile_static / local array), reads zero, and is reported as a located
//! `Error::OutOfBounds` where the launch's results are observed.

use amp::prelude::*;
use amp::{AccessKind, Error};

use crate::common;
use common::fault_of;

#[test]
fn section_writes_stay_inside_the_section() -> Result<(), Error> {
    let mut data: Vec<i32> = (0..32).collect();
    let pv = ArrayView::new(32, &mut data)?;
    let s = pv.section(Index::new([8]), Extent::new([8]))?;
    let line = line!();
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        s[10] = -1;
        s[-1] = -2;
        s[3] = 100;
    })?;
    let err = pv
        .synchronize()
        .expect_err("the out-of-range write must be reported");
    let (index, extent, fault) = fault_of(err);
    // A thread reports its last failing access.
    assert_eq!((index.as_str(), extent.as_str()), ("(-1)", "(8)"));
    assert_eq!((fault.loc.line, fault.loc.file), (line + 3, file!()));
    assert_eq!(fault.access, AccessKind::ViewWrite);
    assert!(
        fault.kernel.contains("parallel_for_each"),
        "{}",
        fault.kernel
    );
    // Reported once; the parent kept everything outside the section.
    pv.synchronize()?;
    let expected: Vec<i32> = (0..32).map(|i| if i == 11 { 100 } else { i }).collect();
    assert_eq!(pv.to_vec()?, expected);
    Ok(())
}

#[test]
fn reads_outside_a_section_give_zero_not_the_parents_data() -> Result<(), Error> {
    let data: Vec<i32> = (1..=32).collect();
    let pv = ConstArrayView::new(32, &data)?;
    let s = pv.section(Index::new([8]), Extent::new([8]))?;
    let mut out = vec![-7; 4];
    let ov = ArrayView::new(4, &mut out)?;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        // 0 and 7 are inside the section; -1 and 8 are the parent's neighbours.
        let at = if i[0] == 0 {
            -1
        } else if i[0] == 1 {
            0
        } else if i[0] == 2 {
            7
        } else {
            8
        };
        ov[i] = s[at];
    })?;
    let err = ov.to_vec().expect_err("out-of-range reads are reported");
    let (_, extent, fault) = fault_of(err);
    assert_eq!(extent, "(8)");
    assert_eq!(fault.access, AccessKind::ViewRead);
    assert_eq!(ov.to_vec()?, [0, 9, 16, 0]);
    Ok(())
}

#[test]
fn a_column_past_the_row_does_not_wrap_into_the_next_row() -> Result<(), Error> {
    let mut data = vec![0i32; 40];
    let v = ArrayView::new([4, 10], &mut data)?;
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        v[(0, 12)] = 5;
        v[(1, 2)] = 7;
    })?;
    let (index, extent, _) = fault_of(v.synchronize().expect_err("reported"));
    assert_eq!((index.as_str(), extent.as_str()), ("(0,12)", "(4,10)"));
    let got = v.to_vec()?;
    assert_eq!(got.iter().filter(|&&x| x != 0).count(), 1);
    assert_eq!(got[12], 7);
    Ok(())
}

#[test]
fn a_zero_size_section_touches_nothing() -> Result<(), Error> {
    let mut data = vec![3i32; 16];
    let pv = ArrayView::new(16, &mut data)?;
    let s = pv.section(Index::new([4]), Extent::new([0]))?;
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        s[0] = 9;
    })?;
    let (index, extent, _) = fault_of(pv.synchronize().expect_err("reported"));
    assert_eq!((index.as_str(), extent.as_str()), ("(0)", "(0)"));
    assert_eq!(pv.to_vec()?, vec![3; 16]);
    Ok(())
}

#[test]
fn three_dimensional_views_check_every_component() -> Result<(), Error> {
    let mut data = vec![0u32; 2 * 3 * 4];
    let v = ArrayView::new([2, 3, 4], &mut data)?;
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        v[(0, 3, 0)] = 1u32;
        v[(1, 2, 3)] = 2u32;
    })?;
    let (index, extent, _) = fault_of(v.synchronize().expect_err("reported"));
    assert_eq!((index.as_str(), extent.as_str()), ("(0,3,0)", "(2,3,4)"));
    let got = v.to_vec()?;
    assert_eq!(got.iter().filter(|&&x| x != 0).count(), 1);
    assert_eq!(got[23], 2);
    Ok(())
}

#[test]
fn tile_static_and_local_arrays_are_checked() -> Result<(), Error> {
    let mut out = vec![-1i32; 64];
    let ov = ArrayView::new(64, &mut out)?;
    let line = line!();
    parallel_for_each!(ov.extent().tile::<16>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut shared: [i32; 16];
        let mut local = [0i32; 4];
        let l = t.local[0];
        shared[l] = l;
        local[l % 4] = l;
        t.barrier.wait();
        // l + 1 leaves the array for the last thread of each tile.
        ov[t.global] = shared[l + 1] + local[l % 4];
    })?;
    let (index, extent, fault) = fault_of(ov.synchronize().expect_err("reported"));
    assert_eq!((index.as_str(), extent.as_str()), ("(16)", "(16)"));
    assert_eq!(fault.access, AccessKind::TileStatic);
    assert_eq!(fault.loc.line, line + 10);
    let got = ov.to_vec()?;
    for (g, &x) in got.iter().enumerate() {
        let l = (g % 16) as i32;
        let next = if l == 15 { 0 } else { l + 1 };
        assert_eq!(x, next + l, "element {g}");
    }
    Ok(())
}

#[test]
fn local_array_faults_name_the_local_array() -> Result<(), Error> {
    let mut out = vec![0i32; 8];
    let ov = ArrayView::new(8, &mut out)?;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut a = [1i32, 2, 3];
        a[i[0]] = 10;
        ov[i] = a[i[0] % 3] + a[i[0]];
    })?;
    let (index, extent, fault) = fault_of(ov.synchronize().expect_err("reported"));
    assert_eq!(fault.access, AccessKind::LocalArray);
    assert_eq!(extent, "(3)");
    assert!(
        ["(3)", "(4)", "(5)", "(6)", "(7)"].contains(&index.as_str()),
        "{index}"
    );
    Ok(())
}

#[test]
fn in_range_kernels_report_nothing() -> Result<(), Error> {
    let n = 1000;
    let a: Vec<i32> = (0..n).collect();
    let mut c = vec![0; n as usize];
    let av = ConstArrayView::new(n, &a)?;
    let cv = ArrayView::new(n, &mut c)?;
    parallel_for_each!(cv.extent(), |i: Index<1>| {
        let j = (i[0] + 1) % n;
        cv[i] = av[j];
    })?;
    let expected: Vec<i32> = (0..n).map(|i| (i + 1) % n).collect();
    assert_eq!(cv.to_vec()?, expected);
    Ok(())
}

#[test]
fn the_cpu_device_never_silently_truncates_a_loop() -> Result<(), Error> {
    let mut out = vec![0u32; 1];
    let ov = ArrayView::new(1, &mut out)?;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut a = 0u32;
        for _ in 0..100000 {
            a += 1;
        }
        ov[i] = a;
    })?;
    let got = ov.synchronize();
    if Accelerator::default()?
        .description()
        .starts_with("llvmpipe")
    {
        // llvmpipe ends the loop after 65535 passes: that must be an error, not a result.
        let err = got.expect_err("the cut-short loop is reported");
        let message = err.to_string();
        assert!(message.contains("65535 loop passes"), "{message}");
        assert!(matches!(err, Error::UnsupportedFeature(_)), "{message}");
    } else {
        got?;
        assert_eq!(ov.get(0)?, 100000);
    }
    // Shorter loops run as written, on every device.
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut a = 0u32;
        for _ in 0..60000 {
            a += 1;
        }
        ov[i] = a;
    })?;
    assert_eq!(ov.get(0)?, 60000);
    Ok(())
}

#[test]
fn a_constant_index_out_of_range_is_a_located_build_error() -> Result<(), Error> {
    let mut out = vec![0i32; 4];
    let ov = ArrayView::new(4, &mut out)?;
    let line = line!();
    let err = parallel_for_each!(ov.extent(), |i: Index<1>| {
        let a = [1, 2, 3];
        ov[i] = a[3];
    })
    .expect_err("a[3] on three elements");
    let message = err.to_string();
    let at = format!("{}:{}:", file!(), line + 3);
    assert!(message.contains(&at), "{message}");
    assert!(
        message.contains("index 3 is always out of range for this local array of 3 elements"),
        "{message}"
    );
    // Through a computed constant too.
    let err = parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut a = [1, 2, 3];
        let k = 2 * 2 - 5;
        a[k] = 0;
        ov[i] = a[0];
    })
    .expect_err("a[-1]");
    assert!(
        err.to_string().contains("index -1 is always out of range"),
        "{err}"
    );
    Ok(())
}

#[kernel]
fn write_at(v: ArrayView<i32, 1>, at: i32) {
    v[at] = 1;
}

#[test]
fn faults_in_kernel_functions_and_before_early_returns_are_reported() -> Result<(), Error> {
    let mut data = vec![0i32; 8];
    let v = ArrayView::new(8, &mut data)?;
    parallel_for_each!(Extent::new([4]), |i: Index<1>| {
        if i[0] == 3 {
            write_at(v, 9);
            return;
        }
        write_at(v, i[0]);
    })?;
    let (index, extent, fault) = fault_of(v.synchronize().expect_err("reported"));
    assert_eq!((index.as_str(), extent.as_str()), ("(9)", "(8)"));
    assert_eq!(fault.access, AccessKind::ViewWrite);
    assert_eq!(v.to_vec()?, [1, 1, 1, 0, 0, 0, 0, 0]);
    Ok(())
}

#[test]
fn loops_checked_once_before_they_run_still_report_faults() -> Result<(), Error> {
    // `for k in 0..m` reads v[(r, k)]: checked once before the loop when m <= v.extent()[1];
    // here the last thread's loop runs one column too far, so it runs fully checked.
    let (rows, cols) = (4, 6);
    let data: Vec<i32> = (0..rows * cols).collect();
    let v = ConstArrayView::new([rows, cols], &data)?;
    let mut out = vec![0i32; rows as usize];
    let ov = ArrayView::new(rows, &mut out)?;
    let line = line!();
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let r = i[0];
        let m = if r == 3 { cols + 1 } else { cols };
        let mut sum = 0;
        for k in 0..m {
            sum += v[(r, k)];
        }
        ov[i] = sum;
    })?;
    let (index, extent, fault) = fault_of(ov.synchronize().expect_err("reported"));
    assert_eq!((index.as_str(), extent.as_str()), ("(3,6)", "(4,6)"));
    assert_eq!(fault.loc.line, line + 6);
    // The rows in range summed as written; the row that ran over read a zero past its end.
    let expected: Vec<i32> = (0..rows)
        .map(|r| (0..cols).map(|k| r * cols + k).sum())
        .collect();
    assert_eq!(ov.to_vec()?, expected);
    Ok(())
}

#[test]
fn a_copy_on_the_accelerator_reports_the_fault_of_its_source() -> Result<(), Error> {
    let src = ArrayView::<i32, 1>::from_extent(Extent::new([8]))?;
    parallel_for_each!(src.extent(), |i: Index<1>| {
        // The last thread writes one past the end.
        src[i[0] + 1] = i[0];
    })?;
    let dst = Array::filled(Extent::new([8]), -1)?;
    let (index, extent, fault) = fault_of(amp::copy(&src, &dst).expect_err("reported"));
    assert_eq!((index.as_str(), extent.as_str()), ("(8)", "(8)"));
    assert_eq!(fault.access, AccessKind::ViewWrite);
    Ok(())
}
