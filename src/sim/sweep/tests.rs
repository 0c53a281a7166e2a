use super::*;
use crate::core::DiceMode;

fn shipped() -> CardSet {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    crate::cards::load::load_dir(&dir)
        .expect("the shipped set loads")
        .0
}

fn spec(s: &str) -> SweepSpec {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn err(s: &str) -> String {
    let set = shipped();
    match s
        .parse::<SweepSpec>()
        .and_then(|sp| Variants::of(&set, &sp).map(|_| ()))
    {
        Ok(()) => panic!("{s} was taken"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn paths_read_keys_and_entries_counted_from_one() {
    let s = spec("cinder_hound.faces.5.deal=1..4");
    assert_eq!(s.card, "cinder_hound");
    assert_eq!(
        s.path,
        [
            Step::Key("faces".into()),
            Step::Nth(5),
            Step::Key("deal".into())
        ]
    );
    assert_eq!((s.from, s.to), (1, 4));
    assert_eq!(s.target(), "cinder_hound.faces.5.deal");
    assert_eq!(
        spec("guardian.hp = -2..=3").values().collect::<Vec<_>>(),
        [-2, -1, 0, 1, 2, 3]
    );
}

#[test]
fn a_variant_changes_that_number_and_nothing_else() {
    let set = shipped();
    let (v, before) = variant(set.files(), &spec("cinder_hound.faces.5.deal=7..7"), 7).unwrap();
    assert_eq!(before, Some(2));
    let hound = v.card(v.card_by_str("cinder_hound").unwrap());
    assert_eq!(hound.faces[4].deal, 7);
    let mut files = (**set.files()).clone();
    let d = files
        .domains
        .iter()
        .position(|d| d.stations.iter().any(|s| s.id.0 == "cinder_hound"))
        .unwrap();
    let s = files.domains[d]
        .stations
        .iter()
        .position(|s| s.id.0 == "cinder_hound")
        .unwrap();
    files.domains[d].stations[s].faces[4].deal = 7;
    assert_eq!(v.files().hash(), files.hash());
    // A number the card leaves out (the first face deals nothing) is written in.
    let (v, before) = variant(set.files(), &spec("cinder_hound.faces.1.deal=3..3"), 3).unwrap();
    assert_eq!(before, None);
    assert_eq!(
        v.card(v.card_by_str("cinder_hound").unwrap()).faces[0].deal,
        3
    );
    // The Guardian and the traveller are cards too.
    let (v, before) = variant(set.files(), &spec("guardian.hp=9..9"), 9).unwrap();
    assert_eq!((before, v.guardian.hp), (Some(20), 9));
    let (v, _) = variant(set.files(), &spec("traveller.health=12..12"), 12).unwrap();
    assert_eq!(v.traveller.health, 12);
}

#[test]
fn mistakes_are_told_in_a_designers_words() {
    assert_eq!(
        err("cinder_hund.hp=2..6"),
        "no card `cinder_hund` in the set (did you mean `cinder_hound`?)"
    );
    assert_eq!(
        err("cinder_hound.hpp=2..6"),
        "`hpp` is not a field of cinder_hound (did you mean `hp`?)"
    );
    assert_eq!(
        err("cinder_hound.speed=2..6"),
        "`speed` is not a field of cinder_hound (its numbers: `faces.3.deal`, `faces.4.deal`, `faces.5.deal`, `hp`, `on_defeat.1.resolve`)"
    );
    assert_eq!(
        err("cinder_hound.name=2..6"),
        "`name` of cinder_hound is text, not a number (its numbers: `faces.3.deal`, `faces.4.deal`, `faces.5.deal`, `hp`, `on_defeat.1.resolve`)"
    );
    assert!(err("cinder_hound.faces.1.block=0..1").starts_with(
        "`faces.1.block` of cinder_hound takes no number in the card format (its numbers: "
    ));
    assert!(
        err("cinder_hound.faces.2.block=0..1")
            .starts_with("`faces.2.block` of cinder_hound is yes or no, not a number")
    );
    assert_eq!(
        err("cinder_hound.faces.7.deal=1..2"),
        "cinder_hound has 6 entries in `faces`: 7 is not one of them (count from 1)"
    );
    assert_eq!(
        err("cinder_hound.hp=6..2"),
        "`6..2` is not a range of whole numbers: it runs downwards; put the smaller number first (write A..B, e.g. 2..6)"
    );
    assert!(err("cinder_hound.hp=2-6").contains("no `..`"));
    assert!(err("cinder_hound.hp=a..6").contains("`a` is not a whole number"));
    assert!(err("cinder_hound.hp=1..100").contains("at most 41 values"));
    assert!(err("cinder_hound=1..3").contains("is not a sweep"));
    // A value the format refuses: the loader's own words.
    let e = err("cinder_hound.hp=0..2");
    assert!(
        e.starts_with("with cinder_hound.hp = 0 the set does not load: "),
        "{e}"
    );
}

#[test]
fn each_value_plays_the_same_seeds_and_a_tougher_foe_wins_no_more() {
    let set = shipped();
    let progress = Progress::default();
    let sweep = Variants::of(&set, &spec("cinder_hound.hp=3..4")).unwrap();
    assert_eq!(sweep.len(), 2);
    let a = sweep
        .play(300, 5, PolicyKind::Planner, DiceMode::Rolled, 2, &progress)
        .unwrap();
    // The value the card has now is the one a plain batch plays: the same figures.
    let plain = simulate_in(
        &Arc::new(set.clone()),
        300,
        5,
        PolicyKind::Planner,
        DiceMode::Rolled,
        1,
        &progress,
    )
    .unwrap();
    assert_eq!(a.current, Some(3));
    assert_eq!(a.points[0].value, 3);
    assert!(a.points[0].current && !a.points[1].current);
    assert_eq!(a.points[0].wins, plain.wins);
    assert_eq!(
        a.points.iter().map(|p| p.runs).collect::<Vec<_>>(),
        [300, 300]
    );
    // Reproducible whatever the threads.
    let b = sweep
        .play(300, 5, PolicyKind::Planner, DiceMode::Rolled, 1, &progress)
        .unwrap();
    assert_eq!(a, b);
    // The Guardian made much tougher: on the same seeds, no more wins and fewer.
    let g = Variants::of(&set, &spec("guardian.hp=10..40")).unwrap();
    assert_eq!(g.len(), 31);
    let sets: Vec<_> = g
        .sets
        .iter()
        .filter(|(v, _)| [10, 40].contains(v))
        .collect();
    let wins: Vec<u64> = sets
        .iter()
        .map(|(_, s)| {
            simulate_in(
                s,
                400,
                5,
                PolicyKind::Planner,
                DiceMode::Rolled,
                2,
                &progress,
            )
            .unwrap()
            .wins
        })
        .collect();
    assert!(wins[1] < wins[0], "{wins:?}");
}
