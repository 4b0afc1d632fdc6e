//! C++ AMP's asynchronous container API and reinterpretation: `copy_async` and
//! `synchronize_async` return a `Completion` (C++ AMP `completion_future`) that is waited for
//! or awaited, and `reinterpret_as` views the same bytes with another element type.

use crate::common;

use amp::prelude::*;
use amp::Error;
use std::future::Future;
use std::pin::pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};

/// A reproducible stream of random values, small enough not to overflow `* 3 + 1`.
fn random(len: usize, seed: u32) -> Vec<i32> {
    common::random_words(len, seed)
        .into_iter()
        .map(|s| (s % 2_000_001) as i32 - 1_000_000)
        .collect()
}

fn random_floats(len: usize, seed: u32) -> Vec<f32> {
    common::random_words(len, seed)
        .into_iter()
        .map(|w| (w % 20_001) as f32 / 100.0 - 100.0)
        .collect()
}

fn f(v: i32) -> i32 {
    v * 3 + 1
}

/// A waker that counts its wakes and unparks the thread that polls.
struct Unpark {
    wakes: AtomicUsize,
    thread: std::thread::Thread,
}

impl Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.wakes.fetch_add(1, Ordering::SeqCst);
        self.thread.unpark();
    }
}

/// Runs `future` to completion on this thread, sleeping between polls until woken; returns
/// its output and how many times it was polled.
fn block_counting<F: Future>(future: F) -> (F::Output, usize) {
    let mut future = pin!(future);
    let unpark = Arc::new(Unpark {
        wakes: AtomicUsize::new(0),
        thread: std::thread::current(),
    });
    let waker = Waker::from(Arc::clone(&unpark));
    let mut cx = Context::from_waker(&waker);
    let mut polls = 0;
    loop {
        polls += 1;
        if let Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return (output, polls);
        }
        // Parking may end spuriously; the next poll then finds the operation still running.
        std::thread::park();
    }
}

/// Every pairing of slice, `Array` and view, each awaited or waited for and checked against
/// the data; destinations start poisoned.
#[test]
fn copy_async_between_every_pairing() -> Result<(), Error> {
    let (rows, cols) = (64, 48);
    let len = (rows * cols) as usize;
    let src = random(len, 41);
    let poison = vec![-9i32; len];
    let expected: Vec<i32> = src.iter().map(|&x| f(x)).collect();

    // slice → Array (fresh: written on the host, ready at once), awaited.
    let a = Array::filled([rows, cols], -9)?;
    pollster::block_on(copy_async(&src, &a))?;
    assert_eq!(a.to_vec()?, src);

    // A kernel puts the array's data on the accelerator; Array → slice is then a download.
    parallel_for_each!(a.extent(), |idx: Index<2>| {
        a[idx] = a[idx] * 3 + 1;
    })?;
    let mut out = poison.clone();
    let downloads = a.downloads();
    pollster::block_on(copy_async(&a, &mut out))?;
    assert_eq!(out, expected);
    assert_eq!(a.downloads(), downloads + 1);

    // Array → Array, buffer to buffer: nothing crosses to the host.
    let b = Array::filled([rows, cols], -9)?;
    copy_async(&a, &b).wait()?;
    assert_eq!(b.transfer_bytes(), (0, 0), "copied buffer to buffer");
    assert_eq!(b.to_vec()?, expected);

    // slice → view whose data lives on the accelerator: an upload.
    let w = ArrayView::<i32, 2>::from_extent([rows, cols])?;
    parallel_for_each!(w.extent(), |idx: Index<2>| {
        w[idx] = -1;
    })?;
    copy_async(&src, &w).get()?;
    assert_eq!(w.to_vec()?, src);

    // view → slice, view → view, read-only view → Array, with a host-backed view.
    let mut backing = poison.clone();
    {
        let v = ArrayView::new([rows, cols], &mut backing)?;
        pollster::block_on(copy_async(&a, &v))?;
        let mut out = poison.clone();
        copy_async(&v, &mut out).wait()?;
        assert_eq!(out, expected);
        let r = ConstArrayView::new([rows, cols], &src)?;
        let c = Array::filled([rows, cols], -9)?;
        copy_async(&r, &c).wait()?;
        assert_eq!(c.to_vec()?, src);
        // slice → slice.
        let mut twice = poison.clone();
        copy_async(&expected, &mut twice).wait()?;
        assert_eq!(twice, expected);
    }
    assert_eq!(backing, expected);
    Ok(())
}

/// A strided section that only the accelerator holds comes back row by row into the right
/// places of the destination slice.
#[test]
fn copy_async_of_a_section_downloads_its_rows() -> Result<(), Error> {
    let (rows, cols) = (40, 300);
    let len = (rows * cols) as usize;
    let src = random(len, 43);
    let v = ArrayView::<i32, 2>::from_extent([rows, cols])?;
    copy(&src, &v)?;
    parallel_for_each!(v.extent(), |idx: Index<2>| {
        v[idx] = v[idx] * 3 + 1;
    })?;
    let (origin, extent) = ([3, 17], [25, 101]);
    let s = v.section(origin, extent)?;
    let mut out = vec![i32::MIN; (extent[0] * extent[1]) as usize];
    pollster::block_on(copy_async(&s, &mut out))?;
    for r in 0..extent[0] {
        for c in 0..extent[1] {
            let at = ((origin[0] + r) * cols + origin[1] + c) as usize;
            assert_eq!(out[(r * extent[1] + c) as usize], f(src[at]), "({r}, {c})");
        }
    }
    // Only the span of the section moved, and the view's own copy stays on the accelerator.
    assert_eq!(v.downloads(), 1);
    assert!(v.transfer_bytes().1 < (len * 4) as u64);
    Ok(())
}

/// Mismatched extents are the Completion's error, from every way of waiting.
#[test]
fn copy_async_reports_mismatched_extents() -> Result<(), Error> {
    let a = Array::filled([4, 4], 1)?;
    let mut short = vec![0; 15];
    let err = copy_async(&a, &mut short)
        .wait()
        .expect_err("15 elements cannot hold a 4×4 array");
    assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    let err = pollster::block_on(copy_async(&[1, 2, 3], &a)).expect_err("3 elements");
    assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    let b = Array::filled([2, 8], 1)?;
    let err = copy_async(&a, &b).get().expect_err("4×4 into 2×8");
    assert!(matches!(err, Error::ExtentMismatch { .. }), "{err}");
    assert_eq!(short, [0; 15], "a failed copy changes nothing");
    Ok(())
}

/// `synchronize_async` after a kernel lands the results in the host memory the view wraps:
/// the next `synchronize` downloads nothing more.
#[test]
fn synchronize_async_brings_kernel_results_home() -> Result<(), Error> {
    let len = 100_000;
    let input = random(len, 45);
    let expected: Vec<i32> = input.iter().map(|&x| f(x)).collect();
    for how in ["await", "wait", "get"] {
        let mut data = vec![-7; len];
        {
            let iv = ConstArrayView::new(len as i32, &input)?;
            let v = ArrayView::new(len as i32, &mut data)?;
            v.discard_data();
            parallel_for_each!(v.extent(), |i: Index<1>| {
                v[i] = iv[i] * 3 + 1;
            })?;
            let done = v.synchronize_async();
            match how {
                "await" => pollster::block_on(done)?,
                "wait" => done.wait()?,
                _ => done.get()?,
            }
            assert_eq!(v.downloads(), 1, "{how}");
            v.synchronize()?;
            assert_eq!(v.get(len as i32 - 1)?, expected[len - 1]);
            assert_eq!(v.downloads(), 1, "{how}: the host copy was current");
            // Nothing to bring home now: ready without a transfer.
            v.synchronize_async().wait()?;
            assert_eq!(v.downloads(), 1, "{how}");
        }
        assert_eq!(data, expected, "{how}");
    }
    Ok(())
}

/// A kernel that writes the view while its download is in flight wins: the outdated bytes are
/// not written over the host data, and the kernel's results come back.
#[test]
fn synchronize_async_never_lands_outdated_data() -> Result<(), Error> {
    let len = 50_000;
    let mut data = vec![0i32; len];
    {
        let v = ArrayView::new(len as i32, &mut data)?;
        parallel_for_each!(v.extent(), |i: Index<1>| {
            v[i] = i[0];
        })?;
        let first = v.synchronize_async();
        parallel_for_each!(v.extent(), |i: Index<1>| {
            v[i] = v[i] * 2;
        })?;
        first.wait()?;
        assert_eq!(v.get(7)?, 14);
        assert_eq!(
            v.to_vec()?,
            (0..len as i32).map(|i| i * 2).collect::<Vec<_>>()
        );
    }
    assert_eq!(data, (0..len as i32).map(|i| i * 2).collect::<Vec<_>>());
    Ok(())
}

/// The future is woken by the accelerator's completion, not polled in a loop: a 16 MiB
/// download takes at most two polls (pending, then ready once woken) under an executor that
/// sleeps until woken. (lavapipe runs a submission only after the previous one finished, so the
/// transfer itself, not the kernel before it, is what the future waits for.)
#[test]
fn awaiting_sleeps_until_the_accelerator_is_done() -> Result<(), Error> {
    let n = 1 << 22;
    let a = Array::<u32, 1>::filled(n as i32, 0)?;
    parallel_for_each!(a.extent(), |i: Index<1>| {
        a[i] = i[0] as u32 * 3u32;
    })?;
    let mut out = vec![1u32; n];
    let (result, polls) = block_counting(copy_async(&a, &mut out));
    result?;
    // Pending at the first poll on an idle machine (2 polls); a loaded one may finish the
    // download before that (1 poll). A future that re-polls itself until done would take
    // hundreds.
    assert!(polls <= 10, "polled {polls} times: the future spins");
    assert!(out.iter().enumerate().all(|(i, &w)| w == i as u32 * 3));

    let mut data = vec![1u32; n];
    {
        let v = ArrayView::new(n as i32, &mut data)?;
        v.discard_data();
        parallel_for_each!(v.extent(), |i: Index<1>| {
            v[i] = i[0] as u32 + 7u32;
        })?;
        let (result, polls) = block_counting(v.synchronize_async());
        result?;
        assert!(polls <= 10, "polled {polls} times: the future spins");
        assert_eq!(v.downloads(), 1);
    }
    assert!(data.iter().enumerate().all(|(i, &w)| w == i as u32 + 7));
    Ok(())
}

/// A checked kernel's out-of-range write is reported by the Completion of the view's
/// synchronize, not by a panic.
#[test]
fn a_kernel_fault_comes_back_from_the_completion() -> Result<(), Error> {
    let mut data = vec![0i32; 8];
    let v = ArrayView::new(8, &mut data)?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        v[i + 1] = i[0];
    })?;
    let err = pollster::block_on(v.synchronize_async()).expect_err("the write of v[8] faults");
    assert!(
        matches!(err, Error::OutOfBounds { fault: Some(_), .. }),
        "{err}"
    );
    // Reported once; the writes in range arrived.
    v.synchronize()?;
    assert_eq!(v.to_vec()?, [0, 0, 1, 2, 3, 4, 5, 6]);
    Ok(())
}

/// Dropping an unfinished Completion finishes it (the data arrives); leaking one never writes
/// the memory it borrowed.
#[test]
fn a_completion_dropped_early_is_safe() -> Result<(), Error> {
    let src = random(10_000, 47);
    let a = Array::new(10_000, &src)?;
    parallel_for_each!(a.extent(), |i: Index<1>| {
        a[i] = a[i] * 3 + 1;
    })?;
    let expected: Vec<i32> = src.iter().map(|&x| f(x)).collect();

    let mut out = vec![-5; 10_000];
    drop(copy_async(&a, &mut out));
    assert_eq!(out, expected, "drop finished the download");

    let mut leaked = vec![-5; 10_000];
    std::mem::forget(copy_async(&a, &mut leaked));
    // The borrow is over; the accelerator only ever wrote the leaked staging buffer.
    a.to_vec()?;
    assert_eq!(leaked, vec![-5; 10_000]);

    let mut data = vec![0; 1000];
    {
        let v = ArrayView::new(1000, &mut data)?;
        parallel_for_each!(v.extent(), |i: Index<1>| {
            v[i] = i[0] + 1;
        })?;
        drop(v.synchronize_async());
        assert_eq!(v.downloads(), 1);
        v.synchronize()?;
        assert_eq!(v.downloads(), 1, "the dropped Completion landed the data");
    }
    assert_eq!(data, (1..=1000).collect::<Vec<_>>());
    Ok(())
}

/// f32 ↔ u32: a kernel that flips sign bits through a `u32` view negates the floats of the
/// original view, and one that scales floats through an `f32` view changes the words.
#[test]
fn reinterpret_f32_and_u32_round_trip_through_kernels() -> Result<(), Error> {
    let n = 1000;
    let floats = random_floats(n, 51);
    let mut data = floats.clone();
    {
        let fv = ArrayView::new(n as i32, &mut data)?;
        let bits = fv.reinterpret_as::<u32>()?;
        assert_eq!(bits.extent(), Extent::new([n as i32]));
        parallel_for_each!(bits.extent(), |i: Index<1>| {
            bits[i] = bits[i] ^ 0x8000_0000u32;
        })?;
        fv.synchronize()?;
        assert_eq!(fv.get(3)?, -floats[3]);
        assert_eq!(bits.get(3)?, (-floats[3]).to_bits());
        // A reinterpretation of a reinterpretation sees the same bytes.
        let pairs = bits.reinterpret_as::<Float2>()?;
        assert_eq!(pairs.get(1)?, float2(-floats[2], -floats[3]));
        pairs.set(0, float2(1.5, -2.5))?;
        assert_eq!(fv.get(1)?, -2.5);
    }
    let mut negated: Vec<f32> = floats.iter().map(|&x| -x).collect();
    negated[..2].copy_from_slice(&[1.5, -2.5]);
    assert_eq!(data, negated);

    let words: Vec<u32> = floats.iter().map(|x| x.to_bits()).collect();
    let mut data = words.clone();
    {
        let wv = ArrayView::new(n as i32, &mut data)?;
        let fv = wv.reinterpret_as::<f32>()?;
        parallel_for_each!(fv.extent(), |i: Index<1>| {
            fv[i] = fv[i] * 2.0f32;
        })?;
        wv.synchronize()?;
    }
    let doubled: Vec<u32> = floats.iter().map(|&x| (x * 2.0).to_bits()).collect();
    assert_eq!(data, doubled);

    // An Array's bytes, and a read-only view as kernel input.
    let arr = Array::new(n as i32, &floats)?;
    let arr_bits = arr.reinterpret_as::<u32>()?;
    let input = ConstArrayView::new(n as i32, &words)?;
    let input_floats = input.reinterpret_as::<f32>()?;
    parallel_for_each!(arr_bits.extent(), |i: Index<1>| {
        arr_bits[i] = arr_bits[i] + 1u32;
    })?;
    let mut sum = vec![0.0f32; n];
    let sv = ArrayView::new(n as i32, &mut sum)?;
    parallel_for_each!(sv.extent(), |i: Index<1>| {
        sv[i] = input_floats[i] + 1.0f32;
    })?;
    drop(sv);
    let plus_ulp: Vec<f32> = floats
        .iter()
        .map(|x| f32::from_bits(x.to_bits() + 1))
        .collect();
    assert_eq!(arr.to_vec()?, plus_ulp);
    assert_eq!(sum, floats.iter().map(|&x| x + 1.0).collect::<Vec<_>>());
    Ok(())
}

/// u32 → UInt4 and Float4 → f32: vectors and scalars over the same bytes, both ways.
#[test]
fn reinterpret_scalars_and_vectors_round_trip_through_kernels() -> Result<(), Error> {
    let n = 4 * 300;
    let words: Vec<u32> = common::random_words(n, 53)
        .into_iter()
        .map(|w| w >> 4)
        .collect();
    let mut data = words.clone();
    {
        let wv = ArrayView::new(n as i32, &mut data)?;
        let quads = wv.reinterpret_as::<UInt4>()?;
        assert_eq!(quads.extent(), Extent::new([300]));
        assert_eq!(quads.get(1)?, uint4(words[4], words[5], words[6], words[7]));
        parallel_for_each!(quads.extent(), |i: Index<1>| {
            let q = quads[i];
            quads[i] = uint4(q.w(), q.z(), q.y(), q.x()) + uint4(1, 2, 4, 8);
        })?;
        wv.synchronize()?;
    }
    for (k, quad) in words.chunks_exact(4).enumerate() {
        let expected = [quad[3] + 1, quad[2] + 2, quad[1] + 4, quad[0] + 8];
        assert_eq!(data[4 * k..4 * k + 4], expected, "quad {k}");
    }

    let m = 500;
    let floats = random_floats(4 * m, 55);
    let vectors: Vec<Float4> = floats
        .chunks_exact(4)
        .map(|c| float4(c[0], c[1], c[2], c[3]))
        .collect();
    let mut data = vectors.clone();
    {
        let vv = ArrayView::new(m as i32, &mut data)?;
        let scalars = vv.reinterpret_as::<f32>()?;
        assert_eq!(scalars.extent(), Extent::new([4 * m as i32]));
        parallel_for_each!(scalars.extent(), |i: Index<1>| {
            scalars[i] = scalars[i] + i[0] as f32;
        })?;
        assert_eq!(vv.get(1)?.x(), floats[4] + 4.0);
    }
    for (k, v) in data.iter().enumerate() {
        let base = 4 * k;
        let expected = float4(
            floats[base] + base as f32,
            floats[base + 1] + (base + 1) as f32,
            floats[base + 2] + (base + 2) as f32,
            floats[base + 3] + (base + 3) as f32,
        );
        assert_eq!(*v, expected, "vector {k}");
    }

    // Float3 is 12 bytes: three f32 per element.
    let triples: Vec<Float3> = (0..10)
        .map(|k| float3(k as f32, 10.0 + k as f32, 20.0 + k as f32))
        .collect();
    let tv = ConstArrayView::new(10, &triples)?;
    let flat = tv.reinterpret_as::<f32>()?;
    assert_eq!(flat.extent(), Extent::new([30]));
    assert_eq!(flat.to_vec()?[3..6], [1.0, 11.0, 21.0]);
    Ok(())
}

/// A view made larger-grained after its data went to the accelerator reads its zero sentinel,
/// not a neighbour, in a checked read out of range.
#[test]
fn a_reinterpreted_view_out_of_range_reads_zero() -> Result<(), Error> {
    let data: Vec<f32> = (1..=8).map(|x| x as f32).collect();
    let fv = ConstArrayView::new(8, &data)?;
    let mut sum = vec![0.0f32; 1];
    let sv = ArrayView::new(1, &mut sum)?;
    // The data goes to the accelerator as f32: a buffer with room for an f32 sentinel.
    parallel_for_each!(sv.extent(), |i: Index<1>| {
        sv[i] = fv[7];
    })?;
    sv.synchronize()?;
    let quads = fv.reinterpret_as::<Float4>()?;
    let mut out = vec![float4(-1.0, -1.0, -1.0, -1.0); 2];
    let ov = ArrayView::new(2, &mut out)?;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        ov[i] = quads[i + 1];
    })?;
    let err = ov.synchronize().expect_err("quads[2] is out of range");
    assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
    assert_eq!(
        ov.to_vec()?,
        [float4(5.0, 6.0, 7.0, 8.0), float4(0.0, 0.0, 0.0, 0.0)]
    );
    Ok(())
}

/// Sizes that do not divide, sections that do not start on an element, and bools are errors.
#[test]
fn reinterpret_rejects_what_does_not_divide() -> Result<(), Error> {
    let data = [1.0f32; 10];
    let view = ConstArrayView::new(10, &data)?;
    let err = view
        .reinterpret_as::<Float4>()
        .expect_err("40 bytes are not a whole number of 16-byte Float4s");
    assert!(matches!(err, Error::Reinterpret(_)), "{err}");
    assert!(
        err.to_string()
            .contains("element type of reinterpret_as does not evenly divide into extent"),
        "{err}"
    );
    let err = view
        .section_from(2)?
        .reinterpret_as::<Float4>()
        .expect_err("32 bytes starting at byte 8");
    assert!(matches!(err, Error::Reinterpret(_)), "{err}");
    let pairs = view.section_from(2)?.reinterpret_as::<Float2>()?;
    assert_eq!(pairs.extent(), Extent::new([4]));
    let a = Array::new(3, &[1u32, 2, 3])?;
    assert!(matches!(
        a.reinterpret_as::<UInt2>(),
        Err(Error::Reinterpret(_))
    ));
    let flags = [true; 4];
    let fv = ConstArrayView::new(4, &flags)?;
    assert!(matches!(
        fv.reinterpret_as::<u32>(),
        Err(Error::UnsupportedFeature(_))
    ));
    assert!(matches!(
        view.reinterpret_as::<bool>(),
        Err(Error::UnsupportedFeature(_))
    ));
    Ok(())
}
