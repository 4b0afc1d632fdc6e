//! The kernel language beyond the seeds: generic kernels instantiated per type, device function
//! chains, control flow as expressions, short-circuit logic, shifts and casts, each checked
//! against plain Rust.

#[path = "../../examples/generic_kernels.rs"]
mod generic_kernels;

use amp::prelude::*;

#[test]
fn one_generic_kernel_instantiated_for_f32_and_i32() {
    let x = [1.5f32, -2.0, 3.25];
    let mut y = [10.0f32, 20.0, 30.0];
    generic_kernels::axpy_views(2.0, &x, &mut y).expect("f32");
    assert_eq!(y, [13.0, 16.0, 36.5]);
    let xi = [1, -2, 3];
    let mut yi = [10, 20, 30];
    generic_kernels::axpy_views(-3, &xi, &mut yi).expect("i32");
    assert_eq!(yi, [7, 26, 21]);
    let xu = [1u32, 2, 3];
    let mut yu = [10u32, 20, 30];
    generic_kernels::axpy_views(4, &xu, &mut yu).expect("u32");
    assert_eq!(yu, [14, 28, 42]);
}

#[test]
fn a_chain_of_three_device_functions() {
    let expected: Vec<i32> = (0..100).map(|x| (x * x + 1) * 2).collect();
    assert_eq!(generic_kernels::chain(100).expect("launch"), expected);
}

#[kernel]
fn classify(x: i32) -> i32 {
    if x < 0 {
        return -1;
    }
    let kind = if x == 0 {
        0
    } else if x % 2 == 0 {
        2
    } else {
        1
    };
    kind
}

#[test]
fn control_flow_and_operators_match_rust() {
    let input: Vec<i32> = (-500..500).map(|i| i * 7919 % 1000).collect();
    let mut out = vec![0i32; input.len()];
    let iv = ConstArrayView::new(input.len() as i32, &input).expect("view");
    let ov = ArrayView::new(input.len() as i32, &mut out).expect("view");
    let shift = 3u32;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let x = iv[i];
        let mut acc = classify(x) * 1000;
        // Short-circuit: the division is only evaluated for non-zero x.
        if x != 0 && 1000 / x > 2 {
            acc += 1;
        }
        let mut n = 0;
        loop {
            n += 1;
            if n >= 5 {
                break;
            }
            if n % 2 == 0 {
                continue;
            }
            acc += n;
        }
        let bits = ((x as u32) << shift) >> 1;
        acc ^= (bits & 0xff) as i32;
        let f = x as f32 * 0.5;
        acc += f as i32;
        let x = acc;
        ov[i] = -x;
    })
    .expect("launch");
    drop(ov);
    let classify = |x: i32| {
        if x < 0 {
            -1
        } else if x == 0 {
            0
        } else if x % 2 == 0 {
            2
        } else {
            1
        }
    };
    for (k, &x) in input.iter().enumerate() {
        let mut acc = classify(x) * 1000;
        if x != 0 && 1000 / x > 2 {
            acc += 1;
        }
        acc += 1 + 3;
        let bits = ((x as u32) << 3) >> 1;
        acc ^= (bits & 0xff) as i32;
        acc += (x as f32 * 0.5) as i32;
        assert_eq!(out[k], -acc, "x = {x}");
    }
}

#[kernel]
fn polynomial(x: f32) -> f32 {
    // Horner's rule over a local array of coefficients.
    let coefficients = [1.0f32, -2.0, 0.5, 3.0];
    let mut acc = 0.0f32;
    for k in 0..4 {
        acc = acc * x + coefficients[k];
    }
    acc
}

#[test]
fn local_arrays_with_dynamic_indexing() {
    let n = 64;
    let mut out = vec![0i32; n];
    let mut poly = vec![0.0f32; n];
    let ov = ArrayView::new(n as i32, &mut out).expect("view");
    let pv = ArrayView::new(n as i32, &mut poly).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let x = i[0];
        // A 1-D histogram of x's base-4 digits and a 2-D table, both indexed at run time.
        let mut digits = [0; 4];
        let mut table = [[0i32; 3]; 3];
        let mut v = x;
        for _ in 0..3 {
            digits[v % 4] += 1;
            v /= 4;
        }
        for r in 0..3 {
            for c in 0..3 {
                table[r][c] = r * 3 + c + x;
            }
        }
        ov[i] = digits[0] * 1000 + digits[1] * 100 + table[x % 3][(x + 1) % 3];
        pv[i] = polynomial(x as f32 * 0.25);
    })
    .expect("launch");
    drop((ov, pv));
    for x in 0..n as i32 {
        let mut digits = [0; 4];
        let mut v = x;
        for _ in 0..3 {
            digits[(v % 4) as usize] += 1;
            v /= 4;
        }
        let (r, c) = (x % 3, (x + 1) % 3);
        assert_eq!(
            out[x as usize],
            digits[0] * 1000 + digits[1] * 100 + r * 3 + c + x,
            "x = {x}"
        );
        let t = x as f32 * 0.25;
        let want = ((1.0 * t - 2.0) * t + 0.5) * t + 3.0;
        assert!((poly[x as usize] - want).abs() < 1e-4, "x = {x}");
    }
}

#[kernel]
fn bucket(x: i32) -> i32 {
    match x {
        -1 => 100,
        0 => 0,
        1 | 2 | 3 => 1,
        4..=9 => 2,
        _ if x < 20 => 3,
        _ => 4,
    }
}

#[test]
fn match_on_integers() {
    let mut out = vec![0i32; 40];
    let ov = ArrayView::new(40, &mut out).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        ov[i] = bucket(i[0] - 2);
    })
    .expect("launch");
    drop(ov);
    for (k, &v) in out.iter().enumerate() {
        let x = k as i32 - 2;
        let want = match x {
            -1 => 100,
            0 => 0,
            1..=3 => 1,
            4..=9 => 2,
            _ if x < 20 => 3,
            _ => 4,
        };
        assert_eq!(v, want, "x = {x}");
    }
}

#[test]
fn sixty_four_bit_types_where_the_accelerator_has_them() {
    let acc = Accelerator::default().expect("accelerator");
    let x: Vec<f64> = (0..100).map(|i| i as f64 * 0.1 + 1e-12).collect();
    let mut y = vec![0.0f64; 100];
    let mut z = vec![0i64; 100];
    let xv = ConstArrayView::new(100, &x).expect("view");
    let yv = ArrayView::new(100, &mut y).expect("view");
    let zv = ArrayView::new(100, &mut z).expect("view");
    let scale = 3.0e10f64;
    let big = 1i64 << 40;
    let result = parallel_for_each!(yv.extent(), |i: Index<1>| {
        yv[i] = xv[i] * scale + 1.0;
        zv[i] = big * (i[0] as i64) - 7;
    });
    if !(acc.supports_double_precision() && acc.supports_int64()) {
        let err = result.expect_err("no 64-bit support");
        assert!(matches!(err, amp::Error::UnsupportedFeature(_)), "{err}");
        return;
    }
    result.expect("launch");
    drop((yv, zv));
    for k in 0..100 {
        assert_eq!(y[k], x[k] * scale + 1.0, "f64 at {k}");
        assert_eq!(z[k], (1i64 << 40) * k as i64 - 7, "i64 at {k}");
    }
}

#[kernel]
fn early(x: i32) -> i32 {
    let y = match x % 4 {
        1 => return 10,
        2 => {
            if x > 5 {
                return 20;
            }
            x * 100
        }
        _ => x,
    };
    y + 1
}

#[test]
fn diverging_arms_and_branches() {
    let mut out = vec![0i32; 32];
    let ov = ArrayView::new(32, &mut out).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        ov[i] = early(i[0]);
    })
    .expect("launch");
    drop(ov);
    let early = |x: i32| -> i32 {
        let y = match x % 4 {
            1 => return 10,
            2 => {
                if x > 5 {
                    return 20;
                }
                x * 100
            }
            _ => x,
        };
        y + 1
    };
    for (x, &v) in out.iter().enumerate() {
        assert_eq!(v, early(x as i32), "x = {x}");
    }
}

#[kernel]
fn stop_early(v: ArrayView<i32, 1>, i: i32) {
    v[i] = 1;
    return;
    // Dead code that calls a function and an atomic: it is left out, and the kernel validates.
    v[i] = early(i);
    v.atomic_fetch_add(i, 5);
}

#[test]
fn code_after_return_builds_and_does_not_run() {
    let mut out = vec![0i32; 16];
    let ov = ArrayView::new(16, &mut out).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        stop_early(ov, i[0]);
        return;
        ov[i] = early(3);
    })
    .expect("launch");
    drop(ov);
    assert!(out.iter().all(|&v| v == 1), "{out:?}");
}

#[test]
fn short_vectors() {
    let mut out = vec![0.0f32; 64 * 4];
    let ov = ArrayView::new([64, 4], &mut out).expect("view");
    let offset: Float3 = amp::Vector([0.5, -1.0, 2.0]);
    parallel_for_each!(Extent::new([64]), |i: Index<1>| {
        let x = i[0] as f32;
        let p = float3(x, x * 2.0, 1.0);
        let q = p * 3.0 + offset - float3(1.0, 1.0, 1.0);
        let n = -q;
        let k = int2(i[0], 7);
        ov[(i[0], 0)] = q.x();
        ov[(i[0], 1)] = q.y() + n.z();
        ov[(i[0], 2)] = q[2];
        ov[(i[0], 3)] = (k.x() * k.y()) as f32;
    })
    .expect("launch");
    drop(ov);
    for i in 0..64 {
        let x = i as f32;
        let q = [x * 3.0 + 0.5 - 1.0, x * 6.0 - 1.0 - 1.0, 3.0 + 2.0 - 1.0];
        assert_eq!(
            &out[i * 4..i * 4 + 4],
            &[q[0], q[1] - q[2], q[2], (i * 7) as f32]
        );
    }
}

#[test]
fn for_loops_end_even_at_the_top_of_the_range() {
    let mut out = vec![0u32; 4];
    let ov = ArrayView::new(4, &mut out).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut count = 0u32;
        for k in (u32::MAX - 3)..=u32::MAX {
            if k % 2 == 0 {
                continue;
            }
            count += 1;
        }
        let mut signed = 0u32;
        for _ in (i32::MAX - 2)..=i32::MAX {
            signed += 1;
        }
        let mut empty = 0u32;
        for _ in 5..5 {
            empty += 1;
        }
        ov[i] = count * 100 + signed * 10 + empty;
    })
    .expect("launch");
    drop(ov);
    assert_eq!(out, [230; 4]);
}

#[test]
fn for_loops_with_steps() {
    let mut out = vec![0i32; 4];
    let ov = ArrayView::new(4, &mut out).expect("view");
    let n = 10;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut a = 0;
        for k in (0..n).step_by(3) {
            a += k; // 0 3 6 9
        }
        let mut b = 0;
        for k in (1..=10).step_by(3) {
            b += k; // 1 4 7 10
        }
        let mut c = 0u32;
        for _ in (u32::MAX - 10..u32::MAX).step_by(4) {
            c += 1; // 3 steps, no wrap
        }
        let mut d = 0;
        for k in (-5..=5).step_by(5) {
            d += k; // -5 0 5
        }
        ov[i] = a * 1000 + b * 10 + (c as i32) + d;
    })
    .expect("launch");
    drop(ov);
    assert_eq!(out, [18 * 1000 + 22 * 10 + 3; 4]);
}
