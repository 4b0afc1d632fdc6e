//! `println!` and `assert!` in kernels: lines read back from the print buffer, in order per
//! thread, and failed assertions as typed errors.

use amp::prelude::*;
use amp::print::{set_sink, Stream};
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
