#![no_main]
//! Fuzz target: Connect Four test-set lines and whole sets.

use libfuzzer_sys::fuzz_target;
use treelab::engine::Suite;
use treelab::game::connect4::{parse_test_line, parse_test_set, to_test_line};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok((pos, moves, score)) = parse_test_line(text) {
        let line = to_test_line(&moves, score);
        assert_eq!(
            parse_test_line(&line).expect("written line reads back"),
            (pos, moves, score)
        );
    }
    match parse_test_set(text) {
        Ok(entries) => assert!(
            entries
                .iter()
                .all(|e| e.line >= 1 && e.line <= text.lines().count())
        ),
        Err(e) => assert!(e.line <= text.lines().count().max(1), "{e:?}"),
    }
    let _ = Suite::parse("Test_L1_R1", text);
});
