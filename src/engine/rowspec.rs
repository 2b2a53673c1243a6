//! The one text form of a comparison row: an algorithm with the options that differ
//! from the defaults, `NAME[+OPTION[=VALUE]]...` (`negascout+order=static+killers=2`).
//! Bench rows, session labels, the tree view's titles and matches' players all read and
//! write it here.

use serde::{Deserialize, Serialize};

use crate::engine::EngineError;
use crate::search::option_decl::{Form, all, by_key};
use crate::search::{Algorithm, SearchOptions};

/// One algorithm row of a bench: a label and what to run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchRow {
    /// The row's label (its spec string, e.g. `negascout+skip-shallow-research`).
    pub label: String,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Its options.
    pub options: SearchOptions,
}

/// Parses a row spec `NAME[+OPTION[=VALUE]]...` over `base` options: for example
/// `negascout+skip-shallow-research`, `mtdf+tt=64+id`, `negaalpha+killers=4+order=static`.
/// Options the algorithm cannot take are refused with the reason.
pub fn parse_row_spec(spec: &str, base: &SearchOptions) -> Result<BenchRow, EngineError> {
    let mut parts = spec.split('+').map(str::trim);
    let name = parts.next().unwrap_or_default();
    let algorithm = Algorithm::from_name(name)?;
    let mut o = base.clone();
    let bad = |what: &str| EngineError::Input(format!("row '{spec}': {what}"));
    for part in parts {
        let (key, value) = part
            .split_once('=')
            .map_or((part, None), |(k, v)| (k.trim(), Some(v.trim())));
        let Some((decl, state)) = by_key(key) else {
            return Err(bad(&format!("unknown option '{key}'")));
        };
        match (decl.form, state, value) {
            (Form::Switch { set, .. }, Some(k), None) => set(&mut o, k),
            (Form::Switch { .. }, _, Some(_)) => {
                return Err(bad(&format!("'{key}' takes no value")));
            }
            (Form::Value { set, number, .. }, _, Some(v)) => set(&mut o, v).map_err(|e| {
                // A number's refusal says what the option takes.
                bad(&match number {
                    Some(n) => format!(
                        "{e}; {key} takes a whole number from {} to {}{}",
                        n.min, n.max, n.unit
                    ),
                    None => e,
                })
            })?,
            (Form::Value { hint, .. }, _, None) => {
                return Err(bad(&format!("'{key}' needs a value, as {key}={hint}")));
            }
            (Form::Switch { .. }, None, None) => {}
        }
    }
    Ok(BenchRow {
        label: spec.trim().to_string(),
        algorithm,
        options: o,
    })
}

/// The row spec of `algorithm` with `options`: the inverse of [`parse_row_spec`] over
/// default options (`negascout+order=static+killers=2`). Only options that differ from
/// the defaults are written.
#[must_use]
pub fn row_spec(algorithm: Algorithm, options: &SearchOptions) -> String {
    let mut out = algorithm.name().to_string();
    for decl in all() {
        if let Some(part) = decl.text(options) {
            out.push('+');
            out.push_str(&part);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Scoring;
    use crate::search::{InitialWindow, MoveOrder, MtMemory, TableKind};

    /// One non-default value of every option, each alone and all together: the row
    /// spec writes it and reads it back to the same options.
    #[test]
    fn every_option_round_trips_through_its_text_form() {
        let d = SearchOptions::default();
        let variants: Vec<(&str, SearchOptions)> = vec![
            (
                "fail-soft",
                SearchOptions {
                    fail_soft: true,
                    ..d.clone()
                },
            ),
            (
                "order",
                SearchOptions {
                    ordering: MoveOrder::Static,
                    ..d.clone()
                },
            ),
            (
                "order shallow",
                SearchOptions {
                    ordering: MoveOrder::Shallow(3),
                    ..d.clone()
                },
            ),
            (
                "order oracle",
                SearchOptions {
                    ordering: MoveOrder::Oracle,
                    ..d.clone()
                },
            ),
            (
                "order-first",
                SearchOptions {
                    order_all: false,
                    ..d.clone()
                },
            ),
            (
                "oracle-win-loss",
                SearchOptions {
                    oracle_win_loss: true,
                    ..d.clone()
                },
            ),
            (
                "killers",
                SearchOptions {
                    killers: 32,
                    ..d.clone()
                },
            ),
            (
                "history",
                SearchOptions {
                    history: true,
                    ..d.clone()
                },
            ),
            (
                "soft-cutoffs",
                SearchOptions {
                    soft_cutoffs: true,
                    ..d.clone()
                },
            ),
            (
                "table",
                SearchOptions {
                    table: TableKind::Upper,
                    ..d.clone()
                },
            ),
            (
                "ordinary-table",
                SearchOptions {
                    mt_memory: MtMemory::Ordinary,
                    ..d.clone()
                },
            ),
            (
                "no-memory",
                SearchOptions {
                    mt_memory: MtMemory::None,
                    ..d.clone()
                },
            ),
            (
                "win",
                SearchOptions {
                    win_at_once: true,
                    ..d.clone()
                },
            ),
            (
                "non-losing",
                SearchOptions {
                    non_losing: true,
                    ..d.clone()
                },
            ),
            (
                "tt",
                SearchOptions {
                    tt_mib: 64,
                    ..d.clone()
                },
            ),
            (
                "tt-symmetry",
                SearchOptions {
                    tt_symmetry: true,
                    ..d.clone()
                },
            ),
            (
                "id",
                SearchOptions {
                    iterative_deepening: true,
                    ..d.clone()
                },
            ),
            (
                "aspiration",
                SearchOptions {
                    aspiration: 25,
                    ..d.clone()
                },
            ),
            (
                "window",
                SearchOptions {
                    window: InitialWindow::GameRange,
                    ..d.clone()
                },
            ),
            (
                "scoring",
                SearchOptions {
                    scoring: Scoring::ShortestWin,
                    ..d.clone()
                },
            ),
            (
                "skip",
                SearchOptions {
                    skip_shallow_research: true,
                    ..d.clone()
                },
            ),
            (
                "first-guess",
                SearchOptions {
                    first_guess: -7,
                    ..d.clone()
                },
            ),
            (
                "guess-before-last",
                SearchOptions {
                    guess_before_last: true,
                    ..d.clone()
                },
            ),
            (
                "grain",
                SearchOptions {
                    grain: 8,
                    ..d.clone()
                },
            ),
            (
                "sss-mib",
                SearchOptions {
                    sss_memory_mib: 32,
                    ..d.clone()
                },
            ),
        ];
        for (what, o) in &variants {
            let text = row_spec(Algorithm::Pvs, o);
            assert_ne!(text, "pvs", "{what}: the option is written");
            let back = parse_row_spec(&text, &d).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back.algorithm, Algorithm::Pvs);
            assert_eq!(&back.options, o, "{what}: {text}");
        }
        // Every option off its default at once.
        let all = SearchOptions {
            fail_soft: true,
            soft_cutoffs: true,
            ordering: MoveOrder::Threats,
            order_all: false,
            oracle_win_loss: true,
            killers: 32,
            history: true,
            tt_mib: 64,
            tt_symmetry: true,
            tt_leaves: true,
            tt_deeper: true,
            table: TableKind::LastBound,
            mt_memory: MtMemory::Ordinary,
            win_at_once: true,
            non_losing: true,
            iterative_deepening: true,
            aspiration: 25,
            window: InitialWindow::GameRange,
            scoring: Scoring::ShortestWin,
            skip_shallow_research: true,
            first_guess: -7,
            guess_before_last: true,
            grain: 8,
            sss_memory_mib: 32,
            iterations: 777,
            uct_c: 141,
            rollout_seed: 9,
            mr_depth: 2,
            ms_depth: 3,
            mb_depth: 4,
            net: "nets/c4.safetensors".into(),
            puct_c: 250,
            dirichlet: 30,
            threads: 5,
        };
        let text = row_spec(Algorithm::MtdF, &all);
        assert_eq!(
            parse_row_spec(&text, &d).expect("parses").options,
            all,
            "{text}"
        );
    }

    #[test]
    fn leaves_in_the_table_are_for_negaalpha_and_the_mt_drivers_with_a_table() {
        let d = SearchOptions::default();
        for ok in [
            "mtdf+tt=4+tt-leaves",
            "mt-sss+tt=4+tt-leaves",
            "negaalpha+tt=1+tt-leaves",
        ] {
            let row = parse_row_spec(ok, &d).unwrap_or_else(|e| panic!("{ok}: {e}"));
            assert!(row.options.tt_leaves);
            assert_eq!(row_spec(row.algorithm, &row.options), ok);
        }
        for bad in [
            "pvs+tt=4+tt-leaves",
            "mtdf+tt-leaves",
            "alphabeta+tt=4+tt-leaves",
            "mt-sss+ordinary-table+tt-leaves",
            "mt-sss+no-memory+tt=4",
        ] {
            let row = parse_row_spec(bad, &d).expect("parses");
            assert!(row.options.check(row.algorithm, 2).is_err(), "{bad}");
        }
    }

    /// `mt-sss` by name runs with Plaat's memory: a table of the default size that
    /// keeps leaves; its two other memories are spelled out and labelled as such, and
    /// the memory choice is MT-SSS*'s alone.
    #[test]
    fn mt_sss_by_name_has_plaat_s_memory_and_its_variants_say_so() {
        use crate::search::options::DEFAULT_MT_MEMORY_MIB;
        let d = SearchOptions::default();
        let plain = parse_row_spec("mt-sss", &d).expect("parses");
        let run = plain.options.resolved(plain.algorithm);
        assert_eq!((run.tt_mib, run.tt_leaves), (DEFAULT_MT_MEMORY_MIB, true));
        assert_eq!(plain.options.variant_label(plain.algorithm), "MT-SSS*");
        let sized = parse_row_spec("mt-sss+tt=4", &d).expect("parses");
        let run = sized.options.resolved(sized.algorithm);
        assert_eq!((run.tt_mib, run.tt_leaves), (4, true));
        let none = parse_row_spec("mt-sss+no-memory", &d).expect("parses");
        let run = none.options.resolved(none.algorithm);
        assert_eq!((run.tt_mib, run.tt_leaves), (0, false));
        assert_eq!(row_spec(none.algorithm, &none.options), "mt-sss+no-memory");
        assert_eq!(
            none.options.variant_label(none.algorithm),
            "MT-SSS* without memory"
        );
        let ordinary = parse_row_spec("mt-sss+ordinary-table", &d).expect("parses");
        let run = ordinary.options.resolved(ordinary.algorithm);
        assert_eq!((run.tt_mib, run.tt_leaves), (DEFAULT_MT_MEMORY_MIB, false));
        assert_eq!(
            ordinary.options.variant_label(ordinary.algorithm),
            "MT-SSS* with an ordinary table"
        );
        for row in [&plain, &sized, &none, &ordinary] {
            assert!(row.options.check(row.algorithm, 3).is_ok(), "{}", row.label);
        }
        for other in ["negaalpha+no-memory", "mtdf+tt=4+ordinary-table"] {
            let row = parse_row_spec(other, &d).expect("parses");
            let err = row.options.check(row.algorithm, 3).unwrap_err();
            assert!(err.to_string().contains("MT-SSS*"), "{other}: {err}");
        }
        // Other algorithms run with their options as they are.
        let negaalpha = parse_row_spec("negaalpha", &d).expect("parses");
        assert_eq!(negaalpha.options.resolved(negaalpha.algorithm), d);
    }

    #[test]
    fn the_same_spellings_are_accepted_everywhere() {
        let d = SearchOptions::default();
        for name in ["infinite", "inf", "full", "INF"] {
            let row = parse_row_spec(&format!("negaalpha+window={name}"), &d).expect(name);
            assert_eq!(row.options.window, InitialWindow::Infinite);
            assert_eq!(
                InitialWindow::from_name(name).ok(),
                Some(InitialWindow::Infinite)
            );
        }
        for name in ["game", "range", "Game"] {
            let row = parse_row_spec(&format!("negaalpha+window={name}"), &d).expect(name);
            assert_eq!(row.options.window, InitialWindow::GameRange);
        }
        assert_eq!(Scoring::from_name("Win-Loss"), Ok(Scoring::WinLoss));
        let err = parse_row_spec("negaalpha+window=half", &d)
            .unwrap_err()
            .to_string();
        assert!(err.contains("expected infinite or game"), "{err}");
    }
}
