//! `println!` and `assert!` in kernels: lines read back from the print buffer, in order per
//! thread, and failed assertions as typed errors.

use amp::prelude::*;
use amp::print::{set_sink, Stream};
use amp::Error;
use std::sync::{Arc, Mutex, MutexGuard};

/// The sink is the process's: print tests take turns.
static TURN: Mutex<()> = Mutex::new(());

/// Runs `f` with the printed text captured; returns its result and (stdout, stderr).
fn captured<R>(f: impl FnOnce() -> R) -> (R, String, String) {
    let _turn: MutexGuard<'_, ()> = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let out = Arc::new(Mutex::new((String::new(), String::new())));
    let sink = Arc::clone(&out);
    set_sink(Some(Arc::new(move |stream, text: &str| {
        let mut o = sink.lock().unwrap_or_else(|e| e.into_inner());
        match stream {
            Stream::Stdout => o.0.push_str(text),
            Stream::Stderr => o.1.push_str(text),
        }
    })));
    let r = f();
    set_sink(None);
    let o = out.lock().unwrap_or_else(|e| e.into_inner()).clone();
    (r, o.0, o.1)
}

#[test]
fn println_of_one_integer() {
    let mut data: Vec<i32> = (0..8).map(|i| i * 10 + 3).collect();
    let v = ArrayView::new(8, &mut data).expect("view");
    let (r, out, err) = captured(|| {
        parallel_for_each!(v.extent(), move |idx: Index<1>| {
            println!("{} -> {}", idx, v[idx]);
        })
    });
    r.expect("launch");
    let expected: String = (0..8)
        .map(|i| format!("({i}) -> {}\n", i * 10 + 3))
        .collect();
    assert_eq!(out, expected);
    assert_eq!(err, "");
}

#[kernel]
fn checked_half(x: i32) -> i32 {
    assert!(x % 2 == 0, "odd value {}", x);
    x / 2
}

#[test]
fn every_argument_type_loops_and_branches() {
    let mut data = vec![0i32; 4];
    let v = ArrayView::new(4, &mut data).expect("view");
    let (r, out, err) = captured(|| {
        parallel_for_each!(v.extent(), move |idx: Index<1>| {
            let i = idx[0];
            if i == 1 {
                print!("u{} f{:.2} b{} h{:x} ", i as u32, 1.5f32, true, 255u32);
                println!("v{:?} e{}", Float2::new(1.0, 2.5), Extent::new([3, 4]));
                eprintln!("to stderr {i}");
            }
            for k in 0..2 {
                if i == 2 {
                    println!("loop {k}");
                }
            }
            v[idx] = i;
        })
    });
    r.expect("launch");
    assert_eq!(
        out,
        "u1 f1.50 btrue hff v(1.0, 2.5) e(3,4)\nloop 0\nloop 1\n"
    );
    assert_eq!(err, "to stderr 1\n");
}

#[test]
fn lines_are_sorted_by_thread_in_a_tiled_kernel() {
    let mut data = vec![0i32; 32];
    let v = ArrayView::new(Extent::new([4, 8]), &mut data).expect("view");
    let (r, out, _) = captured(|| {
        parallel_for_each!(v.extent().tile::<2, 4>(), move |t: TiledIndex<2>| {
            println!("{}", t.global);
            println!("{} again", t.global);
        })
    });
    r.expect("launch");
    let expected: String = (0..4)
        .flat_map(|i| (0..8).map(move |j| format!("({i},{j})\n({i},{j}) again\n")))
        .collect();
    assert_eq!(out, expected);
}

#[test]
fn a_failed_assertion_fails_the_launch_with_its_message_and_thread() {
    let mut data: Vec<i32> = (0..16).map(|i| if i == 5 { 7 } else { 2 * i }).collect();
    let v = ArrayView::new(16, &mut data).expect("view");
    let (r, _, _) = captured(|| {
        parallel_for_each!(v.extent(), move |idx: Index<1>| {
            v[idx] = checked_half(v[idx]);
        })
    });
    match r {
        Err(Error::Assertion(a)) => {
            assert_eq!(a.message, "odd value 7");
            assert_eq!(a.index, vec![5]);
            assert!(a.kernel.contains("parallel_for_each"), "{}", a.kernel);
            // The assertion in `checked_half`.
            assert!(
                a.loc.file.ends_with("print.rs") && a.loc.line < line!(),
                "{}",
                a.loc
            );
        }
        other => panic!("expected an assertion error, got {other:?}"),
    }
    let mut ok: Vec<i32> = (0..16).map(|i| 2 * i).collect();
    let w = ArrayView::new(16, &mut ok).expect("view");
    let (r, _, _) = captured(|| {
        parallel_for_each!(w.extent(), move |idx: Index<1>| {
            assert_eq!(w[idx] % 2, 0);
            assert_ne!(w[idx], -1, "never {}", -1);
            debug_assert!(w[idx] >= 0);
            w[idx] = checked_half(w[idx]);
        })
    });
    r.expect("passing assertions");
    w.synchronize().expect("sync");
    drop(w);
    assert_eq!(ok, (0..16).collect::<Vec<i32>>());
}

#[test]
fn assert_eq_writes_both_values() {
    let mut data = vec![3i32; 2];
    let v = ArrayView::new(2, &mut data).expect("view");
    let (r, _, _) = captured(|| {
        parallel_for_each!(v.extent(), move |idx: Index<1>| {
            assert_eq!(v[idx], 4);
        })
    });
    match r {
        Err(Error::Assertion(a)) => {
            assert_eq!(
                a.message,
                "assertion `left == right` failed\n  left: 3\n right: 4"
            );
            assert_eq!(a.index, vec![0]);
        }
        other => panic!("expected an assertion error, got {other:?}"),
    }
}

#[test]
fn lines_that_do_not_fit_are_counted_as_dropped() {
    let mut data = vec![0i32; 64];
    let v = ArrayView::new(64, &mut data).expect("view");
    // AMP_PRINT_BUFFER is read at each launch; only print tests launch kernels that print,
    // and they take turns.
    let (r, out, err) = captured(|| {
        std::env::set_var("AMP_PRINT_BUFFER", "64");
        let r = parallel_for_each!(v.extent(), move |idx: Index<1>| {
            println!("{}", idx[0]);
        });
        std::env::remove_var("AMP_PRINT_BUFFER");
        r
    });
    r.expect("launch");
    // 64 bytes: 2 header words, then 14 words, 3 records of 4 words.
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(
        err.contains("amp: 61 lines printed by kernel 'parallel_for_each at"),
        "{err}"
    );
    assert!(err.contains("(print buffer: 64 bytes; set AMP_PRINT_BUFFER to enlarge it)"));
}
