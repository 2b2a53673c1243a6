//! Connect Four tests: rules, formats, perft and evaluators.

use super::formats::score_bounds;
use super::*;

const TEST_SETS: [(&str, &str); 3] = [
    (
        "Test_L1_R1",
        include_str!("../../../assets/connect4/Test_L1_R1"),
    ),
    (
        "Test_L2_R1",
        include_str!("../../../assets/connect4/Test_L2_R1"),
    ),
    (
        "Test_L3_R1",
        include_str!("../../../assets/connect4/Test_L3_R1"),
    ),
];

fn moves(text: &str) -> Connect4 {
    Connect4::from_moves(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn board(text: &str) -> Connect4 {
    parse_board(text).unwrap_or_else(|e| panic!("{text}\n{e}"))
}

fn board_err(text: &str) -> FormatError {
    match parse_board(text) {
        Ok(p) => panic!("accepted:\n{}", to_board(&p)),
        Err(e) => e,
    }
}

/// Plain perft by play + outcome, to cross-check the bulk counting.
fn slow_perft(pos: &Connect4, depth: u32, convention: PerftConvention) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome().is_some() {
        return u64::from(convention == PerftConvention::FinishedIsLeaf);
    }
    (0..WIDTH)
        .filter(|&c| pos.can_play(c))
        .map(|c| slow_perft(&pos.play_column(c), depth - 1, convention))
        .sum()
}

#[test]
fn perft_finished_is_dropped() {
    let start = Connect4::new();
    let expected = [7, 49, 343, 2401, 16807, 117_649, 823_536, 5_673_234];
    for (i, &count) in expected.iter().enumerate() {
        assert_eq!(start.perft(i as u32 + 1, Connect4::PERFT_CONVENTION), count);
    }
}

#[test]
fn perft_finished_is_leaf() {
    let start = Connect4::new();
    assert_eq!(start.perft(7, PerftConvention::FinishedIsLeaf), 823_536);
    assert_eq!(start.perft(8, PerftConvention::FinishedIsLeaf), 5_686_266);
    for convention in [
        PerftConvention::FinishedIsLeaf,
        PerftConvention::FinishedIsDropped,
    ] {
        assert_eq!(
            slow_perft(&start, 6, convention),
            start.perft(6, convention)
        );
    }
}

#[test]
fn test_sets_parse_and_are_not_over() {
    for (name, text) in TEST_SETS {
        let entries = parse_test_set(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(entries.len(), 1000, "{name}");
        for (i, (entry, line)) in entries.iter().zip(text.lines()).enumerate() {
            assert_eq!(entry.line, i + 1);
            assert_eq!(entry.name, format!("line {}", i + 1));
            assert!(entry.position.outcome().is_none(), "{name} line {}", i + 1);
            let (pos, moves, score) = parse_test_line(line).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(pos, entry.position);
            assert_eq!(Some(score), entry.expected_score);
            assert_eq!(to_test_line(&moves, score), line.trim_end());
            assert_eq!(pos.moves_played(), moves.len());
            // The board text of every test position reads back to the same position.
            assert_eq!(
                parse_board(&to_board(&pos)),
                Ok(pos),
                "{name} line {}",
                i + 1
            );
        }
    }
}

#[test]
fn test_sets_match_the_shared_data() {
    for (name, text) in TEST_SETS {
        let shared = format!(
            "{}/../shared/data/connect4/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        if let Ok(original) = std::fs::read_to_string(&shared) {
            assert_eq!(original, text, "assets/connect4/{name} is a plain copy");
        }
    }
}

#[test]
fn scores_and_outcomes() {
    // The first player stacks column 4 and wins with the 4th stone (7 moves).
    let won = moves("4545454");
    assert_eq!(won.outcome(), Some(Outcome::Loss));
    assert_eq!(won.side_to_move(), Side::Second);
    assert_eq!(won.terminal_score(Scoring::Native), -118);
    assert_eq!(won.terminal_score(Scoring::ShortestWin), -18);
    assert_eq!(won.terminal_score(Scoring::WinLoss), -1);
    let mut out = vec![C4Move(0)];
    won.legal_moves(&mut out);
    assert!(out.is_empty());
    // The second player stacks column 4 and wins with its 4th stone on move 8.
    let second = moves("14241464");
    assert_eq!(second.side_to_move(), Side::First);
    assert_eq!(second.outcome(), Some(Outcome::Loss));
    assert_eq!(second.terminal_score(Scoring::Native), -118);
    // The first player completes the bottom row 1-4 with its 5th stone, on move 9.
    let fifth = moves("112277364");
    assert_eq!(fifth.moves_played(), 9);
    assert_eq!(fifth.outcome(), Some(Outcome::Loss));
    assert_eq!(fifth.terminal_score(Scoring::ShortestWin), -(22 - 5));
    assert_eq!(fifth.terminal_score(Scoring::Native), -(100 + 22 - 5));
    assert_eq!(Connect4::new().score_range(Scoring::Native), (-118, 118));
    assert_eq!(Connect4::new().score_range(Scoring::ShortestWin), (-18, 18));
    assert_eq!(Connect4::new().score_range(Scoring::WinLoss), (-1, 1));

    // A drawn full board: columns filled in pairs so no four appears.
    let draw = moves("121212343434565656212121434343656565777777");
    assert_eq!(draw.moves_played(), 42);
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    for scoring in Scoring::ALL {
        assert_eq!(draw.terminal_score(scoring), 0);
    }
    draw.legal_moves(&mut out);
    assert!(out.is_empty());
}

#[test]
fn play_after_a_win_is_rejected() {
    let e = Connect4::from_moves("45454545")
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.column, 8);
    assert!(e.message.contains("already over"), "{e}");
    let e = moves("4545454")
        .play_sequence(" 1")
        .err()
        .unwrap_or_else(|| panic!());
    assert_eq!(e.column, 2);
    assert!(moves("4545454").parse_move("1").is_err());
}

#[test]
fn bad_move_strings_name_the_column() {
    let cases: &[(&str, usize, &str)] = &[
        ("4408", 3, "'0' is not a column"),
        ("44x", 3, "'x' is not a column"),
        ("12 3", 3, "' ' is not a column"),
        ("  128", 5, "'8' is not a column"),
        ("1111111", 7, "column is full"),
        ("4٣", 2, "is not a column"),
    ];
    for &(text, column, message) in cases {
        let e = Connect4::from_moves(text)
            .err()
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!((e.line, e.column), (0, column), "{text}: {e}");
        assert!(e.message.contains(message), "{text}: {e}");
    }
    assert_eq!(Connect4::from_moves(""), Ok(Connect4::new()));
}

#[test]
fn bad_test_lines_name_the_column() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 0, "empty line"),
        ("4491 3", 3, "'9' is not a column"),
        ("  4491 3", 5, "'9' is not a column"),
        ("4455", 5, "missing the score"),
        ("4455 x1", 6, "'x1' is not a whole number"),
        ("4455 1 2", 8, "unexpected text"),
        ("4455 19", 6, "impossible"),
        ("4455 -19", 6, "impossible"),
        ("4 19", 3, "impossible"),
        ("4545454 3", 9, "the game is over and its score is -18"),
    ];
    for &(text, column, message) in cases {
        let e = parse_test_line(text)
            .err()
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.message.contains(message), "{text}: {e}");
    }
    assert!(parse_test_line("4545454 -18").is_ok());
    assert!(parse_test_line("4455 18").is_ok());
    assert!(parse_test_line("4455 -18").is_ok());
    assert!(parse_test_line("4 18").is_ok(), "O's 4th stone: 22 - 4");
    assert!(parse_test_line("4 -18").is_ok(), "X's 4th stone");
    assert!(parse_test_line("4 -19").is_err());
    // After 41 stones O can only win with its 21st stone, X has none left to play.
    assert_eq!(score_bounds(41), (0, 1));
    assert_eq!(score_bounds(40), (-1, 1));
    assert_eq!(score_bounds(0), (-18, 18));
    let e = parse_test_set("44 0\n\n# comment\n4x 1\n")
        .err()
        .unwrap_or_else(|| panic!());
    assert_eq!((e.line, e.column), (4, 2));
    assert!(parse_test_set("\n# nothing\n").is_err());
    let set = parse_test_set("44 0\r\n\r\n  1 0 \r\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 3]);
}

#[test]
fn move_strings_round_trip_through_parse_move() {
    let pos = moves("4453");
    for col in 0..WIDTH as u8 {
        let text = Connect4::move_to_string(C4Move(col));
        assert_eq!(pos.parse_move(&text), Ok(C4Move(col)));
    }
    assert!(pos.parse_move("8").is_err());
    assert!(pos.parse_move("").is_err());
    assert_eq!(pos.parse_move("12").map_err(|e| e.column), Err(2));
    assert!(
        moves("111111")
            .parse_move("1")
            .is_err_and(|e| e.message.contains("full"))
    );
}

#[test]
fn board_text_round_trip() {
    let pos = moves("4453");
    let text = to_board(&pos);
    assert_eq!(
        text, ".......\n.......\n.......\n.......\n...O...\n..OXX..",
        "top row first"
    );
    assert_eq!(board(&text), pos);
    assert_eq!(board(&format!("{text}\n\n")), pos);
    assert_eq!(board(&text.replace('.', "-").to_lowercase()), pos);
    assert_eq!(board(&to_board(&Connect4::new())), Connect4::new());
    let won = moves("4545454");
    assert_eq!(board(&to_board(&won)), won);
    let draw = moves("121212343434565656212121434343656565777777");
    assert_eq!(board(&to_board(&draw)), draw);
}

#[test]
fn bad_boards_are_rejected() {
    let empty = ".......\n".repeat(HEIGHT);
    let with_rows = |bottom: &[&str]| {
        let mut rows = vec!["......."; HEIGHT - bottom.len()];
        rows.extend_from_slice(bottom);
        rows.join("\n")
    };
    // (text, line, column, message)
    let cases: Vec<(String, usize, usize, &str)> = vec![
        (with_rows(&["..X#..."]), 6, 4, "'#' is not a cell"),
        (
            with_rows(&["..X...."]).replacen(".......", "......", 1),
            1,
            7,
            "only 6 cells",
        ),
        (with_rows(&["........"]), 6, 8, "too many cells"),
        (format!("{empty}......."), 7, 0, "too many rows"),
        (".......\n.......".to_string(), 3, 0, "only 2 rows"),
        (with_rows(&["...X...", "......."]), 5, 4, "floats"),
        (with_rows(&["O......"]), 0, 0, "1 more O than X"),
        (with_rows(&["XX....."]), 0, 0, "2 more X than O"),
        (
            with_rows(&["O......", "XXXXOOO"]),
            0,
            0,
            "X has four in a row but O played after",
        ),
        (
            with_rows(&["OX.....", "OX.....", "OX.....", "OXX...."]),
            0,
            0,
            "both X and O have four",
        ),
        // X cannot move first: its only stone lies on O's.
        (
            with_rows(&["X......", "O......"]),
            0,
            0,
            "no alternating sequence",
        ),
        // X's four in column 1 is covered by an O: play went on after it.
        (
            with_rows(&["O......", "X......", "X......", "X......", "XOO...."]),
            0,
            0,
            "went on after X's four",
        ),
    ];
    for (text, line, column, message) in cases {
        let e = board_err(&text);
        assert_eq!((e.line, e.column), (line, column), "{text}\n{e}");
        assert!(e.message.contains(message), "{text}\n{e}");
    }
    // Legal wins: some last stone completes the four.
    assert_eq!(
        board(&with_rows(&["XXXXOOO"])).outcome(),
        Some(Outcome::Loss)
    );
    assert_eq!(
        board(&with_rows(&["OOO....", "XXXX..."])).outcome(),
        Some(Outcome::Loss)
    );
    assert_eq!(board(&with_rows(&["O......", "X......"])), moves("11"));
}

#[test]
fn bit_helpers() {
    // X has three in column 4 and can win there; O cannot.
    let pos = moves("41414");
    assert_eq!(pos.side_to_move(), Side::Second);
    assert!(!pos.can_win_next());
    assert_eq!(pos.opponent_winning_cells(), cell_bit(3, 3));
    assert_eq!(
        pos.possible_non_losing_moves(),
        cell_bit(3, 3),
        "must block"
    );
    let pos = moves("414141");
    assert!(pos.can_win_next());
    assert!(pos.is_winning_move(3));
    assert!(!pos.is_winning_move(0));
    assert_eq!(pos.winning_moves_mask(), cell_bit(3, 3));
    // Two open ends on the bottom row: no move saves O.
    let pos = moves("3344"); // X c3 c4, O above
    let pos = pos.play_column(4); // X c3 c4 c5: threats at c2 and c6
    assert_eq!(pos.opponent_winning_cells().count_ones(), 2);
    assert_eq!(pos.possible_non_losing_moves(), 0);
    // O threatens row 2 of columns 1 and 5 above empty cells: X must not fill them.
    let pos = moves("22337474");
    assert_eq!(pos.side_to_move(), Side::First);
    assert!(!pos.can_win_next());
    let threats = pos.opponent_winning_cells();
    assert_eq!(
        threats & (cell_bit(0, 1) | cell_bit(4, 1)),
        cell_bit(0, 1) | cell_bit(4, 1)
    );
    let safe = pos.possible_non_losing_moves();
    assert_eq!(safe & (column_mask(0) | column_mask(4)), 0);
    assert_ne!(safe & column_mask(5), 0);

    let start = Connect4::new();
    assert_eq!(start.possible(), BOTTOM_MASK);
    assert_eq!(start.key(), 0);
    assert_eq!(start.threats_after(cell_bit(3, 0)), 0);
    assert_eq!(moves("44").column_height(3), 2);
    assert_eq!(moves("4").cell(3, 0), Some(Side::First));
    assert_eq!(moves("4").cell(3, 1), None);
    assert_eq!(moves("45").stones(Side::Second), cell_bit(4, 0));
}

#[test]
fn hashes_keys_and_mirrors() {
    let mut keys = HashSet::new();
    let mut hashes = HashSet::new();
    let mut frontier = vec![Connect4::new()];
    for _ in 0..6 {
        let mut next = Vec::new();
        for pos in &frontier {
            if keys.insert(pos.key()) {
                hashes.insert(pos.hash());
                let mut out = Vec::new();
                pos.legal_moves(&mut out);
                next.extend(out.iter().map(|&m| pos.play(m)));
            }
        }
        frontier = next;
    }
    assert_eq!(keys.len(), hashes.len());
    let pos = moves("1123");
    let mirror = moves("7765");
    assert_eq!(pos.mirrored(), mirror);
    assert_eq!(mirror.mirrored(), pos);
    assert_ne!(pos.hash(), mirror.hash());
    assert_eq!(pos.canonical_hash(), mirror.canonical_hash());
    assert_eq!(moves("4").canonical_hash(), moves("4").hash());
}

#[test]
fn hints_and_evaluators() {
    let start = Connect4::new();
    let hints: Vec<i32> = (0..7).map(|c| start.move_order_hint(C4Move(c))).collect();
    assert_eq!(hints, [0, 1, 2, 3, 2, 1, 0]);
    assert_eq!(Connect4Eval::Threats.evaluate(&start), 0);
    // O to move, X has one centre stone: no window holds two stones yet.
    assert_eq!(Connect4Eval::Threats.evaluate(&moves("4")), 0);
    // O to move; X's two stones in column 4 share one window with no O stone (rows 1-4).
    assert_eq!(Connect4Eval::Threats.evaluate(&moves("434")), -2);
    // X to move with a winning cell at column 4 row 4 and two centre stones more.
    let pos = moves("414142");
    assert!(Connect4Eval::Threats.evaluate(&pos) > 0);
    for (_, text) in TEST_SETS {
        for entry in parse_test_set(text).unwrap_or_default() {
            let v = Connect4Eval::Threats.evaluate(&entry.position);
            assert!(v.abs() <= Connect4Eval::Threats.bound());
            assert_eq!(Connect4Eval::Zero.evaluate(&entry.position), 0);
            let m = entry.position.mirrored();
            assert_eq!(Connect4Eval::Threats.evaluate(&m), v);
        }
    }
    assert_eq!(Connect4Eval::default(), Connect4Eval::Threats);
    for e in Connect4Eval::ALL {
        assert_eq!(Connect4Eval::from_name(e.name()), Some(e));
    }
    assert_eq!(
        ron::to_string(&Connect4Eval::Threats).ok().as_deref(),
        Some("threats")
    );
}

/// Seeded playouts that avoid winning while they can (so that games last to the full
/// board), and every finished position one winning move away along them: wins with
/// every stone count from the 4th to the 21st. Returns the unfinished positions seen
/// and the finished ones.
fn playouts_with_every_win(games: usize) -> (Vec<Connect4>, Vec<Connect4>) {
    let mut rng = crate::game::SeededRng::new(2025);
    let (mut open, mut finished) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut pos = Connect4::new();
        while pos.outcome().is_none() {
            open.push(pos);
            let wins = pos.winning_moves_mask();
            let cols: Vec<usize> = (0..WIDTH).filter(|&c| pos.can_play(c)).collect();
            finished.extend(
                cols.iter()
                    .filter(|&&c| wins & column_mask(c) != 0)
                    .map(|&c| pos.play_column(c)),
            );
            let quiet: Vec<usize> = cols
                .iter()
                .copied()
                .filter(|&c| wins & column_mask(c) == 0)
                .collect();
            let pick = if quiet.is_empty() { &cols } else { &quiet };
            pos = pos.play_column(pick[rng.below(pick.len() as u64) as usize]);
        }
        finished.push(pos);
    }
    (open, finished)
}

/// Item of soundness: under every scoring, every proven win (whatever its length) scores
/// above every value a search can take from the evaluator at its horizon, and every
/// proven loss below it. Checked with the game's and the evaluators' own bounds and on
/// sampled positions: finished games from seeded playouts with wins at every stone
/// count (4th to 21st, Pons' scores 18 down to 1), and the unfinished positions before.
#[test]
fn a_proven_win_outranks_every_heuristic_value_under_every_scoring() {
    let (open, finished) = playouts_with_every_win(3000);
    let won: Vec<&Connect4> = finished
        .iter()
        .filter(|p| p.outcome() == Some(Outcome::Loss))
        .collect();
    let mut stones: Vec<usize> = won.iter().map(|p| p.moves_played().div_ceil(2)).collect();
    stones.sort_unstable();
    stones.dedup();
    assert_eq!(stones, (4..=21).collect::<Vec<_>>(), "wins of every length");
    for scoring in Scoring::ALL {
        let limit = Connect4::new()
            .heuristic_limit(scoring)
            .expect("Connect Four bounds its heuristic values");
        let (low, high) = Connect4::new().score_range(scoring);
        assert!(
            low < -limit && high > limit,
            "{scoring:?}: range {low}..={high}"
        );
        for p in &won {
            // The side to move has lost; its opponent won.
            let loss = p.terminal_score(scoring);
            assert!(
                loss < -limit,
                "{scoring:?}: loss {loss} after {}",
                p.moves_played()
            );
            assert!(
                -loss > limit,
                "{scoring:?}: win {} after {}",
                -loss,
                p.moves_played()
            );
            assert!((low..=high).contains(&loss));
        }
        for e in Connect4Eval::ALL {
            if scoring == Scoring::Native {
                // Native scoring leaves room for the whole evaluator: no value is clamped.
                assert!(e.bound() <= limit, "{e:?}: bound {}", e.bound());
            }
            for p in &open {
                let v = e.evaluate(p);
                assert!(v.abs() <= e.bound(), "{e:?}: {v} beyond its bound");
                let at_horizon = crate::game::within_heuristic_limit(p, scoring, v);
                assert!((-limit..=limit).contains(&at_horizon));
                if scoring == Scoring::Native {
                    assert_eq!(at_horizon, v);
                }
            }
        }
    }
    // Native scoring is Pons' score 100 further from 0: faster wins still score more.
    for p in &won {
        let pons = p.terminal_score(Scoring::ShortestWin);
        assert_eq!(pons, -(22 - p.moves_played().div_ceil(2) as i32));
        assert_eq!(p.terminal_score(Scoring::Native), pons - 100);
    }
}
