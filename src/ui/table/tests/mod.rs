use super::*;
use crate::cards::CardSet;
use crate::present::stage::MomentKind;
use std::sync::Arc;

mod keys;
mod link;
mod lost;
mod objective;
mod seat;
mod tips;

fn shipped() -> Arc<CardSet> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    Arc::new(crate::cards::load::load_dir(&dir).unwrap().0)
}

/// An input of one frame, its key presses derived from the fields a test sets (a digit,
/// Enter, Esc, a typed character) as the window would report them.
fn input_of(f: impl FnOnce(&mut Input)) -> Input {
    let mut i = Input {
        size: vec2(1280.0, 800.0),
        ..Input::default()
    };
    f(&mut i);
    if i.presses.is_empty() {
        if let Some(d) = i.digit {
            i.presses.push(Press::Key(digit_key(d)));
            i.presses.push(Press::Char(char::from(b'0' + d)));
        }
        if i.activate {
            i.presses.push(Press::Key(KeyCode::Enter));
        }
        if i.back {
            i.presses.push(Press::Key(KeyCode::Escape));
        }
        if let Some(c) = i.typed {
            if let Some(k) = letter_key(c) {
                i.presses.push(Press::Key(k));
            }
            i.presses.push(Press::Char(c));
        }
    }
    i
}

fn digit_key(d: u8) -> KeyCode {
    use KeyCode::*;
    [Key0, Key1, Key2, Key3, Key4, Key5, Key6, Key7, Key8, Key9][d as usize]
}

fn letter_key(c: char) -> Option<KeyCode> {
    use KeyCode::*;
    const LETTERS: [KeyCode; 26] = [
        A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
    ];
    match c.to_ascii_uppercase() {
        c @ 'A'..='Z' => Some(LETTERS[(c as u8 - b'A') as usize]),
        c if c.is_ascii_digit() => Some(digit_key(c as u8 - b'0')),
        _ => None,
    }
}

/// One frame at time `now` with the input `f` sets.
fn key(t: &mut TableScreen, f: impl FnOnce(&mut Input), now: f32) -> Next {
    t.step(&input_of(f), None, now)
}

/// Frames with no input until the stage has played everything up to a hold.
fn settle(t: &mut TableScreen, now: &mut f32) {
    for _ in 0..600 {
        if t.stage.idle() || t.stage.holding() {
            return;
        }
        *now += 1.0 / 30.0;
        key(t, |_| {}, *now);
    }
}

fn scene(cards: &Arc<CardSet>, wanted: impl Fn(&crate::core::State) -> bool) -> (u64, Vec<usize>) {
    let found = crate::sim::scene::find(cards, 3000, wanted).expect("a seed reaches the scene");
    (found.seed, found.actions)
}

/// A table at the first duel's roll prompt, with a Guide or alone, and `dice` switched to
/// table dice ("traveller", "guide", "both").
fn at_a_duel(guide: bool, dice: Option<&str>) -> TableScreen {
    let cards = shipped();
    let found = crate::sim::scene::find_in(&cards, 3000, guide, |s| {
        s.duel().is_some_and(|d| {
            d.rolled.is_none() && d.awaiting_foe.is_none() && !d.status.skip && d.hp >= 3
        })
    })
    .expect("a seed reaches a duel");
    let start = Start {
        seed: found.seed,
        actions: found.actions,
        guide,
        table_dice: dice.map(str::to_string),
        ..Start::default()
    };
    let t = TableScreen::start(cards, &start, None).unwrap();
    assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.rolled.is_none()));
    assert!(t.stage.idle(), "a table opens at rest");
    t
}

/// The foe's die of the exchange just rolled (true state).
fn foe_die(t: &TableScreen) -> Option<u8> {
    match &t.run.state.phase {
        Phase::Duel(d) if d.rolled.is_some() => d.rolled.map(|r| r.foe),
        _ => t.run.journal.iter().rev().find_map(|e| match e {
            crate::core::Event::ExchangeResolved { foe_roll, .. } => Some(*foe_roll),
            _ => None,
        }),
    }
}

fn json(s: &crate::core::State) -> serde_json::Value {
    serde_json::to_value(s).unwrap()
}

#[test]
fn halfway_through_the_tumble_the_table_shows_the_values_from_before_the_roll() {
    let mut t = at_a_duel(false, None);
    // A Critical and the foe's 1: the foe is struck.
    t.run.force_die(5);
    t.run.force_die(1);
    let shown = |t: &TableScreen| {
        let s = t.stage.shown();
        (
            s.health,
            s.duel().map(|d| d.hp),
            t.stage.scene().log.len(),
            crate::present::prompt(s).text,
        )
    };
    let before = shown(&t);
    key(&mut t, |i| i.activate = true, 0.0);
    key(&mut t, |_| {}, 0.3);
    let m = t.stage.moment().expect("the dice tumble").clone();
    assert_eq!(m.kind, MomentKind::Dice);
    assert!(!m.applied);
    assert_eq!(
        shown(&t),
        before,
        "log, Health, the foe's HP and the prompt wait for the dice"
    );
    assert_ne!(
        t.run.state.duel().map(|d| d.hp),
        before.1,
        "the session already knows"
    );
    let mut now = 0.3;
    settle(&mut t, &mut now);
    assert_eq!(
        json(t.stage.shown()),
        json(&t.run.state),
        "after the moments: the result"
    );
    assert_ne!(shown(&t).2, before.2, "the exchange is in the log");
}

#[test]
fn a_caesura_stays_on_the_stage_until_the_player_continues() {
    let cards = shipped();
    let is_caesura = |s: &crate::core::State, i: usize| {
        s.row[i].is_some_and(|rc| {
            s.cards.card(rc.card).card_type == crate::cards::model::StationType::Caesura
        })
    };
    let (seed, actions) = scene(&cards, |s| {
        s.phase == Phase::Explore && (0..3).any(|i| is_caesura(s, i))
    });
    let mut t = TableScreen::new(cards, seed, &actions, None).unwrap();
    let slot = (0..3).find(|&i| is_caesura(&t.run.state, i)).unwrap() as u8;
    let card = t.run.state.row[slot as usize].unwrap().card;
    key(&mut t, |i| i.digit = Some(slot + 1), 0.0);
    let mut now = 0.0;
    settle(&mut t, &mut now);
    assert_eq!(
        t.stage.moment().map(|m| m.kind.clone()),
        Some(MomentKind::Read { card })
    );
    assert!(t.stage.holding());
    // Time alone does not move it on, and nothing else can be done meanwhile.
    key(&mut t, |_| {}, now + 30.0);
    assert!(t.stage.holding());
    assert_eq!(t.frame.geometry.buttons.len(), 1, "only Go on is offered");
    // Any key goes on; that key does nothing else.
    let flips = t.run.state.flips;
    key(&mut t, |i| i.digit = Some(1), now + 31.0);
    assert!(!t.stage.holding());
    assert_eq!(t.run.state.flips, flips, "the key only continued");
}

#[test]
fn two_keys_in_one_frame_and_a_key_during_a_flip_both_act() {
    let cards = shipped();
    // A row of three face-down cards that do not resolve by themselves (a foe first).
    let (seed, actions) = scene(&cards, |s| {
        s.phase == Phase::Explore
            && s.row[0].is_some_and(|rc| {
                s.cards.card(rc.card).card_type == crate::cards::model::StationType::Foe
            })
    });
    let mut t = TableScreen::new(cards.clone(), seed, &actions, None).unwrap();
    let taken = t.run.actions.len();
    // 1 and then Enter, in one frame: the flip, then the primary of the next phase.
    let frame = input_of(|i| {
        i.presses = vec![
            Press::Key(KeyCode::Key1),
            Press::Char('1'),
            Press::Key(KeyCode::Enter),
        ];
    });
    t.step(&frame, None, 0.0);
    assert_eq!(
        t.run.actions.len(),
        taken + 2,
        "the flip, then Enter on the foe: {:?} {:?} {:?}",
        t.run.state.phase,
        t.stage.moment(),
        t.current_buttons()
            .iter()
            .map(|b| (&b.label, &b.key))
            .collect::<Vec<_>>()
    );
    // A key during a moment: it finishes the moment and acts.
    let mut t = TableScreen::new(cards, seed, &actions, None).unwrap();
    key(&mut t, |i| i.digit = Some(1), 0.0);
    assert!(!t.stage.idle(), "the flip plays");
    key(&mut t, |i| i.activate = true, 0.1);
    assert_eq!(
        t.run.actions.len(),
        taken + 2,
        "Enter during the flip was not dropped"
    );
}

#[test]
fn with_a_guide_enter_rolls_the_travellers_die_and_only_g_rolls_the_foes() {
    let mut t = at_a_duel(true, None);
    assert_eq!(t.run.state.role(), Role::Traveller);
    key(&mut t, |i| i.activate = true, 0.0);
    let Phase::Duel(d) = &t.run.state.phase else {
        panic!("still a duel")
    };
    assert!(d.awaiting_foe.is_some() && d.rolled.is_none());
    assert_eq!(t.run.state.role(), Role::Guide);
    let roll_foe = t
        .current_buttons()
        .into_iter()
        .find(|b| b.action == Some(Action::RollFoe));
    assert_eq!(roll_foe.and_then(|b| b.key), Some("G".to_string()));
    let mut now = 0.0;
    settle(&mut t, &mut now);
    // Enter is the traveller's key: it does not roll for the foe.
    key(&mut t, |i| i.activate = true, now + 0.1);
    assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.awaiting_foe.is_some()));
    key(&mut t, |i| i.typed = Some('g'), now + 0.2);
    assert!(foe_die(&t).is_some(), "G rolled the foe's die");
    assert_eq!(t.run.state.role(), Role::Traveller);
}

fn peek(t: &TableScreen) -> guide::Peek {
    match &t.modal {
        Some(Modal::Guide(p)) => *p,
        _ => guide::Peek::Closed,
    }
}

#[test]
fn tab_held_opens_the_guides_view_behind_a_cover_and_blocks_the_table() {
    let mut t = at_a_duel(true, None);
    let held = |i: &mut Input| i.tab_held = true;
    key(&mut t, held, 10.0);
    assert!(matches!(peek(&t), guide::Peek::Cover { held: true, .. }));
    key(
        &mut t,
        |i| {
            i.tab_held = true;
            i.activate = true
        },
        10.2,
    );
    assert!(matches!(peek(&t), guide::Peek::Cover { .. }));
    assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.awaiting_foe.is_none()));
    key(&mut t, held, 10.0 + guide::COVER_TIME + 0.05);
    assert_eq!(peek(&t), guide::Peek::Open { held: true });
    key(&mut t, |_| {}, 12.0);
    assert_eq!(peek(&t), guide::Peek::Closed);
    key(&mut t, held, 13.0);
    key(&mut t, |_| {}, 13.1);
    key(&mut t, |_| {}, 15.0);
    assert_eq!(peek(&t), guide::Peek::Closed);
    // The button: cover, Enter opens, Esc closes (and does not open the menu).
    t.control(Control::Peek);
    key(&mut t, |i| i.activate = true, 16.0);
    assert_eq!(peek(&t), guide::Peek::Open { held: false });
    key(&mut t, |i| i.back = true, 16.1);
    assert_eq!(t.modal, None);
}

#[test]
fn alone_there_is_no_guides_view() {
    let mut t = at_a_duel(false, None);
    key(&mut t, |i| i.tab_held = true, 0.0);
    key(&mut t, |i| i.tab_held = true, 5.0);
    assert_eq!(peek(&t), guide::Peek::Closed);
    t.control(Control::Peek);
    assert_eq!(t.modal, None);
    key(&mut t, |i| i.activate = true, 6.0);
    assert!(foe_die(&t).is_some(), "Enter rolls both dice at once");
    assert_eq!(t.run.state.role(), Role::Traveller);
}

fn entry(t: &TableScreen) -> Option<&guide::Entry> {
    match &t.modal {
        Some(Modal::Dice(e)) => Some(e),
        _ => None,
    }
}

#[test]
fn table_dice_refuse_anything_but_1_to_6_and_force_what_is_typed() {
    let mut t = at_a_duel(false, None);
    key(&mut t, |i| i.typed = Some('d'), 0.0);
    assert!(!t.table_dice[0], "D asks first");
    key(&mut t, |i| i.activate = true, 0.05);
    assert!(t.table_dice[0], "Enter confirms");
    let taken = t.run.actions.len();
    key(&mut t, |i| i.activate = true, 0.1);
    assert!(entry(&t).is_some(), "rolling asks for the dice");
    assert_eq!(t.run.actions.len(), taken, "nothing is rolled yet");
    for c in ['9', '0', 'x'] {
        key(&mut t, |i| i.typed = Some(c), 0.2);
        let e = entry(&t).expect("still asking");
        assert!(e.values.is_empty());
        assert!(
            e.refused.as_deref().is_some_and(|m| m.contains("1 to 6")),
            "{c}"
        );
        assert_eq!(t.run.actions.len(), taken);
    }
    key(&mut t, |i| i.typed = Some('3'), 0.3);
    assert_eq!(entry(&t).map(|e| e.values.clone()), Some(vec![3]));
    key(&mut t, |i| i.typed = Some('5'), 0.4);
    assert!(entry(&t).is_none());
    assert_eq!(t.run.actions.len(), taken + 1);
    assert_eq!(foe_die(&t), Some(5));
    let forced: Vec<u8> = t.run.forced.iter().map(|f| f.value).collect();
    assert_eq!(forced, vec![3, 5], "typed dice are saved with the run");
}

#[test]
fn two_dice_typed_in_one_frame_are_both_taken() {
    let mut t = at_a_duel(false, Some("traveller"));
    key(&mut t, |i| i.activate = true, 0.0);
    let frame = input_of(|i| {
        i.presses = vec![
            Press::Key(KeyCode::Key4),
            Press::Char('4'),
            Press::Key(KeyCode::Key2),
            Press::Char('2'),
        ]
    });
    t.step(&frame, None, 0.1);
    assert!(entry(&t).is_none());
    let forced: Vec<u8> = t.run.forced.iter().map(|f| f.value).collect();
    assert_eq!(forced, vec![4, 2]);
}

#[test]
fn esc_cancels_a_dice_entry_and_nothing_happens() {
    let mut t = at_a_duel(false, Some("traveller"));
    let taken = t.run.actions.len();
    key(&mut t, |i| i.activate = true, 0.0);
    key(&mut t, |i| i.typed = Some('4'), 0.1);
    key(&mut t, |i| i.back = true, 0.2);
    assert_eq!(t.modal, None);
    assert_eq!(t.run.actions.len(), taken);
    assert!(t.run.forced.is_empty());
    assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.rolled.is_none()));
}

#[test]
fn with_a_guide_each_player_types_only_their_own_dice() {
    let mut t = at_a_duel(true, Some("guide"));
    key(&mut t, |i| i.activate = true, 0.0);
    assert!(
        entry(&t).is_none(),
        "the traveller's die is rolled on screen"
    );
    assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.awaiting_foe.is_some()));
    let mut now = 0.0;
    settle(&mut t, &mut now);
    key(&mut t, |i| i.typed = Some('g'), now + 0.1);
    assert_eq!(entry(&t).map(|e| e.owner), Some(Role::Guide));
    key(&mut t, |i| i.typed = Some('7'), now + 0.2);
    assert!(entry(&t).is_some_and(|e| e.refused.is_some()));
    key(&mut t, |i| i.digit = Some(2), now + 0.3);
    assert!(entry(&t).is_none());
    assert_eq!(foe_die(&t), Some(2));
    settle(&mut t, &mut now);
    key(&mut t, |i| i.typed = Some('f'), now + 5.0);
    assert!(!t.table_dice[1]);
}

#[test]
fn a_terror_option_that_cannot_be_paid_is_shown_disabled() {
    let cards = shipped();
    let (seed, actions) = scene(&cards, |s| match s.phase {
        Phase::Terror { card } => {
            let offered = legal_actions(s)
                .iter()
                .filter(|a| matches!(a, Action::Choose { .. }))
                .count();
            offered > 0 && offered < s.cards.card(card).options.len()
        }
        _ => false,
    });
    let mut t = TableScreen::new(cards, seed, &actions, None).unwrap();
    let c = t.current_buttons();
    let bad = c.iter().find(|b| b.disabled.is_some()).unwrap().clone();
    let good = c
        .iter()
        .find(|b| matches!(b.action, Some(Action::Choose { .. })))
        .unwrap()
        .clone();
    assert!(bad.action.is_none() && bad.key.is_none());
    assert!(!bad.disabled.as_ref().unwrap().is_empty());
    // The option's letter (A or B) takes it.
    let letter = t.keys.key(good.action.as_ref().unwrap()).unwrap();
    assert!(letter == "A" || letter == "B", "{letter}");
    key(&mut t, |i| i.typed = letter.chars().next(), 0.1);
    assert!(!matches!(t.run.state.phase, Phase::Terror { .. }));
}

#[test]
fn random_keys_never_break_the_table_and_the_shown_state_catches_up() {
    let cards = shipped();
    let (mut opened, mut asked) = (0, 0);
    for seed in 0..12u64 {
        let guide = seed >= 8;
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let start = Start {
            seed,
            guide,
            ..Start::default()
        };
        let mut t = TableScreen::start(cards.clone(), &start, None).unwrap();
        let mut now = 0.0;
        let mut tab = 0u32;
        for _ in 0..3000 {
            now += 1.0 / 60.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let roll = (x % if guide { 20 } else { 12 }) as u8;
            if guide && (x >> 24) % 300 == 0 {
                tab = 90;
            }
            tab = tab.saturating_sub(1);
            let next = key(
                &mut t,
                |i| {
                    i.tab_held = tab > 0;
                    i.held = roll == 11;
                    match roll {
                        0..=3 => i.digit = Some(roll + 1),
                        // The actions' letters.
                        4..=8 => i.typed = Some(['r', 'a', 't', 'c', 'x'][roll as usize - 4]),
                        9 | 10 => i.activate = true,
                        12..=14 => i.typed = Some('g'),
                        15 => i.typed = Some('d'),
                        16 => i.typed = Some('f'),
                        17 => i.typed = Some('x'),
                        _ => {}
                    }
                },
                now,
            );
            assert_ne!(next, Next::Quit, "no key but Esc then 4 quits");
            opened += usize::from(matches!(peek(&t), guide::Peek::Open { .. }));
            asked += usize::from(entry(&t).is_some());
            if t.run.state.phase == Phase::Over {
                break;
            }
        }
        assert!(
            t.run.state.flips >= 3,
            "seed {seed}: the keys played on ({:?})",
            t.run.state.phase
        );
        t.stage.finish_all();
        assert_eq!(
            json(t.stage.shown()),
            json(&t.run.state),
            "seed {seed}: the shown state caught up"
        );
    }
    assert!(opened > 0, "the Guide's view never opened");
    assert!(asked > 0, "no table dice were ever asked for");
}

#[test]
fn the_table_autosaves_records_once_and_saves_and_quits() {
    let cards = shipped();
    let (_tmp, saves) = crate::scratch::scratch("saves");
    let mut t = TableScreen::new(cards.clone(), 4, &[], Some(&saves)).unwrap();
    let path = t.autosave.path().unwrap().to_path_buf();
    assert!(path.is_file(), "a new run is saved at once");
    key(&mut t, |i| i.digit = Some(1), 0.0);
    assert_eq!(crate::store::load(&path).unwrap().actions.len(), 1);
    key(&mut t, |i| i.back = true, 5.0);
    assert_eq!(key(&mut t, |i| i.digit = Some(2), 5.1), Next::Title);
    let mut t = TableScreen::resume(crate::store::load(&path).unwrap(), Some(path.clone()));
    assert_eq!(t.run.actions.len(), 1);
    assert!(t.stage.idle(), "a resumed run opens at rest");
    key(&mut t, |i| i.back = true, 10.0);
    key(&mut t, |i| i.digit = Some(3), 10.1);
    key(&mut t, |i| i.activate = true, 10.2);
    assert_eq!(t.run.state.phase, Phase::Over);
    t.autosave();
    let h = crate::history::read(&saves.join(crate::history::FILE_NAME)).unwrap();
    assert_eq!(h.records.len(), 1);
    assert!(crate::store::load(&path).unwrap().state.outcome.is_some());
    let _ = std::fs::remove_dir_all(&saves);
}

/// Today's journey from the title: the day's seed, marked with its date through the save
/// and into the history; the end screen shares its run code, and C puts it in the log.
#[test]
fn todays_journey_is_recorded_with_its_date_and_shares_its_code() {
    let cards = shipped();
    let (_tmp, saves) = crate::scratch::scratch("journey");
    let day = crate::daily::Day::of_ms(1_795_651_200_000);
    let start = Start {
        seed: day.seed(),
        day: Some(day),
        ..Start::default()
    };
    let mut t = TableScreen::start(cards.clone(), &start, Some(&saves)).unwrap();
    assert_eq!((t.run.seed, t.run.day), (day.seed(), Some(day)));
    assert!(t.stage.scene().log[0].starts_with("Today's journey, 26 Nov"));
    let code = format!("F-{}-r-{}", day.seed(), &cards.files().hash()[8..16]);
    assert_eq!(t.code, code);
    key(&mut t, |i| i.back = true, 1.0);
    key(&mut t, |i| i.digit = Some(3), 1.1);
    key(&mut t, |i| i.activate = true, 1.2);
    assert_eq!(t.run.state.phase, Phase::Over);
    let h = crate::history::read(&saves.join(crate::history::FILE_NAME)).unwrap();
    assert_eq!(h.attempt(day).map(|r| r.seed), Some(day.seed()));
    assert_eq!(
        t.share_line(),
        format!("Today's journey, 26 Nov · Run code {code}  ·  C copies it")
    );
    for k in 0..100 {
        if t.stage.idle() {
            break;
        }
        key(&mut t, |_| {}, 2.0 + k as f32);
    }
    key(&mut t, |i| i.presses = vec![Press::Key(KeyCode::C)], 200.0);
    let last = t.stage.scene().log.last().cloned().unwrap_or_default();
    assert!(last.contains(&code), "{last}");
    let _ = std::fs::remove_dir_all(&saves);
}

#[test]
fn opening_the_same_seed_again_keeps_one_entry_until_it_is_played() {
    let cards = shipped();
    let (_tmp, saves) = crate::scratch::scratch("reopen");
    let count = || {
        std::fs::read_dir(&saves)
            .unwrap()
            .filter(|e| {
                let p = e.as_ref().unwrap().path();
                // Run saves only: the game's own files beside them (knowledge.json, kept
                // once a card is met) are not entries.
                let own = p
                    .file_name()
                    .is_some_and(|n| crate::store::OWN_FILES.iter().any(|o| n == *o));
                p.extension().is_some_and(|x| x == "json") && !own
            })
            .count()
    };
    for _ in 0..3 {
        TableScreen::new(cards.clone(), 7, &[], Some(&saves)).unwrap();
    }
    assert_eq!(count(), 1, "one entry for a run not yet played");
    let mut t = TableScreen::new(cards.clone(), 7, &[], Some(&saves)).unwrap();
    key(&mut t, |i| i.digit = Some(1), 0.0);
    assert_eq!(t.run.state.flips, 1);
    // A played run is kept; opening the seed again is a new run beside it.
    TableScreen::new(cards, 7, &[], Some(&saves)).unwrap();
    assert_eq!(count(), 2);
    let _ = std::fs::remove_dir_all(&saves);
}

#[test]
fn a_failed_autosave_warns_and_the_game_goes_on() {
    let cards = shipped();
    let (_tmp, blocker) = crate::scratch::scratch("blocker");
    std::fs::write(&blocker, b"not a directory").unwrap();
    let mut t = TableScreen::new(cards, 4, &[], Some(&blocker.join("saves"))).unwrap();
    assert!(t.save_warning.is_some());
    key(&mut t, |i| i.digit = Some(1), 0.0);
    assert_eq!(t.run.state.flips, 1, "the game went on");
    assert!(t.save_warning.is_some());
    key(&mut t, |i| i.back = true, 5.0);
    assert_eq!(key(&mut t, |i| i.digit = Some(2), 5.1), Next::Stay);
    let _ = std::fs::remove_file(&blocker);
}

#[test]
fn out_of_range_actions_are_refused() {
    let cards = shipped();
    assert!(TableScreen::new(cards.clone(), 1, &[99], None).is_err());
    assert!(TableScreen::new(cards, 1, &[0], None).is_ok());
}

/// An HTTP/1.0 request to the Guide's screen; returns the status and the body.
#[test]
fn esc_3_asks_before_abandoning_and_only_enter_confirms() {
    use super::modal::Confirm;
    let mut t = at_a_duel(false, None);
    key(&mut t, |i| i.back = true, 0.0);
    key(&mut t, |i| i.digit = Some(3), 0.1);
    assert_eq!(t.modal, Some(Modal::Confirm(Confirm::Abandon)));
    assert_ne!(t.run.state.phase, Phase::Over, "not abandoned at once");
    // Any other key cancels, and the run goes on.
    key(&mut t, |i| i.typed = Some('x'), 0.2);
    assert_eq!(t.modal, None);
    assert_ne!(t.run.state.phase, Phase::Over);
    key(&mut t, |i| i.back = true, 0.3);
    key(&mut t, |i| i.digit = Some(3), 0.4);
    key(&mut t, |i| i.activate = true, 0.5);
    assert_eq!(t.run.state.phase, Phase::Over, "Enter abandons");
}

#[test]
fn a_solo_menu_has_no_guides_screen_and_a_finished_run_neither_saves_nor_abandons() {
    use super::modal::Entry;
    let guided = at_a_duel(true, None);
    assert!(guided.menu_entries().contains(&Entry::Link));
    let mut t = at_a_duel(false, None);
    assert!(
        !t.menu_entries().contains(&Entry::Link),
        "{:?}",
        t.menu_entries()
    );
    // Abandon (Esc, 3, Enter): the run is over.
    key(&mut t, |i| i.back = true, 0.0);
    key(&mut t, |i| i.digit = Some(3), 0.1);
    key(&mut t, |i| i.activate = true, 0.2);
    assert_eq!(t.run.state.phase, Phase::Over);
    let mut now = 0.3;
    settle(&mut t, &mut now);
    assert_eq!(
        t.menu_entries(),
        [Entry::Resume, Entry::Quit, Entry::Settings]
    );
    // Esc, 2 asks to quit the game (no Save & Quit to press by mistake), once the end
    // panel's calm second is over.
    key(&mut t, |_| {}, now);
    let now = now + END_CALM;
    key(&mut t, |i| i.back = true, now + 0.1);
    assert_eq!(key(&mut t, |i| i.digit = Some(2), now + 0.2), Next::Stay);
    assert_eq!(t.modal, Some(Modal::Confirm(super::modal::Confirm::Quit)));
}

/// A solo run's buttons and card faces say a die chooses, never the Guide.
#[test]
fn a_solo_terror_option_says_a_die_chooses() {
    let cards = shipped();
    let (seed, actions) = scene(&cards, |s| {
        !s.guide
            && matches!(s.phase, Phase::Terror { card } if s.cards.card(card).options.iter()
                .any(|o| o.label.contains("the Guide chooses")))
    });
    let mut t = TableScreen::new(cards, seed, &actions, None).unwrap();
    key(&mut t, |_| {}, 0.0);
    let labels: Vec<&str> = t
        .frame
        .geometry
        .buttons
        .iter()
        .map(|b| b.label.as_str())
        .collect();
    assert!(
        labels.iter().any(|l| l.contains("a die chooses")),
        "{labels:?}"
    );
    assert!(!labels.iter().any(|l| l.contains("Guide")), "{labels:?}");
}

#[test]
fn the_end_panel_shows_the_cards_carried_companions_first() {
    let cards = shipped();
    let (seed, actions) = scene(&cards, |s| {
        !s.companions.is_empty() && (!s.items.is_empty() || !s.equipment.is_empty())
    });
    let t = TableScreen::new(cards, seed, &actions, None).unwrap();
    let s = &t.run.state;
    let kept = super::panels::end::kept(s);
    assert_eq!(kept[0], s.companions[0].card);
    let held: Vec<_> = s.equipment.iter().chain(&s.items).collect();
    assert!(held.iter().all(|c| kept.contains(c)), "{kept:?}");
    assert!(kept.len() <= 6);
}

#[test]
fn a_stray_d_does_not_switch_to_table_dice() {
    let mut t = at_a_duel(false, None);
    key(&mut t, |i| i.typed = Some('d'), 0.0);
    key(&mut t, |i| i.typed = Some('x'), 0.1);
    assert!(!t.table_dice[0]);
    assert_eq!(t.modal, None);
}

#[test]
fn the_wheel_scrolls_the_log_only_over_it_and_page_up_never_skips_a_moment() {
    let mut t = at_a_duel(false, None);
    let l = Layout::new(vec2(1280.0, 800.0));
    assert!(
        t.stage.scene().log.len() > 4,
        "a duel has a log to read back"
    );
    // Over the row: the log stays at its newest line.
    let row = l.stage.center() * l.k;
    key(&mut t, |i| (i.mouse, i.wheel) = (row, 1.0), 0.0);
    assert_eq!(t.log_scroll, 0);
    let log = l.log.center() * l.k;
    key(&mut t, |i| (i.mouse, i.wheel) = (log, 1.0), 0.1);
    assert_eq!(t.log_scroll, 3);
    key(&mut t, |i| i.presses = vec![Press::Key(KeyCode::End)], 0.2);
    assert_eq!(t.log_scroll, 0);
    // A roll starts a moment; PageUp reads back without finishing it.
    key(&mut t, |i| i.activate = true, 0.3);
    assert!(!t.stage.idle());
    let playing = t.stage.scene().log.len();
    key(
        &mut t,
        |i| i.presses = vec![Press::Key(KeyCode::PageUp)],
        0.31,
    );
    assert!(t.log_scroll > 0);
    assert!(!t.stage.idle(), "PageUp did not skip the moment");
    assert_eq!(t.stage.scene().log.len(), playing);
}

/// One frame of a pad's events (and nothing else) at time `now`, through the input layer
/// as the main loop does it.
fn pad_frame(
    t: &mut TableScreen,
    pad: &mut crate::ui::pad::PadState,
    events: &[crate::ui::pad::PadEvent],
    now: f32,
) {
    let keys: Vec<KeyCode> = events
        .iter()
        .filter_map(|e| pad.feed(e.clone(), f64::from(now)))
        .collect();
    let from_pad = crate::ui::pad::PadFrame {
        used: !keys.is_empty(),
        keys,
        select_held: pad.select_held,
        busy: pad.busy(),
        style: pad.style,
    };
    let mut input = Input {
        size: vec2(1280.0, 800.0),
        ..Input::default()
    };
    input.merge_pad(&from_pad);
    t.step(&input, None, now);
}

#[test]
fn a_pad_picks_the_faces_of_table_dice_and_takes_them() {
    use crate::ui::pad::{PadButton, PadEvent, PadState};
    let tap = |b| [PadEvent::Pressed(b), PadEvent::Released(b)];
    let mut t = at_a_duel(false, Some("traveller"));
    let mut pad = PadState::default();
    pad_frame(&mut t, &mut pad, &tap(PadButton::South), 0.1);
    let e = entry(&t).expect("A rolls: the table dice are asked for");
    assert_eq!(e.cursor, None, "no face picked before an arrow");
    // Right picks 4, Right 5, Left 4 again; A takes it for your die.
    for (b, now) in [
        (PadButton::Right, 0.2),
        (PadButton::Right, 0.3),
        (PadButton::Left, 0.4),
    ] {
        pad_frame(&mut t, &mut pad, &tap(b), now);
    }
    assert_eq!(entry(&t).and_then(|e| e.cursor), Some(4));
    let taken = t.run.actions.len();
    pad_frame(&mut t, &mut pad, &tap(PadButton::South), 0.5);
    assert_eq!(entry(&t).map(|e| e.values.clone()), Some(vec![4]));
    // The stick leans right past its edge: 5, for the foe's die; A rolls.
    pad_frame(
        &mut t,
        &mut pad,
        &[PadEvent::Stick(crate::ui::pad::StickAxis::X, 0.9)],
        0.6,
    );
    pad_frame(&mut t, &mut pad, &tap(PadButton::South), 0.7);
    assert!(entry(&t).is_none(), "both dice are in");
    assert_eq!(t.run.actions.len(), taken + 1);
    assert_eq!(foe_die(&t), Some(5));
    let forced: Vec<u8> = t.run.forced.iter().map(|f| f.value).collect();
    assert_eq!(forced, vec![4, 5]);
}

#[test]
fn a_pads_b_cancels_the_dice_and_start_opens_the_menu() {
    use crate::ui::pad::{PadButton, PadEvent, PadState};
    let tap = |b| [PadEvent::Pressed(b), PadEvent::Released(b)];
    let mut t = at_a_duel(false, Some("traveller"));
    let mut pad = PadState::default();
    pad_frame(&mut t, &mut pad, &tap(PadButton::South), 0.1);
    assert!(entry(&t).is_some());
    pad_frame(&mut t, &mut pad, &tap(PadButton::East), 0.2);
    assert!(t.modal.is_none(), "B cancels the entry: nothing is rolled");
    pad_frame(&mut t, &mut pad, &tap(PadButton::Start), 0.3);
    assert!(matches!(t.modal, Some(Modal::Menu { .. })), "{:?}", t.modal);
}

/// The end panel: keys pressed through the last moments and for a second after it
/// appears do nothing; then it offers the same run again, a new run, and the title.
#[test]
fn the_end_panel_ignores_keys_for_a_second_then_offers_again_new_run_and_title() {
    let cards = shipped();
    let mut t = TableScreen::new(cards, 9, &[], None).unwrap();
    // Abandon (Esc, 3, Enter): the run is over.
    key(&mut t, |i| i.back = true, 0.0);
    key(&mut t, |i| i.digit = Some(3), 0.1);
    key(&mut t, |i| i.activate = true, 0.2);
    assert_eq!(t.run.state.phase, Phase::Over);
    let mut now = 0.3;
    settle(&mut t, &mut now);
    // The panel is up: a frame at rest marks when.
    key(&mut t, |_| {}, now);
    let since = t.over_since.expect("the end panel appeared");
    let labels: Vec<&str> = t
        .frame
        .geometry
        .buttons
        .iter()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(labels, [frame::END_TITLE, frame::END_AGAIN, frame::END_NEW]);
    let keys: Vec<Option<&str>> = t
        .frame
        .geometry
        .buttons
        .iter()
        .map(|b| b.key.as_deref())
        .collect();
    assert_eq!(keys, [Some("Enter"), Some("A"), Some("N")]);
    // Mashed Enter, Esc and letters in the first second: nothing.
    for k in 0..9 {
        let at = since + 0.1 * k as f32;
        assert_eq!(key(&mut t, |i| i.activate = true, at), Next::Stay);
        assert_eq!(key(&mut t, |i| i.typed = Some('a'), at + 0.01), Next::Stay);
        assert_eq!(key(&mut t, |i| i.back = true, at + 0.02), Next::Stay);
        assert_eq!(t.modal, None, "no menu either");
    }
    let later = since + END_CALM + 0.05;
    let seed = t.run.seed;
    match key(&mut t, |i| i.typed = Some('a'), later) {
        Next::NewRun {
            seed: Some(s),
            guide: false,
            ..
        } => assert_eq!(s, seed, "again: the same seed"),
        other => panic!("A: {other:?}"),
    }
    assert!(matches!(
        key(&mut t, |i| i.typed = Some('n'), later + 0.1),
        Next::NewRun { seed: None, .. }
    ));
    assert_eq!(key(&mut t, |i| i.activate = true, later + 0.2), Next::Title);
}
