//! Rules on the Rust syntax a kernel keeps as written: types, names, literals (and, through
//! the parser, the constant expressions inside types).

use super::Parser;
use syn::visit::{self, Visit};
use syn::{Expr, Lit, Pat, Type};

/// Walks syntax kept as syn (a type, a path, an attribute, a field name) with the rules on
/// types, names and literals; an expression inside it (an array length, a const argument) is
/// parsed as kernel code.
pub(super) struct Syntax<'p, 'e> {
    pub(super) parser: &'p mut Parser<'e>,
}

impl<'ast> Visit<'ast> for Syntax<'_, '_> {
    fn visit_type(&mut self, ty: &'ast Type) {
        type_rules(self.parser, ty);
        visit::visit_type(self, ty);
    }

    fn visit_ident(&mut self, ident: &'ast syn::Ident) {
        reserved_name(self.parser, ident);
    }

    fn visit_expr(&mut self, expr: &'ast Expr) {
        self.parser.expr(expr);
    }

    fn visit_pat(&mut self, pat: &'ast Pat) {
        // Patterns are checked where they occur (let, for, parameters); annotated types here.
        if let Pat::Type(t) = pat {
            self.visit_type(&t.ty);
        }
    }
}

impl<'e> Parser<'e> {
    /// Rules on syntax kept as syn.
    pub(super) fn syntax(&mut self) -> Syntax<'_, 'e> {
        Syntax { parser: self }
    }

    /// A type, checked.
    pub(super) fn ty(&mut self, ty: &Type) {
        self.syntax().visit_type(ty);
    }

    /// A parameter's or a local's type, checked: it may be a reference (`&mut [f32; 4]`).
    /// Rule: a reference refers to a kernel value or array, not to another reference, and not
    /// to a whole view or texture (they are passed by reference already).
    pub(super) fn binding_type(&mut self, ty: &Type) {
        let Type::Reference(r) = ty else {
            return self.ty(ty);
        };
        if let Some(lt) = &r.lifetime {
            self.syntax().visit_lifetime(lt);
        }
        let view = is_view_type(&r.elem);
        let tile_handle = matches!(&*r.elem, Type::Path(p) if p.path.segments.last().is_some_and(|s| {
            s.ident == "TiledIndex" || s.ident == "TileBarrier"
        }));
        match &*r.elem {
            Type::Reference(_) => self.errors.push(
                ty,
                "references to references are not supported in kernels; take the reference itself",
            ),
            _ if view => self.errors.push(
                ty,
                "a reference to a whole view or texture is not supported in kernels: take the view \
                 itself (views are passed to #[kernel] functions by reference already)",
            ),
            // Rule: a reference refers to a value memory holds; a tiled index and a barrier
            // are the thread's own, passed by value.
            _ if tile_handle => self.errors.push(
                ty,
                "a reference to a TiledIndex or a TileBarrier is not supported in kernels: take \
                 it by value (`t: TiledIndex<1>`)",
            ),
            elem => self.ty(elem),
        }
    }

    /// A path read as a value (`x`, `f32::MAX`), checked.
    pub(super) fn path(&mut self, path: &syn::ExprPath) {
        self.syntax().visit_expr_path(path);
    }

    /// The path of a struct literal, checked.
    pub(super) fn type_path(&mut self, path: &syn::Path) {
        self.syntax().visit_path(path);
    }

    /// Attributes of an expression, checked.
    pub(super) fn attrs(&mut self, attrs: &[syn::Attribute]) {
        let mut syntax = self.syntax();
        attrs.iter().for_each(|a| syntax.visit_attribute(a));
    }

    /// A name (a method's, a field's), checked.
    pub(super) fn ident(&mut self, ident: &syn::Ident) {
        reserved_name(self, ident);
    }

    /// A field's name or number, checked.
    pub(super) fn member(&mut self, member: &syn::Member) {
        self.syntax().visit_member(member);
    }

    /// A label, checked (labels themselves are reported where they are used).
    pub(super) fn label(&mut self, label: Option<&syn::Lifetime>) {
        if let Some(label) = label {
            self.syntax().visit_lifetime(label);
        }
    }

    /// Explicit generic arguments (`::<T>`), checked.
    pub(super) fn generic_args(&mut self, args: &syn::AngleBracketedGenericArguments) {
        self.syntax().visit_angle_bracketed_generic_arguments(args);
    }
}

/// The prefix of the temporaries the expansion binds (they resolve at the user's tokens, so
/// that errors about them land there).
const RESERVED_PREFIX: &str = "__amp_";

/// Rule: names starting with [`RESERVED_PREFIX`] are the expansion's.
fn reserved_name(parser: &mut Parser, ident: &syn::Ident) {
    if ident.to_string().starts_with(RESERVED_PREFIX) {
        parser.errors.push(
            ident,
            format!("names starting with `{RESERVED_PREFIX}` are reserved for amp's expansion of kernels"),
        );
    }
}

/// Whether `ty` names a view, a texture or a sampler (by its last path segment).
pub fn is_view_type(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.path.segments.last().is_some_and(|s| {
        VIEW_TYPES.contains(&s.ident.to_string().as_str())
    }))
}

/// The views, textures and samplers: passed to device functions as themselves.
const VIEW_TYPES: &[&str] = &[
    "ArrayView",
    "ConstArrayView",
    "Array",
    "Texture",
    "TextureView",
    "ConstTextureView",
    "WriteonlyTextureView",
    "Sampler",
];

const NARROW_INTEGERS: &[&str] = &["u8", "i8", "u16", "i16"];
const HEAP_TYPES: &[&str] = &[
    "Box", "Vec", "String", "Rc", "Arc", "RefCell", "Cell", "HashMap",
];

/// Rule: narrow integer types (u8, i8, u16, i16) do not exist on the accelerator (C3581).
fn narrow_integer(name: &str) -> Option<String> {
    NARROW_INTEGERS.contains(&name).then(|| {
        format!(
            "`{name}`: narrow integer types are not supported in kernels; use i32/u32, or pack \
             bytes into u32 words"
        )
    })
}

/// Rule: `char` is not a kernel type (C3581).
fn char_type(name: &str) -> Option<String> {
    (name == "char").then(|| "`char` is not supported in kernels; use u32 code points".into())
}

/// Rule: 128-bit integers do not exist on the accelerator.
fn wide_integer(name: &str) -> Option<String> {
    matches!(name, "i128" | "u128")
        .then(|| format!("`{name}`: 128-bit integers are not supported in kernels; use i32/u32"))
}

/// Rule: pointer-sized integers have no fixed size on the accelerator.
fn pointer_sized(name: &str) -> Option<String> {
    matches!(name, "usize" | "isize").then(|| {
        format!("`{name}` is not supported in kernels; use u32/i32 (a usize constant reads as u32)")
    })
}

/// Rule: heap-allocated types cannot exist in kernels (no allocator on the accelerator).
fn heap_type(name: &str) -> Option<String> {
    HEAP_TYPES.contains(&name).then(|| {
        format!(
            "`{name}`: heap types (Box, Vec, String, Rc, Arc, ...) are not supported in kernels; \
             capture an array view instead"
        )
    })
}

/// Rules on a type, by its form or its last path segment.
fn type_rules(parser: &mut Parser, ty: &Type) {
    let message = match ty {
        // Rule: a reference is a type of its own only as a parameter's or a local's (see
        // `reference_type`); a device function returns values, and nothing holds a reference.
        Type::Reference(_) => Some(
            "a reference is a kernel type only as the type of a #[kernel] fn parameter or of a \
             local (`r: &mut f32`); return the value, or write it through a `&mut` parameter",
        ),
        Type::Ptr(_) => Some("raw pointers are not supported in kernels"),
        // Rule: no dynamic dispatch or function pointers on the accelerator (C3939).
        Type::TraitObject(_) | Type::ImplTrait(_) => {
            Some("trait objects and `impl Trait` are not supported in kernels")
        }
        Type::BareFn(_) => Some("function pointers are not supported in kernels (C++ AMP C3939)"),
        Type::Slice(_) => Some("slices are not supported in kernels; use an array view"),
        Type::Path(p) => {
            let named = p.path.segments.last().and_then(|s| {
                let name = s.ident.to_string();
                narrow_integer(&name)
                    .or_else(|| char_type(&name))
                    .or_else(|| wide_integer(&name))
                    .or_else(|| pointer_sized(&name))
                    .or_else(|| heap_type(&name))
            });
            if let Some(message) = named {
                parser.errors.push(ty, message);
            }
            None
        }
        _ => None,
    };
    if let Some(message) = message {
        parser.errors.push(ty, message);
    }
}

/// Rule: literals are numbers and booleans; strings and characters have no kernel type
/// (C3589), and an integer's suffix names a kernel type.
pub(super) fn literal_rule(parser: &mut Parser, lit: &Lit) {
    let message = match lit {
        Lit::Str(_) | Lit::ByteStr(_) | Lit::CStr(_) => {
            Some("string literals are not supported in kernels (C++ AMP C3589)".to_owned())
        }
        Lit::Char(_) | Lit::Byte(_) => {
            Some("character literals are not supported in kernels; use u32 code points".to_owned())
        }
        Lit::Int(i) => narrow_integer(i.suffix())
            .or_else(|| wide_integer(i.suffix()))
            .or_else(|| pointer_sized(i.suffix())),
        _ => None,
    };
    if let Some(message) = message {
        parser.errors.push(lit, message);
    }
}
