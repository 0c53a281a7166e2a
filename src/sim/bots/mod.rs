//! The `greedy` and `planner` bots.
//!
//! `greedy` is a sensible first-time player: it reads the cards in front of it and the
//! foe's printed faces, but knows nothing of what lies ahead or of the Guardian's puzzle.
//! `planner` is a veteran who has read every card: it plans a route through the Domains
//! that hold the pieces the Guardian's requirements and seals ask for, keeps those pieces,
//! and otherwise plays like `greedy`. Their heuristics are listed in docs/SIMULATOR.md.

mod worth;

use super::policy::{BotRng, Policy};
use crate::cards::intern::Name;
use crate::cards::model::{Effect, Face, Payment, Per, SlotKind, StationType};
use crate::cards::{CardRef, DomainRef};
use crate::core::action::Id;
use crate::core::combat;
use crate::core::figures::{Fighter, FoeStats};
use crate::core::state::{ChoiceKind, Phase};
use crate::core::{Action, Die, Lore, Observation, Price, Slot, SpendFor, TermsMode};
use worth::{
    LOOK_AHEAD_HEALTH, amount_value, card_value, companion_wants, effects_value, snare_badness,
};

/// Heuristic and planner share everything but the route and the pieces they keep.
#[derive(Debug, Clone, Default)]
pub struct Heuristic {
    /// The planner's route (Domains still to enter, in order) and the pieces it keeps.
    plan: Option<Plan>,
    /// The informed bot: plans only for the Guardian's entries it knows.
    informed: Option<Informed>,
    /// When the planner pays for a paid peek (house rule `paid-peek`).
    buying: Buying,
}

/// When a bot pays for a paid peek (house rule `paid-peek`), if a look would help at all
/// (no good card known in the row, at least two unknown). `Never` declines the rule
/// outright, a free look included, so it plays exactly the game without the rule.
/// `Within(d)` buys while paying leaves it within `d` steps of the top of the price's
/// track: a Resolve price, the marker after paying at least `MARKER_MAX - 1 - d`; a Health
/// price, Health before paying at least its maximum less `d`. `Within(0)` is the planner's
/// own rule (Resolve 3 or more kept, Health full), and a free look is always taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Buying {
    Never,
    Within(i32),
}

impl Default for Buying {
    fn default() -> Buying {
        Buying::Within(0)
    }
}

impl Buying {
    /// Whether a peek at this price is bought, where the bot stands.
    fn buys(self, price: Price, view: &Observation) -> bool {
        let Buying::Within(d) = self else {
            return false;
        };
        match price {
            Price::Resolve(0) | Price::Health(0) => true,
            Price::Resolve(n) => {
                i32::from(view.marker()) - i32::from(n) >= i32::from(PEEK_KEEP_RESOLVE) - d
            }
            Price::Health(_) => view.health() >= view.max_health() - PEEK_HEALTH_SLACK - d,
        }
    }
}

/// What the informed bot knows and remembers, as a player does.
#[derive(Debug, Clone, Default)]
struct Informed {
    mode: TermsMode,
    /// Every run starts knowing nothing (a first-ever run each time).
    first_ever: bool,
    /// Entries learned in earlier runs of this bot (indexes), brought to the next run.
    memory: Vec<u8>,
    /// The known entries (bit i: entry i) the plan was made for.
    planned_for: u32,
}

#[derive(Debug, Clone, Default)]
struct Plan {
    route: Vec<DomainRef>,
    /// Cards the Guardian's conditions need (a handful: a list beats a hash set).
    pieces: Vec<Name>,
    /// The next step of the route.
    next: usize,
    /// Address of the card set the plan was made for.
    for_set: usize,
}

impl Heuristic {
    /// A first-time player.
    pub fn greedy() -> Self {
        Heuristic::default()
    }
    /// A veteran who knows the Guardian's puzzle.
    pub fn planner() -> Self {
        Heuristic {
            plan: Some(Plan::default()),
            ..Heuristic::default()
        }
    }

    /// The same bot, paying for a paid peek as `b` says.
    pub fn buying(self, b: Buying) -> Self {
        Heuristic { buying: b, ..self }
    }
    /// A player who knows of the Guardian only what the traveller is shown (`mode`), and
    /// remembers what its runs learned unless every run is a `first_ever` one; it plans as
    /// the planner does for the entries it knows.
    pub fn informed(mode: TermsMode, first_ever: bool) -> Self {
        Heuristic {
            plan: Some(Plan::default()),
            informed: Some(Informed {
                mode,
                first_ever,
                ..Informed::default()
            }),
            ..Heuristic::default()
        }
    }

    /// The informed bot: plans again when what it knows has changed, from where it stands.
    fn replan(&mut self, view: &Observation) {
        let Some(inf) = &mut self.informed else {
            return;
        };
        // What the card shows, and what the player remembers having read at earlier
        // reveals (with the terms revealed at the end, the card shows nothing before the
        // Guardian appears, but a player who has seen it before remembers).
        let mut known = view.known_mask();
        if !inf.first_ever {
            for &e in inf.memory.iter().filter(|&&e| e < 32) {
                known |= 1 << e;
            }
        }
        if known == inf.planned_for && self.plan.as_ref().is_some_and(|p| p.for_set != 0) {
            return;
        }
        inf.planned_for = known;
        self.plan = Some(plan_from(view, known));
    }

    /// The entries the bot plans for: those it knows (informed), or all (planner).
    fn wanted(&self, view: &Observation) -> u32 {
        match &self.informed {
            Some(inf) => inf.planned_for,
            None => {
                let n = view.cards().entry_count().min(32);
                (0..n).fold(0, |m, i| m | 1 << i)
            }
        }
    }

    fn is_piece(&self, card: CardRef) -> bool {
        self.plan
            .as_ref()
            .is_some_and(|p| p.pieces.contains(&card.name()))
    }

    fn keep_value(&self, card: CardRef, view: &Observation) -> f32 {
        if self.is_piece(card) || companion_wants(view, card) {
            1000.0
        } else {
            card_value(view.cards().card(card), view)
        }
    }
}

impl Policy for Heuristic {
    fn lore(&self) -> Lore {
        match &self.informed {
            Some(inf) => Lore {
                mode: inf.mode,
                prior: if inf.first_ever {
                    Vec::new()
                } else {
                    inf.memory.clone()
                },
                ..Lore::default()
            },
            None => Lore::default(),
        }
    }

    fn end(&mut self, view: &Observation) {
        if let Some(inf) = &mut self.informed {
            for e in view.to_remember() {
                if !inf.memory.contains(&e) {
                    inf.memory.push(e);
                }
            }
        }
    }

    fn start(&mut self, view: &Observation) {
        if self.informed.is_some() {
            if let Some(inf) = &mut self.informed {
                inf.planned_for = u32::MAX;
            }
            self.replan(view);
            return;
        }
        if self.plan.is_some() {
            self.plan = Some(plan_from(view, self.wanted(view)));
        }
    }

    // Inlined into the step loop of a batch of heuristic bots (see `batch::simulate_in`).
    #[inline]
    fn choose(&mut self, view: &Observation, actions: &[Action], rng: &mut BotRng) -> usize {
        // Only the informed bot plans again on the road (asked here: greedy makes no call).
        if self.informed.is_some() {
            self.replan(view);
        }
        match view.phase() {
            Phase::Explore | Phase::Route | Phase::Crossing => self.explore(view, actions, rng),
            Phase::Offer { card } => self.offer(view, *card, actions),
            Phase::Terror { card } => self.terror(view, *card, actions),
            Phase::Rest { .. } => rest(view, actions),
            Phase::Pit(t) => pit(view, t, actions),
            Phase::Encounter { .. } => {
                if let Some(i) = find(actions, |a| {
                    matches!(a, Action::Show { .. } | Action::Give { .. })
                }) {
                    return i;
                }
                if let Some(i) = find(actions, |a| matches!(a, Action::Fight)) {
                    return i;
                }
                find(actions, |a| matches!(a, Action::Toll)).unwrap_or(0)
            }
            Phase::Companion { .. } => find(actions, |a| {
                matches!(a, Action::Show { .. } | Action::Give { .. })
            })
            .or_else(|| find(actions, |a| matches!(a, Action::Decline)))
            .unwrap_or(0),
            Phase::Duel(d) => match d.rolled {
                None => self.before_roll(view, actions),
                Some(_) => self.reroll(view, actions),
            },
            Phase::Choice(c) => choice(view, &c.kind, actions),
            Phase::Resolving { .. } | Phase::Over => 0,
        }
    }
}

/// The index of the first action `pred` accepts.
fn find(actions: &[Action], pred: impl Fn(&Action) -> bool) -> Option<usize> {
    actions.iter().position(pred)
}

impl Heuristic {
    /// Between moments (exploring, choosing a route, at a crossing): a gift first, then the
    /// first use worth making, then the phase's own move.
    fn explore(&mut self, view: &Observation, actions: &[Action], rng: &mut BotRng) -> usize {
        // One pass: a gift comes first, then the first use worth making; the flips
        // are scored on the way for when neither is offered.
        let mut useful = None;
        let mut flips = Flips::new();
        for (i, a) in actions.iter().enumerate() {
            match a {
                Action::Give { .. } => return i,
                Action::Use { card }
                    if useful.is_none() && self.worth_using(view, *card, false) =>
                {
                    useful = Some(i)
                }
                Action::Flip { slot } => flips.offer(i, flip_score(view, *slot as usize)),
                _ => {}
            }
        }
        if let Some(i) = useful {
            return i;
        }
        match view.phase() {
            Phase::Route => return self.route(view, actions, rng),
            Phase::Crossing => {
                return find(actions, |a| matches!(a, Action::Continue)).unwrap_or(0);
            }
            _ => {}
        }
        if self.plan.is_some()
            && let Some(i) = peek_worth(view, actions, self.buying)
        {
            return i;
        }
        flips.pick(rng)
    }

    /// An item or equipment on offer: take it into a free slot, else swap out the held card
    /// worth least if the new one is worth more, else decline.
    fn offer(&self, view: &Observation, card: CardRef, actions: &[Action]) -> usize {
        if let Some(i) = find(actions, |a| matches!(a, Action::Take)) {
            return i;
        }
        let new = self.keep_value(card, view);
        let kind = if view.cards().card(card).card_type == StationType::Equipment {
            view.equipment()
        } else {
            view.items()
        };
        let (worst, worst_v) = kind
            .iter()
            .enumerate()
            .map(|(i, c)| (i, self.keep_value(*c, view)))
            .fold((0, f32::MAX), |a, b| if b.1 < a.1 { b } else { a });
        if new > worst_v
            && let Some(i) = find(
                actions,
                |a| matches!(a, Action::Swap { slot } if *slot == worst as u8),
            )
        {
            return i;
        }
        find(actions, |a| matches!(a, Action::Decline)).unwrap_or(0)
    }

    /// A Terror: the option worth most, its costs counted and a lethal one shunned.
    fn terror(&self, view: &Observation, card: CardRef, actions: &[Action]) -> usize {
        let c = view.cards().card(card);
        let mut best = (0, f32::MIN);
        for (i, a) in actions.iter().enumerate() {
            if let Action::Choose { option } = a {
                let o = &c.options[*option as usize];
                let mut v = effects_value(&o.effects, view);
                let lethal: f32 = o
                    .effects
                    .iter()
                    .map(|e| match e {
                        Effect::LoseHealth(a) => amount_value(a, 0),
                        _ => 0.0,
                    })
                    .sum();
                if lethal >= view.health() as f32 {
                    v -= 1000.0;
                }
                for p in &o.cost {
                    v -= match p {
                        Payment::SpendResolve(n) => 2.5 * *n as f32,
                        Payment::SpendGrace(n) => 3.0 * *n as f32,
                        Payment::Discard(k) => {
                            let first = match k {
                                SlotKind::Item => view.items().first(),
                                SlotKind::Equipment => view.equipment().first(),
                            };
                            first.map_or(0.0, |c| self.keep_value(*c, view))
                        }
                    };
                }
                if v > best.1 {
                    best = (i, v);
                }
            }
        }
        best.0
    }

    /// A duel before the roll: the first use worth making, else the roll.
    fn before_roll(&self, view: &Observation, actions: &[Action]) -> usize {
        let mut roll = None;
        for (i, a) in actions.iter().enumerate() {
            match a {
                Action::Use { card } if self.worth_using(view, *card, true) => return i,
                Action::Roll => {
                    roll.get_or_insert(i);
                }
                _ => {}
            }
        }
        roll.unwrap_or(0)
    }
}

/// A Rest: heal when hurt enough, else buy Grace with Resolve to spare, else go on.
fn rest(view: &Observation, actions: &[Action]) -> usize {
    let missing = view.max_health() - view.health();
    let heal = find(actions, |a| {
        matches!(
            a,
            Action::Spend {
                purpose: SpendFor::Heal
            }
        )
    });
    let grace = find(actions, |a| {
        matches!(
            a,
            Action::Spend {
                purpose: SpendFor::Grace
            }
        )
    });
    if missing >= 5
        && let Some(i) = heal
    {
        return i;
    }
    if view.marker() >= 2
        && let Some(i) = grace
    {
        return i;
    }
    find(actions, |a| matches!(a, Action::Continue)).unwrap_or(0)
}

/// A Pit test: roll, then reroll the lowest die while the total fails.
fn pit(view: &Observation, t: &crate::core::state::PitTest, actions: &[Action]) -> usize {
    if t.dice.is_empty() {
        return find(actions, |a| matches!(a, Action::Roll)).unwrap_or(0);
    }
    let test = view.cards().card(t.card).test.as_ref();
    let shift = view.test_modifier();
    let total: i32 = t.dice.iter().map(|&d| d as i32).sum::<i32>() + shift;
    let failing = test.is_some_and(|x| total < x.target);
    if failing {
        let low = t
            .dice
            .iter()
            .enumerate()
            .min_by_key(|(_, d)| **d)
            .map_or(0, |(i, _)| i as u8);
        if let Some(i) = find(
            actions,
            |a| matches!(a, Action::Reroll { die: Die::Test, index, .. } if *index == low),
        ) {
            return i;
        }
    }
    find(actions, |a| matches!(a, Action::Continue)).unwrap_or(0)
}

/// A choice the rules ask of the traveller.
fn choice(view: &Observation, kind: &ChoiceKind, actions: &[Action]) -> usize {
    match kind {
        // Only a run with a Guide asks the Guide; a bot playing the Guide's part
        // takes the first option.
        ChoiceKind::Reorder { .. } | ChoiceKind::Guide { .. } | ChoiceKind::Lose { .. } => 0,
        // The leftmost card, as the rules took before the traveller could pick.
        ChoiceKind::Discard { .. } | ChoiceKind::Look { .. } => 0,
        ChoiceKind::Cleanse { .. } => {
            let cards = view.cards();
            let mut best = (0, f32::MIN);
            for (i, a) in actions.iter().enumerate() {
                if let Action::Cleanse { card } = a
                    && let Some(c) = cards.card_by_str(card)
                {
                    let b = snare_badness(cards.card(c));
                    if b > best.1 {
                        best = (i, b);
                    }
                }
            }
            best.0
        }
    }
}

impl Heuristic {
    /// Whether using the ability of this held card (an offered `use`) is worth it now.
    /// Inlined: it is asked of every offered `use` at most steps, and the call's register
    /// saving cost a fifth of its work.
    #[inline(always)]
    fn worth_using(&self, view: &Observation, card: Id, in_duel: bool) -> bool {
        let cards = view.cards();
        let Some(c) = held_card(view, card).or_else(|| cards.card_by_str(&card)) else {
            return false;
        };
        let Some(ab) = &cards.card(c).ability else {
            return false;
        };
        // A puzzle piece in a slot is kept: a one-time use would discard it.
        if self.is_piece(c) && ab.per == Per::Once {
            return false;
        }
        let missing = view.max_health() - view.health();
        let mut worth = false;
        for e in &ab.effects {
            match e {
                Effect::Heal(amount) => {
                    let n = amount_value(amount, missing);
                    worth |= missing as f32 >= n.min(8.0) || view.health() <= 6;
                }
                Effect::HitFoe(_) => worth |= in_duel,
                Effect::Resolve(_) => worth |= view.marker() <= -2,
                Effect::Peek(_) | Effect::Reveal(_) => {
                    // A look ahead that is gone once used is saved for a tight spot.
                    let tight = ab.per != Per::Once || view.health() <= LOOK_AHEAD_HEALTH;
                    worth |= tight && !in_duel && (0..3).any(|s| view.slot(s) == Slot::Hidden)
                }
                Effect::Cleanse(_) => worth |= !view.snares().is_empty(),
                _ => {}
            }
        }
        worth
    }

    /// Where to go next: the planner follows its route; greedy goes sideways (more finds)
    /// while strong and straight up when hurt.
    fn route(&mut self, view: &Observation, actions: &[Action], rng: &mut BotRng) -> usize {
        let cards = view.cards();
        // At each crossroads the plan is made again from where the traveller stands: the
        // exact planner's best route now, after whatever the road has taken.
        if self.plan.is_some() {
            self.plan = Some(plan_from(view, self.wanted(view)));
        }
        if let Some(plan) = &mut self.plan {
            while let Some(next) = plan.route.get(plan.next) {
                if view.cleared().contains(next) || *next == view.domain() {
                    plan.next += 1;
                    continue;
                }
                if let Some(i) = actions
                    .iter()
                    .position(|a| matches!(a, Action::Go { domain } if *domain == Id::from(*next)))
                {
                    return i;
                }
                break;
            }
        }
        let here = cards.domain(view.domain()).row;
        let strong = view.health() >= 14 && view.marker() >= 0;
        // Whether an offered `go` goes sideways (`None`: not a `go` to a known Domain).
        let sideways = |a: &Action| match a {
            Action::Go { domain } => go_domain(view, *domain).map(|d| cards.domain(d).row == here),
            _ => None,
        };
        // Sideways when strong, up when not; any `go` when none goes the way wanted. The
        // pool is counted, then its drawn member found, in the order offered.
        let (mut wanted, mut all) = (0, 0);
        for s in actions.iter().filter_map(sideways) {
            all += 1;
            wanted += usize::from(s == strong);
        }
        let any = wanted == 0;
        let n = if any { all } else { wanted };
        if n == 0 {
            return 0;
        }
        let k = rng.below(n);
        actions
            .iter()
            .enumerate()
            .filter(|(_, a)| sideways(a).is_some_and(|s| any || s == strong))
            .nth(k)
            .map_or(0, |(i, _)| i)
    }

    /// In a duel's reroll window: reroll the die whose reroll most improves the expected
    /// exchange, if the gain is worth a Grace.
    fn reroll(&self, view: &Observation, actions: &[Action]) -> usize {
        let cont = actions
            .iter()
            .position(|a| matches!(a, Action::Continue))
            .unwrap_or(0);
        let Some(d) = view.duel() else { return cont };
        let Some(r) = d.rolled else { return cont };
        let cards = view.cards();
        let m = view.mods();
        let w = Weigh {
            faces: match d.card {
                Some(c) => &cards.card(c).faces,
                None => &cards.guardian.faces,
            },
            me: crate::core::modifiers::fighter(&m),
            foe: crate::core::foe_stats(cards, d),
            extra: d.status.enrage,
            health: view.health(),
            foe_hp: d.hp,
        };
        let roll_of = |t: u8| (t as i32 + r.modifier).clamp(1, 6) as u8;
        let mine = r.traveller.map(roll_of);
        let now = w.value(mine, r.foe);
        // Each exchange is worked out once: the dice as they stand are `now`, and an
        // exchange reads the traveller's roll only through its strike (3 and 4 both hit; the
        // modifier clamps some dice to the same roll), so each strike is worked out once.
        // Summed in die order from -0.0, as `Iterator::sum` does (the same floats): a plain
        // loop keeps the standing in registers, where a summed range called a closure per die.
        let traveller_avg = || {
            let strike = |roll: Option<u8>| w.me.table.strike(roll) as usize;
            let mut by_strike = [None; STRIKES];
            by_strike[strike(mine)] = Some(now);
            let mut sum = -0.0f32;
            for t in 1..7 {
                let roll = Some(roll_of(t));
                sum += *by_strike[strike(roll)].get_or_insert_with(|| w.value(roll, r.foe));
            }
            sum / 6.0
        };
        let foe_avg = || {
            let mut sum = -0.0f32;
            for f in 1..7 {
                sum += if f == r.foe { now } else { w.value(mine, f) };
            }
            sum / 6.0
        };
        // A die offered twice (Grace and a card's free reroll) is averaged once.
        let (mut traveller, mut foe_side) = (None, None);
        let mut best = (cont, 0.0f32);
        for (i, a) in actions.iter().enumerate() {
            let Action::Reroll { die, .. } = a else {
                continue;
            };
            let avg = match die {
                Die::Traveller => *traveller.get_or_insert_with(traveller_avg),
                Die::Foe => *foe_side.get_or_insert_with(foe_avg),
                Die::Test => continue,
            };
            let gain = avg - now;
            if gain > best.1 + 1.5 {
                best = (i, gain);
            }
        }
        best.0
    }
}

/// How a duel stands in a reroll window, for weighing one exchange.
struct Weigh<'a> {
    faces: &'a [Face],
    me: Fighter,
    foe: FoeStats,
    /// Damage the foe's enrage adds to each hit.
    extra: i32,
    health: i32,
    foe_hp: i32,
}

impl Weigh<'_> {
    /// The exchange's worth for the traveller's modified roll and the foe's natural die:
    /// damage dealt (a blow that fells the foe counts more) less damage taken (a lethal one
    /// counts as a loss). Inlined: a reroll window weighs up to a dozen exchanges, and the
    /// call's saving and reloading of the standing cost as much as the exchange itself.
    #[inline(always)]
    fn value(&self, roll: Option<u8>, f: u8) -> f32 {
        let Some(face) = self.faces.get((f.clamp(1, 6) - 1) as usize) else {
            return 0.0;
        };
        let x = combat::exchange(roll, face, self.me, self.foe, self.extra, false);
        let taken = x.to_traveller + x.reflected;
        let mut v = x.to_foe as f32 * 1.2 - taken as f32;
        if taken >= self.health {
            v -= 100.0;
        }
        if x.to_foe >= self.foe_hp {
            v += 10.0;
        }
        v
    }
}

/// How good a row card is to flip now: a known good card 3 (`GOOD_FLIP`), a known quiet
/// one 2, an unknown one 1, a known bad one 0; `None` for an empty slot.
fn flip_score(view: &Observation, slot: usize) -> Option<i32> {
    Some(match view.slot(slot) {
        Slot::Known(c) => match view.cards().card(c).card_type {
            StationType::Item
            | StationType::Equipment
            | StationType::Blessing
            | StationType::Companion => GOOD_FLIP,
            StationType::Rest if view.marker() >= 1 => GOOD_FLIP,
            StationType::Caesura | StationType::Rest => 2,
            _ => 0,
        },
        Slot::Hidden => 1,
        Slot::Empty => return None,
    })
}

/// The best flips offered, in the order offered: a known good card, else an unknown one,
/// else a known bad one. At most three flips are offered: they fit in a small array.
struct Flips {
    best: [usize; crate::core::state::ROW],
    n: usize,
    score: i32,
}

impl Flips {
    fn new() -> Flips {
        Flips {
            best: [0; crate::core::state::ROW],
            n: 0,
            score: i32::MIN,
        }
    }

    /// The flip at action `i`, scored by [`flip_score`] (`None`: an empty slot).
    fn offer(&mut self, i: usize, score: Option<i32>) {
        let Some(score) = score else { return };
        if score > self.score {
            self.score = score;
            self.n = 0;
        }
        if score == self.score && self.n < self.best.len() {
            self.best[self.n] = i;
            self.n += 1;
        }
    }

    /// One of the best flips, at random (the first action when none is offered).
    fn pick(&self, rng: &mut BotRng) -> usize {
        if self.n == 0 {
            return 0;
        }
        self.best[rng.below(self.n)]
    }
}

/// How many kinds of [`Strike`](crate::core::Strike) there are (the reroll's memo by strike).
const STRIKES: usize = 6;
const _: () = assert!(crate::core::Strike::Skipped as usize + 1 == STRIKES);

/// The score of a card the bots flip at once when they see it.
const GOOD_FLIP: i32 = 3;
/// Resolve the planner keeps after paying for a peek: Resolve buys Health and Grace at
/// Rests, so it peeks only with Resolve near the top of the track (where more would be
/// lost to the cap).
const PEEK_KEEP_RESOLVE: i8 = crate::core::rules::MARKER_MAX - 1;
/// Health the planner may be missing before it pays for a peek in Health (0: only at full
/// Health, where the next heal would overflow anyway).
const PEEK_HEALTH_SLACK: i32 = 0;

/// The planner's and the informed bot's paid peek (house rule `paid-peek`), when worth its
/// price: no good card is known in the row, at least two are unknown (a look then decides
/// between them; a free look is always taken), and the price leaves enough Resolve or
/// Health (`buying`). `None`: flip without looking.
fn peek_worth(view: &Observation, actions: &[Action], buying: Buying) -> Option<usize> {
    let (i, price) = actions.iter().enumerate().find_map(|(i, a)| match a {
        Action::Peek { price, .. } => Some((i, *price)),
        _ => None,
    })?;
    let scores: Vec<i32> = (0..crate::core::state::ROW)
        .filter_map(|s| flip_score(view, s))
        .collect();
    if scores.contains(&GOOD_FLIP) {
        return None;
    }
    if matches!(price, Price::Resolve(0) | Price::Health(0)) {
        return buying.buys(price, view).then_some(i);
    }
    let hidden = scores.iter().filter(|&&s| s == 1).count();
    (hidden >= 2 && buying.buys(price, view)).then_some(i)
}

/// The plan for the entries in `want` (bit i: entry i) from where the traveller stands:
/// the exact planner's route (`core::plan::route_for`, through the Domains still to enter,
/// each piece after its price) and the pieces to keep. No route: an empty one (the bot
/// then goes as greedy does, keeping the pieces).
fn plan_from(view: &Observation, want: u32) -> Plan {
    Plan {
        route: view.route_for(want).unwrap_or_default(),
        pieces: view
            .pieces_for(want)
            .into_iter()
            .map(CardRef::name)
            .collect(),
        next: 0,
        for_set: 1,
    }
}

/// The Domain an offered `go` names: one of this Domain's links, found by the interned
/// name (no hashing), else by its text.
fn go_domain(view: &Observation, id: Id) -> Option<DomainRef> {
    let cards = view.cards();
    let links = &cards.domain(view.domain()).links;
    links
        .iter()
        .copied()
        .find(|&d| Id::from(d) == id)
        .or_else(|| cards.domain_by_str(&id))
}

/// The held card (or companion) an offered action names, found by the interned name
/// without hashing the text; `None` for an id not held. Plain loops: it is asked at most
/// steps, where a chain of iterators costs a branch per card.
fn held_card(view: &Observation, id: Id) -> Option<CardRef> {
    let same = |c: &CardRef| Id::from(*c) == id;
    for held in [view.items(), view.equipment()] {
        if let Some(c) = held.iter().find(|c| same(c)) {
            return Some(*c);
        }
    }
    view.companions().iter().map(|f| f.card).find(same)
}
