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

  // -- live public pages: the page's content is polled every two seconds ("no-cache": the
  // browser asks with the ETag of the content it holds, and the server answers 304 while the
  // tournament has not changed, or the new content, rendered once per change for every
  // visitor); new content is put in place. A page without a live content block polls the
  // tournament's version and reloads when it moves.
  const holder = document.getElementById("live-content");
  let busy = false;
  let shown = holder ? holder.dataset.tag : null; // the ETag of the content shown
  setInterval(function () {
    const live = document.querySelector(".live[data-state-url]");
    if (!live || busy) { return; }
    busy = true;
    if (holder) {
      const url = new URL(location.href);
      url.searchParams.set("fragment", "1");
      fetch(url, { cache: "no-cache" })
        .then(function (r) {
          if (!r.ok) { throw new Error(r.status); }
          const tag = r.headers.get("ETag");
          if (tag && tag === shown) { return null; }
          shown = tag;
          return r.text();
        })
        .then(function (html) { if (html !== null) { holder.innerHTML = html; } })
        .catch(function () {})
        .finally(function () { busy = false; });
      return;
    }
    fetch(live.dataset.stateUrl, { cache: "no-cache" })
      .then(function (r) { return r.json(); })
      .then(function (state) {
        if (String(state.version) !== live.dataset.version) { location.reload(); }
      })
      .catch(function () {})
      .finally(function () { busy = false; });
  }, 2000);
})();
