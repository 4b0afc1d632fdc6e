//! Views of the same data in another shape: sections, reshapes (`view_as`) and projections.
//! Each is the parent's `Arc<Shared>` with its own extent, offset and strides, so it is coherent
//! with every other view of the data and reaches kernels through its own layout words.

use super::{element_count, row_major_strides, ViewData};
use crate::error::{coords, DomainError, Error, Position, Result};
use amp_core::{Element, Extent, Index};

impl<'a, T: Element, const N: usize> ViewData<'a, T, N> {
    /// The part of this view at `origin` with `extent` (C++ AMP `array_view::section`): a view
    /// of the same data, coherent with this one.
    pub(crate) fn section(&self, origin: Index<N>, extent: Extent<N>) -> Result<Self> {
        let fits = (0..N).all(|k| {
            let (o, e, whole) = (origin.0[k], extent.0[k], self.extent.0[k]);
            o >= 0 && e >= 0 && i64::from(o) + i64::from(e) <= i64::from(whole)
        });
        if !fits {
            return Err(Error::OutOfBounds {
                index: Position::Section {
                    origin: coords::index(origin),
                    extent: coords::extent(extent),
                },
                extent: coords::extent(self.extent),
                fault: None,
            });
        }
        let offset = self.offset
            + (0..N)
                .map(|k| origin.0[k] as usize * self.strides[k])
                .sum::<usize>();
        Ok(ViewData {
            extent,
            offset,
            strides: self.strides,
            core: self.core.clone(),
        })
    }

    /// This view's elements, in row-major order, as a view of `extent` (C++ AMP `view_as`): a
    /// view of the same data, coherent with this one. The elements must be consecutive in the
    /// data (a whole view or a contiguous section), else
    /// [`Error::InvalidComputeDomain`]; `extent` may hold at most as many elements as this view
    /// (the first ones; C++ AMP `extent.size() <= size()`), else [`Error::ExtentMismatch`] (and a negative component is
    /// [`Error::InvalidComputeDomain`]).
    pub(crate) fn view_as<const M: usize>(&self, extent: Extent<M>) -> Result<ViewData<'a, T, M>> {
        let expected = element_count(extent)?;
        let actual = self.extent.size();
        if expected > actual {
            return Err(Error::ExtentMismatch {
                extent: coords::extent(extent),
                expected,
                actual: usize::try_from(actual).unwrap_or(usize::MAX),
            });
        }
        if !self.is_contiguous() {
            return Err(Error::InvalidComputeDomain(DomainError::ReshapeGaps {
                from: coords::extent(self.extent),
                to: coords::extent(extent),
            }));
        }
        Ok(ViewData {
            extent,
            // Consecutive elements: the reshaped view starts where this one does and walks the
            // same elements (its first ones, when it has fewer) in the same order.
            offset: self.offset,
            strides: row_major_strides(extent),
            core: self.core.clone(),
        })
    }

    /// The rank `M = N - 1` view at `i` of the first component (C++ AMP's projection `av[i]`):
    /// row `i` of a rank-2 view, plane `i` of a rank-3 one. Fails with
    /// [`Error::OutOfBounds`] when `i` is outside the first component's range.
    pub(crate) fn project<const M: usize>(&self, i: i32) -> Result<ViewData<'a, T, M>> {
        if M + 1 != N {
            // Callers name M for concrete ranks only; this keeps a wrong one from panicking.
            return Err(Error::InvalidComputeDomain(DomainError::ProjectionRank {
                rank: N,
                asked: M,
            }));
        }
        if i < 0 || i >= self.extent.0[0] {
            return Err(Error::OutOfBounds {
                index: Position::Projection(i64::from(i)),
                extent: coords::extent(self.extent),
                fault: None,
            });
        }
        Ok(ViewData {
            extent: Extent::new(std::array::from_fn(|k| self.extent.0[k + 1])),
            offset: self.offset + i as usize * self.strides[0],
            strides: std::array::from_fn(|k| self.strides[k + 1]),
            core: self.core.clone(),
        })
    }
}
