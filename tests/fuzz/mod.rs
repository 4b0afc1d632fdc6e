//! The kernel fuzzer: mutants of the repository's kernels, compiled in a scratch crate and run
//! on the accelerator, with every diagnostic and every launch outcome checked.
//!
//! - `seeds`: every `parallel_for_each!` and `#[kernel] fn` of `examples/`, `tests/gpu/` and
//!   `tests/ui/pass/`, each with a *driver* that reaches it (a function without parameters:
//!   `main` or a test) and the chain of functions from the driver to it.
//! - `mutate` (with `expr_mutations`, `stmt_mutations`, `tables`): 1 to 4 random mutations of
//!   the kernel's syntax tree, from a seeded xorshift stream.
//! - `print`: the mutant's module, one statement per line, remembering where each
//!   `parallel_for_each` name and `#[kernel]` attribute landed.
//! - `project`: a copy of each seed file is a module of a scratch binary crate, and each mutant
//!   a child module of it (`use super::*;`) holding copies of the driver chain with the mutated
//!   kernel. `cargo build --message-format=json`; each error is placed by its lines in a mutant,
//!   which is then left out, until the crate builds. The program runs each mutant's driver; the
//!   mutant's launch is wrapped to report its outcome (after `Accelerator::wait()`) and end the
//!   case there. A crash or a hang ends the program; it restarts after that case.
//! - `check`: the rules every error and every launch outcome must follow.

mod check;
mod expr_mutations;
mod mutate;
mod print;
mod project;
mod seeds;
mod stmt_mutations;
mod tables;

pub use check::{Failure, Tally};
use mutate::{Context, Rng, Subject};
use print::Printer;
use seeds::{LaunchWalker, Seed, SeedFile, Target};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;
use std::path::PathBuf;
use std::time::Instant;
use syn::visit_mut::VisitMut;

/// How a run is set up (from the environment in the test).
pub struct Config {
    /// The repository (the `amp` crate's directory).
    pub root: PathBuf,
    /// Where the scratch crate and its target directory live.
    pub work: PathBuf,
    /// The number of mutants.
    pub cases: usize,
    pub seed: u64,
    /// Mutants per crate build.
    pub batch: usize,
    /// Run every seed unmutated instead (how many seeds compile and run as they are).
    pub baseline: bool,
}

/// One generated program fragment: a module holding a mutated kernel and its drivers.
pub struct Mutant {
    pub id: usize,
    pub seed: Seed,
    /// The mutations applied, by name.
    pub mutations: Vec<&'static str>,
    /// The module's text.
    pub text: String,
    /// The driver's path from the crate root's module (`fuzz_m17::main`).
    pub driver: String,
    /// Whether the driver returns a `Result` (its error says why a launch was not reached).
    pub driver_returns_result: bool,
    /// 0-based (line, column) of each launch's macro name, relative to the module's first line.
    pub launch_names: Vec<(usize, usize)>,
    /// 0-based lines of `#[kernel]` attributes, relative to the module's first line.
    pub kernel_attrs: Vec<usize>,
    /// Its number of lines.
    pub lines: usize,
}

/// Runs the fuzzer; returns what it found (the caller decides whether failures fail).
pub fn run(config: &Config) -> (Tally, Vec<Failure>) {
    let start = Instant::now();
    let (files, seeds) = seeds::collect(&config.root);
    let mutants = if config.baseline {
        seeds
            .iter()
            .enumerate()
            .filter_map(|(id, s)| build_mutant(id, s, &files, None))
            .collect()
    } else {
        generate(&files, &seeds, config)
    };
    println!(
        "fuzz_kernels: {} seeds in {} files, {} mutants (seed {}), building in batches of {}",
        seeds.len(),
        files.len(),
        mutants.len(),
        config.seed,
        config.batch
    );
    let project = project::Project::new(&config.root, &config.work);
    let t = Instant::now();
    project.prepare(&files);
    println!(
        "fuzz_kernels: amp and its dependencies built in {:.0?}",
        t.elapsed()
    );
    let mut tally = Tally {
        seeds: seeds.len(),
        mutants: mutants.len(),
        ..Tally::default()
    };
    let mut failures = Vec::new();
    for (n, batch) in mutants.chunks(config.batch.max(1)).enumerate() {
        let t = Instant::now();
        project.run_batch(&files, batch, &mut tally, &mut failures);
        println!(
            "fuzz_kernels: batch {} ({} mutants) in {:.0?}",
            n + 1,
            batch.len(),
            t.elapsed()
        );
    }
    tally.seconds = start.elapsed().as_secs_f64();
    (tally, failures)
}

/// `config.cases` distinct mutants of random seeds.
fn generate(files: &[SeedFile], seeds: &[Seed], config: &Config) -> Vec<Mutant> {
    let mut rng = Rng::new(config.seed);
    let mut seen = HashSet::new();
    let mut mutants = Vec::new();
    let mut attempts = 0;
    while mutants.len() < config.cases && attempts < config.cases * 20 && !seeds.is_empty() {
        attempts += 1;
        let seed = &seeds[rng.below(seeds.len())];
        let mut count = 1;
        while count < 4 && rng.one_in(3) {
            count += 1;
        }
        let mut stream = Rng::new(rng.next());
        if let Some(m) = build_mutant(mutants.len(), seed, files, Some((&mut stream, count))) {
            if m.mutations.is_empty() || !seen.insert(m.text.clone()) {
                continue;
            }
            mutants.push(m);
        }
    }
    mutants
}

/// The module of a mutant of `seed` (`mutate`: the random stream and the number of
/// mutations; `None` for the seed as it is). `None` when the mutant does not parse.
fn build_mutant(
    id: usize,
    seed: &Seed,
    files: &[SeedFile],
    mutate: Option<(&mut Rng, usize)>,
) -> Option<Mutant> {
    let file = &files[seed.file];
    let kernels: Vec<(String, usize)> = file
        .fns
        .iter()
        .filter(|f| f.kernel)
        .map(|f| (f.name.clone(), f.item.sig.inputs.len()))
        .collect();
    let host = &file.fns[seed.host];
    let launch = &host.launches[seed.launch];
    let mut args = launch.args.clone();
    let mut closure = launch.closure.clone();
    let mut kernel_fn = match seed.target {
        Target::Kernel { func } => Some(file.fns[func].item.clone()),
        Target::Launch { .. } => None,
    };
    let mut mutations = Vec::new();
    if let Some((rng, count)) = mutate {
        let mut subject = match &mut kernel_fn {
            Some(f) => Subject::Kernel(f),
            None => Subject::Launch(&mut args, &mut closure),
        };
        let ctx = Context::of(&mut subject, kernels);
        mutations = mutate::mutate(&mut subject, &ctx, rng, count);
    }
    let name = format!("fuzz_m{id}");
    let mut printer = Printer::new();
    printer.raw_line(&format!(
        "#[allow(warnings, clippy::all)] pub(crate) mod {name} {{"
    ));
    printer.raw_line("use super::*;");
    for &f in &seed.path {
        let mut item = match (&kernel_fn, seed.target) {
            (Some(k), Target::Kernel { func }) if func == f => k.clone(),
            _ => file.fns[f].item.clone(),
        };
        item.attrs.retain(|a| {
            !a.path().segments.last().is_some_and(|s| {
                matches!(
                    s.ident.to_string().as_str(),
                    "test" | "ignore" | "should_panic"
                )
            })
        });
        if f == seed.path[0] {
            item.vis = syn::parse_quote!(pub(crate));
        }
        if f == seed.host {
            let mut walker = LaunchWalker {
                rewrite: Some((seed.launch, args.clone(), closure.clone())),
                ..LaunchWalker::default()
            };
            walker.visit_block_mut(&mut item.block);
            if !walker.done {
                return None;
            }
        }
        printer.tokens(quote::quote!(#item));
    }
    printer.raw_line("}");
    let launch_names = printer.launch_names.clone();
    let kernel_attrs = printer.kernel_attrs.clone();
    let lines = printer.lines();
    let text = printer.finish();
    // A mutant must parse as Rust (launch bodies are checked by the macro itself).
    syn::parse_file(&text).ok()?;
    let driver_fn = &file.fns[seed.path[0]].item;
    let driver = format!("{name}::{}", driver_fn.sig.ident);
    let driver_returns_result = match &driver_fn.sig.output {
        syn::ReturnType::Type(_, ty) => matches!(
            &**ty,
            syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Result")
        ),
        syn::ReturnType::Default => false,
    };
    Some(Mutant {
        id,
        seed: seed.clone(),
        mutations,
        text,
        driver,
        driver_returns_result,
        launch_names,
        kernel_attrs,
        lines,
    })
}

/// Prints the failures by class (the smallest mutant of each as its example) and the summary,
/// and writes them to `report.txt`; returns the list of classes.
pub fn report(config: &Config, tally: &Tally, failures: &[Failure]) -> String {
    let mut classes: BTreeMap<String, Vec<&Failure>> = BTreeMap::new();
    for f in failures {
        classes.entry(check::class_key(f)).or_default().push(f);
    }
    let mut report = String::new();
    for (class, members) in &classes {
        let Some(example) = members.iter().min_by_key(|f| f.source.len()) else {
            continue;
        };
        let _ = writeln!(
            report,
            "=== {class} ({} failures)\n--- {}:\n{}--- diagnostic:\n{}\n",
            members.len(),
            example.what,
            example.source,
            example.detail
        );
    }
    // Every failure, in the order found.
    let mut all = String::new();
    for f in failures {
        let _ = writeln!(
            all,
            "=== {}: {}\n{}--- diagnostic:\n{}\n",
            f.what, f.check, f.source, f.detail
        );
    }
    let _ = std::fs::create_dir_all(&config.work);
    let _ = std::fs::write(config.work.join("failures.txt"), all);
    let _ = writeln!(
        report,
        "fuzz_kernels: {} seeds, {} mutants: {} rejected with clean errors, {} rejected at \
         launch with located errors, {} accepted and validated, {} not reached, {} skipped, {} \
         failed ({} failed checks in {} classes); {:.0} s",
        tally.seeds,
        tally.mutants,
        tally.rejected_clean,
        tally.rejected_at_launch,
        tally.accepted,
        tally.unreached,
        tally.skipped,
        tally.failed,
        failures.len(),
        classes.len(),
        tally.seconds
    );
    let _ = std::fs::create_dir_all(&config.work);
    let _ = std::fs::write(config.work.join("report.txt"), &report);
    let _ = std::fs::write(
        config.work.join("outcomes.txt"),
        tally.log.join("\n") + "\n",
    );
    print!("{report}");
    classes
        .iter()
        .map(|(c, m)| format!("  {} x {c}", m.len()))
        .collect::<Vec<_>>()
        .join("\n")
}
