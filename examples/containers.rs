//! A tour of C++ AMP's container API in amp: a view with no data source, `copy` and
//! `copy_async` between host data, arrays and views, projections and sections (on the host and
//! in kernels), `view_as` and `reinterpret_as`.

use amp::prelude::*;

/// Runs the tour; returns what it printed, line by line.
pub fn tour() -> Result<Vec<String>, amp::Error> {
    let mut lines = Vec::new();

    // A view with no data source: storage on the accelerator, zeros until written.
    let grid = ArrayView::<i32, 2>::from_extent([4, 6])?;
    parallel_for_each!(grid.extent(), |idx: Index<2>| {
        grid[idx] = idx[0] * 10 + idx[1];
    })?;

    // Projection: row 2 of the grid, a rank-1 view (on the host here; `grid[i]` in kernels).
    let row = grid.project(2)?;
    lines.push(format!("row 2: {:?}", row.to_vec()?));

    // copy: from a view to an Array (on the accelerator), then the Array to host memory.
    let copy_of_grid = Array::<i32, 2>::from_extent([4, 6])?;
    copy(&grid, &copy_of_grid)?;
    let mut host = vec![0; 24];
    copy(&copy_of_grid, &mut host[..])?;
    lines.push(format!("copied: {:?} ...", &host[..8]));

    // copy_async: the copy runs while the host goes on; `wait` (or `.await`) finishes it.
    let mut again = vec![0; 24];
    let done = copy_async(&copy_of_grid, &mut again[..]);
    done.wait()?;
    lines.push(format!("copied asynchronously: {}", again == host));

    // view_as: the same elements as a 3-D view; reinterpret_as: the same bytes as other types.
    let cube = grid.view_as([2, 2, 6])?;
    lines.push(format!("cube[1][0][5] = {}", cube.get([1, 0, 5])?));
    let mut floats = vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
    let fv = ArrayView::new(8, &mut floats)?;
    let quads = fv.reinterpret_as::<Float4>()?;
    parallel_for_each!(quads.extent(), |i: Index<1>| {
        quads[i] = quads[i] * 2.0;
    })?;
    let bits = fv.reinterpret_as::<u32>()?;
    lines.push(format!(
        "doubled through Float4: {:?}, bits of the first: {:#x}",
        fv.to_vec()?,
        bits.get(0)?
    ));

    // Sections and projections inside a kernel: each thread sums its own 2x3 block.
    let sums = ArrayView::<i32, 2>::from_extent([2, 2])?;
    parallel_for_each!(sums.extent(), |b: Index<2>| {
        let block = grid.section(Index::new([b[0] * 2, b[1] * 3]), Extent::new([2, 3]));
        let mut sum = 0;
        for r in 0..2 {
            let line = block[r];
            for c in 0..3 {
                sum += line[c];
            }
        }
        sums[b] = sum;
    })?;
    lines.push(format!("block sums: {:?}", sums.to_vec()?));
    Ok(lines)
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    for line in tour()? {
        println!("{line}");
    }
    Ok(())
}
