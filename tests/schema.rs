//! `cards/schema.json` is generated from the card model and must stay in step with it.

use std::path::Path;

#[test]
fn committed_schema_matches_the_model() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/schema.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let current = format!("{}\n", forward::cards::schema::schema_json());
    assert!(
        committed == current,
        "cards/schema.json is out of date with the card model: run `cargo run -- schema > cards/schema.json`"
    );
}

#[test]
fn schema_accepts_each_kind_of_card_file() {
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
