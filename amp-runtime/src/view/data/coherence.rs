//! Where a view's current data is: the host copy, the device copy, both, or neither needing
//! to be kept. Every change of it is one of the events below, named after what happened;
//! the rest of `data/` asks the state and never sets it.
//!
//! Invariants: the state is [`Current::Device`] or [`Current::Both`] only while there is a
//! device copy; a read-only view's data is never [`Current::Device`] (kernels cannot write it,
//! so the caller never reports a device write of it); data kept on the host (an array on the
//! host-only CPU accelerator) never has a device copy; shared data (its buffer is the program's
//! too, `Array::from_wgpu_buffer`, `Array::wgpu_buffer`) is always [`Current::Device`] and keeps
//! its device copy.

use crate::accelerator::Accelerator;

/// The data's copy on one accelerator.
pub(super) struct DeviceCopy {
    pub(super) acc: Accelerator,
    pub(super) segments: super::segments::Segments,
}

/// Partial host reads allowed between two device writes; the next read downloads the whole
/// data, so a host loop over every element costs one download, not one round trip each.
pub(super) const PARTIAL_READS: u32 = 16;

/// Which copy holds the current data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Current {
    /// The host copy; a device copy, if any, is stale (the next device use uploads).
    Host,
    /// The device copy; the host copy is stale (the next host read downloads).
    Device,
    /// Both copies hold the same data.
    Both,
    /// Neither copy need be preserved (`discard_data`, data that starts as zeros, a copy that
    /// overwrites all of it): the next device use skips the upload, and host reads see the host
    /// copy.
    Discarded,
}

/// Where the data may live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Residence {
    /// Wherever it is used: the host, and one accelerator at a time.
    Anywhere,
    /// Host memory only: it belongs to the host-only CPU accelerator.
    Host,
    /// Its device copy, whose buffer the program's own wgpu code shares: the program may write
    /// it at any time, so the device copy is the only current one for good (every host read
    /// downloads, every host write goes to the buffer), and it never moves.
    Shared,
}

/// The coherence state of a view's data. Behind the core's mutex: launches and host accesses
/// take `&view`.
pub(super) struct Coherence {
    current: Current,
    /// The data's copy on an accelerator, kept while stale so that its buffer is reused.
    device: Option<DeviceCopy>,
    /// Partial downloads since the host copy went stale (see [`PARTIAL_READS`]).
    partial_reads: u32,
    /// Counts writes of the device copy (kernels, device writes by the host, copies), so that
    /// a download started earlier (`synchronize_async`) knows whether its bytes are still the
    /// device's data when it lands.
    device_writes: u64,
    /// Where the data may live.
    residence: Residence,
    /// Byte ranges `(start, len)` of the data that a section's `discard_data` dropped while
    /// the device copy alone was current: the next download leaves the host copy of them as
    /// it is (C++ AMP: discarded data is not copied back unless written again). Cleared by
    /// every event that writes either copy or makes the host copy current.
    discarded: Vec<(u64, u64)>,
}

impl Coherence {
    /// Host data that nothing has used on an accelerator yet.
    pub(super) fn new() -> Self {
        Coherence {
            current: Current::Host,
            device: None,
            partial_reads: 0,
            device_writes: 0,
            residence: Residence::Anywhere,
            discarded: Vec::new(),
        }
    }

    /// Whether the data stays in host memory (it may never have a device copy).
    pub(super) fn host_only(&self) -> bool {
        self.residence == Residence::Host
    }

    /// Whether the device copy's buffer is shared with the program's wgpu code: the device
    /// copy alone is current for good, and it stays where it is.
    pub(super) fn is_shared(&self) -> bool {
        self.residence == Residence::Shared
    }

    /// Data just made (with no device copy) is placed on the host-only CPU accelerator: it is
    /// not to get a device copy.
    pub(super) fn kept_on_host(&mut self) {
        self.residence = Residence::Host;
    }

    /// The device copy, current, was handed to the program's wgpu code (or is the program's
    /// buffer): from now on only it holds the current data. Nothing without a device copy.
    pub(super) fn shared(&mut self) {
        if self.device.is_some() {
            self.residence = Residence::Shared;
            self.current = Current::Device;
        }
    }

    /// Which copy holds the current data.
    pub(super) fn current(&self) -> Current {
        self.current
    }

    /// Whether the host copy can be read as the data (current, or standing in for discarded
    /// data).
    pub(super) fn host_current(&self) -> bool {
        matches!(
            self.current,
            Current::Host | Current::Both | Current::Discarded
        )
    }

    /// The state shared data keeps whatever happens: the device copy alone is current. (Host
    /// writes of shared data go to the device copy, so `host_wrote` never comes here with it.)
    fn keep_device_if_shared(&mut self) {
        if self.is_shared() {
            self.current = Current::Device;
        }
    }

    /// Whether the device copy holds the current data.
    pub(super) fn device_current(&self) -> bool {
        matches!(self.current, Current::Device | Current::Both)
    }

    /// The data's copy on an accelerator, current or not.
    pub(super) fn device(&self) -> Option<&DeviceCopy> {
        self.device.as_ref()
    }

    /// The device copy, to replace its buffer by a larger one holding the same data.
    pub(super) fn device_mut(&mut self) -> Option<&mut DeviceCopy> {
        self.device.as_mut()
    }

    /// How many writes of the device copy there have been.
    pub(super) fn device_writes(&self) -> u64 {
        self.device_writes
    }

    /// Whether another partial read may download only its part: the device copy alone is
    /// current and fewer than [`PARTIAL_READS`] partial reads were made since it was written.
    pub(super) fn partial_read_allowed(&self) -> bool {
        self.current == Current::Device
            && self.device.is_some()
            && self.partial_reads < PARTIAL_READS
    }

    /// A part of the data was downloaded on its own; the host copy stays stale.
    pub(super) fn partial_read(&mut self) {
        self.partial_reads += 1;
    }

    /// The contents need not be kept (`discard_data`, or all of it is about to be
    /// overwritten).
    pub(super) fn discard(&mut self) {
        self.current = Current::Discarded;
        self.discarded.clear();
        self.keep_device_if_shared();
    }

    /// A section's bytes `ranges` need not be kept (`discard_data` on a section). Only while
    /// the device copy alone is current (and is not shared) does this change anything: the next
    /// download then leaves the host copy of those bytes as it is. Otherwise the host copy is
    /// current and the upload that the next kernel makes is correct either way.
    pub(super) fn discard_part(&mut self, ranges: impl IntoIterator<Item = (u64, u64)>) {
        if self.current == Current::Device && !self.is_shared() {
            self.discarded.extend(ranges);
        }
    }

    /// The byte ranges whose host copy the next download must keep (see
    /// [`discard_part`](Self::discard_part)).
    pub(super) fn discarded(&self) -> &[(u64, u64)] {
        &self.discarded
    }

    /// The host data changed outside the view (`refresh`).
    pub(super) fn refresh(&mut self) {
        self.current = Current::Host;
        self.discarded.clear();
        self.keep_device_if_shared();
    }

    /// The host wrote the host copy, which was current: the device copy is stale.
    pub(super) fn host_wrote(&mut self) {
        self.current = Current::Host;
        self.discarded.clear();
        self.keep_device_if_shared();
    }

    /// A device copy was made for data that had none; it is stale until made current.
    pub(super) fn device_placed(&mut self, copy: DeviceCopy) {
        self.device = Some(copy);
    }

    /// The device copy was made current: uploaded from the host, or left as it is because
    /// the data was discarded.
    pub(super) fn device_made_current(&mut self) {
        self.current = match self.current {
            Current::Device => Current::Device,
            Current::Host | Current::Both | Current::Discarded => Current::Both,
        };
        self.keep_device_if_shared();
    }

    /// A kernel or a copy wrote the device copy: it alone is current. Data never placed on an
    /// accelerator is not affected.
    pub(super) fn device_wrote(&mut self) {
        if self.device.is_some() {
            self.current = Current::Device;
            self.partial_reads = 0;
            self.device_writes += 1;
            // A kernel may have written the discarded elements again: they come back.
            self.discarded.clear();
        }
    }

    /// The host wrote part of the device copy, which alone is current.
    pub(super) fn device_written_in_place(&mut self) {
        self.device_writes += 1;
    }

    /// The device copy was downloaded into the host copy: both are current. (Read-only data
    /// is never downloaded: its host copy is the data.)
    pub(super) fn host_made_current(&mut self) {
        if self.current == Current::Device {
            self.current = if self.device.is_some() {
                Current::Both
            } else {
                Current::Host
            };
        }
        self.partial_reads = 0;
        self.discarded.clear();
        self.keep_device_if_shared();
    }

    /// The device copy was dropped (the data moves to another accelerator); the host copy was
    /// made current first.
    pub(super) fn device_dropped(&mut self) {
        self.device = None;
        if self.current == Current::Both {
            self.current = Current::Host;
        }
    }
}
