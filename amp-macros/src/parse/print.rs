//! `println!`, `eprintln!`, `print!`, `eprint!`, `assert!`, `assert_eq!`, `assert_ne!` and
//! their `debug_` forms: the macros kernels may use. Rules: the format string is a string
//! literal; it uses `{}`, `{:?}`, `{:.N}`, `{:x}` and `{:X}`; every argument is used and every
//! placeholder has one (as `format_args!` requires).

use super::Parser;
use crate::ast::{ExprKind, FmtPiece, Print, PrintMacro};
use syn::parse::Parser as _;
use syn::punctuated::Punctuated;
use syn::{Expr, LitStr, Token};

/// The macros kernels take, by name: which, and whether a newline ends the line.
fn which(name: &str) -> Option<(PrintMacro, bool)> {
    Some(match name {
        "println" => (PrintMacro::Out, true),
        "print" => (PrintMacro::Out, false),
        "eprintln" => (PrintMacro::Err, true),
        "eprint" => (PrintMacro::Err, false),
        "assert" | "debug_assert" => (PrintMacro::Assert, false),
        "assert_eq" | "debug_assert_eq" => (PrintMacro::AssertCmp(true), false),
        "assert_ne" | "debug_assert_ne" => (PrintMacro::AssertCmp(false), false),
        _ => return None,
    })
}

const SPEC: &str = "kernels format with `{}`, `{:?}`, `{:.N}` (floats) and `{:x}`/`{:X}` \
                    (integers); this format spec is not supported";

impl Parser<'_> {
    /// A macro in a kernel: one of the printing and asserting macros, or an error.
    pub(super) fn mac(&mut self, mac: &syn::Macro) -> ExprKind {
        let name = mac.path.segments.last().map(|s| s.ident.to_string());
        let Some((kind, newline)) = name.as_deref().and_then(which) else {
            self.errors.push(mac, super::forms::MACRO);
            return ExprKind::Unit;
        };
        let parsed = Punctuated::<Expr, Token![,]>::parse_terminated.parse2(mac.tokens.clone());
        let exprs: Vec<Expr> = match parsed {
            Ok(p) => p.into_iter().collect(),
            Err(e) => {
                self.errors.push_at(e.span(), e);
                return ExprKind::Unit;
            }
        };
        let mut rest = exprs.as_slice();
        let mut take = |n: usize| {
            let (first, after) = rest.split_at(n.min(rest.len()));
            rest = after;
            first.to_vec()
        };
        let (condition, compared) = match kind {
            PrintMacro::Assert => (take(1).into_iter().next(), Vec::new()),
            PrintMacro::AssertCmp(_) => (None, take(2)),
            _ => (None, Vec::new()),
        };
        let needed = match kind {
            PrintMacro::Assert => usize::from(condition.is_none()),
            PrintMacro::AssertCmp(_) => 2 - compared.len(),
            _ => 0,
        };
        if needed > 0 {
            self.errors.push(
                mac,
                "this assertion needs its condition (`assert!(c)`) or both values \
                 (`assert_eq!(a, b)`)",
            );
            return ExprKind::Unit;
        }
        let format = rest.first().cloned();
        let given = rest.get(1..).unwrap_or_default().to_vec();
        let mut print = Print {
            kind,
            condition: condition.as_ref().map(|c| self.expr(c)),
            pieces: Vec::new(),
            args: compared.iter().map(|e| self.expr(e)).collect(),
        };
        let text = match &format {
            None => None,
            Some(Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            })) => Some(s.clone()),
            Some(other) => {
                self.errors.push(
                    other,
                    "a kernel's format string is a string literal (`println!(\"{} {}\", a, b)`)",
                );
                return ExprKind::Unit;
            }
        };
        if let Some(lit) = text {
            self.format(&lit, &given, &mut print);
        }
        assertion_text(kind, &exprs, &mut print);
        if newline {
            print.pieces.push(FmtPiece::Text("\n".into()));
        }
        ExprKind::Print(Box::new(print))
    }

    /// Parses the format string `lit` with the arguments `given` into `print`'s pieces and
    /// arguments (after those already there).
    fn format(&mut self, lit: &LitStr, given: &[Expr], print: &mut Print) {
        let base = print.args.len();
        let mut positional = Vec::new();
        let mut named: Vec<(String, Expr)> = Vec::new();
        for e in given {
            match e {
                Expr::Assign(a) => match &*a.left {
                    Expr::Path(p) if p.path.get_ident().is_some() => {
                        let name = p
                            .path
                            .get_ident()
                            .map(|i| i.to_string())
                            .unwrap_or_default();
                        named.push((name, (*a.right).clone()));
                    }
                    other => self
                        .errors
                        .push(other, "a named format argument is `name = value`"),
                },
                _ if !named.is_empty() => self
                    .errors
                    .push(e, "positional format arguments come before named ones"),
                _ => positional.push(e.clone()),
            }
        }
        let mut args: Vec<Expr> = positional
            .iter()
            .chain(named.iter().map(|(_, e)| e))
            .cloned()
            .collect();
        let mut used = vec![false; args.len()];
        let mut next = 0;
        let value = lit.value();
        let mut text = String::new();
        let mut chars = value.chars().peekable();
        let mut pieces = Vec::new();
        while let Some(c) = chars.next() {
            match c {
                '{' if chars.peek() == Some(&'{') => {
                    chars.next();
                    text.push('{');
                }
                '}' if chars.peek() == Some(&'}') => {
                    chars.next();
                    text.push('}');
                }
                '}' => {
                    self.errors.push(
                        lit,
                        "unmatched `}` in format string; write `}}` for a brace",
                    );
                    return;
                }
                '{' => {
                    let mut inner = String::new();
                    let mut closed = false;
                    for c in chars.by_ref() {
                        if c == '}' {
                            closed = true;
                            break;
                        }
                        inner.push(c);
                    }
                    if !closed {
                        self.errors.push(
                            lit,
                            "unmatched `{` in format string; write `{{` for a brace",
                        );
                        return;
                    }
                    let (name, spec) = inner.split_once(':').unwrap_or((inner.as_str(), ""));
                    let name = name.trim();
                    let arg = if name.is_empty() {
                        next += 1;
                        next - 1
                    } else if let Ok(k) = name.parse::<usize>() {
                        k
                    } else if let Some(k) = named.iter().position(|(n, _)| n == name) {
                        positional.len() + k
                    } else if syn::parse_str::<syn::Ident>(name).is_ok() {
                        // `{x}` captures `x`.
                        let ident = syn::Ident::new(name, lit.span());
                        named.push((name.to_owned(), syn::parse_quote!(#ident)));
                        args.push(syn::parse_quote!(#ident));
                        used.push(false);
                        args.len() - 1
                    } else {
                        self.errors
                            .push(lit, format!("`{name}` is not a format argument"));
                        return;
                    };
                    if arg >= args.len() {
                        self.errors.push(
                            lit,
                            format!(
                                "this format string needs argument {arg}, but {} {} given",
                                args.len(),
                                if args.len() == 1 { "is" } else { "are" }
                            ),
                        );
                        return;
                    }
                    used[arg] = true;
                    let Some(spec) = parse_spec(spec) else {
                        self.errors.push(lit, SPEC);
                        return;
                    };
                    if !text.is_empty() {
                        pieces.push(FmtPiece::Text(std::mem::take(&mut text)));
                    }
                    let (debug, precision, hex) = spec;
                    pieces.push(FmtPiece::Arg {
                        arg: base + arg,
                        debug,
                        precision,
                        hex,
                    });
                }
                c => text.push(c),
            }
        }
        if !text.is_empty() {
            pieces.push(FmtPiece::Text(text));
        }
        for (e, used) in args.iter().zip(&used) {
            if !used {
                self.errors
                    .push(e, "this argument is never used by the format string");
            }
        }
        print.pieces.extend(pieces);
        let parsed: Vec<_> = args.iter().map(|e| self.expr(e)).collect();
        print.args.extend(parsed);
    }
}

/// A spec after `:`: `""`, `"?"`, `".N"`, `".N?"`, `"x"`, `"X"` as (debug, precision, hex).
fn parse_spec(spec: &str) -> Option<(bool, Option<usize>, Option<bool>)> {
    match spec {
        "" => return Some((false, None, None)),
        "?" => return Some((true, None, None)),
        "x" => return Some((false, None, Some(false))),
        "X" => return Some((false, None, Some(true))),
        _ => {}
    }
    let digits = spec.strip_prefix('.')?;
    let (digits, debug) = match digits.strip_suffix('?') {
        Some(d) => (d, true),
        None => (digits, false),
    };
    Some((debug, Some(digits.parse().ok()?), None))
}

/// The text of an assertion's message, as Rust's own assertions write it: `assertion failed:
/// cond` (or the message), and for `assert_eq!`/`assert_ne!` both values.
fn assertion_text(kind: PrintMacro, exprs: &[Expr], print: &mut Print) {
    let arg = |arg| FmtPiece::Arg {
        arg,
        debug: true,
        precision: None,
        hex: None,
    };
    let message = std::mem::take(&mut print.pieces);
    match kind {
        PrintMacro::Assert if message.is_empty() => {
            let cond = exprs.first().map(|c| quote::quote!(#c).to_string());
            print.pieces.push(FmtPiece::Text(format!(
                "assertion failed: {}",
                cond.unwrap_or_default()
            )));
        }
        PrintMacro::AssertCmp(eq) => {
            let op = if eq { "==" } else { "!=" };
            let mut head = format!("assertion `left {op} right` failed");
            if !message.is_empty() {
                head.push_str(": ");
            }
            print.pieces.push(FmtPiece::Text(head));
            print.pieces.extend(message);
            print.pieces.push(FmtPiece::Text("\n  left: ".into()));
            print.pieces.push(arg(0));
            print.pieces.push(FmtPiece::Text("\n right: ".into()));
            print.pieces.push(arg(1));
        }
        _ => print.pieces = message,
    }
}
