#![no_main]
//! Fuzz target: a RON session file.

use libfuzzer_sys::fuzz_target;
use treelab::session::Session;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(session) = Session::from_ron(text) {
        let _ = session.current_position();
        if let Ok(written) = session.to_ron() {
            let back = Session::from_ron(&written).expect("written session reads back");
            assert_eq!(back.to_ron().ok(), Some(written));
        }
    }
});
