//! Embeds the shipped card set (`cards/*.json`, `cards/domains/*.json`) in the binary, so
//! an installed or copied `forward` plays without the repository beside it. Writes
//! `$OUT_DIR/embedded_cards.rs`: a table of (path relative to `cards/`, file text), and a
//! second one for the guided first run's own small set (`cards/lesson/`, `LESSON_FILES`).

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let mut out = String::from("/// The shipped card files, embedded at build time.\n");
    table(&mut out, "FILES", &root, "cards");
    out.push_str("/// The lesson's card files (`cards/lesson/`), embedded at build time.\n");
    table(
        &mut out,
        "LESSON_FILES",
        &root.join("lesson"),
        "cards/lesson",
    );
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_cards.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// Appends `pub static NAME: &[(&str, &str)]`: the JSON files of `root` and `root/domains`.
fn table(out: &mut String, name: &str, root: &Path, shown: &str) {
    // A file *added* to a folder must rebuild the table, not only a changed one.
    println!("cargo:rerun-if-changed={shown}");
    println!("cargo:rerun-if-changed={shown}/domains");
    let mut files = Vec::new();
    for sub in ["", "domains"] {
        let Ok(entries) = std::fs::read_dir(root.join(sub)) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            // The schema is generated from the code; it is not part of the set.
            if name.ends_with(".json") && name != "schema.json" && e.path().is_file() {
                let rel = if sub.is_empty() {
                    name
                } else {
                    format!("{sub}/{name}")
                };
                println!("cargo:rerun-if-changed={shown}/{rel}");
                files.push(rel);
            }
        }
    }
    files.sort();
    out.push_str(&format!("pub static {name}: &[(&str, &str)] = &[\n"));
    for rel in &files {
        let full = root.join(rel);
        out.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            full.display().to_string()
        ));
    }
    out.push_str("];\n");
}
