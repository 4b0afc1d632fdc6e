//! Faults of checked launches: out-of-range accesses the kernels recorded, read back and
//! reported when the launch's results are observed.
//!
//! Every checked launch on an accelerator gets a number and binds its own slot of the
//! accelerator's fault buffer (amp-core's `builder/fault.rs` describes a slot's words), so
//! faults of launches from several threads never overwrite each other. The log keeps the
//! launches whose faults have not been read, with the data each one used; when every slot is
//! taken, the next checked launch first reads the faults back. When the host observes data that such
//! a launch used (`synchronize`, `get`, `to_vec`, …) or waits for the accelerator, the log reads
//! the buffer back and clears it in one submission; a fault found there becomes an
//! [`Error::OutOfBounds`] naming the kernel, the access's source line, the index and the extent.
//! It is reported once: by the first observation of data its launch used, or by
//! [`Accelerator::wait`](crate::Accelerator::wait), which reports every fault not yet reported.
//!
//! An operation that finishes later (`copy_async`, `synchronize_async`) starts its read-back
//! when it starts ([`FaultLog::start_read`]): the copy and clear are submitted then, right after
//! the launches they cover, and its `Completion` collects the words with
//! [`FaultLog::take_marked`]. So waiting for it waits for nothing submitted after it, and a
//! fault of a launch made after it started is left to the next observation of the data.
//! An array view dropped without a synchronize prints its error on stderr, as other errors on
//! drop.

use crate::batch::Batch;
use crate::completion::Flight;
use crate::device::Device;
use crate::error::{Error, FeatureError, InternalError, KernelFault, Position, Result};
use crate::spares::Spares;
use crate::staging;
use amp_core::builder::{AccessKind, AccessSite, SiteBound, FAULT_WORDS, MAX_FAULT_RANK};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// What a fault record needs to be reported: the kernel's name and its checked accesses.
#[derive(Debug)]
pub(crate) struct KernelSites {
    pub(crate) kernel: String,
    pub(crate) sites: Vec<AccessSite>,
    /// Its prints and assertions, to format its print records.
    pub(crate) prints: Vec<amp_core::builder::PrintFormat>,
}

/// Fault-buffer slots: checked launches in flight before a launch must read faults back.
const SLOTS: u64 = 256;

/// A checked launch whose faults have not been read back.
struct Launch {
    number: u32,
    /// Its place among all checked launches of the accelerator (`number` wraps; this does not).
    seq: u64,
    /// Its slot of the fault buffer.
    slot: u64,
    sites: Arc<KernelSites>,
    /// The data (view cores) the launch used.
    cores: Vec<u64>,
    /// Its parameter words, where the bounds of view accesses are.
    words: Vec<u32>,
}

/// A fault read back but not yet reported, with the data its launch used.
struct Pending {
    cores: Vec<u64>,
    /// Its launch's [`Launch::seq`].
    seq: u64,
    error: Error,
}

/// A read-back started and not yet collected: the launches it covers and the flight bringing
/// their words.
struct Reading {
    launches: Vec<Launch>,
    flight: Flight,
}

/// The checked launches an operation's fault report covers: those made before it started that
/// used the data `core`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FaultMark {
    core: u64,
    /// The [`Launch::seq`] of the first launch after the operation started.
    before: u64,
}

impl FaultMark {
    /// The data the operation that started the read uses.
    pub(crate) fn core(&self) -> u64 {
        self.core
    }

    fn covers(&self, launch: &Launch) -> bool {
        launch.seq < self.before && launch.cores.contains(&self.core)
    }
}

#[derive(Default)]
struct State {
    buffer: Option<wgpu::Buffer>,
    /// Bytes between slots (the accelerator's storage-binding offset alignment).
    slot_size: u64,
    next_number: u32,
    /// Checked launches submitted so far: the next launch's `seq`.
    launched: u64,
    unread: Vec<Launch>,
    /// Read-backs in flight, oldest first.
    reading: Vec<Reading>,
    pending: Vec<Pending>,
}

/// The fault log of one accelerator.
#[derive(Default)]
pub(crate) struct FaultLog {
    state: Mutex<State>,
    /// The mappable buffers its read-backs copy into, kept between reads: a checked launch's
    /// wait reads the log back, and a fresh mappable buffer per wait can cost more than the
    /// kernels (the driver allocates and pins its memory anew).
    spares: Arc<Spares>,
}

impl FaultLog {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Submits a checked launch on `device`: `submit` gets the fault buffer and the launch's
    /// number, and submits the launch. The log stays locked meanwhile, so a read-back never
    /// misses a launch submitted between its copy and its clear. Read-backs flush `batch`
    /// first, so that every launch the log knows of has run.
    pub(crate) fn submit_checked(
        &self,
        device: &Arc<Device>,
        batch: &Batch,
        sites: &Arc<KernelSites>,
        cores: Vec<u64>,
        words: &[u32],
        submit: impl FnOnce(wgpu::BufferBinding<'_>, u32) -> Result<()>,
    ) -> Result<()> {
        let mut state = self.lock();
        if state.unread.len() as u64 >= SLOTS {
            read_faults(device, batch, &mut state, &self.spares)?;
        }
        let buffer = match &state.buffer {
            Some(buffer) => buffer.clone(),
            None => {
                let align = device.limits().map_or(4, |limits| {
                    limits.min_storage_buffer_offset_alignment.into()
                });
                let slot_size = (u64::from(FAULT_WORDS) * 4).next_multiple_of(align.max(4));
                let buffer = device.scoped(|device| {
                    device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("amp faults"),
                        size: slot_size * SLOTS,
                        usage: wgpu::BufferUsages::STORAGE
                            | wgpu::BufferUsages::COPY_SRC
                            | wgpu::BufferUsages::COPY_DST,
                        // wgpu zero-initialises buffers: no fault yet.
                        mapped_at_creation: false,
                    })
                })?;
                state.slot_size = slot_size;
                state.buffer = Some(buffer.clone());
                buffer
            }
        };
        let number = state.next_number;
        state.next_number = number.wrapping_add(1);
        // Unread launches hold consecutive numbers, so `number % SLOTS` is free.
        let slot = u64::from(number) % SLOTS;
        let binding = wgpu::BufferBinding {
            buffer: &buffer,
            offset: slot * state.slot_size,
            size: std::num::NonZeroU64::new(u64::from(FAULT_WORDS) * 4),
        };
        submit(binding, number)?;
        let seq = state.launched;
        state.launched += 1;
        state.unread.push(Launch {
            number,
            seq,
            slot,
            sites: Arc::clone(sites),
            cores,
            words: words.to_vec(),
        });
        Ok(())
    }

    /// Reports the oldest fault of a launch that used `core` (or, with `None`, of any
    /// launch), reading the fault buffer back first if a launch that may have faulted has not
    /// been read (after flushing `batch`).
    pub(crate) fn take(
        &self,
        device: &Arc<Device>,
        batch: &Batch,
        core: Option<u64>,
    ) -> Result<()> {
        let mut state = self.lock();
        let uses = |cores: &[u64]| core.is_none_or(|c| cores.contains(&c));
        collect(&mut state, |l| uses(&l.cores))?;
        if state.unread.iter().any(|l| uses(&l.cores)) {
            read_faults(device, batch, &mut state, &self.spares)?;
        }
        report(&mut state, |p| uses(&p.cores))
    }

    /// Starts reading back the faults of every launch so far, if one of them used `core`,
    /// without waiting: the copy and clear are submitted now (after flushing `batch`), so that
    /// [`take_marked`](Self::take_marked) with the returned mark waits for nothing submitted
    /// later.
    pub(crate) fn start_read(
        &self,
        device: &Arc<Device>,
        batch: &Batch,
        core: u64,
    ) -> Result<FaultMark> {
        let mut state = self.lock();
        let mark = FaultMark {
            core,
            before: state.launched,
        };
        let Some(buffer) = state.buffer.clone() else {
            return Ok(mark);
        };
        if !state.unread.iter().any(|l| mark.covers(l)) {
            return Ok(mark);
        }
        let queue = batch.queue(device)?;
        let clear = |encoder: &mut wgpu::CommandEncoder| encoder.clear_buffer(&buffer, 0, None);
        let flight = staging::stage(
            device,
            queue,
            &buffer,
            0,
            buffer.size(),
            clear,
            &self.spares,
        )?;
        let launches = std::mem::take(&mut state.unread);
        state.reading.push(Reading { launches, flight });
        Ok(mark)
    }

    /// Reports the oldest fault of the launches `mark` covers (made before it, using its
    /// data), collecting the read-backs that hold them; reads back only if no read-back was
    /// started for one of them.
    pub(crate) fn take_marked(
        &self,
        device: &Arc<Device>,
        batch: &Batch,
        mark: FaultMark,
    ) -> Result<()> {
        let mut state = self.lock();
        collect(&mut state, |l| mark.covers(l))?;
        if state.unread.iter().any(|l| mark.covers(l)) {
            read_faults(device, batch, &mut state, &self.spares)?;
        }
        report(&mut state, |p| {
            p.seq < mark.before && p.cores.contains(&mark.core)
        })
    }
}

/// Collects the read-backs in flight up to the last one that holds a launch `wanted` picks
/// (older ones first, so that faults are found in launch order): waits for each and turns
/// its faults into pending errors.
fn collect(state: &mut State, wanted: impl Fn(&Launch) -> bool) -> Result<()> {
    let Some(last) = state
        .reading
        .iter()
        .rposition(|r| r.launches.iter().any(&wanted))
    else {
        return Ok(());
    };
    let slot_words = (state.slot_size / 4) as usize;
    for reading in state.reading.drain(..=last).collect::<Vec<_>>() {
        let words = reading.flight.read_blocking(words_of)?;
        record(state, reading.launches, &words, slot_words)?;
    }
    Ok(())
}

/// Removes and returns the error of the earliest launch among the pending faults `wanted`
/// picks.
fn report(state: &mut State, wanted: impl Fn(&Pending) -> bool) -> Result<()> {
    let first = (state.pending.iter().enumerate())
        .filter(|(_, p)| wanted(p))
        .min_by_key(|(_, p)| p.seq)
        .map(|(i, _)| i);
    match first {
        Some(i) => Err(state.pending.remove(i).error),
        None => Ok(()),
    }
}

/// Copies the fault buffer back and clears it (one submission), and turns every fault found
/// into a pending error.
fn read_faults(
    device: &Arc<Device>,
    batch: &Batch,
    state: &mut State,
    spares: &Arc<Spares>,
) -> Result<()> {
    let unread = std::mem::take(&mut state.unread);
    let Some(buffer) = state.buffer.clone() else {
        return Ok(());
    };
    let words = read_back(device, batch, &buffer, spares)?;
    let slot_words = (state.slot_size / 4) as usize;
    record(state, unread, &words, slot_words)
}

/// Turns the faults that `launches` recorded in the fault buffer's `words` (`slot_words` per
/// slot) into pending errors.
fn record(
    state: &mut State,
    launches: Vec<Launch>,
    words: &[u32],
    slot_words: usize,
) -> Result<()> {
    for launch in launches {
        let first = launch.slot as usize * slot_words;
        let Some(record) = words.get(first..first + FAULT_WORDS as usize) else {
            continue;
        };
        if record[0] != 0 {
            let error = fault_error(&launch, record)?;
            state.pending.push(Pending {
                cores: launch.cores,
                seq: launch.seq,
                error,
            });
        }
    }
    Ok(())
}

/// The fault buffer's words, clearing it on the device in the same submission.
fn read_back(
    device: &Arc<Device>,
    batch: &Batch,
    buffer: &wgpu::Buffer,
    spares: &Arc<Spares>,
) -> Result<Vec<u32>> {
    let queue = batch.queue(device)?;
    let clear = |encoder: &mut wgpu::CommandEncoder| encoder.clear_buffer(buffer, 0, None);
    let whole = (buffer, 0, buffer.size());
    staging::read_back(device, queue, whole, clear, spares, words_of)
}

/// The 32-bit words of the fault buffer's bytes.
fn words_of(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|w| u32::from_ne_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

/// The error a launch's fault record describes.
fn fault_error(launch: &Launch, record: &[u32]) -> Result<Error> {
    let (number, site) = (record[1], record[2]);
    if number != launch.number {
        return Err(Error::internal(InternalError::FaultSlot {
            launch: launch.number,
            found: number,
        }));
    }
    let kernel = &launch.sites.kernel;
    let Some(site) = launch.sites.sites.get((site as usize).wrapping_sub(1)) else {
        return Err(Error::internal(InternalError::FaultSite {
            kernel: kernel.clone(),
            site,
            sites: launch.sites.sites.len(),
        }));
    };
    if let AccessKind::Pad { dim } = site.kind {
        let tile = match site.bounds.first() {
            Some(SiteBound::Const(tile)) => *tile as i32,
            _ => 0,
        };
        return Ok(Error::InvalidComputeDomain(
            crate::error::DomainError::Launch(amp_core::DomainError::CannotPad {
                dim: dim as usize,
                extent: record[3] as i32,
                tile,
            }),
        ));
    }
    if site.kind == AccessKind::LoopLimit {
        return Ok(Error::UnsupportedFeature(FeatureError::LoopLimit {
            kernel: kernel.clone(),
            passes: record[3],
            loc: site.loc,
        }));
    }
    // Index components are the kernel's i32s; a view's extent words are i32s too, a
    // tile_static or local array's sizes and a recorded extent u32s.
    let index = site
        .bounds
        .iter()
        .zip(&record[3..])
        .map(|(_, &w)| i64::from(w as i32))
        .collect();
    let extent = site
        .bounds
        .iter()
        .enumerate()
        .map(|(k, bound)| match *bound {
            SiteBound::Const(n) => Some(i64::from(n)),
            SiteBound::Recorded => record.get(3 + MAX_FAULT_RANK + k).map(|&e| i64::from(e)),
            SiteBound::Word(w) => launch.words.get(w as usize).map(|&e| i64::from(e as i32)),
        })
        .collect::<Option<Vec<i64>>>()
        .ok_or_else(|| {
            Error::internal(InternalError::FaultBound {
                kernel: kernel.clone(),
                loc: site.loc,
            })
        })?;
    Ok(Error::OutOfBounds {
        index: Position::Index(index),
        extent,
        fault: Some(Box::new(KernelFault {
            kernel: kernel.clone(),
            loc: site.loc,
            access: site.kind,
        })),
    })
}
