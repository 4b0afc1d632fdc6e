//! Generates the swizzle methods of short vectors (`v.xy()`, `v.zyx()`, `v.bgra()`, and the
//! writes `v.set_xy(w)`) from amp-spec's naming sets, for the host's `Vector` and for kernels'
//! `Swizzles` trait: every name amp-spec's `swizzle`/`swizzle_write` accept, and no other.

use std::fmt::Write as _;
use std::path::PathBuf;

/// Every word of `len` letters over `set`.
fn words(set: &str, len: usize) -> Vec<String> {
    (0..len).fold(vec![String::new()], |acc, _| {
        acc.iter()
            .flat_map(|w| set.chars().map(move |c| format!("{w}{c}")))
            .collect()
    })
}

/// The bound a method reading or writing components `cs` needs: the highest one must exist.
fn bound(cs: &[u32]) -> &'static str {
    match cs.iter().max() {
        Some(3) => "where T: HasW<N>",
        Some(2) => "where T: HasZ<N>",
        _ => "",
    }
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut host = String::new();
    let mut decl = String::new();
    let mut imp = String::new();
    for set in amp_spec::COMPONENT_SETS {
        for len in 2..=4 {
            for name in words(set, len) {
                let cs = amp_spec::swizzle(&name).unwrap_or_default();
                let list = cs.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                let bound = bound(&cs);
                let _ = writeln!(
                    host,
                    "#[doc(hidden)] #[inline] pub fn {name}(&self) -> Vector<T, {len}> {bound} \
                     {{ Vector([{}]) }}",
                    cs.iter()
                        .map(|c| format!("self.0[{c}]"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                let _ = writeln!(
                    decl,
                    "#[doc(hidden)]\nfn {name}(self, builder: &mut KernelBuilder) -> Swizzled<T, {len}>\n{bound};"
                );
                let _ = writeln!(
                    imp,
                    "fn {name}(self, builder: &mut KernelBuilder) -> Swizzled<T, {len}> \
                     {bound} {{ self.swizzle(builder, &[{list}]) }}"
                );
            }
        }
        for len in 1..=4 {
            for letters in words(set, len) {
                let name = format!("set_{letters}");
                let Some(cs) = amp_spec::swizzle_write(&name) else {
                    continue;
                };
                let list = cs.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                let bound = bound(&cs);
                let (host_ty, kernel_ty) = if len == 1 {
                    ("T".to_string(), "SwizzledComponent<T>".to_string())
                } else {
                    (format!("Vector<T, {len}>"), format!("Swizzled<T, {len}>"))
                };
                let stores = if len == 1 {
                    format!("self.0[{list}] = value;")
                } else {
                    cs.iter()
                        .enumerate()
                        .map(|(k, c)| format!("self.0[{c}] = value.0[{k}];"))
                        .collect::<String>()
                };
                let _ = writeln!(
                    host,
                    "#[doc(hidden)] #[inline] pub fn {name}(&mut self, value: {host_ty}) {bound} \
                     {{ {stores} }}"
                );
                let _ = writeln!(
                    decl,
                    "#[doc(hidden)]\nfn {name}(self, builder: &mut KernelBuilder, value: {kernel_ty}) -> Self\n{bound};"
                );
                let _ = writeln!(
                    imp,
                    "fn {name}(self, builder: &mut KernelBuilder, value: {kernel_ty}) -> Self \
                     {bound} {{ self.swizzle_write(builder, &[{list}], value.handle()) }}"
                );
            }
        }
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    let write = |file: &str, text: String| {
        if let Err(e) = std::fs::write(out.join(file), text) {
            println!("cargo::error=cannot write {file}: {e}");
        }
    };
    write(
        "swizzle_host.rs",
        format!("impl<T: Component, const N: usize> Vector<T, N> {{\n{host}}}\n"),
    );
    write(
        "swizzle_kernel.rs",
        format!(
            "/// The swizzles of short vectors in kernels, the host's [`Vector`] swizzles (see \
             the [module](self) documentation).\n\
             pub trait Swizzles<T, const N: usize>: Sized {{\n{decl}}}\n\
             impl<T: Component, const N: usize> Swizzles<T, N> for KernelValue<Vector<T, N>>\n\
             where\n    Vector<T, N>: Value,\n{{\n{imp}}}\n"
        ),
    );
}
