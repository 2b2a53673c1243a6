//! The shape of an option's declaration ([`OptionDecl`]: its text form, words, form,
//! checks and needs) and what the groups' declarations share: the limits of the whole
//! numbers, the named choices of the menus and the small checks. The groups, each in
//! its own file, and the list of them ([`super::all`]) are above this file.

use crate::search::options::{
    MAX_ASPIRATION, MAX_GRAIN, MAX_KILLERS, MAX_SSS_MIB, MAX_TT_MIB, SearchOptions,
};
use crate::search::registry::{Algorithm, OwnOption};

/// What a check of an option sees: the options as written, the options the search runs
/// with ([`SearchOptions::resolved`]: MT-SSS*'s memory spelled out) and the algorithm.
#[derive(Clone, Copy, Debug)]
pub struct Subject<'a> {
    /// The options as the row, the CLI or the session wrote them.
    pub written: &'a SearchOptions,
    /// The options the search runs with.
    pub run: &'a SearchOptions,
    /// The algorithm.
    pub algorithm: Algorithm,
}

/// One state of a switch: its text (empty for a default that has none), its words in
/// the app and its hover.
#[derive(Clone, Copy, Debug)]
pub struct SwitchState {
    /// The row spec part and CLI flag (`fail-soft`); empty: no text (the default).
    pub key: &'static str,
    /// The app's words for it (empty: the option's label).
    pub label: &'static str,
    /// What it does (the CLI's help for its flag, the app's hover; empty: the option's
    /// help).
    pub help: &'static str,
}

/// One named value of an option the app offers in a menu.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    /// The text form (`static`, `shallow:2`).
    pub text: &'static str,
    /// The app's words for it.
    pub label: &'static str,
    /// Its hover.
    pub help: &'static str,
}

/// How an option is written and set.
#[derive(Clone, Copy, Debug)]
pub enum Form {
    /// Value-less keys, one per state (`+fail-soft` / `+fail-hard`, `+history`); state
    /// 0 is the default.
    Switch {
        /// The states, the default first.
        states: &'static [SwitchState],
        /// The state the options are in.
        get: fn(&SearchOptions) -> usize,
        /// Puts the options in a state.
        set: fn(&mut SearchOptions, usize),
    },
    /// `+key=VALUE`.
    Value {
        /// The value's placeholder in help texts (`N`, `NAME`).
        hint: &'static str,
        /// The value's text form.
        get: fn(&SearchOptions) -> String,
        /// Reads a value's text (the reason when it cannot).
        set: fn(&mut SearchOptions, &str) -> Result<(), String>,
        /// A whole number's limits and unit (the app's number field), if it is one.
        number: Option<Number>,
        /// The named values the app offers, if it is a name.
        choices: &'static [Choice],
    },
}

/// A whole-number option's limits and unit.
#[derive(Clone, Copy, Debug)]
pub struct Number {
    /// The smallest value accepted.
    pub min: i64,
    /// The largest value accepted.
    pub max: i64,
    /// The unit after the number in the app (`" MiB"`), or empty.
    pub unit: &'static str,
}

/// One option, declared once.
#[derive(Clone, Copy, Debug)]
pub struct OptionDecl {
    /// The row spec key and CLI flag of a value (`killers`); for a switch, the key of
    /// its first non-default state.
    pub key: &'static str,
    /// The app's words for it.
    pub label: &'static str,
    /// What it does, in a line (CLI help, app hover).
    pub help: &'static str,
    /// How it is written and set.
    pub form: Form,
    /// Words for the row's summary when it is not at its default.
    pub summary: fn(&SearchOptions) -> Option<String>,
    /// The other options it needs when set (the reason when they are missing): checked
    /// whatever the algorithm, and an option whose needs are gone is dropped.
    pub needs: fn(&SearchOptions) -> Result<(), String>,
    /// Whether the algorithm takes it as set (the reason when not), its limits
    /// included; called for every search whatever the value.
    pub check: fn(&Subject<'_>) -> Result<(), String>,
    /// Sets it to an example value other than its default, to ask whether it would
    /// apply.
    pub example: fn(&mut SearchOptions),
    /// Shown in the app only for the algorithms that own it (otherwise greyed out with
    /// the reason where it does not apply).
    pub only_for: Option<OwnOption>,
}

impl OptionDecl {
    /// A switch state's label and help: its own, or the option's where it has none.
    #[must_use]
    pub fn words(&self, state: &SwitchState) -> (&'static str, &'static str) {
        let or =
            |own: &'static str, option: &'static str| if own.is_empty() { option } else { own };
        (or(state.label, self.label), or(state.help, self.help))
    }

    /// Whether the option is at its default in `o`.
    #[must_use]
    pub fn is_default(&self, o: &SearchOptions) -> bool {
        let d = SearchOptions::default();
        match self.form {
            Form::Switch { get, .. } => get(o) == get(&d),
            Form::Value { get, .. } => get(o) == get(&d),
        }
    }

    /// Puts the option back to its default in `o`.
    pub fn reset(&self, o: &mut SearchOptions) {
        let d = SearchOptions::default();
        match self.form {
            Form::Switch { get, set, .. } => set(o, get(&d)),
            Form::Value { get, set, .. } => {
                let _ = set(o, &get(&d));
            }
        }
    }

    /// Its row spec part when not at its default (`killers=2`, `fail-soft`).
    #[must_use]
    pub fn text(&self, o: &SearchOptions) -> Option<String> {
        if self.is_default(o) {
            return None;
        }
        Some(match self.form {
            Form::Switch { states, get, .. } => states[get(o)].key.to_string(),
            Form::Value { get, .. } => format!("{}={}", self.key, get(o)),
        })
    }

    /// Whether setting it (to [`OptionDecl::example`]'s value) in `o` would be accepted for
    /// `algorithm`: the reason when not, for a greyed-out control.
    pub fn applies(&self, algorithm: Algorithm, o: &SearchOptions) -> Result<(), String> {
        let mut trial = o.clone();
        (self.example)(&mut trial);
        (self.needs)(&trial)?;
        let run = trial.resolved(algorithm);
        (self.check)(&Subject {
            written: &trial,
            run: &run,
            algorithm,
        })
    }
}

pub(super) fn ok(_: &SearchOptions) -> Result<(), String> {
    Ok(())
}

pub(super) fn fits(_: &Subject<'_>) -> Result<(), String> {
    Ok(())
}

/// Refuses `what`, set, on an algorithm a network guides (PUCT): its values come from
/// the network and the rules' win or loss, with no playout, evaluator or window for
/// the option to act on.
pub(super) fn not_for_networks(s: &Subject<'_>, set: bool, what: &str) -> Result<(), String> {
    if set
        && s.algorithm
            .info()
            .has(crate::search::registry::OwnOption::Network)
    {
        return Err(format!(
            "{what} does nothing in {}: its values come from its network and the rules' win, draw or loss",
            s.algorithm.label()
        ));
    }
    Ok(())
}

pub(super) fn whole<T: TryFrom<i64>>(text: &str, what: &str) -> Result<T, String> {
    let n: i64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}': {what} must be a whole number"))?;
    T::try_from(n).map_err(|_| format!("'{text}': {what} is out of range"))
}

pub(super) fn within(
    value: i64,
    number: Number,
    refuse: impl FnOnce() -> String,
) -> Result<(), String> {
    if (number.min..=number.max).contains(&value) {
        Ok(())
    } else {
        Err(refuse())
    }
}

/// A switch with one non-default state that sets a flag (its words are the option's).
macro_rules! flag {
    ($field:ident, $key:literal) => {
        Form::Switch {
            states: &[
                SwitchState {
                    key: "",
                    label: "",
                    help: "",
                },
                SwitchState {
                    key: $key,
                    label: "",
                    help: "",
                },
            ],
            get: |o| usize::from(o.$field),
            set: |o, k| o.$field = k == 1,
        }
    };
}

// The limits and choices the groups' declarations share.
pub(super) const KILLERS: Number = Number {
    min: 0,
    max: MAX_KILLERS as i64,
    unit: "",
};
pub(super) const TT: Number = Number {
    min: 0,
    max: MAX_TT_MIB as i64,
    unit: " MiB",
};
pub(super) const ASPIRATION: Number = Number {
    min: 0,
    max: MAX_ASPIRATION as i64,
    unit: "",
};
pub(super) const FIRST_GUESS: Number = Number {
    min: -1_000_000,
    max: 1_000_000,
    unit: "",
};
/// The most MCTS iterations a search may run. MCTS keeps a node per iteration: a
/// million iterations from Connect Four's start took 123 MB, so ten million stay near
/// 1.2 GB.
pub const MAX_ITERATIONS: u64 = 10_000_000;
pub(super) const ITERATIONS: Number = Number {
    min: 1,
    max: MAX_ITERATIONS as i64,
    unit: "",
};
pub(super) const UCT_C: Number = Number {
    min: 0,
    max: 10_000,
    unit: "",
};
pub(super) const MR_DEPTH: Number = Number {
    min: 0,
    max: 8,
    unit: " plies",
};
pub(super) const ROLLOUT_SEED: Number = Number {
    min: 0,
    max: i64::MAX,
    unit: "",
};
pub(super) const GRAIN: Number = Number {
    min: 0,
    max: MAX_GRAIN as i64,
    unit: "",
};
pub(super) const SSS: Number = Number {
    min: 1,
    max: MAX_SSS_MIB as i64,
    unit: " MiB",
};

pub(super) const ORDERINGS: &[Choice] = &[
    Choice {
        text: "none",
        label: "generation order",
        help: "The order the move generator gives",
    },
    Choice {
        text: "static",
        label: "static hint",
        help: "The game's hint: corners first, centre first",
    },
    Choice {
        text: "eval",
        label: "evaluation",
        help: "Each child's static evaluation",
    },
    Choice {
        text: "shallow:2",
        label: "shallow search",
        help: "A shallow alpha-beta search of each child",
    },
    Choice {
        text: "oracle",
        label: "perfect oracle",
        help: "Each child's exact value (not counted)",
    },
    Choice {
        text: "threats",
        label: "threats",
        help: "The lines each move threatens to complete (Connect Four, tic-tac-toe), centre first on ties: Pons' step 7",
    },
    Choice {
        text: "prior",
        label: "network prior",
        help: "The policy network's prior of each move, one network call a node (the evaluator's network, else the game's shipped one)",
    },
];

pub(super) const TABLES: &[Choice] = &[
    Choice {
        text: "full",
        label: "full",
        help: "Both bounds and the best move",
    },
    Choice {
        text: "upper",
        label: "upper",
        help: "Upper bounds only (Pons' step 4)",
    },
    Choice {
        text: "last-bound",
        label: "last-bound",
        help: "The last bound, upper or lower (Pons' step 8)",
    },
];

pub(super) const WINDOWS: &[Choice] = &[
    Choice {
        text: "infinite",
        label: "(-∞, ∞)",
        help: "The infinite window",
    },
    Choice {
        text: "game",
        label: "game range",
        help: "The game's own score range under the chosen scoring",
    },
];

pub(super) const SCORINGS: &[Choice] = &[
    Choice {
        text: "native",
        label: "native",
        help: "The game's own score",
    },
    Choice {
        text: "win-loss",
        label: "win-loss",
        help: "A win 1, a loss -1, a draw 0",
    },
    Choice {
        text: "shortest-win",
        label: "shortest-win",
        help: "A sooner win scores higher",
    },
];

/// Killers and history learn from cutoffs: refused where the algorithm makes none.
pub(super) fn learns(s: &Subject<'_>, set: bool) -> Result<(), String> {
    if set && !s.algorithm.learns_from_cutoffs() {
        return Err(format!(
            "{} makes no cutoffs, so killer moves and history have nothing to learn from",
            s.algorithm.label()
        ));
    }
    Ok(())
}
