// The big screen: tick the round clock every second between the page's 10-second refreshes, and scroll a
// ranking that is taller than the screen slowly down and back up, so every pair is seen in turn.
(function () {
  "use strict";
  let remaining = null;
  let running = false;
  function readClock() {
    const el = document.getElementById("screen-clock");
    if (!el) return;
    remaining = el.dataset.remaining === "" ? null : Number(el.dataset.remaining);
    running = el.dataset.running === "1";
    paint();
  }
  function paint() {
    const el = document.getElementById("screen-clock");
    if (!el) return;
    if (remaining === null) { el.textContent = ""; return; }
    el.textContent = bridgedeskClock(remaining, running, false);
    el.classList.toggle("late", remaining < 0);
  }
  setInterval(function () { if (running && remaining !== null) { remaining -= 1; paint(); } }, 1000);

  let offset = 0;
  let direction = 1;
  let pause = 0;
  function scroll() {
    const box = document.getElementById("screen-rankings");
    const inner = box && box.querySelector(".screen-scroll");
    if (!inner) return;
    const overflow = inner.scrollHeight - box.clientHeight;
    if (overflow <= 0) { inner.style.transform = ""; offset = 0; return; }
    if (pause > 0) { pause -= 1; return; }
    offset += direction * 1;
    if (offset >= overflow || offset <= 0) { offset = Math.max(0, Math.min(offset, overflow)); direction = -direction; pause = 120; }
    inner.style.transform = "translateY(" + -offset + "px)";
  }
  setInterval(scroll, 40); // 25 px a second; a 3-second rest at each end
  document.body.addEventListener("htmx:afterSwap", function () { readClock(); const inner = document.querySelector(".screen-scroll"); if (inner) inner.style.transform = "translateY(" + -offset + "px)"; });
  readClock();
})();
