//! A position of any game by name and text: [`GameKind`]'s names, its serde form, and
//! [`AnyPosition`]'s parsing, text form and moves, through the registry's interfaces.

use serde::de::{self, EnumAccess, VariantAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::EngineError;
use super::registry::{AnyPosition, GameKind};
use crate::game::perft::PerftConvention;
use crate::game::{FormatError, Scoring, Side};

impl Default for GameKind {
    fn default() -> Self {
        GameKind::ALL[0]
    }
}

impl GameKind {
    /// The name in the CLI and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.info().name()
    }

    /// The display name.
    #[must_use]
    pub fn label(self) -> &'static str {
        self.info().label()
    }

    /// Parses [`GameKind::name`] or one of the game's aliases, in any case.
    pub fn from_name(text: &str) -> Result<GameKind, EngineError> {
        let wanted = text.trim().to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|k| {
                let info = k.info();
                info.name() == wanted || info.aliases().contains(&wanted.as_str())
            })
            .ok_or_else(|| {
                let names = GameKind::NAMES;
                let (last, rest) = names.split_last().unwrap_or((&"", &[]));
                EngineError::Input(format!(
                    "unknown game '{text}'; expected {} or {last}",
                    rest.join(", ")
                ))
            })
    }

    /// The names of the game's evaluators, the default first.
    #[must_use]
    pub fn evaluator_names(self) -> Vec<&'static str> {
        self.info().evaluator_names()
    }

    /// The perft convention of the game's community.
    #[must_use]
    pub fn perft_convention(self) -> PerftConvention {
        self.info().perft_convention()
    }
}

/// Written as the game's name (a bare identifier in RON: `game: othello`).
impl Serialize for GameKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let index = GameKind::ALL.iter().position(|k| k == self).unwrap_or(0);
        serializer.serialize_unit_variant("GameKind", index as u32, self.name())
    }
}

/// Read from the game's name or one of its aliases.
impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KindVisitor;
        impl<'de> Visitor<'de> for KindVisitor {
            type Value = GameKind;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "a game: one of {}", GameKind::NAMES.join(", "))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<GameKind, E> {
                GameKind::from_name(v).map_err(|e| E::custom(e.to_string()))
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<GameKind, A::Error> {
                let (kind, variant): (GameKind, _) = data.variant_seed(NameSeed)?;
                variant.unit_variant()?;
                Ok(kind)
            }
        }
        /// Reads a variant's name as an identifier (what RON writes for a unit variant).
        struct NameSeed;
        impl<'de> de::DeserializeSeed<'de> for NameSeed {
            type Value = GameKind;
            fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<GameKind, D::Error> {
                d.deserialize_identifier(KindVisitor)
            }
        }
        deserializer.deserialize_enum("GameKind", GameKind::NAMES, KindVisitor)
    }
}

impl AnyPosition {
    /// The game's start position (a default random tree for random trees).
    #[must_use]
    pub fn start(kind: GameKind) -> AnyPosition {
        kind.info().start()
    }

    /// Parses the one-line text form of `kind` (see each game's [`Describe::parse`]).
    /// An empty string is the start position.
    pub fn parse(kind: GameKind, text: &str) -> Result<AnyPosition, FormatError> {
        kind.info().parse(text)
    }

    /// The one-line text form ([`AnyPosition::parse`] reads it back).
    #[must_use]
    pub fn to_text(&self) -> String {
        self.as_dyn().to_text()
    }

    /// The legal moves in notation, in generation order.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        self.as_dyn().legal_moves()
    }

    /// The position after the move written `mv`, or why it is not legal.
    pub fn play(&self, mv: &str) -> Result<AnyPosition, FormatError> {
        self.as_dyn().play_text(mv)
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.as_dyn().is_over()
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.as_dyn().side_to_move()
    }

    /// The score of a finished game for the side to move.
    #[must_use]
    pub fn terminal_score(&self, scoring: Scoring) -> i32 {
        self.as_dyn().terminal_score(scoring)
    }

    /// Perft from this position with bulk counting.
    #[must_use]
    pub fn perft(&self, depth: u32, convention: PerftConvention) -> u64 {
        self.as_dyn().perft(depth, convention)
    }
}
