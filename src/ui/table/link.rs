//! The Guide's screen seen from the table: the window serves the Guide's view to a phone
//! or a second computer (see `crate::guide_screen`), applies the page's actions as if
//! they were taken here (their events play on the stage), and, while a page follows the
//! run, never opens the look-away view on the shared table.

use super::TableScreen;
use super::modal::Modal;
use crate::guide_screen::{GuideScreen, LinkState, PageMsg, Shown, check, shown_line};
use crate::present::journal::card_entry;
use crate::present::stage::MomentKind;

/// A running Guide's screen and what the table last told about it.
pub struct Link {
    pub screen: GuideScreen,
    /// What the page was last given: the journal's length, the table log's length and
    /// whether the stage was idle.
    published: (usize, usize, bool),

    /// How the link stood at the last frame (a change is logged).
    was: LinkState,
    /// The join address as a QR code (dark modules true), made once.
    pub qr: Vec<Vec<bool>>,
    /// The card the page was last told is held up to be read.
    held: Option<crate::cards::CardRef>,
}

/// The address to listen on when the player turns the Guide's screen on: this machine's
/// address on the local network (so that a phone on the same network can reach it), on a
/// port the system picks; the loopback address if there is no network.
pub fn local_addr() -> String {
    // Connecting a UDP socket sends nothing; it only asks the system which address it
    // would send from.
    let ip = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr())
        .map(|a| a.ip())
        .ok()
        .filter(|ip| !ip.is_unspecified());
    match ip {
        Some(ip) => format!("{ip}:0"),
        None => "127.0.0.1:0".into(),
    }
}

impl TableScreen {
    /// Turns the Guide's screen on, listening on `addr` (`None`: [`local_addr`]), and
    /// shows its address and QR code. Only a guided run has one.
    pub fn open_link(&mut self, addr: Option<&str>) {
        if !self.run.state.guide {
            let note = "The Guide's screen is for a run with a Guide.";
            self.stage.scene_mut().note(note.into());
            return;
        }
        if let Some(link) = self.link.as_mut()
            && matches!(link.screen.state(), LinkState::Stopped { .. })
        {
            // Esc, 6 starts a stopped server again, on the same address and code.
            let note = match link.screen.restart() {
                Ok(()) => "The Guide's screen is serving again at the same address: the page picks up by itself.".to_string(),
                Err(e) => format!("{e}."),
            };
            self.stage.scene_mut().note(note);
        }
        if self.link.is_none() {
            let addr = addr.map_or_else(local_addr, str::to_string);
            match GuideScreen::start(&addr) {
                Ok(mut screen) => {
                    screen.publish(&self.run);
                    let note = "The Guide's screen is on: the Guide scans its code or opens its address; the first device to open it takes the Guide's seat (Esc, 6 shows how it stands).";
                    self.stage.scene_mut().note(note.into());
                    self.link = Some(Link {
                        qr: screen.qr_modules(),
                        screen,
                        published: (0, 0, false),
                        was: LinkState::Waiting,
                        held: None,
                    });
                }
                Err(e) => {
                    self.stage.scene_mut().note(format!("{e}."));
                    return;
                }
            }
        }
        self.modal = Some(Modal::Link);
    }

    /// How the Guide's screen stands, if it is on.
    pub fn link_state(&self) -> Option<LinkState> {
        self.link.as_ref().map(|l| l.screen.state())
    }

    /// Whether a Guide's screen is following the run now.
    pub fn link_connected(&self) -> bool {
        self.link.as_ref().is_some_and(|l| l.screen.connected())
    }

    /// The Guide's screen, if it is on.
    pub fn link(&self) -> Option<&Link> {
        self.link.as_ref()
    }

    /// The card held up to be read on the stage now.
    pub(super) fn held_card(&self) -> Option<crate::cards::CardRef> {
        let m = self.stage.moment().filter(|m| m.holding())?;
        match m.kind {
            MomentKind::Read { card } => Some(card),
            _ => None,
        }
    }

    /// The action a dice entry on the table waits for the Guide's dice for.
    fn awaited(&self) -> Option<&crate::core::Action> {
        match &self.modal {
            Some(Modal::Dice(e)) if e.owner == crate::core::Role::Guide => Some(&e.action),
            _ => None,
        }
    }

    /// Once a frame: the page's queued actions are taken (each checked again, its events
    /// on the stage), the page is given the run as the table shows it whenever that
    /// changed, and a page arriving or leaving is told on the table.
    pub(super) fn poll_link(&mut self) {
        let Some(link) = self.link.as_mut() else {
            return;
        };
        let queued = link.screen.poll();
        let mut asked = !queued.is_empty();
        for msg in queued {
            let pa = match msg {
                PageMsg::Act(pa) => pa,
                // The Guide lets the held card go on, as a key on the table would.
                PageMsg::Continue => {
                    if self.stage.holding() {
                        self.stage.skip();
                    }
                    continue;
                }
                PageMsg::Show(id) => {
                    self.show_card(&id);
                    continue;
                }
            };
            let awaited = self.awaited() == Some(&pa.action);
            let result = check(&self.run, &pa, awaited);
            let Some(link) = self.link.as_mut() else {
                return;
            };
            match result {
                Ok(()) => {
                    link.screen.set_refused(None);
                    if awaited {
                        self.modal = None;
                        self.stage.scene_mut().note(
                            "The Guide's die came from the Guide's screen: the dice box closed."
                                .into(),
                        );
                    }
                    self.commit(&pa.action, &pa.dice);
                }
                Err(e) => link.screen.set_refused(Some(e)),
            }
        }
        self.close_stale_dice();
        let held = self.held_card();
        let flips = self.stage.shown().flips;
        let awaited = self.awaited().cloned();
        let shown_len = self.stage.scene().log.len();
        let idle = self.stage.idle();
        let Some(link) = self.link.as_mut() else {
            return;
        };
        // The page's entry is made only when the held card changes, not every frame.
        if held != link.held {
            link.held = held;
            let entry = held.map(|c| card_entry(&self.run.cards, c, flips));
            asked |= link.screen.set_held(entry);
        }
        asked |= link.screen.set_awaiting(&self.run, awaited.as_ref());
        let seen = (self.run.journal.len(), shown_len, idle);
        if asked || link.published != seen {
            let shown = Shown {
                state: self.stage.shown(),
                idle,
                feed: self.stage.scene().told.clone(),
            };
            link.screen.publish_shown(&self.run, &shown);
            link.published = seen;
        }
        let now = link.screen.state();
        let note = link_note(&link.was, &now);
        // A page quiet for a while is one change, not one each second.
        if std::mem::discriminant(&now) != std::mem::discriminant(&link.was) {
            link.was = now.clone();
        }
        if let Some(note) = note {
            self.stage.scene_mut().note(note);
        }
        if now == LinkState::Followed && matches!(self.modal, Some(Modal::Guide(_))) {
            self.modal = None;
        }
    }

    /// The Guide shows the traveller a card from the page: the table shows it (unless
    /// another question is open) and says so in the log.
    fn show_card(&mut self, id: &str) {
        let Some(c) = self.run.cards.card_by_str(id) else {
            return;
        };
        let line = shown_line(&self.run.cards.card(c).name);
        self.stage.scene_mut().note(line);
        if matches!(self.modal, None | Some(Modal::Link) | Some(Modal::Shown(_))) {
            self.modal = Some(Modal::Shown(c));
        }
    }

    /// The Link modal's own keys: R releases the Guide's seat, S stops the server, Enter
    /// starts a stopped one again; anything else puts the card away.
    pub(super) fn link_keys(&mut self, input: &crate::ui::input::Input) {
        let Some(link) = self.link.as_mut() else {
            self.modal = None;
            return;
        };
        let key = input.typed.map(|c| c.to_ascii_lowercase());
        let stopped = matches!(link.screen.state(), LinkState::Stopped { .. });
        let note = match key {
            Some('r') if link.screen.seat_claimed() => {
                link.screen.release_seat();
                Some(
                    "The Guide's seat is free: the next device to open the address takes it."
                        .to_string(),
                )
            }
            Some('s') if !stopped => {
                link.screen
                    .stop("stopped from the table (Esc, 6 starts it again)");
                None
            }
            _ if input.activate && stopped => {
                self.open_link(None);
                return;
            }
            _ if input.presses.is_empty() && !input.click => {
                self.modal = Some(Modal::Link);
                return;
            }
            _ => {
                self.modal = None;
                return;
            }
        };
        if let Some(note) = note {
            self.stage.scene_mut().note(note);
        }
        self.modal = Some(Modal::Link);
    }

    /// A dice entry whose action is no longer offered (its turn passed: the page rolled
    /// it, say) closes; the table says so.
    pub(super) fn close_stale_dice(&mut self) {
        let Some(Modal::Dice(e)) = &self.modal else {
            return;
        };
        if !crate::core::legal_actions(&self.run.state).contains(&e.action) {
            self.modal = None;
            self.stage
                .scene_mut()
                .note("The dice box closed: that roll has already been made.".into());
        }
    }
}

/// What the table says when the link's state changes (`None`: nothing worth a line).
fn link_note(was: &LinkState, now: &LinkState) -> Option<String> {
    use LinkState::*;
    Some(match (was, now) {
        (Followed, Followed) | (Waiting, Waiting) | (Quiet { .. }, Quiet { .. }) => return None,
        (Stopped { .. }, Stopped { .. }) => return None,
        (_, Followed) => "The Guide's screen is following the run: the Guide's view is there, not on this table.".into(),
        (_, Quiet { .. }) => "The Guide's screen has gone quiet: the run waits; Tab opens the Guide's view here again, and the page picks up where it was when it returns.".into(),
        (_, Stopped { why }) => format!("The Guide's screen has stopped ({why}); Esc, 6 starts it again at the same address."),
        (_, Waiting) => return None,
    })
}
