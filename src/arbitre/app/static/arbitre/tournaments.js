// Arbitre — Classic and backgammon tournament pages: check-in, explanations, live pages.
(function () {
  "use strict";

  // -- check-in: tap a whole row to mark the player present, then confirm -----------------
  // The rows ticked or unticked and not yet confirmed are kept in the tab's session storage
  // (as changes from what the server shows), so that leaving the page, to correct a
  // player's name say, and coming back loses none of them; confirming forgets them.
  const checkin = document.querySelector("table.checkin");
  const checkinForm = document.getElementById("checkin-form");
  if (checkin && checkinForm) {
    const key = "arbitre-checkin:" + checkinForm.getAttribute("action");
    const DAY = 86400000;
    let pending = {};
    try {
      const kept = JSON.parse(sessionStorage.getItem(key) || "null");
      if (kept && Date.now() - kept.at < DAY) { pending = kept.changes || {}; }
    } catch (e) { pending = {}; }
    function keep() {
      try {
        if (Object.keys(pending).length) {
          sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), changes: pending }));
        } else {
          sessionStorage.removeItem(key);
        }
      } catch (e) { /* storage refused (private mode): the ticks live as long as the page */ }
    }
    let restored = 0;
    checkin.querySelectorAll("tbody tr").forEach(function (row) {
      const box = row.querySelector("input[type=checkbox]");
      if (!box) { return; }
      if (Object.prototype.hasOwnProperty.call(pending, box.value)) {
        if (pending[box.value] === box.defaultChecked) {
          delete pending[box.value];  // the server caught up (a player's own declaration)
        } else {
          box.checked = pending[box.value];
          restored += 1;
        }
      }
      row.classList.toggle("selected", box.checked);
      function changed() {
        row.classList.toggle("selected", box.checked);
        if (box.checked === box.defaultChecked) {
          delete pending[box.value];
        } else {
          pending[box.value] = box.checked;
        }
        keep();
      }
      box.addEventListener("change", changed);
      row.addEventListener("click", function (event) {
        if (event.target === box) { return; }  // the box's own change event does the rest
        if (event.target.closest("a")) { return; }  // a link of the row (edit the player) only leaves
        box.checked = !box.checked;
        changed();
      });
    });
    keep();
    const note = document.getElementById("checkin-restored");
    if (note && restored) { note.hidden = false; }
    checkinForm.addEventListener("submit", function () {
      try { sessionStorage.removeItem(key); } catch (e) { /* nothing kept */ }
    });
  }

  // -- check-in search: the rows whose text holds what is typed (accents and case apart) --
  const search = document.getElementById("checkin-search");
  if (checkin && search) {
    const folded = function (text) {
      return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    };
    search.addEventListener("input", function () {
      const wanted = folded(search.value.trim());
      checkin.querySelectorAll("tbody tr").forEach(function (row) {
        row.hidden = wanted !== "" && folded(row.textContent).indexOf(wanted) < 0;
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
