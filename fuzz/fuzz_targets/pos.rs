#![no_main]
//! Fuzz target: an FFO .pos file.

use libfuzzer_sys::fuzz_target;
use treelab::engine::Suite;
use treelab::game::othello::{parse_pos, to_pos};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok((pos, description)) = parse_pos(text) {
        let written = to_pos(&pos, &description);
        let (back, back_description) = parse_pos(&written).expect("written .pos reads back");
        assert_eq!(back, pos);
        assert_eq!(back_description, description);
    }
    let _ = Suite::parse("x.pos", text);
});
