// Arbitre — hall screen (projector): polls the hall JSON, turns the panels, runs the
// countdown from the start time given and the server's clock (no framework).
(function () {
  "use strict";
  const root = document.getElementById("hall");
  if (!root) return;
  const stage = document.getElementById("hall-stage");
  const title = document.getElementById("hall-panel-title");
  const body = document.getElementById("hall-panel-body");
  const status = document.getElementById("hall-status");
  const seconds = parseInt(root.dataset.panelSeconds, 10) || 12;
  let panels = [];
  let shown = null;          // id of the panel on screen
  let shownSince = 0;
  let timer = null;          // {started_at, seconds, warning} or null
  let offset = 0;            // server clock minus this screen's clock, ms
  let version = "";
  const regions = {};        // id -> the HTML last put in that region

  function show(panel) {
    shown = panel.id;
    shownSince = Date.now();
    title.textContent = panel.title;
    body.innerHTML = panel.html;
  }

  function turn() {
    if (!panels.length) { title.textContent = ""; body.innerHTML = ""; shown = null; return; }
    const at = panels.findIndex(function (p) { return p.id === shown; });
    if (at < 0) { show(panels[0]); return; }
    if (Date.now() - shownSince >= seconds * 1000) show(panels[(at + 1) % panels.length]);
    else if (panels[at].html !== body.innerHTML) show(panels[at]);
  }

  // seed 004, 2.3: the signals of the move (its start, the last 30 or 20 seconds, the end of
  // the regulation time) as large text, from the same start, time and warning the chief
  // arbiter's screen counts from; a short tone on each once the screen was touched (the
  // browser allows sound only then). The words come from the stage's data-* attributes.
  const START_SHOWN = 5;     // seconds the start of the time stays written
  let signalled = "";        // the signal on screen, to sound each one once
  let audio = null;

  function tone(kind) {
    if (!audio || audio.state !== "running") return;
    const beeps = kind === "end" ? 3 : kind === "warning" ? 2 : 1;
    for (let i = 0; i < beeps; i += 1) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const at = audio.currentTime + i * 0.35;
      osc.frequency.value = kind === "end" ? 660 : 880;
      gain.gain.setValueAtTime(0.25, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.3);
    }
  }

  function showSignal(kind) {
    const el = document.getElementById("hall-signal");
    if (!el) { signalled = ""; return; }
    el.className = "hall-signal" + (kind ? " " + kind : "");
    el.textContent = kind ? el.dataset[kind + "Text"] || "" : "";
    if (kind && kind !== signalled) tone(kind);
    signalled = kind;
  }

  function tick() {
    const el = document.getElementById("hall-countdown");
    if (!el) { showSignal(""); return; }
    if (!timer) { el.textContent = el.dataset.waiting || ""; el.className = "hall-countdown"; showSignal(""); return; }
    const now = (Date.now() + offset) / 1000;
    const left = Math.max(0, Math.ceil(timer.started_at + timer.seconds - now));
    const kind = left === 0 ? "end" : left <= timer.warning ? "warning"
      : now - timer.started_at < START_SHOWN ? "start" : "";
    el.className = "hall-countdown" + (left === 0 ? " finished" : left <= timer.warning ? " warning" : "");
    showSignal(kind);
    if (left === 0) { el.textContent = el.dataset.finished; return; }
    el.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
  }

  function poll() {
    fetch(root.dataset.url, { cache: "no-cache" }).then(function (r) {
      const date = r.headers.get("Date");
      if (date) offset = Date.parse(date) + 500 - Date.now();  // Date has whole seconds
      status.textContent = "";
      if (r.status === 304) return null;
      if (!r.ok) throw new Error(String(r.status));
      return r.json();
    }).then(function (data) {
      if (!data || data.version === version) return;
      // the QR code changed target (self check-in closed): the page is drawn again
      if (data.frame && root.dataset.frame && data.frame !== root.dataset.frame) { location.reload(); return; }
      version = data.version;
      stage.innerHTML = data.stage || "";
      stage.hidden = !data.stage;
      timer = data.timer || null;
      // what stays in view beside the stage (Duplicate: the board, the last top, the marks)
      Object.keys(data.regions || {}).forEach(function (id) {
        const el = document.getElementById(id);
        if (!el) return;
        if (regions[id] !== data.regions[id]) el.innerHTML = data.regions[id];
        regions[id] = data.regions[id];
        el.hidden = !data.regions[id];
      });
      panels = data.panels || [];
      const kept = panels.find(function (p) { return p.id === shown; });
      if (kept) { title.textContent = kept.title; body.innerHTML = kept.html; }
      turn();
      tick();
    }).catch(function () { status.textContent = root.dataset.offline; });
  }

  document.getElementById("hall-fullscreen").addEventListener("click", function () {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) audio = new Context();
    if (audio && audio.state === "suspended") audio.resume();
    if (document.fullscreenElement) document.exitFullscreen();
    else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
  });
  poll();
  setInterval(poll, 2000);
  setInterval(turn, 1000);
  setInterval(tick, 250);
})();
