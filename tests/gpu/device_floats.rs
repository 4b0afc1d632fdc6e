//! What an accelerator's float arithmetic does that Vulkan allows and Rust does not, measured
//! once per accelerator, and the comparison every float test shares (docs/LANGUAGE.md,
//! "Precision").
//!
//! Two properties: whether the device flushes subnormal operands and results of float
//! arithmetic and comparisons to zero (loads and stores keep them), and whether it contracts
//! `a * b + c` into one fused multiply-add (one rounding). A small kernel measures both, per
//! float width, on values loaded from a buffer (so that no compiler folds them).
//!
//! A row of a test accepts exactly two results: Rust's, and Rust's computed the way the
//! accelerator computes ([`Accepted`]: operands and results flushed where it flushes, the
//! reference's `a * b + c` fused where it contracts). Where the accelerator does neither (lavapipe,
//! amp's emulator) the second is the first, so the rule demands Rust's result.
#![allow(dead_code)]

use amp::prelude::*;
use std::sync::Mutex;

/// How one accelerator computes one float width, as measured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FloatModel {
    /// Subnormal operands and results of arithmetic and comparisons read as (signed) zero.
    pub flushes_subnormals: bool,
    /// `a * b + c` is rounded once (a fused multiply-add).
    pub contracts: bool,
}

impl FloatModel {
    /// Rust's arithmetic: subnormals kept, each operation rounded.
    pub const RUST: FloatModel = FloatModel {
        flushes_subnormals: false,
        contracts: false,
    };

    /// `v`, or its sign's zero where `v` is subnormal and this model flushes.
    pub fn flush<T: TestFloat>(self, v: T) -> T {
        if self.flushes_subnormals {
            v.flushed()
        } else {
            v
        }
    }

    /// `a * b + c` as this model computes it: fused or rounded twice.
    pub fn mad<T: TestFloat>(self, a: T, b: T, c: T) -> T {
        if self.contracts {
            a.mul_add(b, c)
        } else {
            a.mul(b).add(c)
        }
    }

    /// `x` as a composition that halves its operand first leaves it: zero where `x / 2` is
    /// subnormal and this model flushes (amp's `f32` `log1p` forms `x / (2 + x)`; an
    /// accelerator's `sin` of `π·x` may scale its argument by `1/(2π)`).
    pub fn halved_operand<T: TestFloat>(self, x: T) -> T {
        if self.flushes_subnormals && x.half().is_subnormal() {
            x.flushed_to_zero()
        } else {
            x
        }
    }
}

impl std::fmt::Display for FloatModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.flushes_subnormals, self.contracts) {
            (false, false) => write!(f, "subnormals kept, a * b + c rounded twice"),
            (true, false) => write!(f, "subnormals flushed to zero"),
            (false, true) => write!(f, "a * b + c fused"),
            (true, true) => write!(f, "subnormals flushed to zero, a * b + c fused"),
        }
    }
}

/// An accelerator's float behaviour, per width.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeviceFloats {
    pub f32: FloatModel,
    /// Rust's where the accelerator has no `f64`.
    pub f64: FloatModel,
}

/// The measurements so far, by accelerator id.
static MEASURED: Mutex<Vec<(u64, DeviceFloats)>> = Mutex::new(Vec::new());

/// The measuring kernel for one width: the smallest subnormal times 1, whether it compares equal
/// to 0, and `a·a + c` for `a = 1 + 2⁻ᵏ`, `c = -(1 + 2⁻ᵏ⁺¹)`, whose product's last term `2⁻²ᵏ` is
/// half an ulp: rounded twice the sum is 0, fused it is `2⁻²ᵏ`.
macro_rules! measure_width {
    ($acc:expr, $t:ty, $half_digits:expr) => {{
        let a: $t = 1.0 + (2.0 as $t).powi(-$half_digits);
        let c: $t = -(1.0 + (2.0 as $t).powi(1 - $half_digits));
        let inputs: [$t; 5] = [<$t>::from_bits(1), 1.0, 0.0, a, c];
        let mut out: [$t; 2] = [-1.0; 2];
        let mut equal = [2u32];
        let iv = ConstArrayView::new(5, &inputs)?;
        let ov = ArrayView::new(2, &mut out)?;
        let ev = ArrayView::new(1, &mut equal)?;
        parallel_for_each!($acc, Extent::new([1]), |_i: Index<1>| {
            ov[0] = iv[0] * iv[1];
            ov[1] = iv[3] * iv[3] + iv[4];
            ev[0] = if iv[0] == iv[2] { 1 } else { 0 };
        })?;
        drop((ov, ev));
        FloatModel {
            flushes_subnormals: out[0] == 0.0 || equal[0] == 1,
            contracts: out[1] != 0.0,
        }
    }};
}

impl DeviceFloats {
    /// Measures `acc` (one kernel per width).
    pub fn measure(acc: &Accelerator) -> Result<DeviceFloats, amp::Error> {
        let f32 = measure_width!(acc, f32, 12);
        let f64 = if acc.supports_double_precision() {
            measure_width!(acc, f64, 27)
        } else {
            FloatModel::RUST
        };
        Ok(DeviceFloats { f32, f64 })
    }

    /// The default accelerator's behaviour, measured on first use and printed when it is not
    /// Rust's.
    pub fn of_default() -> Result<DeviceFloats, amp::Error> {
        let acc = Accelerator::default()?;
        let mut measured = MEASURED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, floats)) = measured.iter().find(|(id, _)| *id == acc.id()) {
            return Ok(floats);
        }
        let floats = DeviceFloats::measure(&acc)?;
        if floats != DeviceFloats::default() {
            eprintln!(
                "device_floats: {}: f32 {}; f64 {}",
                acc.description(),
                floats.f32,
                floats.f64
            );
        }
        measured.push((acc.id(), floats));
        Ok(floats)
    }

    /// The model of `T`'s width.
    pub fn model<T: TestFloat>(self) -> FloatModel {
        if T::WIDE {
            self.f64
        } else {
            self.f32
        }
    }
}

/// Which result a row passed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Rust's result.
    Rust,
    /// Rust's result computed the way the accelerator computes (the model it names).
    Device(FloatModel),
}

/// The results one row of a test accepts, per column: Rust's for the row's operands, and,
/// where the accelerator's model is not Rust's, the same reference computed under that model
/// (operands flushed, then the reference with the model's `mad`, then each result flushed).
pub struct Accepted<T, const N: usize, const M: usize> {
    pub rust: ([T; N], [T; M]),
    pub device: Option<(FloatModel, [T; N], [T; M])>,
}

impl<T: TestFloat, const N: usize, const M: usize> Accepted<T, N, M> {
    /// The reference `f` (Rust's function of the operands, computing `a * b + c` with the
    /// model's `mad`) for `inputs`, Rust's way and `floats`' way.
    pub fn new(
        floats: DeviceFloats,
        inputs: [T; N],
        f: impl Fn(FloatModel, [T; N]) -> [T; M],
    ) -> Self {
        let model = floats.model::<T>();
        let rust = (inputs, f(FloatModel::RUST, inputs));
        let device = (model != FloatModel::RUST).then(|| {
            let flushed = inputs.map(|v| model.flush(v));
            (model, flushed, f(model, flushed).map(|v| model.flush(v)))
        });
        Accepted { rust, device }
    }

    /// The first way by which column `c` passes `check(operands, want)`: Rust's, then the
    /// accelerator's; `None` when neither does.
    pub fn passed_by(&self, c: usize, check: impl Fn(&[T; N], T) -> bool) -> Option<Way> {
        if check(&self.rust.0, self.rust.1[c]) {
            return Some(Way::Rust);
        }
        let (model, inputs, want) = self.device.as_ref()?;
        check(inputs, want[c]).then_some(Way::Device(*model))
    }

    /// For tests that measure a distance (ulps) and bound its worst: column `c`'s smaller
    /// `distance(operands, want)` of Rust's result and the accelerator's, with that result and
    /// its way (Rust's where they tie).
    pub fn nearest(&self, c: usize, distance: impl Fn(&[T; N], T) -> u64) -> (u64, T, Way) {
        let rust = (
            distance(&self.rust.0, self.rust.1[c]),
            self.rust.1[c],
            Way::Rust,
        );
        match &self.device {
            Some((model, inputs, want)) => {
                let device = distance(inputs, want[c]);
                if device < rust.0 {
                    (device, want[c], Way::Device(*model))
                } else {
                    rust
                }
            }
            None => rust,
        }
    }
}

/// What the tests need of `f32` and `f64`, as one generic form for both widths.
pub trait TestFloat:
    Copy + PartialEq + PartialOrd + Default + std::fmt::Debug + std::fmt::LowerExp + 'static
{
    /// `f64`.
    const WIDE: bool;
    /// The format's name, as the tests print it.
    const NAME: &'static str;
    fn to_f64(self) -> f64;
    /// `v` rounded to this format.
    fn from_f64(v: f64) -> Self;
    /// The bits, widened.
    fn bits(self) -> u64;
    /// An integer of the bits in the floats' order, whose difference counts ulps.
    fn ordered(self) -> i128;
    fn is_nan(self) -> bool;
    fn is_finite(self) -> bool;
    fn mul(self, b: Self) -> Self;
    fn add(self, b: Self) -> Self;
    fn mul_add(self, b: Self, c: Self) -> Self;
    fn half(self) -> Self;
    /// Whether the value is subnormal (not zero).
    fn is_subnormal(self) -> bool;
    /// The zero of this value's sign.
    fn flushed_to_zero(self) -> Self;
    /// The zero of this value's sign where it is subnormal; else the value.
    fn flushed(self) -> Self {
        if self.is_subnormal() {
            self.flushed_to_zero()
        } else {
            self
        }
    }
}

macro_rules! test_float {
    ($t:ty, $bits:ty, $signed:ty, $wide:expr) => {
        impl TestFloat for $t {
            const WIDE: bool = $wide;
            const NAME: &'static str = stringify!($t);
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn from_f64(v: f64) -> Self {
                v as $t
            }
            fn bits(self) -> u64 {
                u64::from(self.to_bits())
            }
            fn ordered(self) -> i128 {
                let b = self.to_bits() as $signed;
                i128::from(if b < 0 { <$signed>::MIN - b } else { b })
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn is_finite(self) -> bool {
                <$t>::is_finite(self)
            }
            fn mul(self, b: Self) -> Self {
                self * b
            }
            fn add(self, b: Self) -> Self {
                self + b
            }
            fn mul_add(self, b: Self, c: Self) -> Self {
                <$t>::mul_add(self, b, c)
            }
            fn half(self) -> Self {
                self * 0.5
            }
            fn is_subnormal(self) -> bool {
                <$t>::is_subnormal(self)
            }
            fn flushed_to_zero(self) -> Self {
                <$t>::from_bits(self.to_bits() & (1 << (<$bits>::BITS - 1)))
            }
        }
    };
}

test_float!(f32, u32, i32, false);
test_float!(f64, u64, i64, true);

/// The accelerators CI runs on measure as Rust computes, so that the rule demands Rust's
/// results there: the emulator interprets naga's IR with Rust's arithmetic, and lavapipe
/// (LLVM on the CPU) keeps subnormals and contracts nothing.
#[test]
fn the_emulator_and_lavapipe_measure_as_rust() -> Result<(), amp::Error> {
    let emulator = Accelerator::emulator()?;
    let floats = DeviceFloats::measure(&emulator)?;
    assert_eq!(floats, DeviceFloats::default(), "the emulator: {floats:?}");
    let acc = Accelerator::default()?;
    let floats = DeviceFloats::of_default()?;
    eprintln!("device_floats: {}: {floats:?}", acc.description());
    if acc.description().contains("llvmpipe") {
        assert_eq!(floats, DeviceFloats::default(), "lavapipe: {floats:?}");
    }
    Ok(())
}

/// A made-up accelerator whose `f32` arithmetic is `f32` (its `f64` Rust's).
fn made_up(flushes_subnormals: bool, contracts: bool) -> (FloatModel, DeviceFloats) {
    let f32 = FloatModel {
        flushes_subnormals,
        contracts,
    };
    let f64 = FloatModel::RUST;
    (f32, DeviceFloats { f32, f64 })
}

/// The rule itself, fed made-up accelerators: Rust's model accepts only Rust's results; a
/// flushing model also accepts the flushed ones, and a contracting one the fused `a * b + c`,
/// and says which way a result passed.
#[test]
fn the_rule_accepts_the_devices_way_only_where_it_was_measured() {
    // The same bits as `got`.
    let exact = |got: f32| move |_: &[f32; 2], want: f32| got.to_bits() == want.to_bits();
    // tiny + 0 is tiny in Rust; a flushing device gives 0.
    let tiny = f32::from_bits(1);
    let sum = |_: FloatModel, [x, y]: [f32; 2]| [x + y];
    let rust = Accepted::new(DeviceFloats::default(), [tiny, 0.0], sum);
    assert!(rust.device.is_none());
    assert_eq!(rust.passed_by(0, exact(tiny)), Some(Way::Rust));
    assert_eq!(rust.passed_by(0, exact(0.0)), None);
    let (flushing, device) = made_up(true, false);
    let flushed = Accepted::new(device, [tiny, 0.0], sum);
    assert_eq!(flushed.passed_by(0, exact(tiny)), Some(Way::Rust));
    assert_eq!(
        flushed.passed_by(0, exact(0.0)),
        Some(Way::Device(flushing))
    );
    // Neither accepts anything else, and the f64 model stays Rust's.
    assert_eq!(flushed.passed_by(0, exact(1.0)), None);
    let wide = Accepted::new(device, [f64::from_bits(1), 0.0], |_, [x, y]| [x + y]);
    assert!(wide.device.is_none());
    // The fused a * b + c where the model contracts, and not where it does not.
    let a = 1.0 + 2f32.powi(-12);
    let c = -(1.0 + 2f32.powi(-11));
    let mad = |m: FloatModel, [a, c]: [f32; 2]| [m.mad(a, a, c)];
    let fused = a.mul_add(a, c);
    assert_ne!(fused, 0.0);
    let twice = Accepted::new(device, [a, c], mad);
    assert_eq!(twice.passed_by(0, exact(fused)), None);
    let (contracting, device) = made_up(false, true);
    let once = Accepted::new(device, [a, c], mad);
    assert_eq!(
        once.passed_by(0, exact(fused)),
        Some(Way::Device(contracting))
    );
    assert_eq!(once.passed_by(0, exact(0.0)), Some(Way::Rust));
    // A distance is measured against the nearer of the two, Rust's on a tie.
    let distance = |got: f32| move |_: &[f32; 2], want: f32| u64::from(got != want);
    assert_eq!(once.nearest(0, distance(fused)).2, Way::Device(contracting));
    assert_eq!(once.nearest(0, distance(0.0)).2, Way::Rust);
    assert_eq!(once.nearest(0, distance(1.0)), (1, 0.0, Way::Rust));
    // An operand halved first: flushed below twice the smallest normal, kept above.
    let m = f32::MIN_POSITIVE;
    assert_eq!(flushing.halved_operand(m).to_bits(), 0);
    assert_eq!(flushing.halved_operand(-m).to_bits(), (-0.0f32).to_bits());
    assert_eq!(flushing.halved_operand(2.0 * m), 2.0 * m);
    assert_eq!(FloatModel::RUST.halved_operand(m), m);
}
