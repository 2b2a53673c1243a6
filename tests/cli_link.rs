//! Sessions as links on the command line: `session link` then `session from-link` gives
//! back the session without its results; a cut or altered link is refused with a clear
//! message and a nonzero exit, never a panic; `exercise --link` prints links that open
//! each exercise (a handout of one) or the whole handout, which `from-link` reads.

use treelab::engine::{AnyPosition, GameKind, SearchRecord};
use treelab::search::Algorithm;
use treelab::session::link::link_copy;
use treelab::session::{ComparisonRow, ResultEntry, ResultsTab, Session};

mod common;
use common::treelab;

/// A tic-tac-toe session with rows of their own options, a view and a result.
fn session_with_results() -> Session {
    let mut s = Session {
        position: AnyPosition::parse(GameKind::TicTacToe, "x...o....").unwrap(),
        suite: None,
        rows: vec![
            ComparisonRow::new(Algorithm::AlphaBeta),
            ComparisonRow::new(Algorithm::NegaScout),
        ],
        ..Session::default()
    };
    s.rows[1].options.tt_mib = 4;
    s.rows[1].depth_max = 8;
    s.view.tab = ResultsTab::Articles;
    s.view.baseline_row = Some(0);
    s.results.push(ResultEntry {
        row: 1,
        game: GameKind::TicTacToe,
        position_text: s.position.to_text(),
        label: s.rows[1].label(),
        depth: 3,
        record: SearchRecord {
            score: Some(0),
            best_move: Some("c3".into()),
            ..SearchRecord::default()
        },
        ..ResultEntry::default()
    });
    s
}

/// The one line `args` print, which must succeed.
fn one_line(args: &[&str]) -> String {
    let (ok, out, err) = treelab(args);
    assert!(ok, "treelab {args:?} failed: {err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    lines[0].to_string()
}

/// The session `link` holds, as `session from-link` prints it.
fn from_link(link: &str) -> Session {
    let (ok, out, err) = treelab(&["session", "from-link", link]);
    assert!(ok, "from-link failed: {err}");
    Session::from_ron(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn a_session_goes_through_a_link_and_back_without_its_results() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.ron");
    let session = session_with_results();
    session.save(&file).unwrap();
    let file_arg = file.to_str().unwrap();

    let link = one_line(&["session", "link", file_arg]);
    assert!(link.starts_with("http://127.0.0.1:8000/#s=1."), "{link}");
    let (ok, printed, err) = treelab(&["session", "from-link", &link]);
    assert!(ok, "{err}");
    let expected = link_copy(&Session::load(&file).unwrap());
    assert!(expected.results.is_empty());
    // The text printed is the session file's text of the session without its results.
    assert_eq!(printed.trim_end(), expected.to_ron().unwrap());
    assert_eq!(Session::from_ron(&printed).unwrap(), expected);

    // Another base, and the fragment alone, read the same; -o writes a session file.
    let other = one_line(&[
        "session",
        "link",
        file_arg,
        "--base-url",
        "https://example.org/treelab/#old",
    ]);
    let fragment = link.split_once('#').unwrap().1;
    assert_eq!(other, format!("https://example.org/treelab/#{fragment}"));
    let out = dir.path().join("back.ron");
    let (ok, _, err) = treelab(&[
        "session",
        "from-link",
        fragment,
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert_eq!(Session::load(&out).unwrap(), expected);
}

#[test]
fn a_cut_or_altered_link_is_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.ron");
    session_with_results().save(&file).unwrap();
    let link = one_line(&["session", "link", file.to_str().unwrap()]);
    for cut in [link.len() - 1, link.len() - 7, link.len() / 2, 40] {
        let (ok, out, err) = treelab(&["session", "from-link", &link[..cut]]);
        assert!(!ok, "a link cut at {cut} was read: {out}");
        assert!(err.contains("cut or altered"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.is_empty(), "{out}");
    }
    let (ok, _, err) = treelab(&["session", "from-link", "https://example.org/"]);
    assert!(!ok);
    assert!(err.contains("no session in this link"), "{err}");
    let (ok, _, err) = treelab(&["session", "from-link", "#s=2.AAAA"]);
    assert!(!ok);
    assert!(err.contains("newer treelab"), "{err}");
    // A bad file is refused as other session commands refuse it.
    let bad = dir.path().join("bad.ron");
    Session::default().save(&bad).unwrap();
    let text = std::fs::read_to_string(&bad).unwrap();
    std::fs::write(&bad, &text[..text.len() / 2]).unwrap();
    let (ok, _, err) = treelab(&["session", "link", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("bad.ron: line "), "{err}");
}

/// The ids `exercise` prints for `args` (with `--format tree`).
fn ids(args: &[&str]) -> Vec<String> {
    let mut all = vec!["exercise"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "tree"]);
    let (ok, out, err) = treelab(&all);
    assert!(ok, "{err}");
    out.lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn exercise_links_open_each_exercise_on_its_quiz() {
    for (algo, count) in [("alphabeta", "3"), ("negascout", "2"), ("star1", "2")] {
        let args = ["--algo", algo, "--difficulty", "medium", "--count", count];
        let expected_ids = ids(&args);
        let mut with_link = vec!["exercise", "--link"];
        with_link.extend_from_slice(&args);
        let (ok, out, err) = treelab(&with_link);
        assert!(ok, "{err}");
        let links: Vec<&str> = out.lines().collect();
        assert_eq!(links.len(), expected_ids.len(), "{out}");
        for (link, id) in links.iter().zip(&expected_ids) {
            let s = from_link(link);
            assert!(s.problems.is_empty(), "{:?}", s.problems);
            assert_eq!(s.game(), GameKind::CustomTree);
            let p = s.practice.as_ref().expect("a handout of one");
            assert_eq!(p.exercises.len(), 1);
            assert_eq!(&p.exercises[0].id, id);
            assert_eq!(p.exercises[0].row, algo);
            assert!(p.handout);
            assert_eq!(s.view.tab, ResultsTab::Tree);
            assert!(s.view.tree_quiz);
            assert_eq!(s.rows[0].algorithm.name(), algo);
            // It opens on its exercise, as the app checks it.
            assert_eq!(
                treelab::experiment::exercise::practice::on_board(&s),
                Some(0)
            );
        }
    }
}

#[test]
fn a_handout_is_one_link_to_the_session_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("class.ron");
    let link = one_line(&[
        "exercise",
        "--difficulty",
        "easy",
        "--count",
        "4",
        "--seed",
        "5",
        "--session",
        file.to_str().unwrap(),
        "--link",
        "--base-url",
        "https://example.org/",
    ]);
    assert!(link.starts_with("https://example.org/#s=1."), "{link}");
    let written = Session::load(&file).unwrap();
    let s = from_link(&link);
    assert_eq!(s, link_copy(&written));
    assert_eq!(s.practice.as_ref().unwrap().exercises.len(), 4);
    // --base-url alone is refused: it belongs to --link.
    let (ok, _, err) = treelab(&["exercise", "--base-url", "https://example.org/"]);
    assert!(!ok);
    assert!(err.contains("--link"), "{err}");
}
