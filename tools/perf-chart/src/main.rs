//! Draws the performance chart of `docs/PERFORMANCE.md` from a benchmark results file.
//!
//! ```text
//! cargo run --release --manifest-path tools/perf-chart/Cargo.toml -- \
//!     benches/results/<machine>-<date>.tsv... docs/perf.png
//! ```
//!
//! The results file holds one line per figure, `figure<TAB>workload<TAB>implementation<TAB>
//! value<TAB>unit`, as the benchmarks print them (`benches/support/figure.rs`) and
//! `scripts/gpu-bench.sh` collects them; lines starting with `#` are comments, and the first
//! comment is the title of that file's section (machine and date). One panel per workload that has amp's
//! figure (checked, GPU time or unchecked) and at least one reference (hand-written WGSL, torch or CUDA), in the order of the
//! file, each on its own axis in the workload's own unit; one bar per implementation in
//! [`IMPLEMENTATIONS`]. Other lines (plain Rust, variants, single figures) stay in the file
//! and the tables of PERFORMANCE.md.

mod results;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use results::{Figure, Results};
use std::fmt;
use std::path::PathBuf;

/// The implementations drawn, in bar order: the name in the results file, the legend's words
/// and the colour. amp's own bars are blues, the references warm colours and grey.
const IMPLEMENTATIONS: [(&str, &str, RGBColor); 9] = [
    ("amp", "amp (checked)", RGBColor(31, 84, 166)),
    (
        "amp GPU time",
        "amp (checked), GPU time",
        RGBColor(66, 133, 214),
    ),
    ("amp unchecked", "amp unchecked", RGBColor(150, 190, 235)),
    ("WGSL", "hand-written WGSL", RGBColor(235, 137, 33)),
    (
        "WGSL, wgpu checks",
        "WGSL with wgpu's checks",
        RGBColor(246, 200, 140),
    ),
    ("torch", "torch (CUB, cuBLAS)", RGBColor(196, 48, 43)),
    (
        "torch, pageable",
        "torch, pageable memory",
        RGBColor(232, 140, 130),
    ),
    (
        "torch, pinned",
        "torch, pinned memory",
        RGBColor(140, 20, 20),
    ),
    ("CUDA", "CUDA, same algorithm", RGBColor(110, 110, 110)),
];

/// amp's own implementations: a workload is drawn when it has one of these…
const AMP: [&str; 3] = ["amp", "amp GPU time", "amp unchecked"];

/// …and one of these, what amp's figures are compared with: a workload is drawn when it has one of these.
const REFERENCES: [&str; 5] = ["WGSL", "torch", "torch, pageable", "torch, pinned", "CUDA"];

/// DejaVu Sans, cut down to Latin-1 and a few symbols (`font/LICENSE`): text needs nothing
/// from the system.
const FONT: &[u8] = include_bytes!("../font/DejaVuSans-subset.ttf");

const COLUMNS: usize = 4;
const PANEL: (u32, u32) = (420, 300);
/// The header: title, subtitle, then the legend's rows.
const LEGEND_TOP: u32 = 88;
const LEGEND_ROW: u32 = 28;
const LEGEND_COLUMNS: usize = 4;
const SECTION_TITLE: u32 = 44;
const FOOTER: u32 = 30;

/// Why no chart was drawn.
#[derive(Debug)]
enum Error {
    /// The command line was not `<results.tsv>... <chart.png>`.
    Usage,
    /// The results file could not be read or parsed.
    Results(results::Error),
    /// A file has no workload with amp's figure and a reference.
    Empty { path: PathBuf },
    /// plotters could not register the font.
    Font,
    /// plotters could not draw or write the picture.
    Draw { path: PathBuf, message: String },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage => write!(f, "usage: perf-chart <results.tsv>... <chart.png>"),
            Error::Results(e) => write!(f, "{e}"),
            Error::Empty { path } => write!(
                f,
                "{}: no workload has both amp's figure and a reference",
                path.display()
            ),
            Error::Font => write!(f, "the embedded font could not be read"),
            Error::Draw { path, message } => write!(f, "drawing {}: {message}", path.display()),
        }
    }
}

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("perf-chart: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Error> {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [inputs @ .., output] = args.as_slice() else {
        return Err(Error::Usage);
    };
    if inputs.is_empty() {
        return Err(Error::Usage);
    }
    let files = inputs
        .iter()
        .map(|path| Ok((path, Results::read(path).map_err(Error::Results)?)))
        .collect::<Result<Vec<_>, Error>>()?;
    let mut sections = Vec::new();
    for (path, results) in &files {
        let panels = panels(results);
        if panels.is_empty() {
            return Err(Error::Empty {
                path: path.to_path_buf(),
            });
        }
        let title = results
            .title()
            .map_or_else(|| path.display().to_string(), str::to_string);
        sections.push(Section { title, panels });
    }
    plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
        .map_err(|_| Error::Font)?;
    let sources: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
    draw(&sections, &sources.join(", "), output).map_err(|e| Error::Draw {
        path: output.clone(),
        message: e.to_string(),
    })?;
    let count: usize = sections.iter().map(|s| s.panels.len()).sum();
    println!("{}: {count} workloads", output.display());
    Ok(())
}

/// One results file's part of the picture: its title and its panels.
struct Section<'a> {
    /// The file's first comment (machine, date), else its path.
    title: String,
    /// The workloads drawn, each with its figures.
    panels: Vec<(&'a str, Vec<&'a Figure>)>,
}

/// The workloads of `results` that have one of amp's figures and a reference, in file order.
fn panels(results: &Results) -> Vec<(&str, Vec<&Figure>)> {
    results
        .workloads()
        .into_iter()
        .map(|w| (w, results.of(w)))
        .filter(|(_, figures)| {
            figures
                .iter()
                .any(|f| AMP.contains(&f.implementation.as_str()))
                && figures
                    .iter()
                    .any(|f| REFERENCES.contains(&f.implementation.as_str()))
        })
        .collect()
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// The picture: a header with the title and legend, then each section's title and its grid of
/// panels, then the sources.
fn draw(sections: &[Section], sources: &str, output: &PathBuf) -> DrawResult {
    // The legend: only the implementations some panel draws.
    let used: Vec<_> = IMPLEMENTATIONS
        .iter()
        .filter(|(name, ..)| {
            sections
                .iter()
                .flat_map(|s| &s.panels)
                .any(|(_, figures)| figures.iter().any(|f| &f.implementation == name))
        })
        .collect();
    let header_height = LEGEND_TOP + LEGEND_ROW * used.len().div_ceil(LEGEND_COLUMNS) as u32 + 8;
    let rows = |s: &Section| s.panels.len().div_ceil(COLUMNS) as u32;
    let height = header_height
        + sections
            .iter()
            .map(|s| SECTION_TITLE + PANEL.1 * rows(s))
            .sum::<u32>()
        + FOOTER;
    let root = BitMapBackend::new(output, (PANEL.0 * COLUMNS as u32, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (header, mut rest) = root.split_vertically(header_height);

    let title = ("sans-serif", 30).into_font().color(&BLACK);
    header.draw_text("amp against hand-written WGSL and torch", &title, (20, 14))?;
    let grey = RGBColor(70, 70, 70);
    let subtitle = ("sans-serif", 18).into_font().color(&grey);
    header.draw_text(
        "Higher is better unless marked; each panel in its own unit; \
         ratios only within one machine and day.",
        &subtitle,
        (20, 54),
    )?;
    let legend = ("sans-serif", 17).into_font().color(&BLACK);
    for (i, (_, words, colour)) in used.iter().enumerate() {
        let x = 20 + (i % LEGEND_COLUMNS) as i32 * 400;
        let y = (LEGEND_TOP + LEGEND_ROW * (i / LEGEND_COLUMNS) as u32) as i32;
        header.draw(&Rectangle::new([(x, y), (x + 22, y + 18)], colour.filled()))?;
        header.draw_text(words, &legend, (x + 30, y + 1))?;
    }

    let heading = ("sans-serif", 22).into_font().color(&BLACK);
    for section in sections {
        let (top, below) = rest.split_vertically(SECTION_TITLE + PANEL.1 * rows(section));
        rest = below;
        let (title_area, body) = top.split_vertically(SECTION_TITLE);
        title_area.fill(&RGBColor(238, 241, 246))?;
        title_area.draw_text(&section.title, &heading, (20, 10))?;
        let grid = body.split_evenly((rows(section) as usize, COLUMNS));
        for (area, (workload, figures)) in grid.iter().zip(&section.panels) {
            panel(area, workload, figures)?;
        }
    }
    let small = ("sans-serif", 14)
        .into_font()
        .color(&RGBColor(110, 110, 110));
    rest.draw_text(
        &format!("drawn by tools/perf-chart from {sources}"),
        &small,
        (20, 8),
    )?;
    root.present()?;
    Ok(())
}

/// One workload's bars, in [`IMPLEMENTATIONS`] order, with their values above them, in the
/// unit of amp's first figure with the prefix that suits the largest bar.
fn panel(
    area: &DrawingArea<BitMapBackend, plotters::coord::Shift>,
    workload: &str,
    figures: &[&Figure],
) -> DrawResult {
    let base = figures
        .iter()
        .find(|f| AMP.contains(&f.implementation.as_str()))
        .map_or("", |f| results::split_unit(&f.unit).1);
    // Each bar's value in the base unit (a figure in another unit is left out).
    let bars: Vec<(&RGBColor, f64)> = IMPLEMENTATIONS
        .iter()
        .filter_map(|(name, _, colour)| {
            let figure = figures.iter().find(|f| &f.implementation == name)?;
            let (factor, unit) = results::split_unit(&figure.unit);
            (unit == base).then_some((colour, figure.value * factor))
        })
        .collect();
    let largest = bars.iter().map(|(_, v)| *v).fold(0.0, f64::max);
    let (scale, unit) = results::display_unit(base, largest);
    let values: Vec<f64> = bars.iter().map(|(_, v)| v / scale).collect();
    let top = largest / scale * 1.18;
    let lower = if results::lower_is_better(base) {
        ", lower is better"
    } else {
        ""
    };
    let mut chart = ChartBuilder::on(area)
        .caption(format!("{workload} ({unit}{lower})"), ("sans-serif", 18))
        .margin(12)
        .margin_top(6)
        .y_label_area_size(52)
        .x_label_area_size(6)
        .build_cartesian_2d(0.0..bars.len() as f64, 0.0..top.max(f64::MIN_POSITIVE))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .disable_x_axis()
        .y_labels(5)
        .y_label_formatter(&|v| results::tick(*v))
        .label_style(("sans-serif", 14))
        .light_line_style(WHITE)
        .bold_line_style(RGBColor(225, 225, 225))
        .draw()?;
    let label = ("sans-serif", 14)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Bottom));
    for (i, ((colour, _), value)) in bars.iter().zip(&values).enumerate() {
        let x = i as f64;
        chart.draw_series([Rectangle::new(
            [(x + 0.12, 0.0), (x + 0.88, *value)],
            colour.filled(),
        )])?;
        chart.draw_series([Text::new(
            results::short(*value),
            (x + 0.5, value + top * 0.02),
            label.clone(),
        )])?;
    }
    Ok(())
}
