//! Data larger than one storage binding: split over several buffers ("segments"), each bound
//! as its own binding, with every access selecting its element's segment. The binding limit amp
//! assumes is lowered to 64 KiB with `AMP_MAX_BINDING_BYTES` (test hooks), so that arrays of
//! 20000 `u32` take two full segments and part of a third; each test runs in a process of its
//! own, since the limit is read from the environment. `larger_than_lavapipes_binding` runs at
//! the real limit.

use crate::own_process::ran_in_own_process;
use amp::algorithms::{inclusive_scan, radix_sort, reduce, Sum};
use amp::error::Error;
use amp::prelude::*;

/// The largest storage binding the tests assume: 64 KiB, 16384 `u32`.
const BINDING: &str = "65536";
/// Elements of the arrays: more than one binding holds.
const LEN: usize = 20_000;

fn lower_limits() {
    std::env::set_var("AMP_MAX_BINDING_BYTES", BINDING);
}

#[test]
fn kernels_read_write_and_update_atomically_across_segments() {
    if ran_in_own_process() {
        return;
    }
    lower_limits();
    let data: Vec<u32> = (0..LEN as u32)
        .map(|i| i.wrapping_mul(2_654_435_761))
        .collect();
    let input = Array::new(LEN as i32, &data).expect("input");
    let output = Array::<u32, 1>::filled(LEN as i32, 7).expect("output");
    // Reversed reads: every thread reads from another segment than it writes, mostly.
    parallel_for_each!(output.extent(), |i: Index<1>| {
        output[i] = input[(LEN as i32) - 1 - i[0]] + 1;
    })
    .expect("checked kernel");
    let want: Vec<u32> = data.iter().rev().map(|v| v + 1).collect();
    assert_eq!(output.to_vec().expect("out"), want);

    // Unchecked, in place.
    // SAFETY: every index is inside the extent.
    unsafe {
        parallel_for_each_unchecked!(output.extent(), |i: Index<1>| {
            output[i] = output[i] * 3;
        })
    }
    .expect("unchecked kernel");
    let want: Vec<u32> = want.iter().map(|v| v.wrapping_mul(3)).collect();
    assert_eq!(output.to_vec().expect("out"), want);

    // Atomics: every thread adds to one of 64 counters spread over the segments.
    let counters = Array::<u32, 1>::filled(LEN as i32, 0).expect("counters");
    parallel_for_each!(input.extent(), |i: Index<1>| {
        counters.atomic_fetch_add((i[0] % 64) * 311, 1u32);
    })
    .expect("atomics");
    let counts = counters.to_vec().expect("counts");
    for (k, &c) in counts.iter().enumerate() {
        let want = if k % 311 == 0 && k / 311 < 64 {
            (LEN / 64) as u32 + u32::from(k / 311 < LEN % 64)
        } else {
            0
        };
        assert_eq!(c, want, "counter {k}");
    }

    // Out of range, a checked read of a split view reads zero and reports the fault.
    let err = parallel_for_each!(output.extent(), |i: Index<1>| {
        output[i] = input[i[0] + 1];
    })
    .and_then(|()| output.to_vec().map(drop))
    .expect_err("the last thread reads past the end");
    assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
}

#[test]
fn sections_projections_and_vectors_of_split_data() {
    if ran_in_own_process() {
        return;
    }
    lower_limits();
    // 200 rows of 100: a section in the middle crosses segment boundaries.
    let mut data: Vec<f32> = (0..20_000).map(|i| i as f32).collect();
    let want: Vec<f32> = (0..20_000)
        .map(|i| {
            let (r, c) = (i / 100, i % 100);
            let inside = (50..190).contains(&r) && (10..90).contains(&c);
            i as f32 + if inside { 0.5 } else { 0.0 }
        })
        .collect();
    {
        let view = ArrayView::new([200, 100], &mut data).expect("view");
        let section = view.section([50, 10], [140, 80]).expect("section");
        parallel_for_each!(section.extent(), |i: Index<2>| {
            section[i] = section[i] + 0.5;
        })
        .expect("section kernel");
        // A projection (row 163, in the third segment) read in a kernel.
        let row = view.project(163).expect("row");
        let sums = Array::<f32, 1>::filled(1, 0.0).expect("sum");
        parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
            let mut s = 0.0f32;
            for c in 0..100 {
                s = s + row[c];
            }
            sums[0] = s;
        })
        .expect("projection kernel");
        let row_sum: f32 = want[16_300..16_400].iter().sum();
        assert_eq!(sums.to_vec().expect("sum"), [row_sum]);
        // Partial reads and writes of data only the accelerator holds.
        assert_eq!(view.get([163, 20]).expect("get"), want[16_320]);
        view.set([180, 99], -1.0).expect("set");
    }
    let mut want = want;
    want[18_099] = -1.0;
    assert_eq!(data, want);

    // Float4 (16 bytes: 4096 per segment) and Float3 (12 bytes, three entries: 5461 per
    // segment, not a power of two).
    let v4: Vec<Float4> = (0..5000)
        .map(|i| Float4::new(i as f32, 1.0, 2.0, 3.0))
        .collect();
    let a4 = Array::new(5000, &v4).expect("float4");
    parallel_for_each!(a4.extent(), |i: Index<1>| {
        let v = a4[4999 - i[0]];
        a4[i] = v;
    })
    .expect("float4 kernel");
    let got = a4.to_vec().expect("float4 back");
    assert_eq!(got.len(), 5000);
    let v3: Vec<Float3> = (0..7000)
        .map(|i| Float3::new(i as f32, -(i as f32), 0.5))
        .collect();
    let a3 = Array::new(7000, &v3).expect("float3");
    parallel_for_each!(a3.extent(), |i: Index<1>| {
        let v = a3[i];
        a3[i] = Float3::new(v.y(), v.x(), v.z() * 2.0);
    })
    .expect("float3 kernel");
    let want3: Vec<Float3> = v3.iter().map(|v| Float3::new(v.y(), v.x(), 1.0)).collect();
    assert_eq!(a3.to_vec().expect("float3 back"), want3);
}

#[test]
fn copies_and_algorithms_over_split_data() {
    if ran_in_own_process() {
        return;
    }
    lower_limits();
    let data: Vec<u32> = (0..LEN as u32).map(|i| (i * 7919) % 10_007).collect();
    let split = Array::new(LEN as i32, &data).expect("split");
    // Copies between split and unsplit data, on the accelerator.
    let small = Array::<u32, 1>::filled(1000, 0).expect("small");
    amp::copy(&split.section(15_500, 1000).expect("section"), &small).expect("copy out");
    assert_eq!(small.to_vec().expect("small"), &data[15_500..16_500]);
    let other = Array::<u32, 1>::filled(LEN as i32, 0).expect("other");
    amp::copy(&split, &other).expect("split to split");
    amp::copy(&small, &other.section(100, 1000).expect("section")).expect("copy in");
    let mut want = data.clone();
    want[100..1100].copy_from_slice(&data[15_500..16_500]);
    assert_eq!(other.to_vec().expect("other"), want);

    assert_eq!(
        reduce(&split, Sum).expect("reduce"),
        Some(data.iter().sum::<u32>())
    );
    let scanned = Array::<u32, 1>::filled(LEN as i32, 0).expect("scan out");
    inclusive_scan(&split, &scanned, Sum).expect("scan");
    let want: Vec<u32> = data
        .iter()
        .scan(0u32, |s, &v| {
            *s += v;
            Some(*s)
        })
        .collect();
    assert_eq!(scanned.to_vec().expect("scanned"), want);
    radix_sort(&split).expect("sort");
    let mut sorted = data.clone();
    sorted.sort_unstable();
    assert_eq!(split.to_vec().expect("sorted"), sorted);
}

/// 160 MiB of `f32`, past lavapipe's real 128 MiB binding: filled by a kernel, then reduced.
#[test]
fn larger_than_lavapipes_binding() {
    const N: i32 = 40 << 20;
    let a = Array::<f32, 1>::from_extent(N).expect("160 MiB");
    parallel_for_each!(a.extent(), |i: Index<1>| {
        a[i] = (i[0] % 4) as f32;
    })
    .expect("fill");
    // Sums of small integers are exact in f32 partials of this size.
    let sum = reduce(&a, Sum).expect("reduce").expect("a sum");
    assert_eq!(sum, (N / 4 * 6) as f32);
    assert_eq!(
        a.section(N - 3, 3).expect("tail").to_vec().expect("tail"),
        [1.0, 2.0, 3.0]
    );
}
