//! Links: sessions round trip through them without their results; altered, cut, empty
//! and newer links are refused with the right error and never panic; the default
//! session's link stays short enough to paste.

use proptest::prelude::*;

use super::*;
use crate::engine::rowspec::parse_row_spec;
use crate::engine::{AnyPosition, GameKind, SearchRecord};
use crate::search::{Algorithm, SearchOptions};
use crate::session::{
    ComparisonRow, GivenAnswer, Practice, PracticeItem, ResultEntry, ResultsTab, Session,
};

/// A row of `spec` over depths `lo..=hi`.
fn row(spec: &str, lo: u32, hi: u32) -> ComparisonRow {
    let r = parse_row_spec(spec, &SearchOptions::default()).unwrap();
    ComparisonRow {
        algorithm: r.algorithm,
        options: r.options,
        depth_min: lo,
        depth_max: hi,
        ..ComparisonRow::default()
    }
}

/// A result of row `row` on `session`'s position.
fn result(session: &Session, row: usize) -> ResultEntry {
    ResultEntry {
        row,
        game: session.game(),
        position_text: session.position.to_text(),
        label: session.rows[row].label(),
        depth: 2,
        record: SearchRecord {
            score: Some(7),
            best_move: Some("b2".into()),
            ..SearchRecord::default()
        },
        ..ResultEntry::default()
    }
}

/// The session as a link gives it back: without results, the last match and the
/// problems.
fn expected(session: &Session) -> Session {
    link_copy(session)
}

fn round_trip(session: &Session) -> Session {
    let l = link(session, DEFAULT_WEB_URL);
    assert!(l.starts_with("http://127.0.0.1:8000/#s=1."), "{l}");
    let back = session_from_link(&l).unwrap_or_else(|e| panic!("{e}: {l}"));
    assert_eq!(back, expected(session));
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    // The fragment alone, with and without its '#', reads the same.
    let f = fragment(session);
    assert_eq!(session_from_link(&f).unwrap(), back);
    assert_eq!(session_from_link(&format!("#{f}")).unwrap(), back);
    back
}

/// A tic-tac-toe session with several rows of non-default options, a view, a match
/// set up and results.
fn rich() -> Session {
    let mut s = Session {
        position: AnyPosition::parse(GameKind::TicTacToe, "x.o.x....").unwrap(),
        suite: None,
        rows: vec![
            row("alphabeta+fail-soft", 1, 9),
            row("negascout+tt=16", 2, 7),
            row("mtdf+tt=1", 3, 5),
            row("pvs", 1, 4),
        ],
        ..Session::default()
    };
    s.rows[2].enabled = false;
    s.rows[3].evaluator = "lines".into();
    s.view.tab = ResultsTab::Charts;
    s.view.baseline_row = Some(1);
    s.view.tree_row = 2;
    s.view.tree_depth = 5;
    s.view.show_coordinates = false;
    s.match_setup.a = Some(0);
    s.match_setup.b = Some(3);
    s.match_setup.games = 24;
    s.match_setup.seed = 99;
    s.results = vec![result(&s, 0), result(&s, 1)];
    s.match_result = Some(crate::matches::record::MatchResult::default());
    s.problems
        .push("suite: a problem of another machine".into());
    s
}

#[test]
fn the_default_session_round_trips() {
    let s = Session::default();
    assert_eq!(round_trip(&s), s);
}

#[test]
fn a_session_with_rows_options_and_results_round_trips_without_its_results() {
    let s = rich();
    let back = round_trip(&s);
    assert!(back.results.is_empty());
    assert!(back.match_result.is_none());
    assert!(back.problems.is_empty());
    assert_eq!(back.rows, s.rows);
    assert_ne!(back.rows[1].options, SearchOptions::default());
    assert_eq!(back.view, s.view);
    assert_eq!(back.match_setup, s.match_setup);
    assert_eq!(back.position, s.position);
    // The results are not in the link at all.
    let text = link_copy(&s).to_ron().unwrap();
    assert!(!text.contains("b2"), "{text}");
}

#[test]
fn a_custom_tree_with_a_handout_round_trips_without_the_students_answers() {
    let mut s = Session {
        position: AnyPosition::parse(GameKind::CustomTree, "((3 12 8) (2 4 6) (14 5 2))").unwrap(),
        suite: None,
        rows: vec![ComparisonRow::new(Algorithm::AlphaBeta)],
        ..Session::default()
    };
    s.view.tab = ResultsTab::Tree;
    s.view.tree_quiz = true;
    s.practice = Some(Practice {
        student: "Ada".into(),
        exercises: vec![PracticeItem {
            id: "QVNR-V8CM-G06K".into(),
            row: "alphabeta".into(),
            answers: vec![GivenAnswer {
                visit: 0,
                window: Some((-5, 5)),
                ..GivenAnswer::default()
            }],
        }],
        current: 0,
        handout: true,
    });
    let back = round_trip(&s);
    let p = back.practice.as_ref().unwrap();
    assert!(p.student.is_empty());
    assert!(p.exercises[0].answers.is_empty());
    assert_eq!(p.exercises[0].id, "QVNR-V8CM-G06K");
    assert!(p.handout);
    assert_eq!(back.position, s.position);
    assert!(back.view.tree_quiz);
}

#[test]
fn every_game_round_trips() {
    for kind in GameKind::ALL {
        let s = Session {
            position: AnyPosition::start(kind),
            ..Session::default()
        };
        round_trip(&s);
    }
}

#[test]
fn a_base_url_with_a_fragment_loses_it() {
    let s = rich();
    let f = fragment(&s);
    assert_eq!(
        link(&s, "https://example.org/treelab/#s=1.old#more"),
        format!("https://example.org/treelab/#{f}")
    );
    assert_eq!(link(&s, ""), format!("#{f}"));
    assert_eq!(
        session_from_link(&link(&s, "https://example.org/?a=1#x")).unwrap(),
        expected(&s)
    );
}

#[test]
fn other_keys_and_line_breaks_around_the_session_are_skipped() {
    let s = rich();
    let f = fragment(&s);
    let (head, tail) = f.split_at(f.len() / 2);
    let wrapped = format!("  https://example.org/#view=1&{head}\n  {tail}&x=2 \n");
    assert_eq!(session_from_link(&wrapped).unwrap(), expected(&s));
}

#[test]
fn the_default_sessions_link_is_short() {
    let l = link(&Session::default(), DEFAULT_WEB_URL);
    eprintln!("the default session's link: {} characters", l.len());
    assert!(
        l.len() < 2000,
        "the default session's link has {} characters",
        l.len()
    );
    let f = fragment(&Session::default());
    assert!(
        f.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.=".contains(&b)),
        "{f}"
    );
}

#[test]
fn no_session_is_said_as_such() {
    for text in [
        "",
        "#",
        "   ",
        "https://example.org/",
        "https://example.org/#",
        "#view=1",
    ] {
        let e = session_from_link(text).unwrap_err();
        assert!(matches!(e, LinkError::NoSession), "{text:?}: {e:?}");
        assert!(e.to_string().contains("no session"), "{e}");
    }
}

#[test]
fn a_newer_link_is_refused_with_its_version() {
    let e = session_from_link("https://example.org/#s=2.xxx").unwrap_err();
    assert!(matches!(e, LinkError::NewerLink { found: 2 }), "{e:?}");
    let msg = e.to_string();
    assert!(msg.contains("newer treelab"), "{msg}");
    assert!(msg.contains("link version 2"), "{msg}");
    assert!(msg.contains("reads version 1"), "{msg}");
}

#[test]
fn a_session_from_a_newer_treelab_is_refused_as_its_file_would_be() {
    let text = "Session(version: 99, game: othello, hologram: (depth: 3))";
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(text.as_bytes(), 9);
    let l = format!("#s=1.{}", base64url_encode(&packed));
    let e = session_from_link(&l).unwrap_err();
    assert!(
        matches!(
            e,
            LinkError::Session(SessionError::NewerVersion { found: 99 })
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("written by a newer treelab"), "{e}");
}

#[test]
fn a_session_that_does_not_read_says_where() {
    let text = "Session(version: 3, game: chess)";
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(text.as_bytes(), 9);
    let e = session_from_link(&format!("s=1.{}", base64url_encode(&packed))).unwrap_err();
    let msg = e.to_string();
    assert!(matches!(e, LinkError::Altered { .. }), "{e:?}");
    assert!(msg.contains("cut or altered"), "{msg}");
    assert!(msg.contains("line 1, column"), "{msg}");
}

#[test]
fn every_cut_of_a_link_is_refused() {
    let f = fragment(&rich());
    for cut in 0..f.len() {
        let e = session_from_link(&f[..cut]).unwrap_err();
        let ok = match cut {
            0 | 1 => matches!(e, LinkError::NoSession),
            _ => matches!(e, LinkError::Altered { .. }),
        };
        assert!(ok, "cut at {cut}: {e:?}");
        if cut > 4 {
            assert!(e.to_string().contains("cut or altered"), "{e}");
        }
    }
}

#[test]
fn every_changed_character_is_refused() {
    let f = fragment(&rich());
    let data_start = "s=1.".len();
    for (i, c) in f.char_indices() {
        let other = if c == 'A' { 'B' } else { 'A' };
        let mut changed = f.clone();
        changed.replace_range(i..=i, &other.to_string());
        let e = session_from_link(&changed).unwrap_err();
        if i >= data_start {
            assert!(matches!(e, LinkError::Altered { .. }), "at {i}: {e:?}");
        }
    }
}

#[test]
fn garbage_is_refused() {
    for text in [
        "s=1.",
        "s=1",
        "s=x.AAAA",
        "s=0.AAAA",
        "s=1.!!!!",
        "s=1.AAAAA",
        "s=1.A",
        "s=1.AB",
        "s=1.é",
        "#s=1.hello_world",
        "s=99999999999999999999.AAAA",
    ] {
        let e = session_from_link(text).unwrap_err();
        assert!(matches!(e, LinkError::Altered { .. }), "{text:?}: {e:?}");
    }
}

#[test]
fn too_much_is_refused_before_any_work() {
    let long = format!("s=1.{}", "A".repeat(MAX_LINK_LEN));
    let e = session_from_link(&long).unwrap_err();
    assert!(matches!(e, LinkError::TooLarge { .. }), "{e:?}");
    // A small link that inflates past the cap.
    let zeros = vec![b' '; MAX_INFLATED + 10];
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(&zeros, 9);
    let bomb = format!("s=1.{}", base64url_encode(&packed));
    assert!(bomb.len() < MAX_LINK_LEN);
    let e = session_from_link(&bomb).unwrap_err();
    assert!(matches!(e, LinkError::TooLarge { .. }), "{e:?}");
    assert!(e.to_string().contains("too large"), "{e}");
}

#[test]
fn base64url_round_trips_and_matches_the_rfc() {
    // RFC 4648's test vectors, unpadded.
    for (plain, coded) in [
        ("", ""),
        ("f", "Zg"),
        ("fo", "Zm8"),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg"),
        ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ] {
        assert_eq!(base64url_encode(plain.as_bytes()), coded);
        assert_eq!(base64url_decode(coded).unwrap(), plain.as_bytes());
    }
    // The two characters that differ from base64's.
    assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
    assert_eq!(base64url_decode("-_8").unwrap(), [0xfb, 0xff]);
    assert_eq!(base64url_decode("Zm8=").unwrap(), b"fo");
    // Non-canonical last characters and bad characters are refused.
    assert!(base64url_decode("Zh").is_err());
    assert!(base64url_decode("Zm9").is_err());
    assert!(base64url_decode("Zm+v").is_err());
    assert!(base64url_decode("Z").is_err());
    let all: Vec<u8> = (0..=255).collect();
    assert_eq!(base64url_decode(&base64url_encode(&all)).unwrap(), all);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn reading_any_text_never_panics(text in any::<String>()) {
        let _ = session_from_link(&text);
        let _ = session_from_link(&format!("#s=1.{text}"));
    }

    #[test]
    fn reading_any_base64url_never_panics(text in "[A-Za-z0-9_-]{0,200}") {
        let _ = session_from_link(&format!("s=1.{text}"));
    }

    /// Sound links that hold altered session text reach the session reader, which
    /// refuses or reads them without panicking.
    #[test]
    fn a_sound_link_of_altered_session_text_never_panics(
        at in any::<usize>(),
        cut in any::<usize>(),
        insert in "[(),:\\[\\]\"a-z0-9 ]{0,8}",
    ) {
        let text = link_copy(&rich()).to_ron().unwrap();
        let mut chars: Vec<char> = text.chars().collect();
        let at = at % (chars.len() + 1);
        let end = (at + cut % 16).min(chars.len());
        chars.splice(at..end, insert.chars());
        let altered: String = chars.into_iter().collect();
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(altered.as_bytes(), 1);
        let _ = session_from_link(&format!("s=1.{}", base64url_encode(&packed)));
    }

    #[test]
    fn any_bytes_round_trip_through_base64url(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        prop_assert_eq!(base64url_decode(&base64url_encode(&bytes)).unwrap(), bytes);
    }
}
