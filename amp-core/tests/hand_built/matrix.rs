//! Matrix fragments (`amp_core::matrix`) built by hand: the module validates with naga's
//! cooperative-matrix capability and is written as SPIR-V, and what the accelerator lacks, or
//! a fragment operation in control flow that is not tile-uniform, is a typed error.

use amp_core::builder::kernel_function;
use amp_core::matrix::{
    Layout, MatrixA, MatrixAcc, MatrixB, MatrixNeed, MatrixScalarType, MatrixShape,
};
use amp_core::ops::{self, Arith, ArithOp, CmpOp, Compare};
use amp_core::tile_static::DeclareMemory;
use amp_core::{
    Checks, DeviceFn, KernelBuilder, KernelError, KernelIr, Loc, ReadOnly, ReadWrite, View,
};
use naga::valid::Capabilities;

const HERE: Loc = Loc::new("matrix.rs", 1, 1);

const F32_16: MatrixShape = MatrixShape {
    m: 16,
    n: 16,
    k: 16,
    input: MatrixScalarType::F32,
    accumulator: MatrixScalarType::F32,
};

const F16_16: MatrixShape = MatrixShape {
    input: MatrixScalarType::F16,
    ..F32_16
};

/// A tiled kernel (tiles of 32 threads, one subgroup on most GPUs) computing
/// `C = A·B + 0` for 16×16 f32 matrices in tile_static memory; with `guarded`, the fragment
/// operations sit under a condition read from a view (not tile-uniform).
fn product(b: &mut KernelBuilder, guarded: bool) {
    let idx = b.tiled_entry::<1>([32, 1, 1]);
    let flags = View::<i32, 1, ReadOnly>::declare(b);
    let ta = b.tile_static::<[f32; 256]>(Some("ta"));
    let tb = b.tile_static::<[f32; 256]>(Some("tb"));
    let tc = b.tile_static::<[f32; 256]>(Some("tc"));
    if guarded {
        let flag = flags.load(b, idx.global);
        let zero = ops::lit(b, 0i32);
        let on = flag.compare(b, CmpOp::Gt, zero);
        b.begin_if(on);
    }
    let first = ops::lit(b, 0u32);
    let stride = ops::lit(b, 16u32);
    let a = kernel_function(&MatrixA::<f32, 16, 16>::load)
        .call(b, (ta, first, stride, Layout::RowMajor));
    let m = kernel_function(&MatrixB::<f32, 16, 16>::load)
        .call(b, (tb, first, stride, Layout::ColumnMajor));
    let acc = kernel_function(&MatrixAcc::<f32, 16, 16>::zero).call(b, ());
    let acc = a.multiply_add(b, m, acc);
    acc.store(b, tc, first, stride, Layout::RowMajor);
    if guarded {
        b.end_if();
    }
}

fn build(shapes: Option<Vec<MatrixShape>>, caps: Capabilities) -> Result<KernelIr, KernelError> {
    let mut b = KernelBuilder::new("product", HERE);
    if let Some(shapes) = shapes {
        b.set_matrix_shapes(shapes);
    }
    product(&mut b, false);
    b.finish(caps)
}

#[test]
fn fragments_validate_and_write_spirv() {
    let ir = build(Some(vec![F16_16, F32_16]), Capabilities::COOPERATIVE_MATRIX).expect("valid");
    let wgsl = ir.wgsl();
    for needle in [
        "coop_mat16x16<f32,A>",
        "coopLoadT",
        "coopLoad<",
        "coopMultiplyAdd",
    ] {
        assert!(wgsl.contains(needle), "no `{needle}` in\n{wgsl}");
    }
    let words = naga::back::spv::write_vec(
        &ir.module,
        &ir.info,
        &naga::back::spv::Options {
            lang_version: (1, 6),
            ..Default::default()
        },
        None,
    )
    .expect("SPIR-V");
    // OpCooperativeMatrixMulAddKHR (4459) with its word count (6) in the high half.
    assert!(
        words.contains(&(6 << 16 | 4459)),
        "no multiply-add in the SPIR-V"
    );
}

#[test]
fn a_device_without_matrix_units_is_a_typed_error() {
    let err = build(Some(Vec::new()), Capabilities::empty()).expect_err("no fragments");
    assert_eq!(
        err,
        KernelError::UnsupportedMatrix {
            kernel: "product".into(),
            need: MatrixNeed::Fragments,
            device: Vec::new(),
        }
    );
    assert!(err.to_string().contains("no matrix units"), "{err}");
}

#[test]
fn a_shape_the_device_lacks_is_named_with_what_it_has() {
    let err = build(Some(vec![F16_16]), Capabilities::COOPERATIVE_MATRIX).expect_err("f32 inputs");
    let KernelError::UnsupportedMatrix { need, device, .. } = &err else {
        panic!("{err}");
    };
    assert_eq!(
        *need,
        MatrixNeed::Fragment {
            side: 16,
            scalar: MatrixScalarType::F32,
            accumulator: false,
        }
    );
    assert_eq!(*device, vec![F16_16]);
    let text = err.to_string();
    assert!(
        text.contains("16x16 f32 input fragment") && text.contains("16x16x16 f16·f16 + f32"),
        "{text}"
    );
}

#[test]
fn a_multiply_add_the_device_lacks_is_named() {
    // Every fragment type exists, but not this combination (f32 inputs into an f16
    // accumulator is not asked for; f32 inputs into f32 is not run).
    let f16_acc = MatrixShape {
        accumulator: MatrixScalarType::F32,
        input: MatrixScalarType::F32,
        m: 8,
        n: 8,
        k: 8,
    };
    let inputs_only = MatrixShape {
        accumulator: MatrixScalarType::F16,
        ..F32_16
    };
    let accumulators_only = MatrixShape {
        input: MatrixScalarType::F16,
        ..F32_16
    };
    let err = build(
        Some(vec![f16_acc, inputs_only, accumulators_only]),
        Capabilities::COOPERATIVE_MATRIX,
    )
    .expect_err("no 16x16x16 f32 multiply-add");
    let KernelError::UnsupportedMatrix { need, .. } = &err else {
        panic!("{err}");
    };
    assert_eq!(*need, MatrixNeed::MultiplyAdd(F32_16));
}

#[test]
fn fragments_under_a_condition_that_is_not_tile_uniform_are_an_error() {
    let mut b = KernelBuilder::new("product", HERE);
    product(&mut b, true);
    let err = b
        .finish(Capabilities::COOPERATIVE_MATRIX)
        .expect_err("non-uniform");
    assert!(
        err.to_string().contains("matrix fragment") && err.to_string().contains("not tile-uniform"),
        "{err}"
    );
}

/// f16 fragments loaded from a 2-D view and stored to a 1-D view, checked: the whole
/// rectangle's last element is checked against the view's span, a failed check moves the
/// operation to the view's first element (a store there rewrites what is there), and the module validates and writes SPIR-V.
#[test]
fn checked_view_fragments_validate() {
    let mut b = KernelBuilder::new("views", HERE);
    b.set_matrix_shapes(vec![F16_16]);
    b.tiled_entry::<1>([32, 1, 1]);
    let src = View::<half::f16, 2, ReadOnly>::declare(&mut b);
    let dst = View::<f32, 1, ReadWrite>::declare(&mut b);
    let first = ops::lit(&mut b, 16u32);
    let stride = ops::lit(&mut b, 64u32);
    let a = kernel_function(&MatrixA::<half::f16, 16, 16>::load)
        .call(&mut b, (src, first, stride, Layout::RowMajor));
    let m = kernel_function(&MatrixB::<half::f16, 16, 16>::load)
        .call(&mut b, (src, first, stride, Layout::ColumnMajor));
    let acc = kernel_function(&MatrixAcc::<f32, 16, 16>::zero).call(&mut b, ());
    let acc = a.multiply_add(&mut b, m, acc);
    acc.store(&mut b, dst, first, stride, Layout::RowMajor);
    let ir = b
        .finish(Capabilities::COOPERATIVE_MATRIX | Capabilities::SHADER_FLOAT16)
        .expect("valid");
    let wgsl = ir.wgsl();
    assert!(wgsl.contains("coop_mat16x16<f16,A>"), "{wgsl}");
    // The checks: one per load and one for the store, each a fault site.
    assert_eq!(ir.sites.len(), 3, "{wgsl}");
    naga::back::spv::write_vec(&ir.module, &ir.info, &Default::default(), None).expect("SPIR-V");
}

/// A kernel loading fragments from a view and a tile_static array, multiplying and storing
/// them, at a position read from a local counter `k` in a loop (`for k in 0..4`), built
/// checked or unchecked.
fn looped(checks: Checks) -> KernelBuilder {
    let mut b = KernelBuilder::new("looped", HERE);
    b.set_checks(checks);
    b.set_matrix_shapes(vec![F16_16]);
    b.tiled_entry::<1>([32, 1, 1]);
    let src = View::<half::f16, 1, ReadOnly>::declare(&mut b);
    let dst = View::<f32, 1, ReadWrite>::declare(&mut b);
    let tb = b.tile_static::<[half::f16; 256]>(Some("tb"));
    let tc = b.tile_static::<[f32; 256]>(Some("tc"));
    let stride = ops::lit(&mut b, 16u32);
    let zero = ops::lit(&mut b, 0u32);
    let k = b.var(Some("k"), zero);
    let acc = kernel_function(&MatrixAcc::<f32, 16, 16>::zero).call(&mut b, ());
    let acc = b.var(Some("acc"), acc);
    b.begin_loop();
    let kv = b.load(k);
    let four = ops::lit(&mut b, 4u32);
    let more = kv.compare(&mut b, CmpOp::Lt, four);
    b.break_unless(more);
    let tile = ops::lit(&mut b, 256u32);
    let first = kv.arith(&mut b, ArithOp::Mul, tile);
    let a = kernel_function(&MatrixA::<half::f16, 16, 16>::load)
        .call(&mut b, (src, first, stride, Layout::RowMajor));
    let m = kernel_function(&MatrixB::<half::f16, 16, 16>::load)
        .call(&mut b, (tb, kv, stride, Layout::ColumnMajor));
    let c = b.load(acc);
    let c = a.multiply_add(&mut b, m, c);
    b.store(acc, c);
    c.store(&mut b, dst, first, stride, Layout::RowMajor);
    c.store(&mut b, tc, kv, stride, Layout::RowMajor);
    b.begin_continuing();
    let kv = b.load(k);
    let one = ops::lit(&mut b, 1u32);
    let kv = kv.arith(&mut b, ArithOp::Add, one);
    b.store(k, kv);
    b.end_loop();
    b
}

/// naga holds a value read from a local variable non-uniform and requires cooperative
/// operations in uniform control flow: the checked operations at a position read from a loop
/// counter are not put under their checks, so both builds validate with every flag
/// (`CONTROL_FLOW_UNIFORMITY` included), checked ones still noting their faults.
#[test]
fn fragments_at_a_loop_counter_validate_checked_and_unchecked() {
    let caps = Capabilities::COOPERATIVE_MATRIX | Capabilities::SHADER_FLOAT16;
    for checks in [Checks::Checked, Checks::Unchecked] {
        let ir = looped(checks)
            .finish(caps)
            .unwrap_or_else(|e| panic!("{checks:?}: {e}"));
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), caps)
            .validate(&ir.module)
            .unwrap_or_else(|e| panic!("{checks:?}: {e:?}"));
        // Checked: two loads and two stores, each a fault site; unchecked: none.
        let sites = if checks == Checks::Checked { 4 } else { 0 };
        assert_eq!(ir.sites.len(), sites, "{checks:?}\n{}", ir.wgsl());
        naga::back::spv::write_vec(&ir.module, &ir.info, &Default::default(), None)
            .unwrap_or_else(|e| panic!("{checks:?}: {e}"));
    }
}
