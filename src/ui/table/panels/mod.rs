//! The table's panels, one file each. Every panel draws from a [`Ctx`]: the *shown* scene
//! (the state as the stage has played it so far, never the session's final state), the
//! moment playing, the layout and the frame's model of the controls.

pub mod card;
pub mod choice;
pub mod dice;
pub mod dice_deck;
pub mod duel;
pub mod end;
pub mod hint;
pub mod link;
pub mod lists;
pub mod log;
pub mod lost;
pub mod map;
pub mod map_guardian;
pub mod map_marks;
pub mod notes;
pub mod objective;
pub mod overlay;
pub mod prompt;
pub mod reveal;
pub mod route;
pub mod row;
pub mod status;
pub mod tables;
pub mod test;
pub mod top;
pub mod tracks;

use super::frame::Frame;
use super::layout::Layout;
use crate::core::State;
use crate::present::scene::Scene;
use crate::present::stage::{Moment, MomentKind};
use crate::ui::map::MapModel;
use crate::ui::style::Fonts;
use macroquad::prelude::*;

/// What every panel draws from.
#[derive(Clone)]
pub struct Ctx<'a> {
    pub scene: &'a Scene,
    pub moment: Option<&'a Moment>,
    pub l: &'a Layout,
    pub fonts: &'a Fonts,
    pub frame: &'a Frame,
    pub map: &'a MapModel,
    /// The animation clock (seconds).
    pub t: f32,
    /// The pointer, in layout units (off the canvas when it should not hover).
    pub mouse: Vec2,
    /// The stage is playing moments: buttons are shown but wait.
    pub busy: bool,
    /// Physical dice switches: the traveller's (alone: all) and the Guide's.
    pub table_dice: [bool; 2],
    /// A quick duel's state in words, while one plays ("plays on by itself", or why it
    /// stopped).
    pub pace_note: Option<String>,
    /// Seconds before the card held up goes on by itself, if it does.
    pub reading_left: Option<f32>,
    /// What the duel's choices would change (`present::odds::lines`) and what each of the
    /// foe's faces would do against the traveller's roll, for the shown state.
    pub odds: &'a [String],
    pub against: &'a [crate::present::odds::Ending],
    /// The Guardian's terms are open over the map.
    pub objective: bool,
    /// The lesson: only its step's key does anything.
    pub lesson: bool,
}

impl Ctx<'_> {
    /// The state as shown.
    pub fn s(&self) -> &State {
        &self.scene.state
    }

    /// The moment playing, if it is of this kind.
    pub fn playing(&self, want: impl Fn(&MomentKind) -> bool) -> Option<&Moment> {
        self.moment.filter(|m| want(&m.kind))
    }
}
