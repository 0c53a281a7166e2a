//! What a route card tells of a Domain beyond its name and the pieces of known terms said
//! to lie there (`guardian::pieces_in`): the Station cards the traveller met there on
//! earlier runs of this card set (`Lore::seen`, from `knowledge.json`). Shown only: it
//! never changes what happens. A first run (or an edited set) has met nothing, and the
//! card then says nothing of it.

use crate::cards::model::StationType;
use crate::core::State;
use crate::core::lore;

/// How the line about cards met on earlier runs begins.
pub const SEEN_HERE: &str = "Seen here before";

/// At most this many cards are named on a route card; the rest are counted ("and 9
/// more"): a hint of the road, not the Domain's deck list.
pub const SEEN_NAMED: usize = 3;

/// The names of the Station cards met in the Domain at `domain` (its index) on earlier
/// runs: first what can be kept or may follow (Items, Equipment, companions), then foes,
/// then the rest, each group in the order first met.
pub fn seen_in(s: &State, domain: usize) -> Vec<&str> {
    let mut met: Vec<_> = lore::seen_before(s, domain)
        .iter()
        .map(|&c| s.cards.card(c))
        .collect();
    met.sort_by_key(|c| match c.card_type {
        StationType::Item | StationType::Equipment | StationType::Companion => 0,
        StationType::Foe => 1,
        _ => 2,
    });
    met.into_iter().map(|c| c.name.as_str()).collect()
}

/// The line naming the first `shown` of `names` whole, and how many more there are:
/// "Seen here before: Ash-Blind Ram, Jar of Salvaged Honey and 3 more." (`None` when
/// nothing was met).
pub fn seen_line(names: &[&str], shown: usize) -> Option<String> {
    let shown = shown.clamp(1, names.len().max(1));
    let (named, rest) = names.split_at_checked(shown)?;
    let list = match (named, rest.len()) {
        ([], _) => return None,
        ([one], 0) => one.to_string(),
        (many, 0) => {
            let (last, head) = many.split_last()?;
            format!("{} and {last}", head.join(", "))
        }
        (some, more) => format!("{} and {more} more", some.join(", ")),
    };
    Some(format!("{SEEN_HERE}: {list}."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_whole_cards_then_counts_the_rest() {
        let names = ["Ash-Blind Ram", "Mirror Shard", "Old Well", "Chalk Marks"];
        assert_eq!(seen_line(&[], 3), None);
        assert_eq!(
            seen_line(&names[..1], 3).as_deref(),
            Some("Seen here before: Ash-Blind Ram.")
        );
        assert_eq!(
            seen_line(&names[..2], 2).as_deref(),
            Some("Seen here before: Ash-Blind Ram and Mirror Shard.")
        );
        assert_eq!(
            seen_line(&names, 4).as_deref(),
            Some("Seen here before: Ash-Blind Ram, Mirror Shard, Old Well and Chalk Marks.")
        );
        assert_eq!(
            seen_line(&names, 2).as_deref(),
            Some("Seen here before: Ash-Blind Ram, Mirror Shard and 2 more.")
        );
        assert_eq!(
            seen_line(&names, 0).as_deref(),
            Some("Seen here before: Ash-Blind Ram and 3 more."),
            "at least one name"
        );
    }
}
