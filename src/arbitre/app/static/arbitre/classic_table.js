// Arbitre — Classic Scrabble at the table (issue 18): the clock's two halves, the score
// sheet, challenges, incidents, the reckoning and the signatures. The rules are the
// server's engine; this script sends presses through ArbitreTableLog and shows the state it
// gets back. Every word shown comes from the page (data-w-* attributes) or the server.
(function () {
  "use strict";
  const root = document.getElementById("classic-table");
  if (!root || !window.ArbitreTableLog) return;
  const d = root.dataset;
  const $ = function (id) { return document.getElementById(id); };
  const arbiter = d.arbiter === "1";
  let state = JSON.parse($("ct-initial").textContent);
  let stateSeenAt = 0;      // log.now() when the state arrived
  let tossRounds = [];
  let autoSent = "";        // the flag / lost turn already sent for this state

  function fmt(text, params) {
    return text.replace(/\{(\w+)\}/g, function (_, k) { return params[k] === undefined ? "" : params[k]; });
  }
  function show(el, on) { if (el) el.hidden = !on; }
  function text(el, value) { if (el && el.textContent !== value) el.textContent = value; }

  const log = new window.ArbitreTableLog({
    stateUrl: d.stateUrl,
    actionUrl: d.actionUrl,
    csrf: d.csrf,
    queueKey: d.queueKey,
    code: d.code,
    epoch: parseFloat(d.epoch),
    serverNow: parseFloat(d.serverNow),
    onState: function (s) { state = s; stateSeenAt = log.now(); render(); },
    onError: function (message) { error(message === null ? d.wServerError : message); },
    onNetwork: function (online, queued) {
      const el = $("ct-net");
      let t = online ? d.wOnline : d.wOffline;
      if (queued) t += " · " + fmt(d.wQueued, { count: queued });
      text(el, t);
      el.className = "ct-net" + (online ? "" : " offline");
    },
  });
  stateSeenAt = log.now();

  function error(message) {
    const el = $("ct-error");
    text(el, message || "");
    show(el, !!message);
  }
  function send(event) {
    error("");
    const sent = log.send(event);
    render();
    return sent;
  }

  // -- the clock, projected from the state and the presses not yet acknowledged ---------------
  function clockNow() {
    const c = state.clock;
    if (!c) return null;
    const now = log.now();
    const rem = c.remaining.slice();
    let running = c.running, stopped = c.stopped, since = state.at;
    function run(until) {
      const spent = Math.max(0, until - since);
      if (running === null || stopped) { since = until; return; }
      if (c.kind === "chess") rem[running] -= spent;
      else if (c.kind === "global") { rem[0] -= spent; rem[1] -= spent; }
      else rem[running] -= spent;
      since = until;
    }
    log.queue().forEach(function (item) {
      const e = item.event;
      const at = item.wall ? log.timeOf(item) : e.at;
      if (at < since) return;
      if (["play", "pass", "exchange"].indexOf(e.kind) >= 0 && running === e.player && !stopped) {
        run(at);
        running = 1 - e.player;
        if (c.kind === "move") rem[running] = c.seconds;
      } else if (e.kind === "challenge" || e.kind === "neutralise") { run(at); stopped = true; }
      else if (e.kind === "start") { since = at; running = state.starter; stopped = false; }
    });
    run(now);
    if (c.kind === "move") rem[1 - (running === null ? 0 : running)] = c.seconds;
    return { remaining: rem, running: running, stopped: stopped, kind: c.kind, warning: c.warning };
  }

  function clockText(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  }

  // -- the per-move timer's alarm (001 6.3.1: "le premier chronomètre retentit peu avant le
  // second"): a beep through Web Audio (heard when the device's sound is on; a browser
  // lets a page sound only after a touch, so the first touch on the page unlocks it) ------
  let audio = null;
  let alarmRung = "";
  function unlockAudio() {
    const A = window.AudioContext || window.webkitAudioContext;
    if (!A) return;
    try {
      if (!audio) audio = new A();
      if (audio.state === "suspended") audio.resume();
    } catch (e) { audio = null; }
  }
  document.addEventListener("pointerdown", unlockAudio, true);
  document.addEventListener("keydown", unlockAudio, true);
  function beep() {
    unlockAudio();
    root.dataset.alarms = String((parseInt(root.dataset.alarms || "0", 10) || 0) + 1);
    if (!audio) return;
    try {
      const t = audio.currentTime;
      [0, 0.5].forEach(function (delay) {
        const o = audio.createOscillator();
        const g = audio.createGain();
        o.frequency.value = 880;
        g.gain.setValueAtTime(0.3, t + delay);
        g.gain.exponentialRampToValueAtTime(0.001, t + delay + 0.35);
        o.connect(g);
        g.connect(audio.destination);
        o.start(t + delay);
        o.stop(t + delay + 0.4);
      });
    } catch (e) { /* no sound on this device: the alarm stays visible */ }
  }

  function tick() {
    const c = clockNow();
    const shared = !!c && c.kind === "global";
    let alarm = null;
    [0, 1].forEach(function (p) {
      const half = $("ct-half-" + p);
      if (!c) { text($("ct-time-" + p), "—"); return; }
      const left = c.remaining[p];
      // a global credit is one for both players (001 6.4.1): shown once, not on each half
      text($("ct-time-" + p), shared ? "" : clockText(left));
      const active = c.running === p && !c.stopped && (state.started || state.absent === p) && !state.result;
      half.classList.toggle("running", active);
      const warned = active && c.kind === "move" && left <= c.warning;
      half.classList.toggle("warning", warned);
      if (warned && left > 0) alarm = { player: p, left: left };
      half.classList.toggle("flag", !shared && (left <= 0 || state.out_of_time[p]));
    });
    const sharedEl = $("ct-shared");
    show(sharedEl, shared);
    if (shared) {
      text(sharedEl, fmt(d.wShared, { time: clockText(c.remaining[0]) }));
      sharedEl.classList.toggle("flag", c.remaining[0] <= 0);
    }
    const alarmEl = $("ct-alarm");
    show(alarmEl, !!alarm);
    if (alarm) {
      text(alarmEl, fmt(d.wAlarm, { name: state.names[alarm.player], seconds: Math.ceil(alarm.left) }));
      const key = state.version + ":" + log.queue().length + ":" + alarm.player;
      if (alarmRung !== key) { alarmRung = key; beep(); }
    }
    lateTick();
    if (!c || !state.started || state.result || state.neutralised || log.queue().length) return;
    const p = c.running;
    if (p === null || c.stopped || c.remaining[p] > 0) return;
    const key = state.version + ":" + p;
    if (autoSent === key) return;
    if (c.kind === "chess" && !state.out_of_time[p]) { autoSent = key; send({ kind: "flag", player: p }); }
    else if (c.kind === "global" && state.went_out === null) { autoSent = key; send({ kind: "flag", player: p }); }
    else if (c.kind === "move") { autoSent = key; send({ kind: "lose_turn" }); }
  }

  // -- lateness (000 9.5; 001 10.5): who is absent, whose clock runs, when a forfeit is due ----
  function lateTick() {
    const late = state.lateness;
    const el = $("ct-late");
    let due = false;
    if (late) {
      const name = state.names[late.player];
      let line = fmt(late.clock_runs ? d.wAbsentRuns : d.wAbsent, { name: name });
      if (late.forfeit_at === null) line += " " + d.wForfeitStopped;
      else {
        const wait = late.forfeit_at - log.now();
        due = late.rule === "now" || wait <= 0;
        if (due) line += " " + (late.rule === "half" ? d.wForfeitHalfNow : d.wForfeitNow);
        else line += " " + fmt(d.wForfeitIn, { time: clockText(wait) });
      }
      text(el, line);
    }
    show(el, !!late);
    if (arbiter) {
      const acts = state.arbiter_actions || [];
      const forfeit = acts.indexOf("forfeit") >= 0 && (!late || due);
      show($("ct-a-forfeit"), forfeit);
    }
  }

  // Only the arbiter's decisions the state admits are offered (the server lists them).
  function renderArbiter() {
    if (!arbiter) return;
    const acts = state.arbiter_actions || [];
    const has = function (k) { return acts.indexOf(k) >= 0; };
    show($("ct-a-absent"), has("absent_clock"));
    show($("ct-a-late"), has("late_start"));
    show($("ct-a-arrive"), has("arrive"));
    show($("ct-a-end"), has("director_end"));
    show($("ct-a-sanction-fields"), has("sanction"));
    show($("ct-a-overdraw-fields"), has("overdraw"));
    show($("ct-a-impose-fields"), has("impose_clock"));
    show($("ct-a-reopen"), has("reopen"));
    show($("ct-a-player-fields"), ["sanction", "overdraw", "absent_clock", "late_start", "forfeit"].some(has));
    show($("ct-a-none"), acts.length === 0);
  }

  // -- the page -------------------------------------------------------------------------------
  function render() {
    const s = state;
    const names = s.names;
    document.querySelectorAll(".ct-name-0").forEach(function (el) { text(el, names[0]); });
    document.querySelectorAll(".ct-name-1").forEach(function (el) { text(el, names[1]); });
    [0, 1].forEach(function (p) {
      text($("ct-score-" + p), String(s.scores[p]));
      $("ct-half-" + p).classList.toggle("to-move", s.started && !s.result && localToMove() === p);
    });
    text($("ct-bag"), fmt(d.wBag, { count: s.bag }));
    text($("ct-passes"), fmt(d.wPasses, { count: s.pass_run }));

    // the match (best of three): the game in play and the games won
    const m = s.match;
    const inMatch = !!m && m.best_of > 1;
    show($("ct-match"), inMatch);
    if (inMatch) {
      let line = fmt(d.wMatch, { game: m.game, a: names[0], b: names[1], wa: m.games_won[0], wb: m.games_won[1] });
      if (m.over) line += " " + (m.winner === null ? d.wMatchDraw : fmt(d.wMatchOver, { name: names[m.winner] }));
      text($("ct-match"), line);
    }
    show($("ct-next-game"), inMatch && m.next_game_due);

    // status line
    let status = "";
    if (s.result) {
      const r = s.result;
      status = fmt(d.wResult, { a: names[0], sa: r.scores[0], sb: r.scores[1], b: names[1] }) + " ";
      if (r.forfeit !== null) status += fmt(d.wForfeit, { name: names[r.forfeit] });
      else if (r.loss !== null) status += fmt(d.wLoss, { name: names[r.loss] });
      else status += r.winner === null ? d.wDraw : fmt(d.wWinner, { name: names[r.winner] });
      if (s.signed[0] && s.signed[1]) status += " " + (inMatch && !s.match.over ? d.wGameSigned : d.wSigned);
    } else if (!s.started && s.absent !== null) {
      status = d.wAbsentNotStarted;
    } else if (!s.started) {
      status = d.wNotStarted + (s.toss_needed ? "" : " " + fmt(d.wStarts, { name: names[s.starter] }));
    } else if (s.reckoning) {
      status = d.wReckoning;
    } else if (s.neutralised) {
      status = fmt(d.wNeutralised, { reason: d["wReason" + camel(s.neutralised)] || s.neutralised });
    } else if (s.went_out !== null) {
      status = fmt(d.wWentOut, { name: names[s.went_out] });
    } else {
      status = fmt(d.wToMove, { name: names[s.to_move] });
    }
    if (s.clock && s.clock.kind === "global") {
      // one credit for both (001 6.4): no player "ran out of their time"
      if ((s.out_of_time[0] || s.out_of_time[1]) && !s.result) status += " " + d.wSharedUsed;
    } else {
      [0, 1].forEach(function (p) {
        if (s.out_of_time[p] && !s.result) status += " " + fmt(d.wOutOfTime, { name: names[p] });
      });
    }
    if (s.started && s.absent !== null && !s.result) status += " " + fmt(d.wLate, { name: names[s.absent] });
    text($("ct-status"), status);
    renderArbiter();

    // start
    show($("ct-setup"), !s.started && !s.result && s.absent === null);
    show($("ct-toss"), s.toss_needed);
    if (!s.toss_needed && (tossRounds.length || $("ct-toss-0").value)) {
      // the toss is taken: the rounds typed for it are done with
      tossRounds = [];
      $("ct-toss-0").value = "";
      $("ct-toss-1").value = "";
      tossError("");
    }
    text($("ct-toss-text"), d.wToss);
    show($("ct-start"), !s.toss_needed);
    text($("ct-toss-rounds"), tossRounds.map(function (r) { return r.join("/"); }).join(" · "));

    // entry
    const playing = s.started && !s.result && !s.reckoning && s.went_out === null;
    show($("ct-entry"), playing);
    const exch = document.querySelector("input[name=ct-mode][value=exchange]");
    exch.disabled = !s.exchange_allowed;

    // challenge
    const open = s.challengeable;
    const ch = s.challenge && s.challenge.pending ? s.challenge : null;
    show($("ct-challenge"), !!open || !!ch || (s.went_out !== null && !s.ending));
    show($("ct-contest"), !!open && !ch && !s.neutralised);
    if (!open || ch) show($("ct-pick"), false);
    if (open && !ch) {
      const box = $("ct-pick-words");
      const key = open.turn + ":" + open.words.join(",");
      if (box.dataset.key !== key) {
        box.dataset.key = key;
        box.textContent = "";
        open.words.forEach(function (w) {
          const label = document.createElement("label");
          const input = document.createElement("input");
          input.type = "checkbox";
          input.value = w;
          label.appendChild(input);
          label.appendChild(document.createTextNode(" " + w));
          box.appendChild(label);
        });
      }
    }
    show($("ct-verdict"), !!ch);
    if (ch) {
      text($("ct-verdict-title"), fmt(d.wChallengeOn, { name: names[ch.challenger] }));
      const ul = $("ct-verdict-words");
      ul.textContent = "";
      const over = $("ct-override-words");
      if (over) over.textContent = "";
      ch.words.forEach(function (w, i) {
        const li = document.createElement("li");
        li.className = ch.admitted[i] ? "admitted" : "refused";
        li.textContent = w + " : " + (ch.admitted[i] ? d.wAdmitted : d.wRefused);
        ul.appendChild(li);
        if (over) {
          const label = document.createElement("label");
          label.textContent = w + " ";
          const sel = document.createElement("select");
          sel.dataset.word = w;
          [[true, d.wAdmitted], [false, d.wRefused]].forEach(function (o) {
            const opt = document.createElement("option");
            opt.value = o[0] ? "1" : "0";
            opt.textContent = o[1];
            opt.selected = ch.admitted[i] === o[0];
            sel.appendChild(opt);
          });
          label.appendChild(sel);
          over.appendChild(label);
        }
      });
    }
    show($("ct-accept-end"), s.went_out !== null && !s.ending && !ch && !!open);

    // incidents
    const live = s.started && !s.result && !s.ending;
    show($("ct-incidents"), live);
    show($("ct-resume"), !!s.neutralised && s.neutralised !== "challenge");
    show($("ct-neutralise"), !s.neutralised);
    show($("ct-call"), !s.neutralised);

    // reckoning
    show($("ct-reckoning"), s.reckoning);
    [0, 1].forEach(function (p) {
      const row = $("ct-declare-" + p);
      text(row.querySelector(".ct-declare-label"), fmt(d.wDeclare, { name: names[p] }));
      const done = s.declared[p] !== null;
      row.querySelector("input").hidden = done;
      row.querySelector("button").hidden = done;
      text(row.querySelector(".ct-declared"), done ? fmt(d.wDeclared, { name: names[p], tiles: s.declared[p] || d.wNone }) : "");
    });

    // result and signatures
    show($("ct-result"), !!s.result);
    text($("ct-result-text"), s.result ? status : "");
    document.querySelectorAll(".ct-sign").forEach(function (b) {
      const p = parseInt(b.dataset.player, 10);
      text(b, fmt(d.wSign, { name: names[p] }));
      b.hidden = !s.result || s.signed[p];
      const line = b.closest(".ct-sign-line");
      if (line) line.hidden = b.hidden;
    });

    // the last appeal ruled by an arbiter, with its reason
    const ruled = s.challenge && s.challenge.ruled && s.challenge.override ? s.challenge : null;
    show($("ct-last-ruling"), !!ruled);
    text($("ct-last-ruling"), ruled ? fmt(d.wOverride, { reason: ruled.reason }) + " — " + ruled.words.map(function (w, i) {
      return w + " : " + (ruled.admitted[i] ? d.wAdmitted : d.wRefused);
    }).join(", ") : "");

    // the sheet
    const body = $("ct-sheet");
    body.textContent = "";
    s.sheet.forEach(function (line) {
      const tr = document.createElement("tr");
      if (line.note) tr.className = "note";
      if (line.withdrawn) tr.className = "withdrawn";
      [line.note ? "" : String(line.number), names[line.player], line.text, String(line.points), String(line.total)].forEach(function (v, i) {
        const td = document.createElement("td");
        td.textContent = v;
        if (i >= 3) td.className = "num";
        if (i === 2 && line.withdrawn) td.textContent = v + " (" + d.wWithdrawn + ")";
        if (i === 2 && line.dispute) {
          const em = document.createElement("strong");
          em.className = "ct-dispute";
          em.textContent = " — " + line.dispute;
          td.appendChild(em);
        }
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    tick();
  }

  function camel(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

  // -- actions --------------------------------------------------------------------------------
  function mode() { return document.querySelector("input[name=ct-mode]:checked").value; }
  document.querySelectorAll("input[name=ct-mode]").forEach(function (r) {
    r.addEventListener("change", function () {
      show($("ct-play-fields"), mode() === "play");
      show($("ct-exchange-fields"), mode() === "exchange");
    });
  });

  function coordinate() {
    const raw = $("ct-square").value.toUpperCase().replace(/\s/g, "");
    const letter = (raw.match(/[A-O]/) || [""])[0];
    const number = (raw.match(/\d+/) || [""])[0];
    if (!letter || !number) return "";
    return $("ct-direction").value === "h" ? letter + number : number + letter;
  }

  // Who is to move once the presses not yet acknowledged are counted (offline play).
  function localToMove() {
    let p = state.to_move;
    log.queue().forEach(function (item) {
      const e = item.event;
      // an opponent out of time passes at once: the same player plays on (001 7.3.1)
      if (["play", "pass", "exchange"].indexOf(e.kind) >= 0 && e.player === p) {
        p = state.out_of_time[1 - p] ? p : 1 - p;
      }
    });
    return p;
  }

  function endTurn(player) {
    const s = state;
    if (!s.started || s.result || s.reckoning) return;
    if (player !== localToMove()) return;
    const m = mode();
    if (m === "pass") send({ kind: "pass", player: player });
    else if (m === "exchange") send({ kind: "exchange", player: player, count: parseInt($("ct-count").value, 10) || 0 });
    else {
      const word = $("ct-word").value.replace(/\s/g, "");
      const square = coordinate();
      if (!word || !square) { error(d.wWordMissing); return; }
      const event = { kind: "play", player: player, move: square + " " + word };
      // 001 4.1.3: the player "doit ... annoncer clairement le score revendiqué"
      const announced = $("ct-announced").value.trim();
      if (!/^\d{1,4}$/.test(announced)) { error(d.wAnnouncedMissing); $("ct-announced").focus(); return; }
      event.announced = parseInt(announced, 10);
      send(event);
    }
    $("ct-word").value = "";
    $("ct-square").value = "";
    $("ct-announced").value = "";
    $("ct-direction").value = "h";  // the next move starts from the form's defaults
    document.querySelector("input[name=ct-mode][value=play]").checked = true;
    show($("ct-play-fields"), true);
    show($("ct-exchange-fields"), false);
  }
  [0, 1].forEach(function (p) {
    $("ct-half-" + p).addEventListener("click", function () { endTurn(p); });
  });

  $("ct-start").addEventListener("click", function () { send({ kind: "start" }); });
  // The toss (001 3.1) checked round by round where it is typed: a blank "n'est pas pris en
  // compte" (another letter is drawn), a tie is drawn again; the rounds typed are kept until
  // the server has taken the toss.
  function tossPair() {
    return [$("ct-toss-0").value.trim().toUpperCase(), $("ct-toss-1").value.trim().toUpperCase()];
  }
  function tossProblem(pair, tie) {
    for (let i = 0; i < 2; i++) {
      if (pair[i] === "?" || pair[i] === "*") return fmt(d.wTossBlank, { name: state.names[i] });
      if (!/^[A-Z]$/.test(pair[i])) return fmt(d.wTossLetter, { name: state.names[i] });
    }
    if (tie && pair[0] !== pair[1]) return d.wTossNotTie;
    if (!tie && pair[0] === pair[1]) return d.wTossTie;
    return "";
  }
  function tossError(message) {
    text($("ct-toss-error"), message);
    show($("ct-toss-error"), !!message);
    return !!message;
  }
  $("ct-toss-add").addEventListener("click", function () {
    const pair = tossPair();
    if (tossError(tossProblem(pair, true))) return;
    tossRounds.push(pair);
    $("ct-toss-0").value = "";
    $("ct-toss-1").value = "";
    render();
  });
  $("ct-toss-send").addEventListener("click", function () {
    const pair = tossPair();
    if (tossError(tossProblem(pair, false))) return;
    send({ kind: "toss", rounds: tossRounds.concat([pair]) });
  });

  $("ct-contest").addEventListener("click", function () { show($("ct-pick"), true); });
  $("ct-pick-cancel").addEventListener("click", function () { show($("ct-pick"), false); });
  $("ct-pick-send").addEventListener("click", function () {
    const open = state.challengeable;
    if (!open) return;
    const words = Array.prototype.map.call(
      $("ct-pick-words").querySelectorAll("input:checked"), function (i) { return i.value; });
    send({ kind: "challenge", player: 1 - open.player, words: words });
    show($("ct-pick"), false);
  });
  $("ct-ruling").addEventListener("click", function () { send({ kind: "ruling" }); });
  if ($("ct-override")) {
    $("ct-override").addEventListener("click", function () {
      const override = {};
      $("ct-override-words").querySelectorAll("select").forEach(function (sel) { override[sel.dataset.word] = sel.value === "1"; });
      send({ kind: "ruling", override: override, reason: $("ct-override-reason").value });
    });
  }
  $("ct-accept-end").addEventListener("click", function () { send({ kind: "accept_end" }); });
  $("ct-neutralise").addEventListener("click", function () { send({ kind: "neutralise", reason: $("ct-neutralise-reason").value }); });
  $("ct-call").addEventListener("click", function () { send({ kind: "neutralise", reason: "arbiter" }); });
  $("ct-resume").addEventListener("click", function () { send({ kind: "resume" }); });
  document.querySelectorAll(".ct-declare").forEach(function (b) {
    b.addEventListener("click", function () {
      const p = parseInt(b.dataset.player, 10);
      send({ kind: "declare_rack", player: p, tiles: $("ct-rack-" + p).value.replace(/\s/g, "") });
    });
  });
  document.querySelectorAll(".ct-sign").forEach(function (b) {
    b.addEventListener("click", function () {
      const p = parseInt(b.dataset.player, 10);
      const event = { kind: "sign", player: p };
      const pin = $("ct-pin-" + p);
      if (pin) { event.pin = pin.value.replace(/\s/g, ""); pin.value = ""; }
      send(event);
    });
  });
  $("ct-next-game").addEventListener("click", function () { tossRounds = []; send({ kind: "next_game" }); });

  if (arbiter) {
    const player = function () { return parseInt($("ct-a-player").value, 10); };
    $("ct-a-sanction-send").addEventListener("click", function () {
      const e = { kind: "sanction", player: player(), sanction: $("ct-a-sanction").value, reason: $("ct-a-reason").value };
      if ($("ct-a-points").value) e.points = parseInt($("ct-a-points").value, 10);
      if (e.sanction === "loss") e.cause = $("ct-a-cause").value;
      send(e);
    });
    $("ct-a-overdraw").addEventListener("click", function () {
      send({ kind: "overdraw", player: player(), extra: parseInt($("ct-a-extra").value, 10) || 0, how: $("ct-a-how").value });
    });
    $("ct-a-absent").addEventListener("click", function () { send({ kind: "absent_clock", player: player() }); });
    $("ct-a-late").addEventListener("click", function () { send({ kind: "late_start", player: player() }); });
    $("ct-a-arrive").addEventListener("click", function () { send({ kind: "arrive" }); });
    $("ct-a-impose").addEventListener("click", function () {
      // 001 6.4.2-6.4.3: the director's timing for a slow game on a global credit
      const minutes = parseFloat($("ct-a-impose-minutes").value.replace(",", ".")) || 0;
      const e = { kind: "impose_clock", clock: $("ct-a-impose-kind").value, seconds: Math.round(minutes * 60) };
      if (e.clock === "move") e.warning = parseInt($("ct-a-impose-warning").value, 10) || 0;
      send(e);
    });
    $("ct-a-forfeit").addEventListener("click", function () { send({ kind: "forfeit", player: player() }); });
    $("ct-a-end").addEventListener("click", function () { send({ kind: "director_end" }); });
  }

  render();
  log.flush();
  log.poll(true);
  setInterval(tick, 250);
})();
