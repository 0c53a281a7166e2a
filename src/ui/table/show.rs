//! What the table shows: its frame built once per update from the shown state (buttons,
//! controls, tips, the map's tiles, the look), and drawn from that frame.

use super::*;
use crate::ui::sky::Sky;
use layer::Still;

/// How far the sky behind the table is darkened (see [`Sky::draw`]).
const SKY_QUIET: f32 = 0.7;

impl TableScreen {
    /// Builds this frame's model of the controls from the shown state: keys kept stable
    /// while the true state is shown, buttons laid out, controls, tips.
    pub(super) fn refresh(&mut self, window: Vec2, fonts: Option<&Fonts>) {
        let l = Layout::new(window);
        if self.stage.idle() {
            self.keys.update(&legal_actions(&self.run.state));
        }
        self.lesson_observe();
        if self.odds.0 != self.stage.version() {
            let shown = self.stage.shown();
            self.odds = (
                self.stage.version(),
                crate::present::odds::lines(shown),
                crate::present::odds::faces_against(shown),
            );
        }
        let link_state = self.link_state();
        let shown = self.stage.shown();
        let buttons = if self.stage.holding() {
            vec![Button {
                rect: Rect::default(),
                label: "Go on".into(),
                key: Some(confirm().into()),
                action: None,
                disabled: None,
                warning: None,
                primary: true,
                size: layout::text::BODY,
                lines: Vec::new(),
            }]
        } else {
            self.guides_buttons(self.lesson_buttons(shown, frame::choices(shown, &self.keys)))
        };
        let buttons = focus::caps(buttons, self.focus.as_ref());
        let ml = map::layout(&self.map, l.map_area());
        let band = band::lay_out(self.stage.scene(), self.stage.moment(), &l);
        self.frame = match fonts {
            Some(f) => Frame {
                size: window,
                tips: tips::tips(self.stage.scene(), &l, &ml, band.as_ref(), self.objective),
                geometry: frame::TableGeometry {
                    buttons: frame::lay_out(buttons, &l, f),
                    controls: frame::controls(
                        shown,
                        // The lesson has no table dice (its dice are set).
                        self.tutor.is_none(),
                        self.table_dice,
                        link_state.as_ref(),
                        &l,
                        f,
                    ),
                    map: ml,
                    band,
                    look: 0,
                },
                targets: Vec::new(),
            },
            None => Frame {
                size: window,
                geometry: frame::TableGeometry {
                    buttons,
                    map: ml,
                    band,
                    ..Default::default()
                },
                ..Frame::default()
            },
        };
        if fonts.is_some() {
            // The targets are worked out only while the focus is in use (the arrows or a
            // pad): a mouse player's frames never pay for them.
            if self.focus.is_some() {
                self.frame.targets = focus::targets(shown, &l, &self.frame, |a| self.allowed(a));
            }
            self.settle_focus();
            self.lesson_trace(&l);
        }
        self.frame.geometry.look = look::of(self, window);
    }

    /// Whether this frame shows anything the last frame drawn did not (see [`look`]).
    pub fn looks_new(&self) -> bool {
        self.drawn_look.get() != Some(self.frame.geometry.look)
    }

    /// Draws the table over `sky` (none: the layout sweep's bare table).
    pub fn draw(&self, fonts: &Fonts, window: Vec2, t: f32, sky: Option<&Sky>) {
        self.drawn_look.set(Some(self.frame.geometry.look));
        // A solo run's cards say "a die chooses" where the printed card says the Guide does.
        crate::ui::cardface::for_seat(!self.run.state.guide, || {
            self.draw_seated(fonts, window, t, sky)
        });
    }

    /// Everything the still parts are drawn from this frame (see [`layer`]).
    fn still_key(&self, window: Vec2, still: Still, l: &Layout) -> layer::Key {
        let mouse = self.mouse.filter(|_| self.modal.is_none());
        let ml = &self.frame.geometry.map;
        let pointer = mouse.map_or((None, false, None), |at| {
            (
                ml.tiles.iter().position(|r| r.contains(at)),
                map::guardian_badge(ml).contains(at),
                panels::dice_deck::rects(l)
                    .iter()
                    .position(|r| r.contains(at)),
            )
        });
        layer::Key {
            size: [window.x, window.y].map(|x| x.max(1.0) as u32),
            still,
            version: self.stage.version(),
            log: (self.stage.scene().log.len(), self.log_scroll),
            on_stage: panels::reveal::on_stage(self.stage.scene(), self.stage.moment()),
            objective: self.objective,
            pointer,
            look: format!(
                "{:?} {}",
                style::look(),
                crate::ui::hints::name(crate::ui::hints::Key::Confirm)
            ),
        }
    }

    pub(super) fn draw_seated(&self, fonts: &Fonts, window: Vec2, t: f32, sky: Option<&Sky>) {
        let l = Layout::new(window);
        let still = Still::during(self.stage.moment().map(|m| &m.kind));
        let key = self.still_key(window, still, &l);
        let hover = self.modal.is_none();
        let cx = Ctx {
            scene: self.stage.scene(),
            moment: self.stage.moment(),
            l: &l,
            fonts,
            frame: &self.frame,
            map: &self.map,
            t,
            mouse: self.mouse.filter(|_| hover).unwrap_or(vec2(-1e4, -1e4)),
            busy: !self.stage.idle(),
            table_dice: self.table_dice,
            pace_note: self.pace_note(),
            reading_left: self.stage.reading_left(),
            odds: &self.odds.1,
            against: &self.odds.2,
            objective: self.objective,
            lesson: self.is_lesson(),
        };
        // The still parts, at the clock of their key (their pulses stand with them).
        let still_cx = Ctx {
            t: self.layer.clock(&key, t),
            ..cx.clone()
        };
        let draw_still = || {
            if let Some(sky) = sky {
                style::use_scale(1.0, window);
                sky.draw(still_cx.t, SKY_QUIET);
            }
            style::use_scale(l.k, window);
            for r in l.areas() {
                style::card(
                    r,
                    10.0,
                    1.0,
                    fade(colour::TILE, 0.84),
                    fade(colour::GOLD, 0.28),
                );
            }
            if still.map {
                panels::map::draw(&still_cx);
            }
            panels::log::draw(&still_cx, self.log_scroll);
            panels::top::draw(&still_cx);
            if still.status {
                panels::status::draw(&still_cx);
            }
        };
        // A layout check reads every string as drawn this frame: no texture then.
        let layered = layer::wanted() && !style::recording() && self.layer.show(&key, draw_still);
        if !layered {
            draw_still();
        }
        style::use_scale(l.k, window);
        if !still.map {
            panels::map::draw(&cx);
        }
        panels::row::draw(&cx);
        panels::prompt::draw(&cx);
        if !still.status {
            panels::status::draw(&cx);
        }
        if cx.s().phase == Phase::Over && self.stage.idle() && self.is_lesson() {
            panels::hint::draw_end(&cx);
        } else if cx.s().phase == Phase::Over && self.stage.idle() {
            let recap = self
                .recap
                .clone()
                .unwrap_or_else(|| Recap::of(&self.run.cards, &self.run.journal));
            panels::end::draw(&cx, &recap, &self.share_line());
        }
        if let (Some(now), Some(t)) = (self.hint_now(), &self.tutor) {
            let rings = self.lesson_rings(now, cx.s(), &l);
            panels::hint::draw(&cx, &t.lesson, now, &rings);
        }
        if let Some(r) = self.focus_rect()
            && self.modal.is_none()
        {
            focus::draw_ring(r, t);
        }
        if let Some(w) = &self.save_warning {
            panels::overlay::save_warning(w, &l, fonts);
        }
        match &self.modal {
            Some(m) => m.draw(self, fonts, &l),
            None => {
                // At rest every tip answers; while a moment plays, only those that
                // speak of it (a blow over the Health track).
                let moment = self.stage.moment().map(|m| &m.kind);
                if let Some(at) = self.focus_point().or(self.mouse)
                    && (self.stage.idle() || moment.is_some())
                    && let Some(tip) = self.frame.tip_for(at, cx.s().guide, moment)
                {
                    // A focused target's tip hangs from its lower edge, off its face.
                    let anchor = self
                        .focus_rect()
                        .map_or(at, |r| vec2(r.x, r.bottom() - 12.0));
                    panels::overlay::tooltip(&tip, anchor, fonts, &l);
                }
            }
        }
        style::use_scale(1.0, window);
    }
}
