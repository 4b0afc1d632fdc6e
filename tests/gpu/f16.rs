//! `f16` (the `half` crate's, `amp::f16`) in kernels and data, against `half` on the host:
//! packed views of odd lengths and their partial reads and writes, captured scalars, literals and
//! constants, arithmetic, comparisons, conversions, math, short vectors, tile_static and local
//! arrays, and the typed error where the accelerator lacks 16-bit floats.
//!
//! Exact where IEEE defines the result (`+ - *`, conversions, comparisons, `abs`, `floor`,
//! `min`/`max`; rounding to nearest even): lavapipe computes them so. A GPU may differ in the
//! last bit of a converted or computed value where Vulkan allows it (it leaves the rounding of
//! narrowing conversions to the implementation, and `/` and `sqrt` to within 2.5 and 1 ulp);
//! those tests say so.

use crate::common::random_floats;
use crate::own_process::ran_in_own_process;
use amp::prelude::*;
use amp::Error;

/// Output elements start as this, so an element a kernel failed to write is never a result.
const POISON: f16 = f16::from_bits(0x7bad);

fn halves(len: usize, seed: u32) -> Vec<f16> {
    random_floats(len, seed)
        .into_iter()
        .map(f16::from_f32)
        .collect()
}

fn skip_without_f16() -> bool {
    let acc = Accelerator::default().expect("accelerator");
    if !acc.supports_f16() {
        eprintln!("skipped: {} has no 16-bit floats", acc.description());
        return true;
    }
    false
}

#[test]
fn arithmetic_and_comparisons_match_half_on_odd_lengths() {
    if skip_without_f16() {
        return;
    }
    let n = 1001; // odd: the data ends inside a 4-byte word
    let (a, b) = (halves(n, 3), halves(n, 5));
    let c = f16::from_f32(-0.375);
    let mut sum = vec![POISON; n];
    let mut product = vec![POISON; n];
    let mut mixed = vec![POISON; n];
    let mut less = vec![9u32; n];
    {
        let av = ConstArrayView::new(n as i32, &a).expect("view");
        let bv = ConstArrayView::new(n as i32, &b).expect("view");
        let sv = ArrayView::new(n as i32, &mut sum).expect("view");
        let pv = ArrayView::new(n as i32, &mut product).expect("view");
        let mv = ArrayView::new(n as i32, &mut mixed).expect("view");
        let lv = ArrayView::new(n as i32, &mut less).expect("view");
        parallel_for_each!(sv.extent(), |i: Index<1>| {
            sv[i] = av[i] + bv[i];
            pv[i] = av[i] * bv[i];
            let mut m = -av[i];
            m -= c;
            m *= f16::from_f32(2.0);
            mv[i] = m;
            lv[i] = if av[i] < bv[i] { 1u32 } else { 0u32 };
        })
        .expect("launch");
    }
    for i in 0..n {
        assert_eq!(sum[i], a[i] + b[i], "sum {i}");
        assert_eq!(product[i], a[i] * b[i], "product {i}");
        assert_eq!(mixed[i], (-a[i] - c) * f16::from_f32(2.0), "mixed {i}");
        assert_eq!(less[i], u32::from(a[i] < b[i]), "less {i}");
    }
}

#[test]
fn single_elements_inside_words_read_and_write_alone() {
    if skip_without_f16() {
        return;
    }
    let n = 7;
    let mut data: Vec<f16> = (0..n).map(|k| f16::from_f32(k as f32)).collect();
    {
        let v = ArrayView::new(n, &mut data).expect("view");
        parallel_for_each!(v.extent(), |i: Index<1>| {
            v[i] = v[i] + f16::ONE;
        })
        .expect("launch");
        // The device copy is current: single elements move alone, at odd and even places.
        v.set(3, f16::from_f32(-8.5)).expect("set 3");
        v.set(6, f16::from_f32(0.25)).expect("set 6");
        assert_eq!(v.get(2).expect("get 2"), f16::from_f32(3.0));
        assert_eq!(v.get(3).expect("get 3"), f16::from_f32(-8.5));
        assert_eq!(v.get(4).expect("get 4"), f16::from_f32(5.0));
        parallel_for_each!(v.extent(), |i: Index<1>| {
            v[i] = v[i] * f16::from_f32(2.0);
        })
        .expect("second launch");
    }
    let expected = [2.0, 4.0, 6.0, -17.0, 10.0, 12.0, 0.5].map(f16::from_f32);
    assert_eq!(data, expected);
}

#[test]
fn sections_starting_inside_a_word_move_their_own_elements() {
    if skip_without_f16() {
        return;
    }
    let n = 9;
    let mut data = vec![f16::ZERO; n];
    {
        let v = ArrayView::new(n as i32, &mut data).expect("view");
        v.discard_data();
        parallel_for_each!(v.extent(), |i: Index<1>| {
            v[i] = f16::from_f32(i[0] as f32);
        })
        .expect("launch");
        let part = v
            .section(Index::new([3]), Extent::new([3]))
            .expect("section");
        let values = part.to_vec().expect("section read");
        assert_eq!(values, [3.0, 4.0, 5.0].map(f16::from_f32));
    }
    assert_eq!(
        data,
        (0..n).map(|k| f16::from_f32(k as f32)).collect::<Vec<_>>()
    );
}

#[test]
fn captured_scalars_keep_every_kind_of_value() {
    if skip_without_f16() {
        return;
    }
    let values = [
        f16::from_f32(1.5),
        f16::from_f32(-0.0),
        f16::MIN_POSITIVE_SUBNORMAL,
        -f16::MIN_POSITIVE_SUBNORMAL,
        f16::MIN_POSITIVE,
        f16::MAX,
        f16::MIN,
        f16::INFINITY,
        f16::NEG_INFINITY,
        f16::from_f32(65504.0),
        f16::from_f32(-3.140625),
    ];
    for value in values {
        let mut out = [POISON; 3];
        {
            let ov = ArrayView::new(3, &mut out).expect("view");
            parallel_for_each!(ov.extent(), |i: Index<1>| {
                ov[i] = value;
            })
            .expect("launch");
        }
        for got in out {
            assert_eq!(got.to_bits(), value.to_bits(), "{value}");
        }
    }
    // NaN stays NaN.
    let nan = f16::NAN;
    let mut flags = [9u32; 1];
    {
        let fv = ArrayView::new(1, &mut flags).expect("view");
        parallel_for_each!(fv.extent(), |i: Index<1>| {
            fv[i] = if nan.is_nan() { 1u32 } else { 0u32 };
        })
        .expect("launch");
    }
    assert_eq!(flags, [1]);
}

#[test]
fn conversions_use_halfs_names_and_round_to_nearest_even() {
    if skip_without_f16() {
        return;
    }
    // Values between f16s, ties included, and past the largest f16.
    let mut xs: Vec<f32> = random_floats(512, 11)
        .into_iter()
        .map(|x| x * 1.000_37)
        .collect();
    xs.extend([
        1.0 + 2f32.powi(-11),
        1.0 + 3.0 * 2f32.powi(-11),
        70000.0,
        -1e-8,
        2f32.powi(-20),
    ]);
    let n = xs.len();
    let mut narrowed = vec![POISON; n];
    let mut widened = vec![0f32; n];
    let mut ints = vec![0i32; n];
    let mut from_int = vec![POISON; n];
    {
        let xv = ConstArrayView::new(n as i32, &xs).expect("view");
        let nv = ArrayView::new(n as i32, &mut narrowed).expect("view");
        let wv = ArrayView::new(n as i32, &mut widened).expect("view");
        let iv = ArrayView::new(n as i32, &mut ints).expect("view");
        let fv = ArrayView::new(n as i32, &mut from_int).expect("view");
        parallel_for_each!(nv.extent(), |i: Index<1>| {
            let h = f16::from_f32(xv[i]);
            nv[i] = h;
            wv[i] = h.to_f32();
            iv[i] = h as i32;
            fv[i] = f16::from_f32((i[0] - 256) as f32);
        })
        .expect("launch");
    }
    for i in 0..n {
        let h = f16::from_f32(xs[i]);
        assert_eq!(narrowed[i].to_bits(), h.to_bits(), "from_f32({})", xs[i]);
        // NVIDIA's compiler (H100, driver 580) removes a narrowing followed by a widening
        // inside one kernel, so `from_f32(x).to_f32()` may be `x` itself there
        // (docs/LANGUAGE.md, "Half precision"); the stored f16 above is rounded everywhere.
        assert!(
            widened[i] == h.to_f32() || widened[i] == xs[i],
            "to_f32 {i}: {} is neither the rounded {} nor the input {}",
            widened[i],
            h.to_f32(),
            xs[i]
        );
        // Out of range (here: infinite) the conversion is the device's, as for f32.
        if h.is_finite() {
            assert_eq!(ints[i], h.to_f32() as i32, "as i32 {i}");
        }
        assert_eq!(
            from_int[i],
            f16::from_f32((i as i32 - 256) as f32),
            "from int {i}"
        );
    }
}

#[test]
fn literals_and_constants_become_f16_literals() {
    if skip_without_f16() {
        return;
    }
    let mut out = vec![POISON; 6];
    {
        let ov = ArrayView::new(6, &mut out).expect("view");
        parallel_for_each!(ov.extent(), |i: Index<1>| {
            let k = i[0];
            ov[i] = if k == 0 {
                f16::from_f32(1.5)
            } else if k == 1 {
                f16::from_f64(-0.1)
            } else if k == 2 {
                f16::ONE
            } else if k == 3 {
                f16::MAX
            } else if k == 4 {
                f16::NEG_INFINITY
            } else {
                f16::EPSILON
            };
        })
        .expect("launch");
    }
    let expected = [
        f16::from_f32(1.5),
        f16::from_f64(-0.1),
        f16::ONE,
        f16::MAX,
        f16::NEG_INFINITY,
        f16::EPSILON,
    ];
    assert_eq!(out, expected);
}

#[test]
fn math_methods_on_f16() {
    if skip_without_f16() {
        return;
    }
    let n = 300;
    let mut xs = halves(n, 17);
    xs.extend([
        f16::NAN,
        f16::INFINITY,
        f16::NEG_INFINITY,
        f16::from_f32(-0.0),
    ]);
    let n = xs.len();
    let mut exact = vec![POISON; n * 4];
    let mut roots = vec![POISON; n];
    let mut flags = vec![9u32; n];
    {
        let xv = ConstArrayView::new(n as i32, &xs).expect("view");
        let ev = ArrayView::new([n as i32, 4], &mut exact).expect("view");
        let rv = ArrayView::new(n as i32, &mut roots).expect("view");
        let fv = ArrayView::new(n as i32, &mut flags).expect("view");
        parallel_for_each!(rv.extent(), |i: Index<1>| {
            let x = xv[i];
            let r = i[0];
            ev[[r, 0]] = x.abs();
            ev[[r, 1]] = x.floor();
            ev[[r, 2]] = x.max(f16::ZERO);
            ev[[r, 3]] = x.copysign(f16::NEG_ONE);
            rv[i] = fast_math::sqrt(x.abs());
            fv[i] = (if x.is_nan() { 1u32 } else { 0u32 })
                | (if x.is_infinite() { 2u32 } else { 0u32 })
                | (if x.is_finite() { 4u32 } else { 0u32 });
        })
        .expect("launch");
    }
    for (i, &x) in xs.iter().enumerate() {
        let f = x.to_f32();
        let want = [f.abs(), f.floor(), f.max(0.0), f.copysign(-1.0)].map(f16::from_f32);
        for k in 0..4 {
            let got = exact[i * 4 + k];
            if x.is_nan() && k != 2 {
                assert!(got.is_nan(), "{k} of NaN");
            } else if k == 2 && x.to_f32() == 0.0 {
                // `max(-0.0, 0.0)` is either zero, as for f32.
                assert_eq!(got.to_f32(), 0.0, "max of {x}");
            } else {
                assert_eq!(got.to_bits(), want[k].to_bits(), "method {k} of {x}");
            }
        }
        let flag =
            u32::from(x.is_nan()) | u32::from(x.is_infinite()) << 1 | u32::from(x.is_finite()) << 2;
        assert_eq!(flags[i], flag, "classes of {x}");
        // sqrt: Vulkan allows 1 ulp, plus the host's rounding of the f32 result.
        let root = f16::from_f32(f.abs().sqrt());
        if root.is_finite() {
            let ulp =
                (roots[i].to_f32() - root.to_f32()).abs() / root.to_f32().max(f32::MIN_POSITIVE);
            assert!(
                ulp <= 2.0 * 2f32.powi(-10),
                "sqrt of {x}: {} vs {root}",
                roots[i]
            );
        }
    }
}

#[test]
fn half_vectors_are_packed_components() {
    if skip_without_f16() {
        return;
    }
    let n = 333;
    let raw = halves(n * 4, 23);
    let quads: Vec<Half4> = raw
        .chunks(4)
        .map(|c| half4(c[0], c[1], c[2], c[3]))
        .collect();
    let pairs: Vec<Half2> = raw.chunks(4).map(|c| half2(c[0], c[1])).collect();
    let triples: Vec<Half3> = raw.chunks(4).map(|c| half3(c[0], c[1], c[2])).collect();
    let two = f16::from_f32(2.0);
    let mut out4 = vec![half4(POISON, POISON, POISON, POISON); n];
    let mut out2 = vec![half2(POISON, POISON); n];
    let mut out3 = vec![half3(POISON, POISON, POISON); n];
    let mut dots = vec![POISON; n];
    {
        let qv = ConstArrayView::new(n as i32, &quads).expect("view");
        let pv = ConstArrayView::new(n as i32, &pairs).expect("view");
        let tv = ConstArrayView::new(n as i32, &triples).expect("view");
        let o4 = ArrayView::new(n as i32, &mut out4).expect("view");
        let o2 = ArrayView::new(n as i32, &mut out2).expect("view");
        let o3 = ArrayView::new(n as i32, &mut out3).expect("view");
        let dv = ArrayView::new(n as i32, &mut dots).expect("view");
        parallel_for_each!(o4.extent(), |i: Index<1>| {
            o4[i] = qv[i] * two + qv[i];
            o2[i] = -pv[i];
            let t = tv[i];
            o3[i] = half3(t.z(), t.x(), t.y() + two);
            dv[i] = pv[i].x() * pv[i].y();
        })
        .expect("launch");
    }
    for i in 0..n {
        assert_eq!(out4[i], quads[i] * two + quads[i], "Half4 {i}");
        assert_eq!(out2[i], -pairs[i], "Half2 {i}");
        let t = triples[i];
        assert_eq!(out3[i], half3(t.z(), t.x(), t.y() + two), "Half3 {i}");
        assert_eq!(
            dots[i],
            pairs[i].x() * pairs[i].y(),
            "component product {i}"
        );
    }
}

#[test]
fn tile_static_and_local_arrays_of_f16() {
    if skip_without_f16() {
        return;
    }
    // Small integers: every partial sum is exact in f16.
    let n = 64 * 5;
    let xs: Vec<f16> = (0..n).map(|k| f16::from_f32((k % 7) as f32)).collect();
    let mut sums = vec![POISON; n / 64];
    let mut reversed = vec![POISON; n];
    {
        let xv = ConstArrayView::new(n as i32, &xs).expect("view");
        let sv = ArrayView::new((n / 64) as i32, &mut sums).expect("view");
        let rv = ArrayView::new(n as i32, &mut reversed).expect("view");
        parallel_for_each!(xv.extent().tile::<64>(), |t: TiledIndex<1>| {
            #[tile_static]
            let mut shared: [f16; 64];
            let lid = t.local[0];
            shared[lid] = xv[t];
            t.barrier.wait();
            rv[t] = shared[63 - lid];
            if lid == 0 {
                let mut part = [f16::ZERO; 4];
                for k in 0..64u32 {
                    part[k % 4] += shared[k];
                }
                sv[t.tile[0]] = part[0] + part[1] + part[2] + part[3];
            }
        })
        .expect("launch");
    }
    for (tile, sum) in sums.iter().enumerate() {
        let want: f32 = (tile * 64..tile * 64 + 64).map(|k| (k % 7) as f32).sum();
        assert_eq!(sum.to_f32(), want, "tile {tile}");
    }
    for (i, got) in reversed.iter().enumerate() {
        let mirror = i / 64 * 64 + 63 - i % 64;
        assert_eq!(*got, xs[mirror], "reversed {i}");
    }
}

#[test]
fn without_16_bit_floats_an_f16_kernel_is_a_typed_error() {
    // In a process of its own: the variable is read when the device is opened.
    if ran_in_own_process() {
        return;
    }
    std::env::set_var("AMP_HIDE_FEATURES", "SHADER_F16");
    let acc = Accelerator::default().expect("accelerator");
    assert!(!acc.supports_f16());
    let mut out = vec![f16::ZERO; 4];
    let ov = ArrayView::new(4, &mut out).expect("view");
    let err = parallel_for_each!(ov.extent(), |i: Index<1>| {
        ov[i] = f16::ONE;
    })
    .expect_err("an f16 kernel without SHADER_F16");
    let message = err.to_string();
    assert!(matches!(err, Error::UnsupportedFeature(_)), "{message}");
    assert!(message.contains("f16"), "{message}");
    assert!(message.contains("f16.rs"), "names the kernel: {message}");
    // A kernel that uses no f16 still runs.
    let mut words = vec![0u32; 4];
    let wv = ArrayView::new(4, &mut words).expect("view");
    parallel_for_each!(wv.extent(), |i: Index<1>| {
        wv[i] = 7u32;
    })
    .expect("a kernel without f16");
    drop(wv);
    assert_eq!(words, [7; 4]);
}
