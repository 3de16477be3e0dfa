// Arbitre — Duplicate pages: countdown, ballot entry, live standings (no framework).
(function () {
  "use strict";

  function csrfToken() {
    const m = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  // -- countdown and signals (seed 004, 2.3): the chief arbiter's and the arbiters' screens --
  // The words come from the page: data-warning-text, data-end-text on the #signal element.
  function showSignal(signal, left, warning) {
    if (!signal) { return; }
    const kind = left === 0 ? "end" : (left <= warning ? "warning" : "");
    signal.textContent = kind === "end" ? signal.dataset.endText
      : (kind === "warning" ? signal.dataset.warningText : "");
    signal.className = "signal" + (kind ? " " + kind : "");
  }

  function runCountdown(countdown, remaining, signal) {
    const warning = parseInt(countdown.dataset.warning, 10);
    const started = Date.now();
    const tick = function () {
      const left = Math.max(0, remaining - Math.floor((Date.now() - started) / 1000));
      const m = Math.floor(left / 60), s = left % 60;
      countdown.textContent = m + ":" + String(s).padStart(2, "0");
      countdown.classList.toggle("warning", left <= warning && left > 0);
      countdown.classList.toggle("finished", left === 0);
      showSignal(signal, left, warning);
      if (left === 0) { countdown.textContent = countdown.dataset.finished; return; }
      countdown.dataset.timer = String(setTimeout(tick, 250));
    };
    tick();
  }

  const countdown = document.getElementById("countdown");
  if (countdown && countdown.dataset.remaining !== "") {
    runCountdown(countdown, parseInt(countdown.dataset.remaining, 10),
                 document.getElementById("signal"));
  }

  // the arbiters' screen follows the game's clock (the state JSON, every 2 s)
  const clock = document.getElementById("live-clock");
  if (clock) {
    const clockCountdown = clock.querySelector(".countdown");
    const clockSignal = clock.querySelector(".signal");
    let seen = null;
    const poll = function () {
      fetch(clock.dataset.stateUrl, { cache: "no-cache" })
        .then(function (r) { return r.json(); })
        .then(function (state) {
          const key = state.version + ":" + state.remaining;
          if (key === seen) { return; }
          seen = key;
          clearTimeout(parseInt(clockCountdown.dataset.timer || "0", 10));
          clock.hidden = state.remaining === null;
          clock.querySelector(".move").textContent =
            clock.dataset.moveText + " " + state.move_number;
          if (state.remaining !== null) {
            runCountdown(clockCountdown, state.remaining, clockSignal);
          }
        })
        .catch(function () {});
    };
    poll();
    setInterval(poll, 2000);
  }

  // -- pages that follow the game: reload when its version changes -----------------------
  const follower = document.querySelector(".public-move[data-state-url]");
  if (follower) {
    const version = follower.dataset.version;
    setInterval(function () {
      fetch(follower.dataset.stateUrl, { cache: "no-cache" })
        .then(function (r) { return r.json(); })
        .then(function (state) { if (String(state.version) !== version) { location.reload(); } })
        .catch(function () {});
    }, 1000);
  }

  // -- the arbiters' progress on the move, live (every 3 s) --------------------------------
  const progress = document.getElementById("progress");
  if (progress && progress.dataset.url) {
    setInterval(function () {
      fetch(progress.dataset.url, { cache: "no-cache" })
        .then(function (r) { return r.json(); })
        .then(function (data) {
          progress.replaceChildren();
          data.progress.forEach(function (p) {
            const span = document.createElement("span");
            span.textContent = p.arbiter + " : " + p.done + "/" + p.total;
            progress.append(span, " ");
          });
        })
        .catch(function () {});
    }, 3000);
  }

  // -- ballot entry ------------------------------------------------------------------------
  const table = document.getElementById("entry-table");
  if (table) {
    const inputs = Array.from(table.querySelectorAll("input.ballot"));
    // A ballot typed but not accepted by the server (offline, refused, the page reloaded or
    // closed meanwhile) is kept on the phone until the server accepts it: restored at the
    // next load while the server's ballot of that row is the one it was typed over.
    const DRAFT_HOURS = 12;
    const drafts = (function () { try { return window.localStorage; } catch (e) { return null; } })();
    const draftKey = function (row) {
      return "arbitre-ballot:" + table.dataset.api + ":" + table.dataset.move + ":" + row.dataset.registration;
    };
    const keepDraft = function (input) {
      if (!drafts) { return; }
      const row = input.closest("tr");
      try {
        if (input.value === input.defaultValue) { drafts.removeItem(draftKey(row)); return; }
        drafts.setItem(draftKey(row), JSON.stringify({ text: input.value, version: row.dataset.version, at: Date.now() }));
      } catch (e) { /* storage full or refused: the field keeps the text meanwhile */ }
    };
    const dropDraft = function (row) {
      if (drafts) { try { drafts.removeItem(draftKey(row)); } catch (e) { /* nothing kept */ } }
    };
    inputs.forEach(function (input) {
      const row = input.closest("tr");
      let draft = null;
      try { draft = drafts && JSON.parse(drafts.getItem(draftKey(row)) || "null"); } catch (e) { draft = null; }
      if (!draft || typeof draft.text !== "string" || Date.now() - draft.at > DRAFT_HOURS * 3600e3) {
        if (draft) { dropDraft(row); }
        return;
      }
      const decision = row.querySelector(".decision");
      if (draft.version !== row.dataset.version) {
        // the ballot changed on the server since it was typed: shown, not put over it
        row.classList.add("warning");
        decision.textContent = table.dataset.draftStale.replace("{text}", draft.text);
        dropDraft(row);
      } else if (draft.text !== input.value) {
        input.value = draft.text;
        row.classList.add("draft");
        decision.textContent = table.dataset.draft;
      }
    });
    inputs.forEach(function (input, index) {
      input.addEventListener("input", function () { keepDraft(input); });
      input.addEventListener("keydown", function (event) {
        if (event.key !== "Enter") { return; }
        event.preventDefault();
        const row = input.closest("tr");
        const decision = row.querySelector(".decision");
        const score = row.querySelector(".score");
        row.classList.remove("error", "nullity", "warning", "saved", "draft");
        keepDraft(input);
        fetch(table.dataset.api, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
          body: JSON.stringify({
            registration: row.dataset.registration,
            move: table.dataset.move,
            version: parseInt(row.dataset.version, 10),
            text: input.value,
          }),
        })
          .then(function (r) { return r.json(); })
          .then(function (data) {
            if (!data.ok) {
              row.classList.add("error");
              decision.textContent = data.error;
              return;
            }
            row.dataset.version = data.version;
            input.defaultValue = input.value;  // the server's ballot now
            dropDraft(row);
            score.textContent = data.score;
            // the server's wording, as the page shows it once reloaded ("Aucune sanction")
            let label = data.sanction.kind === "none" ? data.sanction_label : data.sanction_label + " (" + data.sanction.rule + ")";
            if (data.disciplinary_warning) { label += table.dataset.disciplinary; }
            decision.textContent = label;
            row.classList.add(data.sanction.kind === "none" ? "saved" : data.sanction.kind);
            if (index + 1 < inputs.length) { inputs[index + 1].focus(); }
          })
          .catch(function () { row.classList.add("error"); decision.textContent = table.dataset.unreachable; });
      });
    });
    if (inputs.length) { inputs[0].focus(); }
  }

  // -- live standings (the words of the page's language come from the template) ------------------------------------------------------------------------
  const standings = document.getElementById("standings");
  if (standings) {
    const render = function (data) {
      const body = standings.querySelector("tbody");
      const rows = data.standings.map(function (r) {
        const link = standings.dataset.playerUrl.replace("LICENCE", encodeURIComponent(r.licence));
        const cells = [
          '<td class="num">' + r.rank + (r.ex_aequo ? " ex" : "") + "</td>",
          '<td><a href="' + link + '"></a></td>',
          '<td class="hide-narrow"></td>', '<td class="hide-narrow"></td>',
        ].concat(r.games.map(function (t) { return '<td class="num hide-narrow">' + t + "</td>"; }))
          .concat(['<td class="num"><strong>' + r.total + "</strong></td>", '<td class="num">' + r.difference + "</td>", '<td class="num">' + Number(r.percentage).toFixed(2).replace(".", standings.dataset.decimal || ".") + "</td>"]);
        const tr = document.createElement("tr");
        tr.innerHTML = cells.join("");
        tr.children[1].firstChild.textContent = r.full_name;
        if (r.withdrawn) {
          const mark = document.createElement("span");
          mark.className = "withdrawn";
          mark.textContent = standings.dataset.withdrawn;
          tr.children[1].append(" ", mark);
        }
        if (r.above_top) {  // seed 004, 5.3: above the top on appeal, the chief's decision pending
          const star = document.createElement("span");
          star.className = "above-top-mark";
          star.textContent = "*";
          tr.children[1].append(" ", star);
        }
        tr.children[2].textContent = r.club;
        tr.children[3].textContent = r.series;
        return tr;
      });
      body.replaceChildren.apply(body, rows);
      const provisional = document.getElementById("provisional");
      if (provisional) {
        const missing = data.missing_ballots || 0;
        provisional.hidden = !missing;
        provisional.textContent = (missing === 1 ? provisional.dataset.one : provisional.dataset.many)
          .replace("{count}", missing);
      }
      const aboveTop = document.getElementById("above-top");
      if (aboveTop && data.above_top) {
        aboveTop.hidden = !data.above_top.length;
        const items = data.above_top.map(function (a) {
          const li = document.createElement("li");
          li.textContent = aboveTop.dataset.mark.replace(/\{(game|move)\}/g, function (_, key) { return a[key]; });
          return li;
        });
        aboveTop.querySelector("ul").replaceChildren.apply(aboveTop.querySelector("ul"), items);
      }
      const solos = document.getElementById("solos");
      if (solos) {
        const items = data.solos.map(function (s) {
          const li = document.createElement("li");
          li.textContent = solos.dataset.solo.replace(/\{(name|game|move|score)\}/g, function (_, key) { return s[key]; });
          return li;
        });
        if (!items.length) {
          const li = document.createElement("li"); li.className = "empty"; li.textContent = solos.dataset.none; items.push(li);
        }
        solos.replaceChildren.apply(solos, items);
      }
    };
    setInterval(function () {
      fetch(standings.dataset.url, { cache: "no-cache" })
        .then(function (r) { return r.json(); })
        .then(render)
        .catch(function () {});
    }, 2000);  // with the last ETag ("no-cache"): 304 while the standings stay
  }
})();
