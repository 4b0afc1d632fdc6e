//! The shared core of a view's data: the host data, its coherence state (which holds the
//! device copy), and the transfer counters. Every view of the data (sections, reshapes,
//! projections, reinterpretations) holds the same core.

use super::coherence::Coherence;
use super::host::{Host, HostAccess};
use amp_core::Element;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

static NEXT_CORE: AtomicU64 = AtomicU64::new(1);

/// A new data id, unique among views' data and textures (the fault log and copies tell data
/// apart by it).
pub(crate) fn new_data_id() -> u64 {
    NEXT_CORE.fetch_add(1, Ordering::Relaxed)
}

/// [`Meta::shared_room`] of data whose buffer is amp's alone.
const NOT_SHARED: u64 = u64::MAX;

/// The host data and its coherence state, locked together.
pub(super) struct State<'a, S> {
    pub(super) host: Host<'a, S>,
    pub(super) co: Coherence,
}

/// What every view of the data shares besides the locked state: fixed facts and counters.
pub(super) struct Meta {
    /// Unique in the process: names the data in the fault log of checked launches.
    pub(super) id: u64,
    /// The data's size in device bytes (fixed): its elements packed, `Element::BYTES` each.
    pub(super) bytes: u64,
    /// Device bytes of one of the data's own elements (segments hold whole ones of them).
    pub(super) element_bytes: u64,
    /// Bytes after the data that a device buffer holds for the zero sentinel: one element of
    /// the data's type, more once a reinterpretation to a larger type needs it.
    pub(super) sentinel_room: AtomicU64,
    /// Once the device buffer is shared with the program's wgpu code (never undone), the bytes
    /// past the data that amp may count on holding zero: the room amp's own buffer had then,
    /// none in a buffer of the program's (which may end with the data, and whose bytes past
    /// it are the program's). [`NOT_SHARED`] before. The buffer never grows after that.
    pub(super) shared_room: AtomicU64,
    /// The views (handles on the core) alive: a view's drop synchronizes the host data only
    /// when it is the last one.
    pub(super) views: AtomicUsize,
    pub(super) uploads: AtomicU64,
    pub(super) downloads: AtomicU64,
    pub(super) uploaded_bytes: AtomicU64,
    pub(super) downloaded_bytes: AtomicU64,
}

impl Meta {
    /// The data's size in device bytes.
    pub(super) fn data_bytes(&self) -> u64 {
        self.bytes
    }

    /// The index, in elements of `T`, of the zero sentinel that checked kernels read instead of
    /// an element out of range: the first element of `T` that starts at or past the data's end.
    /// Shared data whose buffer holds no zero room for it reads its first element instead: the
    /// read stays inside the buffer, and the launch reports the fault all the same.
    pub(super) fn sentinel<T: Element>(&self) -> usize {
        let size = T::BYTES.max(1) as u64;
        let past = self.bytes.div_ceil(size);
        match self.shared_room() {
            Some(room) if (past + 1) * size > self.bytes.saturating_add(room) => 0,
            _ => past as usize,
        }
    }

    /// The bytes past the data that a shared buffer holds for the sentinel; `None` while the
    /// buffer is amp's alone.
    pub(super) fn shared_room(&self) -> Option<u64> {
        match self.shared_room.load(Ordering::Acquire) {
            NOT_SHARED => None,
            room => Some(room),
        }
    }

    /// Whether the device buffer is shared with the program's wgpu code.
    pub(super) fn is_shared(&self) -> bool {
        self.shared_room().is_some()
    }

    /// The device buffer, of `buffer_bytes`, is shared with the program's wgpu code from now
    /// on; `program` when it is the program's own buffer (none of its bytes past the data are
    /// amp's).
    pub(super) fn share(&self, buffer_bytes: u64, program: bool) {
        let room = match program {
            true => 0,
            false => buffer_bytes.saturating_sub(self.bytes),
        };
        // `NOT_SHARED` stays reserved: no buffer holds that many bytes.
        let _ = self.shared_room.compare_exchange(
            NOT_SHARED,
            room.min(NOT_SHARED - 1),
            Ordering::AcqRel,
            Ordering::Acquire,
        );
    }

    /// Makes device buffers hold room for `T`'s sentinel.
    pub(super) fn reserve_sentinel<T: Element>(&self) {
        let end = (self.sentinel::<T>() as u64 + 1) * T::BYTES as u64;
        let room = end.saturating_sub(self.data_bytes());
        self.sentinel_room.fetch_max(room, Ordering::Relaxed);
    }

    /// The size a device buffer of the data needs: whole 4-byte words (wgpu copies and binds
    /// those), so data of 2-byte elements may end inside the last one. A shared buffer's is
    /// fixed: the data, the room it had for the sentinel, at least one element.
    pub(super) fn buffer_size(&self) -> Option<u64> {
        match self.shared_room() {
            Some(room) => self
                .data_bytes()
                .checked_add(room)?
                .max(self.element_bytes)
                .checked_next_multiple_of(4),
            None => self
                .data_bytes()
                .checked_add(self.sentinel_room.load(Ordering::Relaxed))?
                .checked_next_multiple_of(4),
        }
    }
}

/// The data behind a view and every view made from it, with the data's own element type `S`.
pub(super) struct Shared<'a, S> {
    pub(super) meta: Meta,
    pub(super) state: Mutex<State<'a, S>>,
}

impl<'a, S: Element> Shared<'a, S> {
    pub(super) fn new(host: Host<'a, S>) -> Self {
        let bytes = (host.as_slice().len() * S::BYTES) as u64;
        Shared {
            meta: Meta {
                id: new_data_id(),
                bytes,
                element_bytes: S::BYTES as u64,
                sentinel_room: AtomicU64::new(S::BYTES as u64),
                shared_room: AtomicU64::new(NOT_SHARED),
                views: AtomicUsize::new(1),
                uploads: AtomicU64::new(0),
                downloads: AtomicU64::new(0),
                uploaded_bytes: AtomicU64::new(0),
                downloaded_bytes: AtomicU64::new(0),
            },
            state: Mutex::new(State {
                host,
                co: Coherence::new(),
            }),
        }
    }

    /// A panic elsewhere while the lock was held leaves a coherence state that is still
    /// consistent (each event is recorded only after the transfer it reports), so a poisoned
    /// lock is safe to reuse.
    pub(super) fn lock(&self) -> MutexGuard<'_, State<'a, S>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The locked state as a view of element type `T` sees it.
pub(super) struct Locked<'g, T: Element> {
    pub(super) host: &'g mut dyn HostAccess<T>,
    pub(super) co: &'g mut Coherence,
}

/// The core of the data, seen with element type `T` whatever the data's own type.
pub(super) trait CastCore<'a, T: Element>: Send + Sync {
    fn meta(&self) -> &Meta;
    /// Locks the state and calls `f` once with it.
    fn with_lock(&self, f: &mut dyn FnMut(&mut Locked<'_, T>));
}

/// A view's handle on the shared core: direct when the view has the data's element type, or
/// through a conversion when it was made by `reinterpret_as`. Both are `Send`/`Sync` exactly
/// when the data is.
pub(super) enum Core<'a, T: Element> {
    Typed(Arc<Shared<'a, T>>),
    Cast(Arc<dyn CastCore<'a, T> + 'a>),
}

impl<T: Element> Clone for Core<'_, T> {
    fn clone(&self) -> Self {
        self.meta().views.fetch_add(1, Ordering::AcqRel);
        match self {
            Core::Typed(shared) => Core::Typed(Arc::clone(shared)),
            Core::Cast(cast) => Core::Cast(Arc::clone(cast)),
        }
    }
}

impl<T: Element> Drop for Core<'_, T> {
    fn drop(&mut self) {
        self.meta().views.fetch_sub(1, Ordering::AcqRel);
    }
}

impl<'a, T: Element> Core<'a, T> {
    /// Whether this is the only handle on the core alive.
    pub(super) fn is_last(&self) -> bool {
        self.meta().views.load(Ordering::Acquire) == 1
    }

    pub(super) fn meta(&self) -> &Meta {
        match self {
            Core::Typed(shared) => &shared.meta,
            Core::Cast(cast) => cast.meta(),
        }
    }

    /// Runs `f` with the state locked.
    pub(super) fn with<R>(&self, f: impl FnOnce(&mut Locked<'_, T>) -> R) -> R {
        match self {
            Core::Typed(shared) => {
                let mut guard = shared.lock();
                let State { host, co } = &mut *guard;
                f(&mut Locked { host, co })
            }
            Core::Cast(cast) => {
                let mut f = Some(f);
                let mut out = None;
                cast.with_lock(&mut |locked| out = f.take().map(|f| f(locked)));
                match out {
                    Some(out) => out,
                    // `CastCore::with_lock` calls its callback exactly once.
                    None => unreachable!("a cast core did not lock its state"),
                }
            }
        }
    }
}
