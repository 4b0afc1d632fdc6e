//! A matrix multiply split by row blocks over every GPU of the machine (C++ AMP programs used
//! several accelerators at once the same way), or over two views of the one accelerator when
//! there is no GPU (as in CI). Each share gets its own views of its rows of A and C and of all
//! of B, so the accelerators work independently; the result is checked against the CPU.

use amp::prelude::*;
use std::time::{Duration, Instant};

/// One share of the work: where it ran, its rows and its times.
pub struct Share {
    /// The accelerator's description.
    pub accelerator: String,
    /// Its first row and number of rows.
    pub rows: (usize, usize),
    /// Its kernel: from the start of all launches until its view's `wait` returned.
    pub compute: Duration,
}

/// The product, each share, and the times to copy the operands in, to compute, and to copy
/// the result out.
pub type Split = (Vec<f32>, Vec<Share>, [Duration; 3]);

/// The operands of one share, on its accelerator.
struct Operands {
    view: AcceleratorView,
    first: usize,
    a: Array<f32, 2>,
    b: Array<f32, 2>,
    c: Array<f32, 2>,
}

/// `c = a · b` (`m × k` times `k × n`, row-major) split by row blocks over `views`: returns the
/// product, each share, and the times to copy the operands in, to compute, and to copy the
/// result out.
pub fn matmul_split(
    views: &[AcceleratorView],
    a: &[f32],
    b: &[f32],
    m: usize,
    k: usize,
    n: usize,
) -> Result<Split, amp::Error> {
    let per = m.div_ceil(views.len().max(1)).max(1);
    let (kk, nn) = (k as i32, n as i32);
    // 1. Each share's rows of A, all of B and its rows of C, on its accelerator.
    let start = Instant::now();
    let mut shares = Vec::new();
    for (s, view) in views.iter().enumerate() {
        let first = s * per;
        let rows = per.min(m.saturating_sub(first));
        if rows == 0 {
            break;
        }
        let rows_i = rows as i32;
        shares.push(Operands {
            view: view.clone(),
            first,
            a: Array::new_on(view, [rows_i, kk], &a[first * k..(first + rows) * k])?,
            b: Array::new_on(view, [kk, nn], b)?,
            c: Array::from_extent_on(view, [rows_i, nn])?,
        });
    }
    let upload = start.elapsed();
    // 2. Every share's kernel, all launched before any is waited for: the accelerators run
    // at the same time.
    let start = Instant::now();
    for s in &shares {
        let (av, bv, cv) = (&s.a, &s.b, &s.c);
        parallel_for_each!(s.view, cv.extent(), |idx: Index<2>| {
            let mut sum = 0.0f32;
            for i in 0..kk {
                sum += av[(idx[0], i)] * bv[(i, idx[1])];
            }
            cv[idx] = sum;
        })?;
        s.view.flush()?;
    }
    let mut done = Vec::new();
    for s in &shares {
        s.view.wait()?;
        done.push(Share {
            accelerator: s.view.accelerator().to_string(),
            rows: (s.first, s.c.extent()[0] as usize),
            compute: start.elapsed(),
        });
    }
    let compute = start.elapsed();
    // 3. The rows of C back to the host.
    let start = Instant::now();
    let mut c = vec![0.0f32; m * n];
    for (s, rows) in shares.iter().zip(c.chunks_mut(per * n)) {
        amp::copy(&s.c, rows)?;
    }
    let download = start.elapsed();
    Ok((c, done, [upload, compute, download]))
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
    // `--large` for 4096³; `--shares N` to use only the first N views (to compare scaling).
    let args: Vec<String> = std::env::args().collect();
    let (m, k, n) = if args.iter().any(|a| a == "--large") {
        (4096, 4096, 4096)
    } else {
        (512, 256, 384)
    };
    let shares_wanted = args
        .iter()
        .position(|a| a == "--shares")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse::<usize>().ok());
    let a: Vec<f32> = (0..m * k).map(|i| (i % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..k * n).map(|i| (i % 7) as f32 - 3.0).collect();
    let mut views = views()?;
    if let Some(wanted) = shares_wanted {
        views.truncate(wanted.max(1));
    }
    // The first run builds the kernel on every accelerator; the second is timed.
    matmul_split(&views, &a, &b, m, k, n)?;
    let (c, shares, [upload, compute, download]) = matmul_split(&views, &a, &b, m, k, n)?;
    for share in &shares {
        println!(
            "{}: rows {}..{}, kernel done after {:.1} ms",
            share.accelerator,
            share.rows.0,
            share.rows.0 + share.rows.1,
            share.compute.as_secs_f64() * 1e3
        );
    }
    let flops = 2.0 * (m * k * n) as f64;
    println!(
        "{m}x{k}x{n} over {} share(s): compute {:.1} ms ({:.1} GFLOP/s); operands in {:.1} ms, \
         result out {:.1} ms",
        shares.len(),
        compute.as_secs_f64() * 1e3,
        flops / compute.as_secs_f64() / 1e9,
        upload.as_secs_f64() * 1e3,
        download.as_secs_f64() * 1e3
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
