//! The end of a run: victory or defeat over the table, saying what happened in the run
//! (the cause, the route, the foes met and beaten, the Guardian's checks). Drawn once the
//! shown state is over, so the last blow plays first.

use super::Ctx;
use crate::core::{Cause, Event, Outcome};
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// What the run came to, from the journal of its events: foes beaten, foes passed, cards
/// taken, Snares caught.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Recap {
    pub foes_beaten: Vec<String>,
    pub foes_passed: usize,
    pub finds: usize,
    pub snares: usize,
}

impl Recap {
    pub fn of(cards: &crate::cards::CardSet, journal: &[Event]) -> Recap {
        let mut r = Recap::default();
        let mut last_foe: Option<String> = None;
        for e in journal {
            match e {
                Event::DuelStarted { card, .. } => {
                    last_foe = Some(
                        card.map_or(cards.guardian.name.clone(), |c| cards.card(c).name.clone()),
                    )
                }
                Event::FoeDefeated { .. } => r.foes_beaten.extend(last_foe.take()),
                Event::FoePassed { .. } | Event::DuelStalemate { .. } => r.foes_passed += 1,
                Event::CardTaken { .. } | Event::CompanionJoined { .. } => r.finds += 1,
                Event::SnareCaught { .. } => r.snares += 1,
                _ => {}
            }
        }
        r
    }
}

/// The end panel; `share` is the line that shares the run (its code, how to copy it).
pub fn draw(cx: &Ctx, recap: &Recap, share: &str) {
    let s = cx.s();
    let fonts = cx.fonts;
    let r = cx.l.end_panel();
    let won = matches!(s.outcome, Some(Outcome::Won));
    let accent = if won { colour::GOLD } else { colour::ERROR };
    style::card(r, 12.0, 3.0, mix(colour::TILE, accent, 0.1), accent);
    let title = if won {
        "The Guardian has fallen"
    } else {
        "The run is lost"
    };
    style::text_centred(title, r.center().x, r.y + 50.0, &fonts.serif, 40, accent);
    let detail = match &s.outcome {
        Some(Outcome::Lost { cause, .. }) => {
            let detail = cx.scene.loss_detail().unwrap_or_default();
            let why = match cause {
                Cause::Health => "Health ran out",
                Cause::Dread => "Dread passed 4",
                Cause::Guardian => "",
                Cause::Abandoned => "abandoned",
                Cause::Stranded => "no way on from here",
            };
            if *cause == Cause::Guardian {
                // Said in full: what held, and what would have broken it.
                let fix = crate::present::guardian::what_would_have_won(s);
                // The term that barred the way, by what (the reveal's own words).
                let checks = crate::present::reveal::check_words(s, &cx.scene.seals);
                let held = checks
                    .iter()
                    .find(|w| w.barred)
                    .map_or(detail, |w| format!("{} {}: {}", w.name, w.verdict, w.by));
                format!(
                    "The Guardian's terms were not met. {held} {}",
                    fix.join(" ")
                )
            } else {
                format!("{detail} (cause: {why})")
            }
        }
        Some(Outcome::Won) => {
            "You crossed every Domain you chose and stood before the Guardian.".into()
        }
        None => String::new(),
    };
    let inner = r.w - 56.0;
    let mut y = r.y + 72.0;
    // A loss at the Guardian says what held and what would have broken it: more room.
    let at_guardian = matches!(
        &s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Guardian,
            ..
        })
    );
    let detail_h = if at_guardian { 128.0 } else { 64.0 };
    y += cardface::text_block(
        &detail,
        Rect::new(r.x + 28.0, y, inner, detail_h),
        &fonts.serif,
        text::TITLE - 2,
        text::BODY,
        colour::PARCHMENT,
    ) + 12.0;
    let route: Vec<String> = s
        .cleared
        .iter()
        .map(|d| s.cards.domain(*d).name.clone())
        .collect();
    let beaten = if recap.foes_beaten.is_empty() {
        "Foes beaten: none".to_string()
    } else {
        // As many names as two lines hold, then how many more: never a name cut short.
        let fits = |l: &str| {
            let m = |x: &str| style::width(x, &fonts.serif, text::SMALL);
            let lines = style::wrap(l, inner, m);
            lines.len() <= 2 && lines.iter().all(|x| m(x) <= inner)
        };
        named_list(
            &format!("Foes beaten ({})", recap.foes_beaten.len()),
            &recap.foes_beaten,
            fits,
        )
    };
    let lines = [
        format!("Domains cleared: {}", s.cleared.len()),
        route.join(" → "),
        beaten,
        format!(
            "Cards flipped {} · finds kept {} · Snares caught {} · foes slipped past {}",
            s.flips, recap.finds, recap.snares, recap.foes_passed
        ),
        format!(
            "Duel exchanges {} · Health at the end {}",
            s.exchanges, s.health
        ),
        if cx.scene.seals.is_empty() {
            String::new()
        } else {
            let seals: Vec<String> = crate::present::reveal::check_words(s, &cx.scene.seals)
                .iter()
                .map(|w| format!("{} {}", w.name, w.verdict))
                .collect();
            format!("At the Guardian: {}", seals.join(" · "))
        },
    ];
    for line in lines.iter().filter(|l| !l.is_empty()) {
        if y > r.bottom() - 88.0 {
            break;
        }
        y += cardface::text_block(
            line,
            Rect::new(r.x + 28.0, y, inner, 48.0),
            &fonts.serif,
            text::BODY,
            text::SMALL,
            colour::PARCHMENT,
        ) + 6.0;
    }
    draw_kept(
        cx,
        Rect::new(r.x + 28.0, y + 6.0, inner, r.bottom() - 68.0 - y - 6.0),
    );
    // The house rules it was played with, above its code.
    let rules = cx.s().rules;
    if !rules.is_off() {
        style::text_centred(
            &rules.label(),
            r.center().x,
            r.bottom() - 70.0,
            &fonts.italic,
            text::SMALL,
            fade(colour::PARCHMENT, 0.85),
        );
    }
    // The run's code, to share and paste into another title's seed box.
    let size = style::fit_size(share, &fonts.serif, text::BODY, text::SMALL, r.w - 24.0);
    style::text_centred(
        share,
        r.center().x,
        r.bottom() - 46.0,
        &fonts.serif,
        size,
        colour::GOLD,
    );
    style::text_centred(
        &if crate::ui::hints::on_pad() {
            format!(
                "{}: the title  ·  or pick Again (same run) or New run below.",
                crate::ui::hints::name(crate::ui::hints::Key::Confirm)
            )
        } else {
            format!(
                "{}: the title  ·  A: again (same run)  ·  N: a new run.",
                crate::ui::hints::name(crate::ui::hints::Key::Confirm)
            )
        },
        r.center().x,
        r.bottom() - 18.0,
        &fonts.italic,
        text::LABEL,
        fade(colour::PARCHMENT, 0.8),
    );
}

/// "Head: a, b, c" with as many of `names` as `fits` allows, the rest counted ("and 4
/// more").
pub fn named_list(head: &str, names: &[String], fits: impl Fn(&str) -> bool) -> String {
    let all = format!("{head}: {}", names.join(", "));
    if fits(&all) {
        return all;
    }
    (1..names.len())
        .rev()
        .map(|k| {
            format!(
                "{head}: {} and {} more",
                names[..k].join(", "),
                names.len() - k
            )
        })
        .find(|l| fits(l))
        .unwrap_or_else(|| head.to_string())
}

/// The cards the traveller ended the run with: companions, equipment, items, and the
/// Snares that clung on, in that order (at most six).
pub fn kept(s: &crate::core::State) -> Vec<crate::cards::CardRef> {
    s.companions
        .iter()
        .map(|f| f.card)
        .chain(s.equipment.iter().copied())
        .chain(s.items.iter().copied())
        .chain(s.snares.iter().copied())
        .take(6)
        .collect()
}

/// The cards that mattered, as small faces in the room the lines above leave (the route
/// is traced in gold on the map beside): nothing if there are none or no room.
fn draw_kept(cx: &Ctx, room: Rect) {
    let s = cx.s();
    let cards = kept(s);
    let caption = 26.0;
    let h = (room.h - caption).min(150.0);
    if cards.is_empty() || h < 70.0 {
        return;
    }
    style::text(
        "What you carried to the end",
        room.x,
        room.y + 18.0,
        &cx.fonts.italic,
        text::LABEL,
        fade(colour::PARCHMENT, 0.8),
    );
    let gap = 10.0;
    let n = cards.len() as f32;
    let w = (h / 1.4).min((room.w - gap * (n - 1.0)) / n);
    for (i, c) in cards.iter().enumerate() {
        let r = Rect::new(room.x + i as f32 * (w + gap), room.y + caption, w, w * 1.4);
        cardface::draw_face(
            r,
            &cardface::station_face(s.cards.card(*c)),
            cx.fonts,
            false,
        );
    }
}
