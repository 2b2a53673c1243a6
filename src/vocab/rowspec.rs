//! The one text form of a comparison row: an algorithm with the options that differ
//! from the defaults, `NAME[+OPTION[=VALUE]]...` (`negascout+order=static+killers=2`).
//! Bench rows, session labels, the tree view's titles and matches' players all read and
//! write it here.

use serde::{Deserialize, Serialize};

use crate::engine::EngineError;
use crate::game::Scoring;
use crate::search::{Algorithm, InitialWindow, MoveOrder, MtMemory, SearchOptions, TableKind};

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
        let num = |v: Option<&str>| -> Result<i64, EngineError> {
            v.ok_or_else(|| bad(&format!("'{key}' needs a value, as {key}=N")))?
                .parse::<i64>()
                .map_err(|_| bad(&format!("'{part}': the value must be a whole number")))
        };
        let to_u32 =
            |n: i64| u32::try_from(n).map_err(|_| bad(&format!("'{part}' is out of range")));
        match key {
            "fail-soft" => o.fail_soft = true,
            "fail-hard" => o.fail_soft = false,
            "soft-cutoffs" => o.soft_cutoffs = true,
            "order" => o.ordering = MoveOrder::from_name(value.unwrap_or("none"))?,
            "order-first" => o.order_all = false,
            "oracle-win-loss" => o.oracle_win_loss = true,
            "killers" => o.killers = to_u32(num(value)?)?,
            "history" => o.history = true,
            "tt" => o.tt_mib = to_u32(num(value)?)?,
            "tt-symmetry" => o.tt_symmetry = true,
            "tt-leaves" => o.tt_leaves = true,
            "table" => {
                o.table =
                    TableKind::from_name(value.unwrap_or("")).map_err(|e| bad(&e.to_string()))?;
            }
            "no-memory" => o.mt_memory = MtMemory::None,
            "ordinary-table" => o.mt_memory = MtMemory::Ordinary,
            "win" => o.win_at_once = true,
            "non-losing" => o.non_losing = true,
            "id" => o.iterative_deepening = true,
            "aspiration" => {
                o.aspiration =
                    i32::try_from(num(value)?).map_err(|_| bad("aspiration out of range"))?;
            }
            "window" => {
                o.window = InitialWindow::from_name(value.unwrap_or(""))
                    .map_err(|e| bad(&e.to_string()))?;
            }
            "skip-shallow-research" | "skip" => o.skip_shallow_research = true,
            "first-guess" => {
                o.first_guess =
                    i32::try_from(num(value)?).map_err(|_| bad("first guess out of range"))?;
            }
            "sss-mib" => o.sss_memory_mib = to_u32(num(value)?)?,
            "guess-before-last" => o.guess_before_last = true,
            "grain" => o.grain = to_u32(num(value)?)?,
            "scoring" => {
                o.scoring = match value {
                    Some(v) => Scoring::from_name(v).map_err(|e| bad(&e))?,
                    None => return Err(bad("scoring needs a value, as scoring=win-loss")),
                }
            }
            other => return Err(bad(&format!("unknown option '{other}'"))),
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
    let d = SearchOptions::default();
    let mut out = algorithm.name().to_string();
    let mut add = |part: String| {
        out.push('+');
        out.push_str(&part);
    };
    if options.fail_soft {
        add("fail-soft".into());
    }
    if options.soft_cutoffs {
        add("soft-cutoffs".into());
    }
    if options.ordering != d.ordering {
        add(format!("order={}", options.ordering.name()));
    }
    if !options.order_all {
        add("order-first".into());
    }
    if options.oracle_win_loss {
        add("oracle-win-loss".into());
    }
    if options.killers != d.killers {
        add(format!("killers={}", options.killers));
    }
    if options.history {
        add("history".into());
    }
    if options.tt_mib != d.tt_mib {
        add(format!("tt={}", options.tt_mib));
    }
    if options.tt_symmetry {
        add("tt-symmetry".into());
    }
    if options.tt_leaves {
        add("tt-leaves".into());
    }
    if options.table != d.table {
        add(format!("table={}", options.table.name()));
    }
    match options.mt_memory {
        MtMemory::Plaat => {}
        MtMemory::Ordinary => add("ordinary-table".into()),
        MtMemory::None => add("no-memory".into()),
    }
    if options.win_at_once {
        add("win".into());
    }
    if options.non_losing {
        add("non-losing".into());
    }
    if options.iterative_deepening {
        add("id".into());
    }
    if options.aspiration != d.aspiration {
        add(format!("aspiration={}", options.aspiration));
    }
    if options.window != d.window {
        add(format!("window={}", options.window.name()));
    }
    if options.scoring != d.scoring {
        add(format!("scoring={}", options.scoring.name()));
    }
    if options.skip_shallow_research {
        add("skip-shallow-research".into());
    }
    if options.first_guess != d.first_guess {
        add(format!("first-guess={}", options.first_guess));
    }
    if options.guess_before_last {
        add("guess-before-last".into());
    }
    if options.grain != d.grain {
        add(format!("grain={}", options.grain));
    }
    if options.sss_memory_mib != d.sss_memory_mib {
        add(format!("sss-mib={}", options.sss_memory_mib));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert!(row.options.validate(row.algorithm, 2).is_err(), "{bad}");
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
            assert!(
                row.options.validate(row.algorithm, 3).is_ok(),
                "{}",
                row.label
            );
        }
        for other in ["negaalpha+no-memory", "mtdf+tt=4+ordinary-table"] {
            let row = parse_row_spec(other, &d).expect("parses");
            let err = row.options.validate(row.algorithm, 3).unwrap_err();
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
