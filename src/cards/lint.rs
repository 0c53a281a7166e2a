//! Warnings about a card set that loads but plays wrong: text that does not say what the
//! data does, Snares that do nothing, tests no roll can pass, Guardian seals no route
//! through the map can break. None of these stops a set from loading.

use super::locate::join;
use super::model::*;
use super::phrasebook::Phrasebook;
use super::report::Problem;
use super::set::CardSet;
use super::sheet::designer::readback::{ReadBack, is_designer_text};
use super::source::{Loaded, Parsed, Source};
use super::text_check;
use std::collections::{HashMap, HashSet};

/// Faces of a die.
const DIE_FACES: i32 = 6;
/// Routes walked through the map before giving up on the seal check.
const ROUTE_BUDGET: usize = 100_000;

/// Runs every design check over what was loaded, pushing each warning.
pub(crate) fn check(loaded: &Loaded, warnings: &mut Vec<Problem>) {
    let (names, unread) = names_of(loaded);
    let values: Vec<serde_json::Value> = loaded
        .domains
        .iter()
        .flat_map(|(_, d)| d.value.stations.iter())
        .filter_map(|c| serde_json::to_value(c).ok())
        .collect();
    let texts = Texts {
        names: &names,
        designer: ReadBack::of_cards(&values, loaded.phrasebook.clone()),
    };
    for (_, d) in &loaded.domains {
        for (i, card) in d.stations() {
            let p = format!("stations[{i}]");
            let before = warnings.len();
            text_matches_data(&d.src, &p, card, &texts, warnings);
            // A card that could not be read cannot be named by its name: not the text's
            // fault (the file's error is reported).
            let mut n = before;
            while n < warnings.len() {
                let unnamed = unread.iter().any(|id| {
                    warnings[n]
                        .message
                        .contains(&format!("the text does not name {id} ("))
                });
                if unnamed {
                    warnings.remove(n);
                } else {
                    n += 1;
                }
            }
            empty_snare(&d.src, &p, card, warnings);
            impossible_test(&d.src, &p, card, warnings);
        }
    }
    if let Some(g) = &loaded.guardian {
        guardian_text(g, &texts, warnings);
    }
    unbreakable_seals(loaded, warnings);
}

/// What the text check reads cards with: every card's name by id (house notation) and
/// the read-back of a card's data in the designer's notation (their phrasebook's words
/// included), which a text in that notation is compared with.
struct Texts<'a> {
    names: &'a HashMap<String, String>,
    designer: ReadBack,
}

/// The warning for a text that does not say what the data does.
fn text_warning(found: &str) -> String {
    format!(
        "the text does not match the data: {found}; change the text or the data so a player reads what the card does"
    )
}

/// The Guardian's text states its HP, each face, and what each requirement and seal
/// asks, in whichever notation it is written.
fn guardian_text(g: &Parsed<GuardianFile>, texts: &Texts, warnings: &mut Vec<Problem>) {
    let Ok(value) = serde_json::to_value(&g.value) else {
        return;
    };
    let found = if is_designer_text(&g.value.text) {
        texts.designer.guardian(&value)
    } else {
        text_check::check_guardian(&value, texts.names)
    };
    for f in found {
        warnings.push(g.src.problem(&f.field, text_warning(&f.message)));
    }
}

/// Every card's name by id, with those of cards that did not parse where their file says
/// them; and the ids of cards that did not parse whose name is unknown.
fn names_of(loaded: &Loaded) -> (HashMap<String, String>, Vec<String>) {
    let mut names: HashMap<String, String> = loaded
        .domains
        .iter()
        .flat_map(|(_, d)| d.value.stations.iter())
        .map(|c| (c.id.0.clone(), c.name.clone()))
        .collect();
    // Each file with cards that did not parse, and whether none of its cards did.
    let broken = loaded
        .domains
        .iter()
        .filter(|(_, d)| !d.dropped.is_empty() || d.src.loc.failure.is_some())
        .map(|(_, d)| (&d.src, &d.dropped[..], false))
        .chain(loaded.failed_domains.iter().map(|s| (s, &[][..], true)));
    let mut unread = Vec::new();
    for (src, dropped, failed) in broken {
        let indices: Vec<usize> = if failed {
            (0..)
                .take_while(|i| src.loc.shape(&format!("stations[{i}]")).is_some())
                .collect()
        } else {
            dropped.to_vec()
        };
        for i in indices {
            let p = format!("stations[{i}]");
            if let (Some(id), Some(name)) = (
                src.loc.string(&join(&p, "id")),
                src.loc.string(&join(&p, "name")),
            ) {
                names
                    .entry(id.to_string())
                    .or_insert_with(|| name.to_string());
            }
        }
        unread.extend(
            src.loc
                .loose_ids
                .iter()
                .filter(|id| !names.contains_key(*id))
                .cloned(),
        );
    }
    (names, unread)
}

/// The card's text states every number and keyword of its data.
/// In the designer's notation (a card imported from their sheet) the text is set beside
/// the read-back of the data (the export's writer) and compared with it, never read again;
/// in the house notation its phrases are looked for.
fn text_matches_data(
    src: &Source,
    p: &str,
    card: &StationCard,
    texts: &Texts,
    warnings: &mut Vec<Problem>,
) {
    for f in card_text(card, texts) {
        warnings.push(src.problem(&join(p, "text"), text_warning(&f)));
    }
}

/// Where one Station card's text and data disagree, in either notation.
fn card_text(card: &StationCard, texts: &Texts) -> Vec<String> {
    let Ok(value) = serde_json::to_value(card) else {
        return Vec::new();
    };
    if is_designer_text(&card.text) {
        texts.designer.station(&value)
    } else {
        text_check::check_card(&value, texts.names)
            .into_iter()
            .map(|p| p.message)
            .collect()
    }
}

/// The text check of every Station card of a loaded set, exactly as the validator runs
/// it (so the gallery's marks and `forward validate` agree), in the set's order; `book`:
/// the phrasebook of the set's folder.
pub(crate) fn text_problems(set: &CardSet, book: Option<Phrasebook>) -> Vec<Vec<String>> {
    let names: HashMap<String, String> = set
        .cards
        .iter()
        .map(|c| (c.id.0.clone(), c.name.clone()))
        .collect();
    let values: Vec<serde_json::Value> = set
        .cards
        .iter()
        .filter_map(|c| serde_json::to_value(c).ok())
        .collect();
    let texts = Texts {
        names: &names,
        designer: ReadBack::of_cards(&values, book),
    };
    set.cards.iter().map(|c| card_text(c, &texts)).collect()
}

/// A Snare with no effect, passive or trigger costs the traveller nothing.
fn empty_snare(src: &Source, p: &str, card: &StationCard, warnings: &mut Vec<Problem>) {
    if card.card_type == StationType::Snare
        && card.effects.is_empty()
        && card.passive.is_empty()
        && card.triggers.is_empty()
    {
        warnings.push(src.problem(
            p,
            "this Snare does nothing: give it `effects`, a `passive` or `triggers`",
        ));
    }
}

/// A Pit test whose target is above what its dice can roll passes only with bonuses.
fn impossible_test(src: &Source, p: &str, card: &StationCard, warnings: &mut Vec<Problem>) {
    let Some(test) = &card.test else { return };
    let best = i32::from(test.dice) * DIE_FACES;
    if test.target > best {
        warnings.push(src.problem(
            &join(&join(p, "test"), "target"),
            format!(
                "this test needs {} but {} {} roll at most {best}: only a bonus can pass it; lower the target or add a die",
                test.target,
                test.dice,
                if test.dice == 1 { "die" } else { "dice" }
            ),
        ));
    }
}

/// Where things are on the map: each card's Domain, and each Domain's index.
struct Homes<'a> {
    cards: HashMap<&'a str, usize>,
    domains: HashMap<&'a str, usize>,
}

impl<'a> Homes<'a> {
    fn of(loaded: &'a Loaded, map: &'a MapFile) -> Self {
        let mut cards = HashMap::new();
        for (entry, d) in &loaded.domains {
            if let Some(i) = entry {
                for card in &d.value.stations {
                    cards.entry(card.id.0.as_str()).or_insert(*i);
                }
            }
        }
        let domains = map
            .domains
            .iter()
            .enumerate()
            .map(|(i, d)| (d.id.0.as_str(), i))
            .collect();
        Homes { cards, domains }
    }
}

/// The Domains a condition needs on the route (cards held or followed come from their
/// Domain; `cleared` names one): `None` when it needs nothing the map decides.
fn needs(cond: &Condition, homes: &Homes) -> Option<Need> {
    let card = |id: &CardId| homes.cards.get(id.0.as_str()).map(|&d| Need::Domain(d));
    match cond {
        Condition::Holds(id) | Condition::Follows(id) => card(id),
        Condition::Carries(c) => Some(Need::All(
            [card(&c.companion), card(&c.card)]
                .into_iter()
                .flatten()
                .collect(),
        )),
        Condition::Cleared(id) => homes.domains.get(id.0.as_str()).map(|&d| Need::Domain(d)),
        Condition::All(list) => Some(Need::All(
            list.iter().filter_map(|c| needs(c, homes)).collect(),
        )),
        Condition::Any(list) => {
            let each: Vec<Option<Need>> = list.iter().map(|c| needs(c, homes)).collect();
            // One alternative that needs nothing makes the whole `any` free.
            if each.iter().any(Option::is_none) {
                None
            } else {
                Some(Need::Any(each.into_iter().flatten().collect()))
            }
        }
        _ => None,
    }
}

/// What a seal needs of a route.
#[derive(Debug)]
enum Need {
    Domain(usize),
    All(Vec<Need>),
    Any(Vec<Need>),
}

impl Need {
    fn met(&self, route: &HashSet<usize>) -> bool {
        match self {
            Need::Domain(d) => route.contains(d),
            Need::All(list) => list.iter().all(|n| n.met(route)),
            Need::Any(list) => list.iter().any(|n| n.met(route)),
        }
    }

    fn domains(&self, out: &mut Vec<usize>) {
        match self {
            Need::Domain(d) => {
                if !out.contains(d) {
                    out.push(*d)
                }
            }
            Need::All(list) | Need::Any(list) => list.iter().for_each(|n| n.domains(out)),
        }
    }
}

/// Every route from the start to the final Domain, as the set of Domains it clears.
fn routes(map: &MapFile) -> Option<Vec<HashSet<usize>>> {
    let index: HashMap<&str, usize> = map
        .domains
        .iter()
        .enumerate()
        .map(|(i, d)| (d.id.0.as_str(), i))
        .collect();
    let start = *index.get(map.start.0.as_str())?;
    let fin = *index.get(map.final_domain.0.as_str())?;
    let links: Vec<Vec<usize>> = map
        .domains
        .iter()
        .map(|d| {
            d.links
                .iter()
                .filter_map(|l| index.get(l.0.as_str()).copied())
                .collect()
        })
        .collect();
    let mut found = Vec::new();
    let mut stack = vec![(start, vec![start])];
    let mut budget = ROUTE_BUDGET;
    while let Some((at, route)) = stack.pop() {
        budget = budget.checked_sub(1)?;
        if at == fin {
            found.push(route.iter().copied().collect());
            continue;
        }
        for &next in &links[at] {
            if !route.contains(&next) {
                let mut longer = route.clone();
                longer.push(next);
                stack.push((next, longer));
            }
        }
    }
    Some(found)
}

/// A Guardian seal (or requirement) broken by cards from Domains that no single route
/// from the start to the final Domain clears together.
fn unbreakable_seals(loaded: &Loaded, warnings: &mut Vec<Problem>) {
    let (Some(map), Some(guardian)) = (&loaded.map, &loaded.guardian) else {
        return;
    };
    if loaded.missing_domains || !loaded.failed_domains.is_empty() {
        return;
    }
    let Some(routes) = routes(&map.value) else {
        return;
    };
    if routes.is_empty() {
        return; // The map check already reports that no route reaches the end.
    }
    let homes = Homes::of(loaded, &map.value);
    seals_of(guardian, &map.value, &homes, &routes, warnings);
}

fn seals_of(
    guardian: &Parsed<GuardianFile>,
    map: &MapFile,
    homes: &Homes,
    routes: &[HashSet<usize>],
    warnings: &mut Vec<Problem>,
) {
    let g = &guardian.value;
    for (list, seals) in [("requirements", &g.requirements), ("seals", &g.seals)] {
        for (i, seal) in seals.iter().enumerate() {
            let Some(need) = needs(&seal.broken_by, homes) else {
                continue;
            };
            if routes.iter().any(|r| need.met(r)) {
                continue;
            }
            let mut domains = Vec::new();
            need.domains(&mut domains);
            let names: Vec<String> = domains
                .iter()
                .map(|&d| format!("`{}`", map.domains[d].id))
                .collect();
            let msg = format!(
                "`{}` can never be broken: it needs cards or clears from {}, but none of the {} routes from `{}` to `{}` passes through all it needs; move a card, or link the Domains",
                seal.id,
                names.join(", "),
                routes.len(),
                map.start,
                map.final_domain
            );
            warnings.push(guardian.src.problem(&format!("{list}[{i}].broken_by"), msg));
        }
    }
}
