//! C++ AMP's staging arrays (`StagingArray`): host memory the accelerator copies from and to
//! directly. Written by the host, copied to arrays, results copied back and read in place, in
//! every order the two sides of its memory allow.

use amp::error::FeatureError;
use amp::prelude::*;
use amp::Error;

fn view() -> Result<AcceleratorView, Error> {
    Ok(Accelerator::default()?.default_view())
}

#[test]
fn a_round_trip_through_a_kernel() -> Result<(), Error> {
    let view = view()?;
    let n = 1 << 20;
    let data: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let mut staging = StagingArray::<f32, 1>::new(n as i32, &view)?;
    assert_eq!(
        &*staging.read()?,
        &vec![0.0; n][..],
        "a new staging array holds zeros"
    );
    staging.write()?.copy_from_slice(&data)?;
    let array = Array::<f32, 1>::from_extent_on(&view, n as i32)?;
    let (up, _) = amp::transfer_bytes();
    staging.copy_to(&array)?;
    assert!(amp::transfer_bytes().0 >= up + (n * 4) as u64);
    parallel_for_each!(array.extent(), |i: Index<1>| {
        array[i] = array[i] * 2.0;
    })?;
    staging.copy_from(&array)?;
    let doubled: Vec<f32> = data.iter().map(|x| x * 2.0).collect();
    assert_eq!(&*staging.read()?, &doubled[..]);
    assert_eq!(staging.to_vec()?, doubled);
    assert_eq!(array.to_vec()?, doubled);
    Ok(())
}

/// Reading what the host wrote (the accelerator copies it to the readable side) and writing
/// part of what an array copied back (the rest is kept).
#[test]
fn writes_and_reads_in_any_order() -> Result<(), Error> {
    let view = view()?;
    let mut staging = StagingArray::<i32, 2>::new([3, 4], &view)?;
    let data: Vec<i32> = (0..12).collect();
    staging.write()?.copy_from_slice(&data)?;
    assert_eq!(&*staging.read()?, &data[..]);
    let array = Array::new_on(&view, [3, 4], &(100..112).collect::<Vec<i32>>())?;
    staging.copy_from(&array)?;
    staging.write()?.write_at(5, &[-1, -2])?;
    let mut expected: Vec<i32> = (100..112).collect();
    expected[5..7].copy_from_slice(&[-1, -2]);
    assert_eq!(&*staging.read()?, &expected[..]);
    staging.copy_to(&array)?;
    assert_eq!(array.to_vec()?, expected);
    assert!(matches!(
        staging.write()?.write_at(11, &[1, 2]),
        Err(Error::OutOfBounds { .. })
    ));
    Ok(())
}

/// `bool` is a byte on the host and a word on the accelerator: converted both ways, and not
/// readable in place.
#[test]
fn bools_are_converted_and_not_read_in_place() -> Result<(), Error> {
    let view = view()?;
    let flags: Vec<bool> = (0..1000).map(|i| i % 3 == 0).collect();
    let mut staging = StagingArray::<bool, 1>::new(1000, &view)?;
    staging.write()?.copy_from_slice(&flags)?;
    let array = Array::<bool, 1>::from_extent_on(&view, 1000)?;
    staging.copy_to(&array)?;
    parallel_for_each!(array.extent(), |i: Index<1>| {
        array[i] = !array[i];
    })?;
    staging.copy_from(&array)?;
    assert!(matches!(
        staging.read(),
        Err(Error::UnsupportedFeature(FeatureError::StagingSlice {
            element: "bool"
        }))
    ));
    let negated: Vec<bool> = flags.iter().map(|f| !f).collect();
    assert_eq!(staging.to_vec()?, negated);
    Ok(())
}

#[test]
fn bad_uses_are_errors() -> Result<(), Error> {
    let view = view()?;
    let mut staging = StagingArray::<f32, 1>::new(8, &view)?;
    assert!(matches!(
        staging.write()?.copy_from_slice(&[1.0; 7]),
        Err(Error::ExtentMismatch { .. })
    ));
    let other = Array::<f32, 1>::from_extent_on(&view, 9)?;
    assert!(matches!(
        staging.copy_to(&other),
        Err(Error::ExtentMismatch { .. })
    ));
    let cpu = Accelerator::cpu_accelerator().default_view();
    assert!(matches!(
        StagingArray::<f32, 1>::new(8, &cpu),
        Err(Error::UnsupportedFeature(FeatureError::HostOnly { .. }))
    ));
    let on_cpu = Array::<f32, 1>::from_extent_on(&cpu, 8)?;
    assert!(matches!(
        staging.copy_to(&on_cpu),
        Err(Error::AcceleratorMismatch(_))
    ));
    assert!(matches!(
        StagingArray::<f32, 1>::new(-1, &view),
        Err(Error::InvalidComputeDomain(_))
    ));
    Ok(())
}
