//! The Guardian: checking its requirements and seals when the traveller crosses, and
//! naming what makes it unbeatable.

use super::Exec;
use crate::cards::model::{Seal, SealPenalty};
use crate::core::event::{Event, SealCheck};
use crate::core::legal::holds;
use crate::core::state::{Cause, GuardianPenalties, Phase, State};

/// Every requirement (`true`) then every seal (`false`) of the Guardian.
fn seals(state: &State) -> impl Iterator<Item = (&Seal, bool)> {
    let g = &state.cards.guardian;
    g.requirements
        .iter()
        .map(|s| (s, true))
        .chain(g.seals.iter().map(|s| (s, false)))
}

/// How an unmet requirement or unbroken seal is told.
fn unmet(seal: &Seal, is_req: bool) -> String {
    let what = if is_req { "is not met" } else { "is unbroken" };
    format!("{} {what}: {}", seal.name, seal.text)
}

impl Exec<'_> {
    /// `continue` at the crossing: the Guardian is revealed, its requirements and seals
    /// checked; barred, the run is lost, else the duel starts with the penalties.
    pub(super) fn guardian(&mut self) {
        let mut checks = Vec::new();
        let mut pen = GuardianPenalties::default();
        let mut barred = None;
        for (seal, is_req) in seals(self.s) {
            let met = holds(self.s, &seal.broken_by);
            checks.push(SealCheck {
                id: seal.id.0.clone(),
                name: seal.name.clone(),
                met,
            });
            if !met {
                let detail = unmet(seal, is_req);
                match seal.penalty {
                    SealPenalty::Barred => barred = barred.or(Some(detail.clone())),
                    SealPenalty::Invulnerable => pen.invulnerable = true,
                    SealPenalty::FullHeal => pen.full_heal = true,
                    SealPenalty::Reflect => pen.reflect = true,
                }
            }
        }
        self.emit(Event::GuardianRevealed { checks });
        if let Some(detail) = barred {
            self.lose(Cause::Guardian, detail);
            return;
        }
        // The set-up lands before the duel, so a duel bonus it gives is this duel's.
        let setup = &self.cards().guardian.setup;
        if !setup.is_empty() {
            self.run(setup, None);
            // A choice asked by the set-up (the validator forbids them) or a loss: no duel yet.
            if self.over() || self.s.phase != Phase::Crossing {
                return;
            }
        }
        self.start_duel_with(None, pen);
    }

    /// The first unmet requirement or unbroken seal that makes the Guardian unbeatable.
    pub(super) fn guardian_reason(&self) -> Option<String> {
        let order = [
            SealPenalty::Invulnerable,
            SealPenalty::FullHeal,
            SealPenalty::Reflect,
        ];
        for pen in order {
            for (seal, is_req) in seals(self.s) {
                if seal.penalty == pen && !holds(self.s, &seal.broken_by) {
                    return Some(unmet(seal, is_req));
                }
            }
        }
        None
    }
}
