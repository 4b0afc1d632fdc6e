//! A fuzz test of the kernel language: mutants of the kernels in examples/ and tests/gpu/ (a
//! literal's type, an operator, a statement deleted or duplicated, a `break` or a barrier
//! inserted, an array length of 0 or 10⁸, a recursive call …) are compiled in a scratch crate
//! and, when they compile, run once on the accelerator. Every compile error must come from amp
//! or rustc without a macro panic and without naming amp's internals, on the mutant's own
//! tokens; every mutant that compiles must build and validate when launched, or fail with a
//! documented, located error.
//!
//! `AMP_FUZZ_CASES` (default 400) sets the number of mutants, `AMP_FUZZ_SEED` (default 1) the
//! random stream, `AMP_FUZZ_BATCH` (default 400) the mutants per crate build;
//! `AMP_FUZZ_BASELINE=1` runs every seed unmutated instead. The scratch crate and its compiled
//! dependencies live in `target/tmp/fuzz-kernels/`, with the last run's results: `report.txt`
//! (the failures by class, the smallest of each class in full), `failures.txt` (every failure)
//! and `outcomes.txt` (one line per mutant). The design is in `tests/fuzz/mod.rs`.

mod fuzz;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn fuzz_kernels() {
    let work = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-kernels");
    let config = fuzz::Config {
        root: env!("CARGO_MANIFEST_DIR").into(),
        work: work.clone(),
        cases: env_or("AMP_FUZZ_CASES", 400),
        seed: env_or("AMP_FUZZ_SEED", 1),
        batch: env_or("AMP_FUZZ_BATCH", 400),
        baseline: env_or("AMP_FUZZ_BASELINE", 0) != 0,
    };
    let (tally, failures) = fuzz::run(&config);
    let classes = fuzz::report(&config, &tally, &failures);
    assert!(
        failures.is_empty(),
        "{} failed checks (report: {}); by class:\n{classes}",
        failures.len(),
        work.join("report.txt").display()
    );
}
