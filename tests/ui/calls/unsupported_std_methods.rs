use amp::prelude::*;

// Rust's numeric methods that kernels lack are one error each, at the name, in amp's words:
// why the method is missing and what to write instead, by method and by path.
fn main() -> Result<(), amp::Error> {
    let mut out = vec![0u32; 4];
    let view = ArrayView::new(4, &mut out)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        let n = i[0];
        let u = n as u32;
        let x = n as f32;
        view[i] = n.checked_add(1) + u.overflowing_mul(3) + n.strict_sub(1);
        view[i] = u.wrapping_pow(2) + i32::wrapping_div(n, 2) + u.saturating_pow(2);
        view[i] = n.unsigned_abs() + u.leading_ones() + u.next_multiple_of(4);
        view[i] = u.to_le_bytes() + u32::from_be_bytes(u) + n.is_positive();
        view[i] = u32::count_zeros(u) + u.ilog10() + u.checked_ilog2();
        view[i] = x.total_cmp(1.0) + x.classify() + f32::abs_sub(x, 1.0) + x.to_int_unchecked();
    })?;
    Ok(())
}
