//! The Guardian's duel, a layout of its own over the Domain band and the stage: a banner
//! with its picture and name large and its HP bar across (struck, it flashes and shakes
//! and the damage leaps from it; defeated, it cracks and is stamped), under it the seals
//! in force (which requirement or seal, and what it does in this duel, from
//! `present::reveal::in_force`), then its six faces beside the dice arena and the combat
//! table, the same machinery as any duel's.

use super::super::Ctx;
use super::view::{View, view};
use super::{blow, draw_body, foe};
use crate::present::stage::MomentKind;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// Draws the Guardian's duel on its own stage.
pub fn draw(cx: &Ctx) {
    let Some(v) = view(cx) else {
        return;
    };
    let b = cx.l.guardian_stage();
    style::card(
        b,
        12.0,
        2.0,
        mix(colour::TILE, colour::ERROR, 0.04),
        fade(colour::ERROR, 0.5),
    );
    let pad = 14.0;
    let inner = Rect::new(b.x + pad, b.y + pad, b.w - 2.0 * pad, b.h - 2.0 * pad);
    let banner = Rect::new(inner.x, inner.y, inner.w, (b.h * 0.24).clamp(110.0, 170.0));
    draw_banner(cx, banner, &v);
    let lines = crate::present::reveal::in_force(cx.s(), &cx.scene.seals);
    let force_h = 30.0 + 23.0 * lines.len().max(1) as f32;
    let force = Rect::new(inner.x, banner.bottom() + 10.0, inner.w, force_h);
    draw_in_force(cx, force, &lines);
    let below = Rect::new(
        inner.x,
        force.bottom() + 12.0,
        inner.w,
        inner.bottom() - force.bottom() - 12.0,
    );
    let faces_w = (below.w * 0.54).floor();
    let faces = Rect::new(below.x, below.y, faces_w, below.h);
    style::text(
        "Its faces",
        faces.x,
        faces.y + 14.0,
        &cx.fonts.italic,
        text::SMALL,
        fade(colour::PARCHMENT, 0.8),
    );
    foe::draw_faces_of(
        cx,
        Rect::new(faces.x + 3.0, faces.y + 20.0, faces.w - 6.0, faces.h - 20.0),
        &v,
    );
    let duel = Rect::new(
        faces.right() + 18.0,
        below.y,
        below.right() - faces.right() - 18.0,
        below.h,
    );
    let arena_h = (duel.h * 0.4).clamp(84.0, 150.0);
    draw_body(cx, &v, duel, arena_h);
}

/// Its picture and name large, its HP bar across (sliding when struck) and the HP and
/// exchange; struck, the banner shakes and flashes and the damage leaps from the picture;
/// at its defeat a crack runs down the picture and the banner is stamped.
fn draw_banner(cx: &Ctx, r: Rect, v: &View) {
    let fonts = cx.fonts;
    let hit = foe::struck(cx);
    let r = match hit {
        Some((i, _)) => Rect::new(r.x + i.shake.x, r.y + i.shake.y, r.w, r.h),
        None => r,
    };
    let g = &cx.s().cards.guardian;
    let art = Rect::new(r.x, r.y, r.h, r.h);
    style::card(
        art,
        9.0,
        2.0,
        mix(colour::TILE, colour::GOLD, 0.16),
        colour::GOLD,
    );
    if let Some(name) = crate::cards::art::named(g.art.as_ref()) {
        crate::ui::art::draw(name, art.center(), art.h * 0.8, colour::GOLD);
    }
    let tx = art.right() + 18.0;
    let tw = r.right() - tx;
    let name_size = style::fit_size(&v.name, &fonts.serif, 52, text::TITLE, tw);
    style::text(
        &v.name,
        tx,
        r.y + 44.0,
        &fonts.serif,
        name_size,
        colour::PARCHMENT,
    );
    style::text(
        &format!("Guardian · DEF {}", g.def),
        tx,
        r.y + 70.0,
        &fonts.italic,
        text::LABEL,
        fade(colour::GOLD, 0.9),
    );
    let (to_foe, p) = blow(cx);
    let shown_hp = v.hp as f32 + to_foe as f32 * (1.0 - super::header::ease(p));
    let bar = Rect::new(tx, r.bottom() - 38.0, tw, 18.0);
    style::rounded_rect(bar, 5.0, fade(style::dim(), 0.3));
    let frac = (shown_hp / v.max_hp.max(1) as f32).clamp(0.0, 1.0);
    style::rounded_rect(
        Rect::new(bar.x, bar.y, bar.w * frac, bar.h),
        5.0,
        colour::ERROR,
    );
    let label = super::header::hp_label(v);
    style::text_right(
        &label,
        bar.right(),
        r.bottom() - 4.0,
        &fonts.serif,
        text::LABEL,
        fade(colour::PARCHMENT, 0.9),
    );
    if let Some((i, amount)) = hit {
        foe::draw_wound(cx, r, art.center(), &i, amount, 0.6);
    }
    if let Some(m) = cx.playing(|k| *k == MomentKind::FoeDefeated) {
        let p = m.tail_progress();
        let (crack, _) = super::fx::break_apart(p);
        foe::draw_crack(art, art.center().x, crack);
        foe::stamp(cx, r, "Defeated", colour::GOLD, (p * 4.0).min(1.0));
    }
}

/// The seals in force in this duel, one line each, in a red-bordered box; none: said so.
fn draw_in_force(cx: &Ctx, r: Rect, lines: &[String]) {
    let fonts = cx.fonts;
    let (edge, title) = if lines.is_empty() {
        (colour::SEA_LIGHT, "No seal holds against you")
    } else {
        (colour::ERROR, "In force in this duel")
    };
    style::card(r, 8.0, 2.0, mix(colour::TILE, edge, 0.08), fade(edge, 0.8));
    style::text(
        title,
        r.x + 12.0,
        r.y + 20.0,
        &fonts.italic,
        text::LABEL,
        edge,
    );
    let body = if lines.is_empty() {
        vec!["It fights as it stands: every wound you deal holds.".to_string()]
    } else {
        lines.to_vec()
    };
    // One line a seal when it fits at a small size; else it wraps, whole words.
    let room = r.w - 44.0;
    let mut y = r.y + 42.0;
    for line in &body {
        draw_circle(r.x + 20.0, y - 6.0, 5.0, edge);
        let size = style::fit_size(line, &fonts.serif, text::BODY, text::SMALL, room);
        for part in style::wrap(line, room, |x| style::width(x, &fonts.serif, size)) {
            style::text(&part, r.x + 34.0, y, &fonts.serif, size, colour::PARCHMENT);
            y += f32::from(size) * 1.2;
        }
        y += 4.0;
    }
}
