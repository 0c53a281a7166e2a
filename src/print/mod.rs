//! Print-and-play sheets: every card at poker size (63 x 88 mm), nine to a page with crop
//! marks, each page of faces followed by a page of backs placed for a long-edge duplex
//! flip, and a last page with the world map. Pages are drawn as SVG in millimetres and
//! turned into PDF by krilla (text stays text, the game's fonts embedded and subset), and
//! single cards into 300-dpi PNGs by resvg.

pub mod face;
pub mod map;
pub mod text;
pub mod tts;

use crate::cards::CardFiles;
use crate::cards::model::{Face, StationType};
use face::{CARD_H, CARD_W, CardFace, Kind};
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::usvg;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use text::Metrics;

/// Cards per page: three across, three down.
pub const PER_ROW: usize = 3;
pub const PER_PAGE: usize = PER_ROW * PER_ROW;
/// The PNG resolution.
pub const DPI: f32 = 300.0;
/// The largest bleed accepted, in mm.
pub const MAX_BLEED: f32 = 5.0;
/// Length of a crop mark, and its gap from the card, in mm.
const MARK: f32 = 3.0;
const MARK_GAP: f32 = 1.0;
const MM_TO_PT: f32 = 72.0 / 25.4;

/// Paper sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Paper {
    /// 210 x 297 mm.
    A4,
    /// 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in mm.
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// A playtest's choices on top of [`Options`]: how the cards look, which cards, stamps,
/// and a Tabletop Simulator deck.
#[derive(Debug, Clone, Default)]
pub struct Playtest {
    /// White ground and thin frames ([`face::Look::INK_SAVER`]).
    pub ink_saver: bool,
    /// Only these cards (ids); `None`: every card. The map page is left out of a subset.
    pub only: Option<std::collections::BTreeSet<String>>,
    /// Printed small at each card's foot after its id: the set's fingerprint and the date.
    pub stamp: Option<String>,
    /// Also write a Tabletop Simulator deck into this folder.
    pub tts: Option<PathBuf>,
    /// The address its images will be served from (an image host), so a shared deck
    /// finds them; `None`: files on this computer.
    pub tts_url: Option<String>,
}

/// What to print and where.
#[derive(Debug, Clone)]
pub struct Options {
    pub out: PathBuf,
    pub paper: Paper,
    /// Extra picture around each card, in mm, for a guillotine's tolerance.
    pub bleed: f32,
    /// Also write one PNG per card into this folder.
    pub png: Option<PathBuf>,
}

/// What went wrong.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the bleed must be between 0 and {MAX_BLEED} mm, not {0}")]
    Bleed(f32),
    #[error(
        "a card with {bleed} mm bleed ({w:.1} x {h:.1} mm) and crop marks does not fit on {paper:?} paper (nine to a page fit with a bleed of at most {max:.1} mm)"
    )]
    TooBig {
        bleed: f32,
        paper: Paper,
        w: f32,
        h: f32,
        max: f32,
    },
    #[error("cannot draw {what}: {message}")]
    Draw { what: String, message: String },
    #[error(
        "`{0}` is not an address a shared deck can fetch images from: give the http:// or https:// address the deck's PNG files are served from"
    )]
    Url(String),
}

/// How the cards sit on a page: so many across and down, each with its bleed, the crop
/// marks around the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    pub cols: usize,
    pub rows: usize,
}

impl Grid {
    /// The grid for a paper and bleed: three by three when it fits with its crop marks,
    /// else as many across and as many down as fit (the usual 3 mm bleed: two across on
    /// A4, two down on Letter, six to a page). `None` when not one card fits.
    pub fn for_paper(paper: Paper, bleed: f32) -> Option<Grid> {
        let (pw, ph) = paper.size_mm();
        let margin = 2.0 * (MARK + MARK_GAP);
        let fit =
            |room: f32, card: f32| (((room - margin) / (card + 2.0 * bleed)) as usize).min(PER_ROW);
        let g = Grid {
            cols: fit(pw, CARD_W),
            rows: fit(ph, CARD_H),
        };
        (g.cols > 0 && g.rows > 0).then_some(g)
    }

    /// Cards on one page.
    pub fn per_page(self) -> usize {
        self.cols * self.rows
    }

    /// The grid's width and height with this bleed, in mm (crop marks left out).
    fn size(self, bleed: f32) -> (f32, f32) {
        (
            self.cols as f32 * (CARD_W + 2.0 * bleed),
            self.rows as f32 * (CARD_H + 2.0 * bleed),
        )
    }
}

/// Checks the options before any work: the bleed, that a card fits the paper, that the
/// PDF can be written and the PNG folder made.
pub fn check(o: &Options) -> Result<(), PrintError> {
    if !(0.0..=MAX_BLEED).contains(&o.bleed) || o.bleed.is_nan() {
        return Err(PrintError::Bleed(o.bleed));
    }
    if Grid::for_paper(o.paper, o.bleed).is_none() {
        let (w, h) = (CARD_W + 2.0 * o.bleed, CARD_H + 2.0 * o.bleed);
        return Err(PrintError::TooBig {
            bleed: o.bleed,
            paper: o.paper,
            w,
            h,
            max: max_bleed(o.paper),
        });
    }
    let werr = |path: &Path| {
        let path = path.to_path_buf();
        move |source| PrintError::Write { path, source }
    };
    // Opening for append creates the file if it can, and leaves an existing one as it is.
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(&o.out)
        .map_err(werr(&o.out))?;
    if let Some(dir) = &o.png {
        std::fs::create_dir_all(dir).map_err(werr(dir))?;
        let probe = dir.join(".forward-print-probe");
        std::fs::write(&probe, b"").map_err(werr(dir))?;
        let _ = std::fs::remove_file(probe);
    }
    Ok(())
}

/// The largest bleed (to 0.1 mm) with which nine cards and their crop marks fit the paper;
/// with more, fewer cards go on a page.
pub fn max_bleed(paper: Paper) -> f32 {
    let (pw, ph) = paper.size_mm();
    let margin = 2.0 * (MARK + MARK_GAP);
    // The room each card has beyond its trim size, half of it on either side.
    let room =
        ((pw - margin) / PER_ROW as f32 - CARD_W).min((ph - margin) / PER_ROW as f32 - CARD_H);
    (room / 2.0 * 10.0).floor() / 10.0
}

/// What one foe face does, in a few words for the table.
pub fn face_result(f: &Face) -> String {
    let mut parts = Vec::new();
    if f.copy {
        parts.push("copies your roll".to_string());
    }
    if f.block {
        parts.push("block".into());
    }
    if f.deal > 0 {
        parts.push(format!("{} dmg", f.deal));
    }
    if f.ignore_block {
        parts.push("ignores block".into());
    }
    if f.heal > 0 {
        parts.push(format!("heals {}", f.heal));
    }
    if f.skip_roll {
        parts.push("you skip a roll".into());
    }
    if f.roll_penalty > 0 {
        parts.push(format!("-{} to your roll", f.roll_penalty));
    }
    if f.no_rerolls {
        parts.push("no rerolls".into());
    }
    if f.enrage > 0 {
        parts.push(format!("+{} dmg for good", f.enrage));
    }
    if f.empower > 0 {
        parts.push(match &f.empower_face {
            Some(n) => format!("+{} to {n}", f.empower),
            None => format!("+{} next hit", f.empower),
        });
    }
    if !f.effects.is_empty() {
        parts.push(crate::present::words::face_effect_words(&f.effects));
    }
    if parts.is_empty() {
        "miss".into()
    } else {
        parts.join(", ")
    }
}

fn face_rows(faces: &[Face]) -> Vec<(String, String)> {
    faces
        .iter()
        .map(|f| (f.name.clone(), face_result(f)))
        .collect()
}

/// A card's text as printed above its faces table: in the designer's notation, without
/// what the table and the stats line already show (the face lines, the dashes, the HP
/// line and the combat table's heading), so each face is printed once.
fn printed_text(text: &str, faced: bool) -> String {
    if !faced || !crate::cards::sheet::designer::readback::is_designer_text(text) {
        return text.to_string();
    }
    let shown = |l: &&str| {
        let n = l.trim().to_lowercase();
        let face = n.split_once(' ').is_some_and(|(d, _)| {
            matches!(
                d.trim_end_matches(['.', ')', ':']),
                "1" | "2" | "3" | "4" | "5" | "6"
            )
        });
        let hp = matches!(crate::cards::sheet::designer::hp_only(&n), Some(true));
        !(n.is_empty() || n.chars().all(|c| c == '-') || face || hp || n.contains("combat table"))
    };
    text.lines().filter(shown).collect::<Vec<_>>().join("\n")
}

/// The Guardian's printed text: its text (without what its faces table shows) and, unless
/// the text says them already in the designer's notation, its requirement and seals.
fn guardian_text(g: &crate::cards::model::GuardianFile) -> String {
    let text = printed_text(&g.text, true);
    let said = crate::cards::sheet::designer::readback::is_designer_text(&g.text)
        && g.text.to_uppercase().contains("SEAL");
    if said {
        return text;
    }
    std::iter::once(text)
        .chain(
            g.requirements
                .iter()
                .chain(&g.seals)
                .map(|x| format!("{}: {}", x.name, x.text)),
        )
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every card to print, in order: the traveller, the Guardian, then each Domain's title
/// card followed by its Station cards.
pub fn cards(files: &CardFiles) -> Vec<CardFace> {
    let t = &files.traveller;
    let g = &files.guardian;
    let mut out = vec![
        CardFace {
            id: t.id.0.clone(),
            kind: Kind::Traveller,
            name: t.name.clone(),
            text: t.text.clone(),
            flavor: t.flavor.clone(),
            stats: Some(format!("Health {}", t.health)),
            faces: Vec::new(),
            domain: None,
            label: None,
            back: None,
            art: t.art.as_ref().map(|a| a.0.clone()),
        },
        CardFace {
            id: g.id.0.clone(),
            kind: Kind::Guardian,
            name: g.name.clone(),
            // The paper Guardian carries its requirement and seals, which the window shows
            // beside it (a text in the designer's notation already says them).
            text: guardian_text(g),
            flavor: g.flavor.clone(),
            stats: Some(format!("HP {} · DEF {}", g.hp, g.def)),
            faces: face_rows(&g.faces),
            domain: None,
            label: None,
            back: None,
            art: g.art.as_ref().map(|a| a.0.clone()),
        },
    ];
    for entry in &files.map.domains {
        let Some(d) = files.domains.iter().find(|d| d.id == entry.id) else {
            continue;
        };
        // The Domain's emblem (its title card's art), on its title card and its backs.
        let emblem = crate::cards::art::named(d.art.as_ref()).map(str::to_string);
        let back = (d.id.0.clone(), d.name.clone(), emblem.clone());
        out.push(CardFace {
            id: d.id.0.clone(),
            kind: Kind::Domain,
            name: d.name.clone(),
            text: d.text.clone(),
            flavor: d.flavor.clone(),
            stats: Some(format!("Row {}", entry.row)),
            faces: Vec::new(),
            domain: None,
            label: None,
            back: Some(back.clone()),
            art: emblem.clone(),
        });
        for s in &d.stations {
            let foe = s.card_type == StationType::Foe;
            out.push(CardFace {
                id: s.id.0.clone(),
                kind: Kind::Station(s.card_type),
                name: s.name.clone(),
                text: printed_text(&s.text, foe),
                flavor: s.flavor.clone(),
                stats: s
                    .hp
                    .filter(|_| foe)
                    .map(|hp| format!("HP {hp} · DEF {}", s.def.unwrap_or(0))),
                faces: if foe { face_rows(&s.faces) } else { Vec::new() },
                domain: Some(d.name.clone()),
                label: s.label.clone(),
                back: Some(back.clone()),
                art: crate::cards::art::for_card(s.art.as_ref(), s.card_type).map(str::to_string),
            });
        }
    }
    out
}

/// Crop marks around the grid at every trim line, outside the cards.
fn crop_marks(x0: f32, y0: f32, bleed: f32, grid: Grid) -> String {
    let mut s = String::new();
    let (gw, gh) = grid.size(bleed);
    let line = |s: &mut String, x1: f32, y1: f32, x2: f32, y2: f32| {
        let _ = write!(
            s,
            r##"<line x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" stroke="#000000" stroke-width="0.2"/>"##
        );
    };
    for i in 0..grid.cols {
        for edge in [bleed, bleed + CARD_W] {
            let x = x0 + i as f32 * (CARD_W + 2.0 * bleed) + edge;
            line(&mut s, x, y0 - MARK_GAP - MARK, x, y0 - MARK_GAP);
            line(&mut s, x, y0 + gh + MARK_GAP, x, y0 + gh + MARK_GAP + MARK);
        }
    }
    for i in 0..grid.rows {
        for edge in [bleed, bleed + CARD_H] {
            let y = y0 + i as f32 * (CARD_H + 2.0 * bleed) + edge;
            line(&mut s, x0 - MARK_GAP - MARK, y, x0 - MARK_GAP, y);
            line(&mut s, x0 + gw + MARK_GAP, y, x0 + gw + MARK_GAP + MARK, y);
        }
    }
    s
}

pub(crate) fn svg_doc(w: f32, h: f32, body: &str) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">{body}</svg>"#
    )
}

/// The pages as SVG documents: faces and backs alternating, then the map.
pub fn pages(m: &Metrics, files: &CardFiles, cards: &[CardFace], o: &Options) -> Vec<String> {
    pages_for(m, files, cards, o, &Playtest::default())
}

/// The pages for a playtest: each card with its Domain's back, in its look, stamped.
pub fn pages_for(
    m: &Metrics,
    files: &CardFiles,
    cards: &[CardFace],
    o: &Options,
    p: &Playtest,
) -> Vec<String> {
    let (pw, ph) = o.paper.size_mm();
    // `check` refuses a paper no card fits; one card a page is the least there is.
    let grid = Grid::for_paper(o.paper, o.bleed).unwrap_or(Grid { cols: 1, rows: 1 });
    let (gw, gh) = grid.size(o.bleed);
    let (x0, y0) = ((pw - gw) / 2.0, (ph - gh) / 2.0);
    let (cw, ch) = (CARD_W + 2.0 * o.bleed, CARD_H + 2.0 * o.bleed);
    let look = p.look();
    let mut out = Vec::new();
    for chunk in cards.chunks(grid.per_page()) {
        let mut front = crop_marks(x0, y0, o.bleed, grid);
        let mut backs = crop_marks(x0, y0, o.bleed, grid);
        for (i, c) in chunk.iter().enumerate() {
            let (col, row) = (i % grid.cols, i / grid.cols);
            let _ = write!(
                front,
                r#"<g transform="translate({:.3} {:.3})">{}</g>"#,
                x0 + col as f32 * cw,
                y0 + row as f32 * ch,
                face::face_svg_as(m, c, o.bleed, &look, p.stamp_of(c).as_deref())
            );
            let back = face::back_svg_as(
                m,
                o.bleed,
                &look,
                c.back
                    .as_ref()
                    .map(|b| (b.0.as_str(), b.1.as_str(), b.2.as_deref())),
            );
            // Long-edge flip: the page turns about its vertical axis, so a card's back sits
            // in the mirrored column of the same row.
            let _ = write!(
                backs,
                r#"<g transform="translate({:.3} {:.3})">{back}</g>"#,
                x0 + (grid.cols - 1 - col) as f32 * cw,
                y0 + row as f32 * ch
            );
        }
        out.push(svg_doc(pw, ph, &front));
        out.push(svg_doc(pw, ph, &backs));
    }
    if p.only.is_none() {
        out.push(svg_doc(pw, ph, &map::map_svg(m, files, pw, ph)));
    }
    out
}

impl Playtest {
    fn look(&self) -> face::Look {
        if self.ink_saver {
            face::Look::INK_SAVER
        } else {
            face::Look::GAME
        }
    }

    /// The small print at a card's foot.
    fn stamp_of(&self, c: &CardFace) -> Option<String> {
        self.stamp.as_ref().map(|s| format!("{} · {s}", c.id))
    }
}

/// usvg options with the game's fonts and nothing else (no system fonts), so the output
/// is the same on every machine.
pub fn svg_options() -> usvg::Options<'static> {
    let mut opt = usvg::Options::default();
    let db = opt.fontdb_mut();
    db.load_font_data(text::SERIF.to_vec());
    db.load_font_data(text::ITALIC.to_vec());
    db.load_font_data(text::MONO.to_vec());
    db.set_serif_family(crate::fonts::SERIF_FAMILY);
    opt.font_family = crate::fonts::SERIF_FAMILY.into();
    opt
}

fn parse(svg: &str, opt: &usvg::Options, what: &str) -> Result<usvg::Tree, PrintError> {
    usvg::Tree::from_str(svg, opt).map_err(|e| PrintError::Draw {
        what: what.into(),
        message: e.to_string(),
    })
}

/// Renders the pages into one PDF.
pub fn pdf(pages: &[String], paper: Paper) -> Result<Vec<u8>, PrintError> {
    let opt = svg_options();
    let (pw, ph) = paper.size_mm();
    let (w, h) = (pw * MM_TO_PT, ph * MM_TO_PT);
    let draw_err = |what: String, message: String| PrintError::Draw { what, message };
    let settings = krilla::page::PageSettings::from_wh(w, h)
        .ok_or_else(|| draw_err("the page".into(), "bad page size".into()))?;
    let size = krilla::geom::Size::from_wh(w, h)
        .ok_or_else(|| draw_err("the page".into(), "bad page size".into()))?;
    let mut doc = krilla::Document::new();
    for (i, svg) in pages.iter().enumerate() {
        let tree = parse(svg, &opt, &format!("page {}", i + 1))?;
        let mut page = doc.start_page_with(settings.clone());
        let mut surface = page.surface();
        surface
            .draw_svg(
                &tree,
                size,
                SvgSettings {
                    embed_text: true,
                    ..Default::default()
                },
            )
            .ok_or_else(|| {
                draw_err(format!("page {}", i + 1), "krilla could not draw it".into())
            })?;
        surface.finish();
        page.finish();
    }
    doc.finish()
        .map_err(|e| draw_err("the PDF".into(), format!("{e:?}")))
}

/// Renders one card (with its bleed) as a PNG at [`DPI`].
pub fn card_png(
    svg_body: &str,
    bleed: f32,
    opt: &usvg::Options,
    what: &str,
) -> Result<Vec<u8>, PrintError> {
    let (w, h) = (CARD_W + 2.0 * bleed, CARD_H + 2.0 * bleed);
    let tree = parse(&svg_doc(w, h, svg_body), opt, what)?;
    let scale = DPI / 96.0;
    let size = tree.size();
    let (pw, ph) = (
        (size.width() * scale).round() as u32,
        (size.height() * scale).round() as u32,
    );
    let err = |m: &str| PrintError::Draw {
        what: what.into(),
        message: m.into(),
    };
    let mut pix = resvg::tiny_skia::Pixmap::new(pw, ph).ok_or_else(|| err("empty image"))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pix.as_mut(),
    );
    pix.encode_png().map_err(|e| err(&e.to_string()))
}

/// What a print run wrote.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Printed {
    pub cards: usize,
    pub pages: usize,
    /// Cards on a page of faces (nine, or fewer with a bleed too wide for nine).
    pub per_page: usize,
    pub pngs: usize,
    /// Tabletop Simulator sheets written.
    pub tts_sheets: usize,
}

/// Prints the card files: the PDF, and PNGs when asked. Call [`check`] first.
pub fn print(files: &CardFiles, o: &Options) -> Result<Printed, PrintError> {
    print_for(files, o, &Playtest::default())
}

/// Prints for a playtest (see [`Playtest`]). Call [`check`] first.
pub fn print_for(files: &CardFiles, o: &Options, p: &Playtest) -> Result<Printed, PrintError> {
    let m = Metrics::new().map_err(|e| PrintError::Draw {
        what: "the bundled fonts".into(),
        message: e.to_string(),
    })?;
    let mut cards = cards(files);
    if let Some(only) = &p.only {
        cards.retain(|c| only.contains(&c.id));
    }
    let pages = pages_for(&m, files, &cards, o, p);
    let look = p.look();
    let tts = match &p.tts {
        Some(dir) => tts::write(&m, &cards, &look, dir, p.tts_url.as_deref())?
            .sheets
            .len(),
        None => 0,
    };
    let bytes = pdf(&pages, o.paper)?;
    std::fs::write(&o.out, bytes).map_err(|source| PrintError::Write {
        path: o.out.clone(),
        source,
    })?;
    let mut pngs = 0;
    if let Some(dir) = &o.png {
        let opt = Arc::new(svg_options());
        let write = |name: String, bytes: Vec<u8>| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).map_err(|source| PrintError::Write { path, source })
        };
        for (i, c) in cards.iter().enumerate() {
            let body = face::face_svg_as(&m, c, o.bleed, &look, p.stamp_of(c).as_deref());
            write(
                format!("{:03}_{}.png", i + 1, c.id),
                card_png(&body, o.bleed, &opt, &c.id)?,
            )?;
            pngs += 1;
        }
        write(
            "back.png".into(),
            card_png(
                &face::back_svg_as(&m, o.bleed, &look, None),
                o.bleed,
                &opt,
                "the back",
            )?,
        )?;
        pngs += 1;
    }
    Ok(Printed {
        cards: cards.len(),
        pages: pages.len(),
        per_page: Grid::for_paper(o.paper, o.bleed).map_or(1, Grid::per_page),
        pngs,
        tts_sheets: tts,
    })
}
