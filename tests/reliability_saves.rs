//! Saves are atomic under write failures: a failed save leaves the old file byte for
//! byte, a newer or truncated session file is refused and left alone, and an older one
//! opens with its results.

use std::path::Path;

use treelab::engine::{AnyPosition, GameKind};
use treelab::session::{Session, SessionError, write_atomic};

// ---------------------------------------------------------------------------------
// Atomic saves under write failures.

fn saved_sample(dir: &Path) -> (std::path::PathBuf, Vec<u8>) {
    let path = dir.join("a.ron");
    let s = Session {
        position: AnyPosition::parse(GameKind::TicTacToe, "x.o.x....").unwrap(),
        suite: None,
        ..Session::default()
    };
    s.save(&path).expect("first save");
    let bytes = std::fs::read(&path).expect("read back");
    (path, bytes)
}

fn other_session() -> Session {
    Session {
        position: AnyPosition::parse(GameKind::Connect4, "4453").unwrap(),
        suite: None,
        ..Session::default()
    }
}

/// Whether this process can write into a directory whose mode forbids it (root can).
fn permissions_are_bypassed(dir: &Path) -> bool {
    let probe = dir.join("probe");
    let bypassed = std::fs::write(&probe, b"x").is_ok();
    let _ = std::fs::remove_file(&probe);
    bypassed
}

#[test]
fn a_failed_save_leaves_the_old_file_byte_identical() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, before) = saved_sample(dir.path());
    let new = other_session();

    // 1. A directory sits where the temporary file goes.
    let tmp = dir.path().join("a.ron.tmp");
    std::fs::create_dir(&tmp).expect("mkdir");
    std::fs::write(tmp.join("keep"), b"k").expect("fill");
    assert!(matches!(new.save(&path), Err(SessionError::Io { .. })));
    assert_eq!(std::fs::read(&path).expect("old file"), before);
    std::fs::remove_dir_all(&tmp).expect("cleanup");

    // 2. "Disk full": the temporary file is /dev/full, where every write fails ENOSPC.
    if Path::new("/dev/full").exists() {
        std::os::unix::fs::symlink("/dev/full", &tmp).expect("symlink");
        let err = new.save(&path).expect_err("disk full");
        let SessionError::Io { source, .. } = &err else {
            panic!("expected an I/O error, got {err:?}");
        };
        assert_eq!(source.raw_os_error(), Some(28), "ENOSPC: {source}");
        assert_eq!(std::fs::read(&path).expect("old file"), before);
        assert!(
            std::fs::symlink_metadata(&tmp).is_err(),
            "the failed temporary file is removed"
        );
    }

    // 3. A read-only folder (root ignores modes: then the check is skipped, said so).
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).expect("mkdir");
    let (ro_path, ro_before) = saved_sample(&ro);
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    if permissions_are_bypassed(&ro) {
        println!("running as root: the read-only folder case is covered by cases 1, 2 and 4");
    } else {
        assert!(new.save(&ro_path).is_err());
        assert_eq!(std::fs::read(&ro_path).expect("old file"), ro_before);
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).expect("chmod");

    // 4. The parent "folder" is a regular file.
    let file = dir.path().join("plain");
    std::fs::write(&file, b"plain").expect("write");
    assert!(write_atomic(&file.join("a.ron"), b"x").is_err());
    assert_eq!(std::fs::read(&file).expect("still there"), b"plain");

    // After all that, a normal save works and replaces the file.
    new.save(&path).expect("save");
    assert_eq!(Session::load(&path).expect("load"), new);
}

#[test]
fn newer_or_truncated_files_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("newer.ron");
    let newer = format!(
        "(version: {}, game: othello, position: \"\", teleporter: true)\n",
        treelab::session::CURRENT_VERSION + 1
    );
    std::fs::write(&path, &newer).expect("write");
    let err = Session::load(&path).expect_err("newer");
    assert!(
        matches!(err, SessionError::NewerVersion { found } if found == treelab::session::CURRENT_VERSION + 1),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&path).expect("read"), newer);

    // Every cut of a real session file: an error with a place (or a shorter valid
    // session when the cut falls after the last field), never a panic.
    let text = other_session().to_ron().expect("ron");
    let mut errors = 0;
    for (cut, _) in text.char_indices() {
        let part = &text[..cut];
        std::fs::write(&path, part).expect("write");
        match Session::load(&path) {
            Err(SessionError::Parse { line, column, .. }) => {
                assert!(line >= 1 && column >= 1);
                errors += 1;
            }
            Err(other) => panic!("cut at {cut}: unexpected {other}"),
            Ok(_) => {}
        }
        assert_eq!(std::fs::read_to_string(&path).expect("read"), part);
    }
    assert!(
        errors > text.len() / 2,
        "{errors} errors in {} cuts",
        text.len()
    );
}

#[test]
fn an_older_file_reads_its_counters_under_their_old_name() {
    // How files of version 2 and before wrote a result's counters.
    const OLD: &str = "stats: SearchStats(";
    let text = include_str!("../saves/e1.ron");
    assert!(text.contains("version: 1") && text.contains(OLD));
    let first_nodes: u64 = text
        .split(OLD)
        .nth(1)
        .and_then(|rest| rest.strip_prefix("nodes: "))
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .expect("the first result's nodes in the file");
    let session = Session::from_ron(text).expect("a version-1 session opens");
    assert_eq!(session.version, treelab::session::CURRENT_VERSION);
    assert_eq!(session.results[0].record.counters.nodes(), first_nodes);
    assert!(
        session
            .results
            .iter()
            .all(|r| r.record.counters.nodes() > 0)
    );
    // Written again, it names them anew, and reads back the same.
    let again = Session::from_ron(&session.to_ron().expect("writes")).expect("reads");
    assert_eq!(again.results, session.results);
}
