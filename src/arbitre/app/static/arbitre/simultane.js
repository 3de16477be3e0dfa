// The public page of a simultané follows the uploads of its centres: every second it asks
// the simultané's version ("no-cache": the browser sends the ETag it holds and the server
// answers 304 while nothing changed), and when the version moves it fetches the standings
// again (rendered once per version on the server) and puts them in place, without reloading.
(function () {
  "use strict";
  const holder = document.getElementById("simultane-live");
  if (!holder) { return; }
  let shown = holder.dataset.version; // the version of the standings shown
  let busy = false;
  function refresh(version) {
    // the version in the address: the poll gate's kept answer of an earlier version is
    // never given for it (the server reads its own version, the address only keys it)
    const url = holder.dataset.fragmentUrl;
    const sep = url.indexOf("?") === -1 ? "?" : "&";
    return fetch(url + sep + "v=" + encodeURIComponent(version), { cache: "no-cache" })
      .then(function (r) {
        if (!r.ok) { throw new Error(r.status); }
        return r.text();
      })
      .then(function (html) {
        const parsed = new DOMParser().parseFromString(html, "text/html");
        const state = parsed.getElementById("simultane-state");
        holder.replaceChildren.apply(holder, Array.from(parsed.body.childNodes));
        shown = state ? state.dataset.version : version;
        holder.dataset.version = shown;
      });
  }
  setInterval(function () {
    if (busy) { return; }
    busy = true;
    fetch(holder.dataset.versionUrl, { cache: "no-cache" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && String(data.version) !== shown) { return refresh(String(data.version)); }
        return null;
      })
      .catch(function () {})
      .finally(function () { busy = false; });
  }, 1000);
})();
