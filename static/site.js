// Every page, once it is shown (boot.js loads this script after the load event): the service
// worker (offline at the table), the offline notice, forms that answer on change, and the page's
// own scripts (its <template id="later">). They only add to the page: every page works without
// them, and a phone on a slow connection gets its page without waiting for any of them.
(function () {
  "use strict";
  var body = document.body;

  // --- the connection --------------------------------------------------------------------------------
  function connection() {
    var offline = navigator.onLine === false;
    document.documentElement.classList.toggle("is-offline", offline);
    document.querySelectorAll("[data-offline-notice], [data-offline-tool]").forEach(function (el) {
      el.hidden = !offline;
    });
  }
  window.addEventListener("online", connection);
  window.addEventListener("offline", connection);
  connection();

  // --- forms that answer on change (a second language, the search's game) -------------------------
  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () {
      var form = select.form;
      if (form && form.requestSubmit) form.requestSubmit();
      else if (form) form.submit();
    });
  });

  // --- the page's scripts, after the page ----------------------------------------------------------
  // the page's <template id="later"> and any a part of the page brings (<template data-later>)
  var scripts = [];
  document.querySelectorAll("template#later, template[data-later]").forEach(function (later) {
    later.content.querySelectorAll("script[src]").forEach(function (s) {
      if (scripts.indexOf(s.getAttribute("src")) < 0) scripts.push(s.getAttribute("src"));
    });
  });
  function enhance() {
    var waiting = scripts.length;
    function one() { waiting -= 1; if (waiting <= 0) document.documentElement.setAttribute("data-enhanced", ""); }
    if (!waiting) one();
    scripts.forEach(function (src) {
      var script = document.createElement("script");
      script.src = src;
      script.async = false;  // in their order
      script.onload = one;
      script.onerror = one;
      document.head.appendChild(script);
    });
  }

  // --- the service worker --------------------------------------------------------------------------------
  var sw = body.getAttribute("data-sw");
  function register() {
    if (!sw || !("serviceWorker" in navigator) || !window.caches) return;
    navigator.serviceWorker.register(sw, { scope: "/" }).catch(function () { /* no offline copy */ });
    navigator.serviceWorker.ready.then(function (registration) {
      // This page and what it loaded, kept as the pages visited are (the first page included).
      var urls = [window.location.href, body.getAttribute("data-offline-page")].concat(scripts);
      performance.getEntriesByType("resource").forEach(function (entry) {
        if (entry.name.indexOf(window.location.origin + "/") === 0 && entry.initiatorType !== "fetch" &&
            entry.initiatorType !== "xmlhttprequest") urls.push(entry.name);
      });
      if (registration.active) registration.active.postMessage({ type: "visited", urls: urls });
    });
  }
  function loaded() { enhance(); register(); }
  if (document.readyState === "complete") loaded();
  else window.addEventListener("load", loaded);

})();
