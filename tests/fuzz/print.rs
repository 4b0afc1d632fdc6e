//! Prints generated items one statement per line, so that a diagnostic's line says which part of
//! a mutant it is about, and remembers where the macro-name tokens landed: an error there points
//! at a whole `parallel_for_each!` invocation or at a `#[kernel]` attribute, not at the user's
//! tokens.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// Source text being written, with the position of the next character.
pub struct Printer {
    /// The text so far.
    pub out: String,
    /// 0-based line of the next character.
    line: usize,
    /// 0-based column (in characters) of the next character.
    col: usize,
    /// Brace depth, for indentation.
    indent: usize,
    /// Whether the next token needs a space before it.
    space: bool,
    /// Whether the next token starts a new line (after `;`, `{`, `}` or an attribute).
    newline: bool,
    /// 0-based (line, column) of each `parallel_for_each` name followed by `!`.
    pub launch_names: Vec<(usize, usize)>,
    /// 0-based lines of each `#[kernel]` attribute.
    pub kernel_attrs: Vec<usize>,
}

impl Printer {
    pub fn new() -> Self {
        Printer {
            out: String::new(),
            line: 0,
            col: 0,
            indent: 0,
            space: false,
            newline: false,
            launch_names: Vec::new(),
            kernel_attrs: Vec::new(),
        }
    }

    /// The number of lines written (the next line's 0-based number).
    pub fn lines(&self) -> usize {
        self.line + usize::from(self.col > 0)
    }

    /// Writes a line of raw text (wrapper code that is not a token stream).
    pub fn raw_line(&mut self, text: &str) {
        self.break_line();
        self.out.push_str(text);
        self.out.push('\n');
        self.line += 1;
        self.col = 0;
        self.space = false;
        self.newline = false;
    }

    /// Writes `tokens`, as items or statements.
    pub fn tokens(&mut self, tokens: TokenStream) {
        self.stream(tokens, true);
        self.newline = true;
    }

    fn break_line(&mut self) {
        if self.col > 0 {
            self.out.push('\n');
            self.line += 1;
            self.col = 0;
        }
    }

    /// Moves to where the next token goes (a new line, indentation, a space).
    fn start(&mut self) {
        if self.newline {
            self.break_line();
            self.newline = false;
        }
        if self.col == 0 {
            let pad = "    ".repeat(self.indent);
            self.out.push_str(&pad);
            self.col = pad.len();
        } else if self.space {
            self.out.push(' ');
            self.col += 1;
        }
        self.space = false;
    }

    fn word(&mut self, text: &str) {
        self.start();
        self.out.push_str(text);
        self.col += text.chars().count();
        self.space = true;
    }

    /// `statements`: inside braces (or at the top), where `;` and attributes end a line.
    fn stream(&mut self, tokens: TokenStream, statements: bool) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Ident(ident) => {
                    let name = ident.to_string();
                    let is_launch = name.starts_with("parallel_for_each")
                        && matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                    if matches!(name.as_str(), "else" | "as") {
                        self.newline = false;
                    }
                    if is_launch {
                        self.start();
                        self.launch_names.push((self.line, self.col));
                    }
                    self.word(&name);
                }
                TokenTree::Literal(lit) => self.word(&lit.to_string()),
                TokenTree::Punct(p) => {
                    let c = p.as_char();
                    if matches!(c, '.' | '?' | ',' | ';' | ')') {
                        self.newline = false;
                    }
                    let attribute = c == '#'
                        && match trees.get(i + 1) {
                            Some(TokenTree::Group(g)) => g.delimiter() == Delimiter::Bracket,
                            Some(TokenTree::Punct(b)) => b.as_char() == '!',
                            _ => false,
                        };
                    if attribute && statements {
                        self.newline = true;
                    }
                    self.word(&c.to_string());
                    if p.spacing() == Spacing::Joint || attribute {
                        self.space = false;
                    }
                    if attribute {
                        let inner = match (trees.get(i + 1), trees.get(i + 2)) {
                            (Some(TokenTree::Group(g)), _) => Some(g),
                            (Some(TokenTree::Punct(_)), Some(TokenTree::Group(g))) => {
                                self.word("!");
                                self.space = false;
                                i += 1;
                                Some(g)
                            }
                            _ => None,
                        };
                        if let Some(g) = inner {
                            if g.stream().to_string() == "kernel" {
                                self.kernel_attrs.push(self.line);
                            }
                            self.word("[");
                            self.space = false;
                            self.stream(g.stream(), false);
                            self.space = false;
                            self.word("]");
                            i += 1;
                            if statements {
                                self.newline = true;
                            }
                        }
                    } else if c == ';' && statements {
                        self.newline = true;
                    }
                }
                TokenTree::Group(g) => match g.delimiter() {
                    Delimiter::Brace => {
                        self.word("{");
                        self.indent += 1;
                        self.newline = true;
                        self.stream(g.stream(), true);
                        self.indent -= 1;
                        self.newline = true;
                        self.word("}");
                        self.newline = statements;
                    }
                    Delimiter::Parenthesis => {
                        self.word("(");
                        self.space = false;
                        self.stream(g.stream(), false);
                        self.space = false;
                        self.newline = false;
                        self.word(")");
                    }
                    Delimiter::Bracket => {
                        self.word("[");
                        self.space = false;
                        self.stream(g.stream(), false);
                        self.space = false;
                        self.newline = false;
                        self.word("]");
                    }
                    Delimiter::None => self.stream(g.stream(), statements),
                },
            }
            i += 1;
        }
    }

    /// The text, ending with a newline.
    pub fn finish(mut self) -> String {
        self.break_line();
        self.out
    }
}
