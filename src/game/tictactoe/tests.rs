//! Tic-tac-toe tests: rules, the text form, symmetry and evaluators.

use super::*;
use std::collections::HashSet;

fn pos(text: &str) -> TicTacToe {
    parse_ttt(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn shipped_class_suite_is_the_627_open_classes() {
    let text = include_str!("../../../assets/tictactoe/classes-627.ttt");
    let shipped: Vec<TicTacToe> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(pos)
        .collect();
    let expected: Vec<TicTacToe> = TicTacToe::canonical_classes()
        .into_iter()
        .filter(|p| p.outcome().is_none())
        .collect();
    assert_eq!(shipped.len(), 627);
    assert_eq!(shipped, expected);
}

fn parse_err(text: &str) -> FormatError {
    match parse_ttt(text) {
        Ok(p) => panic!("{text:?} parsed as {p}"),
        Err(e) => e,
    }
}

/// Every node of the game tree below `p`, `p` included, and the complete games.
fn tree_size(p: &TicTacToe) -> (u64, u64) {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    if moves.is_empty() {
        return (1, 1);
    }
    let mut nodes = 1;
    let mut games = 0;
    for &mv in &moves {
        let (n, g) = tree_size(&p.play(mv));
        nodes += n;
        games += g;
    }
    (nodes, games)
}

#[test]
fn reachable_positions_and_classes() {
    let all = TicTacToe::all_reachable();
    assert_eq!(all.len(), 5478);
    assert_eq!(all[0], TicTacToe::new());
    let distinct: HashSet<_> = all.iter().map(|p| (p.x, p.o, p.side)).collect();
    assert_eq!(distinct.len(), 5478);
    assert!(
        all.windows(2)
            .all(|w| w[0].plies_played() <= w[1].plies_played())
    );

    let classes = TicTacToe::canonical_classes();
    assert_eq!(classes.len(), 765);
    assert_eq!(
        classes.iter().filter(|p| p.outcome().is_none()).count(),
        627
    );
    let hashes: HashSet<_> = classes.iter().map(Game::canonical_hash).collect();
    assert_eq!(hashes.len(), 765);
    assert_eq!(
        TicTacToe::canonical_classes(),
        classes,
        "deterministic order"
    );
}

#[test]
fn legality_rules_match_reachability() {
    // Every board of 3^9 whose masks pass the checks is reachable, and no other.
    let reachable: HashSet<_> = TicTacToe::all_reachable()
        .iter()
        .map(|p| (p.x, p.o))
        .collect();
    let mut legal = 0;
    for code in 0..3u32.pow(9) {
        let (mut x, mut o, mut rest) = (0u16, 0u16, code);
        for cell in 0..CELLS {
            match rest % 3 {
                1 => x |= 1 << cell,
                2 => o |= 1 << cell,
                _ => {}
            }
            rest /= 3;
        }
        let ok = TicTacToe::from_masks(x, o).is_ok();
        assert_eq!(ok, reachable.contains(&(x, o)), "x={x:09b} o={o:09b}");
        legal += usize::from(ok);
    }
    assert_eq!(legal, 5478);
}

#[test]
fn full_game_tree() {
    assert_eq!(tree_size(&TicTacToe::new()), (549_946, 255_168));
}

#[test]
fn perft_both_conventions() {
    let start = TicTacToe::new();
    let dropped = [1, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872];
    for (depth, &expected) in dropped.iter().enumerate() {
        assert_eq!(
            start.perft(depth as u32, TicTacToe::PERFT_CONVENTION),
            expected
        );
    }
    assert_eq!(start.perft(9, PerftConvention::FinishedIsLeaf), 255_168);
    assert_eq!(start.perft(12, PerftConvention::FinishedIsLeaf), 255_168);
    assert_eq!(start.perft(10, PerftConvention::FinishedIsDropped), 0);
    // Sum over depths of the dropped counts is the full tree.
    assert_eq!(dropped.iter().sum::<u64>(), 549_946);
}

#[test]
fn moves_outcomes_and_scores() {
    let start = TicTacToe::new();
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    assert_eq!(moves, (0..9).map(TttMove).collect::<Vec<_>>());
    assert_eq!(start.side_to_move(), Side::First);
    assert_eq!(start.outcome(), None);

    // X wins on the 5th stone: O to move has lost.
    let x_won = pos("XXXOO....");
    assert_eq!(x_won.side_to_move(), Side::Second);
    x_won.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(x_won.outcome(), Some(Outcome::Loss));
    assert_eq!(x_won.terminal_score(Scoring::Native), -103);
    assert_eq!(x_won.terminal_score(Scoring::WinLoss), -1);
    assert_eq!(x_won.terminal_score(Scoring::ShortestWin), -3);

    // X wins on 7 and 9 stones, O on 6 and 8.
    assert_eq!(pos("XXXOO.OX.").terminal_score(Scoring::ShortestWin), -2);
    assert_eq!(pos("XXXOOXOOX").terminal_score(Scoring::ShortestWin), -1);
    let o_won6 = pos("OOOXX.X..");
    assert_eq!(o_won6.side_to_move(), Side::First);
    assert_eq!(o_won6.outcome(), Some(Outcome::Loss));
    assert_eq!(o_won6.terminal_score(Scoring::ShortestWin), -2);
    assert_eq!(pos("OOOXXOX.X").terminal_score(Scoring::ShortestWin), -1);

    let draw = pos("XOXXOOOXX");
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    for scoring in Scoring::ALL {
        assert_eq!(draw.terminal_score(scoring), 0);
    }
    assert_eq!(start.score_range(Scoring::WinLoss), (-1, 1));
    assert_eq!(start.score_range(Scoring::ShortestWin), (-3, 3));
}

/// A proven result always outranks what a search takes from the evaluator at its
/// horizon: under every scoring, every win of every length lies above every evaluation
/// of an unfinished position (after the game's limit), every loss below.
#[test]
fn a_proven_win_outranks_every_heuristic_value_under_every_scoring() {
    let all = TicTacToe::all_reachable();
    let (finished, open): (Vec<&TicTacToe>, Vec<&TicTacToe>) =
        all.iter().partition(|p| p.outcome().is_some());
    let lost: Vec<&&TicTacToe> = finished
        .iter()
        .filter(|p| p.outcome() == Some(Outcome::Loss))
        .collect();
    let lengths: std::collections::BTreeSet<u32> =
        lost.iter().map(|p| p.plies_played() as u32).collect();
    assert_eq!(lengths, (5..=9).collect(), "wins of every length");
    for scoring in Scoring::ALL {
        let limit = TicTacToe::new()
            .heuristic_limit(scoring)
            .expect("tic-tac-toe bounds its heuristic values");
        for p in &lost {
            let loss = p.terminal_score(scoring);
            assert!(
                loss < -limit && -loss > limit,
                "{scoring:?}: {p} scores {loss}"
            );
        }
        for e in TicTacToeEval::ALL {
            for p in &open {
                let v = crate::game::within_heuristic_limit(*p, scoring, e.evaluate(p));
                assert!((-limit..=limit).contains(&v), "{scoring:?} {e:?}: {p} {v}");
                if scoring == Scoring::Native {
                    // Nothing of the evaluator is clamped away under native scoring.
                    assert_eq!(v, e.evaluate(p));
                }
            }
        }
    }
    // Native scoring keeps shortest-win's order: a sooner win scores more.
    for p in &lost {
        let short = p.terminal_score(Scoring::ShortestWin);
        assert_eq!(p.terminal_score(Scoring::Native), short - NATIVE_WIN_OFFSET);
    }
}

#[test]
fn terminal_scores_stay_in_range() {
    for p in TicTacToe::all_reachable()
        .iter()
        .filter(|p| p.outcome().is_some())
    {
        for scoring in Scoring::ALL {
            let (lo, hi) = p.score_range(scoring);
            let score = p.terminal_score(scoring);
            assert!(lo <= score && score <= 0 && score <= hi, "{p} {scoring:?}");
        }
    }
}

#[test]
fn format_round_trip() {
    for p in TicTacToe::all_reachable() {
        let text = to_ttt(&p);
        assert_eq!(parse_ttt(&text), Ok(p));
        assert_eq!(parse_ttt(&text[..CELLS]), Ok(p), "side derived from counts");
    }
    assert_eq!(to_ttt(&TicTacToe::new()), "......... X");
    assert_eq!(pos("  x-o_..... "), pos("X.O...... X"));
    assert_eq!(pos("X...O....\tx").side_to_move(), Side::First);
    assert_eq!(
        "X........".parse::<TicTacToe>().map(|p| p.to_string()),
        Ok("X........ O".into())
    );
}

#[test]
fn bad_inputs_name_the_column() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "no board"),
        ("   ", 4, "no board"),
        ("XO.", 4, "only 3 cells"),
        ("XO.X", 5, "only 4 cells"),
        ("..........", 10, "too many cells"),
        ("....#....", 5, "'#' is not a cell"),
        ("0........", 1, "'0' is not a cell"),
        (" ....é....", 6, "'é' is not a cell"),
        (".........  Y", 12, "'Y' is not a side"),
        (".........  XO", 12, "'XO' is not a side"),
        ("......... X extra", 13, "unexpected text"),
        (
            "......... O",
            11,
            "O to move, but both sides have as many stones",
        ),
        ("X........ X", 11, "X to move, but X has one more stone"),
    ];
    for &(text, column, message) in cases {
        let e = parse_err(text);
        assert_eq!((e.line, e.column), (0, column), "{text:?}: {e}");
        assert!(e.message.contains(message), "{text:?}: {e}");
    }
}

#[test]
fn impossible_positions_are_rejected() {
    let cases: &[(&str, &str)] = &[
        ("O........", "1 more O than X"),
        ("OO.X.....", "1 more O than X"),
        ("XXX......", "3 more X than O"),
        ("XX.......", "2 more X than O"),
        ("XXXOOO.X.", "both X and O have three in a row"),
        ("XXXOO.O..", "X has three in a row but O played after it"),
        ("OOOXX.XX.", "O has three in a row but X played after it"),
    ];
    for &(text, message) in cases {
        let e = parse_err(text);
        assert_eq!(e.column, 0, "{text}");
        assert!(e.message.contains(message), "{text:?}: {e}");
    }
    // Two X lines through the last stone are a legal ending.
    let double = pos("XXXXOOXOO");
    assert_eq!(double.outcome(), Some(Outcome::Loss));
    assert!(TicTacToe::from_masks(1 << 9, 0).is_err());
}

#[test]
fn parse_move_and_notation() {
    let start = TicTacToe::new();
    for cell in 0..9u8 {
        let name = TicTacToe::move_to_string(TttMove(cell));
        assert_eq!(start.parse_move(&name), Ok(TttMove(cell)));
        assert_eq!(start.parse_move(&name.to_uppercase()), Ok(TttMove(cell)));
    }
    assert_eq!(TicTacToe::move_to_string(TttMove(0)), "a1");
    assert_eq!(TicTacToe::move_to_string(TttMove(5)), "c2");
    assert_eq!(TicTacToe::move_to_string(TttMove(8)), "c3");
    let cases: &[(&str, usize, &str)] = &[
        ("d1", 1, "not a column"),
        (" b4", 3, "not a row"),
        ("b", 2, "missing the row"),
        ("b22", 3, "unexpected text"),
    ];
    for &(text, column, message) in cases {
        let e = start
            .parse_move(text)
            .err()
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.message.contains(message), "{text}: {e}");
    }
    assert!(start.parse_move("").is_err());
    assert!(
        pos("X........")
            .parse_move("a1")
            .is_err_and(|e| e.message.contains("taken"))
    );
    assert!(
        pos("XXXOO....")
            .parse_move("c3")
            .is_err_and(|e| e.message.contains("over"))
    );
}

#[test]
fn symmetries_preserve_the_game() {
    let p = pos("XO..X...."); // X a1 b2, O b1: no symmetry maps it to itself
    let images = p.symmetries();
    assert_eq!(images[0], p);
    assert_eq!(images.iter().collect::<HashSet<_>>().len(), 8);
    // X a1, O b2: the main diagonal mirror fixes it, so the images pair up.
    let diagonal = pos("X...O....").symmetries();
    assert_eq!(diagonal.iter().collect::<HashSet<_>>().len(), 4);
    // A rotation by 90 degrees moves a1 to c1 (row 0 stays, column 0 -> 2).
    assert_eq!(images[1].cell(2), Some(Side::First));
    assert_eq!(TicTacToe::new().symmetries(), [TicTacToe::new(); 8]);
    for q in TicTacToe::all_reachable() {
        let c = q.canonical();
        assert_eq!(c.hash(), q.canonical_hash());
        for image in q.symmetries() {
            assert_eq!(image.canonical_hash(), q.canonical_hash());
            assert_eq!(image.canonical(), c);
            assert_eq!(image.outcome(), q.outcome());
            assert_eq!(image.plies_played(), q.plies_played());
            assert!(TicTacToe::from_masks(image.x, image.o).is_ok());
            assert_eq!(
                TicTacToeEval::Lines.evaluate(&image),
                TicTacToeEval::Lines.evaluate(&q)
            );
        }
    }
    // Each image group is closed: the symmetries of an image are the same set.
    let set: HashSet<_> = images.iter().copied().collect();
    for image in images {
        assert_eq!(
            image.symmetries().iter().copied().collect::<HashSet<_>>(),
            set
        );
    }
}

#[test]
fn hashes_are_distinct() {
    let all = TicTacToe::all_reachable();
    let hashes: HashSet<_> = all.iter().map(Game::hash).collect();
    assert_eq!(hashes.len(), all.len());
}

#[test]
fn hints_and_evaluators() {
    let start = TicTacToe::new();
    let hints: Vec<i32> = (0..9).map(|c| start.move_order_hint(TttMove(c))).collect();
    assert_eq!(hints, [1, 0, 1, 0, 2, 0, 1, 0, 1]);
    assert_eq!(TicTacToeEval::Lines.evaluate(&start), 0);
    assert_eq!(TicTacToeEval::Zero.evaluate(&pos("X........")), 0);
    // O to move after X took the centre: O keeps the 4 lines avoiding the centre
    // (weight 1 each); X has the 4 lines through it (weight 2) and the other 4.
    let centre = pos("....X....");
    assert_eq!(TicTacToeEval::Lines.evaluate(&centre), 4 - (4 * 2 + 4));
    for p in TicTacToe::all_reachable() {
        let v = TicTacToeEval::Lines.evaluate(&p);
        assert!(v.abs() <= 24, "{p}: {v}");
    }
    assert_eq!(TicTacToeEval::default(), TicTacToeEval::Lines);
    for e in TicTacToeEval::ALL {
        assert_eq!(TicTacToeEval::from_name(e.name()), Some(e));
    }
    assert_eq!(TicTacToeEval::from_name("nope"), None);
    assert_eq!(
        ron::to_string(&TicTacToeEval::Lines).ok().as_deref(),
        Some("lines")
    );
}
