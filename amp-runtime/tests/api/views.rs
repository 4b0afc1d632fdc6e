//! The public API of accelerators and array views, on whatever accelerator is present
//! (lavapipe where there is no GPU).

use amp_runtime::error::{Position, SelectError};
use amp_runtime::{Accelerator, ArrayView, ConstArrayView, Error, Result};

#[test]
fn accelerators_are_listed_once_and_default_is_among_them() -> Result<()> {
    let all = Accelerator::all()?;
    assert!(
        !all.is_empty(),
        "no accelerator: install mesa-vulkan-drivers"
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
    for acc in &all {
        let shown = acc.to_string();
        assert!(shown.starts_with(acc.description()), "{shown}");
        assert!(shown.contains(&acc.backend()), "{shown}");
        assert!(["vulkan", "metal", "dx12"].contains(&acc.backend().as_str()));
        assert_eq!(
            acc.is_emulated(),
            acc.device_type() == amp_runtime::DeviceType::Cpu
        );
        assert!(acc.limits().max_compute_workgroup_size_x >= 64);
        assert!(format!("{acc:?}").contains("Accelerator"));
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
    assert!(
        text.starts_with("no accelerator: no Vulkan, Metal or DX12 adapter was found; "),
        "{text}"
    );
    assert!(
        text.contains("apt-get install mesa-vulkan-drivers libvulkan1"),
        "{text}"
    );
    assert!(text.contains("lavapipe"), "{text}");
    let kernel = amp_core::KernelError::Build {
        kernel: "k".into(),
        loc: amp_core::Loc::new("src/main.rs", 3, 5),
        message: "recursion".into(),
    };
    let err: Error = kernel.into();
    assert_eq!(err.to_string(), "kernel `k` at src/main.rs:3:5: recursion");
    assert!(std::error::Error::source(&err).is_some());
}
