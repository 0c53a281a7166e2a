//! Playing one run with a bot, and the per-run facts the statistics need.

use super::policy::{BotRng, Policy, mix};
use crate::cards::model::SealPenalty;
use crate::cards::{CardRef, CardSet, DomainRef};
use crate::core::{
    Action, Cause, DiceMode, Event, LegalCache, Observation, Outcome, Phase, RunOptions, Strike,
    Zone, execute_offered_with, legal_actions_cached, new_run_opts,
};
use std::sync::Arc;

/// A run that has not ended after this many actions is abandoned (a safety net: the
/// rules guarantee every run ends; the simulator must never hang).
pub const ACTION_LIMIT: usize = 50_000;

/// The action a run past [`ACTION_LIMIT`] takes.
const ABANDON: Action = Action::Abandon;

/// Flips before a loss that count as "lost within a few flips" of a card.
pub const NEAR_FLIPS: usize = 3;

/// Misses in a row that make a streak: "lost to a streak" in the reports.
pub const MISS_STREAK: u32 = 3;

/// At most this many Guardian requirements and seals are followed one by one (a bit each).
pub const MAX_CHECKS: usize = 32;

/// Where a run ended: every loss has exactly one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ending {
    #[default]
    Won,
    /// Lost in this Domain (Health, Dread, or a broken map), not abandoned.
    Domain(DomainRef),
    /// Lost in the duel with the Guardian (not to a requirement or seal).
    GuardianDuel,
    /// Lost to this Guardian requirement or seal (index: requirements, then seals): it
    /// barred the way, or left the Guardian unbeatable.
    Check(u8),
    /// The traveller gave up (or the safety net gave up for them).
    Abandoned,
}

/// Something a card did in a run, counted per card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// A Terror option was chosen.
    Terror(u8),
    /// A Terror option could not be taken when the Terror was faced (its cost could not
    /// be paid).
    Unaffordable(u8),
    /// A Pit's test ended, passed or not.
    Pit { passed: bool },
    /// A foe was fought.
    Fought,
    /// A foe's toll was paid.
    Toll,
    /// A foe was passed by a card shown or given.
    Passage,
    /// A companion (or a foe) joined.
    Joined,
    /// A companion did not join.
    Refused,
    /// A found card was taken into a slot.
    Taken,
    /// A found card was turned down.
    Declined,
    /// A held card's ability was used.
    Used,
    /// A held card was discarded to make room for a find.
    SwappedOut,
}

/// One card flipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flip {
    pub card: CardRef,
    /// The Health change until the next flip (or the end).
    pub delta: i32,
    /// The Health change until the card was resolved (or the run ended while it was).
    pub resolved: Option<i32>,
}

/// What moved while the traveller was in one Domain (or at the Guardian).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flow {
    pub damage: u32,
    pub healing: u32,
    /// Marker steps towards Resolve, and towards Dread.
    pub to_resolve: u32,
    pub to_dread: u32,
    pub grace_spent: u32,
    pub grace_gained: u32,
}

/// What one run did, for the statistics.
#[derive(Debug, Clone, Default)]
pub struct RunFacts {
    pub won: bool,
    pub cause: Option<Cause>,
    /// Where the run ended: the Domain, or `None` at the Guardian.
    pub ended_in: Option<DomainRef>,
    /// The place the run ended, for the "where runs end" figures.
    pub ending: Ending,
    /// Domains in the order entered.
    pub path: Vec<DomainRef>,
    /// Each flip, in order.
    pub flips: Vec<Flip>,
    /// Health, marker and Grace after each Domain cleared.
    pub after_domain: Vec<(DomainRef, i32, i8, u8)>,
    pub exchanges: u32,
    /// The card being resolved (or last flipped) when the run was lost.
    pub killer: Option<CardRef>,
    /// Per-card happenings (card index, what).
    pub notes: Vec<(u16, Note)>,
    /// What moved in each Domain entered (`None`: at the Guardian).
    pub flows: Vec<(Option<DomainRef>, Flow)>,
    /// The Guardian's requirements and seals not met (bit i: check i), if it was reached.
    pub guardian_unmet: Option<u32>,
    /// Whether the duel with the Guardian began.
    pub guardian_duel: bool,
    /// The most misses in a row (a duel exchange struck as a Miss, or a failed test roll).
    pub longest_miss_streak: u32,
    /// Cards flipped when a streak of [`MISS_STREAK`] misses or more last grew (`None`:
    /// never).
    pub streak_at: Option<usize>,
    /// Lost (not abandoned) while a streak of [`MISS_STREAK`] misses or more came during
    /// one of its last [`NEAR_FLIPS`] cards (or at the Guardian).
    pub lost_to_streak: bool,
    /// Cards flipped when the first of the Guardian's requirements or seals went out of
    /// reach (an `Event::TermLost`, known to the bot or not): the run was dead from then
    /// on. `None`: every entry stayed within reach until the Guardian's reveal.
    pub term_lost_at: Option<usize>,
    /// The card behind each entry lost (card index), one per `TermLost` naming a card.
    pub term_lost_by: Vec<u16>,
    /// Paid peeks bought (house rule `paid-peek`).
    pub peeks: u32,
    /// Not a fact: the step loop's buffers, kept with the facts so that every run played
    /// into them reuses their room.
    pub(super) scratch: Scratch,
}

/// The step loop's lists of legal actions and of a step's events: emptied at every step,
/// their room kept from run to run; and the uses and gifts remembered between steps (for
/// one run). A copy starts empty (it holds nothing of a run).
#[derive(Default)]
pub(super) struct Scratch {
    actions: Vec<Action>,
    events: Vec<Event>,
    legal: LegalCache,
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}

impl RunFacts {
    /// Empties the facts for another run, keeping the buffers.
    pub fn clear(&mut self) {
        let mut keep = std::mem::take(self);
        keep.path.clear();
        keep.flips.clear();
        keep.after_domain.clear();
        keep.notes.clear();
        keep.flows.clear();
        keep.term_lost_by.clear();
        *self = RunFacts {
            term_lost_by: keep.term_lost_by,
            path: keep.path,
            flips: keep.flips,
            after_domain: keep.after_domain,
            notes: keep.notes,
            flows: keep.flows,
            scratch: keep.scratch,
            ..RunFacts::default()
        };
    }
}

/// The seed of run `index` of a batch: the same whatever thread plays it.
pub fn run_seed(base: u64, index: u64) -> u64 {
    mix(base ^ mix(index.wrapping_add(1)))
}

/// Follows Health, marker and Grace through the events, so that figures can be taken
/// between flips (one action may flip and resolve a card at once).
struct Tracker {
    health: i32,
    marker: i8,
    grace: u8,
    at_flip: i32,
    flow: Flow,
    /// Where the flow is being gathered (`None`: at the Guardian).
    here: Option<DomainRef>,
    final_domain: DomainRef,
    /// Misses in a row so far.
    misses: u32,
}

impl Tracker {
    fn set_health(&mut self, health: i32) {
        let by = health - self.health;
        if by < 0 {
            self.flow.damage += by.unsigned_abs();
        } else {
            self.flow.healing += by as u32;
        }
        self.health = health;
    }

    fn close_flow(&mut self, facts: &mut RunFacts) {
        facts
            .flows
            .push((self.here, std::mem::take(&mut self.flow)));
    }

    /// `swap`: the action was a swap, so a held card discarded now was swapped out. Returns
    /// whether one of the events owns heap memory (most steps bring none).
    // Inlined into the step loop: as a call, saving and reloading the tracker cost about
    // as much as the few events a step brings.
    #[inline(always)]
    fn record(&mut self, facts: &mut RunFacts, events: &[Event], swap: bool) -> bool {
        let mut owns = false;
        for e in events {
            match e {
                Event::DomainEntered { domain } => {
                    facts.path.push(*domain);
                    self.here = Some(*domain);
                }
                Event::CardFlipped { card, .. } => {
                    self.close_flip(facts);
                    self.at_flip = self.health;
                    facts.flips.push(Flip {
                        card: *card,
                        delta: 0,
                        resolved: None,
                    });
                }
                // A card is resolved before the next one is flipped.
                Event::CardResolved { .. } => self.close_resolved(facts),
                Event::HealthChanged { health, .. } => self.set_health(*health),
                Event::ExchangeResolved { health, strike, .. } => {
                    self.set_health(*health);
                    // A skipped roll is no contest: the streak stands as it was.
                    if *strike != Strike::Skipped {
                        self.contest(facts, *strike == Strike::Miss);
                    }
                }
                Event::MaxHealthChanged { max_health, .. } => {
                    self.set_health(self.health.min(*max_health))
                }
                Event::MarkerMoved { marker, by } => {
                    self.marker = *marker;
                    if *by > 0 {
                        self.flow.to_resolve += by.unsigned_abs() as u32;
                    } else {
                        self.flow.to_dread += by.unsigned_abs() as u32;
                    }
                }
                Event::GraceChanged { grace, by } => {
                    self.grace = *grace;
                    if *by < 0 {
                        self.flow.grace_spent += by.unsigned_abs() as u32;
                    } else {
                        self.flow.grace_gained += by.unsigned_abs() as u32;
                    }
                }
                Event::ExchangeRolled { .. } => facts.exchanges += 1,
                Event::DomainCleared { domain } => {
                    facts
                        .after_domain
                        .push((*domain, self.health, self.marker, self.grace));
                    self.close_flow(facts);
                    self.here = (*domain != self.final_domain).then_some(*domain);
                }
                Event::TerrorChosen { card, option } => {
                    facts.notes.push((card.index, Note::Terror(*option)))
                }
                Event::TestJudged {
                    card,
                    over,
                    success,
                    ..
                } => {
                    self.contest(facts, !*success);
                    if *over {
                        facts
                            .notes
                            .push((card.index, Note::Pit { passed: *success }));
                    }
                }
                Event::DuelStarted { card, .. } => match card {
                    Some(c) => facts.notes.push((c.index, Note::Fought)),
                    None => facts.guardian_duel = true,
                },
                Event::FoePassed { card, how } => {
                    owns = true;
                    let note = if how == "toll" {
                        Note::Toll
                    } else {
                        Note::Passage
                    };
                    facts.notes.push((card.index, note));
                }
                Event::CompanionJoined { card, .. } => facts.notes.push((card.index, Note::Joined)),
                Event::CompanionRefused { card } => facts.notes.push((card.index, Note::Refused)),
                Event::CardTaken { card, .. } => facts.notes.push((card.index, Note::Taken)),
                Event::AbilityUsed { card, .. } => facts.notes.push((card.index, Note::Used)),
                Event::CardDiscarded {
                    card,
                    from: Zone::Items | Zone::Equipment,
                } if swap => facts.notes.push((card.index, Note::SwappedOut)),
                Event::TermLost(t) => {
                    owns = true;
                    facts.term_lost_at.get_or_insert(facts.flips.len());
                    if let Some(c) = t.by {
                        facts.term_lost_by.push(c.index);
                    }
                }
                Event::GuardianRevealed { checks } => {
                    owns = true;
                    let mut unmet = 0u32;
                    for (i, c) in checks.iter().enumerate().take(MAX_CHECKS) {
                        if !c.met {
                            unmet |= 1 << i;
                        }
                    }
                    facts.guardian_unmet = Some(unmet);
                }
                e => owns |= e.owns_heap(),
            }
        }
        owns
    }

    /// One die contest of the traveller's, lost (`miss`) or not.
    fn contest(&mut self, facts: &mut RunFacts, miss: bool) {
        if !miss {
            self.misses = 0;
            return;
        }
        self.misses += 1;
        facts.longest_miss_streak = facts.longest_miss_streak.max(self.misses);
        if self.misses >= MISS_STREAK {
            facts.streak_at = Some(facts.flips.len());
        }
    }

    fn close_flip(&self, facts: &mut RunFacts) {
        if let Some(f) = facts.flips.last_mut() {
            f.delta = self.health - self.at_flip;
        }
    }

    fn close_resolved(&self, facts: &mut RunFacts) {
        if let Some(f) = facts.flips.last_mut()
            && f.resolved.is_none()
        {
            f.resolved = Some(self.health - self.at_flip);
        }
    }
}

/// Plays one run to its end with `policy`.
pub fn play(cards: &Arc<CardSet>, seed: u64, policy: &mut dyn Policy) -> RunFacts {
    play_in(cards, seed, DiceMode::Rolled, policy)
}

/// [`play`] with the run's dice rolled or dealt from a deck (`mode`).
pub fn play_in(
    cards: &Arc<CardSet>,
    seed: u64,
    mode: impl Into<RunOptions>,
    policy: &mut dyn Policy,
) -> RunFacts {
    let mut facts = RunFacts::default();
    play_into(cards, seed, mode, policy, &mut facts);
    facts
}

/// [`play_in`] into `facts` (cleared first), reusing its buffers. Generic over the bot, so
/// that a batch of one known kind calls its `choose` directly at every step.
pub fn play_into<P: Policy + ?Sized>(
    cards: &Arc<CardSet>,
    seed: u64,
    mode: impl Into<RunOptions>,
    policy: &mut P,
    facts: &mut RunFacts,
) {
    facts.clear();
    let RunOptions { dice, rules } = mode.into();
    let (mut state, events) = new_run_opts(Arc::clone(cards), seed, Vec::new(), false, dice, rules);
    state.set_lore(policy.lore());
    let mut rng = BotRng::new(mix(seed ^ 0x5EED_B075));
    let mut t = Tracker {
        health: state.health,
        marker: state.marker,
        grace: state.grace,
        at_flip: state.health,
        flow: Flow::default(),
        here: None,
        final_domain: cards.final_domain,
        misses: 0,
    };
    t.record(facts, &events, false);
    policy.start(&Observation::of(&state));
    let mut steps = 0;
    // Buffers reused across steps and runs: the loop allocates little.
    let Scratch {
        mut actions,
        mut events,
        mut legal,
    } = std::mem::take(&mut facts.scratch);
    // What the last run remembered counted its own changes.
    legal.forget();
    // Where the puzzle stands after the last step that moved a piece.
    let mut reading = None;
    while !state.is_over() {
        legal_actions_cached(&state, &mut legal, &mut actions);
        if let Phase::Terror { card } = state.phase {
            // Which options were out of reach (before the bot chooses).
            let n = cards.card(card).options.len().min(u8::MAX as usize) as u8;
            let offered = |o| {
                actions
                    .iter()
                    .any(|a| matches!(a, Action::Choose { option } if *option == o))
            };
            for o in (0..n).filter(|&o| !offered(o)) {
                facts.notes.push((card.index, Note::Unaffordable(o)));
            }
        }
        // The choice is read in place: the list is cleared (and its actions dropped) at
        // the next step anyway.
        let action = if steps >= ACTION_LIMIT {
            &ABANDON
        } else {
            let i = policy.choose(&Observation::of(&state), &actions, &mut rng);
            &actions[i.min(actions.len() - 1)]
        };
        if let (Action::Decline, Phase::Offer { card }) = (action, &state.phase) {
            facts.notes.push((card.index, Note::Declined));
        }
        let swap = matches!(action, Action::Swap { .. });
        facts.peeks += u32::from(matches!(action, Action::Peek { .. }));
        let moved;
        (events, moved) = execute_offered_with(&mut state, cards, action, events, &mut reading);
        // Emptied now, by what reading them found: a step of plain events (most) leaves
        // nothing for the next step to walk and drop.
        if t.record(facts, &events, swap) {
            crate::core::event::clear(&mut events);
        } else {
            crate::core::event::clear_plain(&mut events);
        }
        // A run whose terms can no longer all be met on one road is dead too, though no
        // single entry is lost yet (asked only after a step that moves a piece, from where
        // the step left the puzzle).
        if facts.term_lost_at.is_none()
            && moved
            && !crate::core::plan::together_from(&state, false, reading)
        {
            facts.term_lost_at = Some(facts.flips.len());
        }
        steps += 1;
    }
    policy.end(&Observation::of(&state));
    // The lists are emptied before their next use; cleared now, they hold nothing between runs.
    actions.clear();
    events.clear();
    facts.scratch = Scratch {
        actions,
        events,
        legal,
    };
    t.close_flip(facts);
    t.close_resolved(facts);
    t.close_flow(facts);
    match &state.outcome {
        Some(Outcome::Won) => facts.won = true,
        Some(Outcome::Lost { cause, .. }) => {
            facts.cause = Some(*cause);
            // A loss at the Guardian is nobody's card: it is counted with the Guardian.
            if !state.cleared.contains(&cards.final_domain) {
                facts.killer = state.resolving.or(facts.flips.last().map(|f| f.card));
            }
        }
        None => facts.cause = Some(Cause::Abandoned),
    }
    facts.ended_in = if state.cleared.contains(&cards.final_domain) {
        None
    } else {
        Some(state.domain)
    };
    facts.ending = ending(cards, facts);
    facts.lost_to_streak = lost_to_streak(facts);
}

/// Whether a finished run was lost (not abandoned) with a streak of misses during one of
/// its last [`NEAR_FLIPS`] cards (the card flipped `k`-th is in play from `k` flips on)
/// or at the Guardian.
fn lost_to_streak(f: &RunFacts) -> bool {
    f.cause.is_some_and(|c| c != Cause::Abandoned)
        && f.streak_at.is_some_and(|k| k + NEAR_FLIPS > f.flips.len())
}

/// The place a finished run ended.
fn ending(cards: &CardSet, f: &RunFacts) -> Ending {
    let Some(cause) = f.cause else {
        return Ending::Won;
    };
    if cause == Cause::Abandoned {
        return Ending::Abandoned;
    }
    if let Some(d) = f.ended_in {
        return Ending::Domain(d);
    }
    if cause != Cause::Guardian {
        return Ending::GuardianDuel;
    }
    // The rules name the check that stopped the run: before the duel, the first unmet
    // check that bars the way; in it, the first (by penalty, then in order) that makes
    // the Guardian impossible to bring down.
    let unmet = f.guardian_unmet.unwrap_or(0);
    let g = &cards.guardian;
    let order: &[SealPenalty] = if f.guardian_duel {
        &[
            SealPenalty::Invulnerable,
            SealPenalty::FullHeal,
            SealPenalty::Reflect,
        ]
    } else {
        &[SealPenalty::Barred]
    };
    for pen in order {
        let checks = g.requirements.iter().chain(&g.seals).enumerate();
        for (i, s) in checks.take(MAX_CHECKS) {
            if s.penalty == *pen && unmet & (1 << i) != 0 {
                return Ending::Check(i as u8);
            }
        }
    }
    Ending::GuardianDuel
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tracker() -> Tracker {
        Tracker {
            health: 20,
            marker: 0,
            grace: 0,
            at_flip: 20,
            flow: Flow::default(),
            here: None,
            final_domain: DomainRef::new(0, "d"),
            misses: 0,
        }
    }

    fn flip(f: &mut RunFacts) {
        f.flips.push(Flip {
            card: CardRef::new(0, "c"),
            delta: 0,
            resolved: None,
        });
    }

    #[test]
    fn three_misses_in_a_row_make_a_streak_and_a_hit_ends_it() {
        let (mut t, mut f) = (tracker(), RunFacts::default());
        flip(&mut f);
        for miss in [true, true, false, true, true] {
            t.contest(&mut f, miss);
        }
        assert_eq!((f.longest_miss_streak, f.streak_at), (2, None));
        flip(&mut f);
        t.contest(&mut f, true);
        assert_eq!((f.longest_miss_streak, f.streak_at), (3, Some(2)));
    }

    #[test]
    fn a_loss_counts_as_a_streak_only_with_one_near_its_end() {
        let mut f = RunFacts {
            cause: Some(Cause::Health),
            streak_at: Some(2),
            ..RunFacts::default()
        };
        for _ in 0..4 {
            flip(&mut f);
        }
        // Card 2 of 4 is among the last three; card 1 would not be.
        assert!(lost_to_streak(&f));
        f.streak_at = Some(1);
        assert!(!lost_to_streak(&f));
        f.streak_at = Some(4);
        f.cause = Some(Cause::Abandoned);
        assert!(!lost_to_streak(&f));
        f.cause = None;
        assert!(!lost_to_streak(&f));
    }
}
