// Pushed, not polled (tournaments/tableside/streams.py): an element with data-push="<stream URL>" holds a
// server-sent event stream and refreshes when a write to its session commits, the way its poll would: an HTMX
// block (the live panel, the big screen) is sent a "push" event (hx-trigger="every 5s, push"), and any element
// is sent "bd:push" (the table page loads its state then). While the stream is open (data-push-open="1") the
// block's timed polls are skipped; while it is not (no EventSource, a proxy that drops it, reconnecting, the
// server away) they go on as before. A round clock running out refreshes the block once, as the poll did.
(function () {
  "use strict";
  function refresh(elt) {
    if (window.htmx && elt.hasAttribute("hx-get")) htmx.trigger(elt, "push");
    elt.dispatchEvent(new CustomEvent("bd:push"));
  }
  function hold(elt) {
    let last = null;
    let failures = 0;
    const source = new EventSource(elt.dataset.push);
    function heard(evt) {
      elt.dataset.pushOpen = "1";
      failures = 0;
      if (evt.lastEventId !== last) { last = evt.lastEventId; refresh(elt); }
    }
    source.addEventListener("ready", heard); // on every (re)connection: anything missed meanwhile is fetched
    source.addEventListener("change", heard);
    source.addEventListener("error", function () {
      elt.dataset.pushOpen = "";
      failures += 1;
      // Closed for good (push off, a refused link, the server restarting) or failing again and again (a proxy
      // that drops streams): poll, and try again in a minute.
      if (source.readyState === EventSource.CLOSED || failures >= 3) {
        source.close();
        setTimeout(function () { hold(elt); }, 60000);
      }
    });
  }
  if (!window.EventSource) return;
  // A timed poll of a block whose stream is open is not sent; a push (or a click) is.
  document.body.addEventListener("htmx:confirm", function (evt) {
    const elt = evt.detail.elt;
    const pushed = evt.detail.triggeringEvent && evt.detail.triggeringEvent.type === "push";
    if (elt.dataset && elt.dataset.pushOpen === "1" && elt.hasAttribute("data-push") && !pushed) evt.preventDefault();
  });
  // "Move now" changes by itself, not by a write: refresh a block once when the round clock in it runs out
  // (data-countdown on the live panel, data-remaining on the big screen), as its poll's ETag would have.
  const clocks = new WeakMap();
  function armClock(elt) {
    clearTimeout(clocks.get(elt));
    const clock = elt.querySelector("[data-countdown], [data-remaining]");
    if (!clock || clock.dataset.running !== "1") return;
    const left = Number(clock.dataset.countdown !== undefined ? clock.dataset.countdown : clock.dataset.remaining);
    if (left > 0) clocks.set(elt, setTimeout(function () { if (elt.dataset.pushOpen === "1") refresh(elt); }, left * 1000 + 500));
  }
  document.body.addEventListener("htmx:afterSwap", function (evt) {
    const elt = evt.detail.elt;
    if (elt && elt.hasAttribute && elt.hasAttribute("data-push")) armClock(elt);
  });
  // The streams open once HTMX has taken the page in (it does on DOMContentLoaded, which comes after every deferred
  // script, this one included): a stream's first event refreshes its block with an HTMX "push", which a block not
  // yet processed would not hear, and the block's polls would then be skipped with what was missed still unshown.
  function start() {
    document.querySelectorAll("[data-push]").forEach(function (elt) { hold(elt); armClock(elt); });
  }
  if (document.readyState === "complete") start();
  else document.addEventListener("DOMContentLoaded", start);
})();
