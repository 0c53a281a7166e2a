//! The Guide's screen seen from the table: the window serves the Guide's view to a phone
//! or a second computer (see `crate::guide_screen`), applies the page's actions as if
//! they were taken here (their events play on the stage), and names the device that holds
//! the Guide's seat. The join code and its QR code are shown only behind the Guide's cover
//! (the Guide's view), never on the shared table; a device that asks for the free seat is
//! named there and the Guide accepts it with a key. Save & Quit parks the screen (it keeps
//! serving and tells the page the run waits); Continue takes it back, or serves again on
//! the address, code and seat the save kept.

use super::TableScreen;
use super::modal::Modal;
use crate::core::Role;
use crate::guide_screen::{
    Device, GuideScreen, LinkState, PageMsg, Pairing, Shown, TableSays, check, shown_line,
};
use crate::present::journal::card_entry;
use crate::present::stage::MomentKind;

/// A running Guide's screen and what the table last told about it.
pub struct Link {
    pub screen: GuideScreen,
    /// What the page was last given: the journal's length, the table log's length,
    /// whether the stage was idle and whether the Guide's table dice were on.
    published: (usize, usize, bool, bool),
    /// How the link stood at the last frame (a change is logged).
    was: LinkState,
    /// The join address as a QR code (dark modules true), and the code it was made for.
    pub qr: Vec<Vec<bool>>,
    qr_code: String,
    /// The card the page was last told is held up to be read.
    held: Option<crate::cards::CardRef>,
}

impl Link {
    fn new(screen: GuideScreen) -> Link {
        let was = screen.state();
        let mut link = Link {
            screen,
            published: (usize::MAX, 0, false, false),
            was,
            qr: Vec::new(),
            qr_code: String::new(),
            held: None,
        };
        link.refresh_qr();
        link
    }

    /// Makes the QR code again if the join code changed (R gives a new one).
    fn refresh_qr(&mut self) {
        let code = self.screen.code();
        if code != self.qr_code {
            self.qr = self.screen.qr_modules();
            self.qr_code = code;
        }
    }
}

/// A Guide's screen parked while its run waits at the title (Save & Quit): it keeps
/// serving, its page told the run waits, until its run is continued (and the screen taken
/// back) or another run takes the table (and its page is told the table closed).
pub struct Parked {
    link: Link,
    /// The save of the run it serves.
    save: std::path::PathBuf,
}

impl Parked {
    /// The run has gone for good from this window: the page is told so, and the screen
    /// keeps answering that until it is dropped.
    pub fn close_for_good(&mut self) {
        self.link.screen.close_for_good();
    }

    /// Whether it serves the run saved at `path`.
    pub fn serves(&self, path: &std::path::Path) -> bool {
        self.save == path
    }

    /// The address it listens on.
    pub fn addr(&self) -> std::net::SocketAddr {
        self.link.screen.addr
    }
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

/// The log's line when the Guide's screen is turned on.
const TURNED_ON: &str = "The Guide's screen is on. Guide: hold Tab for the Guide's view, where its code waits to be scanned; a device that asks to join is named there, and its key accepts it.";

impl TableScreen {
    /// Turns the Guide's screen on, listening on `addr` (`None`: [`local_addr`]), and
    /// shows how it stands (its code is in the Guide's view). Only a guided run has one.
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
            match GuideScreen::start_with(&addr, Pairing::Accept, None) {
                Ok(screen) => {
                    self.stage.scene_mut().note(TURNED_ON.into());
                    self.attach(screen);
                }
                Err(e) => {
                    self.stage.scene_mut().note(format!("{e}."));
                    return;
                }
            }
        }
        self.modal = Some(Modal::Link);
    }

    /// Serves the Guide's screen a saved run kept: on its address, with its code and
    /// seat, so that the page that followed picks up. If that address cannot be listened
    /// on now, a new one (the same code and seat; the Guide opens the new address).
    pub fn restore_link(&mut self, kept: &crate::session::LinkKeep) {
        let started =
            GuideScreen::start_with(&kept.addr, Pairing::Accept, Some(kept)).or_else(|first| {
                let note = format!("{first}; serving on another address instead.");
                self.stage.scene_mut().note(note);
                GuideScreen::start_with(&local_addr(), Pairing::Accept, Some(kept))
            });
        match started {
            Ok(screen) => {
                let holder = screen.seat_device();
                self.attach(screen);
                let note = match holder {
                    Some(d) => format!("The Guide's screen is back at the same address: {d} holds the Guide's seat and picks up by itself."),
                    None => "The Guide's screen is back at the same address; its code is in the Guide's view.".into(),
                };
                self.stage.scene_mut().note(note);
            }
            Err(e) => self.stage.scene_mut().note(format!("{e}.")),
        }
    }

    /// Takes a running screen on as this table's, and keeps it with the run.
    fn attach(&mut self, mut screen: GuideScreen) {
        for id in &self.run.table.shown {
            screen.mark_shown(id);
        }
        screen.set_physical(self.physical(Role::Guide));
        screen.publish(&self.run);
        self.link = Some(Link::new(screen));
        self.keep_table();
    }

    /// Parks this table's Guide's screen (Save & Quit): it keeps serving, its page told
    /// the run is saved and waits, until [`TableScreen::unpark`] on the same run.
    pub fn park_link(&mut self, save: std::path::PathBuf) -> Option<Parked> {
        let mut link = self.link.take()?;
        if self.run.is_over() {
            return None;
        }
        link.screen.set_away(true);
        Some(Parked { link, save })
    }

    /// Takes a parked screen back on this (the same) run: the page picks up where it was.
    pub fn unpark(&mut self, parked: Parked) {
        let mut link = parked.link;
        link.screen.set_away(false);
        link.published = (usize::MAX, 0, false, false);
        link.was = link.screen.state();
        self.link = Some(link);
        let note = match self.link.as_ref().and_then(|l| l.screen.seat_device()) {
            Some(d) => format!("The Guide's screen carries on at the same address: {d} holds the Guide's seat."),
            None => "The Guide's screen carries on at the same address; its code is in the Guide's view.".into(),
        };
        self.stage.scene_mut().note(note);
        self.keep_table();
    }

    /// What the run keeps of the table (its dice switches, its Guide's screen, the cards
    /// the Guide showed), brought up to date before the run is saved.
    pub(super) fn keep_table(&mut self) {
        self.run.table.table_dice = self.table_dice;
        self.run.table.guide_screen = self.link.as_ref().map(|l| l.screen.keep());
    }

    /// Opens the Guide's view at once (no cover), in a guided run: `--guide-view`.
    pub fn open_guide_view(&mut self) {
        if self.run.state.guide {
            self.modal = Some(Modal::Guide(crate::ui::guide::Peek::Open { held: false }));
        }
    }

    /// The save file of this run, if it is saved.
    pub fn save_path(&self) -> Option<std::path::PathBuf> {
        self.autosave.path().map(std::path::Path::to_path_buf)
    }

    /// Whether the seed and run code stay off the shared table: a guided run until it ends
    /// (they would let anyone replay it and read the face-down cards). The Guide's view
    /// shows them; saves, the history and the end screen keep them.
    pub(super) fn seed_hidden(&self) -> bool {
        self.run.state.guide && !self.run.is_over()
    }

    /// The cards the Guide has shown the traveller from the page.
    pub(super) fn shown_cards(&self) -> Vec<crate::cards::CardRef> {
        self.run
            .table
            .shown
            .iter()
            .filter_map(|id| self.run.cards.card_by_str(id))
            .collect()
    }

    /// How the Guide's screen stands, if it is on.
    pub fn link_state(&self) -> Option<LinkState> {
        self.link.as_ref().map(|l| l.screen.state())
    }

    /// Whether the seat's device is following the run now.
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
            Some(Modal::Dice(e)) if e.owner == Role::Guide => Some(&e.action),
            _ => None,
        }
    }

    /// Once a frame: the page's queued actions are taken (each checked again, its events
    /// on the stage), the page is given the run as the table shows it whenever that
    /// changed, and a change in how the link stands is told on the table.
    pub(super) fn poll_link(&mut self) {
        let Some(link) = self.link.as_mut() else {
            return;
        };
        let queued = link.screen.poll();
        let asked = !queued.is_empty();
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
            let says = TableSays {
                awaited: self.awaited() == Some(&pa.action),
                physical: self.physical(Role::Guide),
            };
            let result = check(&self.run, &pa, says);
            let Some(link) = self.link.as_mut() else {
                return;
            };
            match result {
                Ok(()) => {
                    link.screen.set_refused(None);
                    if says.awaited {
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
        self.publish_link(asked);
        self.tell_link();
    }

    /// Gives the page the run as the table shows it, when anything it shows changed (or
    /// `asked`: the page sent something).
    fn publish_link(&mut self, asked: bool) {
        let held = self.held_card();
        let flips = self.stage.shown().flips;
        let awaited = self.awaited().cloned();
        let shown_len = self.stage.scene().log.len();
        let idle = self.stage.idle();
        let physical = self.physical(Role::Guide);
        let Some(link) = self.link.as_mut() else {
            return;
        };
        let mut changed = asked;
        // The page's entry is made only when the held card changes, not every frame.
        if held != link.held {
            link.held = held;
            let entry = held.map(|c| card_entry(&self.run.cards, c, flips));
            changed |= link.screen.set_held(entry);
        }
        changed |= link.screen.set_awaiting(&self.run, awaited.as_ref());
        link.screen.set_physical(physical);
        let seen = (self.run.journal.len(), shown_len, idle, physical);
        if changed || link.published != seen {
            let shown = Shown {
                state: self.stage.shown(),
                idle,
                feed: self.stage.scene().told.clone(),
            };
            link.screen.publish_shown(&self.run, &shown);
            link.published = seen;
        }
    }

    /// Tells on the table how the link stands when that changes (a device asking, the seat
    /// taken, its device gone quiet), and keeps the run's record of the screen.
    fn tell_link(&mut self) {
        let Some(link) = self.link.as_mut() else {
            return;
        };
        link.refresh_qr();
        let now = link.screen.state();
        let note = link_note(&link.was, &now);
        // A page quiet for a while is one change, not one each second.
        if !now.same_kind(&link.was) || note.is_some() {
            link.was = now.clone();
        }
        if let Some(note) = note {
            self.stage.scene_mut().note(note);
            self.keep_table();
        }
    }

    /// The Guide shows the traveller a card from the page: the table shows it (unless
    /// another question is open), says so in the log, and the card is known to the
    /// traveller from then on (the Guide's view and the page mark it).
    fn show_card(&mut self, id: &str) {
        let Some(c) = self.run.cards.card_by_str(id) else {
            return;
        };
        let line = shown_line(&self.run.cards.card(c).name);
        self.stage.scene_mut().note(line);
        if !self.run.table.shown.iter().any(|s| s == id) {
            self.run.table.shown.push(id.to_string());
        }
        if let Some(link) = self.link.as_mut() {
            link.screen.mark_shown(id);
        }
        if matches!(self.modal, None | Some(Modal::Link) | Some(Modal::Shown(_))) {
            self.modal = Some(Modal::Shown(c));
        }
    }

    /// The Link modal's own keys: R frees the seat and gives a new code, S stops the
    /// server, Enter starts a stopped one again; anything else puts the card away.
    pub(super) fn link_keys(&mut self, input: &crate::ui::input::Input) {
        let Some(link) = self.link.as_mut() else {
            self.modal = None;
            return;
        };
        let key = input.typed.map(|c| c.to_ascii_lowercase());
        let stopped = matches!(link.screen.state(), LinkState::Stopped { .. });
        match key {
            Some('r') if !stopped => self.renew_code(),
            Some('s') if !stopped => {
                link.screen
                    .stop("stopped from the table (Esc, 6 starts it again)");
            }
            _ if input.activate && stopped => {
                self.open_link(None);
                return;
            }
            _ if input.presses.is_empty() && !input.click => {}
            _ => {
                self.modal = None;
                return;
            }
        }
        self.modal = Some(Modal::Link);
    }

    /// R: the seat is freed and the screen gets a new code at once; the old code is
    /// refused from its next request. The new code is behind the Guide's cover.
    pub(super) fn renew_code(&mut self) {
        let Some(link) = self.link.as_mut() else {
            return;
        };
        let was = link.screen.seat_device();
        link.screen.new_code();
        link.refresh_qr();
        link.was = link.screen.state();
        let note = match was {
            Some(d) => format!("The Guide's seat is free and the Guide's screen has a new code: {d} and the old code no longer join. The new code is in the Guide's view (hold Tab)."),
            None => "The Guide's screen has a new code: the old one no longer joins. The new code is in the Guide's view (hold Tab).".into(),
        };
        self.stage.scene_mut().note(note);
        self.keep_table();
        self.autosave();
    }

    /// In the Guide's view: the key beside an asking device accepts it into the seat.
    /// Returns whether the input was taken.
    pub(super) fn accept_keys(&mut self, input: &crate::ui::input::Input) -> bool {
        let Some(link) = self.link.as_mut() else {
            return false;
        };
        let Some(key) = input.typed.map(|c| c.to_ascii_lowercase()) else {
            return false;
        };
        if key == 'r' {
            self.renew_code();
            return true;
        }
        let asking = link.screen.asking();
        let Some(device) = ACCEPT_KEYS
            .iter()
            .position(|k| *k == key)
            .and_then(|i| asking.get(i))
        else {
            return false;
        };
        let Some(d) = link.screen.accept(&device.id) else {
            return false;
        };
        link.was = link.screen.state();
        self.stage.scene_mut().note(format!(
            "The Guide accepted {d}: it holds the Guide's seat."
        ));
        self.keep_table();
        self.autosave();
        true
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

    /// What the Guide's view shows of the Guide's screen.
    pub(super) fn link_view(&self) -> Option<crate::ui::pairing::LinkView> {
        let link = self.link.as_ref()?;
        let state = link.screen.state();
        Some(crate::ui::pairing::LinkView {
            url: link.screen.url(),
            qr: link.qr.clone(),
            holder: link.screen.seat_device().map(|d| d.to_string()),
            asking: link.screen.asking().iter().map(Device::to_string).collect(),
            stopped: matches!(state, LinkState::Stopped { .. }),
            state: state.short(),
        })
    }
}

/// The keys that accept the devices asking for the seat, in the order they are listed.
pub const ACCEPT_KEYS: [char; 3] = ['a', 'b', 'c'];

/// What the table says when the link's state changes (`None`: nothing worth a line). The
/// words never claim the run waits: it does not, and a card held up to be read keeps its
/// own words (these lines are the table's notes, never what a card did).
fn link_note(was: &LinkState, now: &LinkState) -> Option<String> {
    use LinkState::*;
    let refused = |s: &LinkState| match s {
        Followed { refused, .. } | Quiet { refused, .. } => refused.clone(),
        _ => None,
    };
    if now.same_kind(was) {
        // The same holder: a device newly refused the seat is worth a line of its own.
        let other = refused(now).filter(|d| refused(was).as_ref() != Some(d))?;
        let holder = now.holder()?;
        return Some(format!(
            "{other} asked for the Guide's seat and was refused: it is {holder}'s (R on the Guide's screen card gives a new code)."
        ));
    }
    Some(match now {
        Followed { device, .. } => format!(
            "{device} follows the run: the Guide reads and acts there (Tab still opens the Guide's view here)."
        ),
        Quiet { device, .. } => format!(
            "{device} has gone quiet; its page picks up where it was when it returns, and Tab opens the Guide's view here meanwhile."
        ),
        Asking { devices } => {
            let names: Vec<String> = devices.iter().map(Device::to_string).collect();
            format!(
                "{} asks to join as the Guide: the Guide accepts it in the Guide's view (hold Tab).",
                names.join(" and ")
            )
        }
        Stopped { why } => format!(
            "The Guide's screen has stopped ({why}); Esc, 6 starts it again at the same address."
        ),
        Waiting => return None,
    })
}
