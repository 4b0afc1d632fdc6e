//! `Accelerator::set_default` (C++ AMP `accelerator::set_default`): it takes effect until the
//! default accelerator is used, and over `AMP_DEFAULT_ACCELERATOR`. Each test runs in a process
//! of its own: the default is chosen once per process.

use crate::own_process::ran_in_own_process;
use amp::error::{ArgumentError, ArgumentProblem};
use amp::prelude::*;
use amp::Error;

/// The accelerators that run kernels, the last listed first: where there are two, the one the
/// default choice would not pick.
fn devices() -> Vec<Accelerator> {
    let mut all: Vec<Accelerator> = Accelerator::all()
        .expect("accelerators")
        .into_iter()
        .filter(|acc| !acc.is_host_only())
        .collect();
    all.reverse();
    all
}

/// `Accelerator::set_default`'s error for `problem`.
fn set_default_error(problem: ArgumentProblem) -> Error {
    Error::InvalidArgument(ArgumentError::new("Accelerator::set_default", problem))
}

#[test]
fn set_default_before_first_use_takes_effect() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    // The program's choice wins over the environment's (which names nothing here).
    std::env::set_var("AMP_DEFAULT_ACCELERATOR", "no-such-device-xyz");
    let devices = devices();
    let chosen = devices.first().expect("an accelerator that runs kernels");
    // Until the default is used, it may change any number of times.
    for acc in devices.iter().rev() {
        Accelerator::set_default(acc)?;
    }
    Accelerator::set_default(&Accelerator::find(chosen.description())?)?;
    Accelerator::set_default(chosen)?;
    // The CPU accelerator runs no kernels: never the default.
    let cpu = Accelerator::cpu_accelerator();
    assert_eq!(
        Accelerator::set_default(&cpu),
        Err(set_default_error(ArgumentProblem::HostOnlyDefault {
            accelerator: "CPU accelerator".into()
        }))
    );
    // A launch without a view, capturing no array, runs on it.
    let mut data = vec![2i32; 100];
    let v = ArrayView::new(100, &mut data)?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        v[i] *= i[0];
    })?;
    assert_eq!(v.to_vec()?, (0..100).map(|i| 2 * i).collect::<Vec<i32>>());
    assert_eq!(&Accelerator::default()?, chosen);
    // Setting what is the default already is no change.
    Accelerator::set_default(chosen)?;
    Ok(())
}

#[test]
fn set_default_after_first_use_fails() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    // A launch without a view uses the default.
    let mut data = vec![1i32; 16];
    let v = ArrayView::new(16, &mut data)?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        v[i] += 1;
    })?;
    let used = Accelerator::default()?;
    Accelerator::set_default(&used)?;
    for other in devices().iter().filter(|acc| **acc != used) {
        let err = Accelerator::set_default(other).expect_err("the default is in use");
        assert_eq!(
            err,
            set_default_error(ArgumentProblem::DefaultInUse {
                current: used.to_string(),
                wanted: other.to_string(),
            })
        );
        assert!(err.to_string().contains("has been used already"), "{err}");
    }
    assert!(Accelerator::set_default(&Accelerator::cpu_accelerator()).is_err());
    assert_eq!(Accelerator::default()?, used);
    assert_eq!(v.to_vec()?, [2; 16]);
    Ok(())
}
