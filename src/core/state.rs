//! The state of one run, as plain data. Only [`super::apply::apply`] changes it: the
//! fields live in [`RunData`], which every module reads through [`State`] (it derefs to
//! it), and only the core's one door (`State::run_mut`) writes.

use super::dice::{Dice, DiceMode, TestDice};
use super::figures::{Fighter, Wearing};
use super::house::HouseRules;
use super::standing::Standing;
use crate::cards::model::{Effect, GuideOption, Per, SlotKind};
use crate::cards::{CardRef, CardSet, DomainRef};
use serde::{Deserialize, Serialize};
use std::ops::Deref;
use std::sync::Arc;

pub use super::rules::{
    EXCHANGE_LIMIT, EXTENDED_TALLY, GRACE_MAX, MARKER_MAX, MARKER_MIN, ROW, SLOTS,
};

/// A run in progress. Every field of [`RunData`] reads through it (`state.health`), but
/// outside the core none can be written: a run changes only by actions, whose events
/// [`super::apply::apply`] applies. This compiles:
///
/// ```
/// # use forward::cards::load::load_dir;
/// # use forward::core::new_run;
/// # let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
/// # let (cards, _) = load_dir(&dir).unwrap();
/// let (mut state, _) = new_run(std::sync::Arc::new(cards), 7, Vec::new());
/// let top = state.deck[0];
/// assert!(state.health > 0 && state.deck.contains(&top));
/// # let _ = &mut state;
/// ```
///
/// and the same with one write added does not, for the write alone:
///
/// ```compile_fail
/// # use forward::cards::load::load_dir;
/// # use forward::core::new_run;
/// # let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
/// # let (cards, _) = load_dir(&dir).unwrap();
/// let (mut state, _) = new_run(std::sync::Arc::new(cards), 7, Vec::new());
/// let top = state.deck[0];
/// assert!(state.health > 0 && state.deck.contains(&top));
/// state.health = 0; // error: cannot assign to data in dereference of `State`
/// ```
///
/// ```compile_fail
/// # use forward::cards::load::load_dir;
/// # use forward::core::new_run;
/// # let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
/// # let (cards, _) = load_dir(&dir).unwrap();
/// let (mut state, _) = new_run(std::sync::Arc::new(cards), 7, Vec::new());
/// let top = state.deck[0];
/// assert!(state.health > 0 && state.deck.contains(&top));
/// state.deck.push(top); // error: cannot borrow data in dereference of `State` as mutable
/// ```
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct State {
    run: RunData,
    /// Not game state: the unending check's first answers for the duel now, remembered
    /// while the traveller's figures stay the same (a cache of a pure function of the card
    /// set and what they are worked out from; a state without it plays the same). Never
    /// saved or sent; `execute` writes it through [`State::remember_wearing`].
    #[serde(skip)]
    wearing: Option<(WearingFrom, Wearing)>,
}

impl Deref for State {
    type Target = RunData;

    fn deref(&self) -> &RunData {
        &self.run
    }
}

/// Everything about a run in progress: the fields a [`State`] reads as its own.
#[derive(Debug, Clone, Serialize)]
pub struct RunData {
    /// The card set in play (not part of the serialised state).
    #[serde(skip)]
    pub cards: Arc<CardSet>,
    pub seed: u64,
    /// Two players: a Guide rolls for the foes and makes the choices cards give the Guide.
    /// The rules and the dice are the same as alone (see [`Role`]).
    #[serde(skip_serializing_if = "is_false")]
    pub guide: bool,
    pub dice: Dice,
    /// The house rules the run plays with (none: the rules as ruled), fixed at its start.
    #[serde(skip_serializing_if = "HouseRules::is_off")]
    pub rules: HouseRules,
    pub health: i32,
    pub max_health: i32,
    /// The Resolve/Dread marker: -4 (Dread 4) ..= +4 (Resolve 4), 0 is the neutral gap.
    pub marker: i8,
    pub grace: u8,
    pub items: Vec<CardRef>,
    pub equipment: Vec<CardRef>,
    pub companions: Vec<Follower>,
    pub snares: Vec<CardRef>,
    pub bonus: Bonuses,
    /// Abilities used up for now (per Domain, per fight, per run).
    pub spent: Vec<(CardRef, Per)>,
    /// Uses made so far of abilities with a number of uses (`uses`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<(CardRef, u8)>,
    pub domain: DomainRef,
    pub cleared: Vec<DomainRef>,
    /// The Domain deck; the next card to draw is the last.
    pub deck: Vec<CardRef>,
    /// How many cards at the top of the deck the traveller has seen.
    pub deck_seen: usize,
    pub row: [Option<RowCard>; ROW],
    /// The current Domain's discard pile.
    pub discard: Vec<CardRef>,
    /// Out of play: cleared Domains' piles and cards given away.
    pub gone: Vec<CardRef>,
    /// The card being resolved, while it is in no other zone.
    pub resolving: Option<CardRef>,
    /// The slot the card being resolved came from.
    pub flipped_slot: Option<u8>,
    pub phase: Phase,
    pub outcome: Option<Outcome>,
    pub flips: u32,
    pub exchanges: u32,
    /// The Guardian's entries (indexes into [`CardSet::entries`]) whose terms this run has
    /// learned: from rumours met, and every one at the reveal.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub learned: Vec<u8>,
    /// The Guardian has appeared (its entries were checked).
    #[serde(skip_serializing_if = "is_false")]
    pub revealed: bool,
    /// The Guardian's entries put out of reach for good before its reveal, in the order
    /// they were lost (events `TermLost`), so each is told once. Derived from the actions
    /// like the rest of the state, but not in a save's snapshot (saves written before it
    /// existed still load): the replay rebuilds it.
    #[serde(skip)]
    pub lost: Vec<u8>,
    /// Not game state: what the traveller brought to the run (the terms mode and entries
    /// learned in earlier runs). It changes what is shown, never what happens; never saved.
    #[serde(skip)]
    pub lore: Lore,
    /// Derived, not saved: the traveller's standing modifiers and the occasions triggers
    /// wait for, summed over the cards in force. [`super::apply::apply`] sums them again
    /// whenever the cards in force change (they are read a hundred times a run; the cards
    /// in force change rarely).
    #[serde(skip)]
    pub standing: Standing,
    /// Not game state: counts the changes to the cards held, the companions and the
    /// abilities spent ([`super::apply::apply`] bumps it), so that a cache of what they
    /// offer (`legal::LegalCache`) knows when to look again. Never saved.
    #[serde(skip)]
    pub held_changes: u32,
    /// Derived, not saved: whether a card held or a companion has a free reroll ready (read
    /// at every duel exchange; summed again by [`RunData::held_changed`]).
    #[serde(skip)]
    pub free_reroll: bool,
    /// Not game state: counts the events that moved a piece of the Guardian's puzzle
    /// ([`super::plan::moves_a_piece`]); `apply` bumps it, where the event is at hand, so an
    /// action compares it before and after instead of scanning its events again. Never saved.
    #[serde(skip)]
    pub piece_moves: u32,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Who is to act: the traveller, or (in a run with a Guide) the Guide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Traveller,
    Guide,
}

impl Role {
    /// The name used in the protocol.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Traveller => "traveller",
            Role::Guide => "guide",
        }
    }
}

/// A card in the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RowCard {
    pub card: CardRef,
    pub seen: Seen,
}

/// How much of a row card is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Seen {
    /// Face down and unknown.
    Hidden,
    /// Face down, but the traveller has looked at it.
    Peeked,
    /// Turned face up.
    FaceUp,
}

/// A companion and what they carry for the traveller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Follower {
    pub card: CardRef,
    pub carrying: Vec<CardRef>,
}

/// One-off bonuses waiting for their occasion.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Bonuses {
    pub next_duel: i32,
    pub next_test: i32,
    pub next_heal: i32,
}

/// What the run is waiting for.
// A tag byte of its own (`repr(u8)`): the rules and the bots ask which phase it is on every
// step, and with the tag folded into a Pit's dice list (the layout Rust picks by itself)
// each question first decodes it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[repr(u8)]
pub enum Phase {
    /// Choose a face-down card to flip (or use an item, give a card, abandon).
    Explore,
    /// A card is being resolved without a question to the player.
    Resolving { card: CardRef },
    /// An Item or Equipment was found: take, swap or decline.
    Offer { card: CardRef },
    /// Choose one of a Terror's options.
    Terror { card: CardRef },
    /// Spend Resolve at a Rest, then continue.
    Rest { card: CardRef },
    /// A Pit test in progress.
    Pit(PitTest),
    /// A foe that can be passed another way: fight, show, give or pay the toll.
    Encounter { card: CardRef },
    /// A companion who wants something before joining.
    Companion { card: CardRef },
    /// A duel in progress.
    Duel(Box<Duel>),
    /// A choice asked by an effect; `resume` is the phase to return to.
    Choice(Box<Choice>),
    /// Domain cleared: choose where to go.
    Route,
    /// The final Domain is cleared: a last moment to use and hand over cards, then
    /// `continue` to face the Guardian.
    Crossing,
    /// The run has ended.
    Over,
}

/// A Pit test in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PitTest {
    pub card: CardRef,
    pub successes: u8,
    pub failures: u8,
    /// The dice just rolled (natural values), waiting for rerolls; empty before the roll.
    pub dice: TestDice,
}

/// A choice asked in the middle of effects.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    pub kind: ChoiceKind,
    /// Effects still to run after the choice (shared with the offer's event: copied once,
    /// when the choice is asked).
    #[serde(skip)]
    pub pending: Arc<[Effect]>,
    /// The card each pending effect comes from (see [`super::event::Event::ChoiceOffered`]).
    #[serde(skip)]
    pub sources: Arc<[Option<CardRef>]>,
    /// The phase to return to after the choice.
    #[serde(skip)]
    pub resume: Phase,
}

/// The kinds of choice effects can ask.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum ChoiceKind {
    /// Put these cards (top first) back on the deck in a chosen order.
    Reorder { cards: Vec<CardRef> },
    /// Remove `left` more Snares of your choice.
    Cleanse { left: u8 },
    /// The Guide picks one of a card's options (only in a run with a Guide).
    Guide {
        /// The card whose effect asks.
        card: Option<CardRef>,
        #[serde(serialize_with = "labels")]
        options: Vec<GuideOption>,
    },
    /// The Guide picks which of these held cards the traveller loses (only with a Guide).
    Lose { cards: Vec<CardRef> },
    /// The traveller picks which of these held cards pays a Terror's discard cost; `more`
    /// are the kinds still to pay after it.
    Discard {
        cards: Vec<CardRef>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        more: Vec<SlotKind>,
    },
    /// The traveller picks `left` more face-down cards of the row to look at (`face_up`:
    /// to turn face up).
    Look { left: u8, face_up: bool },
}

impl Choice {
    /// The pending effects and their cards, to run after the choice (shared, not copied:
    /// they outlive the choice, which running them closes).
    pub fn resumed(&self) -> Resumed {
        Resumed {
            pending: Arc::clone(&self.pending),
            sources: Arc::clone(&self.sources),
        }
    }
}

/// A choice's pending effects, held apart from the state while they run.
pub struct Resumed {
    pending: Arc<[Effect]>,
    sources: Arc<[Option<CardRef>]>,
}

impl Resumed {
    /// Each effect in order, with its card.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&Effect, Option<CardRef>)> {
        self.pending.iter().zip(self.sources.iter().copied())
    }
}

fn labels<S: serde::Serializer>(options: &[GuideOption], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(options.iter().map(|o| o.label.as_str()))
}

/// A duel in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Duel {
    /// The foe's card, or `None` for the Guardian.
    pub card: Option<CardRef>,
    pub hp: i32,
    pub max_hp: i32,
    /// Exchanges completed.
    pub exchange: u32,
    /// With a Guide: the traveller has rolled, and the Guide is to roll the foe's die.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub awaiting_foe: Option<TravellerRoll>,
    /// Dice rolled this exchange, waiting for rerolls.
    pub rolled: Option<Rolls>,
    /// What carries over between exchanges.
    pub status: DuelStatus,
    /// Guardian penalties in force (all false for a Station foe).
    pub guardian: GuardianPenalties,
    /// Bonus added to every traveller roll this duel (from a Blessing).
    pub bonus: i32,
}

/// The dice of one exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rolls {
    /// The traveller's natural roll; `None` when the roll is skipped.
    pub traveller: Option<u8>,
    pub foe: u8,
    /// Added to the traveller's roll (penalties, Snares, bonuses).
    pub modifier: i32,
    /// Rerolls are forbidden this exchange.
    pub no_rerolls: bool,
}

/// The traveller's half of an exchange in a run with a Guide, before the foe's die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TravellerRoll {
    /// The traveller's natural roll; `None` when the roll is skipped.
    pub traveller: Option<u8>,
    pub modifier: i32,
    pub no_rerolls: bool,
}

/// Effects of foe faces that last beyond their exchange.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct DuelStatus {
    /// The traveller skips their next roll.
    pub skip: bool,
    /// Subtracted from the traveller's next roll.
    pub penalty: i32,
    /// No rerolls in the next exchange.
    pub no_rerolls: bool,
    /// Extra damage on every foe hit for the rest of the fight.
    pub enrage: i32,
    /// Extra damage on the foe's next hit.
    pub empower: i32,
    /// If set, the empower waits for this face (1-based die value).
    pub empower_face: Option<u8>,
    /// Attacks the traveller has made (for "first attacks miss").
    pub attacks: u8,
    /// Exchanges still shielded: the foe's damage is blocked in each (a `shield` effect).
    #[serde(skip_serializing_if = "is_zero")]
    pub shield: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// What the unending check's key ([`super::figures::WearingKey`]) is worked out from in a
/// duel, beside the card set: the foe (its card, or the Guardian with its penalties),
/// whether the foe's enrage or empower is in play already, and the traveller's figures and
/// roll shift (as in the key). The state remembers [`Wearing`] by it: comparing it before
/// every exchange is cheaper than working out the key again (the foe's numbers and faces).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WearingFrom {
    pub foe_card: Option<CardRef>,
    pub guardian: GuardianPenalties,
    pub raised: bool,
    pub me: Fighter,
    pub shift: i32,
}

/// Which Guardian penalties apply in this duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct GuardianPenalties {
    pub invulnerable: bool,
    pub full_heal: bool,
    pub reflect: bool,
}

/// How a run ended.
// A tag byte of its own (`repr(u8)`), as for [`Phase`]: whether the run is over is asked at
// every step, and with the tag folded into a loss's words it is a wide compare.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
#[repr(u8)]
pub enum Outcome {
    Won,
    Lost {
        cause: Cause,
        /// What exactly happened, in words.
        detail: String,
    },
}

/// Why a run was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// Health reached 0.
    Health,
    /// Dread passed -4.
    Dread,
    /// A Guardian requirement or seal could not be met.
    Guardian,
    /// The traveller gave up.
    Abandoned,
    /// No way on: no uncleared Domain linked from the one just cleared (a broken map), or
    /// an unbeatable foe without a toll asking for cards the traveller does not hold.
    Stranded,
}

impl Cause {
    /// The name used in the protocol.
    pub fn as_str(self) -> &'static str {
        match self {
            Cause::Health => "health",
            Cause::Dread => "dread",
            Cause::Guardian => "guardian",
            Cause::Abandoned => "abandoned",
            Cause::Stranded => "stranded",
        }
    }
}

/// How the Guardian's terms become known (a Settings choice).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TermsMode {
    /// Learned on the road: from rumours met in this run and remembered from earlier runs.
    #[default]
    Road,
    /// Shown from the start: every term is known from the first flip.
    Start,
    /// Revealed at the end, as in the paper game: every entry stays sealed until the
    /// Guardian appears.
    End,
}

impl TermsMode {
    /// Every mode, in the order Settings offers them.
    pub const ALL: [TermsMode; 3] = [TermsMode::Road, TermsMode::Start, TermsMode::End];

    /// The mode in a player's words.
    pub fn label(self) -> &'static str {
        match self {
            TermsMode::Road => "learned on the road",
            TermsMode::Start => "shown from the start",
            TermsMode::End => "revealed at the end",
        }
    }

    /// The name used on the command line and in files.
    pub fn as_str(self) -> &'static str {
        match self {
            TermsMode::Road => "road",
            TermsMode::Start => "start",
            TermsMode::End => "end",
        }
    }

    /// Reads [`TermsMode::as_str`] back.
    pub fn parse(s: &str) -> Option<TermsMode> {
        TermsMode::ALL.into_iter().find(|m| m.as_str() == s)
    }
}

/// What the traveller brought to this run: the mode, the entries learned in earlier runs
/// of the same card set (indexes into the Guardian's entries), and the Station cards met
/// in each Domain on those runs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lore {
    pub mode: TermsMode,
    pub prior: Vec<u8>,
    /// Domain (its index in the map) -> the Station cards met there on earlier runs, in
    /// the order first met. Only shown on route cards (`present::route`).
    pub seen: std::collections::BTreeMap<u8, Vec<CardRef>>,
}

impl Lore {
    /// Learned on the road, with these entries remembered.
    pub fn road(prior: Vec<u8>) -> Lore {
        Lore {
            mode: TermsMode::Road,
            prior,
            ..Lore::default()
        }
    }
}

impl State {
    /// A new run at the start of the map, before the first Domain is entered.
    /// Use [`super::new_run`] to get a run ready to play.
    pub fn blank(cards: Arc<CardSet>, seed: u64, forced: Vec<u8>) -> State {
        State::blank_in(cards, seed, forced, DiceMode::Rolled)
    }

    /// [`State::blank`] with its dice rolled or dealt.
    pub fn blank_in(cards: Arc<CardSet>, seed: u64, forced: Vec<u8>, mode: DiceMode) -> State {
        State::blank_opts(cards, seed, forced, false, mode, HouseRules::OFF)
    }

    /// [`State::blank_in`] with a Guide (`guide`) or alone, under house rules (`rules`).
    pub fn blank_opts(
        cards: Arc<CardSet>,
        seed: u64,
        forced: Vec<u8>,
        guide: bool,
        mode: DiceMode,
        rules: HouseRules,
    ) -> State {
        let t = &cards.traveller;
        // The piles' room, asked for once: they would otherwise grow step by step in
        // every run (a Domain's deck and discard hold at most its cards; what goes out of
        // play, every card of the map).
        let (most, all) = cards.domains.iter().fold((0, 0), |(most, all), d| {
            (d.stations.len().max(most), all + d.stations.len())
        });
        let mut run = RunData {
            seed,
            guide,
            dice: Dice::with_mode(seed, forced, mode),
            rules,
            health: t.health,
            max_health: t.health,
            marker: 0,
            grace: 0,
            items: Vec::new(),
            equipment: Vec::new(),
            companions: Vec::new(),
            snares: Vec::new(),
            bonus: Bonuses::default(),
            spent: Vec::new(),
            used: Vec::new(),
            domain: cards.start,
            cleared: Vec::with_capacity(cards.domains.len()),
            deck: Vec::with_capacity(most),
            deck_seen: 0,
            row: [None; ROW],
            discard: Vec::with_capacity(most),
            gone: Vec::with_capacity(all),
            resolving: None,
            flipped_slot: None,
            phase: Phase::Explore,
            outcome: None,
            flips: 0,
            exchanges: 0,
            learned: Vec::new(),
            revealed: false,
            lost: Vec::new(),
            lore: Lore::default(),
            standing: Standing::default(),
            held_changes: 0,
            free_reroll: false,
            piece_moves: 0,
            cards,
        };
        run.refresh_standing();
        State { run, wearing: None }
    }

    /// The one door to write a run's data. [`super::apply::apply`] uses it, and the tests'
    /// builder (`core::testing::StateBuilder`); a test (`imports::only_apply_opens_the_door`)
    /// holds every other file of the core to reads.
    pub(super) fn run_mut(&mut self) -> &mut RunData {
        &mut self.run
    }

    /// The table's dice: the next die the run rolls shows `value` (after any forced
    /// before it). Not a change the rules make: forced dice are the run's input, like its
    /// actions (a save logs them beside the actions), so they come in by this door.
    pub fn force_die(&mut self, value: u8) {
        self.run.dice.force(value);
    }

    /// [`State::force_die`], but ahead of any die forced before it.
    pub fn force_die_first(&mut self, value: u8) {
        self.run.dice.force_first(value);
    }

    /// What the traveller brought to the run (see [`Lore`]): not game state, so it comes
    /// in by this door, set once before the run is played.
    pub fn set_lore(&mut self, lore: Lore) {
        self.run.lore = lore;
    }

    /// A copy of this state as if the foe's die of the exchange waiting for rerolls had
    /// shown `value`: a hypothetical for weighing the odds, never played (the dice did not
    /// give it). The same state when no exchange waits.
    pub fn supposing_foe_rolled(&self, value: u8) -> State {
        let mut t = self.clone();
        if let Phase::Duel(d) = &mut t.run.phase
            && let Some(r) = d.rolled.as_mut()
        {
            r.foe = value;
        }
        t
    }

    /// The unending check's first answers remembered for the duel now (see
    /// [`super::combat::who_can_fall`]), if any.
    pub fn wearing(&self) -> Option<&(WearingFrom, Wearing)> {
        self.wearing.as_ref()
    }

    /// Remembers the unending check's first answers: the one cache `execute` writes (not
    /// game state: a pure function of the card set and `from`).
    pub(super) fn remember_wearing(&mut self, from: WearingFrom, w: Wearing) {
        self.wearing = Some((from, w));
    }
}

impl RunData {
    /// Sums the standing modifiers again (`apply` calls it after an event that changes the
    /// cards in force).
    pub(super) fn refresh_standing(&mut self) {
        // `Standing::sum` over `active_cards`, each list walked on its own (no chained
        // iterator): it runs on a few dozen events of every run.
        let cards = &*self.cards;
        let mut s = Standing::traveller(cards, &self.rules);
        for c in &self.equipment {
            s.add(cards.card(*c));
        }
        for f in &self.companions {
            s.add(cards.card(f.card));
        }
        for c in &self.snares {
            s.add(cards.card(*c));
        }
        debug_assert_eq!(s, Standing::sum(cards, &self.rules, self.active_cards()));
        self.standing = s;
    }

    /// Counts a change to the cards held (slots or hands), the companions or the abilities
    /// spent, and reads again what depends on them (`apply` calls it after each such event).
    pub(super) fn held_changed(&mut self) {
        self.held_changes = self.held_changes.wrapping_add(1);
        let cards = &*self.cards;
        let ready = |c: CardRef| {
            cards.card(c).ability.as_ref().is_some_and(|a| a.reroll) && !self.is_spent(c)
        };
        self.free_reroll = self.items.iter().chain(&self.equipment).any(|&c| ready(c))
            || self.companions.iter().any(|f| ready(f.card));
    }

    /// Whether the run has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Who is to act now. With a Guide: the Guide rolls the foe's die and picks where a
    /// card says the Guide chooses; the traveller does everything else. Alone: always the
    /// traveller.
    pub fn role(&self) -> Role {
        match &self.phase {
            Phase::Duel(d) if d.awaiting_foe.is_some() => Role::Guide,
            Phase::Choice(c)
                if matches!(c.kind, ChoiceKind::Guide { .. } | ChoiceKind::Lose { .. }) =>
            {
                Role::Guide
            }
            _ => Role::Traveller,
        }
    }

    /// The duel in progress, if any.
    pub fn duel(&self) -> Option<&Duel> {
        match &self.phase {
            Phase::Duel(d) => Some(d),
            _ => None,
        }
    }

    /// Whether the traveller holds the card in a slot or a companion carries it.
    pub fn holds(&self, id: &str) -> bool {
        self.items
            .iter()
            .chain(&self.equipment)
            .any(|c| c.id() == id)
            || self
                .companions
                .iter()
                .any(|f| f.carrying.iter().any(|c| c.id() == id))
    }

    /// Whether the companion follows the traveller.
    pub fn follows(&self, id: &str) -> bool {
        self.companions.iter().any(|f| f.card.id() == id)
    }

    /// Cards whose passive modifiers and triggers are in force: equipment, companions and
    /// snares. (Items act only when used.)
    pub fn active_cards(&self) -> impl Iterator<Item = CardRef> + Clone + '_ {
        self.equipment
            .iter()
            .copied()
            .chain(self.companions.iter().map(|f| f.card))
            .chain(self.snares.iter().copied())
    }

    /// Uses left of a card's ability that has a number of uses (`None`: no such limit).
    pub fn uses_left(&self, card: CardRef) -> Option<u8> {
        let limit = self.cards.card(card).ability.as_ref()?.uses?;
        let made = self
            .used
            .iter()
            .find(|(c, _)| *c == card)
            .map_or(0, |u| u.1);
        Some(limit.saturating_sub(made))
    }

    /// Whether an ability is used up for now.
    pub fn is_spent(&self, card: CardRef) -> bool {
        self.spent.iter().any(|(c, _)| *c == card)
    }
}
