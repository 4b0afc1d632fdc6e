//! Sections and projections of views taken inside kernels: `m[i]` is a row (a rank-1 view),
//! `m[i][j]` an element, `v.section(origin, extent)` a part; every access is checked against
//! the section's own extent.

use crate::common;

use amp::prelude::*;
use amp::{AccessKind, Error};
use common::{fault_of, random_words};

#[test]
fn projections_are_rows_and_planes() -> Result<(), Error> {
    let (rows, cols) = (13usize, 9usize);
    let m: Vec<i32> = random_words(rows * cols, 3)
        .into_iter()
        .map(|w| (w % 100) as i32)
        .collect();
    let mut sums = vec![0; rows];
    let mut doubled = vec![0; rows * cols];
    let mv = ConstArrayView::new([rows as i32, cols as i32], &m)?;
    let sv = ArrayView::new(rows as i32, &mut sums)?;
    let dv = ArrayView::new([rows as i32, cols as i32], &mut doubled)?;
    parallel_for_each!(sv.extent(), |i: Index<1>| {
        let row = mv[i[0]];
        let mut sum = 0;
        for j in 0..row.extent()[0] {
            sum += row[j];
            dv[i[0]][j] = 2 * mv[i[0]][j];
        }
        sv[i] = sum;
    })?;
    drop(sv);
    drop(dv);
    for r in 0..rows {
        let row = &m[r * cols..(r + 1) * cols];
        assert_eq!(sums[r], row.iter().sum::<i32>(), "row {r}");
        for c in 0..cols {
            assert_eq!(doubled[r * cols + c], 2 * row[c]);
        }
    }

    // Rank 3: a plane, then a row of it.
    let cube: Vec<u32> = (0..2 * 3 * 4).collect();
    let mut out = vec![0u32; 2 * 4];
    let cv = ConstArrayView::new([2, 3, 4], &cube)?;
    let ov = ArrayView::new([2, 4], &mut out)?;
    parallel_for_each!(ov.extent(), |idx: Index<2>| {
        let plane = cv[idx[0]];
        ov[idx] = plane[2][idx[1]] + cv[idx[0]][1][idx[1]];
    })?;
    drop(ov);
    for p in 0..2 {
        for k in 0..4 {
            let at = |r: usize| cube[p * 12 + r * 4 + k];
            assert_eq!(out[p * 4 + k], at(2) + at(1));
        }
    }
    Ok(())
}

#[test]
fn sections_taken_in_kernels_read_and_write_their_part() -> Result<(), Error> {
    let n = 64;
    let mut data: Vec<i32> = (0..n).collect();
    let dv = ArrayView::new(n, &mut data)?;
    // Each thread takes the section of 8 elements it owns and reverses it.
    parallel_for_each!(Extent::new([n / 8]), |t: Index<1>| {
        let part = dv.section(t * 8, Extent::new([8]));
        for k in 0..4 {
            let a = part[k];
            part[k] = part[7 - k];
            part[7 - k] = a;
        }
    })?;
    drop(dv);
    let expected: Vec<i32> = (0..n)
        .map(|i| {
            let base = i / 8 * 8;
            base + 7 - (i - base)
        })
        .collect();
    assert_eq!(data, expected);
    Ok(())
}

#[test]
fn an_index_past_a_kernel_section_is_reported_against_the_section() -> Result<(), Error> {
    let mut data: Vec<i32> = (0..32).collect();
    let dv = ArrayView::new([4, 8], &mut data)?;
    let line = line!();
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let s = dv.section(Index::new([1, 2]), Extent::new([2, 3]));
        s[(0, 1)] = -1;
        s[(1, 3)] = -2;
    })?;
    let (index, extent, fault) = fault_of(dv.synchronize().expect_err("reported"));
    assert_eq!((index.as_str(), extent.as_str()), ("(1,3)", "(2,3)"));
    assert_eq!(fault.loc.line, line + 4);
    assert_eq!(fault.access, AccessKind::ViewWrite);
    // Only the in-range write landed: (1, 3) of the section is (2, 5), inside the view but
    // outside the section.
    let expected: Vec<i32> = (0..32).map(|i| if i == 11 { -1 } else { i }).collect();
    assert_eq!(dv.to_vec()?, expected);
    Ok(())
}

#[test]
fn a_section_that_does_not_fit_its_view_is_a_fault_and_has_no_elements() -> Result<(), Error> {
    let mut data = vec![0i32; 16];
    let dv = ArrayView::new(16, &mut data)?;
    let line = line!();
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let s = dv.section(Index::new([12]), Extent::new([8]));
        s[0] = 5;
    })?;
    let (_, _, fault) = fault_of(dv.synchronize().expect_err("reported"));
    // The write into the empty section is the thread's last fault.
    assert_eq!(fault.loc.line, line + 3);
    assert_eq!(fault.access, AccessKind::ViewWrite);
    assert_eq!(dv.to_vec()?, vec![0; 16]);

    let line = line!();
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let _s = dv.section(Index::new([12]), Extent::new([8]));
    })?;
    let (index, extent, fault) = fault_of(dv.synchronize().expect_err("reported"));
    assert_eq!(fault.access, AccessKind::Section);
    assert_eq!(fault.loc.line, line + 2);
    assert_eq!((index.as_str(), extent.as_str()), ("(20)", "(16)"));
    Ok(())
}
