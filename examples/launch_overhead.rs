//! Measures amp's fixed cost per launch: a tiny kernel launched many times, on a view that
//! submits each launch at once (`QueuingMode::Immediate`) and on the default view, which records
//! launches and submits them in batches (`QueuingMode::Automatic`).
use amp::prelude::*;
use std::time::Instant;

/// Per-launch time (µs) of `n` launches on `view`: to return from the launches, and until the
/// work is done.
fn per_launch(view: &AcceleratorView, n: u32) -> Result<(f64, f64), amp::Error> {
    let mut data = vec![1.0f32; 256];
    let v = ArrayView::new(256, &mut data)?;
    let launch = || {
        parallel_for_each!(view, v.extent(), |i: Index<1>| {
            v[i] = v[i] + 1.0;
        })
    };
    launch()?;
    view.wait()?;
    let start = Instant::now();
    for _ in 0..n {
        launch()?;
    }
    let submitted = start.elapsed();
    view.wait()?;
    let total = start.elapsed();
    assert_eq!(v.get(0)?, 1.0 + 1.0 + n as f32);
    let us = |d: std::time::Duration| d.as_secs_f64() * 1e6 / f64::from(n);
    Ok((us(submitted), us(total)))
}

fn main() -> Result<(), amp::Error> {
    let acc = Accelerator::default()?;
    let n = 5000;
    let immediate = per_launch(&acc.create_view(QueuingMode::Immediate), n)?;
    let automatic = per_launch(&acc.default_view(), n)?;
    println!("{n} launches of a 256-thread kernel on {acc}:");
    for (name, (submit, total)) in [("immediate", immediate), ("automatic (batched)", automatic)] {
        println!("  {name}: {submit:.1} µs each to return, {total:.1} µs each until done");
    }
    println!(
        "  batched / immediate: {:.2}x the time per launch",
        automatic.1 / immediate.1
    );
    Ok(())
}
