//! EWN's rules on hand-made positions; OpenSpiel's games are replayed in
//! `tests/game_ewn.rs`.

use super::*;
use crate::game::Game;

fn pos(text: &str) -> Ewn {
    parse_ewn(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn names(p: &Ewn) -> Vec<String> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves.into_iter().map(Ewn::move_to_string).collect()
}

#[test]
fn the_start_reads_and_writes_back() {
    let start = Ewn::start();
    let text = write_ewn(&start);
    assert_eq!(text, "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white roll");
    assert_eq!(pos(&text), start);
    assert_eq!(placement(0), [1, 2, 3, 4, 5, 6]);
    assert_eq!(placement(719), [6, 5, 4, 3, 2, 1]);
    assert_eq!(placement(1), [1, 2, 3, 4, 6, 5]);
    for t in [
        "...../...../...../...../..... place black",
        "b1b2b3../b4b5.../b6..../...../..... place white",
        "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 black 4",
    ] {
        assert_eq!(write_ewn(&pos(t)), t);
    }
}

#[test]
fn the_die_picks_the_cube_or_its_nearest_neighbours() {
    let start = Ewn::start();
    let rolled = start.play(EwnMove::Roll(3));
    assert_eq!(names(&rolled), ["W3-up", "W3-diag", "W3-left"]);
    // Without a 3, the 2 and the 4 may move (board order); a step onto a cube, White's
    // own included, captures it.
    let p = pos("b1b2b3../b4b5.../b6...w6/...w5w4/...w2w1 white 3");
    assert_eq!(
        names(&p),
        [
            "W4-up*", "W4-diag", "W4-left*", "W2-up*", "W2-diag", "W2-left"
        ]
    );
    // Black moves down, right and diagonally; a cube on the target is captured.
    let p = pos("b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 black 5");
    assert_eq!(names(&p), ["B5-diag", "B5-down", "B5-right"]);
    let p = pos("b1..../.b5.../..w1../...../..... black 5");
    assert_eq!(names(&p), ["B5-diag*", "B5-down", "B5-right"]);
}

#[test]
fn reaching_the_corner_or_taking_every_cube_wins() {
    let p = pos(".w1.../...../...../...b2./..... black 2");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let win = p.play(moves[0]); // B2-diag to the corner
    assert_eq!(win.phase, Phase::Over);
    assert_eq!(
        win.outcome(),
        Some(Outcome::Loss),
        "White, to move, has lost"
    );
    assert_eq!(
        win.terminal_score(Scoring::Native),
        -100 * VALUE_SCALE as i32
    );
    assert_eq!(write_ewn(&win), ".w1.../...../...../...../....b2 over");
    // Capturing the last enemy cube.
    let p = pos("...../.b1.../..w3../...../..... black 1");
    let win = p.play(p.parse_move("B1-diag").unwrap());
    assert_eq!(win.outcome(), Some(Outcome::Loss));
}

#[test]
fn chance_nodes_are_the_rolls_and_the_placements() {
    let mut out = Vec::new();
    assert!(Ewn::start().chance_outcomes(&mut out));
    assert_eq!(out.len(), 6);
    assert!(Ewn::before_placement().chance_outcomes(&mut out));
    assert_eq!(out.len(), 720);
    assert!(
        !Ewn::start()
            .play(EwnMove::Roll(1))
            .chance_outcomes(&mut out)
    );
}

#[test]
fn bad_text_is_refused_with_the_column() {
    for (text, column, why) in [
        (
            "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1",
            "column 42",
            "who moves",
        ),
        (
            "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white 7",
            "column 49",
            "not a die",
        ),
        (
            "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w9 white roll",
            "column 41",
            "1 to 6",
        ),
        (
            "b1b1b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white roll",
            "column 3",
            "a second b1",
        ),
        (
            "b1b2b3./b4b5.../b6...w6/...w5w4/..w3w2w1 white roll",
            "column 8",
            "row 1 has 4",
        ),
        (
            "b1..../...../...../...../....b2 white roll",
            "",
            "write over",
        ),
    ] {
        let e = parse_ewn(text).expect_err(text).to_string();
        assert!(e.contains(column) && e.contains(why), "{text}: {e}");
    }
}

#[test]
fn the_board_is_set_up_cell_by_cell_and_the_die_by_name() {
    use crate::game::describe::Describe;
    let start = Ewn::start();
    let step = |p: &Ewn, cell: usize, back: bool| {
        p.cell_stepped(cell, back)
            .expect("cubes step")
            .unwrap_or_else(|e| panic!("{}: {e}", write_ewn(p)))
    };
    // a1 holds Black's 1; every other Black cube and every White one is on the board, so
    // the next choice is the empty cell, and back from there Black's 1 again.
    let emptied = step(&start, 0, false);
    assert_eq!(
        write_ewn(&emptied),
        ".b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white roll"
    );
    assert_eq!(step(&emptied, 0, true), start);
    assert_eq!(
        step(&emptied, 0, false),
        start,
        "W1-W6 are taken, B1 is free"
    );
    // An empty cell steps through the cubes not on the board.
    let free = step(&emptied, 3, false);
    assert_eq!(
        free.board[3].map(|c| (c.side, c.number)),
        Some((Side::Second, 1))
    );
    // White's 1 taken off e5 (back from it is the empty cell), then put on a1, White's
    // goal: the game is over, White has won.
    let w1_off = step(&emptied, 24, true);
    assert_eq!(w1_off.board[24], None);
    let over = step(&w1_off, 0, false);
    assert_eq!(
        over.board[0].map(|c| (c.side, c.number)),
        Some((Side::First, 1))
    );
    assert_eq!(over.phase, Phase::Over, "{}", write_ewn(&over));
    assert_eq!(over.winner(), Some(Side::First));
    // Taking the cube off again: the game goes back to the roll.
    let again = step(&over, 0, true);
    assert_eq!(again.phase, Phase::Roll, "{}", write_ewn(&again));
    // The die: before the roll or a number, the same side to move.
    let phases = start.phase_choices();
    let names: Vec<&str> = phases.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "before the roll",
            "die 1",
            "die 2",
            "die 3",
            "die 4",
            "die 5",
            "die 6"
        ]
    );
    assert!(write_ewn(&phases[3].1).ends_with(" white 3"));
    assert!(write_ewn(&start.side_switched().unwrap()).ends_with(" black roll"));
    assert!(over.phase_choices().is_empty() && over.side_switched().is_none());
}
