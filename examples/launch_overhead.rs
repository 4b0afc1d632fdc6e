//! Measures amp's fixed cost per launch: a tiny kernel launched many times.
use amp::prelude::*;
use std::time::Instant;

fn main() -> Result<(), amp::Error> {
    let acc = Accelerator::default()?;
    let mut data = vec![1.0f32; 256];
    let view = ArrayView::new(256, &mut data)?;
    let launch = || {
        parallel_for_each!(view.extent(), |i: Index<1>| {
            view[i] = view[i] + 1.0;
        })
    };
    launch()?;
    acc.wait()?;
    let n = 2000;
    let start = Instant::now();
    for _ in 0..n {
        launch()?;
    }
    let submitted = start.elapsed();
    acc.wait()?;
    let total = start.elapsed();
    println!(
        "{n} launches of a 256-thread kernel on {acc}: {:.1} µs each to submit, {:.1} µs each with the wait",
        submitted.as_secs_f64() * 1e6 / n as f64,
        total.as_secs_f64() * 1e6 / n as f64
    );
    assert_eq!(view.get(0)?, 1.0 + 1.0 + n as f32);
    Ok(())
}
