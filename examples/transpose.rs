//! Seed 001: matrix transpose in the simple model, tiled for sizes divisible by the tile, padded,
//! truncated with the edge threads doing the leftover work (option A), and truncated with
//! sections (option B). On a 999×666 matrix every variant equals a CPU transpose.

use amp::prelude::*;

/// The simple model: one thread per element, any size.
pub fn transpose_simple(
    a: &ConstArrayView<f32, 2>,
    at: &ArrayView<f32, 2>,
) -> Result<(), amp::Error> {
    at.discard_data();
    parallel_for_each!(a.extent(), |idx: Index<2>| {
        at[(idx[1], idx[0])] = a[idx];
    })
}

/// Tiled through tile_static memory; the extent must be a multiple of the tile.
pub fn transpose_tiled_even(
    a: &ConstArrayView<f32, 2>,
    at: &ArrayView<f32, 2>,
) -> Result<(), amp::Error> {
    at.discard_data();
    parallel_for_each!(a.extent().tile::<16, 16>(), |t: TiledIndex<2>| {
        #[tile_static]
        let mut t1: [[f32; 16]; 16];
        t1[t.local[1]][t.local[0]] = a[t.global];
        t.barrier.wait();
        let dst = Index::new([t.tile_origin[1], t.tile_origin[0]]) + t.local;
        at[dst] = t1[t.local[0]][t.local[1]];
    })
}

/// Tiled over the padded extent: threads outside the matrix skip their loads and stores, but
/// all of them reach the barrier.
pub fn transpose_tiled_pad(
    a: &ConstArrayView<f32, 2>,
    at: &ArrayView<f32, 2>,
) -> Result<(), amp::Error> {
    at.discard_data();
    parallel_for_each!(a.extent().tile::<16, 16>().pad(), |t: TiledIndex<2>| {
        #[tile_static]
        let mut t1: [[f32; 16]; 16];
        if a.extent().contains(t.global) {
            t1[t.local[1]][t.local[0]] = a[t.global];
        }
        t.barrier.wait();
        let dst = Index::new([t.tile_origin[1], t.tile_origin[0]]) + t.local;
        if at.extent().contains(dst) {
            at[dst] = t1[t.local[0]][t.local[1]];
        }
    })
}

/// Tiled over the truncated extent; threads on the last row and column of the truncated area
/// also transpose the leftover bands (seed 001's option A).
pub fn transpose_tiled_truncate(
    a: &ConstArrayView<f32, 2>,
    at: &ArrayView<f32, 2>,
) -> Result<(), amp::Error> {
    at.discard_data();
    let truncated = a.extent().tile::<16, 16>().truncate();
    let e = truncated.extent();
    parallel_for_each!(truncated, |t: TiledIndex<2>| {
        #[tile_static]
        let mut t1: [[f32; 16]; 16];
        t1[t.local[1]][t.local[0]] = a[t.global];
        t.barrier.wait();
        let dst = Index::new([t.tile_origin[1], t.tile_origin[0]]) + t.local;
        at[dst] = t1[t.local[0]][t.local[1]];

        let rows = a.extent()[0];
        let cols = a.extent()[1];
        let is_bottom = t.global[0] == e[0] - 1;
        let is_right = t.global[1] == e[1] - 1;
        if is_right | is_bottom {
            // Right band 'R'.
            if is_right {
                let i0 = t.global[0];
                for i1 in e[1]..cols {
                    at[(i1, i0)] = a[(i0, i1)];
                }
            }
            // Bottom band 'B'.
            if is_bottom {
                let i1 = t.global[1];
                for i0 in e[0]..rows {
                    at[(i1, i0)] = a[(i0, i1)];
                }
            }
            // Corner 'C'.
            if is_bottom && is_right {
                for i0 in e[0]..rows {
                    for i1 in e[1]..cols {
                        at[(i1, i0)] = a[(i0, i1)];
                    }
                }
            }
        }
    })
}

/// Divide and conquer over sections (seed 001's option B): the truncated main area through the
/// tiled kernel, the bottom and right leftover bands through the simple one.
pub fn transpose_tiled_sections(
    a: &ConstArrayView<f32, 2>,
    at: &ArrayView<f32, 2>,
) -> Result<(), amp::Error> {
    let transpose = |e: Extent<2>| Extent::new([e[1], e[0]]);
    let tiled = a.extent().tile::<16, 16>();
    let main = tiled.truncate().extent();
    // 'M': the main area.
    let m = a.section_extent(main)?;
    let mt = at.section_extent(transpose(main))?;
    transpose_tiled_even(&m, &mt)?;
    // 'B': the bottom band below the main area.
    if main[0] < a.extent()[0] {
        let origin = Index::new([main[0], 0]);
        let e = Extent::new([a.extent()[0] - main[0], main[1]]);
        let b = a.section(origin, e)?;
        let bt = at.section(Index::new([0, main[0]]), transpose(e))?;
        transpose_simple(&b, &bt)?;
    }
    // 'R' and the corner: the right band, full height.
    if main[1] < a.extent()[1] {
        let r = a.section_from(Index::new([0, main[1]]))?;
        let rt = at.section_from(Index::new([main[1], 0]))?;
        transpose_simple(&r, &rt)?;
    }
    Ok(())
}

/// The transpose on the CPU.
pub fn transpose_cpu(a: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    let mut t = vec![0.0; a.len()];
    for r in 0..rows {
        for c in 0..cols {
            t[c * rows + r] = a[r * cols + c];
        }
    }
    t
}

/// A transpose variant: from `a` into `at`.
pub type Transpose = fn(&ConstArrayView<f32, 2>, &ArrayView<f32, 2>) -> Result<(), amp::Error>;

/// Runs `variant` on a `rows × cols` matrix; returns the transpose.
pub fn run(variant: Transpose, a: &[f32], rows: i32, cols: i32) -> Result<Vec<f32>, amp::Error> {
    let mut t = vec![-1.0; a.len()];
    let av = ConstArrayView::new([rows, cols], a)?;
    let tv = ArrayView::new([cols, rows], &mut t)?;
    variant(&av, &tv)?;
    drop(tv);
    Ok(t)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (rows, cols) = (999, 666);
    let truncated = Extent::new([rows, cols]).tile::<16, 16>().truncate();
    println!("tiled extent is {}", Extent::new([rows, cols]));
    println!("truncated extent is {}", truncated.extent());
    let a: Vec<f32> = (0..rows * cols).map(|i| i as f32).collect();
    let expected = transpose_cpu(&a, rows as usize, cols as usize);
    let variants: [(&str, Transpose); 4] = [
        ("simple", transpose_simple),
        ("tiled, padded", transpose_tiled_pad),
        ("tiled, truncated (option A)", transpose_tiled_truncate),
        ("tiled, sections (option B)", transpose_tiled_sections),
    ];
    for (name, variant) in variants {
        let t = run(variant, &a, rows, cols)?;
        let ok = t == expected;
        println!(
            "{name:<30} {}",
            if ok {
                "equals the CPU transpose"
            } else {
                "DIFFERS"
            }
        );
        if !ok {
            return Err(format!("{name} differs").into());
        }
    }
    let (r, c) = (truncated.extent()[0], truncated.extent()[1]);
    let even: Vec<f32> = (0..r * c).map(|i| i as f32).collect();
    let t = run(transpose_tiled_even, &even, r, c)?;
    let ok = t == transpose_cpu(&even, r as usize, c as usize);
    println!(
        "{:<30} {}",
        format!("tiled, even ({r}x{c})"),
        if ok {
            "equals the CPU transpose"
        } else {
            "DIFFERS"
        }
    );
    if !ok {
        return Err("tiled even differs".into());
    }
    Ok(())
}
