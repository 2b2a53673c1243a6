//! The options of how a search starts, deepens and ends: Pons' checks at the end of the
//! game, iterative deepening, the root window and aspiration, scoring, the algorithms'
//! own settings (NegaScout's re-search skip, MTD(f)'s guess, SSS*'s budget) and the
//! evaluation grain.

use super::*;
use crate::game::Scoring;
use crate::search::options::{
    InitialWindow, MAX_ASPIRATION, MAX_GRAIN, MAX_SSS_MIB, SearchOptions,
};
use crate::search::registry::{Deepening, OwnOption, owners};

/// The declarations of this group, in the row spec's order.
pub(super) const DRIVER_OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        key: "win",
        label: "Win at once",
        help: "Score a node whose side to move wins at once without expanding it, and narrow the window to the game's bounds on the value (searches to the end of the game; Pons). MCTS: a playout plays a win at once where there is one (decisive moves)",
        form: flag!(win_at_once, "win"),
        summary: |o| o.win_at_once.then(|| "win at once".into()),
        needs: ok,
        check: |s| not_for_networks(s, s.run.win_at_once, "the win-at-once check"),
        example: |o| o.win_at_once = true,
        only_for: None,
    },
    OptionDecl {
        key: "non-losing",
        label: "Only non-losing moves",
        help: "Search only the moves that do not let the opponent win at once (Pons' step 6; needs the win-at-once check). MCTS: a playout draws its moves among those (anti-decisive moves)",
        form: flag!(non_losing, "non-losing"),
        summary: |o| o.non_losing.then(|| "non-losing".into()),
        needs: |o| {
            if o.win_at_once {
                Ok(())
            } else {
                Err("moves that do not lose at once are known only once the side to move cannot win at once: add the win-at-once check (+win)".into())
            }
        },
        check: |s| not_for_networks(s, s.run.non_losing, "the non-losing moves"),
        example: |o| o.non_losing = true,
        only_for: None,
    },
    OptionDecl {
        key: "id",
        label: "Iterative deepening",
        help: "Iterative deepening: search depths 1, 2, ..., d, keeping tables between iterations",
        form: flag!(iterative_deepening, "id"),
        summary: |o| o.iterative_deepening.then(|| "ID".into()),
        needs: ok,
        check: |s| {
            if let (true, Deepening::Refused(why)) =
                (s.run.iterative_deepening, s.algorithm.info().deepening)
            {
                return Err(why.into());
            }
            Ok(())
        },
        example: |o| o.iterative_deepening = true,
        only_for: None,
    },
    OptionDecl {
        key: "aspiration",
        label: "Aspiration ±",
        help: "Aspiration window half-width around the previous iteration's score (needs iterative deepening; 0 = off)",
        form: Form::Value {
            hint: "N",
            get: |o| o.aspiration.to_string(),
            set: |o, v| {
                o.aspiration = whole(v, "the aspiration width")?;
                Ok(())
            },
            number: Some(ASPIRATION),
            choices: &[],
        },
        summary: |o| (o.aspiration > 0).then(|| format!("aspiration ±{}", o.aspiration)),
        needs: |o| {
            if o.aspiration > 0 && !o.iterative_deepening {
                Err("aspiration windows centre on the previous iteration's score: turn on iterative deepening".into())
            } else {
                Ok(())
            }
        },
        check: |s| {
            within(i64::from(s.run.aspiration), ASPIRATION, || {
                format!(
                    "aspiration width {} is out of range: use 0 (off) to {MAX_ASPIRATION}",
                    s.run.aspiration
                )
            })?;
            if s.run.aspiration > 0 && !s.algorithm.takes_window() {
                return Err(format!(
                    "{} takes no alpha-beta window, so it has no aspiration window",
                    s.algorithm.label()
                ));
            }
            Ok(())
        },
        example: |o| o.aspiration = 1,
        only_for: None,
    },
    OptionDecl {
        key: "window",
        label: "Window",
        help: "The root window: infinite or game (the game's score range)",
        form: Form::Value {
            hint: "NAME",
            get: |o| o.window.name().to_string(),
            set: |o, v| {
                o.window = InitialWindow::from_name(v).map_err(|e| e.to_string())?;
                Ok(())
            },
            number: None,
            choices: WINDOWS,
        },
        summary: |o| {
            (o.window != InitialWindow::Infinite).then(|| format!("window {}", o.window.name()))
        },
        needs: ok,
        check: |s| {
            if s.run.window != InitialWindow::Infinite && !s.algorithm.takes_window() {
                return Err(format!(
                    "{} takes no alpha-beta window, so the initial window does not apply",
                    s.algorithm.label()
                ));
            }
            Ok(())
        },
        example: |o| o.window = InitialWindow::GameRange,
        only_for: None,
    },
    OptionDecl {
        key: "scoring",
        label: "Scoring",
        help: "How finished games are scored: native, win-loss or shortest-win",
        form: Form::Value {
            hint: "NAME",
            get: |o| o.scoring.name().to_string(),
            set: |o, v| {
                o.scoring = Scoring::from_name(v)?;
                Ok(())
            },
            number: None,
            choices: SCORINGS,
        },
        summary: |o| {
            (o.scoring != Scoring::Native).then(|| format!("scoring {}", o.scoring.name()))
        },
        needs: ok,
        check: |s| not_for_networks(s, s.run.scoring != Scoring::Native, "a scoring"),
        example: |o| o.scoring = Scoring::WinLoss,
        only_for: None,
    },
    OptionDecl {
        key: "skip-shallow-research",
        label: "Skip re-search at depth ≤ 2",
        help: "Skip the re-search at depth <= 2, where the fail-soft null-window value is already exact (article 000)",
        form: flag!(skip_shallow_research, "skip-shallow-research"),
        summary: |o| o.skip_shallow_research.then(|| "skip re-search d≤2".into()),
        needs: ok,
        check: |s| {
            if s.run.skip_shallow_research
                && !s.algorithm.info().has(OwnOption::SkipShallowResearch)
            {
                return Err(format!(
                    "the shallow re-search skip is {}'s (article 000)",
                    owners(OwnOption::SkipShallowResearch)
                ));
            }
            Ok(())
        },
        example: |o| o.skip_shallow_research = true,
        only_for: None,
    },
    OptionDecl {
        key: "first-guess",
        label: "First guess",
        help: "MTD(f)'s first guess when there is no previous iteration",
        form: Form::Value {
            hint: "N",
            get: |o| o.first_guess.to_string(),
            set: |o, v| {
                o.first_guess = whole(v, "the first guess")?;
                Ok(())
            },
            number: Some(FIRST_GUESS),
            choices: &[],
        },
        summary: |o| (o.first_guess != 0).then(|| format!("first guess {}", o.first_guess)),
        needs: ok,
        check: fits,
        example: |o| o.first_guess = 1,
        only_for: Some(OwnOption::FirstGuess),
    },
    OptionDecl {
        key: "guess-before-last",
        label: "Guess from depth d-2",
        help: "Start each iteration from the value of the iteration before last (same parity of depth), as Othello programs did (needs iterative deepening)",
        form: flag!(guess_before_last, "guess-before-last"),
        summary: |o| o.guess_before_last.then(|| "guess from depth d-2".into()),
        needs: |o| {
            if o.iterative_deepening {
                Ok(())
            } else {
                Err("the guess from the iteration before last needs iterative deepening".into())
            }
        },
        check: |s| {
            if s.run.guess_before_last && !s.algorithm.info().has(OwnOption::GuessBeforeLast) {
                return Err(format!(
                    "the guess from the iteration before last is {}'s",
                    owners(OwnOption::GuessBeforeLast)
                ));
            }
            Ok(())
        },
        example: |o| o.guess_before_last = true,
        only_for: Some(OwnOption::FirstGuess),
    },
    OptionDecl {
        key: "grain",
        label: "Grain",
        help: "Round static evaluations to multiples of this many units (0 = off); finished games keep exact scores",
        form: Form::Value {
            hint: "N",
            get: |o| o.grain.to_string(),
            set: |o, v| {
                o.grain = whole(v, "the grain")?;
                Ok(())
            },
            number: Some(GRAIN),
            choices: &[],
        },
        summary: |o| (o.grain > 1).then(|| format!("grain {}", o.grain)),
        needs: ok,
        check: |s| {
            not_for_networks(s, s.run.grain > 1, "an evaluation grain")?;
            within(i64::from(s.run.grain), GRAIN, || {
                format!(
                    "an evaluation grain of {} is out of range: use 0 (off) to {MAX_GRAIN}",
                    s.run.grain
                )
            })
        },
        example: |o| o.grain = 2,
        only_for: None,
    },
    OptionDecl {
        key: "sss-mib",
        label: "Memory cap",
        help: "SSS*'s OPEN list and node store, FSSS-Minimax's tree of bounds: their memory budget in MiB; a search that needs more ends with a memory-limit result",
        form: Form::Value {
            hint: "MIB",
            get: |o| o.sss_memory_mib.to_string(),
            set: |o, v| {
                o.sss_memory_mib = whole(v, "the SSS* budget")?;
                Ok(())
            },
            number: Some(SSS),
            choices: &[],
        },
        summary: |o| {
            (o.sss_memory_mib != SearchOptions::default().sss_memory_mib)
                .then(|| format!("memory {} MiB", o.sss_memory_mib))
        },
        needs: ok,
        check: |s| {
            within(i64::from(s.run.sss_memory_mib), SSS, || {
                format!(
                    "a memory budget of {} MiB is out of range: use 1 to {MAX_SSS_MIB} MiB",
                    s.run.sss_memory_mib
                )
            })
        },
        example: |o| o.sss_memory_mib = 512,
        only_for: Some(OwnOption::OpenListBudget),
    },
];
