//! The builder's promise that `for` loops terminate (so the runtime may turn the driver's loop
//! bounding off) holds whatever safe code does with the builder: a `for` loop closed without
//! its step, or whose counter is written in its body, makes the kernel keep the bounding.

use amp_core::for_loop::ForLoop;
use amp_core::naga::valid::Capabilities;
use amp_core::{KernelBuilder, KernelValue, Loc};

fn site() -> Loc {
    Loc {
        file: "loop_soundness.rs",
        line: 1,
        column: 1,
    }
}

fn finish(b: KernelBuilder) -> bool {
    b.finish(Capabilities::all())
        .expect("the kernel validates")
        .loops_terminate
}

#[test]
fn a_for_loop_closed_by_its_step_terminates() {
    let mut b = KernelBuilder::new("ok", site());
    let _ = b.untiled_entry::<1>();
    let start = b.literal(0i32);
    let end = b.literal(10i32);
    let counter = b.begin_for(start, end, false);
    b.end_for(counter, end, None::<KernelValue<u32>>, false);
    assert!(finish(b));
}

#[test]
fn a_for_loop_closed_without_its_step_may_not_terminate() {
    let mut b = KernelBuilder::new("no step", site());
    let _ = b.untiled_entry::<1>();
    let start = b.literal(0i32);
    let end = b.literal(10i32);
    let _counter = b.begin_for(start, end, false);
    b.end_loop();
    assert!(!finish(b));
}

#[test]
fn a_counter_written_in_its_loop_may_not_terminate() {
    let mut b = KernelBuilder::new("counter reset", site());
    let _ = b.untiled_entry::<1>();
    let start = b.literal(0i32);
    let end = b.literal(10i32);
    let counter = b.begin_for(start, end, false);
    let zero: KernelValue<i32> = b.literal(0i32);
    b.store(counter, zero);
    b.end_for(counter, end, None::<KernelValue<u32>>, false);
    assert!(!finish(b));
}
