// Arbitre — the backgammon match clock at a table (issue 19, part 1). Every press goes
// through the table log (tablelog.js: stored on the server, queued while offline); the
// times shown run down between two states. Words come from the page's data-* attributes.
(function () {
  "use strict";
  const root = document.getElementById("bg-clock");
  if (!root) return;
  // the language's plural rule: in French 0 and 1 take the singular ("1 coup")
  const plural = function (n) {
    return new Intl.PluralRules(document.documentElement.lang || "fr").select(n);
  };
  const w = function (key, params) {
    let text = root.dataset["w" + key] || "";
    Object.keys(params || {}).forEach(function (k) { text = text.split("{" + k + "}").join(params[k]); });
    return text;
  };
  let current = JSON.parse(document.getElementById("clock-initial").textContent);
  let readAt = Date.now() / 1000;
  const log = new window.ArbitreTableLog({
    stateUrl: root.dataset.stateUrl,
    actionUrl: root.dataset.actionUrl,
    csrf: root.dataset.csrf,
    queueKey: root.dataset.queueKey,
    code: root.dataset.code,
    epoch: parseFloat(root.dataset.epoch),
    serverNow: parseFloat(root.dataset.serverNow),
    onState: function (state) { current = state; readAt = Date.now() / 1000; render(); },
    // a refusal stays in sight until the next action (the message line is redrawn often)
    onError: function (text) { if (text) document.getElementById("clock-error").textContent = text; },
    onNetwork: function (online, waiting) {
      document.getElementById("network").textContent =
        waiting ? w("Offline", { count: waiting }) : "";
    },
  });
  function fmt(seconds) {
    const s = Math.max(Math.floor(seconds), 0);
    const m = Math.floor(s / 60);
    const r = s % 60;
    return m + ":" + (r < 10 ? "0" : "") + r;
  }
  function render() {
    const elapsed = Date.now() / 1000 - readAt;
    // a flag falls by the time passing, with no new event: seen here before the server says it
    let flagged = current.flagged;
    [0, 1].forEach(function (p) {
      let left = current.remaining[p];
      if (current.running === p) left -= elapsed;
      if (left <= 0 && current.running === p) flagged = p;
      document.getElementById("time-" + p).textContent = fmt(left);
      document.getElementById("moves-" + p).textContent = w(plural(current.moves[p]) === "one" ? "MovesOne" : "Moves", { count: current.moves[p] });
      const half = document.getElementById("half-" + p);
      half.classList.toggle("running", current.running === p && flagged === null);
      half.classList.toggle("flagged", flagged === p);
      half.disabled = current.running !== p || flagged !== null || current.closed;
    });
    // before the match, and whenever the clock is neutralised: at the next game the lower
    // die starts the clock of the higher (3.5); after a game a player's break runs on their
    // own time, the opponent starting it (2.2)
    document.getElementById("start-buttons").hidden = (current.started && !current.paused) || current.closed;
    root.querySelectorAll(".first-start").forEach(function (el) { el.hidden = current.started; });
    root.querySelectorAll(".next-start").forEach(function (el) { el.hidden = !current.started; });
    document.getElementById("pause").disabled = current.running === null || current.closed;
    document.getElementById("resume").disabled = !current.paused || current.closed;
    // a final-stage match: each set on a fresh clock at its own length (seed 003)
    const setNow = document.getElementById("set-now");
    if (setNow) {
      setNow.textContent = current.set ? w("Set", { n: current.set, count: current.sets, length: current.length }) : "";
    }
    [0, 1].forEach(function (p) {
      if (current.length) document.getElementById("score-" + p).max = current.length - 1;
    });
    const msg = document.getElementById("clock-message");
    const score = document.getElementById("score-now");
    document.getElementById("record-text").textContent = current.record || "";
    score.textContent = current.score ? w("Score", { a: current.score[0], b: current.score[1] }) : "";
    if (flagged !== null && !current.ended && !current.closed && Date.now() - flagSent > 3000) {
      // clock rules 4.1: the flag seen down stops the clock; the server writes the result
      flagSent = Date.now();
      send({ kind: "flag" });
    }
    renderSigning(elapsed);
    renderPauses(elapsed);
    let line = "";
    if (current.ended === "both_time") {
      line = w("BothFlags");
    } else if (current.ended === "time") {
      line = w("WonOnTime", { name: current.names[1 - current.winner], winner: current.names[current.winner] });
    } else if (current.closed) {
      line = "";
    } else if (flagged !== null) {
      line = w("Flag", { name: current.names[flagged] });
    } else if (current.paused) {
      line = w("Paused");
    } else if (!current.started) {
      line = w("Waiting");
    }
    // the result entered: the clock is stopped for good (no finished match "en cours")
    if (current.closed) line = (line ? line + " " : "") + w("Closed");
    msg.textContent = line;
  }
  // seed 003, 4.6: the final score confirmed by both players within the five minutes
  function renderSigning(elapsed) {
    const out = document.getElementById("signing-now");
    const sig = current.signing;
    if (!out || !sig) return;
    const shown = function (c) { return c ? c[0] + "-" + c[1] : w("SignNone"); };
    if (sig.status === "confirmed") {
      out.textContent = w("SignConfirmed", { a: sig.score[0], b: sig.score[1] });
    } else if (sig.status === "late" || (sig.left !== null && sig.left - elapsed <= 0)) {
      out.textContent = w("SignLate");
    } else if (sig.status === "waiting") {
      out.textContent = w("SignWaiting", {
        a: current.names[0] + " " + shown(sig.confirmed[0]),
        b: current.names[1] + " " + shown(sig.confirmed[1]),
        left: fmt(sig.left - elapsed),
      });
    } else {
      out.textContent = "";
    }
  }
  // seed 003, 1.11: the pauses of a match without a clock, and their overrun
  function renderPauses(elapsed) {
    const out = document.getElementById("pause-now");
    const pauses = current.pauses;
    if (!out || !pauses) return;
    if (pauses.running) {
      const left = pauses.running.left - elapsed;
      const name = current.names[pauses.running.player];
      out.textContent = left >= 0 ? w("PauseRunning", { name: name, left: fmt(left) })
        : w("PauseOver", { name: name, over: fmt(-left) });
    } else {
      out.textContent = w("PauseLeft", { a: current.names[0], na: pauses.left[0], b: current.names[1], nb: pauses.left[1] });
    }
    const list = document.getElementById("pause-overruns");
    if (list.childElementCount !== pauses.overruns.length) {
      list.textContent = "";
      pauses.overruns.forEach(function (text) {
        const li = document.createElement("li");
        li.textContent = text;
        list.appendChild(li);
      });
    }
  }
  let flagSent = 0;
  function send(event) {
    document.getElementById("clock-error").textContent = "";
    log.send(event);
  }
  [0, 1].forEach(function (p) {
    document.getElementById("half-" + p).addEventListener("click", function () {
      send({ kind: "press", player: p });
    });
    document.getElementById("start-" + p).addEventListener("click", function () {
      send({ kind: "start", player: p });
    });
  });
  document.getElementById("score-form").addEventListener("submit", function (e) {
    e.preventDefault();
    send({ kind: "score", score: [0, 1].map(function (p) {
      return parseInt(document.getElementById("score-" + p).value, 10);
    }) });
  });
  const pauseForm = document.getElementById("pause-form");
  if (pauseForm) {
    pauseForm.addEventListener("submit", function (e) {
      e.preventDefault();
      const by = e.submitter ? parseInt(e.submitter.dataset.player, 10) : 0;
      send({ kind: "break_start", player: by, dmp: document.getElementById("pause-dmp").checked,
        score: [0, 1].map(function (p) { return parseInt(document.getElementById("pause-score-" + p).value, 10); }) });
    });
    pauseForm.querySelectorAll(".pause-end").forEach(function (button) {
      button.addEventListener("click", function () {
        send({ kind: "break_end", player: parseInt(button.dataset.player, 10) });
      });
    });
  }
  const signingForm = document.getElementById("signing-form");
  if (signingForm) {
    signingForm.addEventListener("submit", function (e) {
      e.preventDefault();
      const by = e.submitter ? parseInt(e.submitter.dataset.player, 10) : 0;
      const event = { kind: "confirm", player: by, score: [0, 1].map(function (p) {
        return parseInt(document.getElementById("final-" + p).value, 10);
      }) };
      // each player confirms with the PIN of their own part of the table's slip
      const pin = document.getElementById("final-pin-" + by);
      if (pin) { event.pin = pin.value.replace(/\s/g, ""); pin.value = ""; }
      send(event);
    });
  }
  document.getElementById("record-form").addEventListener("submit", function (e) {
    e.preventDefault();
    const cell = document.getElementById("record-cell");
    send({ kind: "record", player: parseInt(document.getElementById("record-player").value, 10), cell: cell.value });
    cell.value = "";
  });
  document.getElementById("record-undo").addEventListener("click", function () {
    send({ kind: "record_undo" });
  });
  document.getElementById("pause").addEventListener("click", function () { send({ kind: "pause" }); });
  document.getElementById("resume").addEventListener("click", function () { send({ kind: "resume" }); });
  render();
  setInterval(render, 250);
  // a phone or a tablet held sideways: the page opens on the two halves, so that a player
  // presses without scrolling first (the title and the links stay above, a scroll away)
  const halves = document.querySelector(".bg-clock-halves");
  if (halves && halves.getBoundingClientRect().bottom > window.innerHeight) {
    document.getElementById("clock-message").scrollIntoView({ block: "start" });
  }
})();
