//! The Guardian's terms, opened from its card on the map.

use super::*;
use crate::ui::table::panels::objective;

/// A new run of seed 1 at rest, its clock, and the table's layout at 1280x800 (the size
/// the tests' input reports).
fn settled() -> (TableScreen, f32, Layout) {
    let mut t = TableScreen::new(shipped(), 1, &[], None).unwrap();
    let mut now = 0.0;
    settle(&mut t, &mut now);
    (t, now, Layout::new(vec2(1280.0, 800.0)))
}

#[test]
fn zero_or_a_click_on_the_guardians_card_opens_its_terms_and_closes_them() {
    let (mut t, mut now, l) = settled();
    let ml = crate::ui::map::layout(&t.map, l.map_area());
    let badge = crate::ui::map::guardian_badge(&ml);
    let panel = objective::rect(&l, &ml);
    let inside = vec2(panel.center().x, panel.bottom() - 20.0);
    assert!(!t.objective);
    // The first tip under a point, as the frame reads them.
    let tip_at = |t: &TableScreen, at: Vec2| {
        let tips = crate::ui::table::tips::tips(t.stage.scene(), &l, &ml, None, t.objective);
        crate::ui::screen::tip_at(&tips, at, None).unwrap_or_default()
    };
    // Closed, what lies under the panel's place has its own tip.
    let before = tip_at(&t, inside);
    assert!(!before.contains("Guardian's terms"), "{before}");
    now += 0.1;
    key(&mut t, |i| i.presses.push(Press::Key(KeyCode::Key0)), now);
    assert!(t.objective, "0 opens the terms");
    let tip = tip_at(&t, inside);
    assert!(
        tip.contains("Guardian's terms"),
        "open, the panel has the tip: {tip}"
    );
    now += 0.1;
    key(&mut t, |i| i.presses.push(Press::Key(KeyCode::Key0)), now);
    assert!(!t.objective, "0 closes them");
    now += 0.1;
    key(
        &mut t,
        |i| {
            i.mouse = badge.center();
            i.click = true;
        },
        now,
    );
    assert!(t.objective, "a click on the Guardian's card opens them");
    now += 0.1;
    key(
        &mut t,
        |i| {
            i.mouse = inside;
            i.click = true;
        },
        now,
    );
    assert!(!t.objective, "a click on them closes them");
    // Open, the row still answers its digits: the panel only covers the map.
    now += 0.1;
    key(&mut t, |i| i.presses.push(Press::Key(KeyCode::Key0)), now);
    let flips = t.run.journal.len();
    now += 0.1;
    key(&mut t, |i| i.digit = Some(1), now);
    assert!(t.run.journal.len() > flips, "1 flips with the terms open");
}

#[test]
fn every_route_destination_has_its_card_on_the_stage() {
    let cards = shipped();
    let (seed, actions) = scene(&cards, |s| {
        s.phase == Phase::Route && crate::ui::table::panels::map::reachable(s).len() >= 4
    });
    eprintln!("four ways on: --seed {seed} --actions {actions:?}");
    let t = TableScreen::new(cards, seed, &actions, None).unwrap();
    let reach = crate::ui::table::panels::map::reachable(&t.run.state);
    for size in [
        vec2(1024.0, 640.0),
        vec2(1280.0, 800.0),
        vec2(1920.0, 1080.0),
    ] {
        let l = Layout::new(size);
        let shown = crate::ui::table::panels::route::route_cards(&t.run.state, &l);
        let mut got: Vec<usize> = shown.iter().map(|(_, i)| *i).collect();
        got.sort_unstable();
        let mut want = reach.clone();
        want.sort_unstable();
        assert_eq!(got, want, "one card per destination at {size}");
        for (k, (r, _)) in shown.iter().enumerate() {
            assert!(
                l.stage.contains(r.point()) && l.stage.contains(vec2(r.right(), r.bottom())),
                "{r:?} lies on the stage {:?}",
                l.stage
            );
            assert!(r.w >= 120.0 && r.h >= 80.0, "room for a name: {r:?}");
            for (q, _) in &shown[k + 1..] {
                assert!(r.intersect(*q).is_none(), "{r:?} and {q:?} overlap");
            }
        }
    }
}

#[test]
fn the_map_is_laid_out_once_a_frame_and_read_from_it() {
    let (t, _, l) = settled();
    let laid = crate::ui::map::layout(&t.map, l.map_area());
    assert_eq!(
        t.frame.geometry.map, laid,
        "the update laid the map out for its window"
    );
    assert!(
        matches!(t.frame.map_for(&t.map, &l), std::borrow::Cow::Borrowed(_)),
        "the same window reads the frame's geometry"
    );
    // Another window's shape (a draw before the next update) lays it out anew, for it.
    let small = Layout::new(vec2(1024.0, 1000.0));
    assert_ne!(small.map_area(), l.map_area());
    let other = t.frame.map_for(&t.map, &small);
    assert!(matches!(other, std::borrow::Cow::Owned(_)));
    assert_eq!(
        *other,
        crate::ui::map::layout(&t.map, small.map_area()),
        "laid out for the window drawn"
    );
    // The tips are built from the frame's tiles: each tile's tip names its Domain.
    let tips =
        crate::ui::table::tips::tips(t.stage.scene(), &l, &t.frame.geometry.map, None, false);
    for (i, r) in t.frame.geometry.map.tiles.iter().enumerate() {
        let tip = crate::ui::screen::tip_at(&tips, r.center(), None);
        let name = &t.run.state.cards.domains[i].name;
        assert!(
            tip.as_deref().is_some_and(|s| s.contains(name.as_str())),
            "tile {i}: {tip:?}"
        );
    }
}
