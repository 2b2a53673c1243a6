//! No file of `src/` takes items from another in a cycle: the files each file imports
//! from, resolved to the file that defines each item (through re-exports, items a macro
//! makes, and the arrow from a module's file to its children). There is none, the
//! app's rooms included.

use std::path::PathBuf;

#[path = "structure/resolver.rs"]
mod resolver;
#[path = "structure/source.rs"]
mod source;

use resolver::{file_cycles, read_crate};
use source::read_tree;

#[test]
fn every_file_imports_without_a_cycle() {
    let tree = read_tree();
    let krate = read_crate(&tree.files);
    assert!(
        krate.files.len() > 100,
        "read the files: {}",
        krate.files.len()
    );
    let found = file_cycles(&tree.files);
    assert!(
        found.is_empty(),
        "{} file-level import cycles (move what both sides need into a file of its own, or \
         pass it in):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_cycle_check_sees_items_a_macro_makes_and_a_child_that_imports_its_parent() {
    let file = |path: &str, text: &str| (PathBuf::from(path), text.to_string());
    // A macro that makes `Kind` where it is called, and a file that uses it: an arrow
    // to the macro's caller, which takes nothing back.
    let made = vec![
        file("src/lib.rs", "pub mod reg;\npub mod user;\n"),
        file(
            "src/reg.rs",
            "macro_rules! make {\n    ($($n:ident),*) => {\n        pub enum Kind { $($n),* }\n        pub fn $n() {}\n    };\n}\n\nmake! { A, B }\n",
        ),
        file(
            "src/user.rs",
            "use crate::reg::Kind;\n\npub fn f(k: Kind) {}\n",
        ),
    ];
    assert!(file_cycles(&made).is_empty());
    // The macro's caller taking from the user: a cycle, seen only through the macro.
    let mut cyclic = made.clone();
    cyclic[1]
        .1
        .push_str("\npub fn g() {\n    crate::user::f(todo!());\n}\n");
    let found = file_cycles(&cyclic);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("src/user.rs -> src/reg.rs (Kind)"),
        "{found:?}"
    );
    // A child that takes from its parent's file while the parent uses the child: a cycle.
    let family = vec![
        file("src/lib.rs", "pub mod a;\n"),
        file(
            "src/a/mod.rs",
            "mod child;\n\npub struct Shared;\n\npub fn run() {\n    child::work();\n}\n",
        ),
        file(
            "src/a/child.rs",
            "use super::Shared;\n\npub fn work() -> Shared {\n    Shared\n}\n",
        ),
    ];
    let found = file_cycles(&family);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("src/a/child.rs -> src/a/mod.rs (Shared)"),
        "{found:?}"
    );
    assert!(
        found[0].contains("src/a/mod.rs -> src/a/child.rs (work)"),
        "{found:?}"
    );
    // The parent alone taking from its child (a re-export it does not use, or a use):
    // no cycle.
    let mut downward = family.clone();
    downward[2] = file("src/a/child.rs", "pub struct Own;\n\npub fn work() {}\n");
    assert!(file_cycles(&downward).is_empty());
}

#[test]
fn the_cycle_check_finds_a_cycle_through_a_reexport_and_none_without_one() {
    let file = |path: &str, text: &str| (PathBuf::from(path), text.to_string());
    let acyclic = vec![
        file("src/lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        file(
            "src/a/mod.rs",
            "mod inner;\nmod other;\npub use inner::Thing;\npub use other::*;\n",
        ),
        file(
            "src/a/inner.rs",
            "use super::Helper;\n\npub struct Thing(Helper);\n",
        ),
        file("src/a/other.rs", "pub struct Helper;\n"),
        file(
            "src/b.rs",
            "use crate::a::{Thing, self as alpha};\n\n// crate::c::Loop\npub fn f(t: Thing) -> alpha::Helper {\n    let s = \"crate::c::Loop\";\n    todo!()\n}\n\n#[cfg(test)]\nmod tests {\n    use crate::c::Loop;\n}\n",
        ),
        file("src/c.rs", "pub struct Loop;\n"),
        file("src/c/tests.rs", "use crate::b::f;\n"),
    ];
    let none = file_cycles(&acyclic);
    assert!(none.is_empty(), "{none:?}");
    // The same files with c taking from b, and a's inner file (through the re-export in
    // a/mod.rs) from c: two cycles.
    let mut cyclic = acyclic.clone();
    cyclic[5] = file(
        "src/c.rs",
        "pub struct Loop;\npub fn g() {\n    crate::b::f(todo!());\n}\n",
    );
    cyclic[2] = file(
        "src/a/inner.rs",
        "use super::{Helper, super::c::{self}};\n\npub struct Thing(Helper, c::Loop);\n",
    );
    let found = file_cycles(&cyclic);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("import cycle among src/a/inner.rs, src/b.rs, src/c.rs:"),
        "{found:?}"
    );
    assert!(
        found[0].contains("src/b.rs -> src/a/inner.rs (Thing)"),
        "{found:?}"
    );
    assert!(found[0].contains("src/c.rs -> src/b.rs (f)"), "{found:?}");
    assert!(
        found[0].contains("src/a/inner.rs -> src/c.rs (Loop)"),
        "{found:?}"
    );
    assert!(!found[0].contains("other.rs"), "{found:?}");
}
