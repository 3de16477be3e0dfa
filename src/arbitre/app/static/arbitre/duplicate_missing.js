// Arbitre — the chief arbiter's list of ballots still missing per arbiter (issue 35): the
// list is read again every three seconds while the page is open, so that the chief sees
// each arbiter's entries arrive without reloading.
(function () {
  "use strict";
  const box = document.getElementById("missing-ballots");
  const list = document.getElementById("missing-list");
  if (!box || !list) { return; }
  let busy = false;
  function render(data) {
    list.textContent = "";
    data.arbiters.forEach(function (r) {
      const item = document.createElement("li");
      item.dataset.arbiter = r.arbiter;
      const name = document.createElement("strong");
      name.textContent = r.arbiter;
      const text = document.createElement("span");
      text.className = "missing-text";
      text.textContent = r.missing ? box.dataset.format
        .replace("{missing}", String(r.missing))
        .replace("{awaited}", String(r.awaited))
        .replace("{tables}", r.tables.join(", ")) : box.dataset.all;
      item.append(name, " : ", text);
      list.appendChild(item);
    });
  }
  setInterval(function () {
    if (busy) { return; }
    busy = true;
    fetch(box.dataset.url, { cache: "no-cache", credentials: "same-origin" })
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
      .then(render)
      .catch(function () {})
      .finally(function () { busy = false; });
  }, 3000);
})();
