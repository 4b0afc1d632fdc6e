//! Host ↔ accelerator copy rates: an `Array` of `f32` copied in and out (4 MiB; 64 MiB with
//! `--large`), and the same bytes as `Float4`s, as a struct and as `bool`s (which need
//! converting).
use amp::prelude::*;
use std::time::Instant;

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Pair {
    key: u32,
    value: f32,
}

fn rate<T: Element>(name: &str, data: &[T], print: bool) -> Result<(), amp::Error> {
    let bytes = std::mem::size_of_val(data) as f64;
    let start = Instant::now();
    let array = Array::new(data.len() as i32, data)?;
    // A no-op kernel makes the data current on the accelerator.
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let _x = array[0];
    })?;
    Accelerator::default()?.wait()?;
    let upload = start.elapsed();
    let start = Instant::now();
    let back = array.to_vec()?;
    let download = start.elapsed();
    assert_eq!(back.len(), data.len());
    if !print {
        return Ok(());
    }
    println!(
        "{name:>8}: in {:.2} GB/s, out {:.2} GB/s",
        bytes / upload.as_secs_f64() / 1e9,
        bytes / download.as_secs_f64() / 1e9
    );
    Ok(())
}

fn main() -> Result<(), amp::Error> {
    let large = std::env::args().any(|a| a == "--large");
    let n = if large { 16 << 20 } else { 1 << 20 };
    // The first round builds the kernels; the second is timed.
    for print in [false, true] {
        rate("f32", &vec![1.5f32; n], print)?;
        rate("Float4", &vec![float4(1.0, 2.0, 3.0, 4.0); n / 4], print)?;
        rate("Pair", &vec![Pair { key: 1, value: 2.0 }; n / 2], print)?;
        rate("bool", &vec![true; n], print)?;
    }
    Ok(())
}
