//! The options of how a search cuts and orders its moves: fail-hard or fail-soft, soft
//! cutoffs, move ordering, killer moves and history.

use super::*;
use crate::search::options::{MAX_KILLERS, MAX_SHALLOW_DEPTH, MoveOrder};
use crate::search::registry::{Bounds, OwnOption, labels, owners};

/// The declarations of this group, in the row spec's order.
pub(super) const CUTOFF_OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        key: "fail-soft",
        label: "Fail-soft",
        help: "Fail-soft instead of fail-hard: return the best value found, even outside the window",
        form: Form::Switch {
            states: &[
                SwitchState {
                    key: "fail-hard",
                    label: "Fail-hard",
                    help: "Fail-hard: clamp values to the window (the default)",
                },
                SwitchState {
                    key: "fail-soft",
                    label: "",
                    help: "",
                },
            ],
            get: |o| usize::from(o.fail_soft),
            set: |o, k| o.fail_soft = k == 1,
        },
        summary: |o| o.fail_soft.then(|| "fail-soft".into()),
        needs: ok,
        check: |s| {
            if s.run.fail_soft && !s.algorithm.has_fail_soft_choice() {
                return Err(format!(
                    "{} has no fail-hard/fail-soft choice (only {} do)",
                    s.algorithm.label(),
                    labels(|a| a.bounds == Bounds::Choice)
                ));
            }
            Ok(())
        },
        example: |o| o.fail_soft = true,
        only_for: None,
    },
    OptionDecl {
        key: "soft-cutoffs",
        label: "Soft cutoffs",
        help: "Fail-hard, but a cutoff returns the value that caused it and a known bound is returned as it is (Pons' negamax)",
        form: flag!(soft_cutoffs, "soft-cutoffs"),
        summary: |o| o.soft_cutoffs.then(|| "soft cutoffs".into()),
        needs: |o| {
            if o.fail_soft {
                Err("soft cutoffs are a fail-hard variant: fail-soft already returns every value as it is".into())
            } else {
                Ok(())
            }
        },
        check: |s| {
            if s.run.soft_cutoffs && !s.algorithm.info().has(OwnOption::SoftCutoffs) {
                return Err(format!(
                    "{} has no soft-cutoff variant (only {} do)",
                    s.algorithm.label(),
                    owners(OwnOption::SoftCutoffs)
                ));
            }
            Ok(())
        },
        example: |o| o.soft_cutoffs = true,
        only_for: None,
    },
    OptionDecl {
        key: "order",
        label: "Ordering",
        help: "Move ordering: none, static, eval, shallow:K, oracle, threats or prior",
        form: Form::Value {
            hint: "NAME",
            get: |o| o.ordering.name(),
            set: |o, v| {
                o.ordering = MoveOrder::from_name(v).map_err(|e| e.to_string())?;
                Ok(())
            },
            number: None,
            choices: ORDERINGS,
        },
        summary: |o| {
            (o.ordering != MoveOrder::Generation).then(|| format!("order {}", o.ordering.name()))
        },
        needs: ok,
        check: |s| {
            if s.algorithm.info().budget == crate::search::registry::Budget::Iterations
                && s.written.ordering != MoveOrder::Generation
            {
                return Err(format!(
                    "{} does not order moves: it adds them to its tree in the order they are \
                     generated and chooses among them by UCB1",
                    s.algorithm.label()
                ));
            }
            if let MoveOrder::Shallow(k) = s.run.ordering
                && (k == 0 || k > MAX_SHALLOW_DEPTH)
            {
                return Err(format!(
                    "shallow-search ordering depth {k} is out of range: use 1 to {MAX_SHALLOW_DEPTH}"
                ));
            }
            Ok(())
        },
        example: |o| o.ordering = MoveOrder::Static,
        only_for: None,
    },
    OptionDecl {
        key: "order-first",
        label: "Only the first move",
        help: "Order only the first move: bring the best-rated move to the front (article 002)",
        form: Form::Switch {
            states: &[
                SwitchState {
                    key: "",
                    label: "",
                    help: "",
                },
                SwitchState {
                    key: "order-first",
                    label: "",
                    help: "",
                },
            ],
            get: |o| usize::from(!o.order_all),
            set: |o, k| o.order_all = k == 0,
        },
        summary: |o| (!o.order_all).then(|| "first move only".into()),
        needs: |o| {
            if o.ordering == MoveOrder::Generation {
                Err("no ordering chosen".into())
            } else {
                Ok(())
            }
        },
        check: fits,
        example: |o| o.order_all = false,
        only_for: None,
    },
    OptionDecl {
        key: "oracle-win-loss",
        label: "Oracle blind to win distance",
        help: "With the oracle ordering: the oracle rates wins without their distance",
        form: flag!(oracle_win_loss, "oracle-win-loss"),
        summary: |o| o.oracle_win_loss.then(|| "oracle win/loss".into()),
        needs: |o| {
            if o.ordering == MoveOrder::Oracle {
                Ok(())
            } else {
                Err("'oracle ignores win distance' applies only to oracle ordering".into())
            }
        },
        check: fits,
        example: |o| o.oracle_win_loss = true,
        only_for: None,
    },
    OptionDecl {
        key: "killers",
        label: "Killers",
        help: "Killer moves kept per ply (0 = off)",
        form: Form::Value {
            hint: "N",
            get: |o| o.killers.to_string(),
            set: |o, v| {
                o.killers = whole(v, "the number of killers")?;
                Ok(())
            },
            number: Some(KILLERS),
            choices: &[],
        },
        summary: |o| (o.killers > 0).then(|| format!("killers {}", o.killers)),
        needs: ok,
        check: |s| {
            within(i64::from(s.run.killers), KILLERS, || {
                format!(
                    "{} killer moves per ply is too many: use 0 to {MAX_KILLERS}",
                    s.run.killers
                )
            })?;
            learns(s, s.run.killers > 0)
        },
        example: |o| o.killers = 1,
        only_for: None,
    },
    OptionDecl {
        key: "history",
        label: "History heuristic",
        help: "The history heuristic",
        form: flag!(history, "history"),
        summary: |o| o.history.then(|| "history".into()),
        needs: ok,
        check: |s| learns(s, s.run.history),
        example: |o| o.history = true,
        only_for: None,
    },
];
