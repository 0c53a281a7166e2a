//! Balance beside the card (the gallery's Ctrl-B): a set being edited played against the
//! set as last saved, run by run on the same seeds by the planner, and what changed for
//! the whole run and for one card, in words for a small panel.

use super::batch::{PolicyKind, Progress};
use super::compare::{Config, compare};
use super::summary::{CardSummary, Summary};
use crate::cards::CardSet;
use crate::core::DiceMode;
use std::sync::Arc;

/// Runs a weighing plays on each side (about a second in a release build).
pub const RUNS: u64 = 2000;
/// The seed of the weighing's runs: fixed, so two weighings of one edit agree.
pub const SEED: u64 = 1;

/// One side's win rate with its 95% (Wilson) interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinRate {
    pub wins: u64,
    pub rate: f64,
    pub ci95: [f64; 2],
}

/// A Terror option's figures on one side: shares of the times the Terror was faced.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionShares {
    pub label: String,
    pub taken: f64,
    /// Its cost could not be paid.
    pub unaffordable: f64,
    /// Payable, yet the other option was taken.
    pub passed_over: f64,
}

/// One card's figures on one side.
#[derive(Debug, Clone, PartialEq)]
pub struct CardFigures {
    pub name: String,
    pub flips: u64,
    /// Runs lost to it, per flip.
    pub kill_rate: f64,
    /// Mean Health lost from its flip until it was resolved (negative: it gave Health).
    pub health_cost: f64,
    /// A Terror's options (empty for other cards).
    pub options: Vec<OptionShares>,
}

impl CardFigures {
    fn of(c: &CardSummary) -> CardFigures {
        let options = c
            .terror
            .iter()
            .flatten()
            .map(|o| OptionShares {
                label: o.label.clone(),
                taken: o.share,
                unaffordable: o.unaffordable_share,
                passed_over: (1.0 - o.share - o.unaffordable_share).max(0.0),
            })
            .collect();
        CardFigures {
            name: c.name.clone(),
            flips: c.flips,
            kill_rate: c.kill_rate,
            health_cost: -c.mean_health_while_resolving,
            options,
        }
    }
}

/// The edited set weighed against the saved one.
#[derive(Debug, Clone, PartialEq)]
pub struct Balance {
    pub runs: u64,
    pub saved: WinRate,
    pub edited: WinRate,
    /// Edited minus saved, with its paired 95% interval.
    pub change: f64,
    pub change_ci95: [f64; 2],
    /// The card on each side (`None` where the set has no such Station card).
    pub card_saved: Option<CardFigures>,
    pub card_edited: Option<CardFigures>,
    /// What each side is, for the lines (`before saving cinder_hound`, `as saved`).
    pub names: [String; 2],
}

fn side(label: &str, cards: Arc<CardSet>) -> Config {
    Config {
        label: label.to_string(),
        cards,
        policy: PolicyKind::Planner,
        dice: DiceMode::Rolled,
        rules: crate::core::HouseRules::OFF,
        renames: Default::default(),
    }
}

fn win_rate(s: &Summary) -> WinRate {
    WinRate {
        wins: s.wins,
        rate: s.win_rate,
        ci95: s.win_rate_ci95,
    }
}

fn card_of(s: &Summary, id: &str) -> Option<CardFigures> {
    s.per_card.iter().find(|c| c.id == id).map(CardFigures::of)
}

/// Plays `runs` planner runs of `saved` and `edited` on the same seeds and gives the
/// change, and card `saved_id`'s figures (called `edited_id` in the edited set).
pub fn weigh(
    saved: &Arc<CardSet>,
    edited: &Arc<CardSet>,
    (saved_id, edited_id): (&str, &str),
    runs: u64,
    jobs: usize,
    progress: &Progress,
) -> Result<Balance, String> {
    let (a, b) = (
        side("saved", Arc::clone(saved)),
        side("edited", Arc::clone(edited)),
    );
    let c = compare(&a, &b, runs, SEED, jobs, progress).map_err(|e| e.to_string())?;
    let s = c.summary(&a, &b);
    let change = s
        .changes
        .iter()
        .find(|c| c.figure == "win_rate")
        .ok_or("no win rate compared")?;
    Ok(Balance {
        runs: s.runs,
        saved: win_rate(&s.a.summary),
        edited: win_rate(&s.b.summary),
        change: change.difference,
        change_ci95: change.ci95,
        card_saved: card_of(&s.a.summary, saved_id),
        card_edited: card_of(&s.b.summary, edited_id),
        names: ["saved".into(), "edited".into()],
    })
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn rate(w: &WinRate) -> String {
    format!("{} ({}–{})", pct(w.rate), pct(w.ci95[0]), pct(w.ci95[1]))
}

/// "1.5%" or "1.5% → 4.0%" when the two differ.
fn shift(a: Option<String>, b: Option<String>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if a == b => a,
        (Some(a), Some(b)) => format!("{a} → {b}"),
        (Some(a), None) => format!("{a} → gone"),
        (None, Some(b)) => format!("new: {b}"),
        (None, None) => String::new(),
    }
}

/// A figure to `places` decimals, never `-0.00`: a change too small to show is none.
fn fixed(x: f64, places: usize) -> String {
    let s = format!("{x:.places$}");
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.trim_start_matches('-').to_string()
    } else {
        s
    }
}

/// A signed figure (`+1.2`, `-0.4`) to `places` decimals; `+0.0` for one too small to show.
fn signed(x: f64, places: usize) -> String {
    let s = fixed(x, places);
    if s.starts_with('-') {
        s
    } else {
        format!("+{s}")
    }
}

impl Balance {
    /// The same figures with each side's name for the lines.
    pub fn named(mut self, names: [String; 2]) -> Balance {
        self.names = names;
        self
    }

    /// The panel's lines: the win rate on both sides, the change, the card's kill rate and
    /// Health cost, and a Terror's options with why each was or was not taken.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![
            format!("Win rate, {}: {}", self.names[0], rate(&self.saved)),
            format!("Win rate, {}: {}", self.names[1], rate(&self.edited)),
        ];
        let [lo, hi] = self.change_ci95;
        let verdict = if lo > 0.0 {
            "better for the traveller"
        } else if hi < 0.0 {
            "worse for the traveller"
        } else {
            "no clear change"
        };
        out.push(format!(
            "Change {} points ({} to {}): {verdict}",
            signed(self.change * 100.0, 1),
            signed(lo * 100.0, 1),
            signed(hi * 100.0, 1)
        ));
        let (a, b) = (self.card_saved.as_ref(), self.card_edited.as_ref());
        let Some(card) = b.or(a) else {
            return out;
        };
        out.push(format!(
            "{}: flipped {}",
            card.name,
            shift(
                a.map(|c| c.flips.to_string()),
                b.map(|c| c.flips.to_string())
            )
        ));
        if a.or(b).is_some_and(|c| c.flips == 0) && b.is_none_or(|c| c.flips == 0) {
            out.push("No run flipped it: untested".into());
            return out;
        }
        out.push(format!(
            "Kill rate {} of flips",
            shift(a.map(|c| pct(c.kill_rate)), b.map(|c| pct(c.kill_rate)))
        ));
        let cost = |c: &CardFigures| fixed(c.health_cost, 2);
        out.push(format!(
            "Health cost {} per flip",
            shift(a.map(cost), b.map(cost))
        ));
        for (i, o) in card.options.iter().enumerate() {
            let before = a.and_then(|c| c.options.get(i));
            let taken = shift(before.map(|o| pct(o.taken)), Some(pct(o.taken)));
            let mut line = format!("Option {} ({}): taken {taken}", i + 1, o.label);
            if o.unaffordable > 0.0 {
                line.push_str(&format!(
                    "; unaffordable in {} of flips",
                    pct(o.unaffordable)
                ));
            }
            if o.passed_over > 0.0 {
                line.push_str(&format!("; rated worse in {}", pct(o.passed_over)));
            }
            out.push(line);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> CardSet {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        crate::cards::load::load_dir(&dir)
            .expect("the shipped set loads")
            .0
    }

    /// The shipped set with one card changed by `edit`.
    fn edited(
        set: &CardSet,
        id: &str,
        edit: impl Fn(&mut crate::cards::model::StationCard),
    ) -> CardSet {
        let mut files = (**set.files()).clone();
        let card = files
            .domains
            .iter_mut()
            .flat_map(|d| d.stations.iter_mut())
            .find(|c| c.id.0 == id)
            .expect("the card");
        edit(card);
        crate::cards::load::load_files(&files)
            .expect("still loads")
            .0
    }

    #[test]
    fn the_same_set_changes_nothing() {
        let set = Arc::new(shipped());
        let b = weigh(
            &set,
            &set,
            ("cinder_hound", "cinder_hound"),
            200,
            2,
            &Progress::default(),
        )
        .unwrap();
        assert_eq!(b.saved, b.edited);
        assert_eq!((b.change, b.change_ci95), (0.0, [0.0, 0.0]));
        assert_eq!(b.card_saved, b.card_edited);
        let lines = b.lines();
        assert!(lines[2].ends_with("no clear change"), "{lines:?}");
        assert!(
            lines[3].starts_with("Cinder-Mad Hound: flipped "),
            "{lines:?}"
        );
    }

    #[test]
    fn a_deadlier_card_wins_less_and_costs_more_health() {
        let set = Arc::new(shipped());
        // The Termina hound bites for 6 on every face but its first: every planner run
        // meets it (Termina is the start).
        let deadly = Arc::new(edited(&set, "cinder_hound", |c| {
            c.hp = Some(crate::cards::model::FoeHp::Fixed(9));
            for f in c.faces.iter_mut().skip(1) {
                f.deal = 6;
                f.block = false;
            }
        }));
        let b = weigh(
            &set,
            &deadly,
            ("cinder_hound", "cinder_hound"),
            300,
            2,
            &Progress::default(),
        )
        .unwrap();
        assert!(b.edited.rate < b.saved.rate, "{b:?}");
        assert!(b.change_ci95[1] < 0.0, "{b:?}");
        let (was, now) = (
            b.card_saved.clone().unwrap(),
            b.card_edited.clone().unwrap(),
        );
        assert!(now.health_cost > was.health_cost + 3.0, "{was:?} {now:?}");
        assert!(now.kill_rate > was.kill_rate, "{was:?} {now:?}");
        assert!(b.lines()[2].ends_with("worse for the traveller"));
    }

    #[test]
    fn a_terror_says_why_each_option_was_taken() {
        let set = Arc::new(shipped());
        let b = weigh(
            &set,
            &set,
            ("termina_the_raid_remembered", "termina_the_raid_remembered"),
            300,
            2,
            &Progress::default(),
        )
        .unwrap();
        let card = b.card_edited.clone().unwrap();
        assert_eq!(card.options.len(), 2);
        for o in &card.options {
            let sum = o.taken + o.unaffordable + o.passed_over;
            assert!((sum - 1.0).abs() < 1e-3, "{o:?}");
        }
        let lines = b.lines();
        let opt: Vec<&String> = lines.iter().filter(|l| l.starts_with("Option ")).collect();
        assert_eq!(opt.len(), 2, "{lines:?}");
        assert!(
            opt[0].starts_with("Option 1 (Relive it (lose 7 Health)): taken "),
            "{opt:?}"
        );
        assert!(
            opt.iter()
                .any(|l| l.contains("rated worse in") || l.contains("unaffordable in")),
            "{opt:?}"
        );
    }

    #[test]
    fn a_figure_too_small_to_show_is_never_minus_zero() {
        assert_eq!(fixed(-0.001, 2), "0.00");
        assert_eq!(fixed(-0.004, 2), "0.00");
        assert_eq!(fixed(-0.006, 2), "-0.01");
        assert_eq!(signed(-0.04, 1), "+0.0");
        assert_eq!(signed(-0.06, 1), "-0.1");
        assert_eq!(signed(1.25, 1), "+1.2");
    }

    #[test]
    fn the_words_of_a_change() {
        let w = |wins, rate, lo, hi| WinRate {
            wins,
            rate,
            ci95: [lo, hi],
        };
        let b = Balance {
            runs: 2000,
            saved: w(726, 0.363, 0.342, 0.384),
            edited: w(602, 0.301, 0.281, 0.322),
            change: -0.062,
            change_ci95: [-0.079, -0.045],
            card_saved: Some(CardFigures {
                name: "A Voice".into(),
                flips: 1500,
                kill_rate: 0.015,
                health_cost: 1.25,
                options: vec![
                    OptionShares {
                        label: "Listen".into(),
                        taken: 0.36,
                        unaffordable: 0.0,
                        passed_over: 0.64,
                    },
                    OptionShares {
                        label: "Pay".into(),
                        taken: 0.64,
                        unaffordable: 0.0,
                        passed_over: 0.36,
                    },
                ],
            }),
            card_edited: Some(CardFigures {
                name: "A Voice".into(),
                flips: 1480,
                kill_rate: 0.04,
                health_cost: 2.5,
                options: vec![
                    OptionShares {
                        label: "Listen".into(),
                        taken: 1.0,
                        unaffordable: 0.0,
                        passed_over: 0.0,
                    },
                    OptionShares {
                        label: "Pay".into(),
                        taken: 0.0,
                        unaffordable: 0.64,
                        passed_over: 0.36,
                    },
                ],
            }),
            names: ["before saving a_voice".into(), "as saved".into()],
        };
        assert_eq!(
            b.lines(),
            [
                "Win rate, before saving a_voice: 36.3% (34.2%–38.4%)",
                "Win rate, as saved: 30.1% (28.1%–32.2%)",
                "Change -6.2 points (-7.9 to -4.5): worse for the traveller",
                "A Voice: flipped 1500 → 1480",
                "Kill rate 1.5% → 4.0% of flips",
                "Health cost 1.25 → 2.50 per flip",
                "Option 1 (Listen): taken 36.0% → 100.0%",
                "Option 2 (Pay): taken 64.0% → 0.0%; unaffordable in 64.0% of flips; rated worse in 36.0%",
            ]
        );
    }
}
