//! The checks of [`SearchOptions`] that ask about an algorithm: the options a search of
//! it runs with, its name with their variant, the memory they claim, and validation
//! against each option's declaration ([`super::option_decl`]) and each algorithm's
//! description ([`super::registry`]). Kept apart from `options.rs`, which the
//! declarations and the descriptions use, so that neither imports the other in a
//! circle.

use super::option_decl::{Subject, all};
use super::options::{
    DEFAULT_MT_MEMORY_MIB, MAX_DEPTH, MEMORY_HEADROOM_MIB, MtMemory, OptionError, SearchOptions,
};
use super::registry::{Algorithm, OwnOption};
use crate::platform::machine::available_memory_mib;

impl SearchOptions {
    /// The options a search of `algorithm` runs with: these, with MT-SSS*'s memory
    /// spelled out. Plaat's memory is a table ([`DEFAULT_MT_MEMORY_MIB`] unless a size is
    /// set) that keeps leaves; an ordinary table gets the same default size; no memory
    /// is no table. Other algorithms run with the options as they are.
    #[must_use]
    pub fn resolved(&self, algorithm: Algorithm) -> SearchOptions {
        let mut o = self.clone();
        if algorithm.info().has(OwnOption::MtMemory) {
            match self.mt_memory {
                MtMemory::Plaat | MtMemory::Ordinary if o.tt_mib == 0 => {
                    o.tt_mib = DEFAULT_MT_MEMORY_MIB;
                }
                _ => {}
            }
            if self.mt_memory == MtMemory::Plaat {
                o.tt_leaves = true;
            }
        }
        o
    }

    /// The algorithm's name with the variant these options make of it, where the name
    /// alone would say more than runs: "MT-SSS* without memory", "MT-SSS* with an
    /// ordinary table"; else [`Algorithm::label`].
    #[must_use]
    pub fn variant_label(&self, algorithm: Algorithm) -> String {
        let label = algorithm.label();
        if !algorithm.info().has(OwnOption::MtMemory) {
            return label.into();
        }
        match self.mt_memory {
            MtMemory::None => format!("{label} without memory"),
            MtMemory::Ordinary => format!("{label} with an ordinary table"),
            MtMemory::Plaat => label.into(),
        }
    }

    /// The memory one search with these options may claim up front or grow to, in MiB:
    /// the transposition table (MT-SSS*'s default memory included), plus the SSS*
    /// budget for SSS*.
    #[must_use]
    pub fn memory_mib(&self, algorithm: Algorithm) -> u64 {
        let sss = if algorithm.info().has(OwnOption::OpenListBudget) {
            u64::from(self.sss_memory_mib)
        } else {
            0
        };
        u64::from(self.resolved(algorithm).tt_mib) + sss
    }

    /// Refuses tables that do not fit: `copies` searches at once (bench threads) each
    /// with [`SearchOptions::memory_mib`] must fit in the available memory less
    /// [`MEMORY_HEADROOM_MIB`]. Without a table (and for SSS* within the default budget)
    /// nothing is claimed up front, so this only guards the large settings; where the
    /// available memory is unknown it passes.
    pub fn check_memory(&self, algorithm: Algorithm, copies: u64) -> Result<(), OptionError> {
        let need = self.memory_mib(algorithm).saturating_mul(copies.max(1));
        if need <= MEMORY_HEADROOM_MIB {
            return Ok(());
        }
        let Some(available) = available_memory_mib() else {
            return Ok(());
        };
        let usable = available.saturating_sub(MEMORY_HEADROOM_MIB);
        if need > usable {
            let copies_text = if copies > 1 {
                format!(" ({copies} searches at once)")
            } else {
                String::new()
            };
            return Err(OptionError(format!(
                "{need} MiB of tables{copies_text} does not fit: this machine has {available} MiB available; use a smaller --tt/--sss-mib or fewer threads"
            )));
        }
        Ok(())
    }

    /// Checks the depth, every option's limits, and that every option set means
    /// something for `algorithm` and with the others: each option's own rules, as
    /// [`super::option_decl::all`] declares them, on the options as written and as
    /// the search runs them ([`SearchOptions::resolved`]).
    pub fn check(&self, algorithm: Algorithm, depth: u32) -> Result<(), OptionError> {
        if depth == 0 || depth > MAX_DEPTH {
            return Err(OptionError(format!(
                "depth {depth} is out of range: use 1 to {MAX_DEPTH}"
            )));
        }
        let run = self.resolved(algorithm);
        let subject = Subject {
            written: self,
            run: &run,
            algorithm,
        };
        for decl in all() {
            (decl.check)(&subject).map_err(OptionError)?;
        }
        for decl in all() {
            if !decl.is_default(&run) {
                (decl.needs)(&run).map_err(OptionError)?;
            }
        }
        Ok(())
    }
}
