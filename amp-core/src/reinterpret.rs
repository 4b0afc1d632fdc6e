//! Views reinterpreted inside kernels (C++ AMP `array_view<T, 1>::reinterpret_as<U>`): `let w =
//! v.reinterpret_as::<u32>();` sees the 32-bit words of a rank-1 view as elements of another
//! type.
//!
//! The view's buffer is a sequence of 32-bit words ([`Words32`] types: 32-bit numbers and short
//! vectors of them); element `j` of the reinterpreted view is words `j·W .. (j+1)·W` (`W` words
//! per `U`) from the view's first word, each loaded from (or stored to) its entry of the view's
//! element type and bitcast. Its length is the view's words divided by `W`; when they do not
//! divide into whole elements (C++ AMP: "element type of reinterpret_as does not evenly divide
//! into extent") it is a fault where it is taken, and the result has no elements. Every access
//! is checked against that length.

use crate::builder::{AccessKind, Check, CheckBuilder, KernelBuilder, KernelValue};
use crate::place::IntoPlace;
use crate::shape::{Extent, Index};
use crate::short_vector::Vector;
use crate::types::Element;
use crate::value::Read;
use crate::view::{as_i32, Access, IndexConst, IndexInt, IndexRead, IndexWrite, ReadWrite, View};
use naga::{BinaryOperator, Expression, Handle, Literal, ScalarKind, Statement};
use std::marker::PhantomData;

/// Element types whose storage is 32-bit words: `f32`, `i32`, `u32` and their short vectors.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be reinterpreted in a kernel",
    label = "not an element of 32-bit words",
    note = "reinterpret_as in a kernel takes f32, i32, u32 and their short vectors (Float4, Int2, UInt3 …), both as the view's element type and as the new one"
)]
pub trait Words32: Element {
    /// 32-bit words per storage entry: 1 for a scalar entry (a `Float3` is stored as 3
    /// scalars), `n` for a `vecn` entry.
    const ENTRY_WORDS: u32;
    /// The kind of the entry's components.
    const KIND: ScalarKind;
}

impl Words32 for f32 {
    const ENTRY_WORDS: u32 = 1;
    const KIND: ScalarKind = ScalarKind::Float;
}
impl Words32 for i32 {
    const ENTRY_WORDS: u32 = 1;
    const KIND: ScalarKind = ScalarKind::Sint;
}
impl Words32 for u32 {
    const ENTRY_WORDS: u32 = 1;
    const KIND: ScalarKind = ScalarKind::Uint;
}

macro_rules! vector_words {
    ($($n:literal),*) => {$(
        impl<C: Words32 + crate::short_vector::Component> Words32 for Vector<C, $n>
        where
            Vector<C, $n>: Element,
        {
            const ENTRY_WORDS: u32 = if $n == 3 { 1 } else { $n };
            const KIND: ScalarKind = C::KIND;
        }
    )*};
}
vector_words!(2, 3, 4);

/// A rank-1 view of `T` seen as elements of `U`, taken in a kernel.
pub struct Reinterpreted<T, U, A> {
    view: View<T, 1, A>,
    /// The length in `U` elements (`u32`; 0 when the data does not divide).
    len: Handle<Expression>,
    _ty: PhantomData<fn() -> U>,
}

impl<T, U, A> Clone for Reinterpreted<T, U, A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, U, A> Copy for Reinterpreted<T, U, A> {}

/// Words per element of `E` (its bytes / 4).
fn words<E: Words32>() -> u32 {
    E::ENTRIES * E::ENTRY_WORDS
}

/// `reinterpret_as` of a rank-1 view in kernels: a trait (brought into scope in every kernel)
/// rather than an inherent method, so that rustc's notes about its bounds name a public path.
pub trait ViewReinterpret<T, A> {
    /// This view's data as elements of `U` (C++ AMP `array_view<T, 1>::reinterpret_as`), taken
    /// in the kernel: `len · size_of::<T>() / size_of::<U>()` elements. Data that does not
    /// divide into whole elements is a fault where it is taken, and the result then has no
    /// elements. Both element types are [`Words32`] (a compile error at the call otherwise).
    fn reinterpret_as<U: Words32>(self, b: &mut KernelBuilder) -> Reinterpreted<T, U, A>
    where
        T: Words32;
}

impl<T: Element, A: Access> ViewReinterpret<T, A> for View<T, 1, A> {
    fn reinterpret_as<U: Words32>(self, b: &mut KernelBuilder) -> Reinterpreted<T, U, A>
    where
        T: Words32,
    {
        if b.split_of(self.global()).is_some() {
            b.error(
                "reinterpret_as in a kernel cannot take a view larger than one storage binding: \
                 reinterpret it on the host (ArrayView::reinterpret_as) and capture that",
            );
        }
        let len = self.extent(b).handle();
        let len = b.as_u32(len);
        let (tw, uw) = (T::BYTES as u32, U::BYTES as u32);
        let tw = b.append(Expression::Literal(Literal::U32(tw)));
        let uw = b.append(Expression::Literal(Literal::U32(uw)));
        // In bytes, as C++ AMP states the rule.
        let total = b.binary(BinaryOperator::Multiply, len, tw);
        let rest = b.binary(BinaryOperator::Modulo, total, uw);
        let zero = b.append(Expression::Literal(Literal::U32(0)));
        let ok = b.binary(BinaryOperator::Equal, rest, zero);
        let whole = b.binary(BinaryOperator::Divide, total, uw);
        let len = b.append(Expression::Select {
            condition: ok,
            accept: whole,
            reject: zero,
        });
        if b.checks_enabled() {
            b.note_fault(&Check::recorded(
                ok,
                vec![total],
                vec![uw],
                AccessKind::ReinterpretAs,
            ));
        }
        Reinterpreted {
            view: self,
            len,
            _ty: PhantomData,
        }
    }
}

impl<T, U, A> Reinterpreted<T, U, A> {
    /// The reinterpreted view's extent.
    pub fn extent(self, b: &mut KernelBuilder) -> KernelValue<Extent<1>> {
        KernelValue::from_handle(b.append(Expression::As {
            expr: self.len,
            kind: ScalarKind::Sint,
            convert: None,
        }))
    }
}

impl<T: Words32, U: Words32, A: Access> Reinterpreted<T, U, A> {
    /// Pointers to the words of element `i` (in the view's entries of `T`) and the check
    /// against the length; out of range every word is the buffer's zero sentinel's first.
    fn words(
        self,
        b: &mut KernelBuilder,
        i: KernelValue<Index<1>>,
        kind: AccessKind,
    ) -> (Vec<Handle<Expression>>, Option<Check>) {
        let mut check = CheckBuilder::new(kind);
        let i = check.component_below(b, i.handle(), self.len);
        let check = check.finish();
        let slots = self.view.words();
        let tw = b.append(Expression::Literal(Literal::U32(words::<T>())));
        // The view's first element (a window's, for a view passed to a #[kernel] fn).
        let offset = self.view.linear(b, &[]);
        let first = b.binary(BinaryOperator::Multiply, offset, tw);
        let uw = b.append(Expression::Literal(Literal::U32(words::<U>())));
        let at = b.binary(BinaryOperator::Multiply, i, uw);
        let mut first = b.binary(BinaryOperator::Add, first, at);
        if let Some(check) = &check {
            let sentinel = b.param_word(slots.sentinel()).handle();
            let sentinel = b.binary(BinaryOperator::Multiply, sentinel, tw);
            first = b.append(Expression::Select {
                condition: check.ok(),
                accept: first,
                reject: sentinel,
            });
        }
        let base = b.append(Expression::GlobalVariable(self.view.global()));
        let pointers = (0..words::<U>())
            .map(|k| {
                let mut word = first;
                if let Some(ok) = check.as_ref().map(Check::ok) {
                    // Out of range every word is the sentinel's first.
                    let k = b.append(Expression::Literal(Literal::U32(k)));
                    let zero = b.append(Expression::Literal(Literal::U32(0)));
                    let step = b.append(Expression::Select {
                        condition: ok,
                        accept: k,
                        reject: zero,
                    });
                    word = b.binary(BinaryOperator::Add, word, step);
                } else if k > 0 {
                    let k = b.append(Expression::Literal(Literal::U32(k)));
                    word = b.binary(BinaryOperator::Add, word, k);
                }
                if T::ENTRY_WORDS == 1 {
                    return b.append(Expression::Access { base, index: word });
                }
                let n = b.append(Expression::Literal(Literal::U32(T::ENTRY_WORDS)));
                let entry = b.binary(BinaryOperator::Divide, word, n);
                let component = b.binary(BinaryOperator::Modulo, word, n);
                let entry = b.append(Expression::Access { base, index: entry });
                b.append(Expression::Access {
                    base: entry,
                    index: component,
                })
            })
            .collect();
        (pointers, check)
    }

    /// Reads element `i`.
    pub fn load(self, b: &mut KernelBuilder, i: KernelValue<Index<1>>) -> KernelValue<U> {
        let (pointers, check) = self.words(b, i, AccessKind::ViewRead);
        let words: Vec<_> = pointers
            .into_iter()
            .map(|pointer| {
                let word = b.append(Expression::Load { pointer });
                b.append(Expression::As {
                    expr: word,
                    kind: U::KIND,
                    convert: None,
                })
            })
            .collect();
        let entries: Vec<_> = words
            .chunks(U::ENTRY_WORDS as usize)
            .map(|components| match components {
                [one] => *one,
                _ => {
                    let ty = U::entry_type(b);
                    b.append(Expression::Compose {
                        ty,
                        components: components.to_vec(),
                    })
                }
            })
            .collect();
        let value = U::from_entries(b, &entries);
        if let Some(check) = check {
            b.note_fault(&check);
        }
        KernelValue::from_handle(value)
    }
}

impl<T: Words32, U: Words32> Reinterpreted<T, U, ReadWrite> {
    /// Writes element `i`.
    pub fn store(self, b: &mut KernelBuilder, i: KernelValue<Index<1>>, value: KernelValue<U>) {
        let entries = U::to_entries(b, value.handle());
        let mut words = Vec::with_capacity(words::<U>() as usize);
        for entry in entries {
            for index in 0..U::ENTRY_WORDS {
                let component = match U::ENTRY_WORDS {
                    1 => entry,
                    _ => b.append(Expression::AccessIndex { base: entry, index }),
                };
                words.push(b.append(Expression::As {
                    expr: component,
                    kind: T::KIND,
                    convert: None,
                }));
            }
        }
        let (pointers, check) = self.words(b, i, AccessKind::ViewWrite);
        let stores: Vec<_> = pointers
            .into_iter()
            .zip(words)
            .map(|(pointer, value)| Statement::Store { pointer, value })
            .collect();
        b.checked_statement(check, Statement::Block(naga::Block::from_vec(stores)));
    }
}

#[diagnostic::do_not_recommend]
impl<T, U, A> Read for Reinterpreted<T, U, A> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

impl<T, U, A> IntoPlace for Reinterpreted<T, U, A> {
    type Place = Self;
    fn into_place(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// (Not recommended in errors: the element types\' own `Words32` error says what is wrong.)
#[diagnostic::do_not_recommend]
impl<T: Words32, U: Words32, A: Access, I: IndexInt> IndexRead<KernelValue<I>>
    for Reinterpreted<T, U, A>
{
    type Output = KernelValue<U>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<U> {
        let i = as_i32(b, i);
        self.load(b, i)
    }
}

/// (Not recommended in errors: the element types\' own `Words32` error says what is wrong.)
#[diagnostic::do_not_recommend]
impl<T: Words32, U: Words32, A: Access> IndexRead<KernelValue<Index<1>>>
    for Reinterpreted<T, U, A>
{
    type Output = KernelValue<U>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<Index<1>>) -> KernelValue<U> {
        self.load(b, i)
    }
}

/// (Not recommended in errors: the element types\' own `Words32` error says what is wrong.)
#[diagnostic::do_not_recommend]
impl<T: Words32, U: Words32, I: IndexInt> IndexWrite<KernelValue<I>, KernelValue<U>>
    for Reinterpreted<T, U, ReadWrite>
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<I>, value: KernelValue<U>) {
        let i = as_i32(b, i);
        self.store(b, i, value)
    }
}

/// (Not recommended in errors: the element types\' own `Words32` error says what is wrong.)
#[diagnostic::do_not_recommend]
impl<T: Words32, U: Words32> IndexWrite<KernelValue<Index<1>>, KernelValue<U>>
    for Reinterpreted<T, U, ReadWrite>
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<Index<1>>, value: KernelValue<U>) {
        self.store(b, i, value)
    }
}

/// (Not recommended in errors: the element types\' own `Words32` error says what is wrong.)
#[diagnostic::do_not_recommend]
impl<T: Words32, U: Words32, A: Access> IndexConst for Reinterpreted<T, U, A> {
    type Output = KernelValue<U>;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> KernelValue<U> {
        let i = b.literal(i as i32);
        self.load(b, KernelValue::from_handle(i.handle()))
    }
}
