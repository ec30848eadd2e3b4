/* Pages that keep themselves up to date: the board, the seats for the projector, the organiser's standings.
   The element #live names its events (server-sent events) and its part (the same HTML, for polling where the
   browser has no EventSource); each event carries the new part, rendered by the server, and its version.
   Without JavaScript the board refreshes itself instead (<meta http-equiv="refresh"> inside <noscript>). */
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (!box) { return; }
  var status = document.getElementById("live-status");
  var notice = document.getElementById("new-results");
  var shown = box.getAttribute("data-version");

  function say(key, lost) {
    if (!status) { return; }
    status.textContent = key ? status.getAttribute(key) : "";
    status.classList.toggle("lost", !!lost);
  }

  function show(html, version) {
    if (version && version === shown) { return; }
    var parsed = new DOMParser().parseFromString(html, "text/html");
    box.replaceChildren.apply(box, Array.prototype.slice.call(parsed.body.childNodes));
    if (version) {
      shown = version;
      box.setAttribute("data-version", version);
    }
    if (notice) { notice.hidden = false; }
  }

  if (window.EventSource) {
    var source = new EventSource(box.getAttribute("data-events") + "&since=" + encodeURIComponent(shown));
    source.addEventListener("update", function (event) { show(event.data, event.lastEventId); });
    source.addEventListener("open", function () { say("data-on"); });
    source.addEventListener("error", function () { say("data-off", true); });
  } else {
    var last = null;
    window.setInterval(function () {
      fetch(box.getAttribute("data-part"), {credentials: "same-origin"})
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (html === null) { return; }
          if (last !== null && html !== last) { show(html, null); }
          last = html;
          say("data-on");
        })
        .catch(function () { say("data-off", true); });
    }, 15000);
  }
}());
