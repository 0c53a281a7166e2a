//! Checking a card set: every problem found, with where it is and what was expected.

pub use super::report::{Problem, Report};

use super::locate::join;
use super::messages::{did_you_mean, or_list};
use super::model::*;
use super::source::{Loaded, Source};
use super::spec::{
    BONUS_AMOUNT, DICE_D6, DICE_PLUS, condition_spec, modifier_number, spec as effect_spec,
    spec_of, walk,
};
use std::collections::{HashMap, HashSet};

mod map;
mod station;

/// Station cards per Domain in the full set.
pub const FULL_DECK: usize = 18;

/// Runs every semantic check over what was loaded, pushing each problem found.
pub(crate) fn check(loaded: &Loaded, errors: &mut Vec<Problem>, warnings: &mut Vec<Problem>) {
    let mut c = Checker::new(loaded);
    c.ids();
    c.map();
    c.traveller();
    c.guardian();
    c.domains();
    c.art();
    errors.append(&mut c.errors);
    warnings.append(&mut c.warnings);
}

/// What a reference must point at.
#[derive(Clone, Copy)]
enum Want {
    /// An item or equipment (something held, shown, given or carried).
    Held,
    /// A companion, or a foe that joins through a passage.
    Follower,
    /// A Snare card.
    Snare,
}

struct Checker<'a> {
    loaded: &'a Loaded,
    /// Every Station card by id (the first one, if an id is used twice).
    cards: HashMap<&'a str, &'a StationCard>,
    card_ids: Vec<&'a str>,
    domain_ids: Vec<&'a str>,
    foe_tags: HashSet<&'a str>,
    /// Card ids seen in Domain files that did not parse (their type is unknown).
    unparsed_ids: HashSet<String>,
    /// Some Domain file could not be read, or not to its end: any id may be in it.
    incomplete: bool,
    /// Effects being checked belong to a `duel_only` ability (where `shield` may go).
    in_duel_use: bool,
    errors: Vec<Problem>,
    warnings: Vec<Problem>,
}

/// Whether `pred` holds for one of these effects, or one inside an `if` or a choice.
fn any_effect(list: &[Effect], pred: &dyn Fn(&Effect) -> bool) -> bool {
    let mut found = false;
    walk(list, &mut |e| found |= pred(e));
    found
}

/// The name of the first effect here (or inside an `if`) that asks a player's choice or
/// needs a duel in progress.
fn choice_or_duel_effect(list: &[Effect]) -> Option<&'static str> {
    list.iter().find_map(|e| match e {
        Effect::GuideChooses(_)
        | Effect::Lose(_)
        | Effect::Cleanse(_)
        | Effect::Peek(_)
        | Effect::Reveal(_)
        | Effect::Reorder(_)
        | Effect::HitFoe(_)
        | Effect::Shield(_) => Some(spec_of(e).key),
        Effect::If(b) => choice_or_duel_effect(&b.then).or(choice_or_duel_effect(&b.otherwise)),
        Effect::Heal(_)
        | Effect::LoseHealth(_)
        | Effect::Resolve(_)
        | Effect::Dread(_)
        | Effect::MaxHealth(_)
        | Effect::PeekDeck(_)
        | Effect::Bonus(_)
        | Effect::Marker(_)
        | Effect::Catch(_)
        | Effect::Release(_)
        | Effect::EndRun(_) => None,
    })
}

fn is_blank(s: &str) -> bool {
    s.trim().is_empty()
}

impl<'a> Checker<'a> {
    fn new(loaded: &'a Loaded) -> Self {
        let mut cards = HashMap::new();
        let mut card_ids = Vec::new();
        let mut foe_tags = HashSet::new();
        for (_, d) in &loaded.domains {
            for card in &d.value.stations {
                cards.entry(card.id.0.as_str()).or_insert(card);
                card_ids.push(card.id.0.as_str());
                if card.card_type == StationType::Foe {
                    foe_tags.extend(card.tags.iter().map(String::as_str));
                }
            }
        }
        let domain_ids = match &loaded.map {
            Some(map) => map.value.domains.iter().map(|d| d.id.0.as_str()).collect(),
            None => loaded
                .domains
                .iter()
                .map(|(_, d)| d.value.id.0.as_str())
                .collect(),
        };
        let mut unparsed_ids = HashSet::new();
        for (_, d) in &loaded.domains {
            for i in &d.dropped {
                if let Some(id) = d.src.loc.string(&format!("stations[{i}].id")) {
                    unparsed_ids.insert(id.to_string());
                }
            }
            // A file that is not valid JSON: a card that could not be read may have any
            // id written in it (and only those: other files' checks still run in full).
            unparsed_ids.extend(d.src.loc.loose_ids.iter().cloned());
        }
        let incomplete = loaded.missing_domains;
        for src in &loaded.failed_domains {
            unparsed_ids.extend(src.loc.loose_ids.iter().cloned());
            for i in 0.. {
                let card = format!("stations[{i}]");
                if src.loc.shape(&card).is_none() && src.loc.shape(&join(&card, "id")).is_none() {
                    break;
                }
                if let Some(id) = src.loc.string(&format!("stations[{i}].id")) {
                    unparsed_ids.insert(id.to_string());
                }
            }
        }
        Checker {
            loaded,
            cards,
            card_ids,
            domain_ids,
            foe_tags,
            unparsed_ids,
            incomplete,
            in_duel_use: false,
            errors: Vec::new(),
            warnings: Vec::new(),
        }
    }

    fn err(&mut self, src: &Source, path: &str, message: impl Into<String>) {
        self.errors.push(src.problem(path, message));
    }

    fn warn(&mut self, src: &Source, path: &str, message: impl Into<String>) {
        self.warnings.push(src.problem(path, message));
    }

    fn not_blank(&mut self, src: &Source, path: &str, field: &str, value: &str) {
        if is_blank(value) {
            self.err(src, path, format!("`{field}` is empty"));
        }
    }

    fn range(&mut self, src: &Source, path: &str, name: &str, v: i64, lo: i64, hi: i64) {
        if v < lo || v > hi {
            self.err(
                src,
                path,
                format!("`{name}` is {v}; it must be from {lo} to {hi}"),
            );
        }
    }

    /// A signed adjustment: in range and not zero.
    fn shift(&mut self, src: &Source, path: &str, name: &str, v: i64, lo: i64, hi: i64) {
        if v == 0 || v < lo || v > hi {
            self.err(
                src,
                path,
                format!("`{name}` is {v}; it must be from {lo} to {hi}, and not 0"),
            );
        }
    }

    // --- ids ------------------------------------------------------------------------

    /// Every id (Domains, traveller, Guardian, its requirements and seals, Station cards)
    /// is unique in the whole set.
    fn ids(&mut self) {
        let l = self.loaded;
        let mut all: Vec<(&'a str, &'a Source, String, String)> = Vec::new();
        if let Some(map) = &l.map {
            for (i, d) in map.value.domains.iter().enumerate() {
                all.push((
                    &d.id.0,
                    &map.src,
                    format!("domains[{i}].id"),
                    "domain".into(),
                ));
            }
        } else {
            for (_, d) in &l.domains {
                all.push((&d.value.id.0, &d.src, "id".into(), "domain".into()));
            }
        }
        if let Some(t) = &l.traveller {
            all.push((&t.value.id.0, &t.src, "id".into(), "the traveller".into()));
        }
        if let Some(g) = &l.guardian {
            all.push((&g.value.id.0, &g.src, "id".into(), "the Guardian".into()));
            for (i, s) in g.value.requirements.iter().enumerate() {
                let what = "a Guardian requirement".to_string();
                all.push((&s.id.0, &g.src, format!("requirements[{i}].id"), what));
            }
            for (i, s) in g.value.seals.iter().enumerate() {
                all.push((
                    &s.id.0,
                    &g.src,
                    format!("seals[{i}].id"),
                    "a Guardian seal".into(),
                ));
            }
        }
        for (_, d) in &l.domains {
            for (i, card) in d.stations() {
                let what = format!("the {} card", card.card_type);
                all.push((&card.id.0, &d.src, format!("stations[{i}].id"), what));
            }
        }
        let mut seen: HashMap<&str, (String, String)> = HashMap::new();
        for (id, src, path, what) in all {
            if is_blank(id) {
                self.err(src, &path, "`id` is empty");
                continue;
            }
            if id.chars().any(char::is_whitespace) {
                self.err(
                    src,
                    &path,
                    format!("id `{id}` contains a space; use `_` between words"),
                );
            }
            match seen.get(id) {
                Some((first_what, first_at)) => {
                    let msg =
                        format!("duplicate id `{id}`: {first_what} at {first_at} already uses it");
                    self.err(src, &path, msg);
                }
                None => {
                    let p = src.problem(&path, "");
                    let at = match (p.line, p.column) {
                        (Some(l), Some(c)) => format!("{}:{l}:{c}", p.file),
                        _ => p.file.clone(),
                    };
                    seen.insert(id, (what, at));
                }
            }
        }
    }

    // --- references -----------------------------------------------------------------

    fn domain_ref(&mut self, src: &Source, path: &str, id: &CardId) -> bool {
        if self.domain_ids.contains(&id.0.as_str()) {
            return true;
        }
        let mut msg = format!("unknown domain `{id}`");
        if let Some(hint) = did_you_mean(&id.0, &self.domain_ids) {
            msg = format!("{msg}; {hint}");
        }
        self.err(src, path, msg);
        false
    }

    fn joins(card: &StationCard) -> bool {
        card.card_type == StationType::Companion
            || (card.card_type == StationType::Foe && card.passage.iter().any(|p| p.joins))
    }

    fn card_ref(&mut self, src: &Source, path: &str, field: &str, id: &CardId, want: Want) {
        let Some(card) = self.cards.get(id.0.as_str()).copied() else {
            if self.incomplete || self.unparsed_ids.contains(&id.0) {
                // It may be in a file that could not be read; that file's error is reported.
                return;
            }
            let mut msg = format!("`{field}` names unknown card `{id}`");
            if let Some(hint) = did_you_mean(&id.0, &self.card_ids) {
                msg = format!("{msg}; {hint}");
            }
            self.err(src, path, msg);
            return;
        };
        let (ok, needs) = match want {
            Want::Held => (
                matches!(card.card_type, StationType::Item | StationType::Equipment),
                "an item or equipment",
            ),
            Want::Follower => (Self::joins(card), "a companion (or a foe that joins)"),
            Want::Snare => (card.card_type == StationType::Snare, "a Snare card"),
        };
        if !ok {
            let msg = format!(
                "`{field}` needs {needs}, but `{id}` is a {}",
                card.card_type
            );
            self.err(src, path, msg);
        }
    }

    /// A rumour's `reveals`: each id must name one of the Guardian's requirements or seals.
    fn reveals(&mut self, src: &Source, path: &str, ids: &[CardId]) {
        let Some(g) = &self.loaded.guardian else {
            // The Guardian's file did not load: its own error is reported.
            return;
        };
        let g = &g.value;
        let entries: Vec<&str> = g
            .requirements
            .iter()
            .chain(&g.seals)
            .map(|s| s.id.0.as_str())
            .collect();
        for (i, id) in ids.iter().enumerate() {
            if entries.contains(&id.0.as_str()) {
                continue;
            }
            let mut msg = format!(
                "`reveals` names `{id}`, which is not one of the Guardian's requirements or seals"
            );
            match did_you_mean(&id.0, &entries) {
                Some(hint) => msg = format!("{msg}; {hint}"),
                None if !entries.is_empty() => {
                    msg = format!("{msg} (they are {})", or_list(&entries));
                }
                None => {}
            }
            self.err(src, &format!("{path}[{i}]"), msg);
        }
    }

    /// Whether `companion` can ever carry `card`.
    fn can_carry(&self, companion: &CardId, card: &CardId) -> bool {
        let Some(c) = self.cards.get(companion.0.as_str()) else {
            return true;
        };
        c.carries.contains(card)
            || c.join == Some(Join::Give(card.clone()))
            || c.passage
                .iter()
                .any(|p| p.joins && p.give.as_ref() == Some(card))
    }

    fn condition(&mut self, src: &Source, path: &str, cond: &Condition) {
        // A number's range is its spec's (`cards::spec`), the schema's too.
        let spec = condition_spec(cond);
        let (lo, hi) = spec.range.unwrap_or((i64::MIN, i64::MAX));
        let mut number = |n: i64| self.range(src, &join(path, spec.key), spec.key, n, lo, hi);
        match cond {
            Condition::ResolveAtLeast(n) | Condition::DreadAtLeast(n) => number(i64::from(*n)),
            Condition::HealthAtLeast(n) | Condition::HealthAtMost(n) => number(i64::from(*n)),
            Condition::SnaresAtLeast(n) => number(i64::from(*n)),
            Condition::Holds(id) => {
                self.card_ref(src, &join(path, "holds"), "holds", id, Want::Held)
            }
            Condition::Follows(id) => {
                self.card_ref(src, &join(path, "follows"), "follows", id, Want::Follower)
            }
            Condition::Carries(carry) => {
                let p = join(path, "carries");
                let companion = join(&p, "companion");
                let card = join(&p, "card");
                self.card_ref(
                    src,
                    &companion,
                    "carries.companion",
                    &carry.companion,
                    Want::Follower,
                );
                self.card_ref(src, &card, "carries.card", &carry.card, Want::Held);
                if !self.can_carry(&carry.companion, &carry.card) {
                    self.warn(
                        src,
                        &p,
                        format!(
                            "`{}` never carries `{}`: list it in the companion's `carries`, or have them join by `give`",
                            carry.companion, carry.card
                        ),
                    );
                }
            }
            Condition::FoeTag(tag) => {
                let p = join(path, "foe_tag");
                if is_blank(tag) {
                    self.err(src, &p, "`foe_tag` is empty");
                } else if !self.foe_tags.contains(tag.as_str())
                    && self.loaded.failed_domains.is_empty()
                    && !self.incomplete
                {
                    let tags: Vec<&str> = self.foe_tags.iter().copied().collect();
                    let mut msg = format!("no foe has the tag `{tag}`");
                    if let Some(hint) = did_you_mean(tag, &tags) {
                        msg = format!("{msg}; {hint}");
                    }
                    self.warn(src, &p, msg);
                }
            }
            Condition::Cleared(id) => {
                self.domain_ref(src, &join(path, "cleared"), id);
            }
            Condition::Not(inner) => self.condition(src, &join(path, "not"), inner),
            Condition::All(list) | Condition::Any(list) => {
                let key = if matches!(cond, Condition::All(_)) {
                    "all"
                } else {
                    "any"
                };
                let p = join(path, key);
                if list.is_empty() {
                    self.err(src, &p, format!("`{key}` needs at least one condition"));
                }
                for (i, c) in list.iter().enumerate() {
                    self.condition(src, &format!("{p}[{i}]"), c);
                }
            }
        }
    }

    // --- effects --------------------------------------------------------------------

    fn effects(&mut self, src: &Source, path: &str, list: &[Effect]) {
        for (i, e) in list.iter().enumerate() {
            self.effect(src, &format!("{path}[{i}]"), e);
        }
    }

    fn amount(&mut self, src: &Source, path: &str, name: &str, a: &Amount, full_ok: bool) {
        match a {
            Amount::Fixed(n) => {
                // Both amounts' rows (`heal`, `lose_health`) hold one range.
                let (lo, hi) = effect_spec(name).and_then(|s| s.range).unwrap_or((1, 20));
                self.range(src, path, name, *n as i64, lo, hi);
            }
            Amount::Dice { d6, plus } => {
                for (n, s) in [(*d6 as i64, DICE_D6), (*plus as i64, DICE_PLUS)] {
                    let (lo, hi) = s.range;
                    self.range(src, &join(path, s.key), s.key, n, lo, hi);
                }
            }
            Amount::Full(_) if !full_ok => self.err(
                src,
                path,
                format!("`\"full\"` is only for `heal`, not `{name}`"),
            ),
            Amount::Full(_) => {}
        }
    }

    fn effect(&mut self, src: &Source, path: &str, e: &Effect) {
        // A number's range is its spec's (`cards::spec`), the schema's too (a test holds
        // them equal).
        let spec = spec_of(e);
        let (lo, hi) = spec.range.unwrap_or((i64::MIN, i64::MAX));
        let small = |n: u8| (spec.key, n as i64, lo, hi);
        let ranged = match e {
            Effect::Heal(a) => return self.amount(src, &join(path, spec.key), spec.key, a, true),
            Effect::LoseHealth(a) => {
                return self.amount(src, &join(path, spec.key), spec.key, a, false);
            }
            Effect::Resolve(n) => small(*n),
            Effect::Dread(n) => small(*n),
            Effect::Peek(n) => small(*n),
            Effect::Reveal(n) => small(*n),
            Effect::PeekDeck(n) => small(*n),
            Effect::Reorder(n) => small(*n),
            Effect::Cleanse(n) => small(*n),
            Effect::HitFoe(n) => (spec.key, *n as i64, lo, hi),
            Effect::MaxHealth(n) => {
                return self.shift(src, &join(path, spec.key), spec.key, *n as i64, lo, hi);
            }
            Effect::Bonus(b) => {
                let p = join(&join(path, spec.key), BONUS_AMOUNT.key);
                let (lo, hi) = BONUS_AMOUNT.range;
                return self.shift(src, &p, BONUS_AMOUNT.key, b.amount as i64, lo, hi);
            }
            Effect::Lose(_) | Effect::Marker(_) => return,
            Effect::Catch(id) => {
                return self.card_ref(src, &join(path, spec.key), spec.key, id, Want::Snare);
            }
            Effect::Release(id) => {
                return self.card_ref(src, &join(path, spec.key), spec.key, id, Want::Snare);
            }
            Effect::Shield(n) => {
                if !self.in_duel_use {
                    let msg = format!(
                        "`{}` works only in a duel, between exchanges: put it in a `use` with `\"duel_only\": true`",
                        spec.key
                    );
                    self.err(src, &join(path, spec.key), msg);
                }
                small(*n)
            }
            Effect::EndRun(why) => {
                return self.not_blank(src, &join(path, spec.key), spec.key, why);
            }
            Effect::GuideChooses(options) => {
                let p = join(path, spec.key);
                if !(2..=6).contains(&options.len()) {
                    self.err(
                        src,
                        &p,
                        format!(
                            "`{}` needs 2 to 6 options (a die picks one when no Guide plays), not {}",
                            spec.key,
                            options.len()
                        ),
                    );
                }
                for (i, o) in options.iter().enumerate() {
                    let op = format!("{p}[{i}]");
                    self.not_blank(src, &join(&op, "label"), "label", &o.label);
                    self.effects(src, &join(&op, "effects"), &o.effects);
                }
                return;
            }
            Effect::If(body) => {
                let p = join(path, spec.key);
                self.condition(src, &join(&p, "when"), &body.when);
                if body.then.is_empty() && body.otherwise.is_empty() {
                    let msg = format!("`{}` needs `then` or `else` effects", spec.key);
                    self.err(src, &p, msg);
                }
                self.effects(src, &join(&p, "then"), &body.then);
                self.effects(src, &join(&p, "else"), &body.otherwise);
                return;
            }
        };
        let (name, v, lo, hi) = ranged;
        self.range(src, &join(path, name), name, v, lo, hi);
    }

    fn modifiers(&mut self, src: &Source, path: &str, list: &[Modifier]) {
        for (i, m) in list.iter().enumerate() {
            let p = format!("{path}[{i}]");
            if let Modifier::TableFace(f) = m {
                let fp = join(&join(&p, "table_face"), "roll");
                self.range(src, &fp, "roll", f.roll as i64, 1, 6);
            }
            // A modifier's range is its spec's (`cards::spec::MODIFIER_SPECS`), the schema's too.
            let Some((spec, v)) = modifier_number(m) else {
                continue;
            };
            let (lo, hi) = spec.range;
            // Every modifier's message says "not 0": a range starting at 1 refuses it too.
            self.shift(src, &join(&p, spec.key), spec.key, v, lo, hi);
        }
    }

    fn faces(&mut self, src: &Source, path: &str, faces: &[Face], who: &str) {
        let names: Vec<&str> = faces.iter().map(|f| f.name.as_str()).collect();
        for (j, f) in faces.iter().enumerate() {
            let p = format!("{path}[{j}]");
            self.not_blank(src, &join(&p, "name"), "name", &f.name);
            for (name, v, hi) in [
                ("deal", f.deal, 20),
                ("heal", f.heal, 20),
                ("roll_penalty", f.roll_penalty, 5),
                ("enrage", f.enrage, 5),
                ("empower", f.empower, 10),
            ] {
                self.range(src, &join(&p, name), name, v as i64, 0, hi);
            }
            let ep = join(&p, "effects");
            self.effects(src, &ep, &f.effects);
            if any_effect(&f.effects, &|e| matches!(e, Effect::HitFoe(_))) {
                let msg = "a face's `effects` fall on the traveller: `hit_foe` has no foe to hit there (use `heal` on the face for a foe that mends)";
                self.err(src, &ep, msg);
            }
            if let Some(target) = &f.empower_face {
                let fp = join(&p, "empower_face");
                if f.empower == 0 {
                    self.err(
                        src,
                        &fp,
                        "`empower_face` needs `empower` (the extra damage)",
                    );
                }
                if !names.contains(&target.as_str()) {
                    let hint = did_you_mean(target, &names)
                        .unwrap_or_else(|| format!("its faces are {}", or_list(&names)));
                    let msg = format!(
                        "`empower_face` names `{target}`, but {who} has no face called that; {hint}"
                    );
                    self.err(src, &fp, msg);
                }
            }
        }
    }

    // --- the map --------------------------------------------------------------------

    fn file_type(&mut self, src: &Source, found: &FileCardType, want: FileCardType, word: &str) {
        if *found != want {
            self.err(
                src,
                "type",
                format!("`type` must be \"{word}\" in this file"),
            );
        }
    }

    fn traveller(&mut self) {
        let Some(t) = &self.loaded.traveller else {
            return;
        };
        let (src, v) = (&t.src, &t.value);
        self.file_type(src, &v.card_type, FileCardType::Traveller, "traveller");
        self.not_blank(src, "name", "name", &v.name);
        self.not_blank(src, "text", "text", &v.text);
        self.range(src, "health", "health", v.health as i64, 1, 99);
        self.range(src, "atk", "atk", v.atk as i64, 0, 10);
        self.range(src, "def", "def", v.def as i64, 0, 5);
        if let Some(table) = &v.table
            && table.len() != 6
        {
            let msg = format!(
                "the combat table needs exactly 6 results, one for each die face; it has {}",
                table.len()
            );
            self.err(src, "table", msg);
        }
        for (i, spec) in v.house_rules.iter().enumerate() {
            let mut rules = crate::cards::house::HouseRules::OFF;
            if let Err(e) = rules.turn_on(spec) {
                self.err(src, &format!("house_rules[{i}]"), e.to_string());
            }
        }
    }

    fn guardian(&mut self) {
        let Some(g) = &self.loaded.guardian else {
            return;
        };
        let (src, v) = (&g.src, &g.value);
        self.file_type(src, &v.card_type, FileCardType::Guardian, "guardian");
        self.not_blank(src, "name", "name", &v.name);
        self.not_blank(src, "text", "text", &v.text);
        self.range(src, "hp", "hp", v.hp as i64, 1, 999);
        self.range(src, "def", "def", v.def as i64, 0, 5);
        if v.faces.len() != 6 {
            let msg = format!(
                "the Guardian needs exactly 6 faces, one for each die result; it has {}",
                v.faces.len()
            );
            self.err(src, "faces", msg);
        }
        self.faces(src, "faces", &v.faces, "the Guardian");
        self.effects(src, "setup", &v.setup);
        for (i, e) in v.setup.iter().enumerate() {
            if let Some(name) = choice_or_duel_effect(std::slice::from_ref(e)) {
                let msg = format!(
                    "the Guardian's `setup` runs before the duel with no one to ask: `{name}` cannot be used there (it asks a choice or needs a duel)"
                );
                self.err(src, &format!("setup[{i}]"), msg);
            }
        }
        for (list, seals) in [("requirements", &v.requirements), ("seals", &v.seals)] {
            for (i, s) in seals.iter().enumerate() {
                let p = format!("{list}[{i}]");
                self.not_blank(src, &join(&p, "name"), "name", &s.name);
                self.not_blank(src, &join(&p, "text"), "text", &s.text);
                self.condition(src, &join(&p, "broken_by"), &s.broken_by);
            }
        }
    }

    // --- Domains and their Station cards ---------------------------------------------

    fn domains(&mut self) {
        let l = self.loaded;
        let total: usize = l.domains.iter().map(|(_, d)| d.value.stations.len()).sum();
        if total > u16::MAX as usize
            && let Some((_, d)) = l.domains.last()
        {
            self.err(
                &d.src,
                "stations",
                format!("the set has {total} station cards; at most 65535 are supported"),
            );
        }
        for (entry, d) in &l.domains {
            let (src, v) = (&d.src, &d.value);
            // A set with more Domain files than map entries (a save's embedded set can say
            // anything) is reported by the loader; here such a file has no entry to match.
            if let (Some(i), Some(map)) = (entry, &l.map)
                && let Some(want) = map.value.domains.get(*i).map(|e| &e.id)
                && v.id != *want
            {
                let msg = format!(
                    "this file's id is `{}`, but map.json lists it as domain `{want}`",
                    v.id
                );
                self.err(src, "id", msg);
            }
            self.file_type(src, &v.card_type, FileCardType::Domain, "domain");
            self.not_blank(src, "name", "name", &v.name);
            self.not_blank(src, "text", "text", &v.text);
            self.not_blank(src, "theme", "theme", &v.theme);
            self.effects(src, "on_enter", &v.on_enter);
            self.reveals(src, "reveals", &v.reveals);
            for (i, card) in d.stations() {
                self.station(src, &format!("stations[{i}]"), card);
            }
            let count = v.stations.len() + d.dropped.len();
            if count != FULL_DECK {
                let msg = format!(
                    "domain `{}` has {count} station cards; the full set has {FULL_DECK}",
                    v.id
                );
                self.warn(src, "stations", msg);
            }
        }
    }
}

impl Checker<'_> {
    /// Card art: an `art` must name a vendored icon (an error, with the nearest names);
    /// in a set that has art, a card without it is drawn with its type's emblem (a
    /// warning); two cards of one Domain (its title card included) sharing an icon are a
    /// warning.
    fn art(&mut self) {
        let loaded = self.loaded;
        // Every card of the set with its file, path and name.
        let mut all: Vec<(&Source, String, &str, Option<&ArtName>)> = Vec::new();
        if let Some(t) = &loaded.traveller {
            all.push((&t.src, String::new(), &t.value.name, t.value.art.as_ref()));
        }
        if let Some(g) = &loaded.guardian {
            all.push((&g.src, String::new(), &g.value.name, g.value.art.as_ref()));
        }
        for (_, d) in &loaded.domains {
            let (src, v) = (&d.src, &d.value);
            all.push((src, String::new(), &v.name, v.art.as_ref()));
            let mut seen: HashMap<&str, &str> = HashMap::new();
            if let Some(a) = &v.art {
                seen.insert(a.0.as_str(), v.name.as_str());
            }
            for (i, card) in v.stations.iter().enumerate() {
                let path = format!("stations[{i}]");
                if let Some(a) = &card.art {
                    if let Some(first) = seen.get(a.0.as_str()) {
                        let msg = format!(
                            "`{}` and {first} share the picture `{}`: in one Domain each card should look its own",
                            card.name, a.0
                        );
                        self.warn(src, &join(&path, "art"), msg);
                    } else {
                        seen.insert(a.0.as_str(), card.name.as_str());
                    }
                }
                all.push((src, path, &card.name, card.art.as_ref()));
            }
        }
        let mut named = 0usize;
        let mut missing = Vec::new();
        for (src, path, who, art) in all {
            let Some(a) = art else {
                missing.push((src, path, who));
                continue;
            };
            named += 1;
            if !super::art::exists(&a.0) {
                let mut msg = format!("`art` names an icon that is not vendored: `{}`", a.0);
                if let Some(hint) = did_you_mean(&a.0, super::art::names()) {
                    msg = format!("{msg}; {hint}");
                }
                self.err(
                    src,
                    &join(&path, "art"),
                    format!("{msg} (icons live in art/icons/)"),
                );
            }
        }
        // A set with no art at all (an older set, a fresh import) is drawn with the types'
        // emblems throughout, by choice: no warning. A set that has art warns on each card
        // left without.
        if named == 0 {
            return;
        }
        for (src, path, who) in missing {
            let msg = format!("{who} has no `art`: it is drawn with its type's emblem");
            self.warn(src, &path, msg);
        }
    }
}
