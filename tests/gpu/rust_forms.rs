//! Rust forms kernels accept as Rust does: reversed ranges, loops over arrays, tuple
//! bindings, and Rust's numeric methods (tests/gpu/math.rs).

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

/// Rust's stride for `step_by(s)` as amp defines it: a stride below 1 counts as 1.
fn stride(s: i64) -> usize {
    s.max(1) as usize
}

#[test]
fn step_by_takes_a_stride_of_any_integer_type() -> Result<(), Error> {
    let n = 64usize;
    let mut out = vec![0u32; n * 5];
    let ov = ArrayView::new([n as i32, 5], &mut out)?;
    parallel_for_each!(Extent::new([n as i32]), |idx: Index<1>| {
        let r = idx[0];
        // Strides from -2 to 4: negative and zero ones count as 1.
        let s = r % 7 - 2;
        let u = (r % 5) as u32;
        let mut a = 0u32;
        for k in (0u32..40u32).step_by(s) {
            a = a * 3 + k;
        }
        let mut b = 0;
        for k in (-20..=r).step_by(u) {
            b += k;
        }
        // Near the end of u32's range: no wrap, and a stride wider than the distance left.
        let mut c = 0u32;
        for _ in (u32::MAX - 10..=u32::MAX).step_by(s + 3) {
            c += 1;
        }
        let mut d = 0u32;
        for k in (5u32..=5u32 + u * 3).step_by(r) {
            d = d * 7 + k;
        }
        ov[(r, 0)] = a;
        ov[(r, 1)] = b as u32;
        ov[(r, 2)] = c;
        ov[(r, 3)] = d;
        ov[(r, 4)] = 1;
    })?;
    drop(ov);
    for r in 0..n as i64 {
        let (s, u) = (r % 7 - 2, (r % 5) as u32);
        let a = (0u32..40)
            .step_by(stride(s))
            .fold(0u32, |acc, k| acc.wrapping_mul(3).wrapping_add(k));
        let b: i64 = (-20..=r).step_by(stride(u.into())).sum();
        let c = (u32::MAX - 10..=u32::MAX).step_by(stride(s + 3)).count() as u32;
        let d = (5u32..=5 + u * 3)
            .step_by(stride(r))
            .fold(0u32, |acc, k| acc.wrapping_mul(7).wrapping_add(k));
        let row = &out[r as usize * 5..r as usize * 5 + 5];
        assert_eq!(row, [a, b as u32, c, d, 1], "row {r}");
    }
    Ok(())
}

#[test]
fn step_by_mixes_64_bit_counters_and_strides() -> Result<(), Error> {
    if !Accelerator::default()?.supports_int64() {
        return Ok(());
    }
    let n = 32usize;
    let mut out = vec![0u64; n * 3];
    let ov = ArrayView::new([n as i32, 3], &mut out)?;
    parallel_for_each!(Extent::new([n as i32]), |idx: Index<1>| {
        let r = idx[0];
        let wide = (r as i64 + 1) << 31;
        // A 64-bit counter with an i32 stride.
        let mut a = 0u64;
        for k in (0i64..(r as i64) * 1000).step_by(r - 3) {
            a += k as u64;
        }
        // A u32 counter with 64-bit strides of 2³¹ and more (beyond u32's range from r = 1 on).
        let mut b = 0u64;
        for _ in (0u32..=u32::MAX).step_by(wide) {
            b += 1;
        }
        let mut c = 0u64;
        for k in (0u32..100u32).step_by(wide as u64 + 7) {
            c += k as u64;
        }
        ov[(r, 0)] = a;
        ov[(r, 1)] = b;
        ov[(r, 2)] = c;
    })?;
    drop(ov);
    for r in 0..n as i64 {
        let wide = (r + 1) << 31;
        let a: i64 = (0..r * 1000).step_by(stride(r - 3)).sum();
        let b = (0u32..=u32::MAX).step_by(stride(wide)).count() as u64;
        let c: u64 = (0u32..100).step_by(stride(wide + 7)).map(u64::from).sum();
        let row = &out[r as usize * 3..r as usize * 3 + 3];
        assert_eq!(row, [a as u64, b, c], "row {r}");
    }
    Ok(())
}
