//! Where things are in a JSON text: a small position-tracking scanner.
//!
//! serde tells us *what* is wrong and at which field path; this scanner tells us *where*
//! that path is in the designer's file (line and column of a key or a value), which card
//! (`"id"`) a path belongs to, and, when the text is not valid JSON, the path at which it
//! stopped making sense. It never panics and records what it saw before a syntax error.

use std::collections::HashMap;

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

/// What kind of JSON value sits at a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// An object with this many keys.
    Object(usize),
    Array,
    String,
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    key: Option<Pos>,
    value: Pos,
    shape: Shape,
    /// Byte range of the value in the text.
    span: (usize, usize),
}

/// Positions of every key and value of one JSON text, by field path (`stations[2].hp`,
/// the same spelling as `serde_path_to_error`; the root is the empty path).
#[derive(Debug, Default)]
pub struct Locator {
    entries: HashMap<String, Entry>,
    strings: HashMap<String, String>,
    duplicates: HashMap<String, Pos>,
    /// Where the scan stopped on invalid JSON, and the path it was reading.
    pub failure: Option<(Pos, String)>,
    /// For invalid JSON: every id written `"id": "..."` anywhere in the text (a card the
    /// scan could not reach may have any of them).
    pub loose_ids: Vec<String>,
}

impl Locator {
    /// Scans `text`. Never fails: on invalid JSON, `failure` is set and everything before
    /// the failure is still recorded.
    pub fn scan(text: &str) -> Locator {
        let mut s = Scanner {
            chars: text.chars().collect(),
            i: 0,
            byte: 0,
            line: 1,
            column: 1,
            loc: Locator::default(),
            path: String::new(),
        };
        s.skip_ws();
        let (start, start_byte) = (s.pos(), s.byte);
        let result = s.value(0).and_then(|shape| {
            s.record("", None, start, shape, start_byte);
            s.skip_ws();
            if s.i < s.chars.len() { Err(()) } else { Ok(()) }
        });
        if result.is_err() {
            let (pos, path) = (s.pos(), s.path.clone());
            s.loc.failure = Some((pos, path));
            s.loc.loose_ids = loose_ids(text);
        }
        s.loc
    }

    /// Adds the positions found by `part` (the scan of this text with everything but one
    /// value blanked, so its positions are this text's) under `prefix` (`stations[3]`).
    pub fn graft(&mut self, prefix: &str, part: Locator) {
        let under = |p: String| {
            if p.is_empty() {
                prefix.to_string()
            } else if p.starts_with('[') {
                format!("{prefix}{p}")
            } else {
                join(prefix, &p)
            }
        };
        for (p, e) in part.entries {
            self.entries.insert(under(p), e);
        }
        for (p, v) in part.strings {
            self.strings.insert(under(p), v);
        }
        for (p, d) in part.duplicates {
            self.duplicates.insert(under(p), d);
        }
    }

    /// Position of the key of `path` if it is an object member, else of its value.
    pub fn key_or_value(&self, path: &str) -> Option<Pos> {
        self.entries.get(path).map(|e| e.key.unwrap_or(e.value))
    }

    /// Position where the value of `path` starts.
    pub fn value(&self, path: &str) -> Option<Pos> {
        self.entries.get(path).map(|e| e.value)
    }

    /// The kind of value at `path`.
    pub fn shape(&self, path: &str) -> Option<Shape> {
        self.entries.get(path).map(|e| e.shape)
    }

    /// The byte range of the value at `path` in the scanned text (from its first
    /// character to just after its last).
    pub fn span(&self, path: &str) -> Option<std::ops::Range<usize>> {
        self.entries.get(path).map(|e| e.span.0..e.span.1)
    }

    /// The string value at `path`, if it is a string.
    pub fn string(&self, path: &str) -> Option<&str> {
        self.strings.get(path).map(String::as_str)
    }

    /// Every string value of the text, with its path (in no particular order).
    pub fn strings(&self) -> impl Iterator<Item = (&str, &str)> {
        self.strings.iter().map(|(p, v)| (p.as_str(), v.as_str()))
    }

    /// The position of the second occurrence of a key written twice.
    pub fn duplicate(&self, path: &str) -> Option<Pos> {
        self.duplicates.get(path).copied()
    }

    /// Position for a problem about `path`: the object member or element itself if it is
    /// there, else the nearest enclosing one that is. An object with an `"id"` is located
    /// at its `"id"` key (that is where a card starts to read).
    pub fn locate(&self, path: &str) -> Option<Pos> {
        let mut p = path;
        loop {
            if self.entries.contains_key(p) {
                if (p != path || matches!(self.shape(p), Some(Shape::Object(_))))
                    && let Some(id) = self.key_or_value(&join(p, "id"))
                {
                    return Some(id);
                }
                return self.key_or_value(p);
            }
            if p.is_empty() {
                return None;
            }
            p = parent(p);
        }
    }
}

/// `parent` joined with a member key.
pub fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

/// The path one level up: `a.b[2]` → `a.b`, `a.b` → `a`, `a` → ``.
pub fn parent(path: &str) -> &str {
    match path.rfind(['.', '[']) {
        Some(i) => &path[..i],
        None => "",
    }
}

/// Every `"id": "..."` of a text, read without regard to the JSON around it (which may be
/// broken): a key `"id"`, a colon and a string, with any white space between.
fn loose_ids(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("\"id\"") {
        rest = &rest[at + 4..];
        let after = rest.trim_start();
        let Some(after) = after.strip_prefix(':') else {
            continue;
        };
        let Some(value) = after.trim_start().strip_prefix('"') else {
            continue;
        };
        if let Some(end) = value.find('"') {
            out.push(value[..end].to_string());
        }
    }
    out
}

struct Scanner {
    chars: Vec<char>,
    i: usize,
    /// The byte offset of `chars[i]` in the text.
    byte: usize,
    line: usize,
    column: usize,
    loc: Locator,
    path: String,
}

/// Deeper than this is surely not a card file (and would risk the stack).
const MAX_DEPTH: usize = 128;

impl Scanner {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        self.byte += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
            self.bump();
        }
    }

    fn expect(&mut self, c: char) -> Result<(), ()> {
        if self.peek() == Some(c) {
            self.bump();
            Ok(())
        } else {
            Err(())
        }
    }

    /// Records the value that started at `value` (byte `start`) and ends here.
    fn record(&mut self, path: &str, key: Option<Pos>, value: Pos, shape: Shape, start: usize) {
        let entry = Entry {
            key,
            value,
            shape,
            span: (start, self.byte),
        };
        self.loc.entries.insert(path.to_string(), entry);
    }

    /// Reads one value at `self.path`; the caller records it.
    fn value(&mut self, depth: usize) -> Result<Shape, ()> {
        if depth > MAX_DEPTH {
            return Err(());
        }
        match self.peek() {
            Some('{') => self.object(depth),
            Some('[') => self.array(depth),
            Some('"') => {
                let s = self.string()?;
                self.loc.strings.insert(self.path.clone(), s);
                Ok(Shape::String)
            }
            Some(c) if c == '-' || c.is_ascii_digit() => {
                while matches!(self.peek(), Some(c) if c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E'))
                {
                    self.bump();
                }
                Ok(Shape::Other)
            }
            Some(_) => {
                for word in ["true", "false", "null"] {
                    if self.chars[self.i..].starts_with(&word.chars().collect::<Vec<_>>()) {
                        for _ in 0..word.len() {
                            self.bump();
                        }
                        return Ok(Shape::Other);
                    }
                }
                Err(())
            }
            None => Err(()),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Shape, ()> {
        self.expect('{')?;
        let base = self.path.clone();
        let mut keys = 0;
        self.skip_ws();
        if self.peek() == Some('}') {
            self.bump();
            return Ok(Shape::Object(0));
        }
        loop {
            self.skip_ws();
            let key_pos = self.pos();
            if self.peek() != Some('"') {
                return Err(());
            }
            let key = self.string()?;
            let path = join(&base, &key);
            if self.loc.entries.contains_key(&path) {
                self.loc.duplicates.entry(path.clone()).or_insert(key_pos);
            }
            self.path = path.clone();
            self.skip_ws();
            self.expect(':')?;
            self.skip_ws();
            let (value_pos, start) = (self.pos(), self.byte);
            let shape = self.value(depth + 1)?;
            if !self.loc.entries.contains_key(&path) {
                self.record(&path, Some(key_pos), value_pos, shape, start);
            }
            keys += 1;
            self.path = base.clone();
            self.skip_ws();
            match self.bump() {
                Some(',') => continue,
                Some('}') => return Ok(Shape::Object(keys)),
                _ => return Err(()),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Shape, ()> {
        self.expect('[')?;
        let base = self.path.clone();
        self.skip_ws();
        if self.peek() == Some(']') {
            self.bump();
            return Ok(Shape::Array);
        }
        let mut index = 0;
        loop {
            self.skip_ws();
            let path = format!("{base}[{index}]");
            self.path = path.clone();
            let (value_pos, start) = (self.pos(), self.byte);
            let shape = self.value(depth + 1)?;
            self.record(&path, None, value_pos, shape, start);
            index += 1;
            self.path = base.clone();
            self.skip_ws();
            match self.bump() {
                Some(',') => continue,
                Some(']') => return Ok(Shape::Array),
                _ => return Err(()),
            }
        }
    }

    fn string(&mut self) -> Result<String, ()> {
        self.expect('"')?;
        let mut out = String::new();
        loop {
            match self.bump().ok_or(())? {
                '"' => return Ok(out),
                '\\' => match self.bump().ok_or(())? {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'r' => out.push('\r'),
                    'b' => out.push('\u{8}'),
                    'f' => out.push('\u{c}'),
                    'u' => {
                        let mut code = 0u32;
                        for _ in 0..4 {
                            let d = self.bump().and_then(|c| c.to_digit(16)).ok_or(())?;
                            code = code * 16 + d;
                        }
                        out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                    }
                    c => out.push(c),
                },
                c if (c as u32) < 0x20 => return Err(()),
                c => out.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_keys_values_and_ids() {
        let text =
            "{\n  \"stations\": [\n    {\n      \"id\": \"a\",\n      \"hp\": 5\n    }\n  ]\n}";
        let loc = Locator::scan(text);
        assert!(loc.failure.is_none());
        assert_eq!(
            loc.key_or_value("stations[0].hp"),
            Some(Pos { line: 5, column: 7 })
        );
        assert_eq!(
            loc.value("stations[0].hp"),
            Some(Pos {
                line: 5,
                column: 13
            })
        );
        assert_eq!(loc.string("stations[0].id"), Some("a"));
        let card = loc.span("stations[0]").expect("span");
        assert!(
            text[card].starts_with('{') && text[loc.span("stations[0]").unwrap()].ends_with('}')
        );
        assert_eq!(&text[loc.span("stations[0].hp").unwrap()], "5");
        // A card is located at its id; a missing field at its card.
        assert_eq!(loc.locate("stations[0]"), Some(Pos { line: 4, column: 7 }));
        assert_eq!(
            loc.locate("stations[0].faces"),
            Some(Pos { line: 4, column: 7 })
        );
        assert_eq!(parent("a.b[2]"), "a.b");
        assert_eq!(parent("a.b"), "a");
        assert_eq!(parent("a"), "");
    }

    #[test]
    fn records_the_failure_path() {
        let loc = Locator::scan("{\"stations\": [{\"id\": \"a\", \"hp\": 5,}]}");
        let (_, path) = loc.failure.clone().expect("invalid");
        assert_eq!(path, "stations[0]");
        assert_eq!(loc.string("stations[0].id"), Some("a"));
        assert_eq!(loc.loose_ids, ["a"]);
    }

    #[test]
    fn ids_past_a_syntax_error_are_still_read_loosely() {
        let text = "{\"stations\": [{\"id\": \"a\" \"hp\": 5}, {\"id\" :\n \"b\"}]}";
        let loc = Locator::scan(text);
        assert!(loc.failure.is_some());
        assert_eq!(loc.loose_ids, ["a", "b"]);
        assert!(Locator::scan("{\"id\": \"a\"}").loose_ids.is_empty());
    }
}
