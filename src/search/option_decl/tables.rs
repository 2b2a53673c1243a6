//! The options of the transposition table: its size, symmetric sharing, leaves, what it
//! keeps, and MT-SSS*'s memory.

use super::*;
use crate::search::options::{MAX_TT_MIB, MtMemory, TableKind};
use crate::search::registry::{OwnOption, TableUse, owners};

/// The declarations of this group, in the row spec's order.
pub(super) const TABLE_OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        key: "tt",
        label: "TT",
        help: "Transposition table size in MiB (0 = none; for MT-SSS*, its memory's default size); Run refuses tables that do not fit in memory with that many threads",
        form: Form::Value {
            hint: "MIB",
            get: |o| o.tt_mib.to_string(),
            set: |o, v| {
                o.tt_mib = whole(v, "the table size")?;
                Ok(())
            },
            number: Some(TT),
            choices: &[],
        },
        summary: |o| {
            (o.tt_mib > 0).then(|| {
                let kind = match o.table {
                    TableKind::Full => "",
                    TableKind::Upper => " upper",
                    TableKind::LastBound => " last bound",
                };
                format!("TT {} MiB{kind}", o.tt_mib)
            })
        },
        needs: ok,
        check: |s| {
            within(i64::from(s.run.tt_mib), TT, || {
                format!(
                    "a {} MiB transposition table is too large: use 0 to {MAX_TT_MIB} MiB",
                    s.run.tt_mib
                )
            })?;
            let info = s.algorithm.info();
            if info.has(OwnOption::MtMemory)
                && s.written.mt_memory == MtMemory::None
                && s.written.tt_mib > 0
            {
                return Err(format!(
                    "{} without memory has no table: drop the table size or +no-memory",
                    info.label
                ));
            }
            if let (true, TableUse::Refused(why)) = (s.run.tt_mib > 0, info.table) {
                return Err(format!(
                    "{} cannot use a transposition table: {why}",
                    info.label
                ));
            }
            Ok(())
        },
        example: |o| o.tt_mib = 1,
        only_for: None,
    },
    OptionDecl {
        key: "tt-symmetry",
        label: "Share symmetric positions",
        help: "Share table entries between symmetric positions",
        form: flag!(tt_symmetry, "tt-symmetry"),
        summary: |o| o.tt_symmetry.then(|| "symmetric TT".into()),
        needs: |o| {
            if o.tt_mib == 0 {
                Err("symmetric table sharing needs a transposition table (set its size)".into())
            } else if o.table != TableKind::Full {
                Err(format!(
                    "the '{}' table keeps one bound per position as Pons' does: leaves and symmetric sharing need the full table",
                    o.table.name()
                ))
            } else {
                Ok(())
            }
        },
        check: fits,
        example: |o| o.tt_symmetry = true,
        only_for: None,
    },
    OptionDecl {
        key: "tt-leaves",
        label: "Keep leaves in the table",
        help: "Keep leaf values in the table too, so that later null-window passes read a leaf's value instead of evaluating it again (MT-SSS*'s memory keeps them unless +ordinary-table)",
        form: flag!(tt_leaves, "tt-leaves"),
        summary: |o| o.tt_leaves.then(|| "TT keeps leaves".into()),
        needs: |o| {
            if o.table != TableKind::Full {
                Err(format!(
                    "the '{}' table keeps one bound per position as Pons' does: leaves and symmetric sharing need the full table",
                    o.table.name()
                ))
            } else {
                Ok(())
            }
        },
        check: |s| {
            let info = s.algorithm.info();
            if info.has(OwnOption::MtMemory) {
                if s.written.mt_memory == MtMemory::None && s.written.tt_leaves {
                    return Err(format!(
                        "{} without memory has no table: drop the table size or +no-memory",
                        info.label
                    ));
                }
                if s.written.mt_memory == MtMemory::Ordinary && s.written.tt_leaves {
                    return Err(format!(
                        "keeping leaves makes the table Plaat's MT memory, {}'s default: drop +ordinary-table or +tt-leaves",
                        info.label
                    ));
                }
            }
            if s.run.tt_leaves {
                if !info.has(OwnOption::TableLeaves) {
                    return Err(format!(
                        "{} does not keep leaves in the table: only {} do",
                        info.label,
                        owners(OwnOption::TableLeaves)
                    ));
                }
                if s.run.tt_mib == 0 {
                    return Err(
                        "keeping leaves in the table needs a transposition table (set its size)"
                            .into(),
                    );
                }
            }
            Ok(())
        },
        example: |o| o.tt_leaves = true,
        only_for: None,
    },
    OptionDecl {
        key: "table",
        label: "Table keeps",
        help: "What the table keeps: full (both bounds and the move), upper (Pons' step 4) or last-bound (Pons' step 8)",
        form: Form::Value {
            hint: "KIND",
            get: |o| o.table.name().to_string(),
            set: |o, v| {
                o.table = TableKind::from_name(v).map_err(|e| e.to_string())?;
                Ok(())
            },
            number: None,
            choices: TABLES,
        },
        summary: |_| None,
        needs: |o| {
            if o.tt_mib == 0 && o.table != TableKind::Full {
                Err(format!(
                    "the '{}' table kind needs a transposition table (set its size)",
                    o.table.name()
                ))
            } else {
                Ok(())
            }
        },
        check: |s| {
            if s.algorithm.info().has(OwnOption::MtMemory)
                && s.written.mt_memory == MtMemory::Plaat
                && s.written.table != TableKind::Full
            {
                return Err(format!(
                    "Plaat's MT memory keeps both bounds and the leaves: the '{}' table needs +ordinary-table",
                    s.written.table.name()
                ));
            }
            Ok(())
        },
        example: |o| o.table = TableKind::Upper,
        only_for: None,
    },
    OptionDecl {
        key: "ordinary-table",
        label: "Memory",
        help: "What MT-SSS*'s null-window passes share",
        form: Form::Switch {
            states: &[
                SwitchState {
                    key: "",
                    label: "Plaat's (leaves kept)",
                    help: "Plaat et al.'s MT memory: a table that keeps leaves and bounds only (16 MiB unless the table size is set); MT-SSS* evaluates exactly SSS*'s leaves",
                },
                SwitchState {
                    key: "ordinary-table",
                    label: "an ordinary table",
                    help: "MT-SSS* with an ordinary table: its best move first, leaves evaluated again on every pass",
                },
                SwitchState {
                    key: "no-memory",
                    label: "none",
                    help: "MT-SSS* without memory: no table, every pass searches from the root again",
                },
            ],
            get: |o| match o.mt_memory {
                MtMemory::Plaat => 0,
                MtMemory::Ordinary => 1,
                MtMemory::None => 2,
            },
            set: |o, k| {
                o.mt_memory = match k {
                    1 => MtMemory::Ordinary,
                    2 => MtMemory::None,
                    _ => MtMemory::Plaat,
                };
            },
        },
        summary: |o| match o.mt_memory {
            MtMemory::Plaat => None,
            MtMemory::Ordinary => Some("ordinary table".into()),
            MtMemory::None => Some("no memory".into()),
        },
        needs: ok,
        check: |s| {
            if !s.algorithm.info().has(OwnOption::MtMemory)
                && s.written.mt_memory != MtMemory::Plaat
            {
                return Err(format!(
                    "{} has no memory choice: no memory and an ordinary table are {}'s variants",
                    s.algorithm.label(),
                    owners(OwnOption::MtMemory)
                ));
            }
            Ok(())
        },
        example: |o| o.mt_memory = MtMemory::Ordinary,
        only_for: Some(OwnOption::MtMemory),
    },
];
