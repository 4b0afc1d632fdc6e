//! Seed 002's index and extent examples: element access by `Index` in one, two and three
//! dimensions (prints 3, 6, 8), and the lengths of an extent's dimensions.

use amp::prelude::*;

/// The three elements the seed reads, then columns, rows and depth of its 2×3×4 view.
pub fn indexing() -> Result<([i32; 3], [i32; 3]), amp::Error> {
    let one = [1, 2, 3, 4, 5];
    let a = ConstArrayView::new(5, &one)?;
    let third = a.get(Index::new([2]))?;

    let two = [1, 2, 3, 4, 5, 6];
    let a = ConstArrayView::new([2, 3], &two)?;
    let row1_col2 = a.get(Index::new([1, 2]))?;

    let three = [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, //
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ];
    let a = ConstArrayView::new(Extent::new([2, 3, 4]), &three)?;
    // Depth 0, row 1, column 3.
    let element = a.get(Index::new([0, 1, 3]))?;

    let e = a.extent();
    Ok(([third, row1_col2, element], [e[2], e[1], e[0]]))
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let (elements, [columns, rows, depth]) = indexing()?;
    for v in elements {
        println!("{v}");
    }
    println!("The number of columns is {columns}");
    println!("The number of rows is {rows}");
    println!("The depth is {depth}");
    Ok(())
}
