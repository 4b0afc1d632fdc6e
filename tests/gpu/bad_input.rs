//! Bad input gives a typed error, never a panic, and leaves host data as it was.

use amp::prelude::*;
use amp::Error;

#[test]
fn view_extent_must_match_data_length() {
    let mut data = vec![1, 2, 3, 4, 5];
    let err = ArrayView::new([2, 3], &mut data).expect_err("mismatch");
    assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    let text = err.to_string();
    assert!(
        text.contains("(2,3)") && text.contains('6') && text.contains('5'),
        "{text}"
    );
    let err = ConstArrayView::new(4, &data).expect_err("mismatch");
    assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    assert_eq!(data, [1, 2, 3, 4, 5]);
}

#[test]
fn zero_sized_launch_is_an_invalid_compute_domain() {
    let mut data = vec![7; 4];
    let view = ArrayView::new(4, &mut data).expect("view");
    let result = parallel_for_each!(Extent::new([0]), |idx: Index<1>| {
        view[idx] = 0;
    });
    let err = result.expect_err("zero-sized extent");
    assert!(matches!(err, Error::InvalidComputeDomain(_)), "{err}");
    let result = parallel_for_each!(Extent::new([2, -3]), |idx: Index<2>| {
        view[idx[1]] = 0;
    });
    let err = result.expect_err("negative extent");
    assert!(err.to_string().contains("dimension 1"), "{err}");
    drop(view);
    assert_eq!(data, [7; 4]);
}

#[test]
fn too_many_threads_is_an_invalid_compute_domain() {
    let mut data = vec![7; 4];
    let view = ArrayView::new(4, &mut data).expect("view");
    let result = parallel_for_each!(Extent::new([65536, 65536]), |idx: Index<2>| {
        view[idx[0]] = 0;
    });
    let err = result.expect_err("2^32 threads");
    let text = err.to_string();
    assert!(
        text.contains("(4294967296) exceeds the limit (4294967295)"),
        "{text}"
    );
    drop(view);
    assert_eq!(data, [7; 4]);
}

/// Recursion only shows on the call graph: the launch fails with an error naming both
/// functions, before any data moves.
#[kernel]
fn ping(n: i32) -> i32 {
    if n > 0 {
        return pong(n - 1);
    }
    0
}

#[kernel]
fn pong(n: i32) -> i32 {
    ping(n)
}

#[test]
fn recursion_is_a_located_kernel_error() {
    let mut data = vec![3; 8];
    let view = ArrayView::new(8, &mut data).expect("view");
    let result = parallel_for_each!(view.extent(), |idx: Index<1>| {
        view[idx] = ping(view[idx]);
    });
    let err = result.expect_err("recursion");
    let Error::Kernel(amp::KernelError::Build { message, loc, .. }) = &err else {
        panic!("expected a build error, got {err}");
    };
    assert!(
        message.contains("`ping` calls `pong` calls `ping`"),
        "{message}"
    );
    assert!(loc.file.ends_with("bad_input.rs"), "{loc}");
    drop(view);
    assert_eq!(data, [3; 8]);
}

/// IR that naga rejects (here hand-built: an f32 stored into an i32 view, which the macros'
/// types never allow) fails the launch with the kernel's name and source line, and no data
/// moves.
#[test]
fn validation_failure_names_the_kernel_and_line() {
    use amp::__private_0_1_0::{ops, KernelBuilder, KernelValue};
    let mut data = vec![5; 4];
    let view = ArrayView::new(4, &mut data).expect("view");
    let line = line!() + 7;
    let result = amp::launch::parallel_for_each(
        None,
        &Extent::new([4]),
        (&view,),
        amp::Loc::new(file!(), line!(), 1),
        |b: &mut KernelBuilder, (v,), idx| {
            b.at(amp::Loc::new(file!(), line!(), 13));
            let f = ops::lit(b, 1.5f32);
            v.store(b, idx, KernelValue::from_handle(f.handle()));
        },
    );
    let err = result.expect_err("invalid IR");
    let text = err.to_string();
    assert!(
        matches!(err, Error::Kernel(amp::KernelError::Validation { .. })),
        "{text}"
    );
    assert!(
        text.contains("parallel_for_each at tests/gpu/bad_input.rs"),
        "{text}"
    );
    assert!(text.contains(&format!("bad_input.rs:{line}:13")), "{text}");
    assert_eq!(view.uploads(), 0);
    drop(view);
    assert_eq!(data, [5; 4]);
}

#[test]
fn division_by_a_constant_zero_is_a_located_error() {
    let mut data = vec![4; 8];
    let view = ArrayView::new(8, &mut data).expect("view");
    let line = line!() + 2;
    let result = parallel_for_each!(view.extent(), |idx: Index<1>| {
        view[idx] = view[idx] / 0;
    });
    let err = result.expect_err("constant zero divisor");
    let Error::Kernel(amp::KernelError::Build { message, loc, .. }) = &err else {
        panic!("expected a build error, got {err}");
    };
    assert!(message.contains("C3567"), "{message}");
    assert_eq!(loc.line, line);
}

/// A local array whose length is a large constant is a located build error, not a host stack
/// overflow while the kernel is built.
const TOO_MANY: usize = 1 << 26;

#[test]
fn a_huge_local_array_is_a_build_error() {
    let mut data = vec![1.0f32; 8];
    let view = ArrayView::new(8, &mut data).expect("view");
    let result = parallel_for_each!(view.extent(), |idx: Index<1>| {
        let mut scratch = [0.0f32; TOO_MANY];
        scratch[idx[0]] = 2.0;
        view[idx] = scratch[idx[0]];
    });
    let err = result.expect_err("too large");
    let text = err.to_string();
    assert!(text.contains("a thread's private memory"), "{text}");
    assert!(text.contains("bad_input.rs"), "located: {text}");
    drop(view);
    assert_eq!(data, [1.0; 8]);
}

/// Impossible sizes are errors, never a panic or an abort in the host allocator.
#[test]
fn impossible_array_sizes_are_out_of_memory() {
    let err = Array::filled([i32::MAX; 3], 0i32).expect_err("2^93 elements");
    assert!(
        matches!(err, Error::OutOfMemory(_) | Error::InvalidComputeDomain(_)),
        "{err}"
    );
    // 2^62 elements: more than kernels can address; nothing is allocated.
    let err = Array::filled([1 << 30, 1 << 30, 4], 0.0f32).expect_err("2^64 bytes");
    assert!(matches!(err, Error::OutOfMemory(_)), "{err}");
    let err = ArrayView::<f32, 3>::from_extent([1 << 30, 1 << 30, 4]).expect_err("2^64 bytes");
    assert!(matches!(err, Error::OutOfMemory(_)), "{err}");
    // 2^32 elements: more than kernels can address (the zero sentinel past the data takes an
    // index too); nothing is allocated.
    let err = Array::<f32, 2>::from_extent([1 << 16, 1 << 16]).expect_err("2^32 elements");
    assert!(matches!(err, Error::OutOfMemory(_)), "{err}");
}

/// 128 KiB of local arrays per thread: on a CPU device (lavapipe keeps them on its threads'
/// stacks, and this size crashed the process) a located build error; on a GPU it runs.
#[test]
fn large_local_arrays_fit_the_accelerator_or_are_a_located_error() {
    let acc = Accelerator::default().expect("accelerator");
    let mut out = vec![0i32; 64];
    let ov = ArrayView::new(64, &mut out).expect("view");
    let result = parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut digits = [0; 32768];
        let x = i[0];
        digits[x % 4] += 1;
        ov[i] = digits[0] + digits[x];
    });
    // llvmpipe keeps local arrays on its threads' stacks; amp's CPU accelerator and GPUs do not.
    if acc.is_emulated() && acc.backend() != "amp" {
        match result {
            Err(Error::Kernel(e)) => {
                let text = e.to_string();
                assert!(text.contains("131072 bytes per thread"), "{text}");
                assert!(text.contains("tests/gpu/bad_input.rs"), "{text}");
            }
            other => panic!("expected a located build error, got {other:?}"),
        }
    } else {
        result.expect("a GPU holds 128 KiB of local arrays");
        drop(ov);
        assert_eq!(out[1], 1);
    }
}
