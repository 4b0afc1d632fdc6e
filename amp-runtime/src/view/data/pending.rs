//! `synchronize_async`: the download of `synchronize`, started now and finished when the
//! caller waits for its [`Completion`].

use super::coherence::Current;
use super::host::HostKind;
use super::ViewData;
use crate::completion::Completion;
use crate::error::Result;
use crate::view::transfer;
use amp_core::Element;

impl<T: Element, const N: usize> ViewData<'_, T, N> {
    /// Starts copying the data back to the host if a kernel wrote it since the last
    /// synchronization (C++ AMP `array_view::synchronize_async`). The device copy is staged at
    /// once; the host data is overwritten when the returned `Completion` finishes, and only if
    /// nothing wrote the device copy and nothing made the host data current in between (a
    /// later kernel's results then come back with the next synchronization). A fault of a
    /// checked launch made before the call that used the data is reported by the `Completion`
    /// (a later launch's, by the data's next use).
    pub(crate) fn synchronize_async(&self) -> Completion<'_> {
        match self.start_download() {
            Ok(completion) => completion,
            Err(error) => Completion::ready(Err(error)),
        }
    }

    fn start_download(&self) -> Result<Completion<'_>> {
        let bytes = self.core.meta().data_bytes();
        self.core.with(|l| {
            let Some(copy) = l.co.device() else {
                // Never on an accelerator: the host data is all there is.
                return Ok(Completion::ready(Ok(())));
            };
            let acc = copy.acc.clone();
            // The faults of the launches that used the data come back with it.
            let mark = acc.start_fault_read(self.core_id())?;
            if l.co.host_current() || bytes == 0 || l.host.kind() == HostKind::ReadOnly {
                // Nothing to download; faults are read once the work that used the data is
                // done, without blocking here.
                let flight = transfer::marker(&acc)?;
                return Ok(Completion::in_flight(flight, move |_| {
                    acc.take_fault_marked(mark)
                }));
            }
            let Some(buffer) = copy.segments.single() else {
                // Data split over several buffers comes back now, segment by segment.
                drop(acc);
                self.make_host_current(l)?;
                return Ok(Completion::ready(self.take_fault(l)));
            };
            let flight = transfer::stage(&acc, buffer, 0, bytes)?;
            self.counted_download(bytes);
            let writes = l.co.device_writes();
            Ok(Completion::in_flight(flight, move |staged| {
                self.land(writes, staged);
                acc.take_fault_marked(mark)
            }))
        })
    }

    /// Writes a finished download into the host data, unless the device copy was written
    /// after the download started (`writes` no longer matches) or the host data is current.
    fn land(&self, writes: u64, staged: &[u8]) {
        self.core.with(|l| {
            if l.co.current() != Current::Device || l.co.device_writes() != writes {
                return;
            }
            let kept = super::kept_discarded(l);
            l.host.load_all(staged);
            super::restore(l, kept);
            l.co.host_made_current();
        });
    }
}
