//! The manifest every export carries: what made a figure, so that a reader can tell
//! whether two figures are comparable and can make them again. treelab's version and
//! commit, the build profile, the CPU features the binary was compiled for and the ones
//! the machine has, the CPU model, the threads, the seeds, the exact command or rows and
//! options, and the date (UTC).
//!
//! It goes with each kind of file in that file's own way ([`Manifest::write`]): comment
//! lines at the top of RON (`// `), a `<metadata>` element in SVG, a footer in Markdown
//! and text, and beside CSV a side file `NAME.csv.manifest` (CSV has no comment syntax
//! every reader knows, and a line of data may begin with `#`: FFO's `#40`). Sessions keep
//! it as a RON field.

use serde::{Deserialize, Serialize};

/// What made an export.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Manifest {
    /// treelab's version.
    pub version: String,
    /// The commit it was built from (`-dirty` with uncommitted changes), or `unknown`.
    pub commit: String,
    /// The build profile (`release`, `debug`).
    pub profile: String,
    /// The architecture and the CPU features the binary was compiled to use.
    pub target: String,
    /// The CPU model, as the system names it.
    pub cpu: String,
    /// The CPU features the machine has, of those that matter to treelab's speed.
    pub cpu_features: String,
    /// Worker threads.
    pub threads: usize,
    /// Seeds (openings, random trees, bootstrap resamples); empty when none was used.
    pub seeds: Vec<u64>,
    /// The command line, or what in the app made the export.
    pub command: String,
    /// The rows with their options, in their text form.
    pub rows: Vec<String>,
    /// When, in UTC (`2026-11-24T23:59:07Z`).
    pub date: String,
}

impl Manifest {
    /// This build and machine, now, for `command` on `threads` threads.
    #[must_use]
    pub fn new(command: impl Into<String>, threads: usize) -> Manifest {
        Manifest {
            version: env!("CARGO_PKG_VERSION").to_string(),
            commit: env!("TREELAB_COMMIT").to_string(),
            profile: env!("TREELAB_PROFILE").to_string(),
            target: target(),
            cpu: crate::platform::machine::cpu_model(),
            cpu_features: crate::platform::machine::cpu_features(),
            threads,
            seeds: Vec::new(),
            command: command.into(),
            rows: Vec::new(),
            date: utc_now(),
        }
    }

    /// The same, with `rows`.
    #[must_use]
    pub fn with_rows(mut self, rows: impl IntoIterator<Item = String>) -> Manifest {
        self.rows = rows.into_iter().collect();
        self
    }

    /// The same, with `seeds`.
    #[must_use]
    pub fn with_seeds(mut self, seeds: impl IntoIterator<Item = u64>) -> Manifest {
        self.seeds = seeds.into_iter().collect();
        self
    }

    /// The manifest as `key: value` lines.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let seeds = if self.seeds.is_empty() {
            "none".to_string()
        } else {
            let s: Vec<String> = self.seeds.iter().map(u64::to_string).collect();
            s.join(", ")
        };
        let mut out = vec![
            format!(
                "treelab: {} (commit {}, {} build)",
                self.version, self.commit, self.profile
            ),
            format!("target: {}", self.target),
            format!("cpu: {} ({})", self.cpu, self.cpu_features),
            if self.threads == 0 {
                "threads: none (nothing was searched)".to_string()
            } else {
                format!("threads: {}", self.threads)
            },
            format!("seeds: {seeds}"),
            format!("command: {}", self.command),
        ];
        if !self.rows.is_empty() {
            out.push(format!("rows: {}", self.rows.join("; ")));
        }
        out.push(format!("date: {}", self.date));
        out
    }

    /// The manifest as printed: a heading line and its lines, indented.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::from("manifest:\n");
        for l in self.lines() {
            out.push_str("  ");
            out.push_str(&l);
            out.push('\n');
        }
        out
    }

    /// `contents`, the file `file_name`, with the manifest in it: comment lines at the
    /// top of RON (`// `), a `<metadata>` element after SVG's opening tag, a footer after
    /// Markdown (a rule and a list) and any other text. CSV is returned as it is: its
    /// manifest goes in a side file ([`Manifest::side_file`]).
    #[must_use]
    pub fn stamp(&self, file_name: &str, contents: &str) -> String {
        let lines = self.lines();
        match extension(file_name).as_str() {
            "csv" => contents.to_string(),
            "ron" => {
                let mut out = String::from("// manifest\n");
                for l in &lines {
                    out.push_str(&format!("// {l}\n"));
                }
                out.push_str(contents);
                out
            }
            "svg" => {
                let escape = |t: &str| {
                    t.replace('&', "&amp;")
                        .replace('<', "&lt;")
                        .replace('>', "&gt;")
                };
                let body: Vec<String> = lines.iter().map(|l| escape(l)).collect();
                let element = format!(
                    "<metadata id=\"treelab-manifest\">\n  {}\n</metadata>\n",
                    body.join("\n  ")
                );
                match contents.find('>') {
                    Some(i) if contents.starts_with("<svg") => {
                        let (head, tail) = contents.split_at(i + 1);
                        let tail = tail.strip_prefix('\n').unwrap_or(tail);
                        format!("{head}\n{element}{tail}")
                    }
                    _ => format!("{element}{contents}"),
                }
            }
            "md" | "markdown" => {
                let mut out = contents.trim_end().to_string();
                out.push_str("\n\n---\n\nManifest:\n\n");
                for l in &lines {
                    out.push_str(&format!("- {l}\n"));
                }
                out
            }
            _ => {
                let mut out = contents.trim_end().to_string();
                out.push_str("\n\n");
                out.push_str(&self.text());
                out
            }
        }
    }

    /// The side file that carries the manifest of the file `file_name`, for the kinds
    /// that cannot hold it (CSV): `NAME.csv.manifest`.
    #[must_use]
    pub fn side_file(file_name: &str) -> Option<String> {
        (extension(file_name) == "csv").then(|| format!("{file_name}.manifest"))
    }

    /// Writes `contents` to `path` with the manifest in it ([`Manifest::stamp`]), and its
    /// side file when the kind needs one, each atomically.
    pub fn write(&self, path: &std::path::Path, contents: &str) -> std::io::Result<()> {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        crate::platform::files::write_atomic(path, self.stamp(&name, contents).as_bytes())?;
        if let Some(side) = Manifest::side_file(&name) {
            crate::platform::files::write_atomic(
                &path.with_file_name(side),
                self.text().as_bytes(),
            )?;
        }
        Ok(())
    }
}

/// A file name's extension, in lower case (empty without one).
fn extension(file_name: &str) -> String {
    file_name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default()
}

/// The architecture and the features the binary was compiled for.
fn target() -> String {
    let mut on: Vec<&str> = Vec::new();
    macro_rules! feature {
        ($($f:tt),*) => {
            $(if cfg!(target_feature = $f) { on.push($f); })*
        };
    }
    feature!(
        "sse2", "sse4.2", "popcnt", "avx", "avx2", "bmi1", "bmi2", "lzcnt", "fma", "avx512f",
        "avx512bw", "neon", "simd128"
    );
    format!("{} ({})", std::env::consts::ARCH, on.join(" "))
}

/// Now in UTC as `YYYY-MM-DDTHH:MM:SSZ`.
fn utc_now() -> String {
    utc_text(crate::platform::clock::unix_seconds())
}

/// `secs` after 1970-01-01T00:00:00Z as `YYYY-MM-DDTHH:MM:SSZ` (the proleptic Gregorian
/// calendar, by Howard Hinnant's days-to-civil algorithm).
#[must_use]
pub fn utc_text(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3_600,
        rem % 3_600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_calendars() {
        assert_eq!(utc_text(0), "1970-01-01T00:00:00Z");
        // `date -u -d @951782400`: the leap day of 2000.
        assert_eq!(utc_text(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_text(1_795_651_199), "2026-11-25T23:59:59Z");
        assert_eq!(utc_text(4_107_542_400), "2100-03-01T00:00:00Z");
    }

    #[test]
    fn each_kind_of_file_carries_it_in_its_own_way() {
        let m = Manifest::new("treelab bench --suite x.obf", 2)
            .with_rows(["negaalpha".to_string(), "scout+tt=16".to_string()])
            .with_seeds([7]);
        // CSV as it is, its manifest beside it.
        assert_eq!(m.stamp("out.csv", "a,b\n#40,2\n"), "a,b\n#40,2\n");
        assert_eq!(
            Manifest::side_file("out.csv").as_deref(),
            Some("out.csv.manifest")
        );
        assert_eq!(Manifest::side_file("out.ron"), None);
        let ron = m.stamp("r.ron", "(a: 1)\n");
        assert!(ron.starts_with("// manifest\n") && ron.contains("// seeds: 7\n"));
        assert!(ron.contains("// rows: negaalpha; scout+tt=16\n// date: "));
        let svg = m.stamp("c.svg", "<svg a=\"1\">\n<rect/>\n</svg>\n");
        assert!(svg.starts_with("<svg a=\"1\">\n<metadata id=\"treelab-manifest\">\n  treelab: "));
        assert!(
            svg.contains("  command: treelab bench --suite x.obf\n"),
            "{svg}"
        );
        assert!(svg.ends_with("</metadata>\n<rect/>\n</svg>\n"));
        let md = m.stamp("t.md", "| a |\n");
        assert!(md.starts_with("| a |\n\n---\n\nManifest:\n\n- treelab: "));
        let txt = m.stamp("e1.txt", "tables\n");
        let dir = std::env::temp_dir().join(format!("treelab-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        m.write(&dir.join("t.csv"), "a\n").unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("t.csv")).unwrap(), "a\n");
        assert_eq!(
            std::fs::read_to_string(dir.join("t.csv.manifest")).unwrap(),
            m.text()
        );
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(txt.starts_with("tables\n\nmanifest:\n  treelab: "));
        assert!(txt.contains("  threads: 2\n"));
        assert!(m.commit.len() >= 7 || m.commit == "unknown");
    }
}
