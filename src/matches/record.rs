//! The record of a match: its games (moves, start position, nodes, result), and what
//! is computed from them (node and time summaries, W/D/L, the pairs' pentanomial counts,
//! Elo, the SPRT's state) and how it is printed. Below the session, so a session can
//! keep a match; [`super::play`] plays them.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::engine::EngineError;
use crate::stats::{EloEstimate, Pentanomial, SprtData, SprtSpec, SprtState, Trinomial};

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
    /// Every move, openings included, in the game's notation; in a dice game the rolls
    /// too, each before the move it allows.
    pub moves: Vec<String>,
    /// How many of `moves` are rolls of the dice (chance outcomes), not players' moves.
    #[serde(skip_serializing_if = "is_zero")]
    pub rolls: usize,
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

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl GameRecord {
    /// The players' moves (plies), rolls of the dice not counted.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.moves.len() - self.rolls.min(self.moves.len())
    }

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

    /// Who won, with the final score named: `A won (final score +107 for A)`.
    #[must_use]
    pub fn result_text(&self) -> String {
        match self.score_a.signum() {
            1 => format!("A won (final score {:+} for A)", self.score_a),
            0 => "draw (final score 0)".to_string(),
            _ => format!("B won (final score {:+} for A)", self.score_a),
        }
    }

    /// The game in one line, every number named: `game 1: A plays first, 7 moves, A won
    /// (final score +107 for A), nodes A 6384, B 0` (games counted from 1).
    #[must_use]
    pub fn line(&self) -> String {
        let rolls = match self.rolls {
            0 => String::new(),
            r => format!(" and {r} rolls"),
        };
        format!(
            "game {}: A plays {}, {} moves{rolls}, {}, nodes A {}, B {}",
            self.index + 1,
            if self.a_first { "first" } else { "second" },
            self.plies(),
            self.result_text(),
            self.nodes[0],
            self.nodes[1]
        )
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
                    .map_or_else(|| "n/a".to_string(), crate::stats::signed);
                let _ = writeln!(out, "  {} [{model}], nElo {n_elo}", e.text());
            }
            None => {
                let _ = writeln!(out, "  Elo: no complete game (pair) yet");
            }
        }
        if let (Some(spec), Some(state)) = (self.sprt, self.sprt_state()) {
            // What the test read: the whole pairs of the unbroken run from game 0.
            let (read, played) = (self.sprt_games_read(), self.games.len());
            let verdict = match state.decision {
                Some(h) => format!("{h:?} accepted after {read} games"),
                None if played >= self.games_planned && read == played => {
                    format!("inconclusive at the game limit ({played} games)")
                }
                None if played >= self.games_planned => format!(
                    "inconclusive at the game limit ({played} games; the test read the first {read}, whole pairs only)"
                ),
                None if read == played => format!("no decision yet after {read} games"),
                None => format!(
                    "no decision yet after {read} games ({} more finished, not read yet)",
                    played - read
                ),
            };
            let _ = writeln!(
                out,
                "  SPRT {}: LLR {:.2} ({} Elo; bounds {:.2}, {:.2}): {verdict}",
                spec.text(),
                state.llr,
                spec.model.name(),
                state.low,
                state.high
            );
        }
        out
    }
}

/// Wins, draws and losses of player A over `games`.
fn trinomial_of(games: &[GameRecord]) -> Trinomial {
    let mut t = Trinomial::default();
    for g in games {
        t.add(g.points_a());
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

/// How many of `games` (sorted by index) an SPRT reads: as a match feeds them to it,
/// the whole pairs (games `2j` and `2j + 1`) of the unbroken run from game 0. A last,
/// unpaired game, or one after a gap, is not read.
fn games_read_by_sprt(games: &[GameRecord]) -> usize {
    let run = games
        .iter()
        .enumerate()
        .take_while(|&(i, g)| g.index == i)
        .count();
    run - run % 2
}

/// The SPRT over the games it reads of `games`: by pairs when colours alternate, else
/// by games.
fn sprt_state_of(spec: &SprtSpec, alternate: bool, games: &[GameRecord]) -> SprtState {
    let read = &games[..games_read_by_sprt(games)];
    if alternate {
        spec.state(&SprtData::Pairs(pentanomial_of(read)))
    } else {
        spec.state(&SprtData::Games(trinomial_of(read)))
    }
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

    /// Where the SPRT stands after the games it read (see
    /// [`MatchResult::sprt_games_read`]), when the match runs one.
    #[must_use]
    pub fn sprt_state(&self) -> Option<SprtState> {
        let spec = self.sprt?;
        Some(sprt_state_of(&spec, self.alternate, &self.games))
    }

    /// How many games the SPRT has read: the whole pairs (games `2j` and `2j + 1`) of the
    /// unbroken run of games from game 0, as the match feeds them to it; a last unpaired
    /// game is played and counted in the other statistics, but the test never reads it.
    #[must_use]
    pub fn sprt_games_read(&self) -> usize {
        games_read_by_sprt(&self.games)
    }

    /// Player A's wins, draws and losses.
    #[must_use]
    pub fn wins_draws_losses(&self) -> (usize, usize, usize) {
        let t = self.trinomial();
        (t.wins as usize, t.draws as usize, t.losses as usize)
    }

    /// A CSV line per game, with its header.
    fn render_csv(&self) -> String {
        let mut out = String::new();
        out.push_str("game,a_first,plies,opening_moves,nodes_a,nodes_b,leaves_a,leaves_b,searches_a,searches_b,seconds_a,seconds_b,score_a,moves,start,rolls\n");
        for g in &self.games {
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{},{:.6},{:.6},{},{},{},{}",
                g.index,
                g.a_first,
                g.plies(),
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
                crate::output::csv::field(&g.start),
                g.rolls
            );
        }
        out
    }

    /// Renders the result: `text` (a line per game, then the summary) or `csv` (a line
    /// per game).
    #[must_use]
    pub fn render(&self, csv: bool) -> String {
        let mut out = String::new();
        if csv {
            return self.render_csv();
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
        // A dice game's rolls in a column of their own: plies are players' moves.
        let dice = self.games.iter().any(|g| g.rolls > 0);
        let rolls = |g: &GameRecord| {
            if dice {
                format!(" {:>6}", g.rolls)
            } else {
                String::new()
            }
        };
        let _ = writeln!(
            out,
            "{:>5} {:>6} {:>6}{} {:>14} {:>14} {:>9} {:>9} {:>7}",
            "game",
            "A-side",
            "plies",
            if dice { "  rolls" } else { "" },
            "nodes A",
            "nodes B",
            "secs A",
            "secs B",
            "score A"
        );
        for g in &self.games {
            let _ = writeln!(
                out,
                "{:>5} {:>6} {:>6}{} {:>14} {:>14} {:>9.3} {:>9.3} {:>7}",
                g.index,
                if g.a_first { "first" } else { "second" },
                g.plies(),
                rolls(g),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::EloModel;

    /// A game with index `index` that player A scored `score_a` in (1 won, 0 drawn, -1
    /// lost).
    fn game(index: usize, score_a: i32) -> GameRecord {
        GameRecord {
            index,
            a_first: index.is_multiple_of(2),
            score_a,
            ..GameRecord::default()
        }
    }

    /// A game's line names its numbers: the final score is A's, the nodes each player's.
    #[test]
    fn a_game_line_says_what_each_number_is() {
        let mut g = game(0, 107);
        g.moves = vec!["d3".into(); 7];
        g.nodes = [6384, 0];
        assert_eq!(
            g.line(),
            "game 1: A plays first, 7 moves, A won (final score +107 for A), nodes A 6384, B 0"
        );
        assert_eq!(game(3, -2).result_text(), "B won (final score -2 for A)");
        assert_eq!(game(3, 0).result_text(), "draw (final score 0)");
    }

    /// The SPRT's verdict, LLR and game count are those of the whole pairs it read: a
    /// last unpaired game (here a win that would tip the test) and a game after a gap
    /// are left out, and the line says how many games it read.
    #[test]
    fn the_sprt_reads_whole_pairs_of_the_unbroken_run() {
        let spec = SprtSpec {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Logistic,
        };
        // Pairs (A's points): (1, ½), (1, 1), (0, ½), then game 6 alone.
        let scores = [1, 0, 1, 1, -1, 0, 1];
        for alternate in [false, true] {
            let mut m = MatchResult {
                alternate,
                games_planned: 7,
                sprt: Some(spec),
                games: scores
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| game(i, s))
                    .collect(),
                ..MatchResult::default()
            };
            assert_eq!(m.sprt_games_read(), 6);
            // Computed apart: three pairs scoring 1½, 2 and ½ (pentanomial counts [0, 1,
            // 0, 1, 1]), or W 3, D 2, L 1 over the six games.
            let data = if alternate {
                SprtData::Pairs(Pentanomial {
                    counts: [0, 1, 0, 1, 1],
                })
            } else {
                SprtData::Games(Trinomial {
                    wins: 3,
                    draws: 2,
                    losses: 1,
                })
            };
            assert_eq!(m.sprt_state(), Some(spec.state(&data)));
            let text = m.statistics_text();
            assert!(
                text.contains("inconclusive at the game limit (7 games; the test read the first 6, whole pairs only)"),
                "{text}"
            );
            assert!(text.contains("model=logistic: LLR "), "{text}");
            // Game 3 missing (stopped): only the first pair is read.
            m.games.remove(3);
            assert_eq!(m.sprt_games_read(), 2);
            m.games.clear();
            assert_eq!(m.sprt_games_read(), 0);
        }
    }
}
