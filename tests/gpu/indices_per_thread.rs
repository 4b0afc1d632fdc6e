//! Untiled kernels of ranks other than 2 run several indices per thread (amp-core's
//! `builder/untiled.rs`; 4 unless `AMP_ELEMENTS_PER_THREAD` says otherwise): every index runs
//! exactly once whatever the domain's size, a `return` ends only its own index, and a fault names
//! the index that failed. The same kernels, and the property test, run again with 1, 2 and 8
//! indices per thread, each count in a process of its own (the variable is read once per
//! process).

use crate::common::fault_of;
use crate::own_process::ran_in_own_process;
use amp::prelude::*;
use amp::{AccessKind, Error};

const POISON: i32 = -7;

/// Sizes around the steps of a workgroup (256 indices) and of a thread's indices (256·K).
const SIZES: [i32; 12] = [
    1, 5, 255, 256, 257, 511, 1023, 1024, 1025, 2049, 4097, 10_001,
];

#[test]
fn every_index_runs_once_whatever_the_domain_size() -> Result<(), Error> {
    every_index_runs_once()
}

fn every_index_runs_once() -> Result<(), Error> {
    for n in SIZES {
        // `+=`: an index run twice, or not at all, shows.
        let mut data = vec![POISON; n as usize];
        let v = ArrayView::new(n, &mut data)?;
        parallel_for_each!(v.extent(), |idx: Index<1>| {
            v[idx] += idx[0] + 1;
        })?;
        drop(v);
        let wrong = (0..n).find(|&i| data[i as usize] != POISON + i + 1);
        assert_eq!(wrong, None, "domain of {n}");
    }
    for e in [[1, 1, 1], [3, 5, 7], [2, 300, 3], [1, 1, 1025], [5, 17, 61]] {
        let extent = Extent::new(e);
        let mut data = vec![POISON; extent.size() as usize];
        let v = ArrayView::new(extent, &mut data)?;
        parallel_for_each!(v.extent(), |idx: Index<3>| {
            v[idx] += (idx[0] * 1000 + idx[1]) * 100 + idx[2] + 1;
        })?;
        drop(v);
        for (k, i) in extent.indices().enumerate() {
            let want = POISON + (i[0] * 1000 + i[1]) * 100 + i[2] + 1;
            assert_eq!(data[k], want, "{extent} at {i}");
        }
    }
    Ok(())
}

#[kernel]
fn store_unless_odd(v: ArrayView<i32, 1>, i: i32) {
    if i % 2 == 1 {
        return;
    }
    v[i] = i;
}

#[test]
fn a_return_ends_only_its_own_index() -> Result<(), Error> {
    returns_end_their_index()
}

fn returns_end_their_index() -> Result<(), Error> {
    let n = 5000;
    let mut data = vec![POISON; n as usize];
    let v = ArrayView::new(n, &mut data)?;
    parallel_for_each!(v.extent(), |idx: Index<1>| {
        let i = idx[0];
        // Every fourth step of 256 indices: the first index of each thread at 4 per thread.
        if (i / 256) % 4 == 0 {
            if i % 3 == 0 {
                return;
            }
            v[idx] = -i;
            return;
        }
        if i % 5 == 1 {
            return;
        }
        v[idx] = i * 2;
    })?;
    drop(v);
    for i in 0..n {
        let want = if (i / 256) % 4 == 0 {
            if i % 3 == 0 {
                POISON
            } else {
                -i
            }
        } else if i % 5 == 1 {
            POISON
        } else {
            i * 2
        };
        assert_eq!(data[i as usize], want, "index {i}");
    }

    // A `return` in a function the kernel calls ends the call.
    let mut data = vec![POISON; 3000];
    let v = ArrayView::new(3000, &mut data)?;
    parallel_for_each!(v.extent(), |idx: Index<1>| {
        store_unless_odd(v, idx[0]);
    })?;
    drop(v);
    for (i, &d) in data.iter().enumerate() {
        assert_eq!(d, if i % 2 == 1 { POISON } else { i as i32 }, "index {i}");
    }
    Ok(())
}

#[test]
fn a_fault_names_the_index_that_failed() -> Result<(), Error> {
    faults_name_their_index()
}

fn faults_name_their_index() -> Result<(), Error> {
    let n = 3000;
    let mut data = vec![POISON; n as usize];
    let v = ArrayView::new(n, &mut data)?;
    let line = line!();
    parallel_for_each!(v.extent(), |idx: Index<1>| {
        // 1800 is the last index of thread 8 of workgroup 1 at 4 per thread.
        let at = if idx[0] == 1800 {
            idx[0] + 5000
        } else {
            idx[0]
        };
        v[at] = idx[0];
    })?;
    let (index, extent, fault) = fault_of(v.synchronize().expect_err("reported"));
    assert_eq!((index.as_str(), extent.as_str()), ("(6800)", "(3000)"));
    assert_eq!(
        (fault.loc.line, fault.access),
        (line + 8, AccessKind::ViewWrite)
    );
    // The failed write touched nothing; every other index wrote, before and after it.
    let got = v.to_vec()?;
    for (i, &d) in got.iter().enumerate() {
        assert_eq!(d, if i == 1800 { POISON } else { i as i32 }, "index {i}");
    }
    drop(v);

    // Two indices of one thread fail (at 2 or more per thread): the launch reports one of them.
    let data = vec![1i32; 2000];
    let r = ConstArrayView::new(2000, &data)?;
    let mut out = vec![POISON; 2000];
    let o = ArrayView::new(2000, &mut out)?;
    parallel_for_each!(o.extent(), |idx: Index<1>| {
        let at = if idx[0] == 5 || idx[0] == 261 {
            idx[0] + 2000
        } else {
            idx[0]
        };
        o[idx] = r[at] + idx[0];
    })?;
    let (index, extent, fault) = fault_of(o.synchronize().expect_err("reported"));
    assert!(index == "(2005)" || index == "(2261)", "{index}");
    assert_eq!(
        (extent.as_str(), fault.access),
        ("(2000)", AccessKind::ViewRead)
    );
    // Failed reads read zero.
    let got = o.to_vec()?;
    for (i, &d) in got.iter().enumerate() {
        let i = i as i32;
        assert_eq!(d, if i == 5 || i == 261 { i } else { i + 1 }, "index {i}");
    }
    Ok(())
}

/// Runs every test of this module and the property test with `k` indices per thread, in the
/// calling test's own process.
fn with_indices_per_thread(k: &str) {
    if ran_in_own_process() {
        return;
    }
    std::env::set_var("AMP_ELEMENTS_PER_THREAD", k);
    every_index_runs_once().expect("every index once");
    returns_end_their_index().expect("returns");
    faults_name_their_index().expect("faults");
    crate::property::random_expressions_agree();
}

#[test]
fn one_index_per_thread_gives_the_same_results() {
    with_indices_per_thread("1");
}

#[test]
fn two_indices_per_thread_give_the_same_results() {
    with_indices_per_thread("2");
}

#[test]
fn eight_indices_per_thread_give_the_same_results() {
    with_indices_per_thread("8");
}
