//! `forward desktop`: installs a desktop entry and the game's icon (freedesktop.org
//! layout), so that an installed game is listed among the desktop's applications.

use std::path::{Path, PathBuf};

/// The icon sizes a desktop looks for, in pixels.
pub const SIZES: [u32; 6] = [16, 32, 48, 64, 128, 256];

/// The desktop entry's text for a game run as `exec`.
pub fn entry(exec: &str) -> String {
    format!(
        "[Desktop Entry]\nType=Application\nName=Forward\n\
         Comment=A roguelike card adventure for one traveller, or a traveller and a Guide\n\
         Exec={exec}\nIcon=forward\nTerminal=false\nCategories=Game;CardGame;\n"
    )
}

/// Writes `applications/forward.desktop` and `icons/hicolor/NxN/apps/forward.png` under
/// `root`; returns the files written.
pub fn install(root: &Path, exec: &str) -> std::io::Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    let apps = root.join("applications");
    std::fs::create_dir_all(&apps)?;
    let desktop = apps.join("forward.desktop");
    std::fs::write(&desktop, entry(exec))?;
    written.push(desktop);
    for px in SIZES {
        let dir = root.join(format!("icons/hicolor/{px}x{px}/apps"));
        std::fs::create_dir_all(&dir)?;
        let png = crate::cards::art::app_icon_png(px)
            .ok_or_else(|| std::io::Error::other(format!("could not draw the {px}px icon")))?;
        let file = dir.join("forward.png");
        std::fs::write(&file, png)?;
        written.push(file);
    }
    Ok(written)
}

/// Runs `forward desktop [--into DIR]`; the exit code.
pub fn run(into: Option<&Path>) -> i32 {
    let root = match into {
        Some(d) => d.to_path_buf(),
        None => match directories::BaseDirs::new() {
            Some(b) => b.data_dir().to_path_buf(),
            None => {
                eprintln!("forward desktop: no home directory found; give one with --into DIR");
                return 2;
            }
        },
    };
    let exec = std::env::current_exe()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| "forward".into());
    match install(&root, &exec) {
        Ok(files) => {
            for f in files {
                println!("wrote {}", f.display());
            }
            0
        }
        Err(e) => {
            eprintln!(
                "forward desktop: cannot write under {}: {e}",
                root.display()
            );
            1
        }
    }
}
