//! The table's input become intents: a key, a click or a pad's press goes to the modal
//! layer first, skips a moment while one plays, and otherwise acts on what the frame shows
//! under the pointer or the focus (a button, a control, a row card, a Domain).

use super::*;

impl TableScreen {
    pub(super) fn handle(&mut self, input: &Input, l: &Layout) -> Next {
        if let Some(next) = self.update_modal(input, l) {
            return next;
        }
        for &p in &input.presses {
            // Every key of the frame acts in turn; only leaving the table stops the rest.
            if let Some(next) = self.on_press(p, l).filter(|n| *n != Next::Stay) {
                return next;
            }
            // An action may have opened a modal (dice entry): the rest of the keys are
            // its own.
            if self.modal.is_some() {
                break;
            }
        }
        // The wheel scrolls the log when the pointer is over it.
        if input.wheel != 0.0 && l.log.contains(l.to_layout(input.mouse)) {
            self.scroll_log(if input.wheel > 0.0 { 3 } else { -3 });
        }
        if input.click {
            return self.click(l, l.to_layout(input.mouse));
        }
        Next::Stay
    }

    /// A key press: Esc opens the menu; during a moment any other key skips it (a held
    /// card is released), then, once the stage is idle, the key is an intent.
    pub(super) fn on_press(&mut self, p: Press, l: &Layout) -> Option<Next> {
        let Press::Key(key) = p else {
            // Typed characters matter only to the dice entry.
            return None;
        };
        if key == KeyCode::Escape {
            self.modal = Some(Modal::Menu { sel: 0 });
            return None;
        }
        if modal::is_modifier(key) {
            return None;
        }
        // Reading back the log never skips what is playing.
        if matches!(key, KeyCode::PageUp | KeyCode::PageDown | KeyCode::End) {
            return self.intent(key, l);
        }
        if !self.stage.idle() {
            if self.stage.holding() {
                self.stage.skip();
                return None;
            }
            self.stage.skip_to_hold();
            if !self.stage.idle() {
                return None;
            }
        }
        self.intent(key, l)
    }

    /// What a key does once the stage is idle.
    pub(super) fn intent(&mut self, key: KeyCode, l: &Layout) -> Option<Next> {
        if key == panels::objective::KEY {
            self.objective = !self.objective;
            return Some(Next::Stay);
        }
        let s = &self.run.state;
        if let Some(d) = modal::digit(key) {
            // A number is the row's alone: it flips (or looks at) its slot, never presses
            // a button.
            let slot = d.wrapping_sub(1);
            let a = match s.phase {
                Phase::Explore => Action::Flip { slot },
                // The route cards stand where the row stood, numbered the same way.
                Phase::Route => {
                    let route = legal_actions(s)
                        .into_iter()
                        .find(|a| self.keys.key(a) == Some(d.to_string()));
                    if let Some(go) = route.filter(|a| self.allowed(a)) {
                        self.choose(&go);
                    }
                    return Some(Next::Stay);
                }
                _ => Action::Look { slot },
            };
            if (1..=3).contains(&d) && legal_actions(s).contains(&a) && self.allowed(&a) {
                self.act(&a);
            }
            return Some(Next::Stay);
        }
        // A letter presses the button whose action has it (the primary button's too,
        // though it shows Enter).
        if let Some(c) = modal::letter(key) {
            let c = c.to_string();
            let button = self.current_buttons().into_iter().find(|b| {
                b.action
                    .as_ref()
                    .is_some_and(|a| self.keys.key(a).as_deref() == Some(c.as_str()))
            });
            if let Some(b) = button {
                return Some(self.press(&b));
            }
            // Dice just rolled that a reroll could better: its key rerolls, any other
            // letter accepts them (D, F and M keep their own meaning).
            if self.accepting(key) {
                let accept = self
                    .current_buttons()
                    .into_iter()
                    .find(|b| b.action == Some(Action::Continue))?;
                return Some(self.press(&accept));
            }
        }
        if let Some(dir) = focus::Dir::of_key(key) {
            self.move_focus(dir, l);
            return None;
        }
        match key {
            KeyCode::Enter | KeyCode::KpEnter | KeyCode::Space => {
                if let Some(at) = self.focus_point() {
                    return Some(self.click(l, at));
                }
                let b = self.current_buttons().into_iter().find(|b| b.primary)?;
                Some(self.press(&b))
            }
            KeyCode::A | KeyCode::N | KeyCode::T if s.phase == Phase::Over => {
                let c = modal::letter(key)?;
                let b = self
                    .current_buttons()
                    .into_iter()
                    .find(|b| frame::end_key(&b.label) == Some(c))?;
                Some(self.press(&b))
            }
            KeyCode::C if s.phase == Phase::Over && !self.is_lesson() => {
                self.copy_code();
                Some(Next::Stay)
            }
            KeyCode::D => {
                self.control(Control::Dice(Role::Traveller));
                Some(Next::Stay)
            }
            KeyCode::F if s.guide => {
                self.control(Control::Dice(Role::Guide));
                Some(Next::Stay)
            }
            KeyCode::PageUp => {
                self.scroll_log(8);
                None
            }
            KeyCode::PageDown => {
                self.scroll_log(-8);
                None
            }
            KeyCode::End => {
                self.log_scroll = 0;
                None
            }
            _ => None,
        }
    }

    /// Whether `key` accepts the dice just rolled: a letter with no button of its own,
    /// in a duel or test waiting for its dice to be accepted (a reroll offered).
    pub(super) fn accepting(&self, key: KeyCode) -> bool {
        let own = matches!(key, KeyCode::D | KeyCode::M);
        !self.is_lesson()
            && panels::prompt::reroll_window(&self.run.state)
            && !own
            && modal::letter(key).is_some()
    }

    pub(super) fn scroll_log(&mut self, by: i32) {
        let max = self.stage.scene().log.len().saturating_sub(1) as i32;
        self.log_scroll = (self.log_scroll as i32 + by).clamp(0, max) as usize;
    }

    /// A click: during a moment it skips (or releases a held card); else it presses what
    /// it is on.
    pub(super) fn click(&mut self, l: &Layout, at: Vec2) -> Next {
        // The Guardian's card opens its terms; a click on them closes them.
        let ml = self.frame.map_for(&self.map, l);
        let objective = panels::objective::rect(l, &ml);
        if map::guardian_badge(&ml).contains(at) || (self.objective && objective.contains(at)) {
            self.objective = !self.objective;
            return Next::Stay;
        }
        if !self.stage.idle() {
            if self.stage.holding() {
                self.stage.skip();
            } else {
                self.stage.skip_to_hold();
            }
            return Next::Stay;
        }
        if let Some(c) = self.frame.control_at(at) {
            self.control(c);
            return Next::Stay;
        }
        if let Some(b) = self.frame.button_at(at).cloned() {
            return self.press(&b);
        }
        let s = &self.run.state;
        if s.phase == Phase::Explore || panels::row::looking(s) {
            for (i, r) in l.slots().iter().enumerate() {
                let a = match s.phase {
                    Phase::Explore => Action::Flip { slot: i as u8 },
                    _ => Action::Look { slot: i as u8 },
                };
                if r.contains(at) && legal_actions(s).contains(&a) && self.allowed(&a) {
                    self.act(&a);
                    return Next::Stay;
                }
            }
        } else if s.phase == Phase::Route {
            let ml = self.frame.map_for(&self.map, l);
            let on_stage = panels::route::route_cards(s, l)
                .into_iter()
                .find(|(r, _)| r.contains(at))
                .map(|(_, i)| i);
            if let Some(i) = map::hit(&ml, at).or(on_stage)
                && panels::map::reachable(s).contains(&i)
            {
                let go = Action::Go {
                    domain: s.cards.domains[i].id.0.clone().into(),
                };
                if self.allowed(&go) {
                    self.choose(&go);
                }
            }
        }
        Next::Stay
    }

    /// Opens the Guardian's terms over the map (screenshots, the layout sweep).
    pub fn open_objective(&mut self) {
        self.objective = true;
    }

    /// Copies the run code, saying so in the log.
    pub(super) fn copy_code(&mut self) {
        let done = crate::ui::clipboard::copy("run code", &self.code);
        self.stage.scene_mut().note(format!("{done}."));
    }

    /// The end screen's line to share the run: its code (and the date, for a journey of
    /// the day).
    pub(super) fn share_line(&self) -> String {
        let day = self.run.day.map_or(String::new(), |d| {
            format!("Today's journey, {} · ", d.short())
        });
        format!("{day}Run code {}  ·  C copies it", self.code)
    }

    /// The buttons of the true state (the stage is idle when keys act, so it is the one
    /// shown).
    pub(super) fn current_buttons(&self) -> Vec<Button> {
        let buttons = frame::choices(&self.run.state, &self.keys);
        self.guides_buttons(self.lesson_buttons(&self.run.state, buttons))
    }

    /// In a guided run a Guide's choice is the Guide's alone: its buttons on the shared
    /// table take no key and no press, and say where the Guide chooses (the page when one
    /// follows, else the Guide's view, where the Guide's number keys pick).
    pub(super) fn guides_buttons(&self, mut buttons: Vec<Button>) -> Vec<Button> {
        if !self.run.state.guide {
            return buttons;
        }
        let why = if self.link_connected() {
            GUIDE_PICKS_ON_PAGE
        } else {
            GUIDE_PICKS_IN_VIEW
        };
        for b in &mut buttons {
            if matches!(b.action, Some(Action::Pick { .. })) {
                b.action = None;
                b.disabled = Some(why.to_string());
                b.primary = false;
                b.key = None;
            }
        }
        buttons
    }

    /// Presses a button.
    pub(super) fn press(&mut self, b: &Button) -> Next {
        if b.disabled.is_some() {
            return Next::Stay;
        }
        match &b.action {
            Some(a) => self.choose(a),
            None if self.run.state.phase == Phase::Over => return self.end_choice(&b.label),
            None => {}
        }
        Next::Stay
    }

    /// Opens the Guide's view (behind its cover), or switches a player's table dice.
    pub(super) fn control(&mut self, c: Control) {
        if self.is_lesson() && matches!(c, Control::Dice(_)) {
            self.stage.scene_mut().note(
                "The lesson's dice are set so that each step happens as taught: no table dice here.".into(),
            );
            return;
        }
        match c {
            Control::Link => self.modal = Some(Modal::Link),
            Control::Peek => {
                if self.run.state.guide {
                    self.modal = Some(Modal::Guide(guide::Peek::Cover {
                        since: self.now,
                        held: false,
                    }));
                }
            }
            Control::Dice(who) if self.modal.is_none() && self.ask_dice(who) => {}
            Control::Dice(who) => {
                let i = who as usize;
                self.table_dice[i] = !self.table_dice[i];
                let whose = match (self.run.state.guide, who) {
                    (false, _) => "Dice",
                    (true, Role::Traveller) => "The traveller's dice",
                    (true, Role::Guide) => "The Guide's dice",
                };
                self.stage.scene_mut().note(if self.table_dice[i] {
                    format!("{whose}: table dice now; each roll asks for the number rolled.")
                } else {
                    format!("{whose}: rolled on screen again.")
                });
                // Kept with the run, so that Continue brings the switches back.
                self.autosave();
            }
        }
    }
}
