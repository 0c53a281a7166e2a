//! Card art (issue 29): every shipped card names a vendored icon and no Domain repeats
//! one, every vendored icon is credited and renders, and the validator checks art names
//! (a typo is an error with the nearest name; a card without art in a set that has art is
//! a warning).

use crate::common::files::copy_dir;
use forward::cards::art;
use forward::cards::load::load_dir;
use std::collections::HashSet;
use std::path::Path;

fn shipped() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")
}

#[test]
fn every_shipped_card_has_vendored_art_and_no_domain_repeats_one() {
    let (set, report) = load_dir(&shipped()).expect("the shipped set loads");
    assert!(
        report.warnings.iter().all(|w| !w.message.contains("art")),
        "{:#?}",
        report.warnings
    );
    let named = |a: &Option<forward::cards::model::ArtName>| {
        let a = a.as_ref().expect("art").0.clone();
        assert!(art::exists(&a), "{a} is vendored");
        a
    };
    named(&set.files().traveller.art);
    named(&set.files().guardian.art);
    let mut all = HashSet::new();
    for d in &set.domains {
        let mut seen = HashSet::new();
        seen.insert(named(&d.art));
        for &c in &d.stations {
            let a = named(&set.card(c).art);
            assert!(
                seen.insert(a.clone()),
                "{} repeats {a} in {}",
                set.card(c).id,
                d.name
            );
            all.insert(a);
        }
    }
    assert!(all.len() >= 150, "{} different pictures", all.len());
}

#[test]
fn every_vendored_icon_is_credited_and_renders_in_its_colour() {
    let credits =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("art/icons/CREDITS.md"))
            .expect("the credits file");
    assert!(credits.contains("CC BY 3.0") && credits.contains("game-icons.net"));
    let names = art::names();
    assert!(names.len() >= 160, "{} icons", names.len());
    for n in names {
        assert!(credits.contains(&format!("`{n}`")), "{n} is not credited");
    }
    // Ten type emblems, all vendored.
    use forward::cards::model::StationType;
    for t in StationType::ALL {
        assert!(art::type_emblem(t).is_some(), "{t:?} has an emblem");
    }
}

#[test]
fn every_icon_renders_in_the_colour_asked() {
    let ink = [200u8, 100, 50, 255];
    for n in art::names() {
        let px = art::rasterise(n, 48, ink).expect("renders");
        assert_eq!(px.len(), 48 * 48 * 4);
        let solid: Vec<&[u8]> = px.chunks(4).filter(|p| p[3] == 255).collect();
        assert!(solid.len() > 48, "{n}: {} solid pixels", solid.len());
        assert!(
            solid.iter().all(|p| p[..3] == ink[..3]),
            "{n}: a solid pixel of another colour"
        );
        // Some ground is left clear: a picture, not a filled square.
        assert!(px.chunks(4).any(|p| p[3] == 0), "{n} fills its square");
    }
    assert!(art::rasterise("no-such-icon", 48, ink).is_none());
}

#[test]
fn the_validator_checks_art_names_and_missing_art() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("art-typo");
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&shipped(), &dir);
    let file = dir.join("domains/termina.json");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("\"art\": \"hound\"").count(), 1);
    // A typo, and a card with its art removed.
    let text = text.replacen("\"art\": \"hound\"", "\"art\": \"hund\"", 1);
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("\"art\"") && !l.contains("hund"))
        .expect("another art line")
        .to_string();
    let text = text.replacen(&format!("{line}\n"), "", 1);
    std::fs::write(&file, text).unwrap();
    let report = match load_dir(&dir) {
        Ok((_, r)) => panic!("a typo in art is an error: {r:#?}"),
        Err(r) => r,
    };
    assert_eq!(report.errors.len(), 1, "{:#?}", report.errors);
    let e = &report.errors[0].message;
    assert!(e.contains("hund") && e.contains("hound"), "{e}");
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.message.contains("has no `art`")),
        "{:#?}",
        report.warnings
    );
}

#[test]
fn the_desktop_entry_and_the_games_icon_install_at_every_size() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("desktop");
    let _ = std::fs::remove_dir_all(&root);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(["desktop", "--into"])
        .arg(&root)
        .output()
        .expect("run forward desktop");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let entry = std::fs::read_to_string(root.join("applications/forward.desktop")).unwrap();
    assert!(entry.starts_with("[Desktop Entry]"));
    assert!(
        entry.contains("\nIcon=forward\n") && entry.contains("\nExec=/"),
        "{entry}"
    );
    for px in forward::cli::desktop::SIZES {
        let png = std::fs::read(root.join(format!("icons/hicolor/{px}x{px}/apps/forward.png")))
            .expect("the icon");
        assert_eq!(&png[1..4], b"PNG");
        let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((w, h), (px, px));
    }
    // The icon itself: clear corners, the dark ground, and the gold figure.
    let icon = art::app_icon(64);
    assert_eq!(icon[3], 0, "a rounded corner is clear");
    let centre = ((32 * 64 + 32) * 4) as usize;
    assert_eq!(icon[centre + 3], 255);
    assert!(
        icon.chunks(4)
            .any(|p| p[0] > 200 && p[1] > 150 && p[3] == 255),
        "gold"
    );
}
