// The bidding box (the director's setting): the table taps the auction call by call, alerts included; once it
// has ended (three passes after a bid, or four passes) the contract, doubles and declarer are set on the keypad
// and the auction goes with the result (the server checks it again: scoring/bidding.py).
(function () {
  "use strict";
  const app = document.getElementById("table-app");
  const box = document.getElementById("ts-bidding");
  if (!app || !box) return;
  const $ = (id) => document.getElementById(id);
  const SEATS = ["N", "E", "S", "W"];
  const STRAINS = ["C", "D", "H", "S", "NT"];
  const L = window.BridgedeskLetters || { seat: (s) => s, no_trump: "NT" }; // the page's letters (js/table.js)
  const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠", NT: L.no_trump };
  let dealer = "N";
  let calls = []; // {call, alert}
  let level = "";
  let alert = false;

  const rank = (bid) => (Number(bid[0]) - 1) * 5 + STRAINS.indexOf(bid.slice(1));
  const isBid = (c) => /^[1-7]/.test(c);
  const shown = (bid) => bid[0] + SYMBOL[bid.slice(1)]; // "1NT" -> "1SA" in French, "4S" -> "4♠"
  const seatAt = (i) => SEATS[(SEATS.indexOf(dealer) + i) % 4];

  function ended() {
    const c = calls.map((x) => x.call);
    if (c.length === 4 && c.every((x) => x === "P")) return true;
    return c.length >= 4 && c.some(isBid) && c.slice(-3).every((x) => x === "P");
  }

  function why(call) { // the rule a call breaks, or ""
    if (ended()) return gettext("The auction has ended: undo a call to change it.");
    const i = calls.length;
    const side = i % 2;
    let lastBid = null, lastSide = -1, doubled = "";
    calls.forEach((x, j) => {
      if (isBid(x.call)) { lastBid = x.call; lastSide = j % 2; doubled = ""; }
      else if (x.call !== "P") { doubled = x.call; lastSide = j % 2; }
    });
    if (isBid(call) && lastBid && rank(call) <= rank(lastBid)) return interpolate(gettext("%(call)s is not higher than %(last)s."), { call: shown(call), last: shown(lastBid) }, true);
    if (call === "X" && (!lastBid || doubled || lastSide === side)) return gettext("Double only the opponents' last bid.");
    if (call === "XX" && (doubled !== "X" || lastSide === side)) return gettext("Redouble only the opponents' double.");
    return "";
  }

  function result() { // {contract, declarer} of an ended auction
    const c = calls.map((x) => x.call);
    let at = -1;
    c.forEach((x, j) => { if (isBid(x)) at = j; });
    if (at < 0) return { contract: "PASS", declarer: "" };
    const bid = c[at];
    const doubled = c.slice(at + 1).filter((x) => x === "X" || x === "XX").pop() || "";
    const first = c.findIndex((x, j) => j % 2 === at % 2 && isBid(x) && x.slice(1) === bid.slice(1));
    return { contract: bid + doubled, level: bid[0], strain: bid.slice(1), double: doubled, declarer: seatAt(first) };
  }

  function paint() {
    const cells = [];
    const lead = SEATS.indexOf(dealer);
    for (let k = 0; k < lead; k++) cells.push("<td></td>");
    calls.forEach((x) => cells.push("<td>" + (isBid(x.call) ? x.call[0] + '<span class="suit-' + x.call.slice(1).toLowerCase() + '">' + SYMBOL[x.call.slice(1)] + "</span>" : x.call === "P" ? pgettext("bridge", "Pass") : L.double ? L.double(x.call) : x.call) + (x.alert ? "!" : "") + "</td>"));
    const rows = [];
    for (let k = 0; k < cells.length; k += 4) rows.push("<tr>" + cells.slice(k, k + 4).join("") + "</tr>");
    $("bid-calls").innerHTML = rows.join("") || '<tr><td colspan="4" class="muted">' + interpolate(gettext("Dealer %(dealer)s calls first"), { dealer: L.seat(dealer) }, true) + "</td></tr>";
    box.querySelectorAll("[data-bid-level]").forEach((b) => b.classList.toggle("on", b.dataset.bidLevel === level));
    $("bid-alert").classList.toggle("on", alert);
  }

  function add(call) {
    const wrong = why(call);
    $("bid-error").textContent = wrong;
    if (wrong) return;
    calls.push({ call: call, alert: alert });
    level = ""; alert = false;
    if (ended()) finish(); else delete app.dataset.auction;
    paint();
  }

  function finish() {
    app.dataset.auction = calls.map((x) => x.call + (x.alert ? "!" : "")).join(" ");
    const r = result();
    const press = (sel) => { const b = document.querySelector(sel); if (b) b.click(); };
    if (r.contract === "PASS") { press("#k-pass:not(.on)"); return; }
    press("#k-level button[data-level='" + r.level + "']");
    press("#k-strain button[data-strain='" + r.strain + "']");
    press("#k-double button[data-double='" + r.double + "']");
    press("#k-declarer button[data-declarer='" + r.declarer + "']");
  }

  box.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    if (b.dataset.bidLevel) { level = b.dataset.bidLevel; paint(); }
    else if (b.dataset.bidStrain) { if (level) add(level + b.dataset.bidStrain); else $("bid-error").textContent = gettext("Tap the level first."); }
    else if (b.dataset.call) add(b.dataset.call);
    else if (b.id === "bid-alert") { alert = !alert; paint(); }
    else if (b.id === "bid-undo") { calls.pop(); level = ""; $("bid-error").textContent = ""; delete app.dataset.auction; paint(); }
  });
  app.addEventListener("entryopen", (ev) => {
    box.hidden = !ev.detail.bidding;
    dealer = ev.detail.dealer || "N";
    calls = []; level = ""; alert = false;
    $("bid-error").textContent = "";
    paint();
  });
})();
