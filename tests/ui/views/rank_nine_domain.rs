use amp::prelude::*;

// Kernels run over extents of ranks 1 to 8: a rank-9 extent is one error, at the domain.
fn main() -> Result<(), amp::Error> {
    let mut data = vec![0i32; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(Extent::new([1, 1, 1, 1, 1, 1, 1, 1, 1]), |i: Index<9>| {
        view[0] = 1;
    })?;
    Ok(())
}
