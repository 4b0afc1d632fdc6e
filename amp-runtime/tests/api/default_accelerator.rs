//! `AMP_DEFAULT_ACCELERATOR`. In a process of its own: the variable is process-wide and the
//! default is cached after its first success, so nothing else may run in this process.

use crate::own_process::ran_in_own_process;
use amp_runtime::{Accelerator, DeviceType, Error};

#[test]
fn env_variable_picks_the_default() {
    if ran_in_own_process() {
        return;
    }
    let all = Accelerator::all().unwrap_or_default();

    std::env::set_var("AMP_DEFAULT_ACCELERATOR", "no-such-device-xyz");
    let err = Accelerator::default().expect_err("no device matches");
    let Error::NoAccelerator(why) = &err else {
        panic!("expected NoAccelerator, got {err:?}");
    };
    let message = why.to_string();
    assert!(message.contains("`no-such-device-xyz`"), "{message}");
    for acc in all.iter().filter(|acc| !acc.is_host_only()) {
        assert!(message.contains(acc.description()), "{message}");
    }
    // The host-only CPU accelerator cannot be chosen, so it is not offered.
    assert!(!message.contains("CPU accelerator"), "{message}");

    // A failed choice is not cached: the next call chooses again.
    let Some(cpu) = all.iter().find(|a| a.device_type() == DeviceType::Cpu) else {
        return;
    };
    std::env::set_var("AMP_DEFAULT_ACCELERATOR", "cpu");
    let chosen = Accelerator::default().expect("a CPU accelerator is listed");
    assert_eq!(&chosen, cpu);
    // Cached: changing the variable no longer matters.
    std::env::set_var("AMP_DEFAULT_ACCELERATOR", "gpu");
    assert_eq!(Accelerator::default().expect("cached"), chosen);
}
