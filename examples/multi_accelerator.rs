//! A matrix multiply split by row blocks over every GPU of the machine (C++ AMP programs used
//! several accelerators at once the same way), or over two views of the one accelerator when
//! there is no GPU (as in CI). Each share gets its own views of its rows of A and C and of all
//! of B, so the accelerators work independently; the result is checked against the CPU.

use amp::prelude::*;
use std::time::{Duration, Instant};

/// The simple matrix multiply of C++ AMP's samples, on `view`: `c = a · b`, `a` of `rows × k`,
/// `b` of `k × n`.
fn matmul_on(
    view: &AcceleratorView,
    a: &[f32],
    b: &[f32],
    k: i32,
    n: i32,
) -> Result<ArrayView<'static, f32, 2>, amp::Error> {
    let rows = (a.len() / k as usize) as i32;
    // The operands are copied to the view's accelerator as they are made.
    let av = Array::new_on(view, [rows, k], a)?;
    let bv = Array::new_on(view, [k, n], b)?;
    let cv = ArrayView::<f32, 2>::from_extent([rows, n])?;
    parallel_for_each!(view, cv.extent(), |idx: Index<2>| {
        let mut sum = 0.0f32;
        for i in 0..k {
            sum += av[(idx[0], i)] * bv[(i, idx[1])];
        }
        cv[idx] = sum;
    })?;
    view.flush()?;
    Ok(cv)
}

/// One share of the work: where it ran, its rows and how long it took.
pub struct Share {
    /// The accelerator's description.
    pub accelerator: String,
    /// Its first row and number of rows.
    pub rows: (usize, usize),
    /// From the start until its rows were back on the host.
    pub time: Duration,
}

/// `c = a · b` (`m × k` times `k × n`, row-major) split by row blocks over `views`.
pub fn matmul_split(
    views: &[AcceleratorView],
    a: &[f32],
    b: &[f32],
    m: usize,
    k: usize,
    n: usize,
) -> Result<(Vec<f32>, Vec<Share>), amp::Error> {
    let mut c = vec![0.0f32; m * n];
    let per = m.div_ceil(views.len().max(1)).max(1);
    let start = Instant::now();
    // Start every share first, so that the accelerators run at the same time.
    let mut running = Vec::new();
    for (s, (view, c_rows)) in views.iter().zip(c.chunks_mut(per * n)).enumerate() {
        let first = s * per;
        let rows = c_rows.len() / n;
        let a_rows = &a[first * k..(first + rows) * k];
        let result = matmul_on(view, a_rows, b, k as i32, n as i32)?;
        running.push((view, first, rows, c_rows, result));
    }
    let mut shares = Vec::new();
    for (view, first, rows, c_rows, result) in running {
        amp::copy(&result, c_rows)?;
        shares.push(Share {
            accelerator: view.accelerator().to_string(),
            rows: (first, rows),
            time: start.elapsed(),
        });
    }
    Ok((c, shares))
}

/// Every GPU's default view, or two views of the default accelerator when there is no GPU.
pub fn views() -> Result<Vec<AcceleratorView>, amp::Error> {
    let gpus: Vec<AcceleratorView> = Accelerator::all()?
        .into_iter()
        .filter(|acc| acc.device_type().is_gpu())
        .map(|acc| acc.default_view())
        .collect();
    if !gpus.is_empty() {
        return Ok(gpus);
    }
    let acc = Accelerator::default()?;
    Ok(vec![
        acc.default_view(),
        acc.create_view(QueuingMode::Automatic),
    ])
}

/// The same product on the CPU.
pub fn matmul_cpu(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut c = vec![0.0f32; m * n];
    for r in 0..m {
        for i in 0..k {
            let x = a[r * k + i];
            for col in 0..n {
                c[r * n + col] += x * b[i * n + col];
            }
        }
    }
    c
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let (m, k, n) = match std::env::args().nth(1).as_deref() {
        Some("--large") => (4096, 4096, 4096),
        _ => (512, 256, 384),
    };
    let a: Vec<f32> = (0..m * k).map(|i| (i % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..k * n).map(|i| (i % 7) as f32 - 3.0).collect();
    let views = views()?;
    // The first run builds the kernel on every accelerator; the second is timed.
    matmul_split(&views, &a, &b, m, k, n)?;
    let (c, shares) = matmul_split(&views, &a, &b, m, k, n)?;
    for share in &shares {
        println!(
            "{}: rows {}..{} done after {:.1} ms",
            share.accelerator,
            share.rows.0,
            share.rows.0 + share.rows.1,
            share.time.as_secs_f64() * 1e3
        );
    }
    let total = shares.iter().map(|s| s.time).max().unwrap_or_default();
    let flops = 2.0 * (m * k * n) as f64;
    println!(
        "{m}x{k}x{n} over {} share(s): {:.1} ms, {:.1} GFLOP/s",
        shares.len(),
        total.as_secs_f64() * 1e3,
        flops / total.as_secs_f64() / 1e9
    );
    if m * k * n <= 512 * 256 * 384 {
        assert_eq!(c, matmul_cpu(&a, &b, m, k, n), "differs from the CPU");
        println!("equal to the CPU's product");
    } else {
        // Large: every 97th row against the CPU.
        for r in (0..m).step_by(97) {
            let row = matmul_cpu(&a[r * k..(r + 1) * k], &b, 1, k, n);
            assert_eq!(
                &c[r * n..(r + 1) * n],
                &row[..],
                "row {r} differs from the CPU"
            );
        }
        println!("sampled rows equal to the CPU's product");
    }
    Ok(())
}
