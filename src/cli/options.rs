//! The search option flags every searching subcommand shares, made from the options'
//! declarations ([`crate::search::option_decl::all`]): each option's row spec key is
//! its flag (`--killers 2`, `--fail-soft`, `--no-memory`; the parallel rows' `threads`
//! is `--search-threads`), with its declared help and its default in the help. The values are read by the same code as a row spec's.

use anyhow::{Context, Result};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};

use crate::search::SearchOptions;
use crate::search::option_decl::{Form, all, by_key};

/// The id and flag of the evaluator choice (not a search option: a search request's).
const EVAL: &str = "eval";

/// The flag of a value option: its key, but for the parallel rows' `threads`, which is
/// `--search-threads` (`--threads` is the workers of a grid, a match or a solve; a row
/// spec writes it `pvs-root+threads=4`).
fn flag_of(key: &'static str) -> &'static str {
    match key {
        "threads" => "search-threads",
        k => k,
    }
}

/// Search options from the command line, and the evaluator.
#[derive(Debug, Clone, Default)]
pub struct OptionArgs {
    /// The option flags given, as `(key, value)` in the declarations' order.
    given: Vec<(&'static str, Option<String>)>,
    /// The evaluator (empty: the game's own).
    pub eval: String,
}

impl OptionArgs {
    /// Whether the flag of option `key` was given.
    #[must_use]
    pub fn gives(&self, key: &str) -> bool {
        self.given.iter().any(|(k, _)| *k == key)
    }

    /// Sets the option `key` (a declaration's key) to `value`, as its flag would.
    pub fn set(&mut self, key: &str, value: &str) {
        if let Some((decl, _)) = by_key(key) {
            self.given.retain(|(k, _)| *k != decl.key);
            self.given.push((decl.key, Some(value.to_string())));
        }
    }

    /// The options these flags describe (the defaults where none is given).
    pub fn to_options(&self) -> Result<SearchOptions> {
        let mut o = SearchOptions::default();
        for (key, value) in &self.given {
            let Some((decl, state)) = by_key(key) else {
                continue;
            };
            match (decl.form, state, value) {
                (Form::Switch { set, .. }, Some(k), _) => set(&mut o, k),
                (Form::Value { set, .. }, _, Some(v)) => {
                    set(&mut o, v)
                        .map_err(anyhow::Error::msg)
                        .with_context(|| format!("--{} {v}", flag_of(key)))?;
                }
                _ => {}
            }
        }
        Ok(o)
    }
}

impl Args for OptionArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let defaults = SearchOptions::default();
        let mut cmd = cmd;
        for decl in all() {
            match decl.form {
                Form::Switch { states, .. } => {
                    let keys: Vec<&'static str> = states
                        .iter()
                        .map(|s| s.key)
                        .filter(|k| !k.is_empty())
                        .collect();
                    for state in states.iter().filter(|s| !s.key.is_empty()) {
                        let others: Vec<&str> =
                            keys.iter().copied().filter(|&k| k != state.key).collect();
                        cmd = cmd.arg(
                            Arg::new(state.key)
                                .long(state.key)
                                .action(ArgAction::SetTrue)
                                .help(decl.words(state).1)
                                .conflicts_with_all(others),
                        );
                    }
                }
                Form::Value { hint, get, .. } => {
                    cmd = cmd.arg(
                        Arg::new(flag_of(decl.key))
                            .long(flag_of(decl.key))
                            .value_name(hint)
                            .help(format!("{} [default: {}]", decl.help, get(&defaults)))
                            .allow_hyphen_values(true),
                    );
                }
            }
        }
        cmd.arg(
            Arg::new(EVAL)
                .long(EVAL)
                .value_name("NAME")
                .help("The evaluator (default: the game's own)"),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for OptionArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = OptionArgs::default();
        args.update_from_arg_matches(m)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        for decl in all() {
            match decl.form {
                Form::Switch { states, .. } => {
                    for state in states.iter().filter(|s| !s.key.is_empty()) {
                        if m.get_flag(state.key) {
                            self.given.push((state.key, None));
                        }
                    }
                }
                Form::Value { .. } => {
                    let flag = flag_of(decl.key);
                    if m.value_source(flag) == Some(ValueSource::CommandLine)
                        && let Some(v) = m.get_one::<String>(flag)
                    {
                        self.given.push((decl.key, Some(v.clone())));
                    }
                }
            }
        }
        if let Some(e) = m.get_one::<String>(EVAL) {
            self.eval.clone_from(e);
        }
        Ok(())
    }
}
