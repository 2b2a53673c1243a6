//! The games treelab knows: one line per game (the `registry!` call at the end of the
//! list's section). Everything else about a game comes from its [`Describe`]
//! implementation in its folder under `game/`; this list makes it a [`GameKind`] and a
//! variant of [`AnyPosition`], so the CLI, sessions and the app offer it. The order is
//! the menu order; the first is the default game.
//!
//! Beside the list, the game-agnostic interfaces the registry's types are made of:
//! [`GameInfo`] for what a game is (names, text form, evaluators, board layout) and
//! [`DynPosition`] for what a position does (text, moves, search, edits), both
//! implemented once for every game from its [`Describe`] implementation, and a suite's
//! item ([`SuiteItem`]), which a game's suite reader makes. They name [`AnyPosition`]
//! and it names them, so they live in one file.

use std::marker::PhantomData;

use super::EngineError;
use super::record::{
    SearchRecord, SearchRequest, TracedRecord, check_described, search_described,
    search_described_traced,
};
use super::size::{LeafEstimate, leaf_estimate};
use crate::game::describe::{BoardLayout, Claim, Describe, Param, TreeEdit, TreeNode};
use crate::game::perft::PerftConvention;
use crate::game::{FormatError, Game, Scoring, Side};
use crate::search::SearchControl;

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

/// One position of a suite, game-agnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteItem {
    /// Display name (`#40`, `line 12`).
    pub name: String,
    /// The position.
    pub position: AnyPosition,
    /// The exact value for the side to move, when the file gives it.
    pub expected_score: Option<i32>,
    /// Exact scores of moves, best first, when the file gives them.
    pub move_scores: Vec<(String, i32)>,
}

/// What a game is, whatever the game.
pub trait GameInfo: Sync {
    /// The name in the CLI and session files.
    fn name(&self) -> &'static str;
    /// The display name.
    fn label(&self) -> &'static str;
    /// Other accepted names.
    fn aliases(&self) -> &'static [&'static str];
    /// The names of the sides, the first mover first.
    fn sides(&self) -> [&'static str; 2];
    /// The name of the one-line text form.
    fn text_name(&self) -> &'static str;
    /// An example of the text form.
    fn text_hint(&self) -> &'static str;
    /// How a click edits the board.
    fn edit_hint(&self) -> &'static str;
    /// How the board is shown.
    fn layout(&self) -> BoardLayout;
    /// Whether two players can play a match of it.
    fn playable(&self) -> bool;
    /// The suite files shipped with treelab.
    fn shipped_suites(&self) -> &'static [(&'static str, &'static str)];
    /// The evaluators' names, the default first.
    fn evaluator_names(&self) -> Vec<&'static str>;
    /// The perft convention of the game's community.
    fn perft_convention(&self) -> PerftConvention;
    /// The start position.
    fn start(&self) -> AnyPosition;
    /// Parses the one-line text form (empty: the start position).
    fn parse(&self, text: &str) -> Result<AnyPosition, FormatError>;
    /// How strongly the game claims a suite file by its name.
    fn claims_suite(&self, file_name: &str) -> Claim;
    /// Reads a suite file of this game.
    fn parse_suite(&self, name: &str, text: &str) -> Result<Vec<SuiteItem>, FormatError>;
    /// The ways to save a position: (menu label, extension), the text form first.
    fn save_formats(&self) -> Vec<(&'static str, &'static str)>;
    /// The accessible name of a cell or column of the board.
    fn cell_label(&self, index: usize) -> String;
    /// The move a click on a cell or column plays.
    fn cell_move(&self, index: usize) -> String;
}

/// [`GameInfo`] for the game `D` describes.
pub(super) struct Info<D>(pub(super) PhantomData<fn() -> D>);

impl<D: Describe> GameInfo for Info<D>
where
    AnyPosition: From<D>,
{
    fn name(&self) -> &'static str {
        D::name()
    }
    fn label(&self) -> &'static str {
        D::LABEL
    }
    fn aliases(&self) -> &'static [&'static str] {
        D::ALIASES
    }
    fn sides(&self) -> [&'static str; 2] {
        D::SIDES
    }
    fn text_name(&self) -> &'static str {
        D::TEXT_NAME
    }
    fn text_hint(&self) -> &'static str {
        D::TEXT_HINT
    }
    fn edit_hint(&self) -> &'static str {
        D::EDIT_HINT
    }
    fn layout(&self) -> BoardLayout {
        D::LAYOUT
    }
    fn playable(&self) -> bool {
        D::PLAYABLE
    }
    fn shipped_suites(&self) -> &'static [(&'static str, &'static str)] {
        D::SHIPPED_SUITES
    }
    fn evaluator_names(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = D::evaluators().into_iter().map(D::eval_name).collect();
        // The network shipped for the game, where one is (`net:FILE` names another).
        if crate::net::load::shipped(<D::Game as crate::game::Game>::NAME).is_some() {
            names.push(crate::net::eval::NET_EVAL);
        }
        names
    }
    fn perft_convention(&self) -> PerftConvention {
        D::perft_convention()
    }
    fn start(&self) -> AnyPosition {
        D::start().into()
    }
    fn parse(&self, text: &str) -> Result<AnyPosition, FormatError> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(self.start());
        }
        D::parse(text).map(AnyPosition::from)
    }
    fn claims_suite(&self, file_name: &str) -> Claim {
        D::claims_suite(file_name)
    }
    fn parse_suite(&self, name: &str, text: &str) -> Result<Vec<SuiteItem>, FormatError> {
        Ok(D::parse_suite(name, text)?
            .into_iter()
            .map(|line| SuiteItem {
                name: line.name,
                position: line.position.into(),
                expected_score: line.expected_score,
                move_scores: line.move_scores,
            })
            .collect())
    }
    fn save_formats(&self) -> Vec<(&'static str, &'static str)> {
        D::save_formats()
            .iter()
            .map(|f| (f.label, f.extension))
            .collect()
    }
    fn cell_label(&self, index: usize) -> String {
        D::cell_label(index)
    }
    fn cell_move(&self, index: usize) -> String {
        D::cell_move(index)
    }
}

/// What a position does, whatever the game ([`AnyPosition::as_dyn`]).
pub trait DynPosition {
    /// The one-line text form.
    fn to_text(&self) -> String;
    /// The legal moves in notation, in generation order.
    fn legal_moves(&self) -> Vec<String>;
    /// The position after the move written `mv`, or why it is not legal.
    fn play_text(&self, mv: &str) -> Result<AnyPosition, FormatError>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// At a chance node, its outcomes in notation with their weights.
    fn chance_outcomes(&self) -> Option<Vec<(String, u32)>>;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// The score of a finished game for the side to move.
    fn terminal_score(&self, scoring: Scoring) -> i32;
    /// Perft with bulk counting.
    fn perft(&self, depth: u32, convention: PerftConvention) -> u64;
    /// Whether a search would be refused before it visits a node (an evaluator the
    /// game lacks, options refused at this depth, a depth where the game has no value).
    fn check(&self, req: &SearchRequest) -> Result<(), EngineError>;
    /// Runs one search.
    fn search(
        &self,
        req: &SearchRequest,
        control: SearchControl<'_>,
    ) -> Result<SearchRecord, EngineError>;
    /// Runs one search and records its trace.
    fn search_traced(
        &self,
        req: &SearchRequest,
        control: SearchControl<'_>,
    ) -> Result<TracedRecord, EngineError>;
    /// The file contents in save format `index` of [`GameInfo::save_formats`].
    fn save_text(&self, index: usize) -> Option<String>;
    /// The board's cells, row by row from the top left.
    fn cells(&self) -> Vec<Option<Side>>;
    /// The position with these cells, or why no game reaches it.
    fn with_cells(&self, cells: &[Option<Side>]) -> Result<AnyPosition, FormatError>;
    /// The empty board, if the game has one.
    fn cleared(&self) -> Option<AnyPosition>;
    /// The board with the other side to move, where the game allows it.
    fn side_switched(&self) -> Option<AnyPosition>;
    /// Edit mode on numbered stones: the next (or previous) choice at a cell.
    fn cell_stepped(&self, cell: usize, back: bool) -> Option<Result<AnyPosition, FormatError>>;
    /// The same board in each phase a set-up may choose, named.
    fn phase_choices(&self) -> Vec<(String, AnyPosition)>;
    /// A note next to the side to move.
    fn counts_note(&self) -> Option<String>;
    /// Why the text form would not load back.
    fn text_warning(&self) -> Option<String>;
    /// The parameters of a board-less game.
    fn params(&self) -> Vec<Param>;
    /// The position with these parameter values.
    fn with_params(&self, values: &[u64]) -> Result<AnyPosition, FormatError>;
    /// Facts shown under the board.
    fn notes(&self) -> Vec<String>;
    /// The shape of a tree to sketch.
    fn tree_shape(&self) -> Option<(u32, u32)>;
    /// The nodes of a tree board, in preorder.
    fn tree_nodes(&self) -> Vec<TreeNode>;
    /// What is written on each cell's stone (a cube's number), row by row.
    fn cell_texts(&self) -> Vec<String>;
    /// The position after an edit of its tree board.
    fn tree_edited(&self, edit: TreeEdit) -> Result<AnyPosition, FormatError>;
    /// The depth that reaches every end of the game, when the game knows it.
    fn full_depth(&self) -> Option<u32>;
    /// The engine units of one unit of value ([`Game::value_scale`]).
    fn value_scale(&self) -> u32;
    /// The game's score range under `scoring`, in engine units ([`Game::score_range`]):
    /// the bounds Star1 and Star2 put on outcomes not searched yet.
    fn score_range(&self, scoring: Scoring) -> (i32, i32);
    /// Whether chance nodes can occur from here ([`Game::has_chance`]).
    fn has_chance(&self) -> bool;
    /// The leaves a search that prunes nothing visits to `depth` (summed over depths 1
    /// to `depth` when `deepening`), counted or estimated (`engine/size.rs`).
    fn leaf_estimate(&self, depth: u32, deepening: bool) -> LeafEstimate;
}

impl<D: Describe> DynPosition for D
where
    AnyPosition: From<D>,
{
    fn to_text(&self) -> String {
        Describe::to_text(self)
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.game().legal_moves(&mut moves);
        moves.into_iter().map(D::Game::move_to_string).collect()
    }
    fn play_text(&self, mv: &str) -> Result<AnyPosition, FormatError> {
        let m = self.game().parse_move(mv)?;
        Ok(Describe::play(self, m).into())
    }
    fn is_over(&self) -> bool {
        self.game().outcome().is_some()
    }
    fn chance_outcomes(&self) -> Option<Vec<(String, u32)>> {
        let mut out = Vec::new();
        self.game().chance_outcomes(&mut out).then(|| {
            out.into_iter()
                .map(|(m, w)| (D::Game::move_to_string(m), w))
                .collect()
        })
    }
    fn side_to_move(&self) -> Side {
        self.game().side_to_move()
    }
    fn terminal_score(&self, scoring: Scoring) -> i32 {
        self.game().terminal_score(scoring)
    }
    fn perft(&self, depth: u32, convention: PerftConvention) -> u64 {
        self.game().perft(depth, convention)
    }
    fn check(&self, req: &SearchRequest) -> Result<(), EngineError> {
        check_described(self, req)
    }
    fn search(
        &self,
        req: &SearchRequest,
        control: SearchControl<'_>,
    ) -> Result<SearchRecord, EngineError> {
        search_described(self, req, control)
    }
    fn search_traced(
        &self,
        req: &SearchRequest,
        control: SearchControl<'_>,
    ) -> Result<TracedRecord, EngineError> {
        search_described_traced(self, req, control)
    }
    fn save_text(&self, index: usize) -> Option<String> {
        D::save_formats().get(index).map(|f| (f.write)(self))
    }
    fn cells(&self) -> Vec<Option<Side>> {
        Describe::cells(self)
    }
    fn with_cells(&self, cells: &[Option<Side>]) -> Result<AnyPosition, FormatError> {
        Describe::with_cells(self, cells).map(AnyPosition::from)
    }
    fn cleared(&self) -> Option<AnyPosition> {
        Describe::cleared(self).map(AnyPosition::from)
    }
    fn side_switched(&self) -> Option<AnyPosition> {
        Describe::side_switched(self).map(AnyPosition::from)
    }
    fn cell_stepped(&self, cell: usize, back: bool) -> Option<Result<AnyPosition, FormatError>> {
        Describe::cell_stepped(self, cell, back).map(|r| r.map(AnyPosition::from))
    }
    fn phase_choices(&self) -> Vec<(String, AnyPosition)> {
        Describe::phase_choices(self)
            .into_iter()
            .map(|(name, p)| (name, AnyPosition::from(p)))
            .collect()
    }
    fn counts_note(&self) -> Option<String> {
        Describe::counts_note(self)
    }
    fn text_warning(&self) -> Option<String> {
        Describe::text_warning(self)
    }
    fn params(&self) -> Vec<Param> {
        Describe::params(self)
    }
    fn with_params(&self, values: &[u64]) -> Result<AnyPosition, FormatError> {
        Describe::with_params(self, values).map(AnyPosition::from)
    }
    fn notes(&self) -> Vec<String> {
        Describe::notes(self)
    }
    fn tree_shape(&self) -> Option<(u32, u32)> {
        Describe::tree_shape(self)
    }
    fn tree_nodes(&self) -> Vec<TreeNode> {
        Describe::tree_nodes(self)
    }
    fn cell_texts(&self) -> Vec<String> {
        Describe::cell_texts(self)
    }
    fn tree_edited(&self, edit: TreeEdit) -> Result<AnyPosition, FormatError> {
        Describe::tree_edited(self, edit).map(AnyPosition::from)
    }
    fn full_depth(&self) -> Option<u32> {
        Describe::full_depth(self)
    }
    fn value_scale(&self) -> u32 {
        Game::value_scale(self.game())
    }
    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        Game::score_range(self.game(), scoring)
    }
    fn has_chance(&self) -> bool {
        Game::has_chance(self.game())
    }
    fn leaf_estimate(&self, depth: u32, deepening: bool) -> LeafEstimate {
        leaf_estimate(self.game(), Describe::uniform_below(self), depth, deepening)
    }
}
