//! How a value of a naga type lies in registers (its scalars one after another, one row each,
//! two for 64-bit scalars) and in memory (naga's WGSL layout: member offsets, array and matrix
//! column strides).

use super::CompileError;
use naga::{ScalarKind, TypeInner, VectorSize};

/// A scalar type as the executor knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sc {
    Bool,
    F16,
    F32,
    F64,
    I32,
    U32,
    I64,
    U64,
}

impl Sc {
    /// The executor's scalar for naga's, or what it lacks.
    pub fn of(s: naga::Scalar) -> Result<Sc, CompileError> {
        Ok(match (s.kind, s.width) {
            (ScalarKind::Bool, _) => Sc::Bool,
            (ScalarKind::Float, 2) => Sc::F16,
            (ScalarKind::Float, 4) => Sc::F32,
            (ScalarKind::Float, 8) => Sc::F64,
            (ScalarKind::Sint, 4) => Sc::I32,
            (ScalarKind::Uint, 4) => Sc::U32,
            (ScalarKind::Sint, 8) => Sc::I64,
            (ScalarKind::Uint, 8) => Sc::U64,
            (kind, width) => {
                return Err(CompileError {
                    what: format!("{width}-byte {kind:?} values"),
                });
            }
        })
    }

    /// Register rows.
    pub fn rows(self) -> u32 {
        match self {
            Sc::F64 | Sc::I64 | Sc::U64 => 2,
            _ => 1,
        }
    }

    /// Bytes in memory.
    pub fn bytes(self) -> u32 {
        match self {
            Sc::Bool => 1,
            Sc::F16 => 2,
            Sc::F32 | Sc::I32 | Sc::U32 => 4,
            Sc::F64 | Sc::I64 | Sc::U64 => 8,
        }
    }
}

/// One scalar of a value: its first register row (relative to the value's) and its byte offset
/// in memory (relative to the value's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Leaf {
    pub row: u32,
    pub at: u32,
    pub bytes: u32,
}

/// Components of a vector size.
pub(super) fn n(size: VectorSize) -> u32 {
    size as u32
}

/// A matrix column's stride in bytes.
pub(super) fn column_stride(rows: VectorSize, width: u8) -> u32 {
    let rows = if rows == VectorSize::Tri { 4 } else { n(rows) };
    rows * u32::from(width)
}

/// The scalar of a scalar, vector or matrix (or atomic).
pub(super) fn scalar_of(inner: &TypeInner) -> Option<naga::Scalar> {
    match *inner {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => Some(s),
        TypeInner::Vector { scalar, .. } | TypeInner::Matrix { scalar, .. } => Some(scalar),
        TypeInner::ValuePointer { scalar, .. } => Some(scalar),
        _ => None,
    }
}

/// Register rows of a value.
pub(super) fn rows(
    types: &naga::UniqueArena<naga::Type>,
    inner: &TypeInner,
) -> Result<u32, CompileError> {
    Ok(match *inner {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => Sc::of(s)?.rows(),
        TypeInner::Vector { size, scalar } => n(size) * Sc::of(scalar)?.rows(),
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => n(columns) * n(rows) * Sc::of(scalar)?.rows(),
        // A texture or sampler handle: its slot.
        TypeInner::Pointer { .. }
        | TypeInner::ValuePointer { .. }
        | TypeInner::Image { .. }
        | TypeInner::Sampler { .. } => 1,
        TypeInner::Array { base, size, .. } => match size {
            naga::ArraySize::Constant(len) => len.get() * self::rows(types, &types[base].inner)?,
            _ => {
                return Err(CompileError {
                    what: "a runtime-sized array held as a value".into(),
                });
            }
        },
        TypeInner::Struct { ref members, .. } => {
            let mut total = 0;
            for m in members {
                total += self::rows(types, &types[m.ty].inner)?;
            }
            total
        }
        ref other => return Err(unsupported_type(other)),
    })
}

/// Appends the leaves of a value of `inner` whose first row is `row` and first byte is `at`.
pub(super) fn leaves(
    types: &naga::UniqueArena<naga::Type>,
    inner: &TypeInner,
    row: &mut u32,
    at: u32,
    out: &mut Vec<Leaf>,
) -> Result<(), CompileError> {
    let scalar = |s: naga::Scalar, at: u32, row: &mut u32, out: &mut Vec<Leaf>| {
        let sc = Sc::of(s)?;
        out.push(Leaf {
            row: *row,
            at,
            bytes: sc.bytes(),
        });
        *row += sc.rows();
        Ok::<(), CompileError>(())
    };
    match *inner {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => scalar(s, at, row, out)?,
        TypeInner::Vector { size, scalar: s } => {
            for i in 0..n(size) {
                scalar(s, at + i * u32::from(s.width), row, out)?;
            }
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar: s,
        } => {
            let stride = column_stride(rows, s.width);
            for c in 0..n(columns) {
                for r in 0..n(rows) {
                    scalar(s, at + c * stride + r * u32::from(s.width), row, out)?;
                }
            }
        }
        TypeInner::Array { base, size, stride } => match size {
            naga::ArraySize::Constant(len) => {
                for i in 0..len.get() {
                    leaves(types, &types[base].inner, row, at + i * stride, out)?;
                }
            }
            _ => {
                return Err(CompileError {
                    what: "a runtime-sized array held as a value".into(),
                });
            }
        },
        TypeInner::Struct { ref members, .. } => {
            for m in members {
                leaves(types, &types[m.ty].inner, row, at + m.offset, out)?;
            }
        }
        ref other => return Err(unsupported_type(other)),
    }
    Ok(())
}

/// The error for a type the executor has no values of.
pub(super) fn unsupported_type(inner: &TypeInner) -> CompileError {
    let what = match inner {
        TypeInner::CooperativeMatrix { .. } => "cooperative matrix operations",
        TypeInner::Image { .. } => "images",
        TypeInner::Sampler { .. } => "samplers",
        TypeInner::AccelerationStructure { .. } | TypeInner::RayQuery { .. } => "ray queries",
        TypeInner::BindingArray { .. } => "binding arrays",
        _ => "this type",
    };
    CompileError { what: what.into() }
}
