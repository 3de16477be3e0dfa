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

  // -- live public pages: when the tournament's version moves, the page's content is fetched
  // again and put in place (the server renders it once per change for every visitor). The
  // version is polled every two seconds with the last ETag ("no-cache": 304 while nothing
  // changed); the content is fetched at a random moment of the next second, so that a hall
  // full of phones does not ask at the same instant. A page without a live content block
  // reloads.
  const holder = document.getElementById("live-content");
  let busy = false;
  setInterval(function () {
    const live = document.querySelector(".live[data-state-url]");
    if (!live || busy) { return; }
    fetch(live.dataset.stateUrl, { cache: "no-cache" })
      .then(function (r) { return r.json(); })
      .then(function (state) {
        if (String(state.version) === live.dataset.version) { return; }
        busy = true;
        setTimeout(function () {
          if (!holder) { location.reload(); return; }
          const url = new URL(location.href);
          url.searchParams.set("fragment", "1");
          fetch(url, { cache: "no-cache" })
            .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.text(); })
            .then(function (html) { holder.innerHTML = html; })
            .catch(function () { location.reload(); })
            .finally(function () { busy = false; });
        }, Math.random() * 1000);
      })
      .catch(function () {});
  }, 2000);
})();
