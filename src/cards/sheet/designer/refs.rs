//! Cards named by title inside other cells (a seal's "Break:" line, `Give X`, `Use X`, a
//! companion who carries X): matched to the sheet's rows tolerantly (case, punctuation,
//! "the", a letter or two), and said when the match was not exact.

use super::levenshtein;

/// What a titled row is, for reading conditions: a thing held, or someone who may follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// An Item or Equipment: held, given, shown or carried.
    Thing,
    /// A Companion, Beast or Hollow: may follow the traveller.
    Being,
    /// Anything else (a Caesura, a Snare...).
    Other,
}

/// One Station row that other cells may name.
#[derive(Debug, Clone)]
pub(super) struct Title {
    pub(super) id: String,
    pub(super) title: String,
    key: String,
    pub(super) kind: Kind,
}

/// Every Station row's title, id and kind, gathered before any cell is read.
#[derive(Debug, Default)]
pub(super) struct Titles(Vec<Title>);

/// A name matched to a row, and whether it was spelt exactly as the row's title.
pub(super) struct Found<'a> {
    pub(super) title: &'a Title,
    pub(super) exact: bool,
}

/// A title's comparison key: lower case, letters and digits only, without "the", "a", "an".
pub(super) fn key(s: &str) -> String {
    words(s).concat()
}

fn words(s: &str) -> Vec<String> {
    s.to_lowercase()
        .replace(['\'', '’'], "")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty() && !["the", "a", "an"].contains(w))
        .map(str::to_string)
        .collect()
}

/// How many letters a key may differ by and still match: none for short names.
fn allowance(key: &str) -> usize {
    match key.len() {
        0..=5 => 0,
        6..=9 => 1,
        _ => 2,
    }
}

impl Titles {
    pub(super) fn push(&mut self, id: String, title: &str, kind: Kind) {
        self.0.push(Title {
            id,
            title: title.trim().to_string(),
            key: key(title),
            kind,
        });
    }

    /// The row a name means, if exactly one matches best.
    pub(super) fn find(&self, name: &str) -> Option<Found<'_>> {
        let k = key(name);
        if k.is_empty() {
            return None;
        }
        if let Some(t) = self.0.iter().find(|t| t.key == k) {
            let plain = |s: &str| {
                let l = s.trim().to_lowercase();
                l.strip_prefix("the ").map(str::to_string).unwrap_or(l)
            };
            let exact = plain(&t.title) == plain(name);
            return Some(Found { title: t, exact });
        }
        let mut scored: Vec<(usize, &Title)> = self
            .0
            .iter()
            .map(|t| (levenshtein(&k, &t.key), t))
            .filter(|(d, t)| *d <= allowance(&t.key).min(allowance(&k).max(1)))
            .collect();
        scored.sort_by_key(|(d, _)| *d);
        match scored.as_slice() {
            [(d, t), rest @ ..] if rest.first().is_none_or(|(d2, _)| d2 > d) => Some(Found {
                title: t,
                exact: false,
            }),
            _ => self.by_first_words(name),
        }
    }

    /// The one row whose title begins with the words of `name` ("Mirror Shard" for a row
    /// titled "Mirror shard on a pedestal"); at least two words, so that a single common
    /// word never picks a card. Never exact: the caller reports the match.
    fn by_first_words(&self, name: &str) -> Option<Found<'_>> {
        let ws = words(name);
        if ws.len() < 2 {
            return None;
        }
        let mut hits = self.0.iter().filter(|t| {
            let tw = words(&t.title);
            tw.len() > ws.len() && tw[..ws.len()] == ws[..]
        });
        let t = hits.next()?;
        hits.next().is_none().then_some(Found {
            title: t,
            exact: false,
        })
    }

    /// The rows a line of prose names, in the order they appear ("the Sage must carry the
    /// Ferrymans Bel"): the longest match at each word wins.
    pub(super) fn mentions(&self, prose: &str) -> Vec<Found<'_>> {
        let ws = words(prose);
        let mut out: Vec<Found> = Vec::new();
        let mut i = 0;
        while i < ws.len() {
            let mut hit = None;
            for n in (1..=6.min(ws.len() - i)).rev() {
                let k = ws[i..i + n].concat();
                if let Some(f) = self.find(&k) {
                    let exact = f.title.key == k;
                    hit = Some((
                        n,
                        Found {
                            title: f.title,
                            exact,
                        },
                    ));
                    break;
                }
            }
            match hit {
                Some((n, f)) => {
                    if !out.iter().any(|o| o.title.id == f.title.id) {
                        out.push(f);
                    }
                    i += n;
                }
                None => i += 1,
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles() -> Titles {
        let mut t = Titles::default();
        t.push("ferrymans_bell".into(), "The Ferryman's Bell", Kind::Thing);
        t.push("sage".into(), "The Sage", Kind::Being);
        t.push("glass_lantern".into(), "Glass Lantern", Kind::Thing);
        t
    }

    #[test]
    fn names_match_despite_case_punctuation_the_and_a_typo() {
        let mut t = titles();
        assert!(
            t.find("the ferrymans bell")
                .is_some_and(|f| f.title.id == "ferrymans_bell")
        );
        assert!(
            t.find("Ferryman's Bell")
                .is_some_and(|f| f.title.id == "ferrymans_bell")
        );
        let typo = t.find("Ferrymen's Bel").unwrap();
        assert_eq!(
            (typo.title.id.as_str(), typo.exact),
            ("ferrymans_bell", false)
        );
        assert!(t.find("Sage").is_some_and(|f| f.title.id == "sage"));
        assert!(t.find("Page").is_none(), "short names must match exactly");
        t.push(
            "mirror_shard_on_a_pedestal".into(),
            "Mirror shard on a pedestal",
            Kind::Thing,
        );
        let first = t.find("Mirror Shard").unwrap();
        assert_eq!(
            (first.title.id.as_str(), first.exact),
            ("mirror_shard_on_a_pedestal", false)
        );
        assert!(t.find("Mirror").is_none(), "one word never picks a card");
        let m: Vec<_> = t
            .mentions("- Break: the Sage must carry the Ferrymans Bell across")
            .iter()
            .map(|f| f.title.id.clone())
            .collect();
        assert_eq!(m, ["sage", "ferrymans_bell"]);
    }
}
