use super::*;

#[test]
fn every_pattern_of_the_notation_compiles() {
    assert_eq!(broken_patterns(), Vec::<String>::new());
}

#[test]
fn effect_lines_tolerate_case_spacing_and_units() {
    assert_eq!(
        effect_line("Heal 4HP "),
        Ok(Line::Effect(json!({"heal": 4})))
    );
    assert_eq!(
        effect_line("heal 1d6+2"),
        Ok(Line::Effect(json!({"heal": {"d6": 1, "plus": 2}})))
    );
    assert_eq!(
        effect_line("Lose 7hp."),
        Ok(Line::Effect(json!({"lose_health": 7})))
    );
    assert_eq!(
        effect_line("Move the Resolve/Dread marker down 1"),
        Ok(Line::Effect(json!({"dread": 1})))
    );
    assert_eq!(
        effect_line("-1 to all rolls"),
        Ok(Line::Modifier(json!({"all_rolls": -1})))
    );
    assert_eq!(
        effect_line("Lose 2 HP each time a card is flipped"),
        Ok(Line::Trigger(
            json!({"on": "flip", "effects": [{"lose_health": 2}]})
        ))
    );
    assert!(effect_line("Sing a song of the sea").is_err());
    assert_eq!(
        effect_line("lose 1d6 HP"),
        Ok(Line::Effect(json!({"lose_health": {"d6": 1, "plus": 0}})))
    );
}

#[test]
fn every_time_is_each_time_and_a_card_turned_face_up_is_flipped() {
    assert_eq!(
        effect_line("Lose 2 HP every time a card is turned face up"),
        Ok(Line::Trigger(
            json!({"on": "flip", "effects": [{"lose_health": 2}]})
        ))
    );
}

#[test]
fn the_short_wordings_read() {
    let e = |l: &str| effect_line(l);
    assert_eq!(e("-1 HP"), Ok(Line::Effect(json!({"lose_health": 1}))));
    assert_eq!(e("+2 HP"), Ok(Line::Effect(json!({"heal": 2}))));
    assert_eq!(
        e("2 DMG to Human"),
        Ok(Line::Thrown(
            json!({"if": {"when": {"foe_tag": "human"}, "then": [{"hit_foe": 2}]}})
        ))
    );
    assert_eq!(
        e("6 COUNTER → BLOCK + DEAL 1 DMG."),
        Ok(Line::Modifier(
            json!({"table_face": {"roll": 6, "result": "counter"}})
        ))
    );
    assert_eq!(
        e("6 → Counter"),
        Ok(Line::Modifier(
            json!({"table_face": {"roll": 6, "result": "counter"}})
        ))
    );
    assert_eq!(
        face_line("2 Gust (Block & 1 DMG; you skip your next roll)"),
        Ok(json!({"name": "Gust", "block": true, "deal": 1, "skip_roll": true}))
    );
    assert_eq!(
        face_line("3 Wave (2 DMG; no rerolls next round)"),
        Ok(json!({"name": "Wave", "deal": 2, "no_rerolls": true}))
    );
    assert_eq!(
        face_line("5 Rend (3 DMG, ignore Block)"),
        Ok(json!({"name": "Rend", "deal": 3, "ignore_block": true}))
    );
}

#[test]
fn a_line_reads_clause_by_clause_and_hands_back_what_it_cannot() {
    let r = Reader::default();
    let read = r.line("Once per location, peek at 2", Ctx::default());
    assert_eq!(
        read.lines,
        [Line::Per("domain"), Line::Effect(json!({"peek": 2}))]
    );
    let read = r.line("1 Block (Evade)", Ctx::default());
    assert_eq!(read.lines, [Line::Modifier(json!({"def": 1}))]);
    assert_eq!(read.glosses, ["Evade"]);
    assert!(read.left.is_empty());
    // A clause no rule knows, at the end of a line and in its middle: left over, and the
    // rest of the line still read.
    let read = r.line(
        "6 COUNTER → BLOCK + DEAL 1 DMG, and 3 lanterns hum softly.",
        Ctx::default(),
    );
    assert_eq!(
        read.lines,
        [Line::Modifier(
            json!({"table_face": {"roll": 6, "result": "counter"}})
        )]
    );
    assert_eq!(read.left, ["3 lanterns hum softly"]);
    let read = r.line(
        "Heal 7 HP, the lanterns hum softly, then lose 1d6 HP",
        Ctx::default(),
    );
    assert_eq!(read.lines.len(), 2, "{read:?}");
    assert_eq!(read.left, ["the lanterns hum softly"]);
    // A prefix that reads is not enough: the whole clause must.
    let read = r.line("Heal 4 HP plus 2 more", Ctx::default());
    assert!(read.lines.is_empty(), "{read:?}");
    assert_eq!(read.left, ["Heal 4 HP plus 2 more"]);
}

#[test]
fn a_pits_test_on_one_line_reads_whole() {
    let r = Reader::default();
    let mut t = TestRead::default();
    r.challenge_line(
        "Roll 1d6, Target: 3+, need 3 successes before 3 failures.",
        &mut t,
    );
    assert_eq!((t.dice, t.target, t.extended), (Some(1), Some(3), true));
    assert!(t.read.left.is_empty(), "{t:?}");
    let mut t = TestRead::default();
    r.challenge_line(
        "Each failure: Lose 2 HP. On 3 failures: Move the Resolve/Dread marker down 1",
        &mut t,
    );
    assert_eq!(
        t.effects,
        [
            (Bucket::EachFailure, Line::Effect(json!({"lose_health": 2}))),
            (Bucket::Failure, Line::Effect(json!({"dread": 1}))),
        ]
    );
    let mut t = TestRead::default();
    r.challenge_line("Roll 1d6, Target: 4+, and 3 lanterns hum softly", &mut t);
    assert_eq!(t.target, Some(4));
    assert_eq!(t.read.left, ["3 lanterns hum softly"]);
}

#[test]
fn face_lines_read_every_result() {
    assert_eq!(
        face_line("6 Snarl (Block & 1 DMG)"),
        Ok(json!({"name": "Snarl", "block": true, "deal": 1}))
    );
    assert_eq!(
        face_line("2 Frost Grip (1 DMG & Player skips next roll)"),
        Ok(json!({"name": "Frost Grip", "deal": 1, "skip_roll": true}))
    );
    assert_eq!(
        face_line("1 Howl (-1 to Player's next roll)"),
        Ok(json!({"name": "Howl", "roll_penalty": 1}))
    );
    assert_eq!(face_line("4 Flourish"), Ok(json!({"name": "Flourish"})));
    assert_eq!(
        face_line("1 Glare (-2 to next Player roll)"),
        Ok(json!({"name": "Glare", "roll_penalty": 2}))
    );
    assert_eq!(
        face_line("2 Feint (Miss; next hit +1 DMG)"),
        Ok(json!({"name": "Feint", "empower": 1}))
    );
    assert_eq!(
        face_line("3 Coil (1 DMG & +1 DMG next Great Coil)"),
        Ok(json!({"name": "Coil", "deal": 1, "empower": 1, "empower_face": "Great Coil"}))
    );
    assert_eq!(
        face_line("3 Nip (Block + 1 DMG)"),
        Ok(json!({"name": "Nip", "block": true, "deal": 1}))
    );
    assert_eq!(
        effect_line("Rest: Heal 2 additional HP"),
        Ok(Line::Modifier(json!({"rest_heal": 2})))
    );
    assert!(face_line("7 Bite (1 DMG)").is_err());
    assert!(face_line("3 Bite (sings)").is_err());
    // Words after the brackets, or a number in the name: left over, never a longer name.
    assert!(face_line("3 Bite (2 DMG), and 3 lanterns hum softly").is_err());
    assert!(face_line("3 Bite and 3 lanterns hum softly (2 DMG)").is_err());
    assert!(face_line("3 Bite (2 DMG and 3 lanterns hum softly)").is_err());
}

#[test]
fn a_thrown_thing_is_read_with_how_often() {
    let r = Reader::default();
    let read = r.line("Throw for 3 DMG (one-time use)", Ctx::default());
    assert_eq!(
        read.lines,
        [Line::Thrown(json!({"hit_foe": 3})), Line::Per("once")]
    );
    assert!(read.left.is_empty() && read.glosses.is_empty(), "{read:?}");
}

#[test]
fn the_combat_reference_reads_block_as_parry() {
    let (faces, read) = table_line("2 Block (Block all incoming)", None);
    assert_eq!(faces, [(2, 2, "parry")]);
    assert!(read.left.is_empty(), "{read:?}");
    let (faces, _) = table_line("1 Miss, 3-4 Hit, 5 Critical (2 + ATK)", None);
    assert_eq!(faces, [(1, 1, "miss"), (3, 4, "hit"), (5, 5, "critical")]);
    let (_, read) = table_line("6 Hit, and 3 lanterns hum softly", None);
    assert_eq!(read.left, ["3 lanterns hum softly"]);
}

#[test]
fn the_phrasebook_adds_the_designers_words() {
    let book = Phrasebook::parse(
        r#"{"synonyms": {"Mend": "Heal", "every single time": "each time"},
            "phrases": {"lose_health": ["The crows take {n}"]}}"#,
    )
    .unwrap();
    let r = Reader::new(Some(&book));
    let read = r.line("Mend 3 HP, the crows take 2", Ctx::default());
    assert_eq!(
        read.lines,
        [
            Line::Effect(json!({"heal": 3})),
            Line::Effect(json!({"lose_health": 2}))
        ]
    );
    let read = r.line(
        "Lose 1 HP every single time a card is flipped",
        Ctx::default(),
    );
    assert_eq!(read.lines.len(), 1, "{read:?}");
    assert!(
        Reader::default()
            .line("Mend 3 HP", Ctx::default())
            .lines
            .is_empty()
    );
}
