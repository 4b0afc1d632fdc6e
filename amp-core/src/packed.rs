//! Bytes packed four to a `u32` word (seed 004, "C++ AMP: it's got character, but no char!"):
//! kernels cannot hold `u8`, so a byte array travels as a view of `u32` words and these functions
//! read and update byte `i` in place. Updates are atomic on the word, so threads may write
//! neighbouring bytes of one word at the same time. On the host, [`pack`] and [`unpack`]
//! convert.

use crate::atomic::{ElementIndex, ViewAtomics};
use crate::builder::{DeviceFn, KernelBuilder, KernelValue};
use crate::ops::{BitOp, Bitwise, Shift, ShiftOp};
use crate::view::{Access, IndexRead, ReadWrite, View};

/// Packs bytes into little-endian `u32` words (the last word padded with zeros).
pub fn pack(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect()
}

/// Unpacks the first `len` bytes from words made by [`pack`].
pub fn unpack(words: &[u32], len: usize) -> Vec<u8> {
    words
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .take(len)
        .collect()
}

/// The word holding byte `i` and the byte's shift in it (`(i & 3) * 8`).
fn locate(b: &mut KernelBuilder, i: impl ElementIndex<1>) -> (KernelValue<i32>, KernelValue<u32>) {
    // A rank-1 index is its i32 component.
    let i: KernelValue<i32> = KernelValue::from_handle(i.index(b).handle());
    let two = b.literal(2u32);
    let word = i.shift(b, ShiftOp::Shr, two);
    let three = b.literal(3i32);
    let lane = i.bitwise(b, BitOp::And, three);
    let lane = crate::ops::build(b, crate::ops::cast::<u32, _>(lane));
    let bits = b.literal(3u32);
    let shift = lane.shift(b, ShiftOp::Shl, bits);
    (word, shift)
}

/// `(value & 0xff) << shift`.
fn positioned(
    b: &mut KernelBuilder,
    value: KernelValue<u32>,
    shift: KernelValue<u32>,
) -> KernelValue<u32> {
    let mask = b.literal(0xffu32);
    let byte = value.bitwise(b, BitOp::And, mask);
    byte.shift(b, ShiftOp::Shl, shift)
}

crate::builder::builtin_fn!(
    /// Byte `i` of a packed view, as a `u32` in `0..=255`.
    read_uchar / ReadUchar (view, i)
);
crate::builder::builtin_fn!(
    /// Adds one to byte `i` (atomically; a carry out of the byte is the caller's to avoid).
    increment_uchar / IncrementUchar (view, i)
);
crate::builder::builtin_fn!(
    /// Adds `value & 0xff` to byte `i` (atomically; as above).
    addto_uchar / AddtoUchar (view, i, value)
);
crate::builder::builtin_fn!(
    /// Sets byte `i` to `value & 0xff`, leaving its neighbours alone: two atomic xors, so it is
    /// safe against concurrent writes to *other* bytes of the word (seed 004's `write_uchar`).
    write_uchar / WriteUchar (view, i, value)
);

impl<A: Access, I: ElementIndex<1>> DeviceFn<(View<u32, 1, A>, I)> for ReadUchar {
    type Output = KernelValue<u32>;
    fn call(&self, b: &mut KernelBuilder, (view, i): (View<u32, 1, A>, I)) -> KernelValue<u32> {
        let (word, shift) = locate(b, i);
        let w = view.index_read(b, word);
        let w = w.shift(b, ShiftOp::Shr, shift);
        let mask = b.literal(0xffu32);
        w.bitwise(b, BitOp::And, mask)
    }
}

impl<I: ElementIndex<1>> DeviceFn<(View<u32, 1, ReadWrite>, I)> for IncrementUchar {
    type Output = ();
    fn call(&self, b: &mut KernelBuilder, (view, i): (View<u32, 1, ReadWrite>, I)) {
        let one = b.literal(1u32);
        AddtoUchar.call(b, (view, i, one));
    }
}

impl<I: ElementIndex<1>> DeviceFn<(View<u32, 1, ReadWrite>, I, KernelValue<u32>)> for AddtoUchar {
    type Output = ();
    fn call(
        &self,
        b: &mut KernelBuilder,
        (view, i, value): (View<u32, 1, ReadWrite>, I, KernelValue<u32>),
    ) {
        let (word, shift) = locate(b, i);
        let addend = positioned(b, value, shift);
        view.atomic_fetch_add(b, word, addend);
    }
}

impl<I: ElementIndex<1>> DeviceFn<(View<u32, 1, ReadWrite>, I, KernelValue<u32>)> for WriteUchar {
    type Output = ();
    fn call(
        &self,
        b: &mut KernelBuilder,
        (view, i, value): (View<u32, 1, ReadWrite>, I, KernelValue<u32>),
    ) {
        let (word, shift) = locate(b, i);
        // Clear the byte by xoring in its current bits, then xor in the new ones.
        let current = view.index_read(b, word);
        let mask = b.literal(0xffu32);
        let mask = mask.shift(b, ShiftOp::Shl, shift);
        let old = current.bitwise(b, BitOp::And, mask);
        view.atomic_fetch_xor(b, word, old);
        let new = positioned(b, value, shift);
        view.atomic_fetch_xor(b, word, new);
    }
}
