//! Seed 003, Figure 1: matrix multiplication in the simple (untiled) model, checked against a
//! product on the CPU. Sizes are deliberately not multiples of 16.

use amp::prelude::*;

/// `c = a × b` for an `m×w` matrix `a` and a `w×n` matrix `b`, row-major.
pub fn matmul(a: &[i32], b: &[i32], m: i32, n: i32, w: i32) -> Result<Vec<i32>, amp::Error> {
    let mut c = vec![0; (m * n) as usize];
    let av = ConstArrayView::new([m, w], a)?;
    let bv = ConstArrayView::new([w, n], b)?;
    let cv = ArrayView::new([m, n], &mut c)?;
    cv.discard_data();

    parallel_for_each!(cv.extent(), |idx: Index<2>| {
        let row = idx[0];
        let col = idx[1];
        let mut sum = 0;
        for i in 0..bv.extent()[0] {
            sum += av[(row, i)] * bv[(i, col)];
        }
        cv[idx] = sum;
    })?;

    cv.synchronize()?;
    drop(cv);
    Ok(c)
}

/// The same product on the CPU.
pub fn matmul_cpu(a: &[i32], b: &[i32], m: i32, n: i32, w: i32) -> Vec<i32> {
    let (m, n, w) = (m as usize, n as usize, w as usize);
    let mut c = vec![0i32; m * n];
    for row in 0..m {
        for col in 0..n {
            c[row * n + col] = (0..w).fold(0i32, |s, i| {
                s.wrapping_add(a[row * w + i].wrapping_mul(b[i * n + col]))
            });
        }
    }
    c
}

/// Small pseudo-random integers in `-50..50` (a fixed xorshift sequence).
pub fn random_matrix(len: usize, seed: u32) -> Vec<i32> {
    let mut x = seed.max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 100) as i32 - 50
        })
        .collect()
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (m, w, n) = (100, 70, 90);
    let a = random_matrix((m * w) as usize, 1);
    let b = random_matrix((w * n) as usize, 2);
    let c = matmul(&a, &b, m, n, w)?;
    let expected = matmul_cpu(&a, &b, m, n, w);
    let mismatches = c.iter().zip(&expected).filter(|(x, y)| x != y).count();
    println!("{m}x{w} times {w}x{n}: {mismatches} mismatches against the CPU product");
    println!(
        "c[0][0] = {}, c[{}][{}] = {}",
        c[0],
        m - 1,
        n - 1,
        c[(m * n - 1) as usize]
    );
    if mismatches == 0 {
        Ok(())
    } else {
        Err(format!("{mismatches} mismatches").into())
    }
}
