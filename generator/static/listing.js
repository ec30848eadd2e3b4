// The index's filters, made better by a script (generator/listing.py).
// Without this script the page's CSS already hides what the checked buttons rule
// out. With it, the choice is kept in the address ("#family=hearts&players=3"), so
// a filtered list can be bookmarked, shared and reloaded, and a status line says
// how many rulesets are shown; its texts come from the catalogs, one per count.
"use strict";
(function () {
  var form = document.querySelector("form.filters");
  var status = document.querySelector(".filter-status");
  if (!form || !status) {
    return;
  }
  var shown = JSON.parse(status.getAttribute("data-shown"));
  var items = Array.prototype.slice.call(document.querySelectorAll("li.rs"));
  var groups = Array.prototype.map.call(form.querySelectorAll("fieldset input[value='']"), function (input) {
    return input.name;
  });

  function chosen(group) {
    var input = form.querySelector("input[name='" + group + "']:checked");
    return input ? input.value : "";
  }

  function matches(item) {
    return groups.every(function (group) {
      var value = chosen(group);
      return !value || item.getAttribute("data-" + group).split(" ").indexOf(value) >= 0;
    });
  }

  function restore() {
    var params = new URLSearchParams(location.hash.slice(1));
    groups.forEach(function (group) {
      var value = params.get(group) || "";
      var input = Array.prototype.find.call(form.elements[group], function (radio) {
        return radio.value === value;
      });
      if (input) {
        input.checked = true;
      }
    });
  }

  function show(save) {
    status.textContent = shown[items.filter(matches).length];
    status.hidden = false;
    if (save) {
      var params = new URLSearchParams();
      groups.forEach(function (group) {
        if (chosen(group)) {
          params.set(group, chosen(group));
        }
      });
      var hash = params.toString();
      // Only the fragment changes, which file:// pages may do too.
      history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
    }
  }

  form.addEventListener("change", function () {
    show(true);
  });
  window.addEventListener("hashchange", function () {
    restore();
    show(false);
  });
  restore();
  show(false);
})();
