//! `cards/schema.json` is generated from the card model and must stay in step with it;
//! a JSON Schema validator accepts every shipped card file with it, and rejects a file of
//! each kind of mistake the schema is there to catch.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The shipped cards' folder.
fn cards_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")
}

/// A validator for the committed `cards/schema.json` (the file an editor uses).
fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(cards_dir().join("schema.json")).expect("schema.json");
    let schema: Value = serde_json::from_str(&text).expect("schema.json is JSON");
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("the schema compiles: {e}"))
}

/// Every card file under `dir` (recursively), the schema itself left out.
fn card_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("read the cards folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            out.extend(card_files(&path));
        } else if path.extension().is_some_and(|e| e == "json")
            && path.file_name().is_some_and(|n| n != "schema.json")
        {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("read a card file");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The schema's complaints about `file`, one line each.
fn errors(validator: &jsonschema::Validator, file: &Value) -> Vec<String> {
    // A mismatch under `anyOf` quotes the whole file: the start of it is enough.
    validator
        .iter_errors(file)
        .map(|e| {
            let text = e.to_string();
            let short: String = text.chars().take(160).collect();
            let cut = if short.len() < text.len() { "..." } else { "" };
            format!("at {:?}: {short}{cut}", e.instance_path().to_string())
        })
        .collect()
}

#[test]
fn every_shipped_card_file_passes_the_schema() {
    let validator = validator();
    let files = card_files(&cards_dir());
    // The main set (map, traveller, Guardian, nine Domains) and the lesson's set.
    assert!(files.len() >= 16, "{files:?}");
    for kind in [
        "map.json",
        "traveller.json",
        "guardian.json",
        "termina.json",
    ] {
        assert!(files.iter().any(|f| f.ends_with(kind)), "no {kind}");
    }
    let mut bad = Vec::new();
    for file in &files {
        for e in errors(&validator, &read(file)) {
            bad.push(format!("{}: {e}", file.display()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The Station card `id` of a Domain file.
fn station<'a>(domain: &'a mut Value, id: &str) -> &'a mut Value {
    domain["stations"]
        .as_array_mut()
        .expect("stations")
        .iter_mut()
        .find(|s| s["id"] == id)
        .unwrap_or_else(|| panic!("no Station card {id}"))
}

#[test]
fn the_schema_rejects_a_file_of_each_kind_of_mistake() {
    let validator = validator();
    let dir = cards_dir();
    let domain = read(&dir.join("domains/termina.json"));
    let guardian = read(&dir.join("guardian.json"));
    let traveller = read(&dir.join("traveller.json"));
    let map = read(&dir.join("map.json"));
    // Each a shipped file with one thing wrong.
    type Mistake = (&'static str, Value, fn(&mut Value));
    let mistakes: [Mistake; 10] = [
        ("an unknown field on a card", domain.clone(), |d| {
            station(d, "termina_warm_oven")["colour"] = json!("red");
        }),
        ("a card without its id", domain.clone(), |d| {
            let card = station(d, "termina_warm_oven");
            card.as_object_mut().expect("a card").remove("id");
        }),
        ("an unknown Station type", domain.clone(), |d| {
            station(d, "termina_warm_oven")["type"] = json!("dragon");
        }),
        ("a foe with 100 HP", domain.clone(), |d| {
            station(d, "cinder_hound")["hp"] = json!(100);
        }),
        ("a foe with five faces", domain.clone(), |d| {
            let faces = station(d, "cinder_hound")["faces"]
                .as_array_mut()
                .expect("faces");
            faces.pop();
        }),
        ("a test target of 13", domain.clone(), |d| {
            station(d, "termina_cellar_stair")["test"]["target"] = json!(13);
        }),
        ("a number given as text", domain.clone(), |d| {
            station(d, "cinder_hound")["hp"] = json!("4");
        }),
        ("a Guardian with five faces", guardian.clone(), |g| {
            g["faces"].as_array_mut().expect("faces").pop();
        }),
        ("a combat table of five results", traveller.clone(), |t| {
            t["table"].as_array_mut().expect("table").pop();
        }),
        ("a map without its start", map.clone(), |m| {
            m.as_object_mut().expect("the map").remove("start");
        }),
    ];
    for (what, mut file, break_it) in mistakes {
        assert!(
            errors(&validator, &file).is_empty(),
            "{what}: the shipped file already fails"
        );
        break_it(&mut file);
        assert!(
            !errors(&validator, &file).is_empty(),
            "the schema accepts {what}"
        );
    }
}

#[test]
fn committed_schema_matches_the_model() {
    let path = cards_dir().join("schema.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let current = format!("{}\n", forward::cards::schema::schema_json());
    assert!(
        committed == current,
        "cards/schema.json is out of date with the card model: run `cargo run -- schema > cards/schema.json`"
    );
}

#[test]
fn schema_offers_each_kind_of_card_file() {
    let schema: serde_json::Value =
        serde_json::from_str(&forward::cards::schema::schema_json()).expect("schema is JSON");
    assert_eq!(schema["title"], "Forward card file");
    let any_of = schema["anyOf"].as_array().expect("anyOf");
    let refs: Vec<&str> = any_of.iter().filter_map(|s| s["$ref"].as_str()).collect();
    assert_eq!(
        refs,
        [
            "#/$defs/MapFile",
            "#/$defs/TravellerFile",
            "#/$defs/GuardianFile",
            "#/$defs/DomainFile"
        ]
    );
    // Unknown fields are rejected, as by the loader, and `$schema` is allowed.
    let station = &schema["$defs"]["StationCard"];
    assert_eq!(station["additionalProperties"], false);
    assert!(schema["$defs"]["DomainFile"]["properties"]["$schema"].is_object());
}

#[test]
fn schema_carries_the_validators_ranges_and_counts() {
    let schema: serde_json::Value =
        serde_json::from_str(&forward::cards::schema::schema_json()).expect("schema is JSON");
    let defs = &schema["$defs"];
    let station = &defs["StationCard"]["properties"];
    // HP 1 to 99, never null, or the word "health".
    assert_eq!(station["hp"]["$ref"], "#/$defs/FoeHp");
    let hp = &defs["FoeHp"]["anyOf"];
    assert_eq!(hp[0]["type"], "integer");
    assert_eq!(
        (hp[0]["minimum"].as_i64(), hp[0]["maximum"].as_i64()),
        (Some(1), Some(99))
    );
    assert_eq!(hp[1]["$ref"], "#/$defs/HealthWord");
    assert_eq!(defs["HealthWord"]["enum"], serde_json::json!(["health"]));
    // Six faces (or none, for an unbeatable foe); the Guardian always six.
    assert_eq!(station["faces"]["maxItems"], 6);
    assert_eq!(station["faces"]["not"]["maxItems"], 5);
    let guardian = &defs["GuardianFile"]["properties"];
    assert_eq!(
        (
            guardian["faces"]["minItems"].as_i64(),
            guardian["faces"]["maxItems"].as_i64()
        ),
        (Some(6), Some(6))
    );
    // Test targets 2 to 12 on 1 or 2 dice.
    let test = &defs["Test"]["properties"];
    assert_eq!(
        (
            test["target"]["minimum"].as_i64(),
            test["target"]["maximum"].as_i64()
        ),
        (Some(2), Some(12))
    );
    assert_eq!(test["dice"]["maximum"], 2);
    // A face deals 0 to 20.
    assert_eq!(defs["Face"]["properties"]["deal"]["maximum"], 20);
    // A Guide's choice has 2 to 6 options.
    let choose = defs["Effect"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["required"][0] == "guide_chooses")
        .expect("guide_chooses");
    let options = &choose["properties"]["guide_chooses"];
    assert_eq!(
        (options["minItems"].as_i64(), options["maxItems"].as_i64()),
        (Some(2), Some(6))
    );
}

#[test]
fn schema_carries_the_newer_format_pieces() {
    let schema: serde_json::Value =
        serde_json::from_str(&forward::cards::schema::schema_json()).expect("schema is JSON");
    let defs = &schema["$defs"];
    // The combat table: six results from a closed list.
    let table = &defs["TravellerFile"]["properties"]["table"];
    assert_eq!(
        (table["minItems"].as_i64(), table["maxItems"].as_i64()),
        (Some(6), Some(6))
    );
    let results: Vec<&str> = defs["TableResult"]["oneOf"]
        .as_array()
        .expect("oneOf")
        .iter()
        .filter_map(|r| r["const"].as_str())
        .collect();
    assert_eq!(results, ["miss", "parry", "hit", "critical", "counter"]);
    let face = &defs["TableFace"]["properties"];
    assert_eq!(
        (
            face["roll"]["minimum"].as_i64(),
            face["roll"]["maximum"].as_i64()
        ),
        (Some(1), Some(6))
    );
    let modifiers = serde_json::to_string(&defs["Modifier"]).expect("json");
    assert!(modifiers.contains("\"table_face\""));
    // Faces carry effects; foes can be invulnerable.
    assert_eq!(
        defs["Face"]["properties"]["effects"]["items"]["$ref"],
        "#/$defs/Effect"
    );
    assert_eq!(
        defs["StationCard"]["properties"]["invulnerable"]["type"],
        "boolean"
    );
    // The Guardian's set-up; the Snare, gate and shield effects; an ability's uses.
    assert_eq!(
        defs["GuardianFile"]["properties"]["setup"]["items"]["$ref"],
        "#/$defs/Effect"
    );
    let uses = &defs["Ability"]["properties"]["uses"];
    assert_eq!(
        (uses["minimum"].as_i64(), uses["maximum"].as_i64()),
        (Some(2), Some(9))
    );
    let effects = serde_json::to_string(&defs["Effect"]).expect("json");
    for name in ["\"catch\"", "\"release\"", "\"end_run\"", "\"shield\""] {
        assert!(effects.contains(name), "{name} in Effect");
    }
    // A display label apart from the structural type.
    assert_eq!(
        defs["StationCard"]["properties"]["label"]["type"],
        serde_json::json!(["string", "null"])
    );
}
