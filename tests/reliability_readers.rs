//! Every reader against arbitrary text and against mutations of the shipped files: an
//! error or a value, never a panic. A value written out and read back is the same value;
//! an error's line and column lie within the input.

use proptest::prelude::*;
use proptest::test_runner::Config;

use treelab::cli::parse_depths;
use treelab::engine::{AnyPosition, GameKind, Suite, shipped_suites};
use treelab::experiment::bench::parse_row_spec;
use treelab::game::FormatError;
use treelab::game::connect4::{self, Connect4};
use treelab::game::custom_tree;
use treelab::game::othello;
use treelab::game::random_tree;
use treelab::game::tictactoe;
use treelab::search::{Algorithm, MoveOrder, SearchOptions};
use treelab::session::{Session, SessionError};

/// Cases per property: enough to shake out the readers, few enough that the whole file
/// runs in a few seconds in release.
const CASES: u32 = 1000;

fn config() -> Config {
    Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    }
}

fn shipped(path: &str) -> &'static str {
    shipped_suites()
        .into_iter()
        .find(|(p, _)| *p == path)
        .map(|(_, text)| text)
        .unwrap_or_default()
}

fn obf_lines() -> Vec<String> {
    shipped_suites()
        .into_iter()
        .filter(|(p, _)| p.ends_with(".obf"))
        .flat_map(|(_, text)| text.lines().map(str::to_string))
        .collect()
}

fn c4_lines() -> Vec<String> {
    [
        "connect4/Test_L1_R1",
        "connect4/Test_L2_R1",
        "connect4/Test_L3_R1",
    ]
    .iter()
    .flat_map(|p| shipped(p).lines().take(40).map(str::to_string))
    .collect()
}

fn pos_file(line: &str, side: &str) -> String {
    let board: String = line.chars().take(64).collect();
    format!("{board}\n{side}\nFFO position\n")
}

/// Valid inputs of every kind, to mutate.
fn valid_samples() -> Vec<String> {
    let mut out = obf_lines();
    out.extend(c4_lines());
    out.push(pos_file(&obf_lines()[0], "Black"));
    out.push(pos_file(&obf_lines()[1], "White"));
    out.extend(
        [
            ".........",
            "x.o.x....",
            "X...O.... X",
            "xoxoxoxox",
            "w=3 d=4 seed=7 independent=100",
            "w=8 d=6 seed=1 incremental=10",
            "((3 12 8) (2 4 6) (14 5 2))",
            "min:((1, -2):5 (3 (4 5)))",
            "aima-5.2 3 ((3 12 8) (2 4 6) (14 5 2))\nx ? (1 2)",
            ".......\n.......\n.......\n...O...\n...X...\n..XXO..\n",
            "negaalpha+tt=16+id,mtdf+tt=16+order=shallow:2+killers=4+history",
            "2..10",
            "2,4,6",
        ]
        .map(str::to_string),
    );
    out.push(sample_session());
    out
}

fn sample_session() -> String {
    let mut s = Session {
        position: AnyPosition::parse(GameKind::Connect4, "4453").unwrap(),
        ..Session::default()
    };
    s.rows[0].options.tt_mib = 4;
    s.rows[1].depth_max = 9;
    s.to_ron().unwrap_or_default()
}

/// One edit of a text: delete, insert, replace a character, duplicate or cut a span.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
    Duplicate(usize, usize),
    Truncate(usize),
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    // Characters the formats care about, and a few they do not expect.
    let ch = prop_oneof![
        proptest::sample::select(vec![
            'X', 'O', 'x', 'o', '-', '.', '_', ';', ':', '+', '=', ' ', '\n', '\t', '\r', '/', '0',
            '1', '4', '7', '8', '9', '(', ')', '[', ']', '"', ',', 'é', '\u{feff}',
        ]),
        any::<char>(),
    ];
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), 1usize..12).prop_map(|(i, n)| Edit::Duplicate(i, n)),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        match *edit {
            Edit::Delete(i) if !chars.is_empty() => {
                let i = at(i, chars.len());
                chars.remove(i);
            }
            Edit::Insert(i, c) => {
                let i = at(i, chars.len() + 1);
                chars.insert(i, c);
            }
            Edit::Replace(i, c) if !chars.is_empty() => {
                let i = at(i, chars.len());
                chars[i] = c;
            }
            Edit::Duplicate(i, n) if !chars.is_empty() => {
                let i = at(i, chars.len());
                let end = (i + n).min(chars.len());
                let span: Vec<char> = chars[i..end].to_vec();
                chars.splice(i..i, span);
            }
            Edit::Truncate(i) => {
                let i = at(i, chars.len() + 1);
                chars.truncate(i);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A shipped (or hand-written valid) input with a few edits.
fn mutated() -> impl Strategy<Value = String> {
    let samples = valid_samples();
    (
        proptest::sample::select(samples),
        proptest::collection::vec(edit_strategy(), 0..4),
    )
        .prop_map(|(text, edits)| apply(&text, &edits))
}

/// Arbitrary text, from printable noise to anything at all.
fn arbitrary() -> impl Strategy<Value = String> {
    prop_oneof![
        "[XO.x\\-_; :+0-9A-Ha-hPS\n\t]{0,90}",
        "[1-8 \n#]{0,60}",
        any::<String>(),
    ]
}

fn input() -> impl Strategy<Value = String> {
    prop_oneof![mutated(), arbitrary()]
}

/// An error's place lies within `text`: a line that exists (or one past the last, for
/// "missing ..." at the end), a column at most one past the end of its line.
fn assert_within(text: &str, e: &FormatError) {
    let lines: Vec<&str> = text.lines().collect();
    let line_text = if e.line == 0 {
        text
    } else {
        assert!(
            e.line <= lines.len().max(1) + 1,
            "line {} beyond {} lines: {e}",
            e.line,
            lines.len()
        );
        lines.get(e.line - 1).copied().unwrap_or("")
    };
    assert!(
        e.column <= line_text.chars().count() + 1,
        "column {} beyond {} characters: {e} in {line_text:?}",
        e.column,
        line_text.chars().count()
    );
}

fn check_obf_line(text: &str) {
    match othello::parse_obf_line(text) {
        Ok((pos, scores)) => {
            let written = othello::to_obf(&pos, &scores);
            assert_eq!(othello::parse_obf_line(&written), Ok((pos, scores)));
        }
        Err(e) => {
            assert_eq!(e.line, 0);
            assert_within(text, &e);
        }
    }
}

fn check_obf_suite(text: &str) {
    match othello::parse_obf_suite(text, Some(1)) {
        Ok(entries) => {
            for e in entries {
                let written = othello::to_obf(&e.position, &e.move_scores);
                let back = othello::parse_obf_suite(&written, Some(1)).expect("reads back");
                assert_eq!(back.len(), 1);
                assert_eq!(back[0].position, e.position);
                assert_eq!(back[0].move_scores, e.move_scores);
                assert_eq!(back[0].expected_score, e.expected_score);
            }
        }
        Err(e) => {
            assert!(e.line >= 1);
            assert_within(text, &e);
        }
    }
}

fn check_pos(text: &str) {
    match othello::parse_pos(text) {
        Ok((pos, description)) => {
            let written = othello::to_pos(&pos, &description);
            assert_eq!(othello::parse_pos(&written), Ok((pos, description)));
        }
        Err(e) => assert_within(text, &e),
    }
}

fn check_c4_moves(text: &str) {
    match Connect4::from_moves(text) {
        Ok(pos) => {
            assert_eq!(connect4::parse_board(&connect4::to_board(&pos)), Ok(pos));
            assert_eq!(Connect4::from_moves(text.trim()), Ok(pos));
        }
        Err(e) => {
            assert!(e.column >= 1);
            assert_within(text, &e);
        }
    }
}

fn check_c4_test(text: &str) {
    match connect4::parse_test_line(text) {
        Ok((pos, moves, score)) => {
            let written = connect4::to_test_line(&moves, score);
            assert_eq!(connect4::parse_test_line(&written), Ok((pos, moves, score)));
        }
        Err(e) => assert_within(text, &e),
    }
    match connect4::parse_test_set(text) {
        Ok(entries) => {
            for e in entries {
                let line = text.lines().nth(e.line - 1).expect("entry line exists");
                let (pos, _, score) = connect4::parse_test_line(line).expect("line reads alone");
                assert_eq!((pos, Some(score)), (e.position, e.expected_score));
            }
        }
        Err(e) => assert_within(text, &e),
    }
}

fn check_c4_board(text: &str) {
    match connect4::parse_board(text) {
        Ok(pos) => assert_eq!(connect4::parse_board(&connect4::to_board(&pos)), Ok(pos)),
        Err(e) => assert_within(text, &e),
    }
}

fn check_ttt(text: &str) {
    match tictactoe::parse_ttt(text) {
        Ok(pos) => assert_eq!(tictactoe::parse_ttt(&tictactoe::to_ttt(&pos)), Ok(pos)),
        Err(e) => {
            assert_eq!(e.line, 0);
            assert_within(text, &e);
        }
    }
}

fn check_tree_spec(text: &str) {
    match random_tree::parse_spec(text) {
        Ok(spec) => {
            assert_eq!(random_tree::parse_spec(&spec.to_spec_string()), Ok(spec));
            assert!(spec.check().is_ok());
        }
        Err(e) => assert_within(text, &e),
    }
}

fn check_custom_tree(text: &str) {
    match custom_tree::parse_tree(text) {
        Ok(tree) => {
            let written = custom_tree::write_tree(&tree);
            assert_eq!(custom_tree::parse_tree(&written).as_ref(), Ok(&tree));
        }
        Err(e) => assert_within(text, &e),
    }
    match custom_tree::parse_suite_text(text) {
        Ok(trees) => {
            for (_, _, tree) in trees {
                let written = custom_tree::write_tree(&tree);
                assert_eq!(custom_tree::parse_tree(&written).as_ref(), Ok(&tree));
            }
        }
        Err(e) => assert_within(text, &e),
    }
}

fn check_session(text: &str) {
    match Session::from_ron(text) {
        Ok(session) => {
            let _ = session.position.to_text();
            if let Ok(written) = session.to_ron() {
                let back = Session::from_ron(&written).expect("written session reads back");
                assert_eq!(back.to_ron().ok(), Some(written));
            }
        }
        Err(SessionError::Parse { line, column, .. }) => {
            let lines: Vec<&str> = text.lines().collect();
            assert!(line >= 1 && line <= lines.len() + 1, "line {line}");
            let width = lines.get(line - 1).map_or(0, |l| l.chars().count());
            assert!(
                column >= 1 && column <= width + 1,
                "column {column} > {width} + 1"
            );
        }
        Err(_) => {}
    }
}

fn check_options(text: &str) {
    let base = SearchOptions::default();
    for spec in text.split(',') {
        if let Ok(row) = parse_row_spec(spec, &base) {
            let _ = row.options.check(row.algorithm, 8);
        }
    }
    if let Ok(depths) = parse_depths(text) {
        assert!(!depths.is_empty());
        assert!(
            depths
                .iter()
                .all(|&d| (1..=treelab::search::options::MAX_DEPTH).contains(&d))
        );
    }
    if let Ok(order) = MoveOrder::from_name(text) {
        assert_eq!(MoveOrder::from_name(&order.name()), Ok(order));
    }
    if let Ok(algorithm) = Algorithm::from_name(text) {
        assert_eq!(Algorithm::from_name(algorithm.name()), Ok(algorithm));
    }
}

fn check_any_position(text: &str) {
    for kind in GameKind::ALL {
        if let Ok(pos) = AnyPosition::parse(kind, text) {
            let back = AnyPosition::parse(kind, &pos.to_text()).expect("text form reads back");
            assert_eq!(back.to_text(), pos.to_text());
            let _ = pos.legal_moves();
        }
    }
    for name in ["x.obf", "x.pos", "x.ttt", "x.tree", "x.ewn", "Test_L1_R1"] {
        let _ = Suite::parse(name, text);
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn obf_line_never_panics_and_round_trips(text in input()) { check_obf_line(&text); }

    #[test]
    fn obf_suite_never_panics_and_round_trips(text in input()) { check_obf_suite(&text); }

    #[test]
    fn pos_never_panics_and_round_trips(text in input()) { check_pos(&text); }

    #[test]
    fn c4_moves_never_panic_and_round_trip(text in input()) { check_c4_moves(&text); }

    #[test]
    fn c4_test_lines_never_panic_and_round_trip(text in input()) { check_c4_test(&text); }

    #[test]
    fn c4_board_never_panics_and_round_trips(text in input()) { check_c4_board(&text); }

    #[test]
    fn ttt_never_panics_and_round_trips(text in input()) { check_ttt(&text); }

    #[test]
    fn tree_spec_never_panics_and_round_trips(text in input()) { check_tree_spec(&text); }

    #[test]
    fn custom_tree_never_panics_and_round_trips(text in input()) { check_custom_tree(&text); }

    #[test]
    fn session_never_panics_and_round_trips(text in input()) { check_session(&text); }

    #[test]
    fn option_strings_never_panic(text in input()) { check_options(&text); }

    #[test]
    fn any_position_and_suites_never_panic(text in input()) { check_any_position(&text); }
}

/// The shipped files themselves read, and every entry round-trips.
#[test]
fn shipped_files_read_and_round_trip() {
    for (path, text) in shipped_suites() {
        if path.ends_with(".obf") {
            check_obf_suite(text);
            for line in text.lines() {
                assert!(othello::parse_obf_line(line).is_ok(), "{path}: {line}");
                check_obf_line(line);
            }
        } else if path.ends_with(".tree") || path.ends_with(".ewn") {
            let suite = treelab::engine::Suite::parse(path, text).expect("reads");
            for item in &suite.items {
                check_any_position(&item.position.to_text());
            }
        } else if path.ends_with(".ttt") {
            let suite = treelab::engine::Suite::parse(path, text);
            assert!(suite.is_ok(), "{path}");
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                check_ttt(line);
            }
        } else {
            assert!(connect4::parse_test_set(text).is_ok(), "{path}");
            for line in text.lines().take(100) {
                check_c4_test(line);
                check_c4_moves(line.split_whitespace().next().unwrap_or(""));
            }
        }
    }
    check_session(&sample_session());
    assert!(Session::from_ron(&sample_session()).is_ok());
}

/// The mutation helper itself changes text (so the mutated properties test something).
#[test]
fn mutations_change_the_text() {
    let text = "abcdef";
    assert_eq!(apply(text, &[Edit::Delete(0)]), "bcdef");
    assert_eq!(apply(text, &[Edit::Insert(3, 'x')]), "abcxdef");
    assert_eq!(apply(text, &[Edit::Replace(1, 'z')]), "azcdef");
    assert_eq!(apply(text, &[Edit::Duplicate(4, 5)]), "abcdefef");
    assert_eq!(apply(text, &[Edit::Truncate(2)]), "ab");
}
