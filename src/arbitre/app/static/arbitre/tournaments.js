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

  // -- live public pages: reload when the tournament's version changes (polled each second)
  const live = document.querySelector(".live[data-state-url]");
  if (live) {
    const version = live.dataset.version;
    setInterval(function () {
      fetch(live.dataset.stateUrl, { cache: "no-store" })
        .then(function (r) { return r.json(); })
        .then(function (state) { if (String(state.version) !== version) { location.reload(); } })
        .catch(function () {});
    }, 1000);
  }
})();
