//! Exact Connect Four solver in the manner of Pascal Pons' tutorial solver: negamax over
//! bitboards with null-window bisection of the score range, anti-losing-move pruning,
//! centre-first plus threat-count move ordering and a transposition table of bounds.
//!
//! Scores follow Pons (and [`crate::game::connect4`]): a win is worth 22 minus the
//! winner's stone count, a loss the negative, a draw 0, always for the side to move.
//!
//! **Node count** (the same as Pons' `nodeCount`): one node per call of the negamax
//! function, the calls of every null-window pass of the bisection included. The root's
//! "win at once" test is not a node. The table is cleared before every position.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::platform::crew::{Crew, CrewCounts};

use crate::game::connect4::{Connect4, non_losing_cells, winning_cells};

/// Columns.
const WIDTH: u32 = 7;
/// Rows.
const HEIGHT: u32 = 6;
/// Cells on the board.
const CELLS: i32 = (WIDTH * HEIGHT) as i32;
/// Bits per column (the rows and one sentinel bit).
const COLUMN_BITS: u32 = HEIGHT + 1;
/// The bottom cell of each column.
const BOTTOM: u64 = {
    let mut mask = 0;
    let mut col = 0;
    while col < WIDTH {
        mask |= 1 << (col * COLUMN_BITS);
        col += 1;
    }
    mask
};
/// Every playable cell.
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// The worst score: lose to the opponent's 4th stone.
const MIN_SCORE: i32 = -(CELLS / 2) + 3;
/// The best score: win with the 4th stone.
const MAX_SCORE: i32 = (CELLS + 1) / 2 - 3;
/// Columns in the order tried when the ordering scores tie: centre first, then outwards.
const COLUMN_ORDER: [u32; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];
/// Table entries: a prime above 2^23 so that (key mod size, low 32 bits of the key)
/// identifies a key below 2^49 exactly (Chinese remainder theorem), as in Pons' table.
const TABLE_SIZE: usize = 8_388_617;
/// Bit of a stored value that marks a lower bound (else an upper bound).
const LOWER_FLAG: u8 = 0x80;
/// Offset that keeps a stored score positive (0 marks an empty slot).
const SCORE_OFFSET: i32 = 64;

/// The techniques of the Connect Four solver, each of which can be switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct C4Options {
    /// A transposition table (Pons: 8 M entries of 32-bit key + 8-bit bound).
    pub tt: bool,
    /// Store lower bounds from beta cutoffs too (else only upper bounds, Pons' first
    /// table).
    pub lower_bounds: bool,
    /// Share table entries between a position and its mirror image.
    pub symmetric_keys: bool,
    /// Order moves by the number of threats they create (else centre-first only).
    pub threat_order: bool,
    /// Threads (young-brothers-wait splits at nodes with
    /// [`SPLIT_MIN_EMPTY_CELLS`] empty cells or more, one shared table); 1 is
    /// deterministic.
    pub threads: usize,
}

impl Default for C4Options {
    fn default() -> Self {
        C4Options {
            tt: true,
            lower_bounds: true,
            symmetric_keys: false,
            threat_order: true,
            threads: 1,
        }
    }
}

/// The result of one solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct C4Solve {
    /// The exact score for the side to move.
    pub score: i32,
    /// Negamax calls, every bisection pass included.
    pub nodes: u64,
}

/// A position in Pons' layout: the side to move's stones, all stones, stones played.
#[derive(Clone, Copy, Debug)]
struct Pos {
    current: u64,
    mask: u64,
    moves: i32,
}

impl Pos {
    #[inline]
    fn possible(self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    #[inline]
    fn play(self, bit: u64) -> Pos {
        Pos {
            current: self.current ^ self.mask,
            mask: self.mask | bit,
            moves: self.moves + 1,
        }
    }

    #[inline]
    fn key(self) -> u64 {
        self.current + self.mask
    }

    #[inline]
    fn can_win_next(self) -> bool {
        winning_cells(self.current, self.mask) & self.possible() != 0
    }

    /// The playable cells that do not hand the opponent an immediate win (call only
    /// when the side to move cannot win at once).
    #[inline]
    fn non_losing_moves(self) -> u64 {
        non_losing_cells(
            self.possible(),
            winning_cells(self.current ^ self.mask, self.mask),
        )
    }

    #[inline]
    fn move_score(self, bit: u64) -> u32 {
        winning_cells(self.current | bit, self.mask).count_ones()
    }
}

/// The key of the mirror image (columns reversed); `position + mask` never carries
/// between columns, so the key mirrors column by column.
#[inline]
fn mirror_key(key: u64) -> u64 {
    let column = (1u64 << COLUMN_BITS) - 1;
    let mut out = 0;
    for col in 0..WIDTH {
        out |= ((key >> (col * COLUMN_BITS)) & column) << ((WIDTH - 1 - col) * COLUMN_BITS);
    }
    out
}

/// A reusable Connect Four solver (owns its table).
pub struct C4Solver {
    opts: C4Options,
    /// Entries `low 32 bits of the key << 8 | value`, 0 when empty: one cache line
    /// per look-up. Atomic words, so that threads share them (relaxed loads and stores:
    /// an entry is one word, written whole, and any entry is a true bound).
    slots: Vec<AtomicU64>,
    /// Slots written since the last clear, so clearing costs what was used.
    touched: Vec<u32>,
    /// Raised by the caller to end a solve early ([`C4Solver::set_stop`]).
    stop: Option<Arc<AtomicBool>>,
    /// Whether the last solve saw `stop` raised.
    aborted: bool,
    /// The helper threads (`threads - 1`), once a solve has started them.
    crew: Option<Crew>,
}

impl std::fmt::Debug for C4Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("C4Solver")
            .field("opts", &self.opts)
            .finish_non_exhaustive()
    }
}

/// A node splits its moves over idle threads (young brothers wait: once its first
/// move failed to cut off) when this many cells or more are empty...
pub const SPLIT_MIN_EMPTY_CELLS: i32 = 20;
/// ... and its first move took this many nodes or more: the eldest brother's subtree
/// foretells its brothers', and a small one is searched faster than it is handed to
/// another thread.
pub const SPLIT_MIN_ELDEST_NODES: u64 = 20_000;

/// One thread's search: the shared table, its node count, the splits it works under.
struct Search<'t> {
    opts: &'t C4Options,
    slots: &'t [AtomicU64],
    touched: Vec<u32>,
    nodes: u64,
    /// The caller's stop flag (looked at every 4,096 nodes).
    stop: Option<&'t AtomicBool>,
    /// Whether this search saw `stop` raised: every node then returns at once and
    /// nothing more is stored.
    aborted: bool,
    /// The helper threads to split work with (None: one thread, no splits).
    crew: Option<&'t Crew>,
    /// The flags of the splits this search works under: one raised means a sibling
    /// refuted the split's node, and this work is void.
    splits: Vec<Arc<AtomicBool>>,
}

impl C4Solver {
    /// A solver with these options (allocates the table, about 64 MB, when it is on).
    #[must_use]
    pub fn new(opts: C4Options) -> C4Solver {
        let size = if opts.tt { TABLE_SIZE } else { 0 };
        // Every page written now, so that page faults do not land in the timed solves.
        let slots = (0..size).map(|_| AtomicU64::new(0)).collect();
        C4Solver {
            opts,
            slots,
            touched: Vec::new(),
            stop: None,
            aborted: false,
            crew: None,
        }
    }

    /// What the helper threads counted so far (None with one thread, or before the
    /// first solve).
    #[must_use]
    pub fn crew_stats(&self) -> Option<CrewCounts> {
        self.crew.as_ref().map(Crew::counts)
    }

    /// Ends the helper threads (the next solve starts them again) and returns what they
    /// counted (see [`Crew::finish`]).
    pub fn finish_threads(&mut self) -> Option<CrewCounts> {
        self.crew.take().map(Crew::finish)
    }

    /// A flag that ends a solve early when raised (looked at every 4,096 nodes): the
    /// solve's result is then void ([`C4Solver::aborted`]). The same nodes as without
    /// while it stays down.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// Whether the last solve was ended early by the stop flag (its result is void).
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn clear(&mut self) {
        for &i in &self.touched {
            self.slots[i as usize].store(0, Ordering::Relaxed);
        }
        self.touched.clear();
    }

    /// Solves `position` exactly: clears the table, then bisects the score range with
    /// null-window negamax passes (Pons' `solve`). A finished position scores what the
    /// game's rules say (0 nodes). With `threads` above one, deep nodes split their
    /// moves over idle threads sharing the table: the same score, node counts that vary
    /// from run to run.
    pub fn solve(&mut self, position: &Connect4) -> C4Solve {
        use crate::game::{Game, Scoring};
        self.clear();
        self.aborted = false;
        if position.outcome().is_some() {
            return C4Solve {
                // Pons' score: shortest-win scoring.
                score: position.terminal_score(Scoring::ShortestWin),
                nodes: 0,
            };
        }
        let pos = Pos {
            current: position.current_stones(),
            mask: position.all_stones(),
            moves: position.moves_played() as i32,
        };
        if self.opts.threads > 1 && self.crew.is_none() {
            self.crew = Some(Crew::new(self.opts.threads - 1));
        }
        let mut search = Search {
            opts: &self.opts,
            slots: &self.slots,
            touched: std::mem::take(&mut self.touched),
            nodes: 0,
            stop: self.stop.as_deref(),
            aborted: false,
            crew: self.crew.as_ref(),
            splits: Vec::new(),
        };
        let score = search.solve_pos(pos);
        let (nodes, aborted) = (search.nodes, search.aborted);
        self.touched = search.touched;
        self.aborted = aborted;
        C4Solve { score, nodes }
    }
}

impl Search<'_> {
    #[inline]
    fn table_key(&self, pos: Pos) -> u64 {
        let key = pos.key();
        if self.opts.symmetric_keys {
            key.min(mirror_key(key))
        } else {
            key
        }
    }

    #[inline]
    fn look_up(&self, key: u64) -> u8 {
        let i = (key % TABLE_SIZE as u64) as usize;
        let slot = self.slots[i].load(Ordering::Relaxed);
        if slot != 0 && (slot >> 8) as u32 == key as u32 {
            slot as u8
        } else {
            0
        }
    }

    /// Whether a split this search works under was refuted (its work is void).
    #[inline]
    fn refuted(&self) -> bool {
        !self.splits.is_empty() && self.splits.iter().any(|f| f.load(Ordering::Relaxed))
    }

    #[inline]
    fn store(&mut self, key: u64, value: u8) {
        if self.aborted || self.refuted() {
            return;
        }
        let i = (key % TABLE_SIZE as u64) as usize;
        if self.slots[i].load(Ordering::Relaxed) == 0 {
            self.touched.push(i as u32);
        }
        self.slots[i].store(
            (u64::from(key as u32) << 8) | u64::from(value),
            Ordering::Relaxed,
        );
    }

    fn solve_pos(&mut self, pos: Pos) -> i32 {
        if pos.can_win_next() {
            return (CELLS + 1 - pos.moves) / 2;
        }
        let mut min = -(CELLS - pos.moves) / 2;
        let mut max = (CELLS + 1 - pos.moves) / 2;
        while min < max && !self.aborted {
            // Probe near zero first: most of the range is far from the true value, and
            // tests close to 0 settle the sign of the result with the fewest nodes.
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(pos, med, med + 1);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        min
    }

    /// Negamax with alpha-beta, Pons' contract: `pos` is not finished and the side to
    /// move cannot win at once. Returns the exact score when it lies in
    /// `(alpha, beta)`, an upper bound `<= alpha` when the score is at most alpha, a
    /// lower bound `>= beta` when it is at least beta.
    fn negamax(&mut self, pos: Pos, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!pos.can_win_next());
        self.nodes += 1;
        if self.nodes & 0xFFF == 0
            && let Some(stop) = self.stop
            && stop.load(Ordering::Relaxed)
        {
            self.aborted = true;
        }
        let deep = CELLS - pos.moves >= SPLIT_MIN_EMPTY_CELLS;
        if self.aborted || (deep && self.refuted()) {
            return 0;
        }
        let next = pos.non_losing_moves();
        if next == 0 {
            // Every move lets the opponent win with its next stone.
            return -(CELLS - pos.moves) / 2;
        }
        if pos.moves >= CELLS - 2 {
            // Two cells left, neither side can win: a draw.
            return 0;
        }
        let min = -(CELLS - 2 - pos.moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let max = (CELLS - 1 - pos.moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let key = if self.opts.tt { self.table_key(pos) } else { 0 };
        if self.opts.tt {
            let v = self.look_up(key);
            if v != 0 {
                let score = i32::from(v & !LOWER_FLAG) - SCORE_OFFSET;
                if v & LOWER_FLAG != 0 {
                    if alpha < score {
                        alpha = score;
                        if alpha >= beta {
                            return alpha;
                        }
                    }
                } else if beta > score {
                    beta = score;
                    if alpha >= beta {
                        return beta;
                    }
                }
            }
        }
        let (moves, count) = self.ordered(pos, next);
        let start = self.nodes;
        for i in (0..count).rev() {
            // Young brothers wait: once the first move failed to cut off, the others
            // may go to idle threads, if it was big enough to be worth a thread.
            let split = deep
                && i + 2 == count
                && i > 0
                && self.nodes - start >= SPLIT_MIN_ELDEST_NODES
                && self.crew.is_some_and(|c| c.idle() > 0);
            let score = if split {
                self.split(pos, alpha, beta, &moves[..=i])
            } else {
                -self.negamax(pos.play(moves[i].0), -beta, -alpha)
            };
            if score >= beta {
                if self.opts.tt && self.opts.lower_bounds {
                    self.store(key, (score + SCORE_OFFSET) as u8 | LOWER_FLAG);
                }
                return score;
            }
            if score > alpha {
                alpha = score;
            }
            if split {
                break;
            }
        }
        if self.opts.tt {
            self.store(key, (alpha + SCORE_OFFSET) as u8);
        }
        alpha
    }

    /// The moves of `next` (non-losing cells) in the order tried, last first.
    /// Insertion sort, ascending; equal scores keep the later insertion last, and the
    /// last entry is tried first: inserting the columns edge-first makes ties go to
    /// the centre.
    #[inline]
    fn ordered(&self, pos: Pos, next: u64) -> ([(u64, u32); WIDTH as usize], usize) {
        let mut moves = [(0u64, 0u32); WIDTH as usize];
        let mut count = 0;
        for &col in COLUMN_ORDER.iter().rev() {
            let bit = next & (((1u64 << HEIGHT) - 1) << (col * COLUMN_BITS));
            if bit == 0 {
                continue;
            }
            let score = if self.opts.threat_order {
                pos.move_score(bit)
            } else {
                0
            };
            let mut at = count;
            while at > 0 && moves[at - 1].1 > score {
                moves[at] = moves[at - 1];
                at -= 1;
            }
            moves[at] = (bit, score);
            count += 1;
        }
        (moves, count)
    }

    /// Searches `moves` (tried last first) of `pos` with the window `(alpha, beta)`,
    /// this thread and the crew's idle helpers taking them in turn (a helper that
    /// becomes idle joins while moves are left; this thread, its moves done, works on
    /// the splits below while it waits for its helpers). Returns the best score found,
    /// capped as negamax's loop would be; a score at or above beta stops them all.
    fn split(&mut self, pos: Pos, alpha: i32, beta: i32, moves: &[(u64, u32)]) -> i32 {
        let next = AtomicUsize::new(0);
        let flag = Arc::new(AtomicBool::new(false));
        let best = AtomicI32::new(alpha);
        let work = |s: &mut Search<'_>| {
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(bit, _)) = moves.len().checked_sub(k + 1).and_then(|i| moves.get(i))
                else {
                    break;
                };
                let a = best.load(Ordering::Relaxed).max(alpha);
                if a >= beta || s.aborted || s.refuted() {
                    break;
                }
                let score = -s.negamax(pos.play(bit), -beta, -a);
                if s.aborted || s.refuted() {
                    break;
                }
                best.fetch_max(score, Ordering::Relaxed);
                if score >= beta {
                    flag.store(true, Ordering::Relaxed);
                    break;
                }
            }
        };
        let (opts, slots, stop, crew) = (self.opts, self.slots, self.stop, self.crew);
        let mut under = self.splits.clone();
        under.push(Arc::clone(&flag));
        let helped: Mutex<Vec<(u64, Vec<u32>, bool)>> = Mutex::new(Vec::new());
        let helper = |_: usize| {
            if next.load(Ordering::Relaxed) >= moves.len() || flag.load(Ordering::Relaxed) {
                return;
            }
            let mut h = Search {
                opts,
                slots,
                touched: Vec::new(),
                nodes: 0,
                stop,
                aborted: false,
                crew,
                splits: under.clone(),
            };
            work(&mut h);
            if let Ok(mut v) = helped.lock() {
                v.push((h.nodes, h.touched, h.aborted));
            }
        };
        match crew {
            Some(c) => c.split(
                moves.len().saturating_sub(1),
                (CELLS - pos.moves) as u32,
                &helper,
                || {
                    self.splits.push(Arc::clone(&flag));
                    work(self);
                    self.splits.pop();
                },
            ),
            None => work(self),
        }
        for (nodes, touched, aborted) in helped.into_inner().unwrap_or_default() {
            self.nodes += nodes;
            self.touched.extend(touched);
            self.aborted |= aborted;
        }
        best.load(Ordering::Relaxed)
    }
}

/// The exact score bounds of the game, for documentation and checks.
pub const SCORE_RANGE: (i32, i32) = (MIN_SCORE, MAX_SCORE);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_key_matches_mirrored_position() {
        let pos = Connect4::from_moves("4453221").expect("valid moves");
        let m = pos.mirrored();
        let k = pos.current_stones() + pos.all_stones();
        let km = m.current_stones() + m.all_stones();
        assert_eq!(mirror_key(k), km);
    }

    #[test]
    fn quick_wins_and_losses() {
        let mut solver = C4Solver::new(C4Options::default());
        // X has three stacked in column 1 and wins with the 4th stone.
        let pos = Connect4::from_moves("121212").expect("valid moves");
        assert_eq!(solver.solve(&pos).score, 22 - 4);
    }
}
