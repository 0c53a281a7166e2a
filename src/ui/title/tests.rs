use super::*;
use crate::ui::input::Press;

fn screen() -> TitleScreen {
    TitleScreen {
        map: MapModel {
            tiles: vec![],
            links: vec![],
            guardian: String::new(),
        },
        summary: String::new(),
        subtitle: subtitle(9),
        warnings: vec![],
        selected: Item::NewRun.index(),
        hovered_tile: None,
        frame: TitleFrame::default(),
        pointer_live: false,
        refused: 0,
        seed: String::new(),
        dice_deck: false,
        guide_screen: false,
        resume: None,
        calm_until: None,
        source: String::new(),
        confirm_quit: false,
        offer: false,
        journey: Journey::default(),
        fingerprint: FINGERPRINT.into(),
        refusal: None,
        from_code: false,
        rules: crate::core::HouseRules::OFF,
        options: None,
    }
}

/// The card set the test screen plays (a run code names its first 8 hex digits).
const FINGERPRINT: &str = "fnv1a64:36d8b5d0b1ad47a4";

fn input() -> Input {
    Input {
        size: vec2(1280.0, 800.0),
        mouse: vec2(-100.0, -100.0),
        ..Default::default()
    }
}

#[test]
fn new_run_and_quit_are_available() {
    let s = screen();
    let available: Vec<_> = Item::ALL.iter().filter(|i| s.enabled(**i)).collect();
    // Everything but Continue, which needs a run in progress.
    assert_eq!(
        available,
        [
            &Item::NewRun,
            &Item::GuideRun,
            &Item::Today,
            &Item::Lesson,
            &Item::Load,
            &Item::Statistics,
            &Item::Gallery,
            &Item::Rules,
            &Item::Settings,
            &Item::Quit
        ]
    );
}

#[test]
fn enter_starts_a_run_with_the_typed_seed() {
    let mut s = screen();
    let enter = Input {
        activate: true,
        ..input()
    };
    assert_eq!(
        s.update(&enter),
        Next::NewRun {
            seed: None,
            guide: false,
            dice: DiceMode::Rolled,
            rules: crate::core::HouseRules::OFF,
            guide_screen: false,
        }
    );
    for d in [4, 2, 7] {
        s.update(&Input {
            digit: Some(d),
            ..input()
        });
    }
    s.update(&Input {
        backspace: true,
        ..input()
    });
    // ← or → on New run switches the dice to a deck.
    s.update(&Input {
        right: true,
        ..input()
    });
    assert_eq!(
        s.update(&enter),
        Next::NewRun {
            seed: Some(42),
            guide: false,
            dice: DiceMode::Deck,
            rules: crate::core::HouseRules::OFF,
            guide_screen: false,
        }
    );
}

#[test]
fn the_tagline_counts_the_sets_domains() {
    assert_eq!(
        subtitle(9),
        "A lone traveller crosses nine Domains toward the Guardian."
    );
    assert_eq!(
        subtitle(1),
        "A lone traveller crosses one Domain toward the Guardian."
    );
    assert_eq!(
        subtitle(14),
        "A lone traveller crosses 14 Domains toward the Guardian."
    );
}

#[test]
fn s_on_the_guided_entry_turns_the_guides_screen_on_for_that_run_only() {
    let mut s = screen();
    let key = |c| Input {
        typed: Some(c),
        ..input()
    };
    let enter = Input {
        activate: true,
        ..input()
    };
    // On New run, S does nothing.
    s.update(&key('s'));
    assert!(matches!(
        s.update(&enter),
        Next::NewRun {
            guide: false,
            guide_screen: false,
            ..
        }
    ));
    s.update(&Input {
        down: true,
        ..input()
    });
    assert_eq!(Item::ALL[s.selected], Item::GuideRun);
    s.update(&key('S'));
    assert!(matches!(
        s.update(&enter),
        Next::NewRun {
            guide: true,
            guide_screen: true,
            ..
        }
    ));
    s.update(&key('s'));
    assert!(matches!(
        s.update(&enter),
        Next::NewRun {
            guide: true,
            guide_screen: false,
            ..
        }
    ));
}

#[test]
fn keyboard_moves_the_selection_around() {
    let mut s = screen();
    let up = Input {
        up: true,
        ..input()
    };
    assert_eq!(s.update(&up), Next::Stay);
    assert_eq!(Item::ALL[s.selected], Item::Continue);
    s.update(&up);
    assert_eq!(Item::ALL[s.selected], Item::Continue, "no wrap to Quit");
    let down = Input {
        down: true,
        ..input()
    };
    s.update(&down);
    assert_eq!(Item::ALL[s.selected], Item::NewRun);
    s.selected = Item::Quit.index();
    s.update(&down);
    assert_eq!(
        Item::ALL[s.selected],
        Item::Quit,
        "no wrap from Quit either"
    );
}

#[test]
fn the_gallery_rules_and_quit_entries_lead_there() {
    let mut s = screen();
    let enter = Input {
        activate: true,
        ..input()
    };
    // Continue with no run in progress does nothing.
    s.selected = Item::Continue.index();
    assert_eq!(s.update(&enter), Next::Stay);
    assert!(s.refused > 0);
    s.selected = Item::Load.index();
    assert_eq!(s.update(&enter), Next::LoadList);
    s.selected = Item::Statistics.index();
    assert_eq!(s.update(&enter), Next::Statistics);
    s.selected = Item::Gallery.index();
    assert_eq!(s.update(&enter), Next::Gallery);
    s.selected = Item::Rules.index();
    assert_eq!(s.update(&enter), Next::Rules);
    s.selected = Item::Settings.index();
    assert_eq!(s.update(&enter), Next::Settings);
    s.selected = Item::Quit.index();
    assert_eq!(s.update(&enter), Next::Stay, "Quit asks first");
    assert!(s.confirm_quit);
    assert_eq!(s.update(&enter), Next::Quit);
}

#[test]
fn quitting_asks_and_any_other_key_stays() {
    let mut s = screen();
    let esc = Input {
        back: true,
        presses: vec![Press::Key(KeyCode::Escape)],
        ..input()
    };
    assert_eq!(s.update(&esc), Next::Stay);
    assert!(s.confirm_quit);
    let other = Input {
        presses: vec![Press::Char('x')],
        ..input()
    };
    assert_eq!(s.update(&other), Next::Stay);
    assert!(!s.confirm_quit, "a stray key cancels");
    s.update(&esc);
    let enter = Input {
        activate: true,
        presses: vec![Press::Key(KeyCode::Enter)],
        ..input()
    };
    assert_eq!(s.update(&enter), Next::Quit);
}

#[test]
fn esc_asks_to_quit_and_f5_reloads() {
    let mut s = screen();
    let esc = Input {
        back: true,
        ..input()
    };
    assert_eq!(s.update(&esc), Next::Stay);
    let enter = Input {
        activate: true,
        ..input()
    };
    assert_eq!(s.update(&enter), Next::Quit);
    let mut s = screen();
    assert_eq!(
        s.update(&Input {
            reload: true,
            ..input()
        }),
        Next::Reload
    );
}

#[test]
fn clicking_quit_quits() {
    let mut s = screen();
    let l = TitleGeometry::new(vec2(1280.0, 800.0), &s.map);
    let quit = l.item_rect(Item::Quit.index()).center();
    let hover = Input {
        mouse: quit,
        mouse_moved: true,
        ..input()
    };
    assert_eq!(s.update(&hover), Next::Stay);
    assert_eq!(Item::ALL[s.selected], Item::Quit);
    let click = Input {
        mouse: quit,
        click: true,
        ..input()
    };
    assert_eq!(s.update(&click), Next::Stay, "Quit asks first");
    assert!(s.confirm_quit);
}

#[test]
fn menu_entries_do_not_overlap() {
    for size in [
        vec2(1024.0, 640.0),
        vec2(1280.0, 800.0),
        vec2(1920.0, 1080.0),
    ] {
        let l = TitleGeometry::new(size, &screen().map);
        let last = Item::ALL.len() - 1;
        for i in 0..last {
            assert!(l.item_rect(i).bottom() <= l.item_rect(i + 1).y + 0.01);
        }
        assert!(l.item_rect(last).bottom() < l.footer_y - 24.0, "{size}");
        assert!(l.item_rect(0).right() < l.map.x + 60.0);
    }
}

#[test]
fn every_press_of_a_frame_counts_in_order() {
    let mut s = screen();
    // An idle window draws a few frames a second: three Downs and Enter can share one.
    let frame = Input {
        presses: [KeyCode::Down, KeyCode::Down, KeyCode::Down, KeyCode::Enter]
            .map(Press::Key)
            .to_vec(),
        down: true,
        activate: true,
        ..input()
    };
    assert_eq!(Item::ALL[s.selected], Item::NewRun);
    assert_eq!(s.update(&frame), Next::Lesson);
}

fn enter() -> Input {
    Input {
        activate: true,
        presses: vec![Press::Key(KeyCode::Enter)],
        ..input()
    }
}

/// Text typed as a window delivers it: each key press, then its character.
fn typing(text: &str) -> Input {
    let presses = text
        .chars()
        .flat_map(|c| {
            let key = match c {
                '-' => KeyCode::Minus,
                '0'..='9' => [
                    KeyCode::Key0,
                    KeyCode::Key1,
                    KeyCode::Key2,
                    KeyCode::Key3,
                    KeyCode::Key4,
                    KeyCode::Key5,
                    KeyCode::Key6,
                    KeyCode::Key7,
                    KeyCode::Key8,
                    KeyCode::Key9,
                ][c as usize - '0' as usize],
                'd' | 'D' => KeyCode::D,
                'f' | 'F' => KeyCode::F,
                'r' | 'R' => KeyCode::R,
                'b' | 'B' => KeyCode::B,
                'x' | 'X' => KeyCode::X,
                _ => KeyCode::A,
            };
            [Press::Key(key), Press::Char(c)]
        })
        .collect();
    Input { presses, ..input() }
}

#[test]
fn todays_journey_starts_the_seed_of_the_day() {
    let day = crate::daily::Day::of_ms(1_795_651_200_000);
    let mut s = screen().journey(Journey {
        day: Some(day),
        ..Journey::default()
    });
    s.selected = Item::Today.index();
    assert_eq!(
        s.update(&enter()),
        Next::Journey {
            seed: crate::daily::day_seed(2026, 11, 26),
            day: Some(day),
        },
        "the day's seed, counted as the day's attempt"
    );
    // A seed in the box does not change the day's road.
    for d in [4, 2] {
        s.update(&Input {
            digit: Some(d),
            ..input()
        });
    }
    s.selected = Item::Today.index();
    assert!(matches!(s.update(&enter()), Next::Journey { seed, .. } if seed == day.seed()));
    // Recorded already: the same road again, as practice.
    let mut played = screen().journey(Journey {
        day: Some(day),
        attempt: Some("lost in the Darkwood Brume".into()),
        open: None,
    });
    played.selected = Item::Today.index();
    assert_eq!(
        played.update(&enter()),
        Next::Journey {
            seed: day.seed(),
            day: None,
        }
    );
    assert!(
        played
            .journey
            .note()
            .contains("26 Nov · lost in the Darkwood Brume")
    );
    assert!(played.journey.note().contains("practice"));
    // In progress: the entry continues that run rather than start a second attempt.
    let path = std::path::PathBuf::from("saves/run-today.json");
    let mut open = screen().journey(Journey {
        day: Some(day),
        attempt: None,
        open: Some(path.clone()),
    });
    open.selected = Item::Today.index();
    assert_eq!(open.update(&enter()), Next::Open(path));
}

#[test]
fn the_seed_box_takes_a_typed_or_pasted_run_code() {
    let mut s = screen();
    s.update(&typing("F-64-d-36d8b5d0"));
    assert_eq!(s.seed, "64", "the code became its seed");
    assert!(s.from_code && s.refusal.is_none());
    assert_eq!(
        s.update(&enter()),
        Next::NewRun {
            seed: Some(64),
            guide: false,
            dice: DiceMode::Deck,
            rules: crate::core::HouseRules::OFF,
            guide_screen: false,
        }
    );
    let mut s = screen();
    s.dice_deck = true;
    s.paste("  f-1234-r-36D8B5D0\n");
    assert_eq!((s.seed.as_str(), s.dice_deck), ("1234", false));
    assert!(matches!(
        s.update(&enter()),
        Next::NewRun {
            seed: Some(1234),
            dice: DiceMode::Rolled,
            ..
        }
    ));
    // A plain seed pastes too.
    let mut s = screen();
    s.paste("77");
    assert!(matches!(
        s.update(&enter()),
        Next::NewRun { seed: Some(77), .. }
    ));
}

#[test]
fn the_seed_box_refuses_a_code_for_another_set_or_a_malformed_one() {
    // Another card set: refused on sight, and Enter starts nothing.
    let mut s = screen();
    s.update(&typing("F-64-d-00000000"));
    let why = s.refusal.clone().expect("refused");
    assert!(
        why.contains("another card set") && why.contains("36d8b5d0"),
        "{why}"
    );
    assert_eq!(s.update(&enter()), Next::Stay);
    assert!(s.refused > 0, "the entry shakes");
    // Mistyped: the code never completes; Enter says it is not a run code.
    let mut s = screen();
    s.update(&typing("F-64-x-36d8b5d0"));
    assert!(s.refusal.is_none(), "nothing said while typing");
    assert_eq!(s.update(&enter()), Next::Stay);
    let why = s.refusal.clone().expect("refused");
    assert!(why.contains("not a run code"), "{why}");
    // Editing the box takes the refusal away; a fixed code then starts the run.
    for _ in 0..10 {
        s.update(&Input {
            presses: vec![Press::Key(KeyCode::Backspace)],
            ..input()
        });
    }
    assert!(s.refusal.is_none());
    s.update(&typing("d-36d8b5d0"));
    assert!(matches!(
        s.update(&enter()),
        Next::NewRun { seed: Some(64), .. }
    ));
    // Pasted rubbish is refused with words, and the box is left as it was.
    let mut s = screen();
    s.paste("hello");
    assert!(s.refusal.as_deref().is_some_and(|w| w.contains("neither")));
    assert!(s.seed.is_empty());
    s.paste("F-12-r-3");
    assert!(
        s.refusal
            .as_deref()
            .is_some_and(|w| w.contains("not a run code"))
    );
    assert_eq!(s.update(&enter()), Next::Stay);
}

#[test]
fn new_runs_options_step_chooses_the_house_rules_and_enter_starts_the_run() {
    let mut s = screen();
    let key = |k: KeyCode| Input {
        presses: vec![Press::Key(k)],
        ..input()
    };
    let typed = |c: char| Input {
        presses: vec![Press::Char(c)],
        ..input()
    };
    // O is never a key (it reads like the digit 0, which types a seed).
    assert_eq!(s.update(&typed('o')), Next::Stay);
    assert!(s.options.is_none(), "O does nothing on New run");
    assert_eq!(s.update(&typed('h')), Next::Stay);
    assert!(s.options.is_some(), "H on New run opens the house rules");
    // Space turns paid-peek on (1 Resolve), → moves its price on, ↓ then Space: hit-on-six.
    s.update(&key(KeyCode::Space));
    s.update(&key(KeyCode::Right));
    s.update(&key(KeyCode::Down));
    s.update(&key(KeyCode::Space));
    let rules =
        crate::core::HouseRules::parse_all(&["paid-peek=resolve:2", "hit-on-six"]).expect("known");
    match s.update(&key(KeyCode::Enter)) {
        Next::NewRun { rules: got, .. } => assert_eq!(got, rules),
        other => panic!("{other:?}"),
    }
    assert!(s.options.is_none());
    // The choice stays for the next run; Esc in the step keeps it too.
    s.update(&typed('o'));
    s.update(&key(KeyCode::Escape));
    assert!(s.options.is_none());
    assert_eq!(s.rules, rules);
}

/// Back from a run's end, the title takes no Enter for a moment (a key pressed through the
/// ending must not start a run); the arrows still move, and Enter is taken once it is over.
#[test]
fn just_after_a_run_the_title_takes_no_enter() {
    let mut s = screen().after_run();
    assert!(s.deaf());
    let enter = Input {
        activate: true,
        presses: vec![Press::Key(KeyCode::Enter)],
        ..input()
    };
    assert_eq!(s.update(&enter), Next::Stay, "no run started");
    assert_eq!(s.update(&enter), Next::Stay);
    s.update(&Input {
        down: true,
        presses: vec![Press::Key(KeyCode::Down)],
        ..input()
    });
    assert_eq!(s.selected, Item::GuideRun.index(), "the arrows still move");
    // An arrow is a key pressed on purpose: Enter is taken from then on.
    assert!(!s.deaf());
    s.update(&Input {
        up: true,
        ..input()
    });
    assert!(matches!(s.update(&enter), Next::NewRun { .. }));
    // Left alone, the moment passes by itself (set back here rather than waited for).
    let mut s = screen().after_run();
    assert_eq!(s.update(&enter), Next::Stay);
    s.calm_until = Some(std::time::Instant::now() - std::time::Duration::from_millis(1));
    assert!(!s.deaf());
    assert!(matches!(s.update(&enter), Next::NewRun { .. }));
}
