//! The Domain band as laid out for one frame, into the table's frame: the Domain's title
//! card with its name, its line and its scene text, and the two piles (the deck and the
//! discard) with the labels under them and their tips. The band's panel draws it, the
//! tips are read from it and the still layer keys on what it is made from: one set of
//! rectangles and texts for all three.

use super::layout::{Band, Layout};
use crate::cards::CardRef;
use crate::core::state::Phase;
use crate::present::scene::Scene;
use crate::present::stage::Moment;
use crate::ui::screen::Tip;
use macroquad::prelude::*;

/// Below a pile, where its label's baseline is (layout units).
const LABEL_DROP: f32 = 18.0;

/// A pile of the band.
#[derive(Debug, Clone, PartialEq)]
pub struct Pile {
    pub rect: Rect,
    /// How many cards it holds.
    pub count: usize,
    /// The label under it ("Deck 6"), centred on `label_at`, its baseline.
    pub label: String,
    pub label_at: Vec2,
    /// What hovering it explains.
    pub tip: String,
}

/// The Domain band of one frame.
#[derive(Debug, Clone, PartialEq)]
pub struct BandModel {
    /// The Domain's title card.
    pub title: Rect,
    /// The Domain's name, and the line under it (cleared, flips, house rules).
    pub name: String,
    pub line: String,
    /// The Domain's scene text, set in `text_rect`.
    pub text: String,
    pub text_rect: Rect,
    /// The deck (dealt from, face down, in the Domain's back).
    pub deck: Pile,
    /// The discard, and the card on top of it.
    pub discard: Pile,
    pub top: Option<CardRef>,
    /// The piles explain themselves: not while the run is over, or while the Guardian's
    /// stage has covered the band (its tips wait for the stage to rest).
    pub tips: bool,
}

/// The band for the scene shown while `moment` plays; `None` while the Guardian's stage
/// covers it.
pub fn lay_out(scene: &Scene, moment: Option<&Moment>, l: &Layout) -> Option<BandModel> {
    if super::panels::reveal::on_stage(scene, moment) {
        return None;
    }
    let s = &scene.state;
    let Band {
        title,
        deck,
        discard,
    } = l.band();
    let d = s.cards.domain(s.domain);
    let mut line = format!(
        "Domain · {} cleared so far · {} flips",
        s.cleared.len(),
        s.flips
    );
    if !s.rules.is_off() {
        line.push_str(&format!(" · {}", s.rules.label()));
    }
    let cards = |n: usize| match n {
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    };
    let under = |r: Rect| vec2(r.center().x, r.bottom() + LABEL_DROP);
    let top = s.discard.last().copied();
    Some(BandModel {
        title,
        name: d.name.clone(),
        line,
        text: d.text.clone(),
        text_rect: Rect::new(
            title.x + 12.0,
            title.y + 60.0,
            title.w - 24.0,
            title.h - 66.0,
        ),
        deck: Pile {
            rect: deck,
            count: s.deck.len(),
            label: format!("Deck {}", s.deck.len()),
            label_at: under(deck),
            tip: format!(
                "The Domain's deck: {} left. The row is dealt from it.",
                cards(s.deck.len())
            ),
        },
        discard: Pile {
            rect: discard,
            count: s.discard.len(),
            label: format!("Discard {}", s.discard.len()),
            label_at: under(discard),
            tip: match top {
                Some(c) => format!(
                    "The discard: {}, {} on top.",
                    cards(s.discard.len()),
                    s.cards.card(c).name
                ),
                None => "The discard: empty.".to_string(),
            },
        },
        top,
        tips: s.phase != Phase::Over && !super::panels::reveal::on_stage(scene, None),
    })
}

impl BandModel {
    /// The piles' tips (none when they do not explain themselves, see [`BandModel::tips`]).
    pub fn tips(&self) -> Vec<Tip> {
        if !self.tips {
            return Vec::new();
        }
        [&self.deck, &self.discard]
            .into_iter()
            .map(|p| Tip::new(p.rect, p.tip.clone()))
            .collect()
    }
}
