// Ruling tools, enhanced: the answer follows the form as you change it, without a page load.
// Every tool works without this script: its form is a plain GET form and the server answers.
(function () {
  "use strict";

  // Fields that only matter for some player counts: shown or hidden as the count changes.
  function playerFields(form) {
    var count = form.querySelector("select[name='players']");
    var chips = form.querySelector("input[type='radio'][name='players']");  // the count as chips
    if (!count && !chips) return;
    function value() {
      if (count) return count.value;
      var checked = form.querySelector("input[name='players']:checked");
      return checked ? checked.value : "";
    }
    function sync() {
      var n = parseInt(value(), 10);
      form.querySelectorAll("[data-seat]").forEach(function (el) {
        el.hidden = !isNaN(n) && parseInt(el.getAttribute("data-seat"), 10) > n;
      });
      form.querySelectorAll("[data-solo-only]").forEach(function (el) {
        el.hidden = value() !== "1";
      });
    }
    form.addEventListener("change", sync);
    sync();
  }
  document.querySelectorAll("form.tool-form").forEach(playerFields);

  // Parts that only matter for one answer of another field (data-show-when="where=held"):
  // hidden and disabled otherwise, so that what the eye cannot see is not sent either.
  function conditionalParts(form) {
    var parts = form.querySelectorAll("[data-show-when]");
    if (!parts.length) return;
    function current(name) {
      var checked = form.querySelector("input[name='" + name + "']:checked");
      if (checked) return checked.value;
      var select = form.querySelector("select[name='" + name + "']");
      return select ? select.value : "";
    }
    function sync() {
      parts.forEach(function (part) {
        var rule = part.getAttribute("data-show-when").split("=");
        var show = current(rule[0]) === rule[1];
        part.hidden = !show;
        part.querySelectorAll("input, select").forEach(function (input) { input.disabled = !show; });
      });
    }
    form.addEventListener("change", sync);
    sync();
  }
  document.querySelectorAll("form.tool-form").forEach(conditionalParts);

  var form = document.querySelector("form[data-live]");
  var result = document.getElementById("tool-result");
  if (!form || !result || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;

  function target() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) {
      if (value !== "") params.append(key, value);
    });
    var base = form.getAttribute("action").split("#")[0];
    var query = params.toString();
    return base + (query ? "?" + query : "");
  }

  // The language links point at the current inputs: take them from the fresh page.
  function swapLanguages(doc) {
    var fresh = doc.querySelector("nav.languages");
    var here = document.querySelector("nav.languages");
    if (fresh && here) here.innerHTML = fresh.innerHTML;
  }

  var ticket = 0;
  var timer = null;
  function update(fromSubmit) {
    var mine = ++ticket;
    var url = target();
    result.setAttribute("aria-busy", "true");
    fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (text) { return { response: response, text: text }; });
      })
      .then(function (got) {
        if (mine !== ticket) return;
        if (got.response.headers.get("X-Offline-Fallback")) {  // offline: the answer needs the server
          result.removeAttribute("aria-busy");
          document.querySelectorAll("[data-offline-tool]").forEach(function (el) { el.hidden = false; });
          return;
        }
        var doc = new DOMParser().parseFromString(got.text, "text/html");
        var fresh = doc.getElementById("tool-result");
        if (!fresh) { window.location.href = url; return; }
        result.innerHTML = fresh.innerHTML;
        result.removeAttribute("aria-busy");
        swapLanguages(doc);
        if (window.history && history.replaceState) history.replaceState(null, "", got.response.url);
        if (fromSubmit) {
          result.focus();
          result.scrollIntoView({ block: "start" });
        }
      })
      .catch(function () {
        result.removeAttribute("aria-busy");
        if (fromSubmit) form.submit();  // the plain way still works
      });
  }

  form.addEventListener("change", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { update(false); }, 150);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(timer);
    update(true);
  });
})();
