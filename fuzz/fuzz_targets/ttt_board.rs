#![no_main]
//! Fuzz target: a tic-tac-toe board.

use libfuzzer_sys::fuzz_target;
use treelab::engine::Suite;
use treelab::game::tictactoe::{parse_ttt, to_ttt};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_ttt(text) {
        Ok(pos) => assert_eq!(
            parse_ttt(&to_ttt(&pos)).expect("written board reads back"),
            pos
        ),
        Err(e) => assert!(e.column <= text.chars().count() + 1, "{e:?}"),
    }
    let _ = Suite::parse("x.ttt", text);
});
