//! The card file format: what designers write under `cards/`.
//!
//! These types mirror the JSON exactly (so that `cards/schema.json` can be generated from
//! them and errors point at the designer's own field names). Station cards are one flat
//! struct with a `type` and optional per-type fields rather than a tagged enum: serde then
//! streams every card without buffering, so a bad value is reported at its own line and
//! column. Which fields each type needs is checked afterwards by the validator.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

mod effect;
pub use effect::*;

/// A stable card id, as written in the JSON (`"ancient_sword"`).
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct CardId(pub String);

/// The name of a card's picture: an icon of the game-icons.net set, vendored as
/// `art/icons/NAME.svg` (lower-case words joined by hyphens).
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct ArtName(#[schemars(regex(pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$"))] pub String);

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for CardId {
    fn from(s: &str) -> Self {
        CardId(s.to_string())
    }
}

/// `cards/map.json`: the Domains and the forward links between them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// Path of the JSON Schema, for editors. Ignored by the game.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The Domain every run starts in.
    pub start: CardId,
    /// The last Domain; clearing it leads to the Guardian.
    #[serde(rename = "final")]
    pub final_domain: CardId,
    /// Every Domain on the map.
    pub domains: Vec<MapDomain>,
}

/// One Domain's place on the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapDomain {
    /// The Domain's id (the `id` of its Domain file).
    pub id: CardId,
    /// The Domain file, relative to the cards directory (`"domains/termina.json"`).
    pub file: String,
    /// Row on the diamond, 1 at the bottom.
    #[schemars(range(min = 1))]
    pub row: u8,
    /// Position in its row, 0 on the left.
    pub column: u8,
    /// Domains the traveller may move to after clearing this one: same row or the row above.
    #[serde(default)]
    pub links: Vec<CardId>,
}

/// Common header of every card file that is a single card (traveller, Guardian).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FileCardType {
    Traveller,
    Guardian,
    Domain,
}

/// `cards/traveller.json`: the traveller's card and starting values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TravellerFile {
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    pub id: CardId,
    pub name: String,
    /// The card's picture: the name of an icon vendored under `art/icons/` (from the
    /// game-icons.net set, `"wolf-head"`). Without one, the card is drawn with its type's
    /// emblem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub art: Option<ArtName>,
    #[serde(rename = "type")]
    pub card_type: FileCardType,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guide_notes: Option<String>,
    /// Starting (and maximum) Health. The rules use 20.
    #[schemars(range(min = 1, max = 99))]
    pub health: i32,
    /// Attack added to Hit and Critical results.
    #[serde(default)]
    #[schemars(range(min = 0, max = 10))]
    pub atk: i32,
    /// Defence subtracted from incoming damage.
    #[serde(default)]
    #[schemars(range(min = 0, max = 5))]
    pub def: i32,
    /// The combat table: the result of each die face, 1 to 6 in order. Absent: the rules'
    /// table (`["miss", "parry", "hit", "hit", "critical", "counter"]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(equal = 6))]
    pub table: Option<Vec<TableResult>>,
    /// House rules the set is designed for, as `--rule` names them (`"paid-peek"`,
    /// `"paid-peek=health:2"`, `"hit-on-six"`): the title's New run offers them by default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house_rules: Vec<String>,
}

/// A result on the traveller's combat table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableResult {
    /// Deal nothing.
    Miss,
    /// Block everything the foe deals.
    Parry,
    /// Deal 1 + ATK.
    Hit,
    /// Deal 2 + ATK.
    Critical,
    /// Block everything the foe deals and deal 1 (plus any Counter bonus) that DEF does not
    /// reduce.
    Counter,
}

impl TableResult {
    /// The result's name as a player reads it ("Counter").
    pub fn title(self) -> &'static str {
        match self {
            TableResult::Miss => "Miss",
            TableResult::Parry => "Parry",
            TableResult::Hit => "Hit",
            TableResult::Critical => "Critical",
            TableResult::Counter => "Counter",
        }
    }
}

/// One face of the traveller's combat table changed: `{"roll": 5, "result": "counter"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableFace {
    /// The (modified) roll whose result changes.
    #[schemars(range(min = 1, max = 6))]
    pub roll: u8,
    /// Its result while the card is in force.
    pub result: TableResult,
}

/// `cards/guardian.json`: the final foe, its requirements and its seals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GuardianFile {
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    pub id: CardId,
    pub name: String,
    /// The card's picture: the name of an icon vendored under `art/icons/` (from the
    /// game-icons.net set, `"wolf-head"`). Without one, the card is drawn with its type's
    /// emblem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub art: Option<ArtName>,
    #[serde(rename = "type")]
    pub card_type: FileCardType,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guide_notes: Option<String>,
    #[schemars(range(min = 1, max = 999))]
    pub hp: i32,
    #[serde(default)]
    #[schemars(range(min = 0, max = 5))]
    pub def: i32,
    /// Exactly six faces, for die results 1 to 6.
    #[schemars(length(equal = 6))]
    pub faces: Vec<Face>,
    /// Conditions the traveller must meet; each unmet one applies its penalty.
    #[serde(default)]
    pub requirements: Vec<Seal>,
    /// Seals, each broken by a condition; an unbroken seal applies its penalty.
    #[serde(default)]
    pub seals: Vec<Seal>,
    /// Set-up effects when the Guardian is revealed, after its requirements and seals are
    /// checked and before the duel: Snares laid in wait (`catch`), Resolve or Dread, an
    /// arena's bonus or penalty for the duel (`{"bonus": {"to": "next_duel", ...}}`).
    /// Effects that ask a choice are not allowed here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup: Vec<Effect>,
}

/// A Guardian requirement or seal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Seal {
    pub id: CardId,
    pub name: String,
    /// What the player reads about it.
    pub text: String,
    /// Met (or broken) when this condition holds at the Guardian.
    pub broken_by: Condition,
    /// What happens while it is unmet.
    pub penalty: SealPenalty,
}

/// What an unmet requirement or unbroken seal does to the Guardian fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SealPenalty {
    /// The traveller cannot cross to the Guardian at all: the run is lost.
    Barred,
    /// The Guardian cannot be harmed.
    Invulnerable,
    /// The Guardian heals fully after every exchange.
    FullHeal,
    /// Damage the traveller deals to the Guardian strikes the traveller instead.
    Reflect,
}

/// A Domain file: its title card (with scene) and its Station cards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DomainFile {
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    pub id: CardId,
    pub name: String,
    /// The card's picture: the name of an icon vendored under `art/icons/` (from the
    /// game-icons.net set, `"wolf-head"`). Without one, the card is drawn with its type's
    /// emblem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub art: Option<ArtName>,
    #[serde(rename = "type")]
    pub card_type: FileCardType,
    /// The scene text of the title card.
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guide_notes: Option<String>,
    /// One line on what the Domain is about.
    pub theme: String,
    /// Scene effects applied when the traveller enters the Domain.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_enter: Vec<Effect>,
    /// A rumour in the scene: ids of the Guardian's requirements or seals whose terms the
    /// traveller learns on entering the Domain.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reveals: Vec<CardId>,
    /// The Domain's Station cards (18 in the full set).
    pub stations: Vec<StationCard>,
}

/// The kind of a Station card.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum StationType {
    Caesura,
    Item,
    Equipment,
    Companion,
    Foe,
    Terror,
    Pit,
    Snare,
    Blessing,
    Rest,
}

impl StationType {
    /// Every type, in display order.
    pub const ALL: [StationType; 10] = [
        StationType::Caesura,
        StationType::Item,
        StationType::Equipment,
        StationType::Companion,
        StationType::Foe,
        StationType::Terror,
        StationType::Pit,
        StationType::Snare,
        StationType::Blessing,
        StationType::Rest,
    ];

    /// The name used in the JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            StationType::Caesura => "caesura",
            StationType::Item => "item",
            StationType::Equipment => "equipment",
            StationType::Companion => "companion",
            StationType::Foe => "foe",
            StationType::Terror => "terror",
            StationType::Pit => "pit",
            StationType::Snare => "snare",
            StationType::Blessing => "blessing",
            StationType::Rest => "rest",
        }
    }

    /// The type's name as printed on a card ("Caesura", "Item"...).
    pub fn title(self) -> &'static str {
        match self {
            StationType::Caesura => "Caesura",
            StationType::Item => "Item",
            StationType::Equipment => "Equipment",
            StationType::Companion => "Companion",
            StationType::Foe => "Foe",
            StationType::Terror => "Terror",
            StationType::Pit => "Pit",
            StationType::Snare => "Snare",
            StationType::Blessing => "Blessing",
            StationType::Rest => "Rest",
        }
    }

    /// The type's card colour (frame, tint, icon) in the normal palette, as RGB bytes;
    /// shared by the window and the printed cards.
    pub fn rgb(self) -> (u8, u8, u8) {
        match self {
            StationType::Caesura => (0x9a, 0xa7, 0xc7),
            StationType::Item => (0xd9, 0xb3, 0x6c),
            StationType::Equipment => (0xb8, 0xc4, 0xd0),
            StationType::Companion => (0x7f, 0xd1, 0x9b),
            StationType::Foe => (0xe0, 0x5a, 0x4f),
            StationType::Terror => (0xb0, 0x7c, 0xe8),
            StationType::Pit => (0xe0, 0x93, 0x4a),
            StationType::Snare => (0xc2, 0x5f, 0x9e),
            StationType::Blessing => (0xf2, 0xe2, 0x8c),
            StationType::Rest => (0x8f, 0xd6, 0xea),
        }
    }
}

impl fmt::Display for StationType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One Station card. Which optional fields a type uses is listed in `cards/README.md`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StationCard {
    /// Stable id, unique in the whole card set.
    pub id: CardId,
    pub name: String,
    /// The card's picture: the name of an icon vendored under `art/icons/` (from the
    /// game-icons.net set, `"wolf-head"`). Without one, the card is drawn with its type's
    /// emblem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub art: Option<ArtName>,
    #[serde(rename = "type")]
    pub card_type: StationType,
    /// The type printed on the card when it is not the structural `type` (a `"Beast"` that is
    /// a Caesura dealing a flat loss, a `"Terror"` with one forced effect). Display only: the
    /// rules follow `type`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The rules text the player reads.
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor: Option<String>,
    /// Narration for the Guide to read aloud.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guide_notes: Option<String>,
    /// The designer's idea for the card's picture (their sheet's `Image_Source_Idea`),
    /// kept for the artist; not shown in play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub art_note: Option<String>,
    /// Tags other cards refer to (`"beast"`, `"hollow"`, `"human"`, `"trinket"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Effects applied when the card is flipped (Caesura, Blessing, Snare, Rest, Companion).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// Standing modifiers while held, following or (for Snares) caught.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passive: Vec<Modifier>,
    /// Effects that fire on an occasion while the card is held, following or caught.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<Trigger>,
    /// An ability the player can use (Items, Equipment, Companions).
    #[serde(default, rename = "use", skip_serializing_if = "Option::is_none")]
    pub ability: Option<Ability>,
    /// Foe: hit points, or `"health"`: the traveller's Health when the duel starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "FoeHp")]
    pub hp: Option<FoeHp>,
    /// Foe: defence subtracted from Hits and Criticals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i32", range(min = 0, max = 5))]
    pub def: Option<i32>,
    /// Foe: exactly six faces for die results 1 to 6 (an unbeatable foe may have none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 6), extend("not" = { "minItems": 1, "maxItems": 5 }))]
    pub faces: Vec<Face>,
    /// Foe: kinds of harm it ignores.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub immune: Vec<Immunity>,
    /// Foe: effects when it is defeated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_defeat: Vec<Effect>,
    /// Foe: it cannot be fought at all, only passed through `passage` or `toll`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unbeatable: bool,
    /// Foe: nothing harms it. It can be fought but never beaten (see RULES.md, "Fights that
    /// cannot end").
    #[serde(default, skip_serializing_if = "is_false")]
    pub invulnerable: bool,
    /// Foe: ways past it by showing or giving a card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passage: Vec<Passage>,
    /// Foe: slip past by suffering these effects instead of fighting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toll: Option<Vec<Effect>>,
    /// Terror: exactly two options.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 2), extend("not" = { "minItems": 1, "maxItems": 1 }))]
    pub options: Vec<TerrorOption>,
    /// Pit: the test.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<Test>,
    /// Companion: what it takes for them to follow (absent: they join at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub join: Option<Join>,
    /// Companion: effects when they do not join (the condition was not met or was refused).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<Effect>,
    /// Companion: cards they agree to carry for you once they follow.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carries: Vec<CardId>,
    /// A rumour: ids of the Guardian's requirements or seals whose terms the traveller
    /// learns when this card is flipped (any type of card).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reveals: Vec<CardId>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A foe's hit points: a number, or `"health"` for the traveller's Health when the duel
/// starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum FoeHp {
    /// A fixed number.
    Fixed(#[schemars(range(min = 1, max = 99))] i32),
    /// As much as the traveller's Health at the start of the duel.
    Health(HealthWord),
}

/// The word `"health"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HealthWord {
    Health,
}

impl FoeHp {
    /// The foe's HP against a traveller with this much Health (at least 1).
    pub fn against(self, health: i32) -> i32 {
        match self {
            FoeHp::Fixed(n) => n,
            FoeHp::Health(_) => health.max(1),
        }
    }

    /// The printed number, if it is one.
    pub fn fixed(self) -> Option<i32> {
        match self {
            FoeHp::Fixed(n) => Some(n),
            FoeHp::Health(_) => None,
        }
    }
}

impl fmt::Display for FoeHp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FoeHp::Fixed(n) => write!(f, "{n}"),
            FoeHp::Health(_) => f.write_str("= your Health"),
        }
    }
}

impl<'de> Deserialize<'de> for FoeHp {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // By hand, so that a mistake is reported in plain words at the value's position.
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = FoeHp;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number or \"health\"")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<FoeHp, E> {
                i32::try_from(v)
                    .map(FoeHp::Fixed)
                    .map_err(|_| E::custom(format!("hp {v} is out of range")))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<FoeHp, E> {
                i32::try_from(v)
                    .map(FoeHp::Fixed)
                    .map_err(|_| E::custom(format!("hp {v} is out of range")))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<FoeHp, E> {
                match v {
                    "health" => Ok(FoeHp::Health(HealthWord::Health)),
                    // A number in quotes: the usual wording for a wrong type of value.
                    n if n.trim().parse::<i64>().is_ok() => Err(E::custom(format!(
                        "wrong type of value: found the text \"{n}\", expected a whole number or \"health\""
                    ))),
                    other => Err(E::custom(format!(
                        "hp \"{other}\" is not a number or \"health\""
                    ))),
                }
            }
        }
        d.deserialize_any(V)
    }
}

/// One face of a foe's die. Fields combine: `{"name": "Gale", "block": true, "deal": 1, "skip_roll": true}`.
/// A face with only a name is a miss.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Face {
    pub name: String,
    /// Damage dealt to the traveller (before DEF).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub deal: i32,
    /// Stops all the traveller's damage this exchange.
    #[serde(default, skip_serializing_if = "is_false")]
    pub block: bool,
    /// The foe heals itself this much.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub heal: i32,
    /// Its damage goes through the traveller's Parry or Counter.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ignore_block: bool,
    /// The traveller skips their next roll.
    #[serde(default, skip_serializing_if = "is_false")]
    pub skip_roll: bool,
    /// Subtracted from the traveller's next roll.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub roll_penalty: i32,
    /// No rerolls (Grace or otherwise) in the next exchange.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_rerolls: bool,
    /// +N damage on every later hit of this fight.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub enrage: i32,
    /// +N damage on its next hit (or on the next time the face named by `empower_face` comes up).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub empower: i32,
    /// The face `empower` waits for (absent: the next hit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empower_face: Option<String>,
    /// The foe copies the traveller's combat result this exchange (with the traveller's ATK).
    #[serde(default, skip_serializing_if = "is_false")]
    pub copy: bool,
    /// Effects on the traveller when this face lands, after the exchange's damage (the
    /// effects `on_defeat` uses): `{"name": "Venom", "deal": 1, "effects": [{"dread": 1}]}`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// A kind of harm a foe ignores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Immunity {
    /// Hits and Criticals.
    Attacks,
    /// The 1 damage of a Counter.
    Counter,
    /// Damage from items and other card effects.
    Items,
}

/// A way past a foe by showing or giving a card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Passage {
    /// The button text ("Show the Mirror Shard").
    pub label: String,
    /// Show this card: you keep it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show: Option<CardId>,
    /// Give this card: it leaves your slots (to the foe, or to them if they join).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub give: Option<CardId>,
    /// The foe joins you as a companion.
    #[serde(default, skip_serializing_if = "is_false")]
    pub joins: bool,
    /// Further effects.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
}

/// One option of a Terror card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrorOption {
    pub label: String,
    /// What must be paid first; an option you cannot pay cannot be chosen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cost: Vec<Payment>,
    /// What happens.
    #[serde(default)]
    pub effects: Vec<Effect>,
}

/// A payment for a Terror option.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Payment {
    /// Spend N Resolve (needs marker >= N and no Snare forbidding it).
    SpendResolve(#[schemars(range(min = 1, max = 4))] u8),
    /// Spend N Grace.
    SpendGrace(#[schemars(range(min = 1, max = 3))] u8),
    /// Discard a held card of this kind (the leftmost).
    Discard(SlotKind),
}

/// Item or Equipment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SlotKind {
    Item,
    Equipment,
}

/// A Pit test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Test {
    /// The roll (plus modifiers) must reach this.
    #[schemars(range(min = 2, max = 12))]
    pub target: i32,
    /// Dice rolled and added (1 or 2).
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 2))]
    pub dice: u8,
    /// Extended: repeat until 3 successes or 3 failures.
    #[serde(default, skip_serializing_if = "is_false")]
    pub extended: bool,
    /// On passing (the third success when extended).
    #[serde(default)]
    pub success: Vec<Effect>,
    /// On failing (the third failure when extended).
    #[serde(default)]
    pub failure: Vec<Effect>,
    /// Extended only: after each failed roll.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub each_failure: Vec<Effect>,
}

fn one() -> u8 {
    1
}

/// The condition for a companion to follow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Join {
    /// Show them this card (you keep it).
    Show(CardId),
    /// Give them this card; they carry it from then on.
    Give(CardId),
}
