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
