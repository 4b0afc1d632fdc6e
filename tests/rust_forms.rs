//! Rust forms kernels accept as Rust does: reversed ranges, loops over arrays, tuple
//! bindings, and Rust's numeric methods (tests/math.rs).

use amp::prelude::*;
use amp::Error;

const STRIDES: [i32; 5] = [16, 8, 4, 2, 1];

#[test]
fn reversed_ranges_count_down() -> Result<(), Error> {
    let n = 64usize;
    let mut out = vec![0i32; n * 4];
    let ov = ArrayView::new([n as i32, 4], &mut out)?;
    parallel_for_each!(Extent::new([n as i32]), |idx: Index<1>| {
        let r = idx[0];
        // Digits of the order the loop visits: a positional code of the visited values.
        let mut code = 0;
        for i in (0..r % 7).rev() {
            code = code * 10 + i;
        }
        ov[(r, 0)] = code;
        let mut last = -1;
        for i in (2..=r % 5 + 2).rev() {
            last = i;
        }
        ov[(r, 1)] = last;
        // An empty range runs nothing, in either direction.
        let mut runs = 0;
        for _i in (r..r - 3).rev() {
            runs += 1;
        }
        ov[(r, 2)] = runs;
        let mut sum = 0u32;
        for i in (1u32..4u32).rev() {
            sum = sum * 2 + i;
        }
        ov[(r, 3)] = sum as i32;
    })?;
    drop(ov);
    for r in 0..n as i32 {
        let mut code = 0;
        for i in (0..r % 7).rev() {
            code = code * 10 + i;
        }
        let mut last = -1;
        for i in (2..=r % 5 + 2).rev() {
            last = i;
        }
        let mut sum = 0u32;
        for i in (1u32..4u32).rev() {
            sum = sum * 2 + i;
        }
        let row = &out[r as usize * 4..r as usize * 4 + 4];
        assert_eq!(row, [code, last, 0, sum as i32], "row {r}");
    }
    Ok(())
}

#[test]
fn loops_over_arrays_and_tuple_bindings() -> Result<(), Error> {
    let n = 100usize;
    let mut out = vec![0i32; n * 4];
    let ov = ArrayView::new([n as i32, 4], &mut out)?;
    parallel_for_each!(Extent::new([n as i32]), |idx: Index<1>| {
        let r = idx[0];
        let mut halves = 0;
        for s in STRIDES {
            halves += r / s;
        }
        let mut weighted = 0;
        for w in [3, 1, 4, 1, 5] {
            weighted = weighted * 2 + w * r;
        }
        let mut twos = 0;
        for t in [2; 3] {
            twos += t;
        }
        // A swap, a nested tuple and a `mut` binding.
        let (mut a, b) = (r, r * 2);
        let (a2, b2) = (b, a);
        let ((c, d), e) = ((a2 + 1, b2 - 1), 7);
        a += c + d + e;
        ov[(r, 0)] = halves;
        ov[(r, 1)] = weighted;
        ov[(r, 2)] = twos;
        ov[(r, 3)] = a * 1000 + a2 * 10 + b2 - b;
    })?;
    drop(ov);
    for r in 0..n as i32 {
        let halves: i32 = STRIDES.iter().map(|s| r / s).sum();
        let weighted = [3, 1, 4, 1, 5].iter().fold(0, |acc, w| acc * 2 + w * r);
        let (a2, b2) = (r * 2, r);
        let a = r + (a2 + 1) + (b2 - 1) + 7;
        let want = [halves, weighted, 6, a * 1000 + a2 * 10 + b2 - r * 2];
        assert_eq!(&out[r as usize * 4..r as usize * 4 + 4], &want, "row {r}");
    }
    Ok(())
}
