//! Finding the elements of a file's `stations` list when the file is not valid JSON: a
//! scan that follows only strings and brackets, so a missing comma, a stray comma or a
//! comment in one card leaves the other cards' spans intact (each is then read on its
//! own, see `load::DomainFile::recover`).

use std::ops::Range;

/// The list found: where its brackets are and the span of each object in it.
#[derive(Debug, PartialEq, Eq)]
pub struct List {
    /// The byte of the `[`.
    pub open: usize,
    /// The byte of the matching `]`; `None` when the text ends first.
    pub close: Option<usize>,
    /// Each element that is an object, from its `{` to just after its `}` (or to the
    /// end of the text, for one that is never closed).
    pub items: Vec<Range<usize>>,
}

/// Steps over a string starting at `at` (its opening quote); returns the byte after its
/// closing quote, or the text's length when it is never closed.
fn skip_string(b: &[u8], at: usize) -> usize {
    let mut i = at + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The value starting at `at` (`{` or `[`) up to its matching bracket: the byte after it.
fn skip_nested(b: &[u8], at: usize) -> usize {
    let mut depth = 0usize;
    let mut i = at;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i = skip_string(b, i);
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The list under the root object's key `key`, read with tolerance.
pub fn list(text: &str, key: &str) -> Option<List> {
    let b = text.as_bytes();
    let quoted = format!("\"{key}\"");
    let mut depth = 0usize;
    let mut i = 0;
    let open = loop {
        if i >= b.len() {
            return None;
        }
        match b[i] {
            b'"' => {
                let end = skip_string(b, i);
                if depth == 1 && text.get(i..end) == Some(quoted.as_str()) {
                    let rest = text[end..].trim_start();
                    if let Some(value) = rest.strip_prefix(':').map(str::trim_start)
                        && value.starts_with('[')
                    {
                        break b.len() - value.len();
                    }
                }
                i = end;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    };
    let mut items = Vec::new();
    let mut i = open + 1;
    while i < b.len() {
        match b[i] {
            b']' => {
                return Some(List {
                    open,
                    close: Some(i),
                    items,
                });
            }
            b'{' => {
                let end = skip_nested(b, i);
                items.push(i..end);
                i = end;
            }
            b'[' => i = skip_nested(b, i),
            b'"' => i = skip_string(b, i),
            _ => i += 1,
        }
    }
    Some(List {
        open,
        close: None,
        items,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_comma_leaves_every_card_in_its_place() {
        let text = "{\"id\": \"d\", \"on_enter\": [{\"x\": 1}],\n \"stations\": [\n {\"id\": \"a\", \"t\": \"]}\"}\n {\"id\": \"b\" \"hp\": 2},\n {\"id\": \"c\", \"f\": [{}]}\n ]}";
        let l = list(text, "stations").expect("found");
        let ids: Vec<&str> = l.items.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(
            ids,
            [
                "{\"id\": \"a\", \"t\": \"]}\"}",
                "{\"id\": \"b\" \"hp\": 2}",
                "{\"id\": \"c\", \"f\": [{}]}"
            ]
        );
        assert_eq!(&text[l.open..l.open + 1], "[");
        assert_eq!(l.close.map(|c| &text[c..]), Some("]}"));
    }

    #[test]
    fn an_unclosed_card_runs_to_the_end_and_a_nested_key_is_not_the_list() {
        let text = "{\"x\": {\"stations\": [1]}, \"stations\": [{\"id\": \"a\"";
        let l = list(text, "stations").expect("found");
        assert_eq!(l.close, None);
        assert_eq!(l.items.len(), 1);
        assert_eq!(&text[l.items[0].clone()], "{\"id\": \"a\"");
        assert!(list("{\"stations\": 3}", "stations").is_none());
    }
}
