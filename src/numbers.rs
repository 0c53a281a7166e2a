//! Every number of the rules, in one place: a leaf module (it imports nothing), so that
//! the card data and its validator (`cards`), the rules core (`core`, which re-exports it
//! as `core::rules`), the presentation (`present`) and the window (`ui`) all read the same
//! figures rather than writing them again.

/// Lowest marker value: Dread 4. A Dread gain past it loses the run.
pub const MARKER_MIN: i8 = -4;
/// Highest marker value: Resolve 4.
pub const MARKER_MAX: i8 = 4;
/// Most Grace the traveller can bank.
pub const GRACE_MAX: u8 = 3;
/// Item slots, and Equipment slots.
pub const SLOTS: usize = 2;
/// Face-down slots in the row.
pub const ROW: usize = 3;
/// Most dice a Pit test rolls (the validator holds a test's `dice` to 1..=2).
pub const TEST_DICE_MAX: usize = 2;
/// Successes (or failures) that end an extended test.
pub const EXTENDED_TALLY: u8 = 3;
/// A duel still going after this many exchanges is declared unending (see RULES.md).
pub const EXCHANGE_LIMIT: u32 = 100;
/// Health one Rest spend restores (before Rest-heal modifiers and a next-heal bonus).
pub const REST_HEAL: i32 = 5;
/// Resolve one Rest spend costs; also the Resolve a traveller needs to spend at all.
pub const REST_SPEND: i8 = 1;
/// Grace one Rest spend buys.
pub const REST_GRACE: i8 = 1;
/// Grace one reroll costs.
pub const REROLL_GRACE: i8 = 1;
/// Most cards of the deck one Reorder effect puts back in a chosen order.
pub const REORDER_MAX: usize = 3;
/// The faces of a die: a duel roll with its modifiers stays within them.
pub const DIE_MIN: i32 = 1;
/// See [`DIE_MIN`].
pub const DIE_MAX: i32 = 6;
/// A backstop on the steps run without a decision after one action (a card set that loops
/// for ever stops here instead of hanging the game).
pub const SETTLE_STEPS: usize = 10_000;
/// Copies of each face in one half of a dice deck (deck mode).
pub const DECK_FACE_COPIES: usize = 2;
/// Results in one half of a dice deck: every face, [`DECK_FACE_COPIES`] times.
pub const DECK_HALF: usize = 6 * DECK_FACE_COPIES;
