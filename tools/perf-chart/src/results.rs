//! The results file: one figure a line, `figure<TAB>workload<TAB>implementation<TAB>value<TAB>
//! unit`; `#` starts a comment, the first of which is the file's title. Units are SI prefixes on
//! a base (`GB/s`, `TFLOP/s`, `Gkeys/s`, `ms`, `µs`), so that figures of one workload given in
//! different prefixes can share an axis.

use std::fmt;
use std::path::{Path, PathBuf};

/// One measured figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// What was measured, e.g. `vector add`.
    pub workload: String,
    /// Who ran it, e.g. `amp`, `WGSL`, `torch`.
    pub implementation: String,
    /// The figure in `unit`.
    pub value: f64,
    /// E.g. `GB/s`.
    pub unit: String,
}

/// A results file, read.
#[derive(Debug)]
pub struct Results {
    title: Option<String>,
    figures: Vec<Figure>,
}

/// Why a results file could not be read.
#[derive(Debug)]
pub enum Error {
    /// The file could not be read.
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A line is neither a comment, empty, nor a figure line of five fields with a number.
    Line {
        path: PathBuf,
        line: usize,
        text: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { path, source } => write!(f, "reading {}: {source}", path.display()),
            Error::Line { path, line, text } => write!(
                f,
                "{}:{line}: not `figure<TAB>workload<TAB>implementation<TAB>value<TAB>unit`: {text:?}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for Error {}

impl Results {
    /// Reads and parses `path`.
    pub fn read(path: &Path) -> Result<Results, Error> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Results::parse(&text).map_err(|(line, text)| Error::Line {
            path: path.to_path_buf(),
            line,
            text,
        })
    }

    /// Parses the text of a results file; a bad line comes back as its number and text.
    pub fn parse(text: &str) -> Result<Results, (usize, String)> {
        let mut title = None;
        let mut figures = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if let Some(comment) = line.strip_prefix('#') {
                title.get_or_insert_with(|| comment.trim().to_string());
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            let figure = match fields.as_slice() {
                ["figure", workload, implementation, value, unit] => {
                    value.trim().parse().ok().map(|value| Figure {
                        workload: workload.to_string(),
                        implementation: implementation.to_string(),
                        value,
                        unit: unit.trim().to_string(),
                    })
                }
                _ => None,
            };
            figures.push(figure.ok_or_else(|| (i + 1, line.to_string()))?);
        }
        Ok(Results { title, figures })
    }

    /// The first comment: which machine, when.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The workloads, in the order they first appear.
    pub fn workloads(&self) -> Vec<&str> {
        let mut seen: Vec<&str> = Vec::new();
        for f in &self.figures {
            if !seen.contains(&f.workload.as_str()) {
                seen.push(&f.workload);
            }
        }
        seen
    }

    /// A workload's figures; where an implementation appears twice (a part run again), the
    /// last one.
    pub fn of(&self, workload: &str) -> Vec<&Figure> {
        let mut out: Vec<&Figure> = Vec::new();
        for f in self.figures.iter().filter(|f| f.workload == workload) {
            out.retain(|g| g.implementation != f.implementation);
            out.push(f);
        }
        out
    }
}

const PREFIXES: [(&str, f64); 7] = [
    ("T", 1e12),
    ("G", 1e9),
    ("M", 1e6),
    ("k", 1e3),
    ("m", 1e-3),
    ("µ", 1e-6),
    ("n", 1e-9),
];

/// A unit's prefix factor and base: `GB/s` is (1e9, `B/s`), `Gkeys/s` (1e9, `keys/s`), `ms`
/// (1e-3, `s`); a unit without a known prefix is its own base.
pub fn split_unit(unit: &str) -> (f64, &str) {
    for (prefix, factor) in PREFIXES {
        if let Some(base) = unit.strip_prefix(prefix) {
            if ["B/s", "FLOP/s", "keys/s", "s"].contains(&base) {
                return (factor, base);
            }
        }
    }
    (1.0, unit)
}

/// The factor and name of the unit that shows `largest` (in `base`) between 1 and 1000:
/// rates from M to T, times from µs to s.
pub fn display_unit(base: &str, largest: f64) -> (f64, String) {
    let choices: &[(&str, f64)] = match base {
        "s" => &[("", 1.0), ("m", 1e-3), ("µ", 1e-6)],
        "B/s" | "FLOP/s" | "keys/s" => &[("T", 1e12), ("G", 1e9), ("M", 1e6)],
        _ => &[("", 1.0)],
    };
    let (prefix, factor) = choices
        .iter()
        .find(|(_, factor)| largest >= *factor)
        .or(choices.last())
        .copied()
        .unwrap_or(("", 1.0));
    (factor, format!("{prefix}{base}"))
}

/// Whether smaller figures are better: times are, rates are not.
pub fn lower_is_better(base: &str) -> bool {
    base == "s"
}

/// A value with three significant digits, no exponent: `2936`, `38.2`, `0.962`.
pub fn short(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let decimals = (2 - v.abs().log10().floor() as i32).max(0) as usize;
    format!("{v:.decimals$}")
}

/// An axis label: at most three significant digits, without trailing zeros: `4`, `0.5`, `2.25`.
pub fn tick(v: f64) -> String {
    let text = short(v);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_figures_comments_and_reports_bad_lines() {
        let text = "# NVIDIA H100; 2026-11-23\nfigure\tvector add\tamp\t2052\tGB/s\n\n\
                    figure\tvector add\ttorch\t2.936\tTB/s\n";
        let r = Results::parse(text).expect("a valid file");
        assert_eq!(r.title(), Some("NVIDIA H100; 2026-11-23"));
        assert_eq!(r.workloads(), ["vector add"]);
        assert_eq!(r.of("vector add").len(), 2);
        let bad = Results::parse("figure\tx\tamp\tfast\tGB/s\n").map(|_| ());
        assert_eq!(bad, Err((1, "figure\tx\tamp\tfast\tGB/s".to_string())));
    }

    #[test]
    fn a_repeated_implementation_keeps_its_last_figure() {
        let r = Results::parse("figure\tw\tamp\t1\tms\nfigure\tw\tamp\t2\tms\n").expect("valid");
        assert_eq!(r.of("w")[0].value, 2.0);
    }

    #[test]
    fn units_split_and_display() {
        assert_eq!(split_unit("GFLOP/s"), (1e9, "FLOP/s"));
        assert_eq!(split_unit("TFLOP/s"), (1e12, "FLOP/s"));
        assert_eq!(split_unit("µs"), (1e-6, "s"));
        assert_eq!(split_unit("ratio"), (1.0, "ratio"));
        assert_eq!(
            display_unit("FLOP/s", 38.2e12),
            (1e12, "TFLOP/s".to_string())
        );
        assert_eq!(display_unit("B/s", 936e9), (1e9, "GB/s".to_string()));
        assert_eq!(display_unit("s", 0.021), (1e-3, "ms".to_string()));
        assert_eq!(short(2936.16), "2936");
        assert_eq!(short(38.17), "38.2");
        assert_eq!(short(0.9624), "0.962");
        assert_eq!(tick(4.0), "4");
        assert_eq!(tick(0.5), "0.5");
        assert_eq!(tick(60.0), "60");
        assert_eq!(tick(1000.0), "1000");
    }
}
