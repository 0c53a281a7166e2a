//! Per-Domain deck figures for `forward validate --json`: what each Domain's deck holds
//! and offers, to compare Domains at a glance.

use super::model::*;
use super::report::DeckStats;
use super::source::Loaded;

/// A dice amount counts as its average, rounded down (`1d6+1` is 4).
fn average(a: &Amount) -> u32 {
    match a {
        Amount::Fixed(n) => (*n).max(0) as u32,
        Amount::Dice { d6, plus } => (i32::from(*d6) * 7 / 2 + plus).max(0) as u32,
        Amount::Full(_) => 0,
    }
}

/// Sums of what effects do, nested ones (choices, branches) included.
#[derive(Default)]
struct Sums {
    healing: u32,
    health_lost: u32,
    foe_damage: u32,
}

impl Sums {
    fn effects(&mut self, list: &[Effect]) {
        // Nested effects (choices, branches) come through the one walker.
        super::spec::walk(list, &mut |e| match e {
            Effect::Heal(a) => self.healing += average(a),
            Effect::LoseHealth(a) => self.health_lost += average(a),
            Effect::HitFoe(n) => self.foe_damage += (*n).max(0) as u32,
            // Nothing to sum (a branch's and a choice's own effects come through `walk`).
            Effect::Resolve(_)
            | Effect::Dread(_)
            | Effect::MaxHealth(_)
            | Effect::Peek(_)
            | Effect::Reveal(_)
            | Effect::PeekDeck(_)
            | Effect::Reorder(_)
            | Effect::Cleanse(_)
            | Effect::Bonus(_)
            | Effect::If(_)
            | Effect::GuideChooses(_)
            | Effect::Lose(_)
            | Effect::Marker(_)
            | Effect::Catch(_)
            | Effect::Release(_)
            | Effect::Shield(_)
            | Effect::EndRun(_) => {}
        });
    }

    fn card(&mut self, card: &StationCard) {
        self.effects(&card.effects);
        self.effects(&card.on_defeat);
        self.effects(&card.refused);
        for t in &card.triggers {
            self.effects(&t.effects);
        }
        if let Some(a) = &card.ability {
            self.effects(&a.effects);
        }
        for o in &card.options {
            self.effects(&o.effects);
        }
        if let Some(t) = &card.test {
            self.effects(&t.success);
            self.effects(&t.failure);
            self.effects(&t.each_failure);
        }
        for p in &card.passage {
            self.effects(&p.effects);
        }
        if let Some(toll) = &card.toll {
            self.effects(toll);
        }
    }
}

/// The figures of every Domain that parsed, in map order.
pub(crate) fn decks(loaded: &Loaded) -> Vec<DeckStats> {
    let mut domains: Vec<_> = loaded.domains.iter().collect();
    domains.sort_by_key(|(i, _)| *i);
    domains
        .into_iter()
        .map(|(_, d)| {
            let mut stats = DeckStats {
                domain: d.value.id.0.clone(),
                stations: d.value.stations.len(),
                ..DeckStats::default()
            };
            let mut sums = Sums::default();
            sums.effects(&d.value.on_enter);
            for card in &d.value.stations {
                *stats
                    .by_type
                    .entry(card.card_type.as_str().to_string())
                    .or_insert(0) += 1;
                sums.card(card);
                if card.card_type == StationType::Foe {
                    stats.foe_hp += card.hp.and_then(|hp| hp.fixed()).unwrap_or(0).max(0) as u32;
                    stats.foe_face_damage +=
                        card.faces.iter().map(|f| f.deal.max(0) as u32).sum::<u32>();
                }
            }
            stats.healing = sums.healing;
            stats.health_lost = sums.health_lost;
            stats.foe_damage = sums.foe_damage;
            stats
        })
        .collect()
}
