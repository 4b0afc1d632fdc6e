//! The ceiling for an f16 GEMM on the matrix units through wgpu: hand-written WGSL with
//! `enable wgpu_cooperative_matrix;` and 16×16 fragments (`coop_mat16x16`), f16 inputs, f32
//! accumulation and output, run through wgpu directly, without runtime checks.
//!
//! The kernel text is generated from a [`Config`], so that one run on the GPU measures several
//! blockings and keeps the best:
//! - each workgroup computes a `BM`×`BN` block of C with `wm`×`wn` subgroups of 32 lanes, each
//!   subgroup `tm`×`tn` accumulator fragments (a `16·tm`×`16·tn` block);
//! - `Stage::Direct`: the fragments load A and B from the storage buffers themselves;
//! - `Stage::Shared`/`Stage::SharedVec`: the workgroup stages A's `BM`×`BK` and B's `BK`×`BN`
//!   slices in workgroup memory, two buffers deep (the next slice is read from memory into
//!   registers while the fragments multiply the current one; one barrier a slice), with rows
//!   padded by 8 halves against bank conflicts. Global reads are 16 bytes a lane (`vec4<u32>`).
//!   `Shared` keeps the workgroup arrays as `f16` (8 stores a lane a read);
//!   `SharedVec` keeps them as `vec4<u32>` and loads the fragments from those (SPIR-V's
//!   cooperative loads take a pointer to any scalar or vector type, the stride counted in that
//!   type: 8 halves), 1 store a lane a read.
//!
//! Every result is checked against the CPU (64 rows spread over C, the maximum absolute error
//! printed) before its figure is printed; a wrong result prints `WRONG` and no figure.
//! A device without `EXPERIMENTAL_COOPERATIVE_MATRIX`, f16 or 16×16×16 f16·f16+f32 fragments
//! gets one line saying so; the kernels are still parsed, validated and written as SPIR-V by
//! naga there, so that their text is checked on every machine.

use std::time::Instant;
use wgpu::naga;

/// How a workgroup feeds its fragments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stage {
    /// Fragments load straight from the storage buffers.
    Direct,
    /// Staged through `f16` workgroup arrays.
    Shared,
    /// Staged through `vec4<u32>` workgroup arrays (8 halves an element).
    SharedVec,
}

/// One blocking of the kernel.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Subgroups along M and N.
    pub wm: u32,
    pub wn: u32,
    /// 16×16 accumulator fragments a subgroup holds along M and N.
    pub tm: u32,
    pub tn: u32,
    /// Depth of a staged slice (a multiple of 16).
    pub bk: u32,
    pub stage: Stage,
}

/// The blockings measured, the first the one expected best. The `vec4<u32>`-staged one comes
/// last: NVIDIA's compiler (driver 580) rejects cooperative loads from `vec4<u32>` workgroup
/// arrays ("NVVM compilation failed"), and after that rejection no later pipeline of the device
/// builds.
pub const CONFIGS: [Config; 6] = [
    Config {
        wm: 2,
        wn: 4,
        tm: 4,
        tn: 2,
        bk: 32,
        stage: Stage::Shared,
    },
    Config {
        wm: 2,
        wn: 2,
        tm: 4,
        tn: 4,
        bk: 32,
        stage: Stage::Shared,
    },
    Config {
        wm: 2,
        wn: 4,
        tm: 2,
        tn: 4,
        bk: 32,
        stage: Stage::Shared,
    },
    Config {
        wm: 2,
        wn: 2,
        tm: 2,
        tn: 2,
        bk: 32,
        stage: Stage::Shared,
    },
    Config {
        wm: 2,
        wn: 4,
        tm: 2,
        tn: 2,
        bk: 16,
        stage: Stage::Direct,
    },
    Config {
        wm: 2,
        wn: 4,
        tm: 4,
        tn: 2,
        bk: 32,
        stage: Stage::SharedVec,
    },
];

/// Lanes a subgroup has on the devices this kernel is written for (NVIDIA's warps); the host
/// checks the adapter's subgroup size before running it.
const LANES: u32 = 32;
/// Halves a `vec4<u32>` holds.
const VEC: u32 = 8;
/// Padding of each staged row, in halves (16 bytes keeps rows 16-byte aligned).
const PAD: u32 = 8;

impl Config {
    fn bm(&self) -> u32 {
        self.wm * self.tm * 16
    }
    fn bn(&self) -> u32 {
        self.wn * self.tn * 16
    }
    fn threads(&self) -> u32 {
        self.wm * self.wn * LANES
    }
    /// Workgroup bytes the kernel declares.
    pub fn shared_bytes(&self) -> u32 {
        match self.stage {
            Stage::Direct => 0,
            _ => 2 * 2 * (self.bm() * (self.bk + PAD) + self.bk * (self.bn() + PAD)),
        }
    }
    /// Whether `n` (M = N = K) is a multiple of the blocks and each lane's share of a slice is
    /// whole.
    pub fn fits(&self, n: u32) -> bool {
        let slice_a = self.bm() * self.bk / VEC;
        let slice_b = self.bk * self.bn() / VEC;
        n.is_multiple_of(self.bm())
            && n.is_multiple_of(self.bn())
            && n.is_multiple_of(self.bk)
            && self.bk.is_multiple_of(16)
            && (self.stage == Stage::Direct
                || (slice_a.is_multiple_of(self.threads())
                    && slice_b.is_multiple_of(self.threads())))
    }
    pub fn name(&self) -> String {
        let stage = match self.stage {
            Stage::Direct => "direct",
            Stage::Shared => "staged f16",
            Stage::SharedVec => "staged vec4<u32>",
        };
        format!(
            "{}x{} block, {} subgroups of {}x{} fragments, BK {}, {stage}",
            self.bm(),
            self.bn(),
            self.wm * self.wn,
            self.tm,
            self.tn,
            self.bk,
        )
    }

    /// The WGSL text. Bindings: 0 A (M×K), 1 B (K×N), both row-major f16; 2 C (M×N) row-major
    /// f32; 3 a uniform `vec4<u32>` (M, N, K). Dispatch (N / BN, M / BM).
    pub fn wgsl(&self) -> String {
        let (bm, bn, bk) = (self.bm(), self.bn(), self.bk);
        let (sa, sb) = (bk + PAD, bn + PAD);
        let mut s = String::new();
        let mut line = |t: String| {
            s.push_str(&t);
            s.push('\n');
        };
        line("enable f16;\nenable wgpu_cooperative_matrix;".into());
        let direct = self.stage == Stage::Direct;
        let elem = if direct { "f16" } else { "vec4<u32>" };
        line(format!(
            "@group(0) @binding(0) var<storage, read> a: array<{elem}>;"
        ));
        line(format!(
            "@group(0) @binding(1) var<storage, read> b: array<{elem}>;"
        ));
        line("@group(0) @binding(2) var<storage, read_write> c: array<f32>;".into());
        line("@group(0) @binding(3) var<uniform> dims: vec4<u32>;".into());
        // Staged arrays: two buffers of A's BM×BK slice (row stride sa) and B's BK×BN slice
        // (row stride sb), in units of the array's element.
        let unit = if self.stage == Stage::SharedVec {
            VEC
        } else {
            1
        };
        let (len_a, len_b) = (bm * sa / unit, bk * sb / unit);
        match self.stage {
            Stage::Direct => {}
            Stage::Shared => {
                line(format!("var<workgroup> sa: array<f16, {}>;", 2 * len_a));
                line(format!("var<workgroup> sb: array<f16, {}>;", 2 * len_b));
            }
            Stage::SharedVec => {
                line(format!(
                    "var<workgroup> sa: array<vec4<u32>, {}>;",
                    2 * len_a
                ));
                line(format!(
                    "var<workgroup> sb: array<vec4<u32>, {}>;",
                    2 * len_b
                ));
            }
        }
        let threads = self.threads();
        let (per_a, per_b) = (bm * bk / VEC / threads, bk * bn / VEC / threads);
        // Reads slice `k0` of A and B from memory into registers ra*, rb*.
        let read = |k0: &str| {
            let mut t = String::new();
            for p in 0..per_a {
                t += &format!(
                    "    ra{p} = a[(m0 + va{p} / {q}u) * (K / 8u) + ({k0}) / 8u + va{p} % {q}u];\n",
                    q = bk / VEC
                );
            }
            for p in 0..per_b {
                t += &format!(
                    "    rb{p} = b[(({k0}) + vb{p} / {q}u) * (N / 8u) + n0 / 8u + vb{p} % {q}u];\n",
                    q = bn / VEC
                );
            }
            t
        };
        // Writes the registers into buffer `buf` of the workgroup arrays.
        let write = |buf: &str| {
            let mut t = String::new();
            for p in 0..per_a {
                let at = format!(
                    "({buf}) * {len_a}u + (va{p} / {q}u) * {sa}u / {unit}u + (va{p} % {q}u) * 8u / {unit}u",
                    q = bk / VEC
                );
                t += &store(self.stage, "sa", &at, &format!("ra{p}"));
            }
            for p in 0..per_b {
                let at = format!(
                    "({buf}) * {len_b}u + (vb{p} / {q}u) * {sb}u / {unit}u + (vb{p} % {q}u) * 8u / {unit}u",
                    q = bn / VEC
                );
                t += &store(self.stage, "sb", &at, &format!("rb{p}"));
            }
            t
        };
        // Multiplies one slice: for each 16-deep step, tm A fragments and tn B fragments, then
        // tm·tn multiply-adds. `a_at(i, kk)`, `b_at(j, kk)` give the fragments' pointers and
        // strides.
        let (tm, tn) = (self.tm, self.tn);
        let multiply = |a_at: &dyn Fn(u32, u32) -> (String, String),
                        b_at: &dyn Fn(u32, u32) -> (String, String)| {
            let mut t = String::new();
            for kk in 0..bk / 16 {
                t += "    {\n";
                for i in 0..tm {
                    let (p, st) = a_at(i, kk);
                    t += &format!(
                        "      let fa{i} = coopLoadT<coop_mat16x16<f16, A>>(&{p}, {st});\n"
                    );
                }
                for j in 0..tn {
                    let (p, st) = b_at(j, kk);
                    t += &format!(
                        "      let fb{j} = coopLoadT<coop_mat16x16<f16, B>>(&{p}, {st});\n"
                    );
                }
                for i in 0..tm {
                    for j in 0..tn {
                        t += &format!(
                            "      acc{i}_{j} = coopMultiplyAdd(fa{i}, fb{j}, acc{i}_{j});\n"
                        );
                    }
                }
                t += "    }\n";
            }
            t
        };
        // naga 30's WGSL front end pushes `coopStore` without first emitting the expressions
        // its pointer's index is computed from (the SPIR-V writer then finds them uncached);
        // a function whose index is an argument needs nothing emitted.
        line(
            "fn store_c(m: coop_mat16x16<f32, C>, at: u32, stride: u32) {\n  \
             coopStoreT(m, &c[at], stride);\n}"
                .into(),
        );
        line(format!("@compute @workgroup_size({threads})"));
        line(
            "fn main(@builtin(local_invocation_index) lid: u32, \
             @builtin(workgroup_id) wid: vec3<u32>) {"
                .into(),
        );
        line("  let N = dims.y; let K = dims.z;".into());
        line(format!("  let m0 = wid.y * {bm}u; let n0 = wid.x * {bn}u;"));
        // Subgroup w covers rows wr·16tm.., columns wc·16tn.. of the block.
        line(format!(
            "  let w = lid / {LANES}u; let r0 = (w / {}u) * {}u; let c0 = (w % {}u) * {}u;",
            self.wn,
            16 * tm,
            self.wn,
            16 * tn
        ));
        for i in 0..tm {
            for j in 0..tn {
                line(format!("  var acc{i}_{j} = coop_mat16x16<f32, C>();"));
            }
        }
        if direct {
            line("  for (var k0 = 0u; k0 < K; k0 += 16u) {".into());
            let a_at = |i: u32, _kk: u32| {
                (
                    format!("a[(m0 + r0 + {}u) * K + k0]", 16 * i),
                    "K".to_string(),
                )
            };
            let b_at = |j: u32, _kk: u32| {
                (
                    format!("b[k0 * N + n0 + c0 + {}u]", 16 * j),
                    "N".to_string(),
                )
            };
            s_push(&mut line, &multiply(&a_at, &b_at));
            line("  }".into());
        } else {
            // Lane `lid` reads the vec4s lid, lid + threads, … of each slice.
            for p in 0..per_a {
                line(format!(
                    "  var ra{p}: vec4<u32>; let va{p} = {p}u * {threads}u + lid;"
                ));
            }
            for p in 0..per_b {
                line(format!(
                    "  var rb{p}: vec4<u32>; let vb{p} = {p}u * {threads}u + lid;"
                ));
            }
            line(read("0u"));
            line(write("0u"));
            line("  workgroupBarrier();".into());
            line(format!("  let slices = K / {bk}u;"));
            line("  for (var t = 0u; t < slices; t += 1u) {".into());
            line("    let cur = t % 2u;".into());
            line("    let more = t + 1u < slices;".into());
            line(format!(
                "    if more {{\n{}    }}",
                read(&format!("(t + 1u) * {bk}u"))
            ));
            let a_at = |i: u32, kk: u32| {
                (
                    format!(
                        "sa[cur * {len_a}u + (r0 + {}u) * {}u + {}u]",
                        16 * i,
                        sa / unit,
                        16 * kk / unit
                    ),
                    format!("{}u", sa / unit),
                )
            };
            let b_at = |j: u32, kk: u32| {
                (
                    format!(
                        "sb[cur * {len_b}u + {}u * {}u + (c0 + {}u) / {unit}u]",
                        16 * kk,
                        sb / unit,
                        16 * j
                    ),
                    format!("{}u", sb / unit),
                )
            };
            s_push(&mut line, &multiply(&a_at, &b_at));
            line(format!("    if more {{\n{}    }}", write("1u - cur")));
            line("    workgroupBarrier();".into());
            line("  }".into());
        }
        for i in 0..tm {
            for j in 0..tn {
                line(format!(
                    "  store_c(acc{i}_{j}, (m0 + r0 + {}u) * N + n0 + c0 + {}u, N);",
                    16 * i,
                    16 * j
                ));
            }
        }
        line("}".into());
        s
    }
}

fn s_push(line: &mut impl FnMut(String), text: &str) {
    line(text.trim_end_matches('\n').to_string());
}

/// Stores the 8 halves in `value` (a `vec4<u32>`) at `at` of workgroup array `array`.
fn store(stage: Stage, array: &str, at: &str, value: &str) -> String {
    match stage {
        Stage::SharedVec => format!("    {array}[{at}] = {value};\n"),
        _ => {
            let mut t = format!("    {{ let at = {at};\n");
            for (h, comp) in ["x", "y", "z", "w"].iter().enumerate() {
                t += &format!(
                    "      let h{h} = vec2<f16>(unpack2x16float({value}.{comp})); \
                     {array}[at + {}u] = h{h}.x; {array}[at + {}u] = h{h}.y;\n",
                    2 * h,
                    2 * h + 1
                );
            }
            t + "    }\n"
        }
    }
}

/// Parses, validates (with f16 and cooperative matrices) and writes `wgsl` as SPIR-V through
/// naga: the words of SPIR-V, or naga's error.
pub fn check_with_naga(wgsl: &str) -> Result<usize, String> {
    let module = naga::front::wgsl::parse_str(wgsl).map_err(|e| e.emit_to_string(wgsl))?;
    // f16 in f32 (`unpack2x16float`) is a downlevel flag every Vulkan device sets.
    let caps = naga::valid::Capabilities::SHADER_FLOAT16
        | naga::valid::Capabilities::SHADER_FLOAT16_IN_FLOAT32
        | naga::valid::Capabilities::COOPERATIVE_MATRIX;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), caps)
        .validate(&module)
        .map_err(|e| format!("{}\n{:?}", e.emit_to_string(wgsl), e.as_inner()))?;
    let options = naga::back::spv::Options {
        lang_version: (1, 6),
        ..Default::default()
    };
    naga::back::spv::write_vec(&module, &info, &options, None)
        .map(|words| words.len())
        .map_err(|e| e.to_string())
}

/// An f16's bits for `v`, which must be 0 or a normal f16 value with at most 11 significant
/// bits (the benchmark's inputs are multiples of 1/64 below 1).
fn f16_bits(v: f32) -> u16 {
    if v == 0.0 {
        return 0;
    }
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let mantissa = ((bits >> 13) & 0x3ff) as u16;
    sign | ((exp as u16) << 10) | mantissa
}

/// `len` values k/64, k in 0..64 (exact in f16), from a xorshift seeded by `seed`.
fn inputs(len: usize, seed: u32) -> Vec<f32> {
    let mut x = seed.max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 64) as f32 / 64.0
        })
        .collect()
}

/// The largest |C − A·B| over 64 rows spread over C (f64 reference), and the largest |A·B|.
fn max_error(a: &[f32], b: &[f32], c: &[f32], n: usize) -> (f64, f64) {
    let (mut err, mut big) = (0.0f64, 0.0f64);
    let mut want = vec![0.0f64; n];
    for r in (0..n).step_by(n / 64 + 1) {
        want.fill(0.0);
        for i in 0..n {
            let x = f64::from(a[r * n + i]);
            for (w, y) in want.iter_mut().zip(&b[i * n..(i + 1) * n]) {
                *w += x * f64::from(*y);
            }
        }
        for (col, w) in want.iter().enumerate() {
            err = err.max((f64::from(c[r * n + col]) - w).abs());
            big = big.max(w.abs());
        }
    }
    (err, big)
}

/// One measured configuration: its name, seconds a GEMM, TFLOP/s.
pub struct Measured {
    pub name: String,
    pub seconds: f64,
    pub tflops: f64,
}

/// Runs every configuration that fits on an `n`³ product if the device has what the kernels
/// need, printing a line each; returns the measured ones (checked against the CPU). Without
/// the feature, validates the kernels with naga and prints why none ran.
pub fn run(n: u32, reps: u32) -> Vec<Measured> {
    for config in CONFIGS.iter().filter(|c| c.fits(n)) {
        if let Err(e) = check_with_naga(&config.wgsl()) {
            println!(
                "  f16 coop WGSL ({}) does not validate:\n{e}",
                config.name()
            );
            return Vec::new();
        }
    }
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let Ok(adapter) = pollster::block_on(instance.request_adapter(&Default::default())) else {
        println!("  f16 coop WGSL: no adapter");
        return Vec::new();
    };
    let needed = wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX | wgpu::Features::SHADER_F16;
    let props = adapter.cooperative_matrix_properties();
    println!(
        "  cooperative_matrix_properties ({}):",
        adapter.get_info().name
    );
    for p in &props {
        println!(
            "    {}x{}x{} {:?}*{:?} + {:?}{}",
            p.m_size,
            p.n_size,
            p.k_size,
            p.ab_type,
            p.ab_type,
            p.cr_type,
            if p.saturating_accumulation {
                " (saturating)"
            } else {
                ""
            }
        );
    }
    let shape = props.iter().any(|p| {
        (p.m_size, p.n_size, p.k_size) == (16, 16, 16)
            && p.ab_type == wgpu::CooperativeScalarType::F16
            && p.cr_type == wgpu::CooperativeScalarType::F32
    });
    let info = adapter.get_info();
    let lanes = (info.subgroup_min_size, info.subgroup_max_size);
    if !adapter.features().contains(needed) || !shape || lanes != (LANES, LANES) {
        println!(
            "  f16 coop WGSL: skipped, the device lacks EXPERIMENTAL_COOPERATIVE_MATRIX, \
             SHADER_F16, 16x16x16 f16*f16+f32 fragments or subgroups of exactly {LANES} lanes \
             (it has {lanes:?}); the kernels validate with naga"
        );
        return Vec::new();
    }
    // SAFETY: amp's benchmark uses cooperative matrices only through the kernels above, whose
    // loads and stores stay inside their buffers (n a multiple of every block) and whose
    // operations run in uniform control flow; wgpu's warning is about bugs of its
    // implementation with such uses, which this measurement is meant to find.
    let experimental = unsafe { wgpu::ExperimentalFeatures::enabled() };
    let Ok((device, queue)) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: needed,
        required_limits: adapter.limits(),
        experimental_features: experimental,
        ..Default::default()
    })) else {
        println!("  f16 coop WGSL: the device did not open with cooperative matrices");
        return Vec::new();
    };
    // A kernel the driver cannot compile leaves its pipeline invalid without a scoped error;
    // what follows from it is printed (and its result fails the CPU check) instead of ending
    // the run.
    device.on_uncaptured_error(std::sync::Arc::new(|e| println!("  wgpu: {e}")));
    let nn = n as usize;
    let (a, b) = (inputs(nn * nn, 7), inputs(nn * nn, 8));
    use wgpu::util::DeviceExt;
    let halves = |v: &[f32]| -> Vec<u16> { v.iter().map(|&x| f16_bits(x)).collect() };
    let storage = |bytes: &[u8]| {
        device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: bytes,
            usage: wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST,
        })
    };
    let ab = storage(bytemuck::cast_slice(&halves(&a)));
    let bb = storage(bytemuck::cast_slice(&halves(&b)));
    let cb = storage(&vec![0u8; nn * nn * 4]);
    let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: None,
        contents: bytemuck::cast_slice(&[n, n, n, 0]),
        usage: wgpu::BufferUsages::UNIFORM,
    });
    let staging = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: cb.size(),
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let limit = adapter.limits().max_compute_workgroup_storage_size;
    let mut out = Vec::new();
    for config in CONFIGS.iter().filter(|c| c.fits(n)) {
        let name = config.name();
        if config.shared_bytes() > limit {
            println!(
                "  {name}: skipped, {} workgroup bytes > {limit}",
                config.shared_bytes()
            );
            continue;
        }
        let desc = wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(config.wgsl().into()),
        };
        // A driver that fails to compile the kernel reports an internal error, not a
        // validation error: both are caught, and the configuration is skipped.
        let internal = device.push_error_scope(wgpu::ErrorFilter::Internal);
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        // SAFETY: every index the kernel forms lies inside its buffers for n a multiple of the
        // blocks (`fits`), and its loops are bounded by K.
        let module = unsafe {
            device.create_shader_module_trusted(desc, wgpu::ShaderRuntimeChecks::unchecked())
        };
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let refused = pollster::block_on(scope.pop());
        let failed = pollster::block_on(internal.pop());
        if let Some(e) = refused.or(failed) {
            println!("  {name}: wgpu refused it: {e}");
            continue;
        }
        let bind = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[&ab, &bb, &cb, &uniform]
                .iter()
                .enumerate()
                .map(|(i, buf)| wgpu::BindGroupEntry {
                    binding: i as u32,
                    resource: buf.as_entire_binding(),
                })
                .collect::<Vec<_>>(),
        });
        let groups = (n / config.bn(), n / config.bm());
        // `k` dispatches in one pass, one submission, then a wait.
        let batch = |k: u32| {
            let mut enc = device.create_command_encoder(&Default::default());
            {
                let mut pass = enc.begin_compute_pass(&Default::default());
                pass.set_pipeline(&pipeline);
                pass.set_bind_group(0, &bind, &[]);
                for _ in 0..k {
                    pass.dispatch_workgroups(groups.0, groups.1, 1);
                }
            }
            queue.submit([enc.finish()]);
            let _ = device.poll(wgpu::PollType::wait_indefinitely());
        };
        batch(1);
        let mut samples: Vec<f64> = (0..5)
            .map(|_| {
                let start = Instant::now();
                batch(reps);
                start.elapsed().as_secs_f64() / f64::from(reps)
            })
            .collect();
        samples.sort_by(f64::total_cmp);
        let seconds = samples[samples.len() / 2];
        let mut enc = device.create_command_encoder(&Default::default());
        enc.copy_buffer_to_buffer(&cb, 0, &staging, 0, cb.size());
        queue.submit([enc.finish()]);
        staging.map_async(wgpu::MapMode::Read, .., |_| {});
        let _ = device.poll(wgpu::PollType::wait_indefinitely());
        let c: Vec<f32> = match staging.get_mapped_range(..) {
            Ok(view) => bytemuck::cast_slice(&view).to_vec(),
            Err(e) => {
                println!("  {name}: reading C failed: {e}");
                continue;
            }
        };
        staging.unmap();
        let (err, big) = max_error(&a, &b, &c, nn);
        let tflops = 2.0 * f64::from(n).powi(3) / seconds / 1e12;
        let ok = err <= 1e-3 * big.max(1.0);
        println!(
            "  {name:<62} {:>8.3} ms {tflops:>8.2} TFLOP/s  max |error| {err:.3e} of {big:.1}{}",
            seconds * 1e3,
            if ok { "" } else { "  WRONG" }
        );
        if ok {
            out.push(Measured {
                name,
                seconds,
                tflops,
            });
        }
        // Clear C so that the next configuration's result is its own.
        let mut enc = device.create_command_encoder(&Default::default());
        enc.clear_buffer(&cb, 0, None);
        queue.submit([enc.finish()]);
    }
    out
}
