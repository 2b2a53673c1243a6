//! Search options: their names shared by the CLI, the app and session files, and the one
//! place that decides which combinations make sense (asking each algorithm's description
//! in [`super::registry`] what it takes).

use serde::{Deserialize, Serialize};

use crate::game::Scoring;

/// The deepest fixed depth a search accepts. Deeper requests are refused, not clamped.
pub const MAX_DEPTH: u32 = 64;
/// The most killer moves kept per ply (article 004 measured up to 128).
pub const MAX_KILLERS: u32 = 1024;

/// The most threads a parallel search starts.
pub const MAX_THREADS: u32 = 256;
/// The largest transposition table, in MiB (the machines this runs on have 24 GiB).
pub const MAX_TT_MIB: u32 = 16 * 1024;
/// The largest SSS* OPEN-list budget, in MiB.
pub const MAX_SSS_MIB: u32 = 16 * 1024;
/// The deepest shallow search used for move ordering.
pub const MAX_SHALLOW_DEPTH: u32 = 16;
/// The coarsest evaluation grain, in score units.
pub const MAX_GRAIN: u32 = 1_000_000;
/// The widest aspiration window, in score units.
pub const MAX_ASPIRATION: i32 = 1_000_000;
/// The size of MT-SSS*'s memory when the row sets no table size, in MiB.
pub const DEFAULT_MT_MEMORY_MIB: u32 = 16;
/// Memory kept free for everything but the tables when [`SearchOptions::check_memory`]
/// decides whether they fit, in MiB.
pub const MEMORY_HEADROOM_MIB: u64 = 256;

/// How moves are ordered before they are searched (after the TT move and killers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveOrder {
    /// The order the move generator gives.
    #[default]
    Generation,
    /// The game's static hint ([`crate::game::Game::move_order_hint`]): centre-first in
    /// Connect Four, corners-first in Othello.
    Static,
    /// By the static evaluation of each child position (one ply of look-ahead).
    Evaluation,
    /// By a fail-soft alpha-beta search of each child to the given depth.
    Shallow(u32),
    /// A perfect oracle: each child's exact value at the remaining depth, from a search
    /// that is not counted (article 002's `ai_for_mo` with a perfect player).
    Oracle,
    /// The game's own threat count ([`crate::game::Game::threat_score`]), the static hint
    /// breaking ties: Pons' step 7 in Connect Four.
    Threats,
    /// By the policy-value network's prior of each move: one network call at the node
    /// (the evaluator's network with `--eval net`, else the game's shipped one).
    Prior,
}

impl MoveOrder {
    /// The name in the CLI and session files: `none`, `static`, `eval`, `shallow:K`,
    /// `oracle`.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            MoveOrder::Generation => "none".into(),
            MoveOrder::Static => "static".into(),
            MoveOrder::Evaluation => "eval".into(),
            MoveOrder::Shallow(k) => format!("shallow:{k}"),
            MoveOrder::Oracle => "oracle".into(),
            MoveOrder::Threats => "threats".into(),
            MoveOrder::Prior => "prior".into(),
        }
    }

    /// Parses [`MoveOrder::name`]'s output.
    pub fn from_name(text: &str) -> Result<MoveOrder, OptionError> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "none" | "generation" => Ok(MoveOrder::Generation),
            "static" => Ok(MoveOrder::Static),
            "eval" | "evaluation" => Ok(MoveOrder::Evaluation),
            "oracle" | "perfect" => Ok(MoveOrder::Oracle),
            "threats" => Ok(MoveOrder::Threats),
            "prior" | "priors" => Ok(MoveOrder::Prior),
            _ => {
                if let Some(k) = lower.strip_prefix("shallow:") {
                    let k: u32 = k.parse().map_err(|_| {
                        OptionError(format!(
                            "'{text}': the shallow depth must be a whole number"
                        ))
                    })?;
                    Ok(MoveOrder::Shallow(k))
                } else {
                    Err(OptionError(format!(
                        "unknown move ordering '{text}'; expected none, static, eval, shallow:K, oracle, threats or prior"
                    )))
                }
            }
        }
    }
}

/// The memory MT-SSS*'s null-window passes share ([`SearchOptions::mt_memory`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MtMemory {
    /// Plaat et al.'s MT memory, as their MT-SSS* is defined: a table of the row's size
    /// ([`DEFAULT_MT_MEMORY_MIB`] when none is set) that keeps leaf values and bounds
    /// only, so children keep their fixed order and MT-SSS* evaluates exactly SSS*'s
    /// leaves in SSS*'s order on a tree, given a large enough table.
    #[default]
    Plaat,
    /// An ordinary transposition table of the row's size (the default when none is
    /// set): the move that did best goes first and leaves are evaluated again on every
    /// pass, as in the programs Plaat et al. measured (`+ordinary-table`).
    Ordinary,
    /// No memory at all: every pass searches from the root again (`+no-memory`).
    None,
}

/// The root window of the window-taking algorithms (article 002's `init_ab`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InitialWindow {
    /// (-infinity, +infinity).
    #[default]
    Infinite,
    /// The game's own score range under the chosen scoring, `(min, max)` as article 002's
    /// `init_ab`: a value at either end is still exact, since no final score lies
    /// beyond it. Meant for searches to the end: a static evaluation outside the range
    /// is clamped by the window.
    GameRange,
}

impl InitialWindow {
    /// The CLI name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            InitialWindow::Infinite => "infinite",
            InitialWindow::GameRange => "game",
        }
    }

    /// Parses a window name: `infinite` (also `inf`, `full`) or `game` (also
    /// `range`), in any case. The one parser of the CLI flag and the row spec.
    pub fn from_name(text: &str) -> Result<InitialWindow, OptionError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "infinite" | "inf" | "full" => Ok(InitialWindow::Infinite),
            "game" | "range" => Ok(InitialWindow::GameRange),
            _ => Err(OptionError(format!(
                "unknown window '{text}'; expected infinite or game"
            ))),
        }
    }
}

/// What the transposition table keeps (see [`crate::search::tt`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableKind {
    /// Both bounds of a position, tightened by every search of it, and its best move
    /// (tried first when the position comes back).
    #[default]
    Full,
    /// Only the upper bound learned when every move was searched, no move (Pons' step 4).
    Upper,
    /// The last bound learned, upper or lower, no move (Pons' step 8, his "lower-bound
    /// table").
    LastBound,
}

impl TableKind {
    /// Every kind, in the order the UI lists them.
    pub const ALL: [TableKind; 3] = [TableKind::Full, TableKind::Upper, TableKind::LastBound];

    /// The name in the CLI, row specs and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TableKind::Full => "full",
            TableKind::Upper => "upper",
            TableKind::LastBound => "last-bound",
        }
    }

    /// Words for the app's menu.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            TableKind::Full => "Both bounds and the best move",
            TableKind::Upper => "Upper bounds only (Pons' step 4)",
            TableKind::LastBound => "The last bound, upper or lower (Pons' step 8)",
        }
    }

    /// Parses [`TableKind::name`]'s output, in any case.
    pub fn from_name(text: &str) -> Result<TableKind, OptionError> {
        let lower = text.trim().to_ascii_lowercase();
        TableKind::ALL
            .into_iter()
            .find(|k| k.name() == lower)
            .ok_or_else(|| {
                OptionError(format!(
                    "unknown table kind '{text}'; expected full, upper or last-bound"
                ))
            })
    }
}

/// Every option of a search. Orthogonal: [`SearchOptions::check`] refuses the
/// combinations that make no sense for an algorithm, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchOptions {
    /// Fail-soft (return the best value found, even outside the window) rather than
    /// fail-hard (clamp to the window). Alpha-beta family only; NegaScout, PVS and the
    /// null-window algorithms are always fail-soft.
    pub fail_soft: bool,
    /// With fail-hard: a cutoff returns the value that caused it and a bound known
    /// before the search (table, game bounds) is returned as it is, while a node that
    /// fails low still returns alpha (Pons' negamax). NegaAlpha and bisection only.
    pub soft_cutoffs: bool,
    /// Move ordering.
    pub ordering: MoveOrder,
    /// Order every move (true) or only bring the best-rated move to the front (false,
    /// article 002's `sort_allnodes=False`).
    pub order_all: bool,
    /// With [`MoveOrder::Oracle`]: the oracle rates children by win/draw/loss only, so it
    /// cannot tell a fast win from a slow one (article 002's imperfect "perfect" oracle).
    pub oracle_win_loss: bool,
    /// Killer moves kept per ply (0 = off); most recent first (article 004).
    pub killers: u32,
    /// History heuristic.
    pub history: bool,
    /// Transposition-table size in MiB (0 = no table).
    pub tt_mib: u32,
    /// Share table entries between symmetric positions (canonical hash).
    pub tt_symmetry: bool,
    /// Keep leaf values (depth 0) in the table too, so that the null-window passes of
    /// MTD(f) and MT-SSS* read a leaf evaluated before instead of evaluating it again.
    /// With it MT-SSS* uses its table as Plaat et al.'s MT memory (bounds only, so
    /// children keep their fixed order; no position lost to another of the same slot
    /// while under three quarters of the slots are taken) and evaluates exactly SSS*'s
    /// leaves in SSS*'s order on a tree, given a large enough table: MT-SSS*'s default
    /// ([`MtMemory::Plaat`]). NegaAlpha, MTD(f) and MT-SSS* only; needs a table.
    pub tt_leaves: bool,
    /// Lazy SMP and ABDADA only: a bound stored for a deeper search answers a shallower one too,
    /// as chess engines' tables do, so that what the helpers a ply ahead store cuts the
    /// main thread's search; the value is then no longer exactly the depth's (a deeper
    /// search's bound may stand for it). Off by default; needs a table.
    pub tt_deeper: bool,
    /// What the table keeps: both bounds and the move, or Pons' one-bound tables.
    pub table: TableKind,
    /// MT-SSS* only: the memory its passes share; Plaat et al.'s by default, so that a
    /// row named `mt-sss` is their MT-SSS* (see [`SearchOptions::resolved`]).
    pub mt_memory: MtMemory,
    /// Before expanding a node, ask the game whether the side to move wins at once and
    /// score it without children if so; otherwise narrow the window to the game's bounds
    /// on the value (Pons' check at every node, and his score bounds). Only where the
    /// remaining depth reaches the end of the game.
    pub win_at_once: bool,
    /// Search only the moves that do not let the opponent win at once; score a node
    /// where every move does as that loss (Pons' step 6). Only where the remaining depth
    /// reaches the end of the game.
    pub non_losing: bool,
    /// Search depths 1, 2, ..., d, keeping tables between iterations.
    pub iterative_deepening: bool,
    /// Aspiration window half-width around the previous iteration's score (0 = off).
    pub aspiration: i32,
    /// The root window.
    pub window: InitialWindow,
    /// How finished games are scored.
    pub scoring: Scoring,
    /// NegaScout only: skip the re-search when depth <= 2, where the fail-soft null
    /// window value is already exact (article 000's variant).
    pub skip_shallow_research: bool,
    /// MTD(f) only: the first guess when there is no previous iteration.
    pub first_guess: i32,
    /// MTD(f) with iterative deepening: take the first guess from the iteration before
    /// the last, which searched to the same parity (the odd/even-aware guess of Othello
    /// programs), instead of the last.
    pub guess_before_last: bool,
    /// Round every static evaluation to the nearest multiple of this many units (0 or
    /// 1: as the evaluator gives it); finished games keep their exact scores. Coarser
    /// values let null-window drivers converge in fewer passes (Plaat et al.).
    pub grain: u32,
    /// SSS* and FSSS-Minimax only: the OPEN list and node store, or the tree of bounds,
    /// budget in MiB; a search that needs more ends with a "memory limit" result.
    pub sss_memory_mib: u32,
    /// MCTS only: iterations (selection, expansion, playout, backup) to run.
    pub iterations: u64,
    /// MCTS only: UCT's exploration constant in hundredths (200: C = 2, rewards in -1..=1).
    pub uct_c: u32,
    /// MCTS only: the seed of the random expansions and playouts.
    pub rollout_seed: u64,
    /// MCTS only: MCTS-MR (Baier & Winands): each playout move is chosen by a win-loss
    /// minimax of this depth (a win found is played, a loss seen is avoided, equals
    /// drawn at random); 0 plays random moves.
    pub mr_depth: u32,
    /// MCTS-Solver only: MCTS-MS (Baier & Winands): a node selected for the first time
    /// gets a win-loss minimax of this depth, which may prove it; 0 is off.
    pub ms_depth: u32,
    /// MCTS-Solver only: MCTS-MB (Baier & Winands): where a proof backed up stops, a
    /// win-loss minimax of this depth from that node may prove it; 0 is off.
    pub mb_depth: u32,
    /// PUCT only: the policy-value network: empty (or `shipped`) for the one shipped for
    /// the game, else a safetensors file's path.
    pub net: String,
    /// PUCT only: the exploration constant c_puct in hundredths (125: c = 1.25, values
    /// from -1 to 1), the weight of a move's prior against its mean value.
    pub puct_c: u32,
    /// PUCT only: Dirichlet noise mixed into the root's priors (a quarter noise), its
    /// concentration alpha in hundredths (AlphaZero: 30 for chess); 0 (the default) is
    /// off, as a measurement wants. Drawn from the seed of [`SearchOptions::rollout_seed`].
    pub dirichlet: u32,
    /// The parallel algorithms only: threads searching at once (1: the serial search of
    /// the same algorithm, counts as reproducible as any; more: counts vary from run to
    /// run, the exact value does not).
    pub threads: u32,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            fail_soft: false,
            soft_cutoffs: false,
            ordering: MoveOrder::Generation,
            order_all: true,
            oracle_win_loss: false,
            killers: 0,
            history: false,
            tt_mib: 0,
            tt_symmetry: false,
            tt_leaves: false,
            tt_deeper: false,
            table: TableKind::Full,
            mt_memory: MtMemory::Plaat,
            win_at_once: false,
            non_losing: false,
            iterative_deepening: false,
            aspiration: 0,
            window: InitialWindow::Infinite,
            scoring: Scoring::Native,
            skip_shallow_research: false,
            first_guess: 0,
            guess_before_last: false,
            grain: 0,
            sss_memory_mib: 256,
            iterations: 10_000,
            uct_c: 200,
            rollout_seed: 1,
            mr_depth: 0,
            net: String::new(),
            puct_c: 125,
            dirichlet: 0,
            ms_depth: 0,
            mb_depth: 0,
        }
    }
}

/// A refused option or option combination, with the reason in words.
///
/// [`SearchOptions::check`] refuses what makes no sense; [`SearchOptions::check_memory`]
/// refuses tables this machine cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionError(pub String);

impl SearchOptions {
    /// Whether a search with these options counts the same nodes for a subtree
    /// whatever was searched before it: no table, no killers, no history, no oracle
    /// (whose memo carries over). Such a search may share its moves out to lent threads
    /// and add up their counts as its own.
    #[must_use]
    pub fn counts_are_pure(&self) -> bool {
        self.tt_mib == 0 && self.killers == 0 && !self.history && self.ordering != MoveOrder::Oracle
    }
}

impl SearchOptions {
    /// The plies (from the root) at which a search to `depth` with these options may
    /// stop at an unfinished position and call the evaluator: `depth` itself, and from
    /// ply 1 when iterative deepening runs the shallower depths first or the ordering
    /// rates children by their static value; a shallow-search ordering to `k` plies
    /// stops from ply `k + 1`. (A perfect oracle searches to the full depth.)
    #[must_use]
    pub fn horizon_plies(&self, depth: u32) -> std::ops::RangeInclusive<u32> {
        let mut first = depth;
        if self.iterative_deepening || self.ordering == MoveOrder::Evaluation {
            first = first.min(1);
        }
        if let MoveOrder::Shallow(k) = self.ordering {
            first = first.min(k.saturating_add(1));
        }
        first.min(depth)..=depth
    }

    /// What makes a search stop short of its depth, in words, when something does
    /// (see [`SearchOptions::horizon_plies`]).
    #[must_use]
    pub fn early_stop_cause(&self) -> Option<String> {
        if self.iterative_deepening {
            Some("iterative deepening searches every depth from 1 first".into())
        } else if self.ordering == MoveOrder::Evaluation {
            Some("eval ordering rates every move by its static value".into())
        } else if let MoveOrder::Shallow(k) = self.ordering {
            Some(format!(
                "shallow:{k} ordering searches every move {k} plies deep"
            ))
        } else {
            None
        }
    }
}
