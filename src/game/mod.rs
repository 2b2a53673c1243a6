//! Games: the rules that search code is generic over, and each game's position formats.
//!
//! A [`Game`] value is a *position*: the board plus the side to move. Games are
//! copy-make: [`Game::play`] returns the child position and leaves `self` untouched, which
//! keeps every search algorithm free of undo bookkeeping (a board game's position is a
//! few machine words; a hand-built tree's shares its tree and copies a node index).
//! Scores are always from the point of view of the side to move.

pub mod chance;
pub mod connect4;
pub mod custom_tree;
pub mod describe;
pub mod ewn;
pub mod othello;
pub mod perft;
pub mod random_tree;
pub mod tictactoe;

use std::fmt::Debug;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

/// The two sides. `First` moves first from the start position (Black in Othello, X in
/// tic-tac-toe, the first player in Connect Four, MAX at the root of a random tree).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The side that moves first from the start position.
    First,
    /// The other side.
    Second,
}

impl Side {
    /// The opponent.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-side tables.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// How a finished game is scored (article 002's `shortest_victory` and the games' own
/// scores). Every value is from the point of view of the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// The game's own exact score: Othello disc difference (empties to the winner),
    /// Connect Four 100 plus Pons' score for a win (101 to 118, above every static
    /// evaluation; the faster the win, the higher), tic-tac-toe win/draw/loss as 1/0/-1,
    /// a random tree's leaf value.
    #[default]
    Native,
    /// Win 1, draw 0, loss -1, whatever the margin or the length of the game.
    WinLoss,
    /// A win scores more the sooner it comes (article 002: tic-tac-toe `(11 - moves) / 2`
    /// for the first player; Connect Four: Pons' score; Othello: falls back to the
    /// disc difference, where the length of the game carries no meaning).
    ShortestWin,
}

impl Scoring {
    /// Every scoring, in the order the UI lists them.
    pub const ALL: [Scoring; 3] = [Scoring::Native, Scoring::WinLoss, Scoring::ShortestWin];

    /// The name used in the CLI, the app and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Native => "native",
            Scoring::WinLoss => "win-loss",
            Scoring::ShortestWin => "shortest-win",
        }
    }

    /// Parses [`Scoring::name`]'s output, in any case: the one parser of the CLI flag
    /// and the row spec.
    pub fn from_name(text: &str) -> Result<Scoring, String> {
        let lower = text.trim().to_ascii_lowercase();
        Scoring::ALL
            .into_iter()
            .find(|s| s.name() == lower)
            .ok_or_else(|| {
                format!("unknown scoring '{text}'; expected native, win-loss or shortest-win")
            })
    }
}

/// The result of a finished game for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Neither side won.
    Draw,
}

/// A parse or validation failure in a position, move or file, with where it happened.
///
/// `line` and `column` are 1-based; 0 means "not applicable" (for example a single
/// string typed into a box has no line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", location_prefix(.line, .column))]
pub struct FormatError {
    /// 1-based line, or 0 when the input has no lines.
    pub line: usize,
    /// 1-based column (in characters), or 0 when the error concerns a whole field.
    pub column: usize,
    /// What is wrong, in words a user can act on.
    pub message: String,
}

fn location_prefix(line: &usize, column: &usize) -> String {
    match (*line, *column) {
        (0, 0) => String::new(),
        (0, c) => format!("column {c}: "),
        (l, 0) => format!("line {l}: "),
        (l, c) => format!("line {l}, column {c}: "),
    }
}

impl FormatError {
    /// An error at a 1-based column of a single-line input.
    #[must_use]
    pub fn at_column(column: usize, message: impl Into<String>) -> Self {
        FormatError {
            line: 0,
            column,
            message: message.into(),
        }
    }

    /// An error about the input as a whole.
    #[must_use]
    pub fn whole(message: impl Into<String>) -> Self {
        FormatError {
            line: 0,
            column: 0,
            message: message.into(),
        }
    }

    /// The same error placed on a 1-based line of a file (keeps the column).
    #[must_use]
    pub fn on_line(mut self, line: usize) -> Self {
        self.line = line;
        self
    }

    /// The same error with its column shifted right by `offset` characters, for a
    /// field that starts `offset` characters into its line.
    #[must_use]
    pub fn shifted(mut self, offset: usize) -> Self {
        if self.column > 0 {
            self.column += offset;
        }
        self
    }
}

/// Splits `text` at whitespace into tokens, each with the 1-based column (in characters)
/// where it starts: the building block of the line formats' column-accurate errors.
pub(crate) fn split_tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column)
    for (index, (byte, ch)) in text.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (true, Some((from, column))) => {
                out.push((column, &text[from..byte]));
                start = None;
            }
            (false, None) => start = Some((byte, index + 1)),
            _ => {}
        }
    }
    if let Some((from, column)) = start {
        out.push((column, &text[from..]));
    }
    out
}

/// The rules of a two-player, zero-sum, perfect-information game, and nothing else:
/// heuristics live in [`Evaluator`]s.
///
/// Contract every implementation keeps (the search relies on it):
/// - [`legal_moves`](Game::legal_moves) is empty exactly when [`outcome`](Game::outcome)
///   is `Some`. A side with no move in a game that goes on (an Othello pass) gets one
///   explicit pass move.
/// - Move generation order is deterministic: it is the "generation order" of the
///   comparison table.
/// - [`hash`](Game::hash) is a deterministic function of the position (board and side to
///   move), equal on every machine.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// A move. Small and `Copy`; a pass is a move too where the game has one.
    type Move: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + 'static;

    /// Short lowercase name used in the CLI, the app and session files.
    const NAME: &'static str;

    /// An upper bound (exclusive) on [`Game::move_index`], for history tables.
    const MOVE_SLOTS: usize;

    /// The most plies a game can last from the start (or from any position): bounds the
    /// ply-indexed tables of a search.
    const MAX_PLIES: usize;

    /// The side to move.
    fn side_to_move(&self) -> Side;

    /// Clears `out` and fills it with the legal moves in generation order.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// The position after `mv`. `mv` must be legal here (checked with `debug_assert`).
    #[must_use]
    fn play(&self, mv: Self::Move) -> Self;

    /// `Some` when the game is over, from the side to move's point of view.
    fn outcome(&self) -> Option<Outcome>;

    /// The exact value of a finished position under `scoring`, from the side to move's
    /// point of view. Only meaningful when [`outcome`](Game::outcome) is `Some`.
    fn terminal_score(&self, scoring: Scoring) -> i32;

    /// The smallest and largest score a finished game can have under `scoring` (the
    /// "game's own score range" initial window, article 002's `init_ab`).
    fn score_range(&self, scoring: Scoring) -> (i32, i32);

    /// The largest magnitude a static evaluation may take under `scoring` so that every
    /// proven win scores above it and every proven loss below it: the search clamps the
    /// evaluator's values to `-limit ..= limit`. `None` (the default): the game sets no
    /// bound and the evaluator's values are used as they are.
    fn heuristic_limit(&self, scoring: Scoring) -> Option<i32> {
        let _ = scoring;
        None
    }

    /// A 64-bit hash of the position (board and side to move).
    fn hash(&self) -> u64;

    /// A hash equal for all positions that are the same up to the game's symmetries.
    /// Games without symmetries return [`hash`](Game::hash).
    fn canonical_hash(&self) -> u64 {
        self.hash()
    }

    /// A small index for `mv`, below [`Game::MOVE_SLOTS`], equal for the same move in
    /// any position (a square, a column...).
    fn move_index(mv: Self::Move) -> usize;

    /// The move in the notation of the game's community (`d3`, `4`, `b2`, `pass`).
    fn move_to_string(mv: Self::Move) -> String;

    /// How many numbers a policy-value network reads for a position of this game (0:
    /// the game has no network face; see `net`).
    const NET_INPUTS: usize = 0;

    /// Writes the position as a policy-value network reads it into `out` (of length
    /// [`Game::NET_INPUTS`]): a plane of the side to move's stones, then one of the
    /// other side's, 1.0 or 0.0 a cell, so that the network always sees the position
    /// from the side that chooses.
    fn net_input(&self, out: &mut [f32]) {
        let _ = out;
    }

    /// Parses a move in this position's notation; checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, FormatError>;

    /// Plies played from the start position when that is known (Othello: discs on the
    /// board minus 4, Connect Four and tic-tac-toe: stones); used by shortest-win
    /// scoring and displays.
    fn plies_played(&self) -> usize;

    /// A cheap, game-specific prior for move ordering: higher is tried earlier by the
    /// "static" ordering (Connect Four: centre columns first; Othello: corners first,
    /// squares next to an empty corner last; tic-tac-toe: centre, corners, edges).
    /// The default rates every move the same, which keeps generation order.
    fn move_order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// A game's own, costlier move-ordering score for [`MoveOrder::Threats`]
    /// (Connect Four and tic-tac-toe: how many cells the mover could complete a line on
    /// after `mv`, Pons' step 7). Higher is tried earlier; ties fall back to
    /// [`Game::move_order_hint`]. The default rates every move the same.
    ///
    /// [`MoveOrder::Threats`]: crate::search::MoveOrder::Threats
    fn threat_score(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// At most how many plies the game can still last from here, when the rules bound it
    /// (Connect Four and tic-tac-toe: the empty cells). A search whose remaining depth
    /// reaches it sees the end of every line, so its values are exact game values: only
    /// there does the engine use the shortcuts below ([`Game::immediate_win`],
    /// [`Game::non_losing_moves`], [`Game::value_bounds`]). `None`: no bound known, no
    /// shortcut ever.
    fn plies_left_at_most(&self) -> Option<u32> {
        None
    }

    /// A move that wins at once for the side to move, when the game can tell without
    /// playing every move (Connect Four: a stone that completes four). A game offers it
    /// only where winning at once is the best value under every [`Scoring`]. The default
    /// knows none.
    fn immediate_win(&self) -> Option<Self::Move> {
        None
    }

    /// The moves after which the opponent cannot win at once, in generation order, into
    /// `out` (Pons' `possibleNonLosingMoves`), and `true`; `false` when the game cannot
    /// tell (then `out` means nothing). Called only on an unfinished position whose side
    /// to move cannot win at once ([`Game::immediate_win`] is `None`); an empty list then
    /// means every move loses at once. The moves left out are never better than those
    /// kept, so dropping them keeps the value.
    fn non_losing_moves(&self, out: &mut Vec<Self::Move>) -> bool {
        let _ = out;
        false
    }

    /// Bounds `(low, high)` on this unfinished position's exact value under `scoring`,
    /// given what the search has ruled out ([`Ruled`]): Connect Four's Pons bounds (no win
    /// at once: at best a win with the mover's second stone from now; no loss at once: at
    /// worst a loss to the opponent's second stone). The default is the score range.
    fn value_bounds(&self, scoring: Scoring, ruled: Ruled) -> (i32, i32) {
        let _ = ruled;
        self.score_range(scoring)
    }

    /// At a chance node (nature moves: a die, a card, a chance node of a hand-built
    /// tree), clears `out`, fills it with the outcomes and their integer weights (the
    /// probability of an outcome is its weight over the weights' sum) and returns `true`;
    /// at a player's node returns `false` (then `out` means nothing). The default: no
    /// chance nodes.
    ///
    /// Contract for a game with chance nodes:
    /// - [`legal_moves`](Game::legal_moves) lists the same outcomes in the same order,
    ///   and a chance node is never finished;
    /// - [`side_to_move`](Game::side_to_move) at a chance node is the side that moves at
    ///   its outcomes, so a chance node's value is the weighted mean of its outcomes'
    ///   values with no change of sign;
    /// - every value the search can meet below a position (finished games and static
    ///   evaluations) lies in its [`score_range`](Game::score_range), the bounds Star1
    ///   and Star2 prune with;
    /// - values are in units of [`value_scale`](Game::value_scale), chosen so that every
    ///   mean a search takes is a whole number (see [`chance`]).
    fn chance_outcomes(&self, out: &mut Vec<(Self::Move, u32)>) -> bool {
        let _ = out;
        false
    }

    /// Whether a chance node can occur at or below this position: searches that cannot
    /// average over outcomes refuse such a position. The default: never.
    fn has_chance(&self) -> bool {
        false
    }

    /// How many units of the engine's whole-number values make one unit of the game's
    /// own values: 1 for a game without chance nodes; a chance game's values are
    /// multiplied by it so that its weighted means stay exact ([`chance`]). Displays
    /// divide by it.
    fn value_scale(&self) -> u32 {
        1
    }

    /// The perft convention of the game's community (see [`perft::PerftConvention`]).
    const PERFT_CONVENTION: perft::PerftConvention;

    /// Counts the leaves of the move tree `depth` plies deep under `convention`.
    /// The default walks the tree with bulk counting at the last ply; a game may override
    /// it with something faster, which must return the same numbers.
    fn perft(&self, depth: u32, convention: perft::PerftConvention) -> u64 {
        perft_generic(self, depth, convention)
    }
}

/// What a search has ruled out at a node before it asks [`Game::value_bounds`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ruled {
    /// The side to move cannot win with its next move.
    pub win_at_once: bool,
    /// No move the side to move keeps lets the opponent win with its next move.
    pub loss_at_once: bool,
}

/// A static evaluation at the search horizon, from the side to move's point of view.
///
/// Evaluators are deterministic and cheap; the search calls them only on positions that
/// are not finished (finished positions are scored by [`Game::terminal_score`]).
pub trait Evaluator<G: Game>: Clone + Debug + Send + Sync + 'static {
    /// The value of `pos` for the side to move.
    fn evaluate(&self, pos: &G) -> i32;

    /// A position at a search's horizon: `None` when the game is over there (the
    /// search scores it exactly), else [`Evaluator::evaluate`]. The default asks the
    /// game first; an evaluator that works out what [`Game::outcome`] works out (the
    /// Othello one's mobility is both sides' moves) answers both at once.
    #[inline]
    fn evaluate_unless_over(&self, pos: &G) -> Option<i32> {
        match pos.outcome() {
            Some(_) => None,
            None => Some(self.evaluate(pos)),
        }
    }

    /// A policy network's logits for `pos`, one per move slot ([`Game::move_index`]),
    /// when the evaluator carries one (ordering by prior); `None` otherwise.
    #[inline]
    fn policy(&self, _pos: &G) -> Option<Vec<f32>> {
        None
    }
}

/// `value`, a static evaluation of `pos`, within the game's bound for `scoring`
/// ([`Game::heuristic_limit`]): what a search takes at its horizon, so that it never
/// outranks a proven win or falls below a proven loss.
#[inline]
pub fn within_heuristic_limit<G: Game>(pos: &G, scoring: Scoring, value: i32) -> i32 {
    match pos.heuristic_limit(scoring) {
        Some(limit) => value.clamp(-limit, limit),
        None => value,
    }
}

/// Checks the stone counts of a game where X (the first player) and O alternate and
/// nothing is ever removed: O never has more stones, X at most one more.
/// Writes two planes of `cells` cells into `out` (see [`Game::net_input`]): 1.0 where
/// `mine(cell)`, then 1.0 where `theirs(cell)`.
pub(crate) fn write_planes(
    out: &mut [f32],
    cells: usize,
    mine: impl Fn(usize) -> bool,
    theirs: impl Fn(usize) -> bool,
) {
    for (i, x) in out.iter_mut().enumerate().take(2 * cells) {
        let (cell, plane_mine) = (i % cells, i < cells);
        let on = if plane_mine { mine(cell) } else { theirs(cell) };
        *x = if on { 1.0 } else { 0.0 };
    }
}

pub(crate) fn check_stone_counts(xs: u32, os: u32) -> Result<(), FormatError> {
    if os > xs {
        return Err(FormatError::whole(format!(
            "{} more O than X: X moves first, so O never has more stones",
            os - xs
        )));
    }
    if xs > os + 1 {
        return Err(FormatError::whole(format!(
            "{} more X than O: the players alternate, so X is at most one stone ahead",
            xs - os
        )));
    }
    Ok(())
}

/// One position of a suite file, with what the file knows about it.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteEntry<G: Game> {
    /// A display name: the FFO number (`#40`) for FFO suites, else `line N` or the
    /// file's own description.
    pub name: String,
    /// The position.
    pub position: G,
    /// The exact game value for the side to move, when the file gives it.
    pub expected_score: Option<i32>,
    /// Exact scores of individual moves, best first, when the file gives them (OBF).
    pub move_scores: Vec<(G::Move, i32)>,
    /// The 1-based line of the file the entry came from.
    pub line: usize,
}

/// A splitmix64 step: the one mixing function behind every seeded value in treelab
/// (random trees, random players, Zobrist-like keys), so results are the same on every
/// machine.
#[must_use]
pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A tiny deterministic generator (splitmix64 over a counter) for seeded choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeededRng {
    state: u64,
}

impl SeededRng {
    /// A generator whose whole output is fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        SeededRng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix64(self.state)
    }

    /// A value in `0..n` (n > 0), by multiply-shift (no modulo bias worth noting here).
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// Generic perft with bulk counting at the last ply: at depth 1 the answer is the number
/// of legal moves, without playing them. Depth 0 is one leaf.
pub fn perft_generic<G: Game>(pos: &G, depth: u32, convention: perft::PerftConvention) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..=depth).map(|_| Vec::new()).collect();
    walk(pos, depth, convention, &mut buffers)
}

fn walk<G: Game>(
    pos: &G,
    depth: u32,
    convention: perft::PerftConvention,
    buffers: &mut [Vec<G::Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome().is_some() {
        return match convention {
            perft::PerftConvention::FinishedIsLeaf => 1,
            perft::PerftConvention::FinishedIsDropped => 0,
        };
    }
    let (mine, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.legal_moves(mine);
    if depth == 1 {
        return mine.len() as u64;
    }
    let mut total = 0;
    for &mv in mine.iter() {
        total += walk(&pos.play(mv), depth - 1, convention, rest);
    }
    total
}
