// Arbitre — the arbiters' overview of a round's tables (issue 18): clocks, scores, calls and
// challenges waiting, games finished and signed; polled every two seconds.
(function () {
  "use strict";
  const root = document.getElementById("ct-overview");
  if (!root) return;
  const d = root.dataset;
  const body = document.getElementById("ct-overview-rows");
  let rows = JSON.parse(document.getElementById("ct-overview-initial").textContent);
  let seen = Date.now();
  // each cell carries its column's name (from the page's header), shown on a phone where
  // the rows are laid out as blocks
  const labels = Array.prototype.map.call(
    root.querySelectorAll(".ct-overview thead th"), function (th) { return th.textContent; });

  function clock(row) {
    const c = row.clock;
    if (!c) return "—";
    const elapsed = (Date.now() - seen) / 1000;
    return c.remaining.map(function (r, p) {
      let left = r;
      if (row.started && !row.finished && !c.stopped && c.running !== null &&
          (c.kind === "global" || c.running === p)) left -= elapsed;
      const s = Math.max(0, Math.ceil(left));
      return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    }).join(" / ");
  }

  function stateOf(row) {
    if (row.call) return [d.wCall, "alert"];
    if (row.challenge_pending) return [d.wChallenge, "alert"];
    if (row.signed) return [d.wSigned + (row.entered ? " · " + d.wEntered : ""), "done"];
    // a result entered on the round's page, the table page not used (or left unsigned)
    if (row.entered) return [d.wEntered.charAt(0).toUpperCase() + d.wEntered.slice(1), "done"];
    if (row.finished) return [d.wFinished, "finished"];
    if (row.neutralised) return [d.wNeutralised, "alert"];
    return row.started ? [d.wPlaying, ""] : [d.wWaiting, "muted"];
  }

  function render() {
    body.textContent = "";
    rows.forEach(function (row) {
      const tr = document.createElement("tr");
      tr.id = "ov-" + row.table;
      const st = stateOf(row);
      tr.className = st[1];
      [String(row.table), row.code, row.names.join(" — "),
        row.scores.join(" – ") + (row.match ? " (" + row.match + ")" : ""), clock(row),
        String(row.turns), st[0]].forEach(function (v, i) {
        const td = document.createElement("td");
        if (i === 1) { const c = document.createElement("code"); c.textContent = v; td.appendChild(c); }
        else td.textContent = v;
        if (i === 4) td.className = "ov-clock";
        if (labels[i]) td.dataset.label = labels[i];
        tr.appendChild(td);
      });
      const td = document.createElement("td");
      const a = document.createElement("a");
      a.href = d.arbiterUrl + row.table_id + "/";
      a.textContent = d.wOpen;
      td.appendChild(a);
      tr.appendChild(td);
      body.appendChild(tr);
    });
  }

  function poll() {
    fetch(d.jsonUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) { rows = data.rows; seen = Date.now(); render(); } })
      .catch(function () {});
  }
  render();
  setInterval(poll, 2000);
  setInterval(function () {
    body.querySelectorAll("tr").forEach(function (tr, i) {
      const cell = tr.querySelector(".ov-clock");
      if (cell && rows[i]) cell.textContent = clock(rows[i]);
    });
  }, 1000);
})();
