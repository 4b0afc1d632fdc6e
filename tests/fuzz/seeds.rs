//! Seed kernels: the `parallel_for_each!` launches and `#[kernel] fn`s of the repository's
//! examples and tests, each with a way to run it.
//!
//! A mutant lives in a module appended to a copy of its seed's file, so the file's constants,
//! structs, helpers and kernel functions are in scope (`use super::*;`). The module holds the
//! mutated function and copies of the functions that lead to it from a *driver* (a function
//! without parameters: `main` or a test), which shadow the originals; the driver's copy is what
//! the generated program calls.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::path::{Path, PathBuf};
use syn::punctuated::Punctuated;
use syn::visit::Visit;
use syn::{Expr, ExprClosure, ItemFn, Macro, Token};

/// Files whose programs are no fit for running mutants: they provoke device loss, test the
/// disk cache or the pipeline cache's count of builds, launch where launches must fail (the
/// CPU accelerator runs no kernels), or set the process's default accelerator.
const SKIPPED: &[&str] = &[
    "tests/gpu/cpu_accelerator.rs",
    "tests/gpu/device_loss.rs",
    "tests/gpu/disk_cache.rs",
    "tests/gpu/pipeline_cache.rs",
    "tests/gpu/set_default.rs",
];

/// One source file of seeds.
pub struct SeedFile {
    /// Relative to the repository, like `tests/gpu/views.rs`.
    pub rel: String,
    /// The file's text, with module paths made absolute so that it compiles elsewhere.
    pub text: String,
    /// Its top-level functions.
    pub fns: Vec<FnInfo>,
}

/// A top-level function of a seed file.
pub struct FnInfo {
    pub item: ItemFn,
    pub name: String,
    /// A `#[kernel] fn`.
    pub kernel: bool,
    /// Callable with no arguments: a place to start a run from.
    pub driver: bool,
    /// The single-segment names its body refers to (inside macros too).
    pub refs: BTreeSet<String>,
    /// Its launches, in the order `LaunchWalker` visits them.
    pub launches: Vec<Launch>,
}

/// A `parallel_for_each!` (or `_unchecked!`) invocation.
pub struct Launch {
    /// Every argument but the closure (an accelerator view, the domain).
    pub args: Vec<Expr>,
    pub closure: ExprClosure,
    /// Names the closure refers to.
    pub refs: BTreeSet<String>,
}

/// What a seed mutates.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    /// The closure of launch number `launch` of the seed's host function.
    Launch { launch: usize },
    /// The `#[kernel] fn` `func`.
    Kernel { func: usize },
}

/// A seed: a kernel and the path from a driver to it.
#[derive(Clone, Debug)]
pub struct Seed {
    pub file: usize,
    pub target: Target,
    /// Functions from the driver (first) to the mutated one (last).
    pub path: Vec<usize>,
    /// The host function whose launch runs the kernel, and that launch.
    pub host: usize,
    pub launch: usize,
}

/// Reads the seed files under `root` and finds every seed with a driver.
pub fn collect(root: &Path) -> (Vec<SeedFile>, Vec<Seed>) {
    let mut paths: Vec<PathBuf> = Vec::new();
    for dir in ["examples", "tests/gpu", "tests/ui/pass"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "rs") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    let mut files = Vec::new();
    let mut seeds = Vec::new();
    for path in paths {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .to_string_lossy()
            .replace('\\', "/");
        if SKIPPED.contains(&rel.as_str()) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(file) = syn::parse_file(&text) else {
            continue;
        };
        let fns: Vec<FnInfo> = file
            .items
            .into_iter()
            .filter_map(|item| match item {
                syn::Item::Fn(f) => Some(fn_info(f)),
                _ => None,
            })
            .collect();
        let index = files.len();
        let found = seeds_of(index, &fns);
        if found.is_empty() {
            continue;
        }
        seeds.extend(found);
        let dir = path.parent().unwrap_or(root);
        files.push(SeedFile {
            rel,
            text: relocate(&text, dir),
            fns,
        });
    }
    (files, seeds)
}

fn fn_info(item: ItemFn) -> FnInfo {
    let name = item.sig.ident.to_string();
    let has = |n: &str| {
        item.attrs
            .iter()
            .any(|a| a.path().segments.last().is_some_and(|s| s.ident == n))
    };
    let kernel = has("kernel");
    let driver = !kernel
        && item.sig.inputs.is_empty()
        && item.sig.generics.params.is_empty()
        && item.sig.asyncness.is_none()
        && item.sig.constness.is_none()
        && !has("ignore")
        && !has("should_panic");
    let mut refs = Refs::default();
    refs.visit_block(&item.block);
    let mut walker = LaunchWalker::default();
    let mut body = (*item.block).clone();
    syn::visit_mut::VisitMut::visit_block_mut(&mut walker, &mut body);
    FnInfo {
        name,
        kernel,
        driver,
        refs: refs.names,
        launches: walker.found,
        item,
    }
}

/// The seeds of one file: every launch and every kernel function that a driver reaches.
fn seeds_of(file: usize, fns: &[FnInfo]) -> Vec<Seed> {
    let by_name: HashMap<&str, usize> = fns
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.as_str(), i))
        .collect();
    // callers[i]: the functions referring to function i by name.
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); fns.len()];
    for (i, f) in fns.iter().enumerate() {
        for name in &f.refs {
            if let Some(&j) = by_name.get(name.as_str()) {
                if j != i {
                    callers[j].push(i);
                }
            }
        }
    }
    let mut seeds = Vec::new();
    for (i, f) in fns.iter().enumerate() {
        let targets: Vec<Target> = if f.kernel {
            vec![Target::Kernel { func: i }]
        } else {
            (0..f.launches.len())
                .map(|launch| Target::Launch { launch })
                .collect()
        };
        if targets.is_empty() {
            continue;
        }
        let Some(path) = path_from_driver(i, fns, &callers) else {
            continue;
        };
        // Host functions lead to a launch, kernel functions after it.
        let first_kernel = path.iter().position(|&p| fns[p].kernel);
        let host = match first_kernel {
            Some(0) => continue,
            Some(k) => k - 1,
            None => path.len() - 1,
        };
        if path[host + 1..].iter().any(|&p| !fns[p].kernel) {
            continue;
        }
        for target in targets {
            let launch = match target {
                Target::Launch { launch } => Some(launch),
                Target::Kernel { .. } => {
                    let next = &fns[path[host + 1]].name;
                    fns[path[host]]
                        .launches
                        .iter()
                        .position(|l| l.refs.contains(next))
                }
            };
            if let Some(launch) = launch {
                seeds.push(Seed {
                    file,
                    target,
                    path: path.clone(),
                    host: path[host],
                    launch,
                });
            }
        }
    }
    seeds
}

/// The shortest chain of callers from a driver to `start` (breadth first), driver first.
fn path_from_driver(start: usize, fns: &[FnInfo], callers: &[Vec<usize>]) -> Option<Vec<usize>> {
    let mut prev: Vec<Option<usize>> = vec![None; fns.len()];
    let mut seen = vec![false; fns.len()];
    let mut queue = VecDeque::from([start]);
    seen[start] = true;
    while let Some(f) = queue.pop_front() {
        if fns[f].driver {
            let mut path = vec![f];
            let mut at = f;
            while let Some(next) = prev[at] {
                path.push(next);
                at = next;
            }
            return Some(path);
        }
        for &c in &callers[f] {
            // A host function's kernel comes through a launch; a kernel function is called
            // from kernels.
            if !seen[c] {
                seen[c] = true;
                prev[c] = Some(f);
                queue.push_back(c);
            }
        }
    }
    None
}

/// Makes `#[path]` and `mod x;` work from a copy of the file elsewhere.
fn relocate(text: &str, dir: &Path) -> String {
    let mut out = String::new();
    let mut has_path = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("#[path = \"") {
            if let Some(end) = rest.find('"') {
                let abs = dir.join(&rest[..end]);
                out.push_str(&format!("#[path = {:?}]\n", abs.to_string_lossy()));
                has_path = true;
                continue;
            }
        }
        let decl = trimmed.strip_prefix("pub ").unwrap_or(trimmed);
        if let Some(name) = decl
            .strip_prefix("mod ")
            .and_then(|r| r.strip_suffix(';'))
            .filter(|n| n.chars().all(|c| c.is_alphanumeric() || c == '_'))
        {
            if !has_path {
                let file = dir.join(format!("{name}.rs"));
                let abs = if file.exists() {
                    file
                } else {
                    dir.join(name).join("mod.rs")
                };
                out.push_str(&format!("#[path = {:?}]\n", abs.to_string_lossy()));
            }
        }
        has_path = false;
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The single-segment names a body refers to, looking into macro arguments too.
#[derive(Default)]
struct Refs {
    names: BTreeSet<String>,
}

impl<'a> Visit<'a> for Refs {
    fn visit_path(&mut self, path: &'a syn::Path) {
        if path.segments.len() == 1 {
            self.names.insert(path.segments[0].ident.to_string());
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'a Macro) {
        if let Some(args) = macro_args(mac) {
            for arg in &args {
                self.visit_expr(arg);
            }
        }
    }
}

/// A macro's arguments, when they are comma-separated expressions.
pub fn macro_args(mac: &Macro) -> Option<Punctuated<Expr, Token![,]>> {
    mac.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated)
        .ok()
}

/// Whether a macro is a launch.
pub fn is_launch(mac: &Macro) -> bool {
    mac.path
        .segments
        .last()
        .is_some_and(|s| s.ident == "parallel_for_each" || s.ident == "parallel_for_each_unchecked")
}

/// Visits the launches of a body in a fixed order; finds them, or rewrites launch `target`.
#[derive(Default)]
pub struct LaunchWalker {
    /// Launches seen so far.
    pub count: usize,
    pub found: Vec<Launch>,
    /// `(launch, arguments, closure)`: the launch to rewrite, with what to put in.
    pub rewrite: Option<(usize, Vec<Expr>, ExprClosure)>,
    /// Set when the rewrite happened.
    pub done: bool,
}

impl LaunchWalker {
    /// Records a launch; returns the rewritten macro when it is the target.
    fn launch(&mut self, mac: &Macro) -> Option<Macro> {
        let args = macro_args(mac)?;
        let mut args: Vec<Expr> = args.into_iter().collect();
        let Some(Expr::Closure(closure)) = args.pop() else {
            return None;
        };
        let n = self.count;
        self.count += 1;
        let mut refs = Refs::default();
        refs.visit_expr(&closure.body);
        self.found.push(Launch {
            args: args.clone(),
            closure,
            refs: refs.names,
        });
        let (target, args, closure) = self.rewrite.as_ref()?;
        if *target != n {
            return None;
        }
        self.done = true;
        let mut mac = mac.clone();
        // Mutants run checked: an unchecked launch of a mutated kernel is undefined behaviour.
        if let Some(last) = mac.path.segments.last_mut() {
            last.ident = syn::Ident::new("parallel_for_each", last.ident.span());
        }
        mac.tokens = quote::quote!(#(#args,)* #closure);
        Some(mac)
    }
}

/// The expression that runs a rewritten launch and reports its outcome: the launch's own type,
/// but the run stops there (`done` unwinds to the program's loop).
fn wrapped(mac: Macro) -> Expr {
    syn::parse_quote!({
        crate::fuzz_rt::enter();
        let fuzz_result = #mac;
        crate::fuzz_rt::done(&fuzz_result);
        #[allow(unreachable_code)]
        fuzz_result
    })
}

impl syn::visit_mut::VisitMut for LaunchWalker {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        if let Expr::Macro(m) = expr {
            if is_launch(&m.mac) {
                if let Some(new) = self.launch(&m.mac) {
                    *expr = wrapped(new);
                }
                return;
            }
        }
        syn::visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_stmt_mut(&mut self, stmt: &mut syn::Stmt) {
        if let syn::Stmt::Macro(m) = stmt {
            if is_launch(&m.mac) {
                if let Some(new) = self.launch(&m.mac) {
                    *stmt = syn::Stmt::Expr(wrapped(new), Some(Default::default()));
                }
                return;
            }
        }
        syn::visit_mut::visit_stmt_mut(self, stmt);
    }

    fn visit_macro_mut(&mut self, mac: &mut Macro) {
        // Launches inside other macros' arguments (`assert!(parallel_for_each!(..).is_err())`).
        let Some(mut args) = macro_args(mac) else {
            return;
        };
        let before = self.done;
        for arg in args.iter_mut() {
            self.visit_expr_mut(arg);
        }
        if self.done && !before {
            mac.tokens = quote::quote!(#args);
        }
    }
}
