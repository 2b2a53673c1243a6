//! `treelab match`: whole games between two players, for the experiments that measure
//! search effort over real games (article 004's killer moves).
//!
//! A player is either a searcher, written as a bench row with a depth
//! (`negaalpha+killers=32@6`: NegaAlpha with 32 killer moves per ply searching 6 plies
//! at every move), or `random`, a seeded random mover. Games start from the start
//! position or after `openings` seeded random moves. Everything is a function of the
//! seed and the game's index, so a match is reproducible to the node, and games can run
//! on several threads with the same result as a serial run.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

use crate::engine::rowspec::{BenchRow, parse_row_spec};
use crate::engine::{AnyPosition, EngineError, GameKind, SearchRequest, run_search};
use crate::game::{Scoring, SeededRng, Side, splitmix64};
pub use crate::matches::record::{GameRecord, MatchResult, Summary, merge_matches};
use crate::platform::pool::map_in_order;
use crate::search::registry::Budget;
use crate::search::slots::KeptCrew;
use crate::search::{SearchControl, SearchOptions};
use crate::stats::{Pentanomial, SprtData, SprtSpec, Trinomial};

/// Salt mixed into the seed for the opening moves of a game.
const OPENING_SALT: u64 = 0x6F70_656E_696E_6773;
/// Salt mixed into the seed for the random players' moves.
const RANDOM_PLAYER_SALT: u64 = 0x7261_6E64_6F6D_2121;
/// Mixed into the seed for the dice of a game of chance (one sequence per pair).
const DICE_SALT: u64 = 0x4469_6365_526F_6C6C; // "DiceRoll"

/// What a player is.
// A match holds two players, made once: the searcher's size costs nothing.
#[allow(clippy::large_enum_variant)]
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
        /// This player's evaluator (`+eval=NAME`), in place of the match's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        evaluator: Option<String>,
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
/// left out) until the limit, and plays the last finished iteration's move. An MCTS
/// row needs no depth (its playouts go to the end of the game, or to DEPTH) and no
/// deepening: `mcts+iterations=5000`, or `mcts+nodes=200000` to stop it at a node
/// limit (its iterations then unbounded up to the most allowed) with the move most
/// visited by then. `+eval=NAME` gives the player an evaluator of its own (`net`, a
/// network file as `net:FILE`, or another of the game's), in place of the match's:
/// `negaalpha+eval=net+nodes=1000` against `negaalpha+nodes=1000`.
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
    let (mut nodes, mut time_ms, mut evaluator) = (None, None, None);
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
            Some(("eval", v)) if !v.trim().is_empty() => evaluator = Some(v.trim().to_string()),
            Some(("eval", _)) => return Err(bad("eval= needs an evaluator's name".into())),
            _ => kept.push(part),
        }
    }
    let row = parse_row_spec(&kept.join("+"), base)?;
    if depth.is_none()
        && nodes.is_none()
        && time_ms.is_none()
        && row.algorithm.info().budget != Budget::Iterations
    {
        return Err(bad(
            "expected 'random' or ALGORITHM[+OPTION...]@DEPTH (or +nodes=N / +time=MS), e.g. negaalpha+killers=4@6".into(),
        ));
    }
    let mut player = search_player(spec.to_string(), row, depth, nodes, time_ms).map_err(bad)?;
    if let PlayerKind::Search { evaluator: own, .. } = &mut player.kind {
        *own = evaluator;
    }
    Ok(player)
}

/// A search player of `row` (its label `label`): to `depth` plies a move, or under a
/// node or time limit a move (the alpha-beta family deepening iteratively until it,
/// MCTS iterating until it). MCTS's depth is its playouts' horizon, the end of the game
/// unless given. Why not, where the row cannot play so.
pub fn search_player(
    label: String,
    mut row: BenchRow,
    depth: Option<u32>,
    nodes: Option<u64>,
    time_ms: Option<u64>,
) -> Result<Player, String> {
    let limited = nodes.is_some() || time_ms.is_some();
    let sampling = row.algorithm.info().budget == Budget::Iterations;
    let depth = match depth {
        Some(d) => d,
        None if limited || sampling => crate::search::options::MAX_DEPTH,
        None => return Err("a depth or a node or time limit is needed".into()),
    };
    if sampling && limited && row.options.iterations == SearchOptions::default().iterations {
        // The limit decides when it stops, not the default count of iterations.
        row.options.iterations = crate::search::option_decl::MAX_ITERATIONS;
    }
    if limited && !sampling && !row.options.iterative_deepening {
        let with_id = SearchOptions {
            iterative_deepening: true,
            ..SearchOptions::default()
        };
        with_id
            .check(row.algorithm, 2)
            .map_err(|e| format!("a node or time limit needs iterative deepening: {e}"))?;
        row.options.iterative_deepening = true;
    }
    row.options
        .check(row.algorithm, depth)
        .map_err(|e| e.to_string())?;
    if let Some(ms) = time_ms
        && std::time::Duration::from_millis(ms) > crate::search::context::MAX_TIME_BUDGET
    {
        return Err("time= is longer than a week".into());
    }
    Ok(Player {
        label,
        kind: PlayerKind::Search {
            row,
            depth,
            nodes,
            time_ms,
            evaluator: None,
        },
    })
}

/// The openings a match starts its games from, as `--openings` names them.
#[derive(Clone, Debug, Default)]
pub struct Openings {
    /// Seeded random moves played before the players take over (0 with a book).
    pub random_moves: usize,
    /// The book's positions (empty without one).
    pub book: Vec<AnyPosition>,
    /// The book's name.
    pub book_name: Option<String>,
}

/// Reads `text` as the openings of a match of `game`: a whole number of seeded random
/// moves, or a suite (a shipped suite's name or a file) of `game`'s positions, the
/// book. The error says what is wrong without naming the argument (the command line
/// and the Python package each name theirs).
pub fn parse_openings(game: GameKind, text: &str) -> Result<Openings, EngineError> {
    let text = text.trim();
    if let Ok(n) = text.parse::<usize>() {
        return Ok(Openings {
            random_moves: n,
            ..Openings::default()
        });
    }
    let suite = crate::engine::Suite::load_named(text)?;
    if suite.kind != game {
        return Err(EngineError::Input(format!(
            "a {} suite, not {}",
            suite.kind.label(),
            game.label()
        )));
    }
    Ok(Openings {
        random_moves: 0,
        book: suite.items.into_iter().map(|it| it.position).collect(),
        book_name: Some(suite.name),
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

/// Side of the player to move at a position.
fn side_of(pos: &AnyPosition) -> Side {
    pos.side_to_move()
}

/// The final score of a finished position from the first side's point of view, in the
/// game's own units (a chance game's engine units divided out).
fn final_score_first(pos: &AnyPosition) -> i32 {
    let (side, score) = (pos.side_to_move(), pos.terminal_score(Scoring::Native));
    let score = score / pos.as_dyn().value_scale().max(1) as i32;
    if side == Side::First { score } else { -score }
}

/// A move drawn uniformly from `pos`'s legal moves (`None` when the game is over).
fn pick_random(pos: &AnyPosition, rng: &mut SeededRng) -> Option<String> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let k = rng.below(moves.len() as u64) as usize;
    moves.get(k).cloned()
}

/// At a chance node, the position after an outcome drawn from `dice`, the outcome
/// written to the game's moves and counted as a roll; `None` at a player's node.
fn rolled(
    pos: &AnyPosition,
    dice: &mut SeededRng,
    record: &mut GameRecord,
) -> Result<Option<AnyPosition>, EngineError> {
    let Some(outcome) = roll(pos, dice) else {
        return Ok(None);
    };
    let next = pos.play(&outcome).map_err(|e| EngineError::Format {
        context: "a roll".into(),
        error: e,
    })?;
    record.moves.push(outcome);
    record.rolls += 1;
    Ok(Some(next))
}

/// At a chance node, an outcome drawn by its weight from `dice`; `None` at a player's
/// node.
fn roll(pos: &AnyPosition, dice: &mut SeededRng) -> Option<String> {
    let outcomes = pos.as_dyn().chance_outcomes()?;
    let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
    let mut draw = dice.below(total.max(1));
    for (mv, w) in outcomes {
        if draw < u64::from(w) {
            return Some(mv);
        }
        draw -= u64::from(w);
    }
    None
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
    // The dice: the same sequence for both games of a pair (colours swapped), so luck
    // evens out within the pair.
    let mut dice =
        SeededRng::new(splitmix64(spec.seed ^ DICE_SALT).wrapping_add(opening_index as u64));
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
    while record.opening_moves < spec.openings && !pos.is_over() {
        if let Some(next) = rolled(&pos, &mut dice, &mut record)? {
            pos = next;
            continue;
        }
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
    // A player on threads of its own keeps its helpers from move to move.
    let crews = Arc::new(KeptCrew::new());
    while !pos.is_over() {
        if stop.load(Ordering::Relaxed) {
            return Err(EngineError::Input("stopped".into()));
        }
        if let Some(next) = rolled(&pos, &mut dice, &mut record)? {
            pos = next;
            continue;
        }
        let first_to_move = side_of(&pos) == Side::First;
        let who = usize::from(first_to_move != a_first);
        let player = if who == 0 { &spec.a } else { &spec.b };
        let mv = match &player.kind {
            PlayerKind::Random => pick_random(&pos, &mut random_rng),
            PlayerKind::Search { .. } => {
                searched_move(spec, player, &pos, &crews, &mut record, who)?
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

/// The move `player` (a searching player, `who` of the two) chooses in `pos`: its search
/// with its limits (a depth-1 search decides when the limit ended even the first
/// iteration), counted in the game's record; its helper threads kept in `crews` from
/// move to move.
fn searched_move(
    spec: &MatchSpec,
    player: &Player,
    pos: &AnyPosition,
    crews: &Arc<KeptCrew>,
    record: &mut GameRecord,
    who: usize,
) -> Result<Option<String>, EngineError> {
    let PlayerKind::Search {
        row,
        depth,
        nodes,
        time_ms,
        evaluator,
    } = &player.kind
    else {
        return Ok(None);
    };
    let mut req = SearchRequest {
        algorithm: row.algorithm,
        options: row.options.clone(),
        depth: *depth,
        evaluator: evaluator.clone().unwrap_or_else(|| spec.evaluator.clone()),
    };
    let control = SearchControl {
        node_budget: *nodes,
        time_budget: time_ms.map(std::time::Duration::from_millis),
        crew: Some(Arc::clone(crews)),
        ..SearchControl::default()
    };
    let mut r = run_search(pos, &req, control)?;
    if r.best_move.is_none() && r.stopped.is_some() {
        // The limit ended even the first iteration: a depth-1 search decides.
        let spent = r.counters.clone();
        req.depth = 1;
        r = run_search(pos, &req, SearchControl::default())?;
        r.counters.add(&spent);
    }
    record.nodes[who] += r.counters.nodes();
    record.leaves[who] += r.counters.leaves();
    record.searches[who] += 1;
    record.seconds[who] += r.counters.elapsed_secs();
    Ok(r.best_move)
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
    /// Games `0 .. checked` as W/D/L and as pairs: what the SPRT reads.
    games_read: Trinomial,
    pairs_read: Pentanomial,
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
        // A pair at a time: with alternating colours a pair shares an opening (without,
        // the test reads the same games, two by two). A last unpaired game is never read;
        // `MatchResult::sprt_games_read` says how many were.
        while self.checked + 2 <= self.prefix {
            let points = |i: usize| self.finished[i].as_ref().map_or(0.5, GameRecord::points_a);
            let (first, second) = (points(self.checked), points(self.checked + 1));
            self.games_read.add(first);
            self.games_read.add(second);
            self.pairs_read.add(first, second);
            self.checked += 2;
            let state = if alternate {
                sprt.state(&SprtData::Pairs(self.pairs_read))
            } else {
                sprt.state(&SprtData::Games(self.games_read))
            };
            if state.decision.is_some() {
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
    run_match_observed(spec, stop, progress, &|_| {})
}

/// [`run_match`] that also hands every finished game to `on_game` as it finishes (in
/// the order the workers finish them), for a live view. Raising `stop` ends the match
/// after the games in progress: the result holds every game finished.
pub fn run_match_observed(
    spec: &MatchSpec,
    stop: &Arc<AtomicBool>,
    progress: &(dyn Fn(usize, usize) + Sync),
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Result<MatchResult, EngineError> {
    run_match_resumed(spec, stop, progress, &BTreeMap::new(), &|g| {
        on_game(g);
        Ok(())
    })
}

/// [`run_match_observed`] that plays only the games `done` lacks (games a grid folder
/// holds, by index: taken as they are, the SPRT reading them in order as if just
/// played) and hands each new game to `on_game` as it finishes; an error from
/// `on_game` (the folder cannot be written) ends the match with it. What
/// `treelab match --out DIR/` runs.
pub fn run_match_resumed(
    spec: &MatchSpec,
    stop: &Arc<AtomicBool>,
    progress: &(dyn Fn(usize, usize) + Sync),
    done: &BTreeMap<usize, GameRecord>,
    on_game: &(dyn Fn(&GameRecord) -> Result<(), String> + Sync),
) -> Result<MatchResult, EngineError> {
    spec.check()?;
    let failure: Mutex<Option<EngineError>> = Mutex::new(None);
    let indices = spec.game_indices();
    let todo: Vec<usize> = indices
        .iter()
        .copied()
        .filter(|i| !done.contains_key(i))
        .collect();
    let finished_before = indices.len() - todo.len();
    let done_count = AtomicUsize::new(finished_before);
    // The SPRT reads the games in index order, a pair at a time, whatever order the
    // workers finish them in: it decides after the same game as a serial run, and the
    // games after that one are dropped (the workers start no new one).
    let halt = AtomicBool::new(false);
    let mut first = Sequence {
        finished: vec![None; spec.games],
        prefix: 0,
        checked: 0,
        decided_at: None,
        games_read: Trinomial::default(),
        pairs_read: Pentanomial::default(),
    };
    for &i in &indices {
        if let Some(g) = done.get(&i) {
            first.finished[i] = Some(g.clone());
        }
    }
    if let Some(sprt) = &spec.sprt
        && first.advance(sprt, spec.alternate)
    {
        halt.store(true, Ordering::Relaxed);
    }
    let sequence = Mutex::new(first);
    let fail = |e: EngineError| {
        if let Ok(mut f) = failure.lock() {
            f.get_or_insert(e);
        }
        stop.store(true, Ordering::Relaxed);
    };
    map_in_order(&todo, spec.threads, &halt, |_, &i| {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        match play_game(spec, i, stop) {
            Ok(g) => {
                if let Err(e) = on_game(&g) {
                    fail(EngineError::Input(e));
                    return;
                }
                if let Ok(mut seq) = sequence.lock() {
                    seq.finished[i] = Some(g);
                    if let Some(sprt) = &spec.sprt
                        && seq.advance(sprt, spec.alternate)
                    {
                        halt.store(true, Ordering::Relaxed);
                    }
                }
            }
            // A game cut short by Stop is dropped; the finished ones stay.
            Err(_) if stop.load(Ordering::Relaxed) => return,
            Err(e) => {
                fail(e);
                return;
            }
        }
        progress(
            done_count.fetch_add(1, Ordering::Relaxed) + 1,
            indices.len(),
        );
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
        games,
        ..spec.result_without_games()
    })
}

impl MatchSpec {
    /// Refuses a match that cannot be played: a game with no players' moves, no games,
    /// openings of another game or already over, a bad SPRT or shard, an SPRT in shards.
    fn check(&self) -> Result<(), EngineError> {
        if !self.game.info().playable() {
            let playable: Vec<&str> = GameKind::ALL
                .into_iter()
                .filter(|k| k.info().playable())
                .map(GameKind::name)
                .collect();
            return Err(EngineError::Input(format!(
                "a {} is not a game that two players can play out; use {}",
                self.game.label().to_lowercase(),
                playable.join(", ")
            )));
        }
        if self.games == 0 {
            return Err(EngineError::Input("--games must be at least 1".into()));
        }
        for (i, p) in self.book.iter().enumerate() {
            if p.kind() != self.game {
                return Err(EngineError::Input(format!(
                    "opening {} is a {} position, not {}",
                    i + 1,
                    p.kind().label(),
                    self.game.label()
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
        if let Some(sprt) = &self.sprt {
            sprt.check()
                .map_err(|e| EngineError::Input(format!("--sprt: {e}")))?;
            if self.shard.is_some() {
                return Err(EngineError::Input(
                    "--sprt reads the games in order and decides when to stop: run it as one \
                     match, not in shards"
                        .into(),
                ));
            }
        }
        if let Some((k, n)) = self.shard
            && (n == 0 || k >= n)
        {
            return Err(EngineError::Input(format!(
                "shard {k}/{n}: the index counts from 0 to n-1"
            )));
        }
        Ok(())
    }

    /// The games this match (its shard) plays, by index: with a shard, those whose
    /// opening (the pair with alternating colours) has the shard's index modulo its
    /// count.
    #[must_use]
    pub fn game_indices(&self) -> Vec<usize> {
        (0..self.games)
            .filter(|&i| {
                self.shard
                    .is_none_or(|(k, n)| self.opening_of(i) % n.max(1) == k)
            })
            .collect()
    }

    /// The opening game `index` starts from: with alternating colours, games `2j` and
    /// `2j + 1` share opening `j`.
    #[must_use]
    pub fn opening_of(&self, index: usize) -> usize {
        if self.alternate { index / 2 } else { index }
    }

    /// The result of this match before any game: what it plays, and no games.
    #[must_use]
    pub fn result_without_games(&self) -> MatchResult {
        MatchResult {
            game: self.game.name().to_string(),
            a: self.a.label.clone(),
            b: self.b.label.clone(),
            seed: self.seed,
            openings: self.openings,
            book: self.book_name.clone(),
            alternate: self.alternate,
            games_planned: self.games,
            sprt: self.sprt,
            shard: self.shard,
            games: Vec::new(),
        }
    }
}
