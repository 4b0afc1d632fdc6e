//! C++ AMP's texture rules, reported in amp's words, as typed errors.

use amp::error::TextureProblem;
use amp::graphics::NoFormat;
use amp::prelude::*;

fn problem(err: amp::Error) -> TextureProblem {
    match err {
        amp::Error::Texture(e) => e.problem,
        other => panic!("not a texture error: {other}"),
    }
}

#[test]
fn element_types_and_bits_without_a_format_are_refused() {
    let err = Texture::<Float3, 2>::new([4, 4]).expect_err("3 components");
    assert!(err.to_string().contains("3 components"), "{err}");
    assert!(matches!(
        problem(err),
        TextureProblem::NoFormat {
            reason: NoFormat::ThreeComponents,
            ..
        }
    ));
    let err = Texture::<f64, 1>::new([4]).expect_err("f64");
    assert!(matches!(
        problem(err),
        TextureProblem::NoFormat {
            reason: NoFormat::SixtyFourBit,
            ..
        }
    ));
    let err = Texture::<f32, 1>::options([4])
        .bits(8)
        .build()
        .expect_err("8-bit float");
    let text = err.to_string();
    assert!(text.contains("Texture<f32, 1> at 8 bits"), "{text}");
    assert!(text.contains("32, 16"), "{text}");
}

#[test]
fn bad_extents_levels_and_data_are_refused() {
    let err = Texture::<u32, 2>::new([0, 4]).expect_err("empty");
    assert!(matches!(problem(err), TextureProblem::Extent { .. }));
    let err = Texture::<u32, 4>::new([2, 2, 2, 2]).expect_err("rank 4");
    assert!(matches!(problem(err), TextureProblem::Rank { rank: 4 }));
    let err = Texture::<u32, 1>::new([1 << 30]).expect_err("too long");
    assert!(matches!(problem(err), TextureProblem::Extent { .. }));
    let err = Texture::<u32, 2>::options([4, 4])
        .mip_levels(4)
        .build()
        .expect_err("levels");
    assert!(matches!(
        problem(err),
        TextureProblem::MipLevels { levels: 3, .. }
    ));
    let tex = Texture::<u32, 2>::options([4, 4])
        .bits(8)
        .build()
        .expect("texture");
    assert!(tex.view_at(1).is_err());
    let err = tex.write(&[1; 15]).expect_err("short");
    assert!(matches!(err, amp::Error::ExtentMismatch { .. }), "{err}");
    let mut data = vec![1u32; 16];
    data[5] = 300;
    let err = tex.write(&data).expect_err("300 in 8 bits");
    let text = err.to_string();
    assert!(
        matches!(
            problem(err),
            TextureProblem::ValueOutOfRange {
                element: 5,
                value: 300,
                max: 255,
                ..
            }
        ),
        "{text}"
    );
    assert!(text.contains("more bits per component"), "{text}");
    let err = tex.write_bytes(0, &[0; 3]).expect_err("bytes");
    assert!(matches!(
        problem(err),
        TextureProblem::ByteLength {
            bytes: 3,
            expected: 16
        }
    ));
}

#[test]
fn a_kernel_reads_and_writes_only_32_bit_single_component_textures() {
    // u32 at 8 bits: C++ AMP's rule says read-write needs 32 bits.
    let tex = Texture::<u32, 1>::options([8])
        .bits(8)
        .build()
        .expect("texture");
    let t = &tex;
    let err = parallel_for_each!(Extent::new([8]), |i: Index<1>| {
        t[i] = t[i] + 1u32;
    })
    .expect_err("8-bit read-write");
    let text = err.to_string();
    assert!(text.contains("read and write in one kernel"), "{text}");
    assert!(text.contains("const_view"), "{text}");
    // Read through a const view and written through a view, it works.
    let cv = tex.const_view();
    let mut out = vec![0u32; 8];
    let ov = ArrayView::new([8], &mut out).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        ov[i] = cv[i] + 1u32;
    })
    .expect("read");
    ov.synchronize().expect("sync");
    drop(ov);
    assert_eq!(out, [1; 8]);
}

#[test]
fn linear_filtering_needs_a_format_that_filters() {
    // Integer textures never filter: a gather through a linear sampler is refused by name.
    let tex = Texture::<u32, 2>::new([4, 4]).expect("texture");
    let cv = tex.const_view();
    let s = Sampler::new(Filter::Linear, Address::Clamp);
    let mut out = vec![UInt4::default(); 1];
    let ov = ArrayView::new([1], &mut out).expect("view");
    let err = parallel_for_each!(ov.extent(), |i: Index<1>| {
        ov[i] = cv.gather_red(s, float2(0.5, 0.5));
    })
    .expect_err("linear gather of u32");
    let text = err.to_string();
    assert!(text.contains("cannot filter linearly"), "{text}");
    assert!(text.contains("Filter::Point"), "{text}");
}

#[test]
fn textures_stay_on_their_accelerator() {
    let tex = Texture::<f32, 1>::new([4]).expect("texture");
    let s = Sampler::default();
    assert_eq!((s.filter(), s.address()), (Filter::Linear, Address::Clamp));
    assert_eq!(tex.accelerator(), &Accelerator::default().expect("default"));
    let cpu = Accelerator::cpu_accelerator();
    let err = Texture::<f32, 1>::options([4])
        .on(&cpu.default_view())
        .build()
        .expect_err("host-only");
    assert!(matches!(
        err,
        amp::Error::UnsupportedFeature(amp::error::FeatureError::HostOnly { .. })
    ));
}

#[test]
fn a_launch_on_another_accelerator_than_its_texture_is_refused() {
    let runs: Vec<Accelerator> = Accelerator::all()
        .expect("accelerators")
        .into_iter()
        .filter(|a| !a.is_host_only())
        .collect();
    let [home, other, ..] = runs.as_slice() else {
        return; // one accelerator: nothing to mismatch (lavapipe and the emulator make two)
    };
    let tex = Texture::<f32, 1>::options([8])
        .on(&home.default_view())
        .build()
        .expect("texture");
    let t = &tex;
    let err = parallel_for_each!(other.default_view(), Extent::new([8]), |i: Index<1>| {
        t[i] = 1.0;
    })
    .expect_err("another accelerator");
    assert!(matches!(err, amp::Error::AcceleratorMismatch(_)), "{err}");
    assert!(err.to_string().contains("array or texture"), "{err}");
}
