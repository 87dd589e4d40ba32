// What the director lets players see besides their own results (TableSettings): the running percentage of the
// two pairs at the table, and the ranking once the round is done. Both come with the table's state.
(function () {
  "use strict";
  const app = document.getElementById("table-app");
  const box = document.getElementById("ts-standing");
  if (!app || !box) return;
  const L = window.BridgedeskLetters || { pair: (p) => p }; // js/table.js
  function esc(text) { const d = document.createElement("div"); d.textContent = text == null ? "" : String(text); return d.innerHTML; }
  // Each name of a pair in its own <bdi>, so an Arabic or Hebrew name keeps its direction and its place by the "&".
  function bdiNames(text) { return String(text == null ? "" : text).split(" & ").map((n) => "<bdi>" + esc(n) + "</bdi>").join(" &amp; "); }

  app.addEventListener("tablestate", (ev) => {
    const state = ev.detail;
    const parts = [];
    if (state.running && (state.running.ns || state.running.ew)) {
      const side = (key, label) => state[key] && state.running[key] ? "<div><strong>" + label + " " + esc(state[key].number) + "</strong> " + esc(interpolate(gettext("%(percent)s so far"), { percent: state.running[key] + "%" }, true)) + "</div>" : "";
      parts.push('<div id="ts-running">' + side("ns", L.pair("NS")) + side("ew", L.pair("EW")) + "</div>");
    }
    if (state.ranking && state.ranking.length) {
      const rows = state.ranking.map((r) => "<tr><td>" + esc(r.place) + "</td><td>" + esc(r.pair) + "</td><td>" + bdiNames(r.names) + '</td><td class="num">' + (r.percentage == null ? "" : esc(r.percentage) + "%") + "</td></tr>");
      parts.push("<h2>" + gettext("Ranking") + '</h2><table class="table compact" id="ts-ranking"><tbody>' + rows.join("") + "</tbody></table>");
    }
    box.hidden = !parts.length;
    box.innerHTML = parts.join("");
  });
})();
