//! The node protocol, written once: a node of a windowed negamax search is visited
//! (counted, traced, the stop flag polled), judged (the horizon, the game's rules, the
//! table), expanded (its moves generated and ordered), its moves searched with each
//! value taken in (the best so far, the line, a cutoff that teaches the move picker),
//! its move list given back and its result stored.
//!
//! An algorithm writes only what makes it itself, as a [`Rule`]: how it searches a
//! node's moves (its window discipline, its re-searches, its split) and the few points
//! where its contract differs from fail-soft negamax (fail-hard values, Pons' one-bound
//! tables, leaves kept in the table, two-sided values). As in Stockfish's one `search()`
//! with its node types, the rule is a type: each algorithm's node is compiled on its own
//! with its hooks inlined, so the protocol costs no call. The exhaustive searches (no
//! window, no table) share [`every_move`].

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};
use crate::search::options::TableKind;

/// The least remaining depth at which a node may share its moves out to lent threads
/// (see [`crate::search::algorithms::serial_split`]): below it a move's search is too
/// short to be worth a thread.
pub const MIN_SHARE_DEPTH: u32 = 4;

/// Where a node stands: its position, its remaining depth and its ply.
pub struct At<'p, G> {
    /// The node's position.
    pub pos: &'p G,
    /// Its remaining depth.
    pub depth: u32,
    /// Its distance from the root.
    pub ply: usize,
}

/// A node's window and its best value and move so far, as its moves are taken in
/// (fail-soft: the value may lie outside the window).
#[derive(Clone, Debug)]
pub struct Best<M> {
    /// The window's lower end, raised as moves are found better.
    pub alpha: i32,
    /// The window's upper end.
    pub beta: i32,
    /// The best value so far.
    pub value: i32,
    /// Its move.
    pub mv: Option<M>,
}

impl<M: Copy> Best<M> {
    /// A node about to search its moves with the window `(alpha, beta)`.
    #[inline(always)]
    #[must_use]
    pub fn new(alpha: i32, beta: i32) -> Self {
        Best {
            alpha,
            beta,
            value: -INF,
            mv: None,
        }
    }

    /// Takes in the value `v` of the node's `i`th move `mv`: the best so far, the line
    /// when it raises alpha, and at beta the cutoff, counted and taught to the move
    /// picker. True when the node is cut (its other moves are needless).
    #[inline(always)]
    pub fn take<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        i: usize,
        mv: M,
        v: i32,
    ) -> bool {
        if v > self.value {
            self.value = v;
            self.mv = Some(mv);
        }
        if v > self.alpha {
            ctx.update_pv(at.ply, mv);
            if v >= self.beta {
                ctx.cutoff(at.pos, at.ply, i, mv, at.depth);
                return true;
            }
            self.alpha = v;
        }
        false
    }
}

/// What makes a windowed negamax algorithm itself, around the protocol [`search`]
/// keeps. Only [`Rule::moves`] is required; the other hooks default to fail-soft
/// negamax with the table's full bounds.
pub trait Rule<G: Game, E: Evaluator<G>>: Copy {
    /// Whether the node's moves may be shared out to lent threads without changing a
    /// count ([`crate::search::algorithms::serial_split`]): then, at nodes deep enough in
    /// a search with lent threads, [`Rule::moves`] runs with `SHARE` true, out of line.
    const SHARES: bool = false;

    /// Searches the node's `moves` (ordered, at least one) in the algorithm's way,
    /// taking each value into `best` ([`Best::take`]), until a move is cut or the
    /// search is stopped.
    fn moves<const SHARE: bool>(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        moves: &[G::Move],
        best: &mut Best<G::Move>,
    );

    /// The value of a node at the horizon (`(alpha, beta)` its window): its static
    /// value.
    #[inline(always)]
    fn leaf(self, ctx: &mut Ctx<'_, G, E>, pos: &G, alpha: i32, beta: i32) -> i32 {
        let _ = (alpha, beta);
        ctx.static_leaf(pos)
    }

    /// The game's rules and the table on the node with the window `(alpha, beta)`: the
    /// window narrowed and the table's move, or the node's value when they decide it
    /// ([`Ctx::judge`]).
    #[inline(always)]
    fn judge(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, i32, Option<G::Move>), i32> {
        ctx.judge(at.pos, at.depth, at.ply, alpha, beta)
    }

    /// What a node that [`Rule::judge`] decided with `v` returns, `(alpha, beta)` the
    /// window it was asked with: `v` as it is.
    #[inline(always)]
    fn decided(self, ctx: &Ctx<'_, G, E>, v: i32, alpha: i32, beta: i32) -> i32 {
        let _ = (ctx, alpha, beta);
        v
    }

    /// What a node found to be a finished game when expanded returns (`v` its value,
    /// counted as a leaf): `v`.
    #[inline(always)]
    fn finished(self, ctx: &mut Ctx<'_, G, E>, at: &At<'_, G>, v: i32) -> i32 {
        let _ = (ctx, at);
        v
    }

    /// What a node returns once its moves are searched: the best value (fail-soft).
    #[inline(always)]
    fn value(self, ctx: &Ctx<'_, G, E>, best: &Best<G::Move>) -> i32 {
        let _ = ctx;
        best.value
    }

    /// The window the node's result is stored under, given the one it was asked with
    /// and the one it searched with (after the table): the one asked.
    #[inline(always)]
    fn stored_window(
        self,
        ctx: &Ctx<'_, G, E>,
        asked: (i32, i32),
        searched: (i32, i32),
    ) -> (i32, i32) {
        let _ = (ctx, searched);
        asked
    }

    /// Searches `pos` at `depth` and `ply`, reached by `mv`, with the window
    /// `(alpha, beta)` under this rule ([`search`]).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn search(
        self,
        ctx: &mut Ctx<'_, G, E>,
        pos: &G,
        depth: u32,
        ply: usize,
        mv: Option<G::Move>,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        search(ctx, self, pos, depth, ply, mv, alpha, beta)
    }
}

/// A node of `rule`'s search: `pos` at `depth` and `ply`, reached by `mv`, with the
/// window `(alpha, beta)`: visited ([`Ctx::visit`]), then [`body`] (out of line where
/// the rule shares its moves and the node may, so that the serial nodes carry none of
/// the sharing's code, which slowed them by 5%). Always inlined: the algorithm's entry
/// point is this, so a node costs one call.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub fn search<G: Game, E: Evaluator<G>, R: Rule<G, E>>(
    ctx: &mut Ctx<'_, G, E>,
    rule: R,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
    alpha: i32,
    beta: i32,
) -> i32 {
    debug_assert!(alpha < beta);
    ctx.visit(ply, mv, alpha, beta, |ctx| {
        let at = At { pos, depth, ply };
        if R::SHARES && may_share(ctx, depth) {
            out_of_line(|| body::<true, G, E, R>(ctx, rule, &at, alpha, beta))
        } else {
            body::<false, G, E, R>(ctx, rule, &at, alpha, beta)
        }
    })
}

/// A visited node's value: at the horizon the rule's leaf, else [`interior`].
#[inline(always)]
pub fn body<const SHARE: bool, G: Game, E: Evaluator<G>, R: Rule<G, E>>(
    ctx: &mut Ctx<'_, G, E>,
    rule: R,
    at: &At<'_, G>,
    alpha: i32,
    beta: i32,
) -> i32 {
    if at.depth == 0 {
        return rule.leaf(ctx, at.pos, alpha, beta);
    }
    interior::<SHARE, G, E, R>(ctx, rule, at, alpha, beta)
}

/// A visited node above the horizon with the window `(alpha0, beta0)`: judged,
/// expanded, its moves searched by the rule, its list given back and its result stored.
#[inline(always)]
pub fn interior<const SHARE: bool, G: Game, E: Evaluator<G>, R: Rule<G, E>>(
    ctx: &mut Ctx<'_, G, E>,
    rule: R,
    at: &At<'_, G>,
    alpha0: i32,
    beta0: i32,
) -> i32 {
    let (alpha, beta, tt_move) = match rule.judge(ctx, at, alpha0, beta0) {
        Ok(w) => w,
        Err(v) => return rule.decided(ctx, v, alpha0, beta0),
    };
    let (lo, hi) = rule.stored_window(ctx, (alpha0, beta0), (alpha, beta));
    let moves = match ctx.expand(at.pos, at.depth, at.ply, tt_move) {
        Ok(m) => m,
        Err(v) => return rule.finished(ctx, at, v),
    };
    let mut best = Best::new(alpha, beta);
    rule.moves::<SHARE>(ctx, at, &moves, &mut best);
    ctx.release(moves);
    let value = rule.value(ctx, &best);
    ctx.tt_store(at.pos, at.depth, lo, hi, value, best.mv);
    value
}

/// The window a node's result is stored under in algorithms that take Pons'
/// one-bound tables (NegaAlpha, Star1 and Star2): the one `searched` (after the table
/// narrowed it), by which such a table tells a cutoff; the one `asked` with the full
/// table.
#[inline(always)]
#[must_use]
pub fn one_bound_window<G: Game, E: Evaluator<G>>(
    ctx: &Ctx<'_, G, E>,
    asked: (i32, i32),
    searched: (i32, i32),
) -> (i32, i32) {
    if ctx.opts().table == TableKind::Full {
        asked
    } else {
        searched
    }
}

/// Whether a node at `depth` may share its moves out: deep enough, in a search with
/// lent threads.
#[inline]
#[must_use]
pub fn may_share<G: Game, E: Evaluator<G>>(ctx: &Ctx<'_, G, E>, depth: u32) -> bool {
    depth >= MIN_SHARE_DEPTH && ctx.lent().is_some()
}

/// Runs `f` out of line, marked cold (a node whose moves lent threads may share).
#[cold]
#[inline(never)]
pub fn out_of_line<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// A visited node of an exhaustive negamax search (no window, no table): its static
/// value at the horizon; else expanded, each child's value from this node's view given
/// by `child` (`mv`, the position after it), the best kept with its line (a finished
/// game's value when the node has no moves).
#[inline(always)]
pub fn every_move<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    at: &At<'_, G>,
    mut child: impl FnMut(&mut Ctx<'_, G, E>, G::Move, &G) -> i32,
) -> i32 {
    if at.depth == 0 {
        return ctx.static_leaf(at.pos);
    }
    let moves = match ctx.expand(at.pos, at.depth, at.ply, None) {
        Ok(m) => m,
        Err(v) => return v,
    };
    let mut best = -INF;
    for &mv in &moves {
        let v = child(ctx, mv, &at.pos.play(mv));
        if ctx.aborted() {
            break;
        }
        if v > best {
            best = v;
            ctx.update_pv(at.ply, mv);
        }
    }
    ctx.release(moves);
    best
}
