//! Which network a search uses: the one shipped for its game (`assets/nets/`, built
//! into the program, so that every face has it without a file) or one read from a file,
//! checked against the game's inputs and move slots, and kept once read so that a grid's
//! cells share it.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use super::infer::Inference;
use super::model::PolicyValueNet;
use crate::game::Game;

/// The name of the network shipped for a game (also what an empty choice means).
pub const SHIPPED: &str = "shipped";

/// The networks shipped with treelab, by game name, and how each was made (their
/// manifests hold the whole command).
const SHIPPED_NETS: &[(&str, &[u8])] = &[
    (
        "connect4",
        include_bytes!("../../assets/nets/connect4.safetensors"),
    ),
    (
        "othello",
        include_bytes!("../../assets/nets/othello.safetensors"),
    ),
    (
        "tictactoe",
        include_bytes!("../../assets/nets/tictactoe.safetensors"),
    ),
];

/// The games a network ships for, comma-separated (for errors and help).
#[must_use]
pub fn shipped_games() -> String {
    SHIPPED_NETS
        .iter()
        .map(|(g, _)| *g)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The file bytes of the network shipped for `game`, when one is.
#[must_use]
pub fn shipped(game: &str) -> Option<&'static [u8]> {
    SHIPPED_NETS
        .iter()
        .find(|(g, _)| *g == game)
        .map(|(_, bytes)| *bytes)
}

/// What a network read earlier was read from: the game and the file's bytes (a file
/// written again is another network; the shipped one's bytes are the program's).
type Key = (&'static str, Vec<u8>);

/// The networks read so far (a few: a session names one or two).
static READ: Mutex<Vec<(Key, Arc<Inference>)>> = Mutex::new(Vec::new());

/// At most this many networks are kept.
const KEPT: usize = 8;

/// The largest network file read (the shipped ones are a few hundred KiB).
const MAX_FILE_BYTES: u64 = 512 << 20;

/// The network `choice` names for game `G`: empty or [`SHIPPED`] for the one shipped
/// with treelab, otherwise a safetensors file's path.
///
/// # Errors
/// The game has no network face or no shipped network, the file cannot be read or is
/// not a network, or its shape does not fit the game (each said with the file's name).
pub fn for_game<G: Game>(choice: &str) -> Result<Arc<Inference>, String> {
    let choice = choice.trim();
    if G::NET_INPUTS == 0 {
        return Err(format!(
            "{} has no network face (networks read {})",
            G::NAME,
            shipped_games()
        ));
    }
    let shipped_one = choice.is_empty() || choice == SHIPPED;
    let (bytes, name) = if shipped_one {
        let bytes = shipped(G::NAME).ok_or_else(|| {
            format!(
                "no network ships for {} (one ships for {}); name a network file of its shape (safetensors: `treelab train-net` trains them for the games a solver labels)",
                G::NAME,
                shipped_games(),
            )
        })?;
        (bytes.to_vec(), SHIPPED.to_string())
    } else {
        let bytes = crate::fileread::read_capped(Path::new(choice), MAX_FILE_BYTES, "a network")
            .map_err(|e| format!("network {choice}: {e}"))?;
        (bytes, choice.to_string())
    };
    let key: Key = (G::NAME, bytes);
    let mut read = READ.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, net)) = read.iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(net));
    }
    let net = PolicyValueNet::from_bytes(&key.1, &name)?;
    net.check_fits(G::NAME, G::NET_INPUTS, G::MOVE_SLOTS)
        .map_err(|e| format!("{name}: {e}"))?;
    let net = Arc::new(Inference::new(&net)?);
    if read.len() >= KEPT {
        read.remove(0);
    }
    read.push((key, Arc::clone(&net)));
    Ok(net)
}
