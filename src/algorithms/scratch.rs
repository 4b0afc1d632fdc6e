//! Scratch arrays: the intermediate results of the algorithms (a sort's second copy of the keys,
//! count tables, per-tile partials), taken from a pool kept per accelerator.
//!
//! Making a large device buffer costs more than the kernels that use it (a sort that made its
//! scratch each call spent most of its time doing so: docs/PERFORMANCE.md), so buffers are
//! kept between calls, as PyTorch's caching allocator keeps them; CUB makes its callers pass
//! temporary storage instead. A pooled array is an [`Array`] of `u32` words whose host copy is
//! an untouched zeroed allocation that is never read or written: it is discarded when made, so
//! nothing is uploaded, and after the first kernel writes it only its device copy is current,
//! so nothing travels afterwards either. Algorithms see a [`Scratch`], a view of the first `len`
//! elements of one; dropping it gives the array back.
//!
//! Pooled memory is stale: no algorithm may rely on a scratch array's contents at its start.
//!
//! Policy, per accelerator (arrays are never shared between accelerators): a request takes the
//! smallest idle array that holds it and is at most twice its [size class](class), else makes
//! one of its size class; idle arrays are kept up to [`set_scratch_limit`] bytes (1 GiB unless
//! set) and [`MAX_IDLE`] arrays, the least recently given back dropped first. Arrays in use are
//! not counted. Launches are ordered on an accelerator's queue, so an array given back while
//! its kernels are still queued can be taken at once: later launches run after them.

use crate::error::MemoryError;
use crate::{Accelerator, Array, ArrayView, Element, Error, Result};
use std::ops::Deref;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Idle scratch bytes kept per accelerator unless [`set_scratch_limit`] says otherwise: a sort
/// of 128 Mi keys with values (two arrays of 512 MiB).
const DEFAULT_LIMIT: u64 = 1 << 30;

/// Idle arrays kept per accelerator: a sort keeps about ten in use at once (keys, values,
/// count and offset tables, and the scans' partials).
const MAX_IDLE: usize = 32;

/// Words of the smallest pooled array: requests for a few words share one size.
const MIN_WORDS: usize = 256;

/// The size class of a request for `words` words: at least [`MIN_WORDS`], rounded up to an
/// eighth of the largest power of two not above it (less than 12.5% more), so that calls of
/// similar sizes reuse one array.
fn class(words: usize) -> usize {
    let words = words.max(MIN_WORDS);
    let step = (1usize << words.ilog2()) / 8;
    words.div_ceil(step) * step
}

/// Whether an idle array of `capacity` words may serve a request for `words`: it holds them and
/// is not much larger (a small request does not take the array a large one will want).
fn serves(capacity: usize, words: usize) -> bool {
    capacity >= words && capacity <= 2 * class(words)
}

/// An idle array: which accelerator's it is, its words, when it was given back.
struct Entry<B> {
    acc: u64,
    words: usize,
    stamp: u64,
    buffer: B,
}

/// The idle arrays of every accelerator (generic over the array, so that the policy is tested
/// without an accelerator).
struct Pool<B> {
    idle: Vec<Entry<B>>,
    /// Idle bytes kept per accelerator.
    limit: u64,
    /// Stamps of give-backs, increasing.
    clock: u64,
}

impl<B> Pool<B> {
    const fn new() -> Self {
        Pool {
            idle: Vec::new(),
            limit: DEFAULT_LIMIT,
            clock: 0,
        }
    }

    /// The best idle array of accelerator `acc` for `words` words, with its capacity.
    fn take(&mut self, acc: u64, words: usize) -> Option<(usize, B)> {
        let best = self
            .idle
            .iter()
            .enumerate()
            .filter(|(_, e)| e.acc == acc && serves(e.words, words))
            .min_by_key(|(_, e)| (e.words, std::cmp::Reverse(e.stamp)))
            .map(|(i, _)| i)?;
        let entry = self.idle.swap_remove(best);
        Some((entry.words, entry.buffer))
    }

    /// Keeps `buffer` (`words` words of accelerator `acc`) and returns the arrays evicted to
    /// stay within the limits, for the caller to drop outside the lock.
    fn give(&mut self, acc: u64, words: usize, buffer: B) -> Vec<B> {
        self.clock += 1;
        self.idle.push(Entry {
            acc,
            words,
            stamp: self.clock,
            buffer,
        });
        self.evict(acc)
    }

    /// Drops the oldest idle arrays of `acc` until its idle bytes and count are within limits.
    fn evict(&mut self, acc: u64) -> Vec<B> {
        let mut evicted = Vec::new();
        while self.bytes(acc) > self.limit
            || self.idle.iter().filter(|e| e.acc == acc).count() > MAX_IDLE
        {
            let oldest = self
                .idle
                .iter()
                .enumerate()
                .filter(|(_, e)| e.acc == acc)
                .min_by_key(|(_, e)| e.stamp)
                .map(|(i, _)| i);
            match oldest {
                Some(i) => evicted.push(self.idle.swap_remove(i).buffer),
                None => break,
            }
        }
        evicted
    }

    /// Idle bytes of accelerator `acc`.
    fn bytes(&self, acc: u64) -> u64 {
        self.idle
            .iter()
            .filter(|e| e.acc == acc)
            .map(|e| 4 * e.words as u64)
            .sum()
    }

    /// Sets the limit, evicting what exceeds it; returns the old limit and the evicted arrays.
    fn set_limit(&mut self, limit: u64) -> (u64, Vec<B>) {
        let old = std::mem::replace(&mut self.limit, limit);
        let mut accs: Vec<u64> = self.idle.iter().map(|e| e.acc).collect();
        accs.sort_unstable();
        accs.dedup();
        let evicted = accs.into_iter().flat_map(|acc| self.evict(acc)).collect();
        (old, evicted)
    }
}

/// The pool of every accelerator's idle scratch arrays.
static POOL: Mutex<Pool<Array<u32, 1>>> = Mutex::new(Pool::new());

/// The pool, locked. Its state is consistent between statements, so a panic elsewhere while
/// it was held leaves nothing half done.
fn pool() -> MutexGuard<'static, Pool<Array<u32, 1>>> {
    POOL.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Drops the scratch memory that the algorithms keep between calls, on every accelerator.
///
/// The algorithms ([`radix_sort`](super::radix_sort), the scans, [`reduce`](super::reduce),
/// [`copy_if`](super::copy_if)) take their intermediate arrays from a pool kept per
/// accelerator, because making a large device buffer costs more than a fast kernel that uses
/// it. The pool keeps arrays up to a limit ([`set_scratch_limit`], 1 GiB per accelerator unless
/// set), so after a sort of 64 Mi keys, 256 MiB of device memory stays allocated until the next
/// call takes it again, a larger call's arrays push it out, or this function releases it.
/// Arrays in use by a call that runs on another thread are given back as usual when it ends.
///
/// ```
/// use amp::prelude::*;
/// use amp::algorithms::{radix_sort, release_scratch, scratch_bytes};
///
/// let mut data: Vec<u32> = (0..100_000u32).rev().collect();
/// let keys = ArrayView::new(100_000, &mut data)?;
/// radix_sort(&keys)?;
/// let acc = Accelerator::default()?;
/// assert!(scratch_bytes(&acc) >= 4 * 100_000); // the sort's second copy of the keys, kept
/// release_scratch();
/// # Ok::<(), amp::Error>(())
/// ```
pub fn release_scratch() {
    let idle = std::mem::take(&mut pool().idle);
    // The arrays are dropped here, outside the lock.
    drop(idle);
}

/// Bytes of scratch memory the algorithms keep for `acc` between calls (see
/// [`release_scratch`]); arrays that a running call holds are not counted.
pub fn scratch_bytes(acc: &Accelerator) -> u64 {
    pool().bytes(acc.id())
}

/// Sets the most bytes of idle scratch memory kept per accelerator (1 GiB unless set) and
/// returns the previous limit; what exceeds the new limit is released now, the least recently
/// used arrays first. A limit of 0 keeps nothing: every call then makes its arrays anew, which
/// costs more than the kernels of a large call. Raise it to keep larger calls fast: a sort of
/// `n` keys uses `4n` bytes of scratch, `8n` with values.
///
/// ```
/// use amp::algorithms::set_scratch_limit;
///
/// let old = set_scratch_limit(4 << 30); // keep up to 4 GiB per accelerator
/// set_scratch_limit(old);
/// ```
pub fn set_scratch_limit(bytes: u64) -> u64 {
    let (old, evicted) = pool().set_limit(bytes);
    drop(evicted);
    old
}

/// A pooled array while a call uses it.
struct Pooled {
    acc: u64,
    words: usize,
    array: Array<u32, 1>,
}

/// A scratch array of `len` elements of `T` on one accelerator: a view of a pooled array (see
/// the module documentation), given back when dropped. Its contents at the start are whatever
/// an earlier call left.
pub(crate) struct Scratch<T: Element = u32> {
    view: ArrayView<'static, T, 1>,
    pooled: Option<Pooled>,
}

impl<T: Element> Scratch<T> {
    /// A scratch array of `len` elements for kernels on `acc`.
    pub(crate) fn new(acc: &Accelerator, len: usize) -> Result<Scratch<T>> {
        let words = len
            .checked_mul(T::WORDS)
            .ok_or_else(|| too_large(acc, len))?;
        let id = acc.id();
        let taken = pool().take(id, words);
        let (capacity, array) = match taken {
            Some(found) => found,
            None => {
                let capacity = capacity(acc, words)?;
                (capacity, make(capacity)?)
            }
        };
        let view = array
            .section(0, words as i32)
            .and_then(|words| words.reinterpret_as::<T>());
        let pooled = Pooled {
            acc: id,
            words: capacity,
            array,
        };
        match view {
            Ok(view) => Ok(Scratch {
                view,
                pooled: Some(pooled),
            }),
            // Elements the words cannot be seen as (`bool`, a byte on the host): an array of
            // its own.
            Err(_) => {
                give_back(pooled);
                let view = ArrayView::from_extent(len as i32)?;
                Ok(Scratch { view, pooled: None })
            }
        }
    }
}

/// The most words of one scratch array: an extent's component (data larger than one buffer is
/// split over several, so the accelerator's buffer size is no bound).
const MAX_WORDS: usize = i32::MAX as usize;

/// The words of a new array for a request of `words` on `acc`: its size class, or the request
/// itself where the class would pass [`MAX_WORDS`].
fn capacity(acc: &Accelerator, words: usize) -> Result<usize> {
    if words > MAX_WORDS {
        return Err(too_large(acc, words));
    }
    Ok(class(words).min(MAX_WORDS))
}

/// The error of a request larger than one scratch array may be.
fn too_large(acc: &Accelerator, words: usize) -> Error {
    Error::OutOfMemory(MemoryError::Scratch {
        words: words as u64,
        accelerator: acc.description().to_owned(),
        max: MAX_WORDS as u64 * 4,
    })
}

/// A new array of `words` words for the pool: its host copy is a zeroed allocation that nothing
/// touches (pages the system zeroes when first touched, and the array is discarded, so they are
/// never uploaded). A host that cannot allocate them is [`Error::OutOfMemory`], not an abort.
fn make(words: usize) -> Result<Array<u32, 1>> {
    let zeros = <u32 as Element>::zeroed_vec(words)
        .unwrap_or_else(|| Ok(vec![0; words]))
        .map_err(|()| {
            Error::OutOfMemory(MemoryError::ScratchHost {
                words: words as u64,
            })
        })?;
    let array = Array::from_vec(words as i32, zeros)?;
    array.view_as(words as i32)?.discard_data();
    Ok(array)
}

/// Returns an array to the pool, dropping what that evicts outside the lock.
fn give_back(pooled: Pooled) {
    let evicted = pool().give(pooled.acc, pooled.words, pooled.array);
    drop(evicted);
}

impl<T: Element> Deref for Scratch<T> {
    type Target = ArrayView<'static, T, 1>;
    fn deref(&self) -> &Self::Target {
        &self.view
    }
}

impl<T: Element> Drop for Scratch<T> {
    fn drop(&mut self) {
        // The view, dropped after this, owns its host copy: it copies nothing back.
        if let Some(pooled) = self.pooled.take() {
            give_back(pooled);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::{copy_if, exclusive_scan, fill, radix_sort_by_key, reduce, Sum};
    use crate::{kernel, ConstArrayView};

    /// Overwrites the default accelerator's idle scratch arrays with a pattern that no result
    /// contains.
    fn poison() -> Result<()> {
        let id = Accelerator::default()?.id();
        let pool = pool();
        for entry in pool.idle.iter().filter(|e| e.acc == id) {
            fill(&entry.buffer, 0xA5A5_A5A5u32)?;
        }
        Ok(())
    }

    #[kernel]
    fn odd(x: u32) -> bool {
        x % 2 == 1
    }

    /// Every algorithm that takes scratch gives the CPU's results when the pool's arrays hold
    /// garbage (sizes of one tile and of several, on arrays that earlier calls used).
    #[test]
    fn stale_scratch_changes_no_result() -> Result<()> {
        for n in [1000usize, 70_001, 600_011] {
            let mut x = n as u32;
            let data: Vec<u32> = (0..n)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    x
                })
                .collect();
            let input = ConstArrayView::new(n as i32, &data)?;
            for _ in 0..2 {
                poison()?;
                let mut keys = data.clone();
                let mut values: Vec<u32> = (0..n as u32).collect();
                {
                    let k = ArrayView::new(n as i32, &mut keys)?;
                    let v = ArrayView::new(n as i32, &mut values)?;
                    radix_sort_by_key(&k, &v)?;
                }
                let mut order: Vec<u32> = (0..n as u32).collect();
                order.sort_by_key(|&i| data[i as usize]);
                assert!(values == order, "sort of {n}");

                poison()?;
                let offsets = ArrayView::<u32, 1>::from_extent(n as i32)?;
                exclusive_scan(&input, &offsets, 7, Sum)?;
                let want: Vec<u32> = data
                    .iter()
                    .scan(7u32, |acc, &x| {
                        let before = *acc;
                        *acc = acc.wrapping_add(x);
                        Some(before)
                    })
                    .collect();
                assert!(offsets.to_vec()? == want, "scan of {n}");

                poison()?;
                let total = data.iter().fold(0u32, |a, &x| a.wrapping_add(x));
                assert_eq!(reduce(&input, Sum)?, Some(total), "reduce of {n}");

                poison()?;
                let kept = ArrayView::<u32, 1>::from_extent(n as i32)?;
                let count = copy_if(&input, &kept, odd)?;
                let want: Vec<u32> = data.iter().copied().filter(|x| x % 2 == 1).collect();
                assert_eq!(count, want.len(), "copy_if of {n}");
                assert!(kept.to_vec()?[..count] == want[..], "copy_if of {n}");
            }
        }
        Ok(())
    }

    #[test]
    fn size_classes_round_up_by_at_most_an_eighth() {
        assert_eq!(class(1), MIN_WORDS);
        assert_eq!(class(MIN_WORDS + 1), 288);
        assert_eq!(class(64 << 20), 64 << 20);
        assert_eq!(class((64 << 20) + 1), 72 << 20);
        for words in [300, 1000, 4097, 600_011, 100_000_000] {
            let c = class(words);
            assert!(c >= words && c - words <= words / 8 + 1, "{words} -> {c}");
            assert!(serves(c, words));
        }
        assert!(!serves(1 << 20, 1));
        assert!(!serves(100, 101));
    }

    #[test]
    fn takes_the_smallest_fitting_array_of_its_accelerator() {
        let mut pool = Pool::<&str>::new();
        assert!(pool.give(1, 1024, "a 1024").is_empty());
        assert!(pool.give(1, 512, "a 512").is_empty());
        assert!(pool.give(2, 256, "b 256").is_empty());
        assert_eq!(pool.bytes(1), 4 * 1536);
        // Accelerator 2's array is never given to accelerator 1, nor the reverse.
        assert_eq!(pool.take(1, 200), Some((512, "a 512")));
        assert_eq!(pool.take(1, 200), None, "1024 words is too large for 200");
        assert_eq!(pool.take(2, 300), None);
        assert_eq!(pool.take(1, 1000), Some((1024, "a 1024")));
        assert_eq!(pool.take(2, 256), Some((256, "b 256")));
        assert!(pool.idle.is_empty());
    }

    #[test]
    fn keeps_within_the_limit_dropping_the_oldest() {
        let mut pool = Pool::<u32>::new();
        pool.limit = 4 * 1000;
        assert!(pool.give(1, 400, 1).is_empty());
        assert!(pool.give(1, 400, 2).is_empty());
        assert!(
            pool.give(2, 800, 3).is_empty(),
            "another accelerator's bytes"
        );
        assert_eq!(pool.give(1, 400, 4), [1]);
        assert_eq!(pool.bytes(1), 4 * 800);
        // An array larger than the limit is not kept.
        assert_eq!(pool.give(1, 2000, 5), [2, 4, 5]);
        assert_eq!(pool.bytes(1), 0);
        let (old, evicted) = pool.set_limit(0);
        assert_eq!((old, evicted), (4 * 1000, vec![3]));
        for i in 0..MAX_IDLE as u32 + 2 {
            pool.limit = u64::MAX;
            let evicted = pool.give(7, 256, i);
            if i < MAX_IDLE as u32 {
                assert!(evicted.is_empty());
            } else {
                assert_eq!(evicted, [i - MAX_IDLE as u32]);
            }
        }
    }
}
