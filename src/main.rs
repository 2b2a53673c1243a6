//! `treelab` opens the window; `treelab <subcommand>` runs the command line.
fn main() -> anyhow::Result<()> {
    treelab::app::run()
}
