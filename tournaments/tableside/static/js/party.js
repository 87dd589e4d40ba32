// The table page of a party table: this round's guests at the table and its score, sent through the one table API
// (tournaments/parties/terminal.py). table.js (loaded after this) keeps the queue, the offline banner, the polling
// and the push; this draws the table and its entry. The phone types the two pairs' totals (at a bridge party, or
// deal by deal: contract, declarer, tricks, honors; at solo, each seat's chips) and sends them with the round it showed and "seen", what the table held then: if the host
// changed the table meanwhile, the server refuses it (409) and the page shows what is there now.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const SEATS = ["N", "E", "S", "W"];
  let ctx = null;
  let shown = null; // the state drawn last
  let mode = null; // the kind of entry on the keypad: the state's first, or "deals" when chosen (bridge)
  let dealRows = 4; // rubber bridge may play more deals in a round
  let gameRows = 0; // a party game's deals (the state's deal_rows; cinch adds rows until the bell)

  // The page's letters (js/table.js, loaded after this, sets them before the first state is drawn): the seats and
  // sides are labelled in them, and a contract typed in them ("4C" is four hearts in French) is sent with
  // `letters`, so the server reads it in the same language.
  const L = () => window.BridgedeskLetters || { language: "", seat: (s) => s, pair: (p) => p };
  function esc(text) { const d = document.createElement("div"); d.textContent = text == null ? "" : String(text); return d.innerHTML; }
  // The table's seats: N, E, S, W, or the laws' numbered seats 1 to 6 at five hundred for three, five or six.
  function seatsOf(state) { const keys = Object.keys((state && state.seats) || {}); return keys.length ? keys : SEATS; }
  function seatText(s) { return /^[0-9]$/.test(s) ? s : L().seat(s); }
  function kind(state) { return mode && state.entry_kinds.indexOf(mode) >= 0 ? mode : state.entry_kinds[0]; }

  // Deal by deal (progressive, pivot and rubber bridge): contract as typed ("4S", "3NTX", "PASS"), declarer,
  // tricks taken by declarer, honors; scored by the party's rules on the server (the preview shows the totals).
  function drawDeals() {
    const body = $("ts-party-deal-rows");
    while (body.children.length < dealRows) {
      const n = body.children.length + 1;
      const seats = ["", "N", "E", "S", "W"].map((s) => '<option value="' + s + '">' + (s ? esc(L().seat(s)) : "—") + "</option>").join("");
      const honors = ["", "NS100", "NS150", "EW100", "EW150"].map((h) => '<option value="' + h + '">' + (h ? esc(L().pair(h.slice(0, 2))) + " " + h.slice(2) : "—") + "</option>").join("");
      const row = document.createElement("tr");
      row.innerHTML = "<td>" + n + '</td><td><input data-deal="contract" size="5" autocomplete="off" autocapitalize="characters" aria-label="' + esc(interpolate(gettext("Deal %(deal)s contract"), { deal: n }, true)) + '"></td>' +
        '<td><select data-deal="declarer">' + seats + '</select></td><td><input data-deal="tricks" inputmode="numeric" size="2" autocomplete="off"></td>' +
        '<td><select data-deal="honors">' + honors + "</select></td>";
      body.appendChild(row);
    }
  }

  function deals() {
    const rows = [];
    for (const tr of $("ts-party-deal-rows").children) {
      const v = (name) => tr.querySelector('[data-deal="' + name + '"]').value.trim();
      if (!v("contract") && !v("declarer") && !v("tricks")) continue;
      rows.push({ contract: v("contract").toUpperCase(), declarer: v("declarer"), tricks: v("tricks") === "" ? null : v("tricks"), honors: v("honors") });
    }
    return rows;
  }
  // Deal by deal at whist, five hundred, cinch and solo: the fields the game's module names (state.deal_fields);
  // checked and scored by the game's laws on the server, a mistake named at its deal (the preview's answer).
  function drawGames(state) {
    const body = $("ts-party-game-rows");
    const pad = state.form + ":" + state.deal_fields.map((f) => f.field).join(",");
    if (body.dataset.form !== pad) {
      body.innerHTML = ""; body.dataset.form = pad; gameRows = state.deal_rows || 4;
      // A seat's own column (five hundred at three, five or six: "tricks_3") is headed by its number alone.
      const seatOf = (f) => (/^tricks_([0-9])$/.exec(f.field) || [])[1];
      $("ts-party-game-head").innerHTML = "<th>#</th>" + state.deal_fields.map((f) => seatOf(f)
        ? '<th class="seat-col" title="' + esc(f.label) + '">' + esc(seatOf(f)) + "</th>" : "<th>" + esc(f.label) + "</th>").join("");
      $("ts-party-game-seats").hidden = !state.deal_fields.some(seatOf);
    }
    const cell = (f, n) => {
      const label = ' aria-label="' + esc(f.label + " " + n) + '"';
      if (f.field === "bidder") return '<select data-game="bidder"' + label + ">" + [""].concat(seatsOf(state)).map((s) => '<option value="' + s + '">' + (s ? esc(seatText(s)) : "—") + "</option>").join("") + "</select>";
      if (f.field === "double") return '<select data-game="double"' + label + '><option value="0">—</option><option value="1">X</option><option value="2">XX</option></select>';
      return '<input data-game="' + f.field + '"' + label + (f.field === "bid" ? ' size="6" autocapitalize="characters"' : f.field === "partners" ? ' size="4"' : ' inputmode="numeric" size="2"') + ' autocomplete="off">';
    };
    while (body.children.length < gameRows) {
      const n = body.children.length + 1;
      const row = document.createElement("tr");
      row.innerHTML = "<td>" + n + "</td>" + state.deal_fields.map((f) => "<td>" + cell(f, n) + "</td>").join("");
      body.appendChild(row);
    }
  }

  function gameDeals() {
    const rows = [];
    for (const tr of $("ts-party-game-rows").children) {
      const row = {};
      tr.querySelectorAll("[data-game]").forEach((el) => { const v = el.value.trim(); if (v && !(el.dataset.game === "double" && v === "0")) row[el.dataset.game] = v; });
      if (Object.keys(row).length) rows.push(row);
    }
    return rows;
  }
  function signed(n) { return (n > 0 ? "+" : "") + n; }

  function resultText(r) {
    if (!r) return gettext("Not entered yet.");
    if (r.queued) return gettext("Kept on this phone: it is sent as soon as the connection allows.");
    const scores = r.seat_totals ? seatsOf(shown).filter((s) => s in r.seat_totals).map((s) => seatText(s) + " " + signed(r.seat_totals[s])).join(" · ")
      : interpolate(gettext("N-S %(ns)s, E-W %(ew)s"), { ns: r.ns_total, ew: r.ew_total }, true);
    return scores + (r.winner_label ? " · " + interpolate(gettext("%(winner)s move up"), { winner: r.winner_label }, true) : "");
  }

  function render(state) {
    shown = state;
    $("ts-round").textContent = state.round ? "· " + interpolate(gettext("Round %(round)s"), { round: state.round }, true) : "";
    const seats = state.seats || {};
    $("ts-seats").innerHTML = seatsOf(state).map((s) => '<div class="seat"><strong>' + esc(seatText(s)) + "</strong> " + esc(seats[s] || "—") + "</div>").join("") +
      (state.sitting_out ? '<div class="seat muted">' + esc(interpolate(gettext("%(name)s sits out"), { name: state.sitting_out }, true)) + "</div>" : "");
    const individual = kind(state) === "seats";
    const byDeal = kind(state) === "deals";
    const byGame = kind(state) === "games";
    $("ts-party-modes").hidden = state.entry_kinds.length < 2;
    $("ts-party-modes").style.display = state.entry_kinds.length < 2 ? "none" : ""; // .keys' display beats [hidden]
    // The modes this form may send; style, not [hidden]: a button's CSS display beats the attribute.
    document.querySelectorAll("[data-party-mode]").forEach((b) => { b.style.display = state.entry_kinds.indexOf(b.dataset.partyMode) < 0 ? "none" : ""; b.classList.toggle("on", b.dataset.partyMode === kind(state)); });
    $("ts-party-deals").hidden = !byDeal;
    $("ts-party-more").hidden = state.form !== "rubber";
    if (byDeal) drawDeals();
    $("ts-party-games").hidden = !byGame;
    $("ts-party-game-more").style.display = state.more_deals ? "" : "none";
    if (byGame) drawGames(state);
    $("ts-party-totals").hidden = individual || byDeal || byGame;
    $("ts-party-seats").hidden = !individual;
    SEATS.forEach((s) => { $("ts-party-" + s + "-label").textContent = L().seat(s) + " " + (seats[s] || ""); });
    $("ts-party-tie").hidden = !state.host_tie;
    $("ts-party-result").textContent = resultText(state.result);
    $("ts-party").classList.toggle("is-done", !!state.result);
    $("ts-party-send").disabled = state.status !== "playing" || !state.seats;
    const r = state.result && !state.result.queued ? state.result : null;
    if (r && document.activeElement && !$("ts-party").contains(document.activeElement)) {
      if (r.seat_totals && "N" in r.seat_totals) SEATS.forEach((s) => { $("ts-party-" + s).value = r.seat_totals[s]; });
      else if (!r.seat_totals) { $("ts-party-ns").value = r.ns_total; $("ts-party-ew").value = r.ew_total; }
    }
    $("ts-party-waiting").textContent = state.waiting.length ? interpolate(gettext("Waiting for table %(tables)s"), { tables: state.waiting.join(", ") }, true) : gettext("Every table is in: the host calls the progression.");
  }

  function typed(id) { const v = $(id).value.trim(); return /^-?[0-9]+$/.test(v) ? Number(v) : null; }

  function payload() {
    const p = { kind: kind(shown), round: shown.round, seen: shown.seen, host_choice: $("ts-party-host-choice").value };
    if (p.kind === "deals") {
      p.deals = deals();
      if (!p.deals.length) return null;
      if (L().language) p.letters = L().language;
    } else if (p.kind === "games") {
      p.deals = gameDeals();
      if (!p.deals.length) return null;
    } else if (p.kind === "seats") {
      p.seats = {};
      for (const s of SEATS) { const v = typed("ts-party-" + s); if (v == null) return null; p.seats[s] = v; }
    } else {
      p.ns_total = typed("ts-party-ns"); p.ew_total = typed("ts-party-ew");
      if (p.ns_total == null || p.ew_total == null) return null;
    }
    return p;
  }

  async function send() {
    if (!shown) return;
    const p = payload();
    if (!p) { $("ts-party-error").textContent = kind(shown) === "deals" ? gettext("Write each deal: contract (or PASS), declarer and tricks.") : kind(shown) === "games" ? gettext("Write at least one deal.") : gettext("Type each total as a whole number."); return; }
    $("ts-party-send").disabled = true;
    try { // checked at once when online; offline it is queued and checked when sent
      const r = await fetch(ctx.api + "preview", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(Object.assign({ client_id: "preview" }, p)) });
      const body = await r.json();
      if (r.status === 422 || r.status === 403) { $("ts-party-error").textContent = body.message; return; }
      if (r.ok) $("ts-party-summary").textContent = resultText(body.result); // as scored by the party's rules
    } catch (e) { /* offline: the queue keeps it */ } finally { $("ts-party-send").disabled = false; }
    $("ts-party-error").textContent = "";
    $("ts-party-alert").textContent = "";
    ctx.commit(p);
  }

  window.BridgedeskParty = {
    start(c) {
      ctx = c;
      $("ts-party-send").addEventListener("click", send);
      $("ts-party-modes").addEventListener("click", (ev) => {
        const b = ev.target.closest("[data-party-mode]");
        if (b && shown) { mode = b.dataset.partyMode; render(shown); }
      });
      $("ts-party-more").addEventListener("click", () => { dealRows += 1; drawDeals(); });
      $("ts-party-game-more").addEventListener("click", () => { gameRows += 1; if (shown) drawGames(shown); });
    },
    // A round still in the queue shows as this table's, to be sent.
    pending(state, queue) {
      if (queue.some((item) => item.payload.round === state.round)) state.result = Object.assign({}, state.result, { queued: true });
    },
    render: render,
    open() {},
    // The server refused a queued round (stale, bad, finished): say why; the next load shows what is stored.
    refused(payload, message) { $("ts-party-alert").textContent = interpolate(gettext("Round %(round)s: %(reason)s"), { round: payload.round, reason: message }, true); },
  };
})();
