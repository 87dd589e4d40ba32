// Hands entered at the table (the director's setting): the first table to play a board taps its four hands on a
// card grid made for thumbs, counted as typed (13 a hand, 52 in all); the server checks them again and keeps
// them as the board's deal. Once the table's own result is in, the deal of each of its boards is shown.
(function () {
  "use strict";
  const app = document.getElementById("table-app");
  const box = document.getElementById("ts-hands");
  if (!app || !box) return;
  const api = app.dataset.api;
  const $ = (id) => document.getElementById(id);
  const SUITS = ["S", "H", "D", "C"];
  const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const RANKS = "AKQJT98765432".split("");
  const SEATS = ["N", "E", "S", "W"];
  const NAMES = { N: pgettext("seat", "North"), E: pgettext("seat", "East"), S: pgettext("seat", "South"), W: pgettext("seat", "West") };
  let board = null;
  let owner = {}; // card -> seat
  let seat = "N";

  function esc(text) { const d = document.createElement("div"); d.textContent = text == null ? "" : String(text); return d.innerHTML; }
  const L = window.BridgedeskLetters || { seat: (s) => s, rank: (r) => (r === "T" ? "10" : r) }; // js/table.js
  const rank = (r) => L.rank(r);
  const count = (s) => Object.values(owner).filter((x) => x === s).length;

  function paint() {
    SEATS.forEach((s) => {
      const b = box.querySelector('[data-th-seat="' + s + '"]');
      b.classList.toggle("on", s === seat);
      b.querySelector(".th-count").textContent = count(s) + "/13";
    });
    const rows = SUITS.map((suit) => '<div class="th-suit"><span class="suit-' + suit.toLowerCase() + '">' + SYMBOL[suit] + "</span>" + RANKS.map((r) => {
      const card = suit + r;
      const who = owner[card];
      return '<button type="button" data-card="' + card + '" class="th-card suit-' + suit.toLowerCase() + (who ? " taken" : "") + (who === seat ? " on" : "") + '">' + rank(r) + (who ? "<small>" + L.seat(who) + "</small>" : "") + "</button>";
    }).join("") + "</div>");
    $("th-grid").innerHTML = rows.join("");
    $("th-send").disabled = Object.keys(owner).length !== 52 || SEATS.some((s) => count(s) !== 13);
  }

  function tap(card) {
    if (owner[card] === seat) { delete owner[card]; }
    else if (owner[card]) { $("th-error").textContent = interpolate(gettext("%(card)s is in %(seat)s's hand: tap %(seat)s to take it back."), { card: rank(card[1]) + SYMBOL[card[0]], seat: NAMES[owner[card]] }, true); return; }
    else if (count(seat) >= 13) { $("th-error").textContent = interpolate(gettext("%(seat)s has 13 cards already."), { seat: NAMES[seat] }, true); return; }
    else { owner[card] = seat; }
    $("th-error").textContent = "";
    if (count(seat) === 13) {
      const open = SEATS.filter((s) => count(s) < 13);
      if (open.length === 1) { // the last hand is the cards left
        SUITS.forEach((suit) => RANKS.forEach((r) => { if (!owner[suit + r]) owner[suit + r] = open[0]; }));
      } else if (open.length) { seat = open[0]; }
    }
    paint();
  }

  function start(number) {
    board = number; owner = {}; seat = "N";
    $("th-title").textContent = interpolate(gettext("Board %(board)s: the hands"), { board: number }, true);
    $("th-error").textContent = "";
    box.hidden = false;
    paint();
    box.scrollIntoView({ behavior: "smooth" });
  }

  async function send() {
    const hands = { N: [], E: [], S: [], W: [] };
    Object.entries(owner).forEach(([card, s]) => hands[s].push(card));
    $("th-send").disabled = true;
    try {
      const r = await fetch(api + "hands", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ board: board, hands: hands }) });
      const body = await r.json();
      if (!r.ok) { $("th-error").textContent = body.message || gettext("Not saved."); if (r.status !== 409) { $("th-send").disabled = false; return; } }
      box.hidden = true; board = null;
      app.dispatchEvent(new CustomEvent("tableload"));
    } catch (e) { $("th-error").textContent = gettext("No connection: the hands are kept here; save again when it is back."); $("th-send").disabled = false; }
  }

  function diagram(deal) {
    const parts = deal.slice(2).split(" ");
    return '<div class="th-deal">' + SEATS.map((s, i) => {
      const suits = (parts[i] || "").split(".");
      return '<div class="th-hand th-' + s.toLowerCase() + '"><strong>' + s + "</strong> " + SUITS.map((suit, j) => '<span class="suit-' + suit.toLowerCase() + '">' + SYMBOL[suit] + "</span>" + esc((suits[j] || "").replace(/T/g, "10") || "—")).join(" ") + "</div>";
    }).join("") + "</div>";
  }

  function show(state) {
    const wanted = (state.boards || []).filter((b) => b.hands_wanted);
    const todo = $("ts-hands-todo");
    todo.hidden = !wanted.length;
    todo.innerHTML = wanted.length ? "<h2>" + gettext("Hands to enter") + "</h2><p class=\"muted\">" + gettext("Your table deals these boards: enter the four hands once they are played.") + "</p>" + wanted.map((b) => '<button type="button" class="big" data-hands-board="' + b.board + '">' + interpolate(gettext("Hands of board %(board)s"), { board: b.board }, true) + "</button>").join(" ") : "";
    const known = (state.boards || []).filter((b) => b.deal);
    const deals = $("ts-deals");
    deals.hidden = !known.length;
    deals.innerHTML = known.map((b) => '<div data-deal-board="' + b.board + '"><h3>' + interpolate(pgettext("bridge", "Board %(board)s"), { board: b.board }, true) + "</h3>" + diagram(b.deal) + "</div>").join("");
    if (board !== null && !wanted.some((b) => b.board === board)) { box.hidden = true; board = null; }
  }

  app.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    if (b.dataset.handsBoard) start(Number(b.dataset.handsBoard));
    else if (b.dataset.card) tap(b.dataset.card);
    else if (b.dataset.thSeat) { seat = b.dataset.thSeat; paint(); }
    else if (b.id === "th-send") send();
    else if (b.id === "th-cancel") { box.hidden = true; board = null; }
  });
  app.addEventListener("tablestate", (ev) => show(ev.detail));
})();
