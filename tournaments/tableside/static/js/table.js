// The table page: enter this table's results on a phone through the table API.
// Entries are queued in localStorage with their own client id and sent when the connection allows, so a result
// typed while the wifi is down is kept and sent once (the server stores each client id once).
// One page for every event kind: a teams room (data-kind="teams") draws its boards and entry with room.js (loaded
// first, as window.BridgedeskRoom), a party table (data-kind="party") with party.js (window.BridgedeskParty); the
// queue, the offline banner, the polling, the push and the worker are these.
(function () {
  "use strict";
  // The page's language's letters ({% letters_json %}: seats, ranks, suits, no-trump), keyed by the stored English
  // letters the API takes; shared with the sign-in, the bidding box and the play (window.BridgedeskLetters).
  const blob = document.getElementById("bd-letters");
  const L = window.BridgedeskLetters = Object.assign({ seats: {}, ranks: {}, suits: {}, no_trump: "NT" }, blob ? JSON.parse(blob.textContent) : {});
  L.seat = (s) => L.seats[s] || s;
  L.rank = (r) => L.ranks[r] || (r === "T" ? "10" : r);
  L.double = (x) => (L.doubles && L.doubles[x]) || x; // "X" -> "D" in Swedish
  L.vul = (v) => (L.vulnerability && L.vulnerability[v]) || v; // "EW" -> "OW" in Dutch, "None" -> "Personne"
  L.pair = (p) => (p.length === 2 ? L.seat(p[0]) + L.seat(p[1]) : p); // "EW" -> "EO" in French
  const app = document.getElementById("table-app");
  if (!app) return;
  const api = app.dataset.api;
  const token = app.dataset.token;
  const queueKey = "bridgedesk-queue-" + token;
  // A teams room (room.js) and a party table (party.js) draw their own table; both take the same interface.
  const room = { teams: window.BridgedeskRoom, party: window.BridgedeskParty }[app.dataset.kind] || null;
  const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣", NT: L.no_trump };
  // Duplicate whist (data-game="whist"): the keypad takes N-S's tricks and a revoke ("EW", "NS2", "EW1/4": side, how
  // often, tricks the side had won before it), no contract; the full penalty ("!") is the director's ruling alone.
  const whist = app.dataset.game === "whist";
  const $ = (id) => document.getElementById(id);
  let state = null;
  let etag = null;
  let entry = null; // the board being entered: {board, level, strain, double, pass, declarer, leadSuit, leadRank, delta}
  let lastPreview = null;

  function clientId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
  }
  function queue() { try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; } }
  function saveQueue(q) { localStorage.setItem(queueKey, JSON.stringify(q)); showOffline(); }
  function esc(text) { const d = document.createElement("div"); d.textContent = text == null ? "" : String(text); return d.innerHTML; }
  // Each name of a pair in its own <bdi>, so an Arabic or Hebrew name keeps its direction and its place by the "&".
  function bdiNames(text) { return String(text == null ? "" : text).split(" & ").map((n) => "<bdi>" + esc(n) + "</bdi>").join(" &amp; "); }
  function contractText(c) {
    if (!c || c === "PASS") return gettext("Passed out");
    const m = /^([1-7])(NT|[SHDC])(X{0,2})$/.exec(c);
    return m ? m[1] + SUIT[m[2]] + (m[3] ? L.double(m[3]) : "") : c;
  }
  function sideText(side) { return side === "NS" ? L.seat("N") + "-" + L.seat("S") : L.seat("E") + "-" + L.seat("W"); }
  // A whist line as the traveller writes it: "N-S 8 tricks, revoke E-W" (the revoke as typed: side, how often, and
  // the tricks won before it: "revoke E-W ×2 after 4 tricks").
  function whistText(r) {
    const tricks = interpolate(ngettext("%(side)s %(tricks)s trick", "%(side)s %(tricks)s tricks", r.tricks), { side: sideText("NS"), tricks: r.tricks }, true);
    const m = /^(NS|EW)(\d*)(?:\/(\d+))?/.exec(r.revoke || "");
    if (!m) return tricks;
    const side = sideText(m[1]) + (m[2] && m[2] !== "1" ? " ×" + m[2] : "");
    const before = Number(m[3] || 0);
    return tricks + ", " + (before
      ? interpolate(ngettext("revoke %(side)s after %(before)s trick", "revoke %(side)s after %(before)s tricks", before), { side: side, before: before }, true)
      : interpolate(gettext("revoke %(side)s"), { side: side }, true));
  }
  function lineText(r) { return whist ? whistText(r) : contractText(r.contract) + (r.declarer ? " " + L.seat(r.declarer) : ""); }

  function showOffline() {
    const n = queue().length;
    const el = $("ts-offline");
    el.hidden = n === 0;
    el.textContent = n === 0 ? "" : interpolate(ngettext(
      "%(count)s result is waiting to be sent: it is kept on this phone and goes as soon as the connection is back.",
      "%(count)s results are waiting to be sent: they are kept on this phone and go as soon as the connection is back.",
      n), { count: n }, true);
  }

  // Loads overlap (a push, the page's own post, the poll): only the last one asked is shown, so a slow answer
  // read before a write (the hands just entered) never replaces a newer one and leaves the page behind.
  let asked = 0;
  async function load() {
    const mine = ++asked;
    try {
      // Asks with the last answer's ETag: 304 (nothing changed since) keeps what is shown and its clock ticking.
      const headers = etag ? { Accept: "application/json", "If-None-Match": etag } : { Accept: "application/json" };
      const r = await fetch(api, { headers: headers, cache: "no-store" });
      // A superseded answer's body is let go: left unread, it would hold one of the phone's few connections.
      // A 304 may carry a newer ETag (no write since touched this table): the next poll asks with it.
      if (r.status === 304 && mine === asked && state) etag = r.headers.get("ETag") || etag;
      if (mine !== asked || (r.status === 304 && state)) { if (r.body) r.body.cancel(); return; }
      const body = await r.json();
      if (mine !== asked) return;
      etag = r.ok ? r.headers.get("ETag") : null;
      if (!r.ok) { document.querySelector(".ts-boards").innerHTML = '<p class="card error">' + esc(body.message) + "</p>"; return; }
      state = body;
      if (room) { room.pending(state, queue()); room.render(state); return; }
      pending();
      render();
      // The sign-in and the hands (js/signin.js, js/hands.js) draw their own parts from the same state.
      app.dispatchEvent(new CustomEvent("tablestate", { detail: state }));
    } catch (e) { /* offline: keep showing what we had */ }
  }
  app.addEventListener("tableload", load); // they ask for the state again after a post of theirs

  // A result still in the queue shows as entered (score to come), also when the state came from the worker's
  // cache with no network: the phone never offers a board again that it has already taken.
  function pending() {
    queue().forEach((item) => {
      const b = state.boards.find((x) => x.board === item.payload.board);
      if (b && !b.result) b.result = { contract: item.payload.contract, declarer: item.payload.declarer, tricks: item.payload.tricks, revoke: item.payload.revoke, ns_score: null };
    });
  }

  function render() {
    $("ts-round").textContent = "· " + (state.complete ? gettext("all rounds entered") : interpolate(gettext("Round %(round)s of %(rounds)s"), { round: state.round, rounds: state.rounds }, true));
    const pair = (p, seat) => p ? '<div class="seat"><strong>' + seat + " " + esc(p.number) + "</strong> " + bdiNames(p.names) + "</div>" : '<div class="seat muted">' + esc(interpolate(gettext("%(pair)s sit out"), { pair: seat }, true)) + "</div>";
    $("ts-seats").innerHTML = pair(state.ns, L.seat("N") + L.seat("S")) + pair(state.ew, L.seat("E") + L.seat("W"));
    const boards = state.boards.map((b) => {
      const done = b.result ? '<span class="done">' + esc(lineText(b.result)) + (b.result.ns_score == null ? " · " + gettext("score to come") : " · " + L.pair("NS") + " " + (b.result.ns_score > 0 ? "+" : "") + b.result.ns_score) + (state.settings.table_changes ? " · " + gettext("tap to change") : "") + "</span>" : '<span class="todo">' + gettext("Enter") + "</span>";
      return '<button type="button" class="ts-board' + (b.result ? " is-done" : "") + (b.disputed ? " is-disputed" : "") + '" data-board="' + b.board + '"><strong>' + interpolate(pgettext("bridge", "Board %(board)s"), { board: b.board }, true) + '</strong><span class="muted">' + esc(whist ? interpolate(gettext("Dealer %(dealer)s"), { dealer: L.seat(b.dealer) }, true) : interpolate(gettext("Dealer %(dealer)s · Vul %(vulnerability)s"), { dealer: L.seat(b.dealer), vulnerability: L.vul(b.vulnerability) }, true)) + "</span>" + done + (b.disputed ? '<span class="error">' + gettext("The director will check this board") + "</span>" : "") + "</button>";
    });
    $("ts-boards").innerHTML = boards.join("");
    showMove();
    tick();
  }

  // Where each pair goes next (state.move, once the round's boards are in) and "Move now" once the round clock,
  // counted down here from the director's clock as last pushed (or polled), has run out: no write happens at 0,
  // so the phone says it by itself, as the big screen does; the director starting the next round is pushed.
  function showMove() {
    const t = state.timer;
    const now = !state.complete && !!t && t.running && t.remaining_seconds != null && t.remaining_seconds <= 0;
    const html = (now ? '<h2 class="ts-move-now">' + gettext("Move now") + "</h2>" : state.move ? "<h2>" + gettext("Move") + "</h2>" : "") +
      (state.move ? '<p class="lead">' + esc(state.move) + "</p>" : "");
    const move = $("ts-move");
    move.hidden = !html;
    if (move.dataset.shown !== html) { move.dataset.shown = html; move.innerHTML = html; }
  }

  function tick() {
    const el = $("ts-timer");
    if (!state || !state.timer || state.timer.remaining_seconds == null) { el.textContent = ""; return; }
    const s = state.timer.remaining_seconds;
    el.textContent = bridgedeskClock(s, state.timer.running, false);
    el.classList.toggle("late", s < 0);
    if (!room) showMove();
  }
  setInterval(() => { if (state && state.timer && state.timer.running && state.timer.remaining_seconds != null) { state.timer.remaining_seconds -= 1; tick(); } }, 1000);

  function open(board) {
    entry = { board: board, level: "", strain: "", double: "", pass: false, declarer: "", leadSuit: "", leadRank: "", delta: null, tricks: null, revoke: "", revokes: 1, before: 0 };
    $("ts-entry-title").textContent = interpolate(pgettext("bridge", "Board %(board)s"), { board: board }, true);
    delete app.dataset.auction; // js/bidding.js sets it again once the auction on its box has ended
    delete app.dataset.play; // js/play.js sets it once the play has ended (13 tricks or a claim)
    const b = state.boards.find((x) => x.board === board);
    app.dispatchEvent(new CustomEvent("entryopen", { detail: { board: board, dealer: b ? b.dealer : "N", bidding: !!state.settings.bidding, play: !!state.settings.play } }));
    $("ts-entry").hidden = false;
    $("ts-traveller").hidden = true;
    $("ts-error").textContent = "";
    paint();
    $("ts-entry").scrollIntoView({ behavior: "smooth" });
  }

  function payload() {
    if (!entry) return null;
    if (whist) return entry.tricks == null ? null : { board: entry.board, tricks: entry.tricks, revoke: whistRevoke() };
    const auction = Object.assign(app.dataset.auction ? { auction: app.dataset.auction } : {}, app.dataset.play ? { play: app.dataset.play } : {});
    if (entry.pass) return Object.assign({ board: entry.board, contract: "PASS", declarer: "", lead: "", tricks: null }, auction);
    if (!entry.level || !entry.strain || !entry.declarer || entry.delta == null) return null;
    return {
      board: entry.board,
      contract: entry.level + entry.strain + entry.double,
      declarer: entry.declarer,
      lead: entry.leadSuit && entry.leadRank ? entry.leadSuit + entry.leadRank : "",
      tricks: Number(entry.level) + 6 + entry.delta,
      ...auction,
    };
  }

  function paint() {
    const mark = (sel, attr, value) => document.querySelectorAll(sel).forEach((b) => b.classList.toggle("on", b.dataset[attr] === value));
    if (whist) return paintWhist(mark);
    mark("#k-level button", "level", entry.level);
    mark("#k-strain button", "strain", entry.strain);
    mark("#k-double button", "double", entry.double);
    mark("#k-declarer button", "declarer", entry.declarer);
    mark("#k-lead-suit button", "leadSuit", entry.leadSuit);
    mark("#k-lead-rank button", "leadRank", entry.leadRank);
    $("k-pass").classList.toggle("on", entry.pass);
    const level = Number(entry.level || 0);
    const keys = [];
    if (level) {
      for (let d = -(level + 6); d <= 7 - level; d++) keys.push('<button type="button" data-delta="' + d + '" class="' + (entry.delta === d ? "on" : "") + '">' + (d === 0 ? "=" : (d > 0 ? "+" : "") + d) + "</button>");
    }
    $("k-result").innerHTML = keys.join("");
    const p = payload();
    lastPreview = null; // a score shown is always the one for what is on the keypad now
    $("ts-send").disabled = !p;
    $("ts-summary").textContent = p ? describe(p, null) : gettext("Choose the contract, declarer and result.");
    if (p) preview(p);
  }

  // The revoke as the API takes it: "EW", "NS2", "EW1/4" (the tricks before it only when some were won).
  function whistRevoke() {
    if (!entry.revoke) return "";
    return entry.revoke + (entry.revokes > 1 || entry.before ? String(entry.revokes) : "") + (entry.before ? "/" + entry.before : "");
  }
  // The most tricks the revoking side can have won before its revoke: what it took in the deal.
  function revokerTricks() { return entry.tricks == null ? 13 : (entry.revoke === "NS" ? entry.tricks : 13 - entry.tricks); }

  function paintWhist(mark) {
    if (entry.before > revokerTricks()) entry.before = 0;
    mark("#k-tricks button", "tricks", entry.tricks == null ? null : String(entry.tricks));
    mark("#k-revoke button", "revoke", entry.revoke);
    mark("#k-revokes button", "revokes", String(entry.revokes));
    mark("#k-before button", "before", String(entry.before));
    document.querySelectorAll("#k-before button").forEach((b) => { b.disabled = Number(b.dataset.before) > revokerTricks(); });
    $("k-revokes").hidden = !entry.revoke;
    $("k-before-row").hidden = !entry.revoke;
    const p = payload();
    lastPreview = null;
    $("ts-send").disabled = !p;
    $("ts-summary").textContent = p ? describe(p, null) : gettext("Choose the tricks North-South took.");
    if (p) preview(p);
  }

  function describe(p, score) {
    if (whist) return interpolate(gettext("Board %(board)s: %(line)s"), { board: p.board, line: whistText(p) }, true) + (score == null ? "" : " · NS " + score);
    const c = contractText(p.contract);
    const what = { board: p.board, contract: c, declarer: L.seat(p.declarer), tricks: p.tricks };
    let text = p.declarer ? interpolate(gettext("Board %(board)s: %(contract)s by %(declarer)s"), what, true)
      : interpolate(gettext("Board %(board)s: %(contract)s"), what, true);
    if (p.tricks != null) text += ", " + interpolate(ngettext("%(tricks)s trick", "%(tricks)s tricks", p.tricks), what, true);
    if (p.lead) text += ", " + interpolate(gettext("lead %(card)s"), { card: SUIT[p.lead[0]] + L.rank(p.lead.slice(1)) }, true);
    return text + (score == null ? "" : " · NS " + (score > 0 ? "+" : "") + score);
  }

  let previewTimer = null;
  function preview(p) {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(async () => {
      try {
        const r = await fetch(api + "preview", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(Object.assign({ client_id: "preview" }, p)) });
        const body = await r.json();
        if (JSON.stringify(payload()) !== JSON.stringify(p)) return; // the keypad moved on meanwhile
        if (r.ok) { lastPreview = body.ns_score; $("ts-summary").textContent = describe(p, body.ns_score); $("ts-error").textContent = ""; }
        else { $("ts-error").textContent = body.message; }
      } catch (e) { lastPreview = null; $("ts-summary").textContent = describe(p, null) + " · " + gettext("score shown once sent (offline)"); }
    }, 120);
  }

  function send() {
    const p = payload();
    if (!p) return;
    if (state.settings.opponents_confirm) {
      $("ts-confirm-text").textContent = describe(p, lastPreview);
      $("ts-confirm").hidden = false;
      $("ts-entry").hidden = true;
      return;
    }
    commit(p);
  }

  function enqueue(p) {
    const q = queue();
    q.push({ client_id: clientId(), payload: p });
    saveQueue(q);
  }

  function commit(p) {
    enqueue(p);
    if (room) { room.pending(state, [{ payload: p }]); room.render(state); flush(); return; }
    $("ts-confirm").hidden = true;
    $("ts-entry").hidden = true;
    const board = state.boards.find((b) => b.board === p.board);
    if (board) { board.result = { contract: p.contract, declarer: p.declarer, tricks: p.tricks, revoke: p.revoke, ns_score: lastPreview }; render(); }
    flush().then(() => afterBoard(p.board));
  }

  let flushing = false;
  // Sends the queue; loads the state after anything was sent (or when asked: the page opening, the network back).
  // An empty queue costs nothing: the state's refresh is the push's (or the poll's below), not the queue's timer.
  async function flush(force) {
    if (flushing) return;
    flushing = true;
    let sent = 0;
    try {
      let q = queue();
      while (q.length) {
        const item = q[0];
        let r;
        try {
          r = await fetch(api + "results", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(Object.assign({ client_id: item.client_id }, item.payload)) });
        } catch (e) { break; } // offline: try again later
        const body = await r.json().catch(() => ({}));
        if (r.status === 429 || r.status >= 500) break;
        q = queue().filter((x) => x.client_id !== item.client_id);
        saveQueue(q);
        sent += 1;
        if (room && r.status >= 400) room.refused(item.payload, body.message || gettext("refused"), state);
        else if (r.status === 409) $("ts-error").textContent = body.message || "";
        else if (r.status === 422 || r.status === 403) alert(interpolate(gettext("Board %(board)s: %(reason)s"), { board: item.payload.board, reason: body.message || gettext("refused") }, true));
      }
    } finally { flushing = false; }
    if (sent || force === true) await load();
  }

  async function afterBoard(board) {
    if (!state || !state.settings.show_traveller) return;
    try {
      const r = await fetch(api + "traveller/" + board);
      if (!r.ok) return;
      const body = await r.json();
      // Names and percentages come only when the director shows them (TableSettings): columns follow the answer.
      const names = body.lines.some((l) => "ns_names" in l);
      const pct = body.lines.some((l) => "ns_points" in l);
      const cell = (v) => "<td class=\"num\">" + (v == null ? "" : esc(v)) + "</td>";
      const pair = (label, who) => esc(label) + (names && who ? ' <span class="muted">' + bdiNames(who) + "</span>" : "");
      const rows = body.lines.map((l) => "<tr" + (l.yours ? ' class="yours"' : "") + "><td>" + pair(l.ns, l.ns_names) + "</td><td>" + pair(l.ew, l.ew_names) + "</td><td>" + esc(whist ? l.tricks + (l.revoke ? " R " + sideText(l.revoke.slice(0, 2)) + (l.r_mark ? " " + l.r_mark : "") : "") : contractText(l.contract) + " " + L.seat(l.declarer)) + "</td>" + cell(l.ns_score) + (pct ? cell(l.ns_percent != null ? l.ns_percent + "%" : l.ns_points) + cell(l.ew_percent != null ? l.ew_percent + "%" : l.ew_points) : "") + "</tr>");
      const t = $("ts-traveller");
      t.innerHTML = "<h2>" + interpolate(gettext("Board %(board)s so far"), { board: board }, true) + "</h2><table class=\"table compact\"><thead><tr><th>NS</th><th>EW</th><th>" + (whist ? gettext("N-S tricks") : gettext("Contract")) + "</th><th class=\"num\">NS</th>" + (pct ? "<th class=\"num\">NS %</th><th class=\"num\">EW %</th>" : "") + "</tr></thead><tbody>" + rows.join("") + "</tbody></table>";
      t.hidden = false;
      app.dispatchEvent(new CustomEvent("travellershown", { detail: body })); // js/play.js adds the table's auction and play
    } catch (e) { /* offline */ }
  }

  app.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    if (room) { if (b.dataset.board && state) room.open(state, Number(b.dataset.board)); return; }
    if (b.dataset.board) return open(Number(b.dataset.board));
    if (!entry) return;
    if (b.dataset.tricks) { entry.tricks = Number(b.dataset.tricks); }
    else if (b.dataset.revoke !== undefined) { entry.revoke = b.dataset.revoke; entry.revokes = 1; entry.before = 0; }
    else if (b.dataset.before) { entry.before = Number(b.dataset.before); }
    else if (b.dataset.revokes) { entry.revokes = Number(b.dataset.revokes); }
    else if (b.dataset.level) { entry.level = b.dataset.level; entry.pass = false; entry.delta = null; }
    else if (b.dataset.strain) { entry.strain = b.dataset.strain; entry.pass = false; }
    else if (b.dataset.double !== undefined) { entry.double = b.dataset.double; }
    else if (b.id === "k-pass") { entry.pass = !entry.pass; }
    else if (b.dataset.declarer) { entry.declarer = b.dataset.declarer; }
    else if (b.dataset.leadSuit) { entry.leadSuit = b.dataset.leadSuit; }
    else if (b.dataset.leadRank) { entry.leadRank = b.dataset.leadRank; }
    else if (b.dataset.delta !== undefined) { entry.delta = Number(b.dataset.delta); }
    else return;
    paint();
  });
  function wirePairs() {
    $("ts-send").addEventListener("click", send);
    $("ts-cancel").addEventListener("click", () => { $("ts-entry").hidden = true; entry = null; });
    $("ts-confirm-yes").addEventListener("click", () => commit(payload()));
    $("ts-confirm-no").addEventListener("click", () => { $("ts-confirm").hidden = true; $("ts-entry").hidden = false; });
    $("ts-call").addEventListener("click", async () => {
      try {
        const r = await fetch(api + "call", { method: "POST" });
        $("ts-call-done").textContent = r.ok ? gettext("The director has been called.") : gettext("Could not call: try again.");
      } catch (e) { $("ts-call-done").textContent = gettext("No connection: raise your hand."); }
    });
  }
  if (room) room.start({ api: api, commit: commit });
  else wirePairs();

  // Installable and offline: the service worker (scope /t/) keeps this page and its last state, so the page
  // opens with no network, even after the phone restarted; the queue above sends what was typed meanwhile.
  if ("serviceWorker" in navigator && app.dataset.sw) {
    navigator.serviceWorker.register(app.dataset.sw, { scope: "/t/" }).catch(() => { /* not installable here */ });
    navigator.serviceWorker.ready.then((reg) => {
      const words = document.querySelector("script[src*='/jsi18n/']"); // the page's words, kept for offline too
      const keep = [location.pathname, api].concat(words ? [words.getAttribute("src")] : []);
      if (reg.active) reg.active.postMessage({ keep: keep });
    });
  }
  window.addEventListener("online", () => flush(true));
  setInterval(flush, 5000);
  app.addEventListener("bd:push", load); // a write to the session committed (static/js/push.js)
  setInterval(() => { if (!queue().length && app.dataset.pushOpen !== "1") load(); }, 5000);
  showOffline();
  // The first state is asked for once every script of the page has run: js/play.js and the others listen for
  // what this one dispatches, and a fast answer drew boards that a quick tap opened before they listened (the
  // play pad then stayed hidden).
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => flush(true));
  else flush(true);
})();
