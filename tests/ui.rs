//! Compile-time rules: each file under tests/ui/<category>/ is one kind of mistake (several cases
//! inside, all reported in one compile) with the expected messages beside it; tests/ui/pass/
//! holds programs that must compile and run. Regenerate with `TRYBUILD=overwrite` and review.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    for category in [
        "types",
        "control",
        "calls",
        "memory",
        "syntax",
        "views",
        "tiles",
        "structs",
        "textures",
        "references",
        "methods",
    ] {
        t.compile_fail(format!("tests/ui/{category}/*.rs"));
    }
    t.pass("tests/ui/pass/*.rs");
}
