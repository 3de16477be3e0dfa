// Banner of the default word list's preparation at server start: polls /lexique/etat/
// and moves the progress bar until the list is ready (its words come from the template, in
// the page's language; the step from the server, worded there).
(function () {
  "use strict";
  var box = document.getElementById("lexique-etat");
  if (!box) { return; }
  var bar = box.querySelector("progress");
  var step = box.querySelector(".step");
  var percent = box.querySelector(".percent");

  function show(state) {
    if (state.state === "ready") {
      step.textContent = box.dataset.ready;
      percent.textContent = "";
      bar.value = 100;
      setTimeout(function () { box.hidden = true; }, 3000);
      return false;
    }
    if (state.state === "failed") {
      step.textContent = box.dataset.failed + " " + state.error;
      percent.textContent = "";
      return false;
    }
    step.textContent = state.step;
    if (state.total > 0) {
      bar.value = state.percent;
      percent.textContent = state.percent + " %";
    } else {
      bar.removeAttribute("value");  // indeterminate while loading
      percent.textContent = "";
    }
    return true;
  }

  function poll() {
    fetch(box.dataset.url, { headers: { "Accept": "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (state) { if (show(state)) { setTimeout(poll, 1000); } })
      .catch(function () { setTimeout(poll, 3000); });
  }
  poll();
})();
