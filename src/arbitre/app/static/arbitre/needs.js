// Arbitre — the director's live overview (issue 35, item 4): what needs the director in the
// round, polled every few seconds; a new item marks itself, shows the page's alert and, when
// the director turned the sound on (remembered on this device), rings a short tone made by
// Web Audio. The clocks tick between two polls on the side whose time runs.
(function () {
  "use strict";
  const root = document.getElementById("needs");
  if (!root) return;
  const d = root.dataset;
  const list = document.getElementById("needs-list");
  const clocks = document.getElementById("needs-clocks");
  const summary = document.getElementById("needs-summary");
  const banner = document.getElementById("needs-banner");
  const bannerText = document.getElementById("needs-banner-text");
  const offline = document.getElementById("needs-offline");
  const sound = document.getElementById("needs-sound");
  const SOUND_KEY = "arbitre.needs.sound";
  let data = JSON.parse(document.getElementById("needs-initial").textContent);
  let received = Date.now();
  // the keys of the last list: an item gone and back (a second call at a table) is new again
  let seen = new Set(data.needs.map(function (n) { return n.key; }));
  const fresh = new Set();
  let audio = null;

  try { sound.checked = window.localStorage.getItem(SOUND_KEY) === "1"; } catch (e) { sound.checked = false; }
  sound.addEventListener("change", function () {
    try { window.localStorage.setItem(SOUND_KEY, sound.checked ? "1" : "0"); } catch (e) { /* private mode */ }
    if (sound.checked) ensureAudio();
  });

  // browsers start sound only after a gesture on the page: the first touch or key after a
  // reload (the setting remembered) readies it for the next alert
  ["pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, function () { if (sound.checked) ensureAudio(); }, { once: true });
  });

  function ensureAudio() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    if (!audio) audio = new Ctx();
    if (audio.state === "suspended") audio.resume();
    return audio;
  }

  function beep() {
    const ctx = ensureAudio();
    if (!ctx) return;
    const t = ctx.currentTime;
    [0, 0.25].forEach(function (offset) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, t + offset);
      gain.gain.exponentialRampToValueAtTime(0.3, t + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + offset + 0.2);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(t + offset);
      osc.stop(t + offset + 0.22);
    });
    d.beeps = String(Number(d.beeps || 0) + 1);
  }

  function time(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(r).padStart(2, "0");
  }

  function span(cls, text) {
    const el = document.createElement("span");
    el.className = cls;
    el.textContent = text;
    return el;
  }

  function renderNeeds() {
    list.textContent = "";
    if (!data.needs.length) {
      const li = document.createElement("li");
      li.className = "need-none";
      li.textContent = d.wNone;
      list.appendChild(li);
    }
    data.needs.forEach(function (n) {
      const li = document.createElement("li");
      li.className = "need need-" + n.level + (fresh.has(n.key) ? " new" : "");
      li.dataset.key = n.key;
      li.dataset.kind = n.kind;
      const a = document.createElement("a");
      a.href = n.url;
      a.className = "need-act";
      a.textContent = d.wAct;
      li.appendChild(a);
      li.appendChild(span("need-kind", n.label));
      if (n.where) { li.appendChild(document.createTextNode(" ")); li.appendChild(span("need-where", n.where)); }
      li.appendChild(document.createTextNode(" "));
      li.appendChild(span("need-text", n.text));
      if (n.running) {
        li.appendChild(document.createTextNode(" "));
        li.appendChild(span("need-running", n.running + " : " + d.wRunning));
      }
      list.appendChild(li);
    });
  }

  function renderClocks() {
    const elapsed = (Date.now() - received) / 1000;
    clocks.textContent = "";
    if (!data.clocks.length) {
      const tr = document.createElement("tr");
      tr.className = "need-none";
      const td = document.createElement("td");
      td.colSpan = 3;
      td.textContent = d.wNoClock;
      tr.appendChild(td);
      clocks.appendChild(tr);
    }
    data.clocks.forEach(function (c) {
      const tr = document.createElement("tr");
      tr.dataset.key = c.key;
      const where = document.createElement("td");
      where.textContent = c.where;
      const sides = document.createElement("td");
      c.sides.forEach(function (s, i) {
        if (i) sides.appendChild(document.createTextNode(" — "));
        let left = s.left;
        if (left !== null && s.running && !c.stopped) left -= elapsed;
        sides.appendChild(span("side" + (s.running ? " running" : ""),
          s.name + (left === null ? "" : " " + time(left))));
      });
      if (c.stopped) sides.appendChild(span("muted", " (" + d.wStopped + ")"));
      const act = document.createElement("td");
      const a = document.createElement("a");
      a.href = c.url;
      a.textContent = d.wAct;
      act.appendChild(a);
      tr.appendChild(where);
      tr.appendChild(sides);
      tr.appendChild(act);
      clocks.appendChild(tr);
    });
  }

  function receive(next) {
    const added = next.needs.filter(function (n) { return !seen.has(n.key); });
    const current = new Set(next.needs.map(function (n) { return n.key; }));
    fresh.forEach(function (k) { if (!current.has(k)) fresh.delete(k); });
    added.forEach(function (n) { fresh.add(n.key); });
    seen = current;
    data = next;
    received = Date.now();
    summary.textContent = (next.round_label ? next.round_label + " · " : "") + next.summary;
    renderNeeds();
    renderClocks();
    if (added.length) {
      bannerText.textContent = d.wNew + " " + added.map(function (n) {
        return n.label + (n.where ? " (" + n.where + ")" : "");
      }).join(" ; ");
      banner.hidden = false;
      root.classList.remove("needs-alert");
      void root.offsetWidth; // the flash starts again for each new arrival
      root.classList.add("needs-alert");
      if (sound.checked && added.some(function (n) { return n.level === "alert"; })) beep();
    }
  }

  document.getElementById("needs-seen").addEventListener("click", function () {
    banner.hidden = true;
    root.classList.remove("needs-alert");
    fresh.clear();
    renderNeeds();
  });

  function poll() {
    fetch(d.jsonUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(function (next) { offline.hidden = true; receive(next); })
      .catch(function () { offline.textContent = d.wOffline; offline.hidden = false; })
      .finally(function () { setTimeout(poll, Number(d.pollMs) || 3000); });
  }

  renderNeeds();
  renderClocks();
  setInterval(renderClocks, 1000);
  setTimeout(poll, Number(d.pollMs) || 3000);
})();
