//! Turning serde's messages into plain words, with "did you mean" suggestions.

use super::model::*;
use serde::de::DeserializeOwned;
use std::sync::OnceLock;

/// One enum of the card format: what a designer calls it and its names in the JSON.
pub struct Vocabulary {
    pub kind: &'static str,
    pub names: Vec<String>,
}

/// The names an enum accepts, read from serde's own "unknown variant" message so that
/// they can never drift from the model.
fn names_of<T: DeserializeOwned>() -> Vec<String> {
    match serde_json::from_str::<T>("\"?\"") {
        Ok(_) => Vec::new(),
        Err(e) => {
            let msg = e.to_string();
            match msg.split_once(", expected ") {
                Some((_, rest)) => backticked(rest),
                None => Vec::new(),
            }
        }
    }
}

/// Every enum vocabulary of the format.
pub fn vocabularies() -> &'static [Vocabulary] {
    static V: OnceLock<Vec<Vocabulary>> = OnceLock::new();
    V.get_or_init(|| {
        let v = |kind, names| Vocabulary { kind, names };
        vec![
            v("effect", names_of::<Effect>()),
            v("condition", names_of::<Condition>()),
            v("modifier", names_of::<Modifier>()),
            v("payment", names_of::<Payment>()),
            v("card type", names_of::<StationType>()),
            v("file type", names_of::<FileCardType>()),
            v("penalty", names_of::<SealPenalty>()),
            v("occasion", names_of::<Occasion>()),
            v("immunity", names_of::<Immunity>()),
            v("frequency", names_of::<Per>()),
            v("bonus target", names_of::<BonusTarget>()),
            v("slot kind", names_of::<SlotKind>()),
            v("kind of card to lose", names_of::<LoseKind>()),
            v("join condition", names_of::<Join>()),
        ]
    })
}

/// The words between backticks, in order: "`a`, `b` or `c`" → [a, b, c].
pub fn backticked(s: &str) -> Vec<String> {
    s.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, w)| w.to_string())
        .collect()
}

/// Edit distance (insertions, deletions, substitutions and swaps of neighbours).
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let (n, m) = (a.len(), b.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=n {
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[n][m]
}

fn normalise(s: &str) -> String {
    s.trim()
        .chars()
        .map(|c| match c {
            '-' | ' ' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The candidates closest to `word`, if any is close enough to be a likely typo.
pub fn closest<'a, S: AsRef<str>>(word: &str, candidates: &'a [S]) -> Vec<&'a str> {
    let w = normalise(word);
    let limit = (w.chars().count() / 3).clamp(1, 3);
    let mut best: Option<usize> = None;
    let mut found = Vec::new();
    for c in candidates {
        let c = c.as_ref();
        if c == word {
            continue;
        }
        let d = distance(&w, &normalise(c));
        if d > limit {
            continue;
        }
        match best {
            Some(b) if d > b => {}
            Some(b) if d == b => found.push(c),
            _ => {
                best = Some(d);
                found = vec![c];
            }
        }
    }
    found
}

/// "did you mean `x`?" / "did you mean `x` or `y`?", when something is close.
pub fn did_you_mean<S: AsRef<str>>(word: &str, candidates: &[S]) -> Option<String> {
    let found = closest(word, candidates);
    if found.is_empty() {
        return None;
    }
    Some(format!("did you mean {}?", or_list(&found)))
}

/// "`a`", "`a` or `b`", "`a`, `b` or `c`".
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("`{}`", s.as_ref())).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// What an enum value at `path` is called, from the names serde expected or, failing
/// that, from the field it is in.
fn kind_of(expected: &[String], path: &str) -> &'static str {
    for v in vocabularies() {
        if v.names == expected {
            return v.kind;
        }
    }
    let field = path
        .rsplit('.')
        .map(|s| s.split('[').next().unwrap_or(s))
        .find(|s| !s.is_empty())
        .unwrap_or("");
    match field {
        "effects" | "on_enter" | "on_defeat" | "toll" | "then" | "else" | "success" | "failure"
        | "each_failure" | "refused" => "effect",
        "passive" => "modifier",
        "cost" => "payment",
        "when" | "broken_by" | "requires" | "not" | "all" | "any" => "condition",
        "type" => "card type",
        "on" => "occasion",
        "immune" => "immunity",
        "penalty" => "penalty",
        "join" => "join condition",
        _ => "value",
    }
}

/// An effect as an example: the spec's first row with a small number.
static EFFECT_EXAMPLE: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| format!("{{\"{}\": 2}}", super::spec::EFFECT_SPECS[0].key));

/// What an enum written as a one-key object looks like, for messages about its shape.
pub fn example_for(path: &str) -> Option<(&'static str, &'static str)> {
    let kind = kind_of(&[], path);
    let example = match kind {
        "effect" => EFFECT_EXAMPLE.as_str(),
        "modifier" => r#"{"atk": 1}"#,
        "payment" => r#"{"spend_resolve": 1}"#,
        "condition" => r#"{"holds": "card_id"}"#,
        "join condition" => r#"{"give": "card_id"}"#,
        _ => return None,
    };
    Some((kind, example))
}

/// "an effect", "a condition".
pub fn a_an(word: &str) -> String {
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// The last named segment of a path (`effects[0].heal` → `heal`).
fn last_name(path: &str) -> &str {
    let tail = path.rsplit('.').next().unwrap_or(path);
    tail.split('[').next().unwrap_or(tail)
}

/// Rewrites a serde data error (its message without the position) into plain words.
pub fn rewrite(msg: &str, path: &str) -> String {
    if let Some(rest) = msg.strip_prefix("unknown variant ")
        && let Some((word, expected)) = split_unknown(rest)
    {
        let kind = kind_of(&expected, path);
        return match did_you_mean(&word, &expected) {
            Some(hint) => format!("unknown {kind} `{word}`; {hint}"),
            None if expected.is_empty() => format!("unknown {kind} `{word}`"),
            None => format!("unknown {kind} `{word}`; expected {}", or_list(&expected)),
        };
    }
    if let Some(rest) = msg.strip_prefix("unknown field ")
        && let Some((word, expected)) = split_unknown(rest)
    {
        return match did_you_mean(&word, &expected) {
            Some(hint) => format!("unknown field `{word}`; {hint}"),
            None if expected.is_empty() => format!("unknown field `{word}`"),
            None => format!(
                "unknown field `{word}`; the fields here are {}",
                or_list(&expected)
            ),
        };
    }
    if let Some(rest) = msg.strip_prefix("missing field ") {
        return format!("missing required field {rest}");
    }
    if let Some(rest) = msg.strip_prefix("duplicate field ") {
        return format!("field {rest} is written twice");
    }
    if let Some(rest) = msg.strip_prefix("invalid type: ")
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        let name = last_name(path);
        if found == "unit variant" && expected == "newtype variant" {
            return format!("`{name}` needs a value, like {{\"{name}\": ...}}");
        }
        if expected == "unit" {
            return format!("`{name}` takes no value: write it as \"{name}\"");
        }
        return format!(
            "wrong type of value: found {}, expected {}",
            plain_found(found),
            plain_expected(expected)
        );
    }
    if let Some(rest) = msg.strip_prefix("invalid value: ")
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        return format!(
            "{} is out of range: expected {}",
            plain_found(found),
            plain_expected(expected)
        );
    }
    msg.to_string()
}

/// "`heall`, expected one of `heal`, ..." → ("heall", [heal, ...]).
/// `None` for a message not in serde's own form (the model's custom messages are
/// already plain).
fn split_unknown(rest: &str) -> Option<(String, Vec<String>)> {
    let inner = rest.strip_prefix('`')?;
    let (word, tail) = inner.split_once('`')?;
    if let Some(expected) = tail.strip_prefix(", expected ") {
        Some((word.to_string(), backticked(expected)))
    } else if tail.starts_with(", there are no") {
        Some((word.to_string(), Vec::new()))
    } else {
        None
    }
}

fn plain_found(found: &str) -> String {
    if let Some(s) = found.strip_prefix("string ") {
        return format!("the text {s}");
    }
    for prefix in ["integer ", "floating point "] {
        if let Some(n) = found.strip_prefix(prefix) {
            return format!("the number {}", n.trim_matches('`'));
        }
    }
    if let Some(b) = found.strip_prefix("boolean ") {
        return b.to_string();
    }
    match found {
        "map" => "an object {...}".to_string(),
        "sequence" => "a list [...]".to_string(),
        "unit" | "null" => "null".to_string(),
        other => other.to_string(),
    }
}

fn plain_expected(expected: &str) -> String {
    match expected {
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_string(),
        "u8" => "a whole number from 0 to 255".to_string(),
        "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".to_string(),
        "f32" | "f64" => "a number".to_string(),
        "a boolean" => "true or false".to_string(),
        "a string" => "text in double quotes".to_string(),
        "a sequence" => "a list [...]".to_string(),
        "unit" => "null".to_string(),
        "variant identifier" => "a name in double quotes".to_string(),
        e if e.starts_with("struct ") => "an object {...}".to_string(),
        e if e.starts_with("enum ") => {
            "an object with one key, or a name in double quotes".to_string()
        }
        e => e.to_string(),
    }
}

/// The message for a comment (`//` or `/*`) in a card file.
pub fn comment(mark: &str) -> String {
    format!(
        "JSON syntax error: a `{mark}` comment; JSON files cannot hold comments: delete it, or put a note for the Guide in `guide_notes`"
    )
}

/// Rewrites a JSON syntax error message into plain words.
pub fn syntax(msg: &str) -> String {
    let plain = match msg {
        "trailing comma" => "trailing comma: JSON allows no `,` before `}` or `]`",
        "expected `,` or `}`" => {
            "expected `,` or `}`: is a comma missing after the previous value?"
        }
        "expected `,` or `]`" => {
            "expected `,` or `]`: is a comma missing after the previous value?"
        }
        "expected `:`" => "expected `:` after the key",
        "expected value" => {
            "expected a value (a number, \"text\" in double quotes, true, false, null, an object or a list)"
        }
        "expected ident" => "expected `true`, `false` or `null`",
        "key must be a string" => "keys must be written in double quotes, like \"id\"",
        "trailing characters" => "unexpected text after the end of the JSON value",
        "EOF while parsing an object" => "the file ends inside an object: a `}` is missing",
        "EOF while parsing a list" => "the file ends inside a list: a `]` is missing",
        "EOF while parsing a string" => "the file ends inside a string: a `\"` is missing",
        "EOF while parsing a value" => "the file ends where a value was expected",
        "control character (\\u0000-\\u001F) found while parsing a string" => {
            "a line break or control character inside a string: write a line break as \\n"
        }
        "recursion limit exceeded" => "nested too deeply",
        other => other,
    };
    format!("JSON syntax error: {plain}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vocabularies_come_from_the_model() {
        let effect = &vocabularies()[0];
        assert_eq!(effect.kind, "effect");
        assert!(effect.names.iter().any(|n| n == "heal"));
        assert!(effect.names.iter().any(|n| n == "if"));
        let join = vocabularies().iter().find(|v| v.kind == "join condition");
        assert_eq!(
            join.map(|v| v.names.clone()),
            Some(vec!["show".into(), "give".into()])
        );
    }

    #[test]
    fn suggestions() {
        assert_eq!(distance("heall", "heal"), 1);
        assert_eq!(distance("flavour", "flavor"), 1);
        assert_eq!(distance("teh", "the"), 1);
        let fields = ["flavor", "name", "faces"];
        assert_eq!(
            did_you_mean("flavour", &fields).as_deref(),
            Some("did you mean `flavor`?")
        );
        assert_eq!(did_you_mean("xyzzy", &fields), None);
        assert_eq!(
            did_you_mean("Lose-Health", &["lose_health"]).as_deref(),
            Some("did you mean `lose_health`?")
        );
    }

    #[test]
    fn rewrites() {
        assert_eq!(
            rewrite(
                "unknown variant `heall`, expected one of `heal`, `lose_health`",
                "use.effects[0]"
            ),
            "unknown effect `heall`; did you mean `heal`?"
        );
        assert_eq!(
            rewrite("unknown variant `shw`, expected `show` or `give`", "join"),
            "unknown join condition `shw`; did you mean `show`?"
        );
        // The model's own messages are kept.
        let custom = "unknown field `d7` in a dice amount; expected `d6` or `plus`";
        assert_eq!(rewrite(custom, "effects[0].heal"), custom);
        assert_eq!(
            rewrite("invalid type: string \"5\", expected i32", "hp"),
            "wrong type of value: found the text \"5\", expected a whole number"
        );
        assert_eq!(
            rewrite(
                "invalid value: integer `300`, expected u8",
                "effects[0].resolve"
            ),
            "the number 300 is out of range: expected a whole number from 0 to 255"
        );
    }
}
