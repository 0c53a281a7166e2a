//! Embeds the shipped card set (`cards/*.json`, `cards/domains/*.json`) in the binary, so
//! an installed or copied `forward` plays without the repository beside it. Writes
//! `$OUT_DIR/embedded_cards.rs`: a table of (path relative to `cards/`, file text).

use std::path::Path;

fn main() {
    // A file *added* to the folder must rebuild the table, not only a changed one.
    println!("cargo:rerun-if-changed=cards");
    println!("cargo:rerun-if-changed=cards/domains");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
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
                println!("cargo:rerun-if-changed=cards/{rel}");
                files.push(rel);
            }
        }
    }
    files.sort();
    let mut out = String::from("/// The shipped card files, embedded at build time.\n");
    out.push_str("pub static FILES: &[(&str, &str)] = &[\n");
    for rel in &files {
        let full = root.join(rel);
        out.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            full.display().to_string()
        ));
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_cards.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
