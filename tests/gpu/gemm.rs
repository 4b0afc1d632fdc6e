//! `amp::algorithms::gemm` against a CPU reference: zero and odd sizes, every tile
//! configuration on both of its kernels, α/β combinations, sections, arrays, bad shapes.

use crate::common;
use crate::own_process::ran_in_own_process;

use amp::algorithms::{gemm, gemm_on, gemm_tiles, gemm_with, GemmTiles};
use amp::prelude::*;
use amp::Error;

/// `len` reproducible floats in [-1, 1).
fn random(len: usize, seed: u32) -> Vec<f32> {
    common::random_words(len, seed)
        .into_iter()
        .map(|w| (w >> 8) as f32 / (1 << 23) as f32 - 1.0)
        .collect()
}

/// A row-major matrix on the host.
#[derive(Clone)]
struct Matrix {
    rows: usize,
    cols: usize,
    data: Vec<f32>,
}

impl Matrix {
    fn random(rows: usize, cols: usize, seed: u32) -> Matrix {
        Matrix {
            rows,
            cols,
            data: random(rows * cols, seed),
        }
    }

    fn extent(&self) -> [i32; 2] {
        [self.rows as i32, self.cols as i32]
    }

    fn at(&self, r: usize, c: usize) -> f32 {
        self.data[r * self.cols + c]
    }
}

/// Checks `got` = α·A·B + β·C0 element by element, within a bound for f32 sums in any order:
/// K·ε times the sum of the magnitudes of the terms (computed in f64).
#[track_caller]
fn check(got: &[f32], alpha: f32, a: &Matrix, b: &Matrix, beta: f32, c0: &Matrix) {
    assert_eq!(got.len(), a.rows * b.cols);
    let k = a.cols;
    for r in 0..a.rows {
        for c in 0..b.cols {
            let (mut sum, mut magnitude) = (0.0f64, 0.0f64);
            for i in 0..k {
                let term = f64::from(a.at(r, i)) * f64::from(b.at(i, c));
                sum += term;
                magnitude += term.abs();
            }
            let mut want = f64::from(alpha) * sum;
            magnitude *= f64::from(alpha).abs();
            if beta != 0.0 {
                want += f64::from(beta) * f64::from(c0.at(r, c));
                magnitude += (f64::from(beta) * f64::from(c0.at(r, c))).abs();
            }
            let tolerance = (k as f64 + 2.0) * f64::from(f32::EPSILON) * magnitude + 1e-30;
            let value = got[r * b.cols + c];
            assert!(
                (f64::from(value) - want).abs() <= tolerance,
                "C[{r}][{c}] = {value}, want {want} (±{tolerance}) for {}x{}x{k}",
                a.rows,
                b.cols
            );
        }
    }
}

/// Runs `gemm` on fresh views of `a`, `b` and a copy of `c0`; returns C.
fn run(alpha: f32, a: &Matrix, b: &Matrix, beta: f32, c0: &Matrix) -> Result<Vec<f32>, Error> {
    let av = ConstArrayView::new(a.extent(), &a.data)?;
    let bv = ConstArrayView::new(b.extent(), &b.data)?;
    let mut c = c0.data.clone();
    let cv = ArrayView::new(c0.extent(), &mut c)?;
    gemm(alpha, &av, &bv, beta, &cv)?;
    cv.synchronize()?;
    drop(cv);
    Ok(c)
}

#[test]
fn odd_sizes_and_alpha_beta_combinations() -> Result<(), Error> {
    let (a, b, c0) = (
        Matrix::random(37, 29, 1),
        Matrix::random(29, 53, 2),
        Matrix::random(37, 53, 3),
    );
    for (alpha, beta) in [(1.0, 0.0), (1.0, 1.0), (-0.5, 2.0), (2.5, -1.0)] {
        check(&run(alpha, &a, &b, beta, &c0)?, alpha, &a, &b, beta, &c0);
    }
    let (a, b, c0) = (
        Matrix::random(1, 1, 4),
        Matrix::random(1, 1, 5),
        Matrix::random(1, 1, 6),
    );
    check(&run(3.0, &a, &b, 0.5, &c0)?, 3.0, &a, &b, 0.5, &c0);
    Ok(())
}

#[test]
fn beta_zero_does_not_read_c() -> Result<(), Error> {
    let (a, b) = (Matrix::random(40, 70, 7), Matrix::random(70, 33, 8));
    let mut c0 = Matrix::random(40, 33, 9);
    for (i, x) in c0.data.iter_mut().enumerate() {
        *x = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY][i % 3];
    }
    let got = run(1.5, &a, &b, 0.0, &c0)?;
    check(&got, 1.5, &a, &b, 0.0, &c0);
    // K = 0 and α = 0 leave β·C; with β = 0 that is zeros, NaNs or not.
    let empty = Matrix::random(40, 0, 0);
    let none = Matrix::random(0, 33, 0);
    assert!(run(1.0, &empty, &none, 0.0, &c0)?.iter().all(|&x| x == 0.0));
    assert!(run(0.0, &a, &b, 0.0, &c0)?.iter().all(|&x| x == 0.0));
    Ok(())
}

#[test]
fn zero_sizes() -> Result<(), Error> {
    let c0 = Matrix::random(5, 4, 10);
    // K = 0: C = β·C.
    let got = run(
        1.0,
        &Matrix::random(5, 0, 0),
        &Matrix::random(0, 4, 0),
        2.0,
        &c0,
    )?;
    let doubled: Vec<f32> = c0.data.iter().map(|x| 2.0 * x).collect();
    assert_eq!(got, doubled);
    // M = 0 or N = 0: nothing to do.
    let empty = Matrix::random(0, 4, 0);
    assert!(run(
        1.0,
        &Matrix::random(0, 3, 0),
        &Matrix::random(3, 4, 11),
        2.0,
        &empty
    )?
    .is_empty());
    let empty = Matrix::random(5, 0, 0);
    assert!(run(
        1.0,
        &Matrix::random(5, 3, 12),
        &Matrix::random(3, 0, 0),
        2.0,
        &empty
    )?
    .is_empty());
    Ok(())
}

/// Every configuration on sizes that are multiples of its block (the `Float4` kernel, from
/// `Array`s, the instance the autotune times) and on sizes that are multiples of none (the
/// element kernel, from `ArrayView`s).
#[test]
fn every_configuration_on_both_kernels() -> Result<(), Error> {
    let view = Accelerator::default()?.default_view();
    for (i, tiles) in GemmTiles::ALL.into_iter().enumerate() {
        let seed = 20 + 4 * i as u32;
        let (a, b, c0) = (
            Matrix::random(128, 48, seed),
            Matrix::random(48, 128, seed + 1),
            Matrix::random(128, 128, seed + 2),
        );
        let aa = Array::new(a.extent(), &a.data)?;
        let ba = Array::new(b.extent(), &b.data)?;
        let ca = Array::new(c0.extent(), &c0.data)?;
        gemm_with(&view, tiles, 0.75, &aa, &ba, -1.0, &ca)?;
        check(&ca.to_vec()?, 0.75, &a, &b, -1.0, &c0);

        let (a, b, c0) = (
            Matrix::random(131, 45, seed + 3),
            Matrix::random(45, 67, seed + 4),
            Matrix::random(131, 67, seed + 5),
        );
        let (mut ad, mut bd, mut c) = (a.data.clone(), b.data.clone(), c0.data.clone());
        let av = ArrayView::new(a.extent(), &mut ad)?;
        let bv = ArrayView::new(b.extent(), &mut bd)?;
        let cv = ArrayView::new(c0.extent(), &mut c)?;
        gemm_with(&view, tiles, 1.0, &av, &bv, 0.5, &cv)?;
        cv.synchronize()?;
        drop(cv);
        check(&c, 1.0, &a, &b, 0.5, &c0);
    }
    Ok(())
}

/// Sections of larger matrices as every operand: rows farther apart than the section is wide,
/// and a section of whole rows (read as `Float4`s from an offset).
#[test]
fn sections_as_operands() -> Result<(), Error> {
    let view = Accelerator::default()?.default_view();
    let big_a = Matrix::random(200, 150, 40);
    let big_b = Matrix::random(100, 300, 41);
    let big_c = Matrix::random(180, 210, 42);
    let part = |m: &Matrix, r0: usize, c0: usize, rows: usize, cols: usize| Matrix {
        rows,
        cols,
        data: (r0..r0 + rows)
            .flat_map(|r| (c0..c0 + cols).map(move |c| (r, c)))
            .map(|(r, c)| m.at(r, c))
            .collect(),
    };
    let av = ConstArrayView::new(big_a.extent(), &big_a.data)?;
    let bv = ConstArrayView::new(big_b.extent(), &big_b.data)?;
    let mut c = big_c.data.clone();
    let cv = ArrayView::new(big_c.extent(), &mut c)?;
    // C[10..77, 20..151] = 2·A[3..70, 5..68]·B[30..93, 7..138] + C.
    let (m, n, k) = (67, 131, 63);
    gemm(
        2.0,
        &av.section([3, 5], [m, k])?,
        &bv.section([30, 7], [k, n])?,
        1.0,
        &cv.section([10, 20], [m, n])?,
    )?;
    let got = part(
        &Matrix {
            rows: 180,
            cols: 210,
            data: cv.to_vec()?,
        },
        10,
        20,
        67,
        131,
    );
    let (a, b) = (part(&big_a, 3, 5, 67, 63), part(&big_b, 30, 7, 63, 131));
    check(&got.data, 2.0, &a, &b, 1.0, &part(&big_c, 10, 20, 67, 131));
    // Outside the section, C is untouched.
    let all = cv.to_vec()?;
    assert_eq!(all[..10 * 210], big_c.data[..10 * 210]);
    assert_eq!(all[77 * 210..], big_c.data[77 * 210..]);

    // Whole rows 8..136 of A (an offset of 8 rows: Float4-aligned) and of B, through the
    // Float4 kernel of the 64×64 configuration.
    let (m, n, k) = (128, 64, 64);
    let a_rows = ConstArrayView::new([200, 64], &big_a.data[..200 * 64])?;
    let b_rows = ConstArrayView::new([100, 64], &big_b.data[..100 * 64])?;
    let out = ArrayView::<f32, 2>::from_extent([m, n])?;
    let (a_part, b_part) = (
        a_rows.section([8, 0], [m, k])?,
        b_rows.section([20, 0], [k, n])?,
    );
    gemm_with(&view, GemmTiles::T64x64, 1.0, &a_part, &b_part, 0.0, &out)?;
    let a = Matrix {
        rows: 128,
        cols: 64,
        data: big_a.data[8 * 64..136 * 64].to_vec(),
    };
    let b = Matrix {
        rows: 64,
        cols: 64,
        data: big_b.data[20 * 64..84 * 64].to_vec(),
    };
    check(
        &out.to_vec()?,
        1.0,
        &a,
        &b,
        0.0,
        &Matrix::random(128, 64, 0),
    );
    drop(cv);
    Ok(())
}

/// Arrays as operands and result, on a size that takes the autotune's choice; the choice is
/// made once and kept.
#[test]
fn arrays_and_the_tuned_configuration() -> Result<(), Error> {
    // In a process of its own: it counts pipeline builds, which concurrent tests would disturb.
    if ran_in_own_process() {
        return Ok(());
    }
    let (a, b, c0) = (
        Matrix::random(256, 256, 50),
        Matrix::random(256, 256, 51),
        Matrix::random(256, 256, 52),
    );
    let view = Accelerator::default()?.default_view();
    let tiles = gemm_tiles(&view, 256, 256, 256)?;
    let built = amp::pipelines_built();
    assert_eq!(
        gemm_tiles(&view, 200, 256, 5)?,
        tiles,
        "one choice per size class"
    );
    assert_eq!(
        amp::pipelines_built(),
        built,
        "no configuration timed again"
    );
    let aa = Array::new(a.extent(), &a.data)?;
    let ba = Array::new(b.extent(), &b.data)?;
    let ca = Array::new(c0.extent(), &c0.data)?;
    gemm_on(&view, -1.0, &aa, &ba, 0.5, &ca)?;
    check(&ca.to_vec()?, -1.0, &a, &b, 0.5, &c0);
    Ok(())
}

/// A long K: on lavapipe more loop passes than one launch may make with 128×128 blocks (gemm
/// splits K there). Read-write views as inputs: their sections are read back when dropped.
#[test]
fn a_long_k() -> Result<(), Error> {
    let (a, b, c0) = (
        Matrix::random(9, 5000, 70),
        Matrix::random(5000, 7, 71),
        Matrix::random(9, 7, 72),
    );
    let view = Accelerator::default()?.default_view();
    let (mut ad, mut bd, mut c) = (a.data.clone(), b.data.clone(), c0.data.clone());
    let av = ArrayView::new(a.extent(), &mut ad)?;
    let bv = ArrayView::new(b.extent(), &mut bd)?;
    let cv = ArrayView::new(c0.extent(), &mut c)?;
    gemm_with(&view, GemmTiles::T128x128, 1.0, &av, &bv, -2.0, &cv)?;
    cv.synchronize()?;
    drop(cv);
    check(&c, 1.0, &a, &b, -2.0, &c0);
    drop((av, bv));
    assert_eq!((ad, bd), (a.data, b.data), "the inputs are unchanged");
    Ok(())
}

/// A view with immediate queuing runs gemm like the default one.
#[test]
fn an_immediate_view() -> Result<(), Error> {
    let (a, b, c0) = (
        Matrix::random(20, 30, 60),
        Matrix::random(30, 10, 61),
        Matrix::random(20, 10, 62),
    );
    let view = Accelerator::default()?.create_view(QueuingMode::Immediate);
    let av = ConstArrayView::new(a.extent(), &a.data)?;
    let bv = ConstArrayView::new(b.extent(), &b.data)?;
    let mut c = c0.data.clone();
    let cv = ArrayView::new(c0.extent(), &mut c)?;
    gemm_on(&view, 1.0, &av, &bv, 1.0, &cv)?;
    gemm_on(&view, 1.0, &av, &bv, 1.0, &cv)?;
    cv.synchronize()?;
    drop(cv);
    check(&c, 2.0, &a, &b, 1.0, &c0);
    Ok(())
}

#[test]
fn mismatched_shapes_are_errors() -> Result<(), Error> {
    let data = vec![0.0f32; 64];
    let mut out = vec![0.0f32; 64];
    let a = ConstArrayView::new([4, 3], &data[..12])?;
    let b = ConstArrayView::new([4, 5], &data[..20])?;
    let c = ArrayView::new([4, 5], &mut out[..20])?;
    let error = gemm(1.0, &a, &b, 0.0, &c).err();
    assert!(
        matches!(&error, Some(Error::InvalidComputeDomain(m)) if m.to_string().contains("A's columns (3) must equal B's rows (4)")),
        "{error:?}"
    );
    let b = ConstArrayView::new([3, 5], &data[..15])?;
    let c = c.section([0, 0], [4, 4])?;
    let error = gemm(1.0, &a, &b, 0.0, &c).err();
    assert!(
        matches!(&error, Some(Error::InvalidComputeDomain(m)) if m.to_string().contains("C must be 4x5")),
        "{error:?}"
    );
    Ok(())
}
