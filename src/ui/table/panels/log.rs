//! The log panel: what happened, in words, newest at the bottom. It reads the shown
//! scene's log, so a line appears when its event plays, not before.

use super::Ctx;
use crate::ui::style::{self, colour, fade};
use crate::ui::table::layout::text;

pub fn draw(cx: &Ctx, scroll: usize) {
    let r = cx.l.log;
    let fonts = cx.fonts;
    style::text(
        "Log",
        r.x + 14.0,
        r.y + 26.0,
        &fonts.serif,
        text::HEADING,
        colour::GOLD,
    );
    let size = text::LABEL;
    let lh = style::scaled(size) as f32 * 1.2;
    let w = r.w - 28.0;
    let log = &cx.scene.log;
    let n = log.len();
    let fit = ((r.h - 44.0) / lh).floor().max(0.0) as usize;
    let newest = n.saturating_sub(scroll);
    if scroll > 0 {
        style::text_right(
            &format!("{scroll} newer below · End"),
            r.right() - 14.0,
            r.y + 26.0,
            &fonts.italic,
            text::SMALL,
            fade(colour::PARCHMENT, 0.7),
        );
    }
    // Whole entries, newest at the bottom.
    let mut lines: Vec<(String, bool)> = Vec::new();
    for (i, entry) in log[..newest].iter().enumerate().rev() {
        let wrapped = style::wrap(entry, w, |x| style::width(x, &fonts.serif, size));
        if lines.len() + wrapped.len() > fit {
            break;
        }
        for line in wrapped.into_iter().rev() {
            lines.push((line, i + 4 >= n));
        }
    }
    let mut y = r.bottom() - 14.0;
    for (line, recent) in &lines {
        let c = if *recent {
            colour::PARCHMENT
        } else {
            fade(colour::PARCHMENT, 0.7)
        };
        style::text(line, r.x + 14.0, y, &fonts.serif, size, c);
        y -= lh;
    }
}
