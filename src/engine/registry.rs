//! The games treelab knows: one line per game. Everything else about a game comes from
//! its [`Describe`] implementation in its folder under `game/`; this list makes it a
//! [`GameKind`] and a variant of [`AnyPosition`], so the CLI, sessions and the app offer
//! it. The order is the menu order; the first is the default game.

use std::marker::PhantomData;

use super::position::{DynPosition, GameInfo, Info};
use crate::game::Game;
use crate::game::describe::Describe;

/// Defines [`GameKind`], [`AnyPosition`] and their dispatch from the list of games.
macro_rules! registry {
    ($($variant:ident => $position:ty),+ $(,)?) => {
        /// The games treelab knows (see the registry in `engine/registry.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $(
                #[doc = concat!("The game of [`", stringify!($position), "`].")]
                $variant,
            )+
        }

        impl GameKind {
            /// Every game, in menu order.
            pub const ALL: [GameKind; [$(stringify!($variant)),+].len()] =
                [$(GameKind::$variant),+];

            /// The names of the games in the CLI and session files, in menu order.
            pub const NAMES: &'static [&'static str] =
                &[$(<<$position as Describe>::Game as Game>::NAME),+];

            /// What the game is: its names, text form, evaluators, board.
            #[must_use]
            pub fn info(self) -> &'static dyn GameInfo {
                match self {
                    $(GameKind::$variant => &Info::<$position>(PhantomData),)+
                }
            }
        }

        /// A position of any game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyPosition {
            $(
                #[doc = concat!("A position of [`GameKind::", stringify!($variant), "`].")]
                $variant($position),
            )+
        }

        impl AnyPosition {
            /// Which game.
            #[must_use]
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyPosition::$variant(_) => GameKind::$variant,)+
                }
            }

            /// The position behind the game-agnostic interface.
            #[must_use]
            pub fn as_dyn(&self) -> &dyn DynPosition {
                match self {
                    $(AnyPosition::$variant(p) => p,)+
                }
            }
        }

        $(
            impl From<$position> for AnyPosition {
                fn from(p: $position) -> AnyPosition {
                    AnyPosition::$variant(p)
                }
            }
        )+
    };
}

registry! {
    Othello => crate::game::othello::Othello,
    TicTacToe => crate::game::tictactoe::TicTacToe,
    Connect4 => crate::game::connect4::Connect4Position,
    RandomTree => crate::game::random_tree::RandomTree,
    CustomTree => crate::game::custom_tree::CustomTree,
    Ewn => crate::game::ewn::Ewn,
}
