//! `#[kernel] fn`s called on the host (C++ AMP's `restrict(cpu, amp)`): the differential test.
//! Each device function runs in a kernel over random inputs and on the host over the same
//! inputs; integers must agree bit for bit, floats within the ULP bound stated per family in
//! docs/LANGUAGE.md ("Calling kernel functions on the host"). The worst distance of each family
//! is printed (`--nocapture`) so the bounds can be re-measured on another accelerator.

use crate::common::random_words;
use amp::kernel_types::Float;
use amp::prelude::*;

// Integer edge cases: division by zero, MIN / -1, overflow, shifts past the width, abs, pow.

#[kernel]
fn idiv(a: i32, b: i32) -> i32 {
    a / b
}

#[kernel]
fn irem(a: i32, b: i32) -> i32 {
    a % b
}

#[kernel]
fn udiv_rem(a: u32, b: u32) -> u32 {
    (a / b) ^ (a % b)
}

#[kernel]
fn overflow(a: i32, b: i32) -> i32 {
    let mut x = a * b + a;
    x -= b * 3;
    -x
}

#[kernel]
fn ushifts(a: u32, s: u32) -> u32 {
    (a << s) ^ (a >> (s + 7))
}

#[kernel]
fn ishifts(a: i32, s: i32) -> i32 {
    let mut x = a >> s;
    x <<= s + 1;
    x
}

#[kernel]
fn abs_pow(a: i32, b: i32) -> i32 {
    a.abs() + intrinsics::abs(b) + a.pow(3) + b.clamp(-5, 5)
}

#[kernel]
fn bits(a: u32, b: u32) -> u32 {
    intrinsics::countbits(a) + intrinsics::firstbithigh(b) + intrinsics::reversebits(a ^ b)
}

#[kernel]
fn casts(a: i32, b: u32) -> u32 {
    (a as u32) ^ (b as i32 as u32) ^ (((a as f32) * 0.25) as i32 as u32)
}

/// A generic function, called by another (the host calls both, as kernels do).
#[kernel]
fn lerp<T: Float>(a: T, b: T, t: T) -> T {
    a + (b - a) * t
}

#[kernel]
fn lerp_twice(a: f32, b: f32) -> f32 {
    lerp(a, b, 0.25f32) + lerp(b, a, 0.75f32)
}

/// A const-generic function.
#[kernel]
fn scaled<const N: i32>(x: i32) -> i32 {
    x * N + N
}

// Floats: arithmetic and the math libraries, one function per family.

#[kernel]
fn arith(a: f32, b: f32) -> f32 {
    a * b + a / (b * b + 1.0) - 0.5 * a
}

/// Declares one single-function kernel fn per float family, `fn $name(a: f32, b: f32) -> f32`.
macro_rules! float_fns {
    ($($name:ident(|$a:ident, $b:ident| $e:expr);)*) => {$(
        #[kernel]
        fn $name($a: f32, $b: f32) -> f32 {
            $e
        }
    )*};
}

float_fns! {
    sqrt_f(|a, b| fast_math::sqrt(fast_math::fabs(a)) + b * 0.0);
    hypot_f(|a, b| precise_math::hypot(a, b));
    rsqrt_f(|a, b| fast_math::rsqrt(fast_math::fabs(a) + 1.0) + b * 0.0);
    exp_f(|a, b| fast_math::exp(a * 0.5) + b * 0.0);
    exp2_f(|a, b| fast_math::exp2(b * 0.5) + a * 0.0);
    log_f(|a, b| fast_math::log(fast_math::fabs(a) + 0.5) + b * 0.0);
    log2_f(|a, b| fast_math::log2(fast_math::fabs(b) + 0.5) + a * 0.0);
    log10_f(|a, b| fast_math::log10(fast_math::fabs(a * b) + 0.5));
    sin_f(|a, b| fast_math::sin(a) + b * 0.0);
    cos_f(|a, b| fast_math::cos(b) + a * 0.0);
    atan2_f(|a, b| fast_math::atan2(a, b));
    tanh_f(|a, b| fast_math::tanh(a * 0.3) + b * 0.0);
    pow_f(|a, b| fast_math::pow(fast_math::fabs(a) + 0.5, b * 0.2));
    rounding(|a, b| fast_math::floor(a) + fast_math::ceil(b) + fast_math::round(a * 1.5)
        + fast_math::trunc(b * 2.5) + fast_math::fmin(a, b) + fast_math::fmax(a, b));
    fmod_f(|a, b| fast_math::fmod(a, b));
    fma_f(|a, b| precise_math::fma(a, b, 1.0));
    fdim_f(|a, b| precise_math::fdim(a, b));
    dot_f(|a, b| float3(a, b, 1.0).dot(float3(b, 1.0, a)));
    length_f(|a, b| float3(a, b, 1.0).cross(float3(b, 1.0, a)).length());
    normalize_f(|a, b| (float3(a, b, 1.0) * 2.0 - float3(b, 1.0, a)).normalize().x());
}

#[kernel]
fn classify(a: f32, b: f32) -> u32 {
    let q = a / b;
    (fast_math::isnan(q) as u32)
        + (fast_math::isinf(q) as u32) * 2
        + (fast_math::isfinite(q) as u32) * 4
        + (fast_math::signbit(a) as u32) * 8
}

/// The distance in units in the last place between two floats (0 when both are NaN).
fn ulps(a: f32, b: f32) -> u32 {
    if a.is_nan() && b.is_nan() {
        return 0;
    }
    if a.is_nan() || b.is_nan() {
        return u32::MAX;
    }
    let key = |x: f32| {
        let bits = x.to_bits() as i32;
        if bits < 0 {
            i32::MIN.wrapping_sub(bits) as i64
        } else {
            bits as i64
        }
    };
    (key(a) - key(b)).unsigned_abs().min(u32::MAX as u64) as u32
}

const N: usize = 4096;
/// `N` as an extent.
const E: i32 = N as i32;

/// Random `i32`s, with the edge values at the front of each input.
fn int_inputs(seed: u32, edges: &[i32]) -> Vec<i32> {
    let mut v: Vec<i32> = random_words(N, seed)
        .into_iter()
        .map(|w| w as i32)
        .collect();
    v[..edges.len()].copy_from_slice(edges);
    // Small values too: divisions by small numbers and shifts below the width.
    for k in (edges.len()..N).step_by(3) {
        v[k] %= 70;
    }
    v
}

#[test]
fn integer_functions_agree_bit_for_bit() {
    let a = int_inputs(11, &[i32::MIN, i32::MIN, 7, 0, i32::MAX, -1, 1 << 30, -7]);
    let b = int_inputs(12, &[-1, 0, 0, 0, 2, 33, 3, 64]);
    let (au, bu): (Vec<u32>, Vec<u32>) = (
        a.iter().map(|&x| x as u32).collect(),
        b.iter().map(|&x| x as u32).collect(),
    );
    let mut out = vec![[0i32; 6]; N];
    let mut outu = vec![[0u32; 4]; N];
    {
        let (x, y) = (
            ConstArrayView::new(E, &a).expect("a"),
            ConstArrayView::new(E, &b).expect("b"),
        );
        let (xu, yu) = (
            ConstArrayView::new(E, &au).expect("au"),
            ConstArrayView::new(E, &bu).expect("bu"),
        );
        let mut flat = vec![0i32; N * 6];
        let mut flatu = vec![0u32; N * 4];
        {
            let o = ArrayView::new([E, 6], &mut flat).expect("o");
            let ou = ArrayView::new([E, 4], &mut flatu).expect("ou");
            parallel_for_each!(x.extent(), |i: Index<1>| {
                let (p, q) = (x[i], y[i]);
                let r = i[0];
                o[[r, 0]] = idiv(p, q);
                o[[r, 1]] = irem(p, q);
                o[[r, 2]] = overflow(p, q);
                o[[r, 3]] = ishifts(p, q);
                o[[r, 4]] = abs_pow(p, q);
                o[[r, 5]] = scaled::<7>(p);
                let (pu, qu) = (xu[i], yu[i]);
                ou[[r, 0]] = udiv_rem(pu, qu);
                ou[[r, 1]] = ushifts(pu, qu);
                ou[[r, 2]] = bits(pu, qu);
                ou[[r, 3]] = casts(p, qu);
            })
            .expect("launch");
            o.synchronize().expect("sync");
            ou.synchronize().expect("sync");
        }
        for k in 0..N {
            out[k].copy_from_slice(&flat[k * 6..k * 6 + 6]);
            outu[k].copy_from_slice(&flatu[k * 4..k * 4 + 4]);
        }
    }
    for k in 0..N {
        let (p, q, pu, qu) = (a[k], b[k], au[k], bu[k]);
        let host = [
            idiv(p, q),
            irem(p, q),
            overflow(p, q),
            ishifts(p, q),
            abs_pow(p, q),
            scaled::<7, _>(p),
        ];
        assert_eq!(out[k], host, "i32 functions of ({p}, {q})");
        let host = [
            udiv_rem(pu, qu),
            ushifts(pu, qu),
            bits(pu, qu),
            casts(p, qu),
        ];
        assert_eq!(outu[k], host, "u32 functions of ({p}, {pu}, {qu})");
    }
    // The defined results themselves, on the host.
    assert_eq!(idiv(i32::MIN, -1), i32::MIN);
    assert_eq!(idiv(7, 0), 7);
    assert_eq!(irem(7, 0), 0);
    // `1 << 33` is `1 << 1`; `1 >> 40` is `1 >> 8`.
    assert_eq!(ushifts(1, 33), 2);
}

/// The float families: each function, and the largest distance allowed between the accelerator
/// and the host, in ULP or absolute (docs/LANGUAGE.md states the same bounds). A device that
/// contracts `a * b + c` into one fused operation (NVIDIA's do) rounds the product once less:
/// where the result cancels (`arith`, `lerp_twice`, `fmod`, `dot`), that is an absolute
/// difference of up to a rounding of the products (operands up to 10). Vulkan's own bounds:
/// `exp` 3 + 2·|x| ulp, `log` 3 ulp or 2⁻²¹ absolute near 1, `sin`/`cos` 2⁻¹¹ absolute, `atan2`
/// 4096 ulp, `fma` rounded once or twice).
macro_rules! families {
    ($($k:literal $name:ident $bound:literal $abs:literal;)*) => {
        /// Each family's name, ULP bound, and absolute bound (a result within either agrees:
        /// Vulkan states some functions' precision as an absolute error near their zeros).
        const FAMILIES: &[(&str, u32, f32)] = &[$((stringify!($name), $bound, $abs)),*];

        fn host_family(k: usize, a: f32, b: f32) -> f32 {
            match k {
                $($k => $name(a, b),)*
                _ => f32::NAN,
            }
        }

        fn device_families(a: &[f32], b: &[f32]) -> (Vec<f32>, Vec<u32>) {
            let families = FAMILIES.len();
            let mut flat = vec![f32::NAN; N * families];
            let mut classes = vec![u32::MAX; N];
            {
                let x = ConstArrayView::new(E, a).expect("a");
                let y = ConstArrayView::new(E, b).expect("b");
                let o = ArrayView::new([E, families as i32], &mut flat).expect("o");
                let c = ArrayView::new(E, &mut classes).expect("c");
                parallel_for_each!(x.extent(), |i: Index<1>| {
                    let (p, q) = (x[i], y[i]);
                    let r = i[0];
                    $(o[[r, $k]] = $name(p, q);)*
                    c[i] = classify(p, q);
                })
                .expect("launch");
                o.synchronize().expect("sync");
                c.synchronize().expect("sync");
            }
            (flat, classes)
        }
    };
}

families! {
    0 arith 2 8.0e-6;
    1 lerp_twice 2 1.6e-5;
    2 sqrt_f 1 0.0;
    3 hypot_f 2 0.0;
    4 rsqrt_f 2 0.0;
    5 exp_f 16 0.0;
    6 exp2_f 16 0.0;
    7 log_f 4 4.8e-7;
    8 log2_f 4 4.8e-7;
    9 log10_f 4 4.8e-7;
    10 sin_f 4 4.9e-4;
    11 cos_f 4 4.9e-4;
    12 atan2_f 4096 0.0;
    13 tanh_f 16 4.8e-7;
    14 pow_f 16 0.0;
    15 rounding 0 0.0;
    16 fmod_f 0 2.0e-6;
    17 fma_f 2 8.0e-6;
    18 fdim_f 0 0.0;
    19 dot_f 2 3.2e-5;
    20 length_f 4 0.0;
    21 normalize_f 4 0.0;
}

#[test]
fn float_functions_agree_within_their_ulp_bounds() {
    let to_float = |w: u32| (w % 20001) as f32 / 1000.0 - 10.0;
    let a: Vec<f32> = random_words(N, 21).into_iter().map(to_float).collect();
    let mut b: Vec<f32> = random_words(N, 22).into_iter().map(to_float).collect();
    b[0] = 0.0;
    let families = FAMILIES.len();
    let (flat, classes) = device_families(&a, &b);
    // The worst ULP distance of each family among the results outside its absolute bound.
    let mut worst = vec![(0u32, 0usize); families];
    for k in 0..N {
        for (f, w) in worst.iter_mut().enumerate() {
            let (device, host) = (flat[k * families + f], host_family(f, a[k], b[k]));
            let d = ulps(device, host);
            if d > w.0 && (device - host).abs() > FAMILIES[f].2 {
                *w = (d, k);
            }
        }
        assert_eq!(
            classes[k],
            classify(a[k], b[k]),
            "classify({}, {})",
            a[k],
            b[k]
        );
    }
    for (f, &(name, _, _)) in FAMILIES.iter().enumerate() {
        let (d, k) = worst[f];
        println!(
            "{name}: worst {d} ulp beyond the absolute bound, at ({}, {})",
            a[k], b[k]
        );
    }
    for (f, &(name, bound, _)) in FAMILIES.iter().enumerate() {
        let (d, k) = worst[f];
        assert!(
            d <= bound,
            "{name}: {d} ulp at ({}, {}): device {}, host {}",
            a[k],
            b[k],
            flat[k * families + f],
            host_family(f, a[k], b[k])
        );
    }
}

// A C++ AMP program as its original reads: one `restrict(cpu, amp)` helper, used by the kernel
// and by the host's verification loop.
//
//     unsigned int hash(unsigned int x) restrict(cpu, amp) {
//         x ^= x >> 16; x *= 0x7feb352d; x ^= x >> 15; x *= 0x846ca68b; x ^= x >> 16;
//         return x;
//     }
//     float shade(unsigned int x) restrict(cpu, amp) {
//         return (hash(x) & 0xffff) / 65535.0f;
//     }
//     parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = shade(i[0]); });
//     for (int i = 0; i < n; ++i) if (out[i] != shade(i)) ++errors;

/// `x` mixed (an integer hash whose multiplications overflow, as intended).
#[kernel]
fn hash(mut x: u32) -> u32 {
    x ^= x >> 16;
    x *= 0x7feb352d;
    x ^= x >> 15;
    x *= 0x846ca68b;
    x ^= x >> 16;
    x
}

/// A shade in `0..=1` for pixel `x`.
#[kernel]
fn shade(x: u32) -> f32 {
    (hash(x) & 0xffff) as f32 / 65535.0
}

#[test]
fn a_restrict_cpu_amp_helper_serves_the_kernel_and_the_verification() {
    let mut out = vec![-1.0f32; N];
    {
        let o = ArrayView::new(E, &mut out).expect("out");
        parallel_for_each!(o.extent(), |i: Index<1>| {
            o[i] = shade(i[0] as u32);
        })
        .expect("launch");
        o.synchronize().expect("sync");
    }
    // The integer hash agrees bit for bit; the division by 65535 is Vulkan's (2.5 ulp).
    let errors = (0..N)
        .filter(|&i| ulps(out[i], shade(i as u32)) > 3)
        .count();
    assert_eq!(errors, 0);
    // On the host the multiplications wrap as in the kernel (Rust's `*` would panic in debug).
    let mut x = 1u32;
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846ca68b);
    x ^= x >> 16;
    assert_eq!(hash(1), x);
}

// The direct3d intrinsics and the precise_math functions amp added for C++ AMP (their own
// table, apart from the families above): each kernel fn runs in a kernel and on the host.

#[kernel]
fn d3d_mix(a: f32, b: f32) -> f32 {
    intrinsics::mad(a, b, 0.25)
        + intrinsics::saturate(a)
        + intrinsics::rcp(b * b + 1.0)
        + intrinsics::step(a, b)
        + intrinsics::smoothstep(-2.0, 3.0, a)
        + intrinsics::sign(b)
        + intrinsics::radians(a)
        + intrinsics::noise(a * 3.1)
}

#[kernel]
fn d3d_ints(a: i32, b: i32) -> i32 {
    intrinsics::imax(a, b) - intrinsics::imin(a, b)
        + intrinsics::mad(a, b, 7)
        + intrinsics::sign(a)
        + intrinsics::umax(a as u32, b as u32) as i32
        + intrinsics::umin(a as u32, 5) as i32
}

/// The out-parameter functions, through `&mut` locals of a kernel fn.
#[kernel]
fn split_parts(a: f32, b: f32) -> f32 {
    let mut e = 0;
    let m = precise_math::frexp(a, &mut e);
    let mut ip = 0.0f32;
    let f = precise_math::modf(b, &mut ip);
    let mut q = 0;
    let r = precise_math::remquo(a, b + 20.5, &mut q);
    m + e as f32
        + f
        + ip
        + r
        + q as f32
        + precise_math::ldexp(a, 3)
        + precise_math::logb(b + 20.5)
        + precise_math::ilogb(a + 20.5) as f32
        + precise_math::nextafter(a, b)
        + precise_math::copysign(a, b)
}

#[kernel]
fn smooth_parts(a: f32, b: f32) -> f32 {
    let mut s = 0.0f32;
    let mut c = 0.0f32;
    precise_math::sincos(a, &mut s, &mut c);
    precise_math::cbrt(a)
        + precise_math::expm1(b * 0.5)
        + precise_math::log1p(fast_math::fabs(a))
        + precise_math::sinpi(a)
        + precise_math::cospi(b)
        + precise_math::exp10(a * 0.3)
        + s
        + c
}

#[kernel]
fn special_parts(a: f32, b: f32) -> f32 {
    precise_math::erf(a)
        + precise_math::erfc(b * 0.3)
        + precise_math::erfinv(a * 0.099)
        + precise_math::erfcinv(fast_math::fabs(b) * 0.0999 + 0.001)
        + precise_math::lgamma(fast_math::fabs(a) + 0.1)
        + precise_math::tgamma(fast_math::fabs(b) * 0.3 + 0.5)
}

#[kernel]
fn double_parts(a: f64, b: f64) -> f64 {
    precise_math::exp(a * 0.1)
        + precise_math::log(precise_math::fabs(b) + 0.5)
        + precise_math::sin(a)
        + precise_math::pow(precise_math::fabs(a) + 0.5, b * 0.2)
        + precise_math::atan2(a, b)
        + precise_math::tanh(a)
        + precise_math::cbrt(b)
        + precise_math::erf(a)
        + precise_math::erfc(b)
        + precise_math::erfinv(a * 0.07)
        + precise_math::erfcinv(precise_math::fabs(b) * 0.1 + 1e-3)
        + precise_math::lgamma(precise_math::fabs(a) + 0.1)
        + precise_math::tgamma(precise_math::fabs(b) * 0.3 + 0.5)
}

#[test]
fn intrinsics_and_precise_math_agree_with_the_host() {
    let acc = Accelerator::default().expect("accelerator");
    let to_float = |w: u32| (w % 20001) as f32 / 1000.0 - 10.0;
    let a: Vec<f32> = random_words(N, 31).into_iter().map(to_float).collect();
    let b: Vec<f32> = random_words(N, 32).into_iter().map(to_float).collect();
    let ia: Vec<i32> = random_words(N, 33).into_iter().map(|w| w as i32).collect();
    let ib: Vec<i32> = random_words(N, 34)
        .into_iter()
        .map(|w| w as i32 % 1000)
        .collect();
    let mut out = vec![0.0f32; N * 4];
    let mut ints = vec![0i32; N];
    let av = ConstArrayView::new(E, &a).expect("view");
    let bv = ConstArrayView::new(E, &b).expect("view");
    let iav = ConstArrayView::new(E, &ia).expect("view");
    let ibv = ConstArrayView::new(E, &ib).expect("view");
    let ov = ArrayView::new([E, 4], &mut out).expect("view");
    let iv = ArrayView::new(E, &mut ints).expect("view");
    parallel_for_each!(av.extent(), |i: Index<1>| {
        let (x, y) = (av[i], bv[i]);
        ov[(i[0], 0)] = d3d_mix(x, y);
        ov[(i[0], 1)] = split_parts(x, y);
        ov[(i[0], 2)] = smooth_parts(x, y);
        ov[(i[0], 3)] = special_parts(x, y);
        iv[i] = d3d_ints(iav[i], ibv[i]);
    })
    .expect("launch");
    drop((ov, iv));
    // (name, ulp bound, absolute bound): the intrinsics and the bit functions compute the same
    // operations as the host (an accelerator may contract a multiply and an add); the smooth
    // functions are the kernel's compositions against libm's.
    let families = [
        ("d3d_mix", 2, 1e-5),
        ("split_parts", 2, 1e-5),
        ("smooth_parts", 8, 1e-5),
        // A sum up to about 20 of functions each within a few ulp.
        ("special_parts", 8, 2e-5),
    ];
    for k in 0..N {
        let host = [
            d3d_mix(a[k], b[k]),
            split_parts(a[k], b[k]),
            smooth_parts(a[k], b[k]),
            special_parts(a[k], b[k]),
        ];
        for (f, &(name, bound, abs)) in families.iter().enumerate() {
            let device = out[k * 4 + f];
            assert!(
                ulps(device, host[f]) <= bound || (device - host[f]).abs() <= abs,
                "{name}({}, {}): device {device}, host {}",
                a[k],
                b[k],
                host[f]
            );
        }
        assert_eq!(
            ints[k],
            d3d_ints(ia[k], ib[k]),
            "d3d_ints({}, {})",
            ia[k],
            ib[k]
        );
    }
    if !(acc.supports_double_precision() && acc.supports_int64()) {
        return;
    }
    let da: Vec<f64> = a.iter().map(|&x| f64::from(x) * 1.37).collect();
    let db: Vec<f64> = b.iter().map(|&x| f64::from(x) * 0.73).collect();
    let mut dout = vec![0.0f64; N];
    let dav = ConstArrayView::new(E, &da).expect("view");
    let dbv = ConstArrayView::new(E, &db).expect("view");
    let dv = ArrayView::new(E, &mut dout).expect("view");
    parallel_for_each!(dav.extent(), |i: Index<1>| {
        dv[i] = double_parts(dav[i], dbv[i]);
    })
    .expect("launch");
    drop(dv);
    for k in 0..N {
        let host = double_parts(da[k], db[k]);
        // Each function within a few ulp of libm's; the sum's magnitude bounds its error.
        let tolerance = 1e-14 * host.abs().max(1.0);
        assert!(
            (dout[k] - host).abs() <= tolerance,
            "double_parts({}, {}): device {}, host {host}",
            da[k],
            db[k],
            dout[k]
        );
    }
}

/// The sum of a pair, through a shared reference.
#[kernel]
fn pair_total(a: &[f32; 2]) -> f32 {
    a[0] + a[1]
}

/// Doubles the first of a pair in place and passes the `&mut` on where a `&` is taken, as Rust
/// coerces at a call.
#[kernel]
fn double_first_then_total(a: &mut [f32; 2]) -> f32 {
    a[0] *= 2.0;
    pair_total(a)
}

#[test]
fn a_mut_reference_is_passed_where_a_shared_one_is_taken_on_the_host() {
    let mut pair = [1.0f32, 2.0];
    assert_eq!(double_first_then_total(&mut pair), 4.0);
    assert_eq!(pair, [2.0, 2.0]);
    assert_eq!(pair_total(&mut pair), 4.0);
}
