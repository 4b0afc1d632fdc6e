//! Accelerator views (C++ AMP `accelerator_view`): launches on an explicit view, queuing modes,
//! flush, wait and markers, and batched submission keeping program order with host access.

use crate::own_process::ran_in_own_process;
use amp::prelude::*;
use amp::Error;

#[test]
fn launches_on_explicit_views_in_both_queuing_modes() -> Result<(), Error> {
    let acc = Accelerator::default()?;
    let immediate = acc.create_view(QueuingMode::Immediate);
    let automatic = acc.create_view(QueuingMode::Automatic);
    assert_eq!(immediate.queuing_mode(), QueuingMode::Immediate);
    assert_eq!(acc.default_view().queuing_mode(), QueuingMode::Automatic);
    assert_eq!(automatic.accelerator(), &acc);
    let mut data = vec![0i32; 1000];
    let v = ArrayView::new(1000, &mut data)?;
    for round in 0..10 {
        let view = if round % 2 == 0 {
            &immediate
        } else {
            &automatic
        };
        parallel_for_each!(view, v.extent(), |i: Index<1>| {
            v[i] = v[i] * 2 + i[0];
        })?;
    }
    // An accelerator stands for its default view.
    parallel_for_each!(acc, v.extent(), |i: Index<1>| {
        v[i] += 1;
    })?;
    automatic.flush()?;
    immediate.wait()?;
    drop(v);
    for (i, got) in data.iter().enumerate() {
        let mut want = 0i32;
        for _ in 0..10 {
            want = want * 2 + i as i32;
        }
        assert_eq!(*got, want + 1, "element {i}");
    }
    Ok(())
}

#[test]
fn batched_launches_keep_program_order_with_host_access() -> Result<(), Error> {
    // More launches than one batch holds, each depending on the last; host reads and writes in
    // between must see (and be seen by) exactly the launches before them.
    let mut data = vec![0u32; 64];
    let v = ArrayView::new(64, &mut data)?;
    for k in 0..150u32 {
        parallel_for_each!(v.extent(), |i: Index<1>| {
            v[i] += 1;
        })?;
        if k % 37 == 0 {
            // The upload must land after the launches before it (still batched: no host read
            // since) and before those after it.
            v.set(5, k + 1 + 1000)?;
            parallel_for_each!(v.extent(), |i: Index<1>| {
                if i[0] == 5 {
                    v[i] -= 1000;
                }
            })?;
            assert_eq!(v.get(5)?, k + 1, "after launch {k}");
        }
    }
    assert_eq!(v.to_vec()?, vec![150u32; 64]);
    Ok(())
}

#[test]
fn a_marker_completes_after_the_work_before_it() -> Result<(), Error> {
    let acc = Accelerator::default()?;
    let view = acc.default_view();
    let array = Array::<f32, 1>::from_extent(4096)?;
    for _ in 0..20 {
        parallel_for_each!(view, array.extent(), |i: Index<1>| {
            array[i] += 0.5;
        })?;
    }
    let marker = view.create_marker();
    pollster::block_on(marker)?;
    view.create_marker().wait()?;
    assert_eq!(array.to_vec()?, vec![10.0f32; 4096]);
    Ok(())
}

#[test]
fn a_fault_in_a_batched_launch_is_reported_at_the_wait() -> Result<(), Error> {
    // In a process of its own: `wait` reports a fault of any launch on the accelerator, so it
    // would take a concurrent test's fault.
    if ran_in_own_process() {
        return Ok(());
    }
    let acc = Accelerator::default()?;
    let array = Array::<i32, 1>::from_extent(16)?;
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        array[16] = 1;
    })?;
    let err = acc.wait().expect_err("the fault");
    assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
    Ok(())
}

#[test]
fn arrays_created_on_a_view_live_there_and_launches_follow_them() -> Result<(), Error> {
    let all = devices()?;
    let home = all.last().cloned().unwrap_or(Accelerator::default()?);
    let view = home.create_view(QueuingMode::Immediate);
    let array = Array::new_on(&view, 8, &[1i32, 2, 3, 4, 5, 6, 7, 8])?;
    assert_eq!(array.accelerator(), Some(&home));
    // Copied to its accelerator when made (C++ AMP's array lives there).
    assert_eq!(array.uploads(), 1);
    // A launch without a view runs where the captured array is.
    parallel_for_each!(array.extent(), |i: Index<1>| {
        array[i] *= 10;
    })?;
    assert_eq!(array.to_vec()?, vec![10, 20, 30, 40, 50, 60, 70, 80]);
    assert_eq!(array.uploads(), 1);
    // Launching it on another accelerator is C++ AMP's error (where there are two).
    if let Some(other) = all.iter().find(|acc| **acc != home) {
        let err = parallel_for_each!(other, array.extent(), |i: Index<1>| {
            array[i] += 1;
        })
        .expect_err("an array of another accelerator");
        assert!(matches!(err, Error::AcceleratorMismatch(_)), "{err}");
    }
    Ok(())
}

/// Where the machine has two accelerators (CI has one: this then checks the same on two views
/// of it): a view written on one and read on the other stays coherent, and `copy` moves an
/// array's data from one accelerator to an array on the other.
#[test]
fn data_moves_between_accelerators() -> Result<(), Error> {
    let all = devices()?;
    let first = all.first().cloned().unwrap_or(Accelerator::default()?);
    let second = all.get(1).cloned().unwrap_or_else(|| first.clone());
    let mut data: Vec<i32> = (0..1000).collect();
    let v = ArrayView::new(1000, &mut data)?;
    parallel_for_each!(first, v.extent(), |i: Index<1>| {
        v[i] *= 3;
    })?;
    parallel_for_each!(second, v.extent(), |i: Index<1>| {
        v[i] += 1;
    })?;
    parallel_for_each!(
        first.create_view(QueuingMode::Immediate),
        v.extent(),
        |i: Index<1>| {
            v[i] *= 2;
        }
    )?;
    assert_eq!(
        v.to_vec()?,
        (0..1000).map(|i| (i * 3 + 1) * 2).collect::<Vec<i32>>()
    );

    let a = Array::new_on(
        &first.default_view(),
        1000,
        &(0..1000).collect::<Vec<u32>>(),
    )?;
    parallel_for_each!(a.extent(), |i: Index<1>| {
        a[i] += 7;
    })?;
    let b = Array::<u32, 1>::from_extent_on(&second.default_view(), 1000)?;
    amp::copy(&a, &b)?;
    parallel_for_each!(b.extent(), |i: Index<1>| {
        b[i] *= 2;
    })?;
    assert_eq!(
        b.to_vec()?,
        (0..1000).map(|i| (i + 7) * 2).collect::<Vec<u32>>()
    );
    Ok(())
}

/// The accelerators that run kernels: all but the host-only CPU accelerator.
fn devices() -> Result<Vec<Accelerator>, Error> {
    Ok(Accelerator::all()?
        .into_iter()
        .filter(|acc| !acc.is_host_only())
        .collect())
}
