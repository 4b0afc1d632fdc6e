//! The clamping rules on the host.

use super::*;

#[test]
fn new_clamps_to_the_range() {
    assert_eq!(Norm::new(0.25).get(), 0.25);
    assert_eq!(Norm::new(2.0), Norm::ONE);
    assert_eq!(Norm::new(-7.5), Norm::MINUS_ONE);
    assert_eq!(Norm::new(f32::INFINITY), Norm::ONE);
    assert_eq!(Norm::new(f32::NEG_INFINITY), Norm::MINUS_ONE);
    assert_eq!(Unorm::new(-0.5), Unorm::ZERO);
    assert_eq!(Unorm::new(1.5), Unorm::ONE);
    assert_eq!(Unorm::new(0.75).get(), 0.75);
    // NaN is 0, as Direct3D converts NaN to a norm format.
    assert_eq!(Norm::new(f32::NAN).get().to_bits(), 0);
    assert_eq!(Unorm::new(f32::NAN).get().to_bits(), 0);
    // -0.0 is in both ranges and stays itself.
    assert_eq!(Norm::new(-0.0).get().to_bits(), (-0.0f32).to_bits());
    assert_eq!(Unorm::new(-0.0).get().to_bits(), (-0.0f32).to_bits());
    assert_eq!(Norm::default(), Norm::ZERO);
    assert_eq!(Unorm::default(), Unorm::ZERO);
}

#[test]
fn conversions_follow_cpp_amp() {
    assert_eq!(Norm::from(3), Norm::ONE);
    assert_eq!(Norm::from(-3), Norm::MINUS_ONE);
    assert_eq!(Norm::from(0u32), Norm::ZERO);
    assert_eq!(Unorm::from(-1), Unorm::ZERO);
    assert_eq!(Unorm::from(7u32), Unorm::ONE);
    assert_eq!(Norm::from(0.5f64).get(), 0.5);
    assert_eq!(Unorm::from(1e300f64), Unorm::ONE);
    assert_eq!(Norm::from(0.5f32), Norm::new(0.5));
    // unorm to norm is exact; norm to unorm clamps.
    assert_eq!(Norm::from(Unorm::new(0.5)).get(), 0.5);
    assert_eq!(Unorm::from(Norm::new(-0.5)), Unorm::ZERO);
    assert_eq!(Unorm::from(Norm::new(0.5)).get(), 0.5);
    assert_eq!(f32::from(Norm::new(-0.25)), -0.25);
    assert_eq!(f32::from(Unorm::ONE), 1.0);
}

#[test]
fn every_operation_clamps_its_result() {
    let (a, b) = (Norm::new(0.75), Norm::new(0.5));
    assert_eq!(a + b, Norm::ONE);
    // (a + b) - b: the sum clamps to 1 before the subtraction.
    assert_eq!((a + b) - b, Norm::new(0.5));
    assert_eq!(-a - b, Norm::MINUS_ONE);
    assert_eq!(a * b, Norm::new(0.375));
    assert_eq!(a / b, Norm::ONE);
    assert_eq!(b / a, Norm::new(0.5 / 0.75));
    assert_eq!(Norm::MINUS_ONE / Norm::new(0.25), Norm::MINUS_ONE);
    // 0 / 0 is NaN in f32, and NaN is 0.
    assert_eq!((Norm::ZERO / Norm::ZERO).get().to_bits(), 0);
    assert_eq!(Norm::ONE / Norm::ZERO, Norm::ONE);

    let (u, v) = (Unorm::new(0.25), Unorm::new(0.5));
    assert_eq!(u - v, Unorm::ZERO);
    assert_eq!((u - v) + v, Unorm::new(0.5));
    assert_eq!(v + v + v, Unorm::ONE);
    assert_eq!(u / v, Unorm::new(0.5));
    assert_eq!(v / u, Unorm::ONE);

    let mut x = Norm::new(0.5);
    x += Norm::ONE;
    assert_eq!(x, Norm::ONE);
    x -= Norm::new(0.25);
    assert_eq!(x, Norm::new(0.75));
    x *= Norm::MINUS_ONE;
    assert_eq!(x, Norm::new(-0.75));
    x /= Norm::new(0.5);
    assert_eq!(x, Norm::MINUS_ONE);
    assert_eq!(-Norm::MINUS_ONE, Norm::ONE);
}

#[test]
fn comparisons_and_formatting() {
    assert!(Norm::MINUS_ONE < Norm::ZERO);
    assert!(Unorm::ONE > Unorm::new(0.5));
    assert_eq!(format!("{}", Norm::new(-0.5)), "-0.5");
    assert_eq!(format!("{:.2}", Unorm::new(0.125)), "0.12");
    assert_eq!(format!("{:?}", Unorm::new(0.5)), "Unorm(0.5)");
    assert_eq!(format!("{:?}", Norm::ONE), "Norm(1.0)");
}

#[test]
fn vectors_clamp_each_component() {
    use crate::short_vector::{norm2, unorm3, Norm2, Unorm3, Vector};
    let a = norm2(Norm::new(0.75), Norm::new(-0.75));
    let b = Norm2::new(Norm::new(0.5), Norm::new(0.5));
    assert_eq!(a + b, Vector([Norm::ONE, Norm::new(-0.25)]));
    assert_eq!((a + b) - b, Vector([Norm::new(0.5), Norm::new(-0.75)]));
    assert_eq!(-a, Vector([Norm::new(-0.75), Norm::new(0.75)]));
    assert_eq!(
        a * Norm::new(0.5),
        Vector([Norm::new(0.375), Norm::new(-0.375)])
    );
    assert_eq!(a.x(), Norm::new(0.75));
    assert_eq!(a[1], Norm::new(-0.75));
    let u = unorm3(Unorm::new(0.25), Unorm::ONE, Unorm::ZERO);
    let mut w = u;
    w -= Unorm3::new(Unorm::new(0.5), Unorm::new(0.5), Unorm::new(0.5));
    assert_eq!(w, Vector([Unorm::ZERO, Unorm::new(0.5), Unorm::ZERO]));
    assert_eq!(
        u / Unorm::new(0.5),
        Vector([Unorm::new(0.5), Unorm::ONE, Unorm::ZERO])
    );
}
