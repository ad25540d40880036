// Wizard score pad, enhanced. The game lives in the page address (?s=...), which the server
// replays and checks on every request; this script adds, in the browser only:
// - entries without a full page load (back and forward still step through the game),
// - running sums while you enter bids or tricks (and the variant's warning),
// - the game kept in localStorage, so the empty pad offers to continue it.
// Without this script every step is a plain GET form and the address alone keeps the game.
(function () {
  "use strict";
  var pad = document.getElementById("scorepad");
  if (!pad) return;
  var KEY = "rules-at-the-table/wizard-scorepad";
  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }

  function remember() {
    if (!store) return;
    var state = pad.getAttribute("data-state");
    try {
      if (state) {
        store.setItem(KEY, JSON.stringify({ s: state, over: pad.getAttribute("data-over") === "yes" }));
      }
    } catch (e) { /* private mode: the address still keeps the game */ }
  }

  function offerResume() {
    var offer = pad.querySelector("[data-resume]");
    if (!offer || !store) return;
    var saved = null;
    try { saved = JSON.parse(store.getItem(KEY) || "null"); } catch (e) { saved = null; }
    if (!saved || !saved.s || saved.over) return;
    var link = offer.querySelector("[data-resume-link]");
    link.href = link.getAttribute("href").split("?")[0] + "?s=" + encodeURIComponent(saved.s);
    offer.hidden = false;
  }

  function sums() {
    pad.querySelectorAll("form[data-sum-template]").forEach(function (form) {
      var out = form.querySelector("[data-sum]");
      var selects = form.querySelectorAll("select[data-count]");
      var cards = parseInt(form.getAttribute("data-cards"), 10);
      function show() {
        var sum = 0, filled = 0;
        selects.forEach(function (s) {
          if (s.value !== "") { sum += parseInt(s.value, 10); filled += 1; }
        });
        var text = form.getAttribute("data-sum-template").replace("{sum}", sum).replace("{cards}", cards);
        var warn = form.getAttribute("data-variant") === "yes" && filled === selects.length && sum === cards;
        if (warn) text += " " + form.getAttribute("data-variant-warning");
        out.textContent = text;
        out.classList.toggle("warn", warn);
      }
      form.addEventListener("change", show);
      show();
    });
  }

  function playerFields() {
    var count = pad.querySelector("select[data-players]");
    if (!count) return;
    function sync() {
      var n = parseInt(count.value, 10);
      pad.querySelectorAll(".name-row[data-seat]").forEach(function (row) {
        row.hidden = parseInt(row.getAttribute("data-seat"), 10) > n;
      });
      var dealer = pad.querySelector("select[name='dealer']");
      if (dealer) {
        Array.prototype.forEach.call(dealer.options, function (o) { o.hidden = parseInt(o.value, 10) > n; });
        if (parseInt(dealer.value, 10) > n) dealer.value = "1";
      }
    }
    count.addEventListener("change", sync);
    sync();
  }

  function focusEntry() {
    var first = pad.querySelector("form[data-pad] select, form[data-pad] input[type='text']");
    if (first) first.focus();
    else {
      var status = pad.querySelector("[data-status]");
      if (status) { status.setAttribute("tabindex", "-1"); status.focus(); }
    }
  }

  function setUp() {
    remember();
    offerResume();
    sums();
    playerFields();
  }

  function swap(doc) {
    var fresh = doc.getElementById("scorepad");
    if (!fresh) return false;
    pad.innerHTML = fresh.innerHTML;
    pad.setAttribute("data-state", fresh.getAttribute("data-state") || "");
    pad.setAttribute("data-over", fresh.getAttribute("data-over") || "");
    var langs = doc.querySelector("nav.languages");
    var here = document.querySelector("nav.languages");
    if (langs && here) here.innerHTML = langs.innerHTML;
    if (doc.title) document.title = doc.title;
    return true;
  }

  function load(url, push) {
    if (!window.fetch || !window.DOMParser) { window.location.href = url; return; }
    pad.setAttribute("aria-busy", "true");
    fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (text) { return { response: response, text: text }; });
      })
      .then(function (got) {
        var doc = new DOMParser().parseFromString(got.text, "text/html");
        if (!swap(doc)) { window.location.href = url; return; }
        pad.removeAttribute("aria-busy");
        // A refused entry is shown but not added to the history: the address keeps the game.
        if (push && got.response.ok && window.history && history.pushState) {
          history.pushState(null, "", got.response.url);
        }
        setUp();
        focusEntry();
      })
      .catch(function () { window.location.href = url; });
  }

  pad.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-pad]") || !window.URLSearchParams) return;
    event.preventDefault();
    var params = new URLSearchParams(new FormData(form));
    load(form.getAttribute("action").split("#")[0] + "?" + params.toString(), true);
  });

  pad.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-pad-link], a[data-pad-new]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (link.hasAttribute("data-pad-new") && store) {
      try { store.removeItem(KEY); } catch (e) { /* nothing kept */ }
    }
    event.preventDefault();
    load(link.href, true);
  });

  window.addEventListener("popstate", function () { load(window.location.href, false); });

  setUp();
})();
