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
use super::stats::{EloEstimate, Pentanomial, SprtSpec, SprtState, Trinomial};
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
    /// A searcher: an algorithm row (as in `bench`) searching `depth` plies each move,
    /// or, with a node or time limit, deepening iteratively until the limit (the move of
    /// the last finished iteration is played).
    Search {
        /// The algorithm and its options.
        row: BenchRow,
        /// The depth of every search (the most, with a limit).
        depth: u32,
        /// Nodes per move: the same games on every machine and thread count.
        #[serde(default)]
        nodes: Option<u64>,
        /// Milliseconds per move (depends on the machine and its load).
        #[serde(default)]
        time_ms: Option<u64>,
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
/// `negaalpha+killers=32@6` or `mtdf+tt=16+id@8`. ROW may also carry a limit per move,
/// `+nodes=N` or `+time=MS`; the player then deepens iteratively up to DEPTH (64 when
/// left out) until the limit, and plays the last finished iteration's move.
pub fn parse_player(spec: &str, base: &SearchOptions) -> Result<Player, EngineError> {
    let spec = spec.trim();
    if spec.eq_ignore_ascii_case("random") {
        return Ok(Player {
            label: "random".into(),
            kind: PlayerKind::Random,
        });
    }
    let bad = |why: String| EngineError::Input(format!("player '{spec}': {why}"));
    let (row_text, depth) = match spec.rsplit_once('@') {
        Some((row, depth)) => (
            row,
            Some(
                depth
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| bad("the depth after '@' must be a whole number".into()))?,
            ),
        ),
        None => (spec, None),
    };
    let (mut nodes, mut time_ms) = (None, None);
    let mut kept = Vec::new();
    for part in row_text.split('+') {
        let limit = |value: &str, what: &str| -> Result<u64, EngineError> {
            value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|&v| v > 0)
                .ok_or_else(|| bad(format!("{what} must be a whole number above 0")))
        };
        match part.trim().split_once('=') {
            Some(("nodes", v)) => nodes = Some(limit(v, "nodes=")?),
            Some(("time" | "movetime", v)) => time_ms = Some(limit(v, "time= (ms)")?),
            _ => kept.push(part),
        }
    }
    let limited = nodes.is_some() || time_ms.is_some();
    let depth = match (depth, limited) {
        (Some(d), _) => d,
        (None, true) => crate::search::options::MAX_DEPTH,
        (None, false) => {
            return Err(bad(
                "expected 'random' or ALGORITHM[+OPTION...]@DEPTH (or +nodes=N / +time=MS), e.g. negaalpha+killers=4@6".into(),
            ));
        }
    };
    let mut row = parse_row_spec(&kept.join("+"), base)?;
    if limited && !row.options.iterative_deepening {
        crate::session::option_applies(row.algorithm, |o| o.iterative_deepening = true).map_err(
            |e| {
                bad(format!(
                    "a node or time limit needs iterative deepening: {e}"
                ))
            },
        )?;
        row.options.iterative_deepening = true;
    }
    row.options
        .validate(row.algorithm, depth)
        .map_err(|e| bad(e.to_string()))?;
    if let Some(ms) = time_ms
        && std::time::Duration::from_millis(ms) > crate::search::context::MAX_TIME_BUDGET
    {
        return Err(bad("time= is longer than a week".into()));
    }
    Ok(Player {
        label: spec.to_string(),
        kind: PlayerKind::Search {
            row,
            depth,
            nodes,
            time_ms,
        },
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
    /// Opening positions (from a suite file), each played twice with colours swapped
    /// (pair `j` starts from position `j` modulo their number); empty: the start position.
    pub book: Vec<AnyPosition>,
    /// The book's name, for the summary.
    pub book_name: Option<String>,
    /// Swap colours every other game; games `2j` and `2j+1` then share an opening.
    pub alternate: bool,
    /// The evaluator's name (empty: the game's default).
    pub evaluator: String,
    /// Worker threads (games run in parallel; results do not depend on it).
    pub threads: usize,
    /// A sequential probability ratio test that ends the match once it decides
    /// (`games` is then the most it plays).
    pub sprt: Option<SprtSpec>,
    /// Only this slice `(k, n)` of the games: those whose opening (the pair with
    /// alternating colours, else the game) has index `k` modulo `n`; `merge` joins the
    /// slices.
    pub shard: Option<(usize, usize)>,
}

/// One finished game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameRecord {
    /// The game's index in the match.
    pub index: usize,
    /// Whether player A played the first side.
    pub a_first: bool,
    /// The position the game started from, in its text form (empty: the start
    /// position); the moves follow from it.
    pub start: String,
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
    /// Player A's points: 1 for a win, ½ for a draw, 0 for a loss.
    #[must_use]
    pub fn points_a(&self) -> f64 {
        match self.score_a.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        }
    }

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
    /// The opening book the games started from, when there was one.
    pub book: Option<String>,
    /// Whether colours alternated.
    pub alternate: bool,
    /// The games asked for (the most played, when an SPRT may end the match sooner).
    pub games_planned: usize,
    /// The SPRT, when the match ran one.
    pub sprt: Option<SprtSpec>,
    /// The slice `(k, n)` of the games this result holds, when sharded.
    pub shard: Option<(usize, usize)>,
    /// Every game, by index.
    pub games: Vec<GameRecord>,
}

impl MatchResult {
    /// The statistics lines of the summary: points, Elo with its interval, LOS,
    /// normalized Elo, the pairs' pentanomial counts, and the SPRT's verdict.
    #[must_use]
    pub fn statistics_text(&self) -> String {
        let mut out = String::new();
        let t = self.trinomial();
        let points = t.wins as f64 + t.draws as f64 / 2.0;
        let _ = writeln!(
            out,
            "  A's points {points:.1} of {} ({:.1}%)",
            t.games(),
            100.0 * points / (t.games().max(1) as f64)
        );
        if let Some(p) = self.pentanomial() {
            let c = p.counts;
            let _ = writeln!(
                out,
                "  pairs (one opening, colours swapped): {} ; A's points per pair 0: {}, 0.5: {}, 1: {}, 1.5: {}, 2: {}",
                p.pairs(),
                c[0],
                c[1],
                c[2],
                c[3],
                c[4]
            );
        }
        match self.estimate() {
            Some(e) => {
                let model = if self.alternate {
                    "pentanomial"
                } else {
                    "trinomial"
                };
                let n_elo = e
                    .n_elo
                    .map_or_else(|| "n/a".to_string(), super::stats::signed);
                let _ = writeln!(out, "  {} [{model}], nElo {n_elo}", e.text());
            }
            None => {
                let _ = writeln!(out, "  Elo: no complete game (pair) yet");
            }
        }
        if let (Some(spec), Some(state)) = (self.sprt, self.sprt_state()) {
            let verdict = match state.decision {
                Some(h) => format!("{h:?} accepted after {} games", self.games.len()),
                None if self.games.len() >= self.games_planned => {
                    format!(
                        "inconclusive at the game limit ({} games)",
                        self.games_planned
                    )
                }
                None => format!("no decision after {} games (stopped)", self.games.len()),
            };
            let _ = writeln!(
                out,
                "  SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} (bounds {:.2}, {:.2}): {verdict}",
                spec.elo0, spec.elo1, spec.alpha, spec.beta, state.llr, state.low, state.high
            );
        }
        out
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Wins, draws and losses of player A over `games`.
fn trinomial_of(games: &[GameRecord]) -> Trinomial {
    let mut t = Trinomial::default();
    for g in games {
        match g.score_a.signum() {
            1 => t.wins += 1,
            0 => t.draws += 1,
            _ => t.losses += 1,
        }
    }
    t
}

/// Player A's pairs over `games` (sorted by index): games `2j` and `2j + 1` both played.
fn pentanomial_of(games: &[GameRecord]) -> Pentanomial {
    let mut p = Pentanomial::default();
    for pair in games.windows(2) {
        if pair[0].index % 2 == 0 && pair[1].index == pair[0].index + 1 {
            p.add(pair[0].points_a(), pair[1].points_a());
        }
    }
    p
}

/// The SPRT over `games`: by pairs when colours alternate, else by games.
fn sprt_state_of(spec: &SprtSpec, alternate: bool, games: &[GameRecord]) -> SprtState {
    if alternate {
        spec.state(&pentanomial_of(games).weighted())
    } else {
        spec.state(&trinomial_of(games).weighted())
    }
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
    let (mut pos, start) = match spec.book.get(opening_index % spec.book.len().max(1)) {
        Some(p) => (p.clone(), p.to_text()),
        None => (AnyPosition::start(spec.game), String::new()),
    };
    let mut record = GameRecord {
        index,
        a_first,
        start,
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
            PlayerKind::Search {
                row,
                depth,
                nodes,
                time_ms,
            } => {
                let mut req = SearchRequest {
                    algorithm: row.algorithm,
                    options: row.options.clone(),
                    depth: *depth,
                    evaluator: spec.evaluator.clone(),
                };
                let control = SearchControl {
                    node_budget: *nodes,
                    time_budget: time_ms.map(std::time::Duration::from_millis),
                    ..SearchControl::default()
                };
                let mut r = run_search(&pos, &req, control)?;
                if r.best_move.is_none() && r.stopped.is_some() {
                    // The limit ended even the first iteration: a depth-1 search decides.
                    let spent = r.stats.clone();
                    req.depth = 1;
                    r = run_search(&pos, &req, SearchControl::default())?;
                    r.stats.nodes += spent.nodes;
                    r.stats.leaves += spent.leaves;
                    r.stats.elapsed_secs += spent.elapsed_secs;
                }
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

/// Joins the slices of a sharded match (`--shard i/n`) into one result. The slices must
/// come from the same match (game, players, seed, openings, colours, games); a game in
/// two slices is an error, since it means the shards overlap.
pub fn merge_matches(parts: Vec<MatchResult>) -> Result<MatchResult, EngineError> {
    let mut iter = parts.into_iter();
    let Some(mut whole) = iter.next() else {
        return Err(EngineError::Input("nothing to merge".into()));
    };
    let key = |m: &MatchResult| {
        (
            m.game.clone(),
            m.a.clone(),
            m.b.clone(),
            m.seed,
            m.openings,
            m.book.clone(),
            m.alternate,
            m.games_planned,
        )
    };
    for (k, part) in iter.enumerate() {
        if key(&part) != key(&whole) {
            return Err(EngineError::Input(format!(
                "slice {} is from another match (game, players, seed, openings or games differ from the first slice)",
                k + 2
            )));
        }
        whole.games.extend(part.games);
    }
    whole.games.sort_by_key(|g| g.index);
    if let Some(pair) = whole.games.windows(2).find(|w| w[0].index == w[1].index) {
        return Err(EngineError::Input(format!(
            "game {} is in two slices: the shards overlap",
            pair[0].index
        )));
    }
    whole.shard = None;
    Ok(whole)
}

/// The games finished so far, read in index order by the SPRT.
struct Sequence {
    /// Every game by index, once finished.
    finished: Vec<Option<GameRecord>>,
    /// Games `0 .. prefix` are all finished.
    prefix: usize,
    /// The SPRT has read games `0 .. checked`.
    checked: usize,
    /// The number of games after which the SPRT decided.
    decided_at: Option<usize>,
}

impl Sequence {
    /// Moves the prefix on and lets the SPRT read every whole pair it gained; true once
    /// it has decided.
    fn advance(&mut self, sprt: &SprtSpec, alternate: bool) -> bool {
        if self.decided_at.is_some() {
            return true;
        }
        while self.finished.get(self.prefix).is_some_and(Option::is_some) {
            self.prefix += 1;
        }
        // A pair at a time: with alternating colours a pair shares an opening.
        while self.checked + 2 <= self.prefix {
            self.checked += 2;
            let games: Vec<GameRecord> = self.finished[..self.checked]
                .iter()
                .flatten()
                .cloned()
                .collect();
            if sprt_state_of(sprt, alternate, &games).decision.is_some() {
                self.decided_at = Some(self.checked);
                return true;
            }
        }
        false
    }
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
    for (i, p) in spec.book.iter().enumerate() {
        if p.kind() != spec.game {
            return Err(EngineError::Input(format!(
                "opening {} is a {} position, not {}",
                i + 1,
                p.kind().label(),
                spec.game.label()
            )));
        }
        if p.is_over() {
            return Err(EngineError::Input(format!(
                "opening {} ({}) is a finished game: nothing to play",
                i + 1,
                p.to_text()
            )));
        }
    }
    if let Some(sprt) = &spec.sprt {
        sprt.check()
            .map_err(|e| EngineError::Input(format!("--sprt: {e}")))?;
        if spec.shard.is_some() {
            return Err(EngineError::Input(
                "--sprt reads the games in order and decides when to stop: run it as one \
                 match, not in shards"
                    .into(),
            ));
        }
    }
    if let Some((k, n)) = spec.shard
        && (n == 0 || k >= n)
    {
        return Err(EngineError::Input(format!(
            "shard {k}/{n}: the index counts from 0 to n-1"
        )));
    }
    let done = AtomicUsize::new(0);
    let failure: Mutex<Option<EngineError>> = Mutex::new(None);
    let opening_of = |i: usize| if spec.alternate { i / 2 } else { i };
    let indices: Vec<usize> = (0..spec.games)
        .filter(|&i| spec.shard.is_none_or(|(k, n)| opening_of(i) % n == k))
        .collect();
    // The SPRT reads the games in index order, a pair at a time, whatever order the
    // workers finish them in: it decides after the same game as a serial run, and the
    // games after that one are dropped (the workers start no new one).
    let halt = AtomicBool::new(false);
    let sequence = Mutex::new(Sequence {
        finished: vec![None; spec.games],
        prefix: 0,
        checked: 0,
        decided_at: None,
    });
    map_in_order(&indices, spec.threads, &halt, |_, &i| {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        match play_game(spec, i, stop) {
            Ok(g) => {
                if let Ok(mut seq) = sequence.lock() {
                    seq.finished[i] = Some(g);
                    if let Some(sprt) = &spec.sprt
                        && seq.advance(sprt, spec.alternate)
                    {
                        halt.store(true, Ordering::Relaxed);
                    }
                }
            }
            Err(e) => {
                if let Ok(mut f) = failure.lock() {
                    f.get_or_insert(e);
                }
                stop.store(true, Ordering::Relaxed);
                return;
            }
        }
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, indices.len());
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let seq = sequence
        .into_inner()
        .map_err(|_| EngineError::Input("a match worker failed".into()))?;
    let keep = seq.decided_at.unwrap_or(spec.games);
    let games: Vec<GameRecord> = seq.finished.into_iter().take(keep).flatten().collect();
    Ok(MatchResult {
        game: spec.game.name().to_string(),
        a: spec.a.label.clone(),
        b: spec.b.label.clone(),
        seed: spec.seed,
        openings: spec.openings,
        book: spec.book_name.clone(),
        alternate: spec.alternate,
        games_planned: spec.games,
        sprt: spec.sprt,
        shard: spec.shard,
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

    /// Player A's games as wins, draws and losses.
    #[must_use]
    pub fn trinomial(&self) -> Trinomial {
        trinomial_of(&self.games)
    }

    /// Player A's game pairs (games `2j` and `2j + 1`, one opening, colours swapped) by
    /// their points, when colours alternate.
    #[must_use]
    pub fn pentanomial(&self) -> Option<Pentanomial> {
        self.alternate.then(|| pentanomial_of(&self.games))
    }

    /// Player A's Elo over B with its interval and LOS: from the pairs when colours
    /// alternate, else from the games; `None` before the first game (or pair).
    #[must_use]
    pub fn estimate(&self) -> Option<EloEstimate> {
        match self.pentanomial() {
            Some(p) => p.estimate(),
            None => self.trinomial().estimate(),
        }
    }

    /// Where the SPRT stands after the games played, when the match runs one.
    #[must_use]
    pub fn sprt_state(&self) -> Option<SprtState> {
        let spec = self.sprt?;
        Some(sprt_state_of(&spec, self.alternate, &self.games))
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
            out.push_str("game,a_first,plies,opening_moves,nodes_a,nodes_b,leaves_a,leaves_b,searches_a,searches_b,seconds_a,seconds_b,score_a,moves,start\n");
            for g in &self.games {
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{},{},{},{},{:.6},{:.6},{},{},{}",
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
                    g.moves.join(" "),
                    csv_field(&g.start)
                );
            }
            return out;
        }
        let _ = writeln!(
            out,
            "match: {} A = {} vs B = {}, {} games, seed {}, {}{} random opening moves{}",
            self.game,
            self.a,
            self.b,
            self.games.len(),
            self.seed,
            self.book
                .as_ref()
                .map_or_else(String::new, |b| format!("openings from {b}, then ")),
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
        out.push_str(&self.statistics_text());
        out
    }
}
