//! The numeric types' constants (`f32::INFINITY`, `NAN`, `MAX`, …, `i32::MIN`, …) and bit casts
//! (`to_bits`, `from_bits`, C++ AMP's `asuint`/`asint`/`asfloat`) in kernels, bit for bit against
//! Rust's.

use amp::prelude::*;

/// Output words start as this, so a slot a kernel failed to write is never mistaken for a result.
const POISON: u32 = 0xdead_beef;

use crate::common;
use common::Rng;

impl Rng {
    fn word(&mut self) -> u32 {
        (self.next() >> 16) as u32
    }
}

/// Random bit patterns of every kind: normal, subnormal, zero, infinite and NaN (the exponent is
/// drawn separately so the rare ones are common).
fn random_bits(n: usize, seed: u64) -> Vec<u32> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let w = rng.word();
            match rng.word() % 8 {
                0 => w & 0x807f_ffff,                 // subnormal or zero
                1 => (w & 0x8000_0000) | 0x7f80_0000, // infinity
                2 => w | 0x7f80_0000,                 // NaN (or infinity)
                _ => w,
            }
        })
        .collect()
}

/// Host constants with NaN payloads: a signalling one, and a negative quiet one.
const SIGNALLING_NAN: f32 = f32::from_bits(0x7fa0_0001);
const NEGATIVE_NAN: f32 = f32::from_bits(0xffc0_1234);

const F32_CONSTANTS: [f32; 9] = [
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    f32::MAX,
    f32::MIN,
    f32::MIN_POSITIVE,
    f32::EPSILON,
    SIGNALLING_NAN,
    NEGATIVE_NAN,
];

#[test]
fn f32_constants_have_rusts_bits() {
    let threads = 1000; // four workgroups, the last one partial
    let cols = 14;
    let xs: Vec<f32> = random_bits(threads, 7)
        .into_iter()
        .map(|b| f32::from_bits(b & 0xbf7f_ffff)) // finite: exponent below 255
        .collect();
    let mut out = vec![POISON; threads * cols];
    let xv = ConstArrayView::new(threads as i32, &xs).expect("view");
    let ov = ArrayView::new([threads as i32, cols as i32], &mut out).expect("view");
    parallel_for_each!(xv.extent(), |idx: Index<1>| {
        let r = idx[0];
        let x = xv[idx];
        ov[(r, 0)] = f32::INFINITY.to_bits();
        ov[(r, 1)] = f32::NEG_INFINITY.to_bits();
        ov[(r, 2)] = f32::NAN.to_bits();
        ov[(r, 3)] = f32::MAX.to_bits();
        ov[(r, 4)] = f32::MIN.to_bits();
        ov[(r, 5)] = f32::to_bits(f32::MIN_POSITIVE);
        ov[(r, 6)] = intrinsics::asuint(f32::EPSILON);
        ov[(r, 7)] = SIGNALLING_NAN.to_bits();
        ov[(r, 8)] = NEGATIVE_NAN.to_bits();
        // As values in arithmetic and comparisons with a thread's input.
        let inf = f32::INFINITY;
        ov[(r, 9)] = (x + inf).to_bits();
        ov[(r, 10)] = (fast_math::fmin(x, f32::NEG_INFINITY) * 2.0f32).to_bits();
        ov[(r, 11)] = if f32::NEG_INFINITY < x && x < f32::INFINITY {
            1
        } else {
            0
        };
        ov[(r, 12)] = if fast_math::isinf(inf) && fast_math::isnan(f32::NAN) {
            1
        } else {
            0
        };
        ov[(r, 13)] = if x <= f32::MAX && x >= f32::MIN { 1 } else { 0 };
    })
    .expect("launch");
    drop(ov);
    for (r, row) in out.chunks(cols).enumerate() {
        for (k, c) in F32_CONSTANTS.iter().enumerate() {
            assert_eq!(row[k], c.to_bits(), "constant {k} ({c:e}) in thread {r}");
        }
        let x = xs[r];
        assert_eq!(row[9], f32::INFINITY.to_bits(), "x + INFINITY, x = {x:e}");
        assert_eq!(
            row[10],
            f32::NEG_INFINITY.to_bits(),
            "min(x, -INFINITY) * 2"
        );
        assert_eq!(&row[11..], &[1, 1, 1], "comparisons with x = {x:e}");
    }
}

#[test]
fn integer_limits() {
    let threads = 300;
    let mut ints = vec![POISON as i32; threads * 2];
    let mut uints = vec![POISON; threads * 2];
    let iv = ArrayView::new(threads as i32 * 2, &mut ints).expect("view");
    let uv = ArrayView::new(threads as i32 * 2, &mut uints).expect("view");
    parallel_for_each!(Extent::new([threads as i32]), |idx: Index<1>| {
        let r = idx[0] * 2;
        iv[r] = i32::MAX - idx[0];
        iv[r + 1] = i32::MIN + idx[0];
        uv[r] = u32::MAX - idx[0] as u32;
        uv[r + 1] = u32::MIN + idx[0] as u32;
    })
    .expect("launch");
    drop((iv, uv));
    for t in 0..threads {
        assert_eq!(
            ints[2 * t..2 * t + 2],
            [i32::MAX - t as i32, i32::MIN + t as i32]
        );
        assert_eq!(uints[2 * t..2 * t + 2], [u32::MAX - t as u32, t as u32]);
    }
}

#[test]
fn nan_is_unequal_to_itself() {
    // NaNs from the constant and from memory (random payloads and signs).
    let bits: Vec<u32> = random_bits(600, 11)
        .into_iter()
        .map(|b| b | 0x7f80_0001)
        .collect();
    let nans: Vec<f32> = bits.iter().map(|&b| f32::from_bits(b)).collect();
    assert!(nans.iter().all(|x| x.is_nan()));
    let cols = 6;
    let mut out = vec![POISON; nans.len() * cols];
    let nv = ConstArrayView::new(nans.len() as i32, &nans).expect("view");
    let ov = ArrayView::new([nans.len() as i32, cols as i32], &mut out).expect("view");
    parallel_for_each!(nv.extent(), |idx: Index<1>| {
        let r = idx[0];
        let n = f32::NAN;
        let m = nv[idx];
        let one = r as f32;
        ov[(r, 0)] = if n == n { 1 } else { 0 };
        ov[(r, 1)] = if n != n { 1 } else { 0 };
        ov[(r, 2)] = if m == m { 1 } else { 0 };
        ov[(r, 3)] = if m != m { 1 } else { 0 };
        ov[(r, 4)] = if n < one || n >= one || m <= one || m > one {
            1
        } else {
            0
        };
        ov[(r, 5)] = if fast_math::isnan(m) && fast_math::isnan(n * one) {
            1
        } else {
            0
        };
    })
    .expect("launch");
    drop(ov);
    for (r, row) in out.chunks(cols).enumerate() {
        assert_eq!(row, [0, 1, 0, 1, 0, 1], "NaN {:#x} in thread {r}", bits[r]);
    }
}

#[test]
fn bit_casts_round_trip_random_patterns() {
    let n = 2000;
    let bits = random_bits(n, 23);
    let mut floats = vec![f32::from_bits(POISON); n];
    let mut back = vec![POISON; n];
    let mut ints = vec![POISON as i32; n];
    let mut again = vec![POISON; n];
    let bv = ConstArrayView::new(n as i32, &bits).expect("view");
    let fv = ArrayView::new(n as i32, &mut floats).expect("view");
    let kv = ArrayView::new(n as i32, &mut back).expect("view");
    let iv = ArrayView::new(n as i32, &mut ints).expect("view");
    let av = ArrayView::new(n as i32, &mut again).expect("view");
    parallel_for_each!(bv.extent(), |idx: Index<1>| {
        let u = bv[idx];
        let x = f32::from_bits(u);
        fv[idx] = x;
        kv[idx] = x.to_bits();
        iv[idx] = intrinsics::asint(intrinsics::asfloat(u));
        av[idx] = intrinsics::asuint(intrinsics::asfloat(intrinsics::asint(u)));
    })
    .expect("launch");
    drop((fv, kv, iv, av));
    for (k, &u) in bits.iter().enumerate() {
        // Bit casts and plain loads and stores keep every pattern, NaN payloads included.
        assert_eq!(floats[k].to_bits(), u, "f32::from_bits({u:#x}) stored");
        assert_eq!(back[k], u, "f32::from_bits({u:#x}).to_bits()");
        assert_eq!(ints[k], u as i32, "asint(asfloat({u:#x}))");
        assert_eq!(again[k], u, "asuint(asfloat(asint({u:#x})))");
    }

    // A float view read back as bits.
    let mut read = vec![POISON; n];
    let fv = ConstArrayView::new(n as i32, &floats).expect("view");
    let rv = ArrayView::new(n as i32, &mut read).expect("view");
    parallel_for_each!(rv.extent(), |idx: Index<1>| {
        rv[idx] = fv[idx].to_bits();
    })
    .expect("launch");
    drop(rv);
    assert_eq!(read, bits);
}

/// A NaN whose payload does not fit an `f32`'s.
const WIDE_NAN: f64 = f64::from_bits(0xfff0_0000_0000_0001);

#[test]
fn f64_constants_and_bit_casts_where_supported() {
    let acc = Accelerator::default().expect("accelerator");
    let n = 500;
    // Infinities and NaN as f64 values need only f64 (no 64-bit integers).
    let mut values = vec![0.5f64; n * 4];
    let vv = ArrayView::new([n as i32, 4], &mut values).expect("view");
    let result = parallel_for_each!(Extent::new([n as i32]), |idx: Index<1>| {
        let r = idx[0];
        vv[(r, 0)] = f64::INFINITY;
        vv[(r, 1)] = f64::NEG_INFINITY;
        vv[(r, 2)] = f64::NAN;
        vv[(r, 3)] = f64::MAX;
    });
    if !acc.supports_double_precision() {
        let err = result.expect_err("no f64");
        assert!(matches!(err, amp::Error::UnsupportedFeature(_)), "{err}");
        return;
    }
    result.expect("launch");
    drop(vv);
    let want = [f64::INFINITY, f64::NEG_INFINITY, f64::NAN, f64::MAX];
    for row in values.chunks(4) {
        let got: Vec<u64> = row.iter().map(|x| x.to_bits()).collect();
        let want: Vec<u64> = want.iter().map(|x| x.to_bits()).collect();
        assert_eq!(got, want);
    }

    let mut rng = Rng(31);
    let bits: Vec<u64> = (0..n).map(|_| rng.next()).collect();
    let mut consts = vec![u64::from(POISON); n * 8];
    let mut back = vec![u64::from(POISON); n];
    let bv = ConstArrayView::new(n as i32, &bits).expect("view");
    let cv = ArrayView::new([n as i32, 8], &mut consts).expect("view");
    let kv = ArrayView::new(n as i32, &mut back).expect("view");
    let result = parallel_for_each!(bv.extent(), |idx: Index<1>| {
        let r = idx[0];
        kv[idx] = f64::from_bits(bv[idx]).to_bits();
        cv[(r, 0)] = f64::INFINITY.to_bits();
        cv[(r, 1)] = f64::NEG_INFINITY.to_bits();
        cv[(r, 2)] = f64::NAN.to_bits();
        cv[(r, 3)] = f64::MAX.to_bits();
        cv[(r, 4)] = f64::MIN.to_bits();
        cv[(r, 5)] = f64::to_bits(f64::MIN_POSITIVE);
        cv[(r, 6)] = f64::EPSILON.to_bits();
        cv[(r, 7)] = WIDE_NAN.to_bits();
    });
    if !acc.supports_int64() {
        let err = result.expect_err("no u64");
        assert!(matches!(err, amp::Error::UnsupportedFeature(_)), "{err}");
        return;
    }
    result.expect("launch");
    drop((cv, kv));
    assert_eq!(back, bits);
    let want = [
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        f64::EPSILON,
        WIDE_NAN,
    ];
    for row in consts.chunks(8) {
        let want: Vec<u64> = want.iter().map(|x| x.to_bits()).collect();
        assert_eq!(row, want);
    }
}
