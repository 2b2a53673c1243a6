#![no_main]
//! Fuzz target: a Connect Four move string.

use libfuzzer_sys::fuzz_target;
use treelab::engine::{AnyPosition, GameKind};
use treelab::game::connect4::{Connect4, parse_board, to_board};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Connect4::from_moves(text) {
        Ok(pos) => {
            let board = to_board(&pos);
            assert_eq!(parse_board(&board).expect("written board reads back"), pos);
        }
        Err(e) => assert!(
            e.column >= 1 && e.column <= text.chars().count() + 1,
            "{e:?}"
        ),
    }
    if let Ok(p) = AnyPosition::parse(GameKind::Connect4, text) {
        let back =
            AnyPosition::parse(GameKind::Connect4, &p.to_text()).expect("text form reads back");
        assert_eq!(back.to_text(), p.to_text());
    }
});
