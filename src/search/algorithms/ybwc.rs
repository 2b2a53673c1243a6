//! YBWC, the young brothers wait concept: PVS in which any node with enough depth
//! left may be split once its eldest brother (its first move) has been searched: the
//! other moves then go to this thread and to whichever threads are free, each with a
//! context of its own, all sharing the table (see [`super::split`]). A thread that
//! takes part in a split may split again below it, so the work spreads through the
//! tree rather than at the root only; a move that reaches beta stops its brothers'
//! work. Splits wait for the eldest brother because its value gives the others a
//! window: in a well-ordered tree it is the best move, and the brothers are mostly
//! cut.
//!
//! R. Feldmann, B. Monien, P. Mysliwietz, O. Vornberger, "Distributed game-tree
//! search" (1989); Feldmann, "Game tree search on massively parallel systems" (1993).
//! Here the helpers are the search's crew of threads, started once when the search
//! begins and kept to its end (a split is a job they join while it has moves left),
//! and a split's owner works on the splits below it while it waits for them.
//!
//! Contract: fail-soft as [`super::pvs`], side to move's view: the same exact value as
//! PVS and NegaAlpha within the window whatever the threads. With one thread it is PVS,
//! node for node. With more, which moves are cut depends on which thread finished
//! first, so the node counts (and the best move among equals) vary from run to run.

use crate::game::{Evaluator, Game};
use crate::search::context::Ctx;
use crate::search::node::{self, At, Best, Rule};

use super::pvs;
use super::split::{self, Node, split};

/// The least depth left at which a node is split: below it a subtree is searched
/// faster than it is handed to another thread.
pub const MIN_SPLIT_DEPTH: u32 = 4;

/// ... and the fewest nodes its eldest brother's search took (about a millisecond):
/// the eldest's subtree foretells its brothers', and small ones are searched faster
/// than they are handed out. FFO #40-#59 at depth 10 on 16 threads (2 cores): 151,000
/// splits without the condition, 6,900 with it, 18 and 7 voluntary context switches
/// per million nodes.
pub const SPLIT_MIN_ELDEST_NODES: u64 = 1_000;

/// Searches the root `pos` at `depth` with the window `(alpha, beta)` on the options'
/// threads.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    let threads = ctx.opts().threads.max(1) as usize;
    let before = ctx.own_nodes();
    if threads == 1 {
        let v = pvs::search(ctx, pos, depth, 0, None, alpha, beta);
        ctx.count_threads(1, ctx.own_nodes() - before, 0);
        return v;
    }
    let _ = ctx.share_table();
    let _ = ctx.parallel(threads, false);
    let v = node_search(ctx, pos, depth, 0, None, alpha, beta);
    ctx.count_threads(threads as u32, ctx.own_nodes() - before, 0);
    v
}

/// A node of the search, visited and counted.
fn node_search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
    alpha: i32,
    beta: i32,
) -> i32 {
    node::search(ctx, Ybwc, pos, depth, ply, mv, alpha, beta)
}

/// YBWC's rule: PVS's moves, the young brothers split once the eldest is searched.
#[derive(Clone, Copy)]
struct Ybwc;

impl<G: Game, E: Evaluator<G>> Rule<G, E> for Ybwc {
    fn moves<const SHARE: bool>(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        moves: &[G::Move],
        best: &mut Best<G::Move>,
    ) {
        let start = ctx.own_nodes();
        for (i, &mv) in moves.iter().enumerate() {
            // The eldest brother is searched: the young ones may go to free threads.
            if i == 1
                && at.depth >= MIN_SPLIT_DEPTH
                && moves.len() > 2
                && ctx.own_nodes() - start >= SPLIT_MIN_ELDEST_NODES
                && ctx.idle_helpers() > 0
            {
                young_brothers(ctx, at, moves, best);
                break;
            }
            if pvs::try_move(ctx, node_search::<G, E>, at, (i, mv), best) {
                break;
            }
        }
    }
}

/// The node's moves from the second on, split among this thread and the free ones.
fn young_brothers<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    at: &At<'_, G>,
    moves: &[G::Move],
    best: &mut Best<G::Move>,
) {
    let split_at = split::At {
        pos: at.pos,
        depth: at.depth,
        ply: at.ply,
        beta: best.beta,
        moves,
        first: 1,
        child: node_search::<G, E>,
    };
    let start = Node {
        best: best.value,
        best_move: best.mv,
        line: Vec::new(),
        alpha: best.alpha,
        cut: false,
    };
    let after = split(ctx, &split_at, start);
    best.value = after.best;
    best.mv = after.best_move;
    if !after.line.is_empty() && !ctx.aborted() {
        ctx.set_line_at(at.ply, after.line);
    }
}
