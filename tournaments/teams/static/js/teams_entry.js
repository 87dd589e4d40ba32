// Teams entry: clearing both rooms of a stored board deletes that board's scores, so ask first.
(function () {
  "use strict";
  const form = document.getElementById("teams-entry-form");
  if (!form) return;
  form.addEventListener("submit", function (ev) {
    const cleared = Array.from(form.querySelectorAll("tr[data-stored]")).filter(function (row) {
      return Array.from(row.querySelectorAll("input")).every(function (input) { return input.value.trim() === ""; });
    }).map(function (row) { return row.dataset.stored; });
    if (!cleared.length) return;
    const question = ngettext("Delete the scores of board %(boards)s? Both rooms were cleared (the audit log keeps them).",
      "Delete the scores of boards %(boards)s? Both rooms were cleared (the audit log keeps them).", cleared.length);
    if (!window.confirm(interpolate(question, { boards: cleared.join(", ") }, true))) {
      ev.preventDefault();
    }
  });
})();
