//! C++ AMP's shape operators with a scalar on the left (`2 * idx`, `1 - idx`: `operator+(int,
//! index)` & co.) and an extent moved by an index (`extent ± index`), and a `TiledExtent` as a
//! kernel value (captured, a `#[kernel] fn` argument): each computed by many threads on random
//! values, against the same expressions on the host.

use amp::prelude::*;

/// Output slots start as this, so a slot a kernel failed to write is never mistaken for a result.
const POISON: i32 = 0xdead_beef_u32 as i32;

/// A host constant on the left of an operator.
const K: i32 = 3;

use crate::common;
use common::Rng;

impl Rng {
    /// Any `i32`, the edges (0, ±1, `i32::MIN`, `i32::MAX`) and small values often.
    fn value(&mut self) -> i32 {
        let w = (self.next() >> 16) as u32 as i32;
        match self.next() % 6 {
            0 => [0, 1, -1, i32::MIN, i32::MAX][(self.next() % 5) as usize],
            1 | 2 => w % 100,
            _ => w,
        }
    }
    /// A divisor: as `value`, but never zero (the host's `/ 0` panics, the accelerator's gives
    /// the dividend; `i32::MIN / -1` wraps on both).
    fn divisor(&mut self) -> i32 {
        match self.value() {
            0 => -1,
            d => d,
        }
    }
}

/// Rows of random `[value × 7, divisor × 4]`: an index's and an extent's components, a scalar,
/// a divisor index's components and a divisor scalar (enough for rank 3).
fn random_rows(n: usize, seed: u64) -> Vec<i32> {
    let mut rng = Rng(seed);
    (0..n)
        .flat_map(|_| {
            let mut row = [0; 11];
            row[..7].iter_mut().for_each(|v| *v = rng.value());
            row[7..].iter_mut().for_each(|v| *v = rng.divisor());
            row
        })
        .collect()
}

/// Writes the components of a rank-2 shape at `(r, k)`, `(r, k + 1)`.
#[kernel]
fn put2(out: ArrayView<i32, 2>, r: i32, k: i32, v: Index<2>) {
    out[(r, k)] = v[0];
    out[(r, k + 1)] = v[1];
}

#[kernel]
fn put3(out: ArrayView<i32, 2>, r: i32, k: i32, v: Index<3>) {
    for c in 0..3 {
        out[(r, k + c)] = v[c];
    }
}

#[kernel]
fn put_extent2(out: ArrayView<i32, 2>, r: i32, k: i32, v: Extent<2>) {
    out[(r, k)] = v[0];
    out[(r, k + 1)] = v[1];
}

/// The rank-2 expressions, as the host computes them (the kernel below writes the same ones in
/// the same order).
fn host_rank2(row: &[i32], captured: i32) -> Vec<i32> {
    let idx = Index::new([row[0], row[1]]);
    let e = Extent::new([row[2], row[3]]);
    let s = row[4];
    let d = Index::new([row[7], row[8]]);
    let sd = row[10];
    let mut moved = e;
    moved += idx;
    moved -= d;
    let shapes = [
        s + idx,
        s - idx,
        s * idx,
        s / d,
        s % d,
        2 * idx,
        1 + idx,
        7 - idx,
        -100 / d,
        100 % d,
        K * idx + captured,
        captured - idx * sd,
        (s * idx) / sd,
        s * (idx + d) - 1,
    ];
    let extents = [
        e + idx,
        e - idx,
        e - d + idx,
        moved,
        5 * e,
        s - e,
        e + (2 * idx),
    ];
    shapes
        .iter()
        .flat_map(|v| v.components())
        .chain(extents.iter().flat_map(|v| v.components()))
        .collect()
}

#[test]
fn scalar_on_the_left_and_extent_plus_index_rank2() {
    let n = 1000;
    let width = 2 * (14 + 7);
    let rows = random_rows(n, 0x5eed_0002);
    let captured = -17;
    let mut out = vec![POISON; n * width];
    let av = ConstArrayView::new([n as i32, 11], &rows).expect("input");
    let ov = ArrayView::new([n as i32, width as i32], &mut out).expect("output");
    parallel_for_each!(Extent::new([n as i32]), |i: Index<1>| {
        let r = i[0];
        let idx = Index::new([av[(r, 0)], av[(r, 1)]]);
        let e = Extent::new([av[(r, 2)], av[(r, 3)]]);
        let s = av[(r, 4)];
        let d = Index::new([av[(r, 7)], av[(r, 8)]]);
        let sd = av[(r, 10)];
        let mut moved = e;
        moved += idx;
        moved -= d;
        put2(ov, r, 0, s + idx);
        put2(ov, r, 2, s - idx);
        put2(ov, r, 4, s * idx);
        put2(ov, r, 6, s / d);
        put2(ov, r, 8, s % d);
        put2(ov, r, 10, 2 * idx);
        put2(ov, r, 12, 1 + idx);
        put2(ov, r, 14, 7 - idx);
        put2(ov, r, 16, -100 / d);
        put2(ov, r, 18, 100 % d);
        put2(ov, r, 20, K * idx + captured);
        put2(ov, r, 22, captured - idx * sd);
        put2(ov, r, 24, (s * idx) / sd);
        put2(ov, r, 26, s * (idx + d) - 1);
        put_extent2(ov, r, 28, e + idx);
        put_extent2(ov, r, 30, e - idx);
        put_extent2(ov, r, 32, e - d + idx);
        put_extent2(ov, r, 34, moved);
        put_extent2(ov, r, 36, 5 * e);
        put_extent2(ov, r, 38, s - e);
        put_extent2(ov, r, 40, e + (2 * idx));
    })
    .expect("launch");
    drop(ov);
    for (r, row) in rows.chunks(11).enumerate() {
        let expected = host_rank2(row, captured);
        assert_eq!(expected.len(), width);
        assert_eq!(
            out[r * width..(r + 1) * width],
            expected[..],
            "row {r}: {row:?}"
        );
    }
}

/// Ranks 1 and 3 through the same operators (rank 1 is a plain `i32` inside kernels, rank 3 a
/// three-component vector).
#[test]
fn scalar_on_the_left_and_extent_plus_index_ranks_1_and_3() {
    let n = 700;
    let (w1, w3) = (8, 8 * 3);
    let rows = random_rows(n, 0x5eed_0013);
    let mut out1 = vec![POISON; n * w1];
    let mut out3 = vec![POISON; n * w3];
    let av = ConstArrayView::new([n as i32, 11], &rows).expect("input");
    let o1 = ArrayView::new([n as i32, w1 as i32], &mut out1).expect("output 1");
    let o3 = ArrayView::new([n as i32, w3 as i32], &mut out3).expect("output 3");
    parallel_for_each!(Extent::new([n as i32]), |i: Index<1>| {
        let r = i[0];
        let s = av[(r, 4)];
        let a = Index::new([av[(r, 0)]]);
        let ea = Extent::new([av[(r, 2)]]);
        let da = Index::new([av[(r, 7)]]);
        o1[(r, 0)] = (s + a)[0];
        o1[(r, 1)] = (s - a)[0];
        o1[(r, 2)] = (s * a)[0];
        o1[(r, 3)] = (s / da)[0];
        o1[(r, 4)] = (s % da)[0];
        o1[(r, 5)] = (-3 * a)[0];
        o1[(r, 6)] = (ea + a)[0];
        o1[(r, 7)] = (ea - da)[0];
        let b = Index::new([av[(r, 0)], av[(r, 1)], av[(r, 5)]]);
        let eb = Extent::new([av[(r, 2)], av[(r, 3)], av[(r, 6)]]);
        let db = Index::new([av[(r, 7)], av[(r, 8)], av[(r, 9)]]);
        put3(o3, r, 0, s + b);
        put3(o3, r, 3, s - b);
        put3(o3, r, 6, s * b);
        put3(o3, r, 9, s / db);
        put3(o3, r, 12, s % db);
        put3(o3, r, 15, -3 * b);
        put3(
            o3,
            r,
            18,
            Index::new([(eb + b)[0], (eb + b)[1], (eb + b)[2]]),
        );
        let m = eb - db;
        put3(o3, r, 21, Index::new([m[0], m[1], m[2]]));
    })
    .expect("launch");
    drop((o1, o3));
    for (r, row) in rows.chunks(11).enumerate() {
        let s = row[4];
        let (a, ea, da) = (
            Index::new([row[0]]),
            Extent::new([row[2]]),
            Index::new([row[7]]),
        );
        let ones = [s + a, s - a, s * a, s / da, s % da, -3 * a];
        let mut expected1: Vec<i32> = ones.iter().map(|v| v[0]).collect();
        expected1.extend([(ea + a)[0], (ea - da)[0]]);
        assert_eq!(out1[r * w1..(r + 1) * w1], expected1[..], "rank 1, row {r}");
        let b = Index::new([row[0], row[1], row[5]]);
        let eb = Extent::new([row[2], row[3], row[6]]);
        let db = Index::new([row[7], row[8], row[9]]);
        let threes = [s + b, s - b, s * b, s / db, s % db, -3 * b];
        let mut expected3: Vec<i32> = threes.iter().flat_map(|v| v.components()).collect();
        expected3.extend((eb + b).components());
        expected3.extend((eb - db).components());
        assert_eq!(out3[r * w3..(r + 1) * w3], expected3[..], "rank 3, row {r}");
    }
}

/// A `#[kernel] fn` taking a tiled extent: its methods work on the argument as on a capture.
#[kernel]
fn tile_summary(te: TiledExtent<2, 4, 8, 1>, t: Index<2>) -> i32 {
    let copy = te;
    let inside = if copy.contains(t) { 1 } else { 0 };
    copy.tile_dim0() * 1000 + copy.tile_dim1() * 10 + inside
}

/// What `tile_summary` returns, on the host.
fn host_tile_summary(te: TiledExtent<2, 4, 8, 1>, t: Index<2>) -> i32 {
    te.tile_dim0() * 1000 + te.tile_dim1() * 10 + i32::from(te.contains(t))
}

#[test]
fn a_captured_tiled_extent_reads_as_on_the_host() {
    // Several tiles each way; the launch's own tiled extent, a padded one and a rank-3 one whose
    // size does not fit in a u32 are captured.
    let (rows, cols) = (12, 40);
    let te = Extent::new([rows, cols]).tile::<4, 8>();
    let padded = Extent::new([10, 37]).tile::<4, 8>().pad();
    let big = Extent::new([70000, 70000, 3]).tile::<2, 4, 8>();
    let line = Extent::new([100]).tile::<32>().truncate();
    let threads = (rows * cols) as usize;
    let offsets = random_rows(threads, 0x5eed_007e);
    let width = 24;
    let mut out = vec![POISON; threads * width];
    let av = ConstArrayView::new([threads as i32, 11], &offsets).expect("input");
    let ov = ArrayView::new([threads as i32, width as i32], &mut out).expect("output");
    parallel_for_each!(te, |t: TiledIndex<2>| {
        let r = t.global[0] * cols + t.global[1];
        // A random point near the domain, inside or out.
        let p = Index::new([av[(r, 0)] % 20, av[(r, 1)] % 50]);
        ov[(r, 0)] = te.size() as i32;
        ov[(r, 1)] = te.extent()[0];
        ov[(r, 2)] = te.extent()[1];
        ov[(r, 3)] = te[0];
        ov[(r, 4)] = te[1];
        ov[(r, 5)] = te.tile_dim0();
        ov[(r, 6)] = te.tile_dim1();
        ov[(r, 7)] = te.tile_dim2();
        ov[(r, 8)] = te.tile_extent()[0];
        ov[(r, 9)] = te.tile_extent()[1];
        ov[(r, 10)] = if te.contains(p) { 1 } else { 0 };
        ov[(r, 11)] = tile_summary(te, p);
        ov[(r, 12)] = padded[0] * 100 + padded[1];
        ov[(r, 13)] = padded.size() as i32;
        ov[(r, 14)] = big.size() as i32;
        ov[(r, 15)] = big.tile_dim0() * 100 + big.tile_dim1() * 10 + big.tile_dim2();
        ov[(r, 16)] = big.tile_extent()[2];
        ov[(r, 17)] = big[1];
        ov[(r, 18)] = line.size() as i32;
        ov[(r, 19)] = line.tile_dim0();
        // A tiled index on the right of an i32 and of an extent.
        let twice = 2 * t;
        ov[(r, 20)] = twice[0];
        ov[(r, 21)] = twice[1];
        let left = te.extent() - t;
        ov[(r, 22)] = left[0];
        ov[(r, 23)] = left[1];
    })
    .expect("launch");
    drop(ov);
    let as_i32 = |size: u64| u32::try_from(size).unwrap_or(u32::MAX) as i32;
    for g in te.extent().indices() {
        let r = (g[0] * cols + g[1]) as usize;
        let row = &offsets[r * 11..];
        let p = Index::new([row[0] % 20, row[1] % 50]);
        let twice = 2 * g;
        let left = te.extent() - g;
        let expected = [
            as_i32(te.size()),
            te.extent()[0],
            te.extent()[1],
            te[0],
            te[1],
            te.tile_dim0(),
            te.tile_dim1(),
            te.tile_dim2(),
            te.tile_extent()[0],
            te.tile_extent()[1],
            i32::from(te.contains(p)),
            host_tile_summary(te, p),
            padded[0] * 100 + padded[1],
            as_i32(padded.size()),
            as_i32(big.size()),
            big.tile_dim0() * 100 + big.tile_dim1() * 10 + big.tile_dim2(),
            big.tile_extent()[2],
            big[1],
            as_i32(line.size()),
            line.tile_dim0(),
            twice[0],
            twice[1],
            left[0],
            left[1],
        ];
        assert_eq!(out[r * width..(r + 1) * width], expected, "thread {g}");
    }
    // The values themselves, so a host and a kernel that agree on something wrong still fail.
    assert_eq!(
        (padded.extent(), line.extent()),
        (Extent::new([12, 40]), Extent::new([96]))
    );
    assert_eq!((as_i32(big.size()), te.tile_dim2()), (-1, 1));
}

/// C++ AMP has `extent ± index` only, and rejects a constant zero divisor (C3567): both are
/// located errors when the kernel is built, for shapes as for scalars.
#[test]
fn extent_times_index_and_a_zero_divisor_are_located_errors() {
    let mut data = vec![POISON; 4];
    let view = ArrayView::new(4, &mut data).expect("view");
    let e = Extent::new([7]);
    let line = line!() + 2;
    let result = parallel_for_each!(view.extent(), |idx: Index<1>| {
        view[idx] = (e * idx)[0];
    });
    let err = result.expect_err("extent * index");
    let amp::Error::Kernel(amp::KernelError::Build { message, loc, .. }) = &err else {
        panic!("expected a build error, got {err}");
    };
    assert!(message.contains("only by + and -"), "{message}");
    assert_eq!(loc.line, line);
    let line = line!() + 2;
    let result = parallel_for_each!(view.extent(), |idx: Index<1>| {
        view[idx] = (idx % 0)[0];
    });
    let err = result.expect_err("idx % 0");
    let amp::Error::Kernel(amp::KernelError::Build { message, loc, .. }) = &err else {
        panic!("expected a build error, got {err}");
    };
    assert!(message.contains("C3567"), "{message}");
    assert_eq!(loc.line, line);
    drop(view);
    assert_eq!(data, [POISON; 4]);
}

/// A struct whose derived `Default` is zero: kernels build it with `default()`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Element)]
#[repr(C)]
struct Sample {
    at: Float2,
    weight: f32,
    count: i32,
}

/// A generic zero (C++ AMP's `T()`).
#[kernel]
fn zero<T: Element + Default>() -> T {
    T::default()
}

/// Index and Extent values built and changed in place, the same on the host and in kernels:
/// `default()`, construction from a local array, component assignment by a constant and a
/// run-time index, and `*= /= %=` with a scalar.
#[kernel]
fn shape_work(a: i32, b: i32, k: i32) -> Index<3> {
    let mut idx = Index::<2>::default();
    idx[0] = a;
    idx[1] += b;
    idx[k & 1] *= 3;
    let arr = [a, b];
    let from = Index::new(arr) + Index::from(arr);
    let mut e: Extent<2> = Extent::default();
    e[1] = 5;
    e[0] -= k;
    let mut m = idx + from;
    m *= 5;
    m /= 3;
    m %= 11;
    let n = m * 2 - e[1] + (from / 2) % 3;
    let mut out = Index::new([n[0], n[1], e[0]]);
    out[2] += Extent::<3>::default()[2];
    out
}

#[kernel]
fn put_shape3(out: ArrayView<i32, 2>, r: i32, v: Index<3>) {
    for c in 0..3 {
        out[(r, c)] = v[c];
    }
}

#[test]
fn index_and_extent_values_change_in_place_as_on_the_host() {
    let n = 64usize;
    let mut out = vec![POISON; n * 3];
    let mut zeros = vec![
        Sample {
            at: float2(1.0, 1.0),
            weight: 1.0,
            count: 1
        };
        n
    ];
    let mut scalars = vec![Float4::default(); n];
    {
        let ov = ArrayView::new([n as i32, 3], &mut out).expect("out");
        let zv = ArrayView::new([n as i32], &mut zeros).expect("zeros");
        let sv = ArrayView::new([n as i32], &mut scalars).expect("scalars");
        parallel_for_each!(Extent::new([n as i32]), |i: Index<1>| {
            let r = i[0];
            put_shape3(ov, r, shape_work(r * 7 - 200, 100 - r * r, r));
            zv[i] = zero::<Sample>();
            let z: Int3 = Default::default();
            let f = f32::default() + zero::<f32>() + (z.x() + i32::default()) as f32;
            sv[i] = Float4::default() + f;
        })
        .expect("launch");
    }
    for r in 0..n as i32 {
        let expected = shape_work(r * 7 - 200, 100 - r * r, r);
        let k = r as usize * 3;
        assert_eq!(out[k..k + 3], expected.0[..], "row {r}");
    }
    assert!(zeros.iter().all(|s| *s == Sample::default()));
    assert!(scalars.iter().all(|s| *s == Float4::default()));
    // By hand: idx = (3, 2), from = (2, 4), m = ((5, 6) * 5 / 3) % 11 = (8, 10), e = (0, 5),
    // n = m * 2 - 5 + (1, 2) % 3.
    assert_eq!(shape_work(1, 2, 0), Index::new([12, 17, 0]));
}

/// A type whose `Default` is written by hand (not zero): a kernel's `default()` is the host's
/// value, built into the kernel as a constant (a function of no arguments is one value).
#[derive(Clone, Copy, Debug, PartialEq, Element)]
#[repr(C)]
struct Ones {
    v: i32,
    f: f32,
    d: f64,
    n: UInt2,
}

impl Default for Ones {
    fn default() -> Self {
        Ones {
            v: -1,
            f: 1.5,
            d: -0.1,
            n: uint2(7, u32::MAX),
        }
    }
}

#[test]
fn a_default_that_is_not_zero_is_the_hosts_value() {
    let blank = Ones {
        v: 0,
        f: 0.0,
        d: 0.0,
        n: uint2(0, 0),
    };
    let mut data = vec![blank; 4];
    let mut shapes = vec![0i32; 4 * 3];
    {
        let view = ArrayView::new([4], &mut data).expect("view");
        let sv = ArrayView::new([4 * 3], &mut shapes).expect("view");
        parallel_for_each!(view.extent(), |i: Index<1>| {
            let d: Ones = Default::default();
            view[i] = if i[0] % 2 == 0 { zero::<Ones>() } else { d };
            let e = Extent::<3>::default();
            sv[i * 3] = e[0] + e[1] + e[2];
        })
        .expect("launch");
    }
    assert!(data.iter().all(|o| *o == Ones::default()), "{data:?}");
    assert!(shapes.iter().step_by(3).all(|&s| s == 0), "{shapes:?}");
}

#[test]
fn constant_negative_components_are_located_errors() {
    let mut out = vec![0i32; 4];
    let ov = ArrayView::new([4], &mut out).expect("view");
    let err = parallel_for_each!(ov.extent(), |i: Index<1>| {
        let idx = Index::new([i[0], 1]);
        ov[i] = idx[-1];
    })
    .expect_err("idx[-1]");
    assert!(
        err.to_string()
            .contains("component -1 is out of range for Index<2>"),
        "{err}"
    );
    let err = parallel_for_each!(ov.extent(), |i: Index<1>| {
        let idx = Index::new([i[0], 1]);
        ov[i] = idx[i32::MIN];
    })
    .expect_err("idx[i32::MIN]");
    assert!(
        err.to_string()
            .contains("component -2147483648 is out of range"),
        "{err}"
    );
    let err = parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut idx = Index::new([i[0], 1]);
        idx[2] = 0;
        ov[i] = idx[0];
    })
    .expect_err("idx[2] = 0 on an Index<2>");
    assert!(
        err.to_string()
            .contains("index 2 is always out of range for this Index<2>"),
        "{err}"
    );
}

/// `tile()`, `pad()`, `truncate()` of an extent value in a kernel, the host's.
#[kernel]
fn tiled_parts(a: i32, b: i32) -> [i32; 8] {
    let x = Extent::new([a, b]);
    let t = x.tile::<16, 8>();
    let p = t.pad();
    let q = t.truncate();
    let one = Extent::new([a * 3]).tile::<64>().pad();
    let parts = [
        p[0],
        p[1],
        q[0],
        q[1],
        t.tile_extent()[1],
        p.size() as i32,
        p.contains(Index::new([a, b])) as i32,
        one[0],
    ];
    parts
}

#[test]
fn tile_pad_and_truncate_in_kernels_as_on_the_host() {
    let n = 40usize;
    let mut out = vec![POISON; n * 8];
    {
        let ov = ArrayView::new([n as i32, 8], &mut out).expect("out");
        parallel_for_each!(Extent::new([n as i32]), |i: Index<1>| {
            let r = i[0];
            let parts = tiled_parts(r * 37 - 5, 100 - r * 3);
            for c in 0..8 {
                ov[(r, c)] = parts[c];
            }
        })
        .expect("launch");
    }
    for r in 0..n as i32 {
        let k = r as usize * 8;
        let host = tiled_parts(r * 37 - 5, 100 - r * 3);
        assert_eq!(out[k..k + 8], host[..], "row {r}");
    }
    assert_eq!(tiled_parts(20, 9), [32, 16, 16, 8, 8, 512, 1, 64]);
    // Zero and negative components are left as they are.
    assert_eq!(tiled_parts(-5, 0)[..4], [-5, 0, -5, 0]);
}

#[test]
fn a_pad_past_i32_max_is_a_domain_error_on_the_host_and_in_kernels() {
    let big = Extent::new([2147483637]);
    assert_eq!(
        big.tile::<256>().try_pad(),
        Err(amp::LaunchDomainError::CannotPad {
            dim: 0,
            extent: 2147483637,
            tile: 256
        })
    );
    let mut out = vec![0i32; 4];
    let ov = ArrayView::new([4], &mut out).expect("view");
    // A fault of the launch: reported when its results are next waited for.
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let p = big.tile::<256>().pad();
        ov[i] = p[0];
    })
    .expect("launch");
    let err = ov.synchronize().expect_err("pad past i32::MAX");
    let message = err.to_string();
    assert!(
        message.contains("cannot be padded to a multiple of the tile's (256)"),
        "{message}"
    );
    assert!(
        matches!(err, amp::Error::InvalidComputeDomain(_)),
        "{err:?}"
    );
}
