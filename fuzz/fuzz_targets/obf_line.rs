#![no_main]
//! Fuzz target: one OBF line: error or value; a value writes and reads back the same.

use libfuzzer_sys::fuzz_target;
use treelab::game::othello::{parse_obf_line, to_obf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_obf_line(text) {
        Ok((pos, scores)) => {
            let written = to_obf(&pos, &scores);
            let again = parse_obf_line(&written).expect("written OBF line reads back");
            assert_eq!(again, (pos, scores));
        }
        Err(e) => assert!(e.column <= text.chars().count() + 1, "{e:?}"),
    }
});
