//! Subgroup operations in kernels (`amp::subgroup`): the threads of a tile run in subgroups of
//! [`size()`] lanes (CUDA's warps, HLSL's waves, SYCL's sub-groups), which exchange values and
//! reduce or scan them without tile_static memory or barriers.
//!
//! Each function is called in a kernel like any function: `subgroup::reduce_add(x)`. Each is a
//! function item `fn<A: KernelOnly<Marker>>(x: A) -> Marker` (kernels name it with `KernelArg`;
//! a host call is an error saying that it runs only in kernels) whose marker emits one naga
//! subgroup statement (the scans of min, max, and, or and xor, which naga lacks, are
//! `log2(size)` shuffles), so the kernel calls no helper function.
//!
//! Rules (LANGUAGE.md, "Subgroups", says why):
//! - Subgroup operations need a tiled kernel; in an untiled one they are a build error naming
//!   the operation and its line.
//! - Every subgroup operation is reached under tile-uniform control flow, like a tile barrier:
//!   then every lane of every subgroup takes part. Their results are not tile-uniform (the
//!   reductions, `all`, `any` and the broadcasts are the same across one subgroup only), except
//!   [`size()`] and [`count()`].
//! - The accelerator needs subgroups (`Accelerator::subgroup_size`), and subgroup barriers for
//!   [`barrier()`]; a kernel using them elsewhere fails to launch with
//!   `Error::UnsupportedFeature` naming the kernel and the operation.
//! - A tile whose thread count is not a multiple of the subgroup size ends in a partial
//!   subgroup: its lanes `0..tile_threads - id() * size()` exist, and only they take part.

use crate::builder::{DeviceFn, KernelBuilder, KernelValue, SubgroupBuiltin};
use crate::short_vector::{Component, UInt4, Vector};
use crate::types::{type_of, Value};
use naga::{
    BinaryOperator, CollectiveOperation, Expression, GatherMode, Handle, Literal, MathFunction,
    Scalar as NagaScalar, ScalarKind, SubgroupOperation,
};

/// The values subgroup operations exchange, add, multiply and compare: `i32`, `u32`, `f32`,
/// `f64`, `i64`, `u64` (where the accelerator has them) and short vectors of the first four
/// (component-wise).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be exchanged or reduced across a subgroup",
    label = "takes a number or a short vector",
    note = "subgroup shuffles, broadcasts and add/mul/min/max reductions and scans take i32, u32, f32 (f64, i64, u64 where the accelerator has them) and short vectors of them (Float4, Int2, ...); for `bool` use `subgroup::all`, `subgroup::any` or `subgroup::ballot`"
)]
pub trait SubgroupNumber: Value {
    /// The scalar (of each component).
    const SCALAR: NagaScalar;
}

/// The values subgroup bit operations (`reduce_and`, `reduce_or`, `reduce_xor` and their scans)
/// take: `i32`, `u32`, `i64`, `u64` and short vectors of `i32` or `u32`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no bit operations across a subgroup",
    label = "takes an integer or an integer vector",
    note = "subgroup and/or/xor take i32, u32 (i64, u64 where the accelerator has them) and Int2..Int4, UInt2..UInt4; for `bool` use `subgroup::all` and `subgroup::any`"
)]
pub trait SubgroupBits: SubgroupNumber {}

macro_rules! subgroup_scalars {
    ($($t:ty: $naga:expr, bits $bits:tt;)*) => {$(
        impl SubgroupNumber for $t {
            const SCALAR: NagaScalar = $naga;
        }
        subgroup_scalars!(@bits $t, $bits);
    )*};
    (@bits $t:ty, true) => { impl SubgroupBits for $t {} };
    (@bits $t:ty, false) => {};
}
subgroup_scalars! {
    i32: NagaScalar::I32, bits true;
    u32: NagaScalar::U32, bits true;
    f32: NagaScalar::F32, bits false;
    i64: NagaScalar::I64, bits true;
    u64: NagaScalar::U64, bits true;
    f64: NagaScalar::F64, bits false;
}

impl<T: Component + SubgroupNumber, const N: usize> SubgroupNumber for Vector<T, N>
where
    Vector<T, N>: Value,
{
    const SCALAR: NagaScalar = <T as SubgroupNumber>::SCALAR;
}
impl<const N: usize> SubgroupBits for Vector<i32, N> where Vector<i32, N>: Value {}
impl<const N: usize> SubgroupBits for Vector<u32, N> where Vector<u32, N>: Value {}

macro_rules! builtins {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident => $which:ident; )*) => {$(
        crate::builder::builtin_fn!($(#[$doc])* $name / $marker ());

        impl DeviceFn<()> for $marker {
            type Output = KernelValue<u32>;
            fn call(&self, b: &mut KernelBuilder, (): ()) -> KernelValue<u32> {
                KernelValue::from_handle(b.subgroup_builtin(SubgroupBuiltin::$which, stringify!($name)))
            }
        }
    )*};
}

builtins! {
    /// The thread's lane in its subgroup, `0..size()` (CUDA `threadIdx.x % warpSize`, HLSL
    /// `WaveGetLaneIndex`, SYCL `get_local_linear_id`). Which threads of a tile share a
    /// subgroup is the accelerator's choice: address lanes by `lane()` and `id()`, not by the
    /// local index.
    lane / Lane => Lane;
    /// Lanes per subgroup: a power of two from 4 to 128, the same for the whole launch (CUDA
    /// `warpSize`, HLSL `WaveGetLaneCount`, SYCL `get_max_local_range`). Tile-uniform.
    size / Size => Size;
    /// The subgroup's index in its tile, `0..count()` (SYCL `get_group_linear_id`).
    id / Id => Id;
    /// Subgroups per tile: the tile's threads divided by `size()`, rounded up (SYCL
    /// `get_group_linear_range`). Tile-uniform.
    count / Count => Count;
}

crate::builder::builtin_fn!(
    /// The lanes whose `predicate` holds, as a 128-bit mask: bit `i % 32` of component `i / 32`
    /// is lane `i`'s predicate (CUDA `__ballot_sync`, HLSL `WaveActiveBallot`, SYCL
    /// `group_ballot`). Lanes that do not exist (past a partial subgroup's end, or past
    /// `size()`) are zero.
    ballot / Ballot (predicate)
);

impl DeviceFn<(KernelValue<bool>,)> for Ballot {
    type Output = KernelValue<UInt4>;
    fn call(&self, b: &mut KernelBuilder, (p,): (KernelValue<bool>,)) -> KernelValue<UInt4> {
        b.note_subgroup_op("ballot");
        KernelValue::from_handle(b.subgroup_ballot(p.handle()))
    }
}

macro_rules! votes {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident => $op:ident; )*) => {$(
        crate::builder::builtin_fn!($(#[$doc])* $name / $marker (p));

        impl DeviceFn<(KernelValue<bool>,)> for $marker {
            type Output = KernelValue<bool>;
            fn call(&self, b: &mut KernelBuilder, (p,): (KernelValue<bool>,)) -> KernelValue<bool> {
                b.note_subgroup_op(stringify!($name));
                let ty = type_of::<bool>(b);
                KernelValue::from_handle(b.subgroup_collective(
                    SubgroupOperation::$op,
                    CollectiveOperation::Reduce,
                    p.handle(),
                    ty,
                ))
            }
        }
    )*};
}

votes! {
    /// Whether `predicate` holds on every lane of the subgroup (CUDA `__all_sync`, HLSL
    /// `WaveActiveAllTrue`, SYCL `all_of_group`).
    all / All => All;
    /// Whether `predicate` holds on some lane of the subgroup (CUDA `__any_sync`, HLSL
    /// `WaveActiveAnyTrue`, SYCL `any_of_group`).
    any / Any => Any;
}

crate::builder::builtin_fn!(
    /// `value` of the subgroup's lowest lane (HLSL `WaveReadLaneFirst`, SYCL
    /// `group_broadcast(sg, x)`).
    broadcast_first / BroadcastFirst (x)
);

impl<T: SubgroupNumber> DeviceFn<(KernelValue<T>,)> for BroadcastFirst {
    type Output = KernelValue<T>;
    fn call(&self, b: &mut KernelBuilder, (v,): (KernelValue<T>,)) -> KernelValue<T> {
        b.note_subgroup_op("broadcast_first");
        let ty = type_of::<T>(b);
        KernelValue::from_handle(b.subgroup_gather(GatherMode::BroadcastFirst, v.handle(), ty))
    }
}

crate::builder::builtin_fn!(
    /// `value` of lane `lane`, a literal (`broadcast(x, 0)`), on every lane (CUDA
    /// `__shfl_sync(mask, x, lane)` with a constant lane, HLSL `WaveReadLaneAt`, SYCL
    /// `group_broadcast(sg, x, lane)`). A lane computed at run time is `shuffle`.
    broadcast / Broadcast (x, lane)
);

impl<T: SubgroupNumber> DeviceFn<(KernelValue<T>, KernelValue<u32>)> for Broadcast {
    type Output = KernelValue<T>;
    fn call(
        &self,
        b: &mut KernelBuilder,
        (v, lane): (KernelValue<T>, KernelValue<u32>),
    ) -> KernelValue<T> {
        b.note_subgroup_op("broadcast");
        if !b.is_const_expr(lane.handle()) {
            b.error(
                "the lane of `subgroup::broadcast` must be a literal (`broadcast(x, 0)`): the \
                 accelerator broadcasts from a lane fixed when the kernel is compiled; use \
                 `subgroup::shuffle(x, lane)` for a lane computed at run time",
            );
        }
        let ty = type_of::<T>(b);
        KernelValue::from_handle(b.subgroup_gather(
            GatherMode::Broadcast(lane.handle()),
            v.handle(),
            ty,
        ))
    }
}

macro_rules! gathers {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident => $mode:ident; )*) => {$(
        crate::builder::builtin_fn!($(#[$doc])* $name / $marker (x, lane));

        impl<T: SubgroupNumber> DeviceFn<(KernelValue<T>, KernelValue<u32>)> for $marker {
            type Output = KernelValue<T>;
            fn call(
                &self,
                b: &mut KernelBuilder,
                (v, k): (KernelValue<T>, KernelValue<u32>),
            ) -> KernelValue<T> {
                b.note_subgroup_op(stringify!($name));
                let ty = type_of::<T>(b);
                KernelValue::from_handle(b.subgroup_gather(GatherMode::$mode(k.handle()), v.handle(), ty))
            }
        }
    )*};
}

gathers! {
    /// `value` of lane `lane` (CUDA `__shfl_sync`, HLSL `WaveReadLaneAt`, SYCL
    /// `select_from_group`). A lane that does not exist gives an unspecified value.
    shuffle / Shuffle => Shuffle;
    /// `value` of lane `lane() ^ mask` (CUDA `__shfl_xor_sync`, SYCL `permute_group_by_xor`):
    /// the butterfly of reductions and sorting networks.
    shuffle_xor / ShuffleXor => ShuffleXor;
    /// `value` of lane `lane() - delta` (CUDA `__shfl_up_sync`, SYCL `shift_group_right`);
    /// unspecified on lanes below `delta`.
    shuffle_up / ShuffleUp => ShuffleUp;
    /// `value` of lane `lane() + delta` (CUDA `__shfl_down_sync`, SYCL `shift_group_left`);
    /// unspecified where that lane does not exist.
    shuffle_down / ShuffleDown => ShuffleDown;
}

/// How one operation combines two values, for the scans naga has no statement for.
#[derive(Clone, Copy)]
enum Combine {
    Min,
    Max,
    And,
    Or,
    Xor,
}

impl Combine {
    fn apply(
        self,
        b: &mut KernelBuilder,
        x: Handle<Expression>,
        y: Handle<Expression>,
    ) -> Handle<Expression> {
        let math = |b: &mut KernelBuilder, fun| {
            b.append(Expression::Math {
                fun,
                arg: x,
                arg1: Some(y),
                arg2: None,
                arg3: None,
            })
        };
        match self {
            Combine::Min => math(b, MathFunction::Min),
            Combine::Max => math(b, MathFunction::Max),
            Combine::And => b.binary(BinaryOperator::And, x, y),
            Combine::Or => b.binary(BinaryOperator::InclusiveOr, x, y),
            Combine::Xor => b.binary(BinaryOperator::ExclusiveOr, x, y),
        }
    }

    /// The value `x` combines with to give `x`: the exclusive scan's value at lane 0.
    fn identity<T: SubgroupNumber>(self, b: &mut KernelBuilder) -> Handle<Expression> {
        let s = T::SCALAR;
        let wide = s.width == 8;
        let scalar = match (self, s.kind) {
            (Combine::Or | Combine::Xor, _) => {
                let ty = b.intern_type(naga::TypeInner::Scalar(s));
                b.append(Expression::ZeroValue(ty))
            }
            (Combine::And, _) => b.append(Expression::Literal(all_ones(s))),
            (Combine::Min | Combine::Max, ScalarKind::Float) => {
                let infinity = match self {
                    Combine::Min => f64::INFINITY,
                    _ => f64::NEG_INFINITY,
                };
                b.literal_expr(if wide {
                    Literal::F64(infinity)
                } else {
                    Literal::F32(infinity as f32)
                })
            }
            (Combine::Min, kind) => b.append(Expression::Literal(extreme(kind, wide, true))),
            (Combine::Max, kind) => b.append(Expression::Literal(extreme(kind, wide, false))),
        };
        let ty = type_of::<T>(b);
        match b.module.types[ty].inner {
            naga::TypeInner::Vector { size, .. } => b.append(Expression::Splat {
                size,
                value: scalar,
            }),
            _ => scalar,
        }
    }
}

/// The integer of `scalar`'s type with every bit set.
fn all_ones(scalar: NagaScalar) -> Literal {
    match (scalar.kind, scalar.width) {
        (ScalarKind::Sint, 8) => Literal::I64(-1),
        (ScalarKind::Sint, _) => Literal::I32(-1),
        (_, 8) => Literal::U64(u64::MAX),
        _ => Literal::U32(u32::MAX),
    }
}

/// The largest (`max`) or smallest integer of a kind and width.
fn extreme(kind: ScalarKind, wide: bool, max: bool) -> Literal {
    match (kind, wide, max) {
        (ScalarKind::Sint, false, true) => Literal::I32(i32::MAX),
        (ScalarKind::Sint, false, false) => Literal::I32(i32::MIN),
        (ScalarKind::Sint, true, true) => Literal::I64(i64::MAX),
        (ScalarKind::Sint, true, false) => Literal::I64(i64::MIN),
        (_, false, true) => Literal::U32(u32::MAX),
        (_, false, false) => Literal::U32(0),
        (_, true, true) => Literal::U64(u64::MAX),
        (_, true, false) => Literal::U64(0),
    }
}

/// The largest subgroup any accelerator has (Vulkan allows up to 128 lanes).
const MAX_SUBGROUP_SIZE: u32 = 128;

/// An inclusive or exclusive scan of `op` by shuffles: `log2(size())` steps, each lane
/// combining its value with that of the lane `d` below it (Hillis–Steele), for the operations
/// naga has no scan statement for.
fn scan_by_shuffles<T: SubgroupNumber>(
    b: &mut KernelBuilder,
    name: &'static str,
    op: Combine,
    value: KernelValue<T>,
    inclusive: bool,
) -> KernelValue<T> {
    b.note_subgroup_op(name);
    let ty = type_of::<T>(b);
    let lane = b.subgroup_builtin(SubgroupBuiltin::Lane, name);
    let size = b.subgroup_builtin(SubgroupBuiltin::Size, name);
    let acc = b.var_uninit::<T>(None);
    b.store(acc, value);
    let mut d = 1;
    while d < MAX_SUBGROUP_SIZE {
        let delta = b.append(Expression::Literal(Literal::U32(d)));
        // `size()` is tile-uniform: every lane takes the same steps.
        let more = b.binary(BinaryOperator::Less, delta, size);
        b.begin_if(KernelValue::from_handle(more));
        let x = b.load(acc).handle();
        let below = b.subgroup_gather(GatherMode::ShuffleUp(delta), x, ty);
        let combined = op.apply(b, x, below);
        let has_below = b.binary(BinaryOperator::GreaterEqual, lane, delta);
        let next = b.append(Expression::Select {
            condition: has_below,
            accept: combined,
            reject: x,
        });
        b.store(acc, KernelValue::from_handle(next));
        b.end_if();
        d *= 2;
    }
    let scan = b.load(acc).handle();
    if inclusive {
        return KernelValue::from_handle(scan);
    }
    let one = b.append(Expression::Literal(Literal::U32(1)));
    let previous = b.subgroup_gather(GatherMode::ShuffleUp(one), scan, ty);
    let identity = op.identity::<T>(b);
    let first = b.append(Expression::Literal(Literal::U32(0)));
    let has_previous = b.binary(BinaryOperator::NotEqual, lane, first);
    KernelValue::from_handle(b.append(Expression::Select {
        condition: has_previous,
        accept: previous,
        reject: identity,
    }))
}

macro_rules! collectives {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident: $bound:ident => $op:ident, $kind:ident; )*) => {$(
        crate::builder::builtin_fn!($(#[$doc])* $name / $marker (x));

        impl<T: $bound> DeviceFn<(KernelValue<T>,)> for $marker {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, (v,): (KernelValue<T>,)) -> KernelValue<T> {
                b.note_subgroup_op(stringify!($name));
                let ty = type_of::<T>(b);
                KernelValue::from_handle(b.subgroup_collective(
                    SubgroupOperation::$op,
                    CollectiveOperation::$kind,
                    v.handle(),
                    ty,
                ))
            }
        }
    )*};
}

collectives! {
    /// The sum over the subgroup's lanes (CUDA `__reduce_add_sync`/`cub::WarpReduce::Sum`, HLSL
    /// `WaveActiveSum`, SYCL `reduce_over_group(sg, x, plus)`). Float sums are in the
    /// accelerator's order.
    reduce_add / ReduceAdd: SubgroupNumber => Add, Reduce;
    /// The product over the subgroup's lanes (HLSL `WaveActiveProduct`).
    reduce_mul / ReduceMul: SubgroupNumber => Mul, Reduce;
    /// The least value over the subgroup's lanes (CUDA `__reduce_min_sync`, HLSL `WaveActiveMin`).
    reduce_min / ReduceMin: SubgroupNumber => Min, Reduce;
    /// The greatest value over the subgroup's lanes (CUDA `__reduce_max_sync`, HLSL
    /// `WaveActiveMax`).
    reduce_max / ReduceMax: SubgroupNumber => Max, Reduce;
    /// The bitwise and over the subgroup's lanes (CUDA `__reduce_and_sync`, HLSL
    /// `WaveActiveBitAnd`).
    reduce_and / ReduceAnd: SubgroupBits => And, Reduce;
    /// The bitwise or over the subgroup's lanes (CUDA `__reduce_or_sync`, HLSL
    /// `WaveActiveBitOr`).
    reduce_or / ReduceOr: SubgroupBits => Or, Reduce;
    /// The bitwise xor over the subgroup's lanes (CUDA `__reduce_xor_sync`, HLSL
    /// `WaveActiveBitXor`).
    reduce_xor / ReduceXor: SubgroupBits => Xor, Reduce;
    /// The sum over lanes `0..=lane()` (`cub::WarpScan::InclusiveSum`, HLSL
    /// `WavePrefixSum(x) + x`, SYCL `inclusive_scan_over_group`).
    inclusive_add / InclusiveAdd: SubgroupNumber => Add, InclusiveScan;
    /// The product over lanes `0..=lane()`.
    inclusive_mul / InclusiveMul: SubgroupNumber => Mul, InclusiveScan;
    /// The sum over lanes `0..lane()`, 0 on lane 0 (`cub::WarpScan::ExclusiveSum`, HLSL
    /// `WavePrefixSum`, SYCL `exclusive_scan_over_group`).
    exclusive_add / ExclusiveAdd: SubgroupNumber => Add, ExclusiveScan;
    /// The product over lanes `0..lane()`, 1 on lane 0 (HLSL `WavePrefixProduct`).
    exclusive_mul / ExclusiveMul: SubgroupNumber => Mul, ExclusiveScan;
}

macro_rules! shuffle_scans {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident: $bound:ident => $op:ident, $inclusive:literal; )*) => {$(
        crate::builder::builtin_fn!($(#[$doc])* $name / $marker (x));

        impl<T: $bound> DeviceFn<(KernelValue<T>,)> for $marker {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, (v,): (KernelValue<T>,)) -> KernelValue<T> {
                scan_by_shuffles(b, stringify!($name), Combine::$op, v, $inclusive)
            }
        }
    )*};
}

shuffle_scans! {
    /// The least value over lanes `0..=lane()` (`cub::WarpScan::InclusiveScan` with `Min`).
    inclusive_min / InclusiveMin: SubgroupNumber => Min, true;
    /// The greatest value over lanes `0..=lane()`.
    inclusive_max / InclusiveMax: SubgroupNumber => Max, true;
    /// The bitwise and over lanes `0..=lane()`.
    inclusive_and / InclusiveAnd: SubgroupBits => And, true;
    /// The bitwise or over lanes `0..=lane()`.
    inclusive_or / InclusiveOr: SubgroupBits => Or, true;
    /// The bitwise xor over lanes `0..=lane()`.
    inclusive_xor / InclusiveXor: SubgroupBits => Xor, true;
    /// The least value over lanes `0..lane()`; the type's greatest value (`+inf` for floats)
    /// on lane 0.
    exclusive_min / ExclusiveMin: SubgroupNumber => Min, false;
    /// The greatest value over lanes `0..lane()`; the type's least value (`-inf` for floats)
    /// on lane 0.
    exclusive_max / ExclusiveMax: SubgroupNumber => Max, false;
    /// The bitwise and over lanes `0..lane()`; all ones on lane 0.
    exclusive_and / ExclusiveAnd: SubgroupBits => And, false;
    /// The bitwise or over lanes `0..lane()`; 0 on lane 0.
    exclusive_or / ExclusiveOr: SubgroupBits => Or, false;
    /// The bitwise xor over lanes `0..lane()`; 0 on lane 0.
    exclusive_xor / ExclusiveXor: SubgroupBits => Xor, false;
}

crate::builder::builtin_fn!(
    /// Waits until every lane of the subgroup gets here, and orders their memory accesses
    /// around it at subgroup scope (CUDA `__syncwarp`, SYCL `group_barrier(sg)`). Needs an
    /// accelerator with subgroup barriers.
    barrier / Barrier ()
);

impl DeviceFn<()> for Barrier {
    type Output = ();
    fn call(&self, b: &mut KernelBuilder, (): ()) {
        b.subgroup_barrier();
    }
}
