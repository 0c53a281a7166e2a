//! Checking a card set: every problem found, with where it is and what was expected.

pub use super::report::{Problem, Report};

use super::locate::join;
use super::messages::{did_you_mean, or_list};
use super::model::*;
use super::source::{Loaded, Source};
use std::collections::{HashMap, HashSet};

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
    errors: Vec<Problem>,
    warnings: Vec<Problem>,
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
        }
        let mut incomplete = loaded.missing_domains;
        for src in &loaded.failed_domains {
            incomplete |= src.loc.failure.is_some();
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
        };
        if !ok {
            let msg = format!(
                "`{field}` needs {needs}, but `{id}` is a {}",
                card.card_type
            );
            self.err(src, path, msg);
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
        match cond {
            Condition::ResolveAtLeast(n) => self.range(
                src,
                &join(path, "resolve_at_least"),
                "resolve_at_least",
                *n as i64,
                1,
                4,
            ),
            Condition::DreadAtLeast(n) => self.range(
                src,
                &join(path, "dread_at_least"),
                "dread_at_least",
                *n as i64,
                1,
                4,
            ),
            Condition::HealthAtLeast(n) => self.range(
                src,
                &join(path, "health_at_least"),
                "health_at_least",
                *n as i64,
                1,
                99,
            ),
            Condition::HealthAtMost(n) => self.range(
                src,
                &join(path, "health_at_most"),
                "health_at_most",
                *n as i64,
                0,
                99,
            ),
            Condition::SnaresAtLeast(n) => self.range(
                src,
                &join(path, "snares_at_least"),
                "snares_at_least",
                *n as i64,
                1,
                9,
            ),
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
            Amount::Fixed(n) => self.range(src, path, name, *n as i64, 1, 20),
            Amount::Dice { d6, plus } => {
                self.range(src, &join(path, "d6"), "d6", *d6 as i64, 1, 3);
                self.range(src, &join(path, "plus"), "plus", *plus as i64, -10, 10);
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
        let small = |name: &'static str, n: u8, lo: i64, hi: i64| (name, n as i64, lo, hi);
        let ranged = match e {
            Effect::Heal(a) => return self.amount(src, &join(path, "heal"), "heal", a, true),
            Effect::LoseHealth(a) => {
                return self.amount(src, &join(path, "lose_health"), "lose_health", a, false);
            }
            Effect::Resolve(n) => small("resolve", *n, 1, 8),
            Effect::Dread(n) => small("dread", *n, 1, 8),
            Effect::Peek(n) => small("peek", *n, 1, 3),
            Effect::Reveal(n) => small("reveal", *n, 1, 3),
            Effect::PeekDeck(n) => small("peek_deck", *n, 1, 3),
            Effect::Reorder(n) => small("reorder", *n, 2, 3),
            Effect::Cleanse(n) => small("cleanse", *n, 1, 3),
            Effect::HitFoe(n) => ("hit_foe", *n as i64, 1, 20),
            Effect::MaxHealth(n) => {
                return self.shift(
                    src,
                    &join(path, "max_health"),
                    "max_health",
                    *n as i64,
                    -10,
                    10,
                );
            }
            Effect::Bonus(b) => {
                let p = join(&join(path, "bonus"), "amount");
                return self.shift(src, &p, "amount", b.amount as i64, -5, 5);
            }
            Effect::Lose(_) | Effect::Marker(_) => return,
            Effect::GuideChooses(options) => {
                let p = join(path, "guide_chooses");
                if !(2..=6).contains(&options.len()) {
                    self.err(
                        src,
                        &p,
                        format!(
                            "`guide_chooses` needs 2 to 6 options (a die picks one when no Guide plays), not {}",
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
                let p = join(path, "if");
                self.condition(src, &join(&p, "when"), &body.when);
                if body.then.is_empty() && body.otherwise.is_empty() {
                    self.err(src, &p, "`if` needs `then` or `else` effects");
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
            let (name, v, lo, hi) = match m {
                Modifier::Atk(n) => ("atk", *n, -5, 5),
                Modifier::Def(n) => ("def", *n, -5, 5),
                Modifier::TestRolls(n) => ("test_rolls", *n, -3, 3),
                Modifier::DuelRolls(n) => ("duel_rolls", *n, -3, 3),
                Modifier::AllRolls(n) => ("all_rolls", *n, -3, 3),
                Modifier::RestHeal(n) => ("rest_heal", *n, -5, 10),
                Modifier::CounterDamage(n) => ("counter_damage", *n, 1, 5),
                Modifier::FirstAttacksMiss(n) => ("first_attacks_miss", *n as i32, 1, 5),
                Modifier::NoSpendResolve | Modifier::NoRest => continue,
            };
            self.shift(src, &join(&p, name), name, v as i64, lo, hi);
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

    fn map(&mut self) {
        let Some(map) = &self.loaded.map else { return };
        let (src, m) = (&map.src, &map.value);
        if m.domains.is_empty() {
            self.err(src, "domains", "the map has no domains");
            return;
        }
        if m.domains.len() > u8::MAX as usize {
            self.err(
                src,
                "domains",
                format!(
                    "the map has {} domains; at most 255 are supported",
                    m.domains.len()
                ),
            );
        }
        let index: HashMap<&str, usize> = m
            .domains
            .iter()
            .enumerate()
            .rev()
            .map(|(i, d)| (d.id.0.as_str(), i))
            .collect();
        let start = index.get(m.start.0.as_str()).copied();
        let fin = index.get(m.final_domain.0.as_str()).copied();
        self.domain_ref(src, "start", &m.start);
        self.domain_ref(src, "final", &m.final_domain);

        let mut positions: HashMap<(u8, u8), &str> = HashMap::new();
        let mut adjacency: Vec<Vec<usize>> = vec![Vec::new(); m.domains.len()];
        for (i, d) in m.domains.iter().enumerate() {
            let p = format!("domains[{i}]");
            if d.row == 0 {
                self.err(src, &join(&p, "row"), "rows start at 1 (the bottom row)");
            }
            match positions.get(&(d.row, d.column)) {
                Some(other) => {
                    let msg = format!(
                        "domain `{}` is at row {}, column {}, where `{other}` already is",
                        d.id, d.row, d.column
                    );
                    self.err(src, &p, msg);
                }
                None => {
                    positions.insert((d.row, d.column), &d.id.0);
                }
            }
            if Some(i) == fin && !d.links.is_empty() {
                let msg = format!(
                    "the final domain `{}` must have no links: clearing it leads to the Guardian",
                    d.id
                );
                self.err(src, &join(&p, "links"), msg);
            }
            for (j, link) in d.links.iter().enumerate() {
                let lp = format!("{p}.links[{j}]");
                if !self.domain_ref(src, &lp, link) {
                    continue;
                }
                let Some(&k) = index.get(link.0.as_str()) else {
                    continue;
                };
                let to = &m.domains[k];
                if k == i {
                    self.err(src, &lp, format!("domain `{}` links to itself", d.id));
                    continue;
                }
                if to.row < d.row {
                    let msg = format!(
                        "link from `{}` (row {}) to `{}` (row {}) goes down; links go sideways (same row) or one row up",
                        d.id, d.row, to.id, to.row
                    );
                    self.err(src, &lp, msg);
                } else if to.row == d.row && to.column.abs_diff(d.column) > 1 {
                    // A sideways step moves to the Domain beside you; one that jumps over
                    // a Domain of the row would let a route skip it.
                    let msg = format!(
                        "sideways link from `{}` (row {}, column {}) to `{}` (column {}) skips a Domain; a sideways link joins neighbours in the row",
                        d.id, d.row, d.column, to.id, to.column
                    );
                    self.err(src, &lp, msg);
                } else if to.row > d.row + 1 {
                    let msg = format!(
                        "link from `{}` (row {}) to `{}` (row {}) skips a row; links go sideways (same row) or one row up",
                        d.id, d.row, to.id, to.row
                    );
                    self.err(src, &lp, msg);
                }
                if !adjacency[i].contains(&k) {
                    adjacency[i].push(k);
                }
            }
        }
        if let (Some(start), Some(fin)) = (start, fin) {
            self.routes(src, m, &adjacency, start, fin);
        }
    }

    /// Walks every route from the start (never revisiting a Domain) and reports each
    /// Domain where a route gets stuck before the final one.
    fn routes(
        &mut self,
        src: &Source,
        m: &MapFile,
        adjacency: &[Vec<usize>],
        start: usize,
        fin: usize,
    ) {
        struct Walk<'g> {
            adjacency: &'g [Vec<usize>],
            fin: usize,
            visited: Vec<bool>,
            reached: Vec<bool>,
            route: Vec<usize>,
            /// Stuck Domain → (first route that got stuck there, how many did).
            stuck: Vec<(usize, Vec<usize>, usize)>,
            budget: usize,
        }
        impl Walk<'_> {
            fn go(&mut self, at: usize) {
                if self.budget == 0 {
                    return;
                }
                self.budget -= 1;
                self.visited[at] = true;
                self.reached[at] = true;
                self.route.push(at);
                if at != self.fin {
                    let next: Vec<usize> = self.adjacency[at]
                        .iter()
                        .copied()
                        .filter(|&n| !self.visited[n])
                        .collect();
                    if next.is_empty() {
                        match self.stuck.iter_mut().find(|(d, _, _)| *d == at) {
                            Some(entry) => entry.2 += 1,
                            None => self.stuck.push((at, self.route.clone(), 1)),
                        }
                    }
                    for n in next {
                        self.go(n);
                    }
                }
                self.route.pop();
                self.visited[at] = false;
            }
        }
        let n = m.domains.len();
        let mut walk = Walk {
            adjacency,
            fin,
            visited: vec![false; n],
            reached: vec![false; n],
            route: Vec::new(),
            stuck: Vec::new(),
            budget: 1_000_000,
        };
        walk.go(start);
        let name = |i: usize| format!("`{}`", m.domains[i].id);
        for (at, route, count) in &walk.stuck {
            let path: Vec<String> = route.iter().map(|&i| name(i)).collect();
            let why = if adjacency[*at].is_empty() {
                "which has no links".to_string()
            } else {
                "whose links all lead to Domains already cleared on that route".to_string()
            };
            let mut msg = format!(
                "dead end: the route {} gets stuck at {}, {why}, and never reaches the final domain {}",
                path.join(" → "),
                name(*at),
                name(fin)
            );
            if *count > 1 {
                msg.push_str(&format!(" ({} routes get stuck there)", count));
            }
            let p = format!("domains[{at}].links");
            self.err(src, &p, msg);
        }
        if walk.budget == 0 {
            self.warn(
                src,
                "domains",
                "the map has too many routes to check them all",
            );
            return;
        }
        for (i, reached) in walk.reached.iter().enumerate() {
            if !reached {
                let msg = format!(
                    "domain `{}` cannot be reached from the start `{}`",
                    m.domains[i].id, m.domains[start].id
                );
                self.warn(src, &format!("domains[{i}]"), msg);
            }
        }
    }

    // --- single-card files ----------------------------------------------------------

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

    fn station(&mut self, src: &Source, p: &str, card: &StationCard) {
        use StationType::*;
        let t = card.card_type;
        self.not_blank(src, &join(p, "name"), "name", &card.name);
        self.not_blank(src, &join(p, "text"), "text", &card.text);
        for (i, tag) in card.tags.iter().enumerate() {
            if is_blank(tag) {
                self.err(src, &format!("{p}.tags[{i}]"), "a tag is empty");
            }
        }

        // Fields that only some types use.
        const FOES: (&[StationType], &str) = (&[Foe], "foes");
        const USERS: (&[StationType], &str) = (
            &[Item, Equipment, Companion],
            "items, equipment and companions",
        );
        const HOLDERS: (&[StationType], &str) = (
            &[Equipment, Companion, Snare],
            "equipment, companions and snares",
        );
        const COMPANIONS: (&[StationType], &str) = (&[Companion], "companions");
        let rules: [(&str, (&[StationType], &str)); 16] = [
            ("hp", FOES),
            ("def", FOES),
            ("faces", FOES),
            ("immune", FOES),
            ("on_defeat", FOES),
            ("unbeatable", FOES),
            ("passage", FOES),
            ("toll", FOES),
            ("options", (&[Terror], "Terror cards")),
            ("test", (&[Pit], "Pit cards")),
            ("join", COMPANIONS),
            ("refused", COMPANIONS),
            ("carries", COMPANIONS),
            ("use", USERS),
            ("passive", HOLDERS),
            ("triggers", HOLDERS),
        ];
        // A foe that can join the traveller (a passage with `joins`) becomes a companion,
        // so it may carry a companion's fields too.
        let joins = t == Foe && card.passage.iter().any(|x| x.joins);
        const JOINER_FIELDS: [&str; 4] = ["passive", "triggers", "use", "carries"];
        for (field, (allowed, who)) in rules {
            let fp = join(p, field);
            let as_companion = joins && JOINER_FIELDS.contains(&field);
            if src.loc.value(&fp).is_some() && !allowed.contains(&t) && !as_companion {
                let msg = format!("`{field}` is only for {who} (this card's type is `{t}`)");
                self.err(src, &fp, msg);
            }
        }

        match t {
            Foe => self.foe(src, p, card),
            Terror => self.terror(src, p, card),
            Pit => self.pit(src, p, card),
            Companion => self.companion(src, p, card),
            _ => {}
        }
        if (USERS.0.contains(&t) || joins)
            && let Some(a) = &card.ability
        {
            self.ability(src, &join(p, "use"), a);
        }
        if HOLDERS.0.contains(&t) || joins {
            self.modifiers(src, &join(p, "passive"), &card.passive);
            for (i, tr) in card.triggers.iter().enumerate() {
                let tp = format!("{p}.triggers[{i}]");
                if tr.effects.is_empty() {
                    self.err(src, &join(&tp, "effects"), "a trigger needs `effects`");
                }
                self.effects(src, &join(&tp, "effects"), &tr.effects);
            }
        }
        self.effects(src, &join(p, "effects"), &card.effects);
    }

    fn foe(&mut self, src: &Source, p: &str, card: &StationCard) {
        let faces_msg = |n: usize| {
            format!("a foe needs exactly 6 faces, one for each die result; this one has {n}")
        };
        if card.unbeatable {
            if card.passage.is_empty() && card.toll.is_none() {
                let msg = "an unbeatable foe needs a `passage` or a `toll`: there is no other way past it";
                self.err(src, &join(p, "unbeatable"), msg);
            } else if card.toll.is_none() {
                let msg = "an unbeatable foe without a `toll` ends the run of a traveller who lacks every card its `passage` asks for";
                self.warn(src, &join(p, "unbeatable"), msg);
            }
            if !card.faces.is_empty() && card.faces.len() != 6 {
                self.err(src, &join(p, "faces"), faces_msg(card.faces.len()));
            }
        } else {
            if card.hp.is_none() {
                self.err(
                    src,
                    &join(p, "hp"),
                    "a foe needs `hp` (unless it is `unbeatable`)",
                );
            }
            if card.faces.len() != 6 {
                self.err(src, &join(p, "faces"), faces_msg(card.faces.len()));
            }
        }
        if let Some(hp) = card.hp {
            self.range(src, &join(p, "hp"), "hp", hp as i64, 1, 99);
        }
        if let Some(def) = card.def {
            self.range(src, &join(p, "def"), "def", def as i64, 0, 5);
        }
        self.faces(src, &join(p, "faces"), &card.faces, "this foe");
        for (i, pass) in card.passage.iter().enumerate() {
            let pp = format!("{p}.passage[{i}]");
            self.not_blank(src, &join(&pp, "label"), "label", &pass.label);
            match (&pass.show, &pass.give) {
                (Some(_), Some(_)) => {
                    self.err(src, &pp, "a passage shows or gives one card, not both")
                }
                (None, None) => self.err(
                    src,
                    &pp,
                    "a passage needs `show` or `give` (for a way past without a card, use `toll`)",
                ),
                _ => {}
            }
            if let Some(id) = &pass.show {
                self.card_ref(src, &join(&pp, "show"), "show", id, Want::Held);
            }
            if let Some(id) = &pass.give {
                self.card_ref(src, &join(&pp, "give"), "give", id, Want::Held);
            }
            self.effects(src, &join(&pp, "effects"), &pass.effects);
        }
        if let Some(toll) = &card.toll {
            if toll.is_empty() {
                self.err(
                    src,
                    &join(p, "toll"),
                    "`toll` is empty: list the effects suffered to slip past",
                );
            }
            self.effects(src, &join(p, "toll"), toll);
        }
        self.effects(src, &join(p, "on_defeat"), &card.on_defeat);
    }

    fn terror(&mut self, src: &Source, p: &str, card: &StationCard) {
        let op = join(p, "options");
        if card.options.len() != 2 {
            let msg = format!(
                "a Terror needs exactly 2 options; this one has {}",
                card.options.len()
            );
            self.err(src, &op, msg);
        }
        if !card.options.is_empty() && card.options.iter().all(|o| !o.cost.is_empty()) {
            let msg = "every Terror needs an option without a cost: an option that cannot be paid cannot be chosen";
            self.err(src, &op, msg);
        }
        for (i, o) in card.options.iter().enumerate() {
            let p = format!("{op}[{i}]");
            self.not_blank(src, &join(&p, "label"), "label", &o.label);
            for (j, pay) in o.cost.iter().enumerate() {
                let cp = format!("{p}.cost[{j}]");
                match pay {
                    Payment::SpendResolve(n) => self.range(
                        src,
                        &join(&cp, "spend_resolve"),
                        "spend_resolve",
                        *n as i64,
                        1,
                        4,
                    ),
                    Payment::SpendGrace(n) => self.range(
                        src,
                        &join(&cp, "spend_grace"),
                        "spend_grace",
                        *n as i64,
                        1,
                        3,
                    ),
                    Payment::Discard(_) => {}
                }
            }
            self.effects(src, &join(&p, "effects"), &o.effects);
        }
    }

    fn pit(&mut self, src: &Source, p: &str, card: &StationCard) {
        let tp = join(p, "test");
        let Some(test) = &card.test else {
            self.err(src, &tp, "a Pit needs a `test`");
            return;
        };
        self.range(
            src,
            &join(&tp, "target"),
            "target",
            test.target as i64,
            2,
            12,
        );
        self.range(src, &join(&tp, "dice"), "dice", test.dice as i64, 1, 2);
        if !test.extended && !test.each_failure.is_empty() {
            let msg = "`each_failure` is only for extended tests (`\"extended\": true`)";
            self.err(src, &join(&tp, "each_failure"), msg);
        }
        self.effects(src, &join(&tp, "success"), &test.success);
        self.effects(src, &join(&tp, "failure"), &test.failure);
        self.effects(src, &join(&tp, "each_failure"), &test.each_failure);
    }

    fn companion(&mut self, src: &Source, p: &str, card: &StationCard) {
        let jp = join(p, "join");
        match &card.join {
            Some(Join::Show(id)) => {
                self.card_ref(src, &join(&jp, "show"), "join.show", id, Want::Held)
            }
            Some(Join::Give(id)) => {
                self.card_ref(src, &join(&jp, "give"), "join.give", id, Want::Held)
            }
            None => {
                if !card.refused.is_empty() {
                    let msg = "`refused` never happens: this companion has no `join` condition";
                    self.warn(src, &join(p, "refused"), msg);
                }
            }
        }
        self.effects(src, &join(p, "refused"), &card.refused);
        for (i, id) in card.carries.iter().enumerate() {
            self.card_ref(src, &format!("{p}.carries[{i}]"), "carries", id, Want::Held);
        }
    }

    fn ability(&mut self, src: &Source, p: &str, a: &Ability) {
        if let Some(c) = &a.requires {
            self.condition(src, &join(p, "requires"), c);
        }
        if a.effects.is_empty() && !a.reroll {
            self.err(
                src,
                p,
                "`use` does nothing: give it `effects` or `\"reroll\": true`",
            );
        }
        if a.reroll && !a.effects.is_empty() {
            self.err(
                src,
                &join(p, "reroll"),
                "`reroll` replaces `effects`: use one or the other",
            );
        }
        self.effects(src, &join(p, "effects"), &a.effects);
    }
}
