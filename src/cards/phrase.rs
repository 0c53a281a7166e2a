//! Phrase patterns that must match a whole clause, and the cover of a line by clauses.
//!
//! The designer's notation is read clause by clause: a line is cut at its joins (`,`, `;`,
//! `:`, `&`, `.`, an arrow, "then", "and", brackets) and every stretch between joins must be
//! matched, whole, by one pattern of the notation's table; a stretch no pattern matches is
//! left over and reported with its words. A pattern never matches a prefix: `Heal 4 HP and
//! 3 lanterns hum softly` reads `Heal 4 HP` and leaves `3 lanterns hum softly` over.
//!
//! A pattern is written in a small language: words and symbols to match (`heal`, `:`,
//! `+`), `[optional words]`, `(one | or another)`, `\(` for a bracket, and slots:
//! `<n>` a whole number (or a number word), `<signed>` a number with its sign, `<amount>` a
//! number or dice (`1d6+2`), `<dice>` dice (`2d6`), `<word>` one word, `<words>` one or
//! more words. A few small words (`the`, `a`, `an`, `your`) may stand anywhere.

use std::ops::Range;

/// One token of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// A word, in lower case (`player's`).
    Word(String),
    /// A whole number, unsigned.
    Num(i64),
    /// Dice: how many d6 (`2d6` is `Dice(2)`).
    Dice(i64),
    /// Any other character (`+`, `-`, `:`, `(`, `→` for an arrow).
    Sym(char),
}

/// A token and where it stands in its line (bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub span: Range<usize>,
}

/// Words that may stand anywhere in a clause without changing it.
const FILLERS: &[&str] = &["the", "a", "an", "your"];

/// Number words a `<n>` slot takes.
const NUMBER_WORDS: &[&str] = &[
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

/// The tokens of `line`: words in lower case, numbers, dice, symbols; an arrow (`→`, `->`,
/// `=>`) is one symbol `→`, a long dash is `-`.
pub fn tokens(line: &str) -> Vec<Token> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let end_of = |k: usize| chars.get(k).map_or(line.len(), |c| c.0);
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let (at, c) = chars[k];
        let next = chars.get(k + 1).map(|c| c.1);
        if c.is_whitespace() {
            k += 1;
        } else if c == '→' || (matches!(c, '-' | '=') && next == Some('>')) {
            let len = if c == '→' { 1 } else { 2 };
            out.push(Token {
                tok: Tok::Sym('→'),
                span: at..end_of(k + len),
            });
            k += len;
        } else if c.is_ascii_digit() {
            let mut j = k;
            while j < chars.len() && chars[j].1.is_ascii_digit() {
                j += 1;
            }
            let n: i64 = line[at..end_of(j)].parse().unwrap_or(i64::MAX);
            if let Some(after) = dice_after(&chars, j) {
                out.push(Token {
                    tok: Tok::Dice(n),
                    span: at..end_of(after),
                });
                k = after;
            } else {
                out.push(Token {
                    tok: Tok::Num(n),
                    span: at..end_of(j),
                });
                k = j;
            }
        } else if c.is_alphabetic() {
            if matches!(c, 'd' | 'D')
                && let Some(after) = dice_after(&chars, k)
                && (k == 0 || !chars[k - 1].1.is_alphanumeric())
            {
                out.push(Token {
                    tok: Tok::Dice(1),
                    span: at..end_of(after),
                });
                k = after;
                continue;
            }
            let mut j = k;
            let mut word = String::new();
            while j < chars.len() {
                let ch = chars[j].1;
                let inner_quote = matches!(ch, '\'' | '’')
                    && j > k
                    && chars.get(j + 1).is_some_and(|c| c.1.is_alphabetic());
                if ch.is_alphabetic() || inner_quote {
                    word.extend(if inner_quote { '\'' } else { ch }.to_lowercase());
                    j += 1;
                } else {
                    break;
                }
            }
            out.push(Token {
                tok: Tok::Word(word),
                span: at..end_of(j),
            });
            k = j;
        } else {
            let sym = match c {
                '–' | '—' | '−' => '-',
                '＋' => '+',
                other => other,
            };
            out.push(Token {
                tok: Tok::Sym(sym),
                span: at..end_of(k + 1),
            });
            k += 1;
        }
    }
    out
}

/// Where `d6` ends when it starts at `chars[k]` (a `d` or `D`, then `6`, then no more
/// letters or digits).
fn dice_after(chars: &[(usize, char)], k: usize) -> Option<usize> {
    let d = chars.get(k)?.1;
    let six = chars.get(k + 1)?.1;
    let after = chars.get(k + 2).map(|c| c.1);
    (matches!(d, 'd' | 'D') && six == '6' && !after.is_some_and(char::is_alphanumeric))
        .then_some(k + 2)
}

/// What a slot matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    N,
    Signed,
    Amount,
    Dice,
    Word,
    Words,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Word(String),
    Num(i64),
    Sym(char),
    Slot(Slot),
    Opt(Vec<Item>),
    Alt(Vec<Vec<Item>>),
}

/// What a slot bound, in the pattern's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound {
    /// `<n>` or `<signed>`.
    N(i64),
    /// `<amount>`: a number (`dice` 0) or dice and what is added.
    Amount { dice: i64, value: i64 },
    /// `<dice>`: how many.
    Dice(i64),
    /// `<word>` or `<words>`, as written in the line.
    Text(String),
}

/// A compiled pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    items: Vec<Item>,
    /// As written.
    pub source: String,
}

/// A word the designer uses for another the notation knows (the phrasebook's synonyms and
/// the notation's own): single words are looked up as a pattern's words are matched,
/// phrases of several words are rewritten before matching.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lexicon {
    /// (the designer's words, the notation's words), each in lower case, split in words.
    pairs: Vec<(Vec<String>, Vec<String>)>,
}

impl Lexicon {
    /// Adds `theirs` as another way to say `ours`.
    pub fn add(&mut self, theirs: &str, ours: &str) {
        let words = |s: &str| -> Vec<String> {
            tokens(s)
                .into_iter()
                .map(|t| match t.tok {
                    Tok::Word(w) => w,
                    Tok::Num(n) | Tok::Dice(n) => n.to_string(),
                    Tok::Sym(c) => c.to_string(),
                })
                .collect()
        };
        let (a, b) = (words(theirs), words(ours));
        if !a.is_empty() && !b.is_empty() && a != b {
            self.pairs.push((a, b));
        }
    }

    /// Whether a word of the line stands for the pattern's word `lit`.
    fn same(&self, word: &str, lit: &str) -> bool {
        word == lit
            || self
                .pairs
                .iter()
                .any(|(a, b)| a.len() == 1 && b.len() == 1 && a[0] == word && b[0] == lit)
    }

    /// The line with each phrase of several words replaced by the notation's words (the
    /// new tokens span the phrase they replace); `None` when none occurs.
    pub fn rewritten(&self, toks: &[Token]) -> Option<Vec<Token>> {
        let text = |t: &Token| match &t.tok {
            Tok::Word(w) => w.clone(),
            Tok::Num(n) | Tok::Dice(n) => n.to_string(),
            Tok::Sym(c) => c.to_string(),
        };
        let multi: Vec<&(Vec<String>, Vec<String>)> = self
            .pairs
            .iter()
            .filter(|(a, b)| a.len() > 1 || b.len() > 1)
            .collect();
        if multi.is_empty() {
            return None;
        }
        let mut out = Vec::new();
        let mut changed = false;
        let mut i = 0;
        'at: while i < toks.len() {
            for (a, b) in &multi {
                let fits = toks.len() - i >= a.len()
                    && a.iter().zip(&toks[i..]).all(|(w, t)| *w == text(t));
                if fits {
                    let span = toks[i].span.start..toks[i + a.len() - 1].span.end;
                    out.extend(b.iter().map(|w| Token {
                        tok: word_tok(w),
                        span: span.clone(),
                    }));
                    i += a.len();
                    changed = true;
                    continue 'at;
                }
            }
            out.push(toks[i].clone());
            i += 1;
        }
        changed.then_some(out)
    }
}

/// A word of the lexicon as a token.
fn word_tok(w: &str) -> Tok {
    match w.parse::<i64>() {
        Ok(n) => Tok::Num(n),
        Err(_) if w.chars().count() == 1 && !w.chars().all(char::is_alphabetic) => {
            Tok::Sym(w.chars().next().unwrap_or(' '))
        }
        Err(_) => Tok::Word(w.to_string()),
    }
}

impl Pattern {
    /// Compiles a pattern; a mistake in it is the program's, so it panics in tests (every
    /// pattern of the notation is compiled by one).
    pub fn parse(source: &str) -> Result<Pattern, String> {
        let lexed = pattern_lex(source)?;
        let mut at = 0;
        let items = seq(&lexed, &mut at, source)?;
        if at != lexed.len() {
            return Err(format!("`{source}`: unbalanced brackets"));
        }
        Ok(Pattern {
            items,
            source: source.to_string(),
        })
    }

    /// The slots' values when the pattern matches the whole of `toks`.
    pub fn whole(&self, toks: &[Token], lex: &Lexicon) -> Option<Vec<Bound>> {
        let toks: Vec<&Token> = toks.iter().collect();
        let mut out = Vec::new();
        walk(&self.items, &toks, 0, lex, &mut out, &mut |j, _| {
            j == toks.len()
        })
        .then_some(out)
    }
}

/// The pattern language's pieces.
#[derive(Debug, Clone, PartialEq)]
enum PLex {
    Open(char),
    Close(char),
    Bar,
    Item(Item),
}

fn pattern_lex(source: &str) -> Result<Vec<PLex>, String> {
    let mut out = Vec::new();
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' => {}
            '[' | '(' => out.push(PLex::Open(c)),
            ']' | ')' => out.push(PLex::Close(c)),
            '|' => out.push(PLex::Bar),
            '\\' => {
                let s = chars
                    .next()
                    .ok_or_else(|| format!("`{source}`: a lone \\"))?;
                out.push(PLex::Item(Item::Sym(s)));
            }
            '<' => {
                let name: String = chars.by_ref().take_while(|c| *c != '>').collect();
                let slot = match name.as_str() {
                    "n" => Slot::N,
                    "signed" => Slot::Signed,
                    "amount" => Slot::Amount,
                    "dice" => Slot::Dice,
                    "word" => Slot::Word,
                    "words" => Slot::Words,
                    other => return Err(format!("`{source}`: no slot <{other}>")),
                };
                out.push(PLex::Item(Item::Slot(slot)));
            }
            c if c.is_ascii_digit() => {
                let mut s = c.to_string();
                while let Some(d) = chars.next_if(char::is_ascii_digit) {
                    s.push(d);
                }
                out.push(PLex::Item(Item::Num(s.parse().unwrap_or(0))));
            }
            c if c.is_alphabetic() => {
                let mut s = c.to_lowercase().to_string();
                while let Some(d) = chars.next_if(|d| d.is_alphabetic() || *d == '\'') {
                    s.extend(d.to_lowercase());
                }
                out.push(PLex::Item(Item::Word(s)));
            }
            other => out.push(PLex::Item(Item::Sym(other))),
        }
    }
    Ok(out)
}

/// Items up to a closing bracket or a bar.
fn seq(lexed: &[PLex], at: &mut usize, source: &str) -> Result<Vec<Item>, String> {
    let mut items = Vec::new();
    while let Some(p) = lexed.get(*at) {
        match p {
            PLex::Close(_) | PLex::Bar => break,
            PLex::Item(i) => {
                items.push(i.clone());
                *at += 1;
            }
            PLex::Open(open) => {
                *at += 1;
                let mut alts = vec![seq(lexed, at, source)?];
                while lexed.get(*at) == Some(&PLex::Bar) {
                    *at += 1;
                    alts.push(seq(lexed, at, source)?);
                }
                let close = if *open == '[' { ']' } else { ')' };
                if lexed.get(*at) != Some(&PLex::Close(close)) {
                    return Err(format!("`{source}`: `{open}` is not closed"));
                }
                *at += 1;
                items.push(match (open, alts.len()) {
                    ('[', 1) => Item::Opt(alts.remove(0)),
                    ('[', _) => Item::Opt(vec![Item::Alt(alts)]),
                    _ => Item::Alt(alts),
                });
            }
        }
    }
    Ok(items)
}

/// Whether a token is one of the small words that may stand anywhere.
fn filler(t: &Token) -> bool {
    matches!(&t.tok, Tok::Word(w) if FILLERS.contains(&w.as_str()))
}

/// Matches `items` against `toks` from `j`; `done` is asked, once the items are used up,
/// whether the match may end where it stands. Bindings are pushed in order and taken back
/// on a failed branch.
fn walk(
    items: &[Item],
    toks: &[&Token],
    j: usize,
    lex: &Lexicon,
    out: &mut Vec<Bound>,
    done: &mut dyn FnMut(usize, &mut Vec<Bound>) -> bool,
) -> bool {
    let Some((first, rest)) = items.split_first() else {
        // A small word left at the end is still a small word.
        let mut k = j;
        while k < toks.len() && filler(toks[k]) {
            k += 1;
        }
        return done(k, out) || (k != j && done(j, out));
    };
    let mark = out.len();
    // A small word of the line that the pattern does not name is passed over.
    if j < toks.len()
        && filler(toks[j])
        && !matches!(first, Item::Word(w) if tok_is(toks[j], w, lex))
    {
        if walk(items, toks, j + 1, lex, out, done) {
            return true;
        }
        out.truncate(mark);
    }
    let ok = match first {
        Item::Word(w) => {
            let here = j < toks.len() && tok_is(toks[j], w, lex);
            (here && walk(rest, toks, j + 1, lex, out, done))
                || (FILLERS.contains(&w.as_str()) && {
                    out.truncate(mark);
                    walk(rest, toks, j, lex, out, done)
                })
        }
        Item::Num(n) => {
            j < toks.len() && toks[j].tok == Tok::Num(*n) && walk(rest, toks, j + 1, lex, out, done)
        }
        Item::Sym(c) => {
            j < toks.len() && toks[j].tok == Tok::Sym(*c) && walk(rest, toks, j + 1, lex, out, done)
        }
        Item::Opt(inner) => {
            let mut cont = |k: usize, o: &mut Vec<Bound>| walk(rest, toks, k, lex, o, done);
            walk(inner, toks, j, lex, out, &mut cont) || {
                out.truncate(mark);
                walk(rest, toks, j, lex, out, done)
            }
        }
        Item::Alt(alts) => alts.iter().any(|alt| {
            out.truncate(mark);
            let mut cont = |k: usize, o: &mut Vec<Bound>| walk(rest, toks, k, lex, o, done);
            walk(alt, toks, j, lex, out, &mut cont)
        }),
        Item::Slot(s) => slot(*s, toks, j).into_iter().any(|(b, k)| {
            out.truncate(mark);
            out.push(b);
            walk(rest, toks, k, lex, out, done)
        }),
    };
    if !ok {
        out.truncate(mark);
    }
    ok
}

/// Whether a token is the word `w` (or the lexicon's word for it).
fn tok_is(t: &Token, w: &str, lex: &Lexicon) -> bool {
    matches!(&t.tok, Tok::Word(x) if lex.same(x, w))
}

/// The ways slot `s` can take tokens from `j`: each with what it binds and where the line
/// goes on.
fn slot(s: Slot, toks: &[&Token], j: usize) -> Vec<(Bound, usize)> {
    let tok = |k: usize| toks.get(k).map(|t| &t.tok);
    let number = |k: usize| match tok(k) {
        Some(Tok::Num(n)) => Some(*n),
        Some(Tok::Word(w)) => NUMBER_WORDS.iter().position(|x| x == w).map(|p| p as i64),
        _ => None,
    };
    match s {
        Slot::N => number(j)
            .map(|n| vec![(Bound::N(n), j + 1)])
            .unwrap_or_default(),
        Slot::Signed => {
            let (sign, k) = match tok(j) {
                Some(Tok::Sym('+')) => (1, j + 1),
                Some(Tok::Sym('-')) => (-1, j + 1),
                _ => (1, j),
            };
            number(k)
                .map(|n| vec![(Bound::N(sign * n), k + 1)])
                .unwrap_or_default()
        }
        Slot::Dice => match tok(j) {
            Some(Tok::Dice(d)) => vec![(Bound::Dice(*d), j + 1)],
            _ => Vec::new(),
        },
        Slot::Amount => match tok(j) {
            Some(Tok::Dice(d)) => {
                let mut ways = vec![(Bound::Amount { dice: *d, value: 0 }, j + 1)];
                let sign = match tok(j + 1) {
                    Some(Tok::Sym('+')) => 1,
                    Some(Tok::Sym('-')) => -1,
                    _ => 0,
                };
                if sign != 0
                    && let Some(Tok::Num(p)) = tok(j + 2)
                {
                    ways.insert(
                        0,
                        (
                            Bound::Amount {
                                dice: *d,
                                value: sign * p,
                            },
                            j + 3,
                        ),
                    );
                }
                ways
            }
            _ => number(j)
                .map(|n| vec![(Bound::Amount { dice: 0, value: n }, j + 1)])
                .unwrap_or_default(),
        },
        Slot::Word => match tok(j) {
            Some(Tok::Word(w)) if !FILLERS.contains(&w.as_str()) => {
                vec![(Bound::Text(w.clone()), j + 1)]
            }
            _ => Vec::new(),
        },
        Slot::Words => {
            let mut ways = Vec::new();
            let mut k = j;
            while let Some(Tok::Word(_) | Tok::Sym('\'' | '-')) = tok(k) {
                k += 1;
                if matches!(tok(k - 1), Some(Tok::Word(_))) {
                    let words: Vec<String> = toks[j..k]
                        .iter()
                        .filter_map(|t| match &t.tok {
                            Tok::Word(w) => Some(w.clone()),
                            _ => None,
                        })
                        .collect();
                    ways.push((Bound::Text(words.join(" ")), k));
                }
            }
            // The longest first: a name takes every word it can.
            ways.reverse();
            ways
        }
    }
}

/// Whether a token joins two clauses of a line.
pub fn is_join(t: &Token) -> bool {
    match &t.tok {
        Tok::Sym(c) => matches!(c, ',' | ';' | ':' | '&' | '.' | '→' | '(' | ')'),
        Tok::Word(w) => w == "then" || w == "and",
        _ => false,
    }
}

/// A line read clause by clause: what each clause read as (with its tokens), the stretches
/// left over (never read, to report), and the words in brackets after a clause that read
/// as nothing and hold no number (a gloss: `1 Block (Evade)`).
#[derive(Debug, Clone, PartialEq)]
pub struct Cover<T> {
    pub read: Vec<(T, Range<usize>)>,
    pub left: Vec<Range<usize>>,
    pub glosses: Vec<Range<usize>>,
}

/// Covers a line's tokens with clauses: `clause` reads a stretch (joins inside it
/// included) or says it is none. Of all the ways to cut the line at its joins, the one
/// that reads the most tokens wins (then the one with the fewest clauses); everything else
/// is left over. Ranges are of token indices.
pub fn cover<T: Clone>(toks: &[Token], clause: &dyn Fn(&[Token]) -> Option<T>) -> Cover<T> {
    // Cut points: the index of each join, and the end.
    let joins: Vec<usize> = (0..toks.len()).filter(|&i| is_join(&toks[i])).collect();
    // Segments: the tokens between joins (possibly empty).
    let mut bounds = vec![0];
    for &j in &joins {
        bounds.push(j);
        bounds.push(j + 1);
    }
    bounds.push(toks.len());
    let segs: Vec<Range<usize>> = bounds.chunks(2).map(|b| b[0]..b[1]).collect();
    let n = segs.len();
    // best[i]: (tokens read, -clauses, choice) for segments 0..i.
    #[derive(Clone)]
    enum Step<T> {
        Skip,
        Read(usize, T),
    }
    let mut best: Vec<Option<(usize, i64, Step<T>)>> = vec![None; n + 1];
    best[0] = Some((0, 0, Step::Skip));
    for end in 1..=n {
        let mut pick: Option<(usize, i64, Step<T>)> = None;
        let better = |a: &(usize, i64), b: &Option<(usize, i64, Step<T>)>| {
            b.as_ref().is_none_or(|b| (a.0, a.1) > (b.0, b.1))
        };
        if let Some((r, c, _)) = &best[end - 1] {
            let cand = (*r, *c);
            if better(&cand, &pick) {
                pick = Some((cand.0, cand.1, Step::Skip));
            }
        }
        for start in 0..end {
            let Some((r, c, _)) = &best[start] else {
                continue;
            };
            let span = segs[start].start..segs[end - 1].end;
            let inner = &toks[span.clone()];
            if inner.is_empty() || is_join(&inner[0]) || is_join(&inner[inner.len() - 1]) {
                continue;
            }
            if let Some(v) = clause(inner) {
                let cand = (r + inner.len(), c - 1);
                if better(&cand, &pick) {
                    pick = Some((cand.0, cand.1, Step::Read(start, v)));
                }
            }
        }
        best[end] = pick;
    }
    // Walk back.
    let mut read = Vec::new();
    let mut used = vec![false; toks.len()];
    let mut end = n;
    while end > 0 {
        match best[end].as_ref().map(|b| b.2.clone()) {
            Some(Step::Read(start, v)) => {
                let span = segs[start].start..segs[end - 1].end;
                used[span.clone()].iter_mut().for_each(|u| *u = true);
                read.push((v, span));
                end = start;
            }
            _ => end -= 1,
        }
    }
    read.reverse();
    let (left, glosses) = leftovers(toks, &used);
    Cover {
        read,
        left,
        glosses,
    }
}

/// The stretches of tokens no clause read (joins alone do not count), each split into
/// what is left over and the glosses: words alone in brackets.
fn leftovers(toks: &[Token], used: &[bool]) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    let mut left: Vec<Range<usize>> = Vec::new();
    let mut glosses = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if used[i] || is_join(&toks[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < toks.len() && !used[i] && !is_join(&toks[i]) {
            i += 1;
        }
        let gloss = start > 0
            && toks[start - 1].tok == Tok::Sym('(')
            && toks.get(i).is_some_and(|t| t.tok == Tok::Sym(')'))
            && toks[start..i]
                .iter()
                .all(|t| matches!(t.tok, Tok::Word(_) | Tok::Sym('-' | '\'')));
        if gloss {
            glosses.push(start..i);
        } else {
            // Joined to the stretch before when only joins stand between.
            match left.last_mut() {
                Some(prev) if (prev.end..start).all(|k| !used[k]) => prev.end = i,
                _ => left.push(start..i),
            }
        }
    }
    (left, glosses)
}

/// The words of `line` a token range covers, as written.
pub fn text_of<'a>(line: &'a str, toks: &[Token], r: &Range<usize>) -> &'a str {
    match (
        toks.get(r.start),
        r.end.checked_sub(1).and_then(|e| toks.get(e)),
    ) {
        (Some(a), Some(b)) if r.start < r.end => &line[a.span.start..b.span.end],
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Pattern {
        Pattern::parse(s).expect("a pattern")
    }

    fn m(pat: &str, line: &str) -> Option<Vec<Bound>> {
        p(pat).whole(&tokens(line), &Lexicon::default())
    }

    #[test]
    fn tokens_split_numbers_units_dice_and_arrows() {
        let t: Vec<Tok> = tokens("Heal 4HP, 1d6+2 → -1 to Player’s roll")
            .into_iter()
            .map(|t| t.tok)
            .collect();
        let w = |s: &str| Tok::Word(s.into());
        assert_eq!(
            t,
            [
                w("heal"),
                Tok::Num(4),
                w("hp"),
                Tok::Sym(','),
                Tok::Dice(1),
                Tok::Sym('+'),
                Tok::Num(2),
                Tok::Sym('→'),
                Tok::Sym('-'),
                Tok::Num(1),
                w("to"),
                w("player's"),
                w("roll"),
            ]
        );
        assert_eq!(tokens("d6")[0].tok, Tok::Dice(1));
        assert_eq!(tokens("6 COUNTER -> BLOCK")[2].tok, Tok::Sym('→'));
    }

    #[test]
    fn a_pattern_matches_only_a_whole_clause() {
        assert_eq!(
            m("heal <amount> [hp|health]", "Heal 4 HP"),
            Some(vec![Bound::Amount { dice: 0, value: 4 }])
        );
        assert_eq!(
            m("heal <amount> [hp|health]", "heal 1d6+2"),
            Some(vec![Bound::Amount { dice: 1, value: 2 }])
        );
        assert_eq!(m("heal <amount> [hp|health]", "Heal 4 HP and sing"), None);
        assert_eq!(m("heal <amount> [hp|health]", "Heal"), None);
        assert_eq!(
            m("<signed> to all rolls", "-1 to all rolls"),
            Some(vec![Bound::N(-1)])
        );
        assert_eq!(
            m("cleanse [<n>] [snare|snares]", "Cleanse a Snare"),
            Some(vec![])
        );
        assert_eq!(m("peek at <n>", "peek at two"), Some(vec![Bound::N(2)]));
        assert_eq!(
            m("<n> dmg next <words>", "1 DMG next Savage Bite"),
            Some(vec![Bound::N(1), Bound::Text("savage bite".into())])
        );
        assert_eq!(
            m("<n> counter \\( x \\)", "6 counter (x)"),
            Some(vec![Bound::N(6)])
        );
    }

    #[test]
    fn the_lexicon_lets_the_designers_words_stand_for_the_notations() {
        let mut lex = Lexicon::default();
        lex.add("Block", "Parry");
        lex.add("every time", "each time");
        let pat = p("<n> parry");
        assert!(pat.whole(&tokens("2 Block"), &lex).is_some());
        assert!(pat.whole(&tokens("2 Block"), &Lexicon::default()).is_none());
        let line = tokens("lose 2 hp every time");
        let re = lex.rewritten(&line).expect("rewritten");
        assert!(p("lose <n> hp each time").whole(&re, &lex).is_some());
    }

    #[test]
    fn a_cover_reads_every_clause_and_leaves_the_rest_over() {
        let line = "Heal 7 HP, then lose 1d6 HP, and 3 lanterns hum softly (Evade)";
        let toks = tokens(line);
        let pats = [p("heal <amount> hp"), p("lose <amount> hp")];
        let c = cover(&toks, &|t: &[Token]| {
            pats.iter()
                .position(|p| p.whole(t, &Lexicon::default()).is_some())
        });
        let read: Vec<usize> = c.read.iter().map(|r| r.0).collect();
        assert_eq!(read, [0, 1]);
        let left: Vec<&str> = c.left.iter().map(|r| text_of(line, &toks, r)).collect();
        assert_eq!(left, ["3 lanterns hum softly"]);
        let gloss: Vec<&str> = c.glosses.iter().map(|r| text_of(line, &toks, r)).collect();
        assert_eq!(gloss, ["Evade"]);
        // A clause that spans a join (an arrow inside a pattern) is read whole.
        let line = "6 COUNTER → BLOCK + DEAL 1 DMG, and 3 lanterns hum softly";
        let toks = tokens(line);
        let face = p("<n> counter [→ block + deal 1 dmg]");
        let c = cover(&toks, &|t: &[Token]| face.whole(t, &Lexicon::default()));
        assert_eq!(c.read.len(), 1);
        assert_eq!(c.read[0].1, 0..8);
        let left: Vec<&str> = c.left.iter().map(|r| text_of(line, &toks, r)).collect();
        assert_eq!(left, ["3 lanterns hum softly"]);
    }
}
