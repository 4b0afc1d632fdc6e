//! Const generics on `#[kernel] fn` (C++ AMP's template helpers `template<int N> float f(...)
//! restrict(amp)`): tile sizes, unroll counts and dimensions as const parameters, used as values
//! and as array lengths, named at the call with `::<...>` or inferred.

use amp::prelude::*;

/// `x` times `N`, as a value of the const parameter.
#[kernel]
fn times<const N: i32>(x: i32) -> i32 {
    x * N
}

/// The sum of `N` terms `x, x + 1, …`: the const parameter bounds a loop and sizes a local array.
#[kernel]
fn ramp_sum<const N: usize>(x: f32) -> f32 {
    let mut terms = [0.0f32; N];
    for k in 0..N {
        terms[k] = x + k as f32;
    }
    let mut sum = 0.0f32;
    for k in 0..N {
        sum += terms[k];
    }
    sum
}

/// A const parameter beside a type parameter: `x` to the power `P`.
#[kernel]
fn power<T: Numeric, const P: u32>(x: T) -> T {
    let mut acc = x;
    for _ in 1..P {
        acc = acc * x;
    }
    acc
}

/// A const parameter that a second device function passes on.
#[kernel]
fn times_twice<const N: i32>(x: i32) -> i32 {
    times::<N>(times::<N>(x))
}

#[test]
fn const_parameters_are_values_loop_bounds_and_array_lengths() {
    let input: Vec<i32> = (0..64).collect();
    let mut out = vec![0i32; 64];
    let mut sums = vec![0.0f32; 64];
    let mut powers = vec![0.0f32; 64];
    let mut ipowers = vec![0i32; 64];
    {
        let x = ConstArrayView::new(64, &input).expect("input");
        let o = ArrayView::new(64, &mut out).expect("out");
        let s = ArrayView::new(64, &mut sums).expect("sums");
        let p = ArrayView::new(64, &mut powers).expect("powers");
        let q = ArrayView::new(64, &mut ipowers).expect("ipowers");
        parallel_for_each!(o.extent(), |i: Index<1>| {
            // Two instances of one function, and one through another function.
            o[i] = times::<3>(x[i]) + times::<100>(x[i]) + times_twice::<2>(x[i]);
            s[i] = ramp_sum::<4>(x[i] as f32) + ramp_sum::<1>(x[i] as f32);
            p[i] = power::<f32, 3>(x[i] as f32 * 0.5);
            q[i] = power::<_, 2>(x[i]);
        })
        .expect("launch");
        o.synchronize().expect("sync");
        s.synchronize().expect("sync");
        p.synchronize().expect("sync");
        q.synchronize().expect("sync");
    }
    for (k, &x) in input.iter().enumerate() {
        assert_eq!(out[k], 3 * x + 100 * x + 4 * x, "times at {k}");
        let xf = x as f32;
        assert_eq!(sums[k], (4.0 * xf + 6.0) + xf, "ramp_sum at {k}");
        let h = xf * 0.5;
        assert_eq!(powers[k], h * h * h, "power at {k}");
        assert_eq!(ipowers[k], x * x, "power at {k}");
    }
}
