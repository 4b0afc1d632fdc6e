use amp::prelude::*;

#[kernel]
fn square(x: i32) -> i32 {
    x * x
}

#[kernel]
fn apply(x: i32) -> i32 {
    square(square)
}

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0; 64];
    let view = ArrayView::new(64, &mut data)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        let f = square;
        view[i] = 1;
    })?;
    Ok(())
}
