//! The Guide's screen seen from the table: the window serves the Guide's view to a phone
//! or a second computer (see `crate::guide_screen`), applies the page's actions as if
//! they were taken here (their events play on the stage), and, while a page follows the
//! run, never opens the look-away view on the shared table.

use super::TableScreen;
use super::modal::Modal;
use crate::guide_screen::{GuideScreen, PageMsg, Shown, check};
use crate::present::journal::card_entry;
use crate::present::stage::MomentKind;

/// A running Guide's screen and what the table last told about it.
pub struct Link {
    pub screen: GuideScreen,
    /// What the page was last given: the journal's length, the table log's length and
    /// whether the stage was idle.
    published: (usize, usize, bool),

    /// Whether a page was following at the last frame (a change is logged).
    was_connected: bool,
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
        if self.link.is_none() {
            let addr = addr.map_or_else(local_addr, str::to_string);
            match GuideScreen::start(&addr) {
                Ok(mut screen) => {
                    screen.publish(&self.run);
                    let note = "The Guide's screen is on: the Guide scans its code or opens its address (Esc, 6 shows them again).";
                    self.stage.scene_mut().note(note.into());
                    self.link = Some(Link {
                        qr: screen.qr_modules(),
                        screen,
                        published: (0, 0, false),

                        was_connected: false,
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
                feed: self.stage.scene().log.clone(),
            };
            link.screen.publish_shown(&self.run, &shown);
            link.published = seen;
        }
        let connected = link.screen.connected();
        if connected != link.was_connected {
            link.was_connected = connected;
            let note = if connected {
                "The Guide's screen is following the run: the Guide's view is there, not on this table."
            } else {
                "The Guide's screen has gone quiet: the run waits; Tab opens the Guide's view here again, and the page picks up where it was when it returns."
            };
            self.stage.scene_mut().note(note.into());
            if connected && matches!(self.modal, Some(Modal::Guide(_))) {
                self.modal = None;
            }
        }
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
