//! The designer's rules notation, one line at a time: effect lines (`Heal 4 HP`, `Move the
//! Resolve/Dread marker down 1`), standing modifiers (`Cannot Rest`, `-1 to all rolls`),
//! and foe face results (`Block & 2 DMG`). Numbers, case and spacing vary in the sheet
//! ("7 HP", "7hp", "Heal 4HP"); every reader here normalises first.

use serde_json::{Value, json};

use crate::cards::spec::{EFFECT_SPECS, ReadValue, Reading, reading};

/// What one effect line means.
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    /// An effect, applied when its card says (`{"heal": 4}`).
    Effect(Value),
    /// A standing modifier, for `passive` (`"no_rest"`, `{"all_rolls": -1}`).
    Modifier(Value),
    /// Effects on an occasion, for `triggers` (`{"on": "flip", ...}`).
    Trigger(Value),
    /// Reroll one just-rolled die (an ability with no effects).
    Reroll,
    /// A thrown thing: an effect usable only in a duel.
    Thrown(Value),
    /// Says nothing happens (`None`, `No effect`).
    Nothing,
}

/// Lower case, single spaces, no trailing full stop, `→` spelt `->`.
pub fn normalise(line: &str) -> String {
    let l = line.replace('→', "->").to_lowercase();
    let l = l.split_whitespace().collect::<Vec<_>>().join(" ");
    l.trim_end_matches(['.', ' ']).to_string()
}

/// The first whole number in `s`, with its sign (`+1`, `-1`), or a number word.
pub fn first_int(s: &str) -> Option<i64> {
    const WORDS: [&str; 6] = ["one", "two", "three", "four", "five", "six"];
    let b = s.as_bytes();
    let mut first: Option<(usize, i64)> = None;
    for (i, c) in b.iter().enumerate() {
        if c.is_ascii_digit() {
            let end = b[i..]
                .iter()
                .position(|c| !c.is_ascii_digit())
                .map_or(b.len(), |p| i + p);
            let n: i64 = s[i..end].parse().ok()?;
            let neg = i > 0 && b[i - 1] == b'-';
            first = Some((i, if neg { -n } else { n }));
            break;
        }
    }
    let word = s
        .split(|c: char| !c.is_ascii_alphabetic())
        .find_map(|w| WORDS.iter().position(|x| *x == w).map(|p| p as i64 + 1))
        .map(|n| (s.find(WORDS[n as usize - 1]).unwrap_or(usize::MAX), n));
    match (first, word) {
        (Some(a), Some(w)) if w.0 < a.0 => Some(w.1),
        (Some(a), _) => Some(a.1),
        (None, w) => w.map(|w| w.1),
    }
}

/// The standing modifiers' wordings (`passive`), tried after every effect's: a line that
/// also reads as an effect (`+1 DEF next duel`) is the effect.
const MODIFIER_READS: [(&str, &[Reading]); 9] = [
    (
        "no_spend_resolve",
        &[reading(&[], &[&["cannot spend resolve"]], ReadValue::Flag)],
    ),
    (
        "no_rest",
        &[reading(&[], &[&["cannot rest"]], ReadValue::Flag)],
    ),
    (
        "all_rolls",
        &[reading(&[], &[&["all rolls"]], ReadValue::Number)],
    ),
    (
        "duel_rolls",
        &[reading(
            &[],
            &[&["fight rolls", "duel rolls", "combat rolls"]],
            ReadValue::Number,
        )],
    ),
    (
        "test_rolls",
        &[reading(
            &[],
            &[&["challenge rolls", "test rolls"]],
            ReadValue::Number,
        )],
    ),
    (
        // `Rest: Heal 2 additional HP`: each heal bought at a Rest gives more.
        "rest_heal",
        &[
            reading(&["rest"], &[&["heal"]], ReadValue::Number),
            reading(&[], &[&["resting", "when you rest"]], ReadValue::Number),
        ],
    ),
    (
        "first_attacks_miss",
        &[reading(
            &[],
            &[&["attack"], &["miss"]],
            ReadValue::NumberOr(1),
        )],
    ),
    (
        "def",
        &[reading(
            &[],
            &[&["def", "standing block"]],
            ReadValue::NumberOr(1),
        )],
    ),
    ("atk", &[reading(&[], &[&["atk"]], ReadValue::NumberOr(1))]),
];

/// Reads one effect line; `Err` with the reason when it is not in the notation.
///
/// In order: an effect in its spec's exact words; the shapes that are a whole line of
/// their own (a face of the combat table, `1 Block`, a loss on each flip); each effect's
/// other wordings from its spec row, in the model's order; the standing modifiers; a
/// reroll.
pub fn effect_line(raw: &str) -> Result<Line, String> {
    let l = strip_gloss(&strip_frequency(&normalise(raw)));
    if l.is_empty() || ["none", "no effect", "nothing"].contains(&l.as_str()) {
        return Ok(Line::Nothing);
    }
    if let Some(v) = spec_form(&l) {
        return Ok(v);
    }
    if let Some(v) = table_face(&l) {
        return Ok(Line::Modifier(v));
    }
    if let Some(n) = bare_block(&l) {
        return Ok(Line::Modifier(json!({ "def": n })));
    }
    if l.starts_with("lose")
        && l.contains("each time")
        && (l.contains("flip") || l.contains("turned"))
    {
        let effects = [json!({ "lose_health": need(&l)? })];
        return Ok(Line::Trigger(json!({ "on": "flip", "effects": effects })));
    }
    for s in &EFFECT_SPECS {
        if let Some(v) = s.read_with.and_then(|f| f(&l)) {
            return Ok(line(s.key, v));
        }
        for r in s.reads {
            if let Some(v) = read(r, s.key, &l) {
                return Ok(line(s.key, json!({ s.key: v? })));
            }
        }
    }
    for (key, reads) in MODIFIER_READS {
        for r in reads {
            if let Some(v) = read(r, key, &l) {
                // A flag is its key alone (`"no_rest"`), a number its key's value.
                let v = v?;
                let flag = r.value == ReadValue::Flag;
                return Ok(Line::Modifier(if flag { v } else { json!({ key: v }) }));
            }
        }
    }
    if l.contains("reroll") {
        return Ok(Line::Reroll);
    }
    Err("not an effect this notation knows".into())
}

/// An effect read by `key`'s spec row as its line: a hit on the foe is a thrown thing,
/// which only works in a duel (see `Line::Thrown`).
fn line(key: &str, effect: Value) -> Line {
    if key == "hit_foe" {
        Line::Thrown(effect)
    } else {
        Line::Effect(effect)
    }
}

/// `l` read by one wording of `key`: `None` when the wording does not fit, `Err` when it
/// fits but lacks its number.
fn read(r: &Reading, key: &str, l: &str) -> Option<Result<Value, String>> {
    let fits = (r.opens.is_empty() || r.opens.iter().any(|o| l.starts_with(o)))
        && r.holds.iter().all(|g| g.iter().any(|w| l.contains(w)))
        && !r.lacks.iter().any(|w| l.contains(w));
    if !fits {
        return None;
    }
    let n = first_int(l);
    Some(Ok(match r.value {
        ReadValue::Number => match need(l) {
            Ok(n) => json!(n),
            Err(e) => return Some(Err(e)),
        },
        ReadValue::NumberOr(d) => json!(n.unwrap_or(d)),
        ReadValue::UpTo(most) => json!(n.unwrap_or(most).min(most)),
        ReadValue::Amount => return Some(amount(l)),
        ReadValue::Full => json!("full"),
        ReadValue::Bonus(to) => json!({ "to": to, "amount": n.unwrap_or(1) }),
        ReadValue::Flag => json!(key),
    }))
}

/// A line in the very words an effect's spec gives for the notation (`Heal {n} HP`, what
/// the export writes), read as that effect; other wordings are its spec's `reads`.
fn spec_form(l: &str) -> Option<Line> {
    EFFECT_SPECS.iter().find_map(|s| {
        let form = normalise(s.designer?);
        let (head, tail) = form.split_once("{n}")?;
        let n: i64 = l
            .strip_prefix(head)?
            .strip_suffix(tail)?
            .trim()
            .parse()
            .ok()?;
        Some(line(s.key, json!({ s.key: n })))
    })
}

/// The frequency a line may open with (`Once per location, peek at 2`), which the card's
/// `use` says instead (see `use_per`); the rest of the line is the effect.
pub fn strip_frequency(l: &str) -> String {
    for per in [
        "location", "domain", "fight", "duel", "combat", "run", "game", "turn",
    ] {
        for lead in ["once per ", "once each "] {
            let head = format!("{lead}{per}");
            if let Some(rest) = l.strip_prefix(&head) {
                return rest.trim_start_matches([',', ':', ';', ' ']).to_string();
            }
        }
    }
    l.to_string()
}

/// A line without a closing gloss in brackets that holds no number (`1 block (evade)`):
/// the gloss names the effect, the words before it say what it does.
pub fn strip_gloss(l: &str) -> String {
    if let Some((head, tail)) = l.rsplit_once('(')
        && let Some(word) = tail.strip_suffix(')')
        && !word.chars().any(|c| c.is_ascii_digit())
        && !head.trim().is_empty()
    {
        return head.trim().to_string();
    }
    l.to_string()
}

/// `6 counter -> block + deal 1 dmg`, `5 = critical`: one face of the traveller's combat
/// table gives another result.
fn table_face(l: &str) -> Option<Value> {
    let (num, rest) = l.split_once(' ')?;
    let roll: u8 = num.parse().ok().filter(|n| (1..=6).contains(n))?;
    let rest = rest.trim_start_matches(['=', ':', ' ']);
    let result = ["miss", "parry", "hit", "critical", "counter"]
        .into_iter()
        .find(|r| rest == *r || rest.starts_with(&format!("{r} ")))?;
    Some(json!({ "table_face": { "roll": roll, "result": result } }))
}

/// `+2 hp`: a heal, and nothing else on the line.
pub fn plus_hp(l: &str) -> Option<Value> {
    signed_hp(l)
        .filter(|n| *n > 0)
        .map(|n| json!({ "heal": n }))
}

/// `-1 hp`, `-1hp`: a loss of Health, and nothing else on the line.
pub fn minus_hp(l: &str) -> Option<Value> {
    signed_hp(l)
        .filter(|n| *n < 0)
        .map(|n| json!({ "lose_health": -n }))
}

/// `-1 hp`, `+2 hp`: a signed change of Health, and nothing else on the line.
fn signed_hp(l: &str) -> Option<i64> {
    let body = l.strip_suffix("hp")?.trim();
    let sign = if body.starts_with('-') {
        -1
    } else if body.starts_with('+') {
        1
    } else {
        return None;
    };
    let n: i64 = body[1..].trim().parse().ok()?;
    Some(sign * n)
}

/// `1 block`, `+1 block`: a standing block (DEF).
fn bare_block(l: &str) -> Option<i64> {
    let n = l.strip_suffix(" block")?.trim_start_matches('+');
    n.parse().ok().filter(|n| *n > 0)
}

/// `2 dmg`, `2 dmg to human`, `deal 2 damage to a beast`: damage to the foe, only when it
/// has the tag named.
pub fn damage_to(l: &str) -> Option<Value> {
    let (n, tag) = damage_and_tag(l)?;
    Some(match tag {
        Some(tag) => json!({ "if": { "when": { "foe_tag": tag }, "then": [{ "hit_foe": n }] } }),
        None => json!({ "hit_foe": n }),
    })
}

fn damage_and_tag(l: &str) -> Option<(i64, Option<String>)> {
    let l = l.strip_prefix("deal ").unwrap_or(l);
    let (num, rest) = l.split_once(' ')?;
    let n: i64 = num.parse().ok().filter(|n| *n > 0)?;
    let rest = rest
        .strip_prefix("dmg")
        .or_else(|| rest.strip_prefix("damage"))?
        .trim();
    if rest.is_empty() {
        return Some((n, None));
    }
    let tag = rest
        .strip_prefix("to ")?
        .trim_start_matches("a ")
        .trim_start_matches("an ")
        .trim_end_matches(" foes")
        .trim_end_matches(" foe")
        .trim_end_matches('s')
        .trim();
    (!tag.is_empty() && tag.chars().all(|c| c.is_ascii_alphabetic()))
        .then(|| (n, Some(tag.to_string())))
}

/// A number, or dice (`1d6`, `1d6+2`) as an amount.
fn amount(l: &str) -> Result<Value, String> {
    if let Some(i) = l.find("d6") {
        let count = first_int(&l[..i]).unwrap_or(1).abs();
        let plus = l[i..]
            .split_once('+')
            .and_then(|(_, p)| first_int(p))
            .unwrap_or(0);
        return Ok(json!({ "d6": count, "plus": plus }));
    }
    Ok(json!(need(l)?))
}

fn need(l: &str) -> Result<i64, String> {
    first_int(l).ok_or_else(|| "a number is missing".to_string())
}

/// Reads one foe face line, `N Name (result)`; a face with no parenthesis is a flourish
/// with no effect (a miss).
pub fn face_line(raw: &str) -> Result<Value, String> {
    let t = raw.trim();
    let (num, rest) = t
        .split_once(char::is_whitespace)
        .ok_or("a face reads `N Name (result)`")?;
    num.trim_end_matches(['.', ':', ')'])
        .parse::<u8>()
        .ok()
        .filter(|n| (1..=6).contains(n))
        .ok_or("a face starts with its die number, 1 to 6")?;
    let rest = rest.trim();
    let (name, result) = match rest.strip_suffix(')').and_then(|r| r.rsplit_once('(')) {
        Some((name, result)) => (name.trim(), result),
        None => (rest, ""),
    };
    if name.is_empty() {
        return Err("the face has no name".into());
    }
    let mut face = serde_json::Map::new();
    face.insert("name".into(), json!(name));
    for raw_part in face_parts(result) {
        let part = normalise(raw_part);
        let p = part.as_str();
        if p.is_empty() {
            continue;
        }
        let (k, v) = if p == "miss" {
            continue;
        } else if p == "block" || p == "evade" || p == "blocks" {
            ("block", json!(true))
        } else if p.starts_with("heal") {
            ("heal", json!(need(p)?))
        } else if p.contains("skip") {
            ("skip_roll", json!(true))
        } else if p.contains("reroll") {
            ("no_rerolls", json!(true))
        } else if p.contains("rest of") {
            ("enrage", json!(need(p)?))
        } else if p.contains("next hit") {
            ("empower", json!(need(p)?))
        } else if p.contains("next") && p.contains("roll") {
            // `-1 to Player's next roll`, `-1 to next Player roll`.
            ("roll_penalty", json!(need(p)?.abs()))
        } else if let Some(target) = empowered_face(raw_part) {
            // `+1 DMG next Crush`: more damage the next time that face comes up.
            face.insert("empower_face".into(), json!(target));
            ("empower", json!(need(p)?))
        } else if p.contains("ignore") {
            ("ignore_block", json!(true))
        } else if p.contains("copy") {
            ("copy", json!(true))
        } else if p.contains("dmg") || p.contains("damage") {
            ("deal", json!(need(p)?))
        } else {
            return Err(format!("`{part}` is not a face result this notation knows"));
        };
        face.insert(k.into(), v);
    }
    Ok(Value::Object(face))
}

/// A face's results split at `&`, `;`, `,` and a `+` that joins (`Block + 1 DMG`), not
/// one that signs a number (`next hit +1 DMG`).
fn face_parts(result: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in result.char_indices() {
        let joins = match c {
            '&' | ';' | ',' => true,
            '+' => !result[i + 1..].starts_with(|d: char| d.is_ascii_digit()),
            _ => false,
        };
        if joins {
            out.push(&result[start..i]);
            start = i + c.len_utf8();
        }
    }
    out.push(&result[start..]);
    out
}

/// The face named in `+1 DMG next <face name>` (as written), if the part reads so.
fn empowered_face(raw: &str) -> Option<String> {
    let low = raw.to_lowercase();
    let at = low.find(" next ")?;
    let head = &low[..at];
    if !(head.contains("dmg") || head.contains("damage")) {
        return None;
    }
    let name = raw[at + " next ".len()..].trim().trim_end_matches('.');
    let first = name.split_whitespace().next()?.to_lowercase();
    (!["hit", "roll", "round", "player", "player's", "exchange"].contains(&first.as_str()))
        .then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effect_lines_tolerate_case_spacing_and_units() {
        assert_eq!(
            effect_line("Heal 4HP "),
            Ok(Line::Effect(json!({"heal": 4})))
        );
        assert_eq!(
            effect_line("heal 1d6+2"),
            Ok(Line::Effect(json!({"heal": {"d6": 1, "plus": 2}})))
        );
        assert_eq!(
            effect_line("Lose 7hp."),
            Ok(Line::Effect(json!({"lose_health": 7})))
        );
        assert_eq!(
            effect_line("Move the Resolve/Dread marker down 1"),
            Ok(Line::Effect(json!({"dread": 1})))
        );
        assert_eq!(
            effect_line("-1 to all rolls"),
            Ok(Line::Modifier(json!({"all_rolls": -1})))
        );
        assert_eq!(
            effect_line("Lose 2 HP each time a card is flipped"),
            Ok(Line::Trigger(
                json!({"on": "flip", "effects": [{"lose_health": 2}]})
            ))
        );
        assert!(effect_line("Sing a song of the sea").is_err());
        assert_eq!(
            effect_line("lose 1d6 HP"),
            Ok(Line::Effect(json!({"lose_health": {"d6": 1, "plus": 0}})))
        );
    }

    #[test]
    fn the_short_wordings_read() {
        let e = |l: &str| effect_line(l);
        assert_eq!(e("-1 HP"), Ok(Line::Effect(json!({"lose_health": 1}))));
        assert_eq!(e("1 Block (Evade)"), Ok(Line::Modifier(json!({"def": 1}))));
        assert_eq!(
            e("2 DMG to Human"),
            Ok(Line::Thrown(
                json!({"if": {"when": {"foe_tag": "human"}, "then": [{"hit_foe": 2}]}})
            ))
        );
        assert_eq!(
            e("Once per location, peek at 2"),
            Ok(Line::Effect(json!({"peek": 2})))
        );
        assert_eq!(
            e("6 COUNTER → BLOCK + DEAL 1 DMG."),
            Ok(Line::Modifier(
                json!({"table_face": {"roll": 6, "result": "counter"}})
            ))
        );
        assert_eq!(
            face_line("2 Gust (Block & 1 DMG; you skip your next roll)"),
            Ok(json!({"name": "Gust", "block": true, "deal": 1, "skip_roll": true}))
        );
        assert_eq!(
            face_line("3 Wave (2 DMG; no rerolls next round)"),
            Ok(json!({"name": "Wave", "deal": 2, "no_rerolls": true}))
        );
        assert_eq!(
            face_line("5 Rend (3 DMG, ignore Block)"),
            Ok(json!({"name": "Rend", "deal": 3, "ignore_block": true}))
        );
    }

    #[test]
    fn face_lines_read_every_result() {
        assert_eq!(
            face_line("6 Snarl (Block & 1 DMG)"),
            Ok(json!({"name": "Snarl", "block": true, "deal": 1}))
        );
        assert_eq!(
            face_line("2 Frost Grip (1 DMG & Player skips next roll)"),
            Ok(json!({"name": "Frost Grip", "deal": 1, "skip_roll": true}))
        );
        assert_eq!(
            face_line("1 Howl (-1 to Player's next roll)"),
            Ok(json!({"name": "Howl", "roll_penalty": 1}))
        );
        assert_eq!(face_line("4 Flourish"), Ok(json!({"name": "Flourish"})));
        assert_eq!(
            face_line("1 Glare (-2 to next Player roll)"),
            Ok(json!({"name": "Glare", "roll_penalty": 2}))
        );
        assert_eq!(
            face_line("2 Feint (Miss; next hit +1 DMG)"),
            Ok(json!({"name": "Feint", "empower": 1}))
        );
        assert_eq!(
            face_line("3 Coil (1 DMG & +1 DMG next Great Coil)"),
            Ok(json!({"name": "Coil", "deal": 1, "empower": 1, "empower_face": "Great Coil"}))
        );
        assert_eq!(
            effect_line("Rest: Heal 2 additional HP"),
            Ok(Line::Modifier(json!({"rest_heal": 2})))
        );
        assert_eq!(
            effect_line("Throw for 3 DMG (one-time use)"),
            Ok(Line::Thrown(json!({"hit_foe": 3})))
        );
        assert!(face_line("7 Bite (1 DMG)").is_err());
        assert!(face_line("3 Bite (sings)").is_err());
    }
}
