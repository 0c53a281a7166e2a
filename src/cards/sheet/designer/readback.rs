//! The read-back: a card's data said again in the designer's notation by the export's
//! writer, set beside the rules cell it was read from, and where the two differ. It does
//! not trust the reader: the comparison never reads the cell into data again; it holds the
//! cell's words and the writer's words side by side, by what they say:
//!
//! - every number, counted (a number the sheet says that the data lost, or one the data
//!   says that the sheet does not);
//! - the notation's words that carry a rule (heal, lose, the marker up or down, each time
//!   a card is flipped, an extended test's 3 successes before 3 failures, once per
//!   location...): each the sheet says must be said back;
//! - a foe's or the combat table's face, line by line by its die number, both ways;
//! - a cell with rules under its keyword whose card does nothing at all.
//!
//! The import's report sets each card's cell beside its read-back; the text check of an
//! imported set compares each card's text with the read-back of its data.

use super::export::{domain_rules, guardian_rules, station_rules, titles_of, traveller_rules};
use super::kept::table_cell;
use crate::cards::phrase::{Bound, Lexicon, Tok, Token, tokens};
use crate::cards::phrasebook::Phrasebook;
use crate::cards::spec::{RULE_PHRASES as PHRASES, RULE_WORDS as WORDS};
use crate::cards::text_check::TextProblem;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Whether a card's text is in the designer's notation: it opens with an upper-case
/// keyword and a colon (`EFFECT:`, `FIGHT: 4 HP`), or (the Guardian) holds a combat table.
pub fn is_designer_text(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    let keyword = first.is_some_and(|l| {
        l.split_once(':').is_some_and(|(k, _)| {
            k.len() >= 2 && k.chars().all(|c| c.is_ascii_uppercase() || c == ' ')
        })
    });
    keyword || text.to_uppercase().contains("COMBAT TABLE (")
}

/// Words of a face's brackets that say nothing of their own.
const FACE_FILLER: &[&str] = &[
    "the", "a", "an", "to", "you", "your", "player", "player's", "miss", "misses", "self",
    "itself", "of", "on", "for", "and", "deal", "deals", "round", "exchange", "turn", "this",
    "their",
];

/// What a stretch of text says, for the comparison: its numbers and its words that carry
/// a rule, each with the line it stands in.
#[derive(Debug, Default)]
struct Said {
    numbers: Vec<(String, String)>,
    words: Vec<(&'static str, String)>,
}

/// A cell or read-back in parts (past its keyword): its lines by die number (a face or a face of
/// the combat table), the other lines, and whether it says anything under its keyword.
#[derive(Debug, Default)]
struct Parts {
    faces: BTreeMap<i64, Vec<String>>,
    other: Vec<String>,
    body: bool,
    none: bool,
}

/// The comparison's view of a text: the designer's synonyms and phrases of several words
/// in the notation's words.
struct View<'a> {
    lex: Lexicon,
    book: Option<&'a Phrasebook>,
}

impl View<'_> {
    fn tokens(&self, line: &str) -> Vec<Token> {
        let line = self.in_notation(line);
        let t = tokens(&line);
        self.lex.rewritten(&t).unwrap_or(t)
    }

    /// A line with each of the designer's own phrases for an effect (their phrasebook)
    /// said in the notation's words for it, wherever it stands, so that the two sides
    /// compare.
    fn in_notation(&self, line: &str) -> String {
        let Some(book) = self.book else {
            return line.to_string();
        };
        let phrases = book.compiled();
        let toks = tokens(line);
        let said = |t: &[Token]| {
            phrases.iter().find_map(|p| {
                let b = p.pattern.whole(t, &self.lex)?;
                let n = b.iter().find_map(|x| match x {
                    Bound::N(n) | Bound::Amount { dice: 0, value: n } => Some(n.to_string()),
                    Bound::Amount { dice, value: 0 } => Some(format!("{dice}d6")),
                    Bound::Amount { dice, value } => Some(format!("{dice}d6{value:+}")),
                    _ => None,
                })?;
                let form = crate::cards::spec::spec(p.key)?.designer?;
                Some(form.replace("{n}", &n))
            })
        };
        // The longest stretch a phrase matches from each token on.
        let mut found: Vec<(std::ops::Range<usize>, String)> = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            match (i + 1..=toks.len())
                .rev()
                .find_map(|j| said(&toks[i..j]).map(|s| (i..j, s)))
            {
                Some((r, s)) => {
                    i = r.end;
                    found.push((r, s));
                }
                None => i += 1,
            }
        }
        let mut out = line.to_string();
        for (r, s) in found.iter().rev() {
            out.replace_range(toks[r.start].span.start..toks[r.end - 1].span.end, s);
        }
        out
    }

    /// The word a token is read as (a number as `#`, a sign or bracket as itself).
    fn word(&self, t: &Token) -> String {
        match &t.tok {
            Tok::Word(w) => {
                let ours = self.book.and_then(|b| {
                    b.synonyms
                        .iter()
                        .find(|(theirs, _)| theirs.to_lowercase() == *w)
                        .map(|(_, ours)| ours.to_lowercase())
                });
                let w = ours.unwrap_or_else(|| w.clone());
                if w == "every" { "each".into() } else { w }
            }
            Tok::Num(_) | Tok::Dice(_) => "#".into(),
            Tok::Sym(c) => c.to_string(),
        }
    }

    /// What a line says (its die number, for a face line, left out).
    fn said(&self, line: &str, skip_first: bool, out: &mut Said) {
        let toks = self.tokens(line);
        let words: Vec<String> = toks.iter().map(|t| self.word(t)).collect();
        let mut i = usize::from(skip_first);
        // A face's die range `3-4` is its key too.
        if skip_first && words.get(1).is_some_and(|w| w == "-") {
            i = 3;
        }
        'at: while i < toks.len() {
            for (phrase, rules) in PHRASES {
                let p: Vec<&str> = phrase.split(' ').collect();
                let fits = p.len() <= toks.len() - i
                    && p.iter().zip(&toks[i..]).all(|(w, t)| match &t.tok {
                        Tok::Num(n) if w.parse::<i64>().is_ok() => n.to_string() == *w,
                        _ => *w == self.word(t),
                    });
                if fits {
                    for (w, t) in p.iter().zip(&toks[i..]) {
                        if *w == "#" {
                            out.numbers.push((number(t), line.trim().to_string()));
                        }
                    }
                    out.words
                        .extend(rules.iter().map(|r| (*r, line.trim().to_string())));
                    i += p.len();
                    continue 'at;
                }
            }
            match &toks[i].tok {
                Tok::Num(_) | Tok::Dice(_) => out
                    .numbers
                    .push((number(&toks[i]), line.trim().to_string())),
                Tok::Word(_) => {
                    let w = self.word(&toks[i]);
                    if let Some((_, rule)) = WORDS.iter().find(|(x, _)| *x == w) {
                        out.words.push((rule, line.trim().to_string()));
                    }
                }
                Tok::Sym(_) => {}
            }
            i += 1;
        }
    }

    /// A text in parts (see [`Parts`]), its lines by die number as `shape` says.
    fn parts(&self, text: &str, shape: Shape) -> Parts {
        let mut p = Parts::default();
        let mut lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        // An empty `EFFECT:` over another keyword is a heading (as the import reads it).
        while lines.len() > 1
            && lines[0].eq_ignore_ascii_case("effect:")
            && keyword_of(lines[1]).is_some()
        {
            lines.remove(0);
        }
        if let Some(first) = lines.first()
            && let Some(rest) = keyword_of(first)
        {
            lines.remove(0);
            // What the keyword's line says after it is never a face (`FIGHT: 3 HP`).
            if rest.eq_ignore_ascii_case("none") {
                p.none = true;
            } else if !rest.is_empty() {
                p.body = true;
                p.other.push(rest.to_string());
            }
        }
        for l in lines
            .into_iter()
            .filter(|l| !l.is_empty() && !l.chars().all(|c| c == '-') && !heading(l))
        {
            let low = l.to_lowercase();
            if ["none", "no effect", "none."].contains(&low.trim_end_matches('.')) {
                p.none = true;
                continue;
            }
            p.body = true;
            let pieces = outside_brackets(l);
            let keyed: Vec<Option<(i64, i64)>> = pieces.iter().map(|x| face_key(x)).collect();
            if shape != Shape::Plain && keyed.iter().all(Option::is_some) {
                for (piece, key) in pieces.iter().zip(keyed.into_iter().flatten()) {
                    let piece = if shape == Shape::Table {
                        before_bracket(piece)
                    } else {
                        piece
                    };
                    for k in key.0..=key.1 {
                        p.faces.entry(k).or_default().push(piece.to_string());
                    }
                }
            } else {
                p.other.push(l.to_string());
            }
        }
        p
    }
}

/// The notation's keywords a cell opens with.
const KEYWORDS: &[&str] = &[
    "EFFECT",
    "CHOOSE",
    "REST",
    "USE",
    "EQUIP",
    "CHALLENGE",
    "FIGHT",
    "ENCOUNTER",
    "SPECIAL",
];

/// What a line says after its opening keyword (`FIGHT: 4 HP` -> `4 HP`), if it has one.
fn keyword_of(line: &str) -> Option<&str> {
    let (k, rest) = line.split_once(':')?;
    KEYWORDS.contains(&k.trim()).then(|| rest.trim())
}

/// A heading of the Guardian's cell, which says no rule (`THE THREE SEALS (...)`,
/// `GUARDIAN COMBAT TABLE (1d6):`).
fn heading(line: &str) -> bool {
    let up = line.to_uppercase();
    line.trim_end().ends_with(':') && (up.contains("SEALS") || up.contains("COMBAT TABLE"))
}

/// The die numbers a face line stands for (`3 Bite`, `3-4 Hit`), if it is one.
fn face_key(piece: &str) -> Option<(i64, i64)> {
    let toks = tokens(piece);
    let die = |t: Option<&Token>| match t.map(|t| &t.tok) {
        Some(Tok::Num(n)) if (1..=6).contains(n) => Some(*n),
        _ => None,
    };
    let lo = die(toks.first())?;
    match toks.get(1).map(|t| &t.tok) {
        Some(Tok::Sym('-')) => Some((lo, die(toks.get(2))?)),
        Some(Tok::Word(_) | Tok::Sym('→' | '=' | ':')) => Some((lo, lo)),
        _ => None,
    }
}

/// A line cut at its commas and semicolons outside brackets (a table's faces on one line;
/// a face's own brackets stay whole).
fn outside_brackets(l: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in l.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' | ';' if depth <= 0 => {
                out.push(l[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(l[start..].trim());
    out.retain(|p| !p.is_empty());
    out
}

/// A piece without what it says in brackets.
fn before_bracket(piece: &str) -> &str {
    piece.split('(').next().unwrap_or(piece).trim()
}

/// A number as compared: unsigned, dice as `Nd6`.
fn number(t: &Token) -> String {
    match t.tok {
        Tok::Dice(d) => format!("{d}d6"),
        Tok::Num(n) => n.to_string(),
        _ => String::new(),
    }
}

/// How a text's lines that open with a die number are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A card with no faces: such a line (`1 Block (Evade)`) is a line like any other.
    Plain,
    /// A foe's or the Guardian's faces, compared face by face.
    Faces,
    /// The combat reference: its faces compared one by one, a bracket after one
    /// explaining it.
    Table,
}

/// Where a cell and the read-back of its card differ, in the designer's words: one line
/// each. Empty when they say the same.
pub fn differences(
    cell: &str,
    written: &str,
    book: Option<&Phrasebook>,
    shape: Shape,
) -> Vec<String> {
    let view = View {
        lex: book.map(Phrasebook::lexicon).unwrap_or_default(),
        book,
    };
    let (a, b) = (view.parts(cell, shape), view.parts(written, shape));
    let mut out = Vec::new();
    // An empty cell says no rules: the card has the notation's defaults (the import says
    // which), nothing to compare.
    if !a.body && !a.none {
        return out;
    }
    if a.body && !b.body {
        let first = a
            .other
            .first()
            .or_else(|| a.faces.values().flatten().next());
        out.push(format!(
            "the sheet says `{}`; the card read does nothing",
            first.map_or("", String::as_str)
        ));
        return out;
    }
    for k in a
        .faces
        .keys()
        .chain(b.faces.keys())
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
    {
        let (x, y) = (a.faces.get(&k), b.faces.get(&k));
        let (x, y) = (
            x.cloned().unwrap_or_default(),
            y.cloned().unwrap_or_default(),
        );
        if !same_face(&view, &x, &y) {
            out.push(format!(
                "face {k}: the sheet says `{}`, the card read `{}`",
                x.join("; "),
                y.join("; ")
            ));
        }
    }
    let (mut sa, mut sb) = (Said::default(), Said::default());
    for l in &a.other {
        view.said(l, false, &mut sa);
    }
    for l in &b.other {
        view.said(l, false, &mut sb);
    }
    out.extend(number_differences(&sa, &sb));
    let have: Vec<&str> = sb.words.iter().map(|(w, _)| *w).collect();
    let mut told: Vec<&str> = Vec::new();
    for (w, line) in &sa.words {
        if !have.contains(w) && !told.contains(w) {
            told.push(w);
            out.push(format!(
                "the sheet says {} in `{line}`; the card read does not",
                rule_words(w)
            ));
        }
    }
    out
}

/// A rule's words in a message.
fn rule_words(w: &str) -> String {
    match w {
        "on-flip" => "`each time a card is flipped`".into(),
        "extended" => "`3 successes before 3 failures` (an extended test)".into(),
        "per-domain" => "`once per location`".into(),
        "per-fight" => "`once per fight`".into(),
        "once" => "`one-time use`".into(),
        other => format!("`{}`", other.replace('-', " ")),
    }
}

/// Numbers one side says that the other does not (each count of a number counts).
fn number_differences(a: &Said, b: &Said) -> Vec<String> {
    let count = |s: &Said| {
        let mut m: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (n, line) in &s.numbers {
            m.entry(n.clone()).or_default().push(line.clone());
        }
        m
    };
    let (ca, cb) = (count(a), count(b));
    let mut out = Vec::new();
    for (n, lines) in &ca {
        let have = cb.get(n).map_or(0, Vec::len);
        if lines.len() > have {
            out.push(format!(
                "the sheet says {n} in `{}`; the card read does not",
                lines[have]
            ));
        }
    }
    for (n, lines) in &cb {
        let have = ca.get(n).map_or(0, Vec::len);
        if lines.len() > have {
            out.push(format!(
                "the card read says {n} in `{}`; the sheet does not",
                lines[have]
            ));
        }
    }
    out
}

/// Whether a face says the same on both sides: its numbers, its rules both ways (a miss
/// is the absence of any), and each word of the sheet's brackets said back.
fn same_face(view: &View, a: &[String], b: &[String]) -> bool {
    let said = |lines: &[String]| {
        let mut s = Said::default();
        for l in lines {
            view.said(l, true, &mut s);
        }
        let mut n: Vec<String> = s.numbers.into_iter().map(|x| x.0).collect();
        let mut w: Vec<&str> = s.words.into_iter().map(|x| x.0).collect();
        n.sort();
        w.sort();
        w.dedup();
        (n, w)
    };
    let bracket_words = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter_map(|l| l.split_once('(').map(|x| x.1.to_string()))
            .flat_map(|inner| {
                view.tokens(&inner)
                    .iter()
                    .filter(|t| matches!(t.tok, Tok::Word(_)))
                    .map(|t| view.word(t))
                    .collect::<Vec<_>>()
            })
            .map(|w| {
                WORDS
                    .iter()
                    .find(|(x, _)| *x == w)
                    .map_or(w.clone(), |(_, r)| r.to_string())
            })
            .filter(|w| !FACE_FILLER.contains(&w.as_str()))
            .collect()
    };
    let theirs = bracket_words(b);
    said(a) == said(b) && bracket_words(a).iter().all(|w| theirs.contains(w))
}

/// The writer of read-backs for a set: every Station card's name (what cells name cards
/// by) and the designer's phrasebook.
pub struct ReadBack {
    titles: Map<String, Value>,
    book: Option<Phrasebook>,
}

impl ReadBack {
    /// A read-back writer for the set whose Domain files are `domains` (JSON values).
    pub fn new(domains: &[Value], book: Option<Phrasebook>) -> ReadBack {
        ReadBack {
            titles: titles_of(domains),
            book,
        }
    }

    /// A read-back writer knowing these Station cards.
    pub fn of_cards<'a>(
        cards: impl IntoIterator<Item = &'a Value>,
        book: Option<Phrasebook>,
    ) -> ReadBack {
        let stations: Vec<Value> = cards.into_iter().cloned().collect();
        let domain = serde_json::json!({ "stations": stations });
        ReadBack::new(&[domain], book)
    }

    /// A Station card's data in the designer's notation.
    pub fn station_text(&self, card: &Value) -> String {
        let mut unsaid = Vec::new();
        let t = station_rules(card, &self.titles, self.book.as_ref(), &mut unsaid);
        self.in_their_words(t)
    }

    /// The Guardian's data in the designer's notation.
    pub fn guardian_text(&self, card: &Value) -> String {
        let mut unsaid = Vec::new();
        self.in_their_words(guardian_rules(card, &self.titles, &mut unsaid))
    }

    fn in_their_words(&self, t: String) -> String {
        match &self.book {
            Some(b) => b.in_their_words(&t),
            None => t,
        }
    }

    /// The read-back of the card a sheet's row made (`station:<id>`, `guardian`,
    /// `traveller`, `domain:<id>`, `table`), and how its faces are compared.
    pub fn of_row(&self, key: &str, card: &Value) -> (String, Shape) {
        let mut unsaid = Vec::new();
        let faced = card["faces"].as_array().is_some_and(|f| !f.is_empty());
        let (text, shape) = match key {
            "guardian" => (
                guardian_rules(card, &self.titles, &mut unsaid),
                Shape::Faces,
            ),
            "traveller" => (traveller_rules(card), Shape::Plain),
            "table" => (
                table_cell(card.as_array().map_or(&[][..], Vec::as_slice)),
                Shape::Table,
            ),
            k if k.starts_with("domain:") => (
                domain_rules(card, self.book.as_ref(), &mut unsaid),
                Shape::Plain,
            ),
            _ if faced => (self.station_text(card), Shape::Faces),
            _ => (self.station_text(card), Shape::Plain),
        };
        (self.in_their_words(text), shape)
    }

    /// Where a Station card's text (a cell in the designer's notation) and the read-back
    /// of its data differ.
    pub fn station(&self, card: &Value) -> Vec<String> {
        let text = card["text"].as_str().unwrap_or_default();
        let faced = card["faces"].as_array().is_some_and(|f| !f.is_empty());
        let shape = if faced { Shape::Faces } else { Shape::Plain };
        differences(text, &self.station_text(card), self.book.as_ref(), shape)
    }

    /// Where the Guardian's text and the read-back of its data differ.
    pub fn guardian(&self, card: &Value) -> Vec<TextProblem> {
        let text = card["text"].as_str().unwrap_or_default();
        differences(
            text,
            &self.guardian_text(card),
            self.book.as_ref(),
            Shape::Faces,
        )
        .into_iter()
        .map(TextProblem::of_text)
        .collect()
    }

    /// The phrasebook the read-backs follow.
    pub fn book(&self) -> Option<&Phrasebook> {
        self.book.as_ref()
    }
}

/// One row of an import: its cell beside the read-back of the card it made, and where they
/// differ.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RowReadBack {
    /// Line of the CSV file where the row starts.
    pub line: u64,
    pub card_number: String,
    pub title: String,
    /// The card it made (`station:<id>`, `guardian`, ...).
    pub card: String,
    /// The rules cell as the sheet has it.
    pub cell: String,
    /// The card's data in the designer's notation, as the export writes it.
    pub read_back: String,
    /// Where they differ (empty: they say the same).
    pub differences: Vec<String>,
}

/// Each row that made a card, its cell beside the read-back of that card (the export's
/// words for its data) and where they differ.
pub(super) fn of_rows(
    rows: &[super::DRow],
    made: &BTreeMap<u64, String>,
    cards: &super::kept::Cards,
    book: Option<&Phrasebook>,
) -> Vec<RowReadBack> {
    let stations: Vec<Value> = made
        .values()
        .filter(|k| k.starts_with("station:"))
        .filter_map(|k| cards.get(k).cloned())
        .collect();
    let rb = ReadBack::of_cards(&stations, book.cloned());
    rows.iter()
        .filter_map(|r| {
            let key = made.get(&r.line)?;
            let card = cards.get(key)?;
            let (written, shape) = rb.of_row(key, card);
            Some(RowReadBack {
                line: r.line,
                card_number: r.number.trim().to_string(),
                title: r.title.trim().to_string(),
                card: key.clone(),
                cell: r.rules.to_string(),
                differences: differences(r.rules, &written, book, shape),
                read_back: written,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(cell: &str, written: &str) -> Vec<String> {
        let faced = written.starts_with("FIGHT");
        differences(
            cell,
            written,
            None,
            if faced { Shape::Faces } else { Shape::Plain },
        )
    }

    #[test]
    fn the_same_rules_in_other_words_read_back_alike() {
        assert!(
            d(
                "USE:\nHeal 4HP \n(one-time use)",
                "USE:\nHeal 4 HP\n(one-time use)"
            )
            .is_empty()
        );
        assert!(d("EFFECT:\n-1 HP", "EFFECT:\nLose 1 HP").is_empty());
        assert!(
            d(
                "EQUIP:\nTurn sideways to track use\nOnce per location, peek at 2",
                "EQUIP:\nTurn sideways to track use\nPeek at 2 face down cards"
            )
            .is_empty()
        );
        assert!(
            d(
                "EQUIP:\n6 COUNTER → BLOCK + DEAL 1 DMG.",
                "EQUIP:\n6 COUNTER"
            )
            .is_empty()
        );
        assert!(
            d(
                "EFFECT:\nLose 2 HP every time a card is turned face up",
                "EFFECT:\nLose 2 HP each time a card is flipped"
            )
            .is_empty()
        );
        assert!(
            d(
                "FIGHT: 3 HP\n---\n2 Dodge (Evade)\n4 Flourish",
                "FIGHT: 3 HP\n---\n2 Dodge (Block)\n4 Flourish (Miss)"
            )
            .is_empty()
        );
    }

    #[test]
    fn a_misreading_reads_back_otherwise() {
        // The extended test lost.
        let w = d(
            "CHALLENGE:\nRoll 1d6, Target: 3+, need 3 successes before 3 failures.\nEach failure: Lose 2 HP.",
            "CHALLENGE:\nRoll 1d6, Target: 3+\nOn failure: Lose 2 HP",
        );
        assert!(w.iter().any(|x| x.contains("extended")), "{w:?}");
        // Each time read as once.
        let w = d(
            "EFFECT:\nLose 2 HP every time a card is turned face up",
            "EFFECT:\nLose 2 HP",
        );
        assert!(
            w.iter().any(|x| x.contains("each time a card is flipped")),
            "{w:?}"
        );
        // A clause dropped.
        let w = d(
            "EQUIP:\n6 COUNTER → BLOCK + DEAL 1 DMG, and 3 lanterns hum softly.",
            "EQUIP:\n6 COUNTER",
        );
        assert!(w.iter().any(|x| x.contains("says 3")), "{w:?}");
        // A face changed.
        let w = d("FIGHT: 5 HP\n5 Maul (3 DMG)", "FIGHT: 5 HP\n5 Maul (4 DMG)");
        assert!(w[0].starts_with("face 5:"), "{w:?}");
        // The combat table's sixth face.
        let w = differences(
            "SPECIAL:\n1 Miss, 2 Block (Block all incoming), 3-4 Hit, 5 Critical, 6 Hit",
            "SPECIAL:\n1 Miss\n2 Parry\n3 Hit\n4 Hit\n5 Critical\n6 Counter",
            None,
            Shape::Table,
        );
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].starts_with("face 6:"), "{w:?}");
        // Rules under the keyword, and a card that does nothing.
        let w = d("EFFECT:\n-2 HP", "EFFECT: None");
        assert!(w[0].contains("does nothing"), "{w:?}");
    }
}
