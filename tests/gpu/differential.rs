//! Differential test of amp's two CPU devices: every example program run once on lavapipe and
//! once on amp's own CPU accelerator (`AMP_DEFAULT_ACCELERATOR=llvmpipe` / `=emulator`, each in a
//! process of its own), their outputs compared line by line. Lines that report time or rates, or
//! name the accelerator, differ by nature and are left out; numbers in the other lines must agree
//! to 1e-4 relative (the two devices' float math may differ in the last bits). Without lavapipe
//! there is nothing to compare with, and the test says so and passes.

use std::process::Command;

/// The example programs whose output is a result. Left out: `launch_overhead`, `cold_start`,
/// `transfer_rate`, `stream` (nothing but timings), `multi_accelerator` (splits work over every
/// accelerator of the machine, so both runs use both devices), `subgroup_sum` (prints the
/// subgroup size, 8 lanes on lavapipe and 32 on amp's), `reduction` (prints only timings), and
/// `nbody` and `particles`, which print how far each device's simulation ends from the CPU's:
/// a difference in the last bits of one step grows over many steps, so that figure differs
/// between devices by nature (`tests/gpu/examples.rs` checks each against the CPU).
const EXAMPLES: &[&str] = &[
    "add_arrays",
    "add_with_function",
    "array",
    "char_histogram",
    "containers",
    "generic_kernels",
    "indexing",
    "math_log10",
    "matrix_multiply",
    "matrix_multiply_tiled",
    "moving_average",
    "print_from_kernel",
    "reverse_tiles",
    "tile_average",
    "tile_sum",
    "transpose",
];

/// Runs `example` on the accelerator `device` names; its stdout, or why it failed.
fn run(example: &str, device: &str) -> Result<String, String> {
    let out = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", example])
        .env("AMP_DEFAULT_ACCELERATOR", device)
        .output()
        .map_err(|e| format!("cargo run: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.success() {
        Ok(stdout)
    } else {
        Err(format!(
            "{example} on {device} failed:\n{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Whether a line reports time, a rate or the accelerator, which differ between devices.
fn varies(line: &str) -> bool {
    const WORDS: &[&str] = &[
        "ms", "µs", "us", "ns", "s", "GB/s", "MB/s", "GFLOP/s", "Gkeys/s", "took", "time",
    ];
    let lower = line.to_lowercase();
    lower.contains("llvmpipe")
        || lower.contains("emulator")
        || lower.contains("accelerator")
        || line
            .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',')
            .any(|w| WORDS.contains(&w))
}

/// Whether two lines agree: the same words, numbers within 1e-4 relative.
fn agree(a: &str, b: &str) -> bool {
    let split = |s: &str| -> Vec<String> {
        s.split(|c: char| c.is_whitespace() || ",;:[]()".contains(c))
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let (wa, wb) = (split(a), split(b));
    wa.len() == wb.len()
        && wa.iter().zip(&wb).all(|(x, y)| {
            x == y
                || match (x.parse::<f64>(), y.parse::<f64>()) {
                    (Ok(p), Ok(q)) => (p - q).abs() <= 1e-4 * p.abs().max(q.abs()).max(1e-30),
                    _ => false,
                }
        })
}

#[test]
fn every_example_gives_the_same_results_on_lavapipe_and_on_amps_cpu_accelerator() {
    let has_lavapipe = amp::Accelerator::all()
        .expect("accelerators")
        .iter()
        .any(|a| a.description().starts_with("llvmpipe"));
    if !has_lavapipe {
        eprintln!("no lavapipe on this machine: nothing to compare amp's CPU accelerator with");
        return;
    }
    let mut differences = Vec::new();
    for example in EXAMPLES {
        let (lavapipe, emulator) = match (run(example, "llvmpipe"), run(example, "emulator")) {
            (Ok(l), Ok(e)) => (l, e),
            (l, e) => {
                differences.extend(l.err());
                differences.extend(e.err());
                continue;
            }
        };
        let keep = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| !varies(l))
                .map(str::to_owned)
                .collect()
        };
        let (l, e) = (keep(&lavapipe), keep(&emulator));
        if l.is_empty() {
            differences.push(format!("{example}: no result lines to compare"));
        }
        if l.len() != e.len() || l.iter().zip(&e).any(|(a, b)| !agree(a, b)) {
            differences.push(format!(
                "{example}:\n--- lavapipe\n{}\n--- amp's CPU accelerator\n{}",
                l.join("\n"),
                e.join("\n")
            ));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n\n"));
}

#[test]
fn the_comparison_ignores_timings_and_tolerates_the_last_bits() {
    assert!(varies("tile_sum took 3.2 ms"));
    assert!(varies("kernels run on llvmpipe (LLVM 15)"));
    assert!(!varies("sum = 45"));
    assert!(agree(
        "x = 1.0000001, y = [2, 3]",
        "x = 1.0000002, y = [2, 3]"
    ));
    assert!(!agree("x = 1.5", "x = 1.6"));
    assert!(!agree("x = 1", "x = 1 2"));
}
