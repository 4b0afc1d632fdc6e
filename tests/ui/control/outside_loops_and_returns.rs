use amp::prelude::*;

#[kernel]
fn early(x: i32) -> i32 {
    if x > 0 {
        break;
    }
    continue;
}

#[kernel]
fn fact(n: i32) -> i32 {
    if n <= 1 {
        return 1;
    }
    n * fact(n - 1)
}

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0; 16];
    let v = ArrayView::new(16, &mut data)?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        let empty = [0i32; 0];
        let none: [f32; 1] = [];
        let huge = [0.0f32; 100000000];
        if i[0] > 3 {
            return 5;
        }
        v[i] = early(i[0]);
    })?;
    Ok(())
}
