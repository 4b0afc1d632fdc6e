//! The scratch crate: a binary depending on `amp` by path, with each seed file copied into a
//! module and its mutants appended to it. Built the way trybuild builds its test projects: a
//! workspace of its own, the repository's `Cargo.lock`, `--offline`, no inherited `RUSTFLAGS`,
//! and a target directory of its own (so the outer cargo's lock on `target/` is not in the way,
//! and compiled dependencies persist between runs).

use crate::fuzz::check::{self, Diagnostic, Failure, Region, Tally, Verdict};
use crate::fuzz::seeds::{SeedFile, Target};
use crate::fuzz::Mutant;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The crate's name (and its binary's).
const NAME: &str = "amp-fuzz-kernels";

/// How long one case may run.
const CASE_TIMEOUT: Duration = Duration::from_secs(60);

pub struct Project {
    root: PathBuf,
    dir: PathBuf,
    target: PathBuf,
}

/// Where each mutant of a build is.
struct Layout {
    /// (file, first line) per mutant, by id.
    at: BTreeMap<usize, (String, usize)>,
    /// Seed files' own lines: file → (seed file index, number of lines).
    seed_lines: BTreeMap<String, (usize, usize)>,
}

impl Project {
    pub fn new(root: &Path, work: &Path) -> Project {
        Project {
            root: root.to_owned(),
            dir: work.join("crate"),
            target: work.join("target"),
        }
    }

    fn region<'a>(&self, layout: &'a Layout, m: &'a Mutant) -> Region<'a> {
        let (file, first) = &layout.at[&m.id];
        Region {
            file,
            first: *first,
            lines: m.lines,
            launch_names: &m.launch_names,
            kernel_attrs: &m.kernel_attrs,
        }
    }

    /// Builds the crate without mutants: compiles the dependencies (the cold cost), and
    /// stops the run with amp's own errors when amp does not compile.
    pub fn prepare(&self, files: &[SeedFile]) {
        self.write(files, &BTreeMap::new(), &[]);
        let (ok, errors, stderr) = self.build();
        if !ok {
            let errors: Vec<&str> = errors.iter().map(|d| d.rendered.as_str()).collect();
            panic!(
                "the crate under test does not compile:\n{}{}",
                errors.join(""),
                String::from_utf8_lossy(&stderr)
            );
        }
    }

    /// Compiles, checks and runs one batch of mutants.
    pub fn run_batch(
        &self,
        files: &[SeedFile],
        batch: &[Mutant],
        tally: &mut Tally,
        failures: &mut Vec<Failure>,
    ) {
        let by_id: BTreeMap<usize, &Mutant> = batch.iter().map(|m| (m.id, m)).collect();
        let mut failed: BTreeSet<usize> = BTreeSet::new();
        let mut rejected_clean = 0;
        let mut log = Vec::new();
        let mut skipped = 0;
        let mut on_rejected = |m: &Mutant, layout: &Layout, errors: &[Diagnostic]| {
            let region = self.region(layout, m);
            let mut bad = false;
            for d in errors {
                for check in check::diagnostic(d, &region) {
                    bad = true;
                    failures.push(Failure {
                        what: describe(files, m),
                        check,
                        detail: d.rendered.clone(),
                        source: m.text.clone(),
                    });
                }
            }
            if bad {
                failed.insert(m.id);
            } else {
                rejected_clean += 1;
            }
            let first = errors
                .first()
                .map(|d| d.message.as_str())
                .unwrap_or_default();
            log.push(format!("{} compile-error {first}", describe(files, m)));
        };
        let all = by_id.keys().copied().collect();
        let compiled = self.compile(files, &by_id, all, &mut on_rejected, &mut |n| skipped += n);
        tally.rejected_clean += rejected_clean;
        tally.log.append(&mut log);
        tally.skipped += skipped;
        let Some((alive, layout)) = compiled else {
            return;
        };
        let outcomes = self.run(alive.len());
        for (case, &id) in alive.iter().enumerate() {
            let m = by_id[&id];
            let region = self.region(&layout, m);
            let (kind, message) = outcomes
                .get(&case)
                .cloned()
                .unwrap_or_else(|| ("crash".to_owned(), "no outcome".to_owned()));
            tally
                .log
                .push(format!("{} {kind} {message}", describe(files, m)));
            match check::outcome(&kind, &message, &region) {
                Verdict::Accepted => tally.accepted += 1,
                Verdict::Rejected => tally.rejected_at_launch += 1,
                Verdict::Unreached => tally.unreached += 1,
                Verdict::Failed(check) => {
                    failed.insert(id);
                    failures.push(Failure {
                        what: describe(files, m),
                        check: check.to_owned(),
                        detail: format!("{kind}: {}", message.replace("\\n", "\n")),
                        source: m.text.clone(),
                    });
                }
            }
        }
        tally.failed += failed.len();
    }

    /// Builds the crate with `alive` until it compiles, reporting each mutant that does not
    /// (with its errors) to `rejected`. Returns the mutants in the binary and their layout;
    /// `None` when nothing is left.
    fn compile(
        &self,
        files: &[SeedFile],
        by_id: &BTreeMap<usize, &Mutant>,
        mut alive: Vec<usize>,
        rejected: &mut dyn FnMut(&Mutant, &Layout, &[Diagnostic]),
        skipped: &mut dyn FnMut(usize),
    ) -> Option<(Vec<usize>, Layout)> {
        loop {
            if alive.is_empty() {
                return None;
            }
            let layout = self.write(files, by_id, &alive);
            let t = std::time::Instant::now();
            let (ok, errors, stderr) = self.build();
            println!(
                "fuzz_kernels:   cargo build of {} mutants: {} errors in {:.0?}",
                alive.len(),
                errors.len(),
                t.elapsed()
            );
            if ok {
                return Some((alive, layout));
            }
            let mut per_mutant: BTreeMap<usize, Vec<Diagnostic>> = BTreeMap::new();
            let mut broken_seeds: BTreeSet<usize> = BTreeSet::new();
            let mut unplaced = Vec::new();
            for d in &errors {
                match place(d, &layout, by_id) {
                    Place::Mutant(id) => per_mutant.entry(id).or_default().push(d.clone()),
                    Place::Seed(file) => {
                        broken_seeds.insert(file);
                    }
                    Place::Nowhere => unplaced.push(d.clone()),
                }
            }
            for (id, errors) in &per_mutant {
                rejected(by_id[id], &layout, errors);
            }
            for &file in &broken_seeds {
                skipped(
                    alive
                        .iter()
                        .filter(|id| by_id[*id].seed.file == file)
                        .count(),
                );
                println!(
                    "fuzz_kernels: {} does not compile as a module; its mutants are skipped",
                    files[file].rel
                );
            }
            let before = alive.len();
            alive.retain(|id| {
                !per_mutant.contains_key(id) && !broken_seeds.contains(&by_id[id].seed.file)
            });
            if alive.len() < before {
                continue;
            }
            // Errors that name no mutant's lines: find the mutants causing them by halves.
            if alive.len() == 1 {
                rejected(by_id[&alive[0]], &layout, &unplaced);
                return None;
            }
            if unplaced.is_empty() {
                println!(
                    "fuzz_kernels: the build failed without errors:\n{}",
                    String::from_utf8_lossy(&stderr)
                );
                return None;
            }
            let half = alive.split_off(alive.len() / 2);
            let mut kept = Vec::new();
            for part in [alive, half] {
                if let Some((ids, _)) = self.compile(files, by_id, part, rejected, skipped) {
                    kept.extend(ids);
                }
            }
            alive = kept;
        }
    }

    /// Writes the crate with the mutants `ids` (in that order as cases).
    fn write(&self, files: &[SeedFile], by_id: &BTreeMap<usize, &Mutant>, ids: &[usize]) -> Layout {
        let src = self.dir.join("src");
        let _ = std::fs::remove_dir_all(&src);
        std::fs::create_dir_all(&src).expect("create the scratch crate");
        // The crates the seed files use besides amp (the interop tests open wgpu devices of
        // their own), with the features amp builds them with, so they add nothing to build;
        // and amp's CPU accelerator optimised, as amp's own workspace builds it (its executor
        // unoptimised runs a million-pass loop past the case's timeout).
        let manifest = format!(
            "[package]\nname = \"{NAME}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = \
             false\n\n[dependencies]\namp = {{ path = {root:?} }}\namp-cpu = {{ path = \
             {cpu:?} }}\npollster = \"0.4\"\nbytemuck = {{ version = \"1\", features = [\"derive\", \
             \"extern_crate_alloc\"] }}\nhalf = {{ version = \"2\", default-features = false, \
             features = [\"bytemuck\"] }}\nlibm = \"0.2\"\nwgpu = {{ \
             version = \"=30.0.1\", default-features = false, features = [\"vulkan\", \
             \"metal\", \"dx12\", \"naga-ir\", \"wgsl\", \"std\", \"parking_lot\"] }}\n\n\
             [profile.dev]\ndebug = false\n\n[profile.dev.package.amp-cpu]\nopt-level = 3\n\
             debug-assertions = false\noverflow-checks = false\n\n[workspace]\n",
            root = self.root.to_string_lossy(),
            cpu = self.root.join("amp-cpu").to_string_lossy(),
        );
        write_if_changed(&self.dir.join("Cargo.toml"), &manifest);
        if let Ok(lock) = std::fs::read_to_string(self.root.join("Cargo.lock")) {
            write_if_changed(&self.dir.join("Cargo.lock"), &lock);
        }
        let mut layout = Layout {
            at: BTreeMap::new(),
            seed_lines: BTreeMap::new(),
        };
        let mut texts: BTreeMap<usize, String> = BTreeMap::new();
        for &id in ids {
            let m = by_id[&id];
            let file = m.seed.file;
            let text = texts.entry(file).or_insert_with(|| {
                let text = format!("{}\n", files[file].text);
                layout
                    .seed_lines
                    .insert(format!("src/s{file}.rs"), (file, text.lines().count()));
                text
            });
            let first = text.lines().count() + 1;
            layout.at.insert(id, (format!("src/s{file}.rs"), first));
            text.push_str(&m.text);
        }
        let mut main = String::from("#![allow(warnings, clippy::all)]\nmod fuzz_rt;\n");
        // The modules that the GPU tests' files share (`use crate::common;`,
        // `use crate::device_floats::…`), where they are.
        for module in ["common", "device_floats", "own_process"] {
            let path = self.root.join("tests/gpu").join(format!("{module}.rs"));
            main.push_str(&format!(
                "#[path = {:?}]\nmod {module};\n",
                path.to_string_lossy()
            ));
        }
        for (file, text) in &texts {
            main.push_str(&format!("mod s{file};\n"));
            std::fs::write(src.join(format!("s{file}.rs")), text).expect("write a seed module");
        }
        main.push_str("\nconst CASES: &[fn()] = &[\n");
        for &id in ids {
            let m = by_id[&id];
            let call = format!("s{}::{}()", m.seed.file, m.driver);
            main.push_str(&if m.driver_returns_result {
                format!("    || fuzz_rt::returned({call}),\n")
            } else {
                format!("    || {{ let _ = {call}; }},\n")
            });
        }
        main.push_str("];\n\nfn main() {\n    fuzz_rt::main(CASES);\n}\n");
        std::fs::write(src.join("main.rs"), main).expect("write main.rs");
        std::fs::write(src.join("fuzz_rt.rs"), include_str!("program.rs"))
            .expect("write the program's runtime");
        layout
    }

    fn cargo(&self) -> Command {
        let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        cmd.current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .env("CARGO_INCREMENTAL", "0")
            .env_remove("RUSTFLAGS")
            .arg("--offline");
        cmd
    }

    /// Builds; returns whether it succeeded, the errors and cargo's stderr.
    fn build(&self) -> (bool, Vec<Diagnostic>, Vec<u8>) {
        let output = self
            .cargo()
            .args(["build", "--quiet", "--color=never", "--message-format=json"])
            .output()
            .expect("run cargo build");
        let mut errors = Vec::new();
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            if v.get("reason").and_then(|r| r.as_str()) != Some("compiler-message") {
                continue;
            }
            let Some(d) = v.get("message").and_then(Diagnostic::from_json) else {
                continue;
            };
            if d.is_error() {
                errors.push(d);
            } else if d.message.starts_with("the above error was encountered") {
                // A post-monomorphization error's location in the user's code comes as a
                // note of its own, after the error.
                if let Some(last) = errors.last_mut() {
                    last.rendered.push_str(&d.rendered);
                    last.children.push(d);
                }
            }
        }
        (output.status.success(), errors, output.stderr)
    }

    /// Runs cases `0..count`, restarting the program after a crash or a hang; returns each
    /// case's outcome `(kind, message)`.
    fn run(&self, count: usize) -> BTreeMap<usize, (String, String)> {
        let exe = self.target.join("debug").join(NAME);
        let mut outcomes = BTreeMap::new();
        let mut next = 0;
        while next < count {
            let mut child = Command::new(&exe)
                .arg(next.to_string())
                .env("AMP_CACHE_DIR", "off")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start the fuzz program");
            let stdout = child.stdout.take().expect("stdout");
            let mut stderr = child.stderr.take().expect("stderr");
            let errors = std::thread::spawn(move || {
                let mut text = String::new();
                let _ = stderr.read_to_string(&mut text);
                text
            });
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
            let mut current = None;
            let mut hung = false;
            loop {
                match rx.recv_timeout(CASE_TIMEOUT) {
                    Ok(line) => {
                        if let Some(case) = line.strip_prefix("FUZZ-START ") {
                            current = case.parse::<usize>().ok();
                        } else if let Some(rest) = line.strip_prefix("FUZZ-END ") {
                            let mut parts = rest.splitn(3, ' ');
                            let case = parts.next().and_then(|c| c.parse::<usize>().ok());
                            let kind = parts.next().unwrap_or_default().to_owned();
                            let message = parts.next().unwrap_or_default().to_owned();
                            if let Some(case) = case {
                                outcomes.insert(case, (kind, message));
                                next = case + 1;
                            }
                            current = None;
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        hung = true;
                        let _ = child.kill();
                        break;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            let status = child.wait().ok();
            let stderr = errors.join().unwrap_or_default();
            match current {
                Some(case) => {
                    let tail: String = {
                        let lines: Vec<&str> = stderr.lines().collect();
                        lines[lines.len().saturating_sub(20)..].join("\\n")
                    };
                    let kind = if hung { "hang" } else { "crash" };
                    let status = status.map(|s| s.to_string()).unwrap_or_default();
                    outcomes.insert(case, (kind.to_owned(), format!("{status}\\n{tail}")));
                    next = case + 1;
                }
                // The program ends between cases only after a lost device (status 3).
                None if next < count
                    && status.is_some_and(|s| !s.success() && s.code() != Some(3)) =>
                {
                    println!("fuzz_kernels: the program failed to start: {stderr}");
                    break;
                }
                None => {}
            }
        }
        outcomes
    }
}

fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).expect("write the scratch crate");
    }
}

/// Where an error is: in a mutant, in a seed file's own code, or elsewhere.
enum Place {
    Mutant(usize),
    Seed(usize),
    Nowhere,
}

fn place(d: &Diagnostic, layout: &Layout, by_id: &BTreeMap<usize, &Mutant>) -> Place {
    let locations = d.locations();
    for (file, line) in &locations {
        for (id, (f, first)) in &layout.at {
            if f == file && line >= first && *line < first + by_id[id].lines {
                return Place::Mutant(*id);
            }
        }
    }
    for (file, line) in &locations {
        if let Some(&(seed, lines)) = layout.seed_lines.get(file) {
            if *line <= lines {
                return Place::Seed(seed);
            }
        }
    }
    Place::Nowhere
}

/// A mutant in a log line: id, seed file, target and mutations.
fn describe(files: &[SeedFile], m: &Mutant) -> String {
    let file = &files[m.seed.file];
    let target = match m.seed.target {
        Target::Launch { launch } => format!("{}#{launch}", file.fns[m.seed.host].name),
        Target::Kernel { func } => format!("#[kernel] {}", file.fns[func].name),
    };
    format!(
        "m{} {} {target} [{}]",
        m.id,
        file.rel,
        m.mutations.join(",")
    )
}
