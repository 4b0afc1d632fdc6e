//! The checks: on each compile error (no macro panic, no internal name, on the user's tokens)
//! and on each launch of a mutant that compiled (it builds and validates, or fails with a
//! documented, located error).

use serde_json::Value;

/// Names of amp's internals that no message may show (the public names are `amp::…`,
/// `amp::kernel_types::…`, `amp::launch::…`, `amp::scalar_functions::…`).
const INTERNAL: &[&str] = &[
    "__private",
    "__amp",
    "amp_core::",
    "amp_macros::",
    "amp_runtime::",
    "naga::",
    "Expr<",
    "KernelToken",
    "KernelBuilder",
];

/// The counts the summary prints.
#[derive(Default, Debug)]
pub struct Tally {
    pub seeds: usize,
    pub mutants: usize,
    /// Rejected at compile time, every error clean.
    pub rejected_clean: usize,
    /// Compiled, and rejected by a located build error or a documented launch error.
    pub rejected_at_launch: usize,
    /// Compiled, built, validated and ran (possibly faulting, which is fine).
    pub accepted: usize,
    /// Compiled, but the run never reached the mutant's launch.
    pub unreached: usize,
    /// Mutants of seed files that did not compile as modules (not checked).
    pub skipped: usize,
    /// Mutants with at least one failed check.
    pub failed: usize,
    pub seconds: f64,
    /// One line per mutant: its id, seed, mutations and what became of it.
    pub log: Vec<String>,
}

/// A failed check.
pub struct Failure {
    /// The mutant's seed and mutations (`m17 tests/gpu/views.rs views_work#0 [literal,wrap-if]`).
    pub what: String,
    /// What went wrong, in a few words (the class).
    pub check: String,
    /// The diagnostic or launch outcome, in full.
    pub detail: String,
    /// The mutant's module.
    pub source: String,
}

/// A rustc span, as `--message-format=json` gives it.
#[derive(Debug, Clone)]
pub struct Span {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub primary: bool,
    pub label: Option<String>,
    pub suggestion: Option<String>,
    /// Where the macro that produced this span was invoked.
    pub expansion: Option<Box<Span>>,
}

/// A compiler message.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    pub level: String,
    pub message: String,
    pub spans: Vec<Span>,
    pub children: Vec<Diagnostic>,
    pub rendered: String,
}

impl Span {
    fn from_json(v: &Value) -> Option<Span> {
        Some(Span {
            file: v.get("file_name")?.as_str()?.to_owned(),
            line: v.get("line_start")?.as_u64()? as usize,
            column: v.get("column_start")?.as_u64()? as usize,
            primary: v.get("is_primary")?.as_bool()?,
            label: v.get("label").and_then(Value::as_str).map(str::to_owned),
            suggestion: v
                .get("suggested_replacement")
                .and_then(Value::as_str)
                .map(str::to_owned),
            expansion: v
                .get("expansion")
                .and_then(|e| e.get("span"))
                .and_then(Span::from_json)
                .map(Box::new),
        })
    }
}

impl Diagnostic {
    /// A `compiler-message`'s message.
    pub fn from_json(v: &Value) -> Option<Diagnostic> {
        Some(Diagnostic {
            level: v.get("level")?.as_str()?.to_owned(),
            message: v.get("message")?.as_str()?.to_owned(),
            spans: v
                .get("spans")?
                .as_array()?
                .iter()
                .filter_map(Span::from_json)
                .collect(),
            children: v
                .get("children")
                .and_then(Value::as_array)
                .map(|c| c.iter().filter_map(Diagnostic::from_json).collect())
                .unwrap_or_default(),
            rendered: v
                .get("rendered")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
        })
    }

    /// An error (not rustc's closing "aborting due to …" line).
    pub fn is_error(&self) -> bool {
        self.level.starts_with("error") && !self.message.starts_with("aborting due to")
    }

    /// Every location this diagnostic mentions: primary spans first, then the macro calls
    /// they came from, then the others and the children's.
    pub fn locations(&self) -> Vec<(String, usize)> {
        let mut out = Vec::new();
        let mut spans: Vec<&Span> = self.spans.iter().filter(|s| s.primary).collect();
        spans.extend(self.spans.iter().filter(|s| !s.primary));
        for child in &self.children {
            spans.extend(child.spans.iter());
        }
        for span in spans {
            let mut at = Some(span);
            while let Some(s) = at {
                out.push((s.file.clone(), s.line));
                at = s.expansion.as_deref();
            }
        }
        out
    }

    /// Every text a user reads: messages and labels, the children's too.
    fn texts(&self) -> Vec<&str> {
        let mut out = vec![self.message.as_str()];
        for s in &self.spans {
            out.extend(s.label.as_deref());
            out.extend(s.suggestion.as_deref());
        }
        for c in &self.children {
            out.extend(c.texts());
        }
        out
    }
}

/// Where a mutant's module is in the generated crate.
pub struct Region<'a> {
    /// Its file, as rustc names it (`src/s3.rs`).
    pub file: &'a str,
    /// 1-based first line.
    pub first: usize,
    /// Its number of lines.
    pub lines: usize,
    pub launch_names: &'a [(usize, usize)],
    pub kernel_attrs: &'a [usize],
}

impl Region<'_> {
    pub fn contains(&self, file: &str, line: usize) -> bool {
        file == self.file && line >= self.first && line < self.first + self.lines
    }
}

/// The names of internals in `text`.
fn internal_names(text: &str) -> Vec<&'static str> {
    INTERNAL
        .iter()
        .copied()
        .filter(|n| text.contains(n))
        .collect()
}

/// Where a span shows in the program: the span itself, or, for one inside a macro of Rust's
/// standard library (`assert_eq!` comparing what a mutation retyped), where the macro was
/// invoked. Spans inside amp's macros are left as they are: those must be on the user's tokens.
fn std_invocation(span: &Span) -> &Span {
    let mut at = span;
    while at.file.starts_with("/rustc/") {
        match at.expansion.as_deref() {
            Some(invocation) => at = invocation,
            None => break,
        }
    }
    at
}

/// Checks one compile error of a mutant; returns the failed checks.
pub fn diagnostic(d: &Diagnostic, region: &Region<'_>) -> Vec<String> {
    let mut failed = Vec::new();
    let texts = d.texts();
    if texts
        .iter()
        .any(|t| t.contains("proc macro panicked") || t.contains("proc-macro derive panicked"))
    {
        failed.push("the macro panicked".to_owned());
    }
    let mut names: Vec<&str> = texts.iter().flat_map(|t| internal_names(t)).collect();
    names.sort_unstable();
    names.dedup();
    if !names.is_empty() {
        failed.push(format!(
            "an internal name ({}) in the message",
            names.join(", ")
        ));
    }
    let at = match d.spans.iter().find(|s| s.primary).map(std_invocation) {
        None => Some("an error without a location"),
        Some(s) if !region.contains(&s.file, s.line) => Some("an error outside the user's code"),
        Some(s) => {
            let (line, column) = (s.line - region.first, s.column - 1);
            if region.launch_names.contains(&(line, column)) {
                Some("an error on the whole parallel_for_each! invocation")
            } else if region.kernel_attrs.contains(&line) {
                Some("an error on the #[kernel] attribute")
            } else {
                None
            }
        }
    };
    failed.extend(at.map(str::to_owned));
    failed
}

/// The launch outcomes the generated program reports.
pub enum Verdict {
    /// Built, validated and ran (a fault included).
    Accepted,
    /// A documented, located rejection when the kernel was built or launched.
    Rejected,
    /// The run did not get to the mutant's launch.
    Unreached,
    /// A failed check.
    Failed(&'static str),
}

/// Checks a launch outcome (`kind` and `message` as the program printed them).
pub fn outcome(kind: &str, message: &str, region: &Region<'_>) -> Verdict {
    let clean = internal_names(message).is_empty();
    match kind {
        "ok" | "fault" => Verdict::Accepted,
        "unsupported" | "domain" | "memory" | "data" if clean => Verdict::Rejected,
        "unsupported" | "domain" | "memory" | "data" => {
            Verdict::Failed("an internal name in a launch error")
        }
        "build" => {
            let at = message.split(' ').next().unwrap_or_default();
            let (file, line) = at.rsplit_once(':').unwrap_or_default();
            let line: usize = line.parse().unwrap_or_default();
            if message.contains("internal error") {
                Verdict::Failed("an internal error when building the kernel")
            } else if !clean {
                Verdict::Failed("an internal name in a build error")
            } else if file != region.file || line == 0 {
                Verdict::Failed("a build error located outside the user's file")
            } else {
                Verdict::Rejected
            }
        }
        "validation" => Verdict::Failed("the kernel failed validation"),
        "device" | "removed" => Verdict::Failed("the accelerator rejected the kernel"),
        "panic" => Verdict::Failed("a panic in the launch"),
        "crash" => Verdict::Failed("the program crashed in the launch"),
        "hang" => Verdict::Failed("the launch did not finish"),
        "unreached" | "setup-panic" => Verdict::Unreached,
        _ => Verdict::Failed("an unexpected launch error"),
    }
}

/// A failure's class for the summary: its check and its message with numbers, quoted names
/// and paths blanked.
pub fn class_key(f: &Failure) -> String {
    let first = f.detail.lines().next().unwrap_or_default();
    let mut key = String::new();
    let mut quoted = false;
    for c in first.chars() {
        match c {
            '`' => {
                quoted = !quoted;
                key.push('`');
            }
            _ if quoted => {}
            '0'..='9' => {
                if !key.ends_with('N') {
                    key.push('N');
                }
            }
            _ => key.push(c),
        }
    }
    format!("{}: {}", f.check, key)
}
