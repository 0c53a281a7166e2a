//! The window's loop: each frame reads the input, lets the screen on show answer it,
//! follows where it leads (another screen, a reload, the end), draws, and sleeps until the
//! next thing to show (see [`super::wake`]).

use super::*;

/// The main loop.
pub(super) async fn game(options: Options, prefs: Prefs) -> i32 {
    let opening = options.clone();
    set_designer(opening.desk || prefs.settings.designer_tools);
    let Options {
        cards,
        screenshot,
        frames,
        perf,
        saves,
        speed,
        layout_report,
        ..
    } = options;
    // `--speed` wins over the setting (tests and screenshots ask for a pace).
    let speed_flag = speed_flag(speed.as_deref());
    let speed = speed_flag.unwrap_or_default();
    let live_report = std::env::var_os(LIVE_REPORT_ENV).is_some();
    let idle_pace = std::env::var_os(IDLE_PACE_ENV).is_some();
    // Screenshots (tests) neither write nor read saves unless told where.
    let saves_dir = match (&screenshot, saves) {
        (Some(_), None) => None,
        (_, flag) => Some(SaveStore::dir_from(flag.as_deref())),
    };
    let store = || saves_dir.as_ref().and_then(|d| SaveStore::open(d).ok());
    let mut settings = prefs.settings.clone();
    let mut sound = audio::open(settings.levels());
    apply(&settings, None, &mut *sound);
    let waker = start_waker();
    let fonts = Fonts::load();
    style::name_faces(&fonts);
    let sky = Sky::new();
    let screen = Screen::load(&cards, 0, store().as_ref());
    if let (Some(count), Some(report), Screen::Title(_, set)) =
        (opening.layout_sweep, &layout_report, &screen)
    {
        let code = sweep::run(set.clone(), &fonts, count, report).await;
        return match (&screenshot, code) {
            (Some(path), 0) => screenshot_exit(path),
            (_, code) => code,
        };
    }
    let mut screen = match opening_screen(
        screen,
        &opening,
        saves_dir.as_deref(),
        speed,
        &mut settings,
        &prefs,
    ) {
        Ok(screen) => screen,
        Err(code) => return code,
    };
    // A short note over any screen (after F5 on the table), and when it was set.
    let mut banner: Option<String> = None;
    let mut banner_since = 0.0;
    let mut reloads = 0;
    let mut across = Across::default();
    let mut timings = perf::Perf::new();
    let mut last_input = None;
    let mut pace = Pace::new();
    let mut still = still::Still::new();
    let mut pads = pad::Pad::new();
    let mut clock = still::Clock::new();
    let mut frame: u64 = 0;
    // The loop slept until something happened before this frame (the time asleep does
    // not count on the animation clock), and the last frame that took input.
    let mut rested = false;
    let mut last_busy: u64 = 0;
    let mut saved_size = settings.window;
    // When the loop last handed over to the window (to sleep, or to swap), and how the
    // last frame that took input answered it (the live layout report's `answer`).
    let mut handed = Instant::now();
    let mut answer: Option<Answer> = None;
    loop {
        let work = Instant::now();
        let work_cpu = wiring::cpu_ms();
        let slept = work.duration_since(handed);
        let (mut input, from_pad) = read_input(&mut last_input, &mut pads);
        let before = settings.clone();
        window_keys(&mut input, &mut settings, &screen);
        // The animation clock: real time in play, still at rest; a steady 60 per second
        // when taking a screenshot, so that frame N always looks the same.
        let t = match screenshot {
            Some(_) => frame as f32 / FPS as f32,
            None => clock.tick(if waker.is_some() {
                rested
            } else {
                still.holding()
            }),
        };
        if is_quit_requested() {
            prefs.save(&settings);
            return 0;
        }
        // A text field that had the keyboard all through the frame took every character
        // from `presses`: their echoes queued for `typed` are dropped, not read as keys.
        let texting = screen.text_focus();
        let next = screen.update(&input, &fonts, t, &mut settings);
        if texting && screen.text_focus() {
            input::drop_typed();
            screen.typed_dropped();
        } else if screen.deaf() {
            input::drop_typed();
        }
        table_sound(&mut screen, &settings, speed_flag, &mut *sound);
        if settings.designer_tools != before.designer_tools {
            set_designer(opening.desk || settings.designer_tools);
        }
        if settings != before {
            settings_changed(&settings, &before, &prefs, &mut *sound);
        }
        let moved_on = !matches!(next, Next::Stay);
        if moved_on {
            sound.play(Cue::UiClick);
        }
        match next {
            Next::Stay => {}
            Next::Quit => {
                prefs.save(&settings);
                if perf {
                    timings.print();
                }
                return 0;
            }
            Next::Reload => {
                reloads += 1;
                screen = screen.reloaded(&cards, reloads, &mut banner, store().as_ref());
                banner_since = t;
                if !matches!(screen, Screen::CardErrors(..)) {
                    reloads = 0;
                }
            }
            other => {
                screen = go(
                    other,
                    screen,
                    &mut across,
                    &mut settings,
                    &prefs,
                    &cards,
                    saves_dir.as_deref(),
                );
            }
        }
        let last = screenshot.is_some() && frame + 1 >= u64::from(frames.max(1));
        let report = layout_report.as_deref().filter(|_| last || live_report);
        // At rest with nothing new this frame, the last frame may be shown again.
        // The table knows what its frame shows: the pointer moving over nothing that
        // answers it changes nothing there. A window test's input is always drawn: its
        // report counts what was taken.
        let looks_new = looks_new(&screen, &input, live_report);
        let changed = looks_new || moved_on || screen.playing() || settings != before;
        let must_draw = (last && report.is_some()) || banner.is_some();
        if changed || must_draw {
            still.forget();
        }
        let busy = input.active || from_pad.used || moved_on || settings != before;
        if busy {
            last_busy = frame;
        }
        let due = sleep::due(
            &screen,
            &input,
            from_pad.busy,
            banner.as_ref().map(|_| 4.0 - (t - banner_since)),
            sleep::Mode {
                keep_drawing: screenshot.is_some() && live_report && !idle_pace,
                flat: screenshot.is_some() && !live_report && !idle_pace,
                frame_clock: screenshot.is_some(),
                since_busy: frame - last_busy,
            },
        );
        let rest = match waker {
            // Woken with nothing new to show: the picture kept when the loop went to
            // sleep is shown again.
            Some(_) => rested && !changed && !must_draw,
            None => pace.resting() && !changed && !must_draw,
        };
        let took = input.active || from_pad.used;
        if took {
            answer = Some(Answer {
                frame,
                rested_ms: slept.as_secs_f64() * 1000.0,
                ms: 0.0,
                cpu_ms: work_cpu,
            });
        }
        let live = Live { frame, answer };
        let (shown, drawn) = still.frame(rest, || {
            let answered = (took && report.is_some()).then_some(work);
            draw_frame(
                &screen, &fonts, &sky, &input, t, &settings, report, live, answered,
            )
        });
        if let Some(Ok(Some(a))) = drawn {
            answer = Some(a);
        }
        let drawn = drawn.map(|d| d.map(|_| ()));
        if let Some(Err(code)) = drawn {
            return code;
        }
        if let Some(b) = &banner {
            if t - banner_since < 4.0 && matches!(screen, Screen::Table(..)) {
                draw_banner(b, &fonts, input.size);
            } else {
                banner = None;
            }
        }
        frame += 1;
        if perf {
            timings.tick(work.elapsed(), shown);
        }
        if let Some(path) = &screenshot
            && frame >= u64::from(frames.max(1))
        {
            if perf {
                timings.print();
            }
            return screenshot_exit(path);
        }
        // The table is laid out for at least this size; a smaller window is asked to grow
        // (a screenshot keeps the size it was given).
        let (min_w, min_h) = table::MIN_WINDOW;
        if screenshot.is_none() && (input.size.x < min_w || input.size.y < min_h) {
            request_new_screen_size(input.size.x.max(min_w), input.size.y.max(min_h));
        }
        let active = input.active || screen.playing() || (screenshot.is_some() && !idle_pace);
        rested = rest_until_next(waker.as_ref(), due, active, &mut pace, &mut pads);
        if rested && settings.window != saved_size && !settings.fullscreen {
            // The window's size is kept as the loop goes to sleep (closing a sleeping
            // window does not go through the loop).
            prefs.save(&settings);
            saved_size = settings.window;
        }
        handed = Instant::now();
        next_frame().await;
    }
}

/// The pace `--speed` asks for, if it names one.
fn speed_flag(flag: Option<&str>) -> Option<Speed> {
    match flag {
        Some("slow") => Some(Speed::Slow),
        Some("normal") => Some(Speed::Normal),
        Some("fast") => Some(Speed::Fast),
        Some("instant") => Some(Speed::Instant),
        _ => None,
    }
}

/// The blocking loop's waker (src/ui/wake.rs): what happens off the loop's thread (the
/// Guide's page, a pad, a timed step) wakes it. Without one the loop keeps a pace.
fn start_waker() -> Option<wake::Waker> {
    let waker = wake::BLOCKING.then(wake::Waker::start).flatten();
    if let Some(w) = &waker {
        wake::install(w.clone());
        crate::guide_screen::set_waker(wake::wake);
    }
    // Closing the window goes through the loop, so that the settings (the window's
    // size) are saved. A sleeping loop would see the close button's request only when
    // something else woke it: there the windowing layer closes the window at once, and
    // the window's size is saved each time the loop goes to sleep.
    if waker.is_none() {
        prevent_quit();
    }
    waker
}

/// The screen the window opens on: the one the command line asks for, else the title
/// with the house rules offered and, on a first start, the lesson offered over it.
fn opening_screen(
    screen: Screen,
    opening: &Options,
    saves_dir: Option<&Path>,
    speed: Speed,
    settings: &mut Settings,
    prefs: &Prefs,
) -> Result<Screen, i32> {
    let mut screen =
        flow::first_screen(screen, opening, saves_dir, speed, settings.guardian_terms)?;
    // New run offers the house rules given with `--rule`, else those last chosen, else
    // the ones the set is designed for.
    if let Screen::Title(title, _) = &mut screen {
        let chosen = if opening.house_rules.is_off() {
            settings.house_rules
        } else {
            opening.house_rules
        };
        if !chosen.is_off() {
            title.with_rules(chosen);
        }
        if opening.open.as_deref() == Some("options") {
            title.open_options();
        }
    }
    // The first start offers the lesson over the title (docs/LESSON.md), once.
    if let Screen::Title(title, _) = &mut screen
        && prefs.first_start(settings, saves_dir)
    {
        title.offer_lesson();
        settings.lesson_offered = true;
        prefs.save(settings);
    }
    Ok(screen)
}

/// Whether this frame may look different from the last although nothing moves: the
/// pointer moving over nothing that answers it changes nothing on the table. A window
/// test's input is always drawn: its report counts what was taken.
fn looks_new(screen: &Screen, input: &Input, live_report: bool) -> bool {
    match screen {
        Screen::Table(t, _) => {
            !input.presses.is_empty()
                || input.click
                || input.wheel != 0.0
                || t.looks_new()
                || (input.active && live_report)
        }
        // The desk's balance panel moves on its own (a weighing's progress, its answer).
        Screen::Gallery(g) => input.active || g.desk.fresh(),
        _ => input.active,
    }
}

/// Hands the loop to the window until the next frame: with a waker, asleep until `due`
/// or an event (true: it slept); without, at the pace's rate (`active`: something moves).
fn rest_until_next(
    waker: Option<&wake::Waker>,
    due: wake::Due,
    active: bool,
    pace: &mut Pace,
    pads: &mut pad::Pad,
) -> bool {
    match waker {
        Some(w) => sleep::after(due, w, pace, pads),
        None => {
            // The frame's sleep comes before the window's events are read (`next_frame`),
            // not after: a key pressed while the loop sleeps is in the very next frame's
            // input, never one sleep later (see `pace::ANSWER`).
            pace.wait(active, pads);
            // A blocking loop with no waker (the X server refused its connection) asks
            // for every frame itself, at the pace's rate.
            if wake::BLOCKING {
                macroquad::miniquad::window::schedule_update();
            }
            false
        }
    }
}

/// This frame's input: the window's, with a pad's buttons as the keys they stand for;
/// the hints name the device last used.
fn read_input(last: &mut Option<(Vec2, Vec2)>, pads: &mut pad::Pad) -> (Input, pad::PadFrame) {
    let mut input = Input::read(last);
    let keys_used = input.keys_used();
    let from_pad = pads.frame();
    input.merge_pad(&from_pad);
    if from_pad.used {
        hints::set_device(hints::Device::Pad(from_pad.style));
    } else if keys_used {
        hints::set_device(hints::Device::Keys);
    }
    (input, from_pad)
}

/// The window's own keys, on every screen: F11 (full screen) and M (sound; not while a
/// text field takes letters); and the window's size, remembered on exit (not saved on
/// every step of a drag).
fn window_keys(input: &mut Input, settings: &mut Settings, screen: &Screen) {
    if input.fullscreen {
        settings.fullscreen = !settings.fullscreen;
    }
    if matches!(input.typed, Some('m' | 'M')) && !screen.text_focus() {
        settings.mute = !settings.mute;
        input.typed = None;
    }
    if !settings.fullscreen && !input.size.cmple(Vec2::ZERO).any() {
        settings.window = [input.size.x as u32, input.size.y as u32];
    }
}

/// What outlives the screens it passes between.
#[derive(Default)]
struct Across {
    /// The desk's writes of this sitting go with the designer across screens.
    sitting: designer::Sitting,
    /// A Guide's screen kept serving while its run waits at the title (Save & Quit).
    parked: Option<table::Parked>,
    /// The title's entry last chosen, for the title that Esc from another screen brings back.
    title_cursor: Option<title::Item>,
}

/// Goes where a screen's answer leads (any answer but staying, quitting and reloading),
/// carrying across what outlives the screens.
fn go(
    next: Next,
    mut screen: Screen,
    across: &mut Across,
    settings: &mut Settings,
    prefs: &Prefs,
    cards: &CardSource,
    saves_dir: Option<&Path>,
) -> Screen {
    // The house rules of a new run are the next one's too (the title remembers).
    if let Next::NewRun { rules, .. } = &next
        && settings.house_rules != *rules
    {
        settings.house_rules = *rules;
        prefs.save(settings);
    }
    // Esc from a screen opened from the title (Load, Statistics, Settings, Rules, the
    // gallery) comes back with the title's cursor where it was.
    if let Screen::Title(title, _) = &screen {
        across.title_cursor = Some(title.cursor());
    }
    let aside = matches!(
        screen,
        Screen::Load(..)
            | Screen::Stats(..)
            | Screen::Rules(_)
            | Screen::Gallery(_)
            | Screen::Settings(..)
    );
    if let Screen::Gallery(g) = &mut screen {
        across.sitting = g.take_sitting();
    }
    screen = flow::follow(
        next,
        screen,
        cards,
        saves_dir,
        settings.guardian_terms,
        &mut across.parked,
    );
    if let (true, Screen::Title(title, _), Some(item)) = (aside, &mut screen, across.title_cursor) {
        title.set_cursor(item);
    }
    if let Screen::Gallery(g) = screen {
        screen = Screen::Gallery(Box::new(
            g.with_sitting(std::mem::take(&mut across.sitting)),
        ));
    }
    if let Screen::Title(title, _) = &mut screen
        && !settings.house_rules.is_off()
    {
        title.with_rules(settings.house_rules);
    }
    screen
}

/// Draws the frame of `screen`; with `report`, writes the layout check of the strings
/// drawn there. `answered`: the frame took input, the loop having woken then; its
/// answer is measured (the frame rendered to the end first) and returned. `Err`: the exit
/// code (the report could not be written).
#[allow(clippy::too_many_arguments)]
fn draw_frame(
    screen: &Screen,
    fonts: &Fonts,
    sky: &Sky,
    input: &Input,
    t: f32,
    settings: &Settings,
    report: Option<&Path>,
    mut live: Live,
    answered: Option<Instant>,
) -> Result<Option<Answer>, i32> {
    clear_background(style::colour::SKY_TOP);
    if report.is_some() {
        style::record_drawn();
    }
    screen.draw(fonts, sky, input.size, t, settings);
    if let Some(path) = report {
        let overlays = match screen {
            Screen::Table(t, _) => t.overlays(input.size),
            _ => Vec::new(),
        };
        if let (Some(woke), Some(a)) = (answered, live.answer.as_mut()) {
            // The frame rendered to the end: what the renderer does after the loop's own
            // work counts too.
            // SAFETY: on the window's own thread, with its GL context current, between
            // macroquad's draw calls (its batches are flushed first, as a camera change does).
            unsafe {
                get_internal_gl().flush();
                macroquad::miniquad::gl::glFinish();
            }
            a.ms = woke.elapsed().as_secs_f64() * 1000.0;
            // Set to the CPU clock at waking when the frame began.
            a.cpu_ms = wiring::cpu_ms() - a.cpu_ms;
        }
        let json = layout_report_json(input.size, &style::take_drawn(), &overlays, live);
        // Whole or not at all: a test may read it while the next frame writes it.
        let tmp = path.with_extension("json.tmp");
        if let Err(e) = std::fs::write(&tmp, json).and_then(|()| std::fs::rename(&tmp, path)) {
            eprintln!("forward: cannot write `{}`: {e}", path.display());
            return Err(1);
        }
        return Ok(answered.and(live.answer));
    }
    Ok(None)
}

/// A setting changed this frame: applied at once, and saved (with a tick at the new
/// level, so that a volume change is heard) unless only the window's size moved.
fn settings_changed(
    settings: &Settings,
    before: &Settings,
    prefs: &Prefs,
    sound: &mut dyn audio::SoundOut,
) {
    apply(settings, Some(before), sound);
    if (Settings {
        window: before.window,
        ..settings.clone()
    }) != *before
    {
        prefs.save(settings);
        // A tick at the new level, so that a volume change is heard.
        sound.play(Cue::UiClick);
    }
}

/// A short note at the top middle of the window.
fn draw_banner(s: &str, fonts: &Fonts, size: Vec2) {
    let w = style::width(s, &fonts.italic, 20) + 36.0;
    let r = Rect::new((size.x - w) / 2.0, 8.0, w, 36.0);
    style::card(r, 8.0, 1.0, style::colour::TILE, style::colour::SEA_LIGHT);
    style::text_centred(
        s,
        size.x / 2.0,
        r.y + 24.0,
        &fonts.italic,
        20,
        style::colour::PARCHMENT,
    );
}

/// Writes the screenshot and gives the exit code: 1 if it could not be written (said on
/// stderr).
fn screenshot_exit(path: &Path) -> i32 {
    match save_screenshot(path) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("forward: {e}");
            1
        }
    }
}

/// Writes what has been drawn this frame to `path` as a PNG.
fn save_screenshot(path: &Path) -> Result<(), String> {
    let fail =
        |e: &dyn std::fmt::Display| format!("cannot write screenshot {}: {e}", path.display());
    let mut image = get_screen_data();
    // The window is opaque, but blending leaves partial alpha in the framebuffer: the
    // picture would look washed out over a viewer's checkerboard.
    for pixel in image.bytes.chunks_exact_mut(4) {
        pixel[3] = 255;
    }
    // macroquad's exporter panics on failure and picks the format from the extension:
    // write to a `.png` file beside the target (which also finds unwritable places early),
    // then move it into place.
    let tmp = path.with_file_name(format!(
        ".{}.tmp.png",
        path.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "screenshot".into())
    ));
    std::fs::File::create(&tmp).map_err(|e| fail(&e))?;
    let tmp_str = tmp.to_str().ok_or_else(|| fail(&"the path is not UTF-8"))?;
    let written =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| image.export_png(tmp_str)));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(&"the PNG encoder failed"));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail(&e)
    })
}
