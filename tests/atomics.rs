//! Atomic operations on view elements and the packed-byte helpers (seed 004).

#[path = "../examples/char_histogram.rs"]
mod char_histogram;

use amp::prelude::*;

#[test]
fn char_histogram_equals_the_cpu() {
    let image = char_histogram::random_bytes(300_007, 5);
    let bins = char_histogram::histogram(&image).expect("launch");
    let mut expected = vec![0u32; 256];
    image.iter().for_each(|&b| expected[b as usize] += 1);
    assert_eq!(bins, expected);
}

#[test]
fn packed_byte_operations_with_neighbours_written_concurrently() {
    let bytes: Vec<u8> = char_histogram::random_bytes(4099, 9)
        .iter()
        .map(|b| b % 200)
        .collect();
    let done = char_histogram::byte_operations(&bytes, 37).expect("launch");
    assert_eq!(done, char_histogram::byte_operations_cpu(&bytes, 37));
}

#[test]
fn every_atomic_operation() {
    let threads = 1000;
    // Slots: 0 add, 1 sub, 2 inc, 3 dec, 4 max, 5 min, 6 or, 7 and, 8 xor, 9 exchange count,
    // 10 compare-exchange winners, 11 the compare-exchange target.
    let mut slots = vec![0i32; 12];
    slots[5] = i32::MAX;
    slots[7] = -1;
    let mut old_sum = vec![0i32; threads];
    let sv = ArrayView::new(12, &mut slots).expect("view");
    let ov = ArrayView::new(threads as i32, &mut old_sum).expect("view");
    parallel_for_each!(ov.extent(), |idx: Index<1>| {
        let i = idx[0];
        let old = sv.atomic_fetch_add(0, i + 1);
        sv.atomic_fetch_sub(1, i);
        sv.atomic_fetch_inc(2);
        sv.atomic_fetch_dec(3);
        sv.atomic_fetch_max(4, i * 3);
        sv.atomic_fetch_min(5, i - 500);
        sv.atomic_fetch_or(6, 1 << (i % 31));
        sv.atomic_fetch_and(7, !(1 << (i % 17)));
        sv.atomic_fetch_xor(8, i);
        sv.atomic_exchange(9, i);
        // Exactly one thread moves slot 11 from 0 to 1.
        let r = sv.atomic_compare_exchange(11, 0, 1);
        if r.exchanged {
            sv.atomic_fetch_add(10, 1);
        }
        ov[idx] = old;
    })
    .expect("launch");
    drop((sv, ov));
    let n = threads as i32;
    let sum: i32 = (0..n).sum();
    assert_eq!(slots[0], sum + n);
    assert_eq!(slots[1], -sum);
    assert_eq!(slots[2], n);
    assert_eq!(slots[3], -n);
    assert_eq!(slots[4], (n - 1) * 3);
    assert_eq!(slots[5], -500);
    assert_eq!(slots[6], (0..31).fold(0, |a, k| a | (1 << k)));
    assert_eq!(slots[7], !(0..17).fold(0, |a, k| a | (1 << k)));
    assert_eq!(slots[8], (0..n).fold(0, |a, i| a ^ i));
    assert!((0..n).contains(&slots[9]));
    assert_eq!((slots[10], slots[11]), (1, 1));
    // Every addend is positive, so the values fetch_add returned are distinct prefix sums.
    let mut seen = old_sum.clone();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), threads);
}

#[test]
fn atomics_on_u32_through_a_device_function() {
    let mut counts = vec![0u32; 10];
    let cv = ArrayView::new(10, &mut counts).expect("view");
    parallel_for_each!(Extent::new([5000]), |idx: Index<1>| {
        bump(cv, (idx[0] % 10) as u32);
    })
    .expect("launch");
    drop(cv);
    assert_eq!(counts, vec![500u32; 10]);
}

#[kernel]
fn bump(counts: ArrayView<u32, 1>, bin: u32) {
    counts.atomic_fetch_inc(bin);
}

#[test]
fn float_atomics_where_the_accelerator_has_them() {
    let mut total = vec![0.0f32; 1];
    let tv = ArrayView::new(1, &mut total).expect("view");
    let result = parallel_for_each!(Extent::new([1000]), |idx: Index<1>| {
        tv.atomic_fetch_add(0, 0.5f32);
    });
    match result {
        Ok(()) => {
            drop(tv);
            assert_eq!(total[0], 500.0);
        }
        Err(err) => {
            assert!(matches!(err, amp::Error::UnsupportedFeature(_)), "{err}");
            assert!(err.to_string().contains("f32"), "{err}");
        }
    }
}

#[test]
fn packed_bytes_by_index_and_by_u32() {
    let bytes: Vec<u8> = (0..64u32).map(|i| (i * 3) as u8).collect();
    let mut words = amp::packed::pack(&bytes);
    let wv = ArrayView::new(words.len() as i32, &mut words).expect("view");
    parallel_for_each!(Extent::new([64]), |idx: Index<1>| {
        let b = amp::packed::read_uchar(wv, idx);
        amp::packed::write_uchar(wv, idx[0] as u32, b + 1);
    })
    .expect("launch");
    drop(wv);
    let expected: Vec<u8> = bytes.iter().map(|b| b + 1).collect();
    assert_eq!(amp::packed::unpack(&words, 64), expected);
}
