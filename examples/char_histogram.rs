//! Seed 004: bytes on an accelerator without a byte type. A 256-bin histogram of a random byte
//! image, computed with atomic adds into a `u32` view of bins; and the seed's four byte
//! operations (read, increment, add, write) on bytes packed four to a `u32` word, with
//! neighbouring bytes written by different threads at the same time. Both checked against the
//! CPU.

use amp::packed::{self, addto_uchar, increment_uchar, read_uchar, write_uchar};
use amp::prelude::*;

/// A pseudo-random byte image.
pub fn random_bytes(len: usize, seed: u32) -> Vec<u8> {
    let mut x = seed.max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 11) as u8
        })
        .collect()
}

/// The histogram of `image`'s bytes, on the accelerator.
pub fn histogram(image: &[u8]) -> Result<Vec<u32>, amp::Error> {
    let words = packed::pack(image);
    let len = image.len() as i32;
    let mut bins = vec![0u32; 256];
    let wv = ConstArrayView::new(words.len() as i32, &words)?;
    let hv = ArrayView::new(256, &mut bins)?;
    parallel_for_each!(Extent::new([len]), |idx: Index<1>| {
        let byte = read_uchar(wv, idx[0]);
        hv.atomic_fetch_add(byte, 1u32);
    })?;
    drop(hv);
    Ok(bins)
}

/// The seed's four operations, each thread on its own byte (neighbours in one word are other
/// threads'): byte `i` becomes `(b + 1 + add) & 0xff` for even `i` through increment and add, and
/// `255 - b` for odd `i` through read and write.
pub fn byte_operations(bytes: &[u8], add: u32) -> Result<Vec<u8>, amp::Error> {
    let mut words = packed::pack(bytes);
    let len = bytes.len() as i32;
    let wv = ArrayView::new(words.len() as i32, &mut words)?;
    parallel_for_each!(Extent::new([len]), |idx: Index<1>| {
        let i = idx[0];
        if i % 2 == 0 {
            increment_uchar(wv, i);
            addto_uchar(wv, i, add);
        } else {
            let b = read_uchar(wv, i);
            write_uchar(wv, i, 255 - b);
        }
    })?;
    drop(wv);
    Ok(packed::unpack(&words, bytes.len()))
}

/// The same operations on the CPU.
pub fn byte_operations_cpu(bytes: &[u8], add: u32) -> Vec<u8> {
    bytes
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            if i % 2 == 0 {
                b.wrapping_add(1).wrapping_add(add as u8)
            } else {
                255 - b
            }
        })
        .collect()
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let image = random_bytes(1 << 20, 7);
    let bins = histogram(&image)?;
    let mut expected = vec![0u32; 256];
    image.iter().for_each(|&b| expected[b as usize] += 1);
    println!(
        "histogram of {} random bytes: {}",
        image.len(),
        if bins == expected {
            "equals the CPU"
        } else {
            "DIFFERS"
        }
    );
    println!("  bins 0..8: {:?}", &bins[..8]);
    // Keep the increments from carrying into the neighbour: bytes below 200, add 50.
    let bytes: Vec<u8> = random_bytes(10_001, 3).iter().map(|b| b % 200).collect();
    let done = byte_operations(&bytes, 50)?;
    let ok = done == byte_operations_cpu(&bytes, 50);
    println!(
        "read / increment / add / write on packed bytes: {}",
        if ok { "equals the CPU" } else { "DIFFERS" }
    );
    if bins != expected || !ok {
        return Err("byte results differ from the CPU".into());
    }
    Ok(())
}
