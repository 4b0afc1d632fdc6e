//! The host data a view wraps, and how a view reaches it in its own element type.
//!
//! A view of the data's own element type reaches the host slice directly; a view made by
//! `reinterpret_as` reaches it through [`Recast`](super::cast), which converts through the
//! elements' device words. Both go through [`HostAccess`], so the coherence logic of
//! `data.rs` is written once for both.

use super::super::transfer::decode_into;
use super::segments::Segments;
use crate::accelerator::Accelerator;
use crate::error::Result;
use amp_core::Element;
use std::borrow::Cow;

/// The host data of a view's data, in its own element type.
pub(super) enum Host<'a, T> {
    ReadWrite(&'a mut [T]),
    ReadOnly(&'a [T]),
    /// An `Array`'s own host copy, or that of a view made from an extent alone.
    Owned(Vec<T>),
}

/// Who the host data belongs to, which says what may be written and what is copied back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HostKind {
    /// The caller's mutable data: written back on synchronize and on drop.
    ReadWrite,
    /// The caller's read-only data: never written.
    ReadOnly,
    /// amp's own copy: nobody else sees it.
    Owned,
}

impl<T> Host<'_, T> {
    pub(super) fn as_slice(&self) -> &[T] {
        match self {
            Host::ReadWrite(data) => data,
            Host::ReadOnly(data) => data,
            Host::Owned(data) => data,
        }
    }

    /// The data, when kernels and the host may write it.
    fn as_mut_slice(&mut self) -> Option<&mut [T]> {
        match self {
            Host::ReadWrite(data) => Some(data),
            Host::Owned(data) => Some(data),
            Host::ReadOnly(_) => None,
        }
    }
}

/// The host data as a view of element type `T` sees it: elements of `T` from the start of the
/// data. Reads and writes out of range see and change nothing (callers check bounds).
pub(super) trait HostAccess<T: Element> {
    /// Who the data belongs to.
    fn kind(&self) -> HostKind;
    /// The whole elements of `T` in the data.
    fn len(&self) -> usize;
    /// Elements `first..first + len`.
    fn read(&self, first: usize, len: usize) -> Cow<'_, [T]>;
    /// Overwrites elements from `first` on with `values` (nothing for read-only data).
    fn write(&mut self, first: usize, values: &[T]);
    /// Writes the whole data into `buffer` from its start (queued).
    fn upload_all(&self, acc: &Accelerator, segments: &Segments) -> Result<()>;
    /// Replaces the whole data with the contents of `segments` (nothing for read-only data).
    fn download_all(&mut self, acc: &Accelerator, segments: &Segments) -> Result<()>;
    /// Replaces the whole data with its device bytes `bytes` (nothing for read-only data).
    fn load_all(&mut self, bytes: &[u8]);
}

impl<T: Element> HostAccess<T> for Host<'_, T> {
    fn kind(&self) -> HostKind {
        match self {
            Host::ReadWrite(_) => HostKind::ReadWrite,
            Host::ReadOnly(_) => HostKind::ReadOnly,
            Host::Owned(_) => HostKind::Owned,
        }
    }

    fn len(&self) -> usize {
        self.as_slice().len()
    }

    fn read(&self, first: usize, len: usize) -> Cow<'_, [T]> {
        let data = self.as_slice();
        let end = first.saturating_add(len).min(data.len());
        Cow::Borrowed(data.get(first..end).unwrap_or(&[]))
    }

    fn write(&mut self, first: usize, values: &[T]) {
        let Some(data) = self.as_mut_slice() else {
            return;
        };
        let end = first.saturating_add(values.len()).min(data.len());
        if first >= end {
            return;
        }
        if let (Some(dst), Some(src)) = (data.get_mut(first..end), values.get(..end - first)) {
            dst.copy_from_slice(src);
        }
    }

    fn upload_all(&self, acc: &Accelerator, segments: &Segments) -> Result<()> {
        segments.upload(acc, 0, self.as_slice())
    }

    fn download_all(&mut self, acc: &Accelerator, segments: &Segments) -> Result<()> {
        match self.as_mut_slice() {
            Some(data) => segments.download(acc, 0, data),
            None => Ok(()),
        }
    }

    fn load_all(&mut self, bytes: &[u8]) {
        if let Some(data) = self.as_mut_slice() {
            decode_into(bytes, data);
        }
    }
}
