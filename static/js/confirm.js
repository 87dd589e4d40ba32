// A form with data-confirm="question" asks before it is sent (the Content-Security-Policy forbids inline
// onsubmit handlers, so the question sits in the markup and this one listener asks it).
document.addEventListener("submit", function (event) {
  const question = event.target.getAttribute && event.target.getAttribute("data-confirm");
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
}, true);
