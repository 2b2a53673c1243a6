//! UI test of the Match tab: a match between a comparison row and the random mover on
//! tic-tac-toe, played in the background from the tab, its statistics shown, kept in
//! the session, and a game replayed on the board.

use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use treelab::app::Command;
use treelab::engine::{AnyPosition, GameKind};

mod common;
use common::{harness, settle};

/// Presses Play match and steps frames until the match is kept in the session
/// (bounded: a match that does not end fails the test).
fn play_match(h: &mut egui_kittest::Harness<'_, treelab::app::TreelabApp>, limit: Duration) {
    h.get_by_label("▶ Play match").click();
    let start = Instant::now();
    while h.state().session().match_result.is_none() {
        assert!(start.elapsed() < limit, "the match did not end");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_match_plays_in_the_tab_is_kept_and_replays_on_the_board() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.get_by_label("Match").click();
    settle(&mut h);
    // Fewer games than the default, through the setup command the tab pushes.
    let mut setup = h.state().session().match_setup.clone();
    setup.games = 6;
    h.state_mut().push(Command::SetMatchSetup(Box::new(setup)));
    settle(&mut h);
    assert_eq!(h.state().session().match_setup.games, 6);
    play_match(&mut h, Duration::from_secs(60));
    settle(&mut h);
    let m = h.state().session().match_result.clone().expect("kept");
    assert_eq!(m.games.len(), 6);
    assert_eq!(m.game, "tictactoe");
    assert!(m.alternate);
    // Row 1 plays its deepest depth.
    let deepest = h.state().session().rows[0].depth_max;
    assert!(
        m.b == "random" && m.a.ends_with(&format!("@{deepest}")),
        "{} vs {}",
        m.a,
        m.b
    );
    // The statistics are on show.
    assert!(h.query_by_label_contains("Elo").is_some());
    assert!(h.query_by_label_contains("A wins").is_some());
    // A click on a game shows its last position on the board.
    h.get_by_label_contains("game 2:").click();
    settle(&mut h);
    let g = &m.games[1];
    let mut p = AnyPosition::parse(GameKind::TicTacToe, &g.start).expect("start");
    for mv in &g.moves {
        p = p.play(mv).expect("legal");
    }
    assert_eq!(h.state().position(), &p);
    assert!(p.is_over());
}

/// The SPRT of the Match tab offers its model: normalized Elo when switched on, as in
/// `treelab match`, and logistic Elo from the picker; the session keeps the choice.
#[test]
fn the_sprt_setup_offers_the_elo_model() {
    use egui::accesskit::Role;
    use treelab::stats::EloModel;
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Match").click();
    settle(&mut h);
    assert!(h.state().session().match_setup.sprt.is_none());
    h.get_by_label("stop when decided").click();
    settle(&mut h);
    let sprt = h.state().session().match_setup.sprt.expect("an SPRT");
    assert_eq!(sprt.model, EloModel::Normalized);
    h.get_by_role_and_label(Role::ComboBox, "model").click();
    settle(&mut h);
    h.get_by_label("logistic Elo").click();
    settle(&mut h);
    let sprt = h.state().session().match_setup.sprt.expect("an SPRT");
    assert_eq!(sprt.model, EloModel::Logistic);
}

/// At equal nodes per move, chosen in the tab, MCTS plays NegaAlpha exactly as
/// `treelab match --black mcts+nodes=N --white negaalpha+order=static+nodes=N` does.
#[test]
fn a_match_at_equal_nodes_plays_the_games_the_command_line_plays() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.ron");
    std::fs::write(
        &path,
        r#"Session(
    version: 2,
    game: connect4,
    position: "",
    rows: [
        ComparisonRow(algorithm: mcts, depth_min: 4, depth_max: 4),
        ComparisonRow(algorithm: negaalpha, options: SearchOptions(ordering: static), depth_min: 4, depth_max: 4),
    ],
    view: ViewChoices(tab: Match),
    match_setup: MatchSetup(a: Some(0), b: Some(1), games: 2, openings: 2, seed: 3, alternate: true),
)"#,
    )
    .unwrap();
    let mut h = common::harness_with_session(&path, [1280.0, 800.0]);
    settle(&mut h);
    h.get_by_label("the same nodes").click();
    settle(&mut h);
    let mut setup = h.state().session().match_setup.clone();
    assert_eq!(setup.per_move, treelab::session::PerMove::Nodes(20_000));
    setup.per_move = treelab::session::PerMove::Nodes(3_000);
    h.state_mut().push(Command::SetMatchSetup(Box::new(setup)));
    settle(&mut h);
    play_match(&mut h, Duration::from_secs(120));
    let m = h.state().session().match_result.clone().expect("kept");
    assert_eq!(
        (m.a.as_str(), m.b.as_str()),
        ("mcts+nodes=3000", "negaalpha+order=static+nodes=3000")
    );
    let (ok, out, err) = common::treelab(&[
        "match",
        "--game",
        "connect4",
        "--black",
        "mcts+nodes=3000",
        "--white",
        "negaalpha+order=static+nodes=3000",
        "--games",
        "2",
        "--openings",
        "2",
        "--seed",
        "3",
        "--alternate",
        "--format",
        "ron",
    ]);
    assert!(ok, "{err}");
    let cli: treelab::matches::record::MatchResult = ron::from_str(&out).expect("a match in RON");
    assert_eq!(m.games.len(), 2);
    for (a, b) in m.games.iter().zip(&cli.games) {
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.nodes, b.nodes);
    }
}

/// A player picked from a row plays the row's deepest depth, and the tab says where each
/// player's depth comes from; a depth set in the tab is kept and said so.
#[test]
fn a_player_from_a_row_plays_the_rows_depth() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.state_mut().push(Command::SetRowDepths(1, 2, 2));
    h.get_by_label("Match").click();
    settle(&mut h);
    // Player B from row 2, through its picker.
    h.get_by_label("Player B").click();
    settle(&mut h);
    h.get_all_by_label_contains("row 2:")
        .last()
        .unwrap()
        .click();
    settle(&mut h);
    assert_eq!(h.state().session().match_setup.b, Some(1));
    h.get_by_label("row 2's deepest depth");
    let mut setup = h.state().session().match_setup.clone();
    setup.games = 2;
    h.state_mut().push(Command::SetMatchSetup(Box::new(setup)));
    settle(&mut h);
    play_match(&mut h, Duration::from_secs(60));
    let m = h.state().session().match_result.clone().unwrap();
    assert!(m.b.ends_with("@2"), "{}", m.b);
    // A depth set in the tab wins, and the tab says so.
    let mut setup = h.state().session().match_setup.clone();
    setup.depth_b = 5;
    setup.own_depth_b = true;
    h.state_mut().push(Command::SetMatchSetup(Box::new(setup)));
    settle(&mut h);
    h.get_by_label("set here (row 2 searches to 2)");
    let (_, (b, source)) = h
        .state()
        .session()
        .match_setup
        .depths(&h.state().session().rows);
    assert_eq!((b, source), (5, treelab::session::DepthSource::Own));
    h.get_by_label("row's depth").click();
    settle(&mut h);
    let (_, (b, _)) = h
        .state()
        .session()
        .match_setup
        .depths(&h.state().session().rows);
    assert_eq!(b, 2);
}
