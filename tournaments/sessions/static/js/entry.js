// Result entry: clearing a line that holds a stored result deletes that result, so ask first.
(function () {
  "use strict";
  const form = document.getElementById("entry-form");
  if (!form) return;
  form.addEventListener("submit", function (ev) {
    const cleared = [];
    form.querySelectorAll("input[name$='-shown']").forEach(function (shown) {
      if (!shown.value.replace(/\|/g, "").trim()) return; // the line was empty when the page was opened
      const prefix = shown.name.slice(0, -"shown".length);
      const typed = ["contract", "declarer", "tricks", "score"].some(function (f) {
        const input = form.querySelector("input[name='" + prefix + f + "']");
        return input && input.value.trim() !== "";
      });
      if (!typed) {
        const row = shown.closest("tr");
        const cells = row ? Array.from(row.querySelectorAll("td")).slice(0, 4).map(function (td) {
          const input = td.querySelector("input");
          return (input ? input.value : td.textContent).trim();
        }) : [];
        cleared.push(cells.join(" ") + " (" + shown.value.split("|").join(" ") + ")");
      }
    });
    if (!cleared.length) return;
    const question = ngettext("Delete this line's stored result?", "Delete these lines' stored results?", cleared.length);
    const why = gettext("The lines were cleared; saving deletes the results (the audit log keeps them).");
    if (!window.confirm(question + "\n\n" + cleared.join("\n") + "\n\n" + why)) {
      ev.preventDefault();
    }
  });
})();
