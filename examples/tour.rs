//! The main demo: runs the seed programs, says which accelerator ran them, and prints each
//! result with how long it took (the first run builds the kernel's pipeline; the second reuses
//! it).

#[path = "add_arrays.rs"]
mod add_arrays;
#[path = "add_with_function.rs"]
mod add_with_function;
#[path = "indexing.rs"]
mod indexing;
#[path = "matrix_multiply.rs"]
mod matrix_multiply;
#[path = "matrix_multiply_tiled.rs"]
mod matrix_multiply_tiled;
#[path = "tile_average.rs"]
mod tile_average;
#[path = "transpose.rs"]
mod transpose;

use amp::{Accelerator, DeviceType};
use std::error::Error;
use std::time::{Duration, Instant};

fn timed<T>(f: impl Fn() -> Result<T, amp::Error>) -> Result<(T, Duration, Duration), amp::Error> {
    let start = Instant::now();
    f()?;
    let first = start.elapsed();
    let start = Instant::now();
    let value = f()?;
    Ok((value, first, start.elapsed()))
}

fn report(name: &str, result: &str, first: Duration, again: Duration) {
    println!("{name:<22} {result}");
    println!(
        "{:<22} first run {first:.2?} (includes building the kernel), again {again:.2?}",
        ""
    );
}

fn main() -> Result<(), Box<dyn Error>> {
    let accelerator = Accelerator::default()?;
    println!("amp tour — accelerator: {accelerator}");
    match accelerator.device_type() {
        DeviceType::Cpu => {
            println!("(no GPU found: running on the CPU through a software Vulkan driver)")
        }
        DeviceType::Emulated => {
            println!("(no GPU driver found: running on the CPU in amp's own accelerator)")
        }
        _ => {}
    }
    println!();

    let (a, b) = ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]);
    let (sum, first, again) = timed(|| add_arrays::add_arrays(&a, &b))?;
    report("add_arrays", &format!("{sum:?}"), first, again);

    let (sum, first, again) = timed(|| add_with_function::add_with_function(&a, &b))?;
    report("add_with_function", &format!("{sum:?}"), first, again);

    let ((elements, [columns, rows, depth]), first, again) = timed(indexing::indexing)?;
    let text = format!("elements {elements:?}; columns {columns}, rows {rows}, depth {depth}");
    report("indexing", &text, first, again);

    let (m, w, n) = (100, 70, 90);
    let ma = matrix_multiply::random_matrix((m * w) as usize, 1);
    let mb = matrix_multiply::random_matrix((w * n) as usize, 2);
    let (c, first, again) = timed(|| matrix_multiply::matmul(&ma, &mb, m, n, w))?;
    let expected = matrix_multiply::matmul_cpu(&ma, &mb, m, n, w);
    let verdict = if c == expected {
        "equals"
    } else {
        "DIFFERS FROM"
    };
    let text = format!("{m}x{w} · {w}x{n}: {verdict} the CPU product");
    report("matrix_multiply", &text, first, again);
    if c != expected {
        return Err("matrix product differs from the CPU".into());
    }

    let sample = [
        2, 2, 9, 7, 1, 4, 4, 4, 8, 8, 3, 4, 1, 5, 1, 2, 5, 2, 6, 8, 3, 2, 7, 2,
    ];
    let (average, first, again) = timed(|| tile_average::tile_average(&sample, 4, 6))?;
    let rows: Vec<String> = average
        .chunks(6)
        .map(|r| r.iter().map(i32::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    report("tile_average", &rows.join(" / "), first, again);

    let (m, w, n) = (256, 128, 192);
    let ma = matrix_multiply_tiled::random_matrix((m * w) as usize, 1);
    let mb = matrix_multiply_tiled::random_matrix((w * n) as usize, 2);
    let expected = matrix_multiply_tiled::matmul_cpu(&ma, &mb, m, n, w);
    let (c, first, again) = timed(|| matrix_multiply_tiled::matmul_tile_static(&ma, &mb, m, n, w))?;
    let verdict = if c == expected {
        "equals"
    } else {
        "DIFFERS FROM"
    };
    let text = format!("{m}x{w} · {w}x{n}, 16x16 tiles in tile_static: {verdict} the CPU product");
    report("matrix_multiply_tiled", &text, first, again);
    let mut results_match = c == expected;

    let (rows, cols) = (999, 666);
    let a: Vec<f32> = (0..rows * cols).map(|i| i as f32).collect();
    let expected = transpose::transpose_cpu(&a, rows as usize, cols as usize);
    let (t, first, again) =
        timed(|| transpose::run(transpose::transpose_tiled_sections, &a, rows, cols))?;
    let verdict = if t == expected {
        "equals"
    } else {
        "DIFFERS FROM"
    };
    let text =
        format!("{rows}x{cols} over sections (truncated to 992x656 + bands): {verdict} the CPU");
    report("transpose", &text, first, again);
    results_match &= t == expected;
    if !results_match {
        return Err("a tiled result differs from the CPU".into());
    }
    Ok(())
}
