use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let (a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q) =
        (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17);
    let mut out = vec![0; 4];
    let v = ArrayView::new(4, &mut out)?;
    parallel_for_each!(v.extent(), |idx: Index<1>| {
        v[idx] = a + b + c + d + e + f + g + h + i + j + k + l + m + n + o + p + q;
    })?;
    Ok(())
}
