//! The shipped card set tells the truth: a player reads a Station card's `text`, the engine
//! runs its effects, faces, test, options, passive, triggers, ability and hit points, so
//! every number those hold must appear in the text, and the words that name what they do
//! (Resolve, Dread, Health, Grace, "once per Domain", each face of a foe, ...) as well.
//!
//! The checks live in `forward::cards::text_check` (the validator warns with them for any
//! card set); here they read the JSON files directly, independently of the loader, so that
//! a number changed in the data without touching the text (or the other way round) is
//! caught.

use forward::cards::text_check::{check_card, check_guardian, has_number, phrase_not_followed_by};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

struct Card {
    domain: String,
    value: Value,
}

fn cards_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")
}

fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every Station card of the set, in map order, and the name of every card id.
fn load() -> (Vec<Card>, HashMap<String, String>) {
    let dir = cards_dir();
    let map = read(&dir.join("map.json"));
    let mut cards = Vec::new();
    let mut names = HashMap::new();
    for d in map["domains"].as_array().expect("domains") {
        let file = read(&dir.join(d["file"].as_str().expect("file")));
        let domain = file["id"].as_str().expect("id").to_string();
        for s in file["stations"].as_array().expect("stations") {
            names.insert(
                s["id"].as_str().expect("id").to_string(),
                s["name"].as_str().expect("name").to_string(),
            );
            cards.push(Card {
                domain: domain.clone(),
                value: s.clone(),
            });
        }
    }
    (cards, names)
}

fn problems_of(cards: &[Card], names: &HashMap<String, String>) -> Vec<String> {
    let mut problems = Vec::new();
    for card in cards {
        let id = card.value["id"].as_str().expect("id");
        for p in check_card(&card.value, names) {
            problems.push(format!("{}/{id}: {}", card.domain, p.message));
        }
    }
    problems
}

#[test]
fn every_station_card_states_what_it_does() {
    let (cards, names) = load();
    assert_eq!(cards.len(), 162, "the shipped set has 162 Station cards");
    let problems = problems_of(&cards, &names);
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Changes one value of one card and expects the checks to notice.
fn caught(id: &str, change: impl Fn(&mut Value)) -> bool {
    let (mut cards, names) = load();
    let card = cards
        .iter_mut()
        .find(|c| c.value["id"] == id)
        .unwrap_or_else(|| panic!("no card {id}"));
    change(&mut card.value);
    !problems_of(&cards, &names).is_empty()
}

#[test]
fn a_changed_number_is_caught() {
    assert!(caught("cinder_hound", |c| c["faces"][4]["deal"] = 3.into()));
    assert!(caught("cinder_hound", |c| c["hp"] = 4.into()));
    assert!(caught("cinder_hound", |c| c["faces"][0]["block"] = true.into()));
    assert!(caught("lanternmaw", |c| c["faces"][4]["empower_face"] =
        "Tail Lash".into()));
    assert!(caught("spiremaze_riddle_stair", |c| c["test"]["target"] = 5.into()));
    assert!(caught("spiremaze_riddle_stair", |c| {
        c["test"]["each_failure"][0]["lose_health"] = 3.into()
    }));
    assert!(caught("salvaged_honey_jar", |c| {
        c["use"]["effects"][0]["heal"] = 5.into()
    }));
    assert!(caught("salvaged_honey_jar", |c| c["use"]["per"] = "domain".into()));
    assert!(caught("frost_lichen_poultice", |c| {
        c["use"]["effects"][0]["heal"]["plus"] = 3.into()
    }));
    assert!(caught("amara_tar_in_the_joints", |c| {
        c["passive"][0]["duel_rolls"] = (-2).into()
    }));
    assert!(caught("termina_warm_oven", |c| {
        c["effects"] = serde_json::json!([{ "resolve": 1 }])
    }));
    assert!(caught("gaol_cell_of_cold", |c| {
        c["options"][1]["effects"][0]["lose_health"] = 3.into()
    }));
    assert!(caught("the_sage", |c| c["passive"][0]["def"] = 2.into()));
    assert!(caught("hooded_lantern", |c| c["use"]["per"] = "run".into()));
    assert!(caught("termina_orchard_stumps", |c| {
        c["effects"][0]["resolve"] = 2.into()
    }));
    assert!(caught("mirror_knight", |c| {
        c["toll"][1]["guide_chooses"][0]["effects"][0]["lose_health"] = 4.into()
    }));
    assert!(caught("gaol_lamp_passes", |c| {
        c["effects"][0]["if"]["when"]["resolve_at_least"] = 2.into()
    }));
    assert!(caught("nightsea_remembered_song", |c| {
        c["effects"][1] = serde_json::json!({ "heal": 5 })
    }));
}

/// The path of the `guide_chooses` options inside a card, for the cases below.
fn guide_options<'a>(c: &'a mut Value, path: &[&str]) -> &'a mut Value {
    let mut v = c;
    for step in path {
        v = match step.parse::<usize>() {
            Ok(i) => &mut v[i],
            Err(_) => &mut v[*step],
        };
    }
    &mut v["guide_chooses"]
}

#[test]
fn a_changed_guide_choice_or_loss_is_caught() {
    let voice = ["options", "1", "effects", "0"];
    let corridor = ["test", "failure", "0"];
    let knife = ["options", "1", "effects", "0"];
    let sun = ["triggers", "0", "effects", "0"];
    let trail = ["effects", "0"];
    let reflection = ["on_defeat", "0"];
    let flagstones = ["test", "failure", "0"];
    // A number inside an option.
    assert!(caught("spiremaze_voice_on_every_stair", |c| {
        guide_options(c, &voice)[1]["effects"][0]["lose_health"] = 4.into()
    }));
    assert!(caught("drowned_reflection", |c| {
        guide_options(c, &reflection)[1]["effects"][0]["heal"] = 5.into()
    }));
    assert!(caught("wastes_sleepless_sun", |c| {
        guide_options(c, &sun)[1]["effects"][1]["peek"] = 3.into()
    }));
    // The text says "lose 2 Health" for the other option, and "3 passes" says 3: only the
    // labels tell.
    assert!(caught("darkwood_looping_trail", |c| {
        guide_options(c, &trail)[0]["effects"][0]["lose_health"] = 2.into()
    }));
    assert!(caught("gaol_glass_ice_corridor", |c| {
        guide_options(c, &corridor)[2]["effects"][0]["max_health"] = (-3).into()
    }));
    // The kind of card lost.
    assert!(caught("amara_friend_with_the_knife", |c| {
        guide_options(c, &knife)[0]["effects"][0]["lose"] = "any".into()
    }));
    assert!(caught("shrine_sinking_flagstones", |c| {
        guide_options(c, &flagstones)[1]["effects"][0]["lose"] = "equipment".into()
    }));
    // An option more or fewer than the text lists.
    assert!(caught("gaol_glass_ice_corridor", |c| {
        guide_options(c, &corridor).as_array_mut().unwrap().pop();
    }));
    assert!(caught("mirror_knight", |c| {
        let extra = serde_json::json!({ "label": "He lets you pass", "effects": [] });
        c["toll"][1]["guide_chooses"]
            .as_array_mut()
            .unwrap()
            .push(extra);
    }));
    // An effect where the Guide chose, without the Guide's choice.
    assert!(caught("drowned_reflection", |c| {
        c["on_defeat"] = serde_json::json!([{ "resolve": 1 }, { "heal": 3 }])
    }));
    // A loss the text does not mention at all.
    assert!(caught("darkwood_looping_trail", |c| {
        guide_options(c, &trail)[0]["effects"] = serde_json::json!([{ "lose": "item" }])
    }));
    // A label that no longer states its own number.
    assert!(caught("spiremaze_voice_on_every_stair", |c| {
        guide_options(c, &voice)[0]["label"] = "It names the doubt you carry".into()
    }));
}

#[test]
fn whole_numbers_are_matched_whole() {
    assert!(has_number("lose 12 Health", 12));
    assert!(!has_number("lose 12 Health", 1));
    assert!(has_number("-1 to your rolls", -1));
    assert!(has_number("Test 4+ with", 4));
}

#[test]
fn a_kind_of_card_is_matched_with_what_follows_it() {
    let items = ["one of your items"];
    assert!(phrase_not_followed_by(
        "Lose one of your items.",
        &items,
        " or equipment"
    ));
    assert!(!phrase_not_followed_by(
        "Lose one of your items or equipment.",
        &items,
        " or equipment"
    ));
    assert!(phrase_not_followed_by(
        "Lose one of your items or equipment, then lose one of your items.",
        &items,
        " or equipment"
    ));
}

/// The checks of one hand-written card: the messages, empty when its text tells the truth.
fn messages(card: Value) -> Vec<String> {
    let names = HashMap::from([("needle".to_string(), "Reliquary Needle".to_string())]);
    check_card(&card, &names)
        .into_iter()
        .map(|p| p.message)
        .collect()
}

#[test]
fn the_card_format_pieces_are_checked_against_the_text() {
    use serde_json::json;
    let buckler = |text: &str| {
        json!({"id": "buckler", "name": "Buckler", "type": "item", "text": text,
               "use": {"duel_only": true, "uses": 2, "effects": [{"shield": 1}]}})
    };
    let good = "Item. Duel only: block the foe's blow for 1 exchange. 2 uses.";
    assert_eq!(messages(buckler(good)), Vec::<String>::new());
    let no_uses = messages(buckler(
        "Item. Duel only: block the foe's blow for 1 exchange.",
    ));
    assert!(
        no_uses.iter().any(|m| m.contains("use uses")),
        "{no_uses:?}"
    );
    let no_block = messages(buckler("Item. Duel only: parry for 1 exchange. 2 uses."));
    assert!(
        no_block.iter().any(|m| m.contains("shield")),
        "{no_block:?}"
    );
    // A named Snare caught, and the end of a run: said, or warned about.
    let trap = |text: &str| {
        json!({"id": "trap", "name": "Trap", "type": "caesura", "text": text,
               "effects": [{"catch": "needle"}, {"end_run": "Caught for good."}]})
    };
    assert_eq!(
        messages(trap(
            "Caesura. The Reliquary Needle catches you, and the run ends."
        )),
        Vec::<String>::new()
    );
    let silent = messages(trap("Caesura. Something glints."));
    assert!(
        silent.iter().any(|m| m.contains("Reliquary Needle")),
        "{silent:?}"
    );
    assert!(silent.iter().any(|m| m.contains("end_run")), "{silent:?}");
    assert!(
        !silent.iter().any(|m| m.contains("is not checked")),
        "{silent:?}"
    );
}

#[test]
fn the_guardians_faces_and_seals_are_checked_too() {
    let (_, names) = load();
    let guardian = read(&cards_dir().join("guardian.json"));
    let found = |g: &Value| -> Vec<String> {
        check_guardian(g, &names)
            .into_iter()
            .map(|p| p.message)
            .collect()
    };
    assert_eq!(found(&guardian), Vec::<String>::new());
    // A face whose text says it deals 3 and whose data no longer does.
    let mut g = guardian.clone();
    let talons = g["faces"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|f| f["deal"] == 3)
        .unwrap();
    talons.as_object_mut().unwrap().remove("deal");
    assert!(!found(&g).is_empty(), "a face without its damage is caught");
    let mut g = guardian.clone();
    g["hp"] = 21.into();
    assert!(!found(&g).is_empty(), "the HP is caught");
    // A seal whose condition names a card its text does not.
    let fields = |g: &Value| -> Vec<String> {
        check_guardian(g, &names)
            .into_iter()
            .map(|p| p.field)
            .collect()
    };
    assert_eq!(
        fields(&g),
        vec!["text".to_string()],
        "the HP is the card's text"
    );
    let mut g = guardian;
    g["seals"][0]["broken_by"] = serde_json::json!({"holds": "ancient_sword"});
    assert!(!found(&g).is_empty(), "a seal's card is caught");
    // Filed under the seal's own text, where the desk shows it.
    assert_eq!(fields(&g), vec!["seals[0].text".to_string()]);
}

#[test]
fn every_condition_written_by_the_writer_passes_the_check() {
    use forward::cards::spec::CONDITION_SPECS;
    use forward::cards::text_write::write_text;
    use serde_json::json;
    let names = HashMap::from([
        ("needle".to_string(), "Reliquary Needle".to_string()),
        ("wren".to_string(), "Wren".to_string()),
    ]);
    let value = |key: &str| match key {
        "holds" | "follows" | "cleared" => json!("needle"),
        "carries" => json!({"companion": "wren", "card": "needle"}),
        "foe_tag" => json!("beast"),
        "not" => json!({"holds": "needle"}),
        "all" | "any" => json!([{"resolve_at_least": 2}, {"follows": "wren"}]),
        _ => json!(3),
    };
    for spec in &CONDITION_SPECS {
        let when = json!({ spec.key: value(spec.key) });
        let mut card = json!({"id": "c", "name": "C", "type": "caesura",
            "effects": [{"if": {"when": when, "then": [{"heal": 2}]}}]});
        card["text"] = write_text(&card, &names).into();
        let found: Vec<String> = check_card(&card, &names)
            .into_iter()
            .map(|p| p.message)
            .collect();
        assert_eq!(
            found,
            Vec::<String>::new(),
            "{}: {}",
            spec.key,
            card["text"]
        );
        if spec.range.is_some() {
            // The text of 3 no longer says the card's number once it is 4.
            card["effects"][0]["if"]["when"][spec.key] = json!(4);
            assert!(!check_card(&card, &names).is_empty(), "{}", spec.key);
        }
    }
}
