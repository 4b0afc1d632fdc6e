//! Subgroup operations (`amp::subgroup`) against a host computation.
//!
//! Which threads of a tile form a subgroup is the accelerator's choice, and so is the subgroup
//! size (lavapipe has 8 lanes, NVIDIA 32, AMD 32 or 64): each kernel writes every thread's
//! lane and subgroup (its tile and `subgroup::id()`) beside its result, and the host computes
//! what each thread should get from the members of its subgroup. Nothing assumes a size.
//!
//! The rules: subgroup operations under control that is not tile-uniform, or in an untiled
//! kernel, are build errors naming the operation's line; on a device without subgroups
//! (`AMP_HIDE_FEATURES`, in a process of its own) a launch is `Error::UnsupportedFeature`.

use crate::own_process::ran_in_own_process;
use amp::error::FeatureError;
use amp::prelude::*;
use amp::{Error, KernelError, Vector};
use std::collections::HashMap;
use std::fmt::Debug;

/// Threads per tile of most tests: a multiple of every subgroup size up to 64.
const TILE: usize = 64;
/// Threads per launch: four tiles.
const LEN: usize = 4 * TILE;

/// Where each thread of a launch ran: its lane and its subgroup (numbered across tiles).
struct Lanes {
    lane: Vec<u32>,
    group: Vec<u32>,
    size: Vec<u32>,
}

impl Lanes {
    /// Each subgroup's members, `(lane, thread)`, by lane.
    fn members(&self) -> HashMap<u32, Vec<(u32, usize)>> {
        let mut groups: HashMap<u32, Vec<(u32, usize)>> = HashMap::new();
        for (thread, (&lane, &group)) in self.lane.iter().zip(&self.group).enumerate() {
            groups.entry(group).or_default().push((lane, thread));
        }
        for members in groups.values_mut() {
            members.sort_unstable();
            let lanes: Vec<u32> = members.iter().map(|m| m.0).collect();
            let want: Vec<u32> = (0..members.len() as u32).collect();
            assert_eq!(lanes, want, "a subgroup's lanes are 0..its thread count");
        }
        groups
    }
}

/// Checks `got[thread]` against `expected(members' (lane, input), thread's lane)` for every
/// thread where it is `Some` (`None`: the operation leaves the value unspecified there).
fn check<I: Copy, O: PartialEq + Debug>(
    what: &str,
    data: &[I],
    got: &[O],
    lanes: &Lanes,
    expected: impl Fn(&[(u32, I)], u32) -> Option<O>,
) {
    let mut checked = 0;
    for members in lanes.members().values() {
        let values: Vec<(u32, I)> = members.iter().map(|&(l, t)| (l, data[t])).collect();
        for &(lane, thread) in members {
            if let Some(want) = expected(&values, lane) {
                assert_eq!(got[thread], want, "{what}: thread {thread}, lane {lane}");
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "{what}: nothing checked");
}

/// Runs `body` (an expression of the thread's input `$x` and lane `$lane`) in a tiled kernel
/// over `$input`; returns the input, each thread's result and where each thread ran.
macro_rules! run {
    ($in:ty => $out:ty, $tile:literal, $input:expr, |$x:ident, $lane:ident| $($body:tt)*) => {{
        let data: Vec<$in> = $input;
        let n = data.len() as i32;
        let input = Array::new(n, &data).expect("input");
        let out = Array::<$out, 1>::filled(n, <$out>::default()).expect("output");
        let lanes = Array::<u32, 1>::filled(n, 0).expect("lanes");
        let groups = Array::<u32, 1>::filled(n, 0).expect("groups");
        let sizes = Array::<u32, 1>::filled(n, 0).expect("sizes");
        parallel_for_each!(input.extent().tile::<$tile>(), |t: TiledIndex<1>| {
            let $x = input[t];
            let $lane = subgroup::lane();
            out[t] = $($body)*;
            lanes[t] = $lane;
            groups[t] = (t.tile[0] as u32) * subgroup::count() + subgroup::id();
            sizes[t] = subgroup::size();
        })
        .expect(stringify!($($body)*));
        let lanes = Lanes {
            lane: lanes.to_vec().expect("lanes"),
            group: groups.to_vec().expect("groups"),
            size: sizes.to_vec().expect("sizes"),
        };
        (data, out.to_vec().expect("output"), lanes)
    }};
}

/// Host arithmetic of the values subgroups reduce (integers wrap, as on the accelerator).
trait Host: Copy + PartialEq + Debug + Default + 'static {
    fn add(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn min(self, o: Self) -> Self;
    fn max(self, o: Self) -> Self;
    const ZERO: Self;
    const ONE: Self;
    /// The identity of `min` (the greatest value) and of `max` (the least).
    const GREATEST: Self;
    const LEAST: Self;
    /// Test data whose sums and products are exact in any order.
    fn data(len: usize) -> Vec<Self>;
}

/// Host bit operations.
trait HostBits: Host {
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    const ONES: Self;
}

macro_rules! host_int {
    ($($t:ty: |$w:ident| $data:expr;)*) => {$(
        impl Host for $t {
            fn add(self, o: Self) -> Self { self.wrapping_add(o) }
            fn mul(self, o: Self) -> Self { self.wrapping_mul(o) }
            fn min(self, o: Self) -> Self { Ord::min(self, o) }
            fn max(self, o: Self) -> Self { Ord::max(self, o) }
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const GREATEST: Self = <$t>::MAX;
            const LEAST: Self = <$t>::MIN;
            fn data(len: usize) -> Vec<Self> {
                words(len).into_iter().map(|$w| $data).collect()
            }
        }
        impl HostBits for $t {
            fn and(self, o: Self) -> Self { self & o }
            fn or(self, o: Self) -> Self { self | o }
            fn xor(self, o: Self) -> Self { self ^ o }
            const ONES: Self = !0;
        }
    )*};
}
host_int! {
    i32: |w| (w % 2001) as i32 - 1000;
    u32: |w| w;
}

impl Host for f32 {
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn mul(self, o: Self) -> Self {
        self * o
    }
    fn min(self, o: Self) -> Self {
        self.min(o)
    }
    fn max(self, o: Self) -> Self {
        self.max(o)
    }
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    const GREATEST: Self = f32::INFINITY;
    const LEAST: Self = f32::NEG_INFINITY;
    fn data(len: usize) -> Vec<Self> {
        // Signed powers of two: sums and products of up to 128 are exact in any order.
        let values = [-2.0, -1.0, -0.5, 0.5, 1.0, 2.0];
        words(len)
            .into_iter()
            .map(|w| values[w as usize % values.len()])
            .collect()
    }
}

macro_rules! host_int4 {
    ($($f:ident),*) => {
        impl Host for Int4 {
            $(fn $f(self, o: Self) -> Self {
                Vector(std::array::from_fn(|k| <i32 as Host>::$f(self.0[k], o.0[k])))
            })*
            const ZERO: Self = Vector([0; 4]);
            const ONE: Self = Vector([1; 4]);
            const GREATEST: Self = Vector([i32::MAX; 4]);
            const LEAST: Self = Vector([i32::MIN; 4]);
            fn data(len: usize) -> Vec<Self> {
                let c = <i32 as Host>::data(len * 4);
                (0..len).map(|i| Vector([c[4 * i], c[4 * i + 1], c[4 * i + 2], c[4 * i + 3]])).collect()
            }
        }
        impl HostBits for Int4 {
            fn and(self, o: Self) -> Self {
                Vector(std::array::from_fn(|k| self.0[k] & o.0[k]))
            }
            fn or(self, o: Self) -> Self {
                Vector(std::array::from_fn(|k| self.0[k] | o.0[k]))
            }
            fn xor(self, o: Self) -> Self {
                Vector(std::array::from_fn(|k| self.0[k] ^ o.0[k]))
            }
            const ONES: Self = Vector([!0; 4]);
        }
    };
}
host_int4!(add, mul, min, max);

fn words(len: usize) -> Vec<u32> {
    crate::common::random_words(len, 20)
}

/// The fold of `f` over the members' values on lanes `lanes`.
fn fold<T: Copy>(
    members: &[(u32, T)],
    start: Option<T>,
    lanes: impl Fn(u32) -> bool,
    f: fn(T, T) -> T,
) -> Option<T> {
    members
        .iter()
        .filter(|m| lanes(m.0))
        .fold(start, |acc, m| Some(acc.map_or(m.1, |a| f(a, m.1))))
}

/// Every reduction and scan of add, mul, min and max on `T`, checked.
macro_rules! arithmetic {
    ($T:ty) => {{
        macro_rules! case {
                    ($f:ident, $what:literal, |$m:ident, $l:ident| $want:expr) => {{
                        let (data, got, lanes) =
                            run!($T => $T, 64, <$T as Host>::data(LEN), |x, lane| subgroup::$f(x));
                        check($what, &data, &got, &lanes, |$m, $l| $want);
                    }};
                }
        use Host as H;
        case!(reduce_add, "reduce_add", |m, _l| fold(
            m,
            None,
            |_| true,
            H::add
        ));
        case!(reduce_mul, "reduce_mul", |m, _l| fold(
            m,
            None,
            |_| true,
            H::mul
        ));
        case!(reduce_min, "reduce_min", |m, _l| fold(
            m,
            None,
            |_| true,
            H::min
        ));
        case!(reduce_max, "reduce_max", |m, _l| fold(
            m,
            None,
            |_| true,
            H::max
        ));
        case!(inclusive_add, "inclusive_add", |m, l| fold(
            m,
            None,
            |k| k <= l,
            H::add
        ));
        case!(inclusive_mul, "inclusive_mul", |m, l| fold(
            m,
            None,
            |k| k <= l,
            H::mul
        ));
        case!(inclusive_min, "inclusive_min", |m, l| fold(
            m,
            None,
            |k| k <= l,
            H::min
        ));
        case!(inclusive_max, "inclusive_max", |m, l| fold(
            m,
            None,
            |k| k <= l,
            H::max
        ));
        let zero = <$T as Host>::ZERO;
        let one = <$T as Host>::ONE;
        let (greatest, least) = (<$T as Host>::GREATEST, <$T as Host>::LEAST);
        case!(exclusive_add, "exclusive_add", |m, l| fold(
            m,
            Some(zero),
            |k| k < l,
            H::add
        ));
        case!(exclusive_mul, "exclusive_mul", |m, l| fold(
            m,
            Some(one),
            |k| k < l,
            H::mul
        ));
        case!(exclusive_min, "exclusive_min", |m, l| fold(
            m,
            Some(greatest),
            |k| k < l,
            H::min
        ));
        case!(exclusive_max, "exclusive_max", |m, l| fold(
            m,
            Some(least),
            |k| k < l,
            H::max
        ));
    }};
}

/// Every reduction and scan of and, or and xor on `T`, checked.
macro_rules! bits {
    ($T:ty) => {{
        macro_rules! case {
                    ($f:ident, $what:literal, |$m:ident, $l:ident| $want:expr) => {{
                        let (data, got, lanes) =
                            run!($T => $T, 64, <$T as Host>::data(LEN), |x, lane| subgroup::$f(x));
                        check($what, &data, &got, &lanes, |$m, $l| $want);
                    }};
                }
        use HostBits as B;
        let (ones, zero) = (<$T as HostBits>::ONES, <$T as Host>::ZERO);
        case!(reduce_and, "reduce_and", |m, _l| fold(
            m,
            None,
            |_| true,
            B::and
        ));
        case!(reduce_or, "reduce_or", |m, _l| fold(
            m,
            None,
            |_| true,
            B::or
        ));
        case!(reduce_xor, "reduce_xor", |m, _l| fold(
            m,
            None,
            |_| true,
            B::xor
        ));
        case!(inclusive_and, "inclusive_and", |m, l| fold(
            m,
            None,
            |k| k <= l,
            B::and
        ));
        case!(inclusive_or, "inclusive_or", |m, l| fold(
            m,
            None,
            |k| k <= l,
            B::or
        ));
        case!(inclusive_xor, "inclusive_xor", |m, l| fold(
            m,
            None,
            |k| k <= l,
            B::xor
        ));
        case!(exclusive_and, "exclusive_and", |m, l| fold(
            m,
            Some(ones),
            |k| k < l,
            B::and
        ));
        case!(exclusive_or, "exclusive_or", |m, l| fold(
            m,
            Some(zero),
            |k| k < l,
            B::or
        ));
        case!(exclusive_xor, "exclusive_xor", |m, l| fold(
            m,
            Some(zero),
            |k| k < l,
            B::xor
        ));
    }};
}

/// The value of lane `lane` among the members, if it exists.
fn at<T: Copy>(members: &[(u32, T)], lane: u32) -> Option<T> {
    members.iter().find(|m| m.0 == lane).map(|m| m.1)
}

/// One gather on `T`, checked.
macro_rules! gather_case {
    ($T:ty, $what:literal, |$x:ident, $lane:ident| {$($op:tt)*}, |$m:ident, $l:ident| $want:expr) => {{
        let (data, got, lanes) = run!($T => $T, 64, <$T as Host>::data(LEN), |$x, $lane| $($op)*);
        check($what, &data, &got, &lanes, |$m, $l| $want);
    }};
}

/// Every broadcast and shuffle on `T`, checked (`size`: lanes per subgroup).
macro_rules! gathers {
    ($T:ty, $size:expr) => {{
        let size: u32 = $size;
        macro_rules! case {
            ($what:literal, |$x:ident, $lane:ident| [$op:tt], |$m:ident, $l:ident| $want:expr) => {
                gather_case!($T, $what, |$x, $lane| $op, |$m, $l| $want)
            };
        }
        case!(
            "broadcast_first",
            |x, lane| [{ subgroup::broadcast_first(x) }],
            |m, _l| at(m, 0)
        );
        case!(
            "broadcast",
            |x, lane| [{ subgroup::broadcast(x, 1) }],
            |m, _l| at(m, 1)
        );
        case!(
            "shuffle",
            |x, lane| [{ subgroup::shuffle(x, (lane * 3 + 1) % subgroup::size()) }],
            |m, l| at(m, (l * 3 + 1) % size)
        );
        case!(
            "shuffle_xor",
            |x, lane| [{ subgroup::shuffle_xor(x, 1) }],
            |m, l| at(m, l ^ 1)
        );
        case!(
            "shuffle_xor by half the size",
            |x, lane| [{ subgroup::shuffle_xor(x, subgroup::size() / 2) }],
            |m, l| at(m, l ^ (size / 2))
        );
        case!(
            "shuffle_up",
            |x, lane| [{ subgroup::shuffle_up(x, 2) }],
            |m, l| { l.checked_sub(2).and_then(|k| at(m, k)) }
        );
        case!(
            "shuffle_down",
            |x, lane| [{ subgroup::shuffle_down(x, 1) }],
            |m, l| at(m, l + 1)
        );
    }};
}

/// The lanes per subgroup kernels get.
fn lanes_per_subgroup() -> u32 {
    let (_, _, lanes) = run!(u32 => u32, 64, vec![0; 64], |x, lane| x);
    lanes.size[0]
}

#[test]
fn reductions_and_scans_of_i32() {
    arithmetic!(i32);
    bits!(i32);
}

#[test]
fn reductions_and_scans_of_u32() {
    arithmetic!(u32);
    bits!(u32);
}

#[test]
fn reductions_and_scans_of_f32() {
    arithmetic!(f32);
}

#[test]
fn reductions_and_scans_of_int4_are_component_wise() {
    arithmetic!(Int4);
    bits!(Int4);
}

#[test]
fn broadcasts_and_shuffles() {
    let size = lanes_per_subgroup();
    gathers!(i32, size);
    gathers!(u32, size);
    gathers!(f32, size);
    gathers!(Int4, size);
}

#[test]
fn ballot_sets_bit_i_for_lane_i() {
    let (data, got, lanes) = run!(u32 => UInt4, 64, u32::data(LEN), |x, lane| {
        subgroup::ballot(x % 3 == 0)
    });
    check("ballot", &data, &got, &lanes, |m, _| {
        let mut mask = [0u32; 4];
        for &(lane, x) in m {
            if x % 3 == 0 {
                mask[lane as usize / 32] |= 1 << (lane % 32);
            }
        }
        Some(Vector(mask))
    });
    // Lane i alone: exactly bit i.
    let (data, got, lanes) = run!(u32 => UInt4, 64, u32::data(LEN), |x, lane| {
        subgroup::ballot(lane == 3)
    });
    check("ballot of lane 3", &data, &got, &lanes, |_, _| {
        Some(Vector([8, 0, 0, 0]))
    });
}

#[test]
fn all_and_any_vote_over_the_subgroup() {
    // Most subgroups have some odd and some even values; the first has only odd ones.
    let mut input = u32::data(LEN);
    for v in &mut input[..TILE / 2] {
        *v |= 1;
    }
    let (data, got, lanes) = run!(u32 => bool, 64, input.clone(), |x, lane| {
        subgroup::all(x % 2 == 1)
    });
    check("all", &data, &got, &lanes, |m, _| {
        Some(m.iter().all(|v| v.1 % 2 == 1))
    });
    assert!(got.iter().any(|&v| v) && got.iter().any(|&v| !v));
    let (data, got, lanes) = run!(u32 => bool, 64, input, |x, lane| {
        subgroup::any(x % 2 == 0)
    });
    check("any", &data, &got, &lanes, |m, _| {
        Some(m.iter().any(|v| v.1 % 2 == 0))
    });
}

#[test]
fn subgroup_size_is_what_kernels_read() {
    let acc = Accelerator::default().expect("accelerator");
    let Some(range) = acc.subgroup_size() else {
        panic!("{} reports no subgroups", acc.description());
    };
    assert!(4 <= *range.start() && range.start() <= range.end() && *range.end() <= 128);
    let (_, _, lanes) = run!(u32 => u32, 64, u32::data(LEN), |x, lane| x);
    let size = lanes.size[0];
    assert!(range.contains(&size), "{size} in {range:?}");
    assert!(lanes.size.iter().all(|&s| s == size));
    // Full tiles: every subgroup has `size` lanes, `64 / size` per tile.
    for members in lanes.members().values() {
        assert_eq!(members.len() as u32, std::cmp::min(size, TILE as u32));
    }
}

#[test]
fn a_tile_smaller_than_a_subgroup_is_one_partial_subgroup() {
    // Tiles of 4 threads: on lavapipe (8 lanes) each tile is one subgroup of lanes 0..4; the
    // others do not exist and take no part.
    let (data, got, lanes) = run!(i32 => i32, 4, i32::data(64), |x, lane| {
        subgroup::reduce_add(x) + subgroup::inclusive_max(x) * 0
    });
    let size = lanes.size[0];
    for members in lanes.members().values() {
        assert_eq!(members.len() as u32, std::cmp::min(size, 4));
    }
    check("partial reduce_add", &data, &got, &lanes, |m, _| {
        fold(m, None, |_| true, Host::add)
    });
    let (data, got, lanes) = run!(i32 => i32, 4, i32::data(64), |x, lane| {
        subgroup::exclusive_max(x)
    });
    check("partial exclusive_max", &data, &got, &lanes, |m, l| {
        fold(m, Some(i32::MIN), |k| k < l, Host::max)
    });
    let (data, got, lanes) = run!(i32 => UInt4, 4, i32::data(64), |x, lane| {
        subgroup::ballot(true)
    });
    check("partial ballot", &data, &got, &lanes, |m, _| {
        Some(Vector([(1u32 << m.len()) - 1, 0, 0, 0]))
    });
}

/// A device function reading the lane and reducing: device functions see the built-ins too.
#[kernel]
fn lane_weighted_sum(x: i32) -> i32 {
    subgroup::reduce_add(x * (subgroup::lane() as i32 + 1))
}

#[test]
fn kernel_functions_use_subgroup_operations() {
    let (data, got, lanes) = run!(i32 => i32, 64, i32::data(LEN), |x, lane| {
        lane_weighted_sum(x)
    });
    check("lane_weighted_sum", &data, &got, &lanes, |m, _| {
        Some(m.iter().map(|&(l, x)| x * (l as i32 + 1)).sum())
    });
}

#[test]
fn subgroup_barrier_orders_tile_static_memory_within_a_subgroup() {
    let acc = Accelerator::default().expect("accelerator");
    if !acc.supports_subgroup_barrier() {
        return;
    }
    let (data, got, lanes) = run!(i32 => i32, 64, i32::data(LEN), |x, lane| {
        exchange(x)
    });
    check(
        "exchange through tile_static",
        &data,
        &got,
        &lanes,
        |m, l| at(m, l ^ 1),
    );
}

/// Each lane's value read back by lane `lane ^ 1` of its subgroup, through tile_static memory.
#[kernel]
fn exchange(x: i32) -> i32 {
    #[tile_static]
    let mut slots: [i32; 128];
    let first = subgroup::id() * subgroup::size();
    slots[(first + subgroup::lane()) as i32] = x;
    subgroup::barrier();
    slots[(first + (subgroup::lane() ^ 1)) as i32]
}

/// The kernel error of a failed launch, its message and line.
fn build_error(result: Result<(), Error>) -> (String, u32) {
    match result {
        Err(Error::Kernel(KernelError::Build { message, loc, .. })) => (message, loc.line),
        other => panic!("expected a build error, got {other:?}"),
    }
}

/// Reduces under the condition it is given.
#[kernel]
fn sum_of(x: i32) -> i32 {
    subgroup::reduce_add(x)
}

#[test]
fn subgroup_operations_under_non_uniform_control_are_rejected() {
    let data = vec![1; 64];
    let view = Array::new(64, &data).expect("view");
    // A condition on memory.
    let line = line!() + 3;
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        if view[0] > 5 {
            view[t] = subgroup::reduce_add(1);
        }
    });
    let (message, at) = build_error(result);
    assert_eq!(at, line, "{message}");
    assert!(message.contains("`subgroup::reduce_add`"), "{message}");
    assert!(message.contains("not tile-uniform"), "{message}");
    // A function that reduces, called under a condition on the index.
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        if t.local[0] < 8 {
            view[t] = sum_of(1);
        }
    });
    let (message, _) = build_error(result);
    assert!(message.contains("a call to `sum_of`"), "{message}");
    // Conditions on the index or on a subgroup's result are compile errors
    // (tests/ui/tiles/divergent_subgroups.rs).
}

#[test]
fn subgroup_operations_under_uniform_control_are_accepted() {
    let data = vec![1; 64];
    let view = Array::new(64, &data).expect("view");
    let rounds = 3;
    parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        let mut x = view[t];
        for _ in 0..rounds {
            x = subgroup::reduce_add(x);
        }
        if t.tile[0] == 1 {
            x = subgroup::reduce_min(x);
        }
        if subgroup::size() > 1 {
            x = subgroup::shuffle_down(x, 0);
        }
        view[t] = x;
    })
    .expect("uniform control");
    let size = Array::<u32, 1>::filled(1, 0).expect("size");
    parallel_for_each!(Extent::new([16]).tile::<16>(), |t: TiledIndex<1>| {
        if t.local[0] == 0 {
            size[0] = subgroup::size();
        }
    })
    .expect("size");
    let n = size.to_vec().expect("size")[0] as i32;
    let group = std::cmp::min(16, n);
    let want = group * group * group;
    assert_eq!(view.to_vec().expect("data"), vec![want; 64]);
}

#[test]
fn subgroup_operations_need_a_tiled_kernel() {
    let data = vec![1; 64];
    let view = Array::new(64, &data).expect("view");
    let line = line!() + 2;
    let result = parallel_for_each!(view.extent(), |i: Index<1>| {
        view[i] = subgroup::reduce_add(view[i]);
    });
    let (message, at) = build_error(result);
    assert_eq!(at, line, "{message}");
    assert!(
        message.contains("`subgroup::reduce_add` in an untiled kernel"),
        "{message}"
    );
}

/// The launch error on a device without `feature` (hidden by the test hook) of a kernel whose
/// first subgroup operation is at `line`.
fn unsupported(result: Result<(), Error>, line: u32, operation: &str) {
    let Err(Error::UnsupportedFeature(FeatureError::Kernel(KernelError::Unsupported {
        kernel,
        feature,
    }))) = result
    else {
        panic!("expected an unsupported feature, got {result:?}");
    };
    assert!(
        kernel.starts_with("parallel_for_each at") && kernel.contains("subgroup.rs"),
        "{kernel}"
    );
    assert!(feature.contains(operation), "{feature}");
    assert!(
        feature.contains(&format!("subgroup.rs:{line}:")),
        "{feature}"
    );
}

#[test]
fn a_device_without_subgroups_reports_the_operation() {
    // The hidden feature is read when the device is opened: a process of its own.
    if ran_in_own_process() {
        return;
    }
    std::env::set_var("AMP_HIDE_FEATURES", "SUBGROUP");
    let acc = Accelerator::default().expect("accelerator");
    assert_eq!(acc.subgroup_size(), None);
    let view = Array::<i32, 1>::filled(64, 1).expect("view");
    let line = line!() + 3;
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        let x = view[t];
        view[t] = subgroup::inclusive_add(x);
    });
    unsupported(result, line, "`subgroup::inclusive_add`");
}

#[test]
fn a_device_without_subgroup_barriers_reports_the_barrier() {
    if ran_in_own_process() {
        return;
    }
    std::env::set_var("AMP_HIDE_FEATURES", "SUBGROUP_BARRIER");
    let acc = Accelerator::default().expect("accelerator");
    assert!(!acc.supports_subgroup_barrier());
    let view = Array::<i32, 1>::filled(64, 1).expect("view");
    let line = line!() + 3;
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        view[t] = subgroup::reduce_add(view[t]);
        subgroup::barrier();
    });
    unsupported(result, line, "`subgroup::barrier`");
}
