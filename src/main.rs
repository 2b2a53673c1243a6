//! `treelab` opens the window; `treelab <subcommand>` runs the command line.

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = treelab::cli::Cli::parse();
    let outcome = match cli.command {
        Some(command) => treelab::cli::run(command),
        None => treelab::app::run(cli.open),
    };
    match outcome {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("treelab: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
