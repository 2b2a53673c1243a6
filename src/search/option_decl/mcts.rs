//! The declarations of Monte Carlo tree search's options: its iterations, UCT's
//! exploration constant, the seed of its playouts and the depth of MCTS-MR's minimax in
//! them; PUCT's network, constant and root noise.

use super::*;
use crate::search::options::SearchOptions;
use crate::search::registry::{OwnOption, owners};

/// An MCTS option set away from its default on an algorithm that does not take it is
/// refused.
pub(super) fn owned(
    s: &Subject<'_>,
    set: bool,
    what: &str,
    owner: OwnOption,
) -> Result<(), String> {
    if set && !s.algorithm.info().has(owner) {
        return Err(format!("{what} is {}'s", owners(owner)));
    }
    Ok(())
}

/// The depth of a hybrid's minimax (`what`): refused above 0 on an algorithm that does
/// not own `owner`, and beyond the range.
fn minimax_depth(s: &Subject<'_>, depth: u32, what: &str, owner: OwnOption) -> Result<(), String> {
    if depth > 0 && !s.algorithm.info().has(owner) {
        return Err(format!("{what} is {}'s", owners(owner)));
    }
    within(i64::from(depth), MR_DEPTH, || {
        format!(
            "{what} of depth {depth} is out of range: use 0 to {}",
            MR_DEPTH.max
        )
    })
}

/// The MCTS options.
pub(super) const MCTS_OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        key: "iterations",
        label: "Iterations",
        help: "MCTS and PUCT: iterations to run (each selects a path, adds a node, plays out or asks the network, and backs up)",
        form: Form::Value {
            hint: "N",
            get: |o| o.iterations.to_string(),
            set: |o, v| {
                o.iterations = whole(v, "the iterations")?;
                Ok(())
            },
            number: Some(ITERATIONS),
            choices: &[],
        },
        summary: |o| {
            (o.iterations != SearchOptions::default().iterations)
                .then(|| format!("{} iterations", o.iterations))
        },
        needs: ok,
        check: |s| {
            owned(
                s,
                s.run.iterations != SearchOptions::default().iterations,
                "the iteration count",
                OwnOption::Iterations,
            )?;
            within(s.run.iterations as i64, ITERATIONS, || {
                format!(
                    "{} iterations is out of range: use 1 to {}",
                    s.run.iterations, ITERATIONS.max
                )
            })
        },
        example: |o| o.iterations = 100,
        only_for: Some(OwnOption::Iterations),
    },
    OptionDecl {
        key: "uct-c",
        label: "UCT constant ×100",
        help: "MCTS: UCT's exploration constant in hundredths (200: C = 2 for rewards from -1 to 1)",
        form: Form::Value {
            hint: "N",
            get: |o| o.uct_c.to_string(),
            set: |o, v| {
                o.uct_c = whole(v, "UCT's constant")?;
                Ok(())
            },
            number: Some(UCT_C),
            choices: &[],
        },
        summary: |o| {
            (o.uct_c != SearchOptions::default().uct_c)
                .then(|| format!("C {:.2}", f64::from(o.uct_c) / 100.0))
        },
        needs: ok,
        check: |s| {
            owned(
                s,
                s.run.uct_c != SearchOptions::default().uct_c,
                "UCT's constant",
                OwnOption::Playouts,
            )?;
            within(i64::from(s.run.uct_c), UCT_C, || {
                format!(
                    "a UCT constant of {} hundredths is out of range: use 0 to {}",
                    s.run.uct_c, UCT_C.max
                )
            })
        },
        example: |o| o.uct_c = 100,
        only_for: Some(OwnOption::Playouts),
    },
    OptionDecl {
        key: "rollout-seed",
        label: "Playout seed",
        help: "MCTS: the seed of its random expansions and playouts; PUCT: of its root noise (the same seed gives the same tree)",
        form: Form::Value {
            hint: "N",
            get: |o| o.rollout_seed.to_string(),
            set: |o, v| {
                o.rollout_seed = whole(v, "the playout seed")?;
                Ok(())
            },
            number: Some(ROLLOUT_SEED),
            choices: &[],
        },
        summary: |o| {
            (o.rollout_seed != SearchOptions::default().rollout_seed)
                .then(|| format!("seed {}", o.rollout_seed))
        },
        needs: ok,
        check: |s| {
            owned(
                s,
                s.run.rollout_seed != SearchOptions::default().rollout_seed,
                "the seed of the random draws",
                OwnOption::Iterations,
            )
        },
        example: |o| o.rollout_seed = 2,
        only_for: Some(OwnOption::Iterations),
    },
    OptionDecl {
        key: "mr-depth",
        label: "Playout minimax (MR)",
        help: "MCTS-MR: choose each playout move by a win-loss minimax of this depth (1 plays a win at once, 2 also avoids giving one); 0 plays random moves",
        form: Form::Value {
            hint: "D",
            get: |o| o.mr_depth.to_string(),
            set: |o, v| {
                o.mr_depth = whole(v, "the playout minimax depth")?;
                Ok(())
            },
            number: Some(MR_DEPTH),
            choices: &[],
        },
        summary: |o| (o.mr_depth > 0).then(|| format!("MR {}", o.mr_depth)),
        needs: ok,
        check: |s| {
            minimax_depth(
                s,
                s.run.mr_depth,
                "a playout minimax (MCTS-MR)",
                OwnOption::Playouts,
            )
        },
        example: |o| o.mr_depth = 1,
        only_for: Some(OwnOption::Playouts),
    },
    OptionDecl {
        key: "ms-depth",
        label: "Selection minimax (MS)",
        help: "MCTS-MS: a node selected for the first time gets a win-loss minimax of this depth, which may prove it (MCTS-Solver); 0 is off",
        form: Form::Value {
            hint: "D",
            get: |o| o.ms_depth.to_string(),
            set: |o, v| {
                o.ms_depth = whole(v, "a selection minimax (MCTS-MS)")?;
                Ok(())
            },
            number: Some(MR_DEPTH),
            choices: &[],
        },
        summary: |o| (o.ms_depth > 0).then(|| format!("MS {}", o.ms_depth)),
        needs: ok,
        check: |s| {
            minimax_depth(
                s,
                s.run.ms_depth,
                "a selection minimax (MCTS-MS)",
                OwnOption::ProofHybrids,
            )
        },
        example: |o| o.ms_depth = 2,
        only_for: Some(OwnOption::ProofHybrids),
    },
    OptionDecl {
        key: "mb-depth",
        label: "Backup minimax (MB)",
        help: "MCTS-MB: where a proof backed up stops, a win-loss minimax of this depth from that node may prove it (MCTS-Solver); 0 is off",
        form: Form::Value {
            hint: "D",
            get: |o| o.mb_depth.to_string(),
            set: |o, v| {
                o.mb_depth = whole(v, "a backup minimax (MCTS-MB)")?;
                Ok(())
            },
            number: Some(MR_DEPTH),
            choices: &[],
        },
        summary: |o| (o.mb_depth > 0).then(|| format!("MB {}", o.mb_depth)),
        needs: ok,
        check: |s| {
            minimax_depth(
                s,
                s.run.mb_depth,
                "a backup minimax (MCTS-MB)",
                OwnOption::ProofHybrids,
            )
        },
        example: |o| o.mb_depth = 2,
        only_for: Some(OwnOption::ProofHybrids),
    },
];

/// PUCT's options: its network, its constant and its root noise.
pub(super) const PUCT_OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        key: "net",
        label: "Network",
        help: "PUCT: the policy-value network, a safetensors file (made by `treelab train-net`, or PyTorch's with the same shape); `shipped` (the default) is the one shipped for the game",
        form: Form::Value {
            hint: "FILE",
            get: |o| {
                if o.net.is_empty() {
                    crate::net::load::SHIPPED.to_string()
                } else {
                    o.net.clone()
                }
            },
            set: |o, v| {
                let v = v.trim();
                if v.contains('+') {
                    return Err(format!(
                        "'{v}': a network's path cannot hold '+' in a row (it separates options); rename the file"
                    ));
                }
                o.net = if v == crate::net::load::SHIPPED {
                    String::new()
                } else {
                    v.to_string()
                };
                Ok(())
            },
            number: None,
            choices: &[],
        },
        summary: |o| (!o.net.is_empty()).then(|| format!("net {}", file_name(&o.net))),
        needs: ok,
        check: |s| owned(s, !s.run.net.is_empty(), "a network", OwnOption::Network),
        example: |o| o.net = "c4.safetensors".into(),
        only_for: Some(OwnOption::Network),
    },
    OptionDecl {
        key: "puct-c",
        label: "PUCT constant ×100",
        help: "PUCT: c_puct in hundredths (125: c = 1.25), the weight of a move's prior against its mean value",
        form: Form::Value {
            hint: "N",
            get: |o| o.puct_c.to_string(),
            set: |o, v| {
                o.puct_c = whole(v, "PUCT's constant")?;
                Ok(())
            },
            number: Some(UCT_C),
            choices: &[],
        },
        summary: |o| {
            (o.puct_c != SearchOptions::default().puct_c)
                .then(|| format!("c {:.2}", f64::from(o.puct_c) / 100.0))
        },
        needs: ok,
        check: |s| {
            owned(
                s,
                s.run.puct_c != SearchOptions::default().puct_c,
                "PUCT's constant",
                OwnOption::Network,
            )?;
            within(i64::from(s.run.puct_c), UCT_C, || {
                format!(
                    "a PUCT constant of {} hundredths is out of range: use 0 to {}",
                    s.run.puct_c, UCT_C.max
                )
            })
        },
        example: |o| o.puct_c = 200,
        only_for: Some(OwnOption::Network),
    },
    OptionDecl {
        key: "dirichlet",
        label: "Root noise α ×100",
        help: "PUCT: Dirichlet noise of concentration alpha (in hundredths) mixed into a quarter of the root's priors, as AlphaZero's self-play; 0 (the default) is off, for measurements",
        form: Form::Value {
            hint: "N",
            get: |o| o.dirichlet.to_string(),
            set: |o, v| {
                o.dirichlet = whole(v, "the noise's alpha")?;
                Ok(())
            },
            number: Some(UCT_C),
            choices: &[],
        },
        summary: |o| {
            (o.dirichlet > 0).then(|| format!("noise α {:.2}", f64::from(o.dirichlet) / 100.0))
        },
        needs: ok,
        check: |s| {
            owned(s, s.run.dirichlet > 0, "root noise", OwnOption::Network)?;
            within(i64::from(s.run.dirichlet), UCT_C, || {
                format!(
                    "a noise alpha of {} hundredths is out of range: use 0 to {}",
                    s.run.dirichlet, UCT_C.max
                )
            })
        },
        example: |o| o.dirichlet = 30,
        only_for: Some(OwnOption::Network),
    },
];

/// The last part of a path (a row's summary names the file, not its folder).
fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}
