//! Atomic operations on view elements and the packed-byte helpers (seed 004).

#[path = "../../examples/char_histogram.rs"]
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

use crate::common;
use common::random_words;

/// Words with about one bit in eight set, so that a tile's OR (and the AND of their
/// complements) keeps some bits of each kind.
fn sparse_words(len: usize, seed: u32) -> Vec<u32> {
    let (a, b, c) = (
        random_words(len, seed),
        random_words(len, seed ^ 0x5bd1_e995),
        random_words(len, seed ^ 0x68e3_1da4),
    );
    (0..len).map(|i| a[i] & b[i] & c[i]).collect()
}

const POISON: u32 = 0xdead_beef;

#[test]
fn tile_static_bitwise_reductions_equal_the_cpu() {
    // Per tile of 16 threads: the OR, AND and XOR of its words, each half of the tile into its
    // own row of a 2-D tile_static array.
    const TILE: usize = 16;
    let n = TILE * 37;
    let ors = sparse_words(n, 11);
    let ands: Vec<u32> = sparse_words(n, 12).iter().map(|w| !w).collect();
    let xors = random_words(n, 13);
    let mut out = vec![POISON; n / TILE * 6];
    let ov_len = out.len() as i32;
    let orv = ConstArrayView::new(n as i32, &ors).expect("view");
    let andv = ConstArrayView::new(n as i32, &ands).expect("view");
    let xorv = ConstArrayView::new(n as i32, &xors).expect("view");
    let ov = ArrayView::new(ov_len, &mut out).expect("view");
    parallel_for_each!(orv.extent().tile::<16>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut acc: [[u32; 3]; 2];
        let lid = t.local[0];
        let row = lid % 2;
        if lid < 2 {
            acc[row][0] = 0u32;
            acc[row][1] = 0xffff_ffffu32;
            acc[row][2] = 0u32;
        }
        t.barrier.wait();
        acc[row].atomic_fetch_or(0, orv[t]);
        acc[row].atomic_fetch_and(1, andv[t]);
        acc[row].atomic_fetch_xor(2, xorv[t]);
        t.barrier.wait();
        if lid < 2 {
            let base = t.tile[0] * 6 + row * 3;
            ov[base] = acc[row][0];
            ov[base + 1] = acc[row][1];
            ov[base + 2] = acc[row][2];
        }
    })
    .expect("launch");
    drop(ov);
    let mut expected = vec![0u32; out.len()];
    for tile in 0..n / TILE {
        for row in 0..2 {
            let lanes = (tile * TILE + row..(tile + 1) * TILE).step_by(2);
            let base = tile * 6 + row * 3;
            expected[base] = lanes.clone().fold(0, |a, i| a | ors[i]);
            expected[base + 1] = lanes.clone().fold(!0, |a, i| a & ands[i]);
            expected[base + 2] = lanes.fold(0, |a, i| a ^ xors[i]);
        }
    }
    assert_eq!(out, expected);
    // The inputs leave something to check: neither all-ones ORs nor all-zero ANDs.
    assert!(expected.chunks(3).any(|c| c[0] != !0 && c[1] != 0));
}

#[test]
fn tile_static_counters_with_inc_and_dec() {
    // Per tile of 32: threads whose word is 0 mod 3 take a ticket (inc), those 1 mod 3 count
    // down (dec); each ticket holder records the ticket it drew.
    const TILE: usize = 32;
    let n = TILE * 23;
    let words: Vec<u32> = random_words(n, 21);
    let mut tickets = vec![-7i32; n];
    let mut counts = vec![POISON as i32; n / TILE * 2];
    let counts_len = counts.len() as i32;
    let wv = ConstArrayView::new(n as i32, &words).expect("view");
    let tv = ArrayView::new(n as i32, &mut tickets).expect("view");
    let cv = ArrayView::new(counts_len, &mut counts).expect("view");
    parallel_for_each!(wv.extent().tile::<32>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut counter: [i32; 2];
        let lid = t.local[0];
        if lid < 2 {
            counter[lid] = 0;
        }
        t.barrier.wait();
        let w = wv[t] % 3u32;
        let mut ticket = -1;
        if w == 0u32 {
            ticket = counter.atomic_fetch_inc(0);
        } else if w == 1u32 {
            counter.atomic_fetch_dec(1);
        }
        tv[t] = ticket;
        t.barrier.wait();
        if lid < 2 {
            cv[t.tile[0] * 2 + lid] = counter[lid];
        }
    })
    .expect("launch");
    drop((tv, cv));
    for tile in 0..n / TILE {
        let lanes = tile * TILE..(tile + 1) * TILE;
        let takers = lanes
            .clone()
            .filter(|&i| words[i].is_multiple_of(3))
            .count() as i32;
        let downs = lanes.clone().filter(|&i| words[i] % 3 == 1).count() as i32;
        assert_eq!(
            counts[tile * 2..tile * 2 + 2],
            [takers, -downs],
            "tile {tile}"
        );
        // The tickets drawn are 0..takers, each once; the others drew none.
        let mut drawn: Vec<i32> = lanes
            .clone()
            .filter(|&i| words[i].is_multiple_of(3))
            .map(|i| tickets[i])
            .collect();
        drawn.sort();
        assert_eq!(drawn, (0..takers).collect::<Vec<_>>(), "tile {tile}");
        assert!(lanes
            .filter(|&i| !words[i].is_multiple_of(3))
            .all(|i| tickets[i] == -1));
    }
}

#[test]
fn tile_static_compare_exchange_elects_one_thread_per_tile() {
    // Per tile of 8, the threads whose word is 0 mod 5 run for election: the first to swap
    // -1 for its local index wins; every candidate learns the winner from the result.
    const TILE: usize = 8;
    let n = TILE * 64;
    let words = random_words(n, 31);
    let mut seen = vec![-7i32; n];
    let mut winners = vec![0u32; n / TILE];
    let mut elected = vec![-7i32; n / TILE];
    let tiles = (n / TILE) as i32;
    let wv = ConstArrayView::new(n as i32, &words).expect("view");
    let sv = ArrayView::new(n as i32, &mut seen).expect("view");
    let winv = ArrayView::new(tiles, &mut winners).expect("view");
    let ev = ArrayView::new(tiles, &mut elected).expect("view");
    parallel_for_each!(wv.extent().tile::<8>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut winner: [i32; 1];
        let lid = t.local[0];
        if lid == 0 {
            winner[0] = -1;
        }
        t.barrier.wait();
        let mut saw = -2;
        if wv[t] % 5u32 == 0u32 {
            let r = winner.atomic_compare_exchange(0, -1, lid);
            if r.exchanged {
                winv.atomic_fetch_inc(t.tile[0]);
                saw = lid;
            } else {
                saw = r.old;
            }
        }
        sv[t] = saw;
        t.barrier.wait();
        if lid == 0 {
            ev[t.tile[0]] = winner[0];
        }
    })
    .expect("launch");
    drop((sv, winv, ev));
    let mut contested = 0;
    for tile in 0..n / TILE {
        let lanes = tile * TILE..(tile + 1) * TILE;
        let candidates: Vec<usize> = lanes
            .clone()
            .filter(|&i| words[i].is_multiple_of(5))
            .collect();
        if candidates.is_empty() {
            assert_eq!((winners[tile], elected[tile]), (0, -1), "tile {tile}");
        } else {
            assert_eq!(winners[tile], 1, "tile {tile}");
            let w = elected[tile];
            assert!(
                candidates.contains(&(tile * TILE + w as usize)),
                "tile {tile}"
            );
            assert!(candidates.iter().all(|&i| seen[i] == w), "tile {tile}");
            contested += (candidates.len() > 1) as usize;
        }
        assert!(lanes
            .filter(|i| !candidates.contains(i))
            .all(|i| seen[i] == -2));
    }
    assert!(contested > 0);
}

#[test]
fn atomics_on_scalar_tile_static_variables() {
    // Per tile of 64: how many words are odd (add), their maximum and minimum as i32, the XOR
    // of all (xor), a count up and down again (inc, dec), and a compare-exchange flag.
    const TILE: usize = 64;
    let n = TILE * 19;
    let words = random_words(n, 41);
    let mut out = vec![POISON; n / TILE * 6];
    let out_len = out.len() as i32;
    let wv = ConstArrayView::new(n as i32, &words).expect("view");
    let ov = ArrayView::new(out_len, &mut out).expect("view");
    parallel_for_each!(wv.extent().tile::<64>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut odd: u32;
        #[tile_static]
        let mut high: i32;
        #[tile_static]
        let mut low: i32;
        #[tile_static]
        let mut mix: u32;
        #[tile_static]
        let mut level: u32;
        #[tile_static]
        let mut flag: u32;
        let lid = t.local[0];
        if lid == 0 {
            odd = 0u32;
            high = i32::MIN;
            low.atomic_exchange(i32::MAX);
            mix = 0u32;
            level = 100u32;
            flag = 0u32;
        }
        t.barrier.wait();
        let w = wv[t];
        if w % 2u32 == 1u32 {
            odd.atomic_fetch_add(1u32);
        }
        high.atomic_fetch_max(w as i32);
        low.atomic_fetch_min(w as i32);
        mix.atomic_fetch_xor(w);
        level.atomic_fetch_inc();
        level.atomic_fetch_dec();
        level.atomic_fetch_sub(1u32);
        let r = flag.atomic_compare_exchange(0u32, 1u32);
        if !r.exchanged {
            flag.atomic_fetch_or(2u32);
        }
        t.barrier.wait();
        if lid == 0 {
            let base = t.tile[0] * 6;
            ov[base] = odd;
            ov[base + 1] = high as u32;
            ov[base + 2] = low as u32;
            ov[base + 3] = mix;
            ov[base + 4] = level;
            ov[base + 5] = flag;
        }
    })
    .expect("launch");
    drop(ov);
    for (tile, got) in out.chunks(6).enumerate() {
        let w = &words[tile * TILE..(tile + 1) * TILE];
        let expected = [
            w.iter().filter(|&&x| x % 2 == 1).count() as u32,
            w.iter().map(|&x| x as i32).max().unwrap_or(0) as u32,
            w.iter().map(|&x| x as i32).min().unwrap_or(0) as u32,
            w.iter().fold(0, |a, x| a ^ x),
            100 - TILE as u32,
            3,
        ];
        assert_eq!(got, expected, "tile {tile}");
    }
}

#[test]
fn atomics_on_a_local_array_are_a_located_build_error() {
    let mut out = vec![POISON; 4];
    let ov = ArrayView::new(4, &mut out).expect("view");
    let line = line!();
    let err = parallel_for_each!(ov.extent(), |i: Index<1>| {
        let mut mine = [0u32; 4];
        mine.atomic_fetch_or(i[0], 1u32);
        ov[i] = mine[0];
    })
    .expect_err("atomics on a thread's own array");
    let message = err.to_string();
    assert!(matches!(err, amp::Error::Kernel(_)), "{message}");
    assert!(
        message.contains(&format!("{}:{}:", file!(), line + 3)),
        "{message}"
    );
    assert!(
        message.contains("atomics work on tile_static memory and views, not on local arrays"),
        "{message}"
    );
    drop(ov);
    assert_eq!(out, [POISON; 4]);
}
