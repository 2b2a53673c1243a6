//! ABDADA: every thread searches the whole tree at the same depth, sharing the table,
//! as in Lazy SMP; what keeps them apart is that a thread skips, for now, a move that
//! another thread is searching at that moment, and comes back to it once it has
//! searched the node's other moves, by when the other thread's bound is usually in
//! the table. The first move of a node is never put off (every thread searches it,
//! as the young brothers wait), and nodes with little depth left are not marked.
//!
//! J.-C. Weill, "The ABDADA distributed minimax search algorithm" (1996), in the
//! simplified form of T. Kerrigan (2013): the nodes being searched are marked in a
//! small table of their own rather than counted in every table entry; a mark lost to
//! another node of the same slot only loses a deferral.
//!
//! Contract: fail-soft as [`super::pvs`], side to move's view. Putting a move off
//! changes the order moves are searched in, never a value, and a bound in the table
//! answers a node only at its depth, so the main thread's value is PVS's exact value
//! whatever the threads. With one thread it is PVS, node for node; with more the
//! counts vary from run to run. The helpers are started once for the search and keep
//! their killers and history across its iterations (see [`super::lazy_smp`]): each
//! searches the main thread's depth, and goes on to the next when it finishes first.

use crate::game::{Evaluator, Game};
use crate::search::context::Ctx;
use crate::search::node::{self, At, Best, Rule};

use super::lazy_smp::{Team, main_search};
use super::pvs;

/// The least depth left at which a node marks the moves it searches and puts off
/// those another thread is searching.
pub const MIN_DEFER_DEPTH: u32 = 3;

/// Searches the root `pos` at `depth` with the window `(alpha, beta)`: the main
/// thread's search, the helpers (started by [`super::lazy_smp::with_team`] for the
/// whole search) searching beside it; on one thread, PVS node for node.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    main_search(ctx, pos, depth, (alpha, beta), node_search::<G, E>)
}

/// ABDADA's team: its own search in every thread, all at the main thread's depth,
/// sharing busy marks.
#[must_use]
pub fn team<'a, G: Game, E: Evaluator<G>>() -> Team<'a, G, E> {
    Team {
        search: node_search::<G, E>,
        diverse: false,
        marks: true,
    }
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
    node::search(ctx, Abdada, pos, depth, ply, mv, alpha, beta)
}

/// The key a child being searched at `depth` is marked under.
fn mark_key<G: Game>(child: &G, depth: u32) -> u64 {
    child.hash() ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// ABDADA's rule: PVS's moves, those another thread is searching put off to the end.
#[derive(Clone, Copy)]
struct Abdada;

impl<G: Game, E: Evaluator<G>> Rule<G, E> for Abdada {
    fn moves<const SHARE: bool>(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        moves: &[G::Move],
        best: &mut Best<G::Move>,
    ) {
        let search = node_search::<G, E>;
        let marks = at.depth >= MIN_DEFER_DEPTH;
        let mut later = Vec::new();
        for (i, &mv) in moves.iter().enumerate() {
            let key = if marks {
                mark_key(&at.pos.play(mv), at.depth)
            } else {
                0
            };
            if marks {
                if i > 0 && ctx.is_busy(key) {
                    later.push(i);
                    continue;
                }
                ctx.mark_busy(key);
            }
            let over = pvs::try_move(ctx, search, at, (i, mv), best);
            if marks {
                ctx.unmark_busy(key);
            }
            if over {
                return;
            }
        }
        // The moves put off, now that their searches elsewhere have (mostly) ended.
        for i in later {
            if pvs::try_move(ctx, search, at, (i, moves[i]), best) {
                break;
            }
        }
    }
}
