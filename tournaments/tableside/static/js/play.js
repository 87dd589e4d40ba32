// The play card by card (the director's setting `play`): once the keypad holds the contract and declarer, the table
// taps each card (suit, then rank) for the player on turn, from the opening lead by declarer's left-hand opponent;
// each trick goes to the highest trump or card of the suit led, and its winner leads the next. After 13 tricks or
// a claim (declarer's remaining tricks, typed after a whole trick) the result is set on the keypad and the play goes
// with it. The phone refuses a card played twice by itself, and asks the server after each card (play-check: the
// rule the result is checked by, scoring/play.py) whether it was held and followed suit when the deal is known; a
// card refused there is not taken, with the reason shown. Offline (or past the table's limit) the card is taken
// and the whole play is checked when the result is sent.
(function () {
  "use strict";
  const app = document.getElementById("table-app");
  const pad = document.getElementById("ts-play");
  if (!app || !pad) return;
  const $ = (id) => document.getElementById(id);
  const SEATS = ["N", "E", "S", "W"];
  const RANKS = "AKQJT98765432";
  const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const L = window.BridgedeskLetters || { seat: (s) => s, rank: (r) => (r === "T" ? "10" : r) }; // js/table.js
  let wanted = false;
  let deal = null; // {level, strain, declarer} as on the keypad
  let cards = [];
  let claim = null;
  let suit = "";
  let board = null;
  let asking = false; // a card is being checked: the pad waits

  const next = (seat, n) => SEATS[(SEATS.indexOf(seat) + n) % 4];
  const suitHtml = (s) => '<span class="suit-' + s.toLowerCase() + '">' + SYMBOL[s] + "</span>";
  const text = (card) => suitHtml(card[0]) + L.rank(card[1]);

  function keypad() {
    const on = (sel, attr) => { const b = document.querySelector(sel + " button.on"); return b ? b.dataset[attr] : ""; };
    if ($("k-pass") && $("k-pass").classList.contains("on")) return null;
    const c = { level: on("#k-level", "level"), strain: on("#k-strain", "strain"), declarer: on("#k-declarer", "declarer") };
    return c.level && c.strain && c.declarer ? c : null;
  }

  function winner(leader, trick) {
    const trumps = deal.strain === "NT" ? "" : deal.strain;
    const power = (c) => (c[0] === trumps ? 100 : c[0] === trick[0][0] ? 50 : -1000) - RANKS.indexOf(c[1]);
    let best = 0;
    trick.forEach((c, i) => { if (power(c) > power(trick[best])) best = i; });
    return next(leader, best);
  }

  function tricks() { // the whole tricks and the one being played: {leader, cards, winner}
    const out = [];
    let leader = next(deal.declarer, 1);
    for (let i = 0; i < cards.length; i += 4) {
      const t = { leader: leader, cards: cards.slice(i, i + 4), winner: "" };
      if (t.cards.length === 4) { t.winner = winner(leader, t.cards); leader = t.winner; }
      out.push(t);
    }
    if (!out.length || out[out.length - 1].winner) out.push({ leader: leader, cards: [], winner: "" });
    return out;
  }

  const ours = (seat) => seat === deal.declarer || seat === next(deal.declarer, 2);

  function paint() {
    pad.hidden = !wanted;
    if (!wanted) return;
    const ready = !!deal;
    pad.querySelectorAll("button, input").forEach((b) => { b.disabled = !ready || asking; });
    if (!ready) { $("play-turn").textContent = gettext("(choose the contract and declarer first)"); return; }
    const all = tricks();
    const now = all[all.length - 1];
    const whole = all.filter((t) => t.winner);
    const won = whole.filter((t) => ours(t.winner)).length;
    const done = whole.length === 13 || claim != null;
    const turn = next(now.leader, now.cards.length);
    $("play-turn").textContent = done ? gettext("(the play has ended)") : interpolate(gettext("(%(seat)s to play)"), { seat: L.seat(turn) }, true);
    const row = SEATS.map((s) => { const at = (SEATS.indexOf(s) - SEATS.indexOf(now.leader) + 4) % 4; return "<td" + (s === turn && !done ? ' class="on"' : "") + ">" + (now.cards[at] ? text(now.cards[at]) : "") + "</td>"; });
    $("play-trick").innerHTML = row.join("");
    let count = interpolate(gettext("Tricks: declarer %(won)s, defence %(lost)s"), { won: won, lost: whole.length - won }, true);
    if (claim != null) count += " · " + interpolate(gettext("declarer claims %(claim)s more: %(total)s in all"), { claim: claim, total: won + claim }, true);
    $("play-count").textContent = count;
    $("play-tricks").innerHTML = whole.map((t) => "<li>" + t.cards.map(text).join(" ") + " → " + t.winner + "</li>").join("");
    pad.querySelectorAll("[data-play-suit]").forEach((b) => { b.classList.toggle("on", b.dataset.playSuit === suit); b.disabled = done || asking; });
    pad.querySelectorAll("[data-play-rank]").forEach((b) => { b.disabled = done || asking || !suit || cards.includes(suit + b.dataset.playRank); });
    $("play-claim").disabled = $("play-claim-go").disabled = done || asking || now.cards.length > 0;
    $("play-undo").disabled = asking || (!cards.length && claim == null);
    if (done) finish(won + (claim || 0)); else delete app.dataset.play;
  }

  function finish(total) {
    app.dataset.play = cards.join(" ") + (claim != null ? " =" + claim : "");
    const delta = total - Number(deal.level) - 6;
    const key = document.querySelector("#k-result button[data-delta='" + delta + "']");
    if (key && !key.classList.contains("on")) key.click();
  }

  function lead() { // the first card is the opening lead: set on the keypad too, so it is sent and checked as one
    if (cards.length !== 1) return;
    const press = (sel) => { const b = document.querySelector(sel); if (b && !b.classList.contains("on")) b.click(); };
    press("#k-lead-suit button[data-lead-suit='" + cards[0][0] + "']");
    press("#k-lead-rank button[data-lead-rank='" + cards[0][1] + "']");
  }

  // The server's word on the cards so far with `card` added: "" when taken (or when it cannot be asked), else why not.
  async function refusal(card) {
    const body = { board: board, contract: deal.level + deal.strain, declarer: deal.declarer, play: cards.concat([card]).join(" ") };
    try {
      const r = await fetch(app.dataset.api + "play-check", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      if (r.status !== 422) return "";
      const answer = await r.json();
      return answer.field === "play" ? answer.message : "";
    } catch (e) {
      return ""; // offline: the whole play is checked when the result is sent
    }
  }

  async function take(card) {
    asking = true; paint();
    const asked = deal;
    const why = await refusal(card);
    asking = false;
    if (deal !== asked) { paint(); return; } // the contract or declarer changed meanwhile: the play started again
    if (why) $("play-error").textContent = why;
    else { cards.push(card); lead(); }
    paint();
  }

  pad.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b || !deal) return;
    ev.stopPropagation(); // the play's keys are not the result's keypad
    $("play-error").textContent = "";
    if (asking) return;
    if (b.dataset.playSuit) suit = b.dataset.playSuit;
    else if (b.dataset.playRank) { take(suit + b.dataset.playRank); return; }
    else if (b.id === "play-undo") { if (claim != null) claim = null; else cards.pop(); }
    else if (b.id === "play-claim-go") {
      const typed = $("play-claim").value.trim();
      const left = 13 - tricks().filter((t) => t.winner).length;
      if (!/^[0-9]+$/.test(typed) || Number(typed) > left) { $("play-error").textContent = interpolate(gettext("Type the tricks declarer claims, 0 to %(left)s."), { left: left }, true); return; }
      claim = Number(typed);
    }
    paint();
  });

  app.addEventListener("click", () => { // after the keypad's own handler: a new contract or declarer starts again
    const now = keypad();
    const same = now && deal && now.level === deal.level && now.strain === deal.strain && now.declarer === deal.declarer;
    if (same || (!now && !deal)) return;
    deal = now; cards = []; claim = null; suit = "";
    paint();
  });
  // The table's own auction and play under the traveller after the board, as kept with its result.
  app.addEventListener("travellershown", (ev) => {
    const body = ev.detail;
    const own = body.lines.find((l) => l.yours);
    const t = $("ts-traveller");
    if (!own || !t || (!own.auction && !own.play)) return;
    const call = (c) => { const bare = c.replace("!", ""); const shown = /^[1-7]/.test(bare) ? bare[0] + (SYMBOL[bare.slice(1)] ? suitHtml(bare.slice(1)) : bare.slice(1)) : bare === "P" ? pgettext("bridge", "Pass") : L.double ? L.double(bare) : bare; return "<td>" + shown + (c.endsWith("!") ? "!" : "") + "</td>"; };
    let html = "";
    if (own.auction) {
      const cells = [];
      for (let k = 0; k < SEATS.indexOf(body.dealer || "N"); k++) cells.push("<td></td>");
      own.auction.split(" ").forEach((c) => cells.push(call(c)));
      const rows = [];
      for (let k = 0; k < cells.length; k += 4) rows.push("<tr>" + cells.slice(k, k + 4).join("") + "</tr>");
      html += '<table class="table compact auction" id="ts-own-auction" aria-label="' + gettext("Your auction") + '"><thead><tr>' + SEATS.map((s) => "<th>" + L.seat(s) + "</th>").join("") + "</tr></thead><tbody>" + rows.join("") + "</tbody></table>";
    }
    if (own.play) {
      const words = own.play.split(" ");
      const claimed = words[words.length - 1].startsWith("=") ? words.pop().slice(1) : null;
      const items = [];
      for (let k = 0; k < words.length; k += 4) items.push("<li>" + words.slice(k, k + 4).map(text).join(" ") + "</li>");
      html += '<div id="ts-own-play"><div class="ts-label">' + gettext("Your play") + '</div><ol class="small play-tricks">' + items.join("") + "</ol>" + (claimed != null ? "<p class=\"small\">" + interpolate(gettext("Declarer claimed %(claim)s more."), { claim: claimed }, true) + "</p>" : "") + "</div>";
    }
    t.insertAdjacentHTML("beforeend", html);
  });
  app.addEventListener("entryopen", (ev) => {
    wanted = !!ev.detail.play;
    board = ev.detail.board;
    deal = null; cards = []; claim = null; suit = "";
    $("play-error").textContent = ""; $("play-claim").value = "";
    paint();
  });
})();
