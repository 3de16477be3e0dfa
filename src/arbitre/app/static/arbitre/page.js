// Arbitre — what the pages' buttons do beyond sending their form, said in data- attributes
// (the Content-Security-Policy runs no inline handler, onclick="..."; issue 34):
// - data-confirm="question": the button or link acts only once the question is answered OK;
// - data-print: the button prints the page;
// - data-autosubmit on a select: choosing an option sends its form;
// - a wide table's box (.scroll-x): the hint just before it (.scroll-hint) is shown while the
//   table is wider than the box, which then scrolls sideways by itself (issue 35).
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
  function hintWideTables() {
    for (const box of document.querySelectorAll(".scroll-x")) {
      const hint = box.previousElementSibling;
      if (hint && hint.classList.contains("scroll-hint")) {
        hint.hidden = box.scrollWidth <= box.clientWidth + 1;
      }
    }
  }
  // a box is watched once it is on the page, also when a live page redraws its content
  const watch = "ResizeObserver" in window ? new ResizeObserver(hintWideTables) : null;
  function watchWideTables() {
    for (const box of document.querySelectorAll(".scroll-x:not([data-watched])")) {
      box.dataset.watched = "";
      if (watch) {
        watch.observe(box);
        if (box.firstElementChild) watch.observe(box.firstElementChild);
      }
    }
    hintWideTables();
  }
  watchWideTables();
  new MutationObserver(watchWideTables).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("load", hintWideTables);
  window.addEventListener("resize", hintWideTables);
})();
