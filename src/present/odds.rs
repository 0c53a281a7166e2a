//! What a duel's choices would change, said before they are taken: how the exchange ends
//! if the dice are accepted, what rerolling a die would do with the odds over the faces it
//! can show ("Grace can reroll your 1: 5 of 6 faces do better"), what each of the foe's
//! faces would do against the traveller's roll, and what using a held card would change.
//!
//! Every answer comes from the rules themselves: the choice is played on a copy of the
//! state with each possible die forced, and the exchange it resolves is read. The copy
//! never consults the run's dice stream: the odds are over the faces a die can show (or,
//! with dice dealt from a deck, over the results left in its deck), so nothing tells the
//! player the future.

use crate::core::state::Phase;
use crate::core::{Action, Die, Event, Side, State, execute, legal_actions};

/// How one exchange ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    /// Damage dealt to the foe.
    pub to_foe: i32,
    /// Health the traveller loses (the foe's blow and any reflected damage).
    pub to_traveller: i32,
    /// The foe falls.
    pub kills: bool,
    /// The traveller falls.
    pub falls: bool,
}

impl Ending {
    /// A single figure to compare endings by: falling is worst, a kill best, else what is
    /// dealt less what is taken.
    fn score(self) -> i32 {
        if self.falls {
            -1000
        } else if self.kills {
            1000 - self.to_traveller
        } else {
            self.to_foe - self.to_traveller
        }
    }

    /// "you deal 2, take 1".
    pub fn words(self) -> String {
        if self.kills {
            return format!("the foe falls (you take {})", self.to_traveller);
        }
        format!("you deal {}, take {}", self.to_foe, self.to_traveller)
    }
}

/// The exchange the events resolve, if any.
fn ending_of(events: &[Event], before: &State) -> Option<Ending> {
    let mut ending = None;
    for e in events {
        match e {
            Event::ExchangeResolved {
                to_foe,
                to_traveller,
                reflected,
                foe_hp,
                health,
                ..
            } => {
                ending = Some(Ending {
                    to_foe: *to_foe,
                    to_traveller: (*to_traveller + *reflected).max(before.health - *health),
                    kills: *foe_hp <= 0,
                    falls: *health <= 0,
                })
            }
            Event::FoeDefeated { .. } => {
                if let Some(x) = ending.as_mut() {
                    x.kills = true;
                }
            }
            _ => {}
        }
    }
    ending
}

/// Plays `actions` in order on a copy of `s`, the dice in `forced` given first, until an
/// exchange resolves (a reroll that spends the last Grace resolves it at once), and reads
/// it. `None`: an action is refused, or no exchange resolves.
fn trial(s: &State, forced: &[u8], actions: &[Action]) -> Option<Ending> {
    let mut t = s.clone();
    for &v in forced.iter().rev() {
        t.force_die_first(v);
    }
    let mut events = Vec::new();
    for a in actions {
        events.extend(execute(&mut t, a).ok()?);
        if let Some(ending) = ending_of(&events, s) {
            return Some(ending);
        }
    }
    None
}

/// The dice of the exchange just rolled, waiting for rerolls: (the traveller's natural
/// roll, the foe's), or `None` outside that step.
fn rolled(s: &State) -> Option<(Option<u8>, u8)> {
    let r = s.duel()?.rolled?;
    Some((r.traveller, r.foe))
}

/// How the exchange ends if the dice are accepted as they lie.
pub fn as_they_lie(s: &State) -> Option<Ending> {
    rolled(s)?;
    trial(s, &[], &[Action::Continue])
}

/// The faces a die of `side` can show next: 1 to 6, or with dice dealt from a deck the
/// results left in its deck (what a counting player knows).
fn faces(s: &State, side: Side) -> Vec<u8> {
    match s.dice.deck() {
        Some(d) => d.side(side).faces_left(),
        None => (1..=6).collect(),
    }
}

/// What a reroll would do, over every face the die can show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RerollOdds {
    pub die: Die,
    /// The die's value now.
    pub now: u8,
    /// Faces (or results left in the deck) that end the exchange better, the same, worse.
    pub better: usize,
    pub same: usize,
    pub worse: usize,
    /// Counted over a deck's results rather than a die's six faces.
    pub deck: bool,
}

impl RerollOdds {
    pub fn total(&self) -> usize {
        self.better + self.same + self.worse
    }
}

/// The odds of the reroll `a` (an offered `Reroll` of a duel's die), against accepting the
/// dice as they lie.
pub fn reroll_odds(s: &State, a: &Action) -> Option<RerollOdds> {
    let Action::Reroll { die, .. } = a else {
        return None;
    };
    let (mine, foe) = rolled(s)?;
    let now = match die {
        Die::Traveller => mine?,
        Die::Foe => foe,
        _ => return None,
    };
    let base = as_they_lie(s)?.score();
    let side = if *die == Die::Foe {
        Side::Foe
    } else {
        Side::Traveller
    };
    let mut odds = RerollOdds {
        die: *die,
        now,
        better: 0,
        same: 0,
        worse: 0,
        deck: s.dice.deck().is_some(),
    };
    for v in faces(s, side) {
        let score = trial(s, &[v], &[a.clone(), Action::Continue])?.score();
        match score.cmp(&base) {
            std::cmp::Ordering::Greater => odds.better += 1,
            std::cmp::Ordering::Equal => odds.same += 1,
            std::cmp::Ordering::Less => odds.worse += 1,
        }
    }
    Some(odds)
}

/// What each of the foe's faces (1 to 6) would do against the traveller's roll as it
/// stands: once the traveller's die is known and the foe's may still change (rolled and
/// waiting for rerolls, or with a Guide, waiting for the Guide's roll). Empty otherwise.
pub fn faces_against(s: &State) -> Vec<Ending> {
    let Some(d) = s.duel() else {
        return Vec::new();
    };
    if d.rolled.is_some() {
        return (1..=6u8)
            .filter_map(|v| {
                // A hypothetical on a copy: the foe's die as if it had shown `v`.
                trial(&s.supposing_foe_rolled(v), &[], &[Action::Continue])
            })
            .collect();
    }
    if d.awaiting_foe.is_some() {
        let offered = legal_actions(s);
        if !offered.contains(&Action::RollFoe) {
            return Vec::new();
        }
        return (1..=6u8)
            .filter_map(|v| {
                let mut then = vec![Action::RollFoe];
                let mut t = s.clone();
                t.force_die_first(v);
                execute(&mut t, &Action::RollFoe).ok()?;
                if t.duel().is_some_and(|d| d.rolled.is_some()) {
                    then.push(Action::Continue);
                }
                trial(s, &[v], &then)
            })
            .collect();
    }
    Vec::new()
}

/// What using a held card (an offered `Use`) would change in the exchange just rolled,
/// if it rolls no dice: the ending after it, against the dice as they lie. `None` when it
/// changes nothing in this exchange.
pub fn use_changes(s: &State, a: &Action) -> Option<(Ending, Ending)> {
    if !matches!(a, Action::Use { .. }) {
        return None;
    }
    let now = as_they_lie(s)?;
    if crate::core::dice_rolled(s, a, &[])? > 0 {
        return None;
    }
    let after = trial(s, &[], &[a.clone(), Action::Continue])?;
    (after != now).then_some((now, after))
}

/// The lines a duel's step shows under the dice: how the exchange ends as they lie, then
/// what each offered reroll or card would change; in a Pit, [`pit_lines`]. Empty outside
/// a reroll step. Worked out once per shown state (the table caches them).
pub fn lines(s: &State) -> Vec<String> {
    if matches!(s.phase, Phase::Pit(_)) {
        return pit_lines(s);
    }
    let Some(now) = as_they_lie(s) else {
        return Vec::new();
    };
    let offered = legal_actions(s);
    let rerolls = offered.iter().any(|a| matches!(a, Action::Reroll { .. }));
    let mut out = Vec::new();
    if rerolls || offered.iter().any(|a| matches!(a, Action::Use { .. })) {
        out.push(format!("As they lie: {}.", now.words()));
    }
    // One line per die and means (Grace, or a card's free reroll), never twice the same.
    for a in &offered {
        let line = match a {
            Action::Reroll { card, .. } => reroll_odds(s, a).map(|o| {
                let who = match card {
                    Some(id) => crate::present::words::name_of(&s.cards, id),
                    None => "Grace".to_string(),
                };
                reroll_line(&who, &o)
            }),
            Action::Use { card } => use_changes(s, a).map(|(_, after)| {
                let name = crate::present::words::name_of(&s.cards, card);
                format!("{name} first: {}.", after.words())
            }),
            _ => None,
        };
        if let Some(l) = line
            && !out.contains(&l)
        {
            out.push(l);
        }
    }
    out
}

/// What taking the offered `a` would leave the traveller with, in a few words ("Health 9
/// to 2; Dread 1"), tried on a copy of the state. `None` for an action that rolls dice
/// (its outcome is not known before the roll) or changes none of Health, the marker,
/// Grace or the cards held.
pub fn after(s: &State, a: &Action) -> Option<String> {
    if crate::core::dice_rolled(s, a, &[])? > 0 {
        return None;
    }
    let mut t = s.clone();
    execute(&mut t, a).ok()?;
    let mut parts = Vec::new();
    if t.health != s.health {
        parts.push(format!("Health {} to {}", s.health, t.health.max(0)));
    }
    if t.marker != s.marker {
        parts.push(format!(
            "the marker {} to {}",
            crate::present::words::marker_words(s.marker),
            crate::present::words::marker_words(t.marker)
        ));
    }
    if t.grace != s.grace {
        parts.push(format!("Grace {} to {}", s.grace, t.grace));
    }
    for c in s.items.iter().chain(&s.equipment) {
        if !t.items.contains(c) && !t.equipment.contains(c) {
            parts.push(format!("{} gone", s.cards.card(*c).name));
        }
    }
    if t.outcome
        .as_ref()
        .is_some_and(|o| *o != crate::core::Outcome::Won)
    {
        parts.push("the run ends".into());
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// A Pit's reroll odds, one line per offered reroll of a test die while the dice wait to be
/// accepted: how many of the faces it can show would pass the test ("Grace can reroll
/// die 1 (a 2): 4 of 6 faces pass."). Each face is tried on a copy of the state. Empty
/// outside a Pit's reroll step.
pub fn pit_lines(s: &State) -> Vec<String> {
    if !matches!(s.phase, crate::core::state::Phase::Pit(_)) {
        return Vec::new();
    }
    let offered = legal_actions(s);
    let passes = |t: &mut State, a: &Action| -> Option<bool> {
        let mut events = execute(t, a).ok()?;
        if legal_actions(t).contains(&Action::Continue) {
            events.extend(execute(t, &Action::Continue).ok()?);
        }
        Some(
            events
                .iter()
                .any(|e| matches!(e, Event::TestJudged { success: true, .. })),
        )
    };
    let mut out = Vec::new();
    for a in &offered {
        let Action::Reroll {
            die: Die::Test,
            index,
            card,
        } = a
        else {
            continue;
        };
        let crate::core::state::Phase::Pit(t) = &s.phase else {
            continue;
        };
        let Some(now) = t.dice.get(*index as usize) else {
            continue;
        };
        let faces = faces(s, Side::Traveller);
        let pass = faces
            .iter()
            .filter(|&&v| {
                let mut t = s.clone();
                t.force_die(v);
                passes(&mut t, a) == Some(true)
            })
            .count();
        let who = match card {
            Some(id) => crate::present::words::name_of(&s.cards, id),
            None => "Grace".to_string(),
        };
        let which = if t.dice.len() > 1 {
            format!("die {} (a {now})", index + 1)
        } else {
            format!("the {now}")
        };
        let line = format!(
            "{who} can reroll {which}: {pass} of {} faces pass.",
            faces.len()
        );
        if !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// "Grace can reroll your 1: 5 of 6 faces do better."
pub fn reroll_line(who: &str, o: &RerollOdds) -> String {
    let whose = if o.die == Die::Foe {
        "the foe's"
    } else {
        "your"
    };
    let of = if o.deck {
        format!("{} of the {} results left in the deck", o.better, o.total())
    } else {
        format!("{} of {} faces", o.better, o.total())
    };
    let worse = if o.worse > 0 {
        format!(", {} worse", o.worse)
    } else {
        String::new()
    };
    let verb = if o.better == 1 { "does" } else { "do" };
    format!(
        "{who} can reroll {whose} {}: {of} {verb} better{worse}.",
        o.now
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pits_rerolls_show_how_many_faces_pass() {
        let cards = crate::present::testing::shipped();
        let mut seen = 0;
        for seed in 0..80u64 {
            let (mut s, _) = crate::core::new_run(cards.clone(), seed, vec![]);
            for _ in 0..40 {
                let offered = legal_actions(&s);
                if matches!(s.phase, Phase::Pit(_))
                    && offered.iter().any(|a| matches!(a, Action::Reroll { .. }))
                {
                    break;
                }
                let Some(a) = offered.into_iter().find(|a| *a != Action::Abandon) else {
                    break;
                };
                if execute(&mut s, &a).is_err() {
                    break;
                }
            }
            let lines = pit_lines(&s);
            let window = matches!(s.phase, Phase::Pit(_))
                && legal_actions(&s)
                    .iter()
                    .any(|a| matches!(a, Action::Reroll { .. }));
            if !window {
                assert!(lines.is_empty(), "seed {seed}: {lines:?}");
                continue;
            }
            assert!(
                !lines.is_empty(),
                "seed {seed}: a Pit's reroll has its odds"
            );
            for l in &lines {
                let n: usize = l
                    .split(": ")
                    .nth(1)
                    .and_then(|r| r.split(' ').next())
                    .and_then(|n| n.parse().ok())
                    .expect("a count of faces");
                assert!(n <= 6 && l.ends_with("of 6 faces pass."), "{l}");
            }
            seen += 1;
        }
        assert!(seen > 0, "some seed reaches a Pit's reroll step");
    }
    use crate::core::new_run;
    use std::sync::Arc;

    fn cards() -> Arc<crate::cards::CardSet> {
        crate::present::testing::shipped()
    }

    /// Seed 1's first duel (the Ash-Blind Ram), the dice forced to `dice`, then rolled,
    /// with `grace` Grace.
    fn rolled_duel(dice: &[u8], grace: u8) -> State {
        let mut s = crate::present::testing::first_duel(false);
        crate::present::testing::set_grace(&mut s, grace);
        for &v in dice {
            s.force_die(v);
        }
        execute(&mut s, &Action::Roll).unwrap();
        assert!(s.duel().unwrap().rolled.is_some());
        s
    }

    #[test]
    fn a_miss_against_a_miss_ends_in_nothing_and_five_faces_do_better() {
        // The traveller's 1 (a miss) against the Ram's 6 (Bolts Past, a miss).
        let s = rolled_duel(&[1, 6], 1);
        let now = as_they_lie(&s).unwrap();
        assert_eq!((now.to_foe, now.to_traveller, now.kills), (0, 0, false));
        let reroll = Action::Reroll {
            die: Die::Traveller,
            index: 0,
            card: None,
        };
        let o = reroll_odds(&s, &reroll).unwrap();
        // 1 misses again; 2 parries (no better against a miss); 3-6 deal damage.
        assert_eq!((o.now, o.better, o.same, o.worse), (1, 4, 2, 0));
        assert_eq!(
            reroll_line("Grace", &o),
            "Grace can reroll your 1: 4 of 6 faces do better."
        );
        let lines = lines(&s);
        assert_eq!(lines[0], "As they lie: you deal 0, take 0.");
        assert!(lines.contains(&"Grace can reroll your 1: 4 of 6 faces do better.".into()));
        // The state itself is untouched by the trials.
        assert_eq!(s.duel().unwrap().rolled.unwrap().traveller, Some(1));
    }

    #[test]
    fn the_foes_faces_say_what_each_would_do_against_this_roll() {
        // A 5 (critical: 2 + ATK 1 = 3) kills the 3 HP Ram unless its face blocks.
        let mut s = rolled_duel(&[5, 1], 1);
        let against = faces_against(&s);
        assert_eq!(against.len(), 6);
        // Face 5 "Shies at a Shadow" blocks: no damage either way.
        assert!(!against[4].kills && against[4].to_foe == 0);
        // Face 1, a miss: the critical lands and the Ram falls.
        assert!(against[0].kills);
        // Without Grace or a card nothing can change the dice: no odds lines.
        assert!(!lines(&s).is_empty());
        crate::present::testing::set_grace(&mut s, 0);
        assert!(lines(&s).is_empty(), "{:?}", lines(&s));
    }

    #[test]
    fn a_choice_says_what_it_would_leave_you_with() {
        let (s, _) = new_run(cards(), 1, vec![]);
        // An action not offered says nothing.
        assert!(after(&s, &Action::Continue).is_none());
        let terror = (0..400u64).find_map(|seed| {
            let (mut t, _) = new_run(cards(), seed, vec![]);
            for _ in 0..60 {
                if matches!(t.phase, Phase::Terror { .. }) {
                    return Some(t);
                }
                let a = legal_actions(&t)
                    .into_iter()
                    .find(|a| *a != Action::Abandon)?;
                execute(&mut t, &a).ok()?;
            }
            None
        });
        let t = terror.expect("a Terror within reach");
        let said: Vec<String> = legal_actions(&t)
            .iter()
            .filter(|a| matches!(a, Action::Choose { .. }))
            .filter_map(|a| after(&t, a))
            .collect();
        assert!(!said.is_empty(), "a Terror's options say what they leave");
        assert!(
            said.iter()
                .all(|l| l.contains(" to ") || l.contains("gone") || l.contains("ends")),
            "{said:?}"
        );
    }

    #[test]
    fn nothing_is_said_outside_the_reroll_step() {
        let (s, _) = new_run(cards(), 1, vec![]);
        assert!(as_they_lie(&s).is_none());
        assert!(faces_against(&s).is_empty());
        assert!(lines(&s).is_empty());
    }
}
