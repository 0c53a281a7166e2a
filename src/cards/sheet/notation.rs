//! The designer's rules notation, one line at a time: effect lines (`Heal 4 HP`, `Move the
//! Resolve/Dread marker down 1`), standing modifiers (`Cannot Rest`, `-1 to all rolls`),
//! and foe face results (`Block & 2 DMG`). Numbers, case and spacing vary in the sheet
//! ("7 HP", "7hp", "Heal 4HP"); every reader here normalises first.

use serde_json::{Value, json};

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

fn n_or(l: &str, default: i64) -> i64 {
    first_int(l).unwrap_or(default)
}

/// Reads one effect line; `Err` with the reason when it is not in the notation.
pub fn effect_line(raw: &str) -> Result<Line, String> {
    let l = strip_gloss(&strip_frequency(&normalise(raw)));
    let has = |w: &str| l.contains(w);
    let line = if l.is_empty() || ["none", "no effect", "nothing"].contains(&l.as_str()) {
        Line::Nothing
    } else if let Some(v) = spec_form(&l) {
        v
    } else if let Some(v) = table_face(&l) {
        Line::Modifier(v)
    } else if let Some(n) = signed_hp(&l) {
        // `-1 HP` is a loss, `+2 HP` a heal.
        if n < 0 {
            Line::Effect(json!({ "lose_health": -n }))
        } else {
            Line::Effect(json!({ "heal": n }))
        }
    } else if let Some(n) = bare_block(&l) {
        Line::Modifier(json!({ "def": n }))
    } else if let Some((n, tag)) = damage_to(&l) {
        // `2 DMG to Human`: damage to the foe in a duel, only if it has the tag.
        match tag {
            Some(tag) => Line::Thrown(json!({ "if": {
                "when": { "foe_tag": tag },
                "then": [{ "hit_foe": n }]
            }})),
            None => Line::Thrown(json!({ "hit_foe": n })),
        }
    } else if (l.starts_with("rest") || has("when you rest") || has("resting")) && has("heal") {
        // `Rest: Heal 2 additional HP`: each heal bought at a Rest gives more.
        Line::Modifier(json!({ "rest_heal": need(&l)? }))
    } else if l == "full heal" || (l.starts_with("heal") && has("full")) {
        Line::Effect(json!({ "heal": "full" }))
    } else if l.starts_with("heal") && has("1d6") {
        let plus = l
            .split_once('+')
            .and_then(|(_, p)| first_int(p))
            .unwrap_or(0);
        Line::Effect(json!({ "heal": { "d6": 1, "plus": plus } }))
    } else if l.starts_with("heal") {
        Line::Effect(json!({ "heal": need(&l)? }))
    } else if l.starts_with("lose") && has("each time") && (has("flip") || has("turned")) {
        Line::Trigger(json!({ "on": "flip", "effects": [{ "lose_health": need(&l)? }] }))
    } else if l.starts_with("lose") && has("hp") {
        Line::Effect(json!({ "lose_health": amount(&l)? }))
    } else if has("throw") {
        Line::Thrown(json!({ "hit_foe": need(&l)? }))
    } else if has("next duel") || has("next fight") {
        Line::Effect(json!({ "bonus": { "to": "next_duel", "amount": n_or(&l, 1) } }))
    } else if has("next challenge") || has("next test") {
        Line::Effect(json!({ "bonus": { "to": "next_test", "amount": n_or(&l, 1) } }))
    } else if has("next heal") {
        Line::Effect(json!({ "bonus": { "to": "next_heal", "amount": n_or(&l, 1) } }))
    } else if l.starts_with("cleanse") || l.starts_with("remove") && has("snare") {
        Line::Effect(json!({ "cleanse": n_or(&l, 1) }))
    } else if has("marker") && has(" up") {
        Line::Effect(json!({ "resolve": n_or(&l, 1) }))
    } else if has("marker") && has(" down") {
        Line::Effect(json!({ "dread": n_or(&l, 1) }))
    } else if has("cannot spend resolve") {
        Line::Modifier(json!("no_spend_resolve"))
    } else if has("cannot rest") {
        Line::Modifier(json!("no_rest"))
    } else if has("all rolls") {
        Line::Modifier(json!({ "all_rolls": need(&l)? }))
    } else if has("fight rolls") || has("duel rolls") || has("combat rolls") {
        Line::Modifier(json!({ "duel_rolls": need(&l)? }))
    } else if has("challenge rolls") || has("test rolls") {
        Line::Modifier(json!({ "test_rolls": need(&l)? }))
    } else if has("resting") || has("when you rest") {
        Line::Modifier(json!({ "rest_heal": need(&l)? }))
    } else if has("attack") && has("miss") {
        Line::Modifier(json!({ "first_attacks_miss": n_or(&l, 1) }))
    } else if has("def") || has("standing block") {
        Line::Modifier(json!({ "def": n_or(&l, 1) }))
    } else if has("atk") {
        Line::Modifier(json!({ "atk": n_or(&l, 1) }))
    } else if has("reroll") {
        Line::Reroll
    } else if (l.starts_with("peek") || l.starts_with("look")) && has("deck") {
        Line::Effect(json!({ "peek_deck": n_or(&l, 1) }))
    } else if l.starts_with("peek") || l.starts_with("look") {
        Line::Effect(json!({ "peek": n_or(&l, 1) }))
    } else if has("reorder") {
        Line::Effect(json!({ "reorder": n_or(&l, 3).min(3) }))
    } else if has("face up") {
        Line::Effect(json!({ "reveal": n_or(&l, 1) }))
    } else {
        return Err("not an effect this notation knows".into());
    };
    Ok(line)
}

/// A line in the very words an effect's spec gives for the notation (`Heal {n} HP`, what
/// the export writes), read as that effect; other wordings go through the readers below.
fn spec_form(l: &str) -> Option<Line> {
    crate::cards::spec::EFFECT_SPECS.iter().find_map(|s| {
        let form = normalise(s.designer?);
        let (head, tail) = form.split_once("{n}")?;
        let n: i64 = l
            .strip_prefix(head)?
            .strip_suffix(tail)?
            .trim()
            .parse()
            .ok()?;
        let v = json!({ s.key: n });
        // A thrown thing only works in a duel (see `Line::Thrown`).
        Some(if s.key == "hit_foe" {
            Line::Thrown(v)
        } else {
            Line::Effect(v)
        })
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

/// `-1 hp`, `+2 hp`, `-1hp`: a signed change of Health, and nothing else on the line.
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

/// `2 dmg`, `2 dmg to human`, `deal 2 damage to a beast`: damage to the foe, and the tag
/// it must have.
fn damage_to(l: &str) -> Option<(i64, Option<String>)> {
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
