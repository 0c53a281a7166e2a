//! The window's loop: each frame reads the input, lets the screen on show answer it,
//! follows where it leads (another screen, a reload, the end), draws, and sleeps until the
//! next thing to show (see [`super::wake`]).

use super::*;

/// The main loop: sets the window up, then runs [`Loop::frame`] once per frame.
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
    // Screenshots (tests) neither write nor read saves unless told where.
    let saves_dir = match (&screenshot, saves) {
        (Some(_), None) => None,
        (_, flag) => Some(SaveStore::dir_from(flag.as_deref())),
    };
    let mut settings = prefs.settings.clone();
    let mut sound = audio::open(settings.levels());
    apply(&settings, None, &mut *sound);
    let waker = start_waker();
    let fonts = Fonts::load();
    // Named here for the layout sweep, which draws with the fonts where they are now.
    style::name_faces(&fonts);
    let store = saves_dir.as_ref().and_then(|d| SaveStore::open(d).ok());
    let screen = Screen::load(&cards, 0, store.as_ref());
    if let (Some(count), Some(report), Screen::Title(_, set)) =
        (opening.layout_sweep, &layout_report, &screen)
    {
        let code = sweep::run(set.clone(), &fonts, count, report).await;
        return match (&screenshot, code) {
            (Some(path), 0) => screenshot_exit(path),
            (_, code) => code,
        };
    }
    // `--speed` wins over the setting (tests and screenshots ask for a pace).
    let speed_flag = speed_flag(speed.as_deref());
    let opened = opening_screen(
        screen,
        &opening,
        saves_dir.as_deref(),
        speed_flag.unwrap_or_default(),
        &mut settings,
        &prefs,
    );
    let mut screen = match opened {
        Ok(screen) => screen,
        Err(code) => return code,
    };
    let mut run = Loop {
        fixed: Fixed {
            desk: opening.desk,
            cards,
            screenshot,
            frames: frames.max(1),
            perf,
            layout_report,
            live_report: std::env::var_os(LIVE_REPORT_ENV).is_some(),
            idle_pace: std::env::var_os(IDLE_PACE_ENV).is_some(),
            speed_flag,
            saves_dir,
            waker,
            fonts,
            sky: Sky::new(),
        },
        prefs,
        sound,
        saved_size: settings.window,
        settings,
        banner: None,
        banner_since: 0.0,
        reloads: 0,
        across: Across::default(),
        timings: perf::Perf::new(),
        last_input: None,
        pace: Pace::new(),
        still: still::Still::new(),
        pads: pad::Pad::new(),
        clock: still::Clock::new(),
        frame: 0,
        rested: false,
        last_busy: 0,
        handed: Instant::now(),
        answer: None,
        glyphs_moved: false,
    };
    // The layout report names faces by their address: named again where the loop keeps
    // them (moving the fonts into the loop moved them).
    style::name_faces(&run.fixed.fonts);
    loop {
        screen = match run.frame(screen) {
            Ok(screen) => screen,
            Err(code) => return code,
        };
        run.handed = Instant::now();
        next_frame().await;
    }
}

/// What the loop is given once and keeps unchanged.
struct Fixed {
    /// The designer's desk was asked for (`--desk`, `--cards DIR`).
    desk: bool,
    cards: CardSource,
    screenshot: Option<PathBuf>,
    /// Frames to draw before the screenshot is taken (at least 1).
    frames: u32,
    perf: bool,
    layout_report: Option<PathBuf>,
    /// The layout report is written on every frame that takes input, not only the last.
    live_report: bool,
    /// A screenshot run that keeps the pace of a real window (tests of the loop's rest).
    idle_pace: bool,
    speed_flag: Option<Speed>,
    saves_dir: Option<PathBuf>,
    waker: Option<wake::Waker>,
    fonts: Fonts,
    sky: Sky,
}

/// The window's loop and what it carries from one frame to the next (the screen on
/// show is handed from frame to frame: following a choice moves it).
struct Loop {
    fixed: Fixed,
    prefs: Prefs,
    sound: Box<dyn audio::SoundOut>,
    settings: Settings,
    /// A short note over any screen (after F5 on the table), and when it was set.
    banner: Option<String>,
    banner_since: f32,
    reloads: u32,
    across: Across,
    timings: perf::Perf,
    last_input: Option<(Vec2, Vec2)>,
    pace: Pace,
    still: still::Still,
    pads: pad::Pad,
    clock: still::Clock,
    frame: u64,
    /// The loop slept until something happened before this frame (the time asleep does
    /// not count on the animation clock).
    rested: bool,
    /// The last frame that took input.
    last_busy: u64,
    /// The window size last saved in the settings.
    saved_size: [u32; 2],
    /// When the loop last handed over to the window (to sleep, or to swap).
    handed: Instant,
    /// How the last frame that took input answered it (the live layout report's `answer`).
    answer: Option<Answer>,
    /// The font atlas moved during the last frame (see `glyphs`): this one is drawn anew.
    glyphs_moved: bool,
}

/// What one frame took in and how the screen answered it.
struct Taken {
    input: Input,
    from_pad: pad::PadFrame,
    /// The screen moved on (to another screen, a reload, the end).
    moved_on: bool,
    /// The settings changed this frame.
    settings_moved: bool,
    /// The animation clock's time.
    t: f32,
    /// When the frame's work began, the process's CPU time then, and how long the loop
    /// had slept before it.
    work: Instant,
    work_cpu: f64,
    slept: std::time::Duration,
}

impl Loop {
    /// One frame: reads the input, lets the screen answer it, follows where it leads,
    /// draws, and rests until the next thing to show. The screen to show next, or the
    /// exit code when the game ends.
    fn frame(&mut self, mut screen: Screen) -> Result<Screen, i32> {
        glyphs::new_frame();
        let work = Instant::now();
        let work_cpu = wiring::cpu_ms();
        let slept = work.duration_since(self.handed);
        let (mut input, from_pad) = read_input(&mut self.last_input, &mut self.pads);
        let before = self.settings.clone();
        window_keys(&mut input, &mut self.settings, &screen);
        let t = self.clock_time();
        if is_quit_requested() {
            self.prefs.save(&self.settings);
            return Err(0);
        }
        let next = self.answer_input(&mut screen, &input, t, &before);
        let moved_on = !matches!(next, Next::Stay);
        if moved_on {
            self.sound.play(Cue::UiClick);
        }
        let screen = self.follow(next, t, screen)?;
        let taken = Taken {
            input,
            from_pad,
            moved_on,
            settings_moved: self.settings != before,
            t,
            work,
            work_cpu,
            slept,
        };
        let due = self.show(&screen, &taken)?;
        self.frame += 1;
        self.after_frame(&screen, &taken, due)?;
        Ok(screen)
    }

    /// The animation clock: real time in play, still at rest; a steady 60 per second
    /// when taking a screenshot, so that frame N always looks the same.
    fn clock_time(&mut self) -> f32 {
        match self.fixed.screenshot {
            Some(_) => self.frame as f32 / FPS as f32,
            None => {
                let asleep = if self.fixed.waker.is_some() {
                    self.rested
                } else {
                    self.still.holding()
                };
                self.clock.tick(asleep)
            }
        }
    }

    /// The screen on show answers the frame's input; the sound and the settings follow.
    fn answer_input(
        &mut self,
        screen: &mut Screen,
        input: &Input,
        t: f32,
        before: &Settings,
    ) -> Next {
        // A text field that had the keyboard all through the frame took every character
        // from `presses`: their echoes queued for `typed` are dropped, not read as keys.
        let texting = screen.text_focus();
        let next = screen.update(input, &self.fixed.fonts, t, &mut self.settings);
        if texting && screen.text_focus() {
            input::drop_typed();
            screen.typed_dropped();
        } else if screen.deaf() {
            input::drop_typed();
        }
        let flag = self.fixed.speed_flag;
        table_sound(screen, &self.settings, flag, &mut *self.sound);
        if self.settings.designer_tools != before.designer_tools {
            set_designer(self.fixed.desk || self.settings.designer_tools);
        }
        if self.settings != *before {
            settings_changed(&self.settings, before, &self.prefs, &mut *self.sound);
        }
        next
    }

    /// Follows where the screen leads: another screen, a reload, or the end (its code).
    fn follow(&mut self, next: Next, t: f32, screen: Screen) -> Result<Screen, i32> {
        let store = || {
            let dir = self.fixed.saves_dir.as_ref()?;
            SaveStore::open(dir).ok()
        };
        match next {
            Next::Stay => {}
            Next::Quit => {
                self.prefs.save(&self.settings);
                if self.fixed.perf {
                    self.timings.print();
                }
                return Err(0);
            }
            Next::Reload => {
                self.reloads += 1;
                let (cards, reloads) = (&self.fixed.cards, self.reloads);
                let screen = screen.reloaded(cards, reloads, &mut self.banner, store().as_ref());
                self.banner_since = t;
                if !matches!(screen, Screen::CardErrors(..)) {
                    self.reloads = 0;
                }
                return Ok(screen);
            }
            other => {
                return Ok(go(
                    other,
                    screen,
                    &mut self.across,
                    &mut self.settings,
                    &self.prefs,
                    &self.fixed.cards,
                    self.fixed.saves_dir.as_deref(),
                ));
            }
        }
        Ok(screen)
    }

    /// Draws the frame (or shows the kept picture again when nothing changed) and the
    /// banner. When the next thing to show is due; the exit code if drawing failed.
    fn show(&mut self, screen: &Screen, k: &Taken) -> Result<wake::Due, i32> {
        let last =
            self.fixed.screenshot.is_some() && self.frame + 1 >= u64::from(self.fixed.frames);
        let live_report = self.fixed.live_report;
        let report = self
            .fixed
            .layout_report
            .as_deref()
            .filter(|_| last || live_report);
        // At rest with nothing new this frame, the last frame may be shown again.
        // The table knows what its frame shows: the pointer moving over nothing that
        // answers it changes nothing there. A window test's input is always drawn: its
        // report counts what was taken.
        let looks_new = looks_new(screen, &k.input, live_report);
        let changed = looks_new
            || k.moved_on
            || screen.playing()
            || k.settings_moved
            || std::mem::take(&mut self.glyphs_moved);
        let must_draw = (last && report.is_some()) || self.banner.is_some();
        if changed || must_draw {
            self.still.forget();
        }
        if k.input.active || k.from_pad.used || k.moved_on || k.settings_moved {
            self.last_busy = self.frame;
        }
        let due = self.due(screen, k);
        let rest = match self.fixed.waker {
            // Woken with nothing new to show: the picture kept when the loop went to
            // sleep is shown again.
            Some(_) => self.rested && !changed && !must_draw,
            None => self.pace.resting() && !changed && !must_draw,
        };
        let took = k.input.active || k.from_pad.used;
        if took {
            self.answer = Some(Answer {
                frame: self.frame,
                rested_ms: k.slept.as_secs_f64() * 1000.0,
                ms: 0.0,
                cpu_ms: k.work_cpu,
            });
        }
        let live = Live {
            frame: self.frame,
            answer: self.answer,
        };
        let (fixed, settings) = (&self.fixed, &self.settings);
        let epoch = glyphs::epoch();
        let (shown, drawn) = self.still.frame(rest, || {
            let answered = (took && report.is_some()).then_some(k.work);
            let (fonts, sky) = (&fixed.fonts, &fixed.sky);
            draw_frame(
                screen, fonts, sky, &k.input, k.t, settings, report, live, answered,
            )
        });
        match drawn {
            Some(Ok(Some(a))) => self.answer = Some(a),
            Some(Err(code)) => return Err(code),
            _ => {}
        }
        if let Some(b) = &self.banner {
            if k.t - self.banner_since < 4.0 && matches!(screen, Screen::Table(..)) {
                draw_banner(b, &self.fixed.fonts, k.input.size);
            } else {
                self.banner = None;
            }
        }
        if self.fixed.perf {
            self.timings.tick(k.work.elapsed(), shown);
        }
        if glyphs::epoch() != epoch {
            // New glyphs may have made the font atlas anew under text already queued:
            // this frame may show blocks, so the next is drawn at once, and the still
            // frame it may have gone into is not shown again.
            self.still.forget();
            self.glyphs_moved = true;
            return Ok(wake::Due::Now);
        }
        Ok(due)
    }

    /// When the next thing to show is due.
    fn due(&self, screen: &Screen, k: &Taken) -> wake::Due {
        let f = &self.fixed;
        let shot = f.screenshot.is_some();
        sleep::due(
            screen,
            &k.input,
            k.from_pad.busy,
            self.banner
                .as_ref()
                .map(|_| 4.0 - (k.t - self.banner_since)),
            sleep::Mode {
                keep_drawing: shot && f.live_report && !f.idle_pace,
                flat: shot && !f.live_report && !f.idle_pace,
                frame_clock: shot,
                since_busy: self.frame - self.last_busy,
            },
        )
    }

    /// After a frame is drawn: the screenshot when its frame has come, the window's
    /// least size, then rest until `due`.
    fn after_frame(&mut self, screen: &Screen, k: &Taken, due: wake::Due) -> Result<(), i32> {
        let f = &self.fixed;
        if let Some(path) = &f.screenshot
            && self.frame >= u64::from(f.frames)
        {
            if f.perf {
                self.timings.print();
            }
            return Err(screenshot_exit(path));
        }
        // The table is laid out for at least this size; a smaller window is asked to grow
        // (a screenshot keeps the size it was given).
        let (min_w, min_h) = table::MIN_WINDOW;
        let size = k.input.size;
        if f.screenshot.is_none() && (size.x < min_w || size.y < min_h) {
            request_new_screen_size(size.x.max(min_w), size.y.max(min_h));
        }
        let active = k.input.active || screen.playing() || (f.screenshot.is_some() && !f.idle_pace);
        self.rested = rest_until_next(
            f.waker.as_ref(),
            due,
            active,
            &mut self.pace,
            &mut self.pads,
        );
        if self.rested && self.settings.window != self.saved_size && !self.settings.fullscreen {
            // The window's size is kept as the loop goes to sleep (closing a sleeping
            // window does not go through the loop).
            self.prefs.save(&self.settings);
            self.saved_size = self.settings.window;
        }
        Ok(())
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
