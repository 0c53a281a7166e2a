//! What the Guide's page is sent: the Guide's view of the run now (the row and the next
//! cards with what the traveller has seen of them, the notes, the foe, the traveller, the
//! Guardian's terms, the Guide's offered actions and what the Guide does now).

use crate::core::state::{Role, State};
use crate::core::{Action, dice_rolled, legal_actions};
use crate::present::journal::{NoteEntry, card_entry, notes_journal, route_notes};
use crate::present::prompt;
use crate::present::words::{Voice, face_summary_as, guide_label};
use crate::session::Session;
use serde::Serialize;

/// One of the Guide's actions as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct Offered {
    pub action: Action,
    pub label: String,
    /// The page offers physical dice for it (the foe's roll and rerolls).
    pub die: bool,
    /// How many dice it rolls: typed dice must be exactly this many.
    pub dice: usize,
}

/// A card of the row or the deck, for the page: its notes, its rules text and, for a
/// foe, its Health.
#[derive(Debug, Clone, Serialize)]
pub struct Slot {
    /// Face down to the traveller and never seen by them (a card a peek, a look at the
    /// deck, a reorder or the Guide has shown them is not).
    pub hidden: bool,
    /// The Guide has shown it to the traveller.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub shown: bool,
    pub entry: NoteEntry,
    /// The card's rules text, told of the traveller in the third person.
    pub text: String,
    /// A foe's Health, in words ("4", "the traveller's Health").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hp: Option<String>,
    /// The card's picture (an icon the page loads from `/icon/NAME`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub art: Option<&'static str>,
}

impl Slot {
    /// Marked as shown to the traveller when the Guide has shown it (`told`: their ids).
    fn told(mut self, told: &std::collections::BTreeSet<String>) -> Slot {
        if told.contains(&self.entry.card) {
            self.shown = true;
            self.hidden = false;
        }
        self
    }

    fn of(
        cards: &crate::cards::CardSet,
        c: crate::cards::CardRef,
        hidden: bool,
        flip: u32,
    ) -> Slot {
        let card = cards.card(c);
        Slot {
            hidden,
            shown: false,
            entry: card_entry(cards, c, flip),
            // The page tells of the traveller in the third person, the cards' words too.
            text: crate::present::person::third_person(&card.text),
            art: crate::cards::art::for_card(card.art.as_ref(), card.card_type),
            hp: card.hp.map(|hp| match hp {
                crate::cards::model::FoeHp::Fixed(n) => n.to_string(),
                crate::cards::model::FoeHp::Health(_) => "the traveller's Health".into(),
            }),
        }
    }
}

/// The traveller as the Guide's panel shows them.
#[derive(Debug, Clone, Serialize)]
pub struct Traveller {
    pub health: i32,
    pub max_health: i32,
    /// The Resolve/Dread marker in words ("Resolve 2", "Dread 1", "neither").
    pub standing: String,
    pub grace: u8,
    pub items: Vec<String>,
    pub equipment: Vec<String>,
    /// Each companion, with what they carry.
    pub companions: Vec<String>,
    pub snares: Vec<String>,
}

impl Traveller {
    fn of(s: &State) -> Traveller {
        let names =
            |v: &[crate::cards::CardRef]| v.iter().map(|&c| s.cards.card(c).name.clone()).collect();
        Traveller {
            health: s.health,
            max_health: s.max_health,
            standing: crate::present::words::marker_words(s.marker),
            grace: s.grace,
            items: names(&s.items),
            equipment: names(&s.equipment),
            companions: s
                .companions
                .iter()
                .map(|f| {
                    let name = s.cards.card(f.card).name.clone();
                    match f.carrying.as_slice() {
                        [] => name,
                        held => {
                            let held: Vec<String> = names(held);
                            format!("{name} (carrying {})", held.join(", "))
                        }
                    }
                })
                .collect(),
            snares: names(&s.snares),
        }
    }
}

/// One of the Guardian's terms for the Guide: where it stands by the core's own plan (the
/// Guide sees every term, learned by the traveller or not).
#[derive(Debug, Clone, Serialize)]
pub struct Term {
    pub name: String,
    pub status: crate::core::plan::TermStatus,
    /// Why it is out of reach, once lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// Whether the traveller knows its terms.
    pub known: bool,
}

impl Term {
    fn all(s: &State) -> Vec<Term> {
        (0..s.cards.entries().count())
            .filter_map(|i| {
                let ix = u8::try_from(i).ok()?;
                let entry = s.cards.entry(ix)?;
                let (status, gap) = crate::core::plan::status(s, ix);
                Some(Term {
                    name: entry.name.clone(),
                    status,
                    why: gap.map(|g| g.now(s)),
                    known: crate::core::lore::known(s, ix),
                })
            })
            .collect()
    }
}

/// The foe in a duel, for the Guide's panel.
#[derive(Debug, Clone, Serialize)]
pub struct FoeNow {
    pub name: String,
    pub hp: i32,
    pub max_hp: i32,
    /// The face the foe's die shows now (1 to 6), once rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lit: Option<u8>,
}

/// What the page shows: the Guide's view of the run now.
#[derive(Debug, Clone, Serialize)]
pub struct Snapshot {
    /// Grows with every publish; the page redraws when it changes.
    pub version: u64,
    /// `traveller` or `guide`: whose turn it is. A card held up to be read, and dice the
    /// table waits for from the Guide, are the Guide's turn too.
    pub turn: &'static str,
    /// What the Guide does now, in a line ("Read this card aloud, then Continue.").
    pub cue: String,
    /// The traveller's prompt as the table shows it.
    pub prompt: String,
    pub health: i32,
    pub max_health: i32,
    pub domain: String,
    /// The Guide's offered actions (empty on the traveller's turn).
    pub actions: Vec<Offered>,
    /// Whose notes are read now, and their source id.
    pub notes_name: String,
    pub notes_card: String,
    pub notes_entry: Option<NoteEntry>,
    pub row: Vec<Option<Slot>>,
    pub next: Vec<Slot>,
    pub ahead: Vec<NoteEntry>,
    /// The foe's faces, each named with what it does, in a duel.
    pub faces: Vec<String>,
    /// The traveller's Health, standing, Grace and holdings.
    pub traveller: Traveller,
    /// Where each of the Guardian's terms stands (met, open, lost).
    pub terms: Vec<Term>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub foe: Option<FoeNow>,
    /// The notes journal, oldest first: sent as the entries after the page's last one
    /// (see [`Shared::reply`]).
    #[serde(skip)]
    pub journal: Vec<NoteEntry>,
    /// The card the host's table holds up to be read now (the page offers Continue).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held: Option<NoteEntry>,
    pub over: bool,
    /// The last page action the host refused, if any (cleared by the next accepted one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// What just happened, oldest first, in step with the host's table (never ahead of
    /// it): the table's log lines as its stage plays them.
    pub feed: Vec<String>,
    /// The action the host's table waits for the Guide's physical dice for (a foe's
    /// reroll chosen on the table, say): the page takes the dice for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub awaiting_dice: Option<Offered>,
    /// The page's run has ended or its table was left for good: it takes no more actions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed: Option<String>,
    /// The run is saved and its table at the title: the page waits, takes no action, and
    /// picks up when the run is continued.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away: Option<String>,
    /// The Guide's table dice are on: the page offers only the faces to type for the
    /// Guide's dice, never a roll on screen.
    pub table_dice: bool,
    /// The device holding the Guide's seat (the page names itself with it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<super::Device>,
}

/// What the host shows of the run: the state its table shows (behind the run while a
/// moment plays) and what just happened there.
pub struct Shown<'a> {
    pub state: &'a State,
    /// The table has played everything: the Guide's actions are offered only then.
    pub idle: bool,
    pub feed: Vec<String>,
}

impl<'a> Shown<'a> {
    /// A host with no stage (the headless loop): the run as it is.
    pub fn now(run: &'a Session) -> Shown<'a> {
        Shown {
            state: &run.state,
            idle: true,
            feed: Vec::new(),
        }
    }
}

/// How many lines of the feed the page is sent.
pub const FEED_LINES: usize = 40;

impl Snapshot {
    /// The Guide's view of a run now, as the host shows it; `told` are the ids of the cards
    /// the Guide has shown the traveller.
    pub fn of(
        run: &Session,
        shown: &Shown,
        version: u64,
        told: &std::collections::BTreeSet<String>,
    ) -> Snapshot {
        let s = shown.state;
        let cards = &run.cards;
        let (notes_name, notes_card, _) = crate::present::notes_with_source(s);
        let mut journal = notes_journal(cards, &run.journal);
        journal.reverse();
        let notes_entry = journal.iter().rev().find(|e| e.card == notes_card).cloned();
        let turn = run.state.role();
        let actions = if run.state.guide && turn == Role::Guide && shown.idle {
            offered(&run.state)
        } else {
            Vec::new()
        };
        let faces = s
            .duel()
            .map(|d| match d.card {
                Some(c) => &cards.card(c).faces,
                None => &cards.guardian.faces,
            })
            .map(|f| {
                f.iter()
                    .map(|f| format!("{}: {}", f.name, face_summary_as(f, Voice::Narrator)))
                    .collect()
            })
            .unwrap_or_default();
        let foe = s.duel().map(|d| FoeNow {
            name: d.card.map_or_else(
                || cards.guardian.name.clone(),
                |c| cards.card(c).name.clone(),
            ),
            hp: d.hp,
            max_hp: d.max_hp,
            lit: d.rolled.map(|r| r.foe),
        });
        Snapshot {
            version,
            turn: turn.as_str(),
            cue: String::new(),
            prompt: prompt(s).text,
            health: s.health,
            max_health: s.max_health,
            domain: cards.domain(s.domain).name.clone(),
            actions,
            notes_name: notes_name.to_string(),
            notes_card: notes_card.to_string(),
            notes_entry,
            row: s
                .row
                .iter()
                .map(|slot| {
                    slot.map(|rc| {
                        let hidden = rc.seen == crate::core::state::Seen::Hidden;
                        Slot::of(cards, rc.card, hidden, s.flips).told(told)
                    })
                })
                .collect(),
            // The traveller knows the deck's top cards a card has shown them (a look at the
            // deck, a reorder while it asks): those are not face down to them.
            next: s
                .deck
                .iter()
                .rev()
                .take(crate::present::GUIDE_NEXT)
                .enumerate()
                .map(|(i, &c)| {
                    Slot::of(cards, c, i >= crate::present::deck_known(s), s.flips).told(told)
                })
                .collect(),
            ahead: route_notes(s),
            faces,
            traveller: Traveller::of(s),
            terms: Term::all(s),
            foe,
            journal,
            held: None,
            over: run.state.is_over(),
            refused: None,
            feed: shown
                .feed
                .iter()
                .skip(shown.feed.len().saturating_sub(FEED_LINES))
                .cloned()
                .collect(),
            awaiting_dice: None,
            closed: None,
            away: None,
            table_dice: false,
            seat: None,
        }
    }

    /// The ids of the cards the page shows (the row, the next cards, the notes, the
    /// journal's cards): the ones the Guide may show the traveller.
    pub(super) fn showable(&self) -> Vec<String> {
        let slots = self
            .row
            .iter()
            .flatten()
            .chain(&self.next)
            .map(|s| &s.entry);
        let mut ids: Vec<String> = slots
            .chain(&self.notes_entry)
            .chain(&self.held)
            .chain(&self.journal)
            .filter(|e| e.kind == crate::present::journal::EntryKind::Card)
            .map(|e| e.card.clone())
            .collect();
        ids.sort();
        ids.dedup();
        ids
    }

    /// Makes `entry` the notes' source (a card held up to be read, or just met: the run
    /// itself has already moved past it).
    pub(super) fn notes_from(&mut self, entry: NoteEntry) {
        self.notes_name = entry.name.clone();
        self.notes_card = entry.card.clone();
        self.notes_entry = Some(entry);
    }
}

/// What the Guide does now, in a line, from what the page offers.
pub(super) fn cue(snap: &Snapshot) -> String {
    if snap.closed.is_some() {
        return String::new();
    }
    if let Some(away) = &snap.away {
        return away.clone();
    }
    if snap.held.is_some() {
        return "Read this card aloud, then Continue.".into();
    }
    if let Some(o) = &snap.awaiting_dice {
        return format!("The table waits for your die: {}.", o.label);
    }
    let kinds = |f: fn(&Action) -> bool| snap.actions.iter().any(|o| f(&o.action));
    if kinds(|a| matches!(a, Action::RollFoe)) && snap.table_dice {
        return "Roll the foe's die at the table, and type what it shows.".into();
    }
    if kinds(|a| matches!(a, Action::RollFoe)) {
        return "Roll the foe's die here, or type the real die you rolled.".into();
    }
    if kinds(|a| matches!(a, Action::Pick { .. })) {
        return "Choose for the traveller: the card leaves it to you.".into();
    }
    if !snap.actions.is_empty() {
        return "Your move.".into();
    }
    if snap.over {
        return "The run is over.".into();
    }
    "The traveller's move: read on while they decide.".into()
}

/// The Guide's actions offered now, as the page shows them (never abandon).
fn offered(s: &State) -> Vec<Offered> {
    legal_actions(s)
        .into_iter()
        .filter(|a| !matches!(a, Action::Abandon))
        .map(|a| Offered {
            label: guide_label(s, &a),
            die: takes_dice(&a),
            // Tried on a copy of the state, so only where the page may type dice.
            dice: if takes_dice(&a) {
                dice_rolled(s, &a, &[]).unwrap_or(0)
            } else {
                0
            },
            action: a,
        })
        .collect()
}

/// Whether the page offers physical dice for an action: the foe's roll and its rerolls.
pub(super) fn takes_dice(a: &Action) -> bool {
    matches!(
        a,
        Action::RollFoe
            | Action::Reroll {
                die: crate::core::Die::Foe,
                ..
            }
    )
}
