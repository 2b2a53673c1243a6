#![no_main]
//! Fuzz target: an OBF suite file (also through the engine's Suite::parse).

use libfuzzer_sys::fuzz_target;
use treelab::engine::Suite;
use treelab::game::othello::{parse_obf_suite, to_obf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_obf_suite(text, Some(40)) {
        Ok(entries) => {
            for e in &entries {
                let line = to_obf(&e.position, &e.move_scores);
                let back = parse_obf_suite(&line, None).expect("written line reads back");
                assert_eq!(back.len(), 1);
                assert_eq!(back[0].position, e.position);
                assert_eq!(back[0].expected_score, e.expected_score);
            }
        }
        Err(e) => assert!(e.line <= text.lines().count().max(1), "{e:?}"),
    }
    let _ = Suite::parse("fforum-40-59.obf", text);
});
