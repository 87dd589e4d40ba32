// Polled HTMX blocks (data-poll-etag): ask with the last answer's ETag, and keep what is shown on a 304
// (nothing changed). Round clocks (data-countdown="seconds", data-running="1") tick here between answers.
(function () {
  "use strict";
  htmx.config.responseHandling = [{ code: "304", swap: false }].concat(htmx.config.responseHandling);
  const tags = new WeakMap();
  document.body.addEventListener("htmx:configRequest", function (evt) {
    const elt = evt.detail.elt;
    if (elt.hasAttribute("data-poll-etag") && tags.has(elt)) evt.detail.headers["If-None-Match"] = tags.get(elt);
  });
  document.body.addEventListener("htmx:afterRequest", function (evt) {
    const elt = evt.detail.elt;
    const xhr = evt.detail.xhr;
    if (elt.hasAttribute("data-poll-etag") && xhr && xhr.status === 200 && xhr.getResponseHeader("ETag")) {
      tags.set(elt, xhr.getResponseHeader("ETag"));
    }
  });
  function paint(el) {
    const left = Number(el.dataset.countdown);
    el.textContent = bridgedeskClock(left, el.dataset.running === "1", true);
    el.classList.toggle("late", left < 0);
  }
  setInterval(function () {
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      if (el.dataset.countdown === "") return;
      if (el.dataset.running === "1") el.dataset.countdown = String(Number(el.dataset.countdown) - 1);
      paint(el);
    });
  }, 1000);
})();
