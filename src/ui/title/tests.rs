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
        pointer_live: false,
        refused: 0,
        seed: String::new(),
        deck: false,
        guide_screen: false,
        resume: None,
        source: String::new(),
        confirm_quit: false,
        offer: false,
    }
}

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
            &Item::Lesson,
            &Item::Load,
            &Item::Statistics,
            &Item::Gallery,
            &Item::Desk,
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
    let l = Layout::new(vec2(1280.0, 800.0));
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
        let l = Layout::new(size);
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
    // An idle window draws 3 frames a second: three Downs and Enter can share one.
    let frame = Input {
        presses: [KeyCode::Down, KeyCode::Down, KeyCode::Down, KeyCode::Enter]
            .map(Press::Key)
            .to_vec(),
        down: true,
        activate: true,
        ..input()
    };
    assert_eq!(Item::ALL[s.selected], Item::NewRun);
    assert_eq!(s.update(&frame), Next::LoadList);
}
