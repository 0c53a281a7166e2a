//! What things are worth to the heuristic bots, in Health-equivalents: amounts, effects,
//! standing modifiers, held cards and Snares.

use crate::cards::CardRef;
use crate::cards::model::{Amount, Effect, Modifier, Per, StationCard};
use crate::core::Observation;

/// Rough Health-equivalent value of an amount of healing or damage.
pub(super) fn amount_value(a: &Amount, missing: i32) -> f32 {
    match a {
        Amount::Fixed(n) => *n as f32,
        Amount::Dice { d6, plus } => 3.5 * *d6 as f32 + *plus as f32,
        Amount::Full(_) => missing.max(8) as f32,
    }
}

/// What a list of effects is worth to the traveller, in Health-equivalents (negative: harm).
pub(super) fn effects_value(effects: &[Effect], view: &Observation) -> f32 {
    let missing = view.max_health() - view.health();
    effects
        .iter()
        .map(|e| match e {
            Effect::Heal(a) => amount_value(a, missing).min(missing.max(1) as f32),
            Effect::LoseHealth(a) => -amount_value(a, 0),
            Effect::Resolve(n) => 2.5 * *n as f32,
            Effect::Dread(n) => {
                if view.marker() as i32 - *n as i32 <= -4 {
                    -100.0
                } else {
                    -3.5 * *n as f32
                }
            }
            Effect::MaxHealth(n) => 1.5 * *n as f32,
            Effect::HitFoe(n) => 2.0 * *n as f32,
            Effect::Peek(_) | Effect::PeekDeck(_) | Effect::Reveal(_) | Effect::Reorder(_) => 0.5,
            Effect::Cleanse(_) => 3.0,
            Effect::Bonus(_) => 1.5,
            Effect::If(b) => {
                effects_value(&b.then, view).max(effects_value(&b.otherwise, view)) * 0.5
            }
            // Alone, a die picks: the options' average.
            Effect::GuideChooses(options) => {
                options
                    .iter()
                    .map(|o| effects_value(&o.effects, view))
                    .sum::<f32>()
                    / options.len().max(1) as f32
            }
            Effect::Lose(_) | Effect::Catch(_) => -4.0,
            Effect::Release(_) => 3.0,
            Effect::Shield(n) => 2.0 * *n as f32,
            Effect::EndRun(_) => -100.0,
            // Back to the middle: worth the Dread it clears, a loss of the Resolve it spends.
            Effect::Marker(_) => {
                let m = view.marker() as f32;
                if m < 0.0 { -3.5 * m } else { -2.5 * m }
            }
        })
        .sum()
}

/// What a standing modifier is worth (negative for a Snare's).
pub(super) fn modifier_value(p: &Modifier) -> f32 {
    match p {
        Modifier::Atk(n) => 6.5 * *n as f32,
        Modifier::Def(n) => 4.5 * *n as f32,
        Modifier::TestRolls(n) => 2.0 * *n as f32,
        Modifier::DuelRolls(n) => 3.0 * *n as f32,
        Modifier::AllRolls(n) => 4.0 * *n as f32,
        Modifier::RestHeal(n) => 0.8 * *n as f32,
        Modifier::CounterDamage(n) => 1.5 * *n as f32,
        Modifier::NoSpendResolve | Modifier::NoRest => -3.0,
        Modifier::FirstAttacksMiss(n) => -2.0 * *n as f32,
        Modifier::TableFace(_) => 1.0,
    }
}

/// What keeping a trinket is worth: about a +1 to test rolls.
pub(super) const TRINKET_VALUE: f32 = 2.0;

/// A one-time look ahead is used only at this Health or below.
pub(super) const LOOK_AHEAD_HEALTH: i32 = 8;

/// What holding a card is worth (for keeping, swapping and declining).
pub(super) fn card_value(card: &StationCard, view: &Observation) -> f32 {
    // A trinket does nothing by itself; a curious first-time player keeps such an odd find
    // for a while rather than throw it away for the first small gain.
    if card.passive.is_empty() && card.ability.is_none() && card.tags.iter().any(|t| t == "trinket")
    {
        return TRINKET_VALUE;
    }
    let mut v: f32 = card.passive.iter().map(modifier_value).sum();
    if let Some(a) = &card.ability {
        let per_use = if a.reroll {
            3.0
        } else {
            effects_value(&a.effects, view).max(0.5)
        };
        v += match a.per {
            Per::Once => per_use,
            Per::Run => per_use * 1.2,
            Per::Domain | Per::Fight => per_use * 2.0,
        };
    }
    v
}

/// Whether a companion who follows has offered to carry this card: any reader of the
/// companion's text keeps it for them.
pub(super) fn companion_wants(view: &Observation, card: CardRef) -> bool {
    let cards = view.cards();
    view.companions()
        .iter()
        .any(|f| cards.carries(f.card).iter().any(|&c| c == card.name()))
}

/// How much a Snare hurts (for choosing what to cleanse).
pub(super) fn snare_badness(card: &StationCard) -> f32 {
    let mut v: f32 = -card.passive.iter().map(modifier_value).sum::<f32>();
    for t in &card.triggers {
        for e in &t.effects {
            if let Effect::LoseHealth(a) = e {
                v += amount_value(a, 0) * 2.0;
            }
        }
    }
    v
}
