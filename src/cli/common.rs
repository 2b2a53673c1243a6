//! What the subcommands share: the position and depth a command names, the search
//! request of `--algo` and the option flags, the command line for a manifest, and
//! writing an output with its manifest.

use anyhow::Result;

use super::OptionArgs;
use crate::engine::SearchRequest;
use crate::output::manifest::Manifest;

/// The position `text` of `game` and the depth to search it to: `depth`, or where the
/// game has one, the depth that reaches every end of the game (a tree's height).
pub(super) fn position_and_depth(
    game: &str,
    text: &str,
    depth: Option<u32>,
) -> Result<(crate::engine::AnyPosition, u32)> {
    use anyhow::Context;
    let kind = crate::engine::GameKind::from_name(game)?;
    let pos = crate::engine::AnyPosition::parse(kind, text).context("position")?;
    let depth = match depth {
        Some(depth) => depth,
        None => pos.as_dyn().full_depth().with_context(|| {
            format!(
                "--depth is needed: {} has no depth that reaches every end of the game",
                kind.label()
            )
        })?,
    };
    Ok((pos, depth))
}

pub(super) fn request(algo: &str, options: &OptionArgs, depth: u32) -> Result<SearchRequest> {
    // `--algo` is a row spec (`mcts+iterations=200000`): its options over the flags'.
    let row = crate::engine::rowspec::parse_row_spec(algo, &options.to_options()?)?;
    Ok(SearchRequest {
        algorithm: row.algorithm,
        options: row.options,
        depth,
        evaluator: options.eval.clone(),
    })
}

/// The command line as typed: `treelab` and the arguments, each quoted where a shell
/// would need it, so the manifest's command can be run again as it stands.
pub(super) fn command_line() -> String {
    let mut out = vec!["treelab".to_string()];
    for a in std::env::args().skip(1) {
        let plain = !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_=+.,/:@%^".contains(c));
        if plain {
            out.push(a);
        } else {
            out.push(format!("'{}'", a.replace('\'', "'\\''")));
        }
    }
    out.join(" ")
}

/// Writes `text`, whose format is `ext` (csv, ron, md or txt), to `out` with `manifest`
/// ([`Manifest::write`]: in the file, or beside a CSV); or prints it, with the manifest
/// when `print_manifest` (for CSV on standard error, so the table stays a table).
pub(super) fn emit(
    text: &str,
    ext: &str,
    out: Option<&std::path::Path>,
    manifest: &Manifest,
    print_manifest: bool,
) -> Result<()> {
    use anyhow::Context as _;
    match out {
        Some(path) => manifest
            .write(path, text)
            .with_context(|| format!("writing {}", path.display()))?,
        None if print_manifest && ext == "csv" => {
            print!("{text}");
            eprint!("{}", manifest.text());
        }
        None if print_manifest => print!("{}", manifest.stamp(&format!("output.{ext}"), text)),
        None => print!("{text}"),
    }
    Ok(())
}
