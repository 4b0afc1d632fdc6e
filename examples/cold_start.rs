//! The first launch of a kernel in a new process: amp builds its IR, wgpu turns it into a
//! shader and the driver compiles it. With the pipeline cache on disk (`AMP_CACHE_DIR`, default
//! `~/.cache/amp`; `AMP_CACHE_DIR=off` turns it off), a later process skips the driver's
//! compile. Run it twice to see both; it prints the first and the second launch's times.
use amp::prelude::*;
use std::time::Instant;

/// A 64×64-tiled, 4×4 register-blocked matrix multiply: a kernel with enough code that its
/// compile shows.
fn matmul(a: &[f32], b: &[f32], c: &mut [f32], n: i32) -> Result<(), amp::Error> {
    let av = ConstArrayView::new([n, n], a)?;
    let bv = ConstArrayView::new([n, n], b)?;
    let cv = ArrayView::new([n, n], c)?;
    cv.discard_data();
    parallel_for_each!(
        Extent::new([n / 4, n / 4]).tile::<16, 16>(),
        |t: TiledIndex<2>| {
            #[tile_static]
            let mut sa: [[f32; 16]; 64];
            #[tile_static]
            let mut sb: [[f32; 64]; 16];
            let mut acc = [[0.0f32; 4]; 4];
            let ty = t.local[0];
            let tx = t.local[1];
            let row = t.tile[0] * 64 + ty * 4;
            let col = t.tile[1] * 64 + tx * 4;
            let mut k0 = 0;
            while k0 < n {
                for r in 0..4 {
                    sa[ty * 4 + r][tx] = av[(t.tile[0] * 64 + ty * 4 + r, k0 + tx)];
                    sb[ty][tx * 4 + r] = bv[(k0 + ty, t.tile[1] * 64 + tx * 4 + r)];
                }
                t.barrier.wait();
                for k in 0..16 {
                    for i in 0..4 {
                        let x = sa[ty * 4 + i][k];
                        for j in 0..4 {
                            acc[i][j] += x * sb[k][tx * 4 + j];
                        }
                    }
                }
                t.barrier.wait();
                k0 += 16;
            }
            for i in 0..4 {
                for j in 0..4 {
                    cv[(row + i, col + j)] = acc[i][j];
                }
            }
        }
    )?;
    cv.synchronize()
}

fn main() -> Result<(), amp::Error> {
    let n = 128;
    let a: Vec<f32> = (0..n * n).map(|i| (i % 7) as f32).collect();
    let b: Vec<f32> = (0..n * n).map(|i| (i % 5) as f32).collect();
    let mut c = vec![0.0f32; n * n];
    let acc = Accelerator::default()?;
    acc.wait()?;
    let start = Instant::now();
    matmul(&a, &b, &mut c, n as i32)?;
    let first = start.elapsed();
    let start = Instant::now();
    matmul(&a, &b, &mut c, n as i32)?;
    let second = start.elapsed();
    let want: f32 = (0..n).map(|k| a[k] * b[k * n]).sum();
    assert_eq!(c[0], want);
    println!(
        "first launch {:.1} ms, second {:.1} ms ({acc}; AMP_CACHE_DIR={})",
        first.as_secs_f64() * 1e3,
        second.as_secs_f64() * 1e3,
        std::env::var("AMP_CACHE_DIR").unwrap_or_else(|_| "default".into())
    );
    Ok(())
}
