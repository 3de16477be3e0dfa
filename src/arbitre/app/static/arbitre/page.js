// Arbitre — what the pages' buttons do beyond sending their form, said in data- attributes
// (the Content-Security-Policy runs no inline handler, onclick="..."; issue 34):
// - data-confirm="question": the button or link acts only once the question is answered OK;
// - data-print: the button prints the page;
// - data-autosubmit on a select: choosing an option sends its form.
"use strict";
(function () {
  document.addEventListener("click", function (event) {
    const target = event.target instanceof Element ? event.target : null;
    const asking = target && target.closest("[data-confirm]");
    if (asking && !window.confirm(asking.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    const printing = target && target.closest("[data-print]");
    if (printing) {
      event.preventDefault();
      window.print();
    }
  }, true);
  document.addEventListener("change", function (event) {
    const select = event.target;
    if (select instanceof HTMLSelectElement && select.hasAttribute("data-autosubmit") && select.form) {
      select.form.submit();
    }
  });
})();
