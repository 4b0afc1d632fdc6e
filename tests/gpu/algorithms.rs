//! amp::algorithms against plain Rust on the CPU, on reproducible random data: sizes 0, 1, sizes
//! that are no multiple of any tile or block, and sizes of several passes; every element type
//! the functions take; custom operations (a non-commutative one for the scans); the sort's
//! float order (NaN, ±0, ±∞) and stability; bad arguments.

use crate::common;

use amp::algorithms::*;
use amp::prelude::*;
use amp::Error;
use common::random_words;

/// Sizes for every function: empty, one, around a tile (256) and a block (1792, 2048), and
/// several tiles' chunks.
const SIZES: [usize; 9] = [0, 1, 2, 255, 1791, 1793, 2049, 70_001, 600_011];

/// Addition modulo 1000: associative and commutative.
#[kernel]
fn add_mod(a: u32, b: u32) -> u32 {
    (a + b) % 1000
}

/// The affine map `x ↦ a·x + b` (mod 2³²) as `(a, b)`, composed: first `f`, then `g`.
/// Associative, not commutative: a scan must keep index order.
#[kernel]
fn then(f: UInt2, g: UInt2) -> UInt2 {
    uint2(g.x() * f.x(), g.x() * f.y() + g.y())
}

fn then_cpu(f: UInt2, g: UInt2) -> UInt2 {
    uint2(
        g.x().wrapping_mul(f.x()),
        g.x().wrapping_mul(f.y()).wrapping_add(g.y()),
    )
}

#[kernel]
fn is_multiple_of_3(x: i32) -> bool {
    x % 3 == 0
}

#[kernel]
fn negative(x: f32) -> bool {
    x < 0.0
}

#[kernel]
fn scaled(x: i32) -> f32 {
    x as f32 * 0.5
}

#[kernel]
fn twice(x: u32) -> u32 {
    x * 2
}

fn ints(n: usize, seed: u32) -> Vec<i32> {
    random_words(n, seed)
        .into_iter()
        .map(|w| w as i32)
        .collect()
}

/// Floats of many magnitudes and both signs (no NaN).
fn floats(n: usize, seed: u32) -> Vec<f32> {
    random_words(n, seed)
        .into_iter()
        .map(|w| ((w % 2_000_001) as f32 - 1e6) / 64.0)
        .collect()
}

fn close(got: f32, want: f64, scale: f64) -> bool {
    (f64::from(got) - want).abs() <= 1e-4 * scale.max(1.0)
}

#[test]
fn reduce_matches_the_cpu() {
    for (i, &n) in SIZES.iter().enumerate() {
        let words: Vec<u32> = random_words(n, 1 + i as u32);
        let v = ConstArrayView::new(n as i32, &words).expect("view");
        let sum = words.iter().fold(0u32, |a, &b| a.wrapping_add(b));
        let want = |x: u32| (n > 0).then_some(x);
        assert_eq!(reduce(&v, Sum).expect("sum"), want(sum), "u32 sum of {n}");
        let max = words.iter().copied().max().unwrap_or(0);
        assert_eq!(reduce(&v, Max).expect("max"), want(max), "u32 max of {n}");
        let modular = words.iter().fold(0, |a, &b| (a + b % 1000) % 1000);
        let small: Vec<u32> = words.iter().map(|w| w % 1000).collect();
        let s = ConstArrayView::new(n as i32, &small).expect("view");
        assert_eq!(
            reduce(&s, add_mod).expect("add_mod"),
            want(modular),
            "add_mod of {n}"
        );

        let signed = ints(n, 20 + i as u32);
        let sv = ConstArrayView::new(n as i32, &signed).expect("view");
        let min = signed.iter().copied().min();
        assert_eq!(reduce(&sv, Min).expect("min"), min, "i32 min of {n}");

        let f = floats(n, 40 + i as u32);
        let fv = ConstArrayView::new(n as i32, &f).expect("view");
        let got = reduce(&fv, Sum).expect("f32 sum");
        let want: f64 = f.iter().map(|&x| f64::from(x)).sum();
        let scale: f64 = f.iter().map(|&x| f64::from(x).abs()).sum();
        match got {
            Some(got) => assert!(close(got, want, scale), "f32 sum of {n}: {got} vs {want}"),
            None => assert_eq!(n, 0),
        }
    }
}

#[test]
fn reduce_into_leaves_the_result_on_the_accelerator() {
    let data: Vec<u32> = (1..=1000).collect();
    let array = Array::new(1000, &data).expect("array");
    let total = ArrayView::<u32, 1>::from_extent(1).expect("view");
    reduce_into(&array, &total, Sum).expect("reduce_into");
    assert_eq!(total.get(0).expect("get"), 500_500);
    let two = ArrayView::<u32, 1>::from_extent(2).expect("view");
    let err = reduce_into(&array, &two, Sum).expect_err("two outputs");
    assert!(matches!(err, Error::InvalidArgument(_)), "{err}");
}

/// Inclusive and exclusive scans of `data` with `op` against the CPU's, for one element type.
fn check_scans<T, Op>(data: &[T], init: T, op: Op, cpu: impl Fn(T, T) -> T, what: &str)
where
    T: Item + PartialEq + std::fmt::Debug,
    Op: BinaryOp<T>,
{
    let n = data.len();
    let input = ConstArrayView::new(n as i32, data).expect("view");
    let output = ArrayView::<T, 1>::from_extent(n as i32).expect("view");
    inclusive_scan(&input, &output, op).expect("inclusive scan");
    let got = output.to_vec().expect("read");
    let mut run: Option<T> = None;
    for (i, &x) in data.iter().enumerate() {
        let v = run.map_or(x, |r| cpu(r, x));
        assert_eq!(got[i], v, "{what}: inclusive scan of {n}, element {i}");
        run = Some(v);
    }
    exclusive_scan(&input, &output, init, op).expect("exclusive scan");
    let got = output.to_vec().expect("read");
    let mut run = init;
    for (i, &x) in data.iter().enumerate() {
        assert_eq!(got[i], run, "{what}: exclusive scan of {n}, element {i}");
        run = cpu(run, x);
    }
}

#[test]
fn scans_match_the_cpu() {
    for (i, &n) in SIZES.iter().enumerate() {
        let seed = 100 + i as u32;
        let words = random_words(n, seed);
        check_scans(&words, 7, Sum, u32::wrapping_add, "u32 sum");
        let signed = ints(n, seed + 1);
        check_scans(&signed, i32::MAX, Min, i32::min, "i32 min");
        let maps: Vec<UInt2> = random_words(2 * n, seed + 2)
            .chunks(2)
            .map(|w| uint2(w[0] | 1, w[1]))
            .collect();
        check_scans(
            &maps,
            uint2(1, 0),
            then,
            then_cpu,
            "affine maps (not commutative)",
        );
    }
}

#[test]
fn float_scans_are_close() {
    let n = 100_003;
    let data = floats(n, 7);
    let input = ConstArrayView::new(n as i32, &data).expect("view");
    let output = ArrayView::<f32, 1>::from_extent(n as i32).expect("view");
    inclusive_scan(&input, &output, Sum).expect("scan");
    let got = output.to_vec().expect("read");
    let (mut run, mut scale) = (0f64, 0f64);
    for (i, &x) in data.iter().enumerate() {
        run += f64::from(x);
        scale += f64::from(x).abs();
        assert!(
            close(got[i], run, scale),
            "element {i}: {} vs {run}",
            got[i]
        );
    }
}

#[test]
fn scans_of_chunks_of_many_blocks_and_in_place() {
    // On a CPU device, chunks of many blocks (carries from block to block); on a GPU, more
    // partials than one tile scans (the partials' scan has passes of its own; the library's
    // unit tests force that shape on any device).
    let n = 3_300_007;
    let mut data: Vec<u32> = random_words(n, 9).into_iter().map(|w| w % 16).collect();
    let want: Vec<u32> = data
        .iter()
        .scan(0u32, |s, &x| {
            *s += x;
            Some(*s)
        })
        .collect();
    let v = ArrayView::new(n as i32, &mut data).expect("view");
    inclusive_scan(&v, &v, Sum).expect("in-place scan");
    v.synchronize().expect("sync");
    drop(v);
    assert!(data == want, "in-place scan of {n} differs");
}

#[test]
fn scans_reject_mismatched_lengths() {
    let data = [1u32, 2, 3];
    let input = ConstArrayView::new(3, &data).expect("view");
    let output = ArrayView::<u32, 1>::from_extent(2).expect("view");
    let err = inclusive_scan(&input, &output, Sum).expect_err("lengths differ");
    assert!(matches!(err, Error::InvalidArgument(_)), "{err}");
    let err = exclusive_scan(&input, &output, 0, Sum).expect_err("lengths differ");
    assert!(err.to_string().contains("exclusive_scan"), "{err}");
}

/// Sorts `keys` on the accelerator (keys alone, and with their indices as values) and checks
/// the keys bit for bit and the values for stability.
fn check_sort<K: SortKey + PartialEq + std::fmt::Debug>(
    keys: &[K],
    cpu_order: impl Fn(&K, &K) -> std::cmp::Ordering,
    bits: impl Fn(K) -> u32,
    what: &str,
) {
    let n = keys.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_by(|&a, &b| cpu_order(&keys[a as usize], &keys[b as usize]));
    let want: Vec<u32> = order.iter().map(|&i| bits(keys[i as usize])).collect();

    let mut sorted = keys.to_vec();
    let v = ArrayView::new(n as i32, &mut sorted).expect("view");
    radix_sort(&v).expect("sort");
    let got: Vec<u32> = v.to_vec().expect("read").into_iter().map(&bits).collect();
    assert!(got == want, "{what}: radix_sort of {n} differs");

    let array = Array::new(n as i32, keys).expect("array");
    let values = ArrayView::<u32, 1>::from_extent(n as i32).expect("view");
    iota(&values, 0u32).expect("iota");
    radix_sort_by_key(&array, &values).expect("sort by key");
    let got: Vec<u32> = array
        .to_vec()
        .expect("read")
        .into_iter()
        .map(&bits)
        .collect();
    assert!(got == want, "{what}: radix_sort_by_key of {n}: keys differ");
    assert!(
        values.to_vec().expect("read") == order,
        "{what}: radix_sort_by_key of {n} is not stable"
    );
}

/// Both rankings (the switch is process-wide; a test running beside this one may sort with
/// either, and gets the same result).
#[test]
fn radix_sort_matches_a_stable_cpu_sort() {
    for ranking in [SortRanking::Counting, SortRanking::Subgroups] {
        set_sort_ranking(ranking);
        sorts_match_a_stable_cpu_sort();
    }
}

fn sorts_match_a_stable_cpu_sort() {
    for (i, &n) in SIZES.iter().enumerate() {
        let seed = 300 + i as u32;
        let words = random_words(n, seed);
        check_sort(&words, u32::cmp, |k| k, "u32");
        // Few distinct keys: long runs of equal keys show stability.
        let few: Vec<u32> = words.iter().map(|w| w % 7).collect();
        check_sort(&few, u32::cmp, |k| k, "u32 with 7 distinct keys");
        let signed = ints(n, seed + 1);
        check_sort(&signed, i32::cmp, |k| k as u32, "i32");
        let f = floats(n, seed + 2);
        check_sort(&f, f32::total_cmp, f32::to_bits, "f32");
    }
}

#[test]
fn float_sort_follows_total_cmp() {
    let specials = [
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7FC0_0001),
        f32::from_bits(0xFFC0_0001),
        f32::from_bits(0x7F80_0001),
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::from_bits(0x8000_0001),
        f32::MAX,
        f32::MIN,
        1.0,
        -1.0,
    ];
    let mut keys: Vec<f32> = Vec::new();
    for (i, w) in random_words(3000, 77).into_iter().enumerate() {
        keys.push(specials[w as usize % specials.len()]);
        if i % 3 == 0 {
            keys.push((w % 200) as f32 - 100.0);
        }
    }
    check_sort(&keys, f32::total_cmp, f32::to_bits, "f32 specials");
}

#[test]
fn sort_by_key_checks_its_arguments() {
    let mut keys = [3u32, 1, 2];
    let k = ArrayView::new(3, &mut keys).expect("view");
    let short = ArrayView::<f32, 1>::from_extent(2).expect("view");
    let err = radix_sort_by_key(&k, &short).expect_err("lengths differ");
    assert!(matches!(err, Error::InvalidArgument(_)), "{err}");
    let wide = ArrayView::<Float2, 1>::from_extent(3).expect("view");
    let err = radix_sort_by_key(&k, &wide).expect_err("two-word values");
    assert!(matches!(err, Error::InvalidArgument(_)), "{err}");
    let floats = ArrayView::<f32, 1>::from_extent(3).expect("view");
    iota(&floats, 0.5f32).expect("iota");
    radix_sort_by_key(&k, &floats).expect("one-word values");
    assert_eq!(k.to_vec().expect("read"), [1, 2, 3]);
    assert_eq!(floats.to_vec().expect("read"), [1.5, 2.5, 0.5]);
}

/// `histogram` against the definition, computed on the CPU.
fn check_histogram<T: HistogramSample + std::fmt::Debug>(
    data: &[T],
    lo: T,
    hi: T,
    bins: usize,
    cpu_bin: impl Fn(T) -> Option<usize>,
) {
    let input = ConstArrayView::new(data.len() as i32, data).expect("view");
    let counts = ArrayView::<u32, 1>::from_extent(bins as i32).expect("view");
    fill(&counts, 99).expect("poison");
    histogram(&input, lo, hi, &counts).expect("histogram");
    let mut want = vec![0u32; bins];
    for &x in data {
        if let Some(b) = cpu_bin(x) {
            want[b] += 1;
        }
    }
    let got = counts.to_vec().expect("read");
    assert!(
        got == want,
        "histogram of {} values over {lo:?}..{hi:?} in {bins} bins differs",
        data.len()
    );
}

#[test]
fn histogram_matches_the_cpu() {
    for (i, &n) in SIZES.iter().enumerate() {
        let seed = 500 + i as u32;
        let words = random_words(n, seed);
        let bytes: Vec<u32> = words.iter().map(|w| w % 300).collect();
        check_histogram(&bytes, 0, 256, 256, |x| (x < 256).then_some(x as usize));
        // A range that bins do not divide evenly: exact integer bins.
        let (lo, hi, bins) = (10u32, 4_000_000_000u32, 13usize);
        let word_bin = |x: u32| {
            (lo..hi)
                .contains(&x)
                .then(|| ((x - lo) as u64 * bins as u64 / (hi - lo) as u64) as usize)
        };
        check_histogram(&words, lo, hi, bins, word_bin);
        let signed = ints(n, seed + 1);
        let (lo, hi, bins) = (-1_000_000_000i32, 2_000_000_000i32, 2999usize);
        let int_bin = |x: i32| {
            (lo..hi).contains(&x).then(|| {
                ((i64::from(x) - i64::from(lo)) * bins as i64 / (i64::from(hi) - i64::from(lo)))
                    as usize
            })
        };
        check_histogram(&signed, lo, hi, bins, int_bin);
        let mut f = floats(n, seed + 2);
        if let Some(x) = f.get_mut(0) {
            *x = f32::NAN;
        }
        let (lo, hi, bins) = (-5000.0f32, 12000.0f32, 256usize);
        let scale = (bins as f64 / (f64::from(hi) - f64::from(lo))) as f32;
        let float_bin =
            |x: f32| (x >= lo && x < hi).then(|| (((x - lo) * scale) as usize).min(bins - 1));
        check_histogram(&f, lo, hi, bins, float_bin);
    }
    // Uneven integer ranges with quotients of 8 and 2 bits (the long division starts late).
    let words = random_words(70_001, 521);
    for bins in [256usize, 3] {
        check_histogram(&words, 0, u32::MAX, bins, |x| {
            (x < u32::MAX).then(|| (u64::from(x) * bins as u64 / u64::from(u32::MAX)) as usize)
        });
    }
    // Every value in one bin, thousands per tile and hundreds per thread (no narrow counter may
    // overflow): the first bin, the last, and one in between.
    let n = 2_500_000;
    for bin in [0u32, 255, 6] {
        let same = vec![bin; n];
        check_histogram(&same, 0, 256, 256, |x| Some(x as usize));
    }
    // Runs of equal values, a few bins apart, fewer bins than a word's four.
    let runs: Vec<u32> = (0..n as u32).map(|i| (i / 1000) % 7).collect();
    check_histogram(&runs, 0, 6, 3, |x| (x < 6).then_some(x as usize / 2));
    // More bins than a tile keeps in tile_static memory: global atomics.
    let words = random_words(70_001, 520);
    let bins = 5001usize;
    check_histogram(&words, 0, u32::MAX, bins, |x| {
        (x < u32::MAX).then(|| (u64::from(x) * bins as u64 / u64::from(u32::MAX)) as usize)
    });
}

#[test]
fn histogram_rejects_empty_ranges_and_bins() {
    let data = [1.0f32, 2.0];
    let input = ConstArrayView::new(2, &data).expect("view");
    let none = ArrayView::<u32, 1>::from_extent(0).expect("view");
    let some = ArrayView::<u32, 1>::from_extent(4).expect("view");
    for (lo, hi, counts) in [
        (0.0, 1.0, &none),
        (1.0, 1.0, &some),
        (2.0, 1.0, &some),
        (f32::NAN, 1.0, &some),
    ] {
        let err = histogram(&input, lo, hi, counts).expect_err("bad arguments");
        assert!(matches!(err, Error::InvalidArgument(_)), "{err}");
    }
}

#[test]
fn transform_fill_and_iota() {
    for &n in &SIZES {
        let data = ints(n, 600);
        let input = ConstArrayView::new(n as i32, &data).expect("view");
        let output = ArrayView::<f32, 1>::from_extent(n as i32).expect("view");
        transform(&input, &output, scaled).expect("transform");
        let want: Vec<f32> = data.iter().map(|&x| x as f32 * 0.5).collect();
        assert_eq!(output.to_vec().expect("read"), want);

        let counting = ArrayView::<u32, 1>::from_extent(n as i32).expect("view");
        iota(&counting, 5u32).expect("iota");
        transform(&counting, &counting, twice).expect("in-place transform");
        let want: Vec<u32> = (0..n as u32).map(|i| (i + 5) * 2).collect();
        assert_eq!(counting.to_vec().expect("read"), want);

        let signed = Array::<i32, 1>::from_extent(n as i32).expect("array");
        iota(&signed, -3).expect("iota");
        let want: Vec<i32> = (0..n as i32).map(|i| i - 3).collect();
        assert_eq!(signed.to_vec().expect("read"), want);
        fill(&signed, 42).expect("fill");
        assert!(signed.to_vec().expect("read").iter().all(|&x| x == 42));
    }
    let f = ArrayView::<f32, 1>::from_extent(4).expect("view");
    iota(&f, 0.25f32).expect("iota");
    assert_eq!(f.to_vec().expect("read"), [0.25, 1.25, 2.25, 3.25]);
    let input = ConstArrayView::new(2, &[1, 2]).expect("view");
    let err = transform(&input, &f, scaled).expect_err("lengths differ");
    assert!(matches!(err, Error::InvalidArgument(_)), "{err}");
}

#[test]
fn copy_if_keeps_order_and_counts() {
    for (i, &n) in SIZES.iter().enumerate() {
        let data = ints(n, 700 + i as u32);
        let input = ConstArrayView::new(n as i32, &data).expect("view");
        let output = ArrayView::<i32, 1>::from_extent(n as i32).expect("view");
        fill(&output, -7).expect("poison");
        let count = copy_if(&input, &output, is_multiple_of_3).expect("copy_if");
        let want: Vec<i32> = data.iter().copied().filter(|x| x % 3 == 0).collect();
        assert_eq!(count, want.len(), "count of {n}");
        let got = output.to_vec().expect("read");
        assert!(got[..count] == want[..], "kept elements of {n}");
        assert!(
            got[count..].iter().all(|&x| x == -7),
            "untouched tail of {n}"
        );

        let f = floats(n, 800 + i as u32);
        let fin = ConstArrayView::new(n as i32, &f).expect("view");
        let fout = ArrayView::<f32, 1>::from_extent(n as i32).expect("view");
        let count = copy_if(&fin, &fout, negative).expect("copy_if");
        let want: Vec<f32> = f.iter().copied().filter(|&x| x < 0.0).collect();
        assert_eq!(count, want.len());
        assert!(fout.to_vec().expect("read")[..count] == want[..]);
    }
}

#[test]
fn copy_if_reports_an_output_too_short() {
    let data: Vec<i32> = (0..3000).collect();
    let input = ConstArrayView::new(3000, &data).expect("view");
    let output = ArrayView::<i32, 1>::from_extent(500).expect("view");
    let err = copy_if(&input, &output, is_multiple_of_3).expect_err("1000 pass");
    assert!(err.to_string().contains("1000 elements pass"), "{err}");
    let got = output.to_vec().expect("read");
    assert!(got.iter().enumerate().all(|(i, &x)| x == 3 * i as i32));
}

#[test]
fn sections_are_operands() {
    let mut data = random_words(5000, 31);
    let original = data.clone();
    {
        let v = ArrayView::new(5000, &mut data).expect("view");
        let middle = v.section(1000, 3001).expect("section");
        let sum = original[1000..4001]
            .iter()
            .fold(0u32, |a, &b| a.wrapping_add(b));
        assert_eq!(reduce(&middle, Sum).expect("reduce"), Some(sum));
        radix_sort(&middle).expect("sort");
        inclusive_scan(&middle, &middle, Max).expect("scan");
        v.synchronize().expect("sync");
    }
    let mut sorted = original[1000..4001].to_vec();
    sorted.sort_unstable();
    assert_eq!(data[..1000], original[..1000]);
    assert_eq!(data[4001..], original[4001..]);
    assert!(data[1000..4001] == sorted[..], "the section is sorted");
}

/// What the algorithms rest on: a kernel calls a `#[kernel] fn` held in a host variable (the
/// kernel's builder closure takes the `Copy + 'static` function along), as generic host code
/// calls the operation it is given.
#[test]
fn kernels_call_functions_held_in_variables() {
    let op = add_mod;
    let out = ArrayView::<u32, 1>::from_extent(4).expect("view");
    parallel_for_each!(out.extent(), |i: Index<1>| {
        out[i] = op(i[0] as u32, 998);
    })
    .expect("launch");
    assert_eq!(out.to_vec().expect("read"), [998, 999, 0, 1]);
}

/// 64-bit elements, where the accelerator has them (lavapipe has both).
#[test]
fn reduce_and_scan_64_bit_elements() {
    let acc = Accelerator::default().expect("accelerator");
    let n = 5000;
    if acc.supports_int64() {
        let data: Vec<u64> = random_words(2 * n, 41)
            .chunks(2)
            .map(|w| (u64::from(w[0]) << 32) | u64::from(w[1]))
            .collect();
        let v = ConstArrayView::new(n as i32, &data).expect("view");
        let sum = data.iter().fold(0u64, |a, &b| a.wrapping_add(b));
        assert_eq!(reduce(&v, Sum).expect("u64 sum"), Some(sum));
        check_scans(&data, 0, Max, u64::max, "u64 max");
    }
    if acc.supports_double_precision() {
        let data: Vec<f64> = floats(n, 42).into_iter().map(f64::from).collect();
        let v = ConstArrayView::new(n as i32, &data).expect("view");
        let got = reduce(&v, Sum).expect("f64 sum").expect("non-empty");
        let want: f64 = data.iter().sum();
        assert!(
            (got - want).abs() <= 1e-9 * want.abs().max(1.0),
            "{got} vs {want}"
        );
    }
}

/// Serializes the tests that look at the scratch pool's state (the other tests use the pool
/// at the same time, but only with arrays of less than half of [`POOLED_KEYS`], which the
/// pool never gives to these tests' requests).
static POOL_STATE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Keys of the pool tests' sorts: more than twice the largest sort of the other tests.
const POOLED_KEYS: usize = 2_000_003;

fn lock_pool_state() -> std::sync::MutexGuard<'static, ()> {
    POOL_STATE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// `radix_sort` of `keys` against the CPU; the keys come from an `Array` on `acc`, so that the
/// sort runs there.
fn check_sort_on(acc: &Accelerator, keys: &[u32], what: &str) {
    let n = keys.len();
    let array = Array::new_on(&acc.default_view(), n as i32, keys).expect("array");
    radix_sort(&array).expect("sort");
    let mut want = keys.to_vec();
    want.sort_unstable();
    assert!(array.to_vec().expect("read") == want, "{what}: sort of {n}");
}

/// One call after another, of different sizes and algorithms, each taking arrays that earlier
/// calls left in the pool with their data (sorted keys, count tables, partials): results stay
/// those of the CPU, and a second sort of one size reuses the first one's arrays.
#[test]
fn calls_reuse_scratch_whatever_it_holds() {
    let _pool = lock_pool_state();
    let acc = Accelerator::default().expect("accelerator");
    release_scratch();
    let keys = random_words(POOLED_KEYS, 900);
    check_sort_on(&acc, &keys, "first sort");
    let after_one = scratch_bytes(&acc);
    assert!(
        after_one >= 4 * POOLED_KEYS as u64,
        "kept {after_one} bytes"
    );

    // A histogram (no scratch), a scan (partials), a sort by key, copy_if and reduce, each on
    // arrays that the calls before them used.
    let data = random_words(1_500_007, 901);
    let input = Array::new(data.len() as i32, &data).expect("array");
    let counts = ArrayView::<u32, 1>::from_extent(64).expect("view");
    histogram(&input, 0, u32::MAX, &counts).expect("histogram");
    let mut want = vec![0u32; 64];
    for &x in &data {
        if x < u32::MAX {
            want[(u64::from(x) * 64 / u64::from(u32::MAX)) as usize] += 1;
        }
    }
    assert!(counts.to_vec().expect("read") == want, "histogram");
    let scanned = ArrayView::<u32, 1>::from_extent(data.len() as i32).expect("view");
    inclusive_scan(&input, &scanned, Sum).expect("scan");
    let want: Vec<u32> = data
        .iter()
        .scan(0u32, |acc, &x| {
            *acc = acc.wrapping_add(x);
            Some(*acc)
        })
        .collect();
    assert!(scanned.to_vec().expect("read") == want, "scan after a sort");
    for (n, seed) in [(1_000_003usize, 902u32), (70_001, 903), (POOLED_KEYS, 904)] {
        check_sort(&random_words(n, seed), u32::cmp, |k| k, "sort after a scan");
    }
    let kept = ArrayView::<u32, 1>::from_extent(data.len() as i32).expect("view");
    let count = copy_if(&input, &kept, is_odd_word).expect("copy_if");
    let odd: Vec<u32> = data.iter().copied().filter(|x| x % 2 == 1).collect();
    assert_eq!(count, odd.len());
    assert!(kept.to_vec().expect("read")[..count] == odd[..], "copy_if");
    let total = reduce(&input, Sum).expect("reduce");
    assert_eq!(total, want.last().copied(), "reduce");

    // The same sort again: it takes an array that the sorts of that size left, so the pool
    // does not grow by another copy of the keys (other tests give back only small arrays).
    let before = scratch_bytes(&acc);
    check_sort_on(&acc, &keys, "second sort");
    let after = scratch_bytes(&acc);
    assert!(
        after < before + 4 * POOLED_KEYS as u64,
        "the pool grew from {before} to {after} bytes"
    );
}

#[kernel]
fn is_odd_word(x: u32) -> bool {
    x % 2 == 1
}

/// `release_scratch` drops what the pool keeps, a limit of 0 keeps nothing, and calls work
/// after either.
#[test]
fn scratch_can_be_released_and_limited() {
    let _pool = lock_pool_state();
    let acc = Accelerator::default().expect("accelerator");
    let keys = random_words(POOLED_KEYS, 910);
    check_sort_on(&acc, &keys, "sort");
    assert!(scratch_bytes(&acc) >= 4 * POOLED_KEYS as u64);
    release_scratch();
    // Other tests may give back their (smaller) arrays meanwhile.
    assert!(scratch_bytes(&acc) < 4 * POOLED_KEYS as u64);
    check_sort_on(&acc, &keys, "sort after release_scratch");
    let old = set_scratch_limit(0);
    assert_eq!(scratch_bytes(&acc), 0, "a limit of 0 keeps nothing");
    check_sort_on(&acc, &keys, "sort with no pool");
    assert_eq!(scratch_bytes(&acc), 0);
    set_scratch_limit(old);
    check_sort_on(&acc, &keys, "sort with the pool back");
    assert!(scratch_bytes(&acc) >= 4 * POOLED_KEYS as u64);
}

/// Each accelerator has its own pool: sorts alternating between two accelerators stay right
/// and leave scratch on both. Needs two accelerators that run the algorithms.
#[test]
fn accelerators_do_not_share_scratch() {
    let _pool = lock_pool_state();
    let all: Vec<Accelerator> = Accelerator::all()
        .expect("accelerators")
        .into_iter()
        .filter(|acc| {
            let limits = acc.limits();
            limits.max_compute_invocations_per_workgroup >= 256
                && limits.max_compute_workgroup_size_x >= 256
        })
        .collect();
    if all.len() < 2 {
        eprintln!(
            "accelerators_do_not_share_scratch: skipped, {} accelerator(s) here run the \
             algorithms (tiles of 256 threads); it needs two",
            all.len()
        );
        return;
    }
    let (a, b) = (&all[0], &all[1]);
    let keys = random_words(300_007, 920);
    for round in 0..2 {
        check_sort_on(a, &keys, &format!("round {round} on {a}"));
        check_sort_on(b, &keys, &format!("round {round} on {b}"));
    }
    for acc in [a, b] {
        assert!(
            scratch_bytes(acc) >= 4 * 300_007,
            "{acc} keeps its own scratch"
        );
    }
}
