//! A search's counters and the one definition of a node.
//!
//! **Definition.** A *node* is a position the search visits: every call of the shared
//! [`super::Ctx::enter`], root included, whatever the algorithm (a re-search
//! or a later null-window pass that visits a position again counts it again). A node is
//! a *leaf* when its value comes from the static evaluator (depth exhausted) or from the
//! rules (game over), an *interior* node when its moves are generated, and neither when a
//! transposition-table cutoff answers it first. So `nodes = leaves + interior +
//! tt_cutoffs + (nodes cut short by a stop)`. Work done only to order moves (shallow
//! searches, the perfect oracle) is counted apart in `ordering_nodes`, never in `nodes`.
//!
//! **Every counter is declared once**, in the [`counters!`] call below: its field of
//! [`Counters`], its [`Counter`] (the name the CLI, the CSV files and session files
//! use, the results table's column title, whether the table shows it by default) and how
//! it adds up over several searches all follow from that one line and its doc comment;
//! docs/node-definition.md's list of counters is checked against it by a test. A new
//! counter is one line here and the line that counts it in [`super::Ctx`].
//!
//! **Only the context counts.** The fields are private to the context's folder
//! (`search/context/`), so the compiler keeps the rule that every algorithm counts
//! through [`super::Ctx`]'s methods; everyone else reads them through the methods of the
//! same names, and counts that come from elsewhere (a stopped job's progress, a grid
//! cell read back, a solver's totals, a test's figures) are made with
//! [`Counters::reported`].

use serde::{Deserialize, Serialize};

/// A counter's type made from a count given as `u64`: a 32-bit counter is held at its
/// largest value when the count does not fit.
trait FromCount {
    fn from_count(count: u64) -> Self;
}

impl FromCount for u64 {
    fn from_count(count: u64) -> u64 {
        count
    }
}

impl FromCount for u32 {
    fn from_count(count: u64) -> u32 {
        u32::try_from(count).unwrap_or(u32::MAX)
    }
}

/// How a counter adds up over several searches (a suite, the moves of a game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// The sum of the counts.
    Sum,
    /// The largest count.
    Max,
}

/// Declares the counters: the fields of [`Counters`] and a method of the same name that
/// reads each, the [`Counter`] enum with each counter's name, title, meaning and table
/// default, [`Counters::add`] and [`Counters::reported`].
///
/// Each entry: doc comment (the counter's meaning, shown in the table's header hover and
/// docs/node-definition.md), `Variant field: type, "Table title", Sum|Max, shown|hidden;`
macro_rules! counters {
    ($(
        $(#[doc = $doc:literal])+
        $variant:ident $field:ident : $ty:ty, $title:literal, $combine:ident, $shown:ident;
    )+) => {
        /// Counters of one search. Every algorithm counts through the same
        /// [`super::Ctx`] methods, so the numbers mean the same in every row; only the
        /// context's folder can write a field (see the module doc).
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        #[serde(default)]
        pub struct Counters {
            $( $(#[doc = $doc])+ pub(super) $field: $ty, )+
            /// Wall-clock seconds; the only field that varies from run to run.
            pub(super) elapsed_secs: f64,
        }

        impl Counters {
            $(
                $(#[doc = $doc])+
                #[inline]
                #[must_use]
                pub fn $field(&self) -> $ty {
                    self.$field
                }
            )+

            /// Wall-clock seconds the search took; the only counter that varies from
            /// run to run.
            #[inline]
            #[must_use]
            pub fn elapsed_secs(&self) -> f64 {
                self.elapsed_secs
            }

            /// Counters that were not counted by a search here: a stopped job's progress
            /// (its nodes so far), a grid cell read back, a solver's totals, a test's
            /// figures. Each counter of `counts` is set to its value (a value too large
            /// for a 32-bit counter is held at its largest), every other is 0, and the
            /// time is `elapsed_secs`.
            #[must_use]
            pub fn reported(counts: &[(Counter, u64)], elapsed_secs: f64) -> Counters {
                let mut c = Counters { elapsed_secs, ..Counters::default() };
                for &(counter, value) in counts {
                    match counter {
                        $( Counter::$variant => c.$field = FromCount::from_count(value), )+
                    }
                }
                c
            }
        }

        /// A counter of [`Counters`], as the table, the CLI and the CSV files name it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Counter {
            $( $(#[doc = $doc])+ $variant, )+
        }

        impl Counter {
            /// Every counter, in the order of the table, the CLI and the CSV files.
            pub const ALL: &'static [Counter] = &[ $( Counter::$variant, )+ ];

            /// The field's name: the CLI's `name: value` lines, CSV headers, session files.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self { $( Counter::$variant => stringify!($field), )+ }
            }

            /// The results table's column title.
            #[must_use]
            pub fn title(self) -> &'static str {
                match self { $( Counter::$variant => $title, )+ }
            }

            /// What it counts, in words (its doc comment).
            #[must_use]
            pub fn meaning(self) -> &'static str {
                match self { $( Counter::$variant => concat!($($doc),+).trim_ascii(), )+ }
            }

            /// How it adds up over several searches.
            #[must_use]
            pub fn combine(self) -> Combine {
                match self { $( Counter::$variant => Combine::$combine, )+ }
            }

            /// Whether the results table shows it unless asked otherwise.
            #[must_use]
            pub fn shown_by_default(self) -> bool {
                match self { $( Counter::$variant => counters!(@shown $shown), )+ }
            }

            /// Its value in `counters`.
            #[must_use]
            pub fn of(self, counters: &Counters) -> u64 {
                match self { $( Counter::$variant => u64::from(counters.$field), )+ }
            }
        }

        impl Counters {
            /// Adds another search's counters (for totals over a suite or a game): each
            /// as its [`Counter::combine`] says, the time summed.
            pub fn add(&mut self, other: &Counters) {
                $( counters!(@add $combine, self.$field, other.$field); )+
                self.elapsed_secs += other.elapsed_secs;
            }
        }
    };
    (@shown shown) => { true };
    (@shown hidden) => { false };
    (@add Sum, $a:expr, $b:expr) => { $a += $b };
    (@add Max, $a:expr, $b:expr) => { $a = $a.max($b) };
}

counters! {
    /// Positions visited, root included: every call of `Ctx::enter`.
    Nodes nodes: u64, "Nodes", Sum, shown;
    /// Static evaluations and finished games scored.
    Leaves leaves: u64, "Leaves", Sum, shown;
    /// Nodes whose moves were generated.
    Interior interior: u64, "Interior", Sum, hidden;
    /// A move's value reached beta and ended its node (for Scout: a TEST decided by a
    /// child; for SSS*: siblings purged).
    BetaCutoffs beta_cutoffs: u64, "β-cutoffs", Sum, shown;
    /// The cutoffs made by the first move tried; their share of all cutoffs is the
    /// move-ordering quality figure.
    FirstMoveCutoffs first_move_cutoffs: u64, "1st-move cutoffs", Sum, hidden;
    /// NegaScout/PVS re-searches after a null-window test failed high, Scout EVALs after
    /// a successful TEST, aspiration re-searches.
    Researches researches: u64, "Re-searches", Sum, shown;
    /// Root passes of MTD(f) and MT-SSS*.
    NullWindowPasses null_window_passes: u64, "Passes", Sum, hidden;
    /// Transposition-table look-ups.
    TtProbes tt_probes: u64, "TT probes", Sum, hidden;
    /// Look-ups that found the position.
    TtHits tt_hits: u64, "TT hits", Sum, shown;
    /// Look-ups whose stored bounds answered the node without a search.
    TtCutoffs tt_cutoffs: u64, "TT cutoffs", Sum, hidden;
    /// The deepest ply reached (root = 0).
    MaxPly max_ply: u32, "Max ply", Max, hidden;
    /// Nodes visited only to order moves (a shallow search per child, the perfect
    /// oracle); never in `nodes`.
    OrderingNodes ordering_nodes: u64, "Ordering nodes", Sum, hidden;
    /// MCTS iterations run (each selects a path, adds a node, plays out and backs up).
    Iterations iterations: u64, "Iterations", Sum, hidden;
    /// Moves played in MCTS playouts (random moves below the node an iteration adds).
    PlayoutPlies playout_plies: u64, "Playout plies", Sum, hidden;
    /// PUCT: positions the policy-value network evaluated (each gives the priors of the
    /// position's moves and a value instead of a playout); one per node added to the
    /// tree that is not a finished game. An alpha-beta row with `order=prior`: one per
    /// node whose moves the network's policy ordered (the calls of `--eval net` at the
    /// horizon are its leaves).
    NetEvaluations net_evaluations: u64, "Net evaluations", Sum, hidden;
    /// Nodes of MCTS-Solver's tree whose game-theoretic value it proved (finished games
    /// included).
    ProvenNodes proven_nodes: u64, "Proven nodes", Sum, hidden;
    /// Positions MCTS added to its tree (the root included): its nodes created, where
    /// `nodes` counts every position its iterations visited.
    TreeNodes tree_nodes: u64, "Tree nodes", Sum, hidden;
    /// Chance nodes whose outcomes were generated (expectimax, Star1, Star2); each is
    /// counted in `interior` too.
    ChanceNodes chance_nodes: u64, "Chance nodes", Sum, hidden;
    /// Star2's probes: an outcome of a chance node searched through its first move
    /// only, for a lower bound.
    Probes probes: u64, "Probes", Sum, hidden;
    /// Chance nodes Star1's or Star2's bounds ended with outcomes left unsearched: the
    /// outcomes searched (or probed) already bound the mean at or below alpha, or at or
    /// above beta, whatever the rest are worth.
    ChanceCutoffs chance_cutoffs: u64, "Chance cutoffs", Sum, hidden;
    /// The parallel algorithms: the threads the search ran with, its own and its
    /// helpers (0 for the serial algorithms). A split or a team takes no more helpers
    /// than the machine has cores beside the thread that asks, so with more threads
    /// than cores no more search at once than there are cores (Lazy SMP's and ABDADA's
    /// other helpers do not search at all).
    Threads threads: u32, "Threads", Max, hidden;
    /// The parallel algorithms: nodes searched by the busiest thread; against `nodes`
    /// over `threads`, how evenly the work was shared.
    BusiestThreadNodes busiest_thread_nodes: u64, "Busiest thread's nodes", Max, hidden;
    /// The parallel algorithms: times a node's moves were shared out to threads.
    Splits splits: u64, "Splits", Sum, hidden;
    /// The parallel algorithms: nodes of searches whose result was thrown away (a
    /// sibling's cutoff made them needless); counted in `nodes` too.
    AbortedNodes aborted_nodes: u64, "Aborted nodes", Sum, hidden;
    /// The parallel algorithms: thread-microseconds the search's threads spent with
    /// nothing to do (helpers waiting for work, a split's owner waiting for its helpers
    /// with no work below it to help with); varies from run to run, as the time does.
    IdleMicros idle_micros: u64, "Idle µs", Sum, hidden;
    /// The parallel algorithms: threads started for the search (its helpers, started
    /// once for the whole search and kept to its end: the threads less one; 0 for a
    /// search that took the crew an earlier one kept: a grid's cells after the first,
    /// a match's moves).
    ThreadsStarted threads_started: u64, "Threads started", Sum, hidden;
    /// The parallel algorithms: times a sleeping thread of the search was woken to work
    /// (a split offered work, a split's last helper left); varies from run to run.
    Wakeups wakeups: u64, "Wake-ups", Sum, hidden;
    /// The parallel algorithms: voluntary context switches of the search's threads (a
    /// thread gave its core up to wait: to sleep, for a lock), from `getrusage`; varies
    /// from run to run; 0 where the system does not tell.
    ContextSwitches context_switches: u64, "Context switches", Sum, hidden;
}

impl Counters {
    /// Nodes per second (0 when no time was measured).
    #[must_use]
    pub fn nodes_per_sec(&self) -> f64 {
        if self.elapsed_secs > 0.0 {
            self.nodes as f64 / self.elapsed_secs
        } else {
            0.0
        }
    }

    /// The effective branching factor `nodes^(1/depth)`: the width of a uniform tree of
    /// the same depth with as many nodes.
    #[must_use]
    pub fn effective_branching_factor(&self, depth: u32) -> f64 {
        if depth == 0 || self.nodes == 0 {
            return 0.0;
        }
        (self.nodes as f64).powf(1.0 / f64::from(depth))
    }

    /// The share of cutoffs made by the first move tried (1.0 = perfect ordering).
    #[must_use]
    pub fn first_move_cutoff_rate(&self) -> f64 {
        if self.beta_cutoffs == 0 {
            0.0
        } else {
            self.first_move_cutoffs as f64 / self.beta_cutoffs as f64
        }
    }

    /// The same counters with the time zeroed: what determinism tests compare.
    #[must_use]
    pub fn without_time(&self) -> Counters {
        self.with_time(0.0)
    }

    /// The same counters with the time `elapsed_secs` (a record whose time is measured
    /// or shown apart from its search's).
    #[must_use]
    pub fn with_time(&self, elapsed_secs: f64) -> Counters {
        Counters {
            elapsed_secs,
            ..self.clone()
        }
    }

    /// Every counter as `(name, value)` in [`Counter::ALL`]'s order: the CLI's
    /// `name: value` lines.
    #[must_use]
    pub fn named_counters(&self) -> Vec<(&'static str, u64)> {
        Counter::ALL
            .iter()
            .map(|c| (c.name(), c.of(self)))
            .collect()
    }
}

/// docs/node-definition.md's list of counters, as the declarations above give it: a
/// Markdown table of each counter's name, its column in the results table and its
/// meaning (a test checks that the document holds exactly this).
#[must_use]
pub fn counters_markdown() -> String {
    let mut out =
        String::from("| counter | table column | sums as | meaning |\n|---|---|---|---|\n");
    for c in Counter::ALL {
        let shown = if c.shown_by_default() {
            ""
        } else {
            " (under Columns)"
        };
        let combine = match c.combine() {
            Combine::Sum => "sum",
            Combine::Max => "largest",
        };
        out.push_str(&format!(
            "| {} | {}{shown} | {combine} | {} |\n",
            c.name(),
            c.title(),
            c.meaning()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counters with every counter a different value (its place in [`Counter::ALL`] plus
    /// one, times `scale`), written by name as a session file would hold them.
    fn numbered(scale: u64) -> Counters {
        let fields: Vec<String> = Counter::ALL
            .iter()
            .enumerate()
            .map(|(k, c)| format!("{}: {}", c.name(), (k as u64 + 1) * scale))
            .collect();
        ron::from_str(&format!("({})", fields.join(", "))).expect("every counter by its name")
    }

    #[test]
    fn each_counter_reads_its_own_field_and_adds_up_as_declared() {
        let one = numbered(1);
        let mut names = std::collections::HashSet::new();
        for (k, c) in Counter::ALL.iter().enumerate() {
            assert!(names.insert(c.name()), "{} declared twice", c.name());
            assert_eq!(c.of(&one), k as u64 + 1, "{}", c.name());
            assert!(!c.meaning().is_empty() && !c.title().is_empty());
        }
        let mut sum = numbered(1);
        sum.add(&numbered(3));
        for (k, c) in Counter::ALL.iter().enumerate() {
            let want = match c.combine() {
                Combine::Sum => 4 * (k as u64 + 1),
                Combine::Max => 3 * (k as u64 + 1),
            };
            assert_eq!(c.of(&sum), want, "{}", c.name());
        }
        let pairs: Vec<(Counter, u64)> = Counter::ALL
            .iter()
            .enumerate()
            .map(|(k, &c)| (c, k as u64 + 1))
            .collect();
        assert_eq!(Counters::reported(&pairs, 0.0), one);
        assert_eq!(one.nodes(), Counter::Nodes.of(&one));
        assert_eq!(u64::from(one.threads()), Counter::Threads.of(&one));
        let held = Counters::reported(&[(Counter::MaxPly, u64::MAX)], 2.5);
        assert_eq!(
            (held.max_ply(), held.nodes(), held.elapsed_secs()),
            (u32::MAX, 0, 2.5)
        );
        let named: Vec<&str> = one.named_counters().iter().map(|(n, _)| *n).collect();
        let all: Vec<&str> = Counter::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(named, all);
    }
}
