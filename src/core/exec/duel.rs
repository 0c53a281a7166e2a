//! Duels: fighting or paying a toll, rolling and rerolling, resolving an exchange, and
//! breaking off a duel that can no longer end.

use super::Exec;
use super::effects::Sourced;
use crate::cards::model::{BonusTarget, Effect, Face, Immunity, Occasion, Per};
use crate::cards::{CardRef, CardSet};
use crate::core::action::Die;
use crate::core::action::Id;
use crate::core::combat::{self, FoeStats, RollStatus, Standing, Wearing, WearingKey};
use crate::core::dice::Side;
use crate::core::event::Event;
use crate::core::legal::usable_in_duel;
use crate::core::modifiers::{
    Mods, duel_shift, fighter, foe_stats, modified_roll, mods, roll_modifier,
};
use crate::core::rules::{DIE_MAX, DIE_MIN, EXCHANGE_LIMIT, REROLL_GRACE};
use crate::core::state::{Cause, Duel, GuardianPenalties, Outcome, Phase, WearingFrom};
use rustc_hash::FxHasher;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Weak};

/// Answers kept per foe in [`KEPT`], of each kind, before its list starts again.
const KEPT_PER_FOE: usize = 32;

/// Where a duel stands for [`combat::foe_can_fall`]: the figures, the status in force, the
/// foe's HP and maximum, and the held cards' damage.
type FallKey = (WearingKey, RollStatus, i32, i32, i32);

/// One foe's kept answers: the unending check's first answers by key, and whether the foe
/// can still fall from where a duel stood (the exact search, run when no face wears it).
#[derive(Default)]
struct FoeMemo {
    wearing: Vec<(u64, WearingKey, Wearing)>,
    falls: Vec<(u64, FallKey, bool)>,
}

/// One card set's kept answers: the set (held weakly, so that no other set can take its
/// address while it is kept) and each foe's (by its card's index, the Guardian last).
type Memo = (Weak<CardSet>, Vec<FoeMemo>);

thread_local! {
    /// The unending check's answers worked out on this thread: each duel meets a new foe,
    /// but runs meet the same foes with the same few figures.
    static KEPT: RefCell<Memo> = const { RefCell::new((Weak::new(), Vec::new())) };
}

/// The kept answers for the foe of `key` (from a fresh list when `cards` is a new set).
fn with_foe<T>(cards: &Arc<CardSet>, key: &WearingKey, f: impl FnOnce(&mut FoeMemo) -> T) -> T {
    KEPT.with(|kept| {
        let (set, memo) = &mut *kept.borrow_mut();
        if !std::ptr::eq(set.as_ptr(), Arc::as_ptr(cards)) {
            *set = Arc::downgrade(cards);
            memo.clear();
        }
        let row = key
            .foe_card
            .map_or(cards.cards.len(), |c| usize::from(c.index));
        if memo.len() <= row {
            memo.resize_with(row + 1, FoeMemo::default);
        }
        f(&mut memo[row])
    })
}

/// The answer for `key` in `list`, else `work()`'s, kept. Each key is kept with its hash,
/// compared first: passing a key by then takes one compare, not a walk through its fields
/// (a walk whose branches the processor mispredicts).
fn recall<K: PartialEq + Hash, V: Copy>(
    list: &mut Vec<(u64, K, V)>,
    key: K,
    work: impl FnOnce() -> V,
) -> V {
    let mut h = FxHasher::default();
    key.hash(&mut h);
    let stamp = h.finish();
    if let Some((_, _, v)) = list.iter().find(|(s, k, _)| *s == stamp && *k == key) {
        return *v;
    }
    let v = work();
    if list.len() >= KEPT_PER_FOE {
        list.clear();
    }
    list.push((stamp, key, v));
    v
}

/// [`combat::wearing`] for `key` (`st` stands as `key` says), from this thread's memo.
fn wearing_kept(cards: &Arc<CardSet>, key: WearingKey, st: &Standing) -> Wearing {
    with_foe(cards, &key, |m| {
        recall(&mut m.wearing, key, || combat::wearing(st))
    })
}

/// [`combat::foe_can_fall`] (`st` stands as `key` says), from this thread's memo.
fn foe_falls_kept(cards: &Arc<CardSet>, key: WearingKey, st: &Standing) -> bool {
    let at = (key, st.next, st.foe_hp, st.foe_max_hp, st.item_damage);
    with_foe(cards, &key, |m| {
        recall(&mut m.falls, at, || combat::foe_can_fall(st))
    })
}

/// Whether a face's effects can take Health or add Dread ([`Standing::face_harm`]).
fn face_harm(faces: &[Face]) -> bool {
    faces.iter().any(|f| wears_down(&f.effects))
}

/// What the unending check's key for duel `d` is worked out from (see [`WearingFrom`]).
fn wearing_from(m: &Mods, d: &Duel) -> WearingFrom {
    WearingFrom {
        foe_card: d.card,
        guardian: d.guardian,
        raised: d.status.enrage > 0 || d.status.empower > 0,
        me: fighter(m),
        shift: duel_shift(m, d),
    }
}

/// The unending check's key for duel `d`: the foe's and the traveller's figures in it.
fn wearing_key(cards: &CardSet, m: &Mods, d: &Duel) -> WearingKey {
    let faces = foe_faces(cards, d);
    WearingKey {
        foe_card: d.card,
        me: fighter(m),
        foe: foe_stats(cards, d),
        shift: duel_shift(m, d),
        // Enrage and empower can lift a hit through the traveller's DEF.
        enrage_possible: d.status.enrage > 0
            || d.status.empower > 0
            || faces.iter().any(|f| f.enrage > 0 || f.empower > 0),
        full_heal: d.guardian.full_heal,
    }
}

/// How duel `d` stands for the unending check, with the figures of `key`, the traveller's
/// `health`, and no held cards' damage counted yet.
fn standing<'c>(cards: &'c CardSet, key: WearingKey, d: &Duel, health: i32) -> Standing<'c> {
    let faces = foe_faces(cards, d);
    Standing {
        faces,
        me: key.me,
        foe: key.foe,
        shift: key.shift,
        next: RollStatus {
            skip: d.status.skip,
            penalty: d.status.penalty,
        },
        enrage_possible: key.enrage_possible,
        foe_hp: d.hp,
        foe_max_hp: d.max_hp,
        full_heal: key.full_heal,
        item_damage: 0,
        health,
        face_harm: face_harm(faces),
    }
}

/// The foe's faces: its card's, or the Guardian's.
fn foe_faces<'c>(cards: &'c CardSet, d: &Duel) -> &'c [Face] {
    match d.card {
        Some(c) => &cards.card(c).faces,
        None => &cards.guardian.faces,
    }
}

/// What a fallen foe leaves to run: its card's on-defeat effects, then the foe-defeated
/// triggers in force (read from the card set in place: most falls fire no trigger, and
/// then nothing is allocated).
pub(super) struct Fallen<'a> {
    on_defeat: &'a [Effect],
    card: Option<CardRef>,
    triggered: Vec<Sourced<'a>>,
}

impl<'a> Fallen<'a> {
    /// Nothing to run (the foe stands, or the Guardian fell and the run is won).
    const NOTHING: Fallen<'static> = Fallen {
        on_defeat: &[],
        card: None,
        triggered: Vec::new(),
    };

    /// The effects, in the order they run, each with its card.
    pub(super) fn effects(self) -> impl DoubleEndedIterator<Item = Sourced<'a>> {
        let card = self.card;
        self.on_defeat
            .iter()
            .map(move |e| (e, card))
            .chain(self.triggered)
    }
}

impl<'a> Exec<'a> {
    /// `fight`: the foe in front of the traveller is duelled.
    pub(super) fn fight(&mut self) {
        if let Phase::Encounter { card } = self.s.phase {
            self.start_duel(Some(card));
        }
    }

    /// `toll`: slips past the foe by paying its toll effects.
    pub(super) fn toll(&mut self) {
        if let Phase::Encounter { card } = self.s.phase {
            let toll = self.cards().card(card).toll.as_deref().unwrap_or_default();
            self.emit(Event::FoePassed {
                card,
                how: "toll".into(),
            });
            self.run(toll, Some(card));
        }
    }

    /// `roll` in a duel: both dice alone, or the traveller's die with a Guide (the Guide
    /// rolls the foe's with `roll_foe`).
    pub(super) fn roll_exchange(&mut self) {
        let Phase::Duel(d) = &self.s.phase else {
            return;
        };
        let modifier = roll_modifier(self.s, d);
        let (skip, no_rerolls) = (d.status.skip, d.status.no_rerolls);
        if self.s.guide {
            // The same dice in the same order as alone: the traveller's first, then (at
            // the Guide's hand) the foe's.
            let traveller = (!skip).then(|| self.s.dice.peek_for(Side::Traveller));
            self.emit(Event::TravellerRolled {
                traveller,
                modifier,
                no_rerolls,
            });
            return;
        }
        self.emit_drawn(Event::ExchangeRolled {
            traveller: (!skip).then_some(0),
            foe: 0,
            modifier,
            no_rerolls,
        });
    }

    /// `roll_foe`: the Guide rolls the foe's die.
    pub(super) fn roll_foe(&mut self) {
        if matches!(&self.s.phase, Phase::Duel(d) if d.awaiting_foe.is_some()) {
            let foe = self.s.dice.peek_for(Side::Foe);
            self.emit(Event::FoeRolled { foe });
        }
    }

    /// `reroll`: one die just rolled, for a Grace or with a card's free reroll.
    pub(super) fn reroll(&mut self, die: Die, index: u8, card: Option<Id>) {
        let cards = self.cards();
        let with = card.and_then(|id| cards.card_named(id.name()));
        self.emit_drawn(Event::Rerolled {
            die,
            index,
            value: 0,
            card: with,
        });
        match with {
            Some(c) => {
                let per = cards.card(c).ability.as_ref().map_or(Per::Fight, |a| a.per);
                self.emit(Event::AbilityUsed { card: c, per });
            }
            None => self.change_grace(-REROLL_GRACE),
        }
    }

    pub(super) fn start_duel(&mut self, card: Option<CardRef>) {
        self.start_duel_with(card, GuardianPenalties::default());
    }

    /// Starts a duel with a foe card (or the Guardian, with its penalties).
    pub(super) fn start_duel_with(&mut self, card: Option<CardRef>, guardian: GuardianPenalties) {
        let cards = self.cards();
        if self.s.spent.iter().any(|(_, p)| *p == Per::Fight) {
            self.emit(Event::AbilitiesRefreshed { per: Per::Fight });
        }
        let bonus = self.s.bonus.next_duel;
        if bonus != 0 {
            self.emit(Event::BonusUsed {
                to: BonusTarget::NextDuel,
                amount: bonus,
            });
        }
        let (foe, hp) = match card {
            Some(c) => (
                c.name(),
                cards.card(c).hp.map_or(1, |hp| hp.against(self.s.health)),
            ),
            None => (cards.guardian_name(), cards.guardian.hp),
        };
        self.emit(Event::DuelStarted {
            foe,
            hp,
            card,
            guardian,
            bonus,
        });
        let work = self.triggers(Occasion::DuelStart);
        self.run_work(work);
    }

    /// Damage from a card to the foe; returns the foe's on-defeat effects if it falls.
    pub(super) fn hit_foe(&mut self, n: i32) -> Fallen<'a> {
        let Some(d) = self.s.duel() else {
            return Fallen::NOTHING;
        };
        let cards = self.cards();
        let immune = d
            .card
            .is_some_and(|c| cards.card(c).immune.contains(&Immunity::Items));
        if d.guardian.reflect {
            let cause = self.reflect_fall();
            self.change_health_or_fall(-n, cause);
            return Fallen::NOTHING;
        }
        let invulnerable = foe_stats(cards, d).invulnerable;
        if immune || invulnerable || n <= 0 {
            return Fallen::NOTHING;
        }
        let foe_hp = (d.hp - n).max(0);
        self.emit(Event::FoeHit { amount: n, foe_hp });
        if foe_hp == 0 {
            return self.defeat_foe();
        }
        Fallen::NOTHING
    }

    /// The foe falls: the Guardian wins the run; a foe card's on-defeat effects (and any
    /// foe-defeated triggers) are returned to run.
    fn defeat_foe(&mut self) -> Fallen<'a> {
        let cards = self.cards();
        let Some(d) = self.s.duel() else {
            return Fallen::NOTHING;
        };
        let card = d.card;
        let foe = card.map_or(cards.guardian_name(), CardRef::name);
        self.emit(Event::FoeDefeated { foe });
        match card {
            None => {
                self.emit(Event::RunEnded {
                    outcome: Outcome::Won,
                });
                Fallen::NOTHING
            }
            Some(c) => Fallen {
                on_defeat: &cards.card(c).on_defeat,
                card,
                triggered: self.triggers(Occasion::FoeDefeated),
            },
        }
    }

    /// Resolves the exchange just rolled (after any rerolls).
    pub(super) fn resolve_exchange(&mut self) {
        let cards = self.cards();
        // The few figures the exchange reads are copied out (not the whole duel).
        let Some(d) = self.s.duel() else {
            return;
        };
        let Some(r) = d.rolled else {
            return;
        };
        let (foe_card, hp, max_hp, exchange) = (d.card, d.hp, d.max_hp, d.exchange);
        let full_heal = d.guardian.full_heal;
        let foe = foe_stats(cards, d);
        let faces = foe_faces(cards, d);
        let mut status = d.status.clone();
        let m = mods(self.s);
        let face_ix = (r.foe.clamp(DIE_MIN as u8, DIE_MAX as u8) - 1) as usize;
        let Some(face) = faces.get(face_ix) else {
            return;
        };
        let roll = r
            .traveller
            .map(|v| modified_roll(v as i32, r.modifier) as u8);
        let strike = m.table.strike(roll);
        let attacks_miss = combat::is_attack(strike) && status.attacks < m.first_attacks_miss;
        if combat::is_attack(strike) {
            status.attacks = status.attacks.saturating_add(1);
        }
        // The foe's bonus damage: enrage always, empower when its face comes up (or on the
        // next hit when it names no face).
        let empower_now = status.empower > 0
            && status
                .empower_face
                .is_none_or(|f| f as usize == face_ix + 1);
        let would_hit = face.copy || face.deal > 0;
        let extra = status.enrage + if empower_now { status.empower } else { 0 };
        let x = combat::exchange(roll, face, fighter(&m), foe, extra, attacks_miss);
        if empower_now && would_hit && x.foe_hit {
            status.empower = 0;
            status.empower_face = None;
        }
        status.skip = face.skip_roll;
        status.penalty = face.roll_penalty;
        status.no_rerolls = face.no_rerolls;
        status.enrage += face.enrage;
        if face.empower > 0 {
            status.empower += face.empower;
            status.empower_face = face
                .empower_face
                .as_ref()
                .and_then(|n| faces.iter().position(|f| &f.name == n))
                .map(|i| i as u8 + 1);
        }
        // A shield blocks the foe's damage (not the traveller's own, reflected).
        let to_traveller = if status.shield > 0 {
            status.shield -= 1;
            0
        } else {
            x.to_traveller
        };
        let foe_hp = (hp - x.to_foe + x.foe_heal).min(max_hp);
        let foe_healed = (foe_hp - (hp - x.to_foe)).max(0);
        let health = (self.s.health - to_traveller - x.reflected).clamp(0, self.s.max_health);
        self.emit(Event::ExchangeResolved {
            exchange: exchange + 1,
            roll,
            strike,
            foe_roll: r.foe,
            face: cards.face_name(foe_card, face_ix),
            to_foe: x.to_foe,
            to_traveller,
            reflected: x.reflected,
            foe_healed,
            foe_hp: foe_hp.max(0),
            health,
            status,
        });
        if health == 0 {
            // Both falling together is a loss: the traveller must survive the exchange.
            let foe = match foe_card {
                Some(c) => cards.card(c).name.as_str(),
                None => cards.guardian.name.as_str(),
            };
            let (cause, detail) = self.reflect_fall().unwrap_or_else(|| {
                let words = combat::duel_loss(foe, &face.name, foe_hp <= 0);
                (Cause::Health, words)
            });
            self.lose(cause, detail);
            return;
        }
        // The face's own effects land with its damage, the foe's fall or not (see RULES.md).
        let own = face.effects.iter().map(|e| (e, foe_card));
        if foe_hp <= 0 {
            let fallen = self.defeat_foe();
            self.run_work(own.chain(fallen.effects()));
            return;
        }
        if full_heal && foe_hp < max_hp {
            self.emit(Event::FoeRestored { hp: max_hp });
        }
        self.run_work(own);
    }

    /// Before each exchange: a duel that can no longer end is broken off (see RULES.md).
    pub(super) fn check_unending(&mut self) {
        let Some(d) = self.s.duel() else {
            return;
        };
        let m = mods(self.s);
        let cards = self.cards();
        let from = wearing_from(&m, d);
        // Checked before every exchange, but its first answers change only with the
        // traveller's figures: remembered while they hold (the simulator's hot path).
        if let Some(&(_, w)) = self.s.wearing().filter(|(f, _)| *f == from) {
            debug_assert_eq!(
                w,
                combat::wearing(&standing(cards, wearing_key(cards, &m, d), d, 0)),
                "a remembered answer went stale"
            );
            // A foe that can still fall leaves only the exchange limit to end the duel.
            if w.foe && d.exchange < EXCHANGE_LIMIT {
                return;
            }
        }
        self.check_unending_fully(from);
    }

    /// [`Self::check_unending`] past its remembered answers: the exact check. Out of line:
    /// it runs a few times a duel, and inlined it weighed on every step's settling (the
    /// registers, stack and thread-local memo it sets up).
    #[inline(never)]
    fn check_unending_fully(&mut self, from: WearingFrom) {
        let Some(d) = self.s.duel().cloned() else {
            return;
        };
        let m = mods(self.s);
        let cards = self.cards();
        let key = wearing_key(cards, &m, &d);
        let foe = key.foe;
        let mut st = standing(cards, key, &d, self.s.health);
        let w = match self.s.wearing() {
            Some(&(f, w)) if f == from => w,
            _ => {
                let w = wearing_kept(&self.s.cards, key, &st);
                self.s.remember_wearing(from, w);
                w
            }
        };
        debug_assert_eq!(w, combat::wearing(&st), "a remembered answer went stale");
        if !w.foe {
            st.item_damage = self.item_damage(&d, foe);
        }
        let foe_can = w.foe || foe_falls_kept(&self.s.cards, key, &st);
        debug_assert_eq!(foe_can, combat::who_can_fall_wearing(&st, w).0);
        let me_can = combat::traveller_can_fall(&st, w);
        let limit = d.exchange >= EXCHANGE_LIMIT;
        match d.card {
            // Under the reflect seal alone the duel is fought as written: the traveller's
            // blows come back on them until they fall (see RULES.md).
            None if !limit && !foe_can && me_can && foe.reflect && !foe.invulnerable => {}
            None if !foe_can || limit => {
                let detail = match self.guardian_reason() {
                    Some(reason) if !foe_can => reason,
                    _ if limit => {
                        format!("The Guardian still stood after {EXCHANGE_LIMIT} exchanges.")
                    }
                    _ => "The Guardian cannot be brought down.".into(),
                };
                self.lose(Cause::Guardian, detail);
            }
            Some(c) if (!foe_can && !me_can) || limit => {
                let reason = if limit {
                    format!("{EXCHANGE_LIMIT} exchanges without an end")
                } else {
                    "neither side can harm the other".to_string()
                };
                self.emit(Event::DuelStalemate {
                    foe: c.name(),
                    reason,
                });
            }
            _ => {}
        }
    }

    /// How a fall is told in a Guardian duel under the reflect seal: the seal that turned
    /// the traveller's blows back (a Guardian loss, like every unmet seal).
    fn reflect_fall(&self) -> Option<(Cause, String)> {
        let d = self.s.duel()?;
        if d.card.is_some() || !d.guardian.reflect {
            return None;
        }
        Some((Cause::Guardian, self.guardian_reason()?))
    }

    /// Damage the traveller's held cards and companions can still deal this foe between
    /// exchanges: each ability usable now counted once (see RULES.md, "Items count").
    fn item_damage(&self, d: &Duel, foe: FoeStats) -> i32 {
        let cards = self.cards();
        let immune = d
            .card
            .is_some_and(|c| cards.card(c).immune.contains(&Immunity::Items));
        if immune || foe.invulnerable || foe.reflect {
            return 0;
        }
        usable_in_duel(self.s)
            .filter_map(|c| cards.card(c).ability.as_ref())
            .map(|a| foe_damage(&a.effects))
            .sum()
    }
}

/// Whether these effects (a face's) can take Health or add Dread: a face that carries them
/// can end the run however the exchanges go.
fn wears_down(effects: &[Effect]) -> bool {
    effects.iter().any(|e| match e {
        Effect::LoseHealth(_) | Effect::Dread(_) => true,
        Effect::If(b) => wears_down(&b.then) || wears_down(&b.otherwise),
        Effect::GuideChooses(options) => options.iter().any(|o| wears_down(&o.effects)),
        _ => false,
    })
}

/// The most damage these effects can deal the foe (the best branch of a choice).
fn foe_damage(effects: &[Effect]) -> i32 {
    effects
        .iter()
        .map(|e| match e {
            Effect::HitFoe(n) => *n,
            Effect::If(b) => foe_damage(&b.then).max(foe_damage(&b.otherwise)),
            Effect::GuideChooses(options) => options
                .iter()
                .map(|o| foe_damage(&o.effects))
                .max()
                .unwrap_or(0),
            _ => 0,
        })
        .sum()
}
