//! The Match tab: whole games between two of the comparison's rows (or the random
//! mover) on the current game, from seeded random openings or the open suite's
//! positions, with colours swapped in pairs and an optional SPRT. The match runs in the
//! background (a thread natively, workers in a browser: [`MatchRun`]); the tab shows the live score, Elo with its interval and the LLR
//! as the games come in, can stop it, keeps the finished match in the session, and
//! replays any game on the board move by move.

use std::sync::Arc;

use super::frame::command::Command;
use super::frame::layout;
use super::frame::page;
use super::frame::panel::Panel;
use super::frame::results_view::ResultsView;
use crate::engine::AnyPosition;
use crate::engine::rowspec::BenchRow;
use crate::matches::play::{MatchSpec, Player, PlayerKind, search_player};
use crate::matches::record::{GameRecord, MatchResult};
use crate::runner::MatchRun;
use crate::session::{MatchSetup, PerMove, Session};
use crate::stats::{EloModel, SprtSpec};

/// The Match tab's own state.
#[derive(Default)]
pub struct MatchView {
    run: Option<MatchRun>,
    /// The game being replayed and the ply shown.
    replay: Option<(usize, usize)>,
}

impl ResultsView for MatchView {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>) {
        self.poll(cx, ui.ctx());
        let kind = cx.session().position.kind();
        if !kind.info().playable() {
            ui.weak(format!(
                "A {} is searched, not played out: pick Othello, tic-tac-toe or Connect Four for a match.",
                kind.label().to_lowercase()
            ));
            return;
        }
        let running = self.run.is_some();
        ui.add_enabled_ui(!running, |ui| setup_ui(ui, cx));
        ui.horizontal(|ui| {
            if running {
                if ui.button("■ Stop match").clicked()
                    && let Some(run) = &mut self.run
                {
                    run.stop();
                }
            } else {
                let play = ui.button("▶ Play match");
                page::note_widget(ui.ctx(), "match_button", play.rect);
                if play.clicked() {
                    self.start(cx, ui.ctx());
                }
            }
        });
        ui.separator();
        if let Some(run) = &mut self.run {
            let mut live = run.shell().clone();
            live.games = run.live_games();
            ui.label(format!(
                "{} of at most {} games played…",
                live.games.len(),
                live.games_planned
            ));
            statistics_ui(ui, &live);
        } else if let Some(result) = cx.session().match_result.clone() {
            stale_match_ui(ui, cx, &result);
            statistics_ui(ui, &result);
            self.games_ui(ui, cx, &result);
        } else {
            ui.weak("No match yet: set up the players above and press ▶ Play match.");
        }
    }

    fn shows_results(&self) -> bool {
        false
    }
}

/// The players, games, openings, colours and SPRT.
fn setup_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>) {
    let mut setup = cx.session().match_setup.clone();
    let rows = cx.session().row_labels();
    let row_depths: Vec<u32> = cx.session().rows.iter().map(|r| r.depth_max).collect();
    let (depth_a, depth_b) = setup.depths(&cx.session().rows);
    egui::Grid::new("match_setup")
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            let by_depth = setup.per_move == PerMove::Depth;
            for (name, player, depth, own, now) in [
                (
                    "Player A",
                    &mut setup.a,
                    &mut setup.depth_a,
                    &mut setup.own_depth_a,
                    depth_a,
                ),
                (
                    "Player B",
                    &mut setup.b,
                    &mut setup.depth_b,
                    &mut setup.own_depth_b,
                    depth_b,
                ),
            ] {
                let depth = by_depth.then_some(PlayerDepth {
                    depth,
                    own,
                    now: now.0,
                    rows: &row_depths,
                });
                player_ui(ui, name, player, depth, &rows);
                ui.end_row();
            }
            let label = ui.label("Per move").id;
            ui.horizontal(|ui| per_move_ui(ui, &mut setup.per_move))
                .response
                .labelled_by(label);
            ui.end_row();
            let label = ui.label("Games").id;
            ui.horizontal(|ui| {
                ui.add(layout::number(&mut setup.games).range(1..=100_000))
                    .labelled_by(label);
                ui.checkbox(&mut setup.alternate, "Colours swapped in pairs")
                    .on_hover_text("Games 2j and 2j+1 share an opening, colours swapped");
            });
            ui.end_row();
            let label = ui.label("Openings").id;
            ui.horizontal(|ui| {
                let has_suite = cx.session().suite_of_this_game().is_some();
                ui.add_enabled_ui(!setup.openings_from_suite, |ui| {
                    ui.add(layout::number(&mut setup.openings).range(0..=60))
                        .labelled_by(label);
                    ui.label("random moves");
                });
                ui.add_enabled_ui(has_suite, |ui| {
                    ui.checkbox(&mut setup.openings_from_suite, "from the open suite")
                        .on_disabled_hover_text("Open a suite of this game first");
                });
                let s = ui.label("seed").id;
                ui.add(layout::number(&mut setup.seed)).labelled_by(s);
            });
            ui.end_row();
            ui.label("SPRT");
            ui.horizontal(|ui| sprt_ui(ui, &mut setup.sprt));
            ui.end_row();
        });
    if let Err(e) = setup.check(&cx.session().rows) {
        ui.colored_label(ui.visuals().warn_fg_color, e);
    }
    if setup != cx.session().match_setup {
        cx.push(Command::SetMatchSetup(Box::new(setup)));
    }
}

/// A player's depth in the setup: the stored depth and whether it was set here, the
/// depth played now, and every row's deepest depth.
struct PlayerDepth<'a> {
    depth: &'a mut u32,
    own: &'a mut bool,
    now: u32,
    rows: &'a [u32],
}

/// A player's line of the setup grid: its label `name`, then who plays (`player`: a
/// row of `rows`, or the random mover) and, for a row, its search depth: the row's
/// deepest unless set here, the line saying which (and a click going back to the row's).
fn player_ui(
    ui: &mut egui::Ui,
    name: &str,
    player: &mut Option<usize>,
    depth: Option<PlayerDepth<'_>>,
    rows: &[String],
) {
    let label = ui.label(name).id;
    ui.horizontal(|ui| {
        let shown = player
            .and_then(|r| rows.get(r).cloned())
            .unwrap_or_else(|| "random mover".into());
        let before = *player;
        egui::ComboBox::from_id_salt(("match_player", name))
            .selected_text(shown)
            .width(220.0)
            .show_ui(ui, |ui| {
                ui.selectable_value(player, None, "random mover");
                for (i, text) in rows.iter().enumerate() {
                    ui.selectable_value(player, Some(i), text);
                }
            })
            .response
            .labelled_by(label);
        let (Some(r), Some(d)) = (*player, depth) else {
            return;
        };
        // A player picked from a row plays the row's deepest depth.
        let row_depth = d.rows.get(r).copied().unwrap_or(d.now);
        let mut shown_depth = if *player == before { d.now } else { row_depth };
        if *player != before {
            *d.own = false;
        }
        let l = ui.label("depth").id;
        if ui
            .add(layout::number(&mut shown_depth).range(1..=crate::search::options::MAX_DEPTH))
            .labelled_by(l)
            .changed()
        {
            *d.depth = shown_depth;
            *d.own = shown_depth != row_depth;
        }
        if *d.own {
            ui.weak(format!("set here (row {} searches to {row_depth})", r + 1));
            if ui
                .small_button("row's depth")
                .on_hover_text(format!("Play row {}'s deepest depth, {row_depth}", r + 1))
                .clicked()
            {
                *d.own = false;
            }
        } else {
            ui.weak(format!("row {}'s deepest depth", r + 1));
        }
    });
}

/// What each search player gets per move: its own depth, or both the same nodes or
/// milliseconds.
fn per_move_ui(ui: &mut egui::Ui, per_move: &mut PerMove) {
    let (mut nodes, mut ms) = match *per_move {
        PerMove::Nodes(n) => (n, 100),
        PerMove::TimeMs(ms) => (20_000, ms),
        PerMove::Depth => (20_000, 100),
    };
    ui.radio_value(per_move, PerMove::Depth, "each its depth");
    ui.radio_value(per_move, PerMove::Nodes(nodes), "the same nodes")
        .on_hover_text("Both players stop a move at this many nodes: alpha-beta rows deepen iteratively until then, MCTS rows iterate (equal nodes: the games repeat exactly)");
    if let PerMove::Nodes(_) = per_move
        && ui
            .add(layout::number(&mut nodes).range(1..=1_000_000_000u64))
            .changed()
    {
        *per_move = PerMove::Nodes(nodes);
    }
    ui.radio_value(per_move, PerMove::TimeMs(ms), "the same time")
        .on_hover_text("Both players stop a move after this many milliseconds (the games then depend on the machine and its load)");
    if let PerMove::TimeMs(_) = per_move
        && ui
            .add(layout::number(&mut ms).range(1..=600_000u64).suffix(" ms"))
            .changed()
    {
        *per_move = PerMove::TimeMs(ms);
    }
}

/// The SPRT's controls: whether the match stops when decided (`sprt` set), and then
/// its two hypotheses, error rates and Elo model.
fn sprt_ui(ui: &mut egui::Ui, sprt: &mut Option<SprtSpec>) {
    let mut on = sprt.is_some();
    ui.checkbox(&mut on, "stop when decided")
        .on_hover_text("A sequential probability ratio test between two Elo hypotheses");
    if !on {
        *sprt = None;
        return;
    }
    let spec = sprt.get_or_insert(SprtSpec {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
        model: EloModel::default(),
    });
    for (name, v, speed) in [
        ("elo0", &mut spec.elo0, 1.0),
        ("elo1", &mut spec.elo1, 1.0),
        ("alpha", &mut spec.alpha, 0.005),
        ("beta", &mut spec.beta, 0.005),
    ] {
        let l = ui.label(name).id;
        ui.add(layout::number(v).speed(speed)).labelled_by(l);
    }
    let l = ui.label("model").id;
    egui::ComboBox::from_id_salt("sprt_model")
        .selected_text(format!("{} Elo", spec.model.name()))
        .show_ui(ui, |ui| {
            for m in EloModel::ALL {
                ui.selectable_value(&mut spec.model, m, format!("{} Elo", m.name()));
            }
        })
        .response
        .labelled_by(l)
        .on_hover_text(
            "The scale of elo0 and elo1: normalized Elo (as fishtest and fastchess) or logistic Elo",
        );
}

/// When the players set up now are not those that played `m` (a row or the setup
/// changed since): the result stays named by who played, and a note says so.
fn stale_match_ui(ui: &mut egui::Ui, cx: &Panel<'_>, m: &MatchResult) {
    let session = cx.session();
    let Ok(now) = spec_of(
        &session.match_setup,
        session,
        session.position.kind(),
        session.suite_of_this_game(),
    ) else {
        return;
    };
    if now.a.label == m.a && now.b.label == m.b {
        return;
    }
    ui.colored_label(
        ui.visuals().warn_fg_color,
        format!(
            "Stale: this match was played by A = {} and B = {}; the players set up now are \
             A = {} and B = {}. Play the match again to see theirs.",
            m.a, m.b, now.a.label, now.b.label
        ),
    );
}

/// Points, Elo with its interval, LOS, the pairs and the SPRT of `m`.
fn statistics_ui(ui: &mut egui::Ui, m: &MatchResult) {
    let t = m.trinomial();
    ui.label(
        egui::RichText::new(format!(
            "A = {}  vs  B = {}:  A wins {}, draws {}, losses {}",
            m.a, m.b, t.wins, t.draws, t.losses
        ))
        .strong(),
    );
    for line in m.statistics_text().lines().skip(1) {
        ui.label(line.trim());
    }
}

impl MatchView {
    /// Starts the match the session sets up, on the current game.
    fn start(&mut self, cx: &mut Panel<'_>, ctx: &egui::Context) {
        let setup = cx.session().match_setup.clone();
        if let Err(e) = setup.check(&cx.session().rows) {
            return cx.error(format!("Cannot play the match: {e}"));
        }
        let spec = match spec_of(
            &setup,
            cx.session(),
            cx.session().position.kind(),
            cx.session().suite_of_this_game(),
        ) {
            Ok(s) => s,
            Err(e) => return cx.error(format!("Cannot play the match: {e}")),
        };
        let ctx = ctx.clone();
        let wake = Arc::new(move || ctx.request_repaint_after(page::LIVE_REFRESH));
        match MatchRun::start(spec, wake) {
            Ok(run) => {
                self.run = Some(run);
                self.replay = None;
                cx.info("Playing the match…");
            }
            Err(e) => cx.error(format!("could not start the match: {e}")),
        }
    }

    /// Takes the result of a finished match into the session; asks for frames while
    /// one runs.
    fn poll(&mut self, cx: &mut Panel<'_>, ctx: &egui::Context) {
        let Some(run) = &mut self.run else {
            return;
        };
        let Some(result) = run.finished() else {
            ctx.request_repaint_after(page::LIVE_REFRESH);
            return;
        };
        self.run = None;
        match result {
            Ok(result) => {
                let n = result.games.len();
                cx.push(Command::SetMatchResult(Box::new(result)));
                cx.info(format!("The match ended after {n} games"));
            }
            Err(e) => cx.error(format!("The match failed: {e}")),
        }
    }

    /// The finished games: a line each; a click replays one on the board.
    fn games_ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>, m: &MatchResult) {
        ui.separator();
        if let Some((g, ply)) = self.replay
            && let Some(game) = m.games.iter().find(|x| x.index == g)
        {
            ui.horizontal(|ui| {
                ui.label(format!("Replaying game {}:", game.index + 1));
                let mut k = ply;
                // A dice game's replay steps through the rolls too.
                let label = ui.label(if game.rolls > 0 { "step" } else { "move" }).id;
                ui.add(egui::Slider::new(&mut k, 0..=game.moves.len()))
                    .labelled_by(label);
                ui.label(format!("of {}", game.moves.len()));
                if k != ply {
                    self.show(cx, m, game, k);
                }
            });
        }
        egui::ScrollArea::vertical()
            .id_salt("match_games")
            .max_height(ui.available_height().max(120.0))
            .show(ui, |ui| {
                for g in &m.games {
                    // The one line the command line prints too, its score labelled.
                    let text = g.line();
                    let selected = self.replay.is_some_and(|(i, _)| i == g.index);
                    if ui
                        .selectable_label(selected, text)
                        .on_hover_text("Replay this game on the board")
                        .clicked()
                    {
                        self.show(cx, m, g, g.moves.len());
                    }
                }
            });
    }

    /// Shows game `g` of `m` after `ply` moves on the board.
    fn show(&mut self, cx: &mut Panel<'_>, m: &MatchResult, g: &GameRecord, ply: usize) {
        self.replay = Some((g.index, ply));
        match replay(m, g, ply) {
            Ok(p) => cx.push(Command::SetPosition(p)),
            Err(e) => cx.error(format!("cannot replay game {}: {e}", g.index + 1)),
        }
    }
}

/// The position of game `g` of `m` after `ply` of its moves.
fn replay(m: &MatchResult, g: &GameRecord, ply: usize) -> Result<AnyPosition, String> {
    let kind = crate::engine::GameKind::from_name(&m.game).map_err(|e| e.to_string())?;
    let mut p = AnyPosition::parse(kind, &g.start).map_err(|e| e.to_string())?;
    for mv in g.moves.iter().take(ply) {
        p = p.play(mv).map_err(|e| format!("move {mv}: {e}"))?;
    }
    Ok(p)
}

/// The match `setup` describes on `game`, players from `session`'s rows.
fn spec_of(
    setup: &MatchSetup,
    session: &Session,
    game: crate::engine::GameKind,
    suite: Option<&crate::engine::Suite>,
) -> Result<MatchSpec, String> {
    let player = |row: Option<usize>, depth: u32| -> Result<Player, String> {
        let Some(r) = row else {
            return Ok(Player {
                label: "random".into(),
                kind: PlayerKind::Random,
            });
        };
        let row = session
            .rows
            .get(r)
            .ok_or_else(|| format!("there is no row {}", r + 1))?;
        let label = row.label();
        let bench_row = BenchRow {
            label: label.clone(),
            algorithm: row.algorithm,
            options: row.options.clone(),
        };
        let (shown, depth, nodes, time_ms) = match setup.per_move {
            PerMove::Depth => (format!("{label}@{depth}"), Some(depth), None, None),
            PerMove::Nodes(n) => (format!("{label}+nodes={n}"), None, Some(n), None),
            PerMove::TimeMs(ms) => (format!("{label}+time={ms}"), None, None, Some(ms)),
        };
        search_player(shown, bench_row, depth, nodes, time_ms)
            .map_err(|e| format!("row {}: {e}", r + 1))
    };
    let (book, book_name) = match (setup.openings_from_suite, suite) {
        (true, Some(s)) if s.kind == game => (
            s.items.iter().map(|it| it.position.clone()).collect(),
            Some(s.name.clone()),
        ),
        (true, Some(s)) => {
            return Err(format!(
                "the open suite holds {} positions, not {}",
                s.kind.label(),
                game.label()
            ));
        }
        _ => (Vec::new(), None),
    };
    let evaluator = setup
        .a
        .and_then(|r| session.rows.get(r))
        .map(|r| r.evaluator.clone())
        .unwrap_or_default();
    let ((depth_a, _), (depth_b, _)) = setup.depths(&session.rows);
    Ok(MatchSpec {
        game,
        a: player(setup.a, depth_a)?,
        b: player(setup.b, depth_b)?,
        games: setup.games,
        seed: setup.seed,
        openings: if book.is_empty() { setup.openings } else { 0 },
        alternate: setup.alternate || book_name.is_some(),
        book,
        book_name,
        evaluator,
        threads: crate::runner::default_threads(),
        sprt: setup.sprt,
        shard: None,
    })
}
