//! amp-spec: the facts of amp's kernel language that both halves of amp use, defined once.
//!
//! The macros (`amp-macros`) check kernels against these facts at compile time, in the user's
//! words; the IR builder (`amp-core`) enforces the same facts when a kernel is built, and its
//! tests check that its method traits are exactly the [`METHODS`] listed here. This crate has
//! no dependencies, so that a proc-macro crate and the builder can both import it.

/// The most elements one level of a local array may have (`[e; N]` in a kernel: `N` at most
/// this): a local array is built on the host while the kernel is built, and lives in a thread's
/// private memory on the accelerator, which is small.
pub const MAX_LOCAL_ARRAY: usize = 1 << 16;

/// The most values a `parallel_for_each!` kernel captures (the launch takes its captures as a
/// tuple of at most this many).
pub const MAX_CAPTURES: usize = 16;

/// Whether a kernel is built with amp's run-time access checks: the macro picks it
/// (`parallel_for_each!` or `parallel_for_each_unchecked!`), the builder builds by it, and the
/// runtime keys its pipeline cache by it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Checks {
    /// amp's own checks: every view access is checked against the view's extent, component by
    /// component, and every tile_static and local array access against the array's size, except
    /// where the range analysis proves the index in range. An access out of range touches no
    /// memory (a read gives zero, a write is skipped) and is recorded in the fault buffer.
    #[default]
    Checked,
    /// No run-time checks: an out-of-range access, an integer division by zero and a loop that
    /// never ends are undefined behaviour where the kernel runs. Only a launch whose caller
    /// promised in-range accesses (`unsafe { parallel_for_each_unchecked!(…) }`) runs such a
    /// kernel.
    Unchecked,
}

/// A method kernels call on scalars and short vectors (`x.sqrt()`, `a.max(b)`, `v.dot(w)`):
/// its name and its parameters as Rust names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Method {
    /// The method's name.
    pub name: &'static str,
    /// Its parameters after `self`, by the names Rust's own method gives them (`clamp` takes
    /// `min` and `max`), which error messages quote.
    pub params: &'static [&'static str],
}

impl Method {
    /// The method named `name`, if kernels have one.
    ///
    /// ```
    /// assert_eq!(amp_spec::Method::named("clamp").map(|m| m.params), Some(&["min", "max"][..]));
    /// assert!(amp_spec::Method::named("checked_add").is_none());
    /// ```
    pub fn named(name: &str) -> Option<&'static Method> {
        METHODS.iter().find(|m| m.name == name)
    }
}

/// Declares [`METHODS`], one `name(params)` per line.
macro_rules! methods {
    ($($name:ident($($param:ident),*);)*) => {
        /// amp's methods of kernel scalars and short vectors (amp-core's `ScalarMethods` and
        /// `VectorMethods`), and `clone` (kernel values are copies). A name has the same
        /// parameters on every type that has it: `min` takes `other` on scalars and vectors
        /// alike.
        pub const METHODS: &[Method] = &[$(Method {
            name: stringify!($name),
            params: &[$(stringify!($param)),*],
        }),*];
    };
}

methods! {
    max(other);
    min(other);
    clamp(min, max);
    abs();
    signum();
    sqrt();
    rsqrt();
    exp();
    exp2();
    ln();
    log2();
    log10();
    sin();
    cos();
    tan();
    asin();
    acos();
    atan();
    atan2(other);
    sinh();
    cosh();
    tanh();
    floor();
    ceil();
    round();
    trunc();
    fract();
    mul_add(a, b);
    powf(n);
    powi(n);
    hypot(other);
    copysign(sign);
    recip();
    to_degrees();
    to_radians();
    is_nan();
    is_infinite();
    is_finite();
    to_bits();
    cbrt();
    exp_m1();
    ln_1p();
    sin_cos();
    asinh();
    acosh();
    atanh();
    log(base);
    round_ties_even();
    is_sign_positive();
    is_sign_negative();
    is_normal();
    is_subnormal();
    next_up();
    next_down();
    midpoint(other);
    to_f32();
    to_f64();
    pow(exp);
    count_ones();
    leading_zeros();
    trailing_zeros();
    reverse_bits();
    rotate_left(n);
    rotate_right(n);
    wrapping_add(rhs);
    wrapping_sub(rhs);
    wrapping_mul(rhs);
    wrapping_neg();
    saturating_add(rhs);
    saturating_sub(rhs);
    saturating_mul(rhs);
    abs_diff(other);
    div_euclid(rhs);
    rem_euclid(rhs);
    ilog2();
    div_ceil(rhs);
    next_power_of_two();
    isqrt();
    is_power_of_two();
    x();
    y();
    z();
    w();
    r();
    g();
    b();
    a();
    dot(other);
    length();
    normalize();
    distance(other);
    cross(other);
    clone();
}

/// The methods kernels call on amp's other kernel types (views, extents, tiles and barriers,
/// textures, matrices), besides [`METHODS`] and the atomics (every name starting with
/// `atomic_`). amp-core's tests check that each method its kernel types have is listed here or
/// in [`METHODS`].
pub const TYPE_METHODS: &[&str] = &[
    "contains",
    "extent",
    "get",
    "set",
    "load",
    "store",
    "read",
    "sample",
    "sample_level",
    "gather_red",
    "gather_green",
    "gather_blue",
    "gather_alpha",
    "section",
    "as_const",
    "view_as",
    "reinterpret_as",
    "read_uniform",
    "size",
    "tile_dim0",
    "tile_dim1",
    "tile_dim2",
    "tile_extent",
    "tile",
    "pad",
    "truncate",
    "multiply_add",
    "wait",
    "wait_with_all_memory_fence",
    "wait_with_global_memory_fence",
    "wait_with_tile_static_memory_fence",
];

/// Whether kernels call `name` as one of amp's own methods (of a scalar, short vector, view,
/// tile, texture …): such a call is amp's; any other method name in a kernel is a method of a
/// `#[kernel] impl` block, and a `#[kernel] impl` method may not take one of amp's names.
///
/// ```
/// assert!(amp_spec::is_amp_method("sqrt"));
/// assert!(amp_spec::is_amp_method("atomic_fetch_add"));
/// assert!(!amp_spec::is_amp_method("speed"));
/// ```
pub fn is_amp_method(name: &str) -> bool {
    Method::named(name).is_some()
        || TYPE_METHODS.contains(&name)
        || name.starts_with("atomic_")
        || swizzle(name).is_some()
        || swizzle_write(name).is_some()
}

/// The names of a short vector's components, one set per naming: C++ AMP's `x y z w` and
/// `r g b a` (component 0 is `x` and `r`).
pub const COMPONENT_SETS: [&str; 2] = ["xyzw", "rgba"];

/// The components a swizzle method reads (`v.zyx()` reads 2, 1, 0), if `name` is one: 2 to 4
/// letters of one naming set of [`COMPONENT_SETS`], repeats allowed (`v.xxyy()`). Single
/// components (`v.x()`, `v.r()`) are [`METHODS`] of their own, returning a scalar.
///
/// ```
/// assert_eq!(amp_spec::swizzle("zyx"), Some(vec![2, 1, 0]));
/// assert_eq!(amp_spec::swizzle("bgra"), Some(vec![2, 1, 0, 3]));
/// assert_eq!(amp_spec::swizzle("xg"), None);
/// assert_eq!(amp_spec::swizzle("x"), None);
/// ```
pub fn swizzle(name: &str) -> Option<Vec<u32>> {
    if !(2..=4).contains(&name.len()) {
        return None;
    }
    COMPONENT_SETS.iter().find_map(|set| {
        name.chars()
            .map(|c| set.find(c).map(|k| k as u32))
            .collect::<Option<Vec<u32>>>()
    })
}

/// The components a swizzle write (`v.set_xy(w)`, `v.set_b(s)`) writes, if `name` is one:
/// `set_` and 1 to 4 letters of one naming set, none repeated (a write to a component twice
/// would be ambiguous, as C++ AMP's swizzle writes are).
///
/// ```
/// assert_eq!(amp_spec::swizzle_write("set_zx"), Some(vec![2, 0]));
/// assert_eq!(amp_spec::swizzle_write("set_a"), Some(vec![3]));
/// assert_eq!(amp_spec::swizzle_write("set_xx"), None);
/// ```
pub fn swizzle_write(name: &str) -> Option<Vec<u32>> {
    let letters = name.strip_prefix("set_")?;
    if letters.is_empty() || letters.len() > 4 {
        return None;
    }
    let components = COMPONENT_SETS.iter().find_map(|set| {
        letters
            .chars()
            .map(|c| set.find(c).map(|k| k as u32))
            .collect::<Option<Vec<u32>>>()
    })?;
    let distinct = components
        .iter()
        .enumerate()
        .all(|(i, c)| !components[..i].contains(c));
    distinct.then_some(components)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_listed_once() {
        for (i, m) in METHODS.iter().enumerate() {
            assert!(
                METHODS[..i].iter().all(|earlier| earlier.name != m.name),
                "{} is listed twice",
                m.name
            );
        }
    }
}
