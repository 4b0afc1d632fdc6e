//! Matrix fragments (`amp::matrix`) in kernels: a 64×64×64 f16 product with f32 accumulation,
//! its fragments loaded from array views (1-D and 2-D) and tile_static arrays in both layouts,
//! stored to a view and to tile_static arrays, held in locals reassigned in loops, beside
//! subgroup operations in one kernel, checked against the host. On an accelerator without 16×16×16 f16·f16 + f32 multiply-adds (lavapipe)
//! the same launches are `Error::UnsupportedFeature` naming the matrix shape.

use crate::common::random_floats;
use amp::matrix::{Layout, MatrixA, MatrixAcc, MatrixB, MatrixNeed, MatrixScalarType, MatrixShape};
use amp::prelude::*;
use amp::subgroup;
use amp::{Error, KernelError};

const N: usize = 64;

const F16_F32: MatrixShape = MatrixShape {
    m: 16,
    n: 16,
    k: 16,
    input: MatrixScalarType::F16,
    accumulator: MatrixScalarType::F32,
};

fn halves(seed: u32) -> Vec<f16> {
    random_floats(N * N, seed)
        .into_iter()
        .map(f16::from_f32)
        .collect()
}

/// `A·B` on the host, in f64 from the f16 inputs (row-major).
fn product(a: &[f16], b: &[f16]) -> Vec<f64> {
    let mut c = vec![0.0; N * N];
    for i in 0..N {
        for j in 0..N {
            c[i * N + j] = (0..N)
                .map(|k| a[i * N + k].to_f64() * b[k * N + j].to_f64())
                .sum();
        }
    }
    c
}

/// Whether `result` is the launch's typed error on an accelerator without the shape (then
/// the test has checked all it can); panics on any other error.
fn unsupported(result: Result<(), Error>) -> bool {
    let acc = Accelerator::default().expect("accelerator");
    let runs = acc.matrix_shapes().contains(&F16_F32);
    match result {
        Ok(()) => {
            assert!(runs, "launched without the matrix shape");
            false
        }
        Err(Error::UnsupportedFeature(amp::error::FeatureError::Kernel(
            KernelError::UnsupportedMatrix { need, device, .. },
        ))) if !runs => {
            assert!(
                matches!(
                    need,
                    MatrixNeed::Fragments
                        | MatrixNeed::MultiplyAdd(F16_F32)
                        | MatrixNeed::Fragment { side: 16, .. }
                ),
                "need {need:?}"
            );
            assert_eq!(device, acc.matrix_shapes());
            eprintln!("matrix fragments unsupported on {}", acc.description());
            true
        }
        Err(e) => panic!("launch failed: {e}"),
    }
}

fn assert_close(got: &[f32], want: &[f64]) {
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        // Products of f16s are exact in f32; only the order of the f32 sums differs.
        assert!(
            (f64::from(g) - w).abs() <= 1e-3 * (1.0 + w.abs()),
            "element ({}, {}): {g} vs {w}",
            i / N,
            i % N
        );
    }
}

#[test]
fn f16_product_from_views_and_tile_static_both_layouts() {
    let (a, b) = (halves(11), halves(12));
    let want = product(&a, &b);
    let mut c = vec![f32::NAN; N * N];
    let result = {
        let av = ConstArrayView::new(Extent::new([N as i32, N as i32]), &a).expect("view");
        let bv = ConstArrayView::new((N * N) as i32, &b).expect("view");
        let cv = ArrayView::new((N * N) as i32, &mut c).expect("view");
        // One tile of 32 threads (a subgroup on NVIDIA) per 16×16 block of C.
        parallel_for_each!(Extent::new([16 * 32]).tile::<32>(), |t: TiledIndex<1>| {
            #[tile_static]
            let mut tb: [f16; 256];
            let lane = t.local[0] as u32;
            let block = t.tile[0] as u32;
            let (row0, col0) = (block / 4 * 16, block % 4 * 16);
            let mut acc = MatrixAcc::<f32, 16, 16>::zero();
            let mut k = 0u32;
            while k < 64 {
                // B's 16×16 slice, staged column-major.
                for e in 0..8u32 {
                    let idx = lane * 8 + e;
                    let (r, col) = (idx / 16, idx % 16);
                    tb[col * 16 + r] = bv[(k + r) * 64 + col0 + col];
                }
                t.barrier.wait();
                let fa = MatrixA::<f16, 16, 16>::load(av, row0 * 64 + k, 64u32, Layout::RowMajor);
                let fb = MatrixB::<f16, 16, 16>::load(tb, 0u32, 16u32, Layout::ColumnMajor);
                acc = fa.multiply_add(fb, acc);
                t.barrier.wait();
                k += 16;
            }
            acc.store(cv, row0 * 64 + col0, 64u32, Layout::RowMajor);
        })
    };
    if unsupported(result) {
        return;
    }
    assert_close(&c, &want);
}

#[test]
fn f16_product_column_major_views_tile_static_stores_and_two_accumulators() {
    let (a, b) = (halves(21), halves(22));
    let want = product(&a, &b);
    // Bᵀ: B column-major.
    let bt: Vec<f16> = (0..N * N).map(|i| b[i % N * N + i / N]).collect();
    let mut c = vec![f32::NAN; N * N];
    let result = {
        let av = ConstArrayView::new((N * N) as i32, &a).expect("view");
        let btv = ConstArrayView::new((N * N) as i32, &bt).expect("view");
        let cv = ArrayView::new((N * N) as i32, &mut c).expect("view");
        parallel_for_each!(Extent::new([16 * 32]).tile::<32>(), |t: TiledIndex<1>| {
            #[tile_static]
            let mut ta: [f16; 512];
            #[tile_static]
            let mut tc: [f32; 512];
            let lane = t.local[0] as u32;
            let block = t.tile[0] as u32;
            let (row0, col0) = (block / 4 * 16, block % 4 * 16);
            // Even and odd k-slices in two accumulators, summed at the end. No fragment
            // operation sits under a branch: naga's uniformity analysis holds a condition
            // read from a local (`s`) non-uniform and rejects one there.
            let mut even = MatrixAcc::<f32, 16, 16>::zero();
            let mut odd = MatrixAcc::<f32, 16, 16>::zero();
            for s in 0..2u32 {
                let k = s * 32;
                // A's two 16×16 slices, staged row-major one after the other.
                for e in 0..16u32 {
                    let idx = lane * 16 + e;
                    let (half, i) = (idx / 256, idx % 256);
                    ta[idx] = av[(row0 + i / 16) * 64 + k + half * 16 + i % 16];
                }
                t.barrier.wait();
                let fa = MatrixA::<f16, 16, 16>::load(ta, 0u32, 16u32, Layout::RowMajor);
                let fb =
                    MatrixB::<f16, 16, 16>::load(btv, col0 * 64 + k, 64u32, Layout::ColumnMajor);
                even = fa.multiply_add(fb, even);
                let fa = MatrixA::<f16, 16, 16>::load(ta, 256u32, 16u32, Layout::RowMajor);
                let fb = MatrixB::<f16, 16, 16>::load(
                    btv,
                    col0 * 64 + k + 16,
                    64u32,
                    Layout::ColumnMajor,
                );
                odd = fa.multiply_add(fb, odd);
                t.barrier.wait();
            }
            even.store(tc, 0u32, 16u32, Layout::RowMajor);
            odd.store(tc, 256u32, 16u32, Layout::ColumnMajor);
            t.barrier.wait();
            for e in 0..8u32 {
                let idx = lane * 8 + e;
                let (r, col) = (idx / 16, idx % 16);
                cv[(row0 + r) * 64 + col0 + col] = tc[idx] + tc[256 + col * 16 + r];
            }
        })
    };
    if unsupported(result) {
        return;
    }
    assert_close(&c, &want);
}

/// Fragments and subgroup operations in one kernel (an NVIDIA driver crashed on such a module:
/// kvark/blade#333): the product of the first test, and each thread's `reduce_add` of its
/// tile-local index over its subgroup.
#[test]
fn fragments_beside_a_subgroup_reduction() {
    let (a, b) = (halves(31), halves(32));
    let want = product(&a, &b);
    let mut c = vec![f32::NAN; N * N];
    let mut sums = vec![u32::MAX; 16 * 32];
    let mut sizes = vec![0u32; 16 * 32];
    let result = {
        let av = ConstArrayView::new((N * N) as i32, &a).expect("view");
        let bv = ConstArrayView::new((N * N) as i32, &b).expect("view");
        let cv = ArrayView::new((N * N) as i32, &mut c).expect("view");
        let sv = ArrayView::new(16 * 32, &mut sums).expect("view");
        let zv = ArrayView::new(16 * 32, &mut sizes).expect("view");
        parallel_for_each!(Extent::new([16 * 32]).tile::<32>(), |t: TiledIndex<1>| {
            let lane = t.local[0] as u32;
            let block = t.tile[0] as u32;
            let (row0, col0) = (block / 4 * 16, block % 4 * 16);
            sv[t.global[0]] = subgroup::reduce_add(lane);
            zv[t.global[0]] = subgroup::size();
            let mut acc = MatrixAcc::<f32, 16, 16>::zero();
            let mut k = 0u32;
            while k < 64 {
                let fa = MatrixA::<f16, 16, 16>::load(av, row0 * 64 + k, 64u32, Layout::RowMajor);
                let fb = MatrixB::<f16, 16, 16>::load(bv, k * 64 + col0, 64u32, Layout::RowMajor);
                acc = fa.multiply_add(fb, acc);
                k += 16;
            }
            acc.store(cv, row0 * 64 + col0, 64u32, Layout::RowMajor);
        })
    };
    if unsupported(result) {
        return;
    }
    assert_close(&c, &want);
    // Subgroups of `size` lanes cover the tile's indices in order (32 is a multiple of every
    // size from 4 to 32; a larger subgroup holds the whole tile).
    for (g, (&sum, &size)) in sums.iter().zip(&sizes).enumerate() {
        let lanes = size.min(32);
        let first = (g as u32 % 32) / lanes * lanes;
        let want: u32 = (first..first + lanes).sum();
        assert_eq!(sum, want, "thread {g}, subgroups of {size}");
    }
}

/// `C = α·A·B + β·C` on the host in f64 from f16 inputs, row-major, A m×k, B k×n.
fn host_gemm(m: usize, n: usize, k: usize, a: &[f16], b: &[f16], c: &[f32]) -> Vec<f64> {
    let (alpha, beta) = (1.5, 0.5);
    (0..m * n)
        .map(|x| {
            let (i, j) = (x / n, x % n);
            let dot: f64 = (0..k)
                .map(|p| a[i * k + p].to_f64() * b[p * n + j].to_f64())
                .sum();
            alpha * dot + beta * f64::from(c[x])
        })
        .collect()
}

/// `gemm_f16` against the host for an m×k by k×n product with α = 1.5, β = 0.5.
fn check_gemm_f16(m: usize, n: usize, k: usize) {
    use amp::algorithms::gemm_f16;
    let to_half = |v: Vec<f32>| v.into_iter().map(f16::from_f32).collect::<Vec<_>>();
    let a = to_half(random_floats(m * k, 31));
    let b = to_half(random_floats(k * n, 32));
    let mut c = random_floats(m * n, 33);
    let want = host_gemm(m, n, k, &a, &b, &c);
    {
        let av = ConstArrayView::new([m as i32, k as i32], &a).expect("view");
        let bv = ConstArrayView::new([k as i32, n as i32], &b).expect("view");
        let cv = ArrayView::new([m as i32, n as i32], &mut c).expect("view");
        gemm_f16(1.5, &av, &bv, 0.5, &cv).expect("gemm_f16");
    }
    for (x, (&g, &w)) in c.iter().zip(&want).enumerate() {
        // Products of f16s are exact in f32; the f32 sums of k terms differ in order only.
        assert!(
            (f64::from(g) - w).abs() <= 1e-5 * k as f64 * (1.0 + w.abs()),
            "{m}x{n}x{k}: element ({}, {}): {g} vs {w}",
            x / n,
            x % n
        );
    }
}

/// 256³: the matrix units where the accelerator has them (an H100), else `gemm` on the widened inputs.
#[test]
fn gemm_f16_256_cubed_matches_the_host() {
    let acc = Accelerator::default().expect("accelerator");
    if !acc.supports_f16() {
        eprintln!("no f16 in kernels on {}", acc.description());
        return;
    }
    check_gemm_f16(256, 256, 256);
}

/// Sizes no block divides: never the matrix units: `gemm` on the widened inputs, edges included.
#[test]
fn gemm_f16_odd_shape_matches_the_host() {
    let acc = Accelerator::default().expect("accelerator");
    if !acc.supports_f16() {
        eprintln!("no f16 in kernels on {}", acc.description());
        return;
    }
    check_gemm_f16(37, 53, 29);
}

#[test]
fn gemm_f16_names_mismatched_shapes() {
    use amp::algorithms::gemm_f16;
    let a = vec![f16::ZERO; 6];
    let b = vec![f16::ZERO; 8];
    let mut c = vec![0.0f32; 8];
    let av = ConstArrayView::new([2, 3], &a).expect("view");
    let bv = ConstArrayView::new([4, 2], &b).expect("view");
    let cv = ArrayView::new([2, 4], &mut c).expect("view");
    let err = gemm_f16(1.0, &av, &bv, 0.0, &cv).expect_err("mismatch");
    assert_eq!(
        err.to_string(),
        "invalid compute domain: gemm_f16 of A 2x3 by B 4x2 into C 2x4: A's columns (3) must \
         equal B's rows (4)"
    );
}

/// `gemm_f16_inputs` on f32 data equals `gemm_f16` on the same data rounded to f16 by the host
/// (the rounding is `half`'s, to nearest even), for a shape the matrix units take (on an H100)
/// and one they do not; and a shape mismatch names the function.
#[test]
fn gemm_f16_inputs_rounds_f32_data_to_f16_first() {
    use amp::algorithms::{gemm_f16, gemm_f16_inputs};
    let acc = Accelerator::default().expect("accelerator");
    if !acc.supports_f16() {
        eprintln!("no f16 in kernels on {}", acc.description());
        return;
    }
    for (m, n, k) in [(128usize, 128usize, 64usize), (19, 7, 33)] {
        // Values with more bits than an f16 holds, so that the rounding shows.
        let a: Vec<f32> = random_floats(m * k, 41)
            .iter()
            .map(|x| x * 1.000_37)
            .collect();
        let b: Vec<f32> = random_floats(k * n, 42)
            .iter()
            .map(|x| x * 0.999_71)
            .collect();
        let mut from_f32 = random_floats(m * n, 43);
        let mut from_f16 = from_f32.clone();
        {
            let av = ConstArrayView::new([m as i32, k as i32], &a).expect("view");
            let bv = ConstArrayView::new([k as i32, n as i32], &b).expect("view");
            let cv = ArrayView::new([m as i32, n as i32], &mut from_f32).expect("view");
            gemm_f16_inputs(1.5, &av, &bv, 0.5, &cv).expect("gemm_f16_inputs");
        }
        let half = |v: &[f32]| v.iter().map(|&x| f16::from_f32(x)).collect::<Vec<_>>();
        let (ah, bh) = (half(&a), half(&b));
        {
            let av = ConstArrayView::new([m as i32, k as i32], &ah).expect("view");
            let bv = ConstArrayView::new([k as i32, n as i32], &bh).expect("view");
            let cv = ArrayView::new([m as i32, n as i32], &mut from_f16).expect("view");
            gemm_f16(1.5, &av, &bv, 0.5, &cv).expect("gemm_f16");
        }
        assert!(
            from_f32 == from_f16,
            "{m}x{n}x{k}: gemm_f16_inputs differs from gemm_f16 of the rounded data"
        );
    }
    let (a, b, mut c) = (vec![0f32; 6], vec![0f32; 8], vec![0f32; 8]);
    let av = ConstArrayView::new([2, 3], &a).expect("view");
    let bv = ConstArrayView::new([4, 2], &b).expect("view");
    let cv = ArrayView::new([2, 4], &mut c).expect("view");
    let err = gemm_f16_inputs(1.0, &av, &bv, 0.0, &cv).expect_err("mismatch");
    assert!(
        err.to_string()
            .contains("gemm_f16_inputs of A 2x3 by B 4x2"),
        "{err}"
    );
}
