//! `forward print`: the PDF's pages and size (pdfinfo), its fonts (pdffonts), its pages
//! as pictures (pdftoppm), the per-card PNGs, and errors found before any work.

use crate::common;
use crate::common::cli::{forward, tmp};

use std::process::Command;

/// Runs a poppler tool, or says why the check is skipped (a failure under CI).
fn poppler(tool: &str, args: &[&str]) -> Option<String> {
    match Command::new(tool).args(args).output() {
        Ok(o) => {
            assert!(
                o.status.success(),
                "{tool}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            Some(String::from_utf8_lossy(&o.stdout).into_owned())
        }
        Err(e) => {
            assert!(
                !common::tools::under_ci(),
                "{tool} is needed under CI (Debian package poppler-utils): {e}"
            );
            common::tools::say_skipped(&format!("{tool} is not installed (poppler-utils): {e}"));
            None
        }
    }
}

/// `pdffonts` output read by columns: its second line is a row of dashes, one run per
/// column under the header's names. Names like "name" and "type" hold spaces, so a row is
/// cut where the dashes run, not into words.
struct FontTable<'a> {
    columns: Vec<(&'a str, std::ops::Range<usize>)>,
    rows: Vec<&'a str>,
}

impl<'a> FontTable<'a> {
    fn parse(out: &'a str) -> FontTable<'a> {
        let mut lines = out.lines();
        let header = lines.next().unwrap_or_default();
        let dashes = lines.next().unwrap_or_default();
        let mut columns = Vec::new();
        let mut start = None;
        for (i, c) in dashes.char_indices().chain([(dashes.len(), ' ')]) {
            match (c == '-', start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    let name = header.get(s..i.min(header.len())).unwrap_or("").trim();
                    columns.push((name, s..i));
                    start = None;
                }
                _ => {}
            }
        }
        let rows = lines.filter(|l| !l.trim().is_empty()).collect();
        FontTable { columns, rows }
    }

    /// The trimmed text of `row` in the column named `name` (empty if there is none).
    fn cell<'r>(&self, row: &'r str, name: &str) -> &'r str {
        self.columns
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, r)| row.get(r.start.min(row.len())..r.end.min(row.len())))
            .map_or("", str::trim)
    }
}

/// A `Name: value` field of pdfinfo's output.
fn field<'a>(info: &'a str, name: &str) -> &'a str {
    info.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix(':')))
        .map_or("", str::trim)
}

#[test]
fn print_makes_sheets_of_the_shipped_set_and_one_png_per_card() {
    let dir = tmp("print-shipped");
    let pdf = dir.join("cards.pdf");
    let png = dir.join("png");
    let out = forward(&[
        "print",
        "--out",
        pdf.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // 173 cards: 20 pages of faces, 20 of backs, and the map.
    assert!(stdout.contains("wrote 173 cards on 41 pages"), "{stdout}");
    let pngs: Vec<_> = std::fs::read_dir(&png)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(pngs.len(), 174, "one per card and the back");
    // 300 dpi: 63 x 88 mm is 744 x 1039 pixels.
    let first = std::fs::read(png.join("003_termina.png")).unwrap();
    let (w, h) = (
        u32::from_be_bytes(first[16..20].try_into().unwrap()),
        u32::from_be_bytes(first[20..24].try_into().unwrap()),
    );
    assert_eq!((w, h), (744, 1039));

    if let Some(info) = poppler("pdfinfo", &[pdf.to_str().unwrap()]) {
        assert_eq!(field(&info, "Pages"), "41", "{info}");
        assert_eq!(
            field(&info, "Page size"),
            "595.276 x 841.89 pts (A4)",
            "{info}"
        );
    }
    if let Some(fonts) = poppler("pdffonts", &[pdf.to_str().unwrap()]) {
        assert!(fonts.contains("EBGaramond12Lining-Regular"), "{fonts}");
        assert!(fonts.contains("EBGaramond12Lining-Italic"), "{fonts}");
        // Every font embedded and subset (the "emb" and "sub" columns).
        let table = FontTable::parse(&fonts);
        assert!(table.rows.len() >= 2, "{fonts}");
        for row in &table.rows {
            assert_eq!(table.cell(row, "emb"), "yes", "not embedded: {row}");
            assert_eq!(table.cell(row, "sub"), "yes", "not a subset: {row}");
        }
    }
    let pages = dir.join("page");
    if poppler(
        "pdftoppm",
        &[
            "-png",
            "-r",
            "40",
            "-f",
            "1",
            "-l",
            "2",
            pdf.to_str().unwrap(),
            pages.to_str().unwrap(),
        ],
    )
    .is_some()
    {
        for p in ["page-01.png", "page-02.png"] {
            assert!(dir.join(p).metadata().unwrap().len() > 1000, "{p} rendered");
        }
        poppler(
            "pdftoppm",
            &[
                "-png",
                "-r",
                "40",
                "-f",
                "41",
                "-l",
                "41",
                pdf.to_str().unwrap(),
                pages.to_str().unwrap(),
            ],
        );
        assert!(dir.join("page-41.png").exists(), "the map page rendered");
    }
}

#[test]
fn letter_paper_with_bleed_is_letter_sized() {
    let dir = tmp("print-letter");
    let pdf = dir.join("letter.pdf");
    let out = forward(&[
        "print",
        "--out",
        pdf.to_str().unwrap(),
        "--paper",
        "letter",
        "--bleed",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    if let Some(info) = poppler("pdfinfo", &[pdf.to_str().unwrap()]) {
        assert_eq!(
            field(&info, "Page size"),
            "612 x 792 pts (letter)",
            "{info}"
        );
    }
}

#[test]
fn bad_options_are_reported_before_any_work() {
    let dir = tmp("print-errors");
    let out = forward(&[
        "print",
        "--out",
        dir.join("x.pdf").to_str().unwrap(),
        "--paper",
        "a3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid value 'a3' for '--paper"));

    let out = forward(&["print", "--out", "/nonexistent-folder/x.pdf"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("forward print: cannot write /nonexistent-folder/x.pdf"),
        "{err}"
    );

    let out = forward(&[
        "print",
        "--out",
        dir.join("y.pdf").to_str().unwrap(),
        "--paper",
        "letter",
        "--bleed",
        "5.5",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the bleed must be between 0 and 5 mm"),
        "{err}"
    );
    let out = forward(&[
        "print",
        "--out",
        dir.join("y.pdf").to_str().unwrap(),
        "--tts",
        dir.join("tts").to_str().unwrap(),
        "--tts-url",
        "my-host/forward",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("give the http:// or https:// address"),
        "{err}"
    );
    assert!(
        !dir.join("y.pdf").exists(),
        "nothing written when the options are wrong"
    );
}

#[test]
fn the_usual_three_millimetre_bleed_prints_on_a4_and_letter() {
    // Nine cards with 3 mm bleed and crop marks are wider than A4 and taller than Letter:
    // the grid is then two across (A4) or two down (Letter), six to a page.
    for (paper, cols, rows) in [("a4", 2, 3), ("letter", 3, 2)] {
        let p = match paper {
            "a4" => forward::print::Paper::A4,
            _ => forward::print::Paper::Letter,
        };
        let grid = forward::print::Grid::for_paper(p, 3.0).expect("a grid");
        assert_eq!((grid.cols, grid.rows), (cols, rows), "{paper}");
        assert_eq!(
            forward::print::Grid::for_paper(p, 1.0).map(|g| g.per_page()),
            Some(9)
        );
    }
    let dir = tmp("print-bleed-3");
    let pdf = dir.join("a4.pdf");
    let out = forward(&[
        "print",
        "--out",
        pdf.to_str().unwrap(),
        "--bleed",
        "3",
        "--domain",
        "termina",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("6 cards to a page: with 3 mm bleed"),
        "{said}"
    );
    // Termina: its title card and 18 Station cards, six a page: 4 pages of faces, each
    // with its page of backs.
    assert!(said.contains("wrote 19 cards on 8 pages"), "{said}");
    if let Some(info) = poppler("pdfinfo", &[pdf.to_str().unwrap()]) {
        assert_eq!(field(&info, "Pages"), "8", "{info}");
    }
}
