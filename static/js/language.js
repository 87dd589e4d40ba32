// Languages in the browser. The strings of static/js/*.js go through gettext()/ngettext()/interpolate() from
// Django's JavaScript catalogue (/jsi18n/, loaded just before this file); when it could not be loaded (a table
// phone offline before its service worker kept it) these stand-ins show the English words instead of failing.
(function () {
  "use strict";
  if (typeof window.gettext !== "function") {
    window.gettext = function (msgid) { return msgid; };
    window.ngettext = function (singular, plural, count) { return count === 1 ? singular : plural; };
    window.pgettext = function (context, msgid) { return msgid; };
    window.interpolate = function (fmt, obj, named) {
      if (named) return fmt.replace(/%\(\w+\)s/g, function (match) { return String(obj[match.slice(2, -2)]); });
      return fmt.replace(/%s/g, function () { return String(obj.shift()); });
    };
    window.get_format = function (name) { return name === "DECIMAL_SEPARATOR" ? "." : name; };
  }
  // A number with `digits` decimals and the language's decimal separator (54,17 in French).
  window.formatNumber = function (value, digits) {
    return Number(value).toFixed(digits).replace(".", window.get_format("DECIMAL_SEPARATOR"));
  };
  // A round clock: "12:05", "over by 0:40", "12:05 left", "(paused)": the phone, the big screen, the live panel.
  window.bridgedeskClock = function (seconds, running, withLeft) {
    const a = Math.abs(seconds);
    const time = Math.floor(a / 60) + ":" + String(a % 60).padStart(2, "0");
    let text = seconds < 0 ? interpolate(gettext("over by %(time)s"), { time: time }, true)
      : withLeft ? interpolate(gettext("%(time)s left"), { time: time }, true) : time;
    if (!running) text = interpolate(gettext("%(time)s (paused)"), { time: text }, true);
    return text;
  };

  // The language switch (templates/_language_switch.html): choosing a language sends the form at once, so its
  // button is only needed without JavaScript (the Content-Security-Policy forbids an inline onchange).
  document.addEventListener("change", function (event) {
    const select = event.target;
    const form = select && select.form;
    if (form && form.hasAttribute("data-language-switch") && select.name === "language") form.submit();
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-language-go]").forEach(function (button) { button.hidden = true; });
  });
})();
