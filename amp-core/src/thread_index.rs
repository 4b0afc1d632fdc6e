//! The index parameter of a `parallel_for_each!` kernel: its type follows from the domain (an
//! `Extent<N>` gives its threads an `Index<N>`, a tiled extent a `TiledIndex<N>`), and an
//! annotation that says otherwise is an error at the annotation.

use crate::builder::KernelValue;
use crate::shape::Index;
use crate::tile::TiledIndex;
use crate::types::KernelType;

/// A launch's kernel-side thread index, seen as the annotated type `T`.
#[diagnostic::on_unimplemented(
    message = "this kernel's threads do not have a `{T}` index",
    label = "not the index type of the domain",
    note = "a domain of `Extent<N>` gives each thread an `Index<N>`, a tiled extent (`extent.tile::<…>()`) a `TiledIndex<N>` of the same rank: annotate the parameter to match the domain, or leave the type out"
)]
pub trait ThreadIndex<T: KernelType> {
    /// The index's kernel value (an associated type, so that where the annotation is wrong the
    /// parameter's type is an error too, and its uses report nothing more).
    type Value;
    /// The index as the annotated type's kernel value.
    fn thread_index(self) -> Self::Value;
}

impl<const N: usize> ThreadIndex<Index<N>> for KernelValue<Index<N>>
where
    Index<N>: KernelType<KernelValue = KernelValue<Index<N>>>,
{
    type Value = KernelValue<Index<N>>;
    fn thread_index(self) -> KernelValue<Index<N>> {
        self
    }
}

impl<const N: usize> ThreadIndex<TiledIndex<N>> for TiledIndex<N> {
    type Value = TiledIndex<N>;
    fn thread_index(self) -> TiledIndex<N> {
        self
    }
}

/// The launch's index `index`, checked to be of the annotated type `T`.
pub fn thread_index<T: KernelType, I: ThreadIndex<T>>(index: I) -> I::Value {
    index.thread_index()
}
