//! Views whose data is split over several storage bindings ("segments"): data larger than one
//! binding is bound as `count` bindings of `elements` elements each (the runtime's plan, set
//! with [`KernelBuilder::set_view_segments`] before the captures are declared), and every access
//! to an element selects the segment that holds it.
//!
//! WGSL has no pointer to "one of several bindings", so an access is emitted once per segment,
//! under an `if` chain on the element's segment index, and a result (a load's value, an
//! atomic's previous value) comes out through a local. A kernel is specialised on its views'
//! segments: a view of one binding is addressed as it always was, at no cost.

use super::KernelBuilder;
use crate::layout::ViewSegments;
use naga::{BinaryOperator, Expression, Handle, Statement};

/// The bindings of a split view: their globals, in order, and the elements of each.
#[derive(Clone, Debug)]
pub(crate) struct Split {
    pub(crate) globals: Vec<Handle<naga::GlobalVariable>>,
    pub(crate) elements: u32,
}

/// Where an element's storage entries are.
#[derive(Clone, Debug)]
pub(crate) enum Entries {
    /// Pointers to them, in one binding.
    At(Vec<Handle<Expression>>),
    /// `count` consecutive entries from entry `first` of segment `segment` of a split view.
    Split {
        globals: Vec<Handle<naga::GlobalVariable>>,
        segment: Handle<Expression>,
        first: Handle<Expression>,
        count: u32,
    },
}

impl From<Handle<Expression>> for Entries {
    fn from(pointer: Handle<Expression>) -> Self {
        Entries::At(vec![pointer])
    }
}

impl KernelBuilder {
    /// Sets how the views declared from now on are split over bindings, in declaration order;
    /// views past the list take one binding each.
    pub fn set_view_segments(&mut self, segments: Vec<ViewSegments>) {
        self.view_segments = segments.into_iter().collect();
    }

    /// How the view being declared is split.
    pub(crate) fn next_view_segments(&mut self) -> ViewSegments {
        self.view_segments
            .pop_front()
            .filter(|s| s.count > 1 && s.elements > 0)
            .unwrap_or(ViewSegments::WHOLE)
    }

    /// Records that the view whose first binding is `globals[0]` is split over `globals`.
    pub(crate) fn split_view(&mut self, globals: Vec<Handle<naga::GlobalVariable>>, elements: u32) {
        self.splits.insert(globals[0], Split { globals, elements });
    }

    /// The segments of the view whose first binding is `global`, when it is split.
    pub(crate) fn split_of(&self, global: Handle<naga::GlobalVariable>) -> Option<Split> {
        self.splits.get(&global).cloned()
    }

    /// The entries `count` entries per element from the element at `linear` (a `u32`) of a
    /// split view.
    pub(crate) fn split_entries(
        &mut self,
        split: Split,
        linear: Handle<Expression>,
        count: u32,
    ) -> Entries {
        let e = split.elements;
        let (segment, inner) = if e.is_power_of_two() {
            let shift = self.append(Expression::Literal(naga::Literal::U32(e.trailing_zeros())));
            let mask = self.append(Expression::Literal(naga::Literal::U32(e - 1)));
            (
                self.binary(BinaryOperator::ShiftRight, linear, shift),
                self.binary(BinaryOperator::And, linear, mask),
            )
        } else {
            let e = self.append(Expression::Literal(naga::Literal::U32(e)));
            (
                self.binary(BinaryOperator::Divide, linear, e),
                self.binary(BinaryOperator::Modulo, linear, e),
            )
        };
        let first = if count == 1 {
            inner
        } else {
            let n = self.append(Expression::Literal(naga::Literal::U32(count)));
            self.binary(BinaryOperator::Multiply, inner, n)
        };
        Entries::Split {
            globals: split.globals,
            segment,
            first,
            count,
        }
    }

    /// Runs `access` on pointers to `entries` and returns its result (of type `ty`, when it has
    /// one). For a split view, `access` runs once per segment, under an `if` chain on the
    /// element's segment (the last segment takes any index past the others), and its result
    /// comes out through a local.
    pub(crate) fn at_entries(
        &mut self,
        entries: &Entries,
        ty: Option<Handle<naga::Type>>,
        mut access: impl FnMut(&mut Self, &[Handle<Expression>]) -> Option<Handle<Expression>>,
    ) -> Option<Handle<Expression>> {
        let Entries::Split {
            globals,
            segment,
            first,
            count,
        } = entries
        else {
            let Entries::At(pointers) = entries else {
                return None;
            };
            return access(self, pointers);
        };
        let span = self.span();
        let result = ty.map(|ty| {
            let local = self.cur.function.local_variables.append(
                naga::LocalVariable {
                    name: None,
                    ty,
                    init: None,
                },
                span,
            );
            self.append(Expression::LocalVariable(local))
        });
        let last = globals.len() - 1;
        for (k, &global) in globals.iter().enumerate() {
            if k < last {
                let k = self.append(Expression::Literal(naga::Literal::U32(k as u32)));
                let here = self.binary(BinaryOperator::Equal, *segment, k);
                self.begin_if(super::KernelValue::from_handle(here));
            }
            let base = self.append(Expression::GlobalVariable(global));
            let pointers: Vec<_> = (0..*count)
                .map(|e| {
                    let index = match e {
                        0 => *first,
                        e => {
                            let e = self.append(Expression::Literal(naga::Literal::U32(e)));
                            self.binary(BinaryOperator::Add, *first, e)
                        }
                    };
                    self.append(Expression::Access { base, index })
                })
                .collect();
            let value = access(self, &pointers);
            if let (Some(pointer), Some(value)) = (result, value) {
                self.push(Statement::Store { pointer, value });
            }
            if k < last {
                self.begin_else();
            }
        }
        for _ in 0..last {
            self.end_if();
        }
        result.map(|pointer| self.append(Expression::Load { pointer }))
    }
}
