#![no_main]
//! Fuzz target: a random-tree spec.

use libfuzzer_sys::fuzz_target;
use treelab::game::random_tree::{RandomTree, parse_spec};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_spec(text) {
        Ok(spec) => {
            assert_eq!(
                parse_spec(&spec.to_spec_string()).expect("spec reads back"),
                spec
            );
            let _ = RandomTree::new(spec);
        }
        Err(e) => assert!(e.column <= text.chars().count() + 1, "{e:?}"),
    }
});
