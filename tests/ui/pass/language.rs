//! The kernel language of issue 2, every allowed form at least once.
use amp::prelude::*;

#[kernel]
fn clamp_add(a: i32, b: i32, limit: i32) -> i32 {
    let s = a + b;
    if s > limit {
        return limit;
    }
    s
}

#[kernel]
fn body(idx: Index<2>, out: ArrayView<f32, 2>, input: ConstArrayView<f32, 2>, n: u32) {
    let mut acc = 0.0f32;
    let mut i = 0u32;
    while i < n {
        acc += input[idx] * (i as f32);
        i += 1;
        if i == 7 {
            break;
        }
    }
    for k in 0..=3 {
        if k % 2 == 0 && !(k == 2) || false {
            continue;
        }
        acc -= k as f32;
    }
    let sign = if acc < 0.0 { -1.0 } else { 1.0 };
    let j = clamp_add(idx[0], idx[1], 10);
    let inside = input.extent().contains(idx);
    out[idx] = acc * sign + (j as f32) + (inside as i32) as f32;
    out[[idx[0], idx[1]]] = out[(idx[0], idx[1])];
}

fn main() -> Result<(), amp::Error> {
    let input = vec![1.0f32; 6];
    let mut output = vec![0.0f32; 6];
    let iv = ConstArrayView::new([2, 3], &input)?;
    let ov = ArrayView::new([2, 3], &mut output)?;
    let n = 5u32;
    parallel_for_each!(ov.extent(), |idx: Index<2>| {
        body(idx, ov, iv, n);
    })?;
    Ok(())
}
