use amp::prelude::*;

// A struct of views holds views and values kernels capture: a String field is reported at its
// type; a struct generic over a type is reported at the parameter.
#[derive(Views)]
struct Named<'a> {
    data: ArrayView<'a, f32, 1>,
    name: String,
}

#[derive(Views)]
struct Generic<'a, T> {
    data: ArrayView<'a, T, 1>,
}

#[derive(Views)]
struct Buffers<'a> {
    output: ArrayView<'a, f32, 1>,
}

// A #[kernel] fn taking a struct of views runs only in kernels.
#[kernel]
fn step(b: Buffers<'_>, i: i32) {
    b.output[i] = 1.0;
}

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0f32; 4];
    let b = Buffers {
        output: ArrayView::new(4, &mut data)?,
    };
    step(b, 0);
    Ok(())
}
