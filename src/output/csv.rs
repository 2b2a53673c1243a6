//! The one CSV quoting of treelab's exports (RFC 4180): results tables, bench grids,
//! match games, the experiments' files and `treelab trace`.

/// `text` as one CSV field: quoted, with its quotes doubled, when it holds a comma, a
/// quote or a line break; as it is otherwise.
#[must_use]
pub fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn fields_are_quoted_only_when_they_must_be() {
        assert_eq!(field("plain text"), "plain text");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
        assert_eq!(field(""), "");
    }
}
