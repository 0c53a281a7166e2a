//! The tips read the moment playing on the stage.

use super::*;
use crate::ui::table::layout::StatusLayout;

/// While a blow that takes Health plays, the Health track's tip says so above its usual
/// words; at rest it says only those, and a tip that has nothing to say of the blow (the
/// ATK/DEF line's) stays quiet until the stage rests.
#[test]
fn the_health_tip_says_what_the_blow_playing_takes() {
    let mut t = at_a_duel(false, None);
    let l = Layout::new(vec2(1280.0, 800.0));
    let sl = StatusLayout::new(l.status);
    let mut now = 0.0;
    // The traveller misses; the foe's faces come up one after another until one strikes.
    let mut faces = 1..=6;
    for _ in 0..6000 {
        if let Some(m) = t.stage.moment()
            && let MomentKind::Blow { to_traveller, .. } = m.kind
            && to_traveller > 0
        {
            let kind = m.kind.clone();
            let frame = Frame {
                tips: crate::ui::table::tips::tips(
                    t.stage.scene(),
                    &l,
                    &crate::ui::map::layout(&t.map, l.map_area()),
                    None,
                    false,
                ),
                ..Frame::default()
            };
            let health = sl.health.center();
            let rest = frame.tip_for(health, false, None).expect("the Health tip");
            let hit = frame
                .tip_for(health, false, Some(&kind))
                .expect("the Health tip during the blow");
            assert_ne!(hit, rest, "the tip differs by moment");
            assert_eq!(
                hit,
                format!("This blow takes {to_traveller} Health.\n{rest}")
            );
            let atk = sl.atk_def.center();
            assert!(frame.tip_for(atk, false, None).is_some());
            assert_eq!(frame.tip_for(atk, false, Some(&kind)), None);
            return;
        }
        now += 1.0 / 30.0;
        if t.stage.idle() {
            let rolling = t.run.state.duel().is_some_and(|d| d.rolled.is_none());
            if rolling {
                let Some(face) = faces.next() else {
                    break;
                };
                t.run.force_die(1);
                t.run.force_die(face);
            }
            key(&mut t, |i| i.activate = true, now);
        } else {
            key(&mut t, |_| {}, now);
        }
    }
    panic!("no blow against the traveller played");
}

/// The band's piles, as laid out into the frame: labels and tips count the cards of the
/// state shown, each label under its own pile, and the run over they say nothing.
#[test]
fn the_piles_labels_and_tips_count_the_cards_of_the_state_shown() {
    let mut t = TableScreen::new(shipped(), 1, &[], None).unwrap();
    let l = Layout::new(vec2(1280.0, 800.0));
    let scene = t.stage.scene().clone();
    let s = &scene.state;
    let b = crate::ui::table::band::lay_out(&scene, None, &l).expect("no Guardian's stage");
    assert_eq!(b.deck.count, s.deck.len());
    assert_eq!(b.deck.label, format!("Deck {}", s.deck.len()));
    assert_eq!(b.discard.label, format!("Discard {}", s.discard.len()));
    for p in [&b.deck, &b.discard] {
        assert!(p.label_at.y > p.rect.bottom() && p.label_at.y < l.top.bottom());
        assert_eq!(p.label_at.x, p.rect.center().x);
    }
    // The frame's tips over the piles are the band's own, from the same rectangles.
    let tips = b.tips();
    assert_eq!(tips.len(), 2);
    let frame = Frame {
        tips,
        ..Frame::default()
    };
    let deck_tip = frame.tip_for(b.deck.rect.center(), false, None).unwrap();
    assert!(
        deck_tip.contains(&format!("{} cards left", s.deck.len())),
        "{deck_tip}"
    );
    t.commit(&Action::Abandon, &[]);
    t.stage.finish_all();
    assert_eq!(t.stage.shown().phase, crate::core::state::Phase::Over);
    let over = crate::ui::table::band::lay_out(t.stage.scene(), None, &l).unwrap();
    assert!(
        over.tips().is_empty(),
        "the run over, the piles say nothing"
    );
}
