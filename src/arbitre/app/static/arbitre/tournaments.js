// Arbitre — Classic and backgammon tournament pages: check-in, explanations, live pages.
(function () {
  "use strict";

  // -- check-in: tap a whole row to mark the player present, then confirm -----------------
  const checkin = document.querySelector("table.checkin");
  if (checkin) {
    checkin.querySelectorAll("tbody tr").forEach(function (row) {
      const box = row.querySelector("input[type=checkbox]");
      if (!box) { return; }
      row.addEventListener("click", function (event) {
        if (event.target !== box) { box.checked = !box.checked; }
        row.classList.toggle("selected", box.checked);
      });
    });
  }

  // -- "why?" buttons show the engine's explanation of a pair -----------------------------
  document.querySelectorAll("button.why").forEach(function (button) {
    button.addEventListener("click", function () {
      const text = document.getElementById(button.dataset.target);
      if (text) { text.hidden = !text.hidden; }
    });
  });

  // -- live public pages: reload when the tournament's version changes. Polled every two
  // seconds with the last ETag ("no-cache": the server answers 304 while nothing changed);
  // after a change the reload waits a random moment of up to two seconds, so that a hall
  // full of phones does not ask for the page at the same instant.
  const live = document.querySelector(".live[data-state-url]");
  if (live) {
    const version = live.dataset.version;
    let reloading = false;
    setInterval(function () {
      if (reloading) { return; }
      fetch(live.dataset.stateUrl, { cache: "no-cache" })
        .then(function (r) { return r.json(); })
        .then(function (state) {
          if (String(state.version) !== version) {
            reloading = true;
            setTimeout(function () { location.reload(); }, Math.random() * 2000);
          }
        })
        .catch(function () {});
    }, 2000);
  }
})();
