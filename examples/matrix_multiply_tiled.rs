//! Seed 003, Figures 4 and 5: matrix multiplication explicitly tiled (16×16 tiles), first without
//! and then with tile_static memory and barriers. Both equal the simple model.

use amp::prelude::*;

/// Tile size.
pub const TS: i32 = 16;

/// Figure 4: the simple algorithm over a tiled extent (no tile_static memory).
pub fn matmul_tiled(a: &[i32], b: &[i32], m: i32, n: i32, w: i32) -> Result<Vec<i32>, amp::Error> {
    let mut c = vec![0; (m * n) as usize];
    let av = ConstArrayView::new([m, w], a)?;
    let bv = ConstArrayView::new([w, n], b)?;
    let cv = ArrayView::new([m, n], &mut c)?;
    cv.discard_data();
    parallel_for_each!(cv.extent().tile::<16, 16>(), |t_idx: TiledIndex<2>| {
        let row = t_idx.global[0];
        let col = t_idx.global[1];
        let mut sum = 0;
        for i in 0..bv.extent()[0] {
            sum += av[(row, i)] * bv[(i, col)];
        }
        cv[t_idx.global] = sum;
    })?;
    cv.synchronize()?;
    drop(cv);
    Ok(c)
}

/// Figure 5: each tile stages 16×16 blocks of `a` and `b` in tile_static memory and every thread
/// reuses them 16 times.
pub fn matmul_tile_static(
    a: &[i32],
    b: &[i32],
    m: i32,
    n: i32,
    w: i32,
) -> Result<Vec<i32>, amp::Error> {
    let mut c = vec![0; (m * n) as usize];
    let av = ConstArrayView::new([m, w], a)?;
    let bv = ConstArrayView::new([w, n], b)?;
    let cv = ArrayView::new([m, n], &mut c)?;
    cv.discard_data();
    parallel_for_each!(cv.extent().tile::<16, 16>(), |t_idx: TiledIndex<2>| {
        let row = t_idx.local[0];
        let col = t_idx.local[1];
        #[tile_static]
        let mut loc_a: [[i32; 16]; 16];
        #[tile_static]
        let mut loc_b: [[i32; 16]; 16];
        let mut sum = 0;
        for i in (0..av.extent()[1]).step_by(16) {
            loc_a[row][col] = av[(t_idx.global[0], col + i)];
            loc_b[row][col] = bv[(row + i, t_idx.global[1])];
            t_idx.barrier.wait();
            for k in 0..TS {
                sum += loc_a[row][k] * loc_b[k][col];
            }
            t_idx.barrier.wait();
        }
        cv[t_idx.global] = sum;
    })?;
    cv.synchronize()?;
    drop(cv);
    Ok(c)
}

/// The product on the CPU.
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

/// Pseudo-random integers in `-50..50`.
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
    let (m, w, n) = (128, 96, 64);
    let a = random_matrix((m * w) as usize, 5);
    let b = random_matrix((w * n) as usize, 6);
    let expected = matmul_cpu(&a, &b, m, n, w);
    let tiled = matmul_tiled(&a, &b, m, n, w)?;
    let shared = matmul_tile_static(&a, &b, m, n, w)?;
    println!("{m}x{w} times {w}x{n} in 16x16 tiles");
    println!(
        "  figure 4 (tiled):             {}",
        verdict(&tiled, &expected)
    );
    println!(
        "  figure 5 (tile_static):       {}",
        verdict(&shared, &expected)
    );
    if tiled != expected || shared != expected {
        return Err("tiled products differ from the CPU".into());
    }
    Ok(())
}

fn verdict(c: &[i32], expected: &[i32]) -> &'static str {
    if c == expected {
        "equals the CPU product"
    } else {
        "DIFFERS from the CPU product"
    }
}
