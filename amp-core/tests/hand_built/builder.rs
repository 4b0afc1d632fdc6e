//! Hand-built kernels (no macro) must validate, and build errors must carry locations.

use amp_core::atomic::ViewAtomics;
use amp_core::ops::{self, Arith, ArithOp, CmpOp, Compare};
use amp_core::tile_static::DeclareMemory;
use amp_core::{DeviceFn, KernelBuilder, KernelError, KernelValue, Loc, ReadOnly, ReadWrite, View};
use naga::valid::Capabilities;
use std::any::TypeId;

const HERE: Loc = Loc::new("builder.rs", 1, 1);

#[test]
fn add_arrays_validates() {
    let mut b = KernelBuilder::new("add", HERE);
    let idx = b.untiled_entry::<1>();
    let sum = View::<i32, 1, ReadWrite>::declare(&mut b);
    let a = View::<i32, 1, ReadOnly>::declare(&mut b);
    let x = View::<i32, 1, ReadOnly>::declare(&mut b);
    let va = a.load(&mut b, idx);
    let vb = x.load(&mut b, idx);
    let s = va.arith(&mut b, ArithOp::Add, vb);
    sum.store(&mut b, idx, s);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    // Three views and, for the checked accesses, the fault buffer; the domain's two words
    // (indices, extent), each view's three (extent, offset, sentinel), and the launch number.
    assert_eq!(ir.layout.bindings.len(), 4);
    assert_eq!(ir.layout.words, 2 + 3 * 3 + 1);
    let wgsl = ir.wgsl();
    assert!(
        wgsl.contains("@compute @workgroup_size(256, 1, 1)"),
        "{wgsl}"
    );
}

#[test]
fn short_vector_views_are_vector_arrays() {
    use amp_core::short_vector::{Float3, Float4, Int2};
    let mut b = KernelBuilder::new("vectors", HERE);
    let idx = b.untiled_entry::<1>();
    let out = View::<Float4, 1, ReadWrite>::declare(&mut b);
    let a = View::<Float4, 1, ReadOnly>::declare(&mut b);
    let pairs = View::<Int2, 1, ReadWrite>::declare(&mut b);
    let threes = View::<Float3, 1, ReadWrite>::declare(&mut b);
    let v = a.load(&mut b, idx);
    let v = v.arith(&mut b, ArithOp::Add, v);
    out.store(&mut b, idx, v);
    let p = pairs.load(&mut b, idx);
    pairs.store(&mut b, idx, p);
    let t = threes.load(&mut b, idx);
    threes.store(&mut b, idx, t);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    let wgsl = ir.wgsl();
    // Vectors of 2 and 4 are vector entries (vector loads); vectors of 3 are 3 scalars.
    assert!(wgsl.contains("array<vec4<f32>>"), "{wgsl}");
    assert!(wgsl.contains("array<vec2<i32>>"), "{wgsl}");
    assert!(!wgsl.contains("vec3<f32>>"), "{wgsl}");
    assert!(wgsl.contains("array<f32>"), "{wgsl}");
}

#[test]
fn loops_ifs_and_locals_validate() {
    let mut b = KernelBuilder::new("loops", HERE);
    let idx = b.untiled_entry::<2>();
    let out = View::<f32, 2, ReadWrite>::declare(&mut b);
    let zero = ops::lit(&mut b, 0.0f32);
    let acc = b.var(Some("acc"), zero);
    let start = ops::lit(&mut b, 0i32);
    let i = b.var(Some("i"), start);
    b.begin_loop();
    let iv = b.load(i);
    let ten = ops::lit(&mut b, 10i32);
    let more = iv.compare(&mut b, CmpOp::Lt, ten);
    b.break_unless(more);
    let five = ops::lit(&mut b, 5i32);
    let big = iv.compare(&mut b, CmpOp::Gt, five);
    b.begin_if(big);
    b.break_();
    b.end_if();
    let one = ops::lit(&mut b, 1.0f32);
    let cur = b.load(acc);
    let next = cur.arith(&mut b, ArithOp::Add, one);
    b.store(acc, next);
    b.begin_continuing();
    let iv = b.load(i);
    let one = ops::lit(&mut b, 1i32);
    let iv = iv.arith(&mut b, ArithOp::Add, one);
    b.store(i, iv);
    b.end_loop();
    let v = b.load(acc);
    out.store(&mut b, idx, v);
    b.finish(Capabilities::empty()).expect("valid");
}

struct Twice;
impl DeviceFn<(KernelValue<i32>,)> for Twice {
    type Output = KernelValue<i32>;
    fn call(&self, b: &mut KernelBuilder, args: (KernelValue<i32>,)) -> KernelValue<i32> {
        b.call_device_fn("twice", TypeId::of::<Self>(), args, |b, (x,)| {
            x.arith(b, ArithOp::Add, x)
        })
    }
}

struct Ping;
struct Pong;
impl DeviceFn<()> for Ping {
    type Output = ();
    fn call(&self, b: &mut KernelBuilder, args: ()) {
        b.call_device_fn("ping", TypeId::of::<Self>(), args, |b, ()| Pong.call(b, ()))
    }
}
impl DeviceFn<()> for Pong {
    type Output = ();
    fn call(&self, b: &mut KernelBuilder, args: ()) {
        b.call_device_fn("pong", TypeId::of::<Self>(), args, |b, ()| Ping.call(b, ()))
    }
}

#[test]
fn device_functions_are_built_once() {
    let mut b = KernelBuilder::new("calls", HERE);
    let idx = b.untiled_entry::<1>();
    let out = View::<i32, 1, ReadWrite>::declare(&mut b);
    let v = Twice.call(&mut b, (KernelValue::from_handle(idx.handle()),));
    let v = Twice.call(&mut b, (v,));
    out.store(&mut b, idx, v);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    // `twice`, the kernel body (a function of the index), and the function that reports the
    // checked store's fault.
    let names: Vec<_> = ir
        .module
        .functions
        .iter()
        .map(|(_, f)| f.name.clone())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    assert_eq!(names[1].as_deref(), Some("amp_body"));
    assert_eq!(names[2].as_deref(), Some("amp_report_fault"));
}

#[test]
fn mutual_recursion_names_both_functions() {
    let mut b = KernelBuilder::new("recursive", HERE);
    let _ = b.untiled_entry::<1>();
    b.at(Loc::new("builder.rs", 42, 7));
    Ping.call(&mut b, ());
    let err = b.finish(Capabilities::empty()).expect_err("recursion");
    let KernelError::Build { message, .. } = &err else {
        panic!("{err}")
    };
    assert!(
        message.contains("`ping` calls `pong` calls `ping`"),
        "{message}"
    );
}

#[test]
fn validation_errors_name_the_source_line() {
    let mut b = KernelBuilder::new("broken", HERE);
    let idx = b.untiled_entry::<1>();
    let out = View::<i32, 1, ReadWrite>::declare(&mut b);
    b.at(Loc::new("broken.rs", 17, 9));
    // An f32 stored into an i32 view: only naga's validator can see this in hand-built IR.
    let f = ops::lit(&mut b, 1.5f32);
    out.store(&mut b, idx, KernelValue::from_handle(f.handle()));
    let err = b.finish(Capabilities::empty()).expect_err("invalid");
    let text = err.to_string();
    assert!(text.contains("kernel `broken`"), "{text}");
    assert!(text.contains("broken.rs:17:9"), "{text}");
}

#[test]
fn sixty_four_bit_types_need_the_capability() {
    let build = |caps: Capabilities| {
        let mut b = KernelBuilder::new("wide", HERE);
        let idx = b.untiled_entry::<1>();
        let out = View::<f64, 1, ReadWrite>::declare(&mut b);
        let x = b.param::<f64>();
        out.store(&mut b, idx, x);
        b.finish(caps)
    };
    let err = build(Capabilities::empty()).expect_err("no f64");
    assert!(matches!(err, KernelError::Unsupported { .. }), "{err}");
    assert!(err.to_string().contains("`f64`"), "{err}");
    build(Capabilities::FLOAT64 | Capabilities::SHADER_INT64).expect("with the capabilities");
}

#[test]
fn float_atomics_need_the_capability() {
    let build = |caps: Capabilities| {
        let mut b = KernelBuilder::new("float_atomic", HERE);
        let idx = b.untiled_entry::<1>();
        let out = View::<f32, 1, ReadWrite>::declare(&mut b);
        // A plain read before the atomic use: it becomes an atomic load.
        let before = out.load(&mut b, idx);
        out.atomic_fetch_add(&mut b, idx, before);
        b.finish(caps)
    };
    let err = build(Capabilities::empty()).expect_err("no float atomics");
    assert!(matches!(err, KernelError::Unsupported { .. }), "{err}");
    build(Capabilities::SHADER_FLOAT32_ATOMIC).expect("with float atomics");
}

#[test]
fn wait_fences_global_memory_only_when_a_view_is_read_and_written() {
    // c = a: no thread can observe another's global writes, so `wait()` needs no global fence.
    let mut b = KernelBuilder::new("copy", HERE);
    let t = b.tiled_entry::<1>([16, 1, 1]);
    let a = View::<f32, 1, ReadOnly>::declare(&mut b);
    let c = View::<f32, 1, ReadWrite>::declare(&mut b);
    t.barrier.wait(&mut b);
    let x = a.load(&mut b, t.global);
    c.store(&mut b, t.global, x);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    let uses = ir
        .dropped_fences
        .clone()
        .expect("the global fence is dropped");
    assert_eq!((uses.read, uses.written), (vec![1], vec![2]));
    let wgsl = ir.wgsl();
    assert!(
        wgsl.contains("workgroupBarrier()") && !wgsl.contains("storageBarrier()"),
        "{wgsl}"
    );
    // A view both read and written: another thread of the tile may read what one wrote.
    let mut b = KernelBuilder::new("shift", HERE);
    let t = b.tiled_entry::<1>([16, 1, 1]);
    let c = View::<f32, 1, ReadWrite>::declare(&mut b);
    let x = c.load(&mut b, t.global);
    t.barrier.wait(&mut b);
    c.store(&mut b, t.global, x);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    assert!(ir.dropped_fences.is_none());
    assert!(ir.wgsl().contains("storageBarrier()"));
}

#[test]
fn a_tile_uniform_read_is_workgroup_uniform_load() {
    let mut b = KernelBuilder::new("uniform_read", HERE);
    let t = b.tiled_entry::<1>([16, 1, 1]);
    let c = View::<u32, 1, ReadWrite>::declare(&mut b);
    let flag: amp_core::tile_static::Place<u32> = b.tile_static(Some("flag"));
    let v = t.barrier.read_uniform(&mut b, flag);
    c.store(&mut b, t.global, v);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    let wgsl = ir.wgsl();
    assert!(wgsl.contains("workgroupUniformLoad((&flag))"), "{wgsl}");
    // On a variable that also holds atomics: the load reads the atomic's value.
    let mut b = KernelBuilder::new("uniform_count", HERE);
    let t = b.tiled_entry::<1>([16, 1, 1]);
    let c = View::<u32, 1, ReadWrite>::declare(&mut b);
    let count: amp_core::tile_static::Place<u32> = b.tile_static(Some("count"));
    let one = ops::lit(&mut b, 1u32);
    count.atomic_fetch_add(&mut b, one);
    let v = t.barrier.read_uniform(&mut b, count);
    c.store(&mut b, t.global, v);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    assert!(ir.wgsl().contains("workgroupUniformLoad("), "{}", ir.wgsl());
}
