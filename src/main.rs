//! `treelab` opens the window; `treelab <subcommand>` runs the command line.

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = treelab::cli::Cli::parse();
    let outcome = match cli.command {
        Some(command) => {
            end_quietly_on_a_closed_pipe();
            treelab::cli::run(command)
        }
        #[cfg(feature = "app")]
        None => treelab::app::run(cli.open),
        #[cfg(not(feature = "app"))]
        None => Err(anyhow::anyhow!(
            "this build has no app (built without the `app` feature): give a command, or `treelab --help`"
        )),
    };
    match outcome {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("treelab: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// A command whose output is piped into a reader that stops early (`| head`) ends as
/// other command-line tools do, by the signal, instead of panicking on the write.
fn end_quietly_on_a_closed_pipe() {
    #[cfg(target_os = "linux")]
    // SAFETY: restores the default action of one signal before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
