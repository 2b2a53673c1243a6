#![no_main]
//! Fuzz target: a Connect Four board (6 rows of 7 cells).

use libfuzzer_sys::fuzz_target;
use treelab::engine::{AnyPosition, GameKind};
use treelab::game::connect4::{parse_board, to_board};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = parse_board(text) {
        let written = to_board(&pos);
        assert_eq!(
            parse_board(&written).expect("written board reads back"),
            pos
        );
    }
    let slashed = text.replace('\n', "/");
    if let Ok(p) = AnyPosition::parse(GameKind::Connect4, &slashed) {
        let back =
            AnyPosition::parse(GameKind::Connect4, &p.to_text()).expect("text form reads back");
        assert_eq!(back, p);
    }
});
