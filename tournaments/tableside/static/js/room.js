// The table page of a teams room: this room's N-S score of each board, the other room's and the IMPs once both are
// in. table.js (loaded after this) keeps the queue, the offline banner and the polling; this draws the room and
// its entry. A score is sent with the one the page showed ("seen"): if someone changed that board meanwhile, the
// server refuses it (409) and the page shows what is there now, so a phone never writes over a score unseen.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  let ctx = null;
  let current = null; // the board being entered: {board, seen}

  function esc(text) { const d = document.createElement("div"); d.textContent = text == null ? "" : String(text); return d.innerHTML; }
  function shown(n) { return n == null ? "—" : String(n); }
  // The page's letters (js/table.js, loaded after this, sets them up before the first state is drawn).
  const pair = (p) => (window.BridgedeskLetters && window.BridgedeskLetters.pair ? window.BridgedeskLetters.pair(p) : p);

  function render(state) {
    $("ts-round").textContent = "· " + state.event;
    // The players of this room, from the line-up, once the director has entered it.
    const who = (side) => esc(side.name) + (side.players && side.players.length ? ' <span class="muted players">' + esc(side.players.join(" & ")) + "</span>" : "");
    $("ts-seats").innerHTML = '<div class="seat"><strong>' + pair("NS") + "</strong> " + who(state.ns) + '</div><div class="seat"><strong>' + pair("EW") + "</strong> " + who(state.ew) + "</div>";
    $("ts-boards").innerHTML = state.boards.map((b) =>
      '<button type="button" class="ts-board' + (b.mine != null ? " is-done" : "") + '" id="board-' + b.board + '" data-board="' + b.board + '">' +
      "<strong>" + interpolate(pgettext("bridge", "Board %(board)s"), { board: b.board }, true) + "</strong>" +
      '<span class="here">' + interpolate(gettext("Here %(score)s"), { score: shown(b.mine) }, true) + (b.queued ? " · " + gettext("to send") : "") + "</span>" +
      '<span class="muted other">' + interpolate(gettext("Other room %(score)s"), { score: shown(b.other) }, true) + "</span>" +
      (b.imps_home == null ? "" : '<span class="imps">' + interpolate(gettext("IMPs %(team)s %(imps)s"), { team: esc(state.home), imps: b.imps_home }, true) + "</span>") +
      "</button>").join("");
    const vps = state.complete && state.vp_home != null ? " · " + interpolate(gettext("VPs %(home)s–%(away)s"), { home: formatNumber(state.vp_home, 2), away: formatNumber(state.vp_away, 2) }, true) : "";
    $("ts-total").textContent = interpolate(gettext("IMPs %(home)s %(home_imps)s – %(away_imps)s %(away)s"), { home: state.home, home_imps: state.imps_home, away_imps: state.imps_away, away: state.away }, true) + vps;
  }

  function open(state, number, typed, message) {
    const b = state.boards.find((x) => x.board === number);
    if (!b) return;
    current = { board: number, seen: b.mine == null ? "" : String(b.mine) };
    $("ts-room-title").textContent = interpolate(pgettext("bridge", "Board %(board)s"), { board: number }, true);
    $("ts-room-score").value = typed != null ? typed : current.seen;
    $("ts-room-summary").textContent = b.other == null ? gettext("The other room's score is not in yet.") : interpolate(gettext("Other room: N-S %(score)s."), { score: b.other }, true);
    $("ts-room-error").textContent = message || "";
    $("ts-room-score").setAttribute("aria-invalid", message ? "true" : "false");
    $("ts-room").hidden = false;
    $("ts-room-score").focus();
  }

  async function send() {
    if (!current) return;
    const typed = $("ts-room-score").value.trim();
    const p = { board: current.board, ns_score: typed, seen: current.seen };
    if (!/^-?[0-9]+$/.test(typed)) return refuse(gettext("Type the N-S score of this room, e.g. 420 or -100."));
    const asked = current;
    $("ts-room-send").disabled = true;
    try { // checked at once when online; offline it is queued and checked when sent
      const r = await fetch(ctx.api + "preview", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(Object.assign({ client_id: "preview" }, p)) });
      if (r.status === 422) { const message = (await r.json()).message; if (current === asked) refuse(message); return; }
    } catch (e) { /* offline: the queue keeps it */ } finally { $("ts-room-send").disabled = false; }
    if (current === asked) { $("ts-room").hidden = true; current = null; } // else another board was opened meanwhile
    $("ts-room-alert").textContent = "";
    ctx.commit(p);
  }

  function refuse(message) {
    $("ts-room-error").textContent = message;
    $("ts-room-score").setAttribute("aria-invalid", "true");
  }

  window.BridgedeskRoom = {
    start(c) {
      ctx = c;
      $("ts-room-send").addEventListener("click", send);
      $("ts-room-score").addEventListener("keydown", (ev) => { if (ev.key === "Enter") send(); });
      $("ts-room-cancel").addEventListener("click", () => { $("ts-room").hidden = true; current = null; });
    },
    // A score still in the queue shows as this room's, to be sent.
    pending(state, queue) {
      queue.forEach((item) => {
        const b = state.boards.find((x) => x.board === Number(item.payload.board));
        if (b) { b.mine = Number(item.payload.ns_score); b.queued = true; }
      });
    },
    render: render,
    open: (state, number) => open(state, number),
    // The server refused a queued score (stale, bad, finished): say why; the next load shows what is stored.
    refused(payload, message) { $("ts-room-alert").textContent = interpolate(gettext("Board %(board)s: %(reason)s"), { board: payload.board, reason: message }, true); },
  };
})();
