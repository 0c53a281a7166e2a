//! Pit tests: rolling the dice and judging the total against the target (single or
//! extended tests).

use super::Exec;
use crate::cards::model::{BonusTarget, Effect};
use crate::core::dice::TestDice;
use crate::core::event::Event;
use crate::core::modifiers::test_modifier;
use crate::core::rules::EXTENDED_TALLY;
use crate::core::state::Phase;

impl Exec<'_> {
    /// `roll` at a Pit: the test's dice.
    pub(super) fn roll_test(&mut self) {
        let Phase::Pit(t) = &self.s.phase else {
            return;
        };
        let card = t.card;
        let n = self
            .cards()
            .card(card)
            .test
            .as_ref()
            .map_or(1, |t| t.dice.max(1));
        let dice = TestDice::unrolled(usize::from(n));
        self.emit_drawn(Event::TestRolled { card, dice });
    }

    /// Judges the dice rolled (after any rerolls); an extended test goes on until its
    /// tally of successes or failures is reached.
    pub(super) fn judge_test(&mut self) {
        let cards = self.cards();
        let Phase::Pit(t) = &self.s.phase else {
            return;
        };
        let (card, natural) = (t.card, t.dice.iter().map(|&d| d as i32).sum::<i32>());
        let (mut successes, mut failures) = (t.successes, t.failures);
        // Borrowed from the card set (not the state): only the effects run are cloned.
        let Some(test) = cards.card(card).test.as_ref() else {
            return;
        };
        let total = natural + test_modifier(self.s);
        let success = total >= test.target;
        if success {
            successes += 1;
        } else {
            failures += 1;
        }
        let over = !test.extended || successes >= EXTENDED_TALLY || failures >= EXTENDED_TALLY;
        if over && self.s.bonus.next_test != 0 {
            self.emit(Event::BonusUsed {
                to: BonusTarget::NextTest,
                amount: self.s.bonus.next_test,
            });
        }
        self.emit(Event::TestJudged {
            card,
            total,
            target: test.target,
            success,
            successes,
            failures,
            over,
        });
        let failed: &[Effect] = if test.extended && !success {
            &test.each_failure
        } else {
            &[]
        };
        let then: &[Effect] = match (over, success) {
            (false, _) => &[],
            (true, true) => &test.success,
            (true, false) => &test.failure,
        };
        let from = |e| (e, Some(card));
        self.run_work(failed.iter().chain(then).map(from));
    }
}
