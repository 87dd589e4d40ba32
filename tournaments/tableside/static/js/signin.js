// Sign-in at the table (the director's setting): each player picks a seat and types a member number, or finds
// their name; a number the club's list does not know asks for the name too. Who has signed in comes from the
// table's state (kept on the server), so another phone opening the same link carries on.
(function () {
  "use strict";
  const app = document.getElementById("table-app");
  const box = document.getElementById("ts-signin");
  if (!app || !box) return;
  const api = app.dataset.api;
  const $ = (id) => document.getElementById(id);
  const NAMES = { N: pgettext("seat", "North"), E: pgettext("seat", "East"), S: pgettext("seat", "South"), W: pgettext("seat", "West") };
  let seat = "";
  let member = null; // {id, name} picked from the search
  let findTimer = null;

  function esc(text) { const d = document.createElement("div"); d.textContent = text == null ? "" : String(text); return d.innerHTML; }

  function ready() {
    const typed = $("si-number").value.trim();
    $("si-send").disabled = !seat || !(typed || member) || (!$("si-name-box").hidden && !$("si-name").value.trim());
    document.querySelectorAll("#si-seat button").forEach((b) => b.classList.toggle("on", b.dataset.siSeat === seat));
  }

  function show(signIn) {
    box.hidden = !signIn || !signIn.wanted;
    if (box.hidden) return;
    $("ts-signed").innerHTML = "NESW".split("").map((s) => {
      const who = signIn.seats[s];
      const text = who ? esc(who.name) + (who.known ? "" : ' <span class="muted">' + gettext("(number to check)") + "</span>") : '<span class="muted">' + gettext("not signed in") + "</span>";
      return '<li data-signed="' + s + '"><strong>' + NAMES[s] + "</strong> " + text + "</li>";
    }).join("");
    const next = "NESW".split("").find((s) => !signIn.seats[s]);
    if (!seat && next) { seat = next; ready(); }
  }

  async function find() {
    const q = $("si-find").value.trim();
    if (q.length < 2) { $("si-found").innerHTML = ""; return; }
    try {
      const r = await fetch(api + "members", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ q: q }) });
      const body = await r.json();
      $("si-found").innerHTML = (body.members || []).map((m) => '<li><button type="button" data-si-member="' + m.id + '">' + esc(m.name) + "</button></li>").join("");
    } catch (e) { $("si-found").innerHTML = ""; }
  }

  async function send() {
    const body = { seat: seat, number: $("si-number").value.trim(), name: $("si-name").value.trim() };
    if (member) body.member = member.id;
    $("si-send").disabled = true;
    try {
      const r = await fetch(api + "signin", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const answer = await r.json();
      if (!r.ok) {
        $("si-error").textContent = answer.message || gettext("Not signed in.");
        if (answer.field === "name") { $("si-name-box").hidden = false; $("si-name").focus(); }
        ready();
        return;
      }
      $("si-error").textContent = "";
      $("si-number").value = ""; $("si-name").value = ""; $("si-find").value = ""; $("si-found").innerHTML = "";
      $("si-name-box").hidden = true;
      member = null; seat = "";
      app.dispatchEvent(new CustomEvent("tableload"));
    } catch (e) { $("si-error").textContent = gettext("No connection: sign in again when it is back."); ready(); }
  }

  box.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    if (b.dataset.siSeat) { seat = b.dataset.siSeat; }
    else if (b.dataset.siMember) { member = { id: Number(b.dataset.siMember), name: b.textContent }; $("si-number").value = ""; $("si-find").value = b.textContent; $("si-found").innerHTML = ""; $("si-name-box").hidden = true; }
    else if (b.id === "si-send") { send(); return; }
    ready();
  });
  $("si-number").addEventListener("input", () => { member = null; $("si-name-box").hidden = true; $("si-error").textContent = ""; ready(); });
  $("si-name").addEventListener("input", ready);
  $("si-find").addEventListener("input", () => { member = null; clearTimeout(findTimer); findTimer = setTimeout(find, 200); ready(); });
  app.addEventListener("tablestate", (ev) => show(ev.detail.sign_in));
})();
