//! The designer's rules notation, read clause by clause with whole-clause phrase patterns
//! (`cards::phrase`): effect lines (`Heal 4 HP, then lose 1d6 HP`), standing modifiers
//! (`Cannot Rest`, `-1 to all rolls`), how often a thing is used (`Once per location`),
//! a loss on each flip, the combat table's faces (`6 COUNTER → BLOCK + DEAL 1 DMG`), foe
//! faces (`3 Bite (Block & 2 DMG)`) and a Pit's test (`Roll 1d6, Target: 3+, need 3
//! successes before 3 failures.`). The effects' wordings are the spec's rows
//! (`cards::spec`); the designer's own phrases and synonyms come from their phrasebook.
//!
//! Every word of a line is read into a clause or handed back as left over, with the words
//! as written: nothing is dropped in silence. A bracketed word or two after a clause that
//! holds no number (`1 Block (Evade)`) is a gloss, handed back too.

use crate::cards::model::{Condition, Effect, IfEffect, Occasion, Trigger};
use crate::cards::phrase::{Bound, Lexicon, Pattern, Tok, Token, cover, text_of, tokens};
use crate::cards::phrasebook::{Phrase, Phrasebook};
use crate::cards::spec::{EFFECT_SPECS, FACE_MISS, FACE_SPECS, ReadValue};
use serde_json::{Map, Value, json};
use std::sync::LazyLock;

/// What one clause means.
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    /// An effect, applied when its card says (`{"heal": 4}`).
    Effect(Value),
    /// A standing modifier, for `passive` (`"no_rest"`, `{"all_rolls": -1}`).
    Modifier(Value),
    /// Effects on an occasion, for `triggers` (`{"on": "flip", ...}`).
    Trigger(Value),
    /// Reroll one just-rolled die (an ability with no effects).
    Reroll,
    /// A thrown thing: an effect usable only in a duel.
    Thrown(Value),
    /// Says nothing happens (`None`, `No effect`), or restates what the keyword means
    /// (`The Sage follows you.` under `ENCOUNTER:`, the Rest's own two trades).
    Nothing,
    /// How often an ability may be used: `once`, `domain` or `fight`.
    Per(&'static str),
    /// A Terror option's cost (`{"spend_resolve": 1}`).
    Cost(Value),
}

/// Where a line stands, which decides the clauses it may hold beside effects.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ctx {
    /// A companion's cell: `X follows you` restates the keyword.
    pub follows: bool,
    /// A Terror's option: `Spend 1 Resolve` is its cost.
    pub costs: bool,
    /// A Rest's cell: the rules' two trades.
    pub rest: bool,
}

/// A line read: its clauses, the stretches left over (as written), and the glosses.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Read {
    pub lines: Vec<Line>,
    pub left: Vec<String>,
    pub glosses: Vec<String>,
}

impl Read {
    fn take<T>(&mut self, raw: &str, toks: &[Token], c: &crate::cards::phrase::Cover<T>) {
        self.left
            .extend(c.left.iter().map(|r| text_of(raw, toks, r).to_string()));
        self.glosses
            .extend(c.glosses.iter().map(|r| text_of(raw, toks, r).to_string()));
    }
}

/// How a modifier's value comes from its pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ModValue {
    Number,
    NumberOr(i64),
    /// No value: the key itself (`"no_rest"`).
    Flag,
}

/// The standing modifiers' wordings (`passive`).
const MODIFIER_READS: &[(&str, &str, ModValue)] = &[
    (
        "no_spend_resolve",
        "(cannot | can't | can not) spend resolve",
        ModValue::Flag,
    ),
    (
        "no_rest",
        "(cannot | can't | can not) [use] rest [card | cards]",
        ModValue::Flag,
    ),
    (
        "all_rolls",
        "<signed> [to] all [player | player's] rolls",
        ModValue::Number,
    ),
    (
        "duel_rolls",
        "<signed> to [player | player's] (fight | duel | combat) rolls",
        ModValue::Number,
    ),
    (
        "duel_rolls",
        "<signed> to [player | player's] rolls in (fights | duels | combat)",
        ModValue::Number,
    ),
    (
        "test_rolls",
        "<signed> to [player | player's] (challenge | test | pit) rolls",
        ModValue::Number,
    ),
    (
        "rest_heal",
        "rest : heal <n> (additional | extra | more) [hp | health]",
        ModValue::Number,
    ),
    (
        "rest_heal",
        "<signed> (hp | health) (when resting | at rests | when you rest)",
        ModValue::Number,
    ),
    (
        "rest_heal",
        "heal <n> (additional | extra | more) [hp | health] (when resting | at rests | when you rest)",
        ModValue::Number,
    ),
    (
        "first_attacks_miss",
        "first [<n>] (attack | attacks) (miss | misses)",
        ModValue::NumberOr(1),
    ),
    ("def", "<signed> block", ModValue::Number),
    ("def", "(<signed> def | def <signed>)", ModValue::Number),
    ("atk", "(<signed> atk | atk <signed>)", ModValue::Number),
];

/// The results of the traveller's combat table, as the notation names them.
const RESULTS: &[&str] = &["miss", "parry", "hit", "critical", "counter"];

/// Everything the reader matches, compiled once.
struct Compiled {
    effects: Vec<(usize, Pattern, ReadValue)>,
    modifiers: Vec<(&'static str, Pattern, ModValue)>,
    nothing: Vec<Pattern>,
    per: Vec<(Pattern, &'static str)>,
    on_flip: Vec<Pattern>,
    reroll: Vec<Pattern>,
    /// (pattern, index into `RESULTS`).
    table: Vec<(Pattern, usize)>,
    faces: Vec<(usize, Pattern)>,
    miss: Vec<Pattern>,
    empower_face: Vec<Pattern>,
    follows: Vec<Pattern>,
    rest: Vec<Pattern>,
    costs: Vec<(Pattern, &'static str)>,
    /// A Pit's lines.
    pit: PitPatterns,
    /// Every pattern source that did not compile (none: a test checks).
    #[cfg_attr(not(test), allow(dead_code))]
    broken: Vec<String>,
}

/// A Pit's lines: roll, target, the extended test's shape, and the labels of effects.
struct PitPatterns {
    roll: Vec<Pattern>,
    target: Vec<Pattern>,
    extended: Vec<Pattern>,
    labels: Vec<(Pattern, Bucket)>,
}

/// Which of a test's lists a line's effects go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    EachFailure,
    Failure,
    Success,
}

fn compile() -> Compiled {
    let mut broken = Vec::new();
    let mut p = |src: &str| match Pattern::parse(src) {
        Ok(p) => Some(p),
        Err(e) => {
            broken.push(e);
            None
        }
    };
    let mut many = |srcs: &[&str]| -> Vec<Pattern> { srcs.iter().filter_map(|s| p(s)).collect() };
    let nothing = many(&["(none | nothing)", "no (effect | effects)"]);
    let on_flip = many(&[
        "(each | every) time [a] card is (flipped | turned [face up | over] | revealed)",
        "(each | every) time you (flip | turn) [a] card [face up | over]",
        "whenever you (flip | turn) [a] card [face up | over]",
        "(on | per) (each | every) flip",
        "per flip",
    ]);
    let reroll = many(&[
        "[you] [may] reroll [<n> | any] [of] [die | dice | roll | rolls]",
        "reroll (one | a) (die | roll) [you just rolled]",
    ]);
    let miss = many(FACE_MISS);
    let empower_face = many(&["+ <n> (dmg | damage) [on] next <words>"]);
    let follows = many(&[
        "<words> (follows | follow | joins) you",
        "(follows | joins) you",
    ]);
    let rest = many(&[
        "spend 1 resolve [: | → | = | for | to] [gain] 1 grace",
        "spend 1 resolve [: | → | = | for | to] [heal | gain] 5 (hp | health)",
    ]);
    let mut effects = Vec::new();
    for (i, s) in EFFECT_SPECS.iter().enumerate() {
        for r in s.reads {
            if let Some(pat) = p(r.pattern) {
                effects.push((i, pat, r.value));
            }
        }
    }
    let modifiers = MODIFIER_READS
        .iter()
        .filter_map(|(k, src, v)| Some((*k, p(src)?, *v)))
        .collect();
    let per = [
        ("once per (location | domain | place)", "domain"),
        ("turn [it] sideways [to track use]", "domain"),
        ("once per (fight | duel | combat | battle)", "fight"),
        ("once per (run | game | journey)", "run"),
        ("one - time use", "once"),
        ("(one time | single) use", "once"),
        ("use once", "once"),
    ]
    .iter()
    .filter_map(|(src, per)| Some((p(src)?, *per)))
    .collect();
    let mut table = Vec::new();
    for (i, r) in RESULTS.iter().enumerate() {
        for src in [
            format!("<n> {r}"),
            format!("<n> (= | : | → | is | becomes) {r}"),
        ] {
            table.extend(p(&src).map(|x| (x, i)));
        }
    }
    let counter = RESULTS.len() - 1;
    let parry = 1;
    table
        .extend(p("<n> counter → block (+ | & | and) deal 1 (dmg | damage)").map(|x| (x, counter)));
    // The designer's word for a Parry: the die's face blocks.
    table.extend(p("<n> (= | : | → | is | becomes) block").map(|x| (x, parry)));
    let faces = FACE_SPECS
        .iter()
        .enumerate()
        .flat_map(|(i, f)| f.reads.iter().map(move |r| (i, *r)))
        .filter_map(|(i, r)| Some((i, p(r)?)))
        .collect();
    let costs = [
        ("(spend | pay) [<n>] resolve", "spend_resolve"),
        ("(spend | pay) [<n>] grace", "spend_grace"),
    ]
    .iter()
    .filter_map(|(src, k)| Some((p(src)?, *k)))
    .collect();
    let pit = pit_patterns(&mut p);
    Compiled {
        effects,
        modifiers,
        nothing,
        per,
        on_flip,
        reroll,
        table,
        faces,
        miss,
        empower_face,
        follows,
        rest,
        costs,
        pit,
        broken,
    }
}

/// A Pit's patterns: its roll, its target, the extended test's shape, and the labels of
/// its effects.
fn pit_patterns(p: &mut dyn FnMut(&str) -> Option<Pattern>) -> PitPatterns {
    let mut many = |srcs: &[&str]| -> Vec<Pattern> { srcs.iter().filter_map(|s| p(s)).collect() };
    let roll = many(&["roll <dice>", "roll <n> (die | dice)"]);
    let target = many(&["target [: | of | is] <n> [+]", "<n> + [to pass]"]);
    let extended = many(&[
        "[need] 3 (successes | success) before 3 (failures | failure | fails)",
        "extended [test | challenge]",
    ]);
    let labels = [
        (
            "(each | every) (failure | fail | failed roll)",
            Bucket::EachFailure,
        ),
        (
            "on [<n>] (failure | failures | fail | fails)",
            Bucket::Failure,
        ),
        ("(if | when) [you] fail", Bucket::Failure),
        ("(failure | fail)", Bucket::Failure),
        (
            "on [<n>] (success | successes | pass | passes)",
            Bucket::Success,
        ),
        ("(if | when) [you] (succeed | pass)", Bucket::Success),
        ("success", Bucket::Success),
    ]
    .iter()
    .filter_map(|(src, b)| Some((p(src)?, *b)))
    .collect();
    PitPatterns {
        roll,
        target,
        extended,
        labels,
    }
}

static PATTERNS: LazyLock<Compiled> = LazyLock::new(compile);

/// The notation's patterns that did not compile (a test holds this empty).
#[cfg(test)]
pub fn broken_patterns() -> Vec<String> {
    PATTERNS.broken.clone()
}

/// The first number a clause's slots took (a `<n>`, `<signed>` or fixed `<amount>`).
fn number(b: &[Bound]) -> Option<i64> {
    b.iter().find_map(|x| match x {
        Bound::N(n) | Bound::Amount { dice: 0, value: n } => Some(*n),
        _ => None,
    })
}

/// The first word a clause's slots took.
fn word(b: &[Bound]) -> Option<&str> {
    b.iter().find_map(|x| match x {
        Bound::Text(t) => Some(t.as_str()),
        _ => None,
    })
}

/// An amount's value: a number, or dice (`{"d6": 1, "plus": 2}`).
fn amount(b: &[Bound]) -> Option<Value> {
    b.iter().find_map(|x| match x {
        Bound::Amount { dice: 0, value } | Bound::N(value) => Some(json!(value)),
        Bound::Amount { dice, value } => Some(json!({ "d6": dice, "plus": value })),
        _ => None,
    })
}

/// The effect of spec row `row` a reading's slots give, as JSON.
fn effect_value(row: usize, how: ReadValue, b: &[Bound]) -> Option<Value> {
    let key = EFFECT_SPECS[row].key;
    let v = match how {
        ReadValue::Number => json!(number(b)?),
        ReadValue::NumberOr(d) => json!(number(b).unwrap_or(d)),
        ReadValue::UpTo(most) => json!(number(b).unwrap_or(most).min(most)),
        ReadValue::Amount => amount(b)?,
        ReadValue::Full => json!("full"),
        ReadValue::Bonus(to) => json!({ "to": to, "amount": number(b)? }),
        ReadValue::ToTag => {
            let hit: Effect = serde_json::from_value(json!({ key: number(b)? })).ok()?;
            let tag = word(b)?.trim_end_matches('s').to_string();
            let branch = Effect::If(Box::new(IfEffect {
                when: Condition::FoeTag(tag),
                then: vec![hit],
                otherwise: Vec::new(),
            }));
            let mut v = serde_json::to_value(branch).ok()?;
            // No `else`: as the designer would write the JSON.
            if let Some(Value::Object(b)) = v.as_object_mut().and_then(|m| m.values_mut().next()) {
                b.retain(|_, x| x != &json!([]));
            }
            return Some(v);
        }
    };
    Some(json!({ key: v }))
}

/// The notation's reader, with the designer's own words (their phrasebook).
#[derive(Debug, Clone, Default)]
pub struct Reader {
    lex: Lexicon,
    phrases: Vec<Phrase>,
}

impl Reader {
    /// A reader with the designer's phrasebook, if they keep one.
    pub fn new(book: Option<&Phrasebook>) -> Reader {
        match book {
            Some(b) => Reader {
                lex: b.lexicon(),
                phrases: b.compiled(),
            },
            None => Reader::default(),
        }
    }

    /// The tokens of a line, and again with the phrasebook's phrases of several words
    /// put in the notation's words (when it has any that occur).
    fn token_sets(&self, raw: &str) -> (Vec<Token>, Option<Vec<Token>>) {
        let toks = tokens(raw);
        let re = self.lex.rewritten(&toks);
        (toks, re)
    }

    /// Reads one line of effect clauses (in `ctx`): every clause it holds, and what is
    /// left over.
    pub fn line(&self, raw: &str, ctx: Ctx) -> Read {
        let (toks, re) = self.token_sets(raw);
        let mut out = Read::default();
        let toks = re.unwrap_or(toks);
        let c = cover(&toks, &|t: &[Token]| self.clause(t, ctx));
        out.lines = c.read.iter().map(|(l, _)| l.clone()).collect();
        out.take(raw, &toks, &c);
        out
    }

    /// One whole clause, or `None`.
    pub fn clause(&self, t: &[Token], ctx: Ctx) -> Option<Line> {
        let pats = &*PATTERNS;
        let lex = &self.lex;
        let fits = |p: &Pattern| p.whole(t, lex);
        if pats.nothing.iter().any(|p| fits(p).is_some()) {
            return Some(Line::Nothing);
        }
        if let Some(per) = pats.per.iter().find(|(p, _)| fits(p).is_some()) {
            return Some(Line::Per(per.1));
        }
        if ctx.follows && pats.follows.iter().any(|p| fits(p).is_some()) {
            return Some(Line::Nothing);
        }
        if ctx.rest && pats.rest.iter().any(|p| fits(p).is_some()) {
            return Some(Line::Nothing);
        }
        if ctx.costs
            && let Some((b, key)) = pats.costs.iter().find_map(|(p, k)| Some((fits(p)?, *k)))
        {
            return Some(Line::Cost(json!({ key: number(&b).unwrap_or(1) })));
        }
        if let Some(l) = self.effect(t) {
            return Some(l);
        }
        if let Some(v) = table_face(t, lex) {
            return Some(Line::Modifier(v));
        }
        if let Some(v) = self.modifier(t) {
            return Some(Line::Modifier(v));
        }
        if let Some(v) = self.on_flip(t) {
            return Some(Line::Trigger(v));
        }
        if pats.reroll.iter().any(|p| fits(p).is_some()) {
            return Some(Line::Reroll);
        }
        None
    }

    /// An effect clause: the designer's own phrases first, then each spec row's wordings
    /// in the model's order.
    fn effect(&self, t: &[Token]) -> Option<Line> {
        for ph in self.phrases.iter().filter(|p| !p.modifier) {
            if let Some(b) = ph.pattern.whole(t, &self.lex) {
                let row = EFFECT_SPECS.iter().position(|s| s.key == ph.key)?;
                let v = json!({ ph.key: amount(&b)? });
                return Some(as_line(row, v));
            }
        }
        PATTERNS.effects.iter().find_map(|(row, p, how)| {
            let b = p.whole(t, &self.lex)?;
            effect_value(*row, *how, &b).map(|v| as_line(*row, v))
        })
    }

    /// A standing modifier clause (the designer's phrases first).
    fn modifier(&self, t: &[Token]) -> Option<Value> {
        for ph in self.phrases.iter().filter(|p| p.modifier) {
            if let Some(b) = ph.pattern.whole(t, &self.lex) {
                return Some(json!({ ph.key: number(&b)? }));
            }
        }
        PATTERNS.modifiers.iter().find_map(|(key, p, how)| {
            let b = p.whole(t, &self.lex)?;
            Some(match how {
                ModValue::Flag => json!(key),
                ModValue::Number => json!({ *key: number(&b)? }),
                ModValue::NumberOr(d) => json!({ *key: number(&b).unwrap_or(*d) }),
            })
        })
    }

    /// `<an effect> each time a card is flipped`: the effect on every flip.
    fn on_flip(&self, t: &[Token]) -> Option<Value> {
        for k in 1..t.len() {
            if !PATTERNS
                .on_flip
                .iter()
                .any(|p| p.whole(&t[k..], &self.lex).is_some())
            {
                continue;
            }
            let mut head = &t[..k];
            while let Some((last, rest)) = head.split_last()
                && crate::cards::phrase::is_join(last)
            {
                head = rest;
            }
            if let Some(Line::Effect(e)) = self.effect(head) {
                let e: Effect = serde_json::from_value(e).ok()?;
                let trigger = Trigger {
                    on: Occasion::Flip,
                    effects: vec![e],
                };
                return serde_json::to_value(trigger).ok();
            }
        }
        None
    }

    /// One face of a foe, `N Name (result)`: the face as JSON, with what was left over;
    /// `Err` when it is not a face at all (no die number 1 to 6, no name).
    pub fn face(&self, raw: &str) -> Result<(Value, Read), String> {
        let toks = tokens(raw);
        let Some(Tok::Num(d)) = toks.first().map(|t| &t.tok) else {
            return Err("a face starts with its die number, 1 to 6".into());
        };
        if !(1..=6).contains(d) {
            return Err("a face starts with its die number, 1 to 6".into());
        }
        let mut at = 1;
        if matches!(toks.get(1).map(|t| &t.tok), Some(Tok::Sym('.' | ')' | ':'))) {
            at = 2;
        }
        let open = toks[at..]
            .iter()
            .position(|t| t.tok == Tok::Sym('('))
            .map(|p| p + at);
        let close = toks.iter().rposition(|t| t.tok == Tok::Sym(')'));
        let (name_end, inner, after) = match (open, close) {
            (Some(o), Some(c)) if c > o => (o, o + 1..c, c + 1),
            _ => (toks.len(), toks.len()..toks.len(), toks.len()),
        };
        let mut read = Read::default();
        let name_toks = &toks[at..name_end];
        let bad_name = name_toks
            .iter()
            .any(|t| !matches!(t.tok, Tok::Word(_) | Tok::Sym('\'' | '-' | '’')));
        let name = text_of(raw, &toks, &(at..name_end)).trim().to_string();
        if name.is_empty() {
            return Err("the face has no name".into());
        }
        if bad_name {
            read.left.push(name.clone());
        }
        let tail: Vec<&Token> = toks[after..]
            .iter()
            .filter(|t| t.tok != Tok::Sym('.'))
            .collect();
        if !tail.is_empty() {
            read.left
                .push(text_of(raw, &toks, &(after..toks.len())).to_string());
        }
        let mut face = Map::new();
        face.insert("name".into(), json!(name));
        // A `+` that joins (`Block + 1 DMG`), not one that signs a number, is a join.
        let mut result: Vec<Token> = toks[inner].to_vec();
        for i in 0..result.len() {
            // A sign stands right against its number (`+1`); a join has space around it.
            let signs = result.get(i + 1).is_some_and(|n| {
                matches!(n.tok, Tok::Num(_)) && n.span.start == result[i].span.end
            });
            if result[i].tok == Tok::Sym('+') && !signs {
                result[i].tok = Tok::Sym('&');
            }
        }
        let c = cover(&result, &|t: &[Token]| self.face_part(raw, t));
        read.take(raw, &result, &c);
        for (parts, _) in c.read {
            for (k, v) in parts {
                face.insert(k, v);
            }
        }
        Ok((Value::Object(face), read))
    }

    /// One part of a face's result: its fields (none for a miss).
    fn face_part(&self, raw: &str, t: &[Token]) -> Option<Vec<(String, Value)>> {
        let pats = &*PATTERNS;
        if pats.miss.iter().any(|p| p.whole(t, &self.lex).is_some()) {
            return Some(Vec::new());
        }
        if let Some((i, b)) = pats
            .faces
            .iter()
            .find_map(|(i, p)| Some((*i, p.whole(t, &self.lex)?)))
        {
            let f = &FACE_SPECS[i];
            let v = match f.range {
                None => json!(true),
                Some(_) => json!(number(&b)?.abs()),
            };
            return Some(vec![(f.key.to_string(), v)]);
        }
        // `+1 DMG next Crush`: more damage the next time that face comes up.
        let b = pats
            .empower_face
            .iter()
            .find_map(|p| p.whole(t, &self.lex))?;
        let first = word(&b)?.split(' ').next().unwrap_or("");
        if ["hit", "roll", "round", "player", "player's", "exchange"].contains(&first) {
            return None;
        }
        // The face named as written: the words after `next`.
        let at = t.iter().position(|x| x.tok == Tok::Word("next".into()))?;
        let named = &raw[t.get(at + 1)?.span.start..t.last()?.span.end];
        Some(vec![
            ("empower".to_string(), json!(number(&b)?)),
            ("empower_face".to_string(), json!(named.trim())),
        ])
    }

    /// A line of a Pit's `CHALLENGE:` (its head included), into `test`: the roll, the
    /// target, the extended test's shape, and effects under their labels (`Each failure:`,
    /// `On 3 failures:`, `On success:`), several to a line.
    pub fn challenge_line(&self, raw: &str, test: &mut TestRead) {
        let (toks, re) = self.token_sets(raw);
        let toks = re.unwrap_or(toks);
        let pats = &*PATTERNS;
        // Each label: where it starts, the `:` after it, and its list.
        let hard = |t: &Token| matches!(t.tok, Tok::Sym(',' | ';' | '.' | '&' | '→'));
        let mut labels: Vec<(usize, usize, Bucket)> = Vec::new();
        for c in (0..toks.len()).filter(|&i| toks[i].tok == Tok::Sym(':')) {
            let from = toks[..c].iter().rposition(hard).map_or(0, |i| i + 1);
            let from = from.max(labels.last().map_or(0, |l| l.1 + 1));
            let found = (from..c).find_map(|s| {
                pats.pit
                    .labels
                    .iter()
                    .find(|(p, _)| p.whole(&toks[s..c], &self.lex).is_some())
                    .map(|(_, b)| (s, c, *b))
            });
            labels.extend(found);
        }
        let head_end = labels.first().map_or(toks.len(), |l| l.0);
        let head = &toks[..head_end];
        let c = cover(head, &|t: &[Token]| self.test_clause(t));
        for (l, _) in &c.read {
            match l {
                TestLine::Dice(d) => test.dice = Some(*d),
                TestLine::Target(n) => test.target = Some(*n),
                TestLine::Extended => test.extended = true,
            }
        }
        test.read.take(raw, head, &c);
        for (i, (_, colon, bucket)) in labels.iter().enumerate() {
            let end = labels.get(i + 1).map_or(toks.len(), |l| l.0);
            let part = &toks[colon + 1..end];
            let c = cover(part, &|t: &[Token]| self.clause(t, Ctx::default()));
            test.effects
                .extend(c.read.iter().map(|(l, _)| (*bucket, l.clone())));
            test.read.take(raw, part, &c);
        }
    }

    /// A clause of a test's head.
    fn test_clause(&self, t: &[Token]) -> Option<TestLine> {
        let pats = &*PATTERNS;
        let first = |ps: &[Pattern]| ps.iter().find_map(|p| p.whole(t, &self.lex));
        if let Some(b) = first(&pats.pit.roll) {
            return b.iter().find_map(|x| match x {
                Bound::Dice(d) | Bound::N(d) => Some(TestLine::Dice(*d)),
                _ => None,
            });
        }
        if let Some(b) = first(&pats.pit.target) {
            return number(&b).map(TestLine::Target);
        }
        first(&pats.pit.extended).map(|_| TestLine::Extended)
    }
}

/// A clause of a test's head.
#[derive(Clone)]
enum TestLine {
    Dice(i64),
    Target(i64),
    Extended,
}

/// What a Pit's lines say, gathered line by line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TestRead {
    pub dice: Option<i64>,
    pub target: Option<i64>,
    pub extended: bool,
    pub effects: Vec<(Bucket, Line)>,
    pub read: Read,
}

/// An effect read by spec row `row` as its line: a thing read as only usable in a duel
/// is thrown (see `Line::Thrown`).
fn as_line(row: usize, effect: Value) -> Line {
    if EFFECT_SPECS[row].in_duel || is_duel_branch(&effect) {
        Line::Thrown(effect)
    } else {
        Line::Effect(effect)
    }
}

/// Whether an effect is a branch whose every effect is only usable in a duel.
fn is_duel_branch(v: &Value) -> bool {
    let Ok(Effect::If(b)) = serde_json::from_value::<Effect>(v.clone()) else {
        return false;
    };
    !b.then.is_empty()
        && b.then
            .iter()
            .all(|e| crate::cards::spec::spec_of(e).in_duel)
}

/// `6 COUNTER → BLOCK + DEAL 1 DMG`, `5 = Critical`: one face of the traveller's combat
/// table gives another result.
fn table_face(t: &[Token], lex: &Lexicon) -> Option<Value> {
    PATTERNS.table.iter().find_map(|(p, r)| {
        let b = p.whole(t, lex)?;
        let roll = number(&b).filter(|n| (1..=6).contains(n))?;
        Some(json!({ "table_face": { "roll": roll, "result": RESULTS[*r] } }))
    })
}

/// The combat reference's faces on one line (`1 Miss, 2 Parry, 3-4 Hit`, or one a line):
/// each face range with its result; a word in brackets after a face is a gloss, and may
/// hold numbers (`5 Critical (2 + ATK)`). The designer's `Block` is a Parry here.
pub fn table_line(
    raw: &str,
    book: Option<&Phrasebook>,
) -> (Vec<(usize, usize, &'static str)>, Read) {
    let mut lex = book.map(Phrasebook::lexicon).unwrap_or_default();
    lex.add("block", "parry");
    lex.add("blocks", "parry");
    let toks = tokens(raw);
    let toks = lex.rewritten(&toks).unwrap_or(toks);
    let Some(pats) = table_patterns() else {
        return (Vec::new(), Read::default());
    };
    let c = cover(&toks, &|t: &[Token]| {
        pats.iter().find_map(|(p, r)| {
            let b = p.whole(t, &lex)?;
            let ns: Vec<i64> = b
                .iter()
                .filter_map(|x| match x {
                    Bound::N(n) => Some(*n),
                    _ => None,
                })
                .collect();
            let (lo, hi) = (*ns.first()?, *ns.last()?);
            (1 <= lo && lo <= hi && hi <= 6).then_some((lo as usize, hi as usize, RESULTS[*r]))
        })
    });
    let mut read = Read::default();
    read.take(raw, &toks, &c);
    // Brackets after a face explain it: numbers and all.
    let glossed: Vec<String> = explained(raw, &toks, &c.left);
    read.glosses.extend(glossed.iter().cloned());
    read.left.retain(|l| !glossed.contains(l));
    (c.read.into_iter().map(|(x, _)| x).collect(), read)
}

/// The combat reference's face patterns, compiled once.
fn table_patterns() -> Option<&'static Vec<(Pattern, usize)>> {
    static TABLE: LazyLock<Vec<(Pattern, usize)>> = LazyLock::new(|| {
        RESULTS
            .iter()
            .enumerate()
            .flat_map(|(i, r)| {
                [
                    format!("<n> [- <n>] [= | : | →] {r}"),
                    format!("<n> [- <n>] [= | : | →] {r} [\\( <words> \\)]"),
                ]
                .into_iter()
                .filter_map(move |s| Pattern::parse(&s).ok().map(|p| (p, i)))
            })
            .collect()
    });
    Some(&TABLE)
}

/// Of the stretches left over, those wholly inside brackets (explanations of a face).
fn explained(raw: &str, toks: &[Token], left: &[std::ops::Range<usize>]) -> Vec<String> {
    left.iter()
        .filter(|r| {
            r.start > 0
                && toks[r.start - 1].tok == Tok::Sym('(')
                && toks.get(r.end).is_some_and(|t| t.tok == Tok::Sym(')'))
        })
        .map(|r| text_of(raw, toks, r).to_string())
        .collect()
}

/// One line of effects read with no phrasebook, as one clause: `Err` when it is not
/// exactly one clause of the notation (the tests' and the spec's properties' reader).
pub fn effect_line(raw: &str) -> Result<Line, String> {
    let r = Reader::default().line(raw, Ctx::default());
    match (r.lines.as_slice(), r.left.first()) {
        (_, Some(left)) => Err(format!("`{left}` is not a clause this notation knows")),
        ([one], None) => Ok(one.clone()),
        ([], None) => Ok(Line::Nothing),
        (many, None) => Err(format!("{} clauses, not one", many.len())),
    }
}

/// One face line read with no phrasebook: `Err` when it is not a face or leaves words
/// over.
pub fn face_line(raw: &str) -> Result<Value, String> {
    let (face, read) = Reader::default().face(raw)?;
    match read.left.first() {
        Some(left) => Err(format!("`{left}` is not a face result this notation knows")),
        None => Ok(face),
    }
}

/// Lower case, single spaces, no trailing full stop, `→` spelt `->`.
pub fn normalise(line: &str) -> String {
    let l = line.replace('→', "->").to_lowercase();
    let l = l.split_whitespace().collect::<Vec<_>>().join(" ");
    l.trim_end_matches(['.', ' ']).to_string()
}

/// The first whole number in `s`, with its sign (`+1`, `-1`), or a number word.
pub fn first_int(s: &str) -> Option<i64> {
    const WORDS: [&str; 6] = ["one", "two", "three", "four", "five", "six"];
    let b = s.as_bytes();
    let mut first: Option<(usize, i64)> = None;
    for (i, c) in b.iter().enumerate() {
        if c.is_ascii_digit() {
            let end = b[i..]
                .iter()
                .position(|c| !c.is_ascii_digit())
                .map_or(b.len(), |p| i + p);
            let n: i64 = s[i..end].parse().ok()?;
            let neg = i > 0 && b[i - 1] == b'-';
            first = Some((i, if neg { -n } else { n }));
            break;
        }
    }
    let word = s
        .split(|c: char| !c.is_ascii_alphabetic())
        .find_map(|w| WORDS.iter().position(|x| *x == w).map(|p| p as i64 + 1))
        .map(|n| (s.find(WORDS[n as usize - 1]).unwrap_or(usize::MAX), n));
    match (first, word) {
        (Some(a), Some(w)) if w.0 < a.0 => Some(w.1),
        (Some(a), _) => Some(a.1),
        (None, w) => w.map(|w| w.1),
    }
}

#[cfg(test)]
mod tests;
