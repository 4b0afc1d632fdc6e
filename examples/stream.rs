//! Streaming: `y = a·x + b` over far more data than the accelerator holds at once, in chunks,
//! double-buffered. While the kernel works on chunk k, chunk k+1 is uploaded (`copy_async`
//! into the other input array) and chunk k−1 comes back (`copy_async` into the output slice):
//! two input and two output arrays of one chunk each are all that live on the accelerator.
//!
//! It checks every element against the CPU and prints the total bytes (each element goes up
//! and comes back: 8 bytes), the time and GB/s streamed, and beside them the link alone (the
//! same bytes up and down, no kernel) and the kernel alone (the same chunks on data already on
//! the accelerator, 8 bytes read and written per element). Streaming overlaps the two when it
//! is at least 0.8× the slower of them. The figure lines (`figure<TAB>workload<TAB>impl<TAB>
//! value<TAB>unit`) are for `scripts/gpu-bench.sh`.
//!
//! `cargo run --release --example stream -- --mib 4096` (default 16 MiB of input; the chunk is
//! an eighth of it, at most `--chunk-mib`, 64 by default).

use amp::prelude::*;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

#[allow(dead_code)]
#[path = "../benches/support/figure.rs"]
mod figure;

/// The kernel's constants: `y = A·x + B`.
pub const A: f32 = 2.5;
/// See [`A`].
pub const B: f32 = 1.0;

/// The input: multiples of 1/4 below 1024 in magnitude, so that `A·x + B` is exact in f32
/// whether or not the accelerator fuses the multiply and the add.
pub fn input(len: usize) -> Vec<f32> {
    (0..len)
        .map(|i| ((i.wrapping_mul(7919) % 8192) as f32) * 0.25 - 1024.0)
        .collect()
}

/// What one element becomes, on the CPU.
pub fn expected(x: f32) -> f32 {
    x * A + B
}

/// The accelerator's arrays: two inputs and two outputs of one chunk each.
struct Buffers {
    ins: [Array<f32, 1>; 2],
    outs: [Array<f32, 1>; 2],
}

impl Buffers {
    fn new(chunk: usize) -> Result<Self, amp::Error> {
        let array = || Array::filled(chunk as i32, 0.0f32);
        Ok(Buffers {
            ins: [array()?, array()?],
            outs: [array()?, array()?],
        })
    }
}

/// `y = A·x + B` on the accelerator, for arrays of one chunk.
fn axpb(x: &Array<f32, 1>, y: &Array<f32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(y.extent(), |i: Index<1>| {
        y[i] = x[i] * A + B;
    })
}

/// Streams `input` through the accelerator into `output` (as long), `chunk` elements at a time
/// (`input.len()` a multiple of it). With `kernel` off, the chunks go up and come straight back
/// (the link alone). Keeps at most two downloads and two uploads unfinished.
fn pipeline(
    bufs: &Buffers,
    input: &[f32],
    output: &mut [f32],
    chunk: usize,
    kernel: bool,
) -> Result<(), amp::Error> {
    let chunks: Vec<&[f32]> = input.chunks(chunk).collect();
    let mut targets = output.chunks_mut(chunk);
    let (mut ups, mut downs) = (VecDeque::new(), VecDeque::new());
    ups.push_back(copy_async(chunks[0], &bufs.ins[0]));
    for k in 0..chunks.len() {
        let (x, y) = (&bufs.ins[k % 2], &bufs.outs[k % 2]);
        if kernel {
            axpb(x, y)?;
        }
        if let Some(next) = chunks.get(k + 1) {
            // Runs while the kernel works on chunk k.
            ups.push_back(copy_async(*next, &bufs.ins[(k + 1) % 2]));
        }
        let back = if kernel { y } else { x };
        if let Some(target) = targets.next() {
            // Staged after the kernel of chunk k; lands while the next chunks run.
            downs.push_back(copy_async(back, target));
        }
        while downs.len() > 2 {
            downs.pop_front().map_or(Ok(()), |d| d.wait())?;
        }
        while ups.len() > 2 {
            ups.pop_front().map_or(Ok(()), |u| u.wait())?;
        }
    }
    for done in ups.into_iter().chain(downs) {
        done.wait()?;
    }
    Ok(())
}

/// The kernel alone: the same number of chunks, on data already on the accelerator.
fn kernel_only(bufs: &Buffers, chunks: usize) -> Result<Duration, amp::Error> {
    let acc = Accelerator::default()?;
    acc.wait()?;
    let start = Instant::now();
    for k in 0..chunks {
        axpb(&bufs.ins[k % 2], &bufs.outs[k % 2])?;
    }
    acc.wait()?;
    Ok(start.elapsed())
}

/// One run's figures.
#[derive(Debug)]
pub struct Report {
    /// Elements streamed.
    pub elements: usize,
    /// Elements per chunk.
    pub chunk: usize,
    /// Bytes moved: each element up and back (also what the kernel reads and writes).
    pub bytes: u64,
    /// Streaming with the kernel.
    pub streamed: Duration,
    /// The same transfers without the kernel.
    pub link: Duration,
    /// The kernel on resident data.
    pub kernel: Duration,
    /// The elements that differ from the CPU's `A·x + B`.
    pub wrong: usize,
}

impl Report {
    /// GB/s of `bytes` in `time`.
    pub fn rate(&self, time: Duration) -> f64 {
        self.bytes as f64 / time.as_secs_f64() / 1e9
    }

    /// Streaming's rate over the slower of the link alone and the kernel alone.
    pub fn overlap(&self) -> f64 {
        let slower = self.link.max(self.kernel);
        slower.as_secs_f64() / self.streamed.as_secs_f64()
    }
}

/// Streams `elements` (a multiple of `chunk`) through the accelerator, after a warm-up of two
/// chunks, and measures the link and the kernel alone on the same chunks.
pub fn run(elements: usize, chunk: usize) -> Result<Report, amp::Error> {
    let data = input(elements);
    let mut output = vec![f32::NAN; elements];
    let bufs = Buffers::new(chunk)?;
    // Builds the kernel and sizes the staging memory for this chunk.
    let warm = chunk * (elements / chunk).min(2);
    pipeline(&bufs, &data[..warm], &mut output[..warm], chunk, true)?;
    pipeline(&bufs, &data[..warm], &mut output[..warm], chunk, false)?;

    let start = Instant::now();
    pipeline(&bufs, &data, &mut output, chunk, false)?;
    let link = start.elapsed();
    let kernel = kernel_only(&bufs, elements / chunk)?;
    output.fill(f32::NAN);
    let start = Instant::now();
    pipeline(&bufs, &data, &mut output, chunk, true)?;
    let streamed = start.elapsed();

    let wrong = data
        .iter()
        .zip(&output)
        .filter(|&(&x, &y)| y != expected(x))
        .count();
    Ok(Report {
        elements,
        chunk,
        bytes: elements as u64 * 8,
        streamed,
        link,
        kernel,
        wrong,
    })
}

/// The value after `flag` on the command line, in MiB, or `default`.
fn mib(flag: &str, default: usize) -> Result<usize, String> {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|a| a == flag) {
        None => Ok(default),
        Some(k) => args
            .get(k + 1)
            .and_then(|v| v.parse().ok())
            .filter(|&v: &usize| v > 0)
            .ok_or_else(|| format!("{flag} takes a positive number of MiB")),
    }
}

/// The MiB that `floats` f32s take.
fn in_mib(floats: usize) -> f64 {
    (floats * 4) as f64 / f64::from(1 << 20)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let total = mib("--mib", 16)?;
    let max_chunk = mib("--chunk-mib", 64)?;
    let floats = |mib: usize| (mib << 20) / 4;
    let chunk = (floats(total) / 8).clamp(1, floats(max_chunk));
    let elements = floats(total) / chunk * chunk;
    let acc = Accelerator::default()?;
    let r = run(elements, chunk)?;
    println!(
        "stream: y = {A}x + {B} over {} MiB of f32 in {} chunks of {} MiB on {acc}",
        in_mib(r.elements),
        r.elements / r.chunk,
        in_mib(r.chunk)
    );
    println!("  total bytes:  {} (each element up and back)", r.bytes);
    println!(
        "  streamed:     {:.3} s, {:.2} GB/s",
        r.streamed.as_secs_f64(),
        r.rate(r.streamed)
    );
    println!(
        "  link alone:   {:.3} s, {:.2} GB/s (the same bytes up and down, no kernel)",
        r.link.as_secs_f64(),
        r.rate(r.link)
    );
    println!(
        "  kernel alone: {:.3} s, {:.2} GB/s (the same chunks on resident data)",
        r.kernel.as_secs_f64(),
        r.rate(r.kernel)
    );
    println!(
        "  streamed / the slower of the two: {:.2}x (target: at least 0.8)",
        r.overlap()
    );
    println!("  checked against the CPU: {} wrong elements", r.wrong);
    let workload = "stream y = a*x + b";
    figure::figure(workload, figure::AMP, r.rate(r.streamed), "GB/s");
    figure::figure(workload, "amp, link alone", r.rate(r.link), "GB/s");
    figure::figure(workload, "amp, kernel alone", r.rate(r.kernel), "GB/s");
    if r.wrong > 0 {
        return Err(format!("{} elements differ from the CPU's", r.wrong).into());
    }
    Ok(())
}
