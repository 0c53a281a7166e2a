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
