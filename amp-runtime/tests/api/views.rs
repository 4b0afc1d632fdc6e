//! The public API of accelerators and array views, on whatever accelerator is present
//! (lavapipe where there is no GPU).

use amp_runtime::error::{FeatureError, Position, SelectError};
use amp_runtime::{Accelerator, ArrayView, ConstArrayView, DeviceType, Error, Result};

#[test]
fn accelerators_are_listed_once_and_default_is_among_them() -> Result<()> {
    let all = Accelerator::all()?;
    assert!(
        all.iter().any(|a| a.device_type() == DeviceType::Emulated),
        "amp's own CPU accelerator is always listed"
    );
    let again = Accelerator::all()?;
    let ids: Vec<u64> = all.iter().map(Accelerator::id).collect();
    assert_eq!(ids, again.iter().map(Accelerator::id).collect::<Vec<_>>());
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());

    let default = Accelerator::default()?;
    assert!(all.contains(&default));
    assert_eq!(Accelerator::default()?.id(), default.id());
    // The host-only CPU accelerator comes last, as C++ AMP lists its `cpu_accelerator`.
    let (cpu, devices) = all.split_last().expect("the list has the CPU accelerator");
    assert_eq!(cpu, &Accelerator::cpu_accelerator());
    for acc in devices {
        let shown = acc.to_string();
        assert!(shown.starts_with(acc.description()), "{shown}");
        assert!(shown.contains(&acc.backend()), "{shown}");
        // `amp`: amp's own CPU accelerator, listed beside the adapters.
        assert!(["vulkan", "metal", "dx12", "amp"].contains(&acc.backend().as_str()));
        assert_eq!(
            acc.is_emulated(),
            matches!(
                acc.device_type(),
                amp_runtime::DeviceType::Cpu | amp_runtime::DeviceType::Emulated
            )
        );
        assert!(!acc.is_host_only());
        assert!(acc.limits().max_compute_workgroup_size_x >= 64);
        assert!(format!("{acc:?}").contains("Accelerator"));
    }
    Ok(())
}

/// C++ AMP's `accelerator(accelerator::cpu_accelerator)`: listed, described, host memory only,
/// never the default.
#[test]
fn cpu_accelerator_is_listed_and_described() -> Result<()> {
    let cpu = Accelerator::cpu_accelerator();
    assert_eq!(cpu, Accelerator::cpu_accelerator(), "one CPU accelerator");
    assert_eq!(Accelerator::all()?.last(), Some(&cpu));
    assert_eq!(cpu.description(), "CPU accelerator");
    assert_eq!(cpu.device_type(), DeviceType::Host);
    assert!(cpu.is_host_only() && cpu.is_emulated());
    assert!(!cpu.device_type().is_gpu());
    assert_eq!(cpu.backend(), "none");
    assert_eq!(cpu.driver(), "");
    assert_eq!(
        cpu.to_string(),
        "CPU accelerator (host memory, runs no kernels)"
    );
    assert!(!cpu.supports_double_precision() && !cpu.supports_profiling());
    assert_eq!(cpu.limits().max_buffer_size, 0);
    assert_eq!(cpu.limits().max_compute_invocations_per_workgroup, 0);
    // Nothing runs there, so there is nothing to wait for.
    cpu.flush()?;
    cpu.wait()?;
    cpu.default_view().create_marker().wait()?;
    // Never the default, and no name finds it: names pick accelerators that run kernels.
    assert_ne!(Accelerator::default()?, cpu);
    assert!(!Accelerator::default()?.is_host_only());
    for name in ["cpu", "CPU accelerator", "accelerator"] {
        if let Ok(found) = Accelerator::find(name) {
            assert_ne!(found, cpu, "{name}");
        }
    }
    // Profiling needs a device.
    let err = cpu
        .profile(|| Ok::<(), Error>(()))
        .expect_err("no device to time");
    assert!(
        matches!(
            err,
            Error::UnsupportedFeature(FeatureError::Profiling { .. })
        ),
        "{err}"
    );
    Ok(())
}

#[test]
fn find_takes_the_names_the_variable_takes() -> Result<()> {
    let default = Accelerator::default()?;
    // Part of its name, in any case.
    let part = default.description().to_uppercase();
    let found = Accelerator::find(&part)?;
    assert!(found
        .description()
        .eq_ignore_ascii_case(default.description()));
    if default.device_type() == DeviceType::Cpu {
        assert_eq!(Accelerator::find("cpu")?.device_type(), DeviceType::Cpu);
    }
    for name in ["no-such-device-xyz", "", "  "] {
        let err = Accelerator::find(name).expect_err("no such accelerator");
        let Error::NoAccelerator(SelectError::NotFound { wanted, available }) = &err else {
            panic!("expected NotFound, got {err:?}");
        };
        assert_eq!(wanted, name.trim());
        assert!(available.contains(&default.to_string()), "{err}");
        assert!(!available.iter().any(|a| a.starts_with("CPU accelerator")));
        assert!(err.to_string().contains("no accelerator is named"), "{err}");
    }
    Ok(())
}

#[test]
fn default_prefers_hardware() -> Result<()> {
    if std::env::var_os("AMP_DEFAULT_ACCELERATOR").is_some() {
        return Ok(());
    }
    let all = Accelerator::all()?;
    let default = Accelerator::default()?;
    if all.iter().any(|a| a.device_type().is_gpu()) {
        assert!(default.device_type().is_gpu(), "{default}");
    }
    Ok(())
}

#[test]
fn extent_must_match_the_data() {
    let mut data = [0i32; 5];
    let err = ArrayView::new([2, 3], &mut data).expect_err("must be rejected");
    assert_eq!(
        err,
        Error::ExtentMismatch {
            extent: vec![2, 3],
            expected: 6,
            actual: 5
        }
    );
    assert_eq!(
        err.to_string(),
        "array view extent (2,3) holds 6 elements but the data has 5"
    );
    let err = ConstArrayView::new([0, 3], &data).expect_err("must be rejected");
    assert!(matches!(
        err,
        Error::ExtentMismatch {
            expected: 0,
            actual: 5,
            ..
        }
    ));
    let err = ConstArrayView::<i32, 2>::new([-2, 0], &[]).expect_err("must be rejected");
    assert!(matches!(err, Error::InvalidComputeDomain(_)), "{err}");
    let err = ConstArrayView::<i32, 3>::new([i32::MAX; 3], &[]).expect_err("must be rejected");
    assert!(matches!(err, Error::InvalidComputeDomain(_)), "{err}");
    // An empty extent over empty data is a valid (empty) view.
    assert!(ConstArrayView::<f32, 2>::new([0, 4], &[]).is_ok());
}

#[test]
fn host_access_without_a_kernel_makes_no_transfers() -> Result<()> {
    let mut data = [1u32, 2, 3, 4, 5, 6];
    {
        let view = ArrayView::new([3, 2], &mut data)?;
        assert_eq!(view.extent(), [3, 2].into());
        assert_eq!(view.get([2, 1])?, 6);
        view.set([0, 0], 10)?;
        view.synchronize()?;
        assert_eq!(view.to_vec()?, [10, 2, 3, 4, 5, 6]);
        assert_eq!((view.uploads(), view.downloads()), (0, 0));
        assert!(format!("{view:?}").contains("(3,2)"));
    }
    assert_eq!(data[0], 10);
    Ok(())
}

#[test]
fn out_of_bounds_host_access_is_an_error() -> Result<()> {
    let mut data = [false; 6];
    let view = ArrayView::new([2, 3], &mut data)?;
    let err = view.get([2, 0]).expect_err("must be rejected");
    assert_eq!(
        err,
        Error::OutOfBounds {
            index: Position::Index(vec![2, 0]),
            extent: vec![2, 3],
            fault: None,
        }
    );
    assert_eq!(
        err.to_string(),
        "index (2,0) is out of bounds of extent (2,3)"
    );
    assert!(view.set([0, -1], true).is_err());
    assert!(view.set([1, 2], true).is_ok());
    let ro = ConstArrayView::new(3, &[1.0f32, 2.0, 3.0])?;
    assert!(matches!(ro.get(3), Err(Error::OutOfBounds { .. })));
    assert_eq!(ro.get(0)?, 1.0);
    Ok(())
}

#[test]
fn errors_explain_themselves() {
    let err = Error::NoAccelerator(SelectError::NoAdapter);
    let text = err.to_string();
    assert_eq!(
        text, "no accelerator: no accelerator that runs kernels was found",
        "{text}"
    );
    let kernel = amp_core::KernelError::Build {
        kernel: "k".into(),
        loc: amp_core::Loc::new("src/main.rs", 3, 5),
        message: "recursion".into(),
    };
    let err: Error = kernel.into();
    assert_eq!(err.to_string(), "kernel `k` at src/main.rs:3:5: recursion");
    assert!(std::error::Error::source(&err).is_some());
}
