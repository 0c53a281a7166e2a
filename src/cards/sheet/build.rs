//! The designer's sheet made into card files: the diamond map, the Domain files, the
//! traveller and the Guardian with the prototype's puzzle wired to the pieces the sheet holds.

use super::designer::{DEFAULT_HEALTH, DIAMOND, DomainCards, put};
use super::{Attention, Files};
use serde_json::{Map, Value, json};

/// A title card for a Domain the sheet has Station rows for but no Location row.
pub(super) fn untitled(d: usize) -> Map<String, Value> {
    let (id, name, ..) = DIAMOND[d];
    let mut c = Map::new();
    c.insert("$schema".into(), json!("../schema.json"));
    c.insert("id".into(), json!(id));
    c.insert("name".into(), json!(name));
    c.insert("type".into(), json!("domain"));
    c.insert("text".into(), json!(format!("{name}.")));
    c.insert("theme".into(), json!(""));
    c
}

/// The prototype's Guardian puzzle, as far as the sheet holds its pieces: (requirement
/// or seal, id, name, condition, penalty).
fn puzzle(has: &dyn Fn(&str) -> bool) -> (Vec<Value>, Vec<Value>) {
    let mut req = Vec::new();
    let mut seals = Vec::new();
    if has("ancient_sword") {
        req.push(
            json!({"id": "ancient_sword_requirement", "name": "The Ancient Sword",
            "text": "Unless you hold the Ancient Sword, nothing you do harms the Guardian.",
            "broken_by": {"holds": "ancient_sword"}, "penalty": "invulnerable"}),
        );
    }
    if has("sage") && has("ferrymans_bell") {
        seals.push(json!({"id": "seal_of_aporia", "name": "Seal of Aporia",
            "text": "You cannot cross to the Guardian unless the Sage carries the Ferryman's Bell.",
            "broken_by": {"carries": {"companion": "sage", "card": "ferrymans_bell"}}, "penalty": "barred"}));
    }
    if has("mirror_knight") {
        seals.push(json!({"id": "seal_of_acedia", "name": "Seal of Acedia",
            "text": "The Guardian heals fully after every exchange unless the Mirror Knight follows you.",
            "broken_by": {"follows": "mirror_knight"}, "penalty": "full_heal"}));
    }
    if has("ghostly_princess") {
        seals.push(json!({"id": "seal_of_agnosia", "name": "Seal of Agnosia",
            "text": "Damage you deal strikes you instead unless the Ghostly Princess follows you.",
            "broken_by": {"follows": "ghostly_princess"}, "penalty": "reflect"}));
    }
    (req, seals)
}

/// The card files: map, traveller, Guardian and Domain files, with the puzzle's links.
pub(super) fn assemble(
    mut domains: Vec<Option<DomainCards>>,
    traveller: Option<Map<String, Value>>,
    guardian: Option<Map<String, Value>>,
    attention: &mut Vec<Attention>,
) -> Files {
    let mut files = Files::new();
    let ids: Vec<String> = domains
        .iter()
        .flatten()
        .flat_map(|d| {
            d.1.iter()
                .filter_map(|s| s["id"].as_str().map(str::to_string))
        })
        .collect();
    let has = |id: &str| ids.iter().any(|x| x == id);
    // The pieces' own links: the Sage carries the Bell, the Knight joins on seeing the
    // Shard. (The Princess's gift is in her own row's CHOOSE.)
    for (card, _) in domains
        .iter_mut()
        .flatten()
        .flat_map(|d| d.1.iter_mut().map(|c| (c, ())))
    {
        let Some(c) = card.as_object_mut() else {
            continue;
        };
        match c["id"].as_str() {
            Some("sage") if has("ferrymans_bell") && !c.contains_key("carries") => {
                c.insert("carries".into(), json!(["ferrymans_bell"]));
            }
            Some("mirror_knight")
                if has("mirror_shard")
                    && c.contains_key("invulnerable")
                    && !c.contains_key("passage") =>
            {
                c.insert("passage".into(), json!([{"label": "Show the Mirror Shard", "show": "mirror_shard", "joins": true}]));
            }
            _ => {}
        }
    }
    let mut entries = Vec::new();
    let present: Vec<bool> = domains.iter().map(Option::is_some).collect();
    for (i, d) in domains.into_iter().enumerate() {
        let Some((mut c, stations)) = d else { continue };
        let (id, _, row, column, links) = DIAMOND[i];
        c.insert("stations".into(), Value::Array(stations));
        files.insert(format!("domains/{id}.json"), Value::Object(c));
        let links: Vec<&str> = links
            .iter()
            .copied()
            .filter(|l| {
                DIAMOND
                    .iter()
                    .position(|d| d.0 == *l)
                    .is_some_and(|p| present[p])
            })
            .collect();
        let mut e =
            json!({"id": id, "file": format!("domains/{id}.json"), "row": row, "column": column});
        if !links.is_empty() {
            e["links"] = json!(links);
        }
        entries.push(e);
    }
    let first = entries
        .first()
        .and_then(|e| e["id"].as_str())
        .unwrap_or("termina")
        .to_string();
    let last = entries
        .last()
        .and_then(|e| e["id"].as_str())
        .unwrap_or("nightsea_expanse")
        .to_string();
    files.insert(
        "map.json".into(),
        json!({"$schema": "schema.json", "start": first, "final": last, "domains": entries}),
    );
    let mut missing = |what: &str| {
        attention.push(Attention {
            line: 0,
            card_number: String::new(),
            title: what.into(),
            unread: String::new(),
            reason: format!("the sheet has no {what} row; a plain one was made"),
        })
    };
    let traveller = traveller.unwrap_or_else(|| {
        missing("player card");
        json!({"$schema": "schema.json", "id": "traveller", "name": "The Traveller", "type": "traveller",
            "text": "Health 20.", "health": DEFAULT_HEALTH})
        .as_object()
        .cloned()
        .unwrap_or_default()
    });
    files.insert("traveller.json".into(), Value::Object(traveller));
    let mut guardian = guardian.unwrap_or_else(|| {
        missing("Guardian");
        json!({"$schema": "schema.json", "id": "guardian", "name": "The Guardian", "type": "guardian",
            "text": "HP 20.", "hp": DEFAULT_HEALTH,
            "faces": (1..=6).map(|i| json!({"name": format!("Face {i}")})).collect::<Vec<_>>()})
        .as_object()
        .cloned()
        .unwrap_or_default()
    });
    // The prototype's puzzle only when the Guardian's own cell names no seal.
    if !guardian.contains_key("seals") && !guardian.contains_key("requirements") {
        let (req, seals) = puzzle(&has);
        put(&mut guardian, "requirements", req);
        put(&mut guardian, "seals", seals);
    }
    files.insert("guardian.json".into(), Value::Object(guardian));
    files
}
