// Arbitre — the table log's client (issue 18), shared by the games played at a table.
// Every press becomes an event with its own id and the table's code; the server stamps it
// on arrival (issue 34: the clock's time is the server's). Events wait in localStorage until
// the server has them, so a reload or a dropped network loses nothing; a press that waited
// (offline) carries the seconds this device counted since its last acknowledged event
// ("offline": since, elapsed), which the server takes within its tolerance. A press sent
// twice is applied once (same id). The state is polled and re-read after each answer. No
// words here: the page gives them.
(function () {
  "use strict";

  function TableLog(opts) {
    this.stateUrl = opts.stateUrl;
    this.actionUrl = opts.actionUrl;
    this.csrf = opts.csrf;
    this.key = opts.queueKey;
    this.code = opts.code || "";
    this.epoch = opts.epoch;
    // server clock minus this device's clock, seconds
    this.offset = opts.serverNow - Date.now() / 1000;
    this.onState = opts.onState;
    this.onError = opts.onError;
    this.onNetwork = opts.onNetwork;
    this.version = -1;
    this.online = true;
    this.sending = false;
    const self = this;
    window.addEventListener("online", function () { self.flush(); });
    setInterval(function () { self.flush(); }, 3000);
    setInterval(function () { self.poll(); }, opts.pollMs || 2000);
  }

  TableLog.prototype.now = function () {
    return Math.round((Date.now() / 1000 + this.offset - this.epoch) * 1000) / 1000;
  };

  TableLog.prototype.queue = function () {
    try { return JSON.parse(localStorage.getItem(this.key) || "[]"); } catch (e) { return []; }
  };

  TableLog.prototype.save = function (q) {
    localStorage.setItem(this.key, JSON.stringify(q));
  };

  TableLog.prototype.newId = function () {
    const a = new Uint32Array(3);
    (window.crypto || window.msCrypto).getRandomValues(a);
    return Array.prototype.map.call(a, function (n) { return n.toString(36); }).join("-");
  };

  // The time of a queued press on the log's scale (the page's projection only).
  TableLog.prototype.timeOf = function (item) {
    return Math.round((item.wall / 1000 + this.offset - this.epoch) * 1000) / 1000;
  };

  // This device's last acknowledged event: its stored time and this device's clock then.
  TableLog.prototype.base = function () {
    try { return JSON.parse(localStorage.getItem(this.key + "-base") || "null"); } catch (e) { return null; }
  };

  // Queue an event (pressed now, on this device's clock) and send what waits.
  TableLog.prototype.send = function (event) {
    if (this.code) event.table = this.code;
    const q = this.queue();
    q.push({ id: this.newId(), event: event, wall: Date.now() });
    this.save(q);
    this.network();
    this.flush();
    return event;
  };

  TableLog.prototype.network = function () {
    if (this.onNetwork) this.onNetwork(this.online, this.queue().length);
  };

  TableLog.prototype.accept = function (state) {
    if (state.version !== this.version) {
      this.version = state.version;
      this.onState(state);
    }
  };

  // Send the waiting events one by one, oldest first.
  TableLog.prototype.flush = function () {
    if (this.sending) return;
    const q = this.queue();
    if (!q.length) { this.network(); return; }
    const self = this;
    const item = q[0];
    const base = this.base();
    const event = Object.assign({}, item.event);
    if (item.wall && base && Date.now() - item.wall > 1500 && item.wall >= base.wall) {
      // the press waited: it says when it was made, counted from the last acknowledged one
      event.offline = { since: base.at, elapsed: (item.wall - base.wall) / 1000 };
    }
    this.sending = true;
    fetch(this.actionUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": this.csrf },
      body: JSON.stringify({ id: item.id, event: event }),
      credentials: "same-origin",
    }).then(function (r) {
      return r.text().then(function (text) {
        let body = null;
        try { body = JSON.parse(text); } catch (e) { body = null; }
        return { status: r.status, body: body };
      });
    }).then(function (answer) {
      self.sending = false;
      self.online = true;
      if (!answer.body || (answer.status !== 200 && answer.status !== 400)) {
        // not the table's answer (a proxy, a server error, an expired page): the press
        // stays queued and is sent again
        self.onError(null);
        self.network();
        return;
      }
      const rest = self.queue().filter(function (x) { return x.id !== item.id; });
      self.save(rest);
      if (answer.status === 200) {
        if (typeof answer.body.stamped === "number" && item.wall) {
          localStorage.setItem(self.key + "-base", JSON.stringify({ at: answer.body.stamped, wall: item.wall }));
        }
        self.version = -1;
        self.accept(answer.body);
      } else {
        self.onError(answer.body.error || "");
        self.poll(true);
      }
      self.network();
      if (rest.length) self.flush();
    }).catch(function () {
      self.sending = false;
      self.online = false;
      self.network();
    });
  };

  TableLog.prototype.poll = function (force) {
    if (this.sending || (!force && this.queue().length && this.online)) return;
    const self = this;
    fetch(this.stateUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) {
        if (!state) return;
        const wasOffline = !self.online;
        self.online = true;
        if (force) self.version = -1;
        self.accept(state);
        if (wasOffline) self.flush();
        self.network();
      })
      .catch(function () { self.online = false; self.network(); });
  };

  window.ArbitreTableLog = TableLog;
})();
