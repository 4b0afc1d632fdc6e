use amp::matrix::{Layout, MatrixA, MatrixAcc};
use amp::prelude::*;

// Fragments are 8×8 or 16×16 of f16 or f32, and stores need read-write memory.
fn fragments(a: &ConstArrayView<f16, 1>, c: &ConstArrayView<f32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(Extent::new([32]).tile::<32>(), |t: TiledIndex<1>| {
        let narrow = MatrixA::<f16, 16, 8>::load(a, 0u32, 8u32, Layout::RowMajor);
        let ints = MatrixAcc::<i32, 16, 16>::zero();
        let acc = MatrixAcc::<f32, 16, 16>::zero();
        acc.store(c, 0u32, 16u32, Layout::RowMajor);
    })
}

fn main() {}
