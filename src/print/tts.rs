//! A Tabletop Simulator deck, so a remote playtest needs no printer: the faces on sheets of
//! up to 10 x 7 cards (one set of sheets per back, so each Domain's deck keeps its own
//! back), one back image per sheet set, and the saved-object JSON Tabletop Simulator
//! loads (`Deck` objects with a `CustomDeck` per sheet; each card's `CardID` is the
//! sheet's number times 100 plus its place on the sheet). The images are addressed on an
//! image host (`--tts-url`) so a shared deck works for everyone, or as files on this
//! computer, with a note saying so.

use super::face::{self, CARD_H, CARD_W, CardFace, Look};
use super::text::Metrics;
use super::{PrintError, svg_doc, svg_options};
use resvg::{tiny_skia, usvg};
use serde_json::{Value, json};
use std::path::Path;

/// Cards across and down a sheet: Tabletop Simulator's largest grid.
pub const COLUMNS: usize = 10;
pub const ROWS: usize = 7;
/// One card's width on a sheet, in pixels (its height follows the card's proportions).
pub const CARD_PX: u32 = 300;

/// A card's height on a sheet, in pixels.
pub fn card_px_h() -> u32 {
    (CARD_PX as f32 * CARD_H / CARD_W).round() as u32
}

fn err(what: &str, message: impl Into<String>) -> PrintError {
    PrintError::Draw {
        what: what.into(),
        message: message.into(),
    }
}

/// One card drawn at [`CARD_PX`] wide.
fn pixmap(body: &str, opt: &usvg::Options, what: &str) -> Result<tiny_skia::Pixmap, PrintError> {
    let tree = usvg::Tree::from_str(&svg_doc(CARD_W, CARD_H, body), opt)
        .map_err(|e| err(what, e.to_string()))?;
    let scale = CARD_PX as f32 / tree.size().width();
    let mut pix =
        tiny_skia::Pixmap::new(CARD_PX, card_px_h()).ok_or_else(|| err(what, "empty image"))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pix.as_mut(),
    );
    Ok(pix)
}

fn save(pix: &tiny_skia::Pixmap, path: &Path) -> Result<(), PrintError> {
    let bytes = pix
        .encode_png()
        .map_err(|e| err("a sheet", e.to_string()))?;
    std::fs::write(path, bytes).map_err(|source| PrintError::Write {
        path: path.into(),
        source,
    })
}

/// A Tabletop Simulator transform at `x` along the table.
fn at(x: f32) -> Value {
    json!({"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
        "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0})
}

/// The cards that share one back (a Domain's id and name; `None`: the common back).
type BackGroup<'a> = (Option<(String, String, Option<String>)>, Vec<&'a CardFace>);

/// What a Tabletop Simulator export wrote.
#[derive(Debug, Clone, Default)]
pub struct Deck {
    /// Sheet images, in order.
    pub sheets: Vec<String>,
    pub cards: usize,
}

/// The note written beside a deck whose images are files on this computer.
pub const LOCAL_NOTE: &str = "The deck's images are files on this computer (file:/// addresses): Tabletop Simulator finds them here, but nobody you share the deck with will. To share it, upload the PNG files of this folder to an image host (any web server, or Steam Cloud from Tabletop Simulator's Cloud Manager) and print again with --tts-url and the address the files are served from.";

/// The file of that note.
pub const NOTE_FILE: &str = "README.txt";

/// Whether `base` is an address a shared deck's images can be fetched from.
pub fn check_url(base: &str) -> Result<(), PrintError> {
    let ok = (base.starts_with("https://") || base.starts_with("http://"))
        && base.len() > "https://".len()
        && !base.chars().any(char::is_whitespace);
    if ok {
        Ok(())
    } else {
        Err(PrintError::Url(base.to_string()))
    }
}

/// Writes the sheets, backs and `forward_deck.json` into `dir`; the deck points at the
/// images under `base` (an image host's address) when given, else at the files here (with
/// a note beside them saying how to share the deck).
pub fn write(
    m: &Metrics,
    cards: &[CardFace],
    look: &Look,
    dir: &Path,
    base: Option<&str>,
) -> Result<Deck, PrintError> {
    std::fs::create_dir_all(dir).map_err(|source| PrintError::Write {
        path: dir.into(),
        source,
    })?;
    let opt = svg_options();
    // Cards grouped by their back, in print order.
    let mut groups: Vec<BackGroup> = Vec::new();
    for c in cards {
        match groups.iter_mut().find(|g| g.0 == c.back) {
            Some(g) => g.1.push(c),
            None => groups.push((c.back.clone(), vec![c])),
        }
    }
    let mut deck = Deck::default();
    let mut objects = Vec::new();
    let mut sheet_no = 0;
    for (gi, (back, members)) in groups.iter().enumerate() {
        let key = back.as_ref().map_or("common".to_string(), |b| b.0.clone());
        let back_name = format!("back_{key}.png");
        let back_body = face::back_svg_as(
            m,
            0.0,
            look,
            back.as_ref()
                .map(|b| (b.0.as_str(), b.1.as_str(), b.2.as_deref())),
        );
        save(
            &pixmap(&back_body, &opt, &back_name)?,
            &dir.join(&back_name),
        )?;
        let mut custom = serde_json::Map::new();
        let mut ids = Vec::new();
        let mut contained = Vec::new();
        for chunk in members.chunks(COLUMNS * ROWS) {
            sheet_no += 1;
            let rows = chunk.len().div_ceil(COLUMNS);
            let (w, h) = (CARD_PX * COLUMNS as u32, card_px_h() * rows as u32);
            let mut sheet =
                tiny_skia::Pixmap::new(w, h).ok_or_else(|| err("a sheet", "empty image"))?;
            for (i, c) in chunk.iter().enumerate() {
                let pix = pixmap(&face::face_svg_as(m, c, 0.0, look, None), &opt, &c.id)?;
                let (x, y) = (
                    (i % COLUMNS) as u32 * CARD_PX,
                    (i / COLUMNS) as u32 * card_px_h(),
                );
                sheet.draw_pixmap(
                    x as i32,
                    y as i32,
                    pix.as_ref(),
                    &tiny_skia::PixmapPaint::default(),
                    tiny_skia::Transform::identity(),
                    None,
                );
                let id = sheet_no * 100 + i;
                ids.push(id);
                contained.push(
                    json!({"Name": "Card", "Nickname": c.name, "Description": c.id,
                    "CardID": id, "Transform": at(0.0)}),
                );
            }
            let name = format!("sheet_{sheet_no:02}_{key}.png");
            save(&sheet, &dir.join(&name))?;
            let url = |f: &str| match base {
                Some(b) => format!("{}/{f}", b.trim_end_matches('/')),
                None => format!(
                    "file:///{}",
                    dir.join(f).display().to_string().trim_start_matches('/')
                ),
            };
            custom.insert(sheet_no.to_string(), json!({"FaceURL": url(&name), "BackURL": url(&back_name),
                "NumWidth": COLUMNS, "NumHeight": rows, "BackIsHidden": true, "UniqueBack": false, "Type": 0}));
            deck.sheets.push(name);
            deck.cards += chunk.len();
        }
        let nick = back
            .as_ref()
            .map_or("Forward: traveller and Guardian".to_string(), |b| {
                format!("Forward: {}", b.1)
            });
        objects.push(
            json!({"Name": "Deck", "Nickname": nick, "Transform": at(gi as f32 * 2.5),
            "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": contained}),
        );
    }
    let saved = json!({"SaveName": "Forward playtest", "ObjectStates": objects});
    let path = dir.join("forward_deck.json");
    std::fs::write(&path, format!("{saved:#}\n"))
        .map_err(|source| PrintError::Write { path, source })?;
    let note = dir.join(NOTE_FILE);
    match base {
        None => std::fs::write(&note, format!("{LOCAL_NOTE}\n"))
            .map_err(|source| PrintError::Write { path: note, source })?,
        Some(_) => {
            let _ = std::fs::remove_file(note);
        }
    }
    Ok(deck)
}
