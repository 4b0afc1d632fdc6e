//! Every example, run and checked: the seed programs' outputs, and differential checks against
//! plain Rust on the CPU.

#[path = "../../examples/add_arrays.rs"]
mod add_arrays;
#[path = "../../examples/add_with_function.rs"]
mod add_with_function;
#[path = "../../examples/indexing.rs"]
mod indexing;
#[path = "../../examples/matrix_multiply.rs"]
mod matrix_multiply;
#[path = "../../examples/subgroup_sum.rs"]
mod subgroup_sum;

use std::process::Command;

#[test]
fn add_arrays_gives_the_seed_output() {
    let sum = add_arrays::add_arrays(&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10]).expect("launch");
    assert_eq!(sum, [7, 9, 11, 13, 15]);
}

#[test]
fn add_arrays_on_random_data_of_many_workgroups() {
    let a = matrix_multiply::random_matrix(100_003, 7);
    let b = matrix_multiply::random_matrix(100_003, 8);
    let sum = add_arrays::add_arrays(&a, &b).expect("launch");
    let expected: Vec<i32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    assert_eq!(sum, expected);
}

#[test]
fn add_with_function_gives_the_seed_output() {
    let sum =
        add_with_function::add_with_function(&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10]).expect("launch");
    assert_eq!(sum, [7, 9, 11, 13, 15]);
}

#[test]
fn subgroup_sum_equals_the_cpu_sum() {
    for len in [1_000_003, 256, 255, 1, 0] {
        let data = subgroup_sum::random(len, 11);
        let want = data.iter().fold(0i32, |a, &b| a.wrapping_add(b));
        assert_eq!(
            subgroup_sum::sum(&data).expect("launch"),
            want,
            "{len} values"
        );
    }
}

#[test]
fn indexing_gives_the_seed_output() {
    let (elements, dims) = indexing::indexing().expect("views");
    assert_eq!(elements, [3, 6, 8]);
    assert_eq!(dims, [4, 3, 2]);
}

#[test]
fn matrix_multiply_equals_the_cpu_product() {
    for (m, w, n) in [(100, 70, 90), (1, 1, 1), (17, 33, 5)] {
        let a = matrix_multiply::random_matrix((m * w) as usize, 3);
        let b = matrix_multiply::random_matrix((w * n) as usize, 4);
        let c = matrix_multiply::matmul(&a, &b, m, n, w).expect("launch");
        assert_eq!(
            c,
            matrix_multiply::matmul_cpu(&a, &b, m, n, w),
            "{m}x{w}x{n}"
        );
    }
}

/// The example binary itself prints the seed's lines.
#[test]
fn add_arrays_binary_prints_7_9_11_13_15() {
    let out = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "add_arrays"])
        .output()
        .expect("cargo run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "7\n9\n11\n13\n15\n");
}

#[path = "../../examples/array.rs"]
mod array;

#[test]
fn array_example_multiplies_by_ten() {
    let mut data: Vec<i32> = (0..5).collect();
    array::times_ten(&mut data).expect("launch");
    assert_eq!(data, [0, 10, 20, 30, 40]);
}

#[amp::kernel]
fn double_in_place(idx: amp::Index<1>, a: amp::Array<f32, 1>) {
    a[idx] = a[idx] * 2.0;
}

#[test]
fn arrays_own_a_deep_copy_and_copy_out_on_request() {
    use amp::prelude::*;
    let mut source = vec![1.5f32; 1000];
    let a = Array::new(1000, &source).expect("array");
    source[0] = 99.0; // the array made its own copy
    for _ in 0..3 {
        parallel_for_each!(a.extent(), |idx: Index<1>| {
            double_in_place(idx, a);
        })
        .expect("launch");
    }
    assert_eq!(
        (a.uploads(), a.downloads()),
        (1, 0),
        "data stays on the accelerator"
    );
    assert_eq!(a.get(0).expect("get"), 12.0);
    assert!(a.to_vec().expect("to_vec").iter().all(|&v| v == 12.0));
    let mut short = vec![0.0f32; 3];
    let err = a.copy_to(&mut short).expect_err("length mismatch");
    assert!(matches!(err, amp::Error::ExtentMismatch { .. }), "{err}");
    assert_eq!(source[0], 99.0);
    let z = Array::filled([2, 3], 7u32).expect("filled");
    assert_eq!(z.to_vec().expect("to_vec"), [7; 6]);
}

#[path = "../../examples/particles.rs"]
mod particles;

#[test]
fn particles_match_the_cpu_over_many_steps() {
    let world = particles::World::earth(0.01);
    let mut gpu = particles::spawn(1000, 5);
    let mut cpu = gpu.clone();
    particles::simulate(&mut gpu, world, 100).expect("launch");
    particles::simulate_cpu(&mut cpu, world, 100);
    let bounces: u32 = gpu.iter().map(|p| p.bounces).sum();
    assert!(bounces > 0, "some particles hit the floor");
    for (k, (g, c)) in gpu.iter().zip(&cpu).enumerate() {
        assert_eq!(g.bounces, c.bounces, "particle {k}");
        assert!(
            (g.pos - c.pos).length() < 1e-3,
            "particle {k}: {g:?} vs {c:?}"
        );
    }
}

#[path = "../../examples/nbody.rs"]
mod nbody;

#[test]
fn nbody_matches_the_cpu() {
    let bodies = nbody::galaxy(nbody::TILE * 4, 3);
    let gpu = nbody::accelerations(&bodies).expect("launch");
    let cpu = nbody::accelerations_cpu(&bodies);
    for (k, (g, c)) in gpu.iter().zip(&cpu).enumerate() {
        let error = (*g - *c).length() / (c.length() + 1.0);
        assert!(error < 1e-3, "body {k}: {g:?} vs {c:?}");
    }
}

#[path = "../../examples/reverse_tiles.rs"]
mod reverse_tiles;

#[test]
fn reverse_tiles_is_generic_over_the_element_type() {
    use amp::prelude::*;
    let n = reverse_tiles::TILE * 6;
    let words = matrix_multiply::random_matrix(n, 17);
    let mut gpu: Vec<u32> = words.iter().map(|&w| w as u32).collect();
    let mut cpu = gpu.clone();
    reverse_tiles::reverse_tiles(&mut gpu).expect("launch");
    reverse_tiles::reverse_tiles_cpu(&mut cpu);
    assert_eq!(gpu, cpu);

    let mut gpu: Vec<Float4> = words
        .chunks(4)
        .map(|c| float4(c[0] as f32, c[1] as f32, c[2] as f32, c[3] as f32))
        .cycle()
        .take(n)
        .collect();
    let mut cpu = gpu.clone();
    reverse_tiles::reverse_tiles(&mut gpu).expect("launch");
    reverse_tiles::reverse_tiles_cpu(&mut cpu);
    assert_eq!(gpu, cpu);

    let mut gpu: Vec<reverse_tiles::Entry> = words
        .iter()
        .map(|&w| reverse_tiles::Entry {
            key: w as u32,
            value: w as f32 * 0.5,
        })
        .collect();
    let mut cpu = gpu.clone();
    reverse_tiles::reverse_tiles(&mut gpu).expect("launch");
    reverse_tiles::reverse_tiles_cpu(&mut cpu);
    assert_eq!(gpu, cpu);
}

#[path = "../../examples/containers.rs"]
mod containers;

#[test]
fn containers_tour_prints_what_the_cpu_computes() {
    let lines = containers::tour().expect("tour");
    assert_eq!(
        lines,
        [
            "row 2: [20, 21, 22, 23, 24, 25]",
            "copied: [0, 1, 2, 3, 4, 5, 10, 11] ...",
            "copied asynchronously: true",
            "cube[1][0][5] = 25",
            "doubled through Float4: [2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0], bits of the \
             first: 0x40000000",
            "block sums: [36, 54, 156, 174]",
        ]
    );
}

#[path = "../../examples/multi_accelerator.rs"]
mod multi_accelerator;

#[test]
fn multi_accelerator_splits_a_product_over_views() {
    let (m, k, n) = (97, 64, 45);
    let a: Vec<f32> = (0..m * k).map(|i| (i % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..k * n).map(|i| (i % 7) as f32 - 3.0).collect();
    let views = multi_accelerator::views().expect("views");
    assert!(!views.is_empty());
    let (c, shares, _) = multi_accelerator::matmul_split(&views, &a, &b, m, k, n).expect("launch");
    assert_eq!(c, multi_accelerator::matmul_cpu(&a, &b, m, k, n));
    // The shares cover every row once, in order.
    let mut next = 0;
    for share in &shares {
        assert_eq!(share.rows.0, next);
        next += share.rows.1;
    }
    assert_eq!(next, m);
}

#[path = "../../examples/wgpu_interop.rs"]
mod wgpu_interop;

/// The renderer's buffer moved by amp and wrapped by the renderer's own pass, frame after
/// frame, on a device the test opens of amp's CPU accelerator's adapter and of the example's
/// (a GPU, or lavapipe), against the CPU.
#[test]
fn wgpu_interop_moves_the_renderers_particles() {
    let n = 1_000;
    let positions: Vec<f32> = (0..n).map(|i| i as f32 / n as f32).collect();
    let velocities: Vec<f32> = (0..n).map(|i| ((i % 17) as f32 - 8.0) * 0.01).collect();
    let cpu = wgpu_interop::simulate_cpu(&positions, &velocities, 0.5, 12);
    for adapter in [amp_cpu::device::adapter(), wgpu_interop::adapter()] {
        let renderer = wgpu_interop::Renderer::new(&adapter, &positions).expect("device");
        let (gpu, same) =
            wgpu_interop::simulate(&renderer, &velocities, 0.5, 12).expect("simulate");
        assert!(same, "the array's buffer is the renderer's");
        let worst = wgpu_interop::largest_difference(&gpu, &cpu);
        assert!(worst < 1e-4, "{:?}: {worst}", adapter.get_info().name);
        assert!(gpu.iter().all(|p| (0.0..1.0).contains(p)));
    }
}

#[path = "../../examples/stream.rs"]
mod stream;

/// The streaming example at sizes lavapipe runs quickly: chunks below the size that goes
/// through the staging rings (wgpu's own staging) and at it, several times the arrays' size.
#[test]
fn stream_gives_the_cpus_results_chunk_by_chunk() {
    for (elements, chunk) in [(1 << 20, 1 << 17), (3 << 18, 1 << 18)] {
        let report = stream::run(elements, chunk).expect("stream");
        assert_eq!(report.wrong, 0, "{report:?}");
        assert_eq!(report.bytes, elements as u64 * 8);
        let rates = [report.streamed, report.link, report.kernel].map(|t| report.rate(t));
        assert!(
            rates.iter().all(|r| r.is_finite() && *r > 0.0),
            "{report:?}"
        );
    }
    assert_eq!(stream::expected(-2.25), -4.625);
}

/// The example binary prints each thread's line in thread order, then reports the failed
/// assertion as the launch's error.
#[test]
fn print_from_kernel_binary_prints_in_thread_order() {
    let out = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "print_from_kernel"])
        .output()
        .expect("cargo run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.starts_with(
            "(0) -> 0\n(1) -> 2\n(2) -> 4\n(3) -> 6\nhalved: [0, 1, 2, 3]\n(0) -> 8\n(1) -> 3\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("assertion: 3 is odd at examples/print_from_kernel.rs:10:"),
        "{stdout}"
    );
    assert!(stdout.trim_end().ends_with("thread (1)"), "{stdout}");
}

#[cfg(feature = "image")]
#[path = "../../examples/blur.rs"]
pub(crate) mod blur;
#[cfg(feature = "image")]
#[path = "../../examples/cartoonizer.rs"]
pub(crate) mod cartoonizer;

/// The picture examples, run as their binaries run them (on their generated pictures), write
/// PNGs of the pictures' size.
#[cfg(feature = "image")]
#[test]
fn cartoonizer_and_blur_write_their_pictures() {
    let dir = std::env::temp_dir().join(format!("amp-picture-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let cartoon = dir.join("cartoon.png");
    cartoonizer::run(None, cartoon.to_str().expect("path")).expect("cartoonizer");
    let blurred = dir.join("blurred.png");
    blur::run(None, blurred.to_str().expect("path")).expect("blur");
    for path in [&cartoon, &blurred] {
        let image = amp::graphics::image::open(path).expect("a PNG");
        assert_eq!(
            (image.width(), image.height()),
            (256, 160),
            "{}",
            path.display()
        );
    }
    // The cartoon is the test picture, changed; the blur changes its picture but keeps its
    // mean colour (within a level: clamped borders weigh their pixels a little more).
    let open = |p: &std::path::Path| amp::graphics::image::open(p).expect("PNG").to_rgba8();
    let picture = cartoonizer::test_picture(256, 160).to_rgba8();
    assert_ne!(open(&cartoon).as_raw(), picture.as_raw());
    let picture = blur::test_picture(256, 160).to_rgba8();
    let blurred = open(&blurred);
    assert_ne!(blurred.as_raw(), picture.as_raw());
    let mean = |raw: &[u8], c: usize| {
        raw.chunks(4).map(|p| f64::from(p[c])).sum::<f64>() / (raw.len() / 4) as f64
    };
    for c in 0..3 {
        let (before, after) = (mean(picture.as_raw(), c), mean(blurred.as_raw(), c));
        assert!(
            (before - after).abs() < 1.0,
            "channel {c}: {before} vs {after}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[path = "../../examples/device_functions.rs"]
mod device_functions;

#[test]
fn device_functions_agree_with_the_host() {
    let (rows, cols, limit) = (24, 64, 50);
    let counts = device_functions::escapes(rows, cols, limit).expect("escapes");
    let (dx, dy) = (3.0 / cols as f32, 2.4 / rows as f32);
    let mut differ = 0;
    for r in 0..rows {
        for c in 0..cols {
            let point = device_functions::Complex::new(-2.0 + c as f32 * dx, -1.2 + r as f32 * dy);
            let host = device_functions::escape::<2, _, _>(point, limit);
            // A point on the set's boundary is chaotic: a rounding there (a device's fused
            // multiply-add) may change its count by any amount, so a few points may differ.
            differ += usize::from(counts[(r * cols + c) as usize] != host);
        }
    }
    assert!(
        differ * 20 < (rows * cols) as usize,
        "{differ} points differ"
    );
    assert!(counts.contains(&limit) && counts.iter().any(|&n| n < 3));

    let (x, y) = ([3.0f32, 0.0, -1.0, 5.0], [4.0f32, 2.0, -1.0, -12.0]);
    let (m, a) = device_functions::polars(&x, &y).expect("polars");
    for k in 0..x.len() {
        let (mut hm, mut ha) = (0.0f32, 0.0f32);
        device_functions::polar(x[k], y[k], &mut hm, &mut ha);
        assert!((m[k] - hm).abs() <= 1e-5 * hm.max(1.0), "modulus {k}");
        assert!((a[k] - ha).abs() <= 1e-5, "argument {k}");
    }
    assert_eq!(m[0], 5.0);

    let data: Vec<i32> = (0..256).collect();
    let sums = device_functions::tile_sums(&data).expect("tile sums");
    let want: Vec<i32> = data.chunks(64).map(|c| c.iter().sum()).collect();
    assert_eq!(sums, want);
}
