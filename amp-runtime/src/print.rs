//! Lines that kernels print and assertions that fail in them (C++ AMP's `direct3d_printf` and
//! `direct3d_errorf`).
//!
//! A launch of a kernel that prints or asserts binds a fresh print buffer
//! ([`DEFAULT_BUFFER_BYTES`], or `AMP_PRINT_BUFFER` bytes), and the launch reads it back when
//! it has run (so a printing launch waits for the accelerator). The records (amp-core's
//! `builder/print.rs` describes them) are formatted with Rust's formatting, sorted by thread
//! (each thread's lines in program order) and written to stdout (`print!`, `println!`) or
//! stderr (`eprint!`, `eprintln!`), or to the sink set with [`set_sink`]. Records that did not
//! fit are counted and reported on stderr. The first failed assertion (by thread) becomes the
//! launch's [`Error::Assertion`]; any others are written to stderr.

use crate::accelerator::Accelerator;
use crate::error::{AssertionError, Error, Result};
use crate::fault::KernelSites;
use amp_core::builder::{
    ArgShape, ArgType, Piece, PrintKind, PrintScalar, Spec, PRINT_HEADER_WORDS, RECORD_HEADER_WORDS,
};
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::{Arc, Mutex, PoisonError};

/// Bytes of a launch's print buffer unless `AMP_PRINT_BUFFER` says otherwise: 1 MiB.
pub const DEFAULT_BUFFER_BYTES: u64 = 1 << 20;

/// Where a printed line goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// A receiver of printed text: what would be written to `Stream`, a record's text at a time.
pub type Sink = Arc<dyn Fn(Stream, &str) + Send + Sync>;

static SINK: Mutex<Option<Sink>> = Mutex::new(None);

/// Sends the text kernels print (and amp's notes about dropped lines) to `sink` instead of
/// stdout and stderr, for the whole process; `None` restores them. Tests use it to read what
/// kernels print.
pub fn set_sink(sink: Option<Sink>) {
    *SINK.lock().unwrap_or_else(PoisonError::into_inner) = sink;
}

fn emit(stream: Stream, text: &str) {
    let sink = SINK.lock().unwrap_or_else(PoisonError::into_inner).clone();
    match sink {
        Some(sink) => sink(stream, text),
        // A closed stdout or stderr loses the text, as `print!` would report by panicking.
        None => match stream {
            Stream::Stdout => {
                let _ = std::io::stdout().lock().write_all(text.as_bytes());
            }
            Stream::Stderr => {
                let _ = std::io::stderr().lock().write_all(text.as_bytes());
            }
        },
    }
}

/// Bytes of a launch's print buffer: `AMP_PRINT_BUFFER` when it is a number of at least 16,
/// else [`DEFAULT_BUFFER_BYTES`].
pub fn buffer_bytes() -> u64 {
    std::env::var("AMP_PRINT_BUFFER")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&b| b >= 16)
        .map_or(DEFAULT_BUFFER_BYTES, |b| b.next_multiple_of(4))
}

/// A zeroed print buffer for one launch.
pub(crate) fn buffer(accelerator: &Accelerator) -> Result<wgpu::Buffer> {
    let size = buffer_bytes().min(accelerator.limits().max_storage_buffer_binding_size);
    accelerator.scoped(|device| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("amp prints"),
            size,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            // wgpu zero-initialises buffers: the cursor and the dropped count start at zero.
            mapped_at_creation: false,
        })
    })
}

/// Reads a launch's print buffer back, writes its lines, and returns its first failed
/// assertion as the error.
pub(crate) fn report(
    accelerator: &Accelerator,
    kernel: &KernelSites,
    extent: &[i32],
    buffer: &wgpu::Buffer,
) -> Result<()> {
    let words = accelerator.read_words(buffer)?;
    let records = Records::parse(kernel, &words);
    let mut lines: Vec<Line> = records.lines;
    lines.sort_by_key(|l| (l.thread, l.seq));
    let mut first = None;
    for line in lines {
        match line.kind {
            PrintKind::Out => emit(Stream::Stdout, &line.text),
            PrintKind::Err => emit(Stream::Stderr, &line.text),
            PrintKind::Assertion => {
                let error = AssertionError {
                    kernel: kernel.kernel.clone(),
                    loc: line.loc,
                    message: line.text,
                    index: delinearize(line.thread, extent),
                };
                if first.is_none() {
                    first = Some(error);
                } else {
                    emit(Stream::Stderr, &format!("amp: {error}\n"));
                }
            }
        }
    }
    if records.dropped > 0 {
        emit(
            Stream::Stderr,
            &format!(
                "amp: {} lines printed by kernel '{}' were dropped (print buffer: {} bytes; set \
                 AMP_PRINT_BUFFER to enlarge it)\n",
                records.dropped,
                kernel.kernel,
                buffer.size()
            ),
        );
    }
    match first {
        Some(error) => Err(Error::Assertion(Box::new(error))),
        None => Ok(()),
    }
}

/// A record, formatted.
struct Line {
    thread: u32,
    /// Its place in the buffer (a thread's records are in program order).
    seq: usize,
    kind: PrintKind,
    loc: amp_core::Loc,
    text: String,
}

/// The records of a print buffer.
struct Records {
    lines: Vec<Line>,
    dropped: u64,
}

impl Records {
    fn parse(kernel: &KernelSites, words: &[u32]) -> Records {
        let header = PRINT_HEADER_WORDS as usize;
        let (cursor, mut dropped) = match words {
            [c, d, ..] => (*c as usize, u64::from(*d)),
            _ => (0, 0),
        };
        let data = words.get(header..).unwrap_or_default();
        let end = cursor.min(data.len());
        let mut lines = Vec::new();
        let mut at = 0;
        while at < end {
            let len = data[at] as usize;
            // Past the last record that fit: words never written (zero).
            let Some(record) = data
                .get(at..at + len)
                .filter(|_| len >= RECORD_HEADER_WORDS as usize)
            else {
                break;
            };
            match format_record(kernel, record) {
                Some((kind, loc, thread, text)) => lines.push(Line {
                    thread,
                    seq: at,
                    kind,
                    loc,
                    text,
                }),
                None => dropped += 1,
            }
            at += len;
        }
        Records { lines, dropped }
    }
}

/// A record's kind, location, thread and text.
fn format_record(
    kernel: &KernelSites,
    record: &[u32],
) -> Option<(PrintKind, amp_core::Loc, u32, String)> {
    let format = kernel.prints.get(*record.get(1)? as usize)?;
    let thread = *record.get(2)?;
    let mut values = Vec::new();
    let mut at = RECORD_HEADER_WORDS as usize;
    for ty in &format.args {
        let n = ty.words() as usize;
        values.push((*ty, record.get(at..at + n)?));
        at += n;
    }
    let mut text = String::new();
    for piece in &format.pieces {
        match piece {
            Piece::Text(t) => text.push_str(t),
            Piece::Arg { arg, spec } => {
                let (ty, words) = values.get(*arg)?;
                format_arg(&mut text, *ty, words, *spec);
            }
        }
    }
    Some((format.kind, format.loc, thread, text))
}

/// A scalar read back.
#[derive(Clone, Copy)]
enum Value {
    Int(i64),
    Uint(u64),
    F32(f32),
    F16(half::f16),
    F64(f64),
    Bool(bool),
}

fn scalar(scalar: PrintScalar, w: &[u32]) -> Value {
    let wide = || u64::from(w[0]) | (u64::from(w.get(1).copied().unwrap_or(0)) << 32);
    match scalar {
        PrintScalar::I32 => Value::Int(i64::from(w[0] as i32)),
        PrintScalar::U32 => Value::Uint(u64::from(w[0])),
        PrintScalar::F32 => Value::F32(f32::from_bits(w[0])),
        PrintScalar::F16 => Value::F16(half::f16::from_f32(f32::from_bits(w[0]))),
        PrintScalar::Bool => Value::Bool(w[0] != 0),
        PrintScalar::I64 => Value::Int(wide() as i64),
        PrintScalar::U64 => Value::Uint(wide()),
        PrintScalar::F64 => Value::F64(f64::from_bits(wide())),
    }
}

/// Formats `v` as `{}`, `{:?}`, `{:.N}`, `{:x}` or `{:X}` would.
fn format_value(out: &mut String, v: Value, spec: Spec) {
    macro_rules! number {
        ($v:expr) => {
            match (spec.debug, spec.precision) {
                (false, None) => write!(out, "{}", $v),
                (true, None) => write!(out, "{:?}", $v),
                (false, Some(p)) => write!(out, "{:.*}", p, $v),
                (true, Some(p)) => write!(out, "{:.*?}", p, $v),
            }
        };
    }
    let _ = match (v, spec.hex) {
        (Value::Int(i), Some(false)) => write!(out, "{i:x}"),
        (Value::Int(i), Some(true)) => write!(out, "{i:X}"),
        (Value::Uint(u), Some(false)) => write!(out, "{u:x}"),
        (Value::Uint(u), Some(true)) => write!(out, "{u:X}"),
        (Value::Int(i), _) => number!(i),
        (Value::Uint(u), _) => number!(u),
        (Value::F32(f), _) => number!(f),
        (Value::F16(f), _) => number!(f),
        (Value::F64(f), _) => number!(f),
        (Value::Bool(b), _) => number!(b),
    };
}

fn format_arg(out: &mut String, ty: ArgType, words: &[u32], spec: Spec) {
    let per = ty.scalar.words() as usize;
    let mut components = words.chunks(per).map(|w| scalar(ty.scalar, w));
    match ty.shape {
        ArgShape::Scalar => {
            if let Some(v) = components.next() {
                format_value(out, v, spec);
            }
        }
        // As amp's host types format: `(1,2)` for shapes, `(1.0, 2.0)` for vectors.
        ArgShape::Index(_) | ArgShape::Extent(_) | ArgShape::Vector(_) => {
            let sep = match ty.shape {
                ArgShape::Vector(_) => ", ",
                _ => ",",
            };
            out.push('(');
            for (i, v) in components.enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                format_value(out, v, spec);
            }
            out.push(')');
        }
    }
}

/// The index of thread `linear` of a domain of `extent` (row-major).
fn delinearize(linear: u32, extent: &[i32]) -> Vec<i64> {
    let mut rest = u64::from(linear);
    let mut index = vec![0; extent.len()];
    for (k, &e) in extent.iter().enumerate().rev() {
        let e = u64::from(e.max(1) as u32);
        index[k] = (rest % e) as i64;
        rest /= e;
    }
    index
}
