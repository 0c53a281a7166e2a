//! Effects and what they act on: amounts, conditions, bonuses, modifiers, triggers and
//! abilities (the vocabulary shared by every card's `effects`, `use`, `triggers`, ...).

use super::*;

/// An amount: a number, dice (`{"d6": 1, "plus": 2}`) or `"full"` (for heals).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Amount {
    /// A fixed number.
    Fixed(i32),
    /// Roll `d6` dice and add `plus`.
    Dice {
        d6: u8,
        #[serde(default)]
        plus: i32,
    },
    /// Up to the maximum (only meaningful for `heal`).
    Full(FullWord),
}

/// The word `"full"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FullWord {
    Full,
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // A hand-written visitor instead of `untagged`, so that a mistake is reported in
        // plain words at the value's own position.
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Amount;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, {\"d6\": N, \"plus\": M} or \"full\"")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Amount, E> {
                i32::try_from(v)
                    .map(Amount::Fixed)
                    .map_err(|_| E::custom(format!("amount {v} is out of range")))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Amount, E> {
                i32::try_from(v)
                    .map(Amount::Fixed)
                    .map_err(|_| E::custom(format!("amount {v} is out of range")))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Amount, E> {
                if v == "full" {
                    Ok(Amount::Full(FullWord::Full))
                } else {
                    Err(E::custom(format!(
                        "unknown amount `{v}`; expected a number, {{\"d6\": N, \"plus\": M}} or \"full\""
                    )))
                }
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Amount, A::Error> {
                let mut d6 = None;
                let mut plus = 0;
                while let Some(k) = m.next_key::<String>()? {
                    match k.as_str() {
                        "d6" => d6 = Some(m.next_value::<u8>()?),
                        "plus" => plus = m.next_value::<i32>()?,
                        other => {
                            return Err(serde::de::Error::custom(format!(
                                "unknown field `{other}` in a dice amount; expected `d6` or `plus`"
                            )));
                        }
                    }
                }
                match d6 {
                    Some(d6) => Ok(Amount::Dice { d6, plus }),
                    None => Err(serde::de::Error::custom("a dice amount needs `d6`")),
                }
            }
        }
        d.deserialize_any(V)
    }
}

/// One effect. Written as an object with a single key, e.g. `{"heal": 5}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Restore Health, never above the maximum: `{"heal": 4}`, `{"heal": {"d6": 1, "plus": 2}}`, `{"heal": "full"}`.
    Heal(Amount),
    /// Lose Health: `{"lose_health": 2}`.
    LoseHealth(Amount),
    /// Move the marker up toward Resolve (capped at +4): `{"resolve": 1}`.
    Resolve(u8),
    /// Move the marker down toward Dread; past -4 the run is lost: `{"dread": 1}`.
    Dread(u8),
    /// Raise (or lower) maximum Health: `{"max_health": 2}`.
    MaxHealth(i32),
    /// Damage the current foe directly (only in a duel; DEF does not reduce it): `{"hit_foe": 2}`.
    HitFoe(i32),
    /// Look at N face-down cards of the row (leftmost unknown first); they stay face down.
    Peek(u8),
    /// Turn N face-down cards of the row face up (leftmost unknown first).
    Reveal(u8),
    /// Look at the top N cards of the Domain deck.
    PeekDeck(u8),
    /// Look at the top N (at most 3) cards of the Domain deck and put them back in an order you choose.
    Reorder(u8),
    /// Remove N Snares of your choice.
    Cleanse(u8),
    /// A one-off bonus: `{"bonus": {"to": "next_duel", "amount": 1}}`.
    Bonus(Bonus),
    /// Branch on a condition: `{"if": {"when": {"holds": "x"}, "then": [...], "else": [...]}}`.
    If(Box<IfEffect>),
    /// The Guide picks one of these options (2 to 6) for the traveller; alone, a die picks
    /// (counting along the options from the first):
    /// `{"guide_chooses": [{"label": "...", "effects": [...]}, ...]}`.
    GuideChooses(#[schemars(length(min = 2, max = 6))] Vec<GuideOption>),
    /// The traveller loses one held card of this kind, the Guide choosing which (alone, a
    /// die picks, counting along the slots from the left): `{"lose": "item"}`.
    Lose(LoseKind),
    /// Set the Resolve/Dread marker to a position, whatever it was: `{"marker": "neutral"}`.
    Marker(MarkerAt),
    /// The traveller is caught by this Snare (a Snare card of the set), as if they had
    /// flipped it: its own effects apply too. Nothing happens if it has already caught
    /// them: `{"catch": "reliquary_needle"}`.
    Catch(CardId),
    /// This Snare lets the traveller go (to the discard), if it has caught them:
    /// `{"release": "reliquary_needle"}`.
    Release(CardId),
    /// In a duel: the foe's damage is blocked in the next N exchanges (1 to 3), as a Parry
    /// would, whatever the traveller rolls: `{"shield": 1}`. Only in a `duel_only` ability.
    Shield(u8),
    /// The run ends here, lost; the text says why (a gate the traveller cannot pass):
    /// `{"end_run": "No boat will carry you without the ferry token."}`.
    EndRun(String),
}

/// Where a `marker` effect puts the Resolve/Dread marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MarkerAt {
    /// The middle: neither Resolve nor Dread (0).
    Neutral,
}

/// One option of a `guide_chooses` effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GuideOption {
    /// What the Guide reads out and picks ("The ice takes your breath").
    pub label: String,
    /// What happens.
    #[serde(default)]
    pub effects: Vec<Effect>,
}

/// Which held cards a `lose` effect takes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LoseKind {
    /// One of the Items.
    Item,
    /// One of the Equipment.
    Equipment,
    /// Any Item or Equipment.
    Any,
}

/// The body of an `if` effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IfEffect {
    pub when: Condition,
    #[serde(default)]
    pub then: Vec<Effect>,
    #[serde(default, rename = "else")]
    pub otherwise: Vec<Effect>,
}

/// A temporary bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    pub to: BonusTarget,
    pub amount: i32,
}

/// What a bonus applies to; each is used up by its occasion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BonusTarget {
    /// Every traveller roll of the next duel.
    NextDuel,
    /// The next Pit test (every roll of an extended test).
    NextTest,
    /// Added to the next heal.
    NextHeal,
}

/// A condition on the traveller's situation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// Marker >= N.
    ResolveAtLeast(i8),
    /// Marker <= -N.
    DreadAtLeast(i8),
    HealthAtLeast(i32),
    HealthAtMost(i32),
    /// The card is in an Item or Equipment slot, or carried by a companion.
    Holds(CardId),
    /// The companion follows the traveller.
    Follows(CardId),
    /// The companion follows and carries the card.
    Carries(Carry),
    /// The current foe has this tag.
    FoeTag(String),
    /// At least N Snares are caught.
    SnaresAtLeast(u8),
    /// The Domain has been cleared this run.
    Cleared(CardId),
    Not(Box<Condition>),
    All(#[schemars(length(min = 1))] Vec<Condition>),
    Any(#[schemars(length(min = 1))] Vec<Condition>),
}

impl Condition {
    /// Pushes the ids of the Station cards this condition names (held, following,
    /// carried), in the order written.
    pub fn card_ids<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Condition::Holds(id) | Condition::Follows(id) => out.push(&id.0),
            Condition::Carries(c) => {
                out.push(&c.companion.0);
                out.push(&c.card.0);
            }
            Condition::Not(c) => c.card_ids(out),
            Condition::All(list) | Condition::Any(list) => {
                for c in list {
                    c.card_ids(out);
                }
            }
            _ => {}
        }
    }
}

/// A companion carrying a card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Carry {
    pub companion: CardId,
    pub card: CardId,
}

/// A standing modifier.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Modifier {
    /// Added to Hit and Critical damage.
    Atk(i32),
    /// Subtracted from incoming duel damage.
    Def(i32),
    /// Added to every Pit test roll.
    TestRolls(i32),
    /// Added to every duel roll of the traveller.
    DuelRolls(i32),
    /// Added to every roll of the traveller (duels and tests).
    AllRolls(i32),
    /// Extra Health for each heal bought at a Rest.
    RestHeal(i32),
    /// Added to the damage of the traveller's Counter.
    CounterDamage(i32),
    /// The traveller cannot spend Resolve.
    NoSpendResolve,
    /// The traveller cannot use Rest cards.
    NoRest,
    /// The traveller's first N attacks in each duel deal nothing.
    FirstAttacksMiss(u8),
    /// One face of the traveller's combat table gives another result:
    /// `{"table_face": {"roll": 5, "result": "counter"}}`.
    TableFace(TableFace),
}

/// Effects fired by an occasion.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Trigger {
    pub on: Occasion,
    #[schemars(length(min = 1))]
    pub effects: Vec<Effect>,
}

/// When a trigger fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Occasion {
    /// Each time the traveller flips a Station card.
    Flip,
    /// At the start of each duel.
    DuelStart,
    /// On entering a Domain (after its scene).
    DomainEnter,
    /// When the traveller defeats a foe.
    FoeDefeated,
}

/// An ability used by choice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// How often it can be used.
    #[serde(default)]
    pub per: Per,
    /// Only in a duel, between exchanges (e.g. a thrown flask).
    #[serde(default, skip_serializing_if = "is_false")]
    pub duel_only: bool,
    /// Only usable when this holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requires: Option<Condition>,
    /// What it does. Empty with `reroll: true` for a die reroll.
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// Instead of effects: reroll one die just rolled, like spending Grace but free.
    #[serde(default, skip_serializing_if = "is_false")]
    pub reroll: bool,
    /// Uses in all (2 to 9), on top of `per`: after the last one the card is used up
    /// (discarded from its slot). With `per: "once"` it can be used at any moment until then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 2, max = 9))]
    pub uses: Option<u8>,
}

/// How often an ability can be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Per {
    /// Used up: the card is discarded after use.
    #[default]
    Once,
    /// Once in each Domain (the paper card is turned sideways).
    Domain,
    /// Once in each duel.
    Fight,
    /// Once in the whole run; the card stays.
    Run,
}
