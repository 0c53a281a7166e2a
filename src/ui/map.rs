//! The Domain map as a diamond of card tiles, laid out from the card set's rows and
//! columns: row 1 at the bottom, each row centred, links drawn as dashed lines.

use super::style::{self, Fonts, colour, fade};
use crate::cards::CardSet;
use macroquad::prelude::*;

/// What a tile stands for on the route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Where every run starts.
    Start,
    /// The last Domain before the Guardian.
    Final,
    Other,
}

/// One Domain as the map shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    pub name: String,
    pub theme: String,
    pub row: u8,
    pub column: u8,
    pub role: Role,
    /// The Domain's emblem and palette (its card backs' look), drawn faint behind its name.
    pub emblem: Option<&'static str>,
    pub tint: Color,
}

/// Everything the map draws, taken from a [`CardSet`].
#[derive(Debug, Clone, PartialEq)]
pub struct MapModel {
    pub tiles: Vec<Tile>,
    /// Links as pairs of tile indices, each drawn once (a sideways pair is one line).
    pub links: Vec<(usize, usize)>,
    /// The Guardian's name, shown above the final Domain.
    pub guardian: String,
}

impl MapModel {
    pub fn from_set(set: &CardSet) -> MapModel {
        let tiles = set
            .domains
            .iter()
            .enumerate()
            .map(|(i, d)| Tile {
                name: d.name.clone(),
                theme: d.theme.clone(),
                row: d.row,
                column: d.column,
                role: if i == set.final_domain.index as usize {
                    Role::Final
                } else if i == set.start.index as usize {
                    Role::Start
                } else {
                    Role::Other
                },
                emblem: crate::cards::art::named(d.art.as_ref()),
                tint: crate::ui::cardface::domain_tint(i),
            })
            .collect();
        let mut links = Vec::new();
        for (i, d) in set.domains.iter().enumerate() {
            for l in &d.links {
                let j = l.index as usize;
                let pair = (i.min(j), i.max(j));
                if i != j && j < set.domains.len() && !links.contains(&pair) {
                    links.push(pair);
                }
            }
        }
        MapModel {
            tiles,
            links,
            guardian: set.guardian.name.clone(),
        }
    }
}

/// Where things go inside the map's area.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MapGeometry {
    /// The area it was laid out in.
    pub area: Rect,
    /// One rectangle per tile, in the model's order.
    pub tiles: Vec<Rect>,
    /// Centre of the Guardian's mark, above the top row.
    pub guardian: Vec2,
}

/// Room kept above the top row for the Guardian's mark.
const GUARDIAN_BAND: f32 = 64.0;
const MAX_TILE_W: f32 = 178.0;
const MAX_TILE_H: f32 = 62.0;
const GAP: f32 = 30.0;

/// Lays the tiles out in `area`: the lowest row at the bottom, the highest on top, the
/// tiles of each row ordered by column and centred on the area's middle.
pub fn layout(model: &MapModel, area: Rect) -> MapGeometry {
    let mut rows: Vec<u8> = model.tiles.iter().map(|t| t.row).collect();
    rows.sort_unstable();
    rows.dedup();
    let n_rows = rows.len().max(1) as f32;
    let rows_area = Rect::new(
        area.x,
        area.y + GUARDIAN_BAND,
        area.w,
        (area.h - GUARDIAN_BAND).max(0.0),
    );
    let step = rows_area.h / n_rows;
    let widest = rows
        .iter()
        .map(|r| model.tiles.iter().filter(|t| t.row == *r).count())
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    // A narrow map gives its tiles the room of the gaps first: names stay readable.
    let gap = (area.w * 0.05).clamp(10.0, GAP);
    let tile_w = MAX_TILE_W
        .min((area.w - gap * (widest - 1.0)) / widest)
        .max(20.0);
    let tile_h = MAX_TILE_H.min(step * 0.64).max(12.0);
    let cx = area.x + area.w / 2.0;

    let mut rects = vec![Rect::default(); model.tiles.len()];
    for (k, row) in rows.iter().enumerate() {
        let mut in_row: Vec<usize> = (0..model.tiles.len())
            .filter(|&i| model.tiles[i].row == *row)
            .collect();
        in_row.sort_by_key(|&i| (model.tiles[i].column, i));
        let n = in_row.len() as f32;
        let total = n * tile_w + (n - 1.0) * gap;
        let y_centre = rows_area.y + rows_area.h - step * (k as f32 + 0.5);
        for (slot, &i) in in_row.iter().enumerate() {
            let x = cx - total / 2.0 + slot as f32 * (tile_w + gap);
            rects[i] = Rect::new(x.round(), (y_centre - tile_h / 2.0).round(), tile_w, tile_h);
        }
    }
    let top = rects.iter().map(|r| r.y).fold(f32::INFINITY, f32::min);
    let top = if top.is_finite() { top } else { rows_area.y };
    MapGeometry {
        area,
        tiles: rects,
        guardian: vec2(cx, (top - GUARDIAN_BAND * 0.55).max(area.y + 10.0)),
    }
}

/// The Guardian's card on the map: a band centred on its mark, above the top row.
pub fn guardian_badge(layout: &MapGeometry) -> Rect {
    let (w, h) = (236.0, GUARDIAN_BAND * 0.72);
    Rect::new(
        (layout.guardian.x - w / 2.0).round(),
        (layout.guardian.y - h / 2.0).round(),
        w,
        h,
    )
}

/// The tile under `point`, if any.
pub fn hit(layout: &MapGeometry, point: Vec2) -> Option<usize> {
    layout.tiles.iter().position(|r| r.contains(point))
}

/// Draws the map. `hovered` tile gets a brighter frame and its theme as a caption.
pub fn draw(model: &MapModel, layout: &MapGeometry, fonts: &Fonts, hovered: Option<usize>, t: f32) {
    let centre = |i: usize| layout.tiles[i].center();

    // Links first, so the tiles sit on top of them.
    for &(a, b) in &model.links {
        let (p, q) = (centre(a), centre(b));
        style::dashed_line(p, q, 2.0, 7.0, 6.0, fade(colour::GOLD, 0.45));
    }
    // The way from the final Domain to the Guardian.
    if let Some(last) = model.tiles.iter().position(|t| t.role == Role::Final) {
        let r = layout.tiles[last];
        let from = vec2(r.center().x, r.y);
        style::dashed_line(
            from,
            layout.guardian + vec2(0.0, 14.0),
            2.0,
            4.0,
            5.0,
            fade(colour::SEA_LIGHT, 0.5),
        );
    }

    let pulse = 0.85 + 0.15 * (t * 3.0).sin();
    for (i, tile) in model.tiles.iter().enumerate() {
        let r = layout.tiles[i];
        let accent = match tile.role {
            Role::Start => colour::EMBER,
            Role::Final => colour::SEA_LIGHT,
            Role::Other => colour::GOLD,
        };
        if tile.role != Role::Other {
            style::glow(r.center(), r.w * 0.75, fade(accent, 0.55 * pulse));
        }
        let lit = hovered == Some(i);
        let border = if lit { accent } else { fade(accent, 0.75) };
        style::card(r, 7.0, if lit { 2.0 } else { 1.5 }, colour::TILE, border);
        // An inner frame line, like a printed card.
        let inner = Rect::new(r.x + 4.5, r.y + 4.5, r.w - 9.0, r.h - 9.0);
        draw_rectangle_lines(
            inner.x,
            inner.y,
            inner.w,
            inner.h,
            1.0,
            fade(accent, if lit { 0.45 } else { 0.22 }),
        );
        if let Some(e) = tile.emblem {
            let side = (r.h - 8.0).min(r.w * 0.6);
            crate::ui::art::draw(
                e,
                r.center(),
                side,
                fade(tile.tint, if lit { 0.32 } else { 0.2 }),
            );
        }
        draw_name(
            &tile.name,
            r,
            fonts,
            if lit { WHITE } else { colour::PARCHMENT },
        );
    }

    // The Guardian's mark above the top row.
    let g = layout.guardian;
    style::glow(g, 40.0, fade(colour::SEA_LIGHT, 0.8 * pulse));
    style::diamond(g, 9.0, fade(colour::SEA_LIGHT, 0.9));
    style::diamond(g, 4.0, colour::SKY_TOP);
    let name = if model.guardian.is_empty() {
        "The Guardian"
    } else {
        &model.guardian
    };
    style::text_centred(
        name,
        g.x,
        g.y - 20.0,
        &fonts.italic,
        20,
        fade(colour::SEA_LIGHT, 0.9),
    );

    // The hovered Domain's theme, under the map.
    if let Some(i) = hovered {
        let tile = &model.tiles[i];
        if !tile.theme.is_empty() {
            let bottom = layout.tiles.iter().map(|r| r.bottom()).fold(0.0, f32::max);
            let cx = layout.guardian.x;
            style::text_centred(
                &tile.theme,
                cx,
                bottom + 30.0,
                &fonts.italic,
                19,
                colour::PARCHMENT,
            );
        }
    }
}

/// A Domain's name inside its tile: one line if it fits, else two, shrinking if needed.
fn draw_name(name: &str, r: Rect, fonts: &Fonts, color: Color) {
    let max_w = r.w - 18.0;
    let font = &fonts.serif;
    let mut size: u16 = 20;
    loop {
        let lines = style::wrap(name, max_w, |s| style::width(s, font, size));
        // Line spacing follows the drawn (scaled) size.
        let drawn = f32::from(style::scaled(size));
        let line_h = drawn * 1.05;
        let fits = lines.len() <= 2 && (lines.len() as f32) * line_h <= r.h - 10.0;
        // At the smallest readable size every line is shown: a name is never cut.
        if fits || size <= crate::ui::cardface::READABLE {
            let shown = &lines[..];
            let block = shown.len() as f32 * line_h;
            // Baselines: centre the block; a line's ink sits about 0.7 of its size above it.
            let mut y = r.y + (r.h - block) / 2.0 + drawn * 0.78;
            for line in shown {
                style::text_centred(line, r.center().x, y, font, size, color);
                y += line_h;
            }
            return;
        }
        size -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The prototype's diamond: rows 1-2-3-2-1.
    fn diamond() -> MapModel {
        let rows: [&[&str]; 5] = [
            &["Home Village Termina"],
            &["Forgotten Shrine", "Bannered City Valthria"],
            &["The Caelith Spiremaze", "Sirocco Wastes", "Darkwood Brume"],
            &["Amara Rot Glade", "Frozen Gaol"],
            &["The Nightsea Expanse"],
        ];
        let mut tiles = Vec::new();
        for (r, names) in rows.iter().enumerate() {
            for (c, name) in names.iter().enumerate() {
                tiles.push(Tile {
                    emblem: None,
                    tint: colour::GOLD,
                    name: name.to_string(),
                    theme: String::new(),
                    row: r as u8 + 1,
                    column: c as u8,
                    role: match r {
                        0 => Role::Start,
                        4 => Role::Final,
                        _ => Role::Other,
                    },
                });
            }
        }
        MapModel {
            tiles,
            links: vec![(0, 1), (0, 2), (1, 2)],
            guardian: "The Guardian".into(),
        }
    }

    #[test]
    fn termina_at_the_bottom_nightsea_on_top() {
        let model = diamond();
        let area = Rect::new(600.0, 40.0, 640.0, 680.0);
        let l = layout(&model, area);
        let termina = l.tiles[0];
        let nightsea = l.tiles[8];
        assert!(l.tiles.iter().all(|r| r.y <= termina.y));
        assert!(l.tiles.iter().all(|r| r.y >= nightsea.y));
        assert!(l.guardian.y < nightsea.y);
        for r in &l.tiles {
            assert!(
                area.contains(r.point()) && area.contains(r.point() + r.size()),
                "{r:?}"
            );
        }
    }

    #[test]
    fn rows_are_centred_and_ordered_by_column() {
        let model = diamond();
        let area = Rect::new(0.0, 0.0, 800.0, 700.0);
        let l = layout(&model, area);
        let mid = area.center().x;
        // Single tiles sit on the middle line; the row of three is symmetric around it.
        assert!((l.tiles[0].center().x - mid).abs() < 1.0);
        assert!((l.tiles[8].center().x - mid).abs() < 1.0);
        assert!((l.tiles[4].center().x - mid).abs() < 1.0);
        assert!(l.tiles[3].x < l.tiles[4].x && l.tiles[4].x < l.tiles[5].x);
        assert!(((l.tiles[3].center().x + l.tiles[5].center().x) / 2.0 - mid).abs() < 1.0);
        // Tiles of a row share a line and do not overlap.
        assert_eq!(l.tiles[3].y, l.tiles[5].y);
        assert!(l.tiles[3].right() < l.tiles[4].x);
    }

    #[test]
    fn narrow_areas_shrink_tiles_instead_of_overflowing() {
        let model = diamond();
        let area = Rect::new(10.0, 10.0, 300.0, 300.0);
        let l = layout(&model, area);
        assert!(l.tiles[5].right() <= area.right() + 0.5);
        assert!(l.tiles[3].x >= area.x - 0.5);
        assert_eq!(hit(&l, l.tiles[4].center()), Some(4));
        assert_eq!(hit(&l, vec2(-5.0, -5.0)), None);
    }

    #[test]
    fn an_empty_map_lays_out_nothing() {
        let model = MapModel {
            tiles: vec![],
            links: vec![],
            guardian: String::new(),
        };
        let l = layout(&model, Rect::new(0.0, 0.0, 100.0, 100.0));
        assert!(l.tiles.is_empty());
    }
}
