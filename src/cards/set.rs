//! The card set in play: every file of `cards/` loaded, checked, and indexed for the engine.

use super::intern::Name;
use super::model::*;
use super::puzzle::Puzzle;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// A reference to a piece of the set in play: its index there plus its interned id. The
/// two kinds ([`CardRef`], [`DomainRef`]) differ only in the index's width.
macro_rules! set_ref {
    ($(#[$doc:meta])* $name:ident, $index:ty, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name {
            pub index: $index,
            name: Name,
        }

        impl $name {
            #[doc = concat!("The reference to ", $what, " `index` of a set, whose id is `id`.")]
            pub fn new(index: $index, id: &str) -> $name {
                $name {
                    index,
                    name: Name::of(id),
                }
            }

            #[doc = concat!("The ", $what, "'s id.")]
            #[inline]
            pub fn id(self) -> &'static str {
                self.name.as_str()
            }

            #[doc = concat!("The ", $what, "'s id as its interned name.")]
            pub fn name(self) -> Name {
                self.name
            }
        }

        impl PartialOrd for $name {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $name {
            /// By index (the set's order), then by id.
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.index
                    .cmp(&other.index)
                    .then_with(|| self.id().cmp(other.id()))
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.id())
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }
    };
}

set_ref!(
    /// A Station card of the set in play: its index in [`CardSet::cards`] plus its id.
    ///
    /// It is `Copy` and 8 bytes, so that a run's state stays small and cheap to clone (the
    /// simulator clones and steps millions of them), yet it prints and serialises as the
    /// card's id. The id is interned ([`Name`]: one key per distinct text in the process),
    /// so two references are equal exactly when their index and their id match, and
    /// equality never compares text (it runs millions of times a second in the simulator).
    /// References are made only by the set (or in tests), never from free text.
    CardRef,
    u16,
    "card"
);

set_ref!(
    /// A Domain of the set in play: its index in [`CardSet::domains`] plus its id (interned,
    /// as a [`CardRef`]'s).
    DomainRef,
    u8,
    "Domain"
);

/// FNV-1a: ids are short strings looked up on the simulator's hot path, where SipHash's
/// protection against hostile keys buys nothing.
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ *b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

type FastHash = std::hash::BuildHasherDefault<Fnv>;

/// A Domain as the engine sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Domain {
    pub id: CardId,
    pub name: String,
    pub text: String,
    pub flavor: Option<String>,
    pub guide_notes: Option<String>,
    /// The Domain's emblem (its title card's `art`).
    pub art: Option<ArtName>,
    pub theme: String,
    pub on_enter: Vec<Effect>,
    /// Guardian entries (requirement or seal ids) the Domain's scene reveals on entering.
    pub reveals: Vec<CardId>,
    pub row: u8,
    pub column: u8,
    /// Forward links (sideways or up).
    pub links: Vec<DomainRef>,
    /// The Domain's Station cards, in file order (shuffled into a deck on entry).
    pub stations: Vec<CardRef>,
}

/// The parsed card files a set was built from, Domain files in map order. A save carries
/// them, so that a run in progress never depends on what `cards/` holds later.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardFiles {
    pub map: MapFile,
    pub traveller: TravellerFile,
    pub guardian: GuardianFile,
    pub domains: Vec<DomainFile>,
}

impl CardFiles {
    /// The canonical JSON of the files (object keys sorted, no spaces): what
    /// [`CardFiles::hash`] is computed over.
    pub fn canonical_json(&self) -> String {
        serde_json::to_value(self)
            .map(|v| canonical_json(&v))
            .unwrap_or_default()
    }

    /// A short fingerprint of the card set: FNV-1a (64 bits) of its canonical JSON, as
    /// `fnv1a64:` and 16 hex digits.
    pub fn hash(&self) -> String {
        serde_json::to_value(self)
            .map(|v| json_hash(&v))
            .unwrap_or_default()
    }
}

/// A JSON value as canonical text: `serde_json` keeps object keys sorted, and the compact
/// form has no spaces.
pub fn canonical_json(v: &serde_json::Value) -> String {
    v.to_string()
}

/// The fingerprint of a JSON value: FNV-1a (64 bits) of its canonical text.
pub fn json_hash(v: &serde_json::Value) -> String {
    use std::hash::Hasher;
    let mut h = Fnv::default();
    h.write(canonical_json(v).as_bytes());
    format!("fnv1a64:{:016x}", h.finish())
}

/// Every card of a run, checked and indexed. Built only from a set that validated without
/// errors, so the engine may rely on references resolving.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardSet {
    pub traveller: TravellerFile,
    pub guardian: GuardianFile,
    pub domains: Vec<Domain>,
    pub cards: Vec<StationCard>,
    pub start: DomainRef,
    pub final_domain: DomainRef,
    /// The files the set was built from (for saves).
    #[serde(skip)]
    files: Arc<CardFiles>,
    #[serde(skip)]
    index: HashMap<&'static str, CardRef, FastHash>,
    #[serde(skip)]
    domain_index: HashMap<&'static str, DomainRef, FastHash>,
    /// The same references by interned name (a 4-byte key hashed, not the id's text).
    #[serde(skip)]
    by_name: HashMap<Name, CardRef, FastHash>,
    #[serde(skip)]
    domain_by_name: HashMap<Name, DomainRef, FastHash>,
    /// Each Guardian entry's id and name, interned (by entry index).
    #[serde(skip)]
    entry_names: Vec<(Name, Name)>,
    /// Every Domain reference, in map order.
    #[serde(skip)]
    domain_refs: Vec<DomainRef>,
    /// The Guardian's id, interned.
    #[serde(skip)]
    guardian_id: Name,
    /// Face names, interned: each Station card's (by index), then the Guardian's last.
    #[serde(skip)]
    face_names: Vec<Vec<Name>>,
    /// What each Station card carries (by index), its ids interned: a held card is one of
    /// them exactly when its name is the same, with no text compared.
    #[serde(skip)]
    carries: Vec<Vec<Name>>,
    /// The Guardian's puzzle over the set's pieces, for the rules core's planner.
    #[serde(skip)]
    puzzle: Puzzle,
}

/// A reference that did not resolve while building a [`CardSet`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{id}`")]
pub struct UnresolvedRef {
    pub kind: &'static str,
    pub id: String,
}

impl CardSet {
    /// Builds the indexed set from parsed files (in map order). Fails on the first
    /// unresolved Domain reference; the validator reports all problems before this runs.
    pub fn build(
        map: &MapFile,
        traveller: TravellerFile,
        guardian: GuardianFile,
        domain_files: Vec<DomainFile>,
    ) -> Result<CardSet, UnresolvedRef> {
        let files = Arc::new(CardFiles {
            map: map.clone(),
            traveller: traveller.clone(),
            guardian: guardian.clone(),
            domains: domain_files.clone(),
        });
        let mut domain_index: HashMap<&'static str, DomainRef, FastHash> = HashMap::default();
        for (i, d) in map.domains.iter().enumerate() {
            let r = DomainRef::new(i as u8, &d.id.0);
            domain_index.insert(r.id(), r);
        }
        let find_domain = |id: &CardId| {
            domain_index
                .get(id.0.as_str())
                .copied()
                .ok_or_else(|| UnresolvedRef {
                    kind: "domain",
                    id: id.0.clone(),
                })
        };
        let mut cards = Vec::new();
        let mut index: HashMap<&'static str, CardRef, FastHash> = HashMap::default();
        let mut domains = Vec::new();
        for (entry, file) in map.domains.iter().zip(domain_files) {
            let mut stations = Vec::new();
            for card in file.stations {
                let r = CardRef::new(cards.len() as u16, &card.id.0);
                index.insert(r.id(), r);
                stations.push(r);
                cards.push(card);
            }
            let links = entry
                .links
                .iter()
                .map(&find_domain)
                .collect::<Result<Vec<_>, _>>()?;
            domains.push(Domain {
                art: file.art,
                id: file.id,
                name: file.name,
                text: file.text,
                flavor: file.flavor,
                guide_notes: file.guide_notes,
                theme: file.theme,
                on_enter: file.on_enter,
                reveals: file.reveals,
                row: entry.row,
                column: entry.column,
                links,
                stations,
            });
        }
        let mut domain_refs: Vec<DomainRef> = domain_index.values().copied().collect();
        domain_refs.sort();
        let start = find_domain(&map.start)?;
        let final_domain = find_domain(&map.final_domain)?;
        let entry_names = guardian
            .requirements
            .iter()
            .chain(&guardian.seals)
            .map(|e| (Name::of(&e.id.0), Name::of(&e.name)))
            .collect();
        let mut set = CardSet {
            files,
            domains,
            start,
            final_domain,
            guardian_id: Name::of(&guardian.id.0),
            face_names: cards
                .iter()
                .map(|c: &StationCard| &c.faces)
                .chain([&guardian.faces])
                .map(|faces| faces.iter().map(|f| Name::of(&f.name)).collect())
                .collect(),
            carries: cards
                .iter()
                .map(|c| c.carries.iter().map(|id| Name::of(&id.0)).collect())
                .collect(),
            traveller,
            guardian,
            cards,
            entry_names,
            by_name: index.values().map(|&r| (r.name(), r)).collect(),
            domain_by_name: domain_index.values().map(|&d| (d.name(), d)).collect(),
            index,
            domain_index,
            domain_refs,
            puzzle: Puzzle::default(),
        };
        set.puzzle = Puzzle::build(&set);
        Ok(set)
    }

    /// The Guardian's puzzle: its pieces, where they lie, their prices, and each entry's
    /// condition over them.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The parsed files the set was built from.
    pub fn files(&self) -> &Arc<CardFiles> {
        &self.files
    }

    /// The Station card behind a reference.
    pub fn card(&self, r: CardRef) -> &StationCard {
        &self.cards[r.index as usize]
    }

    /// The ids of the cards a companion carries (its `carries`, in order), interned: compare
    /// them with a card's [`CardRef::name`].
    pub fn carries(&self, r: CardRef) -> &[Name] {
        let ids = &self.carries[r.index as usize];
        debug_assert!(
            ids.iter()
                .map(|n| n.as_str())
                .eq(self.card(r).carries.iter().map(|c| c.0.as_str()))
        );
        ids
    }

    /// The Domain behind a reference.
    pub fn domain(&self, r: DomainRef) -> &Domain {
        &self.domains[r.index as usize]
    }

    /// Every Domain, in map order.
    pub fn domain_refs(&self) -> &[DomainRef] {
        &self.domain_refs
    }

    /// Every Station card reference, in file order.
    pub fn card_refs(&self) -> impl Iterator<Item = CardRef> + '_ {
        self.domains.iter().flat_map(|d| d.stations.iter().copied())
    }

    /// Looks up a Station card by id.
    pub fn card_ref(&self, id: &CardId) -> Option<CardRef> {
        self.index.get(id.0.as_str()).copied()
    }

    /// Looks up a Domain by id.
    pub fn domain_ref(&self, id: &CardId) -> Option<DomainRef> {
        self.domain_index.get(id.0.as_str()).copied()
    }

    /// The Guardian's id.
    pub fn guardian_id(&self) -> &'static str {
        self.guardian_id.as_str()
    }

    /// The Guardian's id as its interned name.
    pub fn guardian_name(&self) -> Name {
        self.guardian_id
    }

    /// The name of face `ix` (0-based) of a foe (`None`: the Guardian).
    pub fn face_name(&self, foe: Option<CardRef>, ix: usize) -> Name {
        let row = foe.map_or(self.cards.len(), |c| c.index as usize);
        self.face_names
            .get(row)
            .and_then(|names| names.get(ix))
            .copied()
            .unwrap_or_else(|| Name::of(""))
    }

    /// The Guardian's entries: every requirement, then every seal (an entry's index in
    /// this order is how a run's state names it).
    pub fn entries(&self) -> impl Iterator<Item = &Seal> + Clone + '_ {
        self.guardian
            .requirements
            .iter()
            .chain(self.guardian.seals.iter())
    }

    /// How many requirements and seals the Guardian has.
    pub fn entry_count(&self) -> usize {
        self.guardian.requirements.len() + self.guardian.seals.len()
    }

    /// The index (see [`CardSet::entries`]) of the requirement or seal with this id.
    pub fn entry_index(&self, id: &str) -> Option<u8> {
        self.entries()
            .position(|s| s.id.0 == id)
            .and_then(|i| u8::try_from(i).ok())
    }

    /// The id and name of the requirement or seal at this index, interned.
    pub fn entry_names(&self, ix: u8) -> Option<(Name, Name)> {
        self.entry_names.get(usize::from(ix)).copied()
    }

    /// The requirement or seal at this index.
    pub fn entry(&self, ix: u8) -> Option<&Seal> {
        self.entries().nth(usize::from(ix))
    }

    /// Looks up a Domain by its id string.
    pub fn domain_by_str(&self, id: &str) -> Option<DomainRef> {
        self.domain_index.get(id).copied()
    }

    /// Looks up a Domain by its interned id (no text hashed).
    pub fn domain_named(&self, name: Name) -> Option<DomainRef> {
        self.domain_by_name.get(&name).copied()
    }

    /// Looks up a Station card by its interned id (no text hashed).
    pub fn card_named(&self, name: Name) -> Option<CardRef> {
        self.by_name.get(&name).copied()
    }

    /// Looks up a Station card by its id string.
    pub fn card_by_str(&self, id: &str) -> Option<CardRef> {
        self.index.get(id).copied()
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::load::load_dir;
    use std::path::Path;

    /// A reference is two small numbers: every event, deck entry and row slot that holds
    /// one is as small as it can be, and an absent one costs nothing more.
    #[test]
    fn references_are_eight_bytes() {
        use super::{CardRef, DomainRef};
        use std::mem::size_of;
        assert_eq!(size_of::<CardRef>(), 8);
        assert_eq!(size_of::<Option<CardRef>>(), 8);
        assert_eq!(size_of::<DomainRef>(), 8);
        let r = CardRef::new(3, "references-test");
        assert_eq!((r.index, r.id()), (3, "references-test"));
        assert_eq!(r.to_string(), "references-test");
        assert_ne!(r, CardRef::new(3, "references-test-2"));
        assert!(r < CardRef::new(4, "a") && r > CardRef::new(3, "a"));
    }

    /// Card references compare by index and the interned id: the same card
    /// loaded twice (as the desk reloads a set) is still equal, and no two cards are.
    #[test]
    fn ids_are_interned_once_so_references_compare_by_address() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let load = || match load_dir(&dir) {
            Ok((set, _)) => set,
            Err(report) => panic!("the shipped cards do not load: {}", report.summary()),
        };
        let (a, b) = (load(), load());
        assert_eq!(a.cards.len(), b.cards.len());
        for (i, card) in a.cards.iter().enumerate() {
            let (ra, rb) = (a.card_by_str(&card.id.0), b.card_by_str(&card.id.0));
            assert_eq!(ra, rb, "{}", card.id.0);
            let (ra, rb) = (ra.expect("listed"), rb.expect("listed"));
            assert!(
                std::ptr::eq(ra.id(), rb.id()),
                "{} is interned once",
                card.id.0
            );
            assert_eq!(usize::from(ra.index), i);
            if i > 0 {
                let other = a.card_by_str(&a.cards[i - 1].id.0).expect("listed");
                assert_ne!(ra, other);
            }
        }
    }
}
