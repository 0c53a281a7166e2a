// The Guide's screen's script (served as a file: the page's security policy allows no
// inline script).
"use strict";
const $ = id => document.getElementById(id);
const code = new URLSearchParams(location.search).get("code") || "";
const TITLE = "Forward: the Guide's screen";
const TIMEOUT_MS = 4000, POLL_MS = 700, ASK_MS = 1000, SLOW_MS = 5000, BACKOFF_MS = [1000, 2000, 4000];
// After this long without any answer the page stops saying "Reconnecting…": the table may
// be gone for good (the game quit), so it says that, and keeps checking now and then.
const SILENT_MS = 120000, SILENT_POLL_MS = 15000;

// The Guide's seat: a random token made once and kept, so that a reload or a phone waking
// up keeps the seat. The table gives the seat to a device the Guide accepts in the Guide's
// view (the headless game: to the first device that asks).
const seat = (() => {
  const KEY = "forward-guide-seat";
  let t = null;
  try { t = localStorage.getItem(KEY); } catch (e) {}
  if (t && /^[0-9a-f]{32}$/.test(t)) return t;
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  t = Array.from(b, x => x.toString(16).padStart(2, "0")).join("");
  try { localStorage.setItem(KEY, t); } catch (e) {}
  return t;
})();
const query = "code=" + encodeURIComponent(code) + "&seat=" + seat;

const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; };
const kinds = { card: "Card", domain: "Domain", guardian: "The Guardian", recap: "Recap" };

// What the page knows.
let snap = null;          // the last snapshot drawn
let etag = null;          // its ETag, sent back as If-None-Match
let resync = true;        // ask for everything: no If-None-Match, journal=0
let resyncs = 0;          // resyncs in a row (a server that never agrees is not hammered)
let journal = [];         // the journal entries held, oldest first
let link = "connecting";  // connecting, ok, offline, silent, busy, asking, seat, wrong, gone
let failures = 0;         // failed polls in a row
let failedSince = 0;      // when the polls began to fail (0: the table answers)
let answered = false;     // the table has answered this page with its run at least once
let sending = false;      // a POST is on its way
let wasGuide = false;     // the last drawn snapshot was the Guide's turn
let pending = [];         // physical dice typed so far for an offer of several dice
let pendingFor = "";

// Fetch with a deadline: the answer and its body within TIMEOUT_MS, else an AbortError.
async function timedFetch(url, opts) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), TIMEOUT_MS);
  try {
    const r = await fetch(url, Object.assign({ cache: "no-store", signal: ctl.signal }, opts));
    const body = r.status === 304 ? "" : await r.text();
    return { r, body };
  } finally {
    clearTimeout(timer);
  }
}

// What the link has cost and how it held, for anyone who asks the page (a soak test, a
// curious Guide in the console): polls, 304s, bytes of the bodies, failures, reconnects
// and the slowest answer in milliseconds.
const stats = { polls: 0, unchanged: 0, bytes: 0, failures: 0, reconnects: 0, slowest_ms: 0 };
window.forwardStats = stats;
const utf8 = new TextEncoder();

// Polling: one request at a time, the next one set after the last answer.
let pollTimer = 0, polling = false, pollAgain = false;
function pollIn(ms) { clearTimeout(pollTimer); pollTimer = setTimeout(poll, ms); }
function pollNow() { if (polling) pollAgain = true; else pollIn(0); }
async function poll() {
  clearTimeout(pollTimer);
  if (polling) { pollAgain = true; return; }
  polling = true;
  let wait = POLL_MS;
  try {
    const headers = {};
    if (etag && !resync) headers["If-None-Match"] = etag;
    const held = resync ? 0 : journal.length;
    const asked = performance.now();
    const { r, body } = await timedFetch("/state?" + query + "&journal=" + held, { headers });
    stats.polls++;
    stats.slowest_ms = Math.max(stats.slowest_ms, Math.round(performance.now() - asked));
    if (r.status === 304) stats.unchanged++;
    else stats.bytes += utf8.encode(body).length;
    if (r.status === 200) {
      const s = JSON.parse(body);
      etag = r.headers.get("ETag") || ('"' + s.version + '"');
      resync = false;
      online();
      if (!mergeJournal(s)) { resync = true; wait = resyncs++ ? POLL_MS : 0; } else resyncs = 0;
      draw(s);
      if (s.closed && !resync) wait = SLOW_MS;
    } else if (r.status === 304) {
      online();
      if (snap && snap.closed) wait = SLOW_MS;
    } else if (r.status === 202) {
      asking(JSON.parse(body).asking || {});
      wait = ASK_MS;
    } else if (r.status === 423) {
      seatTaken(body);
      wait = SLOW_MS;
    } else if (r.status === 410 || (r.status === 403 && answered)) {
      // Gone for good: the table retired this code, or a table that knew this page no
      // longer knows its code (a new run on the same address).
      gone(body.trim() || "The table closed: scan the new code.");
      wait = -1;
    } else if (r.status === 403) {
      wrongLink();
      wait = -1;
    } else if (r.status === 503) {
      // Busy, not gone: try again as the table says, without the word "Reconnecting".
      busy();
      wait = 1000 * (parseInt(r.headers.get("Retry-After") || "1", 10) || 1);
    } else {
      throw new Error("the table answered " + r.status);
    }
  } catch (e) {
    wait = unreachable();
  }
  polling = false;
  if (wait < 0) return;
  if (pollAgain) { pollAgain = false; wait = 0; }
  pollIn(wait);
}

// The journal arrives in increments: what follows the entries the page holds.
function mergeJournal(s) {
  if (!Array.isArray(s.journal)) return true;
  const from = typeof s.journal_from === "number" ? s.journal_from : 0;
  if (from > journal.length) return false;
  journal = from === 0 ? s.journal.slice() : journal.slice(0, from).concat(s.journal);
  return typeof s.journal_total !== "number" || journal.length === s.journal_total;
}

function setConn(text, cls) { const c = $("conn"); c.textContent = text; c.className = cls; }
function online() {
  if (link === "seat" || link === "asking") { $("seat").hidden = true; $("main").hidden = false; }
  answered = true; failedSince = 0;
  if (link === "offline" || link === "silent") stats.reconnects++;
  if (link !== "ok") {
    link = "ok"; failures = 0;
    setConn("Connected", "");
    $("top").classList.remove("offline");
    $("silent").hidden = true;
    enable();
  }
}
// The table did not answer: say so, keep what is shown, and try again, later and later.
// How the page tells "briefly away" from "gone for good" (docs/UI.md): a table that is
// gone for good answers so (410, or a closed snapshot); one that does not answer at all is
// briefly away (a network blip, the server stopped, the game restarting) until
// SILENT_MS have passed, and then the page says it may have closed.
function unreachable() {
  failures++;
  stats.failures++;
  resync = true;
  if (!failedSince) failedSince = Date.now();
  if (link === "seat" || link === "wrong" || link === "asking") { $("seat").hidden = true; $("link").hidden = true; $("main").hidden = false; }
  if (snap && snap.closed) {
    // The run was over or the table closed: that stays what the page says.
    setConn("Closed", "wait");
    return SLOW_MS;
  }
  const silent = Date.now() - failedSince >= SILENT_MS;
  link = silent ? "silent" : "offline";
  if (silent) {
    const mins = Math.floor((Date.now() - failedSince) / 60000);
    setConn("Not answering", "bad");
    $("silent").textContent = "The table has not answered for " + mins + " minute" + (mins === 1 ? "" : "s") +
      ". If it has closed, scan its new code; this page keeps checking now and then.";
    $("silent").hidden = false;
  } else {
    setConn("Reconnecting…", "bad");
  }
  $("top").classList.add("offline");
  if (!snap) $("turn").textContent = "Waiting for the table…";
  enable();
  return silent ? SILENT_POLL_MS : (BACKOFF_MS[failures - 1] || SLOW_MS);
}
function busy() {
  if (link !== "ok") link = "busy";
  setConn("Busy: trying again", "wait");
  enable();
}
// This device asks for the free seat: the Guide accepts it at the table, by its name.
function asking(device) {
  link = "asking"; failures = 0; failedSince = 0; answered = true; resync = true; wasGuide = false;
  setConn("Connected", "");
  const name = (device.kind || "This device") + " " + (device.id || "");
  const box = $("seat");
  box.className = "notice ask";
  const who = el("div", "device", name.trim());
  box.replaceChildren(el("strong", null, "Waiting for the Guide to accept this device"),
    el("div", null, "At the table, the Guide holds Tab for the Guide's view, where this device is named, and presses the key beside its name:"),
    who,
    el("div", "meta", "Nothing of the run shows here until then."));
  box.hidden = false;
  $("main").hidden = true; $("dock").hidden = true;
  setTurn("Asking to join as the Guide", "pairing", "");
  $("where").textContent = "";
  document.title = TITLE;
  layout();
}
// The table closed this link for good: say so, and stop asking.
function gone(text) {
  link = "gone";
  setConn("Closed", "wait");
  const box = $("link");
  box.replaceChildren(el("strong", null, "This link no longer opens the table"), el("div", null, text));
  box.hidden = false;
  $("seat").hidden = true; $("silent").hidden = true;
  $("main").hidden = true; $("dock").hidden = true;
  setTurn("The table closed", "closed", "");
  $("where").textContent = "";
  document.title = TITLE;
  layout();
}
function seatTaken(text) {
  link = "seat"; failures = 0; resync = true; wasGuide = false;
  setConn("Connected", "");
  const box = $("seat");
  box.className = "notice";
  box.replaceChildren(el("strong", null, "Not this device's seat"),
    el("div", null, text.trim() || "Another device holds this Guide's seat. The table can release it."));
  box.hidden = false;
  $("main").hidden = true; $("dock").hidden = true;
  setTurn("Seat taken by another device", "closed", "");
  $("where").textContent = "";
  document.title = TITLE;
  layout();
}
function wrongLink() {
  link = "wrong";
  setConn("Wrong link", "bad");
  const box = $("link");
  box.replaceChildren(el("strong", null, "This link does not open the table"),
    el("div", null, "Its code is not the table's. Ask the table for a fresh link or QR code and open that instead."));
  box.hidden = false;
  $("main").hidden = true; $("dock").hidden = true;
  setTurn("This link is wrong", "closed", "");
  document.title = TITLE;
  layout();
}
function setTurn(text, cls, cue) {
  const turn = $("turn");
  if (turn.textContent !== text) turn.textContent = text;
  turn.className = cls;
  $("top").className = cls + (link === "offline" ? " offline" : "");
  $("cue").textContent = cue;
}

// Buttons work only while the table answers, the run takes actions and nothing is on its way.
function enable() {
  $("away").hidden = link !== "offline" && link !== "silent";
  const off = link !== "ok" || sending || !snap || !!snap.closed || !!snap.away;
  document.querySelectorAll("#dock button, button.show").forEach(b => { b.disabled = off; });
}
function setError(text) { $("err").textContent = text; noteDock(); }
// The dock repeats the error line only while that line is out of sight (scrolled away or
// under the header or the dock).
function noteDock() {
  const line = $("err").textContent ? $("err") : $("refused");
  let t = line.textContent;
  if (t) {
    const r = line.getBoundingClientRect(), top = $("top").getBoundingClientRect().bottom;
    const bottom = $("dock").hidden ? innerHeight : $("dock").getBoundingClientRect().top;
    if (r.height && r.top >= top && r.bottom <= bottom) t = "";
  }
  if ($("dock-note").textContent !== t) $("dock-note").textContent = t;
}
addEventListener("scroll", noteDock, { passive: true });

async function post(path, body) {
  setError("");
  sending = true; enable();
  let answer = null, failed = "";
  // One retry on a network failure (a kept-alive connection the table closed while idle
  // fails at once); none after a timeout, which the table may have taken.
  for (let i = 0; i < 2 && !answer; i++) {
    try {
      answer = await timedFetch(path + "?" + query, body == null ? { method: "POST" } : { method: "POST", body: JSON.stringify(body) });
    } catch (e) {
      failed = e && e.name === "AbortError" ? "The table did not answer in time; look before trying again." : "The table did not answer; try again.";
      if (e && e.name === "AbortError") break;
    }
  }
  sending = false;
  if (!answer) setError(failed);
  else if (!answer.r.ok) setError(answer.body.trim() || "The table refused that (" + answer.r.status + ").");
  enable();
  pollNow();
  return !!answer && answer.r.ok;
}
const act = (action, dice) => post("/act", { action, dice: dice || [] });

// A card block: its name, kind, rules, what to read aloud and the Guide's direction.
function cardBlock(e, slot, hidden, nowCard) {
  const d = el("div", "card" + (hidden ? " hidden" : ""));
  d.dataset.card = e.card;
  if (slot && slot.art) {
    const img = el("img", "art"); img.alt = ""; img.loading = "lazy";
    img.src = "/icon/" + encodeURIComponent(slot.art) + "?code=" + encodeURIComponent(code);
    d.appendChild(img);
  }
  d.appendChild(el("span", "name", e.name));
  const bits = [e.card_type || kinds[e.kind] || ""];
  if (slot && slot.hp) bits.push("Health " + slot.hp);
  const meta = el("span", "meta", "  " + bits.filter(Boolean).join(" · "));
  if (hidden) meta.appendChild(el("span", "facedown", " · face down to the traveller"));
  else if (slot && slot.shown) meta.appendChild(el("span", "shown", " · you showed it to the traveller"));
  d.appendChild(meta);
  if (slot && slot.text) d.appendChild(el("div", "rules", slot.text));
  if (nowCard && e.card === nowCard && (e.read_aloud || e.direction)) {
    // Its words are already in Now, at the top: not twice on one screen.
    d.appendChild(el("div", "meta", "Its words to read and its notes are under Now, at the top."));
  } else {
    if (e.read_aloud) { d.appendChild(el("h3", null, "To read aloud")); d.appendChild(el("div", "read", e.read_aloud)); }
    if (e.direction) { d.appendChild(el("h3", null, e.kind === "recap" ? "Recap to narrate" : "For the Guide only")); d.appendChild(el("div", "direction", e.direction)); }
  }
  addShow(d, e);
  return d;
}
function addShow(box, e) {
  if (e.kind !== "card" || !e.card) return;
  const b = el("button", "show", "Show the traveller");
  b.type = "button";
  b.dataset.show = e.card;
  b.disabled = link !== "ok" || sending || !snap || !!snap.closed;
  b.onclick = async () => {
    if (await post("/show", { card: e.card })) {
      b.textContent = "Shown to the traveller"; b.classList.add("done");
      setTimeout(() => { b.textContent = "Show the traveller"; b.classList.remove("done"); }, 2500);
    }
  };
  box.appendChild(b);
}
function findSlot(s, card) {
  return [...(s.row || []), ...(s.next || [])].find(x => x && x.entry && x.entry.card === card) || null;
}

// Now: the held card, else the entry whose notes are now.
function drawNow(s) {
  const e = s.held || s.notes_entry;
  $("now-box").classList.toggle("held", !!s.held);
  $("held-tag").hidden = !s.held;
  const box = $("now");
  if (!e) {
    box.replaceChildren(el("h2", "now-name", s.notes_name || "Nothing to read"),
      el("p", "none", "Nothing to read aloud just now."));
    return;
  }
  const parts = [el("h2", "now-name", e.name)];
  const slot = findSlot(s, e.card);
  const bits = [e.card_type || kinds[e.kind] || ""];
  if (slot && slot.hp) bits.push("Health " + slot.hp);
  parts.push(el("div", "meta", bits.filter(Boolean).join(" · ")));
  parts.push(e.read_aloud ? el("p", "aloud", e.read_aloud) : el("p", "none", "Nothing to read aloud on this one."));
  if (e.direction) {
    parts.push(el("h3", null, e.kind === "recap" ? "Recap to narrate" : "For the Guide only"));
    parts.push(el("div", "direction", e.direction));
  }
  if (slot && slot.text) { parts.push(el("h3", null, "Its rules")); parts.push(el("div", "rules", slot.text)); }
  box.replaceChildren(...parts);
  addShow(box, e);
}

function dieButtons(offer, into) {
  return [1, 2, 3, 4, 5, 6].map(v => {
    const b = el("button", null, String(v));
    b.type = "button"; b.dataset.die = v;
    b.setAttribute("aria-label", "Die shows " + v);
    b.onclick = () => typeDie(offer, v, into);
    return b;
  });
}
// A physical die typed: sent at once, or, for an action that rolls several, once all are in.
function typeDie(offer, v, into) {
  const key = JSON.stringify(offer.action);
  if (pendingFor !== key) { pending = []; pendingFor = key; }
  pending.push(v);
  const need = Math.max(1, offer.dice || 1);
  if (pending.length < need) { showPicked(into, need); return; }
  const dice = pending; pending = []; pendingFor = "";
  showPicked(into, need);
  act(offer.action, dice);
}
function showPicked(into, need) {
  $(into + "-picked").textContent = pending.length ? "Typed: " + pending.join(", ") + " (" + pending.length + " of " + need + ")" : "";
}

function draw(s) {
  const first = !snap;
  const sameOffers = snap && JSON.stringify(snap.actions) === JSON.stringify(s.actions)
    && JSON.stringify(snap.awaiting_dice) === JSON.stringify(s.awaiting_dice);
  // New offers: dice typed for the old ones, and the error about them, no longer apply.
  if (!sameOffers) { pending = []; pendingFor = ""; $("die-picked").textContent = ""; $("await-picked").textContent = ""; if (!first) $("err").textContent = ""; }
  snap = s;
  const closed = !!s.closed, away = !closed && !!s.away;
  const guides = !closed && !away && !s.over && (s.turn === "guide" || !!s.held || !!s.awaiting_dice);
  if (closed) setTurn(s.closed, "closed", "");
  else if (away) setTurn("The table is away", "pairing", s.away);
  else if (s.over) setTurn("The run has ended.", "", s.cue || "");
  else setTurn(guides ? "Your turn, Guide" : "The traveller's turn", guides ? "guide" : "", s.cue || "");
  const mine = s.seat ? "This device: " + s.seat.kind + " " + s.seat.id : "";
  $("where").textContent = [s.domain, s.max_health != null ? "Health " + s.health + "/" + s.max_health : "", mine].filter(Boolean).join(" · ");
  // A Guide with the phone in hand notices the turn: the tab's title, and a buzz where
  // the phone allows it, once as the turn comes.
  document.title = guides ? "● Your turn · " + TITLE : TITLE;
  if (guides && !wasGuide && navigator.vibrate) { try { navigator.vibrate(180); } catch (e) {} }
  wasGuide = guides;

  drawNow(s);
  $("prompt").textContent = closed ? "" : (s.prompt || "");
  $("prompt-line").hidden = closed || !s.prompt;
  $("refused").textContent = s.refused ? "Not taken: " + s.refused : "";
  noteDock();

  // The dock: one set of die faces at a time. While the table waits for the Guide's die,
  // its box is the only one; while the Guide's dice are on the table, an action that rolls
  // them offers the faces to type and no roll on screen.
  const actions = closed || away ? [] : (s.actions || []);
  const waits = closed || away ? null : s.awaiting_dice;
  const physical = !!s.table_dice;
  const buttons = actions.filter(o => !(o.die && (physical || waits)));
  $("actions").classList.toggle("long", buttons.some(o => String(o.label || "").length > 24));
  $("actions").replaceChildren(...buttons.map(o => {
    const b = el("button", null, o.label);
    b.type = "button"; b.dataset.action = o.action.type;
    b.onclick = () => act(o.action);
    return b;
  }));
  const dieOffer = waits ? null : actions.find(o => o.die);
  $("die").hidden = !dieOffer;
  if (dieOffer) {
    const n = Math.max(1, dieOffer.dice || 1);
    const what = physical
      ? (n > 1 ? "Type the " + n + " dice you rolled" : "Type the die you rolled")
      : (n > 1 ? "Or type " + n + " physical dice" : "Or type a physical die");
    $("die-label").textContent = what + " for: " + dieOffer.label;
  }
  $("die-buttons").replaceChildren(...(dieOffer ? dieButtons(dieOffer, "die") : []));
  $("await-box").hidden = !waits;
  $("await-label").textContent = waits ? waits.label : "";
  $("await").replaceChildren(...(waits ? dieButtons(waits, "await") : []));
  $("continue").hidden = closed || away || !s.held;
  $("dock").hidden = !(actions.length || waits || (!closed && !away && s.held));

  const feed = (s.feed || []).slice(-8);
  $("feed").replaceChildren(...(feed.length
    ? feed.map((l, i) => el("div", i === feed.length - 1 ? "newest" : null, l))
    : [el("div", "meta", "Nothing yet.")]));

  const t = s.traveller;
  const list = (label, v) => el("div", null, label + ": " + (v && v.length ? v.join(", ") : "none"));
  $("traveller").replaceChildren(...(t ? [
    el("div", "first", ["Health " + t.health + "/" + t.max_health, t.standing, "Grace " + t.grace].filter(Boolean).join(" · ")),
    list("Items", t.items), list("Equipment", t.equipment), list("Companions", t.companions), list("Snares", t.snares)] : []));

  // Where each of the Guardian's terms stands, as the core's plan says (the Guide sees
  // them all; the traveller's table shows only the learned ones).
  const terms = s.terms || [];
  $("terms-box").hidden = !terms.length;
  const word = { met: "met", open: "open: still within reach", lost: "lost for good" };
  $("terms").replaceChildren(...terms.map(e => el("div", "term " + e.status,
    e.name + ": " + (word[e.status] || e.status) + (e.why ? " (" + e.why + ")" : "") +
    (e.known ? "" : " · the traveller does not know its terms yet"))));

  const faces = s.faces || [];
  $("faces-box").hidden = !faces.length;
  $("foe-title").textContent = s.foe ? s.foe.name + ": Health " + s.foe.hp + "/" + s.foe.max_hp : "The foe's faces";
  $("faces").replaceChildren(...faces.map((f, i) => {
    const lit = !!(s.foe && s.foe.lit === i + 1);
    const d = el("div", lit ? "lit" : null);
    d.appendChild(el("b", null, String(i + 1)));
    d.appendChild(document.createTextNode(f + (lit ? " (rolled)" : "")));
    return d;
  }));
  const ahead = s.ahead || [];
  $("ahead-box").hidden = !ahead.length;
  // At a route choice with nothing in Now to read, the Domains ahead are what the Guide
  // reads: they come up under Now; else they stay below, after the foe.
  const nowWords = s.held || (s.notes_entry && s.notes_entry.read_aloud);
  const aheadAfter = ahead.length && !nowWords ? $("now-box") : $("faces-box");
  if (aheadAfter.nextElementSibling !== $("ahead-box")) aheadAfter.after($("ahead-box"));
  $("ahead").replaceChildren(...ahead.map(e => cardBlock(e)));
  const nowCard = (s.held || s.notes_entry || {}).card;
  $("row").replaceChildren(...(s.row || []).map((slot, i) => slot
    ? cardBlock(slot.entry, slot, !!slot.hidden, nowCard)
    : el("div", "meta", "Slot " + (i + 1) + ": empty")));
  const next = s.next || [];
  $("next-count").textContent = next.length ? "(" + next.length + ")" : "";
  $("next").replaceChildren(...(next.length ? next.map(slot => cardBlock(slot.entry, slot, !!slot.hidden, nowCard)) : [el("div", "meta", "The deck is empty.")]));
  drawJournal();
  if (first && matchMedia("(min-width: 1000px)").matches) $("journal-box").open = true;
  enable();
  layout();
}

// The journal, newest first: new entries are put on top, the rest left as they are.
let journalShown = [];
function drawJournal() {
  const box = $("journal");
  const keys = journal.map(e => JSON.stringify(e));
  const n = journalShown.length;
  const appended = n > 0 && n <= keys.length && journalShown.every((k, i) => k === keys[i]);
  if (appended) {
    for (let i = n; i < journal.length; i++) box.prepend(cardBlock(journal[i]));
  } else {
    box.replaceChildren(...(journal.length
      ? journal.slice().reverse().map(e => cardBlock(e))
      : [el("div", "meta", "Nothing written yet.")]));
  }
  journalShown = keys;
  $("journal-count").textContent = journal.length ? "(" + journal.length + ")" : "";
}

// The body leaves room under its last line for the dock.
function layout() {
  const dock = $("dock"), wide = matchMedia("(min-width: 1000px)").matches;
  dock.classList.toggle("beside", wide);
  if (wide) {
    const col = $("now-col").getBoundingClientRect();
    dock.style.left = Math.max(0, col.left - 10) + "px";
    dock.style.width = (col.width + 20) + "px";
  } else {
    dock.style.left = ""; dock.style.width = "";
  }
  document.body.style.setProperty("--dock-h", (dock.hidden ? 0 : dock.offsetHeight) + "px");
  noteDock();
}
if (window.ResizeObserver) new ResizeObserver(layout).observe($("dock"));
window.addEventListener("resize", layout);

$("continue").onclick = () => post("/continue", null);
// A phone waking up asks at once instead of waiting out a long backoff.
document.addEventListener("visibilitychange", () => { if (!document.hidden) pollNow(); });
poll();
