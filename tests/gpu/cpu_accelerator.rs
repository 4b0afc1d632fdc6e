//! C++ AMP's `cpu_accelerator` (`Accelerator::cpu_accelerator`): arrays on it live in host
//! memory, copy to and from arrays of other accelerators, and a launch there is C++ AMP's
//! error, as its conformance cases check.

use crate::common::random_words;
use amp::error::{FeatureError, MismatchError};
use amp::prelude::*;
use amp::{copy, copy_async, Error};

#[test]
fn arrays_on_it_live_in_host_memory() -> Result<(), Error> {
    let cpu = Accelerator::cpu_accelerator();
    let view = cpu.default_view();
    let data: Vec<i32> = (0..24).map(|i| i * 7 - 50).collect();
    let a = Array::new_on(&view, [4, 6], &data)?;
    assert_eq!(a.accelerator(), Some(&cpu));
    assert_eq!(a.to_vec()?, data);
    assert_eq!(a.get([2, 3])?, data[15]);
    let section = a.section([1, 2], [2, 3])?;
    assert_eq!(
        section.to_vec()?,
        [data[8], data[9], data[10], data[14], data[15], data[16]]
    );
    section.set([1, 0], 1000)?;
    assert_eq!(a.get([2, 2])?, 1000);
    let flat = a.view_as(24)?;
    assert_eq!(flat.get(14)?, 1000);
    let mut out = vec![0; 24];
    a.copy_to(&mut out)?;
    assert_eq!(out[14], 1000);

    let zeros = Array::<f32, 2>::from_extent_on(&view, [3, 5])?;
    assert_eq!(zeros.to_vec()?, [0.0; 15]);
    let words = Array::from_vec_on(&view, 8, vec![1u32, 2, 3, 4, 5, 6, 7, 8])?;
    let quads = words.reinterpret_as::<amp::UInt4>()?;
    assert_eq!(quads.get(1)?.0, [5, 6, 7, 8]);
    assert_eq!(words.accelerator(), Some(&cpu));

    // None of them ever moved to or from a device.
    for (uploads, downloads, bytes) in [
        (a.uploads(), a.downloads(), a.transfer_bytes()),
        (zeros.uploads(), zeros.downloads(), zeros.transfer_bytes()),
        (words.uploads(), words.downloads(), words.transfer_bytes()),
    ] {
        assert_eq!((uploads, downloads, bytes), (0, 0, (0, 0)));
    }
    Ok(())
}

#[test]
fn arrays_on_it_copy_to_and_from_arrays_on_a_device() -> Result<(), Error> {
    const LEN: i32 = 10_007;
    let cpu = Accelerator::cpu_accelerator().default_view();
    let gpu = Accelerator::default()?.default_view();
    let input = random_words(LEN as usize, 19);
    let flipped: Vec<u32> = input.iter().map(|w| w ^ 0x5a5a_5a5a).collect();

    let staged = Array::new_on(&cpu, LEN, &input)?;
    let on_gpu = Array::<u32, 1>::from_extent_on(&gpu, LEN)?;
    copy(&staged, &on_gpu)?;
    parallel_for_each!(gpu, on_gpu.extent(), |i: Index<1>| {
        on_gpu[i] ^= 0x5a5a_5a5a;
    })?;
    // Only the device holds the kernel's result: it comes back into host memory.
    let back = Array::<u32, 1>::from_extent_on(&cpu, LEN)?;
    copy(&on_gpu, &back)?;
    assert_eq!(back.to_vec()?, flipped);

    // Again, asynchronously, into a device array that now has its buffer.
    copy_async(&staged, &on_gpu).wait()?;
    assert_eq!(on_gpu.to_vec()?, input);
    parallel_for_each!(gpu, on_gpu.extent(), |i: Index<1>| {
        on_gpu[i] ^= 0x5a5a_5a5a;
    })?;
    let back_async = Array::<u32, 1>::from_extent_on(&cpu, LEN)?;
    copy_async(&on_gpu, &back_async).wait()?;
    assert_eq!(back_async.to_vec()?, flipped);

    // Sections both ways, and host slices and views.
    let part = Array::<u32, 1>::from_extent_on(&cpu, 100)?;
    copy(&on_gpu.section(900, 100)?, &part)?;
    assert_eq!(part.to_vec()?, flipped[900..1000]);
    copy(&part, &on_gpu.section(0, 100)?)?;
    assert_eq!(on_gpu.to_vec()?[..100], flipped[900..1000]);
    let mut host = vec![0u32; 100];
    copy(&part, &mut host)?;
    assert_eq!(host, flipped[900..1000]);
    copy(&input[..100], &part)?;
    let mut into_view = vec![0u32; 100];
    copy(&part, &ArrayView::new(100, &mut into_view)?)?;
    assert_eq!(into_view, input[..100]);

    for array in [&staged, &back, &back_async, &part] {
        assert_eq!((array.uploads(), array.downloads()), (0, 0));
        assert_eq!(array.accelerator(), Some(cpu.accelerator()));
    }
    Ok(())
}

#[test]
fn a_launch_on_it_is_cpp_amps_error() -> Result<(), Error> {
    let cpu = Accelerator::cpu_accelerator();
    let arr = Array::new_on(&cpu.default_view(), 1024, &[1i32; 1024])?;
    let mut host = vec![0i32; 4];
    let hv = ArrayView::new(4, &mut host)?;
    // C++ AMP's conformance cases: a launch that follows the array there, one on the CPU
    // accelerator's view, and one there that captures only host data.
    let implicit = parallel_for_each!(arr.extent(), |i: Index<1>| {
        arr[i] += 1;
    })
    .expect_err("the array's accelerator runs no kernels");
    let explicit = parallel_for_each!(cpu.default_view(), arr.extent(), |i: Index<1>| {
        arr[i] += 1;
    })
    .expect_err("the CPU accelerator runs no kernels");
    let host_data = parallel_for_each!(cpu, hv.extent(), |i: Index<1>| {
        hv[i] = 1;
    })
    .expect_err("the CPU accelerator runs no kernels");
    for err in [&implicit, &explicit, &host_data] {
        let Error::UnsupportedFeature(FeatureError::HostOnly {
            site: Some(site),
            accelerator,
        }) = err
        else {
            panic!("expected HostOnly with the launch's site, got {err:?}");
        };
        assert_eq!(accelerator, "CPU accelerator");
        assert_eq!(site.file, file!());
        let message = err.to_string();
        assert!(
            message.contains(
                "is not supported on the selected accelerator \"CPU accelerator\": it keeps \
                 arrays in host memory and runs no kernels"
            ),
            "{message}"
        );
    }
    assert_eq!(hv.to_vec()?, [0; 4]);
    assert_eq!(hv.uploads(), 0);

    // On a device, the array is C++ AMP's array of another accelerator; a view of it stays in
    // host memory as the array does.
    let gpu = Accelerator::default()?;
    let err = parallel_for_each!(gpu, arr.extent(), |i: Index<1>| {
        arr[i] += 1;
    })
    .expect_err("an array of the CPU accelerator");
    assert!(
        matches!(
            err,
            Error::AcceleratorMismatch(MismatchError::Launch { .. })
        ),
        "{err}"
    );
    let section = arr.section(0, 16)?;
    let err = parallel_for_each!(gpu, section.extent(), |i: Index<1>| {
        section[i] += 1;
    })
    .expect_err("a view of an array of the CPU accelerator");
    let Error::AcceleratorMismatch(MismatchError::HostArray { used_on }) = &err else {
        panic!("expected HostArray, got {err:?}");
    };
    assert_eq!(used_on, gpu.description());
    assert!(err.to_string().contains("stays in host memory"), "{err}");

    // The library's algorithms take its arrays where they are, and fail the same way.
    let err = amp::algorithms::fill(&arr, 5).expect_err("runs no kernels");
    assert!(
        matches!(
            err,
            Error::UnsupportedFeature(FeatureError::HostOnly { site: None, .. })
        ),
        "{err}"
    );
    assert_eq!(arr.to_vec()?, [1; 1024]);
    assert_eq!((arr.uploads(), arr.downloads()), (0, 0));
    Ok(())
}

/// The default accelerator never is the CPU accelerator, and launches without a view or a
/// captured array run there.
#[test]
fn the_default_is_never_the_cpu_accelerator() -> Result<(), Error> {
    let default = Accelerator::default()?;
    assert!(!default.is_host_only());
    assert_ne!(default, Accelerator::cpu_accelerator());
    let err = Accelerator::set_default(&Accelerator::cpu_accelerator())
        .expect_err("the CPU accelerator runs no kernels");
    assert!(err.to_string().contains("cannot be the default"), "{err}");
    let mut data = vec![1i32; 64];
    let v = ArrayView::new(64, &mut data)?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        v[i] += i[0];
    })?;
    assert_eq!(v.to_vec()?, (1..65).collect::<Vec<i32>>());
    Ok(())
}
