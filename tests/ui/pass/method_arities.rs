use amp::prelude::*;

// Every method in amp-spec's table of methods and their parameters (`METHODS`), called with the
// arguments the table gives it: the table and amp-core's methods agree.
fn main() -> Result<(), amp::Error> {
    let mut out = vec![0.0f32; 4];
    let view = ArrayView::new(4, &mut out)?;
    parallel_for_each!(view.extent(), |i: Index<1>| {
        let x = i[0] as f32 + 0.5;
        let n = i[0] + 1;
        let u = i[0] as u32 + 1;
        let v = float3(x, 1.0, 2.0);
        let w = float4(x, 1.0, 2.0, 3.0);
        let mut s = x.max(1.0) + x.min(1.0) + x.clamp(0.0, 1.0) + x.abs() + x.signum();
        s += x.sqrt() + x.rsqrt() + x.exp() + x.exp2() + x.ln() + x.log2() + x.log10();
        s += x.sin() + x.cos() + x.tan() + x.asin() + x.acos() + x.atan() + x.atan2(1.0);
        s += x.sinh() + x.cosh() + x.tanh() + x.floor() + x.ceil() + x.round() + x.trunc();
        s += x.fract() + x.mul_add(2.0, 1.0) + x.powf(2.0) + x.powi(2) + x.hypot(1.0);
        s += x.copysign(-1.0) + x.recip() + x.to_degrees() + x.to_radians();
        if x.is_nan() || x.is_infinite() || !x.is_finite() || x.to_bits() == 0 {
            s = 0.0;
        }
        let mut k = n.pow(2) + n.rotate_left(1) + n.rotate_right(1) + n.wrapping_add(1);
        k += n.wrapping_sub(1) + n.wrapping_mul(2) + n.wrapping_neg() + n.saturating_add(1);
        k += n.saturating_sub(1) + n.saturating_mul(2) + n.max(1) + n.min(1) + n.clamp(0, 9);
        k += n.abs() + n.signum() + n.reverse_bits() + n.div_euclid(2) + n.rem_euclid(2);
        let mut bits = u.count_ones() + u.leading_zeros() + u.trailing_zeros() + n.abs_diff(1);
        bits += n.ilog2() + u.div_ceil(2) + u.next_power_of_two() + u.isqrt();
        if u.is_power_of_two() {
            k += 1;
        }
        s += v.x() + v.y() + v.z() + w.w() + v.dot(v) + v.length() + v.normalize().x();
        s += v.distance(v) + v.cross(v).y() + v.min(v).x() + v.max(v).x() + v.clamp(v, v).x();
        s += v.abs().z();
        view[i] = s + k as f32 + bits as f32;
    })?;
    Ok(())
}
