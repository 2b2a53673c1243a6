//! A random tree's spec: its shape, seed and value model, the limits on them, and
//! its text form.

use super::*;

/// The most children a node may have (and [`Game::MOVE_SLOTS`]).
pub const MAX_WIDTH: u32 = 64;
/// The deepest a tree may be.
pub const MAX_DEPTH: u32 = 40;
/// The largest `range` or `step` a value model may have.
pub const MAX_MAGNITUDE: i32 = 1_000_000;

/// How the values of a random tree are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueModel {
    /// Every leaf independently uniform in `-range ..= range` (MAX's view).
    Independent {
        /// The largest leaf value magnitude, 1 ..= 1,000,000.
        range: i32,
    },
    /// The root is 0; each child adds a step uniform in `-step ..= step`.
    Incremental {
        /// The largest step magnitude, 1 ..= 1,000,000.
        step: i32,
    },
    /// Kocsis & Szepesvári's P-game: the root is 0; MAX's moves add a step uniform in
    /// `0 ..= step`, MIN's subtract one; a leaf is a win for MAX when the sum is above 0
    /// (win-loss scoring plays the P-game itself; the other scorings keep the sum).
    #[serde(rename = "p-game")]
    PGame {
        /// The largest step magnitude, 1 ..= 1,000,000.
        step: i32,
    },
}

/// The shape, seed and value model of a random uniform tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TreeSpec {
    /// Children per interior node, 1 ..= 64.
    pub width: u32,
    /// Plies from the root to every leaf, 1 ..= 40.
    pub depth: u32,
    /// The seed every value derives from.
    pub seed: u64,
    /// How leaf values are drawn.
    pub model: ValueModel,
}

impl Default for TreeSpec {
    /// A tree small enough for full minimax: `w=4 d=6 seed=1 independent=100`.
    fn default() -> Self {
        TreeSpec {
            width: 4,
            depth: 6,
            seed: 1,
            model: ValueModel::Independent { range: 100 },
        }
    }
}

fn check_width(width: i64) -> Result<(), String> {
    if (1..=i64::from(MAX_WIDTH)).contains(&width) {
        Ok(())
    } else {
        Err(format!(
            "width {width} is out of range: use 1 to {MAX_WIDTH}"
        ))
    }
}

fn check_depth(depth: i64) -> Result<(), String> {
    if (1..=i64::from(MAX_DEPTH)).contains(&depth) {
        Ok(())
    } else {
        Err(format!(
            "depth {depth} is out of range: use 1 to {MAX_DEPTH}"
        ))
    }
}

fn check_model(model: ValueModel) -> Result<(), String> {
    let (name, magnitude) = match model {
        ValueModel::Independent { range } => ("independent", range),
        ValueModel::Incremental { step } => ("incremental", step),
        ValueModel::PGame { step } => ("pgame", step),
    };
    check_magnitude(name, i64::from(magnitude))
}

fn check_magnitude(name: &str, magnitude: i64) -> Result<(), String> {
    let what = match name {
        "independent" => "independent range",
        "pgame" => "P-game step",
        _ => "incremental step",
    };
    if (1..=i64::from(MAX_MAGNITUDE)).contains(&magnitude) {
        Ok(())
    } else {
        Err(format!(
            "{what} {magnitude} is out of range: use 1 to {MAX_MAGNITUDE}"
        ))
    }
}

impl TreeSpec {
    /// Checks the limits: width 1 ..= 64, depth 1 ..= 40, range or step 1 ..= 1,000,000.
    /// The number of leaves may be astronomically large; searches bound themselves.
    pub fn check(&self) -> Result<(), FormatError> {
        check_width(i64::from(self.width))
            .and_then(|()| check_depth(i64::from(self.depth)))
            .and_then(|()| check_model(self.model))
            .map_err(FormatError::whole)
    }

    /// `width^depth`, the number of leaves, or `None` when it overflows a `u64`.
    #[must_use]
    pub fn leaf_count(&self) -> Option<u64> {
        u64::from(self.width).checked_pow(self.depth)
    }

    /// The leaves a perfectly ordered alpha-beta evaluates in this tree (see
    /// [`knuth_moore_minimal_leaves`]).
    #[must_use]
    pub fn minimal_leaves(&self) -> Option<u64> {
        knuth_moore_minimal_leaves(self.width, self.depth)
    }

    /// The text form [`parse_spec`] reads, e.g. `w=3 d=4 seed=7 independent=100`.
    #[must_use]
    pub fn to_spec_string(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for TreeSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "w={} d={} seed={} ", self.width, self.depth, self.seed)?;
        match self.model {
            ValueModel::Independent { range } => write!(f, "independent={range}"),
            ValueModel::Incremental { step } => write!(f, "incremental={step}"),
            ValueModel::PGame { step } => write!(f, "pgame={step}"),
        }
    }
}

impl FromStr for TreeSpec {
    type Err = FormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_spec(s)
    }
}

/// Knuth and Moore's minimal tree: a perfectly ordered alpha-beta evaluates
/// `w^ceil(d/2) + w^floor(d/2) - 1` leaves of a uniform tree of width `w` and depth
/// `d` (3x3: 11, 8x6: 1,023). `None` when that overflows a `u64`.
#[must_use]
pub fn knuth_moore_minimal_leaves(width: u32, depth: u32) -> Option<u64> {
    let w = u64::from(width);
    let ceil = w.checked_pow(depth.div_ceil(2))?;
    let floor = w.checked_pow(depth / 2)?;
    ceil.checked_add(floor)?.checked_sub(1)
}

/// Parses `key=value` tokens separated by whitespace, in any order: `w` (or `width`),
/// `d` (or `depth`), `seed`, and exactly one of `independent=RANGE` or
/// `incremental=STEP`. Every key is required once. Errors carry the 1-based column of
/// the offending token.
pub fn parse_spec(text: &str) -> Result<TreeSpec, FormatError> {
    const KEYS: &str = "w, d, seed, independent or incremental";
    let (mut width, mut depth, mut seed, mut model) = (None, None, None, None);
    for (column, token) in split_tokens(text) {
        let err = |message: String| FormatError::at_column(column, message);
        let Some((key, value)) = token.split_once('=') else {
            return Err(err(format!("'{token}' is not key=value (keys: {KEYS})")));
        };
        let number = |what: &str| -> Result<i64, FormatError> {
            value
                .parse::<i64>()
                .map_err(|_| err(format!("'{value}' is not a whole number for {what}")))
        };
        let first_time = |seen: bool| {
            if seen {
                Err(err(format!("{key} is given twice")))
            } else {
                Ok(())
            }
        };
        match key {
            "w" | "width" => {
                first_time(width.is_some())?;
                let w = number("the width")?;
                check_width(w).map_err(err)?;
                width = u32::try_from(w).ok();
            }
            "d" | "depth" => {
                first_time(depth.is_some())?;
                let d = number("the depth")?;
                check_depth(d).map_err(err)?;
                depth = u32::try_from(d).ok();
            }
            "seed" => {
                first_time(seed.is_some())?;
                let s = value.parse::<u64>().map_err(|_| {
                    err(format!(
                        "'{value}' is not a seed: use a whole number 0 or more"
                    ))
                })?;
                seed = Some(s);
            }
            "independent" | "incremental" | "pgame" => {
                if model.is_some() {
                    return Err(err(
                        "the value model is given twice: use one of independent=, incremental= or pgame="
                            .to_string(),
                    ));
                }
                let magnitude = number(key)?;
                check_magnitude(key, magnitude).map_err(err)?;
                let magnitude = i32::try_from(magnitude).unwrap_or(MAX_MAGNITUDE);
                model = Some(match key {
                    "independent" => ValueModel::Independent { range: magnitude },
                    "pgame" => ValueModel::PGame { step: magnitude },
                    _ => ValueModel::Incremental { step: magnitude },
                });
            }
            _ => return Err(err(format!("unknown key '{key}': use {KEYS}"))),
        }
    }
    let missing = |what: &str| FormatError::whole(format!("missing {what}"));
    let spec = TreeSpec {
        width: width.ok_or_else(|| missing("the width: w=<1..64>"))?,
        depth: depth.ok_or_else(|| missing("the depth: d=<1..40>"))?,
        seed: seed.ok_or_else(|| missing("the seed: seed=<number>"))?,
        model: model
            .ok_or_else(|| missing("the value model: independent=<range> or incremental=<step>"))?,
    };
    Ok(spec)
}
