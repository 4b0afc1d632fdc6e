//! The wider kernel language: generics, match, local arrays, math, atomics, 64-bit types,
//! shadowing, blocks and ifs as expressions, loops with break and continue, early return.
use amp::prelude::*;

#[kernel]
fn mad<T: Numeric>(a: T, b: T, c: T) -> T {
    a * b + c
}

/// A generic cast needs only `T: Scalar`.
#[kernel]
fn widen<T: Scalar>(x: T) -> f32 {
    x as f32
}

#[kernel]
fn pick(x: i32) -> i32 {
    let y = {
        let t = x * 2;
        t + 1
    };
    match y % 4 {
        1 => return 10,
        -3..=-1 => 20,
        _ => {
            let y = y + 1;
            y
        }
    }
}

fn main() -> Result<(), amp::Error> {
    let mut out = vec![0.0f32; 32];
    let mut hist = vec![0u32; 4];
    let ov = ArrayView::new(32, &mut out)?;
    let hv = ArrayView::new(4, &mut hist)?;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut table = [0.0f32; 4];
        for k in 0..4 {
            table[k] = fast_math::sqrt(k as f32);
        }
        let mut n = 0;
        let mut acc = 0;
        loop {
            n += 1;
            if n > 10 {
                break;
            }
            if n % 3 == 0 {
                continue;
            }
            acc += pick(n);
        }
        hv.atomic_fetch_add(i[0] % 4, 1u32);
        let wide = (acc as i64) << 33;
        let x = mad(table[i[0] % 4], 2.0, (wide >> 33) as f32) + widen(n) * 0.0;
        ov[i] = if x > 0.0 { x } else { -x };
    })?;
    Ok(())
}
