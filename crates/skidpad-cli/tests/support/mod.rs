//! Helpers shared by the CLI's integration tests: `mod support;` in a test file.
//!
//! - [`skidpad`]: run the built `skidpad` binary with `--out DIR`, require success;
//! - [`img_sources`]: the images a report page shows.
//!
//! Each test binary compiles its own copy and uses a part of it.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// Run `skidpad ARGS --out OUT` and return its standard output; panics with its standard
/// error if it fails.
pub fn skidpad(args: &[&str], out: &Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("run skidpad");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// `src="…"` values of the page's `<img>` tags, in page order.
pub fn img_sources(html: &str) -> Vec<String> {
    html.split("<img")
        .skip(1)
        .filter_map(|tag| {
            let rest = &tag[tag.find("src=\"")? + 5..];
            Some(rest[..rest.find('"')?].to_string())
        })
        .collect()
}
