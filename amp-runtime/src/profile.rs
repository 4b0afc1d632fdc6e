//! Kernel time on the accelerator's own clock: [`Accelerator::profile`] runs a closure and
//! reports how long each launch it made took on the accelerator, as a [`Profile`].
//!
//! Wall-clock timing around launches and a wait mixes host work (building bind groups,
//! submitting, waking up) with the accelerator's; GPU timestamps measure only the latter. While
//! a profile is open, every launch recorded on the accelerator (by any of its views, from any
//! thread) writes a timestamp before and after its dispatch inside the batch's compute pass;
//! each flush resolves the batch's timestamps into a buffer, and the profile reads them all back
//! when the closure returns. With no profile open a launch pays nothing: the batch checks one
//! `Option` under the lock it takes anyway.

use crate::accelerator::Accelerator;
use crate::error::{Error, FeatureError, InternalError, Result};
use crate::timestamps::Recording;
use amp_core::Loc;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

pub(crate) use crate::timestamps::KernelLabel;

/// The GPU time of the launches one [`Accelerator::profile`] call made, in the order they were
/// recorded.
///
/// Its [`Display`](fmt::Display) is a table: one row per kernel (in first-launch order) with
/// its launches, total and mean GPU time, and a total row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    launches: Vec<LaunchTime>,
}

/// One launch in a [`Profile`]: its kernel and how long its dispatch took on the accelerator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchTime {
    kernel: Arc<str>,
    site: Loc,
    gpu_time: Duration,
}

/// The launches of one kernel in a [`Profile`], added up ([`Profile::by_kernel`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelTime {
    kernel: Arc<str>,
    site: Loc,
    launches: usize,
    total: Duration,
}

impl Profile {
    /// Every launch, in the order it was recorded.
    pub fn launches(&self) -> &[LaunchTime] {
        &self.launches
    }

    /// The launches added up per kernel, in the order of each kernel's first launch.
    pub fn by_kernel(&self) -> Vec<KernelTime> {
        let mut kernels: Vec<KernelTime> = Vec::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        for launch in &self.launches {
            let i = *index.entry(&launch.kernel).or_insert_with(|| {
                kernels.push(KernelTime {
                    kernel: Arc::clone(&launch.kernel),
                    site: launch.site,
                    launches: 0,
                    total: Duration::ZERO,
                });
                kernels.len() - 1
            });
            if let Some(kernel) = kernels.get_mut(i) {
                kernel.launches += 1;
                kernel.total = kernel.total.saturating_add(launch.gpu_time);
            }
        }
        kernels
    }

    /// The GPU time of all launches: the sum of their [`LaunchTime::gpu_time`]s.
    pub fn total(&self) -> Duration {
        sum(self.launches.iter().map(|l| l.gpu_time))
    }

    /// Whether the closure launched nothing.
    pub fn is_empty(&self) -> bool {
        self.launches.is_empty()
    }
}

impl LaunchTime {
    /// The kernel, as amp names it in messages: `parallel_for_each at src/main.rs:12:5`.
    pub fn kernel(&self) -> &str {
        &self.kernel
    }

    /// Where the kernel is written (its `parallel_for_each!`).
    pub fn site(&self) -> Loc {
        self.site
    }

    /// The time between the timestamps written before and after the launch's dispatch.
    pub fn gpu_time(&self) -> Duration {
        self.gpu_time
    }
}

impl KernelTime {
    /// The kernel, as amp names it in messages: `parallel_for_each at src/main.rs:12:5`.
    pub fn kernel(&self) -> &str {
        &self.kernel
    }

    /// Where the kernel is written (its `parallel_for_each!`).
    pub fn site(&self) -> Loc {
        self.site
    }

    /// How many times it was launched.
    pub fn launches(&self) -> usize {
        self.launches
    }

    /// The GPU time of all its launches.
    pub fn total(&self) -> Duration {
        self.total
    }

    /// The GPU time of one launch, on average.
    pub fn mean(&self) -> Duration {
        let launches = u32::try_from(self.launches).unwrap_or(u32::MAX);
        self.total.checked_div(launches).unwrap_or_default()
    }
}

/// A sum that saturates instead of panicking.
fn sum(times: impl Iterator<Item = Duration>) -> Duration {
    times.fold(Duration::ZERO, Duration::saturating_add)
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kernels = self.by_kernel();
        let sites: Vec<String> = kernels.iter().map(|k| k.site.to_string()).collect();
        let width = sites.iter().map(String::len).max().unwrap_or(0).max(6);
        writeln!(
            f,
            "{:<width$}  {:>8}  {:>12}  {:>12}",
            "kernel", "launches", "GPU time", "mean"
        )?;
        for (kernel, site) in kernels.iter().zip(&sites) {
            writeln!(
                f,
                "{site:<width$}  {:>8}  {:>12.3?}  {:>12.3?}",
                kernel.launches,
                kernel.total,
                kernel.mean()
            )?;
        }
        write!(
            f,
            "{:<width$}  {:>8}  {:>12.3?}",
            "total",
            self.launches.len(),
            self.total()
        )
    }
}

impl Accelerator {
    /// Runs `f` and measures, on the accelerator's own clock, every launch recorded on this
    /// accelerator meanwhile (by any of its views, and from any thread): returns `f`'s value
    /// with the [`Profile`]. When `f` returns, the launches are flushed and waited for.
    ///
    /// What a launch's time covers: the accelerator writes a timestamp just before the
    /// launch's dispatch and one just after it, inside the compute pass that holds the
    /// consecutive launches of a batch. So it is the dispatch seen from the accelerator: the
    /// barrier wgpu puts before a dispatch that depends on an earlier one falls into this
    /// launch (or, where the driver places it otherwise, into the gap before it); binding,
    /// submitting and transfers are not counted. On Vulkan a timestamp is taken once the work
    /// before it is done (wgpu writes it at the bottom of the pipe), so dispatches that overlap
    /// on the accelerator share their time. The clock's resolution varies by device
    /// (nanoseconds on recent GPUs, coarser on others; a software device such as lavapipe reads
    /// its host's clock); a short launch may read as zero. Copies, uploads and downloads are
    /// not launches and are not in the profile.
    ///
    /// Errors: [`Error::UnsupportedFeature`] on an accelerator without timestamps inside
    /// compute passes ([`supports_profiling`](Self::supports_profiling)), and
    /// [`Error::InvalidArgument`] while another profile is open on this accelerator (profiles
    /// do not nest; one accelerator has one at a time). An error `f` returns is returned as it
    /// is, and the profile is dropped. Errors of flushing and reading back the timestamps are
    /// returned too.
    ///
    /// ```
    /// use amp_runtime::{Accelerator, Error};
    /// let acc = Accelerator::default()?;
    /// if acc.supports_profiling() {
    ///     // Launches inside the closure are timed; this one makes none.
    ///     let (answer, profile) = acc.profile(|| Ok::<_, Error>(6 * 7))?;
    ///     assert_eq!(answer, 42);
    ///     assert!(profile.is_empty());
    ///     println!("{profile}");
    /// }
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// With kernels (through the `amp` crate):
    ///
    /// ```ignore
    /// let ((), profile) = acc.profile(|| amp::algorithms::radix_sort(&keys))?; // sorts in place
    /// println!("{profile}");
    /// for kernel in profile.by_kernel() {
    ///     println!("{}: {} launches, {:?} each", kernel.kernel(), kernel.launches(), kernel.mean());
    /// }
    /// ```
    pub fn profile<R, E>(
        &self,
        f: impl FnOnce() -> std::result::Result<R, E>,
    ) -> std::result::Result<(R, Profile), E>
    where
        E: From<Error>,
    {
        if !self.supports_profiling() {
            return Err(Error::UnsupportedFeature(FeatureError::Profiling {
                accelerator: self.description().to_owned(),
            })
            .into());
        }
        self.start_recording()?;
        let open = Open {
            acc: self,
            closed: false,
        };
        let value = match f() {
            Ok(value) => value,
            Err(error) => {
                // Profiling stops; the closure's error is what the caller sees.
                let _ = open.close(false);
                return Err(error);
            }
        };
        let recording = open.close(true)?;
        let launches = recording
            .read(self.device(), self.queue()?)?
            .into_iter()
            .map(|(kernel, gpu_time)| LaunchTime {
                kernel: kernel.name,
                site: kernel.site,
                gpu_time,
            })
            .collect();
        Ok((value, Profile { launches }))
    }
}

/// An open profile: closes it when dropped (a panic in the closure), so that the accelerator
/// can be profiled again.
struct Open<'a> {
    acc: &'a Accelerator,
    closed: bool,
}

impl Open<'_> {
    /// Stops recording, after flushing the batch if `flush` (then the last launches' timestamps
    /// are resolved too), and returns what was recorded.
    fn close(mut self, flush: bool) -> Result<Recording> {
        self.closed = true;
        let (recording, flushed) = self.acc.stop_recording(flush);
        flushed?;
        recording.ok_or_else(|| Error::internal(InternalError::ProfileLost))
    }
}

impl Drop for Open<'_> {
    fn drop(&mut self) {
        if !self.closed {
            let _ = self.acc.stop_recording(false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Loc = Loc::new("src/a.rs", 3, 5);
    const B: Loc = Loc::new("src/b.rs", 10, 9);

    fn launch(site: Loc, micros: u64) -> LaunchTime {
        LaunchTime {
            kernel: format!("parallel_for_each at {site}").into(),
            site,
            gpu_time: Duration::from_micros(micros),
        }
    }

    #[test]
    fn launches_add_up_per_kernel_in_first_seen_order() {
        let profile = Profile {
            launches: vec![launch(B, 4), launch(A, 1), launch(B, 6), launch(A, 2)],
        };
        assert_eq!(profile.total(), Duration::from_micros(13));
        let kernels = profile.by_kernel();
        let summary: Vec<_> = kernels
            .iter()
            .map(|k| (k.site(), k.launches(), k.total(), k.mean()))
            .collect();
        assert_eq!(
            summary,
            [
                (B, 2, Duration::from_micros(10), Duration::from_micros(5)),
                (
                    A,
                    2,
                    Duration::from_micros(3),
                    Duration::from_micros(1) + Duration::from_nanos(500)
                ),
            ]
        );
        assert_eq!(kernels[0].kernel(), "parallel_for_each at src/b.rs:10:9");
        let table = profile.to_string();
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 4, "{table}");
        assert!(lines[0].starts_with("kernel "), "{table}");
        assert!(
            lines[1].starts_with("src/b.rs:10:9 ") && lines[1].contains("10.000µs"),
            "{table}"
        );
        assert!(
            lines[3].starts_with("total ") && lines[3].contains("13.000µs"),
            "{table}"
        );
    }

    #[test]
    fn an_empty_profile() {
        let profile = Profile::default();
        assert!(profile.is_empty() && profile.by_kernel().is_empty());
        assert_eq!(profile.total(), Duration::ZERO);
        assert!(profile.to_string().contains("total"));
    }
}
