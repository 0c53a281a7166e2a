//! The Guardian's arrival as a moment of its own: its pace (the card lands, then each
//! requirement and seal is checked one at a time) and each check in a player's words (met
//! or not, by what, and what an unmet one does in the duel). The stage reads the pace, the
//! table draws the words; both come from the `GuardianRevealed` event, the card data and
//! `core::holds`, never from rules worked out again here.

use crate::cards::model::{Condition, Seal, SealPenalty};
use crate::core::event::SealCheck;
use crate::core::{State, holds};

/// Seconds (at normal speed) of the Guardian's card coming onto the table.
pub const ARRIVAL: f32 = 0.9;
/// Seconds each requirement or seal takes to be checked and read.
pub const CHECK_BEAT: f32 = 1.4;
/// How far into its beat a check's verdict is stamped (a share of the beat).
pub const VERDICT_AT: f32 = 0.35;
/// When the card strikes the table, as a share of the arrival: before, it falls.
pub const LANDS_AT: f32 = 0.42;

/// How long the reveal plays before its event is applied: the arrival, then every check.
pub fn lead(checks: usize) -> f32 {
    ARRIVAL + checks as f32 * CHECK_BEAT
}

/// Where a guided reveal waits for the player (seconds into it): after each check's beat
/// but the last (the whole reveal then holds as every run's does).
pub fn stops(checks: usize) -> Vec<f32> {
    (1..checks)
        .map(|i| ARRIVAL + i as f32 * CHECK_BEAT)
        .collect()
}

/// How far the card's arrival is, `t` seconds into the reveal (0 to 1).
pub fn arrival(t: f32) -> f32 {
    (t / ARRIVAL).clamp(0.0, 1.0)
}

/// How far check `i`'s beat is, `t` seconds into the reveal (0: not begun, 1: done).
pub fn beat(t: f32, i: usize) -> f32 {
    ((t - ARRIVAL - i as f32 * CHECK_BEAT) / CHECK_BEAT).clamp(0.0, 1.0)
}

/// How many of `n` checks are on the stage (begun), `t` seconds into the reveal.
pub fn shown(t: f32, n: usize) -> usize {
    (0..n).filter(|&i| beat(t, i) > 0.0).count()
}

/// How many of `n` checks have their verdict stamped, `t` seconds into the reveal.
pub fn judged(t: f32, n: usize) -> usize {
    (0..n).filter(|&i| beat(t, i) >= VERDICT_AT).count()
}

/// One requirement or seal as checked, in a player's words.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckWords {
    pub name: String,
    /// A requirement (met or not), else a seal (broken or holding).
    pub requirement: bool,
    /// Met (a requirement) or broken (a seal): no penalty.
    pub met: bool,
    /// *met*, *not met*, *broken* or *holds*.
    pub verdict: &'static str,
    /// By what: what the traveller brought or lacked ("The Sage walks with you, but does
    /// not carry the Ferryman's Bell.").
    pub by: String,
    /// While unmet, what it does ("Every wound you deal it opens on you instead.").
    pub penalty: Option<&'static str>,
    /// Unmet, it bars the way: the run ends at the reveal.
    pub barred: bool,
}

/// What an unmet requirement or a holding seal does, said of this duel.
pub fn penalty_words(p: SealPenalty) -> &'static str {
    match p {
        SealPenalty::Barred => "There is no way across: the run ends here.",
        SealPenalty::Invulnerable => "Nothing you do can wound it.",
        SealPenalty::FullHeal => "It heals fully after every exchange.",
        SealPenalty::Reflect => "Every wound you deal it opens on you instead.",
    }
}

/// The Guardian's entry a check is of, and whether it is a requirement.
fn entry<'a>(s: &'a State, id: &str) -> Option<(&'a Seal, bool)> {
    let g = &s.cards.guardian;
    g.requirements
        .iter()
        .map(|e| (e, true))
        .chain(g.seals.iter().map(|e| (e, false)))
        .find(|(e, _)| e.id.0 == id)
}

/// Each check of the reveal in words, in their order (those naming no entry of the set
/// are left out).
pub fn check_words(s: &State, checks: &[SealCheck]) -> Vec<CheckWords> {
    checks
        .iter()
        .filter_map(|c| {
            let (e, requirement) = entry(s, &c.id)?;
            let verdict = match (requirement, c.met) {
                (true, true) => "met",
                (true, false) => "not met",
                (false, true) => "broken",
                (false, false) => "holds",
            };
            Some(CheckWords {
                name: c.name.clone(),
                requirement,
                met: c.met,
                verdict,
                by: sentence(&condition_words(s, &e.broken_by)),
                penalty: (!c.met).then(|| penalty_words(e.penalty)),
                barred: !c.met && e.penalty == SealPenalty::Barred,
            })
        })
        .collect()
}

/// The penalties in force in the Guardian's duel, one line each: which requirement or
/// seal and what it does ("Seal of Acedia holds: it heals fully after every exchange.").
/// Each unmet requirement or holding seal whose penalty the duel carries, from the
/// reveal's `checks` when the scene has them, else (a run resumed mid-duel) the state.
pub fn in_force(s: &State, checks: &[SealCheck]) -> Vec<String> {
    let Some(d) = s.duel().filter(|d| d.card.is_none()) else {
        return Vec::new();
    };
    let pen = d.guardian;
    let g = &s.cards.guardian;
    g.requirements
        .iter()
        .chain(&g.seals)
        .filter(|e| match e.penalty {
            SealPenalty::Invulnerable => pen.invulnerable,
            SealPenalty::FullHeal => pen.full_heal,
            SealPenalty::Reflect => pen.reflect,
            SealPenalty::Barred => false,
        })
        .filter(|e| match checks.iter().find(|c| c.id == e.id.0) {
            Some(c) => !c.met,
            None => !holds(s, &e.broken_by),
        })
        .map(|e| {
            let is_req = g.requirements.iter().any(|r| r.id == e.id);
            let how = if is_req { "is not met" } else { "holds" };
            let does = penalty_words(e.penalty);
            let mut c = does.chars();
            let does: String = c
                .next()
                .map(|f| f.to_lowercase().chain(c).collect())
                .unwrap_or_default();
            format!("{} {how}: {does}", e.name)
        })
        .collect()
}

/// A capital first letter and a full stop.
fn sentence(s: &str) -> String {
    let mut c = s.chars();
    let Some(first) = c.next() else {
        return String::new();
    };
    let body: String = first.to_uppercase().chain(c).collect();
    if body.ends_with('.') {
        body
    } else {
        format!("{body}.")
    }
}

/// A card's name from its id, as said inside a sentence: "the Ferryman's Bell", "the
/// Sage", but "Tamsin the Herbwife" (the id itself if the set has no such card).
fn card_name(s: &State, id: &str) -> String {
    let name = s
        .cards
        .card_by_str(id)
        .map_or_else(|| id.to_string(), |c| s.cards.card(c).name.clone());
    if let Some(rest) = name.strip_prefix("The ") {
        format!("the {rest}")
    } else if name.contains(" the ") {
        name
    } else {
        format!("the {name}")
    }
}

/// A condition as it stands for the traveller now, in words: what was there or missing.
pub fn condition_words(s: &State, c: &Condition) -> String {
    match c {
        Condition::Holds(id) => {
            let name = card_name(s, &id.0);
            if s.holds(&id.0) {
                format!("you hold {name}")
            } else {
                format!("you do not hold {name}")
            }
        }
        Condition::Follows(id) => {
            let name = card_name(s, &id.0);
            if s.follows(&id.0) {
                format!("{name} walks with you")
            } else {
                format!("{name} does not walk with you")
            }
        }
        Condition::Carries(carry) => {
            let who = card_name(s, &carry.companion.0);
            let what = card_name(s, &carry.card.0);
            if holds(s, c) {
                format!("{who} walks with you, carrying {what}")
            } else if s.follows(&carry.companion.0) && s.holds(&carry.card.0) {
                format!("{who} walks with you, but {what} is not in {who}'s keeping")
            } else if s.follows(&carry.companion.0) {
                format!("{who} walks with you, but does not carry {what}")
            } else {
                format!("{who} does not walk with you to carry {what}")
            }
        }
        Condition::ResolveAtLeast(n) => {
            format!(
                "Resolve {n} or more was needed; you have {}",
                s.marker.max(0)
            )
        }
        Condition::DreadAtLeast(n) => {
            format!(
                "Dread {n} or more was needed; you have {}",
                (-s.marker).max(0)
            )
        }
        Condition::HealthAtLeast(n) => {
            format!("Health {n} or more was needed; you have {}", s.health)
        }
        Condition::HealthAtMost(n) => {
            format!("Health {n} or less was needed; you have {}", s.health)
        }
        Condition::SnaresAtLeast(n) => format!(
            "{n} Snares or more were needed; you carry {}",
            s.snares.len()
        ),
        Condition::Cleared(id) => {
            let name = s
                .cards
                .domain_by_str(&id.0)
                .map_or_else(|| id.0.clone(), |d| s.cards.domain(d).name.clone());
            if holds(s, c) {
                format!("you cleared {name}")
            } else {
                format!("you did not clear {name}")
            }
        }
        Condition::FoeTag(tag) => format!("the foe must be {tag}"),
        Condition::Not(inner) => format!("it must not be so that {}", condition_words(s, inner)),
        Condition::All(list) => join(s, list, "; "),
        Condition::Any(list) => join(s, list, "; or "),
    }
}

fn join(s: &State, list: &[Condition], sep: &str) -> String {
    let parts: Vec<String> = list.iter().map(|c| condition_words(s, c)).collect();
    parts.join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::load::load_dir;
    use std::path::Path;
    use std::sync::Arc;

    fn run() -> State {
        let cards = Arc::new(load_dir(Path::new("cards")).expect("the shipped cards").0);
        crate::core::new_run(cards, 1, Vec::new()).0
    }

    #[test]
    fn the_checks_come_one_at_a_time_after_the_card_lands() {
        assert_eq!(shown(ARRIVAL * 0.5, 4), 0, "the card is still landing");
        assert_eq!(shown(ARRIVAL + 0.1, 4), 1);
        assert_eq!(
            judged(ARRIVAL + 0.1, 4),
            0,
            "its verdict is not stamped yet"
        );
        assert_eq!(judged(ARRIVAL + CHECK_BEAT * 0.5, 4), 1);
        assert_eq!(shown(ARRIVAL + CHECK_BEAT * 2.5, 4), 3);
        assert_eq!(shown(lead(4), 4), 4);
        assert_eq!(judged(lead(4), 4), 4);
        // A guided reveal waits after each check but the last.
        assert_eq!(stops(4).len(), 3);
        assert!(stops(4).iter().all(|&t| t < lead(4)));
        assert_eq!(judged(stops(4)[0], 4), 1);
    }

    #[test]
    fn each_check_says_by_what_it_is_met_or_not_and_what_it_does() {
        let s = run();
        let checks: Vec<SealCheck> = s
            .cards
            .entries()
            .map(|e| SealCheck {
                id: e.id.0.clone(),
                name: e.name.clone(),
                met: holds(&s, &e.broken_by),
            })
            .collect();
        let words = check_words(&s, &checks);
        assert_eq!(words.len(), s.cards.entry_count());
        // At the first flip nothing is met: every entry says what is missing.
        let sword = &words[0];
        assert!(sword.requirement && !sword.met && sword.verdict == "not met");
        assert_eq!(sword.by, "You do not hold the Ancient Sword.");
        assert_eq!(sword.penalty, Some("Nothing you do can wound it."));
        let aporia = words.iter().find(|w| w.name == "Seal of Aporia").unwrap();
        assert_eq!(aporia.verdict, "holds");
        assert_eq!(
            aporia.by,
            "The Sage does not walk with you to carry the Ferryman's Bell."
        );
        assert!(aporia.penalty.unwrap().contains("no way across"));
        // Met, it says so and carries no penalty.
        let mut met = checks.clone();
        met[0].met = true;
        let w = &check_words(&s, &met)[0];
        assert_eq!((w.verdict, w.penalty), ("met", None));
    }
}
