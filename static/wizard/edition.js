// Wizard: the edition of the cards the table has (engine/wizard/site/edition.py). The page
// address carries it (?ed=amigo or ?ed=us; none: the notation of our rules), and the server
// draws the cards from that alone, so every page works without this script. This script, in
// the browser only:
// - remembers the reader's choice on this device (localStorage; the server keeps nothing),
//   and opens a Wizard page that came without one in the remembered edition;
// - carries the edition along every link and GET form to Wizard's pages, including the ones
//   the shared pages build (the tools index, rule pages, the tutorial's steps).
(function () {
  "use strict";
  if (window.wizardEdition) return; // a page may bring this script twice
  var KEY = "rules-at-the-table/wizard-edition";
  var PARAM = "ed";
  var KNOWN = { amigo: true, us: true };
  var WIZARD_PAGE = /^\/[a-z]{2}\/wizard(\/|$)/;
  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }

  function saved() {
    try { var v = store && store.getItem(KEY); return KNOWN[v] ? v : ""; } catch (e) { return ""; }
  }

  function save(value) {
    if (!store) return;
    try {
      if (KNOWN[value]) store.setItem(KEY, value); else store.removeItem(KEY);
    } catch (e) { /* private mode: the address still carries the edition */ }
  }

  if (!window.URL || !window.URLSearchParams) return;
  var here = new URL(window.location.href);
  var asked = here.searchParams.get(PARAM);
  var edition = KNOWN[asked] ? asked : "";
  window.wizardEdition = { key: KEY, edition: edition };

  if (!here.searchParams.has(PARAM) && saved()) {
    here.searchParams.set(PARAM, saved());
    window.location.replace(here.href);
    return;
  }

  function wizardUrl(href) {
    var url;
    try { url = new URL(href, window.location.href); } catch (e) { return null; }
    return url.origin === window.location.origin && WIZARD_PAGE.test(url.pathname) ? url : null;
  }

  // Capture phase: before the tutorial's and the tools' own scripts read the link or the form.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href]") : null;
    if (!link) return;
    if (link.hasAttribute("data-wizard-edition")) { // the choice itself
      save(link.getAttribute("data-wizard-edition"));
      return;
    }
    var url = edition && wizardUrl(link.href);
    if (url && !url.searchParams.has(PARAM)) {
      url.searchParams.set(PARAM, edition);
      link.href = url.href;
    }
  }, true);

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!edition || !form || (form.method || "get").toLowerCase() !== "get") return;
    if (!wizardUrl(form.getAttribute("action") || window.location.href)) return;
    if (form.querySelector("input[name='" + PARAM + "']")) return;
    var input = document.createElement("input");
    input.type = "hidden";
    input.name = PARAM;
    input.value = edition;
    form.appendChild(input);
  }, true);
})();
