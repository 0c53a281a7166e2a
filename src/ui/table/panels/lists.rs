//! The status area's lists (Companions, Snares, waiting bonuses): each row's place and,
//! for an entry, the text its hover shows. The panel and the tooltips both read them.

use crate::ui::cardface;
use crate::ui::table::layout::StatusLayout;
use macroquad::prelude::*;

/// A row of the status area's lists.
pub enum ListRow {
    Heading(String, Rect),
    Empty(Rect),
    /// A name, the text its hover shows, its place, and the card.
    Entry(String, String, Rect, Option<crate::cards::CardRef>),
}

/// The rows of the status area's lists (Companions, Snares, bonuses), each with its place
/// and, for entries, the text its hover shows.
pub fn lists(s: &crate::core::State, l: &crate::ui::table::layout::Layout) -> Vec<ListRow> {
    let r = l.status;
    let sl = StatusLayout::new(r);
    let (x, w) = (sl.lists.x, sl.lists.w);
    let card_tip = |c: &crate::cards::CardRef| {
        let sc = s.cards.card(*c);
        format!(
            "{} ({}): {}",
            sc.name,
            cardface::type_name(sc.card_type),
            crate::present::words::text_for_seat(&sc.text, s.guide)
        )
    };
    let companions: Vec<(String, String, Option<crate::cards::CardRef>)> = s
        .companions
        .iter()
        .map(|f| {
            let mut n = s.cards.card(f.card).name.clone();
            if !f.carrying.is_empty() {
                let names: Vec<String> = f
                    .carrying
                    .iter()
                    .map(|c| s.cards.card(*c).name.clone())
                    .collect();
                n += &format!(" (carries {})", names.join(", "));
            }
            (n, card_tip(&f.card), Some(f.card))
        })
        .collect();
    let snares = s
        .snares
        .iter()
        .map(|c| (s.cards.card(*c).name.clone(), card_tip(c), Some(*c)))
        .collect();
    let b = s.bonus;
    let bonuses = [
        (b.next_duel, "to rolls in the next duel"),
        (b.next_test, "to the next test"),
        (b.next_heal, "to the next heal"),
    ]
    .into_iter()
    .filter(|(n, _)| *n != 0)
    .map(|(n, what)| {
        (
            format!("{n:+} {what}"),
            "A one-off bonus from a card, used up when its occasion comes.".to_string(),
            None,
        )
    })
    .collect();
    let mut out = Vec::new();
    let mut y = sl.lists.y;
    let groups: [(&str, Vec<_>, bool); 3] = [
        ("Companions", companions, true),
        ("Snares", snares, true),
        ("Waiting bonuses", bonuses, false),
    ];
    for (label, names, always) in groups {
        if (names.is_empty() && !always) || y > r.bottom() - 30.0 {
            continue;
        }
        out.push(ListRow::Heading(
            label.to_string(),
            Rect::new(x, y, w, 20.0),
        ));
        y += 23.0;
        if names.is_empty() {
            out.push(ListRow::Empty(Rect::new(x, y, w, 18.0)));
            y += 22.0;
        }
        for (n, tip, card) in names {
            if y > r.bottom() - 20.0 {
                break;
            }
            out.push(ListRow::Entry(n, tip, Rect::new(x, y - 2.0, w, 20.0), card));
            y += 20.0;
        }
        y += 8.0;
    }
    out
}
