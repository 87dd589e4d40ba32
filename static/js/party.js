// The table page of a party table: this round's guests at the table and its score, sent through the one table API
// (tournaments/parties/terminal.py). table.js (loaded after this) keeps the queue, the offline banner, the polling
// and the push; this draws the table and its entry. The phone types the two pairs' totals (or, at solo, each
// seat's chips) and sends them with the round it showed and "seen", what the table held then: if the host
// changed the table meanwhile, the server refuses it (409) and the page shows what is there now.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const SEATS = ["N", "E", "S", "W"];
  let ctx = null;
  let shown = null; // the state drawn last

  function esc(text) { const d = document.createElement("div"); d.textContent = text == null ? "" : String(text); return d.innerHTML; }
  function kind(state) { return state.entry_kinds[0]; }
  function signed(n) { return (n > 0 ? "+" : "") + n; }

  function resultText(r) {
    if (!r) return gettext("Not entered yet.");
    if (r.queued) return gettext("Kept on this phone: it is sent as soon as the connection allows.");
    const scores = r.seat_totals ? SEATS.map((s) => s + " " + signed(r.seat_totals[s])).join(" · ")
      : interpolate(gettext("N-S %(ns)s, E-W %(ew)s"), { ns: r.ns_total, ew: r.ew_total }, true);
    return scores + (r.winner_label ? " · " + interpolate(gettext("%(winner)s move up"), { winner: r.winner_label }, true) : "");
  }

  function render(state) {
    shown = state;
    $("ts-round").textContent = state.round ? "· " + interpolate(gettext("Round %(round)s"), { round: state.round }, true) : "";
    const seats = state.seats || {};
    $("ts-seats").innerHTML = SEATS.map((s) => '<div class="seat"><strong>' + s + "</strong> " + esc(seats[s] || "—") + "</div>").join("") +
      (state.sitting_out ? '<div class="seat muted">' + esc(interpolate(gettext("%(name)s sits out"), { name: state.sitting_out }, true)) + "</div>" : "");
    const individual = kind(state) === "seats";
    $("ts-party-totals").hidden = individual;
    $("ts-party-seats").hidden = !individual;
    SEATS.forEach((s) => { $("ts-party-" + s + "-label").textContent = s + " " + (seats[s] || ""); });
    $("ts-party-tie").hidden = !state.host_tie;
    $("ts-party-result").textContent = resultText(state.result);
    $("ts-party").classList.toggle("is-done", !!state.result);
    $("ts-party-send").disabled = state.status !== "playing" || !state.seats;
    const r = state.result && !state.result.queued ? state.result : null;
    if (r && document.activeElement && !$("ts-party").contains(document.activeElement)) {
      if (r.seat_totals) SEATS.forEach((s) => { $("ts-party-" + s).value = r.seat_totals[s]; });
      else { $("ts-party-ns").value = r.ns_total; $("ts-party-ew").value = r.ew_total; }
    }
    $("ts-party-waiting").textContent = state.waiting.length ? interpolate(gettext("Waiting for table %(tables)s"), { tables: state.waiting.join(", ") }, true) : gettext("Every table is in: the host calls the progression.");
  }

  function typed(id) { const v = $(id).value.trim(); return /^-?[0-9]+$/.test(v) ? Number(v) : null; }

  function payload() {
    const p = { kind: kind(shown), round: shown.round, seen: shown.seen, host_choice: $("ts-party-host-choice").value };
    if (p.kind === "seats") {
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
    if (!p) { $("ts-party-error").textContent = gettext("Type each total as a whole number."); return; }
    $("ts-party-send").disabled = true;
    try { // checked at once when online; offline it is queued and checked when sent
      const r = await fetch(ctx.api + "preview", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(Object.assign({ client_id: "preview" }, p)) });
      if (r.status === 422 || r.status === 403) { $("ts-party-error").textContent = (await r.json()).message; return; }
    } catch (e) { /* offline: the queue keeps it */ } finally { $("ts-party-send").disabled = false; }
    $("ts-party-error").textContent = "";
    $("ts-party-alert").textContent = "";
    ctx.commit(p);
  }

  window.BridgedeskParty = {
    start(c) {
      ctx = c;
      $("ts-party-send").addEventListener("click", send);
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
