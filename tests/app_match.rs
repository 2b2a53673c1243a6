//! UI test of the Match tab: a match between a comparison row and the random mover on
//! tic-tac-toe, played in the background from the tab, its statistics shown, kept in
//! the session, and a game replayed on the board.

use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use treelab::app::Command;
use treelab::engine::{AnyPosition, GameKind};

mod common;
use common::{harness, settle};

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
    h.get_by_label("▶ Play match").click();
    let start = Instant::now();
    while h.state().session().match_result.is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the match did not end"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    settle(&mut h);
    let m = h.state().session().match_result.clone().expect("kept");
    assert_eq!(m.games.len(), 6);
    assert_eq!(m.game, "tictactoe");
    assert!(m.alternate);
    assert!(m.b == "random" && m.a.ends_with("@4"), "{} vs {}", m.a, m.b);
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
    use treelab::vocab::stats::EloModel;
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
