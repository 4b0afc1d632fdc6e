//! The executor on small WGSL kernels, on `Memory` buffers.

use super::{Binding, Dispatch, Kernel};
use crate::check::{AccessKind, Finding, Observer, Space};
use crate::memory::Memory;

fn module(src: &str) -> naga::Module {
    let m =
        naga::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{}", e.emit_to_string(src)));
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&m)
    .unwrap_or_else(|e| panic!("{e:?}"));
    m
}

/// Runs `main` of `src` over `groups` with buffers bound at group 0, bindings 0.., on `threads`
/// host threads, and returns the buffers' bytes.
fn run_with(
    src: &str,
    groups: [u32; 3],
    buffers: &[Vec<u8>],
    threads: usize,
    observer: Option<&mut dyn Observer>,
) -> Vec<Vec<u8>> {
    let m = module(src);
    let k = Kernel::compile(&m, "main").unwrap_or_else(|e| panic!("{e}"));
    let mems: Vec<Memory> = buffers
        .iter()
        .map(|b| {
            let mem = Memory::zeroed(b.len() as u64).expect("memory");
            mem.write(0, b);
            mem
        })
        .collect();
    let bindings: Vec<Binding<'_>> = mems
        .iter()
        .enumerate()
        .map(|(i, memory)| Binding {
            group: 0,
            binding: i as u32,
            memory,
            offset: 0,
            size: memory.len(),
        })
        .collect();
    k.dispatch(
        &Dispatch {
            groups,
            immediates: &[],
            bindings: &bindings,
            images: &[],
            samplers: &[],
            threads,
        },
        observer,
    )
    .expect("dispatch");
    mems.iter()
        .map(|m| {
            let mut out = vec![0u8; m.len() as usize];
            m.read(0, &mut out);
            out
        })
        .collect()
}

fn run(src: &str, groups: [u32; 3], buffers: &[Vec<u8>]) -> Vec<Vec<u8>> {
    run_with(src, groups, buffers, 2, None)
}

fn bytes<T: bytemuck::Pod>(v: &[T]) -> Vec<u8> {
    bytemuck::cast_slice(v).to_vec()
}

fn back<T: bytemuck::Pod>(b: &[u8]) -> Vec<T> {
    bytemuck::pod_collect_to_vec(b)
}

#[test]
fn straight_line_loads_and_stores_on_storage() {
    let src = "
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read_write> b: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    b[i] = a[i] * 2.0 + 1.0;
}";
    let a: Vec<f32> = (0..256).map(|i| i as f32).collect();
    let out = run(src, [4, 1, 1], &[bytes(&a), vec![0; 1024]]);
    let b: Vec<f32> = back(&out[1]);
    for (i, x) in b.iter().enumerate() {
        assert_eq!(*x, i as f32 * 2.0 + 1.0);
    }
}

#[test]
fn integer_arithmetic_follows_wgsl() {
    let src = "
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@group(0) @binding(1) var<storage, read_write> u: array<u32>;
@compute @workgroup_size(1)
fn main() {
    var zero = 0;
    var min = -2147483647 - 1;
    var m1 = -1;
    o[0] = 7 / zero;
    o[1] = 7 % zero;
    o[2] = min / m1;
    o[3] = min % m1;
    o[4] = -7 / 2;
    o[5] = -7 % 2;
    var s = 33u;
    o[6] = 1 << s;
    o[7] = min >> 31u;
    var uz = 0u;
    u[0] = 9u / uz;
    u[1] = 9u % uz;
    u[2] = countLeadingZeros(1u);
    u[3] = firstTrailingBit(8u);
    u[4] = extractBits(0xf0u, 4u, 4u);
    u[5] = insertBits(0u, 5u, 8u, 4u);
    u[6] = countOneBits(0xffu);
    u[7] = reverseBits(1u);
    o[8] = firstLeadingBit(-1);
    o[9] = extractBits(-16, 4u, 4u);
    u[8] = 0xffffffffu + 2u;
    o[10] = i32(-3.7);
    o[11] = i32(3e10);
    u[9] = u32(-1.0);
    o[12] = abs(min);
    o[13] = clamp(17, 0, 10);
}";
    let out = run(src, [1, 1, 1], &[vec![0; 14 * 4], vec![0; 10 * 4]]);
    let o: Vec<i32> = back(&out[0]);
    let u: Vec<u32> = back(&out[1]);
    assert_eq!(
        o,
        [
            7,
            0,
            i32::MIN,
            0,
            -3,
            -1,
            2,
            -1,
            -1,
            -1,
            -3,
            i32::MAX,
            i32::MIN,
            10
        ]
    );
    assert_eq!(u, [9, 0, 31, 3, 15, 5 << 8, 8, 1 << 31, 1, 0]);
}

#[test]
fn every_scalar_type_computes() {
    let src = "
enable f16;
@group(0) @binding(0) var<storage, read_write> f: array<f32>;
@group(0) @binding(1) var<storage, read_write> d: array<f64>;
@group(0) @binding(2) var<storage, read_write> l: array<i64>;
@group(0) @binding(3) var<storage, read_write> ul: array<u64>;
@group(0) @binding(4) var<storage, read_write> h: array<f16>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = f32(i) + 0.5;
    f[i] = sqrt(x * x) + floor(x) + min(x, 1.0) + fma(x, 2.0, 1.0);
    d[i] = f64(x) * 3.0 + 0.25;
    l[i] = i64(i) * -5000000000 + 7;
    ul[i] = (u64(i) << 40u) | 3;
    h[i] = h[i] * 2.0h + f16(i);
}";
    let h: Vec<u16> = (0..4)
        .map(|i| half::f16::from_f32(i as f32 + 0.5).to_bits())
        .collect();
    let out = run(
        src,
        [1, 1, 1],
        &[
            vec![0; 16],
            vec![0; 32],
            vec![0; 32],
            vec![0; 32],
            bytes(&h),
        ],
    );
    let f: Vec<f32> = back(&out[0]);
    let d: Vec<f64> = back(&out[1]);
    let l: Vec<i64> = back(&out[2]);
    let ul: Vec<u64> = back(&out[3]);
    let hh: Vec<u16> = back(&out[4]);
    for i in 0..4 {
        let x = i as f32 + 0.5;
        assert_eq!(f[i], x + x.floor() + x.min(1.0) + (x * 2.0 + 1.0));
        assert_eq!(d[i], x as f64 * 3.0 + 0.25);
        assert_eq!(l[i], i as i64 * -5_000_000_000 + 7);
        assert_eq!(ul[i], ((i as u64) << 40) | 3);
        assert_eq!(
            half::f16::from_bits(hh[i]).to_f32(),
            (i as f32 + 0.5) * 2.0 + i as f32
        );
    }
}

#[test]
fn vectors_and_structs_with_padding() {
    let src = "
struct S { a: vec3<f32>, b: u32, c: vec2<f32>, }
@group(0) @binding(0) var<storage, read_write> s: array<S>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
    var v = s[i];
    let w = v.a.zyx * 2.0 + vec3(f32(v.b));
    v.a = w;
    v.b = v.b + u32(dot(v.c, vec2(1.0, 10.0)));
    v.c = select(v.c, v.c.yx, i == 1u);
    s[i] = v;
}";
    // S: a at 0 (12 bytes), b at 12, c at 16, size 32 (stride 32).
    let mut buf = vec![0u8; 64];
    for i in 0..2usize {
        let base = i * 32;
        let a = [1.0f32 + i as f32, 2.0, 3.0];
        buf[base..base + 12].copy_from_slice(&bytes(&a));
        buf[base + 12..base + 16].copy_from_slice(&(5u32 + i as u32).to_le_bytes());
        buf[base + 16..base + 24].copy_from_slice(&bytes(&[1.0f32, 2.0]));
        buf[base + 24..base + 32].copy_from_slice(&[0xAB; 8]);
    }
    let out = run(src, [1, 1, 1], &[buf]);
    let o = &out[0];
    for i in 0..2usize {
        let base = i * 32;
        let a: Vec<f32> = back(&o[base..base + 12]);
        let b = 5.0 + i as f32;
        assert_eq!(a, [6.0 + b, 4.0 + b, 2.0 * (1.0 + i as f32) + b]);
        assert_eq!(
            u32::from_le_bytes(o[base + 12..base + 16].try_into().expect("4 bytes")),
            5 + i as u32 + 21
        );
        let c: Vec<f32> = back(&o[base + 16..base + 24]);
        assert_eq!(c, if i == 1 { [2.0, 1.0] } else { [1.0, 2.0] });
        // The padding after the struct's last member is not written.
        assert_eq!(&o[base + 24..base + 32], &[0xAB; 8]);
    }
}

#[test]
fn local_arrays_functions_with_pointers_loops_switch_and_early_return() {
    let src = "
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
fn bump(p: ptr<function, i32>, by: i32) -> i32 {
    *p = *p + by;
    if *p > 100 { return -1; }
    return *p;
}
fn fill(a: ptr<function, array<i32, 8>>) {
    for (var k = 0; k < 8; k++) { (*a)[k] = k * k; }
}
@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32) {
    var arr: array<i32, 8>;
    fill(&arr);
    var acc = 0;
    var j = 0;
    loop {
        if j >= 8 { break; }
        j++;
        if (j % 2) == 0 { continue; }
        acc += arr[j - 1];
    }
    var s = 0;
    switch i % 4u {
        case 0u: { s = 10; }
        case 1u, 2u: { s = 20; }
        default: { s = 30; }
    }
    var t = i32(i);
    let r = bump(&t, s);
    o[i * 3u] = acc;
    o[i * 3u + 1u] = r;
    if i > 7u { return; }
    o[i * 3u + 2u] = bump(&t, 100);
}";
    let out = run(src, [1, 1, 1], &[vec![0; 48 * 4]]);
    let o: Vec<i32> = back(&out[0]);
    for i in 0..16i32 {
        let s = match i % 4 {
            0 => 10,
            1 | 2 => 20,
            _ => 30,
        };
        assert_eq!(o[i as usize * 3], 4 + 16 + 36, "lane {i}");
        assert_eq!(o[i as usize * 3 + 1], i + s);
        assert_eq!(o[i as usize * 3 + 2], if i > 7 { 0 } else { -1 });
    }
}

#[test]
fn tile_static_tree_reduction_with_barriers() {
    let src = "
var<workgroup> tile: array<u32, 64>;
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) l: u32, @builtin(workgroup_id) g: vec3<u32>) {
    tile[l] = a[g.x * 64u + l];
    workgroupBarrier();
    for (var s = 32u; s > 0u; s >>= 1u) {
        if l < s { tile[l] += tile[l + s]; }
        workgroupBarrier();
    }
    if l == 0u { sums[g.x] = tile[0]; }
}";
    let a: Vec<u32> = (0..64 * 8).collect();
    let out = run(src, [8, 1, 1], &[bytes(&a), vec![0; 32]]);
    let sums: Vec<u32> = back(&out[1]);
    for g in 0..8u32 {
        assert_eq!(sums[g as usize], (g * 64..g * 64 + 64).sum::<u32>());
    }
}

#[test]
fn atomics_histogram_across_workgroups_on_several_threads() {
    let src = "
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> hist: array<atomic<u32>, 16>;
@group(0) @binding(2) var<storage, read_write> misc: array<atomic<i32>, 4>;
var<workgroup> local: array<atomic<u32>, 16>;
@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) l: u32) {
    atomicAdd(&local[a[id.x] % 16u], 1u);
    workgroupBarrier();
    if l < 16u { atomicAdd(&hist[l], atomicLoad(&local[l])); }
    atomicMin(&misc[0], -i32(id.x));
    atomicMax(&misc[1], i32(id.x));
    let r = atomicCompareExchangeWeak(&misc[2], i32(id.x), i32(id.x) + 1);
    if r.exchanged { atomicAdd(&misc[3], 1); }
}";
    let n = 32 * 64;
    let a: Vec<u32> = (0..n).map(|i| i * 7 + 3).collect();
    let out = run_with(
        src,
        [64, 1, 1],
        &[bytes(&a), vec![0; 64], vec![0; 16]],
        4,
        None,
    );
    let hist: Vec<u32> = back(&out[1]);
    let mut want = [0u32; 16];
    for x in &a {
        want[(x % 16) as usize] += 1;
    }
    assert_eq!(hist, want);
    let misc: Vec<i32> = back(&out[2]);
    assert_eq!(misc[0], -(n as i32 - 1));
    assert_eq!(misc[1], n as i32 - 1);
    // Each exchange succeeds only for the thread whose id equals the current value.
    assert_eq!(misc[2], misc[3]);
    assert!(misc[3] >= 1);
}

#[test]
fn subgroup_operations() {
    let src = "
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(48)
fn main(@builtin(local_invocation_index) l: u32, @builtin(subgroup_invocation_id) s: u32,
        @builtin(subgroup_size) size: u32) {
    let sum = subgroupAdd(l);
    let scan = subgroupInclusiveAdd(1u);
    let ex = subgroupExclusiveAdd(1u);
    let b = subgroupBallot(l % 2u == 0u);
    let sh = subgroupShuffleXor(l, 1u);
    let mx = subgroupMax(l);
    o[l * 6u] = sum;
    o[l * 6u + 1u] = scan;
    o[l * 6u + 2u] = ex;
    o[l * 6u + 3u] = b.x;
    o[l * 6u + 4u] = sh;
    o[l * 6u + 5u] = mx + size * 1000u + s * 100000u;
}";
    let out = run(src, [1, 1, 1], &[vec![0; 48 * 6 * 4]]);
    let o: Vec<u32> = back(&out[0]);
    for l in 0..48u32 {
        let (base, end) = if l < 32 { (0, 32) } else { (32, 48) };
        let r = &o[l as usize * 6..l as usize * 6 + 6];
        assert_eq!(r[0], (base..end).sum::<u32>(), "lane {l}");
        assert_eq!(r[1], l - base + 1);
        assert_eq!(r[2], l - base);
        let even: u32 = (0..end - base).filter(|k| k % 2 == 0).map(|k| 1 << k).sum();
        assert_eq!(r[3], even);
        assert_eq!(r[4], l ^ 1);
        assert_eq!(r[5], end - 1 + 32_000 + (l - base) * 100_000);
    }
}

#[derive(Default)]
struct Log {
    out_of_range: Vec<(u32, i64, u64)>,
    accesses: Vec<(u32, Space, u64, u32, AccessKind)>,
    barriers: usize,
    groups: usize,
    last_barrier: (Vec<bool>, Vec<bool>),
}

impl Observer for Log {
    fn begin_dispatch(&mut self, _: &[(u32, u64)], _: &[(Space, u64)]) {}
    fn begin_group(&mut self, _: [u32; 3], _: [u32; 3]) {
        self.groups += 1;
    }
    fn access(
        &mut self,
        lane: u32,
        space: Space,
        offset: u64,
        bytes: u32,
        kind: AccessKind,
        _: naga::Span,
    ) {
        self.accesses.push((lane, space, offset, bytes, kind));
    }
    fn out_of_range(&mut self, lane: u32, index: i64, len: u64, _: naga::Span) {
        self.out_of_range.push((lane, index, len));
    }
    fn barrier(&mut self, arrived: &[bool], exited: &[bool], _: naga::Barrier, _: naga::Span) {
        self.barriers += 1;
        self.last_barrier = (arrived.to_vec(), exited.to_vec());
    }
    fn end_group(&mut self) {}
    fn finish(&mut self) -> Vec<Finding> {
        Vec::new()
    }
}

#[test]
fn out_of_range_indices_touch_no_memory() {
    let src = "
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) l: u32) {
    var loc: array<u32, 4>;
    loc[l + 2u] = 5u;
    a[l + 2u] = 9u;
    o[l] = a[l + 2u] + loc[l] * 10u;
    workgroupBarrier();
}";
    let mut log = Log::default();
    // Two buffers side by side in one memory would show a stray write; here `a` holds 4 words
    // and the memory behind it is checked to be untouched.
    let out = run_with(
        src,
        [1, 1, 1],
        &[vec![0; 16], vec![0; 16]],
        1,
        Some(&mut log),
    );
    let a: Vec<u32> = back(&out[0]);
    let o: Vec<u32> = back(&out[1]);
    assert_eq!(a, [0, 0, 9, 9]);
    // Lanes 0 and 1 read a[2], a[3] (9); each lane's own loc[l] is zero (lanes 0 and 1 wrote
    // their loc[2], loc[3]; lanes 2 and 3 wrote nothing).
    assert_eq!(o, [9, 9, 0, 0]);
    // Lanes 2 and 3 indexed loc, a (store) and a (load) out of range.
    let mut oor = log.out_of_range.clone();
    oor.sort();
    assert_eq!(
        oor,
        [
            (2, 4, 4),
            (2, 4, 4),
            (2, 4, 4),
            (3, 5, 4),
            (3, 5, 4),
            (3, 5, 4)
        ]
    );
    assert_eq!(log.barriers, 1);
    assert_eq!(log.groups, 1);
    let a_space = Space::Binding {
        group: 0,
        binding: 0,
    };
    let writes = log
        .accesses
        .iter()
        .filter(|x| x.1 == a_space && x.4 == AccessKind::Write)
        .count();
    assert_eq!(writes, 2);
}

#[test]
fn out_of_range_on_a_binding_window_stays_inside_it() {
    let src = "
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) l: u32) {
    a[l] = 7u;
}";
    let m = module(src);
    let k = Kernel::compile(&m, "main").expect("compile");
    let mem = Memory::zeroed(64).expect("memory");
    let b = [Binding {
        group: 0,
        binding: 0,
        memory: &mem,
        offset: 16,
        size: 16,
    }];
    k.dispatch(
        &Dispatch {
            groups: [1, 1, 1],
            immediates: &[],
            bindings: &b,
            images: &[],
            samplers: &[],
            threads: 1,
        },
        None,
    )
    .expect("dispatch");
    let mut out = [0u8; 64];
    mem.read(0, &mut out);
    let w: Vec<u32> = back(&out);
    assert_eq!(w, [0, 0, 0, 0, 7, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn a_module_with_what_the_executor_lacks_is_a_compile_error() {
    let src = "
@group(0) @binding(0) var t: texture_2d_array<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1)
fn main() { o[0] = textureLoad(t, vec2(0, 0), 0, 0).x; }";
    let m = module(src);
    let e = Kernel::compile(&m, "main").err().expect("an error");
    assert_eq!(e.what, "texture arrays");
    assert!(Kernel::compile(&m, "nope").is_err());
}

#[test]
fn constants_uniforms_immediates_and_struct_results() {
    let src = "
struct P { scale: f32, offset: u32, }
struct R { a: u32, b: vec2<f32>, }
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@group(0) @binding(1) var<uniform> p: P;
var<immediate> q: vec2<u32>;
const TABLE = array<u32, 4>(10u, 20u, 30u, 40u);
fn make(i: u32) -> R { return R(i * 2u, vec2(f32(i), 0.5)); }
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    var v = vec2(1.5, 2.5);
    let t = TABLE;
    let r = make(i);
    o[i] = t[i] + u32(v.y * p.scale) + p.offset + q.x * q.y + r.a + u32(r.b.x + r.b.y) + bitcast<u32>(1.0f) % 7u;
}";
    let m = module(src);
    let k = Kernel::compile(&m, "main").expect("compile");
    let o = Memory::zeroed(16).expect("memory");
    let u = Memory::zeroed(16).expect("memory");
    u.write(0, &bytes(&[4.0f32]));
    u.write(4, &100u32.to_le_bytes());
    let b = [
        Binding {
            group: 0,
            binding: 0,
            memory: &o,
            offset: 0,
            size: 16,
        },
        Binding {
            group: 0,
            binding: 1,
            memory: &u,
            offset: 0,
            size: 16,
        },
    ];
    let imm = bytes(&[3u32, 5]);
    k.dispatch(
        &Dispatch {
            groups: [1, 1, 1],
            immediates: &imm,
            bindings: &b,
            images: &[],
            samplers: &[],
            threads: 1,
        },
        None,
    )
    .expect("dispatch");
    let mut out = [0u8; 16];
    o.read(0, &mut out);
    let got: Vec<u32> = back(&out);
    for i in 0..4u32 {
        let want =
            (i + 1) * 10 + 10 + 100 + 15 + i * 2 + (i as f32 + 0.5) as u32 + 1.0f32.to_bits() % 7;
        assert_eq!(got[i as usize], want, "lane {i}");
    }
}

#[test]
fn locals_the_host_cannot_hold_are_out_of_memory() {
    // A host that grants any allocation (Linux `overcommit_memory` 1) would grant this one and
    // then fail as its pages are touched: the test runs where the host refuses what it lacks.
    if std::fs::read_to_string("/proc/sys/vm/overcommit_memory").is_ok_and(|s| s.trim() == "1") {
        return;
    }
    let src = "
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1024)
fn main(@builtin(local_invocation_index) i: u32) {
    var big: array<u32, 0x0ff00000>;
    big[i] = i;
    o[0] = big[i / 2u];
}";
    let m = module(src);
    let k = Kernel::compile(&m, "main").expect("compile");
    let o = Memory::zeroed(4).expect("memory");
    let b = [Binding {
        group: 0,
        binding: 0,
        memory: &o,
        offset: 0,
        size: 4,
    }];
    let e = k
        .dispatch(
            &Dispatch {
                groups: [1, 1, 1],
                immediates: &[],
                bindings: &b,
                images: &[],
                samplers: &[],
                threads: 1,
            },
            None,
        )
        .err();
    assert!(
        matches!(e, Some(super::DispatchError::OutOfMemory(_))),
        "{e:?}"
    );
}

/// Compiles every kernel in a dump of amp's kernels (`AMP_DUMP_WGSL=1 cargo test --test gpu --
/// --nocapture 2> dump.txt`, then `AMP_CPU_WGSL_DUMP=dump.txt cargo test -p amp-cpu --lib
/// compiles_dumped -- --ignored --nocapture`) and prints what does not.
#[test]
#[ignore = "needs a dump of amp's kernels"]
fn compiles_dumped_amp_kernels() {
    let Some(path) = std::env::var_os("AMP_CPU_WGSL_DUMP") else {
        return;
    };
    let text = std::fs::read_to_string(path).expect("dump");
    let lines: Vec<&str> = text.lines().collect();
    let mut kernels: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if i + 1 < lines.len()
            && lines[i].starts_with("// ")
            && lines[i + 1]
                .ends_with("run-time checks (every other access is proven in range or unchecked)")
        {
            let name = lines[i][3..].to_string();
            let mut j = i + 2;
            let mut src = String::new();
            while j < lines.len()
                && !(j + 1 < lines.len()
                    && lines[j].starts_with("// ")
                    && lines[j + 1].ends_with(
                        "run-time checks (every other access is proven in range or unchecked)",
                    ))
            {
                let l = lines[j];
                // Other tests' output interleaves with the dump: keep WGSL's lines only.
                let wgsl = l.is_empty()
                    || l.starts_with(' ')
                    || [
                        "struct ",
                        "}",
                        "@",
                        "var",
                        "const ",
                        "fn ",
                        "enable ",
                        "alias ",
                        "diagnostic",
                        "requires ",
                    ]
                    .iter()
                    .any(|k| l.starts_with(k));
                if wgsl {
                    src.push_str(l);
                    src.push('\n');
                }
                j += 1;
            }
            kernels.push((name, src));
            i = j;
        } else {
            i += 1;
        }
    }
    let mut seen = std::collections::HashSet::new();
    let (mut ok, mut unparsable) = (0, 0);
    let mut failed: Vec<(String, String)> = Vec::new();
    for (name, src) in &kernels {
        if !seen.insert(src.clone()) {
            continue;
        }
        let m = match naga::front::wgsl::parse_str(src) {
            Ok(m) => m,
            Err(e) => {
                unparsable += 1;
                println!("  not parsed: {name}: {}", e.message());
                continue;
            }
        };
        let valid = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        )
        .validate(&m);
        if let Err(e) = valid {
            unparsable += 1;
            println!("  not valid: {name}: {e}");
            continue;
        }
        let ep = m
            .entry_points
            .first()
            .map(|e| e.name.clone())
            .unwrap_or_default();
        match Kernel::compile(&m, &ep) {
            Ok(_) => ok += 1,
            Err(e) => failed.push((
                name.clone(),
                format!(
                    "{e} ({} entry points, {} bytes of WGSL)",
                    m.entry_points.len(),
                    src.len()
                ),
            )),
        }
    }
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    for (_, e) in &failed {
        *reasons.entry(e.as_str()).or_default() += 1;
    }
    println!(
        "{} distinct kernels: {ok} compile, {} do not, {unparsable} not parsed back",
        seen.len(),
        failed.len()
    );
    for (r, n) in reasons {
        println!("  {n:4} {r}");
    }
    for (name, e) in failed.iter().take(20) {
        println!("  {name}: {e}");
    }
}

#[test]
fn barriers_report_the_lanes_that_arrived_and_those_that_exited() {
    let src = "
var<workgroup> t: array<u32, 4>;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) l: u32) {
    if l == 3u { return; }
    t[l] = l;
    if l < 2u { workgroupBarrier(); }
    o[l] = t[l];
}";
    let mut log = Log::default();
    run_with(src, [2, 1, 1], &[vec![0; 16]], 1, Some(&mut log));
    assert_eq!(log.groups, 2);
    assert_eq!(log.barriers, 2);
    assert_eq!(
        log.last_barrier,
        (
            vec![true, true, false, false],
            vec![false, false, false, true]
        )
    );
    let wg = log
        .accesses
        .iter()
        .filter(|a| a.1 == Space::Workgroup { var: 0 })
        .count();
    // Lanes 0..3 write and read t in each of the two workgroups.
    assert_eq!(wg, 2 * 6);
}

#[test]
fn wide_atomics_on_storage() {
    let src = "
@group(0) @binding(0) var<storage, read_write> a: array<atomic<u64>, 2>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    atomicAdd(&a[0], 0x100000001lu);
    atomicMax(&a[1], u64(id.x) << 33u);
}";
    let out = run_with(src, [16, 1, 1], &[vec![0; 16]], 4, None);
    let a: Vec<u64> = back(&out[0]);
    assert_eq!(a, [1024 * 0x1_0000_0001, 1023u64 << 33]);
}

#[test]
fn expressions_no_emit_covers_are_left_alone() {
    // A front end that drops dead code may leave its expressions in the arena, outside every
    // `Emit`, using expressions emitted later: nothing evaluates them.
    let src = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
        @compute @workgroup_size(4)
        fn main(@builtin(local_invocation_index) i: u32) { out[i] = i * 3u; }";
    let mut m = module(src);
    let product = m.entry_points[0]
        .function
        .expressions
        .iter()
        .find(|(_, e)| matches!(e, naga::Expression::Binary { .. }))
        .map(|(h, _)| h)
        .expect("the product");
    let dead = naga::Expression::Binary {
        op: naga::BinaryOperator::Add,
        left: product,
        right: product,
    };
    m.entry_points[0]
        .function
        .expressions
        .append(dead, naga::Span::default());
    let out = {
        let k = Kernel::compile(&m, "main").unwrap_or_else(|e| panic!("{e}"));
        let mem = Memory::zeroed(16).expect("memory");
        let bindings = [Binding {
            group: 0,
            binding: 0,
            memory: &mem,
            offset: 0,
            size: 16,
        }];
        k.dispatch(
            &Dispatch {
                groups: [1, 1, 1],
                immediates: &[],
                bindings: &bindings,
                images: &[],
                samplers: &[],
                threads: 1,
            },
            None,
        )
        .expect("dispatch");
        let mut b = vec![0u8; 16];
        mem.read(0, &mut b);
        back::<u32>(&b)
    };
    assert_eq!(out, [0, 3, 6, 9]);
}
