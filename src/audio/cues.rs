//! Which sounds an event makes: a pure table from core events to cues.

use super::Cue;
use crate::core::state::Outcome;
use crate::core::{Event, State, Strike};

/// The cues of `event`, in the order they start (each at its [`Cue::offset`] into the
/// event's moment). `before`: the state the event is applied to (the table's shown state
/// as the moment starts).
pub fn cues_for(event: &Event, before: &State) -> Vec<Cue> {
    use Cue::*;
    const DICE: [Cue; 2] = [DiceRattle, DiceLand];
    match event {
        Event::CardFlipped { .. } => vec![CardFlip],
        Event::CardSeen { face_up: true, .. } => vec![CardFlip],
        Event::DeckShuffled { .. }
        | Event::SlotFilled { .. }
        | Event::DeckReordered { .. }
        | Event::CardTaken { .. }
        | Event::CardDiscarded { .. }
        | Event::SnareRemoved { .. }
        | Event::CompanionJoined { .. }
        | Event::CardCarried { .. }
        | Event::CardGivenAway { .. }
        | Event::FoePassed { .. } => vec![CardSlide],
        Event::EffectRolled { .. }
        | Event::TestRolled { .. }
        | Event::Rerolled { .. }
        | Event::ExchangeRolled { .. }
        | Event::TravellerRolled { .. }
        | Event::FoeRolled { .. } => DICE.to_vec(),
        // A die picked the option (a run without a Guide).
        Event::GuideChose { die: Some(_), .. } => DICE.to_vec(),
        Event::HealthChanged { by, .. } if *by > 0 => vec![Heal],
        Event::HealthChanged { by, .. } if *by < 0 => vec![Hit],
        Event::MaxHealthChanged { by, .. } if *by > 0 => vec![Heal],
        Event::MarkerMoved { by, .. } if *by > 0 => vec![ResolveStep],
        Event::MarkerMoved { by, .. } if *by < 0 => vec![DreadStep],
        Event::SnareCaught { .. } => vec![SnareCaught],
        Event::ExchangeResolved {
            strike,
            health,
            foe_roll,
            to_foe,
            ..
        } => {
            // The foe's face rolled, from the duel being fought.
            let face = before.duel().and_then(|d| {
                let faces = match d.card {
                    Some(c) => &before.cards.card(c).faces,
                    None => &before.cards.guardian.faces,
                };
                faces.get((*foe_roll as usize).saturating_sub(1))
            });
            let attack = matches!(strike, Strike::Hit | Strike::Critical | Strike::Counter);
            let guarded = attack && *to_foe == 0 && face.is_some_and(|f| f.block);
            let mut cues = match strike {
                _ if guarded => vec![Block],
                Strike::Critical => vec![Critical],
                Strike::Counter => vec![Counter],
                Strike::Parry => vec![Parry],
                Strike::Hit => vec![Hit],
                Strike::Miss => vec![Miss],
                Strike::Skipped => vec![],
            };
            // The foe's blow landed (after blocks and DEF): one thump, not two.
            if *health < before.health && !cues.contains(&Hit) {
                cues.push(Hit);
            }
            cues
        }
        Event::FoeRestored { .. } => vec![Heal],
        Event::Shielded { .. } => vec![Parry],
        Event::FoeHit { .. } => vec![Hit],
        Event::FoeDefeated { .. } => vec![FoeDefeated],
        Event::DomainCleared { .. } => vec![DomainCleared],
        Event::GuardianRevealed { .. } => vec![GuardianReveal],
        Event::EntryLearned { .. } => vec![CardFlip],
        Event::RunEnded {
            outcome: Outcome::Won,
        } => vec![Victory],
        Event::RunEnded { .. } => vec![Defeat],
        // Quiet: bookkeeping, choices and what other moments already sound for.
        // A lost term is quiet for now: the window decides how it sounds.
        Event::TermLost(_)
        | Event::DomainEntered { .. }
        | Event::CardSeen { .. }
        | Event::DeckSeen { .. }
        | Event::HealthChanged { .. }
        | Event::MaxHealthChanged { .. }
        | Event::MarkerMoved { .. }
        | Event::GraceChanged { .. }
        | Event::BonusGained { .. }
        | Event::BonusUsed { .. }
        | Event::CompanionRefused { .. }
        | Event::CardShown { .. }
        | Event::AbilityUsed { .. }
        | Event::AbilitiesRefreshed { .. }
        | Event::RestSpent { .. }
        | Event::TerrorChosen { .. }
        | Event::TestJudged { .. }
        | Event::DuelStarted { .. }
        | Event::GuideChose { .. }
        | Event::DuelStalemate { .. }
        | Event::ChoiceOffered(_)
        | Event::ChoiceClosed
        | Event::CardResolved { .. } => vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::load::load_dir;
    use crate::core::new_run;
    use crate::core::state::DuelStatus;
    use std::sync::Arc;

    fn state() -> State {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        new_run(Arc::new(load_dir(&dir).unwrap().0), 1, vec![]).0
    }

    fn exchange(strike: Strike, health: i32) -> Event {
        Event::ExchangeResolved {
            exchange: 1,
            roll: Some(3),
            strike,
            foe_roll: 2,
            face: "Claw".into(),
            to_foe: 1,
            to_traveller: 0,
            reflected: 0,
            foe_healed: 0,
            foe_hp: 2,
            health,
            status: DuelStatus::default(),
        }
    }

    #[test]
    fn exchanges_sound_like_their_strike_and_the_foes_blow() {
        let s = state();
        let h = s.health;
        assert_eq!(
            cues_for(&exchange(Strike::Critical, h), &s),
            [Cue::Critical]
        );
        assert_eq!(cues_for(&exchange(Strike::Parry, h), &s), [Cue::Parry]);
        assert_eq!(cues_for(&exchange(Strike::Counter, h), &s), [Cue::Counter]);
        assert_eq!(cues_for(&exchange(Strike::Miss, h), &s), [Cue::Miss]);
        // Hurt: a thump for the foe's blow; a traded Hit stays one thump.
        assert_eq!(
            cues_for(&exchange(Strike::Miss, h - 2), &s),
            [Cue::Miss, Cue::Hit]
        );
        assert_eq!(cues_for(&exchange(Strike::Hit, h - 2), &s), [Cue::Hit]);
        assert_eq!(
            cues_for(&exchange(Strike::Critical, h - 2), &s),
            [Cue::Critical, Cue::Hit]
        );
    }

    #[test]
    fn a_blow_the_foes_guard_takes_sounds_as_a_block() {
        // Seed 1's first duel: the Ash-Blind Ram, whose face 5 blocks.
        let mut s = state();
        while s.duel().is_none() {
            let a = crate::core::legal_actions(&s)
                .into_iter()
                .find(|a| *a != crate::core::Action::Abandon)
                .unwrap();
            crate::core::execute(&mut s, &a).unwrap();
        }
        let mut guarded = exchange(Strike::Hit, s.health);
        if let Event::ExchangeResolved {
            foe_roll, to_foe, ..
        } = &mut guarded
        {
            *foe_roll = 5;
            *to_foe = 0;
        }
        assert_eq!(cues_for(&guarded, &s), [Cue::Block]);
        // The same blow against a face that does not block lands.
        assert_eq!(cues_for(&exchange(Strike::Hit, s.health), &s), [Cue::Hit]);
    }

    #[test]
    fn steps_heals_and_endings() {
        let s = state();
        let moved = |by| Event::MarkerMoved { by, marker: by };
        assert_eq!(cues_for(&moved(1), &s), [Cue::ResolveStep]);
        assert_eq!(cues_for(&moved(-1), &s), [Cue::DreadStep]);
        let health = |by| Event::HealthChanged { by, health: 5 };
        assert_eq!(cues_for(&health(3), &s), [Cue::Heal]);
        assert_eq!(cues_for(&health(-3), &s), [Cue::Hit]);
        assert_eq!(cues_for(&health(0), &s), []);
        let won = Event::RunEnded {
            outcome: Outcome::Won,
        };
        assert_eq!(cues_for(&won, &s), [Cue::Victory]);
        assert_eq!(
            cues_for(&Event::FoeDefeated { foe: "rat".into() }, &s),
            [Cue::FoeDefeated]
        );
        assert_eq!(
            cues_for(&Event::FoeRolled { foe: 3 }, &s),
            [Cue::DiceRattle, Cue::DiceLand]
        );
    }
}
