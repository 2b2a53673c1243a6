//! `treelab match`: whole games between two players, for the experiments that measure
//! search effort over real games (seed 004's killer moves).
//!
//! A player is either a searcher, written as a bench row with a depth
//! (`negaalpha+killers=32@6`: NegaAlpha with 32 killer moves per ply searching 6 plies
//! at every move), or `random`, a seeded random mover. Games start from the start
//! position or after `openings` seeded random moves. Everything is a function of the
//! seed and the game's index, so a match is reproducible to the node, and games can run
//! on several threads with the same result as a serial run.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

use super::bench::{BenchRow, parse_row_spec};
use crate::engine::{AnyPosition, EngineError, GameKind, SearchRequest, run_search};
use crate::game::{Scoring, SeededRng, Side, splitmix64};
use crate::search::{SearchControl, SearchOptions};
use crate::vocab::parallel::map_in_order;

/// Salt mixed into the seed for the opening moves of a game.
const OPENING_SALT: u64 = 0x6F70_656E_696E_6773;
/// Salt mixed into the seed for the random players' moves.
const RANDOM_PLAYER_SALT: u64 = 0x7261_6E64_6F6D_2121;

/// What a player is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PlayerKind {
    /// A seeded random mover: uniform over the legal moves.
    Random,
    /// A searcher: an algorithm row (as in `bench`) searching `depth` plies each move.
    Search {
        /// The algorithm and its options.
        row: BenchRow,
        /// The depth of every search.
        depth: u32,
    },
}

/// One of the two players of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// The spec it was parsed from (`negaalpha+killers=4@6`, `random`).
    pub label: String,
    /// What it does.
    pub kind: PlayerKind,
}

/// Parses a player: `random`, or `ROW@DEPTH` where ROW is a bench row spec
/// (`NAME[+OPTION[=VALUE]]...`) over `base` options, for example
/// `negaalpha+killers=32@6` or `mtdf+tt=16+id@8`.
pub fn parse_player(spec: &str, base: &SearchOptions) -> Result<Player, EngineError> {
    let spec = spec.trim();
    if spec.eq_ignore_ascii_case("random") {
        return Ok(Player {
            label: "random".into(),
            kind: PlayerKind::Random,
        });
    }
    let (row, depth) = spec.rsplit_once('@').ok_or_else(|| {
        EngineError::Input(format!(
            "player '{spec}': expected 'random' or ALGORITHM[+OPTION...]@DEPTH, e.g. negaalpha+killers=4@6"
        ))
    })?;
    let depth: u32 = depth.trim().parse().map_err(|_| {
        EngineError::Input(format!(
            "player '{spec}': the depth after '@' must be a whole number"
        ))
    })?;
    let row = parse_row_spec(row, base)?;
    row.options
        .validate(row.algorithm, depth)
        .map_err(|e| EngineError::Input(format!("player '{spec}': {e}")))?;
    Ok(Player {
        label: spec.to_string(),
        kind: PlayerKind::Search { row, depth },
    })
}

/// What to play.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// The game (not the random tree, which has no games).
    pub game: GameKind,
    /// Player A: plays the first side (Black, X, the first player) unless colours
    /// alternate.
    pub a: Player,
    /// Player B.
    pub b: Player,
    /// How many games.
    pub games: usize,
    /// The seed of the openings and the random players.
    pub seed: u64,
    /// Seeded random moves played before the players take over.
    pub openings: usize,
    /// Swap colours every other game; games `2j` and `2j+1` then share an opening.
    pub alternate: bool,
    /// The evaluator's name (empty: the game's default).
    pub evaluator: String,
    /// Worker threads (games run in parallel; results do not depend on it).
    pub threads: usize,
}

/// One finished game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameRecord {
    /// The game's index in the match.
    pub index: usize,
    /// Whether player A played the first side.
    pub a_first: bool,
    /// Every move, openings included, in the game's notation.
    pub moves: Vec<String>,
    /// How many of `moves` were random opening moves.
    pub opening_moves: usize,
    /// Nodes searched by player A and player B.
    pub nodes: [u64; 2],
    /// Leaves (static evaluations and finished games) of A and B.
    pub leaves: [u64; 2],
    /// Searches (moves chosen by search) of A and B.
    pub searches: [u64; 2],
    /// Seconds spent searching by A and B.
    pub seconds: [f64; 2],
    /// The final score from player A's point of view in the game's own scoring
    /// (Othello: disc difference; Connect Four: Pons' score; tic-tac-toe: 1/0/-1).
    pub score_a: i32,
}

impl GameRecord {
    /// Nodes of both players together.
    #[must_use]
    pub fn total_nodes(&self) -> u64 {
        self.nodes[0] + self.nodes[1]
    }
}

/// Mean, standard deviation and total of one quantity over the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The mean per game.
    pub mean: f64,
    /// The sample standard deviation per game (0 with fewer than two games).
    pub stddev: f64,
    /// The sum over the games.
    pub total: f64,
}

impl Summary {
    /// Summarises `values`.
    #[must_use]
    pub fn of(values: &[f64]) -> Summary {
        let n = values.len();
        if n == 0 {
            return Summary::default();
        }
        let total: f64 = values.iter().sum();
        let mean = total / n as f64;
        let stddev = if n > 1 {
            (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
        } else {
            0.0
        };
        Summary {
            mean,
            stddev,
            total,
        }
    }
}

/// Everything a match produced; `--format ron` writes it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchResult {
    /// The game's name.
    pub game: String,
    /// Player A's spec.
    pub a: String,
    /// Player B's spec.
    pub b: String,
    /// The seed.
    pub seed: u64,
    /// Random opening moves per game.
    pub openings: usize,
    /// Whether colours alternated.
    pub alternate: bool,
    /// Every game, by index.
    pub games: Vec<GameRecord>,
}

/// Side of the player to move at a position.
fn side_of(pos: &AnyPosition) -> Side {
    pos.side_to_move()
}

/// The final score of a finished position from the first side's point of view.
fn final_score_first(pos: &AnyPosition) -> i32 {
    let (side, score) = (pos.side_to_move(), pos.terminal_score(Scoring::Native));
    if side == Side::First { score } else { -score }
}

/// Plays game `index` of `spec`.
fn play_game(spec: &MatchSpec, index: usize, stop: &AtomicBool) -> Result<GameRecord, EngineError> {
    // With alternating colours, games 2j and 2j+1 share opening j.
    let opening_index = if spec.alternate { index / 2 } else { index };
    let a_first = !(spec.alternate && index % 2 == 1);
    let mut opening_rng =
        SeededRng::new(splitmix64(spec.seed ^ OPENING_SALT).wrapping_add(opening_index as u64));
    let mut random_rng =
        SeededRng::new(splitmix64(spec.seed ^ RANDOM_PLAYER_SALT).wrapping_add(index as u64));
    let mut pos = AnyPosition::start(spec.game);
    let mut record = GameRecord {
        index,
        a_first,
        ..GameRecord::default()
    };
    let pick_random = |pos: &AnyPosition, rng: &mut SeededRng| -> Option<String> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let k = rng.below(moves.len() as u64) as usize;
        moves.get(k).cloned()
    };
    while record.opening_moves < spec.openings && !pos.is_over() {
        let Some(mv) = pick_random(&pos, &mut opening_rng) else {
            break;
        };
        pos = pos.play(&mv).map_err(|e| EngineError::Format {
            context: "opening move".into(),
            error: e,
        })?;
        record.moves.push(mv);
        record.opening_moves += 1;
    }
    while !pos.is_over() {
        if stop.load(Ordering::Relaxed) {
            return Err(EngineError::Input("stopped".into()));
        }
        let first_to_move = side_of(&pos) == Side::First;
        let who = usize::from(first_to_move != a_first);
        let player = if who == 0 { &spec.a } else { &spec.b };
        let mv = match &player.kind {
            PlayerKind::Random => pick_random(&pos, &mut random_rng),
            PlayerKind::Search { row, depth } => {
                let req = SearchRequest {
                    algorithm: row.algorithm,
                    options: row.options.clone(),
                    depth: *depth,
                    evaluator: spec.evaluator.clone(),
                };
                let r = run_search(&pos, &req, SearchControl::default())?;
                record.nodes[who] += r.stats.nodes;
                record.leaves[who] += r.stats.leaves;
                record.searches[who] += 1;
                record.seconds[who] += r.stats.elapsed_secs;
                r.best_move
            }
        };
        let Some(mv) = mv else {
            return Err(EngineError::Input(format!(
                "game {index}: {} found no move in a position that is not over",
                player.label
            )));
        };
        pos = pos.play(&mv).map_err(|e| EngineError::Format {
            context: format!("game {index}, move by {}", player.label),
            error: e,
        })?;
        record.moves.push(mv);
    }
    let first = final_score_first(&pos);
    record.score_a = if a_first { first } else { -first };
    Ok(record)
}

/// Plays the match. Games are shared out to `threads` workers; each game depends only on
/// the spec and its index, so the result equals a serial run. `progress(done, total)` is
/// called after each game.
pub fn run_match(
    spec: &MatchSpec,
    stop: &Arc<AtomicBool>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<MatchResult, EngineError> {
    if !spec.game.info().playable() {
        let playable: Vec<&str> = GameKind::ALL
            .into_iter()
            .filter(|k| k.info().playable())
            .map(GameKind::name)
            .collect();
        return Err(EngineError::Input(format!(
            "a {} is not a game that two players can play out; use {}",
            spec.game.label().to_lowercase(),
            playable.join(", ")
        )));
    }
    if spec.games == 0 {
        return Err(EngineError::Input("--games must be at least 1".into()));
    }
    let done = AtomicUsize::new(0);
    let failure: Mutex<Option<EngineError>> = Mutex::new(None);
    let indices: Vec<usize> = (0..spec.games).collect();
    let games: Vec<GameRecord> = map_in_order(&indices, spec.threads, stop, |_, &i| {
        let game = match play_game(spec, i, stop) {
            Ok(g) => Some(g),
            Err(e) => {
                if let Ok(mut f) = failure.lock() {
                    f.get_or_insert(e);
                }
                stop.store(true, Ordering::Relaxed);
                return None;
            }
        };
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, spec.games);
        game
    })
    .into_iter()
    .flatten()
    .flatten()
    .collect();
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    Ok(MatchResult {
        game: spec.game.name().to_string(),
        a: spec.a.label.clone(),
        b: spec.b.label.clone(),
        seed: spec.seed,
        openings: spec.openings,
        alternate: spec.alternate,
        games,
    })
}

impl MatchResult {
    /// Nodes per game of player `who` (0 = A, 1 = B).
    #[must_use]
    pub fn nodes(&self, who: usize) -> Summary {
        let v: Vec<f64> = self.games.iter().map(|g| g.nodes[who] as f64).collect();
        Summary::of(&v)
    }

    /// Nodes per game of both players together.
    #[must_use]
    pub fn total_nodes(&self) -> Summary {
        let v: Vec<f64> = self.games.iter().map(|g| g.total_nodes() as f64).collect();
        Summary::of(&v)
    }

    /// Seconds per game of player `who`.
    #[must_use]
    pub fn seconds(&self, who: usize) -> Summary {
        let v: Vec<f64> = self.games.iter().map(|g| g.seconds[who]).collect();
        Summary::of(&v)
    }

    /// Seconds per game of both players together.
    #[must_use]
    pub fn total_seconds(&self) -> Summary {
        let v: Vec<f64> = self
            .games
            .iter()
            .map(|g| g.seconds[0] + g.seconds[1])
            .collect();
        Summary::of(&v)
    }

    /// Player A's wins, draws and losses.
    #[must_use]
    pub fn wins_draws_losses(&self) -> (usize, usize, usize) {
        let w = self.games.iter().filter(|g| g.score_a > 0).count();
        let l = self.games.iter().filter(|g| g.score_a < 0).count();
        (w, self.games.len() - w - l, l)
    }

    /// Renders the result: `text` (a line per game, then the summary) or `csv` (a line
    /// per game).
    #[must_use]
    pub fn render(&self, csv: bool) -> String {
        let mut out = String::new();
        if csv {
            out.push_str("game,a_first,plies,opening_moves,nodes_a,nodes_b,leaves_a,leaves_b,searches_a,searches_b,seconds_a,seconds_b,score_a,moves\n");
            for g in &self.games {
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{},{},{},{},{:.6},{:.6},{},{}",
                    g.index,
                    g.a_first,
                    g.moves.len(),
                    g.opening_moves,
                    g.nodes[0],
                    g.nodes[1],
                    g.leaves[0],
                    g.leaves[1],
                    g.searches[0],
                    g.searches[1],
                    g.seconds[0],
                    g.seconds[1],
                    g.score_a,
                    g.moves.join(" ")
                );
            }
            return out;
        }
        let _ = writeln!(
            out,
            "match: {} A = {} vs B = {}, {} games, seed {}, {} random opening moves{}",
            self.game,
            self.a,
            self.b,
            self.games.len(),
            self.seed,
            self.openings,
            if self.alternate {
                ", colours alternate"
            } else {
                ""
            }
        );
        let _ = writeln!(
            out,
            "{:>5} {:>6} {:>6} {:>14} {:>14} {:>9} {:>9} {:>7}",
            "game", "A-side", "plies", "nodes A", "nodes B", "secs A", "secs B", "score A"
        );
        for g in &self.games {
            let _ = writeln!(
                out,
                "{:>5} {:>6} {:>6} {:>14} {:>14} {:>9.3} {:>9.3} {:>7}",
                g.index,
                if g.a_first { "first" } else { "second" },
                g.moves.len(),
                g.nodes[0],
                g.nodes[1],
                g.seconds[0],
                g.seconds[1],
                g.score_a
            );
        }
        let (w, d, l) = self.wins_draws_losses();
        let score_total: i64 = self.games.iter().map(|g| i64::from(g.score_a)).sum();
        let _ = writeln!(out, "summary (per game: mean ± standard deviation; total)");
        for (who, name) in [(0, &self.a), (1, &self.b)] {
            let n = self.nodes(who);
            let s = self.seconds(who);
            let _ = writeln!(
                out,
                "  {} {name}: nodes {:.1} ± {:.1}; total {:.0}; seconds {:.3} ± {:.3}; total {:.3}",
                if who == 0 { "A" } else { "B" },
                n.mean,
                n.stddev,
                n.total,
                s.mean,
                s.stddev,
                s.total
            );
        }
        let t = self.total_nodes();
        let _ = writeln!(
            out,
            "  both: nodes {:.1} ± {:.1}; total {:.0}",
            t.mean, t.stddev, t.total
        );
        let _ = writeln!(
            out,
            "  A wins {w}, draws {d}, losses {l}; A's score total {score_total} (mean {:.2})",
            score_total as f64 / self.games.len().max(1) as f64
        );
        out
    }
}
