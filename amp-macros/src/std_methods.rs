//! Rust's numeric methods that kernels do not have, and what a kernel writes instead: the table
//! behind the checker's rule that calling one is a single error in amp's words, at the method's
//! name (rustc's own error would be "no method named `checked_add` found for struct
//! `KernelValue<T>`", naming amp's internals).
//!
//! The names are stable methods of Rust's `i32`, `u32`, `i64`, `u64`, `f32` and `f64` (and
//! their associated functions, called by path: `i32::from_le_bytes(b)`) that amp lacks. None is
//! the name of a method amp has on any kernel value (scalars, short vectors, shapes, views,
//! tiled indices, barriers, atomics): those are left to the type checker, whose errors for a
//! method on the wrong type already name the type (`` `i32` is not an unsigned integer type ``).

use std::borrow::Cow;

/// A family of integer methods by prefix (`checked_add`, `overflowing_mul` …): why kernels
/// lack it, and the operations Rust has in it.
struct Family {
    prefix: &'static str,
    reason: &'static str,
    operations: &'static [&'static str],
    /// Operations of this family only.
    also: &'static [&'static str],
}

impl Family {
    /// Every operation Rust has in the family.
    fn all(&self) -> impl Iterator<Item = &'static str> {
        self.operations.iter().chain(self.also).copied()
    }
}

/// Every family's operations that Rust has for `i32`/`u32`/`i64`/`u64` (some only for the
/// signed or the unsigned ones).
const ARITHMETIC: &[&str] = &[
    "add",
    "sub",
    "mul",
    "div",
    "div_euclid",
    "rem",
    "rem_euclid",
    "neg",
    "shl",
    "shr",
    "abs",
    "pow",
    "add_signed",
    "add_unsigned",
    "sub_unsigned",
];

/// The families. `wrapping_add` & co. and `saturating_add`/`_sub`/`_mul` are amp methods, so
/// those families list only what amp lacks.
const FAMILIES: &[Family] = &[
    Family {
        prefix: "checked_",
        reason: "kernels have no `Option`",
        operations: ARITHMETIC,
        also: &[
            "ilog2",
            "ilog10",
            "ilog",
            "isqrt",
            "next_power_of_two",
            "next_multiple_of",
        ],
    },
    Family {
        prefix: "overflowing_",
        reason: "kernels have no tuples",
        operations: ARITHMETIC,
        also: &[],
    },
    Family {
        prefix: "strict_",
        reason: "kernels cannot panic",
        operations: ARITHMETIC,
        also: &[],
    },
    Family {
        prefix: "unchecked_",
        reason: "kernels have no `unsafe`",
        operations: &["add", "sub", "mul", "neg", "shl", "shr"],
        also: &[],
    },
    Family {
        prefix: "wrapping_",
        reason: "kernel integer arithmetic wraps",
        operations: &[
            "div",
            "div_euclid",
            "rem",
            "rem_euclid",
            "shl",
            "shr",
            "abs",
            "pow",
            "add_signed",
            "add_unsigned",
            "sub_unsigned",
        ],
        also: &[],
    },
    Family {
        prefix: "saturating_",
        reason: "kernels saturate only `add`, `sub` and `mul`",
        operations: &[
            "div",
            "neg",
            "abs",
            "pow",
            "add_signed",
            "add_unsigned",
            "sub_unsigned",
        ],
        also: &[],
    },
];

/// What a kernel writes for each operation of the families.
fn instead_of(operation: &str) -> &'static str {
    match operation {
        "add" => "`wrapping_add` or `saturating_add`",
        "sub" => "`wrapping_sub` or `saturating_sub`",
        "mul" => "`wrapping_mul` or `saturating_mul`",
        "neg" => "`wrapping_neg`",
        "div" => "`/` (in kernels `x / 0` is `x`, and `MIN / -1` is `MIN`)",
        "rem" => "`%` (in kernels `x % 0` is 0)",
        "div_euclid" => "`div_euclid` (in kernels `x.div_euclid(0)` is `x`)",
        "rem_euclid" => "`rem_euclid` (in kernels `x.rem_euclid(0)` is 0)",
        "shl" => "`<<` (kernels take the amount modulo the width)",
        "shr" => "`>>` (kernels take the amount modulo the width)",
        "abs" => {
            "`abs` (in kernels `MIN.abs()` is `MIN`), or `abs_diff(0)` for the unsigned magnitude"
        }
        "pow" => "`pow`, which wraps in kernels",
        "add_signed" | "add_unsigned" => "`wrapping_add` after converting with `as`",
        "sub_unsigned" => "`wrapping_sub` after converting with `as`",
        "ilog2" => "`ilog2` (in kernels `ilog2` of 0 is `u32::MAX`)",
        "ilog10" | "ilog" => "`ilog2`, the integer logarithm kernels have",
        "isqrt" => "`isqrt` of a `u32` or `u64`",
        "next_power_of_two" => "`next_power_of_two` (0 past the largest power of two, in kernels)",
        "next_multiple_of" => "`x.div_ceil(m) * m`",
        _ => "the methods listed in docs/LANGUAGE.md (\"Math\")",
    }
}

/// The other methods, each with what to write instead.
const SINGLE: &[(&str, &str)] = &[
    // Integers.
    ("count_zeros", "count the ones of the complement: `(!x).count_ones()`"),
    ("leading_ones", "count the complement's zeros: `(!x).leading_zeros()`"),
    ("trailing_ones", "count the complement's zeros: `(!x).trailing_zeros()`"),
    ("ilog10", "the integer logarithm kernels have is `ilog2`; compare with powers of ten"),
    ("ilog", "the integer logarithm kernels have is `ilog2`; for another base, divide in a loop"),
    ("unsigned_abs", "use `x.abs_diff(0)`, the unsigned magnitude (`MIN` included)"),
    ("is_positive", "compare with zero: `x > 0`"),
    ("is_negative", "compare with zero: `x < 0`"),
    ("is_multiple_of", "test the remainder: `x % m == 0`"),
    ("next_multiple_of", "round up with `x.div_ceil(m) * m`"),
    ("cast_signed", "convert with `as` (`x as i32`)"),
    ("cast_unsigned", "convert with `as` (`x as u32`)"),
    ("unbounded_shl", "kernel shifts take the amount modulo the width; compare the amount with the width first"),
    ("unbounded_shr", "kernel shifts take the amount modulo the width; compare the amount with the width first"),
    ("swap_bytes", "kernels have no byte types; move bytes with shifts and masks"),
    ("to_be", "kernels have no byte types; move bytes with shifts and masks"),
    ("to_le", "kernels have no byte types; move bytes with shifts and masks"),
    ("from_be", "kernels have no byte types; move bytes with shifts and masks"),
    ("from_le", "kernels have no byte types; move bytes with shifts and masks"),
    ("to_le_bytes", "kernels have no byte arrays; take bytes out with shifts and masks (`(x >> 8) & 0xff`)"),
    ("to_be_bytes", "kernels have no byte arrays; take bytes out with shifts and masks (`(x >> 8) & 0xff`)"),
    ("to_ne_bytes", "kernels have no byte arrays; take bytes out with shifts and masks (`(x >> 8) & 0xff`)"),
    ("from_le_bytes", "kernels have no byte arrays; put bytes together with shifts and `|`"),
    ("from_be_bytes", "kernels have no byte arrays; put bytes together with shifts and `|`"),
    ("from_ne_bytes", "kernels have no byte arrays; put bytes together with shifts and `|`"),
    ("from_str_radix", "kernels have no strings"),
    ("max_value", "use the constant `MAX` (`i32::MAX`)"),
    ("min_value", "use the constant `MIN` (`i32::MIN`)"),
    // Floats.
    ("total_cmp", "kernels have no `Ordering`; compare with the operators (`a < b`) and test `is_nan()`"),
    ("classify", "kernels have no `FpCategory`; test `is_nan()`, `is_infinite()`, `is_normal()`, `is_subnormal()` and `x == 0.0`"),
    ("abs_sub", "use `precise_math::fdim(x, y)` or `(x - y).max(0.0)`"),
    ("to_int_unchecked", "convert with `as` (`x as i32`)"),
];

/// Rust's functions of the signed integers that kernels have for the unsigned ones only. By
/// method (`n.isqrt()` on an `i32`), the type checker says so, naming the type; by path
/// (`i32::isqrt(n)`), this table does.
const UNSIGNED_ONLY: &[(&str, &str)] = &[
    (
        "div_ceil",
        "kernels have `div_ceil` for u32 and u64 only (Rust's signed `div_ceil` is unstable); \
         convert a value known to be non-negative with `as u32` or `as u64`",
    ),
    (
        "isqrt",
        "kernels have `isqrt` for u32 and u64 only; convert a value known to be non-negative \
         with `as u32` or `as u64`",
    ),
];

/// What to write instead of Rust's numeric method `name`, which kernels lack, called by method
/// (`owner` is `None`) or by path (`i32::name`); `None` for any other name (amp's own methods,
/// and names that are no numeric method of Rust's).
pub fn unsupported(owner: Option<&str>, name: &str) -> Option<Cow<'static, str>> {
    if matches!(owner, Some("i32" | "i64")) {
        if let Some((_, advice)) = UNSIGNED_ONLY.iter().find(|(n, _)| *n == name) {
            return Some(Cow::Borrowed(advice));
        }
    }
    if let Some((_, advice)) = SINGLE.iter().find(|(n, _)| *n == name) {
        return Some(Cow::Borrowed(advice));
    }
    FAMILIES.iter().find_map(|family| {
        let operation = name.strip_prefix(family.prefix)?;
        family
            .all()
            .any(|o| o == operation)
            .then(|| Cow::Owned(format!("{}; use {}", family.reason, instead_of(operation))))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amp_methods_are_not_reported() {
        for amp_spec::Method { name, .. } in amp_spec::METHODS {
            assert!(unsupported(None, name).is_none(), "{name} is an amp method");
            assert!(
                unsupported(Some("u32"), name).is_none(),
                "{name} is an amp method"
            );
        }
        for name in [
            "wrapping_add",
            "saturating_mul",
            "div_ceil",
            "isqrt",
            "ilog2",
            "abs_diff",
        ] {
            assert!(unsupported(None, name).is_none(), "{name} is an amp method");
        }
        assert!(unsupported(Some("i32"), "div_ceil").is_some());
    }

    #[test]
    fn every_operation_has_advice() {
        for family in FAMILIES {
            for operation in family.all() {
                assert!(
                    !instead_of(operation).contains("docs/LANGUAGE.md"),
                    "{}{operation} has no advice",
                    family.prefix
                );
            }
        }
    }

    #[test]
    fn families_say_why_and_what_instead() {
        assert_eq!(
            unsupported(None, "checked_add").as_deref(),
            Some("kernels have no `Option`; use `wrapping_add` or `saturating_add`")
        );
        assert!(unsupported(None, "checked_frobnicate").is_none());
    }
}
